// Helpers to play Unbroken in the browser as a player would: by roles and accessible names.
// Used by game*.test.mjs. (Not a test file itself: run.mjs only runs *.test.mjs.)

import assert from 'node:assert/strict';

/** Fills the new-game form and starts; waits for the game screen. */
export async function startGame(page, { character = 'Brawler', difficulty = 'Normal', seed = '7', side = 0 } = {}) {
  await page.getByRole('radio', { name: new RegExp(`^${character}\\b`) }).check();
  if (side) await page.locator(`#side-${side}`).check();
  await page.getByRole('radio', { name: difficulty, exact: true }).check();
  await page.getByLabel('Seed (optional)').fill(String(seed));
  await page.getByRole('button', { name: 'Start the game' }).click();
  // With a saved game, the first click asks to confirm replacing it.
  if (await page.locator('#replace-warning').count()) {
    await page.getByRole('button', { name: 'Start the game' }).click();
  }
  await page.waitForSelector('main[data-ready="game"]');
}

/**
 * The engine's position from the read-only test hook (src/ui/hooks/probe.rs), as JSON text: a few
 * figures by name and a digest of the whole engine state, so equal texts mean the identical
 * position.
 */
export async function stateJson(page) {
  // The probe is set by an effect after the frame that shows the game: a test that saw the table
  // appear can ask a moment before it is there, so the first non-empty answer is waited for.
  const text = await page.waitForFunction(() => {
    const s = window.unbroken?.state();
    return s == null ? null : JSON.stringify(s, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  }, null, { timeout: 10_000 });
  return text.jsonValue();
}

export async function state(page) {
  return JSON.parse(await stateJson(page));
}

/** Names of the enabled action buttons on screen (accessible names, as a player reads them). */
export async function enabledActions(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main button.act:not([aria-disabled="true"])')]
      .filter((b) => b.id !== 'undo' && b.id !== 'craft-go')
      .map((b) => {
        const clone = b.cloneNode(true);
        clone.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
        return clone.textContent.trim();
      }),
  );
}

async function rev(page) {
  return page.evaluate(() => document.querySelector('main')?.getAttribute('data-rev') ?? '');
}

/** Clicks the button with this exact accessible name and waits until the screen has changed. */
export async function act(page, name) {
  const before = await rev(page);
  await page.getByRole('button', { name, exact: true }).click();
  const moved = (b) => {
    const m = document.querySelector('main');
    return m && (m.getAttribute('data-rev') !== b || m.getAttribute('data-ready') !== 'game');
  };
  // A choice that ends the game at once asks to confirm first: a player who chose it confirms.
  await page.waitForFunction((b) => {
    const m = document.querySelector('main');
    return document.getElementById('confirm-end') || (m && (m.getAttribute('data-rev') !== b || m.getAttribute('data-ready') !== 'game'));
  }, before, { timeout: 10_000 });
  if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
  await page.waitForFunction(moved, before, { timeout: 10_000 });
}

export async function timeLeft(page) {
  const t = await page.locator('#time-value').textContent();
  const n = parseInt(t, 10);
  return Number.isNaN(n) ? 99 : n;
}

/**
 * One decision by a simple fixed strategy: the first enabled button of a priority list.
 * Returns the name clicked, or null when nothing is enabled.
 */
export async function playOne(page) {
  const pick = await pickMove(page);
  if (!pick) return null;
  await act(page, pick);
  return pick;
}

/** The name of the button playOne's strategy would press now, or null when nothing is enabled. */
export async function pickMove(page) {
  const names = await enabledActions(page);
  const first = (re) => names.find((n) => re.test(n));
  let pick =
    first(/^Keep /) ||
    first(/^Use the roll /) ||
    first(/^Discard /) ||
    first(/^Use no more responses$/) ||
    first(/^Use /);
  if (!pick) {
    const eats = names.filter((n) => /^Eat \d+ Food$/.test(n));
    if (eats.length) pick = eats.sort((a, b) => parseInt(b.slice(4), 10) - parseInt(a.slice(4), 10))[0];
  }
  pick ??= first(/^Fight$/) || first(/attack \d/) || first(/^Resolve /) || first(/^Rest on card/);
  if (!pick && names.includes('Explore')) {
    const t = await timeLeft(page);
    pick = t <= 2 && names.includes('Face the monster') ? 'Face the monster' : 'Explore';
  }
  return pick ?? first(/^Face the monster$/) ?? first(/^Skip your turn$/) ?? names[0] ?? null;
}

/** Plays until `done(page)` is true (or the game ends); returns the moves made. */
export async function playUntil(page, done, max = 3000) {
  const moves = [];
  for (let i = 0; i < max; i += 1) {
    if (await done(page)) return moves;
    if ((await page.getAttribute('main', 'data-ready')) === 'end') return moves;
    const m = await playOne(page);
    assert.ok(m, `no enabled action after ${moves.join(' | ')}`);
    moves.push(m);
  }
  throw new Error(`did not finish in ${max} moves`);
}

export const inBattle = async (page) => {
  const s = await state(page);
  return s?.pending === 'battle';
};

/** What the trackers show (text a player reads). */
export async function trackers(page) {
  return page.evaluate(() => {
    const t = (sel) => document.querySelector(sel)?.textContent?.trim() ?? null;
    const res = {};
    document.querySelectorAll('.res-val').forEach((e) => (res[e.id] = e.textContent.trim()));
    return {
      time: t('#time-value'),
      armor: t('#armor-value'),
      health: t('#health-value'),
      step: t('#steps-h'),
      now: t('#now-h'),
      res,
    };
  });
}

/**
 * Reaches the end screen of a won game: puts tests/e2e/fixtures/victory-save.json (a game the
 * smart bot won; tests/victory_fixture.rs keeps it current) in the save slot without its last
 * move, continues it and plays on to the end. The page must be on the title screen.
 */
export async function finishWonGame(page) {
  const { readFile } = await import('node:fs/promises');
  const save = JSON.parse(await readFile(new URL('./fixtures/victory-save.json', import.meta.url), 'utf8'));
  save.actions = save.actions.slice(0, -1);
  await page.evaluate((text) => localStorage.setItem('unbroken.game.v1', text), JSON.stringify(save));
  await page.reload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
}
