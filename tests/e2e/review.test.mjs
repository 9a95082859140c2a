// The review: a finished game's replay (and its end screen, at once) offers "Review with the
// bot", asked through the app's typed seam to the bot module, which shows a progress bar, then
// every decision of the game beside the bot's choice as a table (the same list as the `unbroken
// review` CLI gives for the same save), the decisions where they differ ranked by how much the
// bot's chance estimate moved, the turning point, and a chart of that estimate with axes,
// labelled ticks and level marks; "Move N" opens the replay before move N and says so. axe finds
// nothing in it. After a first visit the review works offline (the service worker keeps the
// bot module). With the bot module unreachable the review says so and the replay goes on.
// Desktop 1280×800 and phone 390×844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { ROOT, assertNoA11yViolations, assertNoConsoleErrors, awaitOfflineCache, newPage, openGame, useBrowser } from './harness.mjs';
import { finishWonGame } from './play.mjs';

useBrowser();

const CARGO_ENV = { ...process.env, CARGO_PROFILE_RELEASE_LTO: 'false', CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '16' };

/** Keeps the last save the app wrote to its slot (the finished game's, before it is recorded). */
async function keepLastSave(page) {
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (k === 'unbroken.game.v1') window.lastSave = v;
      return set.call(this, k, v);
    };
  });
}

async function openReplayOfWonGame(page) {
  await keepLastSave(page);
  await openGame(page);
  await finishWonGame(page);
  await page.getByRole('button', { name: 'Replay this game' }).click();
  await page.waitForSelector('main[data-ready="replay"]');
}

test('a finished game reviewed: every decision beside the CLI bot, ranked, charted, and opened before its move', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 800 } });
  await openReplayOfWonGame(page);
  const save = await page.evaluate(() => window.lastSave);
  assert.ok(JSON.parse(save ?? 'null')?.actions.length > 50, 'the finished game was kept');
  await page.getByRole('button', { name: 'Review with the bot' }).click();
  await page.waitForSelector('#review-box progress, #review-sum');
  await page.waitForSelector('#review-sum', { timeout: 30_000 });
  const cli = JSON.parse(execFileSync('cargo', ['run', '--release', '--quiet', '--bin', 'unbroken', '--', 'review', '--save', '-'],
    { cwd: ROOT, input: save, encoding: 'utf8', env: CARGO_ENV }));
  // Every decision, as a table: the chart's text equivalent.
  const rows = await page.locator('.review-all tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(rows.length, cli.moves.length);
  cli.moves.forEach((m, i) => {
    assert.equal(rows[i][0], String(m.at + 1), JSON.stringify(rows[i]));
    assert.equal(rows[i][3], m.played, JSON.stringify(rows[i]));
    assert.equal(rows[i][4], m.same ? 'agrees' : m.bot, JSON.stringify(rows[i]));
    assert.match(rows[i][2], /^\d+%$/);
  });
  assert.deepEqual([...new Set(rows.map((r) => r[1]))], ['I', 'II', 'III', 'IV'], 'the levels of a won game');
  const differ = cli.moves.filter((m) => !m.same);
  const ranked = await page.locator('.review-list button').allInnerTexts();
  assert.equal(ranked.length, differ.length);
  const gain = (m) => m.after_bot - m.after_played;
  const order = [...differ].sort((a, b) => gain(b) - gain(a));
  order.forEach((m, i) => assert.ok(ranked[i].startsWith(`Move ${m.at + 1}: you ${m.played}; the bot ${m.bot}`), `${ranked[i]} vs ${JSON.stringify(m)}`));
  // The chart: one line, a dot per differing decision, axes with labelled ticks, a mark per level.
  assert.equal(await page.locator('.review-chart polyline').count(), 1);
  assert.equal(await page.locator('.review-chart circle.differs').count(), differ.length);
  const ticks = await page.locator('.review-chart .tick text').allTextContents();
  for (const t of ['0%', '50%', '100%', '1']) assert.ok(ticks.includes(t), `no tick ${t} in ${ticks}`);
  assert.deepEqual(await page.locator('.review-chart .level text').allTextContents(), ['Level I', 'Level II', 'Level III', 'Level IV']);
  assert.ok((await page.locator('.review-chart').getAttribute('aria-labelledby')) === 'review-cap');
  // The turning point: the bot's own words for it, the same as the CLI's, with a way to open it.
  if (cli.turning_point) {
    const turn = await page.locator('#review-turn').innerText();
    assert.ok(turn.startsWith(cli.turning_point.text), `${turn} vs ${cli.turning_point.text}`);
    assert.ok(turn.includes(`Open move ${cli.turning_point.at + 1}`), turn);
    assert.equal(await page.locator('.review-chart circle.turning').count(), 1);
  } else {
    assert.equal(await page.locator('#review-turn').count(), 0);
  }
  await assertNoA11yViolations(page);
  // "Move N" opens the position before move N, and says so.
  const first = order[0];
  await page.locator('.review-list button').first().click();
  await page.waitForFunction((n) => document.getElementById('replay-pos')?.textContent.startsWith(`Before move ${n} of`), first.at + 1);
  assert.ok((await page.locator('#replay-pos').textContent()).includes(`you played ${first.played}; the bot would play ${first.bot}`));
  // One step on is move N itself.
  await page.locator('#replay-next').click();
  await page.waitForFunction((n) => document.getElementById('replay-pos')?.textContent.startsWith(`Move ${n} of`), first.at + 1);
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
  assert.ok((await page.locator('.review-all tbody tr').count()) > 10, 'every decision is listed');
  await assertNoA11yViolations(page);
  assertNoConsoleErrors(page);
});

test('after a first visit, a review works offline on a desktop', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page);
  await awaitOfflineCache(page, ['unbroken-bot-', 'bot-worker.js']);
  await page.context().setOffline(true);
  await finishWonGame(page);
  await page.getByRole('button', { name: 'Review with the bot' }).click();
  await page.waitForSelector('main[data-ready="replay"]');
  await page.waitForSelector('#review-sum', { timeout: 60_000 });
  assert.ok((await page.locator('.review-all tbody tr').count()) > 10, 'every decision is listed');
  assert.equal(await page.locator('.review-chart polyline').count(), 1);
  await page.context().setOffline(false);
});

test('with the bot module unreachable the review says so', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await page.context().route(/unbroken-bot-/, (route) => route.abort());
  await openReplayOfWonGame(page);
  await page.getByRole('button', { name: 'Review with the bot' }).click();
  await page.waitForFunction(() => /No review: the bot could not be loaded/.test(document.getElementById('review-box')?.textContent ?? ''));
  await page.locator('#replay-next').click();
  await page.waitForFunction(() => document.getElementById('replay-pos')?.textContent.startsWith('Move 1 of'));
});
