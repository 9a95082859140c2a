// The review (issue 14, item 3): a finished game's replay (and its end screen, at once) offers
// "Review with the bot", which shows a progress bar, then every decision of the game beside the
// bot's choice (the same list as the `unbroken review` CLI gives for the same save), the
// decisions where they differ ranked by how much the bot's chance estimate moved, and a chart of
// that estimate; opening a decision opens the replay at that move. axe finds nothing in it. With
// the bot module unreachable the review says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { ROOT, assertNoA11yViolations, assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { finishWonGame } from './play.mjs';

useBrowser();

const CARGO_ENV = { ...process.env, CARGO_PROFILE_RELEASE_LTO: 'false', CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '16' };

async function openReplayOfWonGame(page) {
  await openGame(page);
  await finishWonGame(page);
  await page.getByRole('button', { name: 'Replay this game' }).click();
  await page.waitForSelector('main[data-ready="replay"]');
}

test('a finished game reviewed: every decision beside the CLI bot, ranked, charted, and opened in the replay', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 800 } });
  await openReplayOfWonGame(page);
  const save = await page.locator('#review').getAttribute('data-save');
  await page.getByRole('button', { name: 'Review with the bot' }).click();
  await page.waitForSelector('#review-box progress, #review-sum');
  await page.waitForSelector('#review-sum', { timeout: 30_000 });
  const cli = JSON.parse(execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'unbroken', '--', 'review', '--save', '-'],
    { cwd: ROOT, input: save, encoding: 'utf8', env: CARGO_ENV }));
  const every = await page.locator('.review-all > li').allTextContents();
  assert.equal(every.length, cli.moves.length);
  cli.moves.forEach((m, i) => {
    assert.ok(every[i].startsWith(`Move ${m.at + 1}: ${m.played}`), `${every[i]} vs ${JSON.stringify(m)}`);
    assert.equal(every[i].includes('the bot agrees'), m.same, every[i]);
  });
  const differ = cli.moves.filter((m) => !m.same);
  const ranked = await page.locator('.review-list button').allInnerTexts();
  assert.equal(ranked.length, differ.length);
  const gain = (m) => m.after_bot - m.after_played;
  const expected = [...differ].sort((a, b) => gain(b) - gain(a)).map((m) => `Move ${m.at + 1}: you ${m.played}; the bot ${m.bot}`);
  ranked.forEach((t, i) => assert.ok(t.startsWith(expected[i]), `${t} vs ${expected[i]}`));
  assert.equal(await page.locator('.review-chart polyline').count(), 1);
  assert.equal(await page.locator('.review-chart circle.differs').count(), differ.length);
  await assertNoA11yViolations(page);
  // Opening a decision shows the position before that move.
  const first = [...differ].sort((a, b) => gain(b) - gain(a))[0];
  await page.locator('.review-list button').first().click();
  await page.waitForFunction((n) => document.getElementById('replay-pos')?.textContent.startsWith(`Move ${n} of`), first.at);
  assert.equal(await page.locator('#review-sum').count(), 1, 'the review went away on a step of the replay');
  assertNoConsoleErrors(page);
});

test('the end screen reviews the game at once: its replay, with the review running', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openGame(page);
  await finishWonGame(page);
  await page.getByRole('button', { name: 'Review with the bot' }).click();
  await page.waitForSelector('main[data-ready="replay"]');
  await page.waitForSelector('#review-sum', { timeout: 30_000 });
  assert.ok((await page.locator('.review-all > li').count()) > 10, 'every decision is listed');
  await assertNoA11yViolations(page);
  assertNoConsoleErrors(page);
});

test('with the bot module unreachable the review says so', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await page.context().route(/unbroken-bot-/, (route) => route.abort());
  await openReplayOfWonGame(page);
  await page.getByRole('button', { name: 'Review with the bot' }).click();
  await page.waitForFunction(() => /No review/.test(document.getElementById('review-box')?.textContent ?? ''));
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForFunction(() => document.getElementById('replay-pos')?.textContent.startsWith('Move 1 of'));
});
