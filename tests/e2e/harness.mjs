// Helpers for the browser tests in tests/e2e/ (headless Debian Chromium via playwright-core).
//
// Nothing here builds: `scripts/test.sh` (or scripts/build-web.sh) puts the release build in
// dist/ first. Run all tests: `node tests/e2e/run.mjs`; some: `node tests/e2e/run.mjs smoke`.
//
// Write a test as tests/e2e/<name>.test.mjs with node:test:
//
//   import { test } from 'node:test';
//   import assert from 'node:assert/strict';
//   import { useBrowser, newPage, openGame, assertNoConsoleErrors, assertNoA11yViolations } from './harness.mjs';
//
//   useBrowser();                                  // one Chromium for this file, closed after it
//   test('new game starts', async () => {
//     const page = await newPage();                // fresh context: empty storage, errors collected
//     await openGame(page);                        // dist/ at '/', waits for [data-ready]
//     await page.getByRole('button', { name: 'Start' }).click();
//     assertNoConsoleErrors(page);
//     await assertNoA11yViolations(page);
//   });
//
// The helpers:
//   useBrowser()                 registers before/after hooks: launches Chromium, closes it and
//                                every static server at the end of the file.
//   newPage({ viewport, ... })   a page in a new browser context (fresh cookies/localStorage);
//                                options go to browser.newContext(). Starts collecting errors.
//   openProfile(dir?)            a persistent context on a user-data-dir (a fresh temp one unless
//                                given): close it and open the same dir again to test what
//                                survives a browser restart. Returns { context, page, dir }.
//   openGame(page, subpath='/', { ready })
//                                serves dist/ under `subpath` (only there: absolute URLs 404) and
//                                loads it; waits until `ready` (default '[data-ready]') is present.
//                                Returns the URL it opened.
//   serveDist(subpath)           the static server for that subpath: { url, requests, ... }.
//   awaitOfflineCache(page, parts)
//                                after a first visit: waits until the service worker controls
//                                the page and its cache holds a file named with each of `parts`.
//   consoleErrors(page)          the errors collected so far: console.error, uncaught exceptions,
//                                failed requests and HTTP >= 400 responses.
//   assertNoConsoleErrors(page)  throws listing them when there are any.
//   runAxe(page, options)        axe.run() in the page; returns the results.
//   assertNoA11yViolations(page, options)
//                                throws listing each violation and its nodes. `options` goes to
//                                axe.run (e.g. { rules: { 'color-contrast': { enabled: false } } }).
//   SUBPATH                      '/some/sub/path/': use it to prove relative URLs.
//
// UI contract: when a screen is interactive its root element has data-ready="<screen>"; the
// new-game screen is data-ready="new-game" (scripts/budgets.mjs times that one).

import { after, before } from 'node:test';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../../scripts/static-server.mjs';

const require = createRequire(import.meta.url);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
export const SUBPATH = '/some/sub/path/';
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Default wait for the app to become ready, in ms (a cold wasm start on a slow CI box). */
export const READY_TIMEOUT = Number(process.env.E2E_READY_TIMEOUT || 30_000);

const servers = new Map(); // subpath -> server
const errorsByPage = new WeakMap();
const profiles = [];
let browser = null;

