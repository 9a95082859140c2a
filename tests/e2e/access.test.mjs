// Access by keyboard alone and by screen reader alone (the keymap table, src/ui/keymap.rs; the
// choices widget, src/ui/choices.rs; hooks/keys.rs and hooks/focus.rs). With page.keyboard only,
// from the title screen: whole seeded games at 1280x800 and 390x844, every decision taken by its
// digit (and a game by the arrows), focus after every action on the new decision's first choice,
// the live region saying every event line of every move once and in order (a new node for every
// announcement, so the same words twice are heard twice), every status key writing its text,
// the Keys list and the Settings (a remapped key works and the old one does not), and every
// dialog taking focus, keeping Tab, making the page behind inert and giving focus back; axe on
// the Keys list, the Settings and the end-game confirm. Prints keys per decision (median, max),
// focus misses, announcement drops and duplicates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoA11yViolations, assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { botPick, choices, eventLines, pick, take, timeLeft } from './keyplay.mjs';

useBrowser();

const DESK = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function rev(page) {
  return page.evaluate(() => `${document.querySelector('main')?.getAttribute('data-rev')}|${document.querySelector('main')?.getAttribute('data-ready')}`);
}

const spoken = (page) => page.evaluate(() => document.getElementById('announce')?.textContent.trim() ?? '');
const announced = (page) => page.evaluate(() => window.__said ?? 0);

/** Counts every announcement (a node added to the live region), the way a screen reader hears it. */
async function listen(page) {
  await page.evaluate(() => {
    window.__said = 0;
    const watch = () => {
      const r = document.getElementById('announce');
      if (!r || r.__watched) return;
      r.__watched = true;
      new MutationObserver((ms) => {
        for (const m of ms) window.__said += m.addedNodes.length;
      }).observe(r, { childList: true, subtree: true, characterData: true });
    };
    watch();
    new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
  });
}

/** Tab on to the next control for which `test` (run in the page on the focused element) is true. */
async function tabTo(page, test, arg) {
  for (let i = 0; i < 100; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(test, arg)) return;
  }
  throw new Error(`no such control by Tab: ${test}`);
}

/**
 * From the title screen by keyboard: Tab to the character radios and arrow to `character`, the
 * same for `difficulty`, Tab to the seed, type it, Enter starts.
 */
async function startByKeyboard(page, seed, { character, difficulty } = {}) {
  await page.locator('body').focus();
  for (const [group, want] of [['character', character], ['difficulty', difficulty]]) {
    if (!want) continue;
    await tabTo(page, (g) => document.activeElement?.name === g, group);
    for (let i = 0; i < 6; i += 1) {
      const now = await page.evaluate(() => {
        const el = document.activeElement;
        return `${el.value} ${el.labels?.[0]?.textContent ?? ''}`.toLowerCase();
      });
      if (now.includes(want.toLowerCase())) break;
      await page.keyboard.press('ArrowDown');
    }
    assert.ok(await page.evaluate((w) => {
      const el = document.activeElement;
      return el.checked && `${el.value} ${el.labels?.[0]?.textContent ?? ''}`.toLowerCase().includes(w);
    }, want.toLowerCase()), `${group} ${want} chosen by the arrows`);
  }
  await tabTo(page, () => document.activeElement?.id === 'seed');
  await page.keyboard.type(String(seed));
  await page.keyboard.press('Enter');
  // With a saved game the first Enter asks to confirm replacing it.
  if (await page.locator('#replace-warning').count()) await page.keyboard.press('Enter');
  await page.waitForSelector('main[data-ready="game"]');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : 0;
};

/**
 * Plays a whole game by keyboard; `by` is 'digits' or 'arrows'. Returns the figures.
 */
