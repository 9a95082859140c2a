// Every screen, drawer, sheet and dialog at 1280x800 and 390x844 under axe (wcag2a, wcag2aa,
// wcag21aa, wcag22aa): the title, the new-game setup, the table at several decisions (travel,
// battle, a game-ending confirm), every sheet and drawer, the Keys list, the Settings, the end
// screen, its replay and its review, the records dialog on each of its tabs, the lesson. And over
// whole games at both sizes: every number on the table has words in the accessibility tree
// (figures.mjs), every scrolling region takes focus, and on the phone every control is at least
// 44x44 px. Prints the axe violations per screen and the figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoConsoleErrors, formatViolations, newPage, openGame, runAxe, useBrowser } from './harness.mjs';
import { finishWonGame, playOne, startGame, state } from './play.mjs';
import { numbersWithoutText, smallTargets, unfocusableScrollers } from './figures.mjs';
import { botPick, choices, digitKey, pick, timeLeft } from './keyplay.mjs';

useBrowser();

const DESK = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const AXE = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] } };
const NEW_GAME = { ready: '[data-ready="new-game"]' };

/** Runs axe on the page as it is now and keeps the count under `screen`. */
async function check(page, seen, screen) {
  const { violations } = await runAxe(page, AXE);
  seen.push({ screen, count: violations.reduce((n, v) => n + v.nodes.length, 0), text: formatViolations(violations) });
  if (violations.length) console.log(`${screen}: ${formatViolations(violations)}`);
}

function verdict(size, seen) {
  console.log(`axe at ${size}: ${seen.map((s) => `${s.screen} ${s.count}`).join(', ')}`);
  const bad = seen.filter((s) => s.count);
  assert.equal(bad.length, 0, `axe violations at ${size}:\n${bad.map((s) => `${s.screen}:\n${s.text}`).join('\n')}`);
}

/** A move by the simple strategy, confirming a game-ending choice. */
async function move(page) {
  await playOne(page);
  if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
}

/** A move by the bot's choice (asked by the Hint key), taken by its digit; confirms an end. */
async function botMove(page) {
  const list = await choices(page);
  const c = (await botPick(page, list)) || pick(list, await timeLeft(page));
  const stamp = () => page.evaluate(() => `${document.querySelector('main')?.getAttribute('data-rev')}|${document.querySelector('main')?.getAttribute('data-ready')}`);
  const before = await stamp();
  await page.keyboard.press(digitKey(c.n));
  await page.waitForFunction((b) => document.getElementById('confirm-end')
    || `${document.querySelector('main')?.getAttribute('data-rev')}|${document.querySelector('main')?.getAttribute('data-ready')}` !== b, before);
  if (await page.locator('#confirm-end').count()) await page.keyboard.press('Enter');
  await page.waitForFunction((b) => `${document.querySelector('main')?.getAttribute('data-rev')}|${document.querySelector('main')?.getAttribute('data-ready')}` !== b, before);
}

async function closeDialog(page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[aria-modal="true"]'));
}

