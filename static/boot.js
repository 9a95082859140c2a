// Loaded by index.html before the app. Two small jobs that need JavaScript syntax, kept in this
// file so the page needs no eval and no inline script of its own (friendly to a strict
// Content-Security-Policy that allows the site's own scripts):
//
// 1. `window.unbrokenImport(js, wasm)`: loads a WebAssembly module of the app by dynamic
//    import() of its wasm-bindgen JavaScript, which the app (WebAssembly) cannot write itself,
//    then starts its wasm; resolves with the module's exports. The app loads the records module
//    with it on first need (src/ui/records/loader.rs).
// 2. Registers the service worker (sw.js, beside index.html) so the game plays offline after a
//    first visit. Relative URL: the app works under any sub-path.
window.unbrokenImport = (js, wasm) =>
  import(js).then((m) => m.default({ module_or_path: wasm }).then(() => m));

if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // No offline play (e.g. a file:// page or a private window that forbids it): the game
      // itself is unaffected.
    });
  });
}

// 3. `window.unbrokenHint(saveJson)`: the smart bot's move for a saved game's position (issue
//    14), as JSON text. The bot is a module of its own (`unbroken-bot`, named by index.html's
//    <meta name="unbroken-bot">), started on the first hint in a worker (bot-worker.js), so the
//    first download never carries it and the table stays responsive while it thinks. If it
//    cannot be loaded the promise fails and the app says so; the next hint tries again.
let bot;
const botWaiting = new Map();
let botAsked = 0;
const botFail = (why) => {
  for (const [, w] of botWaiting) w.no(new Error(why));
  botWaiting.clear();
  if (bot) bot.terminate();
  bot = undefined;
};
window.unbrokenHint = (save) =>
  new Promise((ok, no) => {
    const meta = document.querySelector('meta[name="unbroken-bot"]');
    if (!meta) return no(new Error('no bot module in this build'));
    const abs = (p) => new URL(p, document.baseURI).href;
    if (!bot) {
      bot = new Worker(abs(meta.dataset.worker), { type: 'module' });
      bot.onmessage = (e) => {
        const w = botWaiting.get(e.data.id);
        botWaiting.delete(e.data.id);
        if (!w) return;
        if (e.data.error) {
          botFail(e.data.error);
          w.no(new Error(e.data.error));
        } else w.ok(e.data.out);
      };
      bot.onerror = () => botFail('the bot module could not be loaded');
    }
    const id = ++botAsked;
    botWaiting.set(id, { ok, no });
    bot.postMessage({ id, js: abs(meta.content), wasm: abs(meta.dataset.wasm), save });
  });