async function playByKeyboard(page, by, bot = false) {
  const keys = [];
  let misses = 0;
  let drops = 0;
  let wrong = 0;
  let bound = 0;
  let folded = 0;
  let foldedOver = 0;
  let lastSaid = null;
  for (let move = 0; move < 1500; move += 1) {
    if ((await page.getAttribute('main', 'data-ready')) !== 'game') break;
    const list = await choices(page);
    assert.ok(list.length > 0, `move ${move}: no choice on the table`);
    // The bot's choice (asked by the Hint key, not counted as a key of the decision) plays a
    // whole game; the simple strategy where there is no hint.
    const c = (bot && (await botPick(page))) || pick(list, await timeLeft(page));
    const before = await rev(page);
    const heard = await announced(page);
    // By its digit, or by the arrows from the focused first choice and Enter; a choice folded
    // behind "More actions" opens the fold the same way first.
    const taken = await take(page, c, by);
    let n = taken.keys;
    assert.ok(n > 0, `move ${move}: ${c.name} could not be taken`);
    if (c.fold) folded += 1;
    // The arrow bound for a choice in the widget; one folded behind "More actions" is counted
    // apart in the report (the ring the arrows walk is the unfolded one).
    if (by === 'arrows' && n > Math.ceil(taken.k / 2) + 1) {
      if (c.fold) foldedOver += 1;
      else bound += 1;
    }
    // A choice that ends the game asks first; the confirm has focus: Enter takes it.
    await page.waitForFunction((b) => {
      const m = document.querySelector('main');
      return document.getElementById('confirm-end') || `${m?.getAttribute('data-rev')}|${m?.getAttribute('data-ready')}` !== b;
    }, before, { timeout: 10_000 });
    if (await page.locator('#confirm-end').count()) {
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'confirm-end', 'the confirm takes focus');
      await page.keyboard.press('Enter');
      n += 1;
    }
    await page.waitForFunction((b) => {
      const m = document.querySelector('main');
      return `${m?.getAttribute('data-rev')}|${m?.getAttribute('data-ready')}` !== b;
    }, before, { timeout: 10_000 });
    keys.push(n);
    // Focus is set and the move said just after the screen is drawn: a frame or two.
    await page.waitForFunction((h) => (document.activeElement?.getAttribute('data-choice') === '1' || document.activeElement?.id === 'end-h')
      && (document.querySelector('main')?.getAttribute('data-ready') !== 'game' || window.__said > h), heard, { timeout: 2000 }).catch(() => {});
    const ready = await page.getAttribute('main', 'data-ready');
    const focus = await page.evaluate(() => document.activeElement?.getAttribute('data-choice') ?? document.activeElement?.id ?? 'BODY');
    if (!(ready === 'game' ? focus === '1' : focus === 'end-h' || focus === '1')) {
      misses += 1;
      console.log(`move ${move} (${c.name}): focus on ${focus}`);
    }
    if (ready === 'game') {
      const want = await eventLines(page);
      const said = await spoken(page);
      if (said !== want) {
        wrong += 1;
        console.log(`move ${move} (${c.name}): said ${JSON.stringify(said)}, want ${JSON.stringify(want)}`);
      }
      if ((await announced(page)) <= heard) drops += 1;
      lastSaid = said;
    }
  }
  assert.notEqual(lastSaid, null, 'a move was made');
  return { keys, misses, drops, wrong, bound, folded, foldedOver, outcome: await page.evaluate(() => window.unbroken.log().filter((l) => /Victory|Defeat/.test(l)).at(-1) ?? '') };
}

function report(label, r) {
  console.log(
    `${label}: ${r.keys.length} decisions, keys per decision median ${median(r.keys)}, max ${Math.max(...r.keys)}; ` +
      `focus misses ${r.misses}; announcements wrong or duplicated ${r.wrong}, dropped ${r.drops}; over the arrow bound ${r.bound}; behind "More actions" ${r.folded} (over the arrow bound ${r.foldedOver}); ${r.outcome.slice(0, 60)}`,
  );
}

for (const [size, device, games] of [
  ['1280x800', DESK, [
    { seed: 42, by: 'digits' },
    { seed: 7, by: 'digits', character: 'Hunter', difficulty: 'Normal', bot: true },
    { seed: 7, by: 'arrows', character: 'Hunter', difficulty: 'Normal', bot: true },
  ]],
  ['390x844', PHONE, [{ seed: 2, by: 'digits', character: 'Sage', difficulty: 'Easy', bot: true }]],
]) {
  test(`keyboard only at ${size}: whole games, every decision by its key, focus and the spoken order`, async () => {
    for (const g of games) {
      const page = await newPage(device);
      await openGame(page, '/', { ready: '[data-ready="new-game"]' });
      await listen(page);
      await startByKeyboard(page, g.seed, g);
      const r = await playByKeyboard(page, g.by, g.bot);
      report(`${size} ${g.character ?? 'default character'} ${g.difficulty ?? ''} seed ${g.seed} by ${g.by}${g.bot ? ' (the bot\'s choices, asked by h)' : ''}`, r);
      if (g.bot) assert.ok(r.keys.length >= 60, `a whole, long game (${r.keys.length} decisions)`);
      if (g.by === 'digits') assert.ok(Math.max(...r.keys) <= 2, 'every decision in at most 2 keys');
      // The arrows walk into a fold as if it were open, so a folded choice is held to the same bound.
      assert.equal(r.bound + r.foldedOver, 0, 'every choice within ceil(k/2)+1 keys by the arrows, folded ones too');
      assert.equal(r.misses, 0, 'focus on the new decision after every action');
      assert.equal(r.wrong, 0, 'every move said: its event lines, once, in order');
      assert.equal(r.drops, 0, 'no announcement dropped (identical words included)');
      assertNoConsoleErrors(page);
      await page.context().close();
    }
  });
}

