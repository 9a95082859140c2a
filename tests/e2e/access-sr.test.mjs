// The game as a screen reader user hears it: the virtual screen reader of npm
// @guidepup/virtual-screen-reader (vsr.mjs) runs in the page over whole seeded games played by
// keyboard alone, at 1280x800 and 390x844. After every move it must have said the move's event
// lines (the engine's log since the move) exactly once, as one announcement, in the engine's
// order (so a headline never before its cause nor twice), even when the words are those of the
// move before (an identical message is not dropped); focus must land on a choice, spoken as a
// button with the key that takes it. The repeat key says the last move again, each time. A
// game-ending choice's confirm says its question through the live region as it opens, besides
// taking focus as an alertdialog. Prints moves, drops, duplicates and identical messages heard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { startGame } from './play.mjs';
import { botPick, choices, digitKey, eventLines, pick, take, timeLeft } from './keyplay.mjs';
import { lastSpoken, liveSince, politeSince, spokenLog, startReader, startReaderOnLoad } from './vsr.mjs';

useBrowser();

const DESK = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const stamp = (page) => page.evaluate(() => `${document.querySelector('main')?.getAttribute('data-rev')}|${document.querySelector('main')?.getAttribute('data-ready')}`);

/** Lets the reader take in the last DOM changes (it reads them a microtask later). */
const settle = (page) => page.evaluate(() => new Promise((r) => setTimeout(r, 30)));

