// Performance budgets of the release build in dist/. Builds nothing (scripts/build-web.sh does).
//
//   node scripts/budgets.mjs [--runs N] [--action SELECTOR]
//
// 1. Initial download: gzip -9 size of every wasm/js/css/content (json, ...) file the page
//    asks for from navigation until it is ready (Chromium's resource timing: requests started
//    before the ready mark), plus the HTML. Budget SIZE_BUDGET_KB. Over budget it is printed as
//    OVER BUDGET and fails the run (exit 1): size does not vary between machines. A first visit
//    starts on the title screen's own module (unbroken-title); the table's module (unbroken-web)
//    is fetched once that screen is up, and the records module once the player is idle: both are
//    reported in the next row, "first visit by network idle", not in this one. All of dist/ has
//    its own cap, see 8.
// 2. Time to interactive: navigation start to the first moment `[data-ready="new-game"]` is in
//    the DOM, on localhost, fresh browser context each run (cold cache). Median of N runs.
//    Contract with the UI: the new-game screen's root gets data-ready="new-game" once it can
//    be used (its controls are rendered and wired).
// 3. Action latency: median time from a click on an action (default selector
//    `[data-bench-action]`, the UI marks one cheap, repeatable action on the new-game screen
//    with that attribute) to the updated screen: the first DOM change after the click, then
//    the next painted frame. Until the UI marks one, this row reports "n/a" (not a failure).
//
// 4. Time to interactive again with the CPU throttled 4× (CDP Emulation.setCPUThrottlingRate)
//    and a Fast-3G network (Network.emulateNetworkConditions: 562.5 ms latency, 1.44 Mbit/s
//    down, 675 kbit/s up, as Chromium's preset), the files served gzip-encoded as a real host
//    serves them (the sizes of row 1 are what crosses the network).
// 5. In-game click latency at 390×844: a game is started (seed 7, Brawler, Normal)
//    and the first enabled action control on the board is clicked, move after move (20 moves or
//    the game's end): median ms from click to painted screen, without and with 4× CPU throttle.
//    Targets: 8 ms, 16 ms throttled.
// 6. Hints: Hint pressed -> the bot's answer on screen, at 25 positions of one game
//    (Hunter, Easy, seed 12): the first (which loads the bot module and starts its worker), and
//    the median of the others. Target 300 ms. And the review of a whole game (the won game of
//    tests/e2e/fixtures, replayed): "Review with the bot" pressed -> review on screen. Target 10 s.
//
// 7. Records import: a realistic 40,000-game records file in the old
//    version 1 form (plain objects, each with its replay: the 48 real games of
//    tests/e2e/fixtures/records-v1.json, made by tests/records.rs, repeated with their own ids and
//    dates; ~40 MB) chosen in the Records panel's Import on a fresh profile: ms from choosing the
//    file to "Imported …" on screen. Target 3 s.
//
// 8. Every module's size (gzip -9 of its wasm and its JavaScript): the title screen's (a first
//    visit's first screen, and a deal link's), the table's (the app itself), the
//    records module and the bot module, each against its target (the lazily loaded
//    modules also against an enforced cap, MODULE_CAPS_KB, that fails the run); a deal link's first
//    screen (a shared deal opened cold at 390×844: what was asked for before its "Play the
//    linked deal" was in the page, as row 1 counts; then, reported, everything fetched once Play
//    is pressed until the game is on the table and the network is idle) and all of dist/, each
//    against its target and an enforced cap (DEAL_LINK_CAP_KB, DIST_CAP_KB) just above what
//    they came down to.
// 9. A whole game on a phone: seed 7, Brawler, Normal, at 390×844 with touch and the CPU
//    throttled 4×, played to its end (at most 90 moves) by the simple strategy of
//    tests/e2e/play.mjs: the main thread's total scripting time over the game (CDP
//    Performance.getMetrics, ScriptDuration) and the slowest tap (click to painted screen).
//
// Budgets 2-7 and 9 are reported, not enforced (CI machines vary too much), against targets.
// Sizes do not vary between machines: the initial download, the records and bot modules, a deal
// link's first screen and all of dist/ are enforced by caps; the page module's row is reported
// against its target (its cap is the initial download's).

