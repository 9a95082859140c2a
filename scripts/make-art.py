#!/usr/bin/env python3
"""Draws Unbroken's art as SVG sprite sheets in static/art/ (our own drawings, from simple
shapes; nothing copied):

  icons.svg       one <symbol> per resource and tracker (small, medium, large, cunning, food,
                  wood, metal, treasure, time, armor, health), 24x24, fixed two-tone colours so
                  each reads at 16 px next to its number;
  characters.svg  an emblem per character of content/characters.json (64x64);
  monsters.svg    a head or silhouette per monster of content/monsters.json (64x64);
  weapons.svg     a silhouette per weapon of content/weapons.json (64x64).

Each symbol's id is `art-<id>`. The page copies a sheet's symbols into itself when it first needs
the sheet (static/boot.js) and draws one with <svg><use href="#art-kobold"/></svg>
(src/ui/widgets/icon.rs): a reference inside the page costs a move nothing, where a reference to
the file made the browser fetch and parse the whole sheet again for every new drawing.
Emblems are bold silhouettes: the body takes `currentColor` (the CSS `color` of the element that
uses it), details take `--art-accent` (blades, crowns, tusks), eyes `--art-eye` and cut-outs
`--art-cut` (mouths, nostrils; the card's background), through the classes of VAR_CLASSES
(static/screens.css styles them). Run `python3 scripts/make-art.py` after changing a drawing or
adding a card: it fails when a card of content/ has no drawing. The output is committed.
"""
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "art"

ACCENT = "fill:var(--art-accent,#e0a64f)"
CUT = "fill:var(--art-cut,#15110e)"
EYE = "fill:var(--art-eye,#b3261e)"
STROKE_ACCENT = "fill:none;stroke:var(--art-accent,#e0a64f)"


