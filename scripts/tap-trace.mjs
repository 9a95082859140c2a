// Where one in-game tap's time goes, from a Chromium performance trace (not a budget: a tool to
// find what to cut, and to compare two builds).
//
//   node scripts/tap-trace.mjs [--dist DIR] [--cpu 4] [--moves 20] [--skip 5] [--runs N]
//                              [--clock wall|cpu] [--profile] [--top N] [--names on|off]
//                              [--game first|pick] [--each] [--size 390x844]
//
// A game is started at 390×844 (`--size` for another viewport, e.g. a desk's 1280x800; seed 7,
// Brawler, Normal: the game budgets.mjs plays), `--skip`
// moves are played, then each of the next `--moves` moves is one tap on the board's first
// enabled action, traced from the click to the painted screen with the CPU slowed `--cpu`×.
// `--game pick` plays budgets.mjs's whole game instead (tests/e2e/play.mjs's `pickMove`: the
// game that reaches a monster, its reveal and its battle); `--each` prints every tap's row
// (its move, click to painted, CPU, scripting, style, layout, paint, DOM mutations) before the
// medians, to find the slowest taps of a game.
//
// Per tap the renderer main thread's time is split by the trace's own events, each event's
// *self* time (its duration less the events inside it) counted once, in one of:
//   scripting   wasm and JavaScript (FunctionCall, EventDispatch, timers, microtasks, v8.*)
//   gc          the garbage collector
//   style       UpdateLayoutTree / style recalculation
//   layout      Layout, PrePaint, hit tests, intersection and accessibility steps
//   paint       Paint, Layerize, UpdateLayer, Commit, raster
//   other       the rest of the main thread's tasks (task overhead, HTML parsing …)
// and, apart, `forced`: the style and layout done inside scripting (the script read layout —
// getBoundingClientRect, focus, scrollIntoView — after changing the DOM), already counted in
// style and layout; `recalcs` and `layouts`: how many style recalculations and layouts the tap
// ran (one each is the frame's own); `mutations`: the DOM changes of the tap (MutationObserver
// records).
// `main thread CPU time` is the thread's own CPU time over the tap (trace `tdur`), which other
// processes on the machine and the throttle's pauses do not inflate; `--clock cpu` splits that
// instead of the wall-clock time (compare two builds on a busy machine with it). `--runs N`
// plays the game N times (a fresh page each; the game ends after ~15 taps) and takes the
// medians over all the taps. The medians over the taps are printed.
//
// --profile also samples V8's profiler during each tap and splits its self time by function:
//   engine      unbroken::engine / content (the rules)
//   view        unbroken::ui (the components: building the virtual DOM)
//   yew         yew's scheduler and reconciler (the diff), the allocator and core library
//   dom         DOM calls made by the diff (setAttribute, removeChild, insertBefore, text …)
//               and wasm-bindgen's glue (string decoding, __wbg_* shims)
//   reads       layout reads (getBoundingClientRect, focus, scrollIntoView …): their time is
//               mostly the forced style and layout above
//   other       the rest: other scripts (the test's own), the browser's native work
// It needs the wasm's function names: the page's wasm of `--dist` is rebuilt with them into
// target/dist-names/ from the wasm cargo built for it (target/wasm32-unknown-unknown/web/, as
// scripts/build-web.sh leaves it), by wasm-bindgen --keep-debug and wasm-opt -g (the same -Oz
// otherwise), unless that copy is newer than both. `--top N` lists the N largest self times.
// `--names off` profiles `--dist` as it is (an older build whose cargo output is gone): the
// wasm's time is then all counted as `yew` (engine, views and Yew together); the DOM calls,
// layout reads and the rest are told apart as with names.

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';
import { pickMove, startGame } from '../tests/e2e/play.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opts = { dist: path.join(ROOT, 'dist'), cpu: '4', moves: '20', skip: '5', profile: '', top: '0', clock: 'wall', runs: '1', names: 'on', game: 'first', each: '', size: '390x844' };
for (let i = 2; i < process.argv.length; i += 1) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in opts)) {
    console.error(`unknown option ${process.argv[i]} (options: --dist DIR --cpu N --moves N --skip N --profile --top N --clock wall|cpu --runs N --names on|off --game first|pick --each --size WxH)`);
    process.exit(2);
  }
  if (key === 'profile' || key === 'each') opts[key] = '1';
  else opts[key] = process.argv[(i += 1)];
}
const TAP = 'main[data-ready="game"] button.act:not([aria-disabled="true"]):not(#undo):not(#craft-go)';
const PICKED = '[data-bench-tap]';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
// The categories of a trace event, by name (the first that matches).
const CATS = [
  ['gc', /GC|garbage|V8\.GC|MinorGC|MajorGC|BlinkGC/i],
  ['scripting', /^(FunctionCall|EventDispatch|RunMicrotasks|TimerFire|FireAnimationFrame|v8\.callFunction|V8\.Execute|EvaluateScript|v8\.run|v8\.compile|v8\.produceCache|V8\.DeoptimizeCode)$/],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Document::updateStyle|Document::recalcStyle|Document::rebuildLayoutTree)$/],
  ['layout', /^(Layout|PrePaint|HitTest|LocalFrameView::UpdateStyleAndLayout|Document::UpdateStyleAndLayout|Blink\.ForcedStyleAndLayout\.UpdateTime|LocalFrameView::RunStyleAndLayoutLifecyclePhases|LayoutView::HitTest|LocalFrameView::performLayout|IntersectionObserverController::computeIntersections|LocalFrameView::RunAccessibilitySteps|LocalFrameView::UpdateViewportIntersectionsForSubtree)$/],
  ['paint', /^(Paint|PaintImage|Layerize|UpdateLayer|Commit|CompositeLayers|RasterTask|LocalFrameView::RunPaintLifecyclePhase|PaintArtifactCompositor::Update)$/],
];
const category = (name) => CATS.find(([, re]) => re.test(name))?.[0] ?? null;
const KEYS = ['scripting', 'gc', 'style', 'layout', 'paint', 'other'];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/**
 * The main thread's time between two timestamps (µs) by category, each event's self time once
 * (ms). A nested event without a category of its own takes its parent's; style and layout inside
 * scripting are also summed as `forced`.
 */
