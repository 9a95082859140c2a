// Loaded by index.html before the app. Small jobs that need JavaScript syntax, kept in this
// file so the page needs no eval and no inline script of its own (friendly to a strict
// Content-Security-Policy that allows the site's own scripts):
//
// 1. `window.unbrokenImport(js, wasm)`: loads a WebAssembly module of the app by dynamic
//    import() of its wasm-bindgen JavaScript, which the app (WebAssembly) cannot write itself,
//    then starts its wasm; resolves with the module's exports. The app loads the records module
//    with it on first need (src/ui/lazy.rs). (The bot module runs in a worker the app starts
//    itself: static/bot-worker.js.)
//    (It also starts the page's module: 6. below.)
// 2. Registers the service worker (sw.js, beside index.html) so the game plays offline after a
//    first visit. Relative URL: the app works under any sub-path.
window.unbrokenImport = (js, wasm) =>
  import(js).then((m) => m.default({ module_or_path: wasm }).then(() => m));

//    Registered once the table's module is here (6. below): the worker caches every file the
//    page names, and on a first visit it would otherwise download them beside the first screen's
//    module (and the table's twice, its own fetch beside the page's).
const offline = () => {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('sw.js').catch(() => {
    // No offline play (e.g. a file:// page or a private window that forbids it): the game
    // itself is unaffected.
  });
};

// 3. The flavour lines of the table's cards, the lesson's words and the glossary's definitions
//    (not in the first download: the browser's copy of the box leaves them out). The app asks for them when a game is first
//    on the table (window.unbrokenLoadWords); they are kept on window.unbrokenWords, and the
//    app (src/ui/widgets/words_file.rs) is told by window.unbrokenWordsReady.
window.unbrokenLoadWords = () => {
  const meta = document.querySelector('meta[name="unbroken-words"]');
  if (!meta || window.unbrokenWordsAsked) return;
  window.unbrokenWordsAsked = true;
  fetch(meta.content)
    .then((r) => r.json())
    .then((w) => {
      window.unbrokenWords = w;
      // The tooltips of glossary terms drawn before the words came (`data-gl`: the term's id)
      // get their definitions now, so a term focused before its part of the table is drawn
      // again is described (src/ui/widgets/controls.rs).
      document.querySelectorAll('[data-gl]').forEach((t) => {
        if (!t.textContent) t.textContent = (w.glossary || {})[t.dataset.gl] || '';
      });
      if (window.unbrokenWordsReady) window.unbrokenWordsReady();
    })
    .catch(() => {
      window.unbrokenWordsAsked = false;
    });
};

// 4. Background work once the player is idle (`window.unbrokenWhenIdle(job)`, called by the app:
//    src/ui/hooks/idle.rs): the job runs when the page has had no tap, click or key for 4 s and
//    the browser has a quiet moment, so a module fetched and compiled in the background never
//    competes with the first screen or a move being played.
window.unbrokenWhenIdle = (job) => {
  const events = ['pointerdown', 'keydown'];
  let timer;
  const go = () => {
    events.forEach((e) => removeEventListener(e, arm, true));
    if (window.requestIdleCallback) requestIdleCallback(() => job(), { timeout: 2000 });
    else job();
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(go, 4000);
  };
  events.forEach((e) => addEventListener(e, arm, true));
  arm();
};

