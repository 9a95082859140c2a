// Checks on what the accessibility tree holds, for the browser tests (not a test file itself):
// every number shown on the table has words a screen reader reads, every control is a big
// enough target, every scrolling region can take focus.
//
// numbersWithoutText(page) walks every visible text node that holds a number (in aria-hidden
// parts too: a number drawn for the eye) and every drawn counter (an aria-hidden bar, track or
// row of pips), finds the nearest element a screen reader reads around it (its container), and
// asks Chromium's own accessibility tree (DevTools protocol: Accessibility.getFullAXTree) what
// that container says: its name, description, value and the text of everything in it. A number
// missing from those words, or a counter whose container says no number at all, is returned.
// The choices' number badges are checked apart: the button must carry the key in
// aria-keyshortcuts. A scale drawn as numbered cells (the Time track) needs the numbers of its
// marked cells in words, not every cell's.

/** In the page: marks each container with data-ntc and returns what each must say. */
function markContainers() {
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    // Inside a closed <details> a node keeps its box but is not rendered.
    if (!el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none';
  };
  const hiddenRoot = (el) => el.closest('[aria-hidden="true"]');
  // Elements whose words stand for what is drawn inside them.
  const CONTAINER = 'li, tr, td, th, button, a, p, h1, h2, h3, h4, dd, dt, label, summary, [role="img"], [aria-label], section, .panel, .track-row, .res, .stat, div';
  const containerOf = (el) => {
    let c = el;
    while (c && (hiddenRoot(c) || !c.matches(CONTAINER))) c = c.parentElement;
    return c;
  };
  const out = [];
  let next = 0;
  const idOf = (c) => {
    if (!c.dataset.ntc) c.dataset.ntc = String(next++);
    return c.dataset.ntc;
  };
  const what = (el) => `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('class') ? `.${String(el.getAttribute('class')).trim().split(/\s+/).join('.')}` : ''}>`;
  document.querySelectorAll('[data-ntc]').forEach((e) => delete e.dataset.ntc);
  const roots = [...document.querySelectorAll('main, [role="dialog"], [role="alertdialog"]')].filter((r) => !r.closest('[inert]'));
  const kbd = [];
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const nums = t.textContent.match(/\d+/g);
      if (!nums || !t.parentElement || !visible(t.parentElement)) continue;
      // Behind an open dialog the page is inert: out of the tree, and out of reach on purpose.
      if (t.parentElement.closest('.visually-hidden, #announce, [inert]')) continue;
      // A change flying off a figure for the eye: the move's words in the live region say it.
      if (t.parentElement.closest('.delta')) continue;
      const badge = t.parentElement.closest('kbd.choice-n');
      if (badge) {
        const b = badge.closest('button');
        kbd.push({ what: what(b), want: nums[0], keys: b?.getAttribute('aria-keyshortcuts') ?? '' });
        continue;
      }
      const hidden = hiddenRoot(t.parentElement);
      // A scale's cells: only the marked ones must be said.
      const cell = t.parentElement.closest('li, td, span');
      if (hidden && hidden.matches('ol, ul, .track') && cell && hidden.contains(cell)) {
        const marked = cell.matches('.current, .here, .on, .mark, .lit, .level, [class*="mark"], [class*="current"]');
        if (!marked) continue;
      }
      const c = containerOf(t.parentElement);
      if (!c) continue;
      out.push({ id: idOf(c), what: `${what(t.parentElement)} in ${what(c)}`, nums, text: t.textContent.trim().slice(0, 40) });
    }
    // Drawn counters: an aria-hidden element of several parts (pips, cells, bars) or an
    // aria-hidden svg that is not a plain icon beside its own words.
    for (const h of root.querySelectorAll('[aria-hidden="true"]')) {
      if (h.parentElement?.closest('[aria-hidden="true"]') || !visible(h)) continue;
      if (h.closest('.visually-hidden, #announce, kbd, [inert]')) continue;
      const parts = h.children.length;
      // Art and icons beside their words are not counters; the die is.
      const counter = h.matches('.die') || (!h.matches('svg') && (parts >= 3 || h.matches('.bar, .use-bar, .pips, .track, [class*="pip"]')));
      if (!counter) continue;
      const c = containerOf(h);
      if (!c) continue;
      out.push({ id: idOf(c), what: `${what(h)} in ${what(c)}`, nums: null, text: '(drawn)' });
    }
  }
  return { out, kbd };
}

/** Every non-ignored AX node's words under the node for `backendId` (itself included). */
function axWords(byBackend, byId, backendId) {
  const start = byBackend.get(backendId);
  if (!start) return null;
  const words = [];
  const stack = [start];
  while (stack.length) {
    const n = stack.pop();
    if (!n.ignored) {
      for (const k of ['name', 'description', 'value']) if (n[k]?.value != null && n[k].value !== '') words.push(String(n[k].value));
    }
    for (const c of n.childIds ?? []) if (byId.has(c)) stack.push(byId.get(c));
  }
  return words.join(' ');
}

