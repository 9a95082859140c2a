// Registers the service worker (sw.js, beside index.html) so the game plays offline after a first
// visit. Relative URL: the app works under any sub-path.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // No offline play (e.g. a file:// page or a private window that forbids it): the game
      // itself is unaffected.
    });
  });
}