for (const [size, device] of [['1280x800', DESK], ['390x844', PHONE]]) {
  test(`axe at ${size}: every screen, drawer, sheet and dialog`, async () => {
    const seen = [];
    const page = await newPage({ ...device, reducedMotion: 'reduce' });
    await openGame(page, '/', NEW_GAME);
    await check(page, seen, 'title');
    await page.getByRole('button', { name: 'New game', exact: true }).click();
    await check(page, seen, 'new game');
    await startGame(page, { character: 'Brawler', difficulty: 'Hard', seed: 3 });
    await check(page, seen, 'table: first decision');
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keys' }).waitFor();
    await check(page, seen, 'keys help');
    await closeDialog(page);
    await page.keyboard.press(',');
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await check(page, seen, 'settings');
    await closeDialog(page);
    for (const label of ['Hero', 'Weapon', 'Skills', 'Tracks', 'Log', 'Guide', 'Glossary']) {
      const b = page.locator('.dock').getByRole('button', { name: label, exact: true });
      if (!(await b.isVisible())) continue;
      await b.click();
      await page.getByRole('dialog', { name: label }).waitFor();
      await check(page, seen, `sheet ${label}`);
      await closeDialog(page);
    }
    for (let i = 0; i < 400 && (await state(page)).pending !== 'battle'; i += 1) await move(page);
    await check(page, seen, 'table: battle');
    const more = page.getByRole('button', { name: 'Monster sheet' });
    if (await more.isVisible()) {
      await more.click();
      await page.locator('#monster-more').waitFor();
      await check(page, seen, 'monster sheet');
      await page.keyboard.press('Escape');
    }
    // On to a game-ending choice (this deal offers one): its confirm, then back.
    let confirmed = false;
    for (let i = 0; i < 1500 && (await page.getAttribute('main', 'data-ready')) === 'game'; i += 1) {
      const ends = page.locator('.decision.ends button.act:not([aria-disabled="true"])');
      if (await ends.count()) {
        await ends.first().click();
        await page.locator('#confirm-end').waitFor();
        await check(page, seen, 'end-game confirm');
        await page.getByRole('button', { name: 'Go back' }).click();
        confirmed = true;
        break;
      }
      if (i % 25 === 0) await check(page, seen, `table: decision ${i}`);
      await move(page);
    }
    assert.ok(confirmed, 'the deal offered a game-ending choice');
    // The end screen of a won game, its review, and (the same game again) its replay.
    await page.getByRole('button', { name: /^Leave/ }).click();
    await page.waitForSelector('[data-ready="new-game"]');
    await finishWonGame(page);
    await page.locator('#score-breakdown').waitFor();
    await page.locator('#records-earned li').first().waitFor();
    await check(page, seen, 'end screen');
    await page.getByRole('button', { name: 'Review with the bot' }).click();
    await page.waitForSelector('main[data-ready="replay"]');
    await page.waitForSelector('#review-sum', { timeout: 60_000 });
    await check(page, seen, 'review');
    await page.goto(page.url());
    await page.waitForSelector('[data-ready="new-game"]');
    await finishWonGame(page);
    await page.getByRole('button', { name: 'Replay this game' }).click();
    await page.waitForSelector('main[data-ready="replay"]');
    await check(page, seen, 'replay');
    // The records, on every tab (the won game is on them).
    await page.goto(page.url());
    await page.waitForSelector('[data-ready="new-game"]');
    await page.getByRole('button', { name: 'Records', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Records' });
    await dialog.waitFor();
    await dialog.getByText('Opening your records…').waitFor({ state: 'detached', timeout: 30_000 });
    const tabs = await page.locator('.records-tabs .records-tab').allTextContents();
    assert.ok(tabs.length >= 3, `records tabs: ${tabs}`);
    for (const [i, name] of tabs.entries()) {
      await page.locator('.records-tabs .records-tab').nth(i).click();
      await page.waitForFunction((n) => document.querySelectorAll('.records-tabs .records-tab')[n]?.getAttribute('aria-pressed') === 'true', i);
      await check(page, seen, `records ${name.trim()}`);
    }
    await page.getByRole('button', { name: 'Close records' }).click();
    // The lesson: its first steps.
    await page.getByRole('button', { name: 'Learn to play' }).click();
    await page.waitForSelector('main[data-ready="game"][data-lesson]');
    await page.waitForFunction(() => document.querySelector('.coach-say')?.textContent.length > 20);
    await check(page, seen, 'lesson step 1');
    verdict(size, seen);
    assertNoConsoleErrors(page);
  });
}

for (const [size, device, deal] of [
  ['1280x800', DESK, { character: 'Hunter', difficulty: 'Normal', seed: 7 }],
  ['390x844', PHONE, { character: 'Sage', difficulty: 'Easy', seed: 12 }],
]) {
  test(`whole game at ${size} (the bot's moves): every number has words, scrolling regions take focus, axe every 10 decisions${size === '390x844' ? ', every control 44 px' : ''}`, async () => {
    const page = await newPage({ ...device, reducedMotion: 'reduce' });
    await openGame(page, '/', NEW_GAME);
    await startGame(page, deal);
    const problems = new Map();
    const seen = [];
    const note = (kind, xs) => {
      for (const x of xs) problems.set(`${kind}: ${x}`, (problems.get(`${kind}: ${x}`) ?? 0) + 1);
    };
    let decisions = 0;
    let battles = 0;
    for (; decisions < 1500 && (await page.getAttribute('main', 'data-ready')) === 'game'; decisions += 1) {
      note('number without words', await numbersWithoutText(page));
      note('scrolling region without focus', await unfocusableScrollers(page));
      if (device === PHONE) note('target under 44 px', await smallTargets(page));
      if (decisions % 10 === 5) await check(page, seen, `decision ${decisions}`);
      // In the first battles: the monster's whole table and every sheet, opened, their numbers too.
      if (battles < 2 && (await state(page)).pending === 'battle') {
        battles += 1;
        for (const name of ['Show the whole table', 'Monster sheet']) {
          const b = page.getByRole('button', { name, exact: true });
          if (!(await b.isVisible())) continue;
          await b.click();
          note('number without words', (await numbersWithoutText(page)).map((x) => `(${name}) ${x}`));
          if (device === PHONE) note('target under 44 px', await smallTargets(page));
          if (name === 'Monster sheet') await page.keyboard.press('Escape');
          else if (await b.isVisible()) await b.click();
        }
        for (const label of ['Hero', 'Weapon', 'Skills', 'Tracks', 'Log', 'Guide', 'Glossary']) {
          const b = page.locator('.dock').getByRole('button', { name: label, exact: true });
          if (!(await b.isVisible())) continue;
          await b.click();
          await page.getByRole('dialog', { name: label }).waitFor();
          note('number without words', (await numbersWithoutText(page)).map((x) => `(${label}) ${x}`));
          note('scrolling region without focus', (await unfocusableScrollers(page)).map((x) => `(${label}) ${x}`));
          if (device === PHONE) note('target under 44 px', (await smallTargets(page)).map((x) => `(${label}) ${x}`));
          await closeDialog(page);
        }
        await page.locator('#choices [data-choice="1"]').focus();
      }
      await botMove(page);
    }
    console.log(`${size}: ${decisions} decisions walked (${deal.character}, ${deal.difficulty}, seed ${deal.seed}); ${problems.size} distinct problems`);
    assert.equal(problems.size, 0, [...problems].map(([k, n]) => `${n}× ${k}`).join('\n'));
    assert.ok(decisions >= 60, `a whole, long game (${decisions} decisions)`);
    verdict(`${size}, the table over a whole game`, seen);
    assertNoConsoleErrors(page);
  });
}
