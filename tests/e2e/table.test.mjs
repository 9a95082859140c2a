// The table (issue 11): at 1280x800 and at 390x844, whole games played by role and label reach
// every kind of decision, and after every move the page itself does not scroll, nothing
// overflows sideways, the decision's heading and first control, the monster's Armor and Health
// and the player's Effort are inside the viewport, focus is on the new decision's first choice, and in every
// response window the lit row and the die equal the engine's roll. Banners come for ambush,
// monster defeated and a new level; axe-core finds nothing on the table, its drawers and sheets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoA11yViolations, assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { act, enabledActions, finishWonGame, playOne, startGame, state } from './play.mjs';
import { controlsOutOfView, controlsWithTips, lastMoveLines, openTooltips, tooltipsCovering } from './in_view.mjs';
import { digitKey } from './keyplay.mjs';

/** The lines of the last move in the log (the probe's log: "> head", then its lines). */
async function lastLogLines(page) {
  const log = await page.evaluate(() => window.unbroken.log());
  const head = log.map((l) => l.startsWith('> ')).lastIndexOf(true);
  return log.slice(head + 1);
}

useBrowser();

const DEVICES = {
  '1280x800': { viewport: { width: 1280, height: 800 } },
  '390x844': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
// Deals that, played by play.mjs's simple strategy, reach every kind of decision between them:
// the scripted game (the README's deal) and two seeded games.
const DEALS = [
  { character: 'Brawler', difficulty: 'Normal', seed: 7 },
  // Explores through Level I until Time runs out: an ambush.
  { character: 'Brawler', difficulty: 'Easy', seed: 6, ambush: true },
  { character: 'Hunter', difficulty: 'Easy', seed: 1 },
];

/** What the screen shows about the layout right now (one round trip). */
async function layout(page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const inView = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return r.top >= -1 && r.left >= -1 && r.bottom <= vh + 1 && r.right <= vw + 1 && r.width > 0;
    };
    const controls = [...document.querySelectorAll('.stage button.act:not([aria-disabled="true"])')];
    return {
      pageHeight: document.documentElement.scrollHeight,
      pageWidth: document.documentElement.scrollWidth,
      vw,
      vh,
      heading: inView(document.getElementById('now-h')),
      firstControl: controls.length ? inView(controls[0]) : null,
      sideways: controls.filter((b) => b.getBoundingClientRect().right > vw + 1).map((b) => b.textContent),
      armor: inView(document.getElementById('m-armor')),
      health: inView(document.getElementById('m-health')),
      effort: inView(document.getElementById('hud-small')),
      focus: document.activeElement?.getAttribute('data-choice') ?? document.activeElement?.id ?? '',
      banner: document.querySelector('.banner')?.className ?? '',
      lit: [...document.querySelectorAll('.combat-table tr.rolled th')].map((e) => e.textContent.trim()),
      die: document.getElementById('monster-die')?.textContent ?? '',
    };
  });
}

