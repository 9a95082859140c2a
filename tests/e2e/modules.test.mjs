// The page's two first modules (static/boot.js, 6.): a first visit starts on the title screen's
// own small module and fetches the table's once that screen is up; the player's choice hands
// the page over. A deal link opens on the title module too, the deal named; a saved game goes to
// the table's module, which reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleErrors, newPage, openGame, serveDist, useBrowser } from './harness.mjs';
import { act, startGame, state } from './play.mjs';

useBrowser();

/** Marks when the title screen is ready, as budgets.mjs does (`window.__readyAt`). */
function markReady() {
  window.__readyAt = undefined;
  new MutationObserver((_, obs) => {
    if (window.__readyAt === undefined && document.querySelector('[data-ready="new-game"]')) {
      window.__readyAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

/** The page's requests for a module's wasm (`unbroken-title`, `unbroken-web`): start times. */
const wasmStarts = (page, name) =>
  page.evaluate((n) => performance.getEntriesByType('resource')
    .filter((e) => new RegExp(`/${n}-[0-9a-f]+_bg\\.wasm$`).test(e.name)).map((e) => e.startTime), name);

test('a first visit starts on the title module; the table module comes once it is up and takes over on Start', async () => {
  const page = await newPage();
  await page.addInitScript(markReady);
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  const readyAt = await page.evaluate(() => window.__readyAt);
  assert.equal(await page.evaluate(() => typeof window.unbroken), 'undefined', "the title module's title");
  assert.equal((await wasmStarts(page, 'unbroken-title')).length, 1, 'the title module was fetched');
  // The table's module is asked for only after the title screen is up (in the background).
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /unbroken-web-[0-9a-f]+_bg\.wasm$/.test(e.name)));
  const table = await wasmStarts(page, 'unbroken-web');
  assert.equal(table.length, 1, 'the table module was fetched once');
  assert.ok(table[0] >= readyAt, `the table module was asked for at ${table[0]} ms, before the title was ready at ${readyAt} ms`);

  await startGame(page, { character: 'Hunter', difficulty: 'Hard', seed: '41' });
  assert.equal(await page.locator('main').count(), 1, 'one screen: the title module left the page');
  const s = await state(page);
  assert.equal(s.character, 'hunter');
  assert.equal(String(s.seed), '41');
  assert.equal(s.difficulty, 'Hard');
  await act(page, 'Explore');
  assert.deepEqual(consoleErrors(page), []);
});

test('a deal link opens on the title module, names the deal, and Play hands it to the table', async () => {
  const page = await newPage();
  const srv = await serveDist('/');
  await page.goto(`${srv.url}?v=1&seed=7&character=brawler&side=0&difficulty=normal`, { waitUntil: 'load' });
  await page.locator('#link-ask').waitFor();
  // The question is the first screen, from the title module alone, with focus on Play.
  assert.equal(await page.evaluate(() => typeof window.unbroken), 'undefined', "the title module's title");
  assert.equal((await wasmStarts(page, 'unbroken-title')).length, 1, 'the title module was fetched');
  await page.waitForFunction(() => document.activeElement?.id === 'link-play');
  assert.match(await page.locator('#link-p').textContent(), /^This link starts a deal: .* the Brawler \(first side\), Normal, seed 7\.$/);
  assert.equal(new URL(page.url()).search, '', 'the query is gone from the address bar');
  await page.keyboard.press('Enter');
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await page.locator('main').count(), 1, 'one screen: the title module left the page');
  const s = await state(page);
  assert.deepEqual([String(s.seed), s.character, s.difficulty], ['7', 'brawler', 'Normal']);
  assert.deepEqual(consoleErrors(page), []);
});

test('a deal link can be put aside for a game of one\'s own; a broken one says why', async () => {
  const page = await newPage();
  const srv = await serveDist('/');
  await page.goto(`${srv.url}?daily=2026-11-29`, { waitUntil: 'load' });
  await page.locator('#link-ask').waitFor();
  await page.getByRole('button', { name: 'Choose my own game' }).click();
  assert.equal(await page.locator('#link-ask').count(), 0, 'the question is gone');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'menu-new', 'focus on New game');
  await page.goto(`${srv.url}?v=1&seed=7&character=nobody&side=0&difficulty=normal`, { waitUntil: 'load' });
  await page.locator('#link-error').waitFor();
  assert.match(await page.locator('#link-error').textContent(), /`character` is not valid: “nobody”/);
  assert.equal(await page.evaluate(() => typeof window.unbroken), 'undefined', 'still the title module');
  await startGame(page, { seed: '9' });
  assert.equal(String((await state(page)).seed), '9');
  assert.equal(await page.locator('#link-error').count(), 0, 'the table does not say it again');
  assert.deepEqual(consoleErrors(page), []);
});

