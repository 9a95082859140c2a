// The whole app under a strict Content-Security-Policy (issue 13, item 6): dist/ served with the
// policy of index.html's meta as an HTTP header too, as a strict static host would. A first
// game is played to its end (the records module loads, writes the end screen and links its
// stylesheet), the scorepad is opened, the game is replayed, and the app is reloaded offline from
// the service worker's cache and played — with not one CSP violation (`securitypolicyviolation`
// events, collected from the first script on) and no console error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startStaticServer } from '../../scripts/static-server.mjs';
import { assertNoConsoleErrors, collectErrors, DIST, newPage, useBrowser } from './harness.mjs';
import { act, playOne, playUntil, startGame } from './play.mjs';

useBrowser();

/** The policy of index.html's meta (and of README's "Publish"). */
export const POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; object-src 'none'; base-uri 'none'";

/** Every violation of the page so far, in words. */
const violations = (page) => page.evaluate(() => window.__cspViolations ?? []);

test('app, a game to its end, records, replay and offline reload: no CSP violation', async () => {
  const srv = await startStaticServer({ dir: DIST, base: '/csp/', headers: { 'Content-Security-Policy': POLICY } });
  try {
    const page = await newPage();
    collectErrors(page);
    // Runs before the page's own scripts (and outside its policy).
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        window.__cspViolations.push(`${e.violatedDirective}: ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
      });
    });
    const res = await page.goto(srv.url, { waitUntil: 'load' });
    assert.equal(res.headers()['content-security-policy'], POLICY, 'the page came with the policy header');
    await page.waitForSelector('main[data-ready="new-game"]');
    // Nothing inline: boot.js, a file, starts the page's module (named in a meta).
    const inline = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).length);
    assert.equal(inline, 0, 'no inline script in the page');
    assert.ok(await page.locator('script[src="boot.js"]').count());
    assert.ok(await page.locator('meta[name="unbroken-title"][data-wasm]').count());
    assert.ok(await page.locator('meta[name="unbroken-web"][data-wasm]').count());
    assert.ok(await page.locator('meta[http-equiv="Content-Security-Policy"]').count(), 'the meta policy');

    // A game, move by move, to its end: the records module records it and writes the end screen.
    await startGame(page, { character: 'Brawler', difficulty: 'Easy', seed: 31 });
    const moves = await playUntil(page, async () => false);
    assert.ok(moves.length > 5);
    await page.waitForSelector('main[data-ready="end"]');
    await page.locator('#end-report').getByRole('button', { name: 'New game' }).waitFor();
    // The records' styles came as a file, and apply.
    assert.equal(await page.locator('style').count(), 0, 'no <style> element');
    assert.ok(await page.locator('link#records-style[rel="stylesheet"][href*="records-"]').count());
    await page.waitForFunction(() =>
      [...document.styleSheets].some((s) => /records-[0-9a-f]+\.css$/.test(s.href ?? '') && s.cssRules.length > 0),
    );
    assert.equal(await page.locator('[style]').count(), 0, 'no style attribute');

    // The scorepad, then the replay of that game.
    await page.getByRole('button', { name: 'New game' }).first().click();
    await page.waitForSelector('main[data-ready="new-game"]');
    await page.getByRole('button', { name: 'Records', exact: true }).click();
    await page.getByRole('dialog', { name: 'Records' }).waitFor();
    assert.equal(await page.locator('#records-scorepad tbody tr').count(), 1);
    await page.getByRole('button', { name: /^Replay the game of / }).click();
    await page.waitForSelector('main[data-ready="replay"]');
    await act(page, 'Next');
    assert.match(await page.locator('#replay-pos').textContent(), new RegExp(`^Move 1 of ${moves.length}: `));
    await act(page, 'Last');
    await page.getByRole('button', { name: 'Close replay' }).click();
    await page.waitForSelector('main[data-ready="new-game"]');

    assert.deepEqual(await violations(page), [], 'no CSP violation online');

    // Offline: the page and its files come from the service worker's cache.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector('[data-ready="new-game"]');
    }
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.waitForFunction(async () => {
      const keys = await (await caches.open('unbroken-shell')).keys();
      return ['boot.js', 'unbroken-title-', 'unbroken-web-', 'unbroken-records-', 'records-'].every((p) => keys.some((r) => r.url.includes(p)));
    });
    await page.context().setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('main[data-ready="new-game"]');
    await startGame(page, { seed: 6 });
    assert.ok(await playOne(page));
    await page.getByRole('button', { name: 'Records', exact: true }).click();
    await page.getByRole('dialog', { name: 'Records' }).waitFor();
    // Opened before the player was idle: the module (from the cache) arrives first.
    await page.getByRole('dialog', { name: 'Records' }).getByText('Opening your records…').waitFor({ state: 'detached' });
    assert.equal(await page.locator('#records-scorepad tbody tr').count(), 1);
    await page.context().setOffline(false);

    assert.deepEqual(await violations(page), [], 'no CSP violation');
    assertNoConsoleErrors(page);
  } finally {
    await srv.close();
  }
});
