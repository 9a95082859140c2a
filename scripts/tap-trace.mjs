// Where one in-game tap's time goes, from a Chromium performance trace (not a budget: a tool to
// find what to cut, and to compare two builds).
//
//   node scripts/tap-trace.mjs [--dist DIR] [--cpu 4] [--moves 20] [--skip 5]
//
// A game is started at 390×844 (seed 7, Brawler, Normal; the game budgets.mjs plays), `--skip`
// moves are played, then each of the next `--moves` moves is one tap on the board's first
// enabled action, traced from the click to the painted screen with the CPU slowed `--cpu`×.
// Per tap the renderer main thread's time is split by the trace's own event names:
//   scripting   wasm and JavaScript (FunctionCall, EventDispatch, RunMicrotasks, timers);
//               with a build that keeps its function names (trunk's data-keep-debug), the
//               sampling profiler splits it further into engine, view building and Yew's diff
//               (--profile): "engine" = unbroken::engine/content, "view" = unbroken::ui
//               functions, "yew" = yew's scheduler, reconciler and DOM calls, "other" the rest.
//   style       UpdateLayoutTree / RecalculateStyles
//   layout      Layout (+ PrePaint, the layout-tree walk before paint)
//   paint       Paint, PaintImage, Layerize, UpdateLayer, Commit
// and the medians over the taps are printed.

import { chromium } from 'playwright-core';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';
import { startGame } from '../tests/e2e/play.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opts = { dist: path.join(ROOT, 'dist'), cpu: '4', moves: '20', skip: '5', profile: '' };
for (let i = 2; i < process.argv.length; i += 1) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in opts)) {
    console.error(`unknown option ${process.argv[i]} (options: --dist DIR --cpu N --moves N --skip N --profile)`);
    process.exit(2);
  }
  if (key === 'profile') opts.profile = '1';
  else opts[key] = process.argv[(i += 1)];
}
const TAP = 'main[data-ready="game"] button.act:not([aria-disabled="true"]):not(#undo):not(#craft-go)';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const CATS = {
  scripting: /^(FunctionCall|EventDispatch|RunMicrotasks|TimerFire|FireAnimationFrame|v8\.callFunction|V8\.Execute|EvaluateScript|v8\.run)$/,
  style: /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/,
  layout: /^(Layout|PrePaint|IntersectionObserverController::computeIntersections)$/,
  paint: /^(Paint|PaintImage|Layerize|UpdateLayer|Commit|CompositeLayers|RasterTask)$/,
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/** Top-level time per category on the main thread between two timestamps (µs), no double count. */
function breakdown(events, t0, t1) {
  const main = events.filter((e) => e.ph === 'X' && e.ts >= t0 && e.ts <= t1 && e.name === 'RunTask');
  const out = { task: 0, scripting: 0, style: 0, layout: 0, paint: 0 };
  const tids = new Set(main.map((e) => `${e.pid}:${e.tid}`));
  for (const e of main) out.task += e.dur;
  for (const e of events) {
    if (e.ph !== 'X' || e.ts < t0 || e.ts > t1 || !tids.has(`${e.pid}:${e.tid}`)) continue;
    for (const [k, re] of Object.entries(CATS)) if (re.test(e.name)) out[k] += e.dur;
  }
  // Nested events of one kind (a FunctionCall inside an EventDispatch) are counted once: keep
  // scripting within the tasks' total.
  out.scripting = Math.min(out.scripting, out.task);
  for (const k of Object.keys(out)) out[k] /= 1000;
  return out;
}

/** Sampling profile of one tap: self time by where the function lives (needs wasm names). */
function byModule(profile) {
  const self = new Map();
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const n = nodes.get(profile.samples[i]);
    const name = n?.callFrame.functionName ?? '';
    const k = /unbroken::(engine|content)/.test(name) ? 'engine'
      : /unbroken::ui|unbroken_web/.test(name) ? 'view'
      : /^<?yew|yew::|web_sys|wasm_bindgen|js_sys/.test(name) || /^__wbg|^__wbindgen/.test(name) ? 'yew'
      : name === '(idle)' || name === '(program)' || name === '(garbage collector)' ? name
      : 'other';
    self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  return Object.fromEntries(self);
}

const srv = await startStaticServer({ dir: path.resolve(opts.dist), base: '/' });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(srv.url, { waitUntil: 'load' });
  await page.waitForSelector('[data-ready="new-game"]', { state: 'attached', timeout: 30_000 });
  await startGame(page, { seed: '7' });
  for (let i = 0; i < Number(opts.skip); i += 1) await page.click(TAP);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(opts.cpu) });
  const rows = [];
  const profiles = [];
  for (let i = 0; i < Number(opts.moves); i += 1) {
    if (!(await page.$(TAP))) break;
    await page.waitForTimeout(100);
    if (opts.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'] });
    // Click, then wait for the next painted frame after the DOM changed (as budgets.mjs does).
    const span = await page.evaluate((sel) => new Promise((resolve) => {
      const el = document.querySelector(sel);
      const obs = new MutationObserver(() => {
        obs.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      });
      obs.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
      const t0 = performance.now();
      el.click();
    }), TAP);
    const buf = await browser.stopTracing();
    if (opts.profile) profiles.push(byModule((await cdp.send('Profiler.stop')).profile));
    const { traceEvents } = JSON.parse(buf.toString());
    const click = traceEvents.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    if (!click) continue;
    const t0 = click.ts;
    rows.push({ span, ...breakdown(traceEvents, t0, t0 + span * 1000 + 50_000) });
  }
  const keys = ['span', 'task', 'scripting', 'style', 'layout', 'paint'];
  console.log(`${rows.length} taps at 390×844, CPU ${opts.cpu}×, ${opts.dist} — medians (ms):`);
  for (const k of keys) console.log(`  ${k.padEnd(10)} ${median(rows.map((r) => r[k])).toFixed(1)}`);
  if (profiles.length) {
    console.log('  sampled scripting by module (median ms):');
    const ks = new Set(profiles.flatMap((p) => Object.keys(p)));
    for (const k of ks) console.log(`    ${k.padEnd(20)} ${median(profiles.map((p) => p[k] ?? 0)).toFixed(1)}`);
  }
} finally {
  await browser.close();
  await srv.close();
}
