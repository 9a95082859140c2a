// A tiny static file server for dist/, used by the e2e tests, the budgets and `serve.sh --static`.
//
// It serves a folder under ONE base path (e.g. "/" or "/some/sub/path/") and answers 404 to
// everything outside it, so a page that asks for an absolute URL fails loudly: that is how the
// tests prove the build only uses relative URLs. Loopback only, no caching. No compression
// unless asked (`gzip: true`): then text, wasm and SVG go out gzip-encoded to a browser that
// accepts it, as every real host serves them, so a timing over an emulated slow network counts
// the bytes a player would download (scripts/budgets.mjs).
//
// Library:  const srv = await startStaticServer({ dir: 'dist', base: '/a/b/' });
//           srv.url -> 'http://127.0.0.1:PORT/a/b/'; srv.requests -> log; await srv.close();
// CLI:      node scripts/static-server.mjs --dir dist [--port 8080] [--base /] [--host 127.0.0.1]

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** What a host compresses: text of every kind, wasm, SVG and JSON (not PNG, already packed). */
const COMPRESSIBLE = /^(text\/|application\/(wasm|json|manifest\+json)|image\/svg\+xml)/;

function normaliseBase(base) {
  let b = base || '/';
  if (!b.startsWith('/')) b = `/${b}`;
  if (!b.endsWith('/')) b = `${b}/`;
  return b;
}

/**
 * Start serving `dir` under `base` on `host`:`port` (port 0 = a random free port).
 * Resolves to { url, origin, base, port, requests, close() }; `requests` logs
 * { method, path, status } for every request, newest last. `headers` are sent with every
 * response (a host's Content-Security-Policy, say). With `gzip`, compressible files are sent
 * gzip-encoded (level 9, as budgets.mjs counts sizes) to a client that accepts gzip.
 */
export async function startStaticServer({ dir = 'dist', base = '/', host = '127.0.0.1', port = 0, quiet = true, headers = {}, gzip = false } = {}) {
  const root = path.resolve(dir);
  const mount = normaliseBase(base);
  const requests = [];
  // Sent with every response, e.g. a host's Content-Security-Policy (tests/e2e/csp.test.mjs).
  const extra = { ...headers };

  const server = createServer(async (req, res) => {
    const entry = { method: req.method, path: req.url, status: 0 };
    requests.push(entry);
    const send = (status, body, headers = {}) => {
      entry.status = status;
      res.writeHead(status, { 'Cache-Control': 'no-store', ...extra, ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
      if (!quiet) console.log(`${status} ${req.method} ${req.url}`);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n');
      const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (urlPath === mount.slice(0, -1)) return send(301, '', { Location: mount });
      if (!urlPath.startsWith(mount)) return send(404, `not under ${mount}\n`);
      let rel = urlPath.slice(mount.length);
      if (rel === '' || rel.endsWith('/')) rel += 'index.html';
      const file = path.resolve(root, rel);
      if (file !== root && !file.startsWith(root + path.sep)) return send(403, 'forbidden\n');
      let info;
      try {
        info = await stat(file);
      } catch {
        return send(404, 'not found\n');
      }
      if (info.isDirectory()) return send(301, '', { Location: `${req.url.split('?')[0]}/` });
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      entry.status = 200;
      if (gzip && COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        const body = gzipSync(await readFile(file), { level: 9 });
        res.writeHead(200, {
          'Content-Type': type, 'Content-Length': body.length, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding',
          'Cache-Control': 'no-store', ...extra,
        });
        res.end(req.method === 'HEAD' ? undefined : body);
        if (!quiet) console.log(`200 ${req.method} ${req.url} (gzip)`);
        return;
      }
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': info.size, 'Cache-Control': 'no-store', ...extra });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
      if (!quiet) console.log(`200 ${req.method} ${req.url}`);
    } catch (err) {
      send(500, `${err}\n`);
    }
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  const origin = `http://${host}:${actualPort}`;
  return {
    origin,
    base: mount,
    port: actualPort,
    url: origin + mount,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

// CLI
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opts = { dir: 'dist', base: '/', host: '127.0.0.1', port: 8080, quiet: false };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in opts)) {
      console.error(`unknown option ${argv[i]}; options: --dir --base --host --port`);
      process.exit(2);
    }
    opts[key] = key === 'port' ? Number(argv[i + 1]) : argv[i + 1];
  }
  const srv = await startStaticServer(opts);
  console.log(`serving ${path.resolve(opts.dir)} at ${srv.url}  (Ctrl-C to stop)`);
}
