// Records in the browser: a finished game goes on the scorepad; the scorepad, achievements sheet
// and statistics views; corrupt, full and disabled storage; two tabs; export → clear → import;
// a malformed import refused with nothing changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  assertNoA11yViolations,
  assertNoConsoleErrors,
  getBrowser,
  collectErrors,
  newPage,
  openGame,
  useBrowser,
} from './harness.mjs';
import { act, playOne, playUntil, startGame } from './play.mjs';
import { writeImportFile } from '../../scripts/budgets.mjs';

useBrowser();

const NEW_GAME = { ready: '[data-ready="new-game"]' };
const KEY = 'unbroken.records';
const ASIDE = 'unbroken.records.unreadable';

/** A game record as the app stores it (format version 1). */
function rec(n, { character = 'sneak', difficulty = 'normal', won = true, score = 10 + n, rank = 'Survivor', facts = {} } = {}) {
  return {
    id: `e2e-${n}`,
    date: `2025-01-${String(n).padStart(2, '0')}T10:00:00.000Z`,
    character,
    side: n % 2,
    difficulty,
    easy_toggle: false,
    seed: n,
    kind: 'standard',
    outcome: won ? { victory: { score, rank } } : { defeat: { level: 3, cause: 'starvation' } },
    facts: {
      ambushes: 0,
      small_lost_in_battle: 3,
      effort_lost_in_hunger: 1,
      food_eaten: 2,
      lowest_time: 1,
      abilities_used: 1,
      rests: 1,
      weapon_upgrades: 1,
      tricked_levels: [],
      defeated: [],
      encounters: 10,
      rounds: 5,
      level_reached: 4,
      skills: [],
      weapon: 'knife',
      resources: { small: 2 },
      ...facts,
    },
  };
}

const doc = (games, earned = []) => ({ format: 'unbroken-records', version: 1, games, earned });

/** Eight games: wins and losses on every difficulty; some earn achievements. */
function fixture() {
  return doc([
    rec(1, { character: 'sneak', difficulty: 'easy', facts: { ambushes: 4 } }), // Reckless (Easy)
    rec(2, { character: 'sage', difficulty: 'easy', won: false }),
    rec(3, { character: 'hunter', difficulty: 'normal', score: 41, rank: 'Nemesis', facts: { rests: 0 } }),
    rec(4, { character: 'brawler', difficulty: 'normal', score: 25, rank: 'Avenger' }),
    rec(5, { character: 'sneak', difficulty: 'normal', score: 5, rank: 'Cast-off' }), // 3 in a row (Normal)
    rec(6, { character: 'sage', difficulty: 'hard', won: false }),
    rec(7, { character: 'hunter', difficulty: 'hard', score: 31, rank: 'Revenant', facts: { resources: { small: 2, treasure: 4 } } }),
    rec(8, { character: 'brawler', difficulty: 'easy', score: 0, rank: 'Prey' }),
  ]);
}

/** Puts `value` in localStorage before the app starts, once per page (not again on reload). */
async function seed(page, entries) {
  await page.addInitScript((e) => {
    if (sessionStorage.getItem('records-seeded')) return;
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
    sessionStorage.setItem('records-seeded', '1');
  }, entries);
}