async function playHeard(page, deal) {
  const r = { moves: 0, drops: 0, dups: 0, wrong: [], identical: 0, focus: 0, confirms: 0, confirmHeard: 0, repeats: 0 };
  let previous = null;
  for (let move = 0; move < 1500; move += 1) {
    if ((await page.getAttribute('main', 'data-ready')) !== 'game') break;
    const list = await choices(page);
    assert.ok(list.length, `move ${move}: no choice`);
    // The bot's choice (the Hint key) for a whole game; or, to meet a confirm, the first
    // game-ending choice offered.
    const c = (deal.end && list.find((x) => x.ends)) || (deal.bot && (await botPick(page))) || pick(list, await timeLeft(page));
    const before = await stamp(page);
    let from = (await spokenLog(page)).length;
    assert.ok((await take(page, c, 'digits')).keys > 0, `move ${move}: ${c.name} could not be taken`);
    await page.waitForFunction((b) => document.getElementById('confirm-end')
      || `${document.querySelector('main')?.getAttribute('data-rev')}|${document.querySelector('main')?.getAttribute('data-ready')}` !== b, before, { timeout: 10_000 });
    if (await page.locator('#confirm-end').count()) {
      // The confirm: its question through the live region, and focus in the alertdialog.
      await settle(page);
      r.confirms += 1;
      const question = (await page.locator('.decision.confirm .pv-end').textContent()).trim();
      // (The reader also takes the alertdialog for an assertive region and says it at every
      // change inside it as it is built: its model, not the page's live region.)
      const heard = await politeSince(page, from);
      if (heard.length === 1 && heard[0] === question) r.confirmHeard += 1;
      else r.wrong.push(`confirm "${question}": heard ${JSON.stringify(heard)}`);
      const log = await spokenLog(page);
      assert.ok(log.slice(from).some((p) => p.startsWith('alertdialog')), `the confirm is spoken as an alertdialog: ${JSON.stringify(log.slice(from))}`);
      assert.match(await lastSpoken(page), /^button, Yes: /, 'focus on the confirm');
      if (r.confirms === 1) {
        // Escape goes back (focus on the choice again); the same choice again says the same
        // question again: an identical message is not dropped.
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.getElementById('confirm-end'));
        assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-choice')), String(c.n), 'Go back: focus on the choice');
        const again = (await spokenLog(page)).length;
        await page.keyboard.press(digitKey(c.n));
        await page.locator('#confirm-end').waitFor();
        await settle(page);
        const heardAgain = await politeSince(page, again);
        if (heardAgain.length === 1 && heardAgain[0] === question) r.identical += 1;
        else r.wrong.push(`the confirm opened again: heard ${JSON.stringify(heardAgain)}`);
      }
      from = (await spokenLog(page)).length;
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction((b) => `${document.querySelector('main')?.getAttribute('data-rev')}|${document.querySelector('main')?.getAttribute('data-ready')}` !== b, before, { timeout: 10_000 });
    await settle(page);
    r.moves += 1;
    if ((await page.getAttribute('main', 'data-ready')) !== 'game') break;
    const want = await eventLines(page);
    const heard = await liveSince(page, from);
    const times = heard.filter((h) => h === want).length;
    if (times === 0) r.drops += 1;
    if (times > 1) r.dups += 1;
    if (heard.length !== 1 || times !== 1) r.wrong.push(`move ${move} (${c.name}): want ${JSON.stringify(want)}, heard ${JSON.stringify(heard)}`);
    if (want === previous) r.identical += 1; // heard (times === 1 above) though the same words
    previous = want;
    if (/^button, .*key shortcuts/.test(await lastSpoken(page))) r.focus += 1;
    else r.wrong.push(`move ${move}: focus spoken as ${JSON.stringify(await lastSpoken(page))}`);
    // Now and then the repeat key, twice: the same words, heard twice.
    if (move % 10 === 3) {
      const at = (await spokenLog(page)).length;
      await page.keyboard.press('l');
      await settle(page);
      await page.keyboard.press('l');
      await page.waitForFunction((n) => window.__vsr.virtual.spokenPhraseLog().length >= n + 2, at, { timeout: 3000 }).catch(() => {});
      await settle(page);
      const again = await liveSince(page, at);
      if (again.length === 2 && again.every((a) => a === want)) r.repeats += 1;
      else r.wrong.push(`repeat after move ${move}: want ${JSON.stringify(want)} twice, heard ${JSON.stringify(again)}; focus on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
    }
  }
  return r;
}

for (const [size, device, deals] of [
  ['1280x800', DESK, [{ character: 'Hunter', difficulty: 'Normal', seed: 7, bot: true }, { character: 'Brawler', difficulty: 'Hard', seed: 3, end: true }]],
  ['390x844', PHONE, [{ character: 'Sage', difficulty: 'Easy', seed: 2, bot: true }]],
]) {
  test(`the virtual screen reader over whole games at ${size}: every move said once, in order; the repeat key; the confirm`, async () => {
    let confirms = 0;
    for (const deal of deals) {
      const page = await newPage(device);
      await openGame(page, '/', { ready: '[data-ready="new-game"]' });
      await startReader(page);
      await startGame(page, deal);
      const r = await playHeard(page, deal);
      console.log(`${size} ${deal.character} ${deal.difficulty} seed ${deal.seed}: ${r.moves} moves heard; dropped ${r.drops}, `
        + `duplicated ${r.dups}, identical messages heard again ${r.identical}; focus spoken on a choice ${r.focus}; `
        + `confirms ${r.confirms}, their question heard ${r.confirmHeard}; repeat key checked ${r.repeats} times`);
      assert.deepEqual(r.wrong, [], 'every move heard once, in order');
      assert.equal(r.confirmHeard, r.confirms, 'every confirm said its question through the live region');
      if (deal.end) assert.ok(r.identical > 0, 'an identical message was heard again');
      if (deal.bot) assert.ok(r.moves >= 60, `a whole, long game (${r.moves} moves)`);
      assert.ok(r.repeats > 0, 'the repeat key was tried');
      confirms += r.confirms;
      // The page's own errors; the reader's (its code runs in the page, "eval at evaluate") are
      // its own business: it trips over nodes taken out as a screen changes.
      const errors = consoleErrors(page).filter((e) => !/eval at evaluate/.test(e));
      assert.deepEqual(errors, [], 'no console or page errors');
      await page.context().close();
    }
    if (size === '1280x800') assert.ok(confirms > 0, 'a confirm was met (Brawler, Hard, seed 3 offers one)');
  });
}

test('the other confirms say their question as they open: a new game or the daily over a saved game, a deal link', async () => {
  const page = await newPage(DESK);
  const url = await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await startGame(page, { seed: 7 });
  await page.getByRole('button', { name: 'Leave (saved)' }).click();
  await page.waitForSelector('[data-ready="new-game"]');
  await startReader(page);
  // Start and Daily challenge, by keyboard, over a saved game: the warning (role=alert) is said once.
  for (const [button, warning] of [['Start the game', '#replace-warning'], ['Daily challenge', '#daily-replace-warning']]) {
    await page.getByRole('button', { name: button, exact: true }).focus();
    const from = (await spokenLog(page)).length;
    await page.keyboard.press('Enter');
    await page.locator(warning).waitFor();
    await settle(page);
    const text = (await page.locator(warning).textContent()).trim();
    const heard = (await liveSince(page, from)).filter((h) => /replaces your saved game/.test(h));
    assert.deepEqual(heard, [text], `${button}: its question said once`);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent.trim()), button, `${button}: focus stays on it, to press again`);
  }
  // A deal link with a saved game: its question said as the page opens, focus on its first answer.
  await startReaderOnLoad(page);
  await page.goto(`${url}?v=1&seed=424242&character=hunter&side=1&difficulty=hard`);
  await page.locator('#link-ask').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'link-play');
  await settle(page);
  const question = (await page.locator('#link-p').textContent()).trim();
  const heard = (await politeSince(page, 0)).filter((h) => h.includes(question));
  assert.deepEqual(heard, [`A shared deal. ${question}`], 'the deal link\'s question said once');
  assert.match(await lastSpoken(page), /^button, Play the linked deal/);
  assert.ok((await spokenLog(page)).some((p) => p.startsWith('alertdialog, A shared deal')), 'spoken as an alertdialog');
  const errors = consoleErrors(page).filter((e) => !/eval at evaluate/.test(e));
  assert.deepEqual(errors, [], 'no console or page errors');
});

test('a deal link on a first visit: the question is heard as focus lands on Play, and Enter plays it', async () => {
  const page = await newPage(PHONE);
  const url = await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await startReaderOnLoad(page);
  await page.goto(`${url}?v=1&seed=424242&character=hunter&side=1&difficulty=hard`);
  await page.locator('#link-ask').waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'link-play');
  await settle(page);
  const log = await spokenLog(page);
  const at = log.findIndex((p) => p.startsWith('alertdialog, A shared deal'));
  assert.ok(at >= 0, `spoken as an alertdialog: ${JSON.stringify(log.slice(-4))}`);
  assert.match(log[at], /This link starts a deal: .* the Hunter \(second side\), Hard, seed 424242\./, 'with its question');
  assert.match(await lastSpoken(page), /^button, Play the linked deal/);
  await page.keyboard.press('Enter');
  await page.waitForSelector('main[data-ready="game"]');
  // The reader's own bundle (an init script: `<anonymous>` frames) trips over the title
  // module's screen leaving the page under it; the page's own errors name its files.
  const errors = consoleErrors(page).filter((e) => !/eval at evaluate/.test(e) && !/^uncaught: [^\n]*\n\s+at <anonymous>:/.test(e));
  assert.deepEqual(errors, [], 'no console or page errors');
});
