// Measures how often a control of the decision is out of view: plays whole games in the
// release build (dist/, or DIST_DIR) at 1280x800 and 390x844 as tests/e2e/play.mjs plays them,
// and at every decision checks each enabled control of the stage (tests/e2e/in_view.mjs:
// inside the viewport and every scroll container, nothing over it). Prints, per size, the
// decisions, those with a control out of view and their share, by kind of decision, and the
// first few cases.
//
//   node scripts/in-view.mjs [--shots DIR]     (DIR: a screenshot of each case)
//
// DEALS=Character:Difficulty:seed,… plays those deals instead of the three below.
// EXTRA_CSS=FILE adds a stylesheet on top of the build's (the page's CSP bypassed for it), to
// try a layout change without a rebuild.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';
import { act, enabledActions, playOne, startGame, state } from '../tests/e2e/play.mjs';
import { controlsOutOfView } from '../tests/e2e/in_view.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];
const shots = process.argv[2] === '--shots' ? process.argv[3] : '';
if (shots) mkdirSync(shots, { recursive: true });

const DEVICES = {
  '1280x800': { viewport: { width: 1280, height: 800 } },
  '390x844': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
// The scripted game (play.mjs's strategy on the README's deal) and the two seeded games of
// tests/e2e/table.test.mjs (the first explores through Level I into an ambush).
// DEALS=Sneak:Hard:11,Sage:Normal:3 measures other deals instead (character:difficulty:seed).
const DEALS = process.env.DEALS
  ? process.env.DEALS.split(',').map((d) => {
    const [character, difficulty, seed] = d.split(':');
    return { character, difficulty, seed: Number(seed) };
  })
  : [
    { character: 'Brawler', difficulty: 'Normal', seed: 7 },
    { character: 'Brawler', difficulty: 'Easy', seed: 6, ambush: true },
    { character: 'Hunter', difficulty: 'Easy', seed: 1 },
  ];

const srv = await startStaticServer({ dir: DIST, base: '/' });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
let failed = false;
for (const [size, device] of Object.entries(DEVICES)) {
  let decisions = 0;
  let out = 0;
  const byKind = {};
  const cases = [];
  for (const deal of DEALS) {
    const context = await browser.newContext({ ...device, bypassCSP: Boolean(process.env.EXTRA_CSS) });
    const page = await context.newPage();
    await page.goto(srv.url);
    await page.waitForSelector('[data-ready="new-game"]');
    if (process.env.EXTRA_CSS) await page.addStyleTag({ path: process.env.EXTRA_CSS });
    await startGame(page, deal);
    for (let move = 0; move < 1500; move += 1) {
      if ((await page.getAttribute('main', 'data-ready')) !== 'game') break;
      const s = await state(page);
      const bad = await controlsOutOfView(page);
      decisions += 1;
      byKind[s.pending] ??= [0, 0];
      byKind[s.pending][0] += 1;
      if (bad.length) {
        out += 1;
        byKind[s.pending][1] += 1;
        const at = `${deal.character} seed ${deal.seed} move ${move} (${s.pending})`;
        cases.push(`${at}: ${bad.join('; ')}`);
        if (shots) await page.screenshot({ path: path.join(shots, `${size}-${deal.seed}-${move}.png`) });
      }
      if (deal.ambush && s.level === 1 && (await enabledActions(page)).includes('Explore')) {
        await act(page, 'Explore');
        continue;
      }
      if (!(await playOne(page))) break;
      if (await page.locator('#confirm-end').count()) await page.locator('#confirm-end').click();
    }
    await context.close();
  }
  const share = decisions ? (100 * out) / decisions : 0;
  console.log(`${size}: ${out} of ${decisions} decisions with a control out of view (${share.toFixed(1)} %)`);
  for (const [k, [n, o]] of Object.entries(byKind)) console.log(`  ${k}: ${o}/${n}`);
  for (const c of cases.slice(0, 12)) console.log(`  - ${c}`);
  if (!decisions) failed = true;
}
await browser.close();
await srv.close?.();
process.exit(failed ? 1 : 0);