async function openRecords(page) {
  await page.getByRole('button', { name: 'Records', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Records' });
  await dialog.waitFor();
  // The module is fetched in the background only once the player is idle: opened sooner, the
  // panel says it is opening them until the module is there.
  await dialog.getByText('Opening your records…').waitFor({ state: 'detached', timeout: 30_000 });
}

async function closeRecords(page) {
  await page.getByRole('button', { name: 'Close records' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function view(page, name) {
  await page.locator('.records-tabs').getByRole('button', { name, exact: true }).click();
}

const scorepadRows = (page) => page.locator('#records-scorepad tbody tr');

async function stored(page, key = KEY) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

async function storedGames(page) {
  const t = await stored(page);
  return t ? JSON.parse(t).games.map((g) => g.id).sort() : [];
}

async function importFile(page, name, text) {
  const dir = await mkdtemp(path.join(tmpdir(), 'records-'));
  const file = path.join(dir, name);
  await writeFile(file, text);
  const before = await page.locator('#records-transfer-status').textContent();
  await page.setInputFiles('#records-import', file);
  await page.waitForFunction(
    (b) => {
      const t = document.querySelector('#records-transfer-status')?.textContent ?? '';
      return t !== '' && t !== b;
    },
    before,
  );
  return page.locator('#records-transfer-status').textContent();
}

async function exportFile(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#records-export').click()]);
  assert.match(download.suggestedFilename(), /^unbroken-records-\d{4}-\d\d-\d\d\.json$/);
  return readFile(await download.path(), 'utf8');
}

test('the records module is not part of the first download: it loads when the records are opened', async () => {
  const page = await newPage();
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await openGame(page, '/', NEW_GAME);
  await page.waitForLoadState('networkidle');
  const records = () => fetched.filter((p) => /unbroken-records-/.test(p));
  assert.deepEqual(records(), [], 'a first visit with no records does not fetch the records module');
  await openRecords(page);
  await page.locator('#records-count').waitFor();
  assert.equal(records().length, 2, `its JS and wasm once opened: ${records()}`);
  assert.match(await page.locator('#records-count').textContent(), /No games recorded yet/);
  assertNoConsoleErrors(page);
});

test('the records module waits for an idle player: never fetched while moves are being played', async () => {
  const page = await newPage();
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { seed: 3 });
  const records = () => fetched.filter((p) => /unbroken-records-/.test(p));
  // A move about every second for nine seconds: the player is never idle.
  for (let i = 0; i < 9; i += 1) {
    assert.ok(await playOne(page), 'a move to play');
    await page.waitForTimeout(900);
  }
  assert.deepEqual(records(), [], 'fetched while the player was playing');
  // Then the player stops to think: the module arrives in the background.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /unbroken-records-.*\.wasm/.test(e.name)),
    null, { timeout: 15_000 });
  await page.close();
});

test('a first game fetches the records module while it is played, so its end does not need the network', async () => {
  const page = await newPage();
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { seed: 3 });
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /unbroken-records-.*\.wasm/.test(e.name)));
  // Offline from here on: the game still ends on the scorepad.
  await page.context().setOffline(true);
  await page.route(/unbroken-records-/, (route) => route.abort());
  await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
  await page.waitForFunction((k) => (JSON.parse(localStorage.getItem(k) ?? '{"games":[]}').games ?? []).length === 1, KEY);
  assert.equal(await page.locator('#records-warning').count(), 0, 'no warning: the game was recorded');
});

test('a tab closed 0.4 s after the last move: the game is recorded at the next visit', async () => {
  const context = await getBrowser().newContext();
  const page = await context.newPage();
  await openGame(page, '/', NEW_GAME);
  // A won game one move before its end (the fixture's save without its last move).
  const save = JSON.parse(await readFile(new URL('./fixtures/victory-save.json', import.meta.url), 'utf8'));
  save.actions = save.actions.slice(0, -1);
  await page.evaluate((t) => localStorage.setItem('unbroken.game.v1', t), JSON.stringify(save));
  await page.reload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  let last = Date.now();
  while ((await page.getAttribute('main', 'data-ready')) !== 'end') {
    last = Date.now();
    assert.ok(await playOne(page), 'a move');
  }
  await page.waitForTimeout(Math.max(0, 400 - (Date.now() - last)));
  await page.close();
  // The next visit: recorded once, and the slot is free.
  const next = await context.newPage();
  collectErrors(next);
  await openGame(next, '/', NEW_GAME);
  await next.waitForFunction((k) => (JSON.parse(localStorage.getItem(k) ?? '{"games":[]}').games ?? []).length === 1, KEY);
  await next.waitForFunction(() => localStorage.getItem('unbroken.game.v1') === null);
  assert.equal(await next.getByRole('button', { name: 'Continue' }).count(), 0);
  await openRecords(next);
  assert.equal(await scorepadRows(next).count(), 1);
  assertNoConsoleErrors(next);
  await context.close();
});

