// Trunk post_build hook (Trunk.toml), run on Trunk's staging folder before it becomes dist/.
//
// 1. Release builds: shortens the names each module's wasm and JavaScript share (the imports
//    and closure shims wasm-bindgen names with hashes; scripts/wasm-names.mjs), writes each
//    wasm's functions in the order that gzips smallest (scripts/wasm-order.mjs), minifies the
//    wasm-bindgen JavaScript with terser (Trunk's own minifier cannot parse it) and updates the
//    page's integrity hashes to match; minifies boot.js and the bot's worker too.
// 2. Joins the page's stylesheets, in their order, into one app-<hash>.css with its integrity
//    hash: one request and one gzip stream instead of three (the first download's budget).
// 3. Names the records module and the bot module (hints and reviews, loaded on the first one;
//    its meta also names its worker, static/bot-worker.js, so it is cached for offline hints).
//    Trunk builds each (`unbroken-records`, index.html's second rust link, and `unbroken-bot`,
//    of data-type "worker" so the page does not load them) under a fixed name; here both its
//    files get a content hash in their names, like the app's, and index.html names them in
//    <meta name="unbroken-records" content="….js" data-wasm="….wasm">. The app loads the module
//    from there on first need (src/ui/lazy.rs), so an app and a module of different
//    releases never meet, and the service worker, which caches what index.html names, keeps the
//    module for offline play. Its stylesheet (src/ui/records/records.css) becomes
//    records-<hash>.css, named in the same meta's data-css: the module links it when it first
//    draws (a file, not an injected <style>: the page runs under a strict CSP).
//    The flavour lines of the table's cards and the glossary's definitions become
//    words-<hash>.json (see 3b below).
// 4. Which module starts the page is boot.js's choice (static/boot.js, 6.): the title screen's
//    own module (`unbroken-title`, named in its meta by 3.) or the table's (`unbroken-web`,
//    Trunk's app). Trunk loads its app with an inline <script type="module"> (which a strict
//    Content-Security-Policy blocks) and preloads its files, which would fetch the table's
//    module on every first visit. Both go; a meta names the table's files, as the other
//    modules' metas do (the service worker caches every file the page names). The title
//    screen's module, which every page starts on, is preloaded instead (3.).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { minify as minifyCss } from 'csso';
import { minify } from 'terser';
import { shortenNames } from './wasm-names.mjs';
import { orderFunctions } from './wasm-order.mjs';

const fail = (msg) => {
  console.error(`post-build: ${msg}`);
  process.exit(1);
};
const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) fail('TRUNK_STAGING_DIR is not set (Trunk runs this as a post_build hook)');
const htmlPath = path.join(dir, 'index.html');
if (!existsSync(htmlPath)) fail('index.html is missing from Trunk\'s output');
let page = readFileSync(htmlPath, 'utf8');

// 1. Minify (release only: a debug build stays readable).
/** Subresource integrity of a file the page preloads, if the page carries one. */
function setIntegrity(name, bytes) {
  const sri = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  page = page.replace(
    new RegExp(`(href=["']?\\./${escaped}["']?[^>]*?integrity=["']?)sha384-[A-Za-z0-9+/=]+`),
    `$1${sri}`,
  );
  page = page.replace(
    new RegExp(`(integrity=["']?)sha384-[A-Za-z0-9+/=]+(["']?[^>]*?href=["']?\\./${escaped})`),
    `$1${sri}$2`,
  );
}

