// Short names for the functions a wasm-bindgen module imports from its JavaScript, and for the
// closure shims it exports to it (scripts/post-build.mjs runs this on every module of a release
// build, before terser).
//
// wasm-bindgen names each import after the Rust item and a 16-digit hash
// (`__wbg_setAttribute_0a1b2c3d4e5f6a7b`), and each closure shim it exports after its hash
// (`wasm_bindgen__convert__closures_____invoke__h60df0662b132e724`). Every such name is written
// twice, in the wasm's import or export section and in the JavaScript, and the hashes are
// random digits that gzip cannot shorten: about 6 KB of the page's gzip download. These names
// are private to the pair of files (nothing else imports them), so both are rewritten here to
// `$a`, `$b`, … consistently. binaryen's `--minify-imports` only renames imports of the `env`
// module (Emscripten's), so the import and export sections are rewritten by this small parser.
//
// The result is checked before it is written: the new wasm must compile, every import it asks
// for must be a key of the JavaScript's import object, and every renamed export must be called
// by the JavaScript under its new name. A module of any other shape fails the build.

const SHIM = /^wasm_bindgen__convert__closures_____invoke__h[0-9a-f]+$/;

/** Reads an unsigned LEB128 at `pos`: [value, next position] (wasm-order.mjs reads with it too). */
export function leb(bytes, pos) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const b = bytes[pos];
    pos += 1;
    value += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return [value, pos];
    shift += 7;
  }
}

/** An unsigned LEB128 as bytes. */
export function toLeb(value) {
  const out = [];
  do {
    let b = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) b |= 0x80;
    out.push(b);
  } while (value > 0);
  return out;
}

const text = new TextDecoder();
const utf8 = new TextEncoder();

/** A name (LEB128 length and UTF-8 bytes) at `pos`: [string, next position]. */
function name(bytes, pos) {
  const [len, at] = leb(bytes, pos);
  return [text.decode(bytes.subarray(at, at + len)), at + len];
}

function nameBytes(s) {
  const b = utf8.encode(s);
  return [...toLeb(b.length), ...b];
}

/** The length in bytes of an import's description (after its kind byte) at `pos`. */
function importDescEnd(bytes, kind, pos) {
  const limits = (p) => {
    const flags = bytes[p];
    p = leb(bytes, p + 1)[1];
    return flags & 1 ? leb(bytes, p)[1] : p;
  };
  switch (kind) {
    case 0: return leb(bytes, pos)[1]; // function: its type index
    case 1: return limits(pos + 1); // table: reference type, limits
    case 2: return limits(pos); // memory: limits
    case 3: return pos + 2; // global: value type, mutability
    case 4: return leb(bytes, pos + 1)[1]; // tag: attribute, type index
    default: throw new Error(`unknown import kind ${kind}`);
  }
}

/**
 * `$a`, `$b`, … `$Z`, `$ba`, …: short JavaScript identifiers; wasm-bindgen's JavaScript uses
 * no name that starts with `$`, so none of them can meet a name of its own (checked anyway).
 */
function shortName(i) {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let s = '';
  do {
    s = letters[i % letters.length] + s;
    i = Math.floor(i / letters.length);
  } while (i > 0);
  return `$${s}`;
}

/**
 * Rewrites the import section (id 2) and export section (id 7) of `wasm` through `rename`
 * (import: (module, field) → new field or undefined; export: name → new name or undefined).
 */
function rewrite(wasm, renameImport, renameExport) {
  const parts = [wasm.subarray(0, 8)];
  let pos = 8;
  while (pos < wasm.length) {
    const id = wasm[pos];
    const [size, start] = leb(wasm, pos + 1);
    const end = start + size;
    if (id === 2 || id === 7) {
      const [count, first] = leb(wasm, start);
      const body = [...toLeb(count)];
      let p = first;
      for (let i = 0; i < count; i += 1) {
        if (id === 2) {
          const [module, afterModule] = name(wasm, p);
          const [field, afterField] = name(wasm, afterModule);
          const descEnd = importDescEnd(wasm, wasm[afterField], afterField + 1);
          body.push(...nameBytes(module), ...nameBytes(renameImport(module, field) ?? field));
          body.push(...wasm.subarray(afterField, descEnd));
          p = descEnd;
        } else {
          const [field, afterField] = name(wasm, p);
          const descEnd = leb(wasm, afterField + 1)[1];
          body.push(...nameBytes(renameExport(field) ?? field), ...wasm.subarray(afterField, descEnd));
          p = descEnd;
        }
      }
      if (p !== end) throw new Error(`section ${id} did not parse to its end`);
      parts.push(Uint8Array.from([id, ...toLeb(body.length), ...body]));
    } else {
      parts.push(wasm.subarray(pos, end));
    }
    pos = end;
  }
  const out = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
  let at = 0;
  for (const x of parts) {
    out.set(x, at);
    at += x.length;
  }
  return out;
}

/** Names in `wasm`'s import (module `module`) and export sections, as they are. */
function names(wasm, module) {
  const imports = [];
  const exports = [];
  rewrite(
    wasm,
    (m, f) => {
      if (m === module) imports.push(f);
    },
    (f) => {
      exports.push(f);
    },
  );
  return { imports, exports };
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Shortens the import and closure-shim names of one module: `wasm` (bytes) and `js` (its
 * wasm-bindgen JavaScript, not yet minified), whose imports come from the module `module`
 * (`./<bin>_bg.js`). Returns the new pair and how many names were shortened.
 */
export async function shortenNames(wasm, js, module) {
  const found = names(wasm, module);
  if (found.imports.length === 0) throw new Error(`no import from ${module}: not a wasm-bindgen module?`);
  const taken = new Set([...found.imports, ...found.exports]);
  const map = new Map();
  let next = 0;
  const fresh = () => {
    let s;
    do s = shortName(next++);
    while (taken.has(s) || js.includes(s));
    return s;
  };
  for (const f of found.imports) map.set(f, fresh());
  for (const f of found.exports.filter((e) => SHIM.test(e))) map.set(f, fresh());

  let out = js;
  for (const [from, to] of map) {
    const re = new RegExp(`(?<![\\w$])${escape(from)}(?![\\w$])`, 'g');
    const before = out;
    out = out.replace(re, to);
    if (out === before) throw new Error(`${from} is not in the JavaScript`);
  }
  const bytes = rewrite(
    wasm,
    (m, f) => (m === module ? map.get(f) : undefined),
    (f) => map.get(f),
  );

  // The new pair must still fit: the wasm compiles, its imports are keys of the JavaScript's
  // import object, and each renamed export is called there.
  const compiled = await WebAssembly.compile(bytes);
  for (const i of WebAssembly.Module.imports(compiled)) {
    if (i.module === module && !new RegExp(`(?<![\\w$])${escape(i.name)}\\s*:`).test(out)) {
      throw new Error(`the import ${i.name} is not a key of the JavaScript's import object`);
    }
  }
  for (const e of WebAssembly.Module.exports(compiled)) {
    if ([...map.values()].includes(e.name) && !out.includes(`.${e.name}(`)) {
      throw new Error(`the export ${e.name} is not called by the JavaScript`);
    }
  }
  return { wasm: bytes, js: out, count: map.size };
}