test('a game that ended while the records module was unreachable is recorded at the next start', async () => {
  // No service worker, so the route below sees every request.
  const page = await newPage({ serviceWorkers: 'block' });
  await page.route(/unbroken-records-/, (route) => route.abort());
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { character: 'Brawler', difficulty: 'Hard', seed: 5 });
  await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
  await page.locator('#records-warning').waitFor();
  const slot = await page.evaluate(() => localStorage.getItem('unbroken.game.v1'));
  assert.ok(slot, 'the finished save stays in its slot until its record is stored');
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), null, 'nothing recorded yet');
  // The network is back: the next start records it and frees the slot.
  await page.unroute(/unbroken-records-/);
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  await page.waitForFunction((k) => (JSON.parse(localStorage.getItem(k) ?? '{"games":[]}').games ?? []).length === 1, KEY);
  await page.waitForFunction(() => localStorage.getItem('unbroken.game.v1') === null);
  assert.equal(await page.getByRole('button', { name: 'Continue' }).count(), 0, 'a finished game is not offered to continue');
  // A second start records nothing twice.
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  await page.waitForTimeout(500);
  assert.equal(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY)).games.length, 1);
});

test('when the records module cannot be fetched, the records say so and the game plays on', async () => {
  // No service worker, so the route below sees every request.
  const page = await newPage({ serviceWorkers: 'block' });
  await page.route(/unbroken-records-/, (route) => route.abort());
  await openGame(page, '/', NEW_GAME);
  await openRecords(page);
  const notice = page.getByRole('dialog').getByRole('alert');
  await notice.waitFor();
  assert.match(await notice.textContent(), /could not be opened/);
  await closeRecords(page);
  await startGame(page, { seed: 3 });
  await act(page, 'Explore');
  assert.deepEqual(collectErrors(page).filter((e) => e.startsWith('uncaught')), []);
});

test('a finished game goes on the scorepad, with its replay, and the end screen says what it earned', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { character: 'Brawler', difficulty: 'Hard', seed: 5 });
  await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
  await page.waitForFunction((k) => localStorage.getItem(k) !== null, KEY);
  const saved = JSON.parse(await stored(page));
  assert.equal(saved.format, 'unbroken-records');
  assert.equal(saved.version, 3);
  assert.equal(saved.games.length, 1);
  // Packed alone (src/records/pack.rs; a game's end adds one game): the whole record, replay and figures included, in a few
  // hundred characters; the scorepad below reads it back.
  const g = saved.games[0];
  assert.equal(typeof g.z, 'string');
  assert.ok(g.z.length < 400, `packed in ${g.z.length} characters`);
  assert.equal(await page.locator('#records-warning').count(), 0);
  // What it earned is on the end screen and on the sheet.
  const announced = await page.locator('.records-earned li').allTextContents();
  assert.equal(announced.length, saved.earned.length);
  await openRecords(page);
  await assertNoA11yViolations(page);
  assert.equal(await scorepadRows(page).count(), 1);
  const row = await scorepadRows(page).first().textContent();
  assert.match(row, /the Brawler/);
  assert.match(row, /Hard/);
  assert.match(row, /Victory|Defeat in level/);
  assert.equal(await scorepadRows(page).first().getByRole('button', { name: /^Replay the game of / }).count(), 1, 'its replay is kept');
  await closeRecords(page);
  // A reload does not record it twice.
  await page.reload();
  await page.waitForSelector('[data-ready]');
  await openRecords(page);
  assert.equal(await scorepadRows(page).count(), 1);
  assert.equal(JSON.parse(await stored(page)).games.length, 1);
  assertNoConsoleErrors(page);
});

