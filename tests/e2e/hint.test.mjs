// Hints: the Hint control and the `h` key (the app's own key handling) show the smart bot's move
// and its reason in every kind of decision of a game, asked through the app's typed seam to the
// bot module (src/sim/bridge.rs, src/ui/bot.rs); the move equals what the `unbroken` CLI's smart
// bot picks for the same saved position; a hint shown is kept in the save; the bot module is not
// part of the first download; after a first visit hints work offline (the service worker keeps
// the module and its worker); with the module unreachable the control says so and the game
// plays on; axe finds nothing with a hint shown; on a phone the move it names is in view.
// Desktop 1280×800 and phone 390×844.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { ROOT, assertNoA11yViolations, assertNoConsoleErrors, awaitOfflineCache, newPage, openGame, useBrowser } from './harness.mjs';
import { playOne, startGame, state } from './play.mjs';
import { botPick } from './keyplay.mjs';
import { controlsOutOfView } from './in_view.mjs';

useBrowser();

const SAVE_KEY = 'unbroken.game.v1';
// The test step's build settings (scripts/test.sh), so the CLI it built is reused as it is.
const CARGO_ENV = { ...process.env, CARGO_PROFILE_RELEASE_LTO: 'false', CARGO_PROFILE_RELEASE_CODEGEN_UNITS: '16' };

/** The `unbroken` CLI's hint for a saved game (cargo builds it first if needed). */
function cliHint(save) {
  const args = ['run', '--release', '--quiet', '--bin', 'unbroken', '--', 'hint', '--save', '-'];
  return JSON.parse(execFileSync('cargo', args, { cwd: ROOT, input: save, encoding: 'utf8', env: CARGO_ENV }));
}

/** Asks for a hint (the button, or the `h` key) and waits for its answer on screen. */
async function askHint(page, { key = false } = {}) {
  if (key) {
    await page.locator('main').focus();
    await page.keyboard.press('h');
  } else {
    await page.locator('#hint').click();
  }
  await page.waitForFunction(() => {
    const t = document.querySelector('#hint-box .hint-text');
    return t && !t.classList.contains('busy');
  }, null, { timeout: 20_000 });
  return page.locator('#hint-box .hint-text').innerText();
}

test('a hint in every kind of decision equals the CLI smart bot, and is kept in the save', async () => {
  const page = await newPage({ viewport: { width: 1280, height: 800 } });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await openGame(page);
  assert.ok(!requests.some((u) => /unbroken-bot/.test(u)), 'the bot module is part of the first download');
  await startGame(page, { character: 'Hunter', difficulty: 'Easy', seed: 3 });
  const kinds = new Set();
  let asked = 0;
  for (let i = 0; i < 400 && (await page.getAttribute('main', 'data-ready')) === 'game'; i += 1) {
    const kind = (await state(page)).pending;
    if (!kinds.has(kind)) {
      kinds.add(kind);
      const text = await askHint(page, { key: asked % 2 === 1 });
      asked += 1;
      const save = await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);
      const cli = cliHint(save);
      assert.ok(text.startsWith(`The bot would: ${cli.label}.`), `${kind}: screen "${text}" vs CLI "${cli.label}"`);
      assert.ok(text.includes(cli.reason), `${kind}: reason "${cli.reason}" not shown in "${text}"`);
      await page.waitForFunction(([k, n]) => JSON.parse(localStorage.getItem(k)).hints === n, [SAVE_KEY, asked]);
      if (kinds.size === 3) await assertNoA11yViolations(page);
    }
    await playOne(page);
  }
  assert.ok(asked >= 5, `only ${asked} kinds of decision: ${[...kinds]}`);
  // No script of the page writes the hint: no hidden buttons or attributes carry it.
  assert.equal(await page.locator('#hint-taken, #replay-goto, [data-save]').count(), 0);
  for (const k of ['prepare', 'encounter', 'battle', 'hunger']) {
    assert.ok(kinds.has(k), `no hint asked in a ${k} decision (${[...kinds]})`);
  }
  assertNoConsoleErrors(page);
});

test('on a phone, the move a hint names is in view once its answer shows', async () => {
  // The answer can be long enough to push the tray below the stage's fold, and can open the
  // fold the move is in; the stage scrolls the move up into view, and nothing scrolls it away.
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openGame(page);
  await startGame(page, { character: 'Brawler', difficulty: 'Normal', seed: 7 });
  let checked = 0;
  for (let i = 0; i < 14 && (await page.getAttribute('main', 'data-ready')) === 'game'; i += 1) {
    const c = await botPick(page);
    if (c?.n != null) {
      checked += 1;
      assert.deepEqual(await controlsOutOfView(page, `.stage [data-choice="${c.n}"]`), [], `decision ${i}: ${c.name}`);
    }
    await playOne(page);
  }
  assert.ok(checked >= 10, `only ${checked} hinted moves checked`);
  assertNoConsoleErrors(page);
});

test('with the bot module unreachable the Hint control says so and the game plays on', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await page.context().route(/unbroken-bot-/, (route) => route.abort());
  await openGame(page);
  await startGame(page, { character: 'Brawler', difficulty: 'Normal', seed: 7 });
  const text = await askHint(page);
  assert.match(text, /could not be loaded/);
  const before = (await state(page)).digest;
  await playOne(page);
  assert.notEqual((await state(page)).digest, before, 'the game did not play on');
  const save = await page.evaluate((k) => localStorage.getItem(k), SAVE_KEY);
  assert.ok(!JSON.parse(save).hints, 'a hint that never came is counted');
});

test('after a first visit, hints work offline on a phone', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openGame(page);
  // The service worker keeps the bot module and its worker though no hint was asked yet.
  await awaitOfflineCache(page, ['unbroken-bot-', 'bot-worker.js']);
  await page.context().setOffline(true);
  await page.reload({ waitUntil: 'load' });
  await page.waitForSelector('main[data-ready="new-game"]');
  await startGame(page, { character: 'Brawler', difficulty: 'Normal', seed: 7 });
  const text = await askHint(page, { key: true });
  assert.match(text, /^The bot would: .+\. \S/);
  await page.context().setOffline(false);
  assertNoConsoleErrors(page);
});
