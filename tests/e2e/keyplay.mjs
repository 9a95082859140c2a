// Choosing by keyboard, for the access tests (not a test file itself): the numbered choices on
// screen, a simple fixed strategy over them (the same as play.mjs's), the bot's choice asked by
// the Hint key (so a keyboard game can be a whole, long game: the bot plays well), and the key
// that takes choice n.

/** The numbered choices on screen: number and accessible name (without the hidden badge). */
export async function choices(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#choices [data-choice]')].map((b) => {
      const c = b.cloneNode(true);
      c.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
      return { n: Number(b.getAttribute('data-choice')), name: c.textContent.trim(), ends: !!b.closest('.decision.ends') };
    }),
  );
}

/** The simple strategy of play.mjs's playOne, among the numbered choices. */
export function pick(list, time) {
  const first = (re) => list.find((c) => re.test(c.name));
  let p = first(/^Keep /) || first(/^Use the roll /) || first(/^Discard /) || first(/^Use no more responses$/) || first(/^Use /);
  if (!p) {
    const eats = list.filter((c) => /^Eat \d+ Food$/.test(c.name));
    if (eats.length) p = eats.sort((a, b) => parseInt(b.name.slice(4), 10) - parseInt(a.name.slice(4), 10))[0];
  }
  p ??= first(/^Fight$/) || first(/attack \d/) || first(/^Resolve /) || first(/^Rest on card/);
  if (!p && list.some((c) => c.name === 'Explore')) p = first(time <= 2 && list.some((c) => c.name === 'Face the monster') ? /^Face the monster$/ : /^Explore$/);
  return p ?? first(/^Face the monster$/) ?? first(/^Skip your turn$/) ?? list[0];
}

export async function timeLeft(page) {
  const t = parseInt((await page.locator('#time-value').textContent()) ?? '99', 10);
  return Number.isNaN(t) ? 99 : t;
}

/**
 * The bot's choice: presses the Hint key and waits for "The bot would: …"; returns the numbered
 * choice of that name, or null (no hint here, or a name not among the choices). A choice folded
 * behind "More actions" (a long or tight tray folds its trailing groups; they keep their
 * numbers) is returned as { fold: the More actions tile, name }.
 */
export async function botPick(page) {
  if (!(await page.locator('#hint').count())) return null;
  await page.keyboard.press('h');
  const handle = await page.waitForFunction(() => {
    const t = document.querySelector('#hint-box .hint-text:not(.busy)')?.textContent ?? '';
    return t.length ? t : null;
  }, null, { timeout: 60_000 });
  const text = await handle.jsonValue();
  const m = text.match(/^The bot would: (.*?)\. /);
  if (!m) return null;
  const label = m[1];
  // The hint's answer can change what the tray has room for: read the choices now.
  const list = await choices(page);
  const named = list.find((c) => c.name === label);
  if (named) return named;
  // "Rest on Cook Fire": the Rest control on that encounter card ("Rest on card 2 …").
  const rest = label.match(/^Rest on (.+)$/);
  if (rest) {
    const n = await page.evaluate((name) => {
      const card = [...document.querySelectorAll('article.encounter-card')]
        .find((a) => document.getElementById(a.getAttribute('aria-labelledby'))?.textContent.includes(name));
      const b = [...(card?.querySelectorAll('[data-choice]') ?? [])].find((x) => /Rest on card/.test(x.textContent));
      return b ? Number(b.getAttribute('data-choice')) : null;
    }, rest[1]);
    const c = list.find((x) => x.n === n);
    if (c) return c;
  }
  const more = list.find((c) => c.name === 'More actions');
  if (more) return { fold: more, name: label };
  return list.find((c) => c.name.startsWith(label) || label.startsWith(c.name)) ?? null;
}

/**
 * Takes a choice by keyboard: by its digit, or by the arrows from the focused choice and Enter.
 * A folded choice ({ fold, name } from botPick) first opens its fold the same way (focus then
 * lands on the first folded choice). Returns the keys pressed (0 when nothing was taken) and
 * the number of choices on screen for the last step (k).
 */