test('scorepad sorts by date, score and difficulty; the sheet and the statistics show the records', async () => {
  const page = await newPage();
  await seed(page, { [KEY]: JSON.stringify(fixture()) });
  await openGame(page, '/', NEW_GAME);
  await openRecords(page);
  assert.match(await page.locator('#records-count').textContent(), /8 games recorded/);
  assert.equal(await scorepadRows(page).count(), 8);
  const ids = () => scorepadRows(page).evaluateAll((rs) => rs.map((r) => r.dataset.recordId));
  assert.deepEqual(await ids(), ['e2e-8', 'e2e-7', 'e2e-6', 'e2e-5', 'e2e-4', 'e2e-3', 'e2e-2', 'e2e-1'], 'newest first');
  assert.equal(await page.getAttribute('#records-scorepad th[aria-sort]', 'aria-sort'), 'descending');
  // By keyboard: the table is redrawn and focus stays on the sort button.
  await page.locator('#records-sort-score').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#records-scorepad th[aria-sort]')?.textContent.startsWith('Score'));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'records-sort-score');
  assert.deepEqual((await ids()).slice(0, 3), ['e2e-3', 'e2e-7', 'e2e-4'], 'best score first');
  assert.deepEqual((await ids()).slice(-2), ['e2e-6', 'e2e-2'], 'losses last');
  await page.locator('#records-sort-score').click();
  assert.equal(await page.getAttribute('#records-scorepad th[aria-sort]', 'aria-sort'), 'ascending');
  await page.locator('#records-sort-difficulty').click();
  const diffs = await scorepadRows(page).evaluateAll((rs) => rs.map((r) => r.children[2].textContent));
  assert.deepEqual(diffs.slice(0, 2), ['Hard', 'Hard']);
  assert.deepEqual(diffs.slice(-3), ['Easy', 'Easy', 'Easy']);
  const bests = await page.locator('#records-bests tbody tr').allTextContents();
  assert.match(bests.find((b) => b.startsWith('Hunter')), /41 \(Nemesis\)[\s\S]*31 \(Revenant\)/);
  await assertNoA11yViolations(page);

  await view(page, 'Achievements');
  assert.equal(await page.locator('#records-achievements tbody tr').count(), 16);
  const cell = (id, i) => page.locator(`tr[data-achievement="${id}"] td`).nth(i);
  assert.match(await cell('reckless', 0).textContent(), /Earned 2025-01-01/);
  assert.match(await cell('reckless', 1).textContent(), /^Not yet$/);
  assert.match(await cell('consistency_is_key', 1).textContent(), /Earned/);
  assert.match(await cell('consistency_is_key', 2).textContent(), /Wins in a row now: 1 of 3/);
  assert.match(await cell('payday', 2).textContent(), /Earned/);
  assert.match(await cell('no_rest_for_the_wicked', 1).textContent(), /Earned/);
  assert.match(await cell('best_served_cold', 1).textContent(), /Won with Sneak, Hunter, Brawler; still to win with: Sage/);
  assert.match(await page.locator('#records-sheet-count').textContent(), /^4 of 48 earned/);
  await assertNoA11yViolations(page);

  await view(page, 'Statistics');
  assert.equal(await page.locator('#stat-games').textContent(), '8');
  assert.equal(await page.locator('#stat-wins').textContent(), '6');
  assert.equal(await page.locator('#stat-rate').textContent(), '75%');
  assert.equal(await page.locator('#stat-best-streak').textContent(), '3');
  for (const id of ['#chart-win-rate', '#chart-ranks', '#chart-score']) {
    assert.equal(await page.getAttribute(id, 'role'), 'img', id);
  }
  assert.match(await page.locator('#chart-ranks desc').textContent(), /Prey: 1, Cast-off: 1, Survivor: 1, Avenger: 1, Revenant: 1, Nemesis: 1/);
  assert.equal(await page.locator('#chart-score .chart-point').count(), 6 + 3, 'six wins and the three legend marks');
  const hunter = await page.locator('#records-rates tbody tr').nth(2).textContent();
  assert.equal(hunter, 'Hunterno games100% (1 of 1)100% (1 of 1)100% (2 of 2)');
  await assertNoA11yViolations(page);
  await closeRecords(page);
  assert.equal(await page.locator('[data-ready="new-game"]').count(), 1);
  assertNoConsoleErrors(page);
});

