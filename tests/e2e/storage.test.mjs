// Storage full (issue 13, item 2): told as full, not as private mode; the saved game is still
// offered (reading works); autosave is tried after every move and the warning goes when a save
// works again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { act, enabledActions, startGame, stateJson } from './play.mjs';

useBrowser();

const NEW_GAME = { ready: '[data-ready="new-game"]' };

test('full storage at start: told as full, the saved game still continues, saving resumes when room comes back', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { seed: 4 });
  await act(page, 'Explore');
  const position = await stateJson(page);
  await page.getByRole('button', { name: 'Leave (saved)' }).click();
  await page.waitForSelector('[data-ready="new-game"]');
  // From the next load on, every write fails (a full disk) until the test lets them through.
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (window.__roomAgain) return set.call(this, k, v);
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  const warning = page.locator('#storage-warning');
  assert.match(await warning.textContent(), /storage is full/);
  assert.doesNotMatch(await warning.textContent(), /private mode/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await stateJson(page), position, 'the saved game continues where it was');
  const saved = await page.evaluate(() => localStorage.getItem('unbroken.game.v1'));
  // A move while full: not saved, the warning stays.
  const names = await page.evaluate(() => [...document.querySelectorAll('.stage button.act:not([aria-disabled="true"])')].map((b) => b.id));
  await page.locator(`#${names[0]}`).click();
  await page.waitForFunction((s) => window.unbroken.state().digest !== s, JSON.parse(position).digest);
  assert.equal(await page.evaluate(() => localStorage.getItem('unbroken.game.v1')), saved);
  assert.equal(await warning.count(), 1);
  // Room again: the next move is saved and the warning goes.
  await page.evaluate(() => {
    window.__roomAgain = true;
  });
  const before = await stateJson(page);
  const next = await page.evaluate(() => [...document.querySelectorAll('.stage button.act:not([aria-disabled="true"])')].map((b) => b.id));
  await page.locator(`#${next[0]}`).click();
  await page.waitForFunction((s) => window.unbroken.state().digest !== s, JSON.parse(before).digest);
  await page.locator('#storage-warning').waitFor({ state: 'detached' });
  assert.notEqual(await page.evaluate(() => localStorage.getItem('unbroken.game.v1')), saved, 'saved again');
  assert.match(await page.locator('#announce').textContent(), /saved again/);
  assertNoConsoleErrors(page);
});

test('two tabs: a tab whose game was replaced by another tab stops saving over it and says so', async () => {
  const a = await newPage();
  await openGame(a, '/', NEW_GAME);
  await startGame(a, { seed: 11 });
  await act(a, 'Explore');
  // A second tab of the same browser (same storage) starts its own game.
  const b = await a.context().newPage();
  await b.goto(a.url());
  await b.waitForSelector('[data-ready="new-game"]');
  await startGame(b, { seed: 12 });
  await act(b, 'Explore');
  const slotB = await b.evaluate(() => localStorage.getItem('unbroken.game.v1'));
  assert.match(slotB, /"seed":12/);
  // Tab A moves on: it must not overwrite B's game, and tells its player.
  const ids = await a.evaluate(() => [...document.querySelectorAll('.stage button.act:not([aria-disabled="true"])')].map((x) => x.id));
  await a.locator(`#${ids[0]}`).click();
  await a.locator('#storage-warning').waitFor();
  assert.match(await a.locator('#storage-warning').textContent(), /Another tab has saved its game/);
  assert.equal(await a.evaluate(() => localStorage.getItem('unbroken.game.v1')), slotB, "B's game is kept");
  // Tab B keeps saving its own game.
  // By accessible name (without the choice's number badge, which is hidden from it).
  await act(b, (await enabledActions(b))[0]);
  assert.notEqual(await b.evaluate(() => localStorage.getItem('unbroken.game.v1')), slotB);
  assertNoConsoleErrors(a);
  assertNoConsoleErrors(b);
});
