// Smoke: the release build in dist/ loads in Chromium at the root and under a sub-path,
// with no console errors and no axe-core violations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  SUBPATH,
  assertNoA11yViolations,
  assertNoConsoleErrors,
  newPage,
  openGame,
  serveDist,
  useBrowser,
} from './harness.mjs';

useBrowser();

test('loads at / with no console errors and no axe violations', async () => {
  const page = await newPage();
  await openGame(page, '/', { ready: '[data-ready="new-game"]' });
  assert.match(await page.title(), /Unbroken/);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assertNoConsoleErrors(page);
  await assertNoA11yViolations(page);
});

test(`loads under a sub-path (${SUBPATH}): every URL is relative`, async () => {
  const page = await newPage();
  await openGame(page, SUBPATH, { ready: '[data-ready="new-game"]' });
  assertNoConsoleErrors(page);
  const srv = await serveDist(SUBPATH);
  const outside = srv.requests.filter((r) => !r.path.startsWith(SUBPATH));
  assert.deepEqual(outside, [], 'requests outside the sub-path');
  const kinds = new Set(srv.requests.map((r) => r.path.split('?')[0].split('.').pop()));
  for (const ext of ['wasm', 'js', 'css']) assert.ok(kinds.has(ext), `no .${ext} was loaded`);
});
