// Whether every control of the decision on screen can be seen and clicked as it is, without
// scrolling anything: each enabled action button of the stage (the prompt and its tray) lies
// inside the viewport and inside every scroll container around it, and is the element found at
// its centre (`elementFromPoint`: nothing covers it). Also whether a tooltip is open, and what
// the last-move panel lists. Used by table.test.mjs and scripts/in-view.mjs.
// (Not a test file itself: run.mjs only runs *.test.mjs.)

/**
 * The enabled controls of the decision that a player cannot see or click as the screen is
 * (or, given `selector`, those of the controls it names).
 */
export async function controlsOutOfView(page, selector = '.stage button.act:not([aria-disabled="true"])') {
  return page.evaluate((selector) => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const name = (b) => {
      const c = b.cloneNode(true);
      c.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
      return c.textContent.trim();
    };
    const out = [];
    for (const b of document.querySelectorAll(selector)) {
      const r = b.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue; // not rendered (e.g. another form's copy)
      let why = '';
      if (r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) why = 'outside the viewport';
      // Every scrolling ancestor must show it whole as it is scrolled now.
      for (let p = b.parentElement; !why && p; p = p.parentElement) {
        const st = getComputedStyle(p);
        if (!/(auto|scroll|hidden)/.test(st.overflowY + st.overflowX)) continue;
        const q = p.getBoundingClientRect();
        if (r.top < q.top - 1 || r.bottom > q.bottom + 1 || r.left < q.left - 1 || r.right > q.right + 1) {
          why = `clipped by .${[...p.classList].join('.') || p.tagName.toLowerCase()}`;
        }
      }
      if (!why) {
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!at || !(b === at || b.contains(at))) {
          why = `covered by ${at ? at.tagName.toLowerCase() + (at.className ? '.' + String(at.className).split(' ').join('.') : '') : 'nothing'}`;
        }
      }
      if (why) out.push(`${name(b)} (${why})`);
    }
    return out;
  }, selector);
}

/** The tooltips open now (shown and visible). */
export async function openTooltips(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="tooltip"]')]
      .filter((t) => {
        const st = getComputedStyle(t);
        return st.display !== 'none' && st.visibility !== 'hidden' && t.getBoundingClientRect().width > 0;
      })
      .map((t) => t.id),
  );
}

/** Every line the last-move panel holds (its full list, whether folded or not). */
export async function lastMoveLines(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#just .just-causes li li')].map((l) => l.textContent.trim()),
  );
}

/**
 * The open tooltips that cover an enabled control of the decision other than their own. A
 * tooltip takes no pointer events (it never steals a click), so `elementFromPoint` would look
 * through it: what counts is whether it hides the control, so rectangles are compared.
 */
export async function tooltipsCovering(page) {
  return page.evaluate(() => {
    const name = (b) => {
      const c = b.cloneNode(true);
      c.querySelectorAll('[aria-hidden="true"], [role="tooltip"]').forEach((n) => n.remove());
      return c.textContent.trim();
    };
    const shown = (t) => {
      const st = getComputedStyle(t);
      return st.display !== 'none' && st.visibility !== 'hidden' && t.getBoundingClientRect().width > 0;
    };
    const out = [];
    for (const t of document.querySelectorAll('[role="tooltip"]')) {
      if (!shown(t)) continue;
      const r = t.getBoundingClientRect();
      const own = t.closest('.ctl');
      for (const b of document.querySelectorAll('#stage button.act:not([aria-disabled="true"])')) {
        if (own && own.contains(b)) continue;
        const q = b.getBoundingClientRect();
        if (q.width === 0 || q.height === 0) continue;
        const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
        const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
        if (w > 0.5 && h > 0.5) out.push(`the tooltip of “${own ? name(own) : t.id}” covers “${name(b)}”`);
      }
    }
    return out;
  });
}

/** The controls of the stage that carry a tooltip (enabled or not), as locator indices. */
export async function controlsWithTips(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#stage .ctl')]
      .map((c, i) => ({ i, tip: !!c.querySelector(':scope > [role="tooltip"]'), w: c.getBoundingClientRect().width }))
      .filter((c) => c.tip && c.w > 0)
      .map((c) => c.i),
  );
}