def f(x):
    """A number, short."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


# ---- shape helpers: each returns one SVG element as text ---------------------------------------
# The page's colours a drawing takes (the emblem's CSS variables) are classes, styled by
# static/screens.css; everything else is a presentation attribute. No `style` attribute: the
# page copies these symbols into itself (static/boot.js), where its Content-Security-Policy
# refuses inline styles.
VAR_CLASSES = {
    ACCENT: "art-a",
    CUT: "art-c",
    EYE: "art-e",
    "stroke:var(--art-accent,#e0a64f)": "art-sa",
    "stroke:var(--art-cut,#15110e)": "art-sc",
}


def body(tag, style=None, **attrs):
    out = {k.rstrip("_").replace("_", "-"): f(v) if isinstance(v, (int, float)) else v for k, v in attrs.items()}
    classes = []
    for decl in (style or "").split(";"):
        if not decl:
            continue
        if "var(" in decl:
            if decl not in VAR_CLASSES:
                sys.exit(f"make-art: no class for {decl!r} (add it to VAR_CLASSES and static/screens.css)")
            classes.append(VAR_CLASSES[decl])
        else:
            k, v = decl.split(":", 1)
            out[k] = v
    if classes:
        out["class"] = " ".join(classes)
    return f"<{tag} " + " ".join(f'{k}="{v}"' for k, v in out.items()) + "/>"


def path(d, style=None, **kw):
    return body("path", style, d=d, **kw)


def circle(cx, cy, r, style=None):
    return body("circle", style, cx=cx, cy=cy, r=r)


def ellipse(cx, cy, rx, ry, style=None, rot=0):
    kw = {"transform": f"rotate({f(rot)} {f(cx)} {f(cy)})"} if rot else {}
    return body("ellipse", style, cx=cx, cy=cy, rx=rx, ry=ry, **kw)


def poly(points, style=None):
    return body("polygon", style, points=" ".join(f"{f(x)},{f(y)}" for x, y in points))


def line(x1, y1, x2, y2, width, style="stroke:currentColor", cap="round"):
    return body("line", style, x1=x1, y1=y1, x2=x2, y2=y2, stroke_width=width, stroke_linecap=cap)


def stroke(d, width, style="fill:none;stroke:currentColor"):
    return body("path", style, d=d, stroke_width=width, stroke_linecap="round", stroke_linejoin="round")


def rect(x, y, w, h, style=None, rx=0, rot=None):
    kw = {"rx": rx} if rx else {}
    if rot:
        kw["transform"] = f"rotate({rot[0]} {rot[1]} {rot[2]})"
    return body("rect", style, x=x, y=y, width=w, height=h, **kw)


def mirror(*parts, w=64):
    """The parts and their mirror image across the vertical middle line."""
    inner = "".join(parts)
    return inner + f'<g transform="matrix(-1 0 0 1 {w} 0)">{inner}</g>'


def group(*parts, transform=None):
    t = f' transform="{transform}"' if transform else ""
    return f"<g{t}>{''.join(parts)}</g>"


def eyes(y, dx, r=2.6, style=EYE, slant=0, ry=None):
    """A pair of eyes at 32±dx; `slant` tilts them (angry brows look)."""
    ry = ry or r
    return (ellipse(32 - dx, y, r, ry, style, rot=slant) + ellipse(32 + dx, y, r, ry, style, rot=-slant))


def teeth(x0, x1, y, n, h, style=ACCENT, down=True):
    """A row of n triangular teeth from x0 to x1 hanging from (or rising to) y."""
    w = (x1 - x0) / n
    pts = []
    for i in range(n):
        a = x0 + i * w
        tip = y + h if down else y - h
        pts.append(poly([(a, y), (a + w, y), (a + w / 2, tip)], style))
    return "".join(pts)


# ---- resource and tracker icons (24x24) ---------------------------------------------------------
FLAME = "M12 2C13 6 18 8.5 18 14a6 6 0 0 1-12 0c0-3 1.6-4.6 2.6-6.2C9 10 10 11 11 11 11 7 12 5 12 2z"


def flame(scale, core):
    """The effort flame, scaled about its base (12, 22)."""
    t = f"translate({f(12 - 12 * scale)} {f(22 - 22 * scale)}) scale({f(scale)})"
    parts = [path(FLAME, "fill:#f0a23c")]
    if core:
        parts.append(path("M12 11.5c1 2.4 3 3.4 3 5.6a3 3 0 0 1-6 0c0-1.6 1-2.6 1.6-3.4.4 1 .8 1.3 1.3 1.3.1-1.4.1-2.2.1-3.5z",
                          "fill:#ffe08a"))
    return group(*parts, transform=t)


ICONS = {
    # Effort: one flame, larger and hotter for each category (p. 10).
    "small": ("Small Effort", flame(0.7, False)),
    "medium": ("Medium Effort", flame(0.86, True)),
    "large": ("Large Effort", flame(1.0, True)
              + stroke("M3.5 8.5l2.2 1.6M20.5 8.5l-2.2 1.6", 1.6, "fill:none;stroke:#ffe08a")),
    # Cunning: a watchful eye.
    "cunning": ("Cunning", path("M1.5 12C4.5 6.5 8 4.5 12 4.5s7.5 2 10.5 7.5C19.5 17.5 16 19.5 12 19.5S4.5 17.5 1.5 12z",
                                "fill:#9cc3e6")
                + circle(12, 12, 4.6, "fill:#15110e") + circle(12, 12, 2.2, "fill:#e0f0ff")
                + circle(13.4, 10.6, 1, "fill:#15110e")),
    # Food: a roast leg with its bone.
    "food": ("Food", ellipse(9.5, 10, 7.5, 6, "fill:#d9774f", rot=-40)
             + path("M13.5 14.5l5 5", "fill:none;stroke:#ece3d0;stroke-width:3;stroke-linecap:round")
             + circle(20.5, 18.5, 2, "fill:#ece3d0") + circle(18.5, 20.8, 2, "fill:#ece3d0")
             + ellipse(7.5, 8.5, 2.4, 1.3, "fill:#f2a07c", rot=-40)),
    # Wood: a log, its cut end showing the rings.
    "wood": ("Wood", path("M6 5h12a5 7 0 0 1 0 14H6z", "fill:#9a6535")
             + ellipse(6, 12, 5, 7, "fill:#e0b47a") + ellipse(6, 12, 2.8, 4, "fill:none;stroke:#9a6535;stroke-width:1.2")
             + circle(6, 12, 0.9, "fill:#9a6535") + path("M11 9h8M12 15h7", "fill:none;stroke:#7a4d27;stroke-width:1.2;stroke-linecap:round")),
    # Metal: an ingot.
    "metal": ("Metal", poly([(2, 18), (6, 8), (18, 8), (22, 18)], "fill:#8c98a3")
              + poly([(6, 8), (18, 8), (16.5, 11.5), (7.5, 11.5)], "fill:#dfe6ec")
              + poly([(2, 18), (22, 18), (21, 20), (3, 20)], "fill:#5d6770")),
    # Treasure: a cut gem.
    "treasure": ("Treasure", poly([(6, 3), (18, 3), (23, 9), (12, 22), (1, 9)], "fill:#49b8a3")
                 + poly([(6, 3), (18, 3), (23, 9), (1, 9)], "fill:#9fe6d6")
                 + poly([(8.5, 9), (15.5, 9), (12, 22)], "fill:#7fd6c4")
                 + poly([(9, 3), (15, 3), (15.5, 9), (8.5, 9)], "fill:#d8fbf3")),
    # Time: an hourglass running.
    "time": ("Time", path("M5 2h14v2.5c0 3.5-4 5.5-5 7.5 1 2 5 4 5 7.5V22H5v-2.5c0-3.5 4-5.5 5-7.5-1-2-5-4-5-7.5z",
                          "fill:#ece3d0")
             + path("M8 6h8c-.7 1.6-2.6 3-4 4.6C10.6 9 8.7 7.6 8 6zM7.7 20c.5-2 2.8-3.3 4.3-4.8 1.5 1.5 3.8 2.8 4.3 4.8z",
                    "fill:#e0a64f")
             + rect(3.5, 1, 17, 2.2, "fill:#b08a5a", rx=1) + rect(3.5, 20.8, 17, 2.2, "fill:#b08a5a", rx=1)),
    # Armor: a shield with its rim.
    "armor": ("Armor", path("M12 1.5l9 3.2v6.8c0 5.6-3.8 9.4-9 11-5.2-1.6-9-5.4-9-11V4.7z", "fill:#c7d1db")
              + path("M12 4.3l6.4 2.3v5c0 4.1-2.7 6.9-6.4 8.2-3.7-1.3-6.4-4.1-6.4-8.2v-5z", "fill:#6f8194")
              + path("M12 4.3v16.5c-3.7-1.3-6.4-4.1-6.4-8.2v-5z", "fill:#8699ad")),
    # Health: a heart.
    "health": ("Health", path("M12 21.5C5.5 16.8 1.5 12.9 1.5 8.3 1.5 5 4 2.5 7.2 2.5c2 0 3.7 1 4.8 2.7 1.1-1.7 2.8-2.7 4.8-2.7 3.2 0 5.7 2.5 5.7 5.8 0 4.6-4 8.5-10.5 13.2z",
                              "fill:#ff6b6b")
               + path("M6.5 5.5c-1.6.3-2.6 1.6-2.6 3.1", "fill:none;stroke:#ffc2b8;stroke-width:1.6;stroke-linecap:round")),
}


# ---- characters (64x64) -----------------------------------------------------------------------
CHARACTERS = {
    # The Sneak: a hood with a masked face and two bright eyes.
    "sneak": mirror(path("M32 4C20 4 12 16 11 30c-1 12-3 20-7 28h28z"))
    + path("M32 22c-8 0-13 6-13 14 0 9 6 16 13 18 7-2 13-9 13-18 0-8-5-14-13-14z", CUT)
    + path("M19.5 34h25v7h-25z", "fill:currentColor") + eyes(37.5, 6, 2.6, ACCENT, ry=1.6),
    # The Sage: an open book with a star rising from it.
    "sage": path("M4 30c10-3 20-2 28 4 8-6 18-7 28-4v24c-10-3-20-2-28 4-8-6-18-7-28-4z")
    + path("M32 34v24", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:2")
    + stroke("M9 37c7-1.5 13-1 19 2M9 43c7-1.5 13-1 19 2M36 39c6-3 12-3.5 19-2M36 45c6-3 12-3.5 19-2", 1.6,
             "fill:none;stroke:var(--art-cut,#15110e)")
    + poly([(32 + (12 if i % 2 == 0 else 4.5) * math.sin(i * math.pi / 4),
             17 - (12 if i % 2 == 0 else 4.5) * math.cos(i * math.pi / 4)) for i in range(8)], ACCENT),
    # The Hunter: a drawn bow with its arrow.
    "hunter": stroke("M14 6c22 6 30 22 30 44", 6) + stroke("M14 6L44 50", 1.6)
    + group(line(8, 56, 50, 14, 3.2, "stroke:var(--art-accent,#e0a64f)"),
            poly([(47, 9), (57, 7), (55, 17)], ACCENT),
            poly([(8, 56), (6, 49), (12, 52)], ACCENT), poly([(8, 56), (15, 58), (12, 52)], ACCENT)),
    # The Brawler: a clenched fist.
    "brawler": rect(13, 16, 11, 20, rx=5.5) + rect(24, 13, 11, 23, rx=5.5) + rect(35, 14, 11, 22, rx=5.5)
    + rect(46, 18, 9, 18, rx=4.5)
    + path("M13 30h42v10c0 10-7 18-17 18H28C19 58 13 51 13 42z")
    + path("M13 36c0-4 3-7 8-7h14c3 0 5 2 5 4.5S38 38 35 38H22", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:2.2;stroke-linecap:round")
    + path("M24 17v10M35 17v10M46 20v8", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.6;stroke-linecap:round")
    + path("M20 50h24", "fill:none;stroke:var(--art-accent,#e0a64f);stroke-width:3;stroke-linecap:round"),
}


# ---- monsters (64x64): heads, or whole silhouettes where the body is the tell -------------------
def horn(x0, y0, cx, cy, x1, y1, w):
    """A curved horn: thick at (x0, y0), a point at (x1, y1), bent towards (cx, cy)."""
    return path(f"M{f(x0 - w)} {f(y0)}Q{f(cx - w / 2)} {f(cy)} {f(x1)} {f(y1)}Q{f(cx + w / 2)} {f(cy + w)} {f(x0 + w)} {f(y0 + 2)}z")


MONSTERS = {
    # Level I
    "kobold": mirror(horn(24, 26, 14, 20, 8, 6, 3.5), poly([(20, 30), (6, 26), (19, 38)]))
    + ellipse(32, 35, 14, 13) + ellipse(32, 48, 9, 8) + eyes(33, 6.5, 3, EYE, slant=25, ry=1.8)
    + circle(29, 49, 1.3, CUT) + circle(35, 49, 1.3, CUT) + teeth(27, 37, 54, 4, 3, ACCENT),
    "hyena": mirror(ellipse(18, 17, 7, 10, rot=-25), ellipse(18.5, 18, 3.5, 6, CUT, rot=-25),
                    poly([(26, 14), (29, 4), (32, 14)]))
    + ellipse(32, 31, 15, 13) + path("M22 36h20l-3 20c-2 3-12 3-14 0z")
    + eyes(29, 7, 2.6, EYE, slant=-15, ry=1.8) + ellipse(32, 42, 4, 2.6, CUT)
    + circle(24, 24, 1.8, CUT) + circle(41, 25, 1.5, CUT) + circle(37, 19, 1.3, CUT)
    + path("M26 50h12", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.6"),
    "wererat": path("M47 5a11 11 0 1 0 11 14A9 9 0 1 1 47 5z", ACCENT)
    + mirror(circle(17, 20, 9), circle(17, 20, 5, CUT))
    + path("M18 28c2-6 8-9 14-9s12 3 14 9l-9 26c-2 3-8 3-10 0z")
    + eyes(31, 6, 2.4, EYE, slant=20, ry=1.6) + circle(32, 54, 2.6, ACCENT)
    + mirror(stroke("M26 47l-16-2M26 50l-15 4", 1.3)) + teeth(29.5, 34.5, 55.5, 2, 4, "fill:#ece3d0"),
    "giant_spider": mirror(*[stroke(d, 3) for d in (
        "M26 24L12 12 6 20", "M25 29L8 24 3 34", "M25 33L9 36 5 48", "M27 37L14 47 12 60")])
    + ellipse(32, 44, 11, 14) + circle(32, 25, 8)
    + circle(29, 23, 1.8, ACCENT) + circle(35, 23, 1.8, ACCENT) + circle(27, 27, 1.2, ACCENT)
    + circle(37, 27, 1.2, ACCENT) + circle(32, 21, 1.2, ACCENT)
    + path("M32 36l4 6-4 6-4-6z", ACCENT),
    "shrieking_fungus": path("M6 30C6 16 18 8 32 8s26 8 26 22z") + path("M24 30h16l2 26H22z")
    + circle(20, 21, 3, CUT) + circle(34, 15, 2.5, CUT) + circle(45, 23, 3.5, CUT) + ellipse(32, 42, 4, 6, CUT)
    + mirror(stroke("M14 38c-3 3-3 9 0 12M8 35c-5 5-5 15 0 20", 2.4, STROKE_ACCENT)),
    "gibberling": mirror(poly([(14, 22), (6, 12), (18, 16)]), poly([(20, 14), (16, 3), (26, 11)]),
                         poly([(28, 11), (30, 1), (34, 10)]))
    + circle(32, 34, 20) + eyes(25, 8, 4, EYE) + circle(24, 25, 1.6, CUT) + circle(41, 26, 1.6, CUT)
    + path("M18 36c4 4 24 4 28 0-1 10-7 17-14 17s-13-7-14-17z", CUT)
    + teeth(19, 45, 36.5, 7, 5, "fill:#ece3d0") + teeth(22, 42, 52, 5, 4, "fill:#ece3d0", down=False),
    # Level II
    "goblin": mirror(poly([(20, 28), (1, 18), (19, 40)]), poly([(17, 27), (7, 23), (17, 34)], CUT))
    + path("M18 28c0-10 6-16 14-16s14 6 14 16c0 12-6 24-14 24S18 40 18 28z")
    + eyes(28, 6.5, 3, EYE, slant=30, ry=1.8) + path("M32 29l4 10h-8z", CUT)
    + path("M24 43c5 4 11 4 16 0", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:2.2;stroke-linecap:round")
    + teeth(27, 31, 44.2, 1, 3, ACCENT) + teeth(34, 38, 44.2, 1, 3, ACCENT),
    "bear": mirror(circle(16, 16, 8), circle(16, 16, 4, CUT)) + ellipse(32, 33, 20, 18)
    + ellipse(32, 44, 10, 8, "fill:var(--art-accent,#e0a64f)") + ellipse(32, 40, 4, 3, CUT)
    + eyes(28, 8, 2.4, CUT) + path("M32 43v4M28 49c2 2 6 2 8 0", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.8;stroke-linecap:round"),
    "troglodyte": poly([(20, 18), (22, 4), (27, 13), (32, 1), (37, 13), (42, 4), (44, 18)])
    + path("M16 28c0-8 7-13 16-13s16 5 16 13v8c0 11-7 20-16 20s-16-9-16-20z")
    + path("M16 27h32v4H16z", CUT) + eyes(33, 7, 3, EYE, ry=2)
    + path("M23 47h18", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:2.4;stroke-linecap:round")
    + mirror(stroke("M18 40l-8 3M17 45l-7 5", 2)),
    "gremlin": mirror(poly([(22, 26), (2, 4), (12, 30)]), poly([(18, 24), (8, 12), (14, 28)], CUT))
    + ellipse(32, 36, 16, 15) + eyes(31, 7, 4.2, EYE) + circle(25, 31, 1.8, CUT) + circle(39, 31, 1.8, CUT)
    + path("M20 40c6 6 18 6 24 0-2 7-7 11-12 11s-10-4-12-11z", CUT) + teeth(22, 42, 41.5, 6, 3.5, "fill:#ece3d0"),
    "abomination": circle(24, 30, 14) + circle(40, 26, 13) + circle(34, 42, 16) + circle(16, 46, 9) + circle(50, 44, 9)
    + circle(22, 26, 4, ACCENT) + circle(41, 22, 5, ACCENT) + circle(33, 33, 2.6, ACCENT) + circle(48, 38, 2.2, ACCENT)
    + circle(15, 42, 2, ACCENT) + circle(22, 26, 1.6, CUT) + circle(41, 22, 2, CUT)
    + path("M22 46c6 6 18 6 24-2-3 9-8 12-13 12s-9-4-11-10z", CUT),
    "crazed_survivor": path("M32 4c-12 0-19 10-19 24 0 10-2 20-7 32h52c-5-12-7-22-7-32C51 14 44 4 32 4z")
    + path("M12 60l4-8 3 8 4-9 3 9z", CUT) + path("M38 60l4-8 3 8 4-9 3 9z", CUT)
    + path("M32 16c-8 0-12 7-12 15 0 10 5 17 12 17s12-7 12-17c0-8-4-15-12-15z", CUT)
    + circle(26, 29, 3.2, ACCENT) + circle(38, 29, 3.2, ACCENT) + circle(26, 29, 1.2, CUT) + circle(38, 29, 1.2, CUT)
    + path("M25 40l3-2 2 2 2-2 2 2 2-2 3 2", "fill:none;stroke:var(--art-accent,#e0a64f);stroke-width:1.6;stroke-linejoin:round")
    + path("M55 2l4 3-12 18-3-2z", ACCENT),
    # Level III
    "gnoll": line(50, 4, 58, 60, 3) + poly([(50, 4), (46, 14), (52, 13)], ACCENT)
    + mirror(poly([(22, 22), (14, 2), (30, 16)]), poly([(21, 18), (17, 8), (26, 16)], CUT))
    + path("M20 26c0-8 5-12 12-12s12 4 12 12v6l-4 20c-2 4-14 4-16 0l-4-20z")
    + poly([(20, 30), (10, 34), (20, 38), (11, 44), (22, 44)]) + eyes(27, 6, 2.6, EYE, slant=25, ry=1.6)
    + ellipse(32, 46, 4, 2.5, CUT) + path("M27 52h10", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.6"),
    "orc": mirror(poly([(16, 26), (6, 20), (16, 34)])) + path("M16 24c0-9 7-14 16-14s16 5 16 14v12c0 12-7 20-16 20s-16-8-16-20z")
    + path("M16 24c4-3 10-3 14 1h4c4-4 10-4 14-1v4H16z", CUT) + eyes(30, 7, 2.8, EYE, slant=15, ry=1.8)
    + path("M29 34h6l1 6h-8z", CUT) + path("M22 45c6-2 14-2 20 0v3H22z", CUT)
    + path("M23 48l-1-10 5 9zM41 48l1-10-5 9z", "fill:#ece3d0"),
    "bugbear_warlord": poly([(18, 14), (20, 2), (26, 10), (32, 0), (38, 10), (44, 2), (46, 14)], ACCENT)
    + path("M18 14h28v6H18z", ACCENT)
    + mirror(circle(14, 26, 6), poly([(14, 30), (6, 36), (14, 38), (8, 46), (18, 46), (14, 54), (24, 52)]))
    + path("M16 24c0-3 7-5 16-5s16 2 16 5v16c0 11-7 18-16 18s-16-7-16-18z")
    + eyes(31, 7, 2.6, EYE, slant=20, ry=1.8) + ellipse(32, 41, 5, 3, CUT)
    + path("M25 49c4 2 10 2 14 0", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:2;stroke-linecap:round"),
    "hobgoblin": path("M16 30c0-13 7-22 16-22s16 9 16 22v20l-6-2v-8H22v8l-6 2z", ACCENT)
    + poly([(29, 10), (32, 0), (35, 10)], ACCENT) + mirror(poly([(18, 32), (4, 26), (18, 40)]))
    + path("M22 28h20v14c0 6-4 12-10 12s-10-6-10-12z")
    + path("M22 28h20v4H22z", CUT) + eyes(35, 5, 2.4, EYE, slant=20, ry=1.5)
    + path("M28 47h8", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.8;stroke-linecap:round"),
    "dark_elf": mirror(poly([(20, 32), (0, 20), (20, 42)]))
    + path("M32 4c-12 0-18 10-18 22 0 12 4 22 10 32h16c6-10 10-20 10-32C50 14 44 4 32 4z")
    + path("M32 16c-7 0-10 7-10 14 0 10 5 19 10 21 5-2 10-11 10-21 0-7-3-14-10-14z", CUT)
    + path("M25 31l6 2-6 1zM39 31l-6 2 6 1z", ACCENT) + path("M32 18l3 4-3 4-3-4z", ACCENT)
    + path("M29 43h6", "fill:none;stroke:var(--art-accent,#e0a64f);stroke-width:1.4;stroke-linecap:round"),
    "minotaur": mirror(path("M20 24C8 24 2 16 4 4c3 8 8 11 18 12z", "fill:#ece3d0"), poly([(18, 28), (6, 30), (17, 36)]))
    + path("M18 22c0-6 6-9 14-9s14 3 14 9v12c0 6-2 10-4 13v5H22v-5c-2-3-4-7-4-13z")
    + eyes(29, 7, 2.6, EYE, slant=25, ry=1.7) + ellipse(32, 48, 11, 7) + circle(28, 47, 1.6, CUT) + circle(36, 47, 1.6, CUT)
    + circle(32, 54, 4, "fill:none;stroke:var(--art-accent,#e0a64f);stroke-width:2.2"),
    # Level IV
    "troll": mirror(poly([(20, 12), (10, 2), (24, 8)]), poly([(18, 26), (6, 34), (18, 32)]))
    + path("M18 20c0-8 6-12 14-12s14 4 14 12v20c0 10-6 18-14 18s-14-8-14-18z")
    + eyes(24, 6, 2.4, EYE, slant=20, ry=1.6) + path("M32 24c3 0 5 10 7 18-3 2-11 2-14 0 2-8 4-18 7-18z", "fill:var(--art-cut,#15110e);opacity:.35")
    + path("M24 48c5 3 11 3 16 0", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:2.2;stroke-linecap:round")
    + teeth(25, 29, 47, 1, -5, "fill:#ece3d0") + teeth(35, 39, 47, 1, -5, "fill:#ece3d0"),
    "ogre": mirror(ellipse(9, 32, 5, 7)) + path("M10 26c0-12 10-20 22-20s22 8 22 20v14c0 12-10 20-22 20S10 52 10 40z")
    + path("M16 22c6-4 12-4 14 0M48 22c-6-4-12-4-14 0", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:3;stroke-linecap:round")
    + eyes(27, 8, 2.2, EYE) + ellipse(32, 36, 5, 4, CUT)
    + path("M18 44c8 5 20 5 28 0v6c-8 4-20 4-28 0z", CUT)
    + teeth(22, 26, 50, 1, -6, "fill:#ece3d0") + teeth(38, 42, 50, 1, -6, "fill:#ece3d0"),
    "shaman": group(*[poly([(32, 30), (32 + 30 * math.sin(a) - 4 * math.cos(a), 30 - 30 * math.cos(a) - 4 * math.sin(a)),
                            (32 + 33 * math.sin(a), 30 - 33 * math.cos(a)),
                            (32 + 30 * math.sin(a) + 4 * math.cos(a), 30 - 30 * math.cos(a) + 4 * math.sin(a))],
                           ACCENT if i % 2 else None)
                      for i, a in enumerate([math.radians(d) for d in (-70, -45, -22, 0, 22, 45, 70)])])
    + path("M16 26c0-8 7-12 16-12s16 4 16 12v12c0 12-8 20-16 22-8-2-16-10-16-22z")
    + path("M20 28l9 2-1 5-8-2zM44 28l-9 2 1 5 8-2z", ACCENT)
    + path("M27 46h10l-2 6h-6z", CUT) + path("M32 36v6M24 40v6M40 40v6", "fill:none;stroke:var(--art-accent,#e0a64f);stroke-width:2;stroke-linecap:round"),
    "wyvern": path("M30 30L6 8l4 14-8 0 10 10-6 4 14 2z") + path("M34 30l24-22-4 14 8 0-10 10 6 4-14 2z")
    + path("M26 30c0-6 3-10 6-10s6 4 6 10l-1 14c4 4 10 6 16 4 4-1 5-5 7-7-1 6-5 12-12 13-8 1-14-2-17-6-3 3-5 5-5 8h-4c0-4 2-8 5-10z")
    + path("M29 22c-1-6 0-12 3-15l3 3-1 4 6 1-5 4c-1 1-4 2-6 3z") + circle(34, 11, 1.3, ACCENT)
    + poly([(60, 41), (64, 36), (63, 44)], ACCENT),
    "vampire": path("M4 60c2-18 8-30 14-36l6 12 8-4 8 4 6-12c6 6 12 18 14 36z")
    + path("M18 24l-6-14 12 8zM46 24l6-14-12 8z")
    + path("M32 50l-9-14h18z", CUT)
    + path("M22 20c0-8 4-14 10-14s10 6 10 14v6c0 7-4 12-10 14-6-2-10-7-10-14z")
    + path("M26 8l6 8 6-8", CUT) + eyes(23, 4.5, 2.2, "fill:#ff6b6b", slant=20, ry=1.4)
    + path("M28 31h8", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.6")
    + teeth(28.5, 30.5, 31.5, 1, 3.5, "fill:#ece3d0") + teeth(33.5, 35.5, 31.5, 1, 3.5, "fill:#ece3d0"),
    "basilisk": stroke("M10 56c-6-8 4-14 14-12 12 2 22 4 26-4 3-6-2-12-8-14", 8)
    + path("M30 22c0-8 6-14 14-14 8 0 14 6 16 12l-4 6c-6 3-14 4-20 4-4 0-6-4-6-8z")
    + poly([(34, 10), (34, 1), (39, 7), (42, 0), (45, 7), (50, 2), (50, 11)], ACCENT)
    + circle(46, 17, 3.5, ACCENT) + ellipse(46, 17, 0.9, 2.6, CUT)
    + path("M58 22l5 1M58 26l5 3", "fill:none;stroke:var(--art-accent,#e0a64f);stroke-width:1.6;stroke-linecap:round")
    + path("M38 28l4-4 2 4 3-3", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.4"),
}


# ---- weapons (64x64), drawn upright then turned to lie on the diagonal ------------------------------
def slant(*parts, scale=1.0):
    t = "rotate(45 32 32)"
    if scale != 1.0:
        t += f" translate({f(32 - 32 * scale)} {f(32 - 32 * scale)}) scale({f(scale)})"
    return group(*parts, transform=t)


WEAPONS = {
    "bare_hands": path("M18 34v-16a3 3 0 0 1 6 0v12-16a3 3 0 0 1 6 0v16-18a3 3 0 0 1 6 0v18-15a3 3 0 0 1 6 0v21"
                       "c0 10-5 18-14 18-6 0-10-3-13-8l-7-10a3 3 0 0 1 5-4z")
    + path("M24 21v9M30 18v12M36 19v11", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1.4;stroke-linecap:round")
    + path("M26 50h12", "fill:none;stroke:var(--art-accent,#e0a64f);stroke-width:2.4;stroke-linecap:round"),
    "club": slant(path("M29 60l-1-30c-1-12 0-24 4-26s6 10 5 26l-2 30z"), circle(30, 16, 1.6, CUT), circle(34, 24, 1.4, CUT),
                  rect(27.5, 48, 9, 3, ACCENT, rx=1)),
    "knife": slant(path("M30 34V10c0-3 4-6 6-6v30z", ACCENT), rect(24, 33, 16, 4, rx=1.5), rect(29, 37, 6, 16, rx=2.5),
                   circle(32, 55, 3)),
    "spear": slant(rect(30.5, 18, 3, 46, rx=1.5), path("M32 1c4 6 5 12 4 17l-4 3-4-3c-1-5 0-11 4-17z", ACCENT),
                   rect(29.5, 20, 5, 4, rx=1)),
    "sword": slant(path("M29 40V8l3-6 3 6v32z", ACCENT), path("M32 6v32", "fill:none;stroke:var(--art-cut,#15110e);stroke-width:1"),
                   rect(21, 39, 22, 4, rx=2), rect(29.5, 43, 5, 12, rx=2), circle(32, 58, 3.5)),
    "axe": slant(rect(30, 6, 4, 56, rx=2), path("M34 8c8 0 16-4 18-6 4 8 4 22 0 30-2-2-10-6-18-6z", ACCENT),
                 path("M30 10c-5 0-8-2-10-3-1 4-1 10 0 14 2-1 5-3 10-3z"), scale=0.86),
    "maul": slant(rect(30, 20, 4, 42, rx=2), rect(17, 4, 30, 18, rx=3), rect(17, 4, 4, 18, ACCENT, rx=1),
                  rect(43, 4, 4, 18, ACCENT, rx=1), rect(29, 48, 6, 3, ACCENT, rx=1)),
}


def sprite(symbols, view):
    out = ['<svg xmlns="http://www.w3.org/2000/svg">']
    for sid, (_name, inner) in symbols.items():
        # No <title>: the page gives each use its text alternative (src/ui/widgets/icon.rs).
        out.append(f'<symbol id="art-{sid}" viewBox="{view}" fill="currentColor">{inner}</symbol>')
    out.append("</svg>\n")
    return "\n".join(out)


def names(kind):
    """id -> name of every card of content/<kind>.json."""
    data = json.loads((ROOT / "content" / f"{kind}.json").read_text())
    return {c["id"]: c["name"] for c in data}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    missing = []
    sheets = {"icons": (ICONS, "0 0 24 24")}
    for kind, drawings in (("characters", CHARACTERS), ("monsters", MONSTERS), ("weapons", WEAPONS)):
        cards = names(kind)
        missing += [f"{kind}/{i}" for i in cards if i not in drawings]
        extra = [i for i in drawings if i not in cards]
        if extra:
            sys.exit(f"make-art: drawings for cards that do not exist: {extra}")
        sheets[kind] = ({i: (cards[i], drawings[i]) for i in cards if i in drawings}, "0 0 64 64")
    if missing:
        sys.exit(f"make-art: no drawing for {', '.join(missing)}")
    for name, (symbols, view) in sheets.items():
        text = sprite(symbols, view)
        (OUT / f"{name}.svg").write_text(text)
        print(f"static/art/{name}.svg: {len(symbols)} drawings, {len(text)} bytes")


if __name__ == "__main__":
    main()