test('corrupt storage: bad records are kept aside with a message, the rest loads, the game plays', async () => {
  const page = await newPage();
  const bad = { ...rec(2) };
  delete bad.difficulty;
  const text = JSON.stringify(doc([rec(1), bad, 'scribble', rec(3)]));
  await seed(page, { [KEY]: text });
  await openGame(page, '/', NEW_GAME);
  const alert = page.locator('#records-alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /kept aside, not deleted/);
  // Kept aside exactly, with the reasons; the readable ones rewritten without them.
  const aside = JSON.parse(await stored(page, ASIDE));
  assert.equal(aside.length, 2);
  assert.match(aside[0].reason, /game 2 \(id e2e-2\): missing field `difficulty`/);
  assert.deepEqual(JSON.parse(aside[0].raw), bad);
  assert.equal(JSON.parse(aside[1].raw), 'scribble');
  assert.deepEqual(await storedGames(page), ['e2e-1', 'e2e-3']);
  await openRecords(page);
  assert.equal(await scorepadRows(page).count(), 2);
  const notice = await page.locator('.records-notice').textContent();
  assert.match(notice, /2 parts of your records could not be read and were kept aside, not deleted, under “unbroken\.records\.unreadable”/);
  assert.match(notice, /missing field `difficulty`/);
  assert.equal(await page.locator('#records-aside li').count(), 1, 'offered for download and removal');
  await assertNoA11yViolations(page);
  await closeRecords(page);
  await startGame(page, { seed: 4 });
  await act(page, 'Explore');

  // A whole text that is not JSON at all is kept aside as it was.
  const page2 = await newPage();
  await seed(page2, { [KEY]: '{"format": "unbroken-records", "games": [ {"id"' });
  await openGame(page2, '/', NEW_GAME);
  await page2.locator('#records-alert').waitFor();
  const aside2 = JSON.parse(await stored(page2, ASIDE));
  assert.equal(aside2[0].raw, '{"format": "unbroken-records", "games": [ {"id"');
  assert.match(aside2[0].reason, /not valid JSON/);
  assert.deepEqual(await storedGames(page2), []);
  assertNoConsoleErrors(page);
  assertNoConsoleErrors(page2);
});

test('kept-aside data (records and a saved game) can be downloaded and removed from the records panel', async () => {
  const page = await newPage();
  const badSave = '{"version":1,"fingerprint":1,"setup":';
  await seed(page, { [KEY]: JSON.stringify(doc([rec(1), 'scribble'])), 'unbroken.game.v1': badSave });
  await openGame(page, '/', NEW_GAME);
  await page.locator('#save-notice').waitFor();
  assert.match(await page.locator('#save-notice').textContent(), /Records: download or remove it/);
  await page.locator('#records-alert').waitFor();
  const asideText = await stored(page, ASIDE);
  assert.ok(asideText);
  await openRecords(page);
  const items = page.locator('#records-aside li');
  assert.equal(await items.count(), 2);
  const item = (re) => items.filter({ hasText: re });
  // Download: the text kept aside, as it is.
  const download = async (re) => {
    const [dl] = await Promise.all([page.waitForEvent('download'), item(re).getByRole('button', { name: 'Download' }).click()]);
    return { name: dl.suggestedFilename(), text: await readFile(await dl.path(), 'utf8') };
  };
  assert.deepEqual(await download(/1 part of your records/), { name: `${ASIDE}.txt`, text: asideText });
  assert.deepEqual(await download(/saved game/), { name: 'unbroken.game.v1.unreadable.txt', text: badSave });
  await assertNoA11yViolations(page);
  // Remove asks once more, then deletes for good and the panel follows.
  const remove = async (re) => {
    await item(re).locator('summary').click();
    await item(re).getByRole('button', { name: 'Remove for good' }).click();
  };
  await remove(/saved game/);
  await page.waitForFunction(() => document.querySelectorAll('#records-aside li').length === 1);
  assert.equal(await stored(page, 'unbroken.game.v1.unreadable'), null);
  await remove(/part of your records/);
  await page.locator('#records-aside').waitFor({ state: 'detached' });
  assert.equal(await stored(page, ASIDE), null);
  assert.equal(await page.locator('.records-notice').count(), 0, 'the notice naming it goes too');
  assert.deepEqual(await storedGames(page), ['e2e-1'], 'the records themselves are untouched');
  assertNoConsoleErrors(page);
});

test('full storage: an import that cannot be stored is refused and undone; the game plays', async () => {
  const page = await newPage();
  await page.addInitScript((records) => {
    const set = Storage.prototype.setItem;
    set.call(localStorage, 'unbroken.records', records);
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  }, JSON.stringify(doc([rec(1), rec(2)])));
  await openGame(page, '/', NEW_GAME);
  await openRecords(page);
  assert.equal(await scorepadRows(page).count(), 2);
  const msg = await importFile(page, 'more.json', JSON.stringify(doc([rec(3)])));
  // Never "Imported" when it could not be stored: every later game would be lost behind it.
  assert.match(msg, /^Nothing was imported from “more\.json”: this browser's storage has no room for 1 game more/);
  assert.equal(await scorepadRows(page).count(), 2, 'undone in the tab too');
  assert.deepEqual(await storedGames(page), ['e2e-1', 'e2e-2'], 'stored records untouched');
  const out = JSON.parse(await exportFile(page));
  assert.deepEqual(out.games.map((g) => g.id).sort(), ['e2e-1', 'e2e-2']);
  await closeRecords(page);
  await startGame(page, { seed: 8 });
  await act(page, 'Explore');
  // Page errors only: the failed writes are handled, never thrown.
  assert.deepEqual(collectErrors(page).filter((e) => e.startsWith('uncaught')), []);
});

test('a 6 MB realistic import is stored, not only told: it is there after a reload, and later games are recorded', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'records-'));
  // Real games in the old version 1 form, each with its replay (tests/e2e/fixtures/records-v1.json).
  const file = writeImportFile(dir, 6_200);
  assert.ok((await stat(file)).size > 6_000_000, 'a 6 MB file');
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await openRecords(page);
  await page.setInputFiles('#records-import', file);
  await page.waitForSelector('#records-import-ok, #records-import-error', { timeout: 60_000 });
  assert.match(await page.locator('#records-transfer-status').textContent(), /^Imported “records-6200\.json”: 6200 games added/);
  await rm(dir, { recursive: true, force: true });
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  await openRecords(page);
  assert.equal(await page.locator('#records-count').textContent(), '6200 games recorded.');
  await closeRecords(page);
  // A game finished afterwards is stored too, not lost behind the import.
  const save = JSON.parse(await readFile(new URL('./fixtures/victory-save.json', import.meta.url), 'utf8'));
  save.actions = save.actions.slice(0, -1);
  await page.evaluate((t) => localStorage.setItem('unbroken.game.v1', t), JSON.stringify(save));
  await page.reload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
  assert.equal(await page.locator('#records-warning').count(), 0, 'no storage warning');
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  await openRecords(page);
  assert.equal(await page.locator('#records-count').textContent(), '6201 games recorded.');
  assertNoConsoleErrors(page);
});

