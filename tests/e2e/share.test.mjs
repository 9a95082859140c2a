// Deal links and hosting: two fresh profiles open the same deal link and play the same deal;
// a malformed link shows a message and keeps the saved game; a link with a saved game asks
// first; the build served from a sub-path loads and plays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startStaticServer } from '../../scripts/static-server.mjs';
import {
  assertNoConsoleErrors,
  collectErrors,
  DIST,
  newPage,
  openGame,
  serveDist,
  SUBPATH,
  useBrowser,
} from './harness.mjs';
import { act, enabledActions, playOne, playUntil, startGame, stateJson } from './play.mjs';

useBrowser();

const SAVE_KEY = 'unbroken.game.v1';
const DEAL = '?v=1&seed=424242&character=hunter&side=1&difficulty=hard';

/** Opens dist/ under SUBPATH with this query; waits for `ready`. */
async function openAt(page, query, ready = '[data-ready]') {
  collectErrors(page);
  const srv = await serveDist(SUBPATH);
  await page.goto(srv.url + query, { waitUntil: 'load' });
  await page.waitForSelector(ready, { state: 'attached' });
  return srv.url;
}

test('two fresh profiles open the same deal link and play the same deal', async () => {
  const a = await newPage();
  const b = await newPage();
  const base = await openAt(a, DEAL, '#link-play');
  await openAt(b, DEAL, '#link-play');
  // A fresh profile is asked too, the deal named: the first screen is the title's.
  for (const p of [a, b]) {
    assert.match(await p.locator('#link-p').textContent(), /the Hunter \(second side\), Hard, seed 424242\.$/);
    await p.getByRole('button', { name: 'Play the linked deal' }).click();
    await p.waitForSelector('main[data-ready="game"]');
  }
  // The query is gone from the address bar (relative replaceState keeps the sub-path).
  assert.equal(a.url(), base);
  const first = await stateJson(a);
  assert.equal(first, await stateJson(b));
  const s = JSON.parse(first);
  assert.equal(s.seed, '424242');
  assert.equal(s.difficulty, 'Hard');
  // The same moves reveal the same encounters, monster and dice.
  for (let i = 0; i < 6; i += 1) {
    const ma = await playOne(a);
    const mb = await playOne(b);
    assert.equal(ma, mb);
    assert.equal(await stateJson(a), await stateJson(b), `states differ after move ${i + 1}`);
  }
  assertNoConsoleErrors(a);
  assertNoConsoleErrors(b);
});

test('a malformed link shows a message and keeps the saved game', async () => {
  const page = await newPage();
  await openGame(page, SUBPATH);
  await startGame(page, { seed: '7' });
  await playOne(page);
  const saved = await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);
  assert.ok(saved, 'a game is saved');
  await openAt(page, '?v=1&seed=abc&character=sage&side=0&difficulty=hard', 'main[data-ready="new-game"]');
  const msg = await page.locator('#link-error').textContent();
  assert.match(msg, /seed/);
  assert.ok(await page.locator('#continue').isVisible(), 'the saved game is offered');
  assert.ok(await page.getByRole('button', { name: 'Start the game' }).isVisible(), 'a new game is offered');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY), saved);
  await page.locator('#continue').click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY), saved);
  assertNoConsoleErrors(page);
});

test('a 100 KB link value is quoted short, at once, and a new game starts (issue 13, item 7)', async () => {
  const page = await newPage();
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message().length);
    d.dismiss();
  });
  // Servers refuse a request line this long (Node's at 16 KB): the page itself is what a host
  // that takes it would send, and the app reads the address as it is.
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  await page.route((u) => u.search.length > 10_000, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  const t0 = Date.now();
  await openAt(page, `?v=1&seed=${'9'.repeat(100_000)}&character=sage&side=0&difficulty=hard`, 'main[data-ready="new-game"]');
  const ms = Date.now() - t0;
  const msg = await page.locator('#link-error').textContent();
  assert.match(msg, /seed/);
  assert.ok(msg.length < 300, `the message quotes the value short (${msg.length} characters)`);
  assert.ok(!msg.includes('9'.repeat(60)), 'at most ~40 characters of the value');
  assert.deepEqual(dialogs, [], 'no alert');
  assert.ok(ms < 10_000, `ready in ${ms} ms`);
  await startGame(page, { seed: '7' });
  await playOne(page);
  assertNoConsoleErrors(page);
});

test('a deal link with a saved game asks first: keep, or play the deal', async () => {
  const page = await newPage();
  await openGame(page, SUBPATH);
  await startGame(page, { seed: '7' });
  const saved = await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);
  await openAt(page, DEAL, 'main[data-ready="new-game"]');
  await page.locator('#link-keep').click();
  assert.equal(await page.locator('#link-ask').count(), 0);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY), saved);
  await openAt(page, DEAL, '#link-ask');
  await page.getByRole('button', { name: 'Play the linked deal' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  const s = JSON.parse(await stateJson(page));
  assert.equal(s.seed, '424242');
  assertNoConsoleErrors(page);
});

