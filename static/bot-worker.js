// The bot module's worker (issue 14): loads the `unbroken-bot` WebAssembly module on the first
// question and keeps it, with the bot's model of the box, for the next ones. boot.js starts it
// and sends `{ id, js, wasm, call, args }` (an export of the module, `hint` or `review`, and its
// arguments); it answers `{ id, out }` (the module's JSON text) or `{ id, error }` when the
// module cannot be loaded.
let ready;
onmessage = async (e) => {
  const { id, js, wasm, call, args } = e.data;
  try {
    ready ??= import(js).then(async (m) => {
      await m.default({ module_or_path: wasm });
      return m;
    });
    const m = await ready;
    if (call !== 'hint' && call !== 'review') throw new Error(`no export ${call}`);
    postMessage({ id, out: m[call](...args) });
  } catch (err) {
    ready = undefined;
    postMessage({ id, error: String((err && err.message) || err) });
  }
};
