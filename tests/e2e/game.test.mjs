// Playing Unbroken in headless Chromium as a player would (roles and labels): a whole game,
// undo, reload in combat, keyboard-only play, accessibility checks, no console errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoA11yViolations, assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { act, enabledActions, inBattle, playOne, playUntil, startGame, state, stateJson, trackers } from './play.mjs';

useBrowser();

const NEW_GAME = { ready: '[data-ready="new-game"]' };

test('new-game screen: characters with abilities, both sides, difficulty, Easy toggle, seed', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  for (const c of ['Sneak', 'Sage', 'Hunter', 'Brawler']) {
    await page.getByRole('radio', { name: new RegExp(`^${c}\\b`) }).waitFor();
  }
  // Abilities are shown with each character; both side names of the chosen one are choices.
  assert.match(await page.locator('.char-choice').first().textContent(), /Take a Peek/);
  await page.getByRole('radio', { name: /^Brawler\b/ }).check();
  assert.equal(await page.locator('.sides input[type=radio]').count(), 2);
  assert.match(await page.locator('.sides').textContent(), /Caellahan[\s\S]*Niola/);
  // The 15-effort toggle only on Easy.
  assert.equal(await page.getByRole('checkbox').count(), 0);
  await page.getByRole('radio', { name: 'Easy', exact: true }).check();
  await page.getByRole('checkbox', { name: /15/ }).waitFor();
  // A bad seed is refused with a message, not a crash.
  await page.getByLabel('Seed (optional)').fill('not a number');
  await page.getByRole('button', { name: 'Start the game' }).click();
  assert.equal(await page.getAttribute('#seed', 'aria-invalid'), 'true');
  assert.equal(await page.locator('[data-ready="new-game"]').count(), 1);
  await assertNoA11yViolations(page);
  assertNoConsoleErrors(page);
});

test('a complete game from the new-game screen to the end screen (axe in travel, battle, end)', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { character: 'Brawler', difficulty: 'Normal', seed: 11 });
  assert.equal((await state(page)).seed, '11');
  await assertNoA11yViolations(page); // travel
  await playUntil(page, inBattle);
  if ((await page.getAttribute('main', 'data-ready')) === 'game') {
    await page.locator('#now-h').waitFor();
    await assertNoA11yViolations(page); // battle
  }
  const moves = await playUntil(page, async () => false);
  await page.waitForSelector('main[data-ready="end"]');
  const end = await page.locator('.end-screen').textContent();
  assert.match(end, /Victory!|Defeat/);
  if (/Victory/.test(end)) assert.match(end, /points: rank/);
  else assert.match(end, /You fell in level/);
  assert.ok(moves.length > 5, `a real game was played (${moves.length} moves)`);
  const log = await page.evaluate(() => window.unbroken.log());
  assert.ok(log.some((l) => /Defeat|Victory/.test(l)), 'the log tells the end');
  await assertNoA11yViolations(page); // end screen
  // A new game can be started from the end screen.
  await page.getByRole('button', { name: 'New game' }).first().click();
  await page.waitForSelector('[data-ready="new-game"]');
  assert.equal(await page.getByRole('button', { name: 'Continue' }).count(), 0, 'a finished game is not offered');
  assertNoConsoleErrors(page);
});

test('Easy with the 15-effort toggle: the starting skill is chosen, never guessed', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await page.getByRole('radio', { name: /^Hunter\b/ }).check();
  await page.getByRole('radio', { name: 'Easy', exact: true }).check();
  await page.getByRole('checkbox', { name: /15/ }).check();
  await page.getByLabel('Seed (optional)').fill('8');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  const s = await state(page);
  assert.equal(s.easy_toggle, true);
  assert.equal(s.small, 15);
  assert.match(await page.locator('#now-h').textContent(), /Choose a skill to keep/);
  const keep = (await enabledActions(page)).filter((n) => n.startsWith('Keep '));
  assert.ok(keep.length >= 2, `a choice of skills: ${keep}`);
  await act(page, keep[1]);
  assert.equal((await state(page)).skills, 1);
  // A kept skill may answer the level's start at once (Tinkerer's Wood): its window comes first.
  if (/Responses/.test(await page.locator('#now-h').textContent())) {
    await act(page, 'Use no more responses');
  }
  assert.match(await page.locator('#now-h').textContent(), /prepare/);
  assert.equal(await page.locator('#res-small').textContent(), '15 / 25');
  assertNoConsoleErrors(page);
});

