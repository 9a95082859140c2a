//! The smart bot's battle turns: every attack and card action priced by the battle table, other
//! actions on sampled futures, and converting effort for a stronger attack next turn.

use super::super::{general_index, Brain, Opt, SmartBot};
use crate::engine::cards::{Effect, Limit};
use crate::engine::game::Game;
use crate::engine::res::{Bundle, Res};
use crate::engine::{derived, Action};

impl SmartBot {
    pub(in crate::sim::smart) fn battle(
        &mut self,
        b: &Brain,
        g: &Game,
        legal: &[Action],
    ) -> Action {
        let s = g.state();
        let db = g.db();
        let Some(ms) = s.monster.clone() else {
            return Action::Skip;
        };
        let Some(ft) = self.cache.table(b, s) else {
            return Action::Skip;
        };
        let (f, t) = (&ft.0, &ft.1);
        let (a, h, d) = (ms.armor, ms.health, ms.defending);
        // Score: expected cost from now (lower is better).
        let mut best: Option<(f64, Action)> = None;
        let consider = |q: f64, act: Action, best: &mut Option<(f64, Action)>| {
            if best.is_none_or(|(x, _)| q < x) {
                *best = Some((q, act));
            }
        };
        let skip_q = f.monster(t, a, h, d).0;
        if legal.contains(&Action::Skip) {
            consider(skip_q + 0.05, Action::Skip, &mut best);
        }
        let w = derived::weapon(s, db);
        let mut convert_need: Option<(f64, Bundle)> = None;
        if let Some(w) = w {
            for (i, at) in w.attacks.iter().enumerate() {
                let cost = derived::attack_cost(s, db, &at.cost);
                let power = derived::attack_power(s, db, at.kind, at.power, 0);
                let (ab, wound) = match at.kind {
                    crate::engine::cards::AttackKind::ArmorBreaking => (power, 0),
                    crate::engine::cards::AttackKind::Wounding => (0, power),
                };
                let o = Opt {
                    price: b.battle_price(s, &cost),
                    ab,
                    wound,
                    pierce: at.pierce,
                    weapon: true,
                    extra: false,
                    conv: 0,
                    ability: false,
                };
                // Useless attacks (no armor to break, armor unbroken) are not legal anyway.
                let q = f.q(t, &o, a, h, d).0;
                let act = Action::Attack(i as u8);
                if legal.contains(&act) {
                    consider(q, act, &mut best);
                    // The same attack raised by a wounding-chosen response, as the battle model
                    // counts it (the response is then taken in its window, priced alike).
                    if at.kind == crate::engine::cards::AttackKind::Wounding {
                        for (extra, bonus) in b.wounding_boosts(s, &cost) {
                            let ob = Opt {
                                price: o.price + extra,
                                wound: derived::attack_power(s, db, at.kind, at.power, bonus),
                                ability: true,
                                ..o
                            };
                            consider(f.q(t, &ob, a, h, d).0, act, &mut best);
                        }
                    }
                } else if Brain::conversions(s, &cost) > 0
                    && (at.kind == crate::engine::cards::AttackKind::Wounding
                        && (a == 0 || at.pierce)
                        || at.kind == crate::engine::cards::AttackKind::ArmorBreaking && a > 0)
                {
                    // Affordable after converting effort: a turn spent on Focus / Inspiration.
                    let turns = Brain::conversions(s, &cost) as f64;
                    let qc = q + turns * (f.turn_loss + 0.5);
                    if convert_need.is_none_or(|(x, _)| qc < x) {
                        convert_need = Some((qc, cost));
                    }
                }
            }
        }
        // Card actions that wound or break armor.
        for act in legal {
            let def = match act {
                Action::SkillAction { skill, action } => s
                    .skills
                    .get(*skill as usize)
                    .and_then(|k| db.skill(*k))
                    .and_then(|c| c.actions.get(*action as usize))
                    .map(|d| (d.clone(), 0.0)),
                Action::Ability(i) => db
                    .character(s.character)
                    .and_then(|c| c.abilities.get(*i as usize))
                    .and_then(|x| x.action.clone())
                    .map(|d| (d, b.use_cost(s))),
                Action::MonsterAction(i) => db
                    .monster(ms.card)
                    .and_then(|m| m.actions.get(*i as usize))
                    .map(|d| (d.clone(), 0.0)),
                _ => None,
            };
            let Some((def, extra_price)) = def else {
                continue;
            };
            let mut o = Opt {
                price: b.battle_price(s, &def.cost) + extra_price,
                ab: 0,
                wound: 0,
                pierce: false,
                weapon: false,
                extra: false,
                conv: 0,
                ability: matches!(act, Action::Ability(_)),
            };
            let mut gain = Bundle::default();
            for e in &def.effects {
                match e {
                    Effect::Wound { n, pierce } => {
                        o.wound += *n;
                        o.pierce |= *pierce;
                    }
                    Effect::BreakArmor(n) => o.ab += *n,
                    Effect::ExtraTurn => o.extra = true,
                    Effect::Gain(x) => gain = gain.plus(x),
                    _ => {}
                }
            }
            if o.ab > 0 || o.wound > 0 {
                let q = f.q(t, &o, a, h, d).0;
                consider(q, *act, &mut best);
            } else if !gain.is_empty() {
                // Effort-giving actions: worth it when they pay for themselves.
                let gv = b.stock_cost(s, &gain) - b.pay_cost(s, &def.cost) - extra_price - 0.5;
                // A use taken leaves the battle with one fewer.
                let u = t.uses().saturating_sub(o.ability as u8);
                let cont = if o.extra {
                    t.cost_at(a, h, d, u)
                } else {
                    f.monster_at(t, a, h, d, u).0
                };
                let limited = def.limit != Limit::None;
                let low = s.stock.effort_total() < 6;
                if gv > 0.0 && (!limited || low || o.extra) {
                    consider(cont - gv, *act, &mut best);
                }
            }
        }
        // Other actions (crafting in battle, …): judged on sampled futures, on the same scale.
        let mut generic: Vec<Action> = Vec::new();
        for act in legal {
            let other = match act {
                Action::Craft(_) => true,
                Action::SkillAction { skill, action } => s
                    .skills
                    .get(*skill as usize)
                    .and_then(|k| db.skill(*k))
                    .and_then(|c| c.actions.get(*action as usize))
                    .is_some_and(|d| {
                        !d.effects.iter().any(|e| {
                            matches!(
                                e,
                                Effect::Wound { .. } | Effect::BreakArmor(_) | Effect::Gain(_)
                            )
                        })
                    }),
                _ => false,
            };
            if other {
                generic.push(*act);
            }
        }
        if !generic.is_empty() {
            let seeds = self.seeds(self.samples);
            let v_now = b.value(s, &mut self.cache);
            let c_now = t.cost(a, h, d);
            for act in generic {
                let v = self.eval_seq(b, g, &[act], &seeds);
                if v.is_finite() {
                    let q = v_now + c_now - v;
                    if best.is_none_or(|(x, _)| q < x) {
                        best = Some((q, act));
                    }
                }
            }
        }
        // Converting effort for a stronger attack next turn.
        if let Some((qc, cost)) = convert_need {
            if best.is_none_or(|(x, _)| qc < x) {
                if let Some(a) = conversion_action(g, &cost, legal) {
                    return a;
                }
            }
        }
        best.map(|(_, a)| a).unwrap_or(Action::Skip)
    }
}

/// The general action that converts effort towards paying `cost`.
fn conversion_action(g: &Game, cost: &Bundle, legal: &[Action]) -> Option<Action> {
    let s = g.state();
    let db = g.db();
    let focus = general_index(db, |d| {
        d.effects
            .iter()
            .any(|e| matches!(e, Effect::Gain(x) if x.medium > 0))
    })?;
    let inspire = general_index(db, |d| {
        d.effects
            .iter()
            .any(|e| matches!(e, Effect::Gain(x) if x.large > 0))
    });
    let m = s.stock.get(Res::Medium);
    let l = s.stock.get(Res::Large);
    if cost.large > l {
        if let Some(i) = inspire {
            if m >= 2 && legal.contains(&Action::General(i)) {
                return Some(Action::General(i));
            }
        }
        if legal.contains(&Action::General(focus)) {
            return Some(Action::General(focus));
        }
        return None;
    }
    if cost.medium > m && legal.contains(&Action::General(focus)) {
        return Some(Action::General(focus));
    }
    None
}