for (const [size, device] of Object.entries(DEVICES)) {
  test(`the table at ${size}: whole games with no page scroll, every decision in view`, async () => {
    const kinds = new Set();
    const banners = new Set();
    let windows = 0;
    let decisions = 0;
    const outOfView = [];
    let hovered = 0;
    for (const deal of DEALS) {
      const tipKinds = new Set();
      const page = await newPage(device);
      await openGame(page, '/', { ready: '[data-ready="new-game"]' });
      await startGame(page, deal);
      for (let move = 0; move < 1500; move += 1) {
        if ((await page.getAttribute('main', 'data-ready')) !== 'game') {
          // The game's end has its banner over the end screen.
          const end = await page.locator('.banner').getAttribute('class');
          const won = (await page.locator('.end-screen.won').count()) > 0;
          assert.match(end, won ? /victory/ : /defeat/, `${size}: the end banner`);
          banners.add(won ? 'victory' : 'defeat');
          break;
        }
        const s = await state(page);
        kinds.add(s.pending);
        const l = await layout(page);
        const at = `${size}, ${deal.character} seed ${deal.seed}, move ${move} (${s.pending})`;
        assert.ok(l.pageHeight <= l.vh, `${at}: the page scrolls (${l.pageHeight} > ${l.vh})`);
        assert.ok(l.pageWidth <= l.vw, `${at}: the page is ${l.pageWidth} px wide`);
        assert.equal(l.heading, true, `${at}: the decision's heading is out of view`);
        if (l.firstControl !== null) assert.equal(l.firstControl, true, `${at}: the first control is out of view`);
        assert.deepEqual(l.sideways, [], `${at}: controls overflow sideways`);
        assert.equal(l.effort, true, `${at}: Small Effort is out of view`);
        if (l.armor !== null) {
          assert.equal(l.armor, true, `${at}: the monster's Armor is out of view`);
          assert.equal(l.health, true, `${at}: the monster's Health is out of view`);
        }
        if (move > 0) assert.equal(l.focus, '1', `${at}: focus is on “${l.focus}”, not the decision's first choice`);
        // Every control of the decision visible and clickable as the screen is (counted: the
        // share is checked after the games).
        decisions += 1;
        const hidden = await controlsOutOfView(page);
        if (hidden.length) outOfView.push(`${at}: ${hidden.join('; ')}`);
        // The last move whole: every line of it is in the panel's list, in order.
        if (move > 0) assert.deepEqual(await lastMoveLines(page), await lastLogLines(page), `${at}: the last-move panel`);
        // No tooltip opened by the click just made (the pointer has not moved since).
        if (move > 0) assert.deepEqual(await openTooltips(page), [], `${at}: a tooltip is open after a click`);
        // A tooltip opened on intent (hover) covers no enabled control of the decision: once
        // per kind of decision and game, every control with a tooltip is hovered.
        if (!tipKinds.has(s.pending)) {
          tipKinds.add(s.pending);
          const ctls = page.locator('#stage .ctl');
          for (const i of await controlsWithTips(page)) {
            await ctls.nth(i).hover();
            await page.waitForTimeout(650);
            hovered += 1;
            const covering = await tooltipsCovering(page);
            assert.deepEqual(covering, [], `${at}: a hovered tooltip covers a control`);
          }
          await page.mouse.move(1, 1);
        }
        if (s.choose_rolls) {
          const rolls = s.choose_rolls.split(',');
          assert.equal(await page.locator('#monster-die').getAttribute('data-rolls'), s.choose_rolls, `${at}: the dice shown`);
          assert.deepEqual(l.lit, [...new Set(rolls)].sort(), `${at}: the lit rows are not the two rolls`);
        }
        for (const k of ['ambush', 'defeated', 'level']) if (l.banner.includes(k)) banners.add(k);
        if (s.pending === 'respond' && s.window_roll) {
          windows += 1;
          assert.deepEqual(l.lit, [String(s.window_roll)], `${at}: the lit row is not the roll`);
          assert.match(l.die, new RegExp(`= ${s.window_roll}\\b|^Rolled ${s.window_roll}\\b`), `${at}: the die shows “${l.die}”`);
        }
        if (deal.ambush && s.level === 1 && (await enabledActions(page)).includes('Explore')) {
          await act(page, 'Explore');
          continue;
        }
        const picked = await playOne(page);
        assert.ok(picked, `${at}: nothing to do`);
        // A game-ending choice asks first: confirm it, as a player who means it would.
        if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
      }
      assertNoConsoleErrors(page);
      await page.context().close();
    }
    for (const k of ['prepare', 'encounter', 'trickery', 'battle', 'respond', 'choose_skill', 'hunger']) {
      assert.ok(kinds.has(k), `${size}: no ${k} decision was reached (${[...kinds].join(', ')})`);
    }
    assert.ok(windows > 0, `${size}: no response window after a monster's roll`);
    assert.ok(hovered > 0, `${size}: no control with a tooltip was hovered`);
    // At most 2 % of the decisions with a control out of view (scripts/in-view.mjs measures
    // the same games).
    assert.ok(outOfView.length <= decisions * 0.02,
      `${size}: ${outOfView.length} of ${decisions} decisions with a control out of view:\n  ${outOfView.slice(0, 10).join('\n  ')}`);
    for (const k of ['ambush', 'defeated', 'level']) assert.ok(banners.has(k), `${size}: no ${k} banner (${[...banners]})`);
    // A won game: the victory banner over the end screen.
    const page = await newPage(device);
    await openGame(page, '/', { ready: '[data-ready="new-game"]' });
    await finishWonGame(page);
    assert.match(await page.locator('.banner').getAttribute('class'), /victory/);
    await page.context().close();
  });

  test(`the table at ${size}: axe-clean in play, in every drawer and bottom sheet`, async () => {
    const page = await newPage({ ...device, reducedMotion: 'reduce' });
    await openGame(page, '/', { ready: '[data-ready="new-game"]' });
    await startGame(page, DEALS[0]);
    await assertNoA11yViolations(page);
    for (const label of ['Hero', 'Weapon', 'Skills', 'Tracks', 'Log', 'Guide', 'Glossary']) {
      const b = page.locator('.dock').getByRole('button', { name: label, exact: true });
      if (!(await b.isVisible())) continue;
      await b.click();
      const sheet = page.getByRole('dialog', { name: label });
      await sheet.waitFor();
      assert.ok(await sheet.isVisible(), `${label} opens`);
      if (label === 'Glossary') {
        // Opened to be read: its definitions show at once, not behind a second click.
        assert.ok(await sheet.locator('dl dd').first().isVisible(), 'the glossary shows its definitions');
      }
      await assertNoA11yViolations(page);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('.sheet-wrap.open'));
    }
    // Into a battle: the monster card (and, on a phone, its full sheet) checked too.
    for (let i = 0; i < 400 && (await state(page)).pending !== 'battle'; i += 1) {
      await playOne(page);
      if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
    }
    await assertNoA11yViolations(page);
    const more = page.getByRole('button', { name: 'Monster sheet' });
    if (await more.isVisible()) {
      await more.click();
      assert.ok(await page.locator('#monster-more').isVisible(), 'the monster sheet opens');
      await assertNoA11yViolations(page);
    }
    assertNoConsoleErrors(page);
  });
}

