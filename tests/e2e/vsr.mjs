// The virtual screen reader (npm @guidepup/virtual-screen-reader) in the page, for the browser
// tests: its browser bundle is read from node_modules and evaluated in the page through the
// DevTools protocol (as harness.mjs does with axe), so the page's strict CSP is kept and nothing
// is fetched at test time. It listens to the whole document: focus changes are spoken as a
// screen reader speaks them (role, name, description, entering a dialog) and every change to a
// live region is logged as "polite: …" or "assertive: …", in the order the DOM changed.
//
//   await startReader(page);             // once the app is ready (again after a reload)
//   const log = await spokenLog(page);   // every phrase so far
//   const said = await liveSince(page, n); // the live-region phrases after the first n phrases
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let source = null;

/** The ES module bundle, turned into a script that leaves the reader on `window.__vsr`. */
async function bundle() {
  if (source) return source;
  const file = require.resolve('@guidepup/virtual-screen-reader/browser.js');
  const text = await readFile(file, 'utf8');
  const m = text.match(/export\s*\{([^}]*)\}\s*;?\s*(\/\*[\s\S]*)?(\/\/# sourceMappingURL=.*)?\s*$/);
  if (!m) throw new Error(`${file}: no export list at its end (a new bundle layout?)`);
  const names = m[1].split(',').map((p) => p.trim().split(/\s+as\s+/)).map(([local, exported]) => `${exported ?? local}: ${local}`);
  source = `(() => {\n${text.slice(0, m.index)}\nwindow.__vsr = { ${names.join(', ')} };\n})();`;
  return source;
}

/** Loads the reader into the page (once) and starts it on the whole body. */
export async function startReader(page) {
  if (!(await page.evaluate(() => typeof window.__vsr !== 'undefined'))) await page.evaluate(await bundle());
  await page.evaluate(async () => {
    await window.__vsr.virtual.stop();
    await window.__vsr.virtual.start({ container: document.body });
  });
}

/** Everything the reader has said so far. */
export async function spokenLog(page) {
  return page.evaluate(() => window.__vsr.virtual.spokenPhraseLog());
}

/** The live-region phrases said after the first `from` phrases of the log, without "polite: ". */
export async function liveSince(page, from) {
  const log = await spokenLog(page);
  return log.slice(from).filter((p) => /^(polite|assertive): /.test(p)).map((p) => p.replace(/^(polite|assertive): /, ''));
}

/** The polite live-region phrases after the first `from` (the table's live region is polite). */
export async function politeSince(page, from) {
  const log = await spokenLog(page);
  return log.slice(from).filter((p) => p.startsWith('polite: ')).map((p) => p.slice('polite: '.length));
}

/** What the reader says for the focused element (what a user hears when focus lands there). */
export async function lastSpoken(page) {
  const log = await spokenLog(page);
  return log.filter((p) => !/^(polite|assertive): /.test(p)).at(-1) ?? '';
}
