//! Battle valuations: the battle on the table turned into a [`Fight`] for the battle table
//! (options, rows, caps, healing, paralysis), a whole battle priced from its start, its rewards,
//! and the price of tricking the monster instead.

use super::super::solve::table::{Fight, Opt, Outlook, RowOut};
use super::brain::Brain;
use crate::engine::cards::{AttackKind, Effect, Limit, Passive, Test, Timing, Trigger, LAST_LEVEL};
use crate::engine::res::{Bundle, Res};
use crate::engine::{derived, Difficulty, State};

impl Brain {
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
                Effect::Defend if !derived::has_passive(s, &self.db, &Passive::IgnoreDefend) => {
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
        let cur = derived::weapon_id(s);
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
        if s.uses == 0 || !self.abilities_usable(s) {
            return Vec::new();
        }
        let Some(ch) = db.character(s.character) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for a in &ch.abilities {
            let Some(r) = &a.response else { continue };
            if r.trigger != Trigger::WoundingChosen
                || !derived::can_pay(s, &r.cost.plus(attack_cost))
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
        let amnesia = !self.abilities_usable(s);
        if let Some(w) = derived::weapon(s, db) {
            for at in &w.attacks {
                let cost = derived::attack_cost(s, db, &at.cost);
                let price = self.battle_price(s, &cost);
                let power = derived::attack_power(s, db, at.kind, at.power, 0);
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
                    ability: false,
                });
                // Wounding-chosen responses that add power (Power Through, Spot the Weak Point).
                if at.kind == AttackKind::Wounding {
                    for (extra, bonus) in self.wounding_boosts(s, &cost) {
                        let p2 = derived::attack_power(s, db, at.kind, at.power, bonus);
                        opts.push(Opt {
                            price: price + extra,
                            ab: 0,
                            wound: p2,
                            pierce: at.pierce,
                            weapon: true,
                            extra: false,
                            conv,
                            ability: true,
                        });
                    }
                }
            }
        }
        let mut add_action =
            |cost: &Bundle, effects: &[Effect], extra_price: f64, ability: bool| {
                if !derived::can_pay(s, cost) {
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
                    ability,
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
                    add_action(&a.cost, &a.effects, 0.0, false);
                }
            }
        }
        if s.uses > 0 && !amnesia {
            if let Some(ch) = db.character(s.character) {
                for a in &ch.abilities {
                    if let Some(def) = &a.action {
                        if def.timing != Timing::Travel {
                            add_action(&def.cost, &def.effects, self.use_cost(s), true);
                        }
                    }
                }
            }
        }
        for a in &m.actions {
            if a.timing != Timing::Travel {
                add_action(&a.cost, &a.effects, 0.0, false);
            }
        }
        // The monster's table, as the final roll (modifiers, clamping) picks it.
        let modif = derived::roll_modifier(s, db);
        let mut rows: Vec<RowOut> = Vec::new();
        let mut reroll_mass = 0.0;
        for roll in 1..=6i16 {
            let fin = (roll + modif as i16).clamp(1, 6) as usize;
            let row = &m.table[fin - 1];
            if derived::verb_ignored(s, db, &row.verb) {
                rows.push(RowOut {
                    p: 1.0 / 6.0,
                    ..RowOut::default()
                });
                continue;
            }
            if derived::must_reroll(s, &row.effects) {
                reroll_mass += 1.0 / 6.0;
                continue;
            }
            let list = derived::row_effects(s, row);
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
        let cap = derived::wound_cap(s, db).unwrap_or(u8::MAX);
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
            uses: if amnesia { 0 } else { s.uses },
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
                                derived::weapon(&st, &self.db).is_some_and(|w| w.basic)
                            }
                            Test::AdvancedWeapon => {
                                derived::weapon(&st, &self.db).is_some_and(|w| !w.basic)
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
        let t = super::super::solve::shared_tables::solved(&f);
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
        self.reward_value_with(s, monster, &mut None)
    }

    /// [`Brain::reward_value`] sharing the position's memo key (`Brain::unit_value_with`) with
    /// other pricings of the same position (the Travel Phase prices every monster of a level).
    pub(in crate::sim::smart) fn reward_value_with(
        &self,
        s: &State,
        monster: u16,
        key: &mut Option<u64>,
    ) -> f64 {
        let Some(m) = self.db.monster(monster) else {
            return 0.0;
        };
        let mut v = m
            .reward
            .entries()
            .map(|(r, n)| self.unit_value_with(s, r, key).max(0.3) * n as f64)
            .sum::<f64>();
        if s.level < LAST_LEVEL {
            // The skill serves the battles after this one: three after Level I, one after III.
            v += self.t.skill_reward * (LAST_LEVEL - s.level) as f64 / 2.0;
        }
        // Responses to a defeat (Butcher, Scavenger …) are gains too.
        for k in &s.skills {
            if let Some(c) = self.db.skill(*k) {
                for r in &c.responses {
                    if r.trigger == Trigger::MonsterDefeated {
                        for e in &r.effects {
                            if let Effect::Gain(b) = e {
                                v += self.stock_cost_with(s, b, key);
                            }
                        }
                    }
                }
            }
        }
        v
    }

    pub(in crate::sim::smart) fn net_fight(&self, s: &State, monster: u16, cost: f64) -> f64 {
        cost - self.reward_value(s, monster)
    }

    /// Cost of tricking the monster on the table (None if it cannot be, or not affordable even
    /// with Plans).
    pub fn trick_cost(&self, s: &State, monster: u16, allow_plan: bool) -> Option<f64> {
        let m = self.db.monster(monster)?;
        let cost = m.trick_cost()?;
        if derived::can_pay(s, &cost) {
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
        if !derived::can_pay(&st, &cost) {
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
}