function breakdown(events, t0, t1) {
  const xs = events.filter((e) => e.ph === 'X' && e.ts >= t0 && e.ts <= t1 && typeof e.dur === 'number');
  // The thread's own CPU time (tdur) where the event has it: what other processes on the
  // machine do not change (nor the CPU throttle's pauses).
  const len = (e) => (opts.clock === 'cpu' ? e.tdur ?? e.dur : e.dur);
  const threads = new Set(xs.filter((e) => e.name === 'RunTask' || e.name === 'EventDispatch').map((e) => `${e.pid}:${e.tid}`));
  // The renderer main thread: the one that dispatched the click.
  const click = xs.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const main = click ? `${click.pid}:${click.tid}` : [...threads][0];
  const out = { task: 0, cpu: 0, forced: 0, recalcs: 0, layouts: 0, restyled: 0, dirtied: 0 };
  for (const k of KEYS) out[k] = 0;
  const mine = xs.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const stack = [];
  for (const e of mine) {
    if (e.name === 'UpdateLayoutTree') {
      out.recalcs += 1000;
      out.restyled += 1000 * (e.args?.elementCount ?? e.args?.endData?.elementCount ?? 0);
    }
    if (e.name === 'Layout') {
      out.layouts += 1000;
      out.dirtied += 1000 * (e.args?.beginData?.dirtyObjects ?? 0);
    }
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    const own = category(e.name);
    const cat = own ?? parent?.cat ?? 'other';
    const node = { end: e.ts + e.dur, cat, inScript: parent ? parent.inScript || parent.cat === 'scripting' : false, self: len(e) };
    if (parent) parent.self -= len(e);
    if (!parent) {
      out.task += e.dur;
      out.cpu += e.tdur ?? e.dur;
    }
    stack.push(node);
    node.done = () => {
      out[node.cat] += Math.max(0, node.self);
      if (node.inScript && (node.cat === 'style' || node.cat === 'layout')) out.forced += Math.max(0, node.self);
    };
    // Self time is known once every child has been seen: settle it when the node is popped.
    e.node = node;
  }
  for (const e of mine) e.node.done();
  for (const k of Object.keys(out)) out[k] /= 1000;
  return out;
}