import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';
import { finishWonGame, pickMove, playOne, startGame } from '../tests/e2e/play.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

// The cap that fails the run: just above today's first download (96.8–97.0 KB: the title
// screen's own module, the stylesheet, boot.js, the HTML and the characters' emblems; the tab's
// icon is asked for before or after the screen is ready), so any growth is seen. The goal is
// 150 KB (SIZE_TARGET_KB, reported beside it); see the README's Budgets section.
export const SIZE_BUDGET_KB = 98;
export const SIZE_TARGET_KB = 150;
export const READY_SELECTOR = '[data-ready="new-game"]';
export const TTI_TARGET_MS = 500; // navigation to an interactive new-game screen
export const ACTION_TARGET_MS = 8; // median click to updated screen
export const THROTTLED_TARGET_MS = 16; // the same in game, CPU throttled 4×
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44e6 / 8), uploadThroughput: (675e3 / 8) };
// A hint answers in at most this (median, any position of a game).
const HINT_TARGET_MS = 300;
// ... and the review of a whole game in at most this.
const REVIEW_TARGET_MS = 10_000;
// Importing this many records takes at most this.
const IMPORT_GAMES = 40_000;
const IMPORT_TARGET_MS = 3_000;
// Size targets (KB gzip -9) of each part of the build: the records module (loaded on first
// need), the bot module (loaded on the first hint) and all of dist/.
// The title screen's module is a first visit's first screen and a deal link's; the table's
// module is what Start (or Play) waits for.
export const MODULE_TARGETS_KB = {
  'unbroken-title': SIZE_TARGET_KB, 'unbroken-web': SIZE_TARGET_KB, 'unbroken-records': 120, 'unbroken-bot': 150,
};
// The caps that fail the run (KB gzip -9, wasm + js), locking in what the modules came down to
// (records 115.4 KB, bot 115.1 KB today): each just above it, below its target.
export const MODULE_CAPS_KB = { 'unbroken-records': 116, 'unbroken-bot': 116 };
export const DIST_TARGET_KB = 450;
// Caps that fail the run, just above today's sizes (all of dist/ 618.7 KB, a deal link's first
// screen 96.8 KB: the title screen's module, which names the deal), so that neither grows
// unseen. All of dist/ holds the title screen's module beside the table's (Yew and the cards
// are in both: a first visit's first screen comes in 98 KB instead of 288 KB, and a first game
// costs ~85 KB more).
export const DIST_CAP_KB = 620;
export const DEAL_LINK_CAP_KB = 98;
// A whole game at phone speed: no single tap slower than this (ms, 4× CPU).
const WORST_TAP_TARGET_MS = 50;
// Time to interactive with 4× CPU on Fast 3G.
const SLOW_TTI_TARGET_MS = 2_500;
// The shared deal a player receives (README, "Share a deal").
const DEAL_QUERY = '?v=1&seed=7&character=brawler&side=0&difficulty=normal';
const TRAY_CONTROL = 'main[data-ready="game"] button.act:not([aria-disabled="true"]):not(#undo):not(#craft-go)';

/** Sums the page's layout shifts (CLS's entries, without those just after input). */
function watchShifts() {
  window.__shift = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    window.__shift = NaN;
  }
}

/**
 * Time to interactive with the CPU slowed `cpu`× and, if given, a network profile; also the
 * first contentful paint and the layout shift up to ready (the page paints its title before
 * the app is there, and taking over must move nothing).
 */
async function slowTti(browser, url, cpu, network) {
  const context = await browser.newContext();
  await context.addInitScript(watchFor, READY_SELECTOR);
  await context.addInitScript(watchShifts);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 120_000 });
  const ms = await page.evaluate(() => window.__readyAt);
  await page.waitForTimeout(500);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
  const shift = await page.evaluate(() => window.__shift);
  await context.close();
  return { ms, fcp, shift };
}

