// Offline play. The app's page (and only it: see isAppPage) is the app shell: index.html and the files it names (hashed wasm, JS,
// CSS, icons). Navigations go to the network first, so a new release is picked up as soon as
// it is online; when the network is gone the cached shell is served. Hashed files never change,
// so they are served from the cache first. After a new index.html is cached, files that it no
// longer names are dropped — a tab still running the old release already has its wasm in memory,
// and its saved game is replayed by the new one.
const CACHE = 'unbroken-shell';
const SHELL = ['./', 'manifest.webmanifest', 'favicon.svg', 'icon-192.png', 'icon-512.png'];

// Every local file an index.html refers to: quoted or not (Trunk minifies the page, so
// `href=./style-1a2b.css` has no quotes), in attributes or in the inline module script.
function assetsOf(html) {
  const found = new Set();
  const re = /(?:^|["'=\s(])(?:\.\/)?([\w.\-]+(?:\/[\w.\-]+)*\.(?:js|wasm|css|svg|png|webmanifest|json))(?=["'\s>)]|$)/g;
  let m;
  while ((m = re.exec(html))) {
    if (!m[1].includes('//')) found.add(new URL(m[1], self.registration.scope).href);
  }
  return found;
}

// A file whose name carries a content hash (`unbroken-web-1a2b3c4d….wasm`) never changes.
const hashed = (url) => /-[0-9a-f]{12,}(?:_bg)?\.\w+$/.test(new URL(url).pathname);

async function cacheShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const wanted = assetsOf(html);
  await cache.put(new URL('./', self.registration.scope).href, response.clone());
  // Hashed files are fetched once; the others (boot.js, the manifest, icons) are
  // fetched again with each new page, so they follow releases too.
  await Promise.all(
    [...wanted].map(async (url) => {
      if (!hashed(url) || !(await cache.match(url))) {
        const r = await fetch(url, { cache: 'no-cache' });
        if (r.ok) await cache.put(url, r);
      }
    }),
  );
  // Forget files of older releases.
  const keep = new Set([...wanted, ...SHELL.map((p) => new URL(p, self.registration.scope).href)]);
  for (const req of await cache.keys()) {
    if (!keep.has(req.url)) await cache.delete(req);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(
        SHELL.slice(1).map(async (p) => {
          const r = await fetch(p, { cache: 'no-cache' });
          if (r.ok) await cache.put(new URL(p, self.registration.scope).href, r);
        }),
      );
      const index = await fetch('./', { cache: 'no-cache' });
      if (index.ok) await cacheShell(index);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// A navigation to the app's own page: the scope itself or its index.html, whatever the query
// (deal links). Only such a page, and only when it is HTML, becomes the shell; any other file of
// the site opened in the tab (the favicon, the manifest) is served like any file, so it can
// never replace the game offline.
function isAppPage(url) {
  const path = new URL(url).pathname;
  const scope = new URL(self.registration.scope).pathname;
  return path === scope || path === `${scope}index.html`;
}
const isHtml = (response) => (response.headers.get('content-type') || '').includes('text/html');

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === 'navigate' && isAppPage(req.url)) {
    event.respondWith(
      (async () => {
        try {
          const fresh = await fetch(req);
          if (fresh.ok && isHtml(fresh)) event.waitUntil(cacheShell(fresh.clone()));
          return fresh;
        } catch (_) {
          const cache = await caches.open(CACHE);
          return (await cache.match(new URL('./', self.registration.scope).href)) || Response.error();
        }
      })(),
    );
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      const r = await fetch(req);
      if (r.ok && !req.url.includes('sw.js')) cache.put(req, r.clone());
      return r;
    })(),
  );
});
