// The bot module's worker: a shim that forwards one call. The app (src/ui/bot.rs) starts it
// on the first hint or review and sends `{ id, js, wasm, request }`: the bot module's files
// (named by index.html) and a request as postcard bytes (src/sim/bridge.rs). The first message loads
// the module and keeps it, with the bot's model of the box, for the next ones. The answer goes
// back as `{ id, answer }` (the module's bytes), or `{ id, error }` when the module could
// not be loaded or failed; then the app ends this worker and starts a new one next time.
let ready;
onmessage = async (e) => {
  const { id, js, wasm, request } = e.data;
  try {
    ready ??= import(js).then(async (m) => {
      await m.default({ module_or_path: wasm });
      return m;
    });
    const m = await ready;
    postMessage({ id, answer: m.call(request) });
  } catch (err) {
    postMessage({ id, error: String((err && err.message) || err) });
  }
};