export async function take(page, c, by) {
  let keys = 0;
  if (c.fold) {
    // By its digit the tile opens the fold; by the arrows, walking right onto it does.
    if (by === 'digits') keys += (await press(page, c.fold, by)).keys;
    else {
      while (await page.locator('#tray-more').count()) {
        await page.keyboard.press('ArrowRight');
        keys += 1;
        await page.waitForFunction(() => !document.getElementById('tray-more')
          || document.activeElement?.closest('#choices [data-choice]'), null, { timeout: 5000 });
      }
    }
    await page.waitForFunction((n) => document.activeElement?.getAttribute('data-choice') === String(n) && !document.getElementById('tray-more'), c.fold.n, { timeout: 5000 });
    const list = await choices(page);
    const found = list.find((x) => x.name === c.name) ?? list.find((x) => x.name.startsWith(c.name) || c.name.startsWith(x.name));
    if (!found) return { keys: 0, k: 0 };
    c = found;
  }
  const last = await press(page, c, by);
  return { keys: keys + last.keys, k: last.k };
}

/**
 * One choice on screen by its digit, or by the arrows (the shorter way round) and Enter. The
 * arrows walk into a "More actions" tile (the widget's last stop) rather than stopping on it:
 * the fold opens and focus goes on to the first folded choice (going right) or the last (going
 * left), so the ring the arrows walk is the unfolded one, of `k` choices.
 */
async function press(page, c, by) {
  const list = await choices(page);
  if (by === 'digits') {
    await page.keyboard.press(digitKey(c.n));
    return { keys: 1, k: list.length };
  }
  const tile = await page.evaluate(() => {
    const t = document.getElementById('tray-more');
    if (!t) return null;
    return { n: Number(t.getAttribute('data-choice')), folded: Number(t.getAttribute('data-held')) };
  });
  const shown = tile ? list.filter((x) => x.n !== tile.n) : list;
  const k = shown.length + (tile ? tile.folded : 0);
  const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-choice'));
  const at = shown.findIndex((x) => String(x.n) === focused);
  const to = shown.findIndex((x) => x.n === c.n);
  const from = at < 0 ? 0 : at;
  const right = (to - from + k) % k;
  const left = (from - to + k) % k;
  const [key, times] = right <= left ? ['ArrowRight', right] : ['ArrowLeft', left];
  const S = shown.length;
  for (let i = 1; i <= times; i += 1) {
    await page.keyboard.press(key);
    // The step that lands on the folded range (the tile): the fold opens and focus goes on to
    // its first choice (going right) or the last (going left); wait for it.
    const pos = key === 'ArrowRight' ? (from + i) % k : (from - i + k) % k;
    if (tile && pos === (key === 'ArrowRight' ? S : k - 1)) {
      await page.waitForFunction(([goRight, first]) => {
        if (document.getElementById('tray-more')) return false;
        const all = [...document.querySelectorAll('#choices [data-choice]')];
        const want = goRight ? all.find((b) => b.getAttribute('data-choice') === String(first)) : all.at(-1);
        return want && document.activeElement === want;
      }, [key === 'ArrowRight', tile.n], { timeout: 5000 });
    }
  }
  await page.keyboard.press('Enter');
  return { keys: times + 1, k };
}

/**
 * The last move's event lines from the engine's log, joined (or the move's own words when it had
 * none): what the live region must say for it, once, in this order.
 */
export async function eventLines(page) {
  return page.evaluate(() => {
    const log = window.unbroken.log();
    let i = log.length - 1;
    while (i >= 0 && !log[i].startsWith('> ')) i -= 1;
    const lines = log.slice(i + 1);
    return lines.length ? lines.join(' ') : log[i].slice(2);
  });
}

export const digitKey = (n) => (n <= 9 ? String(n) : n === 10 ? '0' : `Shift+Digit${n - 10}`);
