//! The battle table: a battle reduced to numbers (the player's options, the monster's rows) and
//! solved by dynamic programming over the monster's Armor and Health, giving the expected effort
//! a battle costs from any position, and its second moment.

pub(in crate::sim::smart) use super::exact::UNWINNABLE;
use super::exact::{defended_choice, exact_costs, Terms};

/// One thing the player can do on a battle turn, as the model sees it.
#[derive(Clone, Copy, Debug)]
pub struct Opt {
    pub price: f64,
    pub ab: u8,
    pub wound: u8,
    pub pierce: bool,
    /// A weapon attack (DEFEND ignores it).
    pub weapon: bool,
    /// Another turn follows (no monster turn in between).
    pub extra: bool,
    /// Turns spent converting effort (Focus, Inspiration) before this can be paid.
    pub conv: u8,
    /// Takes one of the character's ability uses (p. 16: as many a level as the level).
    pub ability: bool,
}

/// What one row of the monster's table does, as the model sees it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RowOut {
    pub p: f64,
    pub loss: f64,
    pub heal: u8,
    pub defend: bool,
}

/// A battle reduced to numbers.
#[derive(Clone, Debug)]
pub struct Fight {
    pub opts: Vec<Opt>,
    pub rows: Vec<RowOut>,
    pub cap: u8,
    pub heal_end: u8,
    /// Chance to lose each turn (paralysis).
    pub skip: f64,
    pub max_a: u8,
    pub max_h: u8,
    /// Mean loss of one monster turn.
    pub turn_loss: f64,
    /// Ability uses left: options marked `ability` take one, and none is left at 0.
    pub uses: u8,
}

/// Solved battle: expected cost and its second moment at the player's turn, for each tracker
/// and each number of ability uses left up to the battle's own (`cost`, `second` read the
/// battle's own number; `*_at` any).
#[derive(Clone, Debug)]
pub struct Table {
    na: usize,
    nh: usize,
    nu: usize,
    c: Vec<f64>,
    s: Vec<f64>,
}

/// The monster's turn from each position of a table being solved (cost and second moment, laid
/// out as the table), once the position's values are final.
struct Turns {
    c: Vec<f64>,
    s: Vec<f64>,
}

/// Battles solved so far (a speed diagnostic).
pub static SOLVES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Table {
    fn idx(&self, a: u8, h: u8, d: bool, u: u8) -> usize {
        let base = (a as usize).min(self.na - 1) * self.nh + (h as usize).min(self.nh - 1);
        ((u as usize).min(self.nu - 1) * self.na * self.nh + base) * 2 + d as usize
    }
    /// Numbers the table holds (a measure of its memory).
    pub(in crate::sim::smart) fn len(&self) -> usize {
        self.c.len() + self.s.len()
    }
    /// The ability uses left the battle was solved for.
    pub fn uses(&self) -> u8 {
        (self.nu - 1) as u8
    }
    /// Expected cost from the player's turn (0 once the monster is dead).
    pub fn cost(&self, a: u8, h: u8, d: bool) -> f64 {
        self.cost_at(a, h, d, self.uses())
    }
    pub fn second(&self, a: u8, h: u8, d: bool) -> f64 {
        self.second_at(a, h, d, self.uses())
    }
    /// [`Table::cost`] with `u` ability uses left.
    pub fn cost_at(&self, a: u8, h: u8, d: bool, u: u8) -> f64 {
        if h == 0 {
            0.0
        } else {
            self.c[self.idx(a, h, d, u)]
        }
    }
    pub fn second_at(&self, a: u8, h: u8, d: bool, u: u8) -> f64 {
        if h == 0 {
            0.0
        } else {
            self.s[self.idx(a, h, d, u)]
        }
    }
}

impl Fight {
    /// Trackers after option `o` at (a, h, d); None if the monster dies.
    pub fn after(&self, o: &Opt, a: u8, h: u8, d: bool) -> Option<(u8, u8, bool)> {
        if o.weapon && d {
            return Some((a, h, false));
        }
        let a2 = a - o.ab.min(a);
        let mut h2 = h;
        if o.wound > 0 && (a == 0 || o.pierce) {
            let dealt = o.wound.min(self.cap).min(h);
            h2 = h - dealt;
        }
        if h2 == 0 {
            return None;
        }
        Some((a2, h2, if o.weapon { false } else { d }))
    }

    /// The monster's turn (and the round's end) from (a, h, d): expected cost and second moment.
    pub fn monster(&self, t: &Table, a: u8, h: u8, d: bool) -> (f64, f64) {
        self.monster_at(t, a, h, d, t.uses())
    }

    /// [`Fight::monster`] with `u` ability uses left.
    pub fn monster_at(&self, t: &Table, a: u8, h: u8, d: bool, u: u8) -> (f64, f64) {
        let mut c = 0.0;
        let mut s = 0.0;
        for r in &self.rows {
            let h2 = (h as u16 + r.heal as u16 + self.heal_end as u16).min(self.max_h as u16) as u8;
            let d2 = d || r.defend;
            let nc = t.cost_at(a, h2, d2, u);
            let ns = t.second_at(a, h2, d2, u);
            c += r.p * (r.loss + nc);
            s += r.p * (r.loss * r.loss + 2.0 * r.loss * nc + ns);
        }
        (c, s)
    }