/**
 * The numbers on screen that a screen reader does not get, as readable lines (empty when every
 * number has words). Chromium updates its accessibility tree after the DOM, on its own time: a
 * container the tree does not hold yet is looked for again a few frames later before it counts.
 */
export async function numbersWithoutText(page) {
  let problems = [];
  for (let tries = 0; tries < 4; tries += 1) {
    problems = await numbersWithoutTextOnce(page);
    if (!problems.some((p) => p.endsWith('is not in the accessibility tree'))) break;
    await page.waitForTimeout(150);
  }
  return problems;
}

async function numbersWithoutTextOnce(page) {
  const { out, kbd } = await page.evaluate(markContainers);
  const problems = [];
  for (const k of kbd) {
    if (!k.keys.split(/\s+/).includes(k.want)) problems.push(`${k.what}: the badge ${k.want} is not in aria-keyshortcuts "${k.keys}"`);
  }
  if (!out.length) return problems;
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const byBackend = new Map(nodes.filter((n) => n.backendDOMNodeId != null).map((n) => [n.backendDOMNodeId, n]));
    const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: false });
    // A container the tree leaves out (a plain div) is read through its nearest ancestor in it.
    const backendOf = new Map();
    const walk = (n, inTree) => {
      const here = byBackend.has(n.backendNodeId) ? n.backendNodeId : inTree;
      const a = n.attributes ?? [];
      for (let i = 0; i < a.length; i += 2) if (a[i] === 'data-ntc') backendOf.set(a[i + 1], here);
      for (const c of n.children ?? []) walk(c, here);
    };
    walk(root, undefined);
    const said = new Map();
    for (const o of out) {
      if (!said.has(o.id)) said.set(o.id, axWords(byBackend, byId, backendOf.get(o.id)));
      const words = said.get(o.id);
      if (words == null) {
        problems.push(`${o.what} "${o.text}": its container is not in the accessibility tree`);
        continue;
      }
      const spoken = new Set(words.match(/\d+/g) ?? []);
      if (o.nums) {
        const missing = o.nums.filter((n) => !spoken.has(n) && !spoken.has(String(Number(n))));
        if (missing.length) problems.push(`${o.what} "${o.text}": ${missing.join(', ')} not said (it says "${words.slice(0, 120)}")`);
      } else if (!spoken.size) {
        problems.push(`${o.what}: a drawn counter whose container says no number ("${words.slice(0, 120)}")`);
      }
    }
  } finally {
    await cdp.detach().catch(() => {});
  }
  return problems;
}

/** Visible enabled controls of the table smaller than `min` px either way (inline words apart). */
export async function smallTargets(page, min = 44) {
  return page.evaluate((m) => {
    const sel = 'main button, main a[href], main input, main select, main summary, main [role="button"], main [tabindex="0"], [role="dialog"] button, [role="dialog"] a[href], [role="dialog"] input, [role="dialog"] select, [role="dialog"] summary';
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      if (el.closest('[inert]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden') continue;
      // Words inside a sentence (a glossary term) are exempt (WCAG 2.5.8, inline).
      // A glossary word (a word of a sentence, a heading or a label that opens its definition,
      // the same as in the Glossary drawer) is words, not a game control: WCAG 2.5.8's inline
      // exception. So is any inline link or button inside a sentence.
      if (el.matches('.term-btn') || (cs.display === 'inline' && el.closest('p, li, dd, td, .pv, .prompt'))) continue;
      if (r.width < m - 0.5 || r.height < m - 0.5) {
        const c = el.cloneNode(true);
        c.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
        out.push(`<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.getAttribute('class') ?? '').split(/\s+/).join('.')}> "${c.textContent.trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return out;
  }, min);
}

/** Regions that scroll but cannot be reached by keyboard (no tabindex, nothing focusable inside). */
export async function unfocusableScrollers(page) {
  return page.evaluate(() => {
    const out = [];
    const focusable = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('[inert]') || !el.checkVisibility()) continue;
      const cs = getComputedStyle(el);
      const scrolls = (/(auto|scroll)/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 1)
        || (/(auto|scroll)/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 1);
      if (!scrolls || el.clientHeight === 0) continue;
      if (el.tabIndex >= 0 && el.matches('[tabindex]')) continue;
      if (el.querySelector(focusable)) continue;
      out.push(`<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.getAttribute('class') ?? '').split(/\s+/).join('.')}>`);
    }
    return out;
  });
}
