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
 * choice of that name, or null (no hint here, or a name not among the choices).
 */
export async function botPick(page, list) {
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
  const named = list.find((c) => c.name === label);
  if (named) return named;
  // "Rest on Cook Fire": the Rest control on that encounter card ("Rest on card 2 …").
  const rest = label.match(/^Rest on (.+)$/);
  if (rest) {
    const n = await page.evaluate((name) => {
      const card = [...document.querySelectorAll('article.encounter-card')]
        .find((a) => document.getElementById(a.getAttribute('aria-labelledby'))?.textContent.includes(name));
      const b = [...(card?.querySelectorAll('[data-choice]') ?? [])].find((x) => /^Rest on card/.test(x.textContent.replace(/^\d+/, '').trim()) || /Rest on card/.test(x.textContent));
      return b ? Number(b.getAttribute('data-choice')) : null;
    }, rest[1]);
    const c = list.find((x) => x.n === n);
    if (c) return c;
  }
  return list.find((c) => c.name.startsWith(label) || label.startsWith(c.name)) ?? null;
}

export const digitKey = (n) => (n <= 9 ? String(n) : n === 10 ? '0' : `Shift+Digit${n - 10}`);