/** Click → painted screen for up to `moves` in-game moves at 390×844, CPU slowed `cpu`×. */
async function gameClicks(browser, url, cpu, moves = 20) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(READY_SELECTOR, { state: 'attached', timeout: 30_000 });
  await startGame(page, { seed: '7' });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const out = [];
  for (let i = 0; i < moves; i += 1) {
    const ms = await clickToUpdateMs(page, TRAY_CONTROL).catch(() => null);
    if (ms === null) break;
    out.push(ms);
    await page.waitForTimeout(30);
  }
  await context.close();
  return out;
}

/** Gzip -9 bytes of the files under `dist` that a set of fetched paths names. */
function fetchedSize(paths) {
  const files = [...paths]
    .map((p) => (p.endsWith('/') ? `${p}index.html` : p))
    .map((p) => path.join(DIST, p))
    .filter((f) => existsSync(f) && statSync(f).isFile());
  return { files, total: files.reduce((s, f) => s + gz(f), 0) };
}

/**
 * A shared deal opened cold (8.), at 390×844 as a phone opens a link. Its first screen names the
 * deal (the title screen's module, "Play the linked deal"): what the page asked for before that
 * button was in the page, as row 1 counts. Then Play is pressed: everything fetched until the
 * game is on the table and the network is idle (reported).
 */
async function dealLinkDownload(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    await context.addInitScript(watchFor, '#link-play');
    const page = await context.newPage();
    const seen = new Set();
    const origin = new URL(url).origin;
    page.on('requestfinished', (req) => {
      const u = new URL(req.url());
      if (u.origin === origin) seen.add(decodeURIComponent(u.pathname));
    });
    await page.goto(url + DEAL_QUERY, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 30_000 });
    const first = new Set(await page.evaluate(() => [location.href, ...performance.getEntriesByType('resource')
      .filter((e) => e.startTime <= window.__readyAt).map((e) => e.name)]
      .map((u) => new URL(u)).filter((u) => u.origin === location.origin).map((u) => decodeURIComponent(u.pathname))));
    await page.locator('#link-play').click();
    await page.waitForSelector('main[data-ready="game"]', { timeout: 30_000 });
    await page.waitForLoadState('networkidle').catch(() => {});
    return { ...fetchedSize(first), played: fetchedSize(seen) };
  } finally {
    await context.close();
  }
}

/**
 * The sizes of the build's parts (8.): each wasm module with its JavaScript, by the name Trunk
 * gives it (`unbroken-web-<hash>`) or post-build.mjs (`unbroken-records-<hash>`, …).
 */
function moduleSizes() {
  const out = {};
  for (const f of readdirSync(DIST)) {
    const m = /^(unbroken-(?:title|web|records|bot))[-_].*\.(wasm|js)$/.exec(f);
    if (!m) continue;
    const k = (out[m[1]] ??= { raw: 0, gz: 0 });
    k.raw += statSync(path.join(DIST, f)).size;
    k.gz += gz(path.join(DIST, f));
  }
  return out;
}

/**
 * A whole game at phone speed (9.): seed 7, Brawler, Normal at 390×844 with the CPU slowed 4×,
 * played to its end (at most `moves` moves) by play.mjs's strategy, each move a tap timed from
 * click to painted screen. Returns the main thread's scripting time over the game, the taps and their moves.
 */