test('status keys, repeat and history write to the live region; help and a remapped key', async () => {
  const page = await newPage(DESK);
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await listen(page);
  await startByKeyboard(page, 42);
  await page.keyboard.press('1');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-choice') === '1');
  const expect = {
    e: /^Effort: /,
    E: /Ability uses left/,
    m: /monster/,
    M: /monster/,
    r: /roll/i,
    t: /^Time/,
    w: /^Weapon: /,
    W: /^Weapon: /,
    s: /^Skills: /,
    p: /Your choices: 1: /,
    l: /./,
    '[': /^Entry \d+ of \d+: /,
    ']': /^Entry \d+ of \d+: /,
  };
  for (const [key, re] of Object.entries(expect)) {
    const before = await announced(page);
    await page.keyboard.press(key === key.toUpperCase() && /[A-Z]/.test(key) ? `Shift+${key}` : key);
    await page.waitForFunction((b) => window.__said > b, before);
    assert.match(await spoken(page), re, `key ${key}`);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-choice')), '1', `key ${key} keeps focus on the decision`);
  }
  // The repeat key twice: said twice (the same words, a new announcement).
  const before = await announced(page);
  await page.keyboard.press('l');
  await page.keyboard.press('l');
  await page.waitForFunction((b) => window.__said >= b + 2, before);
  // ? opens the Keys list (generated from the table) with focus in it; Escape gives it back.
  await page.keyboard.press('?');
  const keysDialog = page.getByRole('dialog', { name: 'Keys' });
  await keysDialog.waitFor();
  assert.match(await page.locator('#keys-table').textContent(), /Take choice 1/);
  assert.ok(await page.evaluate(() => document.querySelector('[aria-modal="true"]').contains(document.activeElement)));
  await assertNoA11yViolations(page);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[aria-modal="true"]'));
  // Settings (,): give the monster key to n, by keyboard.
  await page.keyboard.press(',');
  await page.getByRole('dialog', { name: 'Settings' }).waitFor();
  await assertNoA11yViolations(page);
  for (let i = 0; i < 80; i += 1) {
    if (await page.evaluate(() => document.activeElement?.id === 'key-monster')) break;
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'key-monster');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('n');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[aria-modal="true"]'));
  const saved = await page.evaluate(() => localStorage.getItem('unbroken.settings.v1'));
  assert.match(saved, /"monster":"n"/);
  let b = await announced(page);
  await page.keyboard.press('n');
  await page.waitForFunction((x) => window.__said > x, b);
  assert.match(await spoken(page), /monster/);
  b = await announced(page);
  await page.keyboard.press('t');
  await page.waitForFunction((x) => window.__said > x, b);
  b = await announced(page);
  await page.keyboard.press('m');
  await page.waitForTimeout(300);
  assert.equal(await announced(page), b, 'the old key does nothing');
  assertNoConsoleErrors(page);
});

for (const [size, device] of [['1280x800', DESK], ['390x844', PHONE]]) {
  test(`dialogs at ${size}: focus in, Tab stays in, the page behind inert, focus back on close`, async () => {
    const page = await newPage({ ...device, reducedMotion: 'reduce' });
    await openGame(page, '/', { ready: '[data-ready="new-game"]' });
    await startByKeyboard(page, 42);
    const openers = [];
    for (const sel of ['#keys-open', '#settings-open']) if (await page.locator(sel).isVisible()) openers.push(sel);
    for (const label of ['Hero', 'Weapon', 'Skills', 'Tracks', 'Log', 'Guide', 'Glossary']) {
      const b = page.locator('.dock').getByRole('button', { name: label, exact: true });
      if (await b.isVisible()) openers.push(`.dock-${label === 'Skills' ? 'cards' : label === 'Tracks' ? 'track' : label.toLowerCase()}`);
    }
    for (const sel of openers) {
      await page.locator(sel).focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('[aria-modal="true"]');
      const inside = () => page.evaluate(() => document.querySelector('[aria-modal="true"]').contains(document.activeElement));
      assert.ok(await inside(), `${sel}: focus moves into the dialog`);
      for (let i = 0; i < 25; i += 1) {
        await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
        assert.ok(await inside(), `${sel}: Tab stays in the dialog`);
      }
      assert.ok(await page.evaluate(() => document.querySelector('header.topbar').closest('[inert]') !== null), `${sel}: the page behind is inert`);
      await assertNoA11yViolations(page);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[aria-modal="true"]'));
      assert.ok(await page.evaluate((s) => document.activeElement === document.querySelector(s), sel), `${sel}: focus back on the opener`);
      assert.equal(await page.evaluate(() => document.querySelectorAll('[inert]').length), 0, `${sel}: nothing inert after closing`);
    }
    assertNoConsoleErrors(page);
  });
}
