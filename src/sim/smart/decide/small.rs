//! The smart bot's small decisions, taken without lookahead: responses and rerolls, which roll to
//! keep, skills, conditions to discard, a free upgrade's weapon, and how much to eat; and what a
//! skill is worth.

use super::super::value::rolls::Keep;
use super::super::{clamp_roll, settled, Brain, Fight, Opt, SmartBot, Table};
use crate::engine::cards::{Effect, Limit, Passive, Timing, Trigger};
use crate::engine::game::Game;
use crate::engine::res::Res;
use crate::engine::{apply, derived, legal_actions, Action, Pending, State, Step};
use std::sync::Arc;

impl SmartBot {
    /// Responses, rerolls, skills, conditions, hunger: no lookahead.
    pub(in crate::sim::smart) fn minor(&mut self, b: &Brain, g: &Game, legal: &[Action]) -> Action {
        let s = g.state();
        match g.pending() {
            Pending::Respond {
                options, trigger, ..
            } => self.respond(b, g, options, *trigger, legal),
            Pending::ChooseRoll { first, second } => {
                let (fa, fb) = (*first, *second);
                match self.battle_tables(b, s) {
                    Some(ft) => {
                        let (f, t) = (&ft.0, &ft.1);
                        let m = derived::roll_modifier(s, &b.db);
                        let k = Keep::new(b, s, t);
                        let ra = k.value(b, s, f, t, clamp_roll(fa as i16 + m as i16), 0);
                        let rb = k.value(b, s, f, t, clamp_roll(fb as i16 + m as i16), 0);
                        Action::KeepRoll(if rb < ra { 1 } else { 0 })
                    }
                    None => Action::KeepRoll(0),
                }
            }
            Pending::ChooseSkill { cards } => {
                let cards = cards.clone();
                let mut best = (f64::NEG_INFINITY, 0u8);
                for (i, c) in cards.iter().enumerate() {
                    let v = self.skill_value(b, s, *c);
                    if v > best.0 {
                        best = (v, i as u8);
                    }
                }
                Action::KeepSkill(best.1)
            }
            Pending::ChooseCondition { options } => {
                let mut best = (f64::NEG_INFINITY, 0u8);
                for (i, c) in options.iter().enumerate() {
                    let h = s.conditions.iter().find(|h| h.card == *c);
                    let (tokens, next) = h.map(|h| (h.tokens, h.next_level)).unwrap_or((0, false));
                    let v = if next {
                        b.condition_cost(s, *c, 4.0, 3.0, tokens)
                    } else {
                        b.condition_cost(s, *c, 3.0, 1.0, tokens)
                    };
                    if v > best.0 {
                        best = (v, i as u8);
                    }
                }
                Action::DiscardCondition(best.1)
            }
            Pending::ChooseUpgrade { options, .. } => {
                // Each weapon on offer, valued by the model as if it were in hand now.
                let mut best = (f64::NEG_INFINITY, 0u8);
                for i in 0..options.len() as u8 {
                    let mut c = g.clone();
                    c.set_undo(false);
                    if apply(&mut c, Action::ChooseUpgrade(i)).is_err() {
                        continue;
                    }
                    let v = b.value(c.state(), &mut self.cache);
                    if v > best.0 + 1e-9 {
                        best = (v, i);
                    }
                }
                Action::ChooseUpgrade(best.1)
            }
            Pending::Hunger { requirement } => {
                // Each choice played on to the next level, where the model can weigh what the
                // effort (or the food kept) is worth against the next monster.
                let req = *requirement;
                let food = s.stock.get(Res::Food);
                let mut best = (f64::NEG_INFINITY, req.min(food));
                for n in (0..=req.min(food)).rev() {
                    let mut c = g.clone();
                    c.set_undo(false);
                    if apply(&mut c, Action::Eat(n)).is_err() {
                        continue;
                    }
                    let mut guard = 0;
                    while !settled(c.pending()) && guard < 50 {
                        guard += 1;
                        let legal = legal_actions(&c);
                        let a = match c.pending() {
                            Pending::Hunger { .. } => break,
                            _ => self.minor(b, &c, &legal),
                        };
                        if apply(&mut c, a).is_err() {
                            break;
                        }
                    }
                    let v = b.value(c.state(), &mut self.cache);
                    if v > best.0 + 1e-9 {
                        best = (v, n);
                    }
                }
                Action::Eat(best.1)
            }
            _ => legal
                .iter()
                .copied()
                .find(|a| *a != Action::Undo)
                .unwrap_or(Action::Undo),
        }
    }