// 5. Our art (scripts/make-art.py draws sprite sheets into art/): `window.unbrokenArt(name)`
//    copies the symbols of art/<name>.svg into the page once (an <svg id="art-sheets"> in
//    <head>: never drawn there, and out of the app's way, which clears <body> as it starts),
//    and the app draws them with <use href="#art-…"> (src/ui/widgets/icon.rs). A <use> of the
//    file itself made the browser fetch and parse the whole sheet again for every drawing a move
//    added (~3 ms a move on a desk). The first screen's sheet (the characters) is asked for at
//    once; the app asks for the others when it first draws one of theirs, or ahead of it with
//    `soon` (the monsters' once a move is played): then when the browser is next idle.
{
  const asked = new Set();
  window.unbrokenArt = (name, soon) => {
    if (asked.has(name)) return;
    if (soon && window.requestIdleCallback) {
      requestIdleCallback(() => window.unbrokenArt(name), { timeout: 3000 });
      return;
    }
    asked.add(name);
    fetch(`art/${name}.svg`)
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((text) => {
        const sheet = new DOMParser().parseFromString(text, 'image/svg+xml');
        let box = document.getElementById('art-sheets');
        if (!box) {
          box = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          box.id = 'art-sheets';
          document.head.append(box);
        }
        box.append(...[...sheet.querySelectorAll('symbol')].map((s) => document.importNode(s, true)));
      })
      .catch(() => asked.delete(name));
  };
  window.unbrokenArt('characters');
}

// 6. Which module starts the page. index.html names two (scripts/post-build.mjs writes their
//    metas): the title screen's own small module (`unbroken-title`, src/ui/front.rs) and the
//    table's, the whole app (`unbroken-web`). Every page starts on the title's (a deal link
//    too: the title screen names the deal and offers to play it), which asks for the table's
//    once its screen is up (`unbrokenTableSoon`: fetched and
//    compiled in the background when the browser is next idle, not started) and hands the
//    page over with the player's choice (`unbrokenTable(opening)`: the choice as JSON text,
//    which the table's module reads from window.unbrokenOpening as it starts; resolves once
//    the table is drawn). The service worker is registered once the table's module is here. If the title's
//    module cannot be loaded, the table's starts instead. If the table's cannot, the loading
//    screen says so.
{
  const parsed = new Promise((ok) => (document.readyState === 'loading' ? addEventListener('DOMContentLoaded', ok) : ok()));
  const files = (name) => {
    const m = document.querySelector(`meta[name="${name}"]`);
    // Absolute against the page: import() would read a bare name as a package's.
    return m ? [m.content, m.dataset.wasm].map((f) => new URL(f, document.baseURI).href) : null;
  };
  const failed = (e) => {
    const line = document.querySelector('#boot .boot-status');
    if (line) {
      line.textContent = `The game could not be loaded (${(e && e.message) || e}). Check the connection and reload the page.`;
      line.setAttribute('role', 'alert');
    }
    throw e;
  };
  // A module's JavaScript and its wasm fetched side by side; started once the page is parsed
  // (it draws into <body>).
  const run = ([js, wasm], compiled) =>
    Promise.all([import(js), compiled || fetch(wasm), parsed]).then(([m, w]) => m.default({ module_or_path: w }));
  const start = () => {
    const table = files('unbroken-web');
    const title = files('unbroken-title');
    let compiled;
    const compile = () =>
      (compiled ??= fetch(table[1])
        .then((r) => (r.ok ? r : Promise.reject(new Error(`HTTP ${r.status}`))))
        // Compiled as it arrives, and keeping its URL (profiles name it); a host that serves
        // wasm under another type gets the whole file compiled.
        .then((r) => WebAssembly.compileStreaming(r.clone()).catch(() => r.arrayBuffer().then((b) => WebAssembly.compile(b))))
        .catch((e) => {
          compiled = undefined;
          throw e;
        }));
    // Once the title screen is drawn and the browser has a quiet moment (its first paint and
    // any input come first).
    window.unbrokenTableSoon = () => {
      const go = () => {
        import(table[0]).catch(() => {});
        compile().then(offline, () => {});
      };
      if (window.requestIdleCallback) requestIdleCallback(go, { timeout: 1000 });
      else setTimeout(go, 200);
    };
    window.unbrokenTable = (opening) =>
      compile()
        .then((module) => {
          if (opening !== undefined) window.unbrokenOpening = opening;
          return run(table, module);
        })
        .then((started) => {
          offline();
          return started;
        }, failed);
    const direct = () => run(table).then(offline, failed);
    if (title) run(title).catch(direct);
    else direct();
  };
  if (document.querySelector('meta[name="unbroken-web"]')) start();
  else parsed.then(start);
}