    /// Value of option `o` at (a, h, d): expected cost and second moment.
    pub fn q(&self, t: &Table, o: &Opt, a: u8, h: u8, d: bool) -> (f64, f64) {
        self.q_at(t, o, a, h, d, t.uses())
    }

    /// [`Fight::q`] with `u` ability uses left (an option taking a use leaves `u - 1`; with
    /// none left it cannot be taken).
    pub fn q_at(&self, t: &Table, o: &Opt, a: u8, h: u8, d: bool, u: u8) -> (f64, f64) {
        self.q_in(t, None, o, a, h, d, u)
    }

    /// Solves the battle: trackers lowest first. At each (armor, health) the two values (DEFEND
    /// pending or not) depend on themselves only through misses, ignored attacks and skipped
    /// turns, which are solved as a small linear fixed point; whole sweeps repeat only when the
    /// monster heals.
    pub fn solve(&self) -> Table {
        SOLVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let na = self.max_a as usize + 1;
        let nh = self.max_h as usize + 1;
        // Uses matter only when an option takes one.
        let nu = if self.opts.iter().any(|o| o.ability) {
            self.uses as usize + 1
        } else {
            1
        };
        let mut t = Table {
            na,
            nh,
            nu,
            c: vec![0.0; na * nh * 2 * nu],
            s: vec![0.0; na * nh * 2 * nu],
        };
        let heals = self.heal_end > 0 || self.rows.iter().any(|r| r.heal > 0);
        let sweeps = if heals { 40 } else { 1 };
        // Without healing a position's values are final once solved, and so is the monster's
        // turn from it: kept (the same sums as `monster_at`) for the options that lead there.
        let mut turns = (!heals).then(|| Turns {
            c: vec![0.0; t.c.len()],
            s: vec![0.0; t.s.len()],
        });
        // Fewer uses first: an option taking a use leads to a table already solved.
        for u in 0..nu as u8 {
            for _ in 0..sweeps {
                let mut delta: f64 = 0.0;
                for a in 0..na as u8 {
                    for h in 1..nh as u8 {
                        delta = delta.max(self.solve_state(&mut t, a, h, u, turns.as_ref()));
                        if let Some(m) = turns.as_mut() {
                            for d in [false, true] {
                                let i = t.idx(a, h, d, u);
                                (m.c[i], m.s[i]) = self.monster_at(&t, a, h, d, u);
                            }
                        }
                    }
                }
                if delta < 1e-3 {
                    break;
                }
            }
        }
        t
    }

    /// The monster's turn from (a, h, d) split into what does not depend on the values at
    /// (a, h) and the weights on those values: (constant, second-moment constant, weight on
    /// d=false, weight on d=true), with the cross terms of the second moment for given values.
    fn monster_split(&self, t: &Table, a: u8, h: u8, d: bool, u: u8) -> ([f64; 4], [f64; 2]) {
        // [c0, w_nodef, w_def, s0] and loss weights for the second moment cross terms.
        let mut c = 0.0;
        let mut s = 0.0;
        let mut w = [0.0f64; 2];
        let mut lw = [0.0f64; 2];
        for r in &self.rows {
            let h2 = (h as u16 + r.heal as u16 + self.heal_end as u16).min(self.max_h as u16) as u8;
            let d2 = d || r.defend;
            if h2 == h {
                c += r.p * r.loss;
                s += r.p * r.loss * r.loss;
                w[d2 as usize] += r.p;
                lw[d2 as usize] += r.p * 2.0 * r.loss;
            } else {
                let nc = t.cost_at(a, h2, d2, u);
                let ns = t.second_at(a, h2, d2, u);
                c += r.p * (r.loss + nc);
                s += r.p * (r.loss * r.loss + 2.0 * r.loss * nc + ns);
            }
        }
        ([c, w[0], w[1], s], lw)
    }

    /// [`Fight::q_at`], reading the monster's turn after the option from `turns` when kept
    /// (the solve keeps them for monsters that do not heal) and summing the rows otherwise.
    #[allow(clippy::too_many_arguments)]
    fn q_in(
        &self,
        t: &Table,
        turns: Option<&Turns>,
        o: &Opt,
        a: u8,
        h: u8,
        d: bool,
        u: u8,
    ) -> (f64, f64) {
        if o.ability && u == 0 {
            return (UNWINNABLE, UNWINNABLE * UNWINNABLE);
        }
        let u2 = u - o.ability as u8;
        let (c, s) = match self.after(o, a, h, d) {
            None => (0.0, 0.0),
            Some((a2, h2, d2)) => {
                if o.extra {
                    (t.cost_at(a2, h2, d2, u2), t.second_at(a2, h2, d2, u2))
                } else if let Some(m) = turns {
                    let i = t.idx(a2, h2, d2, u2);
                    (m.c[i], m.s[i])
                } else {
                    self.monster_at(t, a2, h2, d2, u2)
                }
            }
        };
        (o.price + c, o.price * o.price + 2.0 * o.price * c + s)
    }