async function wholeGame(browser, url, moves = 90) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(READY_SELECTOR, { state: 'attached', timeout: 30_000 });
    await startGame(page, { seed: '7' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const script = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration').value;
    const s0 = await script();
    const taps = [];
    const names = [];
    for (let i = 0; i < moves; i += 1) {
      if ((await page.getAttribute('main', 'data-ready')) !== 'game') break;
      const name = await pickMove(page);
      if (!name) break;
      const ms = await tapByName(page, name);
      if (ms === null) break;
      taps.push(ms);
      names.push(name);
      // A choice that ends the game at once asks to confirm first (as play.mjs's act does).
      if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
      await page.waitForTimeout(30);
    }
    const scriptMs = (await script() - s0) * 1000;
    return { scriptMs, taps, names, ended: (await page.getAttribute('main', 'data-ready')) === 'end' };
  } finally {
    await context.close();
  }
}

/** Clicks the enabled game button whose visible name is `name`; ms to the painted screen. */
async function tapByName(page, name) {
  const id = await page.evaluate((n) => {
    const b = [...document.querySelectorAll('main button.act:not([aria-disabled="true"])')].find((x) => {
      const c = x.cloneNode(true);
      c.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
      return c.textContent.trim() === n;
    });
    if (!b) return null;
    b.setAttribute('data-bench-tap', '1');
    return true;
  }, name);
  if (!id) return null;
  const ms = await clickToUpdateMs(page, '[data-bench-tap]');
  await page.evaluate(() => document.querySelector('[data-bench-tap]')?.removeAttribute('data-bench-tap'));
  return ms;
}

/**
 * Hint latency: Hint pressed -> the bot's answer on screen, at up to `positions`
 * positions of one game (a move played between two). The first includes loading the bot module
 * and starting its worker; the others are the answers of a loaded bot.
 */
async function hintTimes(browser, url, positions = 25) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(READY_SELECTOR, { state: 'attached', timeout: 30_000 });
  await startGame(page, { character: 'Hunter', difficulty: 'Easy', seed: '12' });
  const out = [];
  for (let i = 0; i < positions; i += 1) {
    if ((await page.getAttribute('main', 'data-ready')) !== 'game') break;
    const t0 = Date.now();
    await page.locator('#hint').click();
    await page.waitForFunction(() => {
      const t = document.querySelector('#hint-box .hint-text');
      return t && !t.classList.contains('busy');
    }, null, { timeout: 30_000 });
    out.push(Date.now() - t0);
    await playOne(page);
  }
  await context.close();
  return out;
}

/** Review: "Review with the bot" pressed -> the whole review on screen, for the won
 *  game of tests/e2e/fixtures (played to its end, then replayed). */
async function reviewTime(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(READY_SELECTOR, { state: 'attached', timeout: 30_000 });
  await finishWonGame(page);
  await page.getByRole('button', { name: 'Replay this game' }).click();
  await page.waitForSelector('main[data-ready="replay"]');
  const t0 = Date.now();
  await page.locator('#review').click();
  await page.waitForSelector('#review-sum', { timeout: 60_000 });
  const ms = Date.now() - t0;
  // "N decisions in M moves; …"
  const moves = Number((await page.locator('#review-sum').textContent()).match(/ in (\d+) moves/)?.[1]);
  await context.close();
  return { ms, moves };
}

/** A version 1 records file of `n` real games (the fixture's 48, each copy with its own id and
 *  date, an hour apart); its path. */
export function writeImportFile(dir, n = IMPORT_GAMES) {
  const fixture = JSON.parse(readFileSync(path.join(ROOT, 'tests/e2e/fixtures/records-v1.json'), 'utf8'));
  const start = Date.UTC(2021, 0, 1);
  const games = [];
  for (let i = 0; i < n; i += 1) {
    const g = { ...fixture.games[i % fixture.games.length] };
    g.id = `${g.id.slice(0, 8)}${i.toString(16).padStart(8, '0')}`;
    g.date = new Date(start + i * 3_600_000).toISOString();
    games.push(g);
  }
  const file = path.join(dir, `records-${n}.json`);
  writeFileSync(file, JSON.stringify({ format: 'unbroken-records', version: 1, games, earned: [] }));
  return file;
}