test('a choice that ends the game at once asks to confirm first', async () => {
  const page = await newPage(DEVICES['1280x800']);
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await startGame(page, { character: 'Brawler', difficulty: 'Hard', seed: 3 });
  // Play until some offered choice would end the game (hunger without food, mostly).
  let found = false;
  for (let i = 0; i < 1500 && (await page.getAttribute('main', 'data-ready')) === 'game'; i += 1) {
    const ends = page.locator('.decision.ends button.act:not([aria-disabled="true"])');
    if (await ends.count()) {
      found = true;
      const before = await state(page);
      await ends.first().click();
      await page.locator('#confirm-end').waitFor();
      const after = await state(page);
      assert.equal(after.digest, before.digest, 'the first press changes nothing');
      await page.getByRole('button', { name: 'Go back' }).click();
      assert.equal(await page.locator('#confirm-end').count(), 0);
      await ends.first().click();
      await page.locator('#confirm-end').click();
      await page.waitForSelector('main[data-ready="end"]');
      break;
    }
    await playOne(page);
    if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
  }
  assert.ok(found, 'no game-ending choice was offered in this deal');
});

/** A phone game (Hunter, Easy, seed 1) played to its first decision with folded tray groups. */
async function foldedDecision() {
  const page = await newPage(DEVICES['390x844']);
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await startGame(page, { character: 'Hunter', difficulty: 'Easy', seed: 1 });
  for (let i = 0; i < 400 && !(await page.locator('#tray-more').count()); i += 1) {
    await playOne(page);
    if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
  }
  assert.equal(await page.locator('#tray-more').count(), 1, 'a decision with folded groups');
  return page;
}

test('a battle turn folds the Actions Guide and crafting behind “More actions”, opened in place by click or digit', async () => {
  for (const how of ['click', 'digit']) {
    const page = await foldedDecision();
    const more = page.locator('#tray-more');
    const n = await more.getAttribute('data-choice');
    const before = await enabledActions(page);
    assert.equal(await page.locator(`#choices [data-choice="${n}"]`).count(), 1, 'the tile carries the first folded number');
    if (how === 'click') await more.click();
    else {
      await page.locator('#choices [data-choice="1"]').focus();
      await page.keyboard.press(n);
    }
    await page.waitForFunction(() => !document.getElementById('tray-more'));
    const after = await enabledActions(page);
    assert.ok(after.length > before.length - 1, `${how}: the folded controls are shown (${before.length - 1} → ${after.length})`);
    const focus = await page.evaluate(() => document.activeElement?.getAttribute('data-choice'));
    assert.equal(focus, n, `${how}: focus on the first choice the fold showed`);
    const seen = await page.evaluate(() => {
      const r = document.activeElement.getBoundingClientRect();
      const q = document.getElementById('stage').getBoundingClientRect();
      return r.top >= q.top - 1 && r.bottom <= Math.min(q.bottom, window.innerHeight) + 1;
    });
    assert.ok(seen, `${how}: the first choice the fold showed is scrolled into view`);
    assertNoConsoleErrors(page);
    await page.context().close();
  }
});

test('a folded choice by keys: its own digit takes it, and the arrows walk into the fold', async () => {
  // The arrows: left from the first choice wraps onto the tile, which opens; focus lands on the
  // last choice, as on a tray that never folded.
  let page = await foldedDecision();
  await page.locator('#choices [data-choice="1"]').focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => {
    const all = [...document.querySelectorAll('#choices [data-choice]')];
    return !document.getElementById('tray-more') && document.activeElement === all.at(-1);
  }, null, { timeout: 5000 });
  await page.context().close();
  // A digit of a folded choice (not the tile's own): the move is made at once.
  page = await foldedDecision();
  const n = Number(await page.locator('#tray-more').getAttribute('data-choice'));
  const held = Number(await page.locator('#tray-more').getAttribute('data-held'));
  assert.ok(held >= 2, `the fold holds more than one choice (${held})`);
  const before = await page.getAttribute('main', 'data-rev');
  const moves = await page.evaluate(() => window.unbroken.log().length);
  await page.locator('#choices [data-choice="1"]').focus();
  await page.keyboard.press(digitKey(n + 1));
  await page.waitForFunction(([b, m]) => document.querySelector('main')?.getAttribute('data-rev') !== b
    && window.unbroken.log().length > m, [before, moves], { timeout: 5000 });
  assertNoConsoleErrors(page);
  await page.context().close();
});