test('undo takes a decision back to the identical position', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { seed: 5 });
  const undo = page.getByRole('button', { name: 'Undo' });
  assert.equal(await undo.getAttribute('aria-disabled'), 'true');
  const before = await stateJson(page);
  const focus = (await enabledActions(page)).find((n) => n.startsWith('Focus'));
  assert.ok(focus, 'Focus is affordable at the start');
  await act(page, focus);
  assert.notEqual(await stateJson(page), before);
  assert.equal(await undo.getAttribute('aria-disabled'), null);
  await act(page, 'Undo');
  assert.equal(await stateJson(page), before);
  // The `u` shortcut undoes too.
  await act(page, focus);
  const rev = await page.getAttribute('main', 'data-rev');
  await page.locator('body').press('u');
  await page.waitForFunction((r) => document.querySelector('main').getAttribute('data-rev') !== r, rev);
  assert.equal(await stateJson(page), before);
  assertNoConsoleErrors(page);
});

test('a 100,000-move save resumes at its position within 2 s (issue 13, item 7)', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { seed: 5 });
  const before = await stateJson(page);
  const focus = (await enabledActions(page)).find((n) => n.startsWith('Focus'));
  await act(page, focus);
  await act(page, 'Undo');
  const save = JSON.parse(await page.evaluate(() => localStorage.getItem('unbroken.game.v1')));
  assert.equal(save.actions.length, 2, 'a move and its undo are both kept');
  // The same move and its undo, 50,000 times: 100,000 moves, back where it started.
  const pair = save.actions;
  save.actions = Array.from({ length: 100_000 }, (_, i) => pair[i % 2]);
  await page.evaluate((t) => localStorage.setItem('unbroken.game.v1', t), JSON.stringify(save));
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]', { timeout: 60_000 });
  const ms = Date.now() - t0;
  console.log(`# resumed a 100,000-move save in ${ms} ms`);
  assert.equal(await stateJson(page), before, 'the same position');
  assert.ok(ms <= 2_000, `resumed in ${ms} ms`);
  // And it plays on.
  await act(page, focus);
  assertNoConsoleErrors(page);
});

test('a disabled control stays focusable and tells why on hover and focus', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { seed: 5 });
  const down = page.getByRole('button', { name: 'Downgrade your weapon for good', exact: true });
  assert.equal(await down.getAttribute('aria-disabled'), 'true');
  const tipId = await down.getAttribute('aria-describedby');
  const tip = page.locator(`#${tipId}`);
  assert.match(await tip.textContent(), /Not available: Bare Hands cannot be downgraded/);
  // Keyboard focus (Tab away and back) shows it at once; a click's focus does not.
  await down.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  assert.ok(await tip.isVisible(), 'tooltip visible on keyboard focus');
  const rev = await page.getAttribute('main', 'data-rev');
  await down.click({ force: true });
  assert.equal(await page.getAttribute('main', 'data-rev'), rev, 'a click on a disabled control does nothing');
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: 'Undo' }).hover();
  // Hover opens it after a pause (intent, not a pointer passing by).
  await page.locator('#tip-undo').waitFor({ state: 'visible', timeout: 2_000 });
  assertNoConsoleErrors(page);
});

test('reload in the middle of combat resumes the identical position', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { character: 'Sneak', seed: 21 });
  await playUntil(page, inBattle);
  assert.ok(await inBattle(page), 'reached a battle');
  // One round in, so the monster tracker has moved.
  const names = await enabledActions(page);
  const attack = names.find((n) => /attack \d/.test(n));
  if (attack) await act(page, attack);
  await playUntil(page, inBattle);
  const before = await stateJson(page);
  const seen = await trackers(page);
  const log = await page.evaluate(() => window.unbroken.log());
  await page.reload();
  await page.waitForSelector('[data-ready="new-game"]');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await stateJson(page), before);
  assert.deepEqual(await trackers(page), seen);
  assert.deepEqual(await page.evaluate(() => window.unbroken.log()), log);
  assertNoConsoleErrors(page);
});

