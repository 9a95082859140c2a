// Runs the browser tests: every tests/e2e/*.test.mjs (or those whose name contains one of the
// arguments), one file at a time, with node:test and its spec reporter. Closes with a line
// `N passed, N failed` and exits non-zero when anything failed or no test ran.
// Builds nothing: dist/ must hold a build (scripts/build-web.sh).
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = process.env.DIST_DIR || path.join(here, '..', '..', 'dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`e2e: ${dist}/index.html is missing; build first: scripts/build-web.sh`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.test.mjs'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()
  .map((f) => path.join(here, f));
if (files.length === 0) {
  console.error(`e2e: no test files match ${filters.join(' ') || '*.test.mjs'}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const started = Date.now();
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const stream = run({
  files,
  concurrency: 1, // 2 cores: one Chromium at a time
  timeout: Number(process.env.E2E_FILE_TIMEOUT || 300_000),
});
stream.on('test:pass', (d) => {
  if (d.details?.type === 'suite') return;
  if (d.skip || d.todo) skipped += 1;
  else passed += 1;
});
stream.on('test:fail', (d) => {
  if (d.details?.type === 'suite') return;
  failed += 1;
  failures.push(`${path.relative(here, d.file || '')}: ${d.name}`);
});
stream.compose(new spec()).pipe(process.stdout);
await new Promise((resolve) => stream.on('close', resolve));
// Let the reporter flush before the closing line.
await new Promise((resolve) => setImmediate(resolve));

const secs = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\ne2e: ${files.length} file(s) in ${secs}s${failures.length ? `; failed:\n  ${failures.join('\n  ')}` : ''}`);
if (passed + failed === 0) failed = 1; // a run with no test is a failure
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