    fn respond(
        &mut self,
        b: &Brain,
        g: &Game,
        options: &[crate::engine::ResponseOption],
        trigger: Trigger,
        legal: &[Action],
    ) -> Action {
        let s = g.state();
        let db = &b.db;
        let mandatory = options.iter().position(|o| o.mandatory);
        // Conditions' responses still waiting in this window (a Bypass skips them).
        let waiting_conditions: Vec<u16> = options
            .iter()
            .filter_map(|o| match o.source {
                crate::engine::Source::Condition(c) => Some(c),
                _ => None,
            })
            .collect();
        let tables = self.battle_tables(b, s);
        let keep = tables.as_deref().map(|(_, t)| Keep::new(b, s, t));
        let mut best: Option<(f64, Action)> = None;
        for (i, o) in options.iter().enumerate() {
            let act = Action::Respond(i as u8);
            if !legal.contains(&act) {
                continue;
            }
            let Some(r) = crate::engine::game_response(db, s, o) else {
                continue;
            };
            let ability = matches!(o.source, crate::engine::Source::Ability(_));
            if ability && !b.abilities_usable(s) {
                continue;
            }
            let use_cost = if ability { b.use_cost(s) } else { 0.0 };
            // A power bonus is priced as the battle model prices it, so the attack chosen for
            // it is followed through.
            let boost = r
                .effects
                .iter()
                .any(|e| matches!(e, Effect::AttackBonus(_)));
            let price = if boost {
                b.battle_price(s, &r.cost) + use_cost
            } else {
                b.pay_cost(s, &r.cost) + use_cost
            };
            let mut benefit = 0.0;
            for e in &r.effects {
                benefit += match e {
                    Effect::ModifyRoll(dv) => match (tables.as_deref(), keep.as_ref()) {
                        (Some((f, t)), Some(k)) => {
                            let now = derived::final_roll(s, db);
                            let then = clamp_roll(now as i16 + *dv as i16);
                            // A use taken leaves one fewer for the rest of the battle.
                            k.value(b, s, f, t, now, 0) - k.value(b, s, f, t, then, ability as u8)
                        }
                        _ => 0.0,
                    },
                    Effect::Reroll => match (tables.as_deref(), keep.as_ref()) {
                        (Some((f, t)), Some(k)) => {
                            let now = derived::final_roll(s, db);
                            let spent = ability as u8;
                            let here = k.value(b, s, f, t, now, 0);
                            let kept_now = k.value(b, s, f, t, now, spent);
                            // The new die keeps the monster's bonus and the responses so
                            // far; the passives apply after.
                            let kept = (s.combat.roll - s.combat.die as i8) as i16;
                            let m = derived::roll_modifier(s, db) as i16 + kept;
                            let mut e = 0.0;
                            for x in 1..=6i16 {
                                let r2 = clamp_roll(x + m);
                                e += kept_now.min(k.value(b, s, f, t, r2, spent)) / 6.0;
                            }
                            here - e
                        }
                        _ => 0.0,
                    },
                    Effect::ReduceLoss(n) => {
                        let l = &s.combat.loss;
                        let total = (l.small + l.medium + l.large) as f64;
                        let cut = (*n as f64).min(total - 1.0).max(0.0);
                        // The use it takes no longer adds power to a later blow (the battle
                        // table's own difference), as `Keep` counts it.
                        let lost = match (tables.as_deref(), s.monster.as_ref()) {
                            (Some((_, t)), Some(m)) if ability => {
                                let (a, h, d) = (m.armor, m.health, m.defending);
                                let u = t.uses();
                                t.cost_at(a, h, d, u.saturating_sub(1)) - t.cost_at(a, h, d, u)
                            }
                            _ => 0.0,
                        };
                        cut - lost
                    }
                    Effect::AttackBonus(dv) => match tables.as_deref() {
                        Some((f, t)) => {
                            // The attack about to resolve: its power with and without the bonus.
                            let ms = s.monster.as_ref();
                            let (a, h, d) = ms
                                .map(|m| (m.armor, m.health, m.defending))
                                .unwrap_or((0, 0, false));
                            let (p0, pierce) = current_attack_power(g, db, 0);
                            let (p1, _) = current_attack_power(g, db, *dv);
                            // With the bonus, the use it takes is gone for the rest of the
                            // battle.
                            let v = |p: u8, ability: bool| {
                                let o = Opt {
                                    price: 0.0,
                                    ab: 0,
                                    wound: p,
                                    pierce,
                                    weapon: false,
                                    extra: false,
                                    conv: 0,
                                    ability,
                                };
                                f.q(t, &o, a, h, d).0
                            };
                            if d {
                                0.0
                            } else {
                                v(p0, false) - v(p1, ability)
                            }
                        }
                        None => 0.0,
                    },
                    Effect::ExtraAttack | Effect::ExtraTurn => 0.6,
                    Effect::RevealExtra(n) => *n as f64 * b.t.extra_card,
                    Effect::Bypass => {
                        // Skip the conditions' turn-start checks still to come (paralysis): a
                        // lost turn costs a monster turn for nothing.
                        let skip: f64 = s
                            .conditions
                            .iter()
                            .filter(|c| c.active() && waiting_conditions.contains(&c.card))
                            .map(|c| c.tokens as f64 / 6.0)
                            .sum::<f64>()
                            .min(1.0);
                        let lost_turn = match (tables.as_deref(), s.monster.as_ref()) {
                            (Some((f, t)), Some(m)) => {
                                let (a, h, d) = (m.armor, m.health, m.defending);
                                (f.monster(t, a, h, d).0 - t.cost(a, h, d)).max(0.0)
                            }
                            _ => 2.0,
                        };
                        skip * lost_turn
                    }
                    Effect::Gain(x) => b.stock_cost(s, x),
                    Effect::GainPerLevel(x) => b.stock_cost(s, x) * s.level as f64,
                    Effect::DiscardCondition => 2.0,
                    _ => 0.0,
                };
            }
            let net = benefit - price;
            if net > 0.05 && best.is_none_or(|(x, _)| net > x) {
                best = Some((net, act));
            }
        }
        let _ = trigger;
        if let Some(i) = mandatory {
            // Mandatory responses first, unless a chosen one must come before them (a Bypass
            // skips the conditions' responses only while they are still waiting).
            let first = best.and_then(|(_, a)| match a {
                Action::Respond(j) => options.get(j as usize).and_then(|o| {
                    crate::engine::game_response(db, s, o)
                        .filter(|r| r.effects.contains(&Effect::Bypass))
                        .map(|_| a)
                }),
                _ => None,
            });
            return first.unwrap_or(Action::Respond(i as u8));
        }
        best.map(|(_, a)| a).unwrap_or(Action::Pass)
    }