if (process.env.TRUNK_PROFILE === 'release') {
  // The wasm-opt Trunk ran (binaryen's, from package.json; Trunk.toml pins its version).
  const local = path.join(process.env.TRUNK_SOURCE_DIR || process.cwd(), 'node_modules', '.bin', 'wasm-opt');
  const wasmOpt = existsSync(local) ? local : 'wasm-opt';
  for (const name of readdirSync(dir).filter((f) => /^unbroken-[\w-]+\.js$/.test(f))) {
    const file = path.join(dir, name);
    let code = readFileSync(file, 'utf8');
    // The module's wasm beside it (`unbroken-web-<hash>_bg.wasm`, `unbroken-bot_bg.wasm`), whose
    // imports come from `./<bin>_bg.js` (the bin's name, without Trunk's hash, which Trunk
    // writes without leading zeros: up to 16 hex digits).
    const wasmName = name.replace(/\.js$/, '_bg.wasm');
    const wasmFile = path.join(dir, wasmName);
    if (!existsSync(wasmFile)) fail(`${wasmName} is missing beside ${name}`);
    const bin = name.replace(/-[0-9a-f]{1,16}\.js$|\.js$/, '');
    try {
      const short = await shortenNames(readFileSync(wasmFile), code, `./${bin}_bg.js`);
      const ordered = await orderFunctions(short.wasm, wasmOpt);
      writeFileSync(wasmFile, ordered.wasm);
      setIntegrity(wasmName, ordered.wasm);
      console.log(`post-build: ${wasmName}: functions ordered by ${ordered.order} (${ordered.saved} B less gzip)`);
      code = short.js;
    } catch (e) {
      fail(`${name}: ${e.message}`);
    }
    const out = await minify(code, { module: true, compress: true, mangle: true });
    if (!out.code) fail(`terser returned nothing for ${name}`);
    writeFileSync(file, out.code);
    setIntegrity(name, out.code);
  }
  // Our own scripts (boot.js, loaded by every page, the bot's worker and the service worker):
  // their comments are for the repo, not for the download. boot.js and sw.js are classic
  // scripts: their top-level names are kept.
  for (const name of ['boot.js', 'bot-worker.js', 'sw.js']) {
    const file = path.join(dir, name);
    if (!existsSync(file)) fail(`${name} is missing from Trunk's output`);
    const module = name === 'bot-worker.js';
    const out = await minify(readFileSync(file, 'utf8'), { module, compress: true, mangle: true });
    if (!out.code) fail(`terser returned nothing for ${name}`);
    writeFileSync(file, out.code);
  }
}