test('the build served from a sub-path loads, starts a game and plays a move', async () => {
  const page = await newPage();
  await openGame(page, SUBPATH, { ready: '[data-ready="new-game"]' });
  await startGame(page, { seed: '11' });
  assert.ok(await playOne(page));
  assertNoConsoleErrors(page);
});

test('the end screen copies a result text with the deal link', async () => {
  const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  await openGame(page, SUBPATH);
  await startGame(page, { seed: '7', difficulty: 'Hard' });
  // The deal link of the game in progress is on screen.
  const live = await page.locator('#game-deal-link').getAttribute('href');
  assert.match(live, /\/some\/sub\/path\/\?v=1&seed=7&character=brawler&side=0&difficulty=hard$/);
  await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
  const text = await page.locator('#result-text').inputValue();
  assert.match(text, /^Unbroken — .* the Brawler, Hard: (Victory|Defeat).*Play the same deal: http.*\?v=1&seed=7&/);
  await page.getByRole('button', { name: 'Copy result' }).click();
  await page.waitForFunction(() => /Copied/.test(document.querySelector('#copy-status')?.textContent ?? ''));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
  assert.equal(await page.locator('#deal-link').getAttribute('href'), live);
  assertNoConsoleErrors(page);
});

test('the daily challenge deals the same game to everyone and is recorded as daily', async () => {
  const a = await newPage();
  const b = await newPage();
  for (const p of [a, b]) {
    await openGame(p, SUBPATH, { ready: '[data-ready="new-game"]' });
    await p.getByRole('button', { name: 'Daily challenge' }).click();
    await p.waitForSelector('main[data-ready="game"]');
  }
  assert.equal(await stateJson(a), await stateJson(b));
  await playUntil(a, async () => false);
  await a.waitForSelector('main[data-ready="end"]');
  // Stored (packed: its kind is read back by the scorepad below).
  await a.waitForFunction(() => (JSON.parse(localStorage.getItem('unbroken.records') ?? '{}').games ?? []).length === 1);
  // The scorepad keeps daily challenges in their own table.
  await a.getByRole('button', { name: 'Records', exact: true }).click();
  await a.locator('#records-daily').waitFor();
  assert.equal(await a.locator('#records-daily tbody tr').count(), 1);
  assert.equal(await a.locator('#records-scorepad').count(), 0, 'no own games in the main table');
  assertNoConsoleErrors(a);
  assertNoConsoleErrors(b);
});

/** Opens the game under SUBPATH and waits until the service worker controls the page. */
async function openControlled(page) {
  await openGame(page, SUBPATH, { ready: '[data-ready="new-game"]' });
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('[data-ready="new-game"]');
  }
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
}

test('after a first visit the app loads and plays with the network cut', async () => {
  const page = await newPage();
  await openControlled(page);
  // The shell (page, wasm, JS, CSS) is in the cache.
  await page.waitForFunction(async () => {
    const keys = await (await caches.open('unbroken-shell')).keys();
    const has = (re) => keys.some((r) => re.test(r.url));
    // The app's files and the records module, which the app loads only on first need.
    return has(/unbroken-web-\w+_bg\.wasm$/) && has(/unbroken-web-\w+\.js$/) && has(/unbroken-records-\w+_bg\.wasm$/) && has(/unbroken-records-\w+\.js$/)
      // The art sheets too, the ones the first screen does not show included.
      && ['icons', 'characters', 'monsters', 'weapons'].every((n) => has(new RegExp(`/art/${n}\\.svg$`)));
  });
  const srv = await serveDist(SUBPATH);
  await page.context().setOffline(true);
  const served = srv.requests.length;
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('main[data-ready="new-game"]');
  await startGame(page, { seed: '5' });
  assert.ok(await playOne(page));
  // The records open offline too: their module came from the cache.
  await page.getByRole('button', { name: 'Records' }).click();
  await page.locator('#records-count').waitFor();
  assert.match(await page.locator('#records-count').textContent(), /No games recorded yet/);
  assert.equal(srv.requests.length, served, 'nothing reached the server while offline');
  await page.context().setOffline(false);
});

test('a file of the site opened in the tab never replaces the offline game', async () => {
  const page = await newPage();
  await openControlled(page);
  await page.waitForFunction(async () => {
    const keys = await (await caches.open('unbroken-shell')).keys();
    return keys.some((r) => /unbroken-web-\w+_bg\.wasm$/.test(r.url));
  });
  const app = page.url();
  // The favicon and the manifest, opened in the tab as a player might.
  for (const file of ['favicon.svg', 'manifest.webmanifest']) {
    const r = await page.goto(new URL(file, app).href, { waitUntil: 'load' });
    assert.ok(r.ok(), `${file} opens`);
  }
  await page.context().setOffline(true);
  await page.goto(app, { waitUntil: 'load' });
  await page.waitForSelector('main[data-ready="new-game"]');
  await startGame(page, { seed: '6' });
  assert.ok(await playOne(page));
  await page.context().setOffline(false);
});