    /// The battle model for the position, if a battle is on.
    fn battle_tables(&mut self, b: &Brain, s: &State) -> Option<Arc<(Fight, Arc<Table>)>> {
        if s.step != Step::Battle {
            return None;
        }
        self.cache.table(b, s)
    }

    /// What a skill is worth to this player for the rest of the game.
    fn skill_value(&mut self, b: &Brain, s: &State, card: u16) -> f64 {
        let key = super::super::value::brain::SkillKey {
            card,
            character: s.character,
            weapons: s.weapons.to_vec(),
            level: s.level,
            step: s.step as u8,
            hard: s.setup.difficulty == crate::engine::Difficulty::Hard,
            committed: super::super::value::resources::committed(),
        };
        if let Some(v) = self.skill_values.get(&key) {
            return *v;
        }
        let memo = b.skill_memo.lock().ok().and_then(|m| m.get(&key).copied());
        let v = match memo {
            Some(v) => v,
            None => {
                let v = skill_value(b, &b.canonical(s), card);
                if let Ok(mut m) = b.skill_memo.lock() {
                    m.insert(key.clone(), v);
                }
                v
            }
        };
        self.skill_values.insert(key, v);
        v
    }
}

/// Power of the wounding attack being resolved (the last attack chosen), with an extra bonus,
/// and whether it ignores Armor (a Spear's thrust wounds through it).
fn current_attack_power(g: &Game, db: &crate::content::CardDb, extra: i8) -> (u8, bool) {
    let s = g.state();
    let Some(w) = derived::weapon(s, db) else {
        return (0, false);
    };
    let chosen = g.log().iter().rev().find_map(|a| match a {
        Action::Attack(i) => Some(*i as usize),
        _ => None,
    });
    let strongest = w
        .attacks
        .iter()
        .filter(|a| a.kind == crate::engine::cards::AttackKind::Wounding)
        .max_by_key(|a| a.power);
    let at = chosen.and_then(|i| w.attacks.get(i)).or(strongest);
    let base = at.map(|a| a.power).unwrap_or(0);
    let pierce = at.is_some_and(|a| a.pierce);
    let power = derived::attack_power(
        s,
        db,
        crate::engine::cards::AttackKind::Wounding,
        base,
        s.combat.attack_bonus + extra,
    );
    (power, pierce)
}