/** Launch Chromium with the project's flags (no persistent profile). */
export async function launchBrowser() {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    throw new Error(`${DIST}/index.html is missing: build first (scripts/build-web.sh)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/** One browser for the current test file; closes it and the servers when the file is done. */
export function useBrowser() {
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await closeAll();
  });
}

export function getBrowser() {
  if (!browser) throw new Error('no browser: call useBrowser() at the top of the test file');
  return browser;
}

export async function closeAll() {
  const open = profiles.splice(0);
  for (const p of open) await p.context.close().catch(() => {});
  for (const p of open) if (p.dir) await rm(p.dir, { recursive: true, force: true }).catch(() => {});
  if (browser) await browser.close().catch(() => {});
  browser = null;
  for (const srv of servers.values()) await srv.close();
  servers.clear();
}

/** Start collecting console errors, page errors, failed and >= 400 requests of `page`. */
export function collectErrors(page) {
  if (errorsByPage.has(page)) return errorsByPage.get(page);
  const errors = [];
  errorsByPage.set(page, errors);
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const loc = msg.location();
      errors.push(`console.error: ${msg.text()}${loc?.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.stack || err.message || err}`));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText ?? '';
    // Chromium fetches the tab's icon after `load`, boot.js fetches art sheets in the
    // background (the monsters' once a move is played, when the browser is idle) and the table's
    // module once the title screen is up; a reload or navigation in that moment cancels them
    // (ERR_ABORTED). That is the browser dropping a
    // request the page no longer needs, not a fault of the page. (A file that is missing or
    // fails otherwise is still an error: an HTTP status or another net:: error.)
    const file = new URL(req.url()).pathname;
    const background = file.endsWith('/favicon.svg') || /\/art\/[\w-]+\.svg$/.test(file)
      || /\/unbroken-web-[0-9a-f]+(_bg\.wasm|\.js)$/.test(file);
    if (why === 'net::ERR_ABORTED' && background) return;
    errors.push(`request failed: ${req.url()} ${why}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  return errors;
}

/** A page in a fresh browser context; console errors are collected from the start. */
export async function newPage(contextOptions = {}) {
  const context = await getBrowser().newContext(contextOptions);
  const page = await context.newPage();
  collectErrors(page);
  return page;
}

/** A persistent Chromium profile (fresh temp user-data-dir unless `dir` is given). */
export async function openProfile(dir, contextOptions = {}) {
  const userDataDir = dir || (await mkdtemp(path.join(tmpdir(), 'unbroken-profile-')));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...contextOptions,
  });
  const page = context.pages()[0] || (await context.newPage());
  collectErrors(page);
  const profile = { context, page, dir: userDataDir };
  // Only temp dirs we made are removed at the end; a reopened one is closed at the end too.
  profiles.push({ context, dir: dir ? '' : userDataDir });
  return profile;
}

/** The static server of dist/ mounted at `subpath` (started on first use, random free port). */
export async function serveDist(subpath = '/') {
  if (!servers.has(subpath)) servers.set(subpath, await startStaticServer({ dir: DIST, base: subpath }));
  return servers.get(subpath);
}

/**
 * After a first visit (the new-game screen open): waits until the service worker controls the
 * page and its cache holds a file whose URL contains each of `parts`, so the page can be
 * reloaded offline.
 */
export async function awaitOfflineCache(page, parts) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('[data-ready="new-game"]');
  }
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.waitForFunction(async (want) => {
    const keys = await (await caches.open('unbroken-shell')).keys();
    return want.every((p) => keys.some((r) => r.url.includes(p)));
  }, parts);
}

/** Serve dist/ under `subpath`, load it in `page` and wait until the app is ready. */
export async function openGame(page, subpath = '/', { ready = '[data-ready]', timeout = READY_TIMEOUT } = {}) {
  collectErrors(page);
  const srv = await serveDist(subpath);
  await page.goto(srv.url, { waitUntil: 'load', timeout });
  if (ready) {
    try {
      await page.waitForSelector(ready, { state: 'attached', timeout });
    } catch (err) {
      const errors = consoleErrors(page);
      throw new Error(
        `app not ready: no ${ready} within ${timeout} ms at ${srv.url}` +
          (errors.length ? `\npage errors:\n  ${errors.join('\n  ')}` : '') +
          `\n${err.message.split('\n')[0]}`,
      );
    }
  }
  return srv.url;
}

export function consoleErrors(page) {
  return errorsByPage.get(page) || [];
}

export function assertNoConsoleErrors(page) {
  const errors = consoleErrors(page);
  if (errors.length) throw new Error(`${errors.length} console/page error(s):\n  ${errors.join('\n  ')}`);
}

let axeSource = null;
/** Run axe-core in `page`; `options` are axe.run options. Returns axe's results. */
export async function runAxe(page, options = {}, context = undefined) {
  axeSource ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof window.axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(
    ([ctx, opts]) => window.axe.run(ctx ?? document, { resultTypes: ['violations'], ...opts }),
    [context ?? null, options],
  );
}

export function formatViolations(violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `      ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      ...and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Fail with a readable list when axe finds any violation. Axe reads colours as they are drawn at
 * that moment, so the page's finite animations (a banner fading in) are let finish first; a busy
 * machine can otherwise catch one half-way and count a contrast the player never reads.
 */
export async function assertNoA11yViolations(page, options = {}, context = undefined) {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    const done = Promise.all(finite.map((a) => a.finished.catch(() => {})));
    return Promise.race([done, new Promise((r) => setTimeout(r, 3000))]);
  });
  const { violations } = await runAxe(page, options, context);
  if (violations.length) throw new Error(`${violations.length} accessibility violation(s):\n${formatViolations(violations)}`);
}
