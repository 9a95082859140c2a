#!/usr/bin/env python3
"""Draws the app icons (static/icon-192.png, static/icon-512.png) as plain PNGs: the favicon's
card-and-diamond motif, with no image library (zlib + struct only). Run it when the design
changes; the PNGs are committed so the build needs nothing."""
import struct
import zlib
from pathlib import Path

BG = (0x15, 0x11, 0x0E)
CARD = (0x2B, 0x23, 0x1C)
GOLD = (0xE0, 0xA6, 0x4F)


def pixel(x, y):
    # Coordinates in the favicon's 64-unit box.
    if 17 <= x <= 47 and 9 <= y <= 55:
        inner = 20 <= x <= 44 and 12 <= y <= 52
        if abs(x - 32) / 6 + abs(y - 32) / 14 <= 1:
            return GOLD
        return CARD if inner else GOLD
    return BG


def png(size):
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            row += bytes(pixel((px + 0.5) * 64 / size, (py + 0.5) * 64 / size))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "static"
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
        print(f"static/icon-{size}.png")
