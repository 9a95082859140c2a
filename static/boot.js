// Loaded by index.html before the app. Two small jobs that need JavaScript syntax, kept in this
// file so the page needs no eval and no inline script of its own (friendly to a strict
// Content-Security-Policy that allows the site's own scripts):
//
// 1. `window.unbrokenImport(url)`: a dynamic import(), which the app (WebAssembly) cannot write
//    itself; it loads the records module on first need (src/ui/records/loader.rs).
// 2. Registers the service worker (sw.js, beside index.html) so the game plays offline after a
//    first visit. Relative URL: the app works under any sub-path.
window.unbrokenImport = (url) => import(url);

if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // No offline play (e.g. a file:// page or a private window that forbids it): the game
      // itself is unaffected.
    });
  });
}