test('disabled storage: the records panel works for the session and says nothing is saved', async () => {
  const page = await newPage();
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await openGame(page, '/', NEW_GAME);
  await openRecords(page);
  assert.match(await page.locator('#records-warning').textContent(), /does not let the page store anything/);
  assert.match(await page.locator('#records-count').textContent(), /No games recorded yet/);
  await importFile(page, 'backup.json', JSON.stringify(fixture()));
  assert.equal(await scorepadRows(page).count(), 8);
  await assertNoA11yViolations(page);
  await closeRecords(page);
  await startGame(page, { seed: 9 });
  await act(page, 'Explore');
  assertNoConsoleErrors(page);
});

test('two tabs never overwrite each other: every write re-reads and merges; a tab refreshes on change', async () => {
  const context = await getBrowser().newContext();
  const a = await context.newPage();
  const b = await context.newPage();
  collectErrors(a);
  collectErrors(b);
  await openGame(a, '/', NEW_GAME);
  await a.evaluate(([k, v]) => localStorage.setItem(k, v), [KEY, JSON.stringify(doc([rec(1)]))]);
  await a.reload();
  await a.waitForSelector('[data-ready="new-game"]');
  // Tab B never hears of A's writes (its storage events are swallowed): its copy goes stale.
  await b.addInitScript(() => {
    window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true);
  });
  await openGame(b, '/', NEW_GAME);
  await openRecords(a);
  await openRecords(b);
  assert.equal(await scorepadRows(b).count(), 1);
  await importFile(a, 'a.json', JSON.stringify(doc([rec(2)])));
  assert.deepEqual(await storedGames(a), ['e2e-1', 'e2e-2']);
  assert.equal(await scorepadRows(b).count(), 1, 'B is stale');
  // B writes from its stale copy: it re-reads first, so A's game survives.
  await importFile(b, 'b.json', JSON.stringify(doc([rec(3)])));
  assert.deepEqual(await storedGames(b), ['e2e-1', 'e2e-2', 'e2e-3']);
  assert.equal(await scorepadRows(b).count(), 3);
  // A hears B's write and refreshes without a reload.
  await a.waitForFunction(() => document.querySelectorAll('#records-scorepad tbody tr').length === 3);
  assertNoConsoleErrors(a);
  assertNoConsoleErrors(b);
  await context.close();
});