test('keyboard only: a whole turn with Tab, the arrows and Enter', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el) return { name: '', disabled: false };
      const clone = el.cloneNode(true);
      clone.querySelectorAll?.('[aria-hidden="true"]').forEach((n) => n.remove());
      return {
        name: (clone.textContent || '').trim(),
        disabled: el.getAttribute('aria-disabled') === 'true',
        tag: el.tagName,
        action: el.classList.contains('act'),
      };
    });
  // What the engine waits for, the enabled action buttons and the focused element: said when a
  // Tab walk fails, so a failure shows whether the control was missing or focus could not reach it.
  const onScreen = async () => ({
    pending: (await state(page)).pending,
    buttons: await enabledActions(page),
    focus: await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName),
  });
  // The decision's choices are one Tab stop (a toolbar): Tab reaches it, the arrows walk it.
  const tabTo = async (re) => {
    // Two walks: a late render (the records module arriving, a refocus) may move focus during
    // the first, and a control that is there is then reached on the second.
    for (let walk = 0; walk < 2; walk += 1) {
      for (let i = 0; i < 400; i += 1) {
        const f = await focused();
        const inWidget = await page.evaluate(() => !!document.activeElement?.closest?.('#choices [data-choice]'));
        if (f.tag === 'BUTTON' && f.action && !f.disabled && re.test(f.name)) return f.name;
        await page.keyboard.press(inWidget ? 'ArrowRight' : 'Tab');
      }
      await page.waitForTimeout(250);
    }
    throw new Error(`could not reach ${re}: ${JSON.stringify(await onScreen())}`);
  };
  const press = async (re) => {
    const rev = await page.evaluate(() => document.querySelector('main').getAttribute('data-rev'));
    const name = await tabTo(re);
    await page.keyboard.press('Enter');
    await page.waitForFunction((r) => document.querySelector('main').getAttribute('data-rev') !== r, rev);
    return name;
  };
  // Start: the seed field is filled by keyboard, Enter submits the form.
  await page.locator('body').focus();
  for (let i = 0; i < 100; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.id === 'seed')) break;
  }
  await page.keyboard.type('42');
  await page.keyboard.press('Enter');
  await page.waitForSelector('main[data-ready="game"]');
  const start = await state(page);
  assert.equal(start.seed, '42');
  // Preparation: Focus; Decision: Explore; Exploration: rest on a card; back to Preparation.
  await press(/^Focus/);
  await press(/^Explore$/);
  // The Sneak's Take a Peek is offered as a response when exploring: use it.
  while ((await state(page)).pending === 'respond') await press(/^Use /);
  assert.equal((await state(page)).step, 'exploration');
  const focusedNow = await page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
  assert.ok(focusedNow !== 'BODY', 'focus is never dropped to the page');
  await press(/^(Rest on card 1|Resolve )/);
  const after = await state(page);
  assert.ok(after.time < start.time, 'Time was spent');
  assert.ok(['preparation', 'battle', 'trickery'].includes(after.step), `turn done (${after.step})`);
  assertNoConsoleErrors(page);
});

test('leaving keeps the game; a new game asks before replacing it', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  await startGame(page, { seed: 12 });
  await act(page, 'Explore');
  const before = await stateJson(page);
  await page.getByRole('button', { name: 'Leave (saved)' }).click();
  await page.waitForSelector('[data-ready="new-game"]');
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.locator('#replace-warning').waitFor();
  assert.equal(await page.locator('[data-ready="new-game"]').count(), 1, 'not replaced on the first click');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForSelector('main[data-ready="game"]');
  assert.equal(await stateJson(page), before);
  assertNoConsoleErrors(page);
});

test('a corrupt save is kept aside with a message, and a new game can start', async () => {
  const page = await newPage();
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('unbroken.game.v1', '{"version":1,"fingerprint":1,"setup":');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await openGame(page, '/', NEW_GAME);
  const notice = page.locator('#save-notice');
  await notice.waitFor();
  assert.match(await notice.textContent(), /could not be loaded[\s\S]*not deleted/);
  const kept = await page.evaluate(() => localStorage.getItem('unbroken.game.v1.unreadable'));
  assert.equal(kept, '{"version":1,"fingerprint":1,"setup":');
  assert.equal(await page.evaluate(() => localStorage.getItem('unbroken.game.v1')), null);
  await startGame(page, { seed: 3 });
  assertNoConsoleErrors(page);
});

test('storage disabled: the game is playable and says it will not be saved', async () => {
  const page = await newPage();
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await openGame(page, '/', NEW_GAME);
  await page.locator('#storage-warning').waitFor();
  await startGame(page, { seed: 9 });
  await act(page, 'Explore');
  assert.equal((await state(page)).step, 'exploration');
  assertNoConsoleErrors(page);
});

test('after every move focus is on the new decision; a window after the monster roll shows that roll and lights its row', async () => {
  const page = await newPage();
  await openGame(page, '/', NEW_GAME);
  let windows = 0;
  for (const [character, seed] of [['Sneak', 21], ['Hunter', 8]]) {
    await startGame(page, { character, seed });
    for (let i = 0; i < 600; i += 1) {
      const s = await state(page);
      if ((await page.getAttribute('main', 'data-ready')) !== 'game') break;
      if (s.window_roll != null) {
        windows += 1;
        const lit = await page.locator('.combat-table tr.rolled th').allTextContents();
        assert.deepEqual(lit.map((t) => t.trim()), [String(s.window_roll)], 'the lit row is the engine\'s roll');
        // The roll as the engine has it (its row's effect in words follows, with tooltips).
        assert.match(await page.locator('#window-roll strong').textContent(), new RegExp(`\\b${s.window_roll}$`));
      }
      const moved = await playOne(page);
      assert.ok(moved, 'a move is possible');
      // On the new decision's first choice (or the end screen's heading).
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-choice') ?? document.activeElement?.id);
      assert.ok(['1', 'end-h'].includes(focused), `focus on the new decision after "${moved}" (was ${focused})`);
    }
    await page.getByRole('button', { name: /^(New game|Title screen)$/ }).first().click();
    await page.waitForSelector('[data-ready="new-game"]');
  }
  assert.ok(windows > 0, 'met a window after the monster\'s roll');
  assertNoConsoleErrors(page);
});
