// The title screen and the end screen (src/ui/screens/): what must be in the first viewport,
// the score breakdown adding up, no sideways scrolling on a 360 px phone, axe-core clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoA11yViolations, assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { finishWonGame, startGame } from './play.mjs';

useBrowser();

const NEW_GAME = { ready: '[data-ready="new-game"]' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SMALL_PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1280, height: 720 } };

/** Throws unless the whole of `locator` is inside the viewport (no scrolling needed to see it). */
async function assertInFirstViewport(page, locator, what) {
  await locator.waitFor();
  const box = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top + window.scrollY, left: r.left + window.scrollX, bottom: r.bottom + window.scrollY, right: r.right + window.scrollX };
  });
  const { width, height } = page.viewportSize();
  assert.ok(box.top >= 0 && box.left >= 0 && box.bottom <= height && box.right <= width,
    `${what} is outside the first ${width}x${height} viewport: ${JSON.stringify(box)}`);
}

async function assertNoSidewaysScroll(page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `the page is ${scroll} px wide in a ${inner} px viewport`);
}

for (const [name, device] of [['1280x720', DESKTOP], ['390x844', PHONE]]) {
  test(`title screen at ${name}: Continue, New game, Daily challenge, Records and Start in the first viewport`, async () => {
    const page = await newPage(device);
    await openGame(page, '/', NEW_GAME);
    // A saved game, so Continue is offered.
    await startGame(page, { seed: 3 });
    await page.getByRole('button', { name: 'Leave (saved)' }).click();
    await page.waitForSelector('[data-ready="new-game"]');
    for (const label of ['Continue', 'New game', 'Daily challenge', 'Records', 'Start the game']) {
      await assertInFirstViewport(page, page.getByRole('button', { name: label, exact: true }), label);
    }
    // The characters are cards: art, name, abilities; the chosen one holds its two sides.
    const cards = page.locator('.char-card');
    assert.equal(await cards.count(), 4);
    assert.equal(await page.locator('.char-card svg.emblem use').count(), 4);
    await page.getByRole('radio', { name: /^Hunter\b/ }).check();
    const hunter = page.locator('.char-card.selected');
    assert.match(await hunter.textContent(), /Read the Tracks[\s\S]*Forage[\s\S]*Spot the Weak Point/);
    assert.equal(await hunter.getByRole('radio').count(), 3, 'the card and its two sides');
    await assertInFirstViewport(page, hunter.locator('.char-art'), 'the chosen character');
    // "New game" leads to the setup.
    await page.getByRole('button', { name: 'New game', exact: true }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'ng-h');
    await assertNoSidewaysScroll(page);
    await assertNoA11yViolations(page);
    assertNoConsoleErrors(page);
  });
}

test('end screen: the breakdown adds up to the score, the rank is marked on its scale, badges, actions', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, '/', NEW_GAME);
  await finishWonGame(page);
  // The breakdown comes with the records module, loaded at the end of every game.
  await page.locator('#score-breakdown').waitFor();
  const score = parseInt(await page.locator('#final-score').textContent(), 10);
  const rows = await page.locator('#score-breakdown tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ['count', 'pts', 'sub'].map((c) => Number(tr.querySelector(`.${c}`).textContent))));
  assert.ok(rows.length >= 7, `one line per scoring resource (${rows.length})`);
  for (const [count, pts, sub] of rows) assert.equal(count * pts, sub, `${count} × ${pts} = ${sub}`);
  const sum = rows.reduce((s, [, , sub]) => s + sub, 0);
  assert.equal(sum, score, 'the subtotals add up to the score shown');
  assert.equal(Number(await page.locator('#score-total').textContent()), score);
  // The rank shown is the one marked on the scale, and the score is inside its range.
  const rank = (await page.locator('#final-rank').textContent()).trim();
  const here = page.locator('.rank-scale li[aria-current="true"]');
  assert.equal(await here.count(), 1);
  assert.equal((await here.locator('.rank-name').textContent()).trim(), rank);
  const [lo, hi] = (await here.locator('.rank-range').textContent()).split(/[–+]/).map((x) => parseInt(x, 10));
  assert.ok(score >= lo && (Number.isNaN(hi) || score <= hi), `${score} within ${lo}–${hi}`);
  // Achievements arrive from the records module as badges (this fixture earns at least one).
  await page.locator('#records-earned li').first().waitFor();
  for (const label of ['New game', 'Copy result', 'Replay this game']) {
    await assertInFirstViewport(page, page.getByRole('button', { name: label, exact: true }), label);
  }
  await assertNoA11yViolations(page);
  // Replay this game opens the replay viewer on it.
  await page.getByRole('button', { name: 'Replay this game' }).click();
  await page.waitForSelector('main[data-ready="replay"]');
  assertNoConsoleErrors(page);
});

for (const [name, device] of [['360x740', SMALL_PHONE], ['390x844', PHONE]]) {
  test(`end screen at ${name}: no sideways scrolling, actions in view, axe-clean`, async () => {
    const page = await newPage(device);
    await openGame(page, '/', NEW_GAME);
    await finishWonGame(page);
    await page.locator('#score-breakdown').waitFor();
    await page.locator('#records-earned li').first().waitFor();
    await assertNoSidewaysScroll(page);
    for (const label of ['New game', 'Copy result', 'Replay this game']) {
      await assertInFirstViewport(page, page.getByRole('button', { name: label, exact: true }), label);
    }
    // Opened, the result text and its long link still fit.
    await page.locator('.share summary').click();
    await assertNoSidewaysScroll(page);
    await assertNoA11yViolations(page);
    assertNoConsoleErrors(page);
  });
}

test('end screen without the records module: the result and New game are still there', async () => {
  // No service worker, so the route below sees every request.
  const page = await newPage({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  await page.route(/unbroken-records-/, (route) => route.abort());
  await openGame(page, '/', NEW_GAME);
  await finishWonGame(page);
  await page.locator('#records-warning').waitFor();
  assert.match(await page.locator('#final-score').textContent(), /^\d+ points$/);
  await assertInFirstViewport(page, page.getByRole('button', { name: 'New game', exact: true }), 'New game');
  await assertNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'New game', exact: true }).click();
  await page.waitForSelector('[data-ready="new-game"]');
});