test('export → clear → import restores every game and achievement; a malformed file changes nothing', async () => {
  const page = await newPage();
  await seed(page, { [KEY]: JSON.stringify(fixture()) });
  await openGame(page, '/', NEW_GAME);
  await openRecords(page);
  const exported = await exportFile(page);
  const before = JSON.parse(exported);
  assert.equal(before.games.length, 8);
  assert.ok(before.earned.length >= 4, 'achievements are exported');
  await view(page, 'Achievements');
  const sheet = await page.locator('#records-achievements').textContent();

  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  await openRecords(page);
  assert.match(await page.locator('#records-count').textContent(), /No games recorded yet/);
  const msg = await importFile(page, 'backup.json', exported);
  assert.match(msg, /8 games and \d+ achievements added/);
  const after = JSON.parse(await stored(page));
  const norm = (d) => ({
    games: [...d.games].sort((x, y) => x.id.localeCompare(y.id)),
    earned: [...d.earned].sort((x, y) => `${x.achievement}${x.difficulty}`.localeCompare(`${y.achievement}${y.difficulty}`)),
  });
  assert.deepEqual(norm(after), norm(before));
  await view(page, 'Achievements');
  assert.equal(await page.locator('#records-achievements').textContent(), sheet);

  // Importing the same file again adds nothing.
  assert.match(await importFile(page, 'backup-again.json', exported), /no new game added/);
  // A malformed file is refused, naming what is wrong; nothing changes.
  const snapshot = await stored(page);
  const broken = JSON.parse(exported);
  broken.games[4] = { ...rec(5) };
  delete broken.games[4].date;
  broken.games.push(rec(20));
  const refused = await importFile(page, 'broken.json', JSON.stringify(broken));
  assert.match(refused, /Nothing was imported: “broken\.json” is not a valid records file: game 5 of 9 \(id e2e-\d\): missing field `date`/);
  assert.equal(await stored(page), snapshot);
  assert.match(await importFile(page, 'notes.txt', 'these are my notes'), /Nothing was imported[\s\S]*not valid JSON \(line 1, column \d/);
  assert.equal(await stored(page), snapshot);
  // The prototype's scorepad (a bare list) is migrated on import.
  const v0 = JSON.stringify([{ character: 'Sage', difficulty: 'Hard', date: '2024-02-02', score: 33 }]);
  assert.match(await importFile(page, 'old-scorepad.json', v0), /1 game/);
  await view(page, 'Scorepad');
  assert.equal(await scorepadRows(page).count(), 9);
  await assertNoA11yViolations(page);
  assertNoConsoleErrors(page);
});

test('records from a newer version are shown, never written over; new games wait apart', async () => {
  const page = await newPage();
  const newer = JSON.stringify({ ...doc([rec(1)]), version: 99, leaderboard: { kept: true } });
  await seed(page, { [KEY]: newer });
  await openGame(page, '/', NEW_GAME);
  await openRecords(page);
  assert.equal(await scorepadRows(page).count(), 1, 'what this version understands is shown');
  assert.match(await page.locator('#records-warning').textContent(), /saved by a newer version of Unbroken/);
  assert.match(await importFile(page, 'more.json', JSON.stringify(doc([rec(2)]))), /1 game/);
  assert.equal(await stored(page), newer, 'the newer records are untouched');
  const pending = JSON.parse(await stored(page, 'unbroken.records.pending'));
  assert.deepEqual(pending.games.map((g) => g.id), ['e2e-2']);
  assertNoConsoleErrors(page);
});

test('games waiting apart are added by a version that can write them', async () => {
  const page = await newPage();
  await seed(page, {
    [KEY]: JSON.stringify(doc([rec(1)])),
    'unbroken.records.pending': JSON.stringify(doc([rec(2), rec(3)])),
  });
  await openGame(page, '/', NEW_GAME);
  await page.waitForFunction(() => localStorage.getItem('unbroken.records.pending') === null);
  assert.deepEqual(await storedGames(page), ['e2e-1', 'e2e-2', 'e2e-3']);
  assertNoConsoleErrors(page);
});
