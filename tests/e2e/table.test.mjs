// The table (issue 11): at 1280×800 and 390×844, through whole scripted games, the page never
// scrolls and never overflows sideways; the decision's heading and first control, the player's
// effort and (once revealed) the monster's Armor and Health are on screen; every enabled
// control of the tray is reached by scrolling the tray alone; in every window after the
// monster's roll the lit row and the roll shown are the engine's current roll; focus is on the
// new decision after each move; banners mark ambushes, defeated monsters, new levels and the
// end; axe finds nothing on the board, the guide drawer, and each bottom sheet.
// TABLE_SHOTS=dir saves a screenshot of any screen whose layout fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, newPage, openGame, assertNoConsoleErrors, assertNoA11yViolations } from './harness.mjs';
import { startGame, playOne, state } from './play.mjs';

useBrowser();

const NEW_GAME = { ready: '[data-ready="new-game"]' };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Every layout problem of the screen as it is now (empty: none). */
async function layoutProblems(page, phone) {
  return page.evaluate((phone) => {
    const out = [];
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const de = document.documentElement;
    if (de.scrollHeight > vh) out.push(`the page scrolls: ${de.scrollHeight} > ${vh}`);
    if (de.scrollWidth > vw) out.push(`the page overflows sideways: ${de.scrollWidth} > ${vw}`);
    // Visible: inside the viewport and not covered or clipped (the point at its centre hits it).
    const seen = (el) => {
      if (!el) return false;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5) return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && (hit === el || el.contains(hit));
    };
    const name = (el) => (el.textContent || '').trim().slice(0, 40);
    const heading = document.querySelector('#now-h');
    if (!seen(heading)) out.push(`the decision's heading is not on screen`);
    if (!seen(document.querySelector('#res-small'))) out.push('Small Effort is not on screen');
    {
      const controls = [...document.querySelectorAll('.tray button.act:not([aria-disabled="true"])')];
      if (controls.length && !seen(controls[0])) out.push(`the first control "${name(controls[0])}" is not on screen`);
      const scroller = document.querySelector('.tray-scroll');
      const top = scroller.scrollTop;
      for (const c of controls) {
        c.scrollIntoView({ block: 'nearest' });
        if (!seen(c)) out.push(`"${name(c)}" cannot be reached`);
        if (window.scrollY !== 0 || de.scrollTop !== 0) out.push(`reaching "${name(c)}" scrolled the page`);
      }
      scroller.scrollTop = top;
      if (document.querySelector('.monster-zone:not(.face-down)')) {
        const armor = document.querySelector(phone ? '.strip-armor' : '#armor-value');
        const health = document.querySelector(phone ? '.strip-health' : '#health-value');
        if (!seen(armor) || !seen(health)) out.push(`the monster's Armor and Health are not on screen`);
      }
    }
    return out;
  }, phone);
}

async function windowRollShown(page) {
  return page.evaluate(() => ({
    lit: [...document.querySelectorAll('.combat-table tr.rolled th')].map((t) => t.textContent.trim()),
    said: document.querySelector('#window-roll')?.textContent ?? '',
    die: document.querySelector('.table-die .die-caption')?.textContent ?? '',
  }));
}