/** Records import (7.): the file chosen in the Records panel -> "Imported" on screen. */
export async function importTime(browser, url) {
  const dir = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  const file = writeImportFile(dir);
  const mb = statSync(file).size / 1024 / 1024;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(READY_SELECTOR, { state: 'attached', timeout: 30_000 });
    await page.getByRole('button', { name: 'Records', exact: true }).click();
    await page.locator('#records-import').waitFor({ state: 'attached', timeout: 30_000 });
    const t0 = Date.now();
    await page.setInputFiles('#records-import', file);
    await page.waitForSelector('#records-import-ok, #records-import-error', { timeout: 120_000 });
    const ms = Date.now() - t0;
    const told = await page.locator('#records-transfer-status').textContent();
    const games = await page.evaluate(() => document.querySelector('#records-count')?.textContent ?? '');
    return { ms, mb, ok: /^Imported/.test(told), told, games };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const opts = { runs: 5, action: '[data-bench-action]' };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in opts)) {
    console.error(`unknown option ${process.argv[i]} (options: --runs N --action SELECTOR)`);
    process.exit(2);
  }
  opts[key] = key === 'runs' ? Number(process.argv[i + 1]) : process.argv[i + 1];
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Records in the page the time (ms since navigation start) when `selector` first appears. */
function watchFor(selector) {
  const mark = () => {
    if (window.__readyAt === undefined && document.querySelector(selector)) {
      window.__readyAt = performance.now();
      return true;
    }
    return false;
  };
  window.__readyAt = undefined;
  const start = () => {
    if (mark()) return;
    const obs = new MutationObserver(() => mark() && obs.disconnect());
    obs.observe(document, { childList: true, subtree: true, attributes: true });
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}

/**
 * Click `selector` in `page` and return the ms until the screen has updated: the first DOM
 * mutation after the click, then the next frame (rAF + a task, i.e. after paint).
 * Returns null when nothing matches `selector`. Rejects when the DOM does not change in 10 s.
 * Reusable by tests: import { clickToUpdateMs } from '../../scripts/budgets.mjs'.
 */
export async function clickToUpdateMs(page, selector) {
  if (!(await page.$(selector))) return null;
  return page.evaluate(
    (sel) =>
      new Promise((resolve, reject) => {
        const el = document.querySelector(sel);
        const timer = setTimeout(() => reject(new Error(`no DOM change within 10 s of clicking ${sel}`)), 10_000);
        let t0 = 0;
        const obs = new MutationObserver(() => {
          obs.disconnect();
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(timer);
              resolve(performance.now() - t0);
            }, 0),
          );
        });
        // A tap's pointerdown first, outside the timing, as a finger or a mouse sends it: the
        // page's background jobs (the records module's fetch and compile) wait for 4 s without
        // one, and a bare click() would let them start inside the measured taps.
        el.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, pointerType: 'touch', isPrimary: true }));
        obs.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
        t0 = performance.now();
        el.click();
      }),
    selector,
  );
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    console.error(`budgets: ${DIST}/index.html is missing; build first (scripts/build-web.sh)`);
    process.exit(1);
  }
  const srv = await startStaticServer({ dir: DIST, base: '/' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const rows = [];
  let failed = false;
  // A page that never loads or never becomes ready is a broken build, not a budget: always fatal.
  let broken = null;
  try {
    // --- 1 + 2: load N times, fresh context each time -------------------------------------
    const ttis = [];
    let loaded = new Set();
    let idle = new Set();
    let notReady = null;
    for (let run = 0; run < opts.runs; run += 1) {
      const context = await browser.newContext();
      await context.addInitScript(watchFor, READY_SELECTOR);
      const page = await context.newPage();
      const seen = new Set();
      page.on('requestfinished', (req) => {
        const u = new URL(req.url());
        if (u.origin === srv.origin) seen.add(decodeURIComponent(u.pathname));
      });
      await page.goto(srv.url, { waitUntil: 'load' });
      try {
        await page.waitForFunction(() => window.__readyAt !== undefined, null, { timeout: 30_000 });
        ttis.push(await page.evaluate(() => window.__readyAt));
      } catch {
        notReady = `no ${READY_SELECTOR} within 30 s`;
        broken = notReady;
      }
      await page.waitForLoadState('networkidle').catch(() => {});
      if (run === 0) {
        idle = seen;
        // What was asked for before the screen was ready: the page itself and every resource
        // whose request started before the ready mark.
        loaded = new Set(await page.evaluate(() => [location.href, ...performance.getEntriesByType('resource')
          .filter((e) => e.startTime <= window.__readyAt).map((e) => e.name)]
          .map((u) => new URL(u)).filter((u) => u.origin === location.origin).map((u) => decodeURIComponent(u.pathname))));
      }
      await context.close();
      if (notReady) break;
    }

    // Sizes of what the first load fetched (paths map 1:1 to dist/ at base "/").
    const { files } = fetchedSize(loaded);
    const byKind = new Map();
    let total = 0;
    for (const f of files) {
      const ext = path.extname(f).slice(1) || 'other';
      const size = gz(f);
      total += size;
      const k = byKind.get(ext) || { n: 0, raw: 0, gz: 0 };
      k.n += 1;
      k.raw += statSync(f).size;
      k.gz += size;
      byKind.set(ext, k);
    }
    for (const [ext, k] of [...byKind].sort((a, b) => b[1].gz - a[1].gz)) {
      rows.push([`  .${ext} (${k.n} file${k.n > 1 ? 's' : ''}, ${kb(k.raw)} KB raw)`, `${kb(k.gz)} KB gz`, '', '']);
    }
    const sizeOk = total <= SIZE_BUDGET_KB * 1024;
    if (!sizeOk) failed = true;
    if (files.length === 0) broken = 'nothing loaded';
    rows.unshift(['initial download (gzip -9)', `${kb(total)} KB`, `<= ${SIZE_BUDGET_KB} KB (goal ${SIZE_TARGET_KB})`,
      files.length === 0 ? 'FAIL (nothing loaded)' : !sizeOk ? 'OVER BUDGET' : total <= SIZE_TARGET_KB * 1024 ? 'ok' : 'ok (over the goal)']);
    const later = fetchedSize(idle);
    rows.splice(1, 0, [`first visit by network idle (${later.files.length} files: + the table's module, fetched once the title is up)`,
      `${kb(later.total)} KB`, '', 'report']);

    // Everything in dist/ (not all of it is loaded up front, but a visit that plays, hints and
    // opens the records fetches it, and an offline install caches it all).
    const all = readdirSync(DIST, { recursive: true })
      .map((f) => path.join(DIST, f))
      .filter((f) => statSync(f).isFile());
    const distGz = all.reduce((s, f) => s + gz(f), 0);
    const distOver = distGz > DIST_CAP_KB * 1024;
    if (distOver) failed = true;
    rows.push([`all of dist/ (${all.length} files)`, `${kb(distGz)} KB gz`, `<= ${DIST_CAP_KB} KB (target ${DIST_TARGET_KB})`,
      distOver ? 'OVER BUDGET' : distGz <= DIST_TARGET_KB * 1024 ? 'ok' : 'ok (over the target)']);
    const mods = moduleSizes();
    for (const [name, target] of Object.entries(MODULE_TARGETS_KB)) {
      const m = mods[name];
      const cap = MODULE_CAPS_KB[name];
      const overCap = m && cap !== undefined && m.gz > cap * 1024;
      if (overCap) failed = true;
      const onTarget = m && m.gz <= target * 1024;
      rows.push([`module ${name} (wasm + js${m ? `, ${kb(m.raw)} KB raw` : ''})`, m ? `${kb(m.gz)} KB gz` : 'n/a',
        cap === undefined ? `<= ${target} KB` : cap === target ? `<= ${cap} KB` : `<= ${cap} KB (target ${target})`,
        !m ? 'missing' : overCap ? 'OVER BUDGET' : cap !== undefined ? (onTarget ? 'ok' : 'ok (over the target)')
          : onTarget ? 'ok (report only)' : 'OVER TARGET (report only)']);
    }

    if (ttis.length) {
      const m = median(ttis);
      rows.push([`time to interactive new-game (median of ${ttis.length})`, `${m.toFixed(0)} ms`, `~${TTI_TARGET_MS} ms`,
        m <= TTI_TARGET_MS ? 'ok (report only)' : 'SLOW (report only)']);
    } else {
      rows.push(['time to interactive new-game', 'n/a', `~${TTI_TARGET_MS} ms`, `not measured: ${notReady}`]);
    }

    // --- 3: click latency ---------------------------------------------------------------
    const clicks = [];
    let clickNote = '';
    if (!notReady) {
      for (let run = 0; run < opts.runs; run += 1) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(srv.url, { waitUntil: 'load' });
        await page.waitForSelector(READY_SELECTOR, { state: 'attached', timeout: 30_000 });
        const ms = await clickToUpdateMs(page, opts.action).catch((err) => {
          clickNote = err.message;
          return null;
        });
        await context.close();
        if (ms === null) break;
        clicks.push(ms);
      }
    }
    if (clicks.length) {
      const m = median(clicks);
      rows.push([`click ${opts.action} -> updated screen (median of ${clicks.length})`, `${m.toFixed(1)} ms`,
        `~${ACTION_TARGET_MS} ms`, m <= ACTION_TARGET_MS ? 'ok (report only)' : 'SLOW (report only)']);
    } else {
      rows.push([`click ${opts.action} -> updated screen`, 'n/a', `~${ACTION_TARGET_MS} ms`,
        clickNote || (notReady ? 'not measured: UI not ready' : `not measured: nothing matches ${opts.action} yet (UI not built)`)]);
    }
    // --- 4 + 5: slow machines and the game itself ------------------------------------------
    if (!notReady) {
      const gz = await startStaticServer({ dir: DIST, base: '/', gzip: true });
      const slow = await slowTti(browser, gz.url, 4, FAST_3G).catch(() => null);
      await gz.close();
      rows.push(['time to interactive, 4× CPU + Fast 3G', slow === null ? 'n/a' : `${slow.ms.toFixed(0)} ms`,
        `~${SLOW_TTI_TARGET_MS} ms`, slow === null ? 'not measured' : slow.ms <= SLOW_TTI_TARGET_MS ? 'ok (report only)' : 'SLOW (report only)']);
      rows.push(['  first contentful paint, 4× CPU + Fast 3G', slow === null ? 'n/a' : `${slow.fcp.toFixed(0)} ms`, 'report', 'report only']);
      rows.push(['  layout shift up to ready (CLS sum)', slow === null ? 'n/a' : slow.shift.toFixed(3), '0',
        slow === null ? 'not measured' : slow.shift < 0.01 ? 'ok (report only)' : 'SHIFTS (report only)']);
      const deal = await dealLinkDownload(browser, srv.url).catch(() => null);
      const dealOver = deal && deal.total > DEAL_LINK_CAP_KB * 1024;
      if (dealOver) failed = true;
      rows.push([`deal link's first screen (${deal ? deal.files.length : '?'} files, gzip -9)`, deal ? `${kb(deal.total)} KB` : 'n/a',
        `<= ${DEAL_LINK_CAP_KB} KB (target ${SIZE_TARGET_KB})`,
        !deal ? 'not measured' : dealOver ? 'OVER BUDGET' : deal.total <= SIZE_TARGET_KB * 1024 ? 'ok' : 'ok (over the target)']);
      rows.push([`  … once Play is pressed, by network idle (${deal ? deal.played.files.length : '?'} files)`,
        deal ? `${kb(deal.played.total)} KB` : 'n/a', '', 'report']);
      for (const [cpu, target] of [[1, ACTION_TARGET_MS], [4, THROTTLED_TARGET_MS]]) {
        const ms = await gameClicks(browser, srv.url, cpu).catch(() => []);
        const m = median(ms);
        rows.push([`in-game click -> painted, 390×844${cpu > 1 ? `, ${cpu}× CPU` : ''} (median of ${ms.length})`,
          ms.length ? `${m.toFixed(1)} ms` : 'n/a', `~${target} ms`,
          !ms.length ? 'not measured' : m <= target ? 'ok (report only)' : 'SLOW (report only)']);
      }
      const game = await wholeGame(browser, srv.url).catch((e) => ({ error: e.message }));
      if (game.taps?.length) {
        const worst = Math.max(...game.taps);
        const at = game.taps.indexOf(worst);
        rows.push([`whole game at 390×844, 4× CPU: scripting (${game.taps.length} moves${game.ended ? ', to its end' : ''})`,
          `${game.scriptMs.toFixed(0)} ms`, 'report', 'report only']);
        rows.push([`whole game: slowest tap -> painted (move ${at + 1}, ${game.names[at].slice(0, 20)})`, `${worst.toFixed(1)} ms`, `<= ${WORST_TAP_TARGET_MS} ms`,
          worst <= WORST_TAP_TARGET_MS ? 'ok (report only)' : 'SLOW (report only)']);
        rows.push(['whole game: median tap -> painted', `${median(game.taps).toFixed(1)} ms`, `~${THROTTLED_TARGET_MS} ms`, 'report only']);
      } else {
        rows.push(['whole game at 390×844, 4× CPU', 'n/a', 'report', `not measured${game.error ? `: ${game.error.slice(0, 100)}` : ''}`]);
      }
      const hints = await hintTimes(browser, srv.url).catch(() => []);
      if (hints.length) {
        rows.push(['first hint (loads the bot module)', `${hints[0]} ms`, 'report', 'report only']);
        const later = hints.slice(1);
        const m = median(later);
        rows.push([`hint -> answer shown (median of ${later.length})`, later.length ? `${m.toFixed(0)} ms` : 'n/a',
          `<= ${HINT_TARGET_MS} ms`, !later.length ? 'not measured' : m <= HINT_TARGET_MS ? 'ok (report only)' : 'SLOW (report only)']);
      } else {
        rows.push(['hint -> answer shown', 'n/a', `<= ${HINT_TARGET_MS} ms`, 'not measured']);
      }
      const im = await importTime(browser, srv.url).catch((e) => ({ error: e.message }));
      rows.push([`import ${IMPORT_GAMES.toLocaleString('en')} records (v1 file${im.mb ? `, ${im.mb.toFixed(0)} MB` : ''}) -> "Imported"`,
        im.ok ? `${im.ms} ms` : 'n/a', `<= ${IMPORT_TARGET_MS} ms`,
        !im.ok ? `not measured: ${(im.told || im.error || '').slice(0, 120)}` : im.ms <= IMPORT_TARGET_MS ? 'ok (report only)' : 'SLOW (report only)']);
      const rv = await reviewTime(browser, srv.url).catch(() => null);
      rows.push([`review of a whole game${rv ? ` (${rv.moves} moves)` : ''}`, rv ? `${rv.ms} ms` : 'n/a',
        `<= ${REVIEW_TARGET_MS} ms`, !rv ? 'not measured' : rv.ms <= REVIEW_TARGET_MS ? 'ok (report only)' : 'SLOW (report only)']);
    }
  } finally {
    await browser.close();
    await srv.close();
  }

  const head = ['measure', 'value', 'budget/target', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((c, i) => String(c).padEnd(widths[i])).join(' | ').trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
  console.log(failed ? 'budgets: OVER BUDGET (a size over its cap: see the rows marked OVER BUDGET)' : 'budgets: ok');
  if (broken) console.log(`budgets: BROKEN (${broken})`);
  process.exit(broken || failed ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
