//! The smart bot's model of the game: what things are worth, in Small Effort, and what a battle is
//! expected to cost, by dynamic programming over the monster's trackers.
//!
//! Nothing here knows a card by its id: every value is derived from the card's effects, so the
//! model follows the content when balance work changes it.

use crate::content::CardDb;
use crate::engine::cards::{
    AttackKind, Effect, Limit, Passive, Test, Timing, Trigger, When, LAST_LEVEL,
};
use crate::engine::res::{Bundle, Res};
use crate::engine::state::MonsterState;
use crate::engine::{view, Difficulty, Game, Pending, Setup, State, Step};
use std::collections::HashMap;
use std::sync::Arc;

/// The knobs of the model (values in Small Effort).
#[derive(Clone, Debug)]
pub struct Tuning {
    /// One Time in the Travel Phase.
    pub tau: f64,
    /// Price of one Medium / Large Effort spent on an attack (what Focus / Inspiration cost).
    pub pm: f64,
    pub pl: f64,
    /// A skill drawn after a victory (levels I–III).
    pub skill: f64,
    /// Food expected to turn up in each later level.
    pub food_income: f64,
    /// Dying, compared with staying alive.
    pub death: f64,
    /// Knowing the level's monster before the battle.
    pub info: f64,
    /// One unused character-ability use in the current level (in battle; in travel the uses
    /// kept for the battle are worth `battle_use`, the others little).
    pub use_value: f64,
    pub battle_use: f64,
    /// Chance of finishing an upgrade that still misses k resources.
    pub miss: [f64; 6],
    /// Cunning, Treasure as stock.
    pub cunning: f64,
    pub treasure: f64,
    /// Weight of the final score (points) against effort.
    pub score: f64,
    /// Share of the Time left that is counted as effort still to come when pricing a battle.
    pub income: f64,
    /// How much better a free action must make the position to be taken.
    pub free_bar: f64,
    /// One more card to choose from (encounter or skill).
    pub peek: f64,
    /// How much worse crafting may make the position before it is left undone.
    pub craft_bar: f64,
}

impl Tuning {
    /// The defaults, with overrides from `UNBROKEN_TUNING` ("info=2,tau=1.1"): balance work only.
    pub fn from_env() -> Tuning {
        let mut t = Tuning::default();
        if let Ok(spec) = std::env::var("UNBROKEN_TUNING") {
            for part in spec.split(',') {
                let mut kv = part.splitn(2, '=');
                let (Some(k), Some(v)) = (kv.next(), kv.next()) else {
                    continue;
                };
                let Ok(v) = v.trim().parse::<f64>() else {
                    continue;
                };
                match k.trim() {
                    "tau" => t.tau = v,
                    "pm" => t.pm = v,
                    "pl" => t.pl = v,
                    "skill" => t.skill = v,
                    "food_income" => t.food_income = v,
                    "death" => t.death = v,
                    "info" => t.info = v,
                    "use_value" => t.use_value = v,
                    "battle_use" => t.battle_use = v,
                    "cunning" => t.cunning = v,
                    "treasure" => t.treasure = v,
                    "score" => t.score = v,
                    "income" => t.income = v,
                    "free_bar" => t.free_bar = v,
                    "peek" => t.peek = v,
                    "craft_bar" => t.craft_bar = v,
                    _ => {}
                }
            }
        }
        t
    }
}

impl Default for Tuning {
    fn default() -> Self {
        // Tuned by simulation (coordinate search on Normal, checked on other seeds and levels).
        Tuning {
            tau: 1.8,
            pm: 3.5,
            pl: 8.0,
            skill: 6.0,
            food_income: 2.5,
            death: 45.0,
            info: -3.0,
            use_value: 0.5,
            battle_use: 0.8,
            miss: [0.9, 0.5, 0.27, 0.14, 0.07, 0.03],
            cunning: 2.6,
            treasure: 1.2,
            score: 0.04,
            income: 1.26,
            free_bar: 0.25,
            peek: 0.5,
            craft_bar: -0.3,
        }
    }
}

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
}

/// Solved battle: expected cost and its second moment at the player's turn, for each tracker.
#[derive(Clone, Debug)]
pub struct Table {
    na: usize,
    nh: usize,
    c: Vec<f64>,
    s: Vec<f64>,
}

const UNWINNABLE: f64 = 400.0;

thread_local! {
    /// The unit values of the last position priced on this thread.
    static UNITS: std::cell::RefCell<(u64, [f64; 9])> = const { std::cell::RefCell::new((0, [0.0; 9])) };
}

