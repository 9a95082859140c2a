// Learn to play (issue 14, item 1): the guided first game played to its end by role and label,
// as a newcomer would — each step's coach mark names one move, and that move's control is the
// only one open; axe finds nothing at any step; leaving mid-way and coming back (also after a
// reload) resumes at the same step; the saved game and the records are never touched, not even
// when the practice game after the lesson is played to its end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoA11yViolations, assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { act, playOne, startGame } from './play.mjs';

useBrowser();

// Reduced motion, as in table.test.mjs: axe would otherwise measure the fading "−2" counters
// half-way through their animation.
const DESKTOP = { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' };

/** The coach mark as the player reads it: its head line, heading and the move it asks for. */
async function coach(page) {
  await page.waitForSelector('#coach-h');
  return page.evaluate(() => ({
    head: document.querySelector('.coach-head')?.textContent ?? '',
    title: document.querySelector('#coach-h')?.textContent ?? '',
    say: document.querySelector('.coach-say')?.textContent ?? '',
    move: document.querySelector('.coach-do strong')?.textContent ?? null,
  }));
}

/** The names of the open (enabled) action controls of the table. */
async function openMoves(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main .stage button.act:not([aria-disabled="true"]), main .zone button.act:not([aria-disabled="true"])')]
      .map((b) => {
        const c = b.cloneNode(true);
        c.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
        return c.textContent.trim();
      }),
  );
}

/** Plays the step the coach shows, checking it on the way; returns the coach mark. */
async function playStep(page, { axe = false } = {}) {
  const c = await coach(page);
  assert.ok(c.move, `the coach asks for no move: ${JSON.stringify(c)}`);
  assert.deepEqual(await openMoves(page), [c.move], `only the move the coach names is open (${c.title})`);
  // The move is in sight, beside the words that ask for it.
  await assert.doesNotReject(
    page.getByRole('button', { name: c.move, exact: true }).first().waitFor({ state: 'visible' }),
  );
  if (axe) await assertNoA11yViolations(page);
  await act(page, c.move);
  return c;
}

async function stepsPlayed(page) {
  const m = (await coach(page)).head.match(/step (\d+) of (\d+)/);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

for (const [device, options] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the lesson plays to its end by role and label (${device}), axe clean at every step`, async () => {
    const page = await newPage(options);
    await openGame(page);
    await page.getByRole('button', { name: 'Learn to play' }).click();
    await page.waitForSelector('main[data-ready="game"][data-lesson]');
    const [, total] = await stepsPlayed(page);
    assert.ok(total >= 10, `a lesson of ${total} steps`);
    const lessons = new Set();
    for (let i = 1; i <= total; i += 1) {
      assert.deepEqual(await stepsPlayed(page), [i, total]);
      // The words arrive with the words file, a moment after the first screen.
      await page.waitForFunction(() => document.querySelector('.coach-say')?.textContent.length > 20);
      const c = await playStep(page, { axe: device === 'desktop' || i === 1 });
      lessons.add(c.head.split(' · ')[0]);
    }
    for (const l of ['Preparation', 'The Decision', 'Exploration', 'Ambush', 'Trickery', 'Battle', 'Rewards and a skill', 'Hunger', 'Advance']) {
      assert.ok(lessons.has(l), `the lesson "${l}" was taught (${[...lessons].join(', ')})`);
    }
    // The closing words, then the game is the player's: more than one move is open, and Hint is back.
    const done = await coach(page);
    assert.equal(done.move, null);
    assert.match(done.head, /done/);
    assert.ok((await openMoves(page)).length > 1, 'after the lesson every legal move is open');
    assert.equal(await page.locator('#hint').count(), 1, 'the Hint control is back after the lesson');
    assert.equal(await page.getAttribute('main', 'data-lesson'), null);
    await assertNoA11yViolations(page);
    assertNoConsoleErrors(page);
  });
}

test('the lesson is left and resumed at the same step, also after a reload', async () => {
  const page = await newPage(DESKTOP);
  await openGame(page);
  await page.getByRole('button', { name: 'Learn to play' }).click();
  await page.waitForSelector('main[data-lesson]');
  for (let i = 0; i < 5; i += 1) await playStep(page);
  const [at, total] = await stepsPlayed(page);
  assert.equal(at, 6);
  const title = (await coach(page)).title;
  await page.getByRole('button', { name: 'Leave (saved)' }).click();
  await page.waitForSelector('[data-ready="new-game"]');
  assert.match(await page.locator('#learn-about').innerText(), new RegExp(`step 6 of ${total}`));
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  await page.getByRole('button', { name: 'Continue the lesson' }).click();
  await page.waitForSelector('main[data-lesson]');
  assert.deepEqual(await stepsPlayed(page), [6, total]);
  assert.equal((await coach(page)).title, title);
  // Starting it again goes back to step 1.
  await page.getByRole('button', { name: 'Leave (saved)' }).click();
  await page.getByRole('button', { name: 'Start the lesson again' }).click();
  await page.waitForSelector('main[data-lesson]');
  assert.deepEqual(await stepsPlayed(page), [1, total]);
  assertNoConsoleErrors(page);
});

test('the saved game and the records are never touched by the lesson or its practice game', async () => {
  const page = await newPage(DESKTOP);
  await openGame(page);
  // A saved game in progress (and whatever the records hold, which must stay as it is).
  await startGame(page, { character: 'Sage', difficulty: 'Normal', seed: 11 });
  await playOne(page);
  await playOne(page);
  await page.getByRole('button', { name: 'Leave (saved)' }).click();
  await page.waitForSelector('[data-ready="new-game"]');
  const stored = () => page.evaluate(() => ({
    game: localStorage.getItem('unbroken.game.v1'),
    records: localStorage.getItem('unbroken.records'),
    pending: localStorage.getItem('unbroken.records.pending'),
  }));
  const before = await stored();
  assert.ok(before.game, 'a saved game to protect');
  const summary = await page.locator('#cont-about').innerText();

  await page.getByRole('button', { name: 'Learn to play' }).click();
  await page.waitForSelector('main[data-lesson]');
  while (await page.locator('.coach-do').count()) await playStep(page);
  // Played on to its end: the quickest way is to skip every turn.
  for (let i = 0; i < 200 && (await page.getAttribute('main', 'data-ready')) === 'game'; i += 1) {
    const open = await openMoves(page);
    const pick = ['Skip your turn', 'Use no more responses', 'Eat 0 Food'].find((n) => open.includes(n)) ?? open[0];
    await act(page, pick);
  }
  await page.waitForSelector('main[data-ready="end"]');
  assert.match(await page.locator('#end-h').innerText(), /practice game/);
  assert.equal(await page.locator('#records-earned').count(), 0, 'no record is made of a practice game');
  assert.deepEqual(await stored(), before, 'the saved game and the records are as they were');
  assert.equal(await page.evaluate(() => localStorage.getItem('unbroken.lesson.v1')), null, 'a finished lesson is not kept');

  await page.getByRole('button', { name: 'Title screen' }).click();
  await page.waitForSelector('[data-ready="new-game"]');
  assert.equal(await page.locator('#cont-about').innerText(), summary, 'Continue still offers the saved game');
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  assert.deepEqual(await stored(), before);
  await assertNoA11yViolations(page);
  assertNoConsoleErrors(page);
});
