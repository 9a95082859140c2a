// Screenshots of the table at 1280×800 and 390×844 (headless Chromium), for looking at it while
// working on it (the README's are scripts/screenshots.mjs):
// preparation, exploration, a battle and a bottom sheet. Writes PNGs to the directory given
// (default /tmp/shots). `node scripts/table-shots.mjs [dir] [seed]`. Needs a build in dist/.
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';
import { startGame, playUntil, playOne, state, inBattle } from '../tests/e2e/play.mjs';

const out = process.argv[2] || '/tmp/shots';
const seed = process.argv[3] || '21';
await mkdir(out, { recursive: true });
const srv = await startStaticServer({ dir: 'dist', base: '/' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
for (const [name, vp] of [['desk', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport: vp, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error('pageerror', e.message));
  await page.goto(srv.url);
  await page.waitForSelector('[data-ready]');
  await startGame(page, { character: 'Sneak', seed });
  await page.screenshot({ path: `${out}/${name}-1-prepare.png` });
  await playUntil(page, async (p) => (await state(p)).pending === 'encounter');
  await page.screenshot({ path: `${out}/${name}-2-encounter.png` });
  await playUntil(page, inBattle);
  await playOne(page);
  await playUntil(page, inBattle);
  await page.screenshot({ path: `${out}/${name}-3-battle.png` });
  const over = await page.evaluate(() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth]);
  console.log(name, 'scrollHeight/Width', over);
  if (name === 'phone') {
    await page.locator('#open-character').click();
    await page.screenshot({ path: `${out}/${name}-4-sheet.png` });
    await page.keyboard.press('Escape');
    await page.locator('.monster-strip').click();
    await page.screenshot({ path: `${out}/${name}-5-monster.png` });
    await page.keyboard.press('Escape');
  } else {
    await page.locator('#open-guide-top').click();
    await page.screenshot({ path: `${out}/${name}-4-guide.png` });
  }
  await ctx.close();
}
await browser.close();
await srv.close();
