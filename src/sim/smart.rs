//! A heuristic bot: values resources, prepares weapons, explores while Time allows, tricks hard
//! monsters it cannot beat, and picks the strongest affordable attack. Used for balance work.

use super::Bot;
use crate::content::CardDb;
use crate::engine::cards::{AttackKind, Effect};
use crate::engine::res::{Bundle, Res};
use crate::engine::{view, Action, Game, Pending, State};

pub struct SmartBot;

impl SmartBot {
    pub fn new() -> SmartBot {
        SmartBot
    }
}

impl Default for SmartBot {
    fn default() -> Self {
        SmartBot::new()
    }
}

/// What a resource is worth to the bot right now.
fn weight(s: &State, r: Res) -> f64 {
    match r {
        Res::Small => 1.0,
        Res::Medium => 4.2,
        Res::Large => 6.5,
        Res::Cunning => 2.5,
        Res::Food => {
            if s.stock.get(Res::Food) < s.level + 1 {
                4.0
            } else {
                2.0
            }
        }
        Res::Wood => {
            if s.weapons.len() < 3 {
                2.5
            } else {
                0.8
            }
        }
        Res::Metal => {
            if s.weapons.len() < 3 {
                3.0
            } else {
                0.8
            }
        }
        Res::Treasure => 1.0,
        Res::Time => 1.5,
    }
}

fn value(s: &State, b: &Bundle) -> f64 {
    b.entries().map(|(r, n)| weight(s, r) * n as f64).sum()
}

fn effects_value(s: &State, list: &[Effect]) -> f64 {
    list.iter()
        .map(|e| match e {
            Effect::Gain(b) => value(s, b),
            Effect::GainPerLevel(b) => value(s, b) * s.level as f64,
            Effect::Lose(b) => -value(s, b),
            Effect::Reduce { lose, gain } => value(s, gain) - value(s, lose),
            Effect::GainSkill => 6.0,
            Effect::DiscardCondition => {
                if s.conditions.is_empty() {
                    0.0
                } else {
                    4.0
                }
            }
            Effect::Commit => -1.5,
            Effect::FreeUpgrade => 8.0,
            Effect::Condition { .. } => -3.0,
            Effect::If { then, .. } => effects_value(s, then) * 0.4,
            _ => 0.5,
        })
        .sum()
}

/// How bad a monster's row is for the player (for choosing rolls).
fn row_harm(s: &State, db: &CardDb, roll: u8) -> f64 {
    let Some(m) = s.monster.as_ref().and_then(|m| db.monster(m.card)) else {
        return 0.0;
    };
    let Some(row) = m.table.get(roll.clamp(1, 6) as usize - 1) else {
        return 0.0;
    };
    -effects_value(s, &row.effects) + if row.verb == "DEFEND" { 2.0 } else { 0.0 }
}

impl SmartBot {
    fn prepare(&self, g: &Game, legal: &[Action]) -> Action {
        let s = g.state();
        let db = g.db();
        let has = |a: Action| legal.contains(&a);
        // Craft whenever possible: weapons are the only reliable damage (p. 15).
        let mut best_craft: Option<(f64, Action)> = None;
        for a in legal {
            if let Action::Craft(i) = a {
                let power = view::weapon(s, db)
                    .and_then(|w| w.upgrades.get(*i as usize))
                    .and_then(|u| db.weapon(u.to.idx))
                    .map(|w| w.attacks.iter().map(|x| x.power as f64).sum::<f64>())
                    .unwrap_or(0.0);
                if best_craft.is_none_or(|(p, _)| power > p) {
                    best_craft = Some((power, *a));
                }
            }
        }
        if let Some((_, a)) = best_craft {
            if s.time > 2 || s.monster.is_some() {
                return a;
            }
        }
        if has(Action::Scout) && s.time > 3 && s.stock.get(Res::Small) > 6 {
            return Action::Scout;
        }
        // Turn spare small effort into the categories the weapon wants.
        if let Some(w) = view::weapon(s, db) {
            let wants_large = w.attacks.iter().any(|a| a.cost.large > 0);
            let wants_medium = w.attacks.iter().any(|a| a.cost.medium > 0) || wants_large;
            let small = s.stock.get(Res::Small);
            for (i, d) in db.params.general_actions.iter().enumerate() {
                let a = Action::General(i as u8);
                if !has(a) {
                    continue;
                }
                let gains = |r: Res| {
                    d.effects
                        .iter()
                        .any(|e| matches!(e, Effect::Gain(b) if b.get(r) > 0))
                };
                if wants_large && gains(Res::Large) && s.stock.get(Res::Medium) >= 2 {
                    return a;
                }
                if wants_medium && gains(Res::Medium) && small >= 12 {
                    return a;
                }
            }
        }
        if has(Action::Explore) && (s.time >= 2 || s.committed) {
            return Action::Explore;
        }
        if has(Action::Confront) {
            return Action::Confront;
        }
        Action::Explore
    }