/** Which part of the app a profiled function belongs to (see the header). */
function part(frame) {
  const name = frame.functionName ?? '';
  if (name === '(idle)' || name === '(program)' || name === '(root)') return null;
  if (name === '(garbage collector)') return 'gc';
  if (/unbroken::(engine|content)|unbroken\[[0-9a-f]+\]::(engine|content)/.test(name)) return 'engine';
  // A component's view function is inlined into yew's `CompStateInner<COMP>::view`.
  if (/unbroken::|unbroken_web|unbroken\[|CompStateInner<COMP> as yew::html::component::lifecycle::Stateful>::view/.test(name)) return 'view';
  if (/^(getBoundingClientRect|getClientRects|focus|scrollIntoView|scrollTo|scrollBy|offset\w+|client\w+|scroll(Top|Height|Left|Width)|getComputedStyle|elementFromPoint|elementsFromPoint|innerHeight|innerWidth|blur)$/.test(name)) return 'reads';
  if (/^__wbg|^__wbindgen|^(decode|encode|encodeInto|wasm-to-js|js-to-wasm)/.test(name) || /unbroken-web[\w-]*\.js$/.test(frame.url)) return 'dom';
  // Native DOM calls (no script of their own).
  if (!frame.url && /^(set|remove|insert|append|create|clone|replace)\w*$|^(nodeValue|textContent|innerHTML|className|classList|add|toggle|contains)$/.test(name)) return 'dom';
  if (!/\.wasm$/.test(frame.url)) return 'other';
  return 'yew';
}

/** Self time (ms) of a sampled profile, by part and by function. */
function byPart(profile) {
  const parts = new Map();
  const fns = new Map();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const n = nodes.get(profile.samples[i]);
    if (!n) continue;
    const k = part(n.callFrame);
    if (!k) continue;
    const ms = (dt[i + 1] ?? dt[i] ?? 0) / 1000;
    parts.set(k, (parts.get(k) ?? 0) + ms);
    const f = `${k.padEnd(7)}${n.callFrame.functionName.replace(/::h[0-9a-f]{16}$/, '') || '(anonymous)'}`;
    fns.set(f, (fns.get(f) ?? 0) + ms);
  }
  return { parts: Object.fromEntries(parts), fns };
}

/** Whether this wasm file carries a "name" section (function names). */
function hasNames(file) {
  return WebAssembly.Module.customSections(new WebAssembly.Module(readFileSync(file)), 'name').length > 0;
}

/**
 * `dist` with the page's wasm rebuilt keeping its function names (see the header): the
 * directory to serve.
 */