test('a recorded game replays move by move from the scorepad, and the game in progress is kept', async () => {
  const page = await newPage();
  await openGame(page, SUBPATH, { ready: '[data-ready="new-game"]' });
  await startGame(page, { character: 'Brawler', difficulty: 'Easy', seed: 31 });
  const moves = await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
  const end = await stateJson(page);
  await page.waitForFunction(() => (JSON.parse(localStorage.getItem('unbroken.records') ?? '{}').games ?? []).length === 1);
  // A new game in progress, then the replay of the first one.
  await page.getByRole('button', { name: 'New game' }).click();
  await startGame(page, { seed: 32 });
  await act(page, 'Explore');
  const inProgress = await stateJson(page);
  await page.getByRole('button', { name: 'Records', exact: true }).click();
  await page.getByRole('button', { name: /^Replay the game of / }).click();
  await page.waitForSelector('main[data-ready="replay"]');
  assert.match(await page.locator('#replay-pos').textContent(), /^The start of the game/);
  // Only the replay's own controls can be used; the board is read-only.
  assert.deepEqual(await enabledActions(page), ['Next', 'Last']);
  await act(page, 'Next');
  assert.match(await page.locator('#replay-pos').textContent(), new RegExp(`^Move 1 of ${moves.length}: `));
  assert.equal(await page.locator('.log-list > li').count(), 2, 'the log: the setup and the first move');
  await act(page, 'Previous');
  assert.match(await page.locator('#replay-pos').textContent(), /^The start/);
  await act(page, 'Last');
  assert.equal(await stateJson(page), end, 'the last move shows the position the game ended in');
  assert.match(await page.locator('#replay-end').textContent(), /victory|defeat/);
  assert.deepEqual(await enabledActions(page), ['First', 'Previous']);
  // Closing the replay goes back to the title screen, the game in progress still saved.
  await page.getByRole('button', { name: 'Close replay' }).click();
  await page.waitForSelector('main[data-ready="new-game"]');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await stateJson(page), inProgress);
  assertNoConsoleErrors(page);
});

/** Turns the build in `dir` into a "new release": every hashed file gets a new name, and the
 *  page names the new files (what a real release does); returns the old and new names. */
async function nextRelease(dir) {
  let page = await readFile(path.join(dir, 'index.html'), 'utf8');
  const renamed = [];
  for (const f of await readdir(dir)) {
    const m = /^(unbroken-web-|app-)([0-9a-f]+)(.*)$/.exec(f);
    if (!m) continue;
    const to = `${m[1]}${'f'.repeat(m[2].length)}${m[3]}`;
    await rename(path.join(dir, f), path.join(dir, to));
    page = page.split(f).join(to);
    renamed.push([f, to]);
  }
  // The page names the table's module in a meta (scripts/post-build.mjs), which boot.js reads.
  await writeFile(path.join(dir, 'index.html'), page.replace('</head>', '<meta name="release" content="2"></head>'));
  return renamed;
}

test('a new release replaces the cached one and the game in progress goes on, online and offline', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'unbroken-release-'));
  await cp(DIST, dir, { recursive: true });
  const srv = await startStaticServer({ dir, base: SUBPATH });
  const page = await newPage();
  collectErrors(page);
  await page.goto(srv.url, { waitUntil: 'load' });
  await page.waitForSelector('[data-ready="new-game"]');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  const cached = () =>
    page.evaluate(async () => (await (await caches.open('unbroken-shell')).keys()).map((r) => new URL(r.url).pathname.split('/').pop()));
  await page.waitForFunction(async () => (await (await caches.open('unbroken-shell')).keys()).some((r) => r.url.endsWith('.wasm')));
  // A game in progress under release 1.
  await startGame(page, { seed: 9 });
  await act(page, 'Explore');
  assert.ok(await playOne(page));
  const position = await stateJson(page);

  const renamed = await nextRelease(dir);
  assert.ok(renamed.length >= 3, `the app's wasm, JS and CSS are renamed: ${renamed}`);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('[data-ready="new-game"]');
  assert.equal(await page.locator('meta[name="release"]').count(), 1, 'release 2 is served');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await stateJson(page), position, 'the game in progress resumes at the same position');
  // The cache now holds release 2 and none of release 1's files.
  await page.waitForFunction(
    async (names) => {
      const have = (await (await caches.open('unbroken-shell')).keys()).map((r) => new URL(r.url).pathname.split('/').pop());
      return names.every(([from, to]) => have.includes(to) && !have.includes(from));
    },
    renamed,
  );
  // And it plays offline on release 2.
  await page.context().setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('[data-ready="new-game"]');
  assert.equal(await page.locator('meta[name="release"]').count(), 1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await stateJson(page), position);
  assert.ok(await playOne(page));
  assert.ok((await cached()).length > 0);
  await page.context().setOffline(false);
  await srv.close();
  assertNoConsoleErrors(page);
});