/// Battles solved so far (a speed diagnostic).
pub static SOLVES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Table {
    fn idx(&self, a: u8, h: u8, d: bool) -> usize {
        ((a as usize).min(self.na - 1) * self.nh + (h as usize).min(self.nh - 1)) * 2 + d as usize
    }
    /// Expected cost from the player's turn (0 once the monster is dead).
    pub fn cost(&self, a: u8, h: u8, d: bool) -> f64 {
        if h == 0 {
            0.0
        } else {
            self.c[self.idx(a, h, d)]
        }
    }
    pub fn second(&self, a: u8, h: u8, d: bool) -> f64 {
        if h == 0 {
            0.0
        } else {
            self.s[self.idx(a, h, d)]
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
        let mut c = 0.0;
        let mut s = 0.0;
        for r in &self.rows {
            let h2 = (h as u16 + r.heal as u16 + self.heal_end as u16).min(self.max_h as u16) as u8;
            let d2 = d || r.defend;
            let nc = t.cost(a, h2, d2);
            let ns = t.second(a, h2, d2);
            c += r.p * (r.loss + nc);
            s += r.p * (r.loss * r.loss + 2.0 * r.loss * nc + ns);
        }
        (c, s)
    }

    /// Value of option `o` at (a, h, d): expected cost and second moment.
    pub fn q(&self, t: &Table, o: &Opt, a: u8, h: u8, d: bool) -> (f64, f64) {
        let (c, s) = match self.after(o, a, h, d) {
            None => (0.0, 0.0),
            Some((a2, h2, d2)) => {
                if o.extra {
                    (t.cost(a2, h2, d2), t.second(a2, h2, d2))
                } else {
                    self.monster(t, a2, h2, d2)
                }
            }
        };
        (o.price + c, o.price * o.price + 2.0 * o.price * c + s)
    }

    /// Solves the battle: trackers lowest first. At each (armor, health) the two values (DEFEND
    /// pending or not) depend on themselves only through misses, ignored attacks and skipped
    /// turns, which are solved as a small linear fixed point; whole sweeps repeat only when the
    /// monster heals.
    pub fn solve(&self) -> Table {
        SOLVES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let na = self.max_a as usize + 1;
        let nh = self.max_h as usize + 1;
        let mut t = Table {
            na,
            nh,
            c: vec![0.0; na * nh * 2],
            s: vec![0.0; na * nh * 2],
        };
        let heals = self.heal_end > 0 || self.rows.iter().any(|r| r.heal > 0);
        let sweeps = if heals { 40 } else { 1 };
        for _ in 0..sweeps {
            let mut delta: f64 = 0.0;
            for a in 0..na as u8 {
                for h in 1..nh as u8 {
                    delta = delta.max(self.solve_state(&mut t, a, h));
                }
            }
            if delta < 1e-3 {
                break;
            }
        }
        t
    }

    /// The monster's turn from (a, h, d) split into what does not depend on the values at
    /// (a, h) and the weights on those values: (constant, second-moment constant, weight on
    /// d=false, weight on d=true), with the cross terms of the second moment for given values.
    fn monster_split(&self, t: &Table, a: u8, h: u8, d: bool) -> ([f64; 4], [f64; 2]) {
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
                let nc = t.cost(a, h2, d2);
                let ns = t.second(a, h2, d2);
                c += r.p * (r.loss + nc);
                s += r.p * (r.loss * r.loss + 2.0 * r.loss * nc + ns);
            }
        }
        ([c, w[0], w[1], s], lw)
    }

    /// Solves the two values at (a, h); returns the largest change.
    fn solve_state(&self, t: &mut Table, a: u8, h: u8) -> f64 {
        let i0 = t.idx(a, h, false);
        let i1 = t.idx(a, h, true);
        let old = (t.c[i0], t.c[i1]);
        let (m0, l0) = self.monster_split(t, a, h, false);
        let (m1, l1) = self.monster_split(t, a, h, true);
        // Options whose outcome leaves (a, h): fixed values. Weapon attacks while the monster
        // defends are wasted: (a, h) with the DEFEND gone, then the monster's turn.
        let mut fixed: [(f64, f64); 2] = [(f64::INFINITY, 0.0); 2];
        let mut waste = f64::INFINITY;
        for o in &self.opts {
            for d in [false, true] {
                if o.weapon && d {
                    if o.price < waste {
                        waste = o.price;
                    }
                    continue;
                }
                match self.after(o, a, h, d) {
                    Some((a2, h2, _)) if a2 == a && h2 == h => {}
                    _ => {
                        let (c, s) = self.q(t, o, a, h, d);
                        if c < fixed[d as usize].0 {
                            fixed[d as usize] = (c, s);
                        }
                    }
                }
            }
        }
        let q = self.skip;
        // Iterate the small fixed point on (x0, x1).
        let (mut x0, mut x1) = (old.0, old.1);
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
            let mut b1 = mm1;
            let mut c1 = 0;
            if fixed[1].0 < b1 {
                b1 = fixed[1].0;
                c1 = 1;
            }
            if waste + mm0 < b1 {
                b1 = waste + mm0;
                c1 = 2;
            }
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
        let (mut s0, mut s1) = (t.s[i0], t.s[i1]);
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

/// The model, built once per card set and shared by every bot that plays it.
pub struct Brain {
    pub db: Arc<CardDb>,
    pub t: Tuning,
    template: State,
    /// [order][weapon][level-1]: expected net cost of a level's monster (fight or trick), with a
    /// plain stock and no skills or conditions. order 0: player first, 1: monster first.
    level_cost: [Vec<[f64; 4]>; 2],
    /// [order][weapon][monster]: expected fight cost and spread, plain stock.
    fight_cost: [Vec<Vec<Outlook>>; 2],
    /// Skill values already worked out, shared by every bot using this model.
    pub skill_memo: std::sync::Mutex<HashMap<(u16, u16, u8, bool), f64>>,
}

/// Plain stock assumed when the model prices a future battle.
fn plain_stock() -> Bundle {
    Bundle {
        small: 12,
        food: 1,
        cunning: 1,
        ..Bundle::default()
    }
}

impl Brain {
    pub fn new(db: Arc<CardDb>) -> Brain {
        Brain::with_tuning(db, Tuning::from_env())
    }

    pub fn with_tuning(db: Arc<CardDb>, t: Tuning) -> Brain {
        let setup = Setup {
            seed: 1,
            character: db
                .characters
                .first()
                .map(|c| c.id.clone())
                .unwrap_or_default(),
            side: 0,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        let template = Game::new(setup, db.clone())
            .map(|(g, _)| g.state().clone())
            .expect("the content sets up a game");
        let mut b = Brain {
            db,
            t,
            template,
            level_cost: [Vec::new(), Vec::new()],
            fight_cost: [Vec::new(), Vec::new()],
            skill_memo: std::sync::Mutex::new(HashMap::new()),
        };
        b.precompute();
        b
    }

    /// A plain position: this weapon in hand (with its path below it), this monster, level.
    fn plain(&self, weapon: u16, monster: Option<u16>, level: u8, hard: bool) -> State {
        let mut s = self.template.clone();
        s.level = level;
        s.step = Step::Battle;
        s.stock = crate::engine::res::Stock(plain_stock());
        s.weapons = self.path_to(weapon);
        s.skills.clear();
        s.conditions.clear();
        s.setup.difficulty = if hard {
            Difficulty::Hard
        } else {
            Difficulty::Normal
        };
        s.uses = 0;
        s.monster = monster
            .and_then(|m| self.db.monster(m))
            .map(|m| MonsterState {
                card: monster.unwrap_or(0),
                armor: m.armor,
                max_armor: m.armor,
                health: m.health,
                max_health: m.health,
                defending: false,
            });
        s
    }

    /// A plain version of a position, for values that must not depend on the details of the
    /// stock (so they can be shared between games): same character, weapons, level, difficulty.
    pub fn canonical(&self, s: &State) -> State {
        let mut c = self.template.clone();
        c.character = s.character;
        c.setup.difficulty = s.setup.difficulty;
        c.level = s.level;
        c.step = s.step;
        c.weapons = s.weapons.clone();
        c.stock = crate::engine::res::Stock(plain_stock());
        c.uses = s.level;
        c.time = s.time;
        c
    }

    /// The weapon sheets under `w`, from the starting weapon (for downgrades).
    fn path_to(&self, w: u16) -> Vec<u16> {
        let mut path = vec![w];
        let mut cur = w;
        for _ in 0..8 {
            if cur == self.db.start_weapon {
                break;
            }
            let from = self
                .db
                .weapons
                .iter()
                .position(|x| x.upgrades.iter().any(|u| u.to.idx == cur));
            match from {
                Some(f) => {
                    path.push(f as u16);
                    cur = f as u16;
                }
                None => break,
            }
        }
        path.reverse();
        path
    }

    fn precompute(&mut self) {
        let nw = self.db.weapons.len();
        for order in 0..2 {
            let mut fc = vec![vec![Outlook::default(); self.db.monsters.len()]; nw];
            let mut lc = vec![[0.0; 4]; nw];
            for w in 0..nw as u16 {
                for (mi, m) in self.db.monsters.iter().enumerate() {
                    let s = self.plain(w, Some(mi as u16), m.level, order == 1);
                    fc[w as usize][mi] = self.battle_from_start(&s);
                }
                for level in 1..=4u8 {
                    let s = self.plain(w, None, level, order == 1);
                    let mut sum = 0.0;
                    let mut n = 0.0;
                    for (mi, m) in self.db.monsters.iter().enumerate() {
                        if m.level != level {
                            continue;
                        }
                        let o = fc[w as usize][mi];
                        let net = self.net_fight(&s, mi as u16, o.cost);
                        let trick = m
                            .trick_cost()
                            .map(|b| self.stock_cost(&s, &b) + 2.0)
                            .unwrap_or(f64::INFINITY);
                        sum += net.min(trick);
                        n += 1.0;
                    }
                    lc[w as usize][level as usize - 1] = if n > 0.0 { sum / n } else { 0.0 };
                }
            }
            self.fight_cost[order] = fc;
            self.level_cost[order] = lc;
        }
    }

    fn order(s: &State) -> usize {
        (s.setup.difficulty == Difficulty::Hard) as usize
    }

    // ----- Values of resources -----------------------------------------------------------------

    /// Whether the weapon in hand has an attack that costs this effort category (or a higher one).
    fn weapon_uses(&self, s: &State, r: Res) -> bool {
        view::weapon(s, &self.db).is_some_and(|w| {
            w.attacks.iter().any(|a| match r {
                Res::Medium => a.cost.medium > 0 || a.cost.large > 0,
                _ => a.cost.large > 0,
            })
        })
    }

    /// What the i-th Medium Effort held is worth: attack money for the first few when the
    /// weapon spends it, otherwise (and beyond those) little more than a Small Effort.
    fn medium_at(&self, s: &State, i: u8) -> f64 {
        if self.weapon_uses(s, Res::Medium) && i < 3 {
            self.t.pm - 0.5
        } else {
            1.3
        }
    }

    fn large_at(&self, s: &State, i: u8) -> f64 {
        if i >= 2 {
            1.6
        } else if self.weapon_uses(s, Res::Large) {
            self.t.pl - 0.5
        } else if self.weapon_uses(s, Res::Medium) {
            2.0 * (self.t.pm - 0.5) - 0.5
        } else {
            1.6
        }
    }

    /// The marginal value of one more Medium Effort.
    pub fn medium_value(&self, s: &State) -> f64 {
        self.medium_at(s, s.stock.get(Res::Medium))
    }

    pub fn large_value(&self, s: &State) -> f64 {
        self.large_at(s, s.stock.get(Res::Large))
    }

    /// Effort held, as Small Effort.
    pub fn effort_term(&self, s: &State, small: u8, medium: u8, large: u8) -> f64 {
        small as f64
            + (0..medium).map(|i| self.medium_at(s, i)).sum::<f64>()
            + (0..large).map(|i| self.large_at(s, i)).sum::<f64>()
    }

    /// What paying a voluntary cost really costs: the resources the engine takes for it
    /// (higher effort covering lower), at their value. Infinite if it cannot be paid.
    pub fn pay_cost(&self, s: &State, cost: &Bundle) -> f64 {
        let c = view::effective_cost(s, cost);
        let Some(pay) = s.stock.plan_payment(&Bundle { time: 0, ..c }) else {
            return f64::INFINITY;
        };
        let st = &s.stock;
        let effort = self.effort_term(
            s,
            st.get(Res::Small),
            st.get(Res::Medium),
            st.get(Res::Large),
        ) - self.effort_term(
            s,
            st.get(Res::Small) - pay.small,
            st.get(Res::Medium) - pay.medium,
            st.get(Res::Large) - pay.large,
        );
        let v = self.plus_supplies(s, &pay, effort);
        v + c.time as f64 * self.unit_value(s, Res::Time)
    }

    /// The remaining Food requirements from this level on (levels, plus Hunger passives).
    fn food_needs(&self, s: &State) -> Vec<f64> {
        let mut out = Vec::new();
        let active_extra: u8 = view::passives(s, &self.db)
            .iter()
            .map(|p| match p {
                Passive::Hunger(n) => *n,
                _ => 0,
            })
            .sum();
        let next_extra: u8 = s
            .conditions
            .iter()
            .filter(|c| c.next_level)
            .filter_map(|c| self.db.condition(c.card))
            .flat_map(|c| c.passives.iter())
            .map(|p| match p {
                Passive::Hunger(n) => *n,
                _ => 0,
            })
            .sum();
        let done_this_level = matches!(s.step, Step::Advance | Step::Over);
        for l in s.level..=4 {
            if l == s.level && done_this_level {
                continue;
            }
            let mut need = l as f64;
            if l == s.level {
                need += active_extra as f64;
            } else if l == s.level + 1 {
                need += next_extra as f64;
            }
            out.push(need);
        }
        out
    }

    /// Hunger to come, as effort: food eaten gives 1 each, shortfalls cost 1, 2, 3 …
    pub fn food_term(&self, s: &State, food: f64) -> f64 {
        let needs = self.food_needs(s);
        let mut have = food;
        let mut v = 0.0;
        for (i, need) in needs.iter().enumerate() {
            if i > 0 {
                have += self.t.food_income;
            }
            let eat = have.min(*need);
            have -= eat;
            let short = need - eat;
            v += eat - short * (short + 1.0) / 2.0;
        }
        v + have * (0.3 + 3.0 * self.t.score)
    }

    pub fn food_value(&self, s: &State) -> f64 {
        let f = s.stock.get(Res::Food) as f64;
        self.food_term(s, f + 1.0) - self.food_term(s, f)
    }

    /// What upgrading the weapon is still worth, given the Wood and Metal in stock: the best
    /// reachable upgrade (one or two steps), weighed by the chance of finding what is missing.
    pub fn upgrade_term(&self, s: &State, wood: u8, metal: u8) -> f64 {
        let db = &self.db;
        let Some(w) = view::weapon(s, db) else {
            return 0.0;
        };
        if self.level_cost[Brain::order(s)].is_empty() {
            // While the tables are being built: a flat guess.
            return 2.0 * (wood + metal) as f64;
        }
        let cur = view::weapon_id(s);
        let mut best: f64 = 0.0;
        // Later levels count in full; this level's battle only in part, and only in the Travel
        // Phase: the upgrade helps it once it is crafted, which is what crafting then adds.
        let later: Vec<u8> = (s.level + 1..=4).collect();
        let this: Vec<u8> = if view::in_travel(s) {
            vec![s.level]
        } else {
            Vec::new()
        };
        let gain = |to: u16| {
            (self.future_cost(s, cur, &later) - self.future_cost(s, to, &later))
                + 0.0 * (self.future_cost(s, cur, &this) - self.future_cost(s, to, &this))
        };
        for u in &w.upgrades {
            let c1 = view::craft_cost(s, db, &u.cost);
            let gain1 = gain(u.to.idx);
            let miss1 = (c1.wood.saturating_sub(wood) + c1.metal.saturating_sub(metal)) as usize;
            let v1 = gain1 * self.t.miss[miss1.min(5)] - c1.time as f64 * self.t.tau;
            best = best.max(v1);
            if let Some(w2) = db.weapon(u.to.idx) {
                for u2 in &w2.upgrades {
                    let c2 = view::craft_cost(s, db, &u2.cost);
                    let gain2 = gain(u2.to.idx);
                    let miss2 = ((c1.wood + c2.wood).saturating_sub(wood)
                        + (c1.metal + c2.metal).saturating_sub(metal))
                        as usize;
                    let v2 =
                        gain2 * self.t.miss[miss2.min(5)] - (c1.time + c2.time) as f64 * self.t.tau;
                    best = best.max(v2);
                }
            }
        }
        best + 0.5 * (wood + metal) as f64
    }

    /// The levels whose monster is still to be faced (with the current one if its battle is
    /// not over).
    fn levels_ahead(&self, s: &State) -> Vec<u8> {
        let mut out = Vec::new();
        let current_pending = matches!(
            s.step,
            Step::Preparation | Step::Exploration | Step::Ambush | Step::Trickery | Step::Battle
        );
        if current_pending {
            out.push(s.level);
        }
        for l in s.level + 1..=4 {
            out.push(l);
        }
        out
    }

    /// Expected net cost of the given levels' monsters with weapon `w`.
    fn future_cost(&self, s: &State, w: u16, levels: &[u8]) -> f64 {
        let o = Brain::order(s);
        if self.level_cost[o].is_empty() {
            return 0.0;
        }
        levels
            .iter()
            .map(|l| self.level_cost[o][w as usize][*l as usize - 1])
            .sum()
    }

    /// The marginal value of one more of a resource (memoised for the last position seen on
    /// this thread: the same position is priced many times in a row).
    pub fn unit_value(&self, s: &State, r: Res) -> f64 {
        let key = self.units_key(s);
        let hit = UNITS.with(|u| {
            let u = u.borrow();
            (u.0 == key).then_some(u.1[r.idx()])
        });
        if let Some(v) = hit {
            return v;
        }
        let mut all = [0.0; 9];
        for x in Res::ALL {
            all[x.idx()] = self.unit_value_raw(s, x);
        }
        UNITS.with(|u| *u.borrow_mut() = (key, all));
        all[r.idx()]
    }

    fn units_key(&self, s: &State) -> u64 {
        let mut h: u64 = self as *const Brain as u64;
        let mut mix = |x: u64| {
            h = (h ^ x).wrapping_mul(0x100_0000_01b3).rotate_left(17);
        };
        for r in Res::ALL {
            mix(s.stock.get(r) as u64);
        }
        for w in &s.weapons {
            mix(*w as u64 + 1000);
        }
        for k in &s.skills {
            mix(*k as u64 + 2000);
        }
        for c in &s.conditions {
            mix(c.card as u64 * 2 + c.next_level as u64 + 3000);
        }
        mix(s.level as u64 + 4000);
        mix(s.step as u64 + 5000);
        mix(s.time_removed as u64 + 6000);
        mix(s.setup.difficulty as u64 + 7000);
        h
    }

    fn unit_value_raw(&self, s: &State, r: Res) -> f64 {
        match r {
            Res::Small => 1.0,
            Res::Medium => self.medium_value(s),
            Res::Large => self.large_value(s),
            Res::Cunning => self.t.cunning,
            Res::Food => self.food_value(s),
            Res::Wood => {
                let w = s.stock.get(Res::Wood);
                let m = s.stock.get(Res::Metal);
                self.upgrade_term(s, w.saturating_add(1), m) - self.upgrade_term(s, w, m)
            }
            Res::Metal => {
                let w = s.stock.get(Res::Wood);
                let m = s.stock.get(Res::Metal);
                self.upgrade_term(s, w, m.saturating_add(1)) - self.upgrade_term(s, w, m)
            }
            Res::Treasure => self.t.treasure,
            Res::Time => {
                if s.time_removed {
                    1.0
                } else {
                    self.t.tau
                }
            }
        }
    }

    /// What giving up a bundle from stock costs (marginal values; effort 1 each).
    pub fn stock_cost(&self, s: &State, b: &Bundle) -> f64 {
        b.entries()
            .map(|(r, n)| {
                let v = match r {
                    Res::Medium | Res::Large => self.unit_value(s, r).max(1.0),
                    _ => self.unit_value(s, r),
                };
                v * n as f64
            })
            .sum()
    }

    /// `acc` plus what the supplies (Cunning, Food, Wood, Metal, Treasure) in `b` are worth
    /// here, added one by one in tracker order.
    fn plus_supplies(&self, s: &State, b: &Bundle, mut acc: f64) -> f64 {
        for r in Res::SUPPLIES {
            acc += self.unit_value(s, r) * b.get(r) as f64;
        }
        acc
    }

    /// Price of an attack or action cost in battle: effort at its conversion price.
    pub fn battle_price(&self, s: &State, b: &Bundle) -> f64 {
        let c = view::effective_cost(s, b);
        let p = c.small as f64 + c.medium as f64 * self.t.pm + c.large as f64 * self.t.pl;
        let p = self.plus_supplies(s, &c, p);
        p + c.time as f64 * self.t.tau
    }

    /// Everything held, as effort.
    pub fn assets(&self, s: &State) -> f64 {
        let st = &s.stock;
        self.effort_term(
            s,
            st.get(Res::Small),
            st.get(Res::Medium),
            st.get(Res::Large),
        ) + st.get(Res::Cunning) as f64 * self.t.cunning
            + st.get(Res::Treasure) as f64 * self.t.treasure
            + self.food_term(s, st.get(Res::Food) as f64)
            + self.upgrade_term(s, st.get(Res::Wood), st.get(Res::Metal))
            + view::score(s, &self.db) as f64 * self.t.score
    }

    // ----- Conditions ----------------------------------------------------------------------------

    /// What holding condition `card` costs over `rounds` combat rounds (and, for a whole level,
    /// its travel effects).
    pub fn condition_cost(
        &self,
        s: &State,
        card: u16,
        rounds: f64,
        travel: f64,
        tokens: u8,
    ) -> f64 {
        let Some(c) = self.db.condition(card) else {
            return 0.0;
        };
        let mut v = 0.0;
        for p in &c.passives {
            v += match p {
                Passive::MonsterRoll(n) => 0.7 * *n as f64 * rounds,
                Passive::AttackPower { plus, .. } => -0.8 * *plus as f64 * rounds,
                Passive::WeakWounding { minus, .. } => 0.8 * *minus as f64 * rounds,
                Passive::Surcharge(b) => self.battle_price(s, b) * rounds * 0.8,
                Passive::ExploreCards(n) => -1.3 * *n as f64 * travel,
                Passive::NoRest => 1.0 * travel,
                Passive::Hunger(n) => 2.5 * *n as f64,
                Passive::NoAbilities => self.t.use_value * s.level.max(1) as f64,
                Passive::IgnoreDefend | Passive::IgnoreVerb(_) => -0.3 * rounds,
                Passive::CraftDiscount(_) => -0.5,
                Passive::WoundCap(_) => 0.0,
            };
        }
        for r in &c.responses {
            let t = tokens.max(1) as f64;
            for e in &r.effects {
                v += match (r.trigger, e) {
                    (Trigger::RoundEnd, Effect::Lose(b)) => {
                        let per = (b.small + b.medium + b.large) as f64;
                        per * t.min(rounds.max(1.0))
                    }
                    (Trigger::TurnStart, Effect::If { test, .. })
                        if *test == Test::RollAtMostTokens =>
                    {
                        (tokens as f64 / 6.0).min(1.0) * rounds * 2.0
                    }
                    (Trigger::BattleStart, Effect::MonsterGain { armor, health }) => {
                        1.5 * *armor as f64 + 1.2 * *health as f64
                    }
                    (Trigger::WoundLoss, Effect::ReduceLoss(n)) => {
                        -0.5 * *n as f64 * rounds * if c.permanent { 3.0 } else { 1.0 }
                    }
                    _ => 0.0,
                };
            }
        }
        v
    }

    /// Cost of gaining a condition now, by when it takes hold.
    pub fn gain_condition_cost(&self, s: &State, card: u16, when: When, tokens: u8) -> f64 {
        let in_battle = s.step == Step::Battle;
        match when {
            When::Now => {
                let rounds = if in_battle { 3.0 } else { 4.0 };
                let travel = if in_battle { 0.0 } else { 1.5 };
                self.condition_cost(s, card, rounds, travel, tokens)
            }
            When::Rounds(n) => self.condition_cost(s, card, (n as f64).min(3.0), 0.0, tokens),
            When::NextLevel => {
                if s.level >= LAST_LEVEL {
                    0.0
                } else {
                    self.condition_cost(s, card, 4.0, 3.0, tokens)
                }
            }
        }
    }

    /// What the conditions held now will still cost (those the battle model does not see).
    fn conditions_cost(&self, s: &State, battle_modelled: bool) -> f64 {
        let mut v = 0.0;
        let travel_left = if view::in_travel(s) {
            (s.time.max(0) as f64 / 2.5).min(3.0)
        } else {
            0.0
        };
        let battle_ahead = matches!(
            s.step,
            Step::Preparation | Step::Exploration | Step::Ambush | Step::Trickery
        );
        for h in &s.conditions {
            if h.next_level {
                if s.level < LAST_LEVEL {
                    v += self.condition_cost(s, h.card, 4.0, 3.0, h.tokens);
                }
            } else {
                let rounds = if battle_modelled {
                    0.0
                } else if battle_ahead {
                    h.rounds.map(|r| (r as f64).min(4.0)).unwrap_or(4.0)
                } else {
                    0.0
                };
                let mut c = self.condition_cost(s, h.card, rounds, travel_left, h.tokens);
                if battle_modelled {
                    // The battle model sees passives; keep the round-end losses it does not.
                    c = self.condition_cost(s, h.card, 0.0, 0.0, h.tokens);
                    if let Some(card) = self.db.condition(h.card) {
                        for r in &card.responses {
                            if r.trigger == Trigger::RoundEnd {
                                for e in &r.effects {
                                    if let Effect::Lose(b) = e {
                                        c += (b.small + b.medium + b.large) as f64
                                            * (h.tokens.max(1) as f64).min(3.0);
                                    }
                                }
                            }
                        }
                    }
                }
                if c.is_finite() {
                    v += c.max(-10.0);
                }
            }
        }
        v
    }

    // ----- Battles --------------------------------------------------------------------------------

    /// Whether a row gives a condition the player already holds (the row is rolled again).
    fn must_reroll(s: &State, effects: &[Effect]) -> bool {
        effects.iter().any(|e| match e {
            Effect::Condition { id, when, .. } => match when {
                When::NextLevel => s
                    .conditions
                    .iter()
                    .any(|c| c.card == id.idx && c.next_level),
                When::Now => s
                    .conditions
                    .iter()
                    .any(|c| c.card == id.idx && c.active() && c.rounds.is_none()),
                When::Rounds(_) => false,
            },
            _ => false,
        })
    }

    /// Loss of one effort list applied to the player (monster rows, ambushes): effort, monster
    /// healing, DEFEND.
    pub fn effects_out(&self, s: &State, list: &[Effect]) -> RowOut {
        let mut out = RowOut::default();
        for e in list {
            match e {
                Effect::Lose(b) => {
                    let effort = (b.small + b.medium + b.large) as f64;
                    let mut v = effort;
                    if b.time > 0 {
                        v += b.time as f64 * self.unit_value(s, Res::Time);
                    }
                    v = self.plus_supplies(s, b, v);
                    out.loss += v;
                }
                Effect::Reduce { lose, gain } => {
                    out.loss += self.stock_cost(s, lose) - self.stock_cost(s, gain);
                }
                Effect::Condition { id, when, tokens } => {
                    out.loss += self.gain_condition_cost(s, id.idx, *when, *tokens);
                }
                Effect::Tokens { id, n } => {
                    let held = s
                        .conditions
                        .iter()
                        .find(|c| c.card == id.idx && c.active())
                        .map(|c| c.tokens)
                        .unwrap_or(0);
                    out.loss += self.condition_cost(s, id.idx, 3.0, 0.0, held + n)
                        - self.condition_cost(s, id.idx, 3.0, 0.0, held);
                }
                Effect::Downgrade { turns } => {
                    out.loss += if *turns == 0 {
                        self.downgrade_cost(s)
                    } else {
                        1.6 * (*turns as f64).min(3.0)
                    };
                }
                Effect::Defend if !view::has_passive(s, &self.db, &Passive::IgnoreDefend) => {
                    out.defend = true;
                }
                Effect::MonsterHeal(n) => out.heal = out.heal.saturating_add(*n),
                Effect::MonsterGain { armor, health } => {
                    out.heal = out.heal.saturating_add(*health);
                    out.loss += 2.0 * *armor as f64;
                }
                Effect::SkipTurn => out.loss += 2.0,
                Effect::Gain(b) => out.loss -= self.stock_cost(s, b),
                _ => {}
            }
        }
        out
    }

    fn downgrade_cost(&self, s: &State) -> f64 {
        if s.weapons.len() < 2 {
            return 0.0;
        }
        let cur = view::weapon_id(s);
        let prev = s.weapons[s.weapons.len() - 2];
        let levels = self.levels_ahead(s);
        (self.future_cost(s, prev, &levels) - self.future_cost(s, cur, &levels)).max(0.0)
    }

    /// Turns of Focus / Inspiration needed before a cost with higher effort can be paid.
    pub fn conversions(s: &State, cost: &Bundle) -> u8 {
        let st = &s.stock;
        let (m, l) = (st.get(Res::Medium), st.get(Res::Large));
        let mut turns = 0;
        if cost.large > 0 && l < cost.large {
            let short = cost.large - l;
            let med_have = m;
            let need_m = short * 2 + cost.medium;
            turns += short + need_m.saturating_sub(med_have);
        } else if cost.medium > 0 {
            let spare_large = l.saturating_sub(cost.large);
            turns += cost.medium.saturating_sub(m + spare_large);
        }
        turns
    }

    /// The battle with the monster on the table, from the player's point of view now.
    /// The character's wounding-chosen responses that add power (Power Through, Spot the Weak
    /// Point) usable with a wounding attack of this cost: (their price with the ability use,
    /// the bonus). The battle model and the bot's choice of attack both read them here.
    pub fn wounding_boosts(&self, s: &State, attack_cost: &Bundle) -> Vec<(f64, i8)> {
        let db = &self.db;
        if s.uses == 0 || view::has_passive(s, db, &Passive::NoAbilities) {
            return Vec::new();
        }
        let Some(ch) = db.character(s.character) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for a in &ch.abilities {
            let Some(r) = &a.response else { continue };
            if r.trigger != Trigger::WoundingChosen || !view::can_pay(s, &r.cost.plus(attack_cost))
            {
                continue;
            }
            let bonus: i8 = r
                .effects
                .iter()
                .map(|e| match e {
                    Effect::AttackBonus(d) => *d,
                    _ => 0,
                })
                .sum();
            if bonus > 0 {
                out.push((self.battle_price(s, &r.cost) + self.use_cost(s), bonus));
            }
        }
        out
    }

    pub fn fight(&self, s: &State) -> Option<Fight> {
        let db = &self.db;
        let ms = s.monster.as_ref()?;
        let m = db.monster(ms.card)?;
        let mut opts = Vec::new();
        let amnesia = view::has_passive(s, db, &Passive::NoAbilities);
        if let Some(w) = view::weapon(s, db) {
            for at in &w.attacks {
                let cost = view::attack_cost(s, db, &at.cost);
                let price = self.battle_price(s, &cost);
                let power = view::attack_power(s, db, at.kind, at.power, 0);
                let (ab, wound) = match at.kind {
                    AttackKind::ArmorBreaking => (power, 0),
                    AttackKind::Wounding => (0, power),
                };
                let conv = Brain::conversions(s, &cost);
                opts.push(Opt {
                    price,
                    ab,
                    wound,
                    pierce: at.pierce,
                    weapon: true,
                    extra: false,
                    conv,
                });
                // Wounding-chosen responses that add power (Power Through, Spot the Weak Point).
                if at.kind == AttackKind::Wounding {
                    for (extra, bonus) in self.wounding_boosts(s, &cost) {
                        let p2 = view::attack_power(s, db, at.kind, at.power, bonus);
                        opts.push(Opt {
                            price: price + extra,
                            ab: 0,
                            wound: p2,
                            pierce: at.pierce,
                            weapon: true,
                            extra: false,
                            conv,
                        });
                    }
                }
            }
        }
        let mut add_action = |cost: &Bundle, effects: &[Effect], extra_price: f64| {
            if !view::can_pay(s, cost) {
                return;
            }
            let mut ab = 0;
            let mut wound = 0;
            let mut pierce = false;
            let mut extra = false;
            for e in effects {
                match e {
                    Effect::Wound { n, pierce: p } => {
                        wound += *n;
                        pierce |= *p;
                    }
                    Effect::BreakArmor(n) => ab += *n,
                    Effect::ExtraTurn => extra = true,
                    _ => {}
                }
            }
            if ab == 0 && wound == 0 {
                return;
            }
            opts.push(Opt {
                price: self.battle_price(s, cost) + extra_price,
                ab,
                wound,
                pierce,
                weapon: false,
                extra,
                conv: 0,
            });
        };
        for k in &s.skills {
            if let Some(card) = db.skill(*k) {
                for (j, a) in card.actions.iter().enumerate() {
                    if a.timing == Timing::Travel {
                        continue;
                    }
                    if a.limit != Limit::None
                        && s.spent_actions
                            .iter()
                            .any(|(c, i, _)| c == k && *i as usize == j)
                    {
                        continue;
                    }
                    add_action(&a.cost, &a.effects, 0.0);
                }
            }
        }
        if s.uses > 0 && !amnesia {
            if let Some(ch) = db.character(s.character) {
                for a in &ch.abilities {
                    if let Some(def) = &a.action {
                        if def.timing != Timing::Travel {
                            add_action(&def.cost, &def.effects, self.use_cost(s));
                        }
                    }
                }
            }
        }
        for a in &m.actions {
            if a.timing != Timing::Travel {
                add_action(&a.cost, &a.effects, 0.0);
            }
        }
        // The monster's table, as the final roll (modifiers, clamping) picks it.
        let modif = view::roll_modifier(s, db);
        let mut rows: Vec<RowOut> = Vec::new();
        let mut reroll_mass = 0.0;
        for roll in 1..=6i16 {
            let fin = (roll + modif as i16).clamp(1, 6) as usize;
            let row = &m.table[fin - 1];
            if view::verb_ignored(s, db, &row.verb) {
                rows.push(RowOut {
                    p: 1.0 / 6.0,
                    ..RowOut::default()
                });
                continue;
            }
            if Brain::must_reroll(s, &row.effects) {
                reroll_mass += 1.0 / 6.0;
                continue;
            }
            let list = if row.effects.iter().all(|e| view::effect_applicable(s, e)) {
                &row.effects
            } else {
                &row.alt
            };
            let mut out = self.effects_out(s, list);
            out.p = 1.0 / 6.0;
            rows.push(out);
        }
        if reroll_mass > 0.0 && reroll_mass < 0.999 {
            let keep = 1.0 - reroll_mass;
            for r in rows.iter_mut() {
                r.p /= keep;
            }
        }
        let turn_loss = rows.iter().map(|r| r.p * r.loss).sum::<f64>();
        for o in opts.iter_mut() {
            o.price += o.conv as f64 * (turn_loss + 0.5);
        }
        let cap = view::passives(s, db)
            .iter()
            .filter_map(|p| match p {
                Passive::WoundCap(n) => Some(*n),
                _ => None,
            })
            .min()
            .unwrap_or(u8::MAX);
        let heal_end: u8 = m
            .responses
            .iter()
            .filter(|r| r.trigger == Trigger::RoundEnd)
            .flat_map(|r| r.effects.iter())
            .map(|e| match e {
                Effect::MonsterHeal(n) => *n,
                _ => 0,
            })
            .sum();
        let mut skip = 0.0;
        for h in s.conditions.iter().filter(|c| c.active()) {
            if let Some(c) = db.condition(h.card) {
                for r in &c.responses {
                    if r.trigger == Trigger::TurnStart
                        && r.effects.iter().any(|e| {
                            matches!(
                                e,
                                Effect::If {
                                    test: Test::RollAtMostTokens,
                                    ..
                                }
                            )
                        })
                    {
                        skip += (h.tokens as f64 / 6.0).min(1.0);
                    }
                }
            }
        }
        Some(Fight {
            opts,
            rows,
            cap,
            heal_end,
            skip: skip.min(0.95),
            max_a: ms.max_armor.max(ms.armor),
            max_h: ms.max_health.max(ms.health),
            turn_loss,
        })
    }

    /// Expected cost of a whole battle against the monster on the table, from the Trickery Step
    /// (battle-start responses, then the first turn by difficulty).
    pub fn battle_from_start(&self, s: &State) -> Outlook {
        let Some(ms) = s.monster.as_ref() else {
            return Outlook::default();
        };
        let Some(m) = self.db.monster(ms.card) else {
            return Outlook::default();
        };
        let mut st = s.clone();
        let mut extra_cost = 0.0;
        let mut monster_turns = 0;
        for r in &m.responses {
            if r.trigger != Trigger::BattleStart || r.optional == Some(true) {
                continue;
            }
            for e in &r.effects {
                match e {
                    Effect::MonsterAttack { .. } => monster_turns += 1,
                    Effect::MonsterGain { armor, health } => {
                        if let Some(ms) = st.monster.as_mut() {
                            ms.armor = (ms.armor + armor).min(6);
                            ms.max_armor = (ms.max_armor + armor).min(6);
                            ms.health = (ms.health + health).min(20);
                            ms.max_health = (ms.max_health + health).min(20);
                        }
                    }
                    Effect::Condition { id, when, tokens } => {
                        st.conditions.push(crate::engine::state::HeldCondition::new(
                            id.idx, *when, *tokens,
                        ));
                    }
                    Effect::If { test, then, .. } => {
                        let pass = match test {
                            Test::BasicWeapon => {
                                view::weapon(&st, &self.db).is_some_and(|w| w.basic)
                            }
                            Test::AdvancedWeapon => {
                                view::weapon(&st, &self.db).is_some_and(|w| !w.basic)
                            }
                            _ => false,
                        };
                        if pass {
                            for e2 in then {
                                if let Effect::Downgrade { turns: 0 } = e2 {
                                    if st.weapons.len() > 1 {
                                        extra_cost += self.downgrade_cost(&st);
                                        st.weapons.pop();
                                    }
                                }
                                if let Effect::MonsterAttack { .. } = e2 {
                                    monster_turns += 1;
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        // Battle-start responses of conditions (the monster gains Health …).
        for h in s.conditions.iter().filter(|c| c.active()) {
            if let Some(c) = self.db.condition(h.card) {
                for r in &c.responses {
                    if r.trigger != Trigger::BattleStart {
                        continue;
                    }
                    for e in &r.effects {
                        if let Effect::MonsterGain { armor, health } = e {
                            if let Some(ms) = st.monster.as_mut() {
                                ms.armor = (ms.armor + armor).min(6);
                                ms.max_armor = (ms.max_armor + armor).min(6);
                                ms.health = (ms.health + health).min(20);
                                ms.max_health = (ms.max_health + health).min(20);
                            }
                        }
                    }
                }
            }
        }
        if st.setup.difficulty == Difficulty::Hard {
            monster_turns += 1;
        }
        let Some(f) = self.fight(&st) else {
            return Outlook::default();
        };
        let t = f.solve();
        let ms = st.monster.as_ref().expect("monster");
        let (a, h) = (ms.armor, ms.health);
        let (mut c, mut s2) = if monster_turns > 0 {
            f.monster(&t, a, h, false)
        } else {
            (t.cost(a, h, false), t.second(a, h, false))
        };
        for _ in 1..monster_turns {
            s2 += 2.0 * f.turn_loss * c + f.turn_loss * f.turn_loss;
            c += f.turn_loss;
        }
        c += extra_cost;
        Outlook {
            cost: c,
            sd: (s2 - c * c).max(0.0).sqrt(),
        }
    }

    /// The rewards of beating the monster on the table, as effort (skill included in I–III).
    pub fn reward_value(&self, s: &State, monster: u16) -> f64 {
        let Some(m) = self.db.monster(monster) else {
            return 0.0;
        };
        let mut v = m
            .reward
            .entries()
            .map(|(r, n)| self.unit_value(s, r).max(0.3) * n as f64)
            .sum::<f64>();
        if s.level < LAST_LEVEL {
            v += self.t.skill;
        }
        // Responses to a defeat (Butcher, Scavenger …) are gains too.
        for k in &s.skills {
            if let Some(c) = self.db.skill(*k) {
                for r in &c.responses {
                    if r.trigger == Trigger::MonsterDefeated {
                        for e in &r.effects {
                            if let Effect::Gain(b) = e {
                                v += self.stock_cost(s, b);
                            }
                        }
                    }
                }
            }
        }
        v
    }

    fn net_fight(&self, s: &State, monster: u16, cost: f64) -> f64 {
        cost - self.reward_value(s, monster)
    }

    /// Cost of tricking the monster on the table (None if it cannot be, or not affordable even
    /// with Plans).
    pub fn trick_cost(&self, s: &State, monster: u16, allow_plan: bool) -> Option<f64> {
        let m = self.db.monster(monster)?;
        let cost = m.trick_cost()?;
        if view::can_pay(s, &cost) {
            return Some(self.stock_cost(s, &cost));
        }
        if !allow_plan {
            return None;
        }
        // Missing Cunning can be planned for (Small Effort each) before confronting.
        let have = s.stock.get(Res::Cunning);
        let short = cost.cunning.saturating_sub(have);
        if short == 0 {
            return None;
        }
        let need_small = self.plan_cost() * short as u16;
        if (s.stock.get(Res::Small) as u16) < need_small {
            return None;
        }
        let mut st = s.clone();
        st.stock.0.small -= need_small as u8;
        st.stock.0.cunning += short;
        if !view::can_pay(&st, &cost) {
            return None;
        }
        let held = Bundle {
            cunning: have.min(cost.cunning),
            ..cost
        };
        Some(need_small as f64 + self.stock_cost(s, &held))
    }

    /// Small Effort one Plan costs (the general action that gains Cunning).
    pub fn plan_cost(&self) -> u16 {
        self.db
            .params
            .general_actions
            .iter()
            .find(|d| {
                d.effects
                    .iter()
                    .any(|e| matches!(e, Effect::Gain(b) if b.cunning > 0))
            })
            .map(|d| d.cost.small as u16)
            .unwrap_or(99)
    }

    /// Effort available to pay for a battle: every effort token, higher ones at their attack
    /// value when the weapon uses them.
    pub fn effort_available(&self, s: &State) -> f64 {
        let st = &s.stock;
        let effort = st.get(Res::Small) as f64
            + st.get(Res::Medium) as f64 * self.medium_value(s).max(1.0)
            + st.get(Res::Large) as f64 * self.large_value(s).max(1.0);
        if !matches!(s.step, Step::Battle | Step::Trickery | Step::Ambush) {
            return effort;
        }
        // Once the battle is on, the food for the Hunger Step after it is what it is (with the
        // monster's reward): its shortfall takes its share of the effort.
        let need = self.food_needs(s).first().copied().unwrap_or(0.0);
        let reward = s
            .monster
            .as_ref()
            .and_then(|m| self.db.monster(m.card))
            .map(|m| m.reward.food)
            .unwrap_or(0);
        let food = (st.get(Res::Food) + reward) as f64;
        let eat = food.min(need);
        let short = need - eat;
        effort + eat - short * (short + 1.0) / 2.0
    }

    /// Chance that a battle of this outlook costs more effort than is available.
    pub fn death_chance(&self, available: f64, o: &Outlook) -> f64 {
        if o.cost >= UNWINNABLE * 0.9 {
            return 1.0;
        }
        let sd = o.sd.max(1.5) * 1.1;
        1.0 - phi((available - o.cost + 0.5) / sd)
    }

    /// The expected remaining cost of the current level's monster, the chance it kills, and
    /// whether the model saw conditions' passives in it.
    fn current_threat(&self, s: &State, cache: &mut Cache) -> (f64, f64, bool) {
        let avail = self.effort_available(s);
        match s.step {
            Step::Battle | Step::Ambush => {
                let Some(ms) = &s.monster else {
                    return (0.0, 0.0, false);
                };
                let o = cache.battle_now(self, s);
                let ms_card = ms.card;
                let net = o.cost - self.reward_value(s, ms_card);
                (net, self.death_chance(avail, &o), true)
            }
            Step::Trickery => {
                let Some(ms) = &s.monster else {
                    return (0.0, 0.0, false);
                };
                let o = cache.battle_start(self, s);
                let fight = o.cost - self.reward_value(s, ms.card);
                let pd = self.death_chance(avail, &o);
                let fight_total = fight + pd * self.t.death;
                match self.trick_cost(s, ms.card, false) {
                    Some(t) if t < fight_total => (t, 0.0, true),
                    _ => (fight, pd, true),
                }
            }
            Step::Preparation | Step::Exploration => {
                // The weapon the battle will be fought with: the one in hand, or an upgrade that
                // can be crafted now (its Time counted; a little of its gain left to crafting).
                let (t0, p0) = self.travel_threat(s, cache);
                let mut best = (t0, p0);
                let mut best_total = t0 + p0 * self.t.death;
                for st in self.craftable(s) {
                    let spent = (s.time - st.time).max(0) as f64 * self.t.tau;
                    let (t1, p1) = self.travel_threat(&st, cache);
                    if std::env::var_os("UNBROKEN_MODEL_DEBUG").is_some() {
                        eprintln!("        craft {:?} time {} -> threat {:.2} pd {:.2} spent {:.1} (base {:.2} {:.2})", st.weapons, st.time, t1, p1, spent, t0, p0);
                    }
                    let total = t1 + p1 * self.t.death + spent;
                    if total < best_total {
                        let keep = (0.1 * (t0 + p0 * self.t.death - total)).clamp(0.0, 0.5);
                        best = (t1 + spent + keep, p1);
                        best_total = total;
                    }
                }
                (best.0, best.1, s.monster.is_some())
            }
            _ => (0.0, 0.0, false),
        }
    }

    /// Positions reachable now by crafting (one or two upgrades the stock can pay for).
    fn craftable(&self, s: &State) -> Vec<State> {
        let mut out = Vec::new();
        let db = &self.db;
        let step = |s: &State| -> Vec<State> {
            let mut v = Vec::new();
            if let Some(w) = view::weapon(s, db) {
                for u in &w.upgrades {
                    let c = view::craft_cost(s, db, &u.cost);
                    if let Some(pay) = s.stock.plan_payment(&Bundle { time: 0, ..c }) {
                        let mut st = s.clone();
                        st.stock.take(&pay);
                        st.time -= c.time as i8;
                        st.weapons.push(u.to.idx);
                        v.push(st);
                    }
                }
            }
            v
        };
        for st in step(s) {
            out.extend(step(&st));
            out.push(st);
        }
        out
    }

    /// This level's monster seen from the Travel Phase, with the weapon in hand: expected net
    /// cost (or trick) and the chance the battle kills.
    fn travel_threat(&self, s: &State, cache: &mut Cache) -> (f64, f64) {
        let db = &self.db;
        let avail = self.effort_available(s);
        let income = s.time.max(0) as f64 * self.t.income;
        if let Some(ms) = &s.monster {
            // The stock at the battle is not known yet: price it with a plain one that keeps
            // the higher effort and the resources card actions use.
            let mut st = s.clone();
            let keep = |r: Res| s.stock.get(r).min(2);
            st.stock = crate::engine::res::Stock(Bundle {
                medium: keep(Res::Medium),
                large: keep(Res::Large),
                cunning: keep(Res::Cunning),
                wood: keep(Res::Wood),
                metal: keep(Res::Metal),
                ..plain_stock()
            });
            let o = cache.battle_start(self, &st);
            let fight = o.cost - self.reward_value(s, ms.card);
            let pd = self.death_chance(avail + income, &o);
            let fight_total = fight + pd * self.t.death;
            let v = match self.trick_cost(s, ms.card, true) {
                Some(t) if t < fight_total => (t, 0.0),
                _ => (fight, pd),
            };
            return (v.0 - self.t.info, v.1);
        }
        // Unknown: the average over the level's monsters still possible.
        let o = Brain::order(s);
        let w = view::weapon_id(s) as usize;
        let mut sum = 0.0;
        let mut pd_sum = 0.0;
        let mut n = 0.0;
        for (mi, m) in db.monsters.iter().enumerate() {
            if m.level != s.level || s.monsters_faced.contains(&(mi as u16)) {
                continue;
            }
            let oc = self.fight_cost[o][w][mi];
            let fight = oc.cost - self.reward_value(s, mi as u16);
            let pd = self.death_chance(avail + income, &oc);
            let fight_total = fight + pd * self.t.death;
            let trick = m
                .trick_cost()
                .filter(|b| view::can_pay(s, b))
                .map(|b| self.stock_cost(s, &b));
            match trick {
                Some(t) if t < fight_total => sum += t,
                _ => {
                    sum += fight;
                    pd_sum += pd;
                }
            }
            n += 1.0;
        }
        if n == 0.0 {
            return (0.0, 0.0);
        }
        (sum / n, pd_sum / n)
    }

    /// Whether the character has abilities to use in battle.
    fn battle_abilities(&self, s: &State) -> bool {
        self.db.character(s.character).is_some_and(|c| {
            c.abilities.iter().any(|a| {
                a.action
                    .as_ref()
                    .is_some_and(|d| d.timing != Timing::Travel)
                    || a.response.as_ref().is_some_and(|r| {
                        matches!(
                            r.trigger,
                            Trigger::MonsterRoll
                                | Trigger::WoundLoss
                                | Trigger::WoundingChosen
                                | Trigger::TurnStart
                        )
                    })
            })
        })
    }

    /// What `uses` ability uses left are worth now: in the Travel Phase the ones the battle will
    /// want are kept at a price; in battle each is worth a little; after it, nothing.
    pub fn uses_value(&self, s: &State, uses: u8) -> f64 {
        match s.step {
            Step::Battle => uses as f64 * self.t.use_value,
            Step::Preparation | Step::Exploration | Step::Trickery | Step::Ambush => {
                let reserve = if self.battle_abilities(s) {
                    s.level.min(2)
                } else {
                    0
                };
                let kept = uses.min(reserve) as f64;
                kept * self.t.battle_use + (uses as f64 - kept) * 0.3
            }
            _ => 0.0,
        }
    }

    /// What spending one ability use costs now.
    pub fn use_cost(&self, s: &State) -> f64 {
        if s.uses == 0 {
            return 0.0;
        }
        self.uses_value(s, s.uses) - self.uses_value(s, s.uses - 1)
    }

    /// The value of a position, in Small Effort: what is held, what Time will bring, minus what
    /// the monsters still to come will cost, and a price on dying.
    pub fn value(&self, s: &State, cache: &mut Cache) -> f64 {
        match &s.pending {
            Pending::Over(crate::engine::Outcome::Victory { score, .. }) => {
                return 60.0 + *score as f64 * self.t.score;
            }
            Pending::Over(_) => return -self.t.death - 20.0,
            _ => {}
        }
        let mut v = self.assets(s);
        // Time: in the Travel Phase it buys encounters; after the reset it is next level's.
        if !s.time_removed {
            v += s.time.max(0) as f64 * self.t.tau;
        }
        let marks = &self.db.params.time_per_level;
        let in_travel = matches!(s.step, Step::Preparation | Step::Exploration);
        let o = Brain::order(s);
        let w = view::weapon_id(s) as usize;
        for l in s.level + 1..=4 {
            if l > s.level + 1 || in_travel {
                v += marks[l as usize - 1] as f64 * self.t.tau;
            }
            v -= self.level_cost[o][w][l as usize - 1];
        }
        let (threat, pd, modelled) = self.current_threat(s, cache);
        v -= threat;
        v -= pd * self.t.death;
        v -= self.conditions_cost(s, modelled);
        // Ability uses left this level.
        if !view::has_passive(s, &self.db, &Passive::NoAbilities) {
            v += self.uses_value(s, s.uses);
        }
        // Skills' lasting value is in the battles they make cheaper; held ones are counted by
        // the battle model for the current monster and roughly here for the rest.
        v += s.skills.len() as f64 * 0.5 * (4 - s.level.min(4)) as f64;
        v
    }
}

/// Battle outlooks and solved battles, shared by the decisions of one game.
#[derive(Default)]
pub struct Cache {
    map: HashMap<u64, Outlook>,
    tables: HashMap<u64, Arc<(Fight, Table)>>,
}

impl Cache {
    fn key(s: &State, start: bool, trackers: bool) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        start.hash(&mut h);
        if let Some(m) = &s.monster {
            (m.card, m.max_armor, m.max_health).hash(&mut h);
            if trackers {
                (m.armor, m.health, m.defending).hash(&mut h);
            }
        }
        s.weapons.hash(&mut h);
        s.skills.hash(&mut h);
        s.spent_actions.hash(&mut h);
        for c in &s.conditions {
            (c.card, c.tokens, c.rounds, c.next_level).hash(&mut h);
        }
        // Stock matters to the battle model only through what can be paid and what a row takes.
        let st = &s.stock;
        for r in [
            Res::Medium,
            Res::Large,
            Res::Cunning,
            Res::Food,
            Res::Wood,
            Res::Metal,
        ] {
            (st.get(r) > 0).hash(&mut h);
        }
        (s.uses.min(1), s.level, s.time_removed, s.setup.difficulty).hash(&mut h);
        h.finish()
    }

    pub fn battle_start(&mut self, b: &Brain, s: &State) -> Outlook {
        let k = Cache::key(s, true, true);
        if let Some(o) = self.map.get(&k) {
            return *o;
        }
        let o = b.battle_from_start(s);
        self.map.insert(k, o);
        o
    }

    /// The solved battle for the position (the trackers do not matter: every one is solved).
    pub fn table(&mut self, b: &Brain, s: &State) -> Option<Arc<(Fight, Table)>> {
        let k = Cache::key(s, false, false);
        if let Some(t) = self.tables.get(&k) {
            return Some(t.clone());
        }
        let f = b.fight(s)?;
        let t = f.solve();
        let v = Arc::new((f, t));
        self.tables.insert(k, v.clone());
        Some(v)
    }

    pub fn battle_now(&mut self, b: &Brain, s: &State) -> Outlook {
        let (Some(ft), Some(ms)) = (self.table(b, s), &s.monster) else {
            return Outlook::default();
        };
        let t = &ft.1;
        let c = t.cost(ms.armor, ms.health, ms.defending);
        let s2 = t.second(ms.armor, ms.health, ms.defending);
        Outlook {
            cost: c,
            sd: (s2 - c * c).max(0.0).sqrt(),
        }
    }

    pub fn clear(&mut self) {
        if self.map.len() > 4096 {
            self.map.clear();
        }
        if self.tables.len() > 256 {
            self.tables.clear();
        }
    }
}

impl Brain {
    /// The model's battle prices as plain text: expected cost (± spread) of each monster with
    /// each weapon, plain stock, player first; and each level's expected net cost.
    pub fn model_text(&self) -> String {
        let mut out = String::new();
        let db = &self.db;
        out.push_str(&format!("{:<18}", "monster"));
        for w in &db.weapons {
            out.push_str(&format!("{:>12}", w.id));
        }
        out.push('\n');
        for (mi, m) in db.monsters.iter().enumerate() {
            out.push_str(&format!("{:<18}", format!("L{} {}", m.level, m.id)));
            for w in 0..db.weapons.len() {
                let o = self.fight_cost[0][w][mi];
                out.push_str(&format!("{:>12}", format!("{:.1}±{:.1}", o.cost, o.sd)));
            }
            out.push('\n');
        }
        for order in 0..2 {
            out.push_str(if order == 0 {
                "net cost by level, player first\n"
            } else {
                "net cost by level, monster first\n"
            });
            for (w, lc) in self.level_cost[order].iter().enumerate() {
                out.push_str(&format!(
                    "{:<12}{:>8.1}{:>8.1}{:>8.1}{:>8.1}\n",
                    db.weapons[w].id, lc[0], lc[1], lc[2], lc[3]
                ));
            }
        }
        out
    }
}

impl Brain {
    /// The value's parts, for debugging the bot.
    pub fn explain(&self, s: &State, cache: &mut Cache) -> String {
        let (threat, pd, _) = self.current_threat(s, cache);
        format!(
            "assets {:.1} (food {:.1} upg {:.1}) time {} threat {:.1} pdie {:.2} cond {:.1} total {:.1}",
            self.assets(s),
            self.food_term(s, s.stock.get(Res::Food) as f64),
            self.upgrade_term(s, s.stock.get(Res::Wood), s.stock.get(Res::Metal)),
            s.time,
            threat,
            pd,
            self.conditions_cost(s, false),
            self.value(s, cache)
        )
    }
}