function withNames(dist) {
  const wasmName = readdirSync(dist).find((f) => /^unbroken-web-[0-9a-f]+_bg\.wasm$/.test(f));
  if (!wasmName) throw new Error(`no unbroken-web wasm in ${dist}`);
  const jsName = wasmName.replace(/_bg\.wasm$/, '.js');
  if (hasNames(path.join(dist, wasmName))) return dist;
  const raw = path.join(ROOT, 'target/wasm32-unknown-unknown/web/unbroken-web.wasm');
  if (!existsSync(raw)) throw new Error(`${raw} is missing: run scripts/build-web.sh first`);
  const out = path.join(ROOT, 'target/dist-names');
  const stamp = path.join(out, wasmName);
  const newest = Math.max(statSync(raw).mtimeMs, statSync(path.join(dist, wasmName)).mtimeMs);
  if (existsSync(stamp) && statSync(stamp).mtimeMs > newest) return out;
  console.log('building the page wasm with function names into target/dist-names/ (about a minute)…');
  const tmp = mkdtempSync(path.join(tmpdir(), 'tap-names-'));
  const bin = path.join(ROOT, 'node_modules/.bin');
  const env = { ...process.env, PATH: `${bin}:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };
  try {
    execFileSync('wasm-bindgen', ['--keep-debug', '--target', 'web', '--no-typescript', '--out-dir', tmp, raw], { env, stdio: 'inherit' });
    rmSync(out, { recursive: true, force: true });
    cpSync(dist, out, { recursive: true });
    // The same passes as index.html asks of Trunk, with -g: the names stay.
    execFileSync('wasm-opt', ['-Oz', '-g', '--converge', '--low-memory-unused', path.join(tmp, 'unbroken-web_bg.wasm'), '-o', stamp], { env, stdio: 'inherit' });
    // Its own JavaScript too: the release build's is minified and its import names shortened
    // (post-build.mjs), and the profile should name the DOM calls as wasm-bindgen does.
    cpSync(path.join(tmp, 'unbroken-web.js'), path.join(out, jsName));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // The page names the files in its meta (no integrity hash: boot.js imports them), same names.
  return out;
}

const dist = opts.profile && opts.names !== 'off' ? withNames(path.resolve(opts.dist)) : path.resolve(opts.dist);
const srv = await startStaticServer({ dir: dist, base: '/' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
const rows = [];
const profiles = [];
try {
  for (let run = 0; run < Number(opts.runs); run += 1) await play();
  report();
} finally {
  await browser.close();
  await srv.close();
}

/**
 * Marks the button of the next move with `data-bench-tap` and returns its name (null at the
 * game's end): the board's first enabled action, or with `--game pick` the move play.mjs picks.
 */
async function nextTap(page) {
  if ((await page.getAttribute('main', 'data-ready')) !== 'game') return null;
  const name = opts.game === 'pick' ? await pickMove(page) : null;
  if (opts.game === 'pick' && !name) return null;
  return page.evaluate(([sel, n]) => {
    document.querySelector('[data-bench-tap]')?.removeAttribute('data-bench-tap');
    const b = [...document.querySelectorAll(sel)].find((x) => {
      if (n === null) return true;
      const c = x.cloneNode(true);
      c.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
      return c.textContent.trim() === n;
    });
    if (!b) return null;
    b.setAttribute('data-bench-tap', '1');
    return n ?? b.textContent.trim();
  }, [TAP, name]);
}

/** After a tap: a choice that ends the game at once asks to confirm (as play.mjs's act does). */
async function settle(page) {
  if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
}

/** One game: `--skip` taps, then `--moves` taps traced into `rows` (and `profiles`). */
async function play() {
  const [width, height] = opts.size.split('x').map(Number);
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(srv.url, { waitUntil: 'load' });
  await page.waitForSelector('[data-ready="new-game"]', { state: 'attached', timeout: 30_000 });
  await startGame(page, { seed: '7' });
  for (let i = 0; i < Number(opts.skip); i += 1) {
    if ((await nextTap(page)) === null) break;
    await page.click(PICKED);
    await settle(page);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(opts.cpu) });
  for (let i = 0; i < Number(opts.moves); i += 1) {
    const move = await nextTap(page);
    if (move === null) break;
    await page.waitForTimeout(150);
    if (opts.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'] });
    // Click, then wait for the next painted frame after the DOM changed (as budgets.mjs does);
    // the DOM changes are counted until then.
    const { span, mutations } = await page.evaluate((sel) => new Promise((resolve) => {
      const el = document.querySelector(sel);
      let n = 0;
      let t0 = 0;
      let done = false;
      const obs = new MutationObserver((records) => {
        n += records.length;
        if (done) return;
        done = true;
        requestAnimationFrame(() => setTimeout(() => {
          n += obs.takeRecords().length;
          obs.disconnect();
          resolve({ span: performance.now() - t0, mutations: n });
        }, 0));
      });
      // A tap's pointerdown first, as budgets.mjs sends it (the page's idle jobs wait for input).
      el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, pointerType: 'touch', isPrimary: true }));
      obs.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
      t0 = performance.now();
      el.click();
    }), PICKED);
    const buf = await browser.stopTracing();
    await settle(page);
    const prof = opts.profile ? (await cdp.send('Profiler.stop')).profile : null;
    const { traceEvents } = JSON.parse(buf.toString());
    const click = traceEvents.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    if (!click) continue;
    if (prof) profiles.push(byPart(prof));
    const row = { idx: i, move, span, mutations, ...breakdown(traceEvents, click.ts, click.ts + span * 1000) };
    rows.push(row);
    if (opts.each) {
      const f = (k) => row[k].toFixed(1).padStart(6);
      console.log(`  tap ${String(i).padStart(2)} ${move.slice(0, 34).padEnd(34)} ${f('span')} cpu ${f('cpu')} script ${f('scripting')} style ${f('style')} layout ${f('layout')} paint ${f('paint')} dom ${String(mutations).padStart(4)} restyled ${String(row.restyled).padStart(4)} dirtied ${String(row.dirtied).padStart(4)}`);
    }
  }
  await context.close();
}

/** The medians over every tap traced (and, over several runs, of each tap's fastest run). */
function report() {
  const COUNTS = ['mutations', 'recalcs', 'layouts', 'restyled', 'dirtied'];
  const num = (k, x) => (COUNTS.includes(k) ? x.toFixed(0) : x.toFixed(1));
  // The same deal plays the same moves: the n-th tap of every run is the same move, and its
  // fastest run is the one the rest of the machine disturbed least.
  const best = new Map();
  for (const r of rows) {
    const b = best.get(r.idx);
    if (!b || r.cpu < b.cpu) best.set(r.idx, r);
  }
  const runs = Number(opts.runs);
  console.log(`${rows.length} taps at ${opts.size.replace('x', '×')}, CPU ${opts.cpu}×, ${dist} — medians (ms${opts.clock === 'cpu' ? ', categories in thread CPU time' : ''})${runs > 1 ? `; beside them, of each move's fastest of ${runs} runs` : ''}:`);
  for (const k of ['span', 'task', 'cpu', ...KEYS, 'forced', 'recalcs', 'layouts', 'mutations', 'restyled', 'dirtied']) {
    const label = { span: 'click -> painted', task: 'main thread busy', cpu: 'main thread CPU time', forced: '(forced style+layout)', recalcs: 'style recalculations', layouts: 'layouts', mutations: 'DOM mutations', restyled: 'elements restyled', dirtied: 'layout objects dirtied' }[k] ?? k;
    const fast = runs > 1 ? `  ${num(k, median([...best.values()].map((r) => r[k]))).padStart(7)}` : '';
    console.log(`  ${label.padEnd(24)} ${num(k, median(rows.map((r) => r[k]))).padStart(7)}${fast}`);
  }
  // Over the game (each move's fastest run): the work counts do not depend on the machine's load.
  const all = [...best.values()];
  const sum = (k) => all.reduce((t, r) => t + r[k], 0);
  const worst = all.reduce((w, r) => (r.cpu > w.cpu ? r : w), all[0] ?? { cpu: NaN, idx: -1, move: '' });
  console.log(`  sums over ${all.length} moves: CPU ${sum('cpu').toFixed(0)} ms, mutations ${sum('mutations')}, restyled ${sum('restyled')}, dirtied ${sum('dirtied')}; slowest CPU ${worst.cpu.toFixed(1)} ms (tap ${worst.idx}, ${worst.move.slice(0, 30)})`);
  if (profiles.length) {
    console.log('  sampled self time by part (median ms):');
    for (const k of ['engine', 'view', 'yew', 'dom', 'reads', 'gc', 'other']) {
      console.log(`    ${k.padEnd(22)} ${median(profiles.map((p) => p.parts[k] ?? 0)).toFixed(1)}`);
    }
    const top = Number(opts.top);
    if (top > 0) {
      const sum = new Map();
      for (const p of profiles) for (const [f, ms] of p.fns) sum.set(f, (sum.get(f) ?? 0) + ms / profiles.length);
      console.log(`  largest self times (mean ms per tap):`);
      for (const [f, ms] of [...sum].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${ms.toFixed(2).padStart(6)}  ${f.slice(0, 140)}`);
    }
  }
}
