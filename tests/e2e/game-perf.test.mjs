// Click-to-update latency of in-game actions: from the click to the updated DOM (the app's
// whole render and diff), median over alternating Focus / Undo clicks after a warm-up.
// Issue 4's budget is a median of at most 8 ms. The figure is printed for the closing note and
// the budgets report; the test asserts only that every click updated the screen, because a
// timing asserted on a shared CI machine would fail for reasons that are not the game's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertNoConsoleErrors, newPage, openGame, useBrowser } from './harness.mjs';
import { startGame } from './play.mjs';

useBrowser();

test('every click on an action updates the screen (latency printed)', async () => {
  const page = await newPage();
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  await startGame(page, { character: 'Brawler', seed: 1 });
  const once = (sel) =>
    page.evaluate(
      (sel) =>
        new Promise((resolve, reject) => {
          const el = document.querySelector(sel);
          if (!el || el.getAttribute('aria-disabled') === 'true') return reject(new Error(`${sel} not enabled`));
          const obs = new MutationObserver(() => {
            obs.disconnect();
            resolve(performance.now() - t0);
          });
          obs.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          const t0 = performance.now();
          el.click();
        }),
      sel,
    );
  const times = [];
  for (let i = 0; i < 25; i += 1) {
    const a = await once('#btn-general-0'); // Focus
    const b = await once('#undo');
    if (i >= 5) times.push(a, b);
  }
  times.sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)];
  console.log(`click -> updated DOM: median ${median.toFixed(1)} ms, max ${times.at(-1).toFixed(1)} ms (${times.length} clicks)`);
  assert.equal(times.length, 40, 'every click changed the screen');
  assert.ok(Number.isFinite(median));
  assertNoConsoleErrors(page);
});
