//! Valuations: what each resource, the food to come and a reachable weapon upgrade are worth to
//! the player now, in Small Effort.

use super::brain::Brain;
use crate::engine::cards::Passive;
use crate::engine::res::{Bundle, Res};
use crate::engine::{derived, State, Step};

thread_local! {
    /// The unit values of the last position priced on this thread (NaN: not priced yet).
    static UNITS: std::cell::RefCell<(u64, [f64; 9])> = const { std::cell::RefCell::new((0, [f64::NAN; 9])) };
}

thread_local! {
    /// The weapon path the bot deciding on this thread has committed to (a `rush` policy; empty:
    /// none). A committed player values Wood and Metal only for the upgrades on its path.
    static COMMITTED: std::cell::RefCell<Vec<u16>> = const { std::cell::RefCell::new(Vec::new()) };
}

thread_local! {
    /// The levels at which the bot deciding on this thread may never be ambushed (a `noamb`
    /// policy; bit `l` for level `l`).
    static NEVER_AMBUSHED: std::cell::Cell<u8> = const { std::cell::Cell::new(0) };
}

/// Sets the levels at which the bot deciding on this thread may never be ambushed.
pub(in crate::sim::smart) fn set_never_ambushed(mask: u8) {
    NEVER_AMBUSHED.with(|c| c.set(mask));
}

/// Whether the bot deciding on this thread may never be ambushed at `level`.
pub(in crate::sim::smart) fn never_ambushed(level: u8) -> bool {
    NEVER_AMBUSHED.with(|c| c.get() & (1u8 << level.min(7)) != 0)
}

/// The Food a player still has to eat, level by level from the current one (at most the four
/// levels of a game; room for five should a level 0 ever be asked).
#[derive(Clone, Copy, Default)]
pub(in crate::sim::smart) struct FoodNeeds {
    len: usize,
    needs: [f64; 5],
}

impl FoodNeeds {
    fn push(&mut self, need: f64) {
        if let Some(slot) = self.needs.get_mut(self.len) {
            *slot = need;
            self.len += 1;
        }
    }

    pub(in crate::sim::smart) fn as_slice(&self) -> &[f64] {
        &self.needs[..self.len]
    }
}

/// Sets the weapon path the bot deciding on this thread is committed to (empty: none).
pub(in crate::sim::smart) fn set_committed(path: &[u16]) {
    COMMITTED.with(|c| {
        let mut c = c.borrow_mut();
        if c.as_slice() != path {
            *c = path.to_vec();
        }
    });
}

/// The weapon path the bot deciding on this thread is committed to (empty: none).
pub(in crate::sim::smart) fn committed() -> Vec<u16> {
    COMMITTED.with(|c| c.borrow().clone())
}

/// Whether the bot deciding on this thread may craft towards weapon `to`.
pub(in crate::sim::smart) fn may_craft(to: u16) -> bool {
    COMMITTED.with(|c| {
        let c = c.borrow();
        c.is_empty() || c.contains(&to)
    })
}

impl Brain {
    /// What one Medium and one Large Effort held are worth with the weapon in hand (attack money,
    /// see `brain::token_worth`).
    fn tokens(&self, s: &State) -> [f64; 2] {
        self.token_worth
            .get(derived::weapon_id(s) as usize)
            .copied()
            .unwrap_or([1.0, 1.0])
    }

    /// What the i-th Medium Effort held is worth: attack money for the first few, as far as the
    /// weapon in hand saves with it; beyond those, little more than a Small Effort.
    fn medium_at(&self, s: &State, i: u8) -> f64 {
        if i < 3 {
            (self.tokens(s)[0] - 0.5).max(1.3)
        } else {
            1.3
        }
    }

