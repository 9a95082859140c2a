// The order of a wasm module's functions, chosen for gzip (scripts/post-build.mjs runs this on
// every module of a release build, after wasm-opt).
//
// gzip finds repeats only within its last 32 KB. LLVM writes a module's functions in an order of
// its own, so the many near-copies a Rust program holds (the instances of one generic function,
// the views' element-building code, the drop glue) lie far apart and are each compressed afresh.
// Written next to each other, the same bytes cost the table's module 5.4 KB less gzip (2%), the
// other modules 0.7–1.2 KB each, without one instruction changed. Here each module's
// defined functions are given sort keys in a name section (their type, then their size, then
// their bytes), binaryen's `--reorder-functions-by-name` writes them in that order and renumbers
// every call, and the order that compresses best is kept — the one wasm-opt wrote included, so
// no module gets larger. The same run writes the code as `-Oz` does (`--optimize-stack-ir` at
// shrink level 2: without it a rewrite comes out larger) and drops the `producers` and
// `target_features` sections, which no browser reads.
//
// Nothing else moves: imports, exports, the function table's slots (the indices wasm-bindgen's
// JavaScript calls closures by) and the data stay as they are. The result is checked before it
// is used: it must compile, with the same imports and exports.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { leb, toLeb } from './wasm-names.mjs';

/** Skips a table's or memory's limits at `p` (flags, minimum, maximum if flagged). */
function limitsEnd(bytes, p) {
  const flags = bytes[p];
  p = leb(bytes, p + 1)[1];
  return flags & 1 ? leb(bytes, p)[1] : p;
}

/**
 * The module's sections ([id, start, end] of each body), how many functions it imports, each
 * defined function's type index and its body's bytes.
 */
function parse(wasm) {
  const sections = [];
  let imported = 0;
  let types = [];
  const bodies = [];
  let pos = 8;
  while (pos < wasm.length) {
    const id = wasm[pos];
    const [size, start] = leb(wasm, pos + 1);
    const end = start + size;
    sections.push([id, pos, end]);
    if (id === 2) {
      let [count, p] = leb(wasm, start);
      for (let i = 0; i < count; i += 1) {
        for (let n = 0; n < 2; n += 1) {
          const [len, at] = leb(wasm, p);
          p = at + len;
        }
        const kind = wasm[p];
        p += 1;
        if (kind === 0) {
          imported += 1;
          p = leb(wasm, p)[1];
        } else if (kind === 1) p = limitsEnd(wasm, p + 1);
        else if (kind === 2) p = limitsEnd(wasm, p);
        else if (kind === 3) p += 2;
        else if (kind === 4) p = leb(wasm, p + 1)[1];
        else throw new Error(`unknown import kind ${kind}`);
      }
    } else if (id === 3) {
      let [count, p] = leb(wasm, start);
      types = [];
      for (let i = 0; i < count; i += 1) {
        const [t, next] = leb(wasm, p);
        types.push(t);
        p = next;
      }
    } else if (id === 10) {
      let [count, p] = leb(wasm, start);
      for (let i = 0; i < count; i += 1) {
        const [len, at] = leb(wasm, p);
        bodies.push(wasm.subarray(at, at + len));
        p = at + len;
      }
    }
    pos = end;
  }
  if (types.length !== bodies.length) throw new Error('function and code sections disagree');
  return { sections, imported, types, bodies };
}

function compareBytes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * The orders tried: each sorts the defined functions (by index) by its keys, then by index. A
 * size class is a half power of two (functions of 90 and 120 bytes are in one).
 */
const ORDERS = {
  'type, size class, bytes': (m) => (i, j) =>
    m.types[i] - m.types[j] || sizeClass(m, i) - sizeClass(m, j) || compareBytes(m.bodies[i], m.bodies[j]),
  'size class, type, bytes': (m) => (i, j) =>
    sizeClass(m, i) - sizeClass(m, j) || m.types[i] - m.types[j] || compareBytes(m.bodies[i], m.bodies[j]),
  'type, size, bytes': (m) => (i, j) =>
    m.types[i] - m.types[j] || m.bodies[i].length - m.bodies[j].length || compareBytes(m.bodies[i], m.bodies[j]),
  'size, bytes': (m) => (i, j) => m.bodies[i].length - m.bodies[j].length || compareBytes(m.bodies[i], m.bodies[j]),
};

