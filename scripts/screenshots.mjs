// The README's screenshots: docs/screenshots/<screen>-<desktop|phone>.png of the release build
// in dist/ (build it first: scripts/build-web.sh). Desktop is 1280x800, phone 390x844 (touch).
//
//   node scripts/screenshots.mjs [--only title,game,end] [--out DIR]
//
// Screens: title (first visit), game (a battle of the deal seed 7, Brawler, Normal), end (a
// won game's end screen: tests/e2e/fixtures/victory-save.json). Each is the first viewport,
// as a player sees it, not the whole page.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from './static-server.mjs';
import { finishWonGame, inBattle, playUntil, startGame } from '../tests/e2e/play.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(ROOT, 'dist');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

const opts = { only: 'title,game,end', out: path.join(ROOT, 'docs/screenshots') };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in opts)) {
    console.error(`unknown option ${process.argv[i]} (options: --only title,game,end --out DIR)`);
    process.exit(2);
  }
  opts[key] = process.argv[i + 1];
}
const only = new Set(opts.only.split(','));

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
};

/** How to bring a fresh page (on the title screen) to each screen. */
const SCREENS = {
  title: async () => {},
  game: async (page) => {
    await startGame(page, { character: 'Brawler', difficulty: 'Normal', seed: 7 });
    await playUntil(page, inBattle);
  },
  end: async (page) => finishWonGame(page),
};

mkdirSync(opts.out, { recursive: true });
const srv = await startStaticServer({ dir: DIST, base: '/' });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
try {
  for (const [screen, reach] of Object.entries(SCREENS)) {
    if (!only.has(screen)) continue;
    for (const [device, options] of Object.entries(DEVICES)) {
      const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(srv.url, { waitUntil: 'load' });
      await page.waitForSelector('[data-ready="new-game"]');
      await reach(page);
      // Art sheets and fonts in place, focus rings and hover tips off the picture (on a phone
      // the last tap leaves its button hovered, and its tooltip open).
      await page.mouse.move(0, 0);
      await page.evaluate(async () => {
        document.activeElement?.blur?.();
        await document.fonts.ready;
      });
      await page.waitForLoadState('networkidle');
      const file = path.join(opts.out, `${screen}-${device}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(ROOT, file));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await srv.close();
}