/** Plays a whole game, checking the table after every move; returns what it saw. */
async function playChecked(page, phone, { seed, character, difficulty }) {
  await startGame(page, { seed, character, difficulty });
  const kinds = new Set();
  const banners = new Set();
  let windows = 0;
  for (let i = 0; i < 800; i += 1) {
    const s = await state(page);
    kinds.add(s.pending);
    // The end of a game is its own screen (tests/e2e/screens.test.mjs), not the table.
    if ((await page.getAttribute('main', 'data-ready')) === 'end') break;
    const problems = await layoutProblems(page, phone);
    if (problems.length && process.env.TABLE_SHOTS) await page.screenshot({ path: `${process.env.TABLE_SHOTS}/fail-${i}.png` });
    assert.deepEqual(problems, [], `move ${i} (${s.pending})`);
    if (s.window_roll != null) {
      windows += 1;
      const shown = await windowRollShown(page);
      assert.deepEqual(shown.lit, [String(s.window_roll)], 'the lit row is the engine\'s roll');
      assert.match(shown.said, new RegExp(`\\b${s.window_roll}\\b`), 'the window says the roll');
      assert.match(shown.die, new RegExp(`\\b${s.window_roll}\\b`), 'the die beside the table shows it');
    }
    const moved = await playOne(page);
    assert.ok(moved, 'some move is possible');
    const b = await page.evaluate(() => document.querySelector('[data-banner]')?.getAttribute('data-banner'));
    if (b) banners.add(b);
    const focused = await page.evaluate(() => document.activeElement?.id);
    assert.ok(['now-h', 'end-h'].includes(focused), `focus on the new decision after "${moved}" (was ${focused})`);
    assert.ok(i < 799, 'the game ends');
  }
  return { kinds, banners, windows };
}

for (const [label, viewport, phone] of [['1280×800', DESKTOP, false], ['390×844', PHONE, true]]) {
  test(`${label}: one table through whole games, no page scroll, everything needed on screen`, async () => {
    const page = await newPage({ viewport });
    await openGame(page, '/', NEW_GAME);
    const seen = { kinds: new Set(), banners: new Set(), windows: 0 };
    for (const deal of [
      { seed: 21, character: 'Sneak', difficulty: 'Normal' },
      { seed: 8, character: 'Hunter', difficulty: 'Easy' },
    ]) {
      const r = await playChecked(page, phone, deal);
      r.kinds.forEach((k) => seen.kinds.add(k));
      r.banners.forEach((k) => seen.banners.add(k));
      seen.windows += r.windows;
      await page.getByRole('button', { name: 'New game' }).first().click();
      await page.waitForSelector('[data-ready="new-game"]');
    }
    for (const k of ['prepare', 'encounter', 'battle', 'respond', 'hunger', 'over']) {
      assert.ok(seen.kinds.has(k), `reached a "${k}" decision (saw ${[...seen.kinds]})`);
    }
    assert.ok(seen.windows > 0, 'met a window after the monster\'s roll');
    assert.ok(seen.banners.has('victory') || seen.banners.has('defeat'), `a banner at the end (saw ${[...seen.banners]})`);
    assert.ok(seen.banners.has('defeated'), `a banner for a defeated monster (saw ${[...seen.banners]})`);
    assert.ok(seen.banners.has('level'), `a banner for a new level (saw ${[...seen.banners]})`);
    assertNoConsoleErrors(page);
  });
}

test('axe: the board, the guide drawer and every bottom sheet', async () => {
  for (const [viewport, phone] of [[DESKTOP, false], [PHONE, true]]) {
    const page = await newPage({ viewport });
    await openGame(page, '/', NEW_GAME);
    await startGame(page, { seed: 21, character: 'Sneak' });
    await assertNoA11yViolations(page);
    const guide = phone ? '#open-guide' : '#open-guide-top';
    await page.locator(guide).click();
    await page.locator('#close-guide').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'close-guide', 'focus moves into the drawer');
    await assertNoA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.locator('.drawer').waitFor({ state: 'detached' });
    if (phone) {
      for (const sheet of ['character', 'weapon', 'cards', 'log']) {
        await page.locator(`#open-${sheet}`).click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        assert.ok(await dialog.isVisible(), `${sheet} opens as a sheet`);
        await assertNoA11yViolations(page);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' }).catch(() => {});
        assert.equal(await page.getByRole('dialog').count(), 0, `${sheet} closes`);
      }
    }
    // In battle: the monster card (a sheet on the phone).
    for (let i = 0; i < 400 && (await state(page)).pending !== 'battle'; i += 1) await playOne(page);
    await assertNoA11yViolations(page);
    if (phone) {
      await page.locator('.monster-strip').click();
      await page.getByRole('dialog').waitFor();
      await assertNoA11yViolations(page);
      await page.keyboard.press('Escape');
    }
    assertNoConsoleErrors(page);
  }
});