function sizeClass(m, i) {
  return Math.floor(Math.log2(m.bodies[i].length + 1) * 2);
}

/** `wasm` without its name section, with one naming each defined function by its place in `order`. */
function withNames(wasm, m, order) {
  // Imported functions are named too, in their order and before the others: binaryen sorts
  // them with the rest, and their order is the import section's.
  const width = String(m.imported + order.length).length;
  const key = (prefix, n) => `${prefix}${String(n).padStart(width, '0')}`;
  const byIndex = [];
  for (let i = 0; i < m.imported; i += 1) byIndex.push(key('a', i));
  order.forEach((f, rank) => {
    byIndex[m.imported + f] = key('f', rank);
  });
  const names = [...toLeb(byIndex.length)];
  byIndex.forEach((name, index) => {
    names.push(...toLeb(index), ...toLeb(name.length), ...Buffer.from(name, 'ascii'));
  });
  const content = [...toLeb(4), ...Buffer.from('name'), 1, ...toLeb(names.length), ...names];
  const parts = [wasm.subarray(0, 8)];
  for (const [id, start, end] of m.sections) {
    if (id === 0) {
      const [len, at] = leb(wasm, leb(wasm, start + 1)[1]);
      if (Buffer.from(wasm.subarray(at, at + len)).toString() === 'name') continue;
    }
    parts.push(wasm.subarray(start, end));
  }
  parts.push(Uint8Array.from([0, ...toLeb(content.length), ...content]));
  return Buffer.concat(parts);
}

/** Imports and exports of a compiled module, as one comparable string. */
function surface(compiled) {
  const imports = WebAssembly.Module.imports(compiled).map((i) => `${i.module}/${i.name}/${i.kind}`);
  const exports = WebAssembly.Module.exports(compiled).map((e) => `${e.name}/${e.kind}`);
  return JSON.stringify([imports, exports]);
}

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * `wasm` (bytes, as wasm-opt wrote it) with its functions in the order that gzips smallest;
 * `wasmOpt` is the binaryen wasm-opt to run. Returns the bytes and what was chosen.
 */
export async function orderFunctions(wasm, wasmOpt = 'wasm-opt') {
  const m = parse(wasm);
  const indices = m.bodies.map((_, i) => i);
  const dir = mkdtempSync(path.join(tmpdir(), 'wasm-order-'));
  let best = { name: 'as wasm-opt wrote it', bytes: wasm, gz: gz(wasm) };
  try {
    for (const [name, make] of Object.entries(ORDERS)) {
      const by = make(m);
      const order = [...indices].sort((i, j) => by(i, j) || i - j);
      const input = path.join(dir, 'in.wasm');
      const output = path.join(dir, 'out.wasm');
      writeFileSync(input, withNames(wasm, m, order));
      execFileSync(wasmOpt, [
        input, '-o', output,
        '--optimize-level', '2', '--shrink-level', '2', '--generate-stack-ir', '--optimize-stack-ir',
        '--reorder-functions-by-name', '--strip-debug', '--strip-producers', '--strip-target-features',
      ], { stdio: ['ignore', 'ignore', 'inherit'] });
      const bytes = readFileSync(output);
      const size = gz(bytes);
      if (size < best.gz) best = { name, bytes, gz: size };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (best.bytes !== wasm) {
    const [before, after] = await Promise.all([WebAssembly.compile(wasm), WebAssembly.compile(best.bytes)]);
    if (surface(before) !== surface(after)) throw new Error('reordering changed the imports or exports');
  }
  return { wasm: best.bytes, order: best.name, saved: gz(wasm) - best.gz };
}