    /// Solves the two values at (a, h) with `u` uses left; returns the largest change.
    fn solve_state(&self, t: &mut Table, a: u8, h: u8, u: u8, turns: Option<&Turns>) -> f64 {
        let i0 = t.idx(a, h, false, u);
        let i1 = t.idx(a, h, true, u);
        let old = (t.c[i0], t.c[i1]);
        let (m0, l0) = self.monster_split(t, a, h, false, u);
        let (m1, l1) = self.monster_split(t, a, h, true, u);
        // Options whose outcome leaves (a, h): fixed values. Weapon attacks while the monster
        // defends are wasted: (a, h) with the DEFEND gone, then the monster's turn.
        let mut fixed: [(f64, f64); 2] = [(f64::INFINITY, 0.0); 2];
        let mut waste = f64::INFINITY;
        for o in self.opts.iter().filter(|o| !o.ability || u > 0) {
            for d in [false, true] {
                if o.weapon && d {
                    if o.price < waste && !o.ability {
                        waste = o.price;
                    }
                    continue;
                }
                match self.after(o, a, h, d) {
                    Some((a2, h2, _)) if a2 == a && h2 == h => {}
                    _ => {
                        let (c, s) = self.q_in(t, turns, o, a, h, d, u);
                        if c < fixed[d as usize].0 {
                            fixed[d as usize] = (c, s);
                        }
                    }
                }
            }
        }
        let q = self.skip;
        // Iterate the small fixed point on (x0, x1), from its exact solution when one is found
        // (then one pass confirms it; the iteration alone took 8 to 200 passes).
        let (mut x0, mut x1) = exact_costs(&m0, &m1, fixed, waste, q).unwrap_or(old);
        let mut choice = [0u8; 2];
        for _ in 0..200 {
            let mm0 = m0[0] + m0[1] * x0 + m0[2] * x1;
            let mm1 = m1[0] + (m1[1] + m1[2]) * x1;
            // d = false: fixed option or skip.
            let (b0, c0) = if fixed[0].0 < mm0 {
                (fixed[0].0, 1)
            } else {
                (mm0, 0)
            };
            // d = true: fixed option, skip, or waste a weapon attack to end the DEFEND.
            let (b1, c1) = defended_choice(fixed[1].0, mm1, waste + mm0);
            let n0 = ((1.0 - q) * b0 + q * mm0).min(UNWINNABLE);
            let n1 = ((1.0 - q) * b1 + q * mm1).min(UNWINNABLE);
            let ch = (n0 - x0).abs().max((n1 - x1).abs());
            x0 = n0;
            x1 = n1;
            choice = [c0, c1];
            if ch < 1e-6 {
                break;
            }
        }
        t.c[i0] = x0;
        t.c[i1] = x1;
        // Second moments under the chosen play, by the same fixed point.
        let mm0 = m0[0] + m0[1] * x0 + m0[2] * x1;
        let second = Terms {
            fixed: [fixed[0].1, fixed[1].1],
            turn: [
                m0[3] + l0[0] * x0 + l0[1] * x1,
                m1[3] + (l1[0] + l1[1]) * x1,
            ],
            waste: waste * waste + 2.0 * waste * mm0,
        };
        let (mut s0, mut s1) = second
            .exact(&m0, &m1, q, choice)
            .unwrap_or((t.s[i0], t.s[i1]));
        for _ in 0..200 {
            let sm0 = m0[3] + m0[1] * s0 + m0[2] * s1 + l0[0] * x0 + l0[1] * x1;
            let sm1 = m1[3] + (m1[1] + m1[2]) * s1 + (l1[0] + l1[1]) * x1;
            let o0 = if choice[0] == 1 { fixed[0].1 } else { sm0 };
            let o1 = match choice[1] {
                1 => fixed[1].1,
                2 => waste * waste + 2.0 * waste * mm0 + sm0,
                _ => sm1,
            };
            let n0 = ((1.0 - q) * o0 + q * sm0).min(UNWINNABLE * UNWINNABLE);
            let n1 = ((1.0 - q) * o1 + q * sm1).min(UNWINNABLE * UNWINNABLE);
            let ch = (n0 - s0).abs().max((n1 - s1).abs());
            s0 = n0;
            s1 = n1;
            if ch < 1e-4 {
                break;
            }
        }
        t.s[i0] = s0;
        t.s[i1] = s1;
        (x0 - old.0).abs().max((x1 - old.1).abs())
    }
}

/// The standard normal distribution function.
pub fn phi(x: f64) -> f64 {
    // Abramowitz–Stegun 7.1.26 on erf.
    let z = x / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * z.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-z * z).exp();
    let erf = if z >= 0.0 { y } else { -y };
    0.5 * (1.0 + erf)
}

/// A battle's expected cost, its spread, and what winning it brings.
#[derive(Clone, Copy, Debug, Default)]
pub struct Outlook {
    /// Expected effort the battle costs (attacks, losses), from now.
    pub cost: f64,
    pub sd: f64,
}