// 2. One stylesheet.
const links = [...page.matchAll(/<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>/g)].map((m) => m[0]);
if (links.length > 1) {
  const files = links.map((l) => {
    const m = l.match(/href=["']?\.\/([\w.-]+\.css)/);
    if (!m) fail(`a stylesheet link without a local href: ${l}`);
    return m[1];
  });
  const css = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const name = `app-${createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`;
  writeFileSync(path.join(dir, name), css);
  for (const f of files) unlinkSync(path.join(dir, f));
  const sri = `sha384-${createHash('sha384').update(css).digest('base64')}`;
  page = page.replace(links[0], `<link rel="stylesheet" href="./${name}" integrity="${sri}">`);
  for (const l of links.slice(1)) page = page.replace(l, '');
}

// 3. The lazily loaded modules' release names: the records module, and the bot module (hints
//    and reviews), which also names its worker script, so the service worker caches it for
//    offline hints.
if (!page.includes('</head>')) fail('index.html has no </head>');
const src = process.env.TRUNK_SOURCE_DIR || process.cwd();
let recordsCss = readFileSync(path.join(src, 'src/ui/records/records.css'), 'utf8');
// Minified in release as Trunk minifies the page's own stylesheets (it does not see this one):
// csso, without its restructuring, so the rules stay the source's, in its order.
if (process.env.TRUNK_PROFILE === 'release') recordsCss = minifyCss(recordsCss, { restructure: false }).css;
const cssName = `records-${createHash('sha256').update(recordsCss).digest('hex').slice(0, 16)}.css`;
writeFileSync(path.join(dir, cssName), recordsCss);
const names = [];
for (const [bin, extra] of [
  ['unbroken-records', ` data-css="${cssName}"`],
  ['unbroken-bot', ' data-worker="bot-worker.js"'],
  ['unbroken-title', ''],
]) {
  const js = path.join(dir, `${bin}.js`);
  const wasm = path.join(dir, `${bin}_bg.wasm`);
  for (const f of [js, wasm]) if (!existsSync(f)) fail(`${path.basename(f)} is missing from Trunk's output`);
  const hash = createHash('sha256').update(readFileSync(js)).update(readFileSync(wasm)).digest('hex').slice(0, 16);
  const jsName = `${bin}-${hash}.js`;
  const wasmName = `${bin}-${hash}_bg.wasm`;
  renameSync(js, path.join(dir, jsName));
  renameSync(wasm, path.join(dir, wasmName));
  const meta = `<meta name="${bin}" content="${jsName}" data-wasm="${wasmName}"${extra}>`;
  page = page.replace(new RegExp(`<meta name="${bin}"[^>]*>`, 'g'), '').replace('</head>', `${meta}</head>`);
  names.push(jsName);
  if (bin === 'unbroken-title') {
    // Every page starts on the title screen's module (boot.js, 6.), so its files are asked for
    // with the page's own, beside boot.js rather than after it (one round trip less on a slow
    // network). `crossorigin`: boot.js's fetch() is a CORS request, and only a preload of the
    // same mode is reused.
    const sheet = /<link rel="stylesheet"[^>]*>/.exec(page);
    if (!sheet) fail('index.html has no stylesheet link to put the title module\'s preloads after');
    const preloads = `<link rel="modulepreload" href="${jsName}">`
      + `<link rel="preload" href="${wasmName}" as="fetch" type="application/wasm" crossorigin>`;
    page = page.replace(sheet[0], `${sheet[0]}${preloads}`);
  }
}

// 3b. The words file: the flavour lines of the table's cards, which the browser's copy of the
//    box leaves out (build.rs, cards-lean.postcard), the lesson coach's words
//    (content/tutorial.json) and the glossary's definitions. boot.js loads it when a game is
//    first on the table, so it is not part of the first download; the meta names it for the
//    service worker (offline play keeps the words).
{
  const words = {};
  for (const kind of ['monsters', 'encounters', 'skills', 'conditions', 'weapons']) {
    words[kind] = {};
    for (const card of JSON.parse(readFileSync(path.join(src, 'content', `${kind}.json`), 'utf8'))) {
      if (card.flavour) words[kind][card.id] = card.flavour;
    }
  }
  // The lesson coach's words (Learn to play), step by step and then the closing ones; build.rs
  // has checked them and compiled the rest of content/tutorial.json into the app.
  const tutorial = JSON.parse(readFileSync(path.join(src, 'content', 'tutorial.json'), 'utf8'));
  words.lesson = [...tutorial.steps.map((s) => s.say), tutorial.done.say];
  // The glossary's definitions by id: content/glossary.json's, and each skill's own entry
  // (`skill_<id>`: "A skill: " and its card's text), as build.rs makes them; the page keeps only
  // the ids and words (and the few definitions the title screen shows).
  words.glossary = {};
  for (const e of JSON.parse(readFileSync(path.join(src, 'content', 'glossary.json'), 'utf8'))) {
    words.glossary[e.id] = e.text;
  }
  for (const k of JSON.parse(readFileSync(path.join(src, 'content', 'skills.json'), 'utf8'))) {
    words.glossary[`skill_${k.id}`] = `A skill: ${k.text}`;
  }
  const text = JSON.stringify(words);
  const name = `words-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`;
  writeFileSync(path.join(dir, name), text);
  page = page.replace(/<meta name="unbroken-words"[^>]*>/g, '').replace('</head>', `<meta name="unbroken-words" content="${name}"></head>`);
  names.push(name);
}

// 4. The table's module named in a meta; Trunk's loader and preloads removed. Only scripts
//    without a src: the site's own files are already files.
const inline = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
  (m) => !/\bsrc=/.test(m[1]) && m[2].trim() !== '',
);
let loaders = 0;
for (const [tag, attrs, code] of inline) {
  if (!/\btype=["']?module\b/.test(attrs)) {
    // `trunk serve`'s live-reload script (debug builds only; the policy blocks it there).
    if (process.env.TRUNK_PROFILE === 'release') fail(`an inline script in a release build: ${tag.slice(0, 80)}`);
    continue;
  }
  // Trunk's loader imports the app's JS and starts its wasm (then sets window.wasmBindings and
  // fires TrunkApplicationStarted, which nothing of ours uses). A loader of another shape fails
  // the build rather than be guessed at.
  const js = code.match(/\bfrom\s*['"]\.\/(unbroken-web-[\w-]+\.js)['"]/);
  const wasm = code.match(/\bmodule_or_path:\s*['"]\.\/(unbroken-web-[\w-]+_bg\.wasm)['"]/);
  if (!js || !wasm) fail(`Trunk's loader has an unexpected shape:\n${code}`);
  page = page.replace(tag, '');
  for (const f of [js[1], wasm[1]]) {
    const escaped = f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    page = page.replace(new RegExp(`<link\\b[^>]*\\bhref=["']?\\./${escaped}["']?[^>]*>`, 'g'), '');
  }
  page = page.replace('</head>', `<meta name="unbroken-web" content="${js[1]}" data-wasm="${wasm[1]}"></head>`);
  names.push(js[1]);
  loaders += 1;
}
if (loaders !== 1) fail(`expected one Trunk loader for unbroken-web, found ${loaders}`);
if (/unbroken-web-[\w-]+\.(js|wasm)/.test(page.replace(/<meta name="unbroken-web"[^>]*>/, ''))) {
  fail('index.html still names the table\'s module outside its meta (a preload left behind?)');
}
writeFileSync(htmlPath, page);
console.log(`post-build: modules ${names.join(', ')}`);
