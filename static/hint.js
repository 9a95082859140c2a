// Hints and reviews (issue 14), loaded by boot.js on the first press of the Hint button (or
// `h`) or of a replay's "Review with the bot".
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

/** Calls the bot module's export `call` with `args` in the worker; resolves with its JSON text. */
const askBot = (call, args) =>
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
    bot.postMessage({ id, js: abs(meta.content), wasm: abs(meta.dataset.wasm), call, args });
  });
window.unbrokenHint = (save) => askBot('hint', [save]);

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

// --- The review (issue 14, item 3) ------------------------------------------------------------

const pct = (x) => `${Math.round(x * 100)}%`;
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
};
const SVG = 'http://www.w3.org/2000/svg';
const svg = (tag, attrs) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

/** Shows the replay at `step` (the position before that move). */
function goTo(step) {
  const input = document.getElementById('replay-goto');
  if (!input) return;
  input.value = String(step);
  input.dispatchEvent(new Event('change', { bubbles: true }));
  document.getElementById('replay-h')?.focus();
}

/** The bot's estimate of the chance to win before each decision, as a line; its differences dotted. */
function chart(moves) {
  const w = 600;
  const h = 160;
  const x = (i) => (moves.length < 2 ? w / 2 : (i / (moves.length - 1)) * (w - 20) + 10);
  const y = (p) => h - 10 - p * (h - 20);
  const s = svg('svg', { viewBox: `0 0 ${w} ${h}`, class: 'review-chart', role: 'img',
    'aria-label': `The bot's estimate of your chance to win over the game: from ${pct(moves[0].before)} to ${pct(moves[moves.length - 1].after_played)}.` });
  for (const p of [0, 0.5, 1]) s.append(svg('line', { x1: 0, x2: w, y1: y(p), y2: y(p), class: 'grid' }));
  s.append(svg('polyline', { points: moves.map((m, i) => `${x(i)},${y(m.before)}`).join(' '), class: 'line' }));
  moves.forEach((m, i) => {
    if (!m.same) s.append(svg('circle', { cx: x(i), cy: y(m.before), r: 4 + Math.min(6, Math.abs(m.after_bot - m.after_played) * 60), class: 'differs' }));
  });
  return s;
}

function render(box, total, moves) {
  const differ = moves.filter((m) => !m.same).sort((a, b) => (b.after_bot - b.after_played) - (a.after_bot - a.after_played));
  const move = (m) => `Move ${m.at + 1}`;
  const cost = (m) => {
    const d = Math.round((m.after_bot - m.after_played) * 100);
    const pts = (n) => `${n} point${n === 1 ? '' : 's'}`;
    return d > 0 ? `the bot's move: ${pts(d)} more chance to win` : d < 0 ? `yours: ${pts(-d)} more by the bot's own estimate` : 'about the same chance';
  };
  const open = (m) => {
    const b = el('button', { type: 'button', class: 'small quiet' }, `${move(m)}: you ${m.played}; the bot ${m.bot} (${cost(m)})`);
    b.addEventListener('click', () => goTo(m.at));
    return el('li', {}, b);
  };
  const every = el('ol', { class: 'review-all' }, ...moves.map((m) => el('li', {}, `${move(m)}: ${m.played}`,
    m.same ? el('span', { class: 'muted' }, ' (the bot agrees)') : el('strong', {}, ` (the bot: ${m.bot})`))));
  box.replaceChildren(
    el('h3', { class: 'tray-h', id: 'review-h' }, 'Review with the bot'),
    el('p', { id: 'review-sum' }, `${moves.length} decisions in ${total} moves; the bot would have played ${differ.length} of them differently. Its estimate of your chance to win went from ${pct(moves[0].before)} to ${pct(moves[moves.length - 1].after_played)}.`),
    chart(moves),
    differ.length ? el('ol', { class: 'review-list', 'aria-label': 'Where the bot would play differently, the costliest first' }, ...differ.map(open)) : el('p', {}, 'The bot agrees with every decision.'),
    el('details', {}, el('summary', {}, `Every decision (${moves.length})`), every),
  );
}

export async function review() {
  const box = document.getElementById('review-box');
  const save = document.getElementById('review')?.dataset.save;
  if (!box || !save || box.dataset.asking) return;
  box.dataset.asking = '1';
  const bar = el('progress', { max: '1', value: '0', 'aria-label': 'Reviewing the game' });
  const says = el('span', { class: 'muted' }, ' Reviewing…');
  box.replaceChildren(el('p', { class: 'review-progress' }, bar, says));
  const moves = [];
  let total = 0;
  try {
    for (let from = 0; from === 0 || from < total; from += 8) {
      const out = JSON.parse(await askBot('review', [save, from, from + 8]));
      if (out.error) throw new Error(out.error);
      total = out.total;
      moves.push(...out.moves);
      bar.max = String(total || 1);
      bar.value = String(Math.min(total, from + 8));
      says.textContent = ` Reviewing move ${Math.min(total, from + 8)} of ${total}…`;
      if (!box.isConnected) return;
    }
    if (!moves.length) throw new Error('this game has no decision to review');
    render(box, total, moves);
  } catch (e) {
    box.replaceChildren(el('p', { class: 'muted' }, `No review: ${e.message || 'the bot could not be loaded (offline on a first visit?)'}.`));
  } finally {
    delete box.dataset.asking;
  }
}