/// A skill's worth for the rest of the game, from what it does.
fn skill_value(b: &Brain, s: &State, card: u16) -> f64 {
    let db = &b.db;
    let Some(k) = db.skill(card) else {
        return 0.0;
    };
    let levels_left = (5 - s.level.min(4)) as f64;
    let battles_left = levels_left;
    let mut v = 0.0;
    // Battle effects: priced by the battle model against the level's monsters.
    let battle_relevant = !k.passives.is_empty()
        && k.passives.iter().any(|p| {
            matches!(
                p,
                Passive::MonsterRoll(_)
                    | Passive::AttackPower { .. }
                    | Passive::IgnoreDefend
                    | Passive::IgnoreVerb(_)
                    | Passive::Surcharge(_)
                    | Passive::WoundCap(_)
                    | Passive::WeakWounding { .. }
            )
        })
        || k.actions.iter().any(|a| {
            a.timing != Timing::Travel
                && a.effects
                    .iter()
                    .any(|e| matches!(e, Effect::Wound { .. } | Effect::BreakArmor(_)))
        });
    if battle_relevant {
        let level = (s.level
            + if s.step == Step::Rewards || s.step == Step::Hunger {
                1
            } else {
                0
            })
        .min(4);
        let mut total = 0.0;
        let mut n = 0.0;
        for (mi, m) in db.monsters.iter().enumerate() {
            if m.level != level {
                continue;
            }
            let mut st = s.clone();
            st.step = Step::Battle;
            st.level = level;
            st.monster = Some(crate::engine::state::MonsterState::fresh(mi as u16, m));
            st.conditions.clear();
            let without = b.battle_from_start(&st).cost;
            st.skills.push(card);
            let with = b.battle_from_start(&st).cost;
            total += (without - with).max(-5.0);
            n += 1.0;
        }
        if n > 0.0 {
            v += total / n * battles_left;
        }
    }
    for p in &k.passives {
        v += match p {
            Passive::ExploreCards(n) => 1.2 * *n as f64 * levels_left,
            Passive::CraftDiscount(_)
                if derived::weapon(s, db).is_some_and(|w| !w.upgrades.is_empty()) =>
            {
                2.5
            }
            Passive::CraftDiscount(_) => 0.0,
            Passive::Hunger(n) => -2.5 * *n as f64,
            Passive::NoRest => -2.0 * levels_left,
            _ => 0.0,
        };
    }
    for r in &k.responses {
        let gains: f64 = r
            .effects
            .iter()
            .map(|e| match e {
                Effect::Gain(x) => b.stock_cost(s, x),
                Effect::GainPerLevel(x) => b.stock_cost(s, x) * 2.5,
                _ => 0.0,
            })
            .sum();
        v += match r.trigger {
            Trigger::LevelStart => gains * (levels_left - 1.0).max(0.0),
            Trigger::MonsterDefeated => gains * battles_left * 0.8,
            Trigger::Ambushed => gains * levels_left * 0.4,
            Trigger::BattleStart => gains * battles_left,
            Trigger::MonsterRoll => {
                let c = b.stock_cost(s, &r.cost);
                let helps = r
                    .effects
                    .iter()
                    .any(|e| matches!(e, Effect::Reroll | Effect::ModifyRoll(_)));
                if helps && (r.cost.is_empty() || derived::can_pay(s, &r.cost)) {
                    (2.0 - c * 0.3).max(0.3) * battles_left
                } else {
                    0.3
                }
            }
            Trigger::ArmorBreakingDone => 1.2 * battles_left,
            _ => gains,
        };
    }
    for a in &k.actions {
        let gain: f64 = a
            .effects
            .iter()
            .map(|e| match e {
                Effect::Gain(x) => b.stock_cost(s, x),
                Effect::DiscardCondition => 1.5,
                Effect::ExtraTurn => 1.0,
                _ => 0.0,
            })
            .sum();
        let net = gain - b.stock_cost(s, &a.cost);
        v += match a.limit {
            Limit::PerLevel => net.max(0.0) * levels_left,
            Limit::Once => net.max(0.0),
            Limit::None => net.max(0.0) * levels_left * 0.7,
        };
    }
    v
}
