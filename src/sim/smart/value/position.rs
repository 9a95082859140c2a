//! The value of a whole position, in Small Effort: what is held, what Time will bring, the
//! monsters still to come, the current level's threat and the chance of dying.

use super::super::solve::table::{phi, Outlook, UNWINNABLE};
use super::brain::{plain_stock, Brain};
use super::game_cache::Cache;
use super::resources::may_craft;
use crate::engine::cards::{Timing, Trigger};
use crate::engine::res::{Bundle, Res};
use crate::engine::whatif::WhatIf;
use crate::engine::{derived, Pending, State, Step};

impl Brain {
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
        let need = self
            .food_needs(s)
            .as_slice()
            .first()
            .copied()
            .unwrap_or(0.0);
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
    pub(in crate::sim::smart) fn current_threat(
        &self,
        s: &State,
        cache: &mut Cache,
    ) -> (f64, f64, bool) {
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
                let fight_total = fight + pd * self.t.death_price;
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
                let mut best_total = t0 + p0 * self.t.death_price;
                for st in self.craftable(s) {
                    let spent = (s.time - st.time).max(0) as f64 * self.t.time_value;
                    let (t1, p1) = self.travel_threat(&st, cache);
                    if cfg!(not(target_arch = "wasm32"))
                        && std::env::var_os("UNBROKEN_MODEL_DEBUG").is_some()
                    {
                        eprintln!("        craft {:?} time {} -> threat {:.2} pd {:.2} spent {:.1} (base {:.2} {:.2})", st.weapons, st.time, t1, p1, spent, t0, p0);
                    }
                    let total = t1 + p1 * self.t.death_price + spent;
                    if total < best_total {
                        let keep = (0.1 * (t0 + p0 * self.t.death_price - total)).clamp(0.0, 0.5);
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
    fn craftable(&self, s: &State) -> Vec<WhatIf> {
        let mut out = Vec::new();
        let db = &self.db;
        let step = |s: &State| -> Vec<WhatIf> {
            let mut v = Vec::new();
            if let Some(w) = derived::weapon(s, db) {
                for u in w.upgrades.iter().filter(|u| may_craft(u.to.idx)) {
                    let c = derived::craft_cost(s, db, &u.cost);
                    if let Some(pay) = s.stock.plan_payment(&Bundle { time: 0, ..c }) {
                        let mut st = WhatIf::of(s);
                        if st.pay(&pay).is_ok() && st.add_weapon(db, u.to.idx).is_ok() {
                            st.spend_time(c.time);
                            v.push(st);
                        }
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
        let income = s.time.max(0) as f64 * self.t.time_income;
        if let Some(ms) = &s.monster {
            let o = cache.battle_start_with(self, s, &travel_stock(s));
            let fight = o.cost - self.reward_value(s, ms.card);
            let pd = self.death_chance(avail + income, &o);
            let fight_total = fight + pd * self.t.death_price;
            let v = match self.trick_cost(s, ms.card, true) {
                Some(t) if t < fight_total => (t, 0.0),
                _ => (fight, pd),
            };
            return (v.0 - self.t.knowing_monster, v.1);
        }
        // Unknown: the average over the level's monsters still possible.
        let o = Brain::order(s);
        let w = derived::weapon_id(s) as usize;
        let mut sum = 0.0;
        let mut pd_sum = 0.0;
        let mut n = 0.0;
        // The same position priced for every monster: its memo key worked out once.
        let mut key = None;
        for (mi, m) in db.monsters.iter().enumerate() {
            if m.level != s.level || s.monsters_faced.contains(&(mi as u16)) {
                continue;
            }
            let oc = self.fight_cost[o][w][mi];
            let fight = oc.cost - self.reward_value_with(s, mi as u16, &mut key);
            let pd = self.death_chance(avail + income, &oc);
            let fight_total = fight + pd * self.t.death_price;
            let trick = m
                .trick_cost()
                .filter(|b| derived::can_pay(s, b))
                .map(|b| self.stock_cost_with(s, &b, &mut key));
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

    /// Whether the character has abilities answering the monster's rolls and losses (I've Seen
    /// Worse, Dodge, Just a Scratch): the battle table does not count them, so a use kept for
    /// them is priced here.
    fn roll_abilities(&self, s: &State) -> bool {
        self.db.character(s.character).is_some_and(|c| {
            c.abilities.iter().any(|a| {
                a.response.as_ref().is_some_and(|r| {
                    matches!(
                        r.trigger,
                        Trigger::MonsterRoll | Trigger::WoundLoss | Trigger::TurnStart
                    )
                })
            })
        })
    }

    /// Whether the character has abilities the battle table plays (combat actions, power added
    /// to a wounding attack): what a use is worth to them is the table's own difference.
    fn table_abilities(&self, s: &State) -> bool {
        self.db.character(s.character).is_some_and(|c| {
            c.abilities.iter().any(|a| {
                a.action
                    .as_ref()
                    .is_some_and(|d| d.timing != Timing::Travel)
                    || a.response
                        .as_ref()
                        .is_some_and(|r| r.trigger == Trigger::WoundingChosen)
            })
        })
    }

    /// What `uses` ability uses left are worth now, beyond what the battle table counts (see
    /// `Brain::unseen_battle_uses`): the ones the roll responses will want are kept at a
    /// price in the Travel Phase and are worth a little each in battle; the others little;
    /// after the battle, nothing (they are refilled, p. 16).
    pub fn uses_value(&self, s: &State, uses: u8) -> f64 {
        let rolls = self.roll_abilities(s);
        match s.step {
            Step::Battle if rolls => uses as f64 * self.t.ability_use,
            Step::Battle => 0.0,
            Step::Preparation | Step::Exploration | Step::Trickery | Step::Ambush => {
                let reserve = if rolls { s.level.min(2) } else { 0 };
                let kept = uses.min(reserve) as f64;
                kept * self.t.ability_use_kept + (uses as f64 - kept) * 0.3
            }
            _ => 0.0,
        }
    }

    /// In the Travel Phase with the monster unknown: what the uses left will save in its
    /// battle, by the battle table (averaged over the level's monsters still possible, with a
    /// plain stock). Once the monster is known, the threat counts them itself.
    fn unseen_battle_uses(&self, s: &State, cache: &mut Cache) -> f64 {
        if s.uses == 0
            || s.monster.is_some()
            || !matches!(s.step, Step::Preparation | Step::Exploration)
            || !self.table_abilities(s)
        {
            return 0.0;
        }
        let mut st = WhatIf::of(s);
        st.set_stock(travel_stock(s));
        let mut sum = 0.0;
        let mut n = 0.0;
        for (mi, m) in self.db.monsters.iter().enumerate() {
            if m.level != s.level || s.monsters_faced.contains(&(mi as u16)) {
                continue;
            }
            if st.set_monster(&self.db, Some(mi as u16)).is_err() {
                continue;
            }
            st.set_uses(0);
            let without = cache.battle_start(self, &st).cost;
            st.set_uses(s.uses);
            let with = cache.battle_start(self, &st).cost;
            sum += (without - with).max(0.0);
            n += 1.0;
        }
        if n == 0.0 {
            0.0
        } else {
            sum / n
        }
    }

    /// What spending one ability use costs now.
    pub fn use_cost(&self, s: &State) -> f64 {
        if s.uses == 0 {
            return 0.0;
        }
        self.uses_value(s, s.uses) - self.uses_value(s, s.uses - 1)
    }

    /// Whether the Time left can buy nothing more: a player who may never be ambushed at this
    /// level (`noamb`) may explore only while every draw holds a card shorter than the Time
    /// left (p. 22), and the Time left at the reset is lost (p. 24). What it can still pay for
    /// (a craft, a scout) is valued by the action itself.
    fn time_stranded(&self, s: &State) -> bool {
        matches!(s.step, Step::Preparation | Step::Exploration)
            && super::resources::never_ambushed(s.level)
            && !crate::sim::bot_policy::safe_for_any_draw(s, &self.db)
    }

    /// The value of a position, in Small Effort: what is held, what Time will bring, minus what
    /// the monsters still to come will cost, and a price on dying.
    pub fn value(&self, s: &State, cache: &mut Cache) -> f64 {
        cache.value(s, |cache| self.price(s, cache))
    }

    /// [`Brain::value`] worked out (`value` keeps what it gives: the sampled futures of one
    /// decision, and the decisions of one game, meet the same positions again and again).
    fn price(&self, s: &State, cache: &mut Cache) -> f64 {
        match &s.pending {
            Pending::Over(crate::engine::Outcome::Victory { score, .. }) => {
                return 60.0 + *score as f64 * self.t.score_weight;
            }
            Pending::Over(_) => return -self.t.death_price - 20.0,
            _ => {}
        }
        let mut v = self.assets(s);
        // Time: in the Travel Phase it buys encounters; after the reset it is next level's.
        if !s.time_removed && !self.time_stranded(s) {
            v += s.time.max(0) as f64 * self.t.time_value;
        }
        let marks = &self.db.params.time_per_level;
        let in_travel = matches!(s.step, Step::Preparation | Step::Exploration);
        let o = Brain::order(s);
        let w = derived::weapon_id(s) as usize;
        for l in s.level + 1..=4 {
            if l > s.level + 1 || in_travel {
                v += marks[l as usize - 1] as f64 * self.t.time_value;
            }
            v -= self.level_cost[o][w][l as usize - 1];
        }
        let (threat, pd, modelled) = self.current_threat(s, cache);
        v -= threat;
        v -= pd * self.t.death_price;
        v -= self.conditions_cost(s, modelled);
        // Committed to the next encounter: one card to take, whatever it costs, and no Rest.
        if s.committed {
            v -= self.t.commit_price;
        }
        // Ability uses left this level.
        if self.abilities_usable(s) {
            v += self.uses_value(s, s.uses) + self.unseen_battle_uses(s, cache);
        }
        // Skills' lasting value is in the battles they make cheaper; held ones are counted by
        // the battle model for the current monster and roughly here for the rest.
        v += s.skills.len() as f64 * 0.5 * (4 - s.level.min(4)) as f64;
        v
    }
}

/// The stock a battle seen from the Travel Phase is priced with: what the battle will start with
/// is not known yet, so a plain one that keeps the higher effort and the resources card actions
/// use (up to 2 of each).
fn travel_stock(s: &State) -> crate::engine::res::Stock {
    let keep = |r: Res| s.stock.get(r).min(2);
    crate::engine::res::Stock(Bundle {
        medium: keep(Res::Medium),
        large: keep(Res::Large),
        cunning: keep(Res::Cunning),
        wood: keep(Res::Wood),
        metal: keep(Res::Metal),
        ..plain_stock()
    })
}

#[cfg(test)]
mod tests {
    use super::super::game_cache::Cache;
    use super::super::resources::set_never_ambushed;
    use super::Brain;
    use crate::content::CardDb;
    use std::sync::Arc;

    /// A Level I Preparation Step with `time` left, priced by `b`.
    fn value_with_time(b: &Brain, db: &Arc<CardDb>, time: u8) -> f64 {
        let g = crate::engine::scenario::test_game(
            db,
            serde_json::json!({
                "setup": {"seed": 3, "character": "sneak", "side": 0, "difficulty": "normal"},
                "level": 1,
                "step": "prepare",
                "time": time,
                "resources": {"small": 10}
            }),
        );
        b.value(g.state(), &mut Cache::default())
    }

    #[test]
    fn a_never_ambushed_player_values_only_the_time_it_can_still_spend() {
        let db = Arc::new(CardDb::builtin().expect("builtin box"));
        let b = Brain::new(db.clone());
        let longest = db.encounters.iter().map(|e| e.time).max().expect("cards");
        let step = |short: u8| {
            let gap = value_with_time(&b, &db, short + 1) - value_with_time(&b, &db, short);
            let never =
                crate::sim::bot_policy::Policy::parse(&db, "noamb:1").expect("valid policy");
            set_never_ambushed(never.never_ambushed_levels());
            let gap_never = value_with_time(&b, &db, short + 1) - value_with_time(&b, &db, short);
            set_never_ambushed(0);
            gap - gap_never
        };
        // With 2 and 3 Time left, some draw holds only cards that run Time out (p. 22): the
        // never-ambushed player may not explore again, so the extra Time is worth nothing.
        let stranded = step(2);
        assert!((stranded - b.t.time_value).abs() < 1e-9, "{stranded}");
        // With more Time than the longest card, every draw is safe: Time keeps its value.
        let free = step(longest + 1);
        assert!(free.abs() < 1e-9, "{free}");
    }
}