test('with a game to go on with, the table module shows the title screen and offers Continue', async () => {
  const page = await newPage();
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await startGame(page, { seed: '12' });
  await act(page, 'Explore');
  const before = await state(page);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('main[data-ready="new-game"] #continue');
  assert.equal(await page.locator('main').count(), 1);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal((await state(page)).digest, before.digest, 'the same position');
  assert.deepEqual(consoleErrors(page), []);
});

test('while the table module is on its way Start says so; if it cannot come, the title says why and stays', async () => {
  // No service worker: it caches every file the page names and would serve the table's module
  // past the routes that hold it back here.
  const page = await newPage({ serviceWorkers: 'block' });
  let release;
  const held = new Promise((r) => { release = r; });
  let fail = false;
  await page.route(/unbroken-web-[0-9a-f]+_bg\.wasm$/, async (route) => {
    if (fail) return route.abort();
    await held;
    return route.continue();
  });
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await page.getByLabel('Seed (optional)').fill('5');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByRole('status').filter({ hasText: 'Setting the table…' }).waitFor();
  assert.equal(await page.locator('#start').textContent(), 'Setting the table…');
  assert.equal(await page.locator('#start').getAttribute('aria-disabled'), 'true');
  release();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(String((await state(page)).seed), '5');

  // A fresh page whose table module cannot be fetched at all.
  const other = await newPage({ serviceWorkers: 'block' });
  fail = true;
  await other.route(/unbroken-web-[0-9a-f]+_bg\.wasm$/, (route) => (fail ? route.abort() : route.continue()));
  await openGame(other, '/', { ready: '[data-ready="new-game"]' });
  await other.getByRole('button', { name: 'Start the game' }).click();
  const error = other.getByRole('alert').filter({ hasText: 'The table could not be loaded' });
  await error.waitFor();
  assert.equal(await other.locator('#start').textContent(), 'Start the game');
  assert.equal(await other.locator('main[data-ready="new-game"]').count(), 1, 'the title screen stays');
  // The connection is back: Start again works.
  fail = false;
  await other.getByRole('button', { name: 'Start the game' }).click();
  await other.waitForSelector('main[data-ready="game"]');
  assert.equal(await other.locator('main').count(), 1);
});

test('Records on a first visit open in the table module, in a dialog with focus, and close back to the title', async () => {
  const page = await newPage();
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await page.getByRole('button', { name: 'Records', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Records' });
  await dialog.waitFor();
  assert.equal(await page.locator('main').count(), 1, 'the title module left the page');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'records-h');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForSelector('main[data-ready="new-game"] #start');
  assert.deepEqual(consoleErrors(page), []);
});

test('a browser that holds records goes straight to the table module', async () => {
  const page = await newPage();
  const srv = await serveDist('/');
  await page.addInitScript(() => {
    if (!localStorage.getItem('unbroken.records')) localStorage.setItem('unbroken.records', '{"version":2,"games":[]}');
  });
  await page.goto(srv.url, { waitUntil: 'load' });
  await page.waitForSelector('main[data-ready="new-game"]');
  // Handed over at once: the title is the table module's (its test hook, `window.unbroken`, is
  // there before any choice; the title module has none).
  assert.ok(await page.evaluate(() => typeof window.unbroken?.state === 'function'), "the table module's title");
  assert.equal(await page.locator('main').count(), 1);
});