    fn large_at(&self, s: &State, i: u8) -> f64 {
        if i < 2 {
            (self.tokens(s)[1] - 0.5).max(1.6)
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
        let c = derived::effective_cost(s, cost);
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

    /// The remaining Food requirements from this level on (levels, plus Hunger passives), in a
    /// fixed list (no allocation: this runs for every valuation of a sampled future).
    pub(in crate::sim::smart) fn food_needs(&self, s: &State) -> FoodNeeds {
        let mut out = FoodNeeds::default();
        let active_extra = derived::hunger_extra(s, &self.db);
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
        self.food_term_with(&self.food_needs(s), food)
    }

    /// [`Brain::food_term`] with the position's food needs already worked out.
    fn food_term_with(&self, needs: &FoodNeeds, food: f64) -> f64 {
        let mut have = food;
        let mut v = 0.0;
        for (i, need) in needs.as_slice().iter().enumerate() {
            if i > 0 {
                have += self.t.food_income;
            }
            let eat = have.min(*need);
            have -= eat;
            let short = need - eat;
            v += eat - short * (short + 1.0) / 2.0;
        }
        v + have * (0.3 + 3.0 * self.t.score_weight)
    }

    /// What one more Food is worth (the needs worked out once for both terms).
    pub fn food_value(&self, s: &State) -> f64 {
        let f = s.stock.get(Res::Food) as f64;
        let needs = self.food_needs(s);
        self.food_term_with(&needs, f + 1.0) - self.food_term_with(&needs, f)
    }

    /// What upgrading the weapon is still worth, given the Wood and Metal in stock: the best
    /// reachable upgrade (one or two steps), weighed by the chance of finding what is missing.
    pub fn upgrade_term(&self, s: &State, wood: u8, metal: u8) -> f64 {
        let db = &self.db;
        let Some(w) = derived::weapon(s, db) else {
            return 0.0;
        };
        if self.level_cost[Brain::order(s)].is_empty() {
            // While the tables are being built: a flat guess.
            return 2.0 * (wood + metal) as f64;
        }
        let cur = derived::weapon_id(s);
        let mut best: f64 = 0.0;
        // Later levels count in full; this level's battle only in part, and only in the Travel
        // Phase: the upgrade helps it once it is crafted, which is what crafting then adds.
        const LEVELS: [u8; 4] = [1, 2, 3, 4];
        let later: &[u8] = LEVELS.get(s.level as usize..).unwrap_or(&[]);
        let this: &[u8] = if derived::in_travel(s) {
            std::slice::from_ref(&s.level)
        } else {
            &[]
        };
        let gain = |to: u16| {
            (self.future_cost(s, cur, later) - self.future_cost(s, to, later))
                + 0.0 * (self.future_cost(s, cur, this) - self.future_cost(s, to, this))
        };
        for u in w.upgrades.iter().filter(|u| may_craft(u.to.idx)) {
            let c1 = derived::craft_cost(s, db, &u.cost);
            let gain1 = gain(u.to.idx);
            let miss1 = (c1.wood.saturating_sub(wood) + c1.metal.saturating_sub(metal)) as usize;
            let v1 = gain1 * self.t.upgrade_odds[miss1.min(5)] - c1.time as f64 * self.t.time_value;
            best = best.max(v1);
            if let Some(w2) = db.weapon(u.to.idx) {
                for u2 in w2.upgrades.iter().filter(|u| may_craft(u.to.idx)) {
                    let c2 = derived::craft_cost(s, db, &u2.cost);
                    let gain2 = gain(u2.to.idx);
                    let miss2 = ((c1.wood + c2.wood).saturating_sub(wood)
                        + (c1.metal + c2.metal).saturating_sub(metal))
                        as usize;
                    let v2 = gain2 * self.t.upgrade_odds[miss2.min(5)]
                        - (c1.time + c2.time) as f64 * self.t.time_value;
                    best = best.max(v2);
                }
            }
        }
        best + 0.5 * (wood + metal) as f64
    }

    /// The levels whose monster is still to be faced (with the current one if its battle is
    /// not over).
    pub(in crate::sim::smart) fn levels_ahead(&self, s: &State) -> Vec<u8> {
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
    pub(in crate::sim::smart) fn future_cost(&self, s: &State, w: u16, levels: &[u8]) -> f64 {
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
        self.unit_value_with(s, r, &mut None)
    }

    /// [`Brain::unit_value`] for callers pricing several resources of one position: `key`
    /// holds the position's memo key once worked out, so it is hashed at most once, and only
    /// if a priced resource is asked for.
    pub(in crate::sim::smart) fn unit_value_with(
        &self,
        s: &State,
        r: Res,
        key: &mut Option<u64>,
    ) -> f64 {
        match self.unit_value_fixed(s, r) {
            Some(v) => v,
            None => {
                let k = *key.get_or_insert_with(|| self.units_key(s));
                self.unit_value_keyed(s, r, k)
            }
        }
    }

    /// The unit values that need no pricing (a tuning constant, or Time's two cases): read
    /// without hashing the position for the memo.
    fn unit_value_fixed(&self, s: &State, r: Res) -> Option<f64> {
        match r {
            Res::Small | Res::Cunning | Res::Treasure | Res::Time => {
                Some(self.unit_value_raw(s, r))
            }
            _ => None,
        }
    }

    /// [`Brain::unit_value`] with the position's memo key already worked out.
    fn unit_value_keyed(&self, s: &State, r: Res, key: u64) -> f64 {
        let hit = UNITS.with(|u| {
            let u = u.borrow();
            let v = u.1[r.idx()];
            (u.0 == key && !v.is_nan()).then_some(v)
        });
        if let Some(v) = hit {
            return v;
        }
        // Only the resource asked for is priced: a position is often asked for one or two.
        let v = self.unit_value_raw(s, r);
        UNITS.with(|u| {
            let mut u = u.borrow_mut();
            if u.0 != key {
                *u = (key, [f64::NAN; 9]);
            }
            u.1[r.idx()] = v;
        });
        v
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
        COMMITTED.with(|c| {
            for w in c.borrow().iter() {
                mix(*w as u64 + 8000);
            }
        });
        h
    }

    fn unit_value_raw(&self, s: &State, r: Res) -> f64 {
        match r {
            Res::Small => 1.0,
            Res::Medium => self.medium_value(s),
            Res::Large => self.large_value(s),
            Res::Cunning => self.t.cunning_value,
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
            Res::Treasure => self.t.treasure_value,
            Res::Time => {
                if s.time_removed {
                    1.0
                } else {
                    self.t.time_value
                }
            }
        }
    }

    /// What giving up a bundle from stock costs (marginal values; effort 1 each).
    pub fn stock_cost(&self, s: &State, b: &Bundle) -> f64 {
        self.stock_cost_with(s, b, &mut None)
    }

    /// [`Brain::stock_cost`] sharing the position's memo key with other pricings of it (see
    /// [`Brain::unit_value_with`]).
    pub(in crate::sim::smart) fn stock_cost_with(
        &self,
        s: &State,
        b: &Bundle,
        key: &mut Option<u64>,
    ) -> f64 {
        b.entries()
            .map(|(r, n)| {
                let u = self.unit_value_with(s, r, key);
                let v = match r {
                    Res::Medium | Res::Large => u.max(1.0),
                    _ => u,
                };
                v * n as f64
            })
            .sum()
    }

    /// `acc` plus what the supplies (Cunning, Food, Wood, Metal, Treasure) in `b` are worth
    /// here, added one by one in tracker order.
    ///
    /// The position is hashed for the memo once, and only if a priced supply is asked for.
    pub(in crate::sim::smart) fn plus_supplies(&self, s: &State, b: &Bundle, mut acc: f64) -> f64 {
        let mut key = None;
        for r in Res::SUPPLIES {
            let n = b.get(r);
            // None of it: the term is ±0, which leaves any non-zero sum as it is.
            if n == 0 && acc != 0.0 {
                continue;
            }
            acc += self.unit_value_with(s, r, &mut key) * n as f64;
        }
        acc
    }

    /// Price of an attack or action cost in battle: effort at its conversion price.
    pub fn battle_price(&self, s: &State, b: &Bundle) -> f64 {
        let c = derived::effective_cost(s, b);
        let p = c.small as f64
            + c.medium as f64 * self.t.medium_price
            + c.large as f64 * self.t.large_price;
        let p = self.plus_supplies(s, &c, p);
        p + c.time as f64 * self.t.time_value
    }

    /// Everything held, as effort.
    pub fn assets(&self, s: &State) -> f64 {
        let st = &s.stock;
        self.effort_term(
            s,
            st.get(Res::Small),
            st.get(Res::Medium),
            st.get(Res::Large),
        ) + st.get(Res::Cunning) as f64 * self.t.cunning_value
            + st.get(Res::Treasure) as f64 * self.t.treasure_value
            + self.food_term(s, st.get(Res::Food) as f64)
            + self.upgrade_term(s, st.get(Res::Wood), st.get(Res::Metal))
            + derived::score(s, &self.db) as f64 * self.t.score_weight
    }
}