    fn encounter(&self, g: &Game, legal: &[Action], revealed: &[u16]) -> Action {
        let s = g.state();
        let db = g.db();
        let mut best: Option<(f64, Action)> = None;
        for a in legal {
            let (i, rest) = match a {
                Action::Resolve(i) => (*i, false),
                Action::Rest(i) => (*i, true),
                _ => continue,
            };
            let Some(e) = revealed.get(i as usize).and_then(|c| db.encounter(*c)) else {
                continue;
            };
            let gain = if rest {
                e.time as f64
            } else if view::can_pay(s, &e.spend) {
                effects_value(s, &e.gain) - value(s, &e.spend)
            } else {
                0.0
            };
            let time_cost = e.time as f64 * if s.time as u8 <= e.time { 2.5 } else { 0.9 };
            let v = gain - time_cost;
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, *a));
            }
        }
        best.map(|(_, a)| a).unwrap_or(legal[0])
    }

    /// Rough effort the monster will take to beat with the weapon in hand.
    fn effort_to_win(&self, g: &Game) -> f64 {
        let s = g.state();
        let db = g.db();
        let (Some(m), Some(w)) = (&s.monster, view::weapon(s, db)) else {
            return 99.0;
        };
        let mut total = 0.0;
        let per = |kind: AttackKind| {
            w.attacks
                .iter()
                .filter(|a| a.kind == kind && a.power > 0)
                .map(|a| {
                    let c = a.cost.small as f64
                        + a.cost.medium as f64 * 4.0
                        + a.cost.large as f64 * 8.0;
                    c / a.power as f64
                })
                .fold(f64::INFINITY, f64::min)
        };
        let ab = per(AttackKind::ArmorBreaking);
        let wd = per(AttackKind::Wounding);
        if m.armor > 0 {
            total += if ab.is_finite() {
                ab * m.armor as f64
            } else {
                50.0
            };
        }
        total += if wd.is_finite() {
            wd * m.health as f64
        } else {
            50.0
        };
        total
    }

    fn battle(&self, g: &Game, legal: &[Action]) -> Action {
        let s = g.state();
        let db = g.db();
        let mut best: Option<(f64, Action)> = None;
        let armor = s.monster.as_ref().map(|m| m.armor).unwrap_or(0);
        let health = s.monster.as_ref().map(|m| m.health).unwrap_or(0);
        if let Some(w) = view::weapon(s, db) {
            for a in legal {
                if let Action::Attack(i) = a {
                    let Some(at) = w.attacks.get(*i as usize) else {
                        continue;
                    };
                    let cost = view::attack_cost(s, db, &at.cost);
                    let c = value(s, &cost).max(0.5);
                    let useful = match at.kind {
                        AttackKind::ArmorBreaking => at.power.min(armor) as f64,
                        AttackKind::Wounding => at.power.min(health) as f64 * 1.1,
                    };
                    let v = useful / c;
                    if best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, *a));
                    }
                }
            }
        }
        // Skill actions that wound are attacks too.
        for a in legal {
            if let Action::SkillAction { skill, action } = a {
                let def = s
                    .skills
                    .get(*skill as usize)
                    .and_then(|k| db.skill(*k))
                    .and_then(|c| c.actions.get(*action as usize));
                if let Some(d) = def {
                    let dmg: f64 = d
                        .effects
                        .iter()
                        .map(|e| match e {
                            Effect::Wound { n, pierce } if *pierce || armor == 0 => {
                                (*n).min(health) as f64
                            }
                            Effect::BreakArmor(n) => (*n).min(armor) as f64,
                            Effect::ExtraTurn => 0.5,
                            _ => 0.0,
                        })
                        .sum();
                    let v = dmg / value(s, &d.cost).max(0.5);
                    if dmg > 0.0 && best.is_none_or(|(b, _)| v > b) {
                        best = Some((v, *a));
                    }
                }
            }
        }
        if let Some((_, a)) = best {
            return a;
        }
        // No attack: build up effort categories if that enables one, else skip.
        for a in legal {
            if let Action::General(_) = a {
                return *a;
            }
        }
        Action::Skip
    }
}

