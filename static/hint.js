// Hints (issue 14), loaded by boot.js on the first press of the Hint button (or `h`).
//
// `window.unbrokenHint(saveJson)` gives the smart bot's move for a saved game's position as JSON
// text. The bot is a module of its own (`unbroken-bot`, named by index.html's
// <meta name="unbroken-bot">), started in a worker (bot-worker.js), so the first download never
// carries it and the table stays responsive while it thinks. If it cannot be loaded the promise
// fails; the next hint tries again.
//
// `ask()` asks for the position on screen (`window.unbroken.save()`, src/ui/hooks/probe.rs) and
// writes the answer into the hint box (src/ui/panels/hint.rs), which the app keys by the moves
// made, so the next move drops it. A shown answer presses #hint-taken: the app notes the hint in
// the save.
let bot;
const waiting = new Map();
let asked = 0;
const fail = (why) => {
  for (const w of waiting.values()) w.no(new Error(why));
  waiting.clear();
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
        const w = waiting.get(e.data.id);
        waiting.delete(e.data.id);
        if (e.data.error) fail(e.data.error);
        if (w) e.data.error ? w.no(new Error(e.data.error)) : w.ok(e.data.out);
      };
      bot.onerror = () => fail('the bot module could not be loaded');
    }
    const id = ++asked;
    waiting.set(id, { ok, no });
    bot.postMessage({ id, js: abs(meta.content), wasm: abs(meta.dataset.wasm), save });
  });

/** Puts `parts` (text and nodes) in the hint box's answer line, made on first use. */
function show(box, parts, cls) {
  let p = box.querySelector('.hint-text');
  if (!p) {
    p = document.createElement('p');
    p.setAttribute('role', 'status');
    box.append(p);
  }
  p.className = `hint-text ${cls}`;
  p.replaceChildren(...parts);
}

export async function ask() {
  const box = document.getElementById('hint-box');
  const save = window.unbroken && window.unbroken.save();
  if (!box || !save || box.dataset.asking) return;
  box.dataset.asking = '1';
  show(box, ['Thinking…'], 'muted busy');
  let answer;
  try {
    answer = JSON.parse(await window.unbrokenHint(save));
  } catch {
    answer = { error: 'the hint could not be loaded (offline on a first visit?); the game plays on without it' };
  }
  delete box.dataset.asking;
  if (!box.isConnected) return;
  if (answer.error) {
    show(box, [`No hint: ${answer.error}.`], 'muted');
    return;
  }
  const move = document.createElement('strong');
  move.textContent = `The bot would: ${answer.label}. `;
  show(box, [move, answer.reason], '');
  document.getElementById('hint-taken')?.click();
}