impl Bot for SmartBot {
    fn choose(&mut self, g: &Game, legal: &[Action]) -> Action {
        let s = g.state();
        let db = g.db();
        let first = legal
            .iter()
            .copied()
            .find(|a| *a != Action::Undo)
            .unwrap_or(Action::Undo);
        match g.pending() {
            Pending::Prepare => self.prepare(g, legal),
            Pending::Encounter { revealed, .. } => self.encounter(g, legal, revealed),
            Pending::Trickery => {
                let hard = self.effort_to_win(g) > s.stock.effort_total() as f64 * 0.8;
                if hard && legal.contains(&Action::Trick) {
                    Action::Trick
                } else {
                    Action::Fight
                }
            }
            Pending::Battle { .. } => self.battle(g, legal),
            Pending::Respond { options, .. } => {
                if let Some(i) = options.iter().position(|o| o.mandatory) {
                    return Action::Respond(i as u8);
                }
                // Optional: take free ones; costly ones only with effort to spare, and a roll
                // change only when it makes the row less harmful.
                for (i, o) in options.iter().enumerate() {
                    let Some(r) = crate::engine::game_response(db, s, o) else {
                        continue;
                    };
                    let a = Action::Respond(i as u8);
                    if !legal.contains(&a) {
                        continue;
                    }
                    let modifies = r.effects.iter().find_map(|e| match e {
                        Effect::ModifyRoll(d) => Some(*d),
                        _ => None,
                    });
                    if let Some(d) = modifies {
                        let now = view::final_roll(s, db);
                        let then = (now as i16 + d as i16).clamp(1, 6) as u8;
                        if row_harm(s, db, then) + 0.5 < row_harm(s, db, now) {
                            return a;
                        }
                        continue;
                    }
                    if r.effects.contains(&Effect::Reroll) {
                        if row_harm(s, db, view::final_roll(s, db)) > 2.0 {
                            return a;
                        }
                        continue;
                    }
                    if r.cost.is_empty() || s.stock.get(Res::Small) > 8 {
                        return a;
                    }
                }
                Action::Pass
            }
            Pending::ChooseRoll {
                first: a,
                second: b,
            } => {
                let m = view::roll_modifier(s, db);
                let fa = (*a as i16 + m as i16).clamp(1, 6) as u8;
                let fb = (*b as i16 + m as i16).clamp(1, 6) as u8;
                if row_harm(s, db, fb) < row_harm(s, db, fa) {
                    Action::KeepRoll(1)
                } else {
                    Action::KeepRoll(0)
                }
            }
            Pending::Hunger { requirement } => {
                let n = (*requirement).min(s.stock.get(Res::Food));
                Action::Eat(n)
            }
            _ => first,
        }
    }
}
