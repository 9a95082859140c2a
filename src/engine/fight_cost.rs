//! The likely Effort cost of the level's battle, for the Hunger warning: how much Effort the
//! player should expect to spend and lose before the monster is beaten (pp. 26–28), so the
//! screen can say when that and the Hunger Step ahead (p. 32) do not fit in the Effort held.
//!
//! An estimate, read with the rules' own derived values: the weapon's attacks at their power
//! after every passive ([`derived::attack_power`]) and their cost with the monster's surcharge
//! ([`derived::attack_cost`], p. 27), the wound cap ([`derived::wound_cap`], p. 17), the combat
//! roll's modifiers ([`derived::roll_modifier`], p. 28) and each row's effects as they would
//! apply now ([`derived::row_effects`], bracketed alternatives included; verbs a card ignores
//! cost nothing). The player is assumed to break the Armor, then wound, each time with the
//! attack that costs least per point; every monster roll is taken over its d6 table; a DEFEND
//! row wastes the attack after it (p. 28). Conditions a row gives and responses are left out:
//! the figure is what the fight likely costs, not a promise.

use super::derived;
use super::state::{MonsterState, State};
use super::Difficulty;
use crate::content::cards::{Attack, AttackKind, Effect, LAST_LEVEL};
use crate::content::res::Bundle;
use crate::content::CardDb;
use serde::{Deserialize, Serialize};

/// The likely cost of the level's battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightCost {
    /// The monster it is for; `None` while the monster is face down (then the figure is the
    /// mean over the level's monsters the d6 can still pick, p. 25, that the weapon in hand can
    /// beat).
    pub monster: Option<u16>,
    /// Effort likely spent on attacks and lost to the monster's rolls (Small, Medium and Large
    /// counted as one each, as [`super::threats::Hunger::margin`] counts them), rounded.
    pub effort: u8,
}

/// The likely cost of the battle still ahead at this level (pp. 26–28), with the weapon in hand.
/// `None` once the battle is over (or tricked), or when the weapon cannot beat the monster.
pub fn fight_cost(s: &State, db: &CardDb) -> Option<FightCost> {
    if !(derived::in_travel(s) || derived::in_battle(s)) {
        return None;
    }
    if let Some(m) = &s.monster {
        let effort = expected(s, db, m)?;
        return Some(FightCost {
            monster: Some(m.card),
            effort: round(effort),
        });
    }
    // Face down: any monster of the level the d6 can pick (never one already faced).
    let mut sum = 0.0;
    let mut n = 0u32;
    for (i, card) in db.monsters.iter().enumerate() {
        let i = i as u16;
        if card.level != s.level || s.monsters_faced.contains(&i) {
            continue;
        }
        let mut what = s.copy();
        let m = MonsterState::fresh(i, card);
        what.monster = Some(m.clone());
        // A monster the weapon in hand cannot beat is left out of the mean.
        if let Some(e) = expected(&what, db, &m) {
            sum += e;
            n += 1;
        }
    }
    (n > 0).then(|| FightCost {
        monster: None,
        effort: round(sum / f64::from(n)),
    })
}

fn round(x: f64) -> u8 {
    x.round().clamp(0.0, 255.0) as u8
}

/// Effort tokens a cost takes (Time is not Effort, except where Level IV turns it into Small
/// Effort: p. 29).
fn tokens(s: &State, b: &Bundle) -> f64 {
    let time = if s.level >= LAST_LEVEL { b.time } else { 0 };
    f64::from(b.small) + f64::from(b.medium) + f64::from(b.large) + f64::from(time)
}

/// The cheapest way to deal `need` points with attacks of `kind`: (attacks, Effort), from the
/// attack that costs least per point of its power now (wounds capped per round, p. 17), among
/// those the Effort held can pay (p. 10; all of them when it pays none).
fn cheapest(s: &State, db: &CardDb, kind: AttackKind, need: u8) -> Option<(f64, f64)> {
    if need == 0 {
        return Some((0.0, 0.0));
    }
    let w = derived::weapon(s, db)?;
    let cap = match kind {
        AttackKind::Wounding => derived::wound_cap(s, db).unwrap_or(u8::MAX),
        AttackKind::ArmorBreaking => u8::MAX,
    };
    let payable = |a: &&Attack| derived::can_pay(s, &derived::attack_cost(s, db, &a.cost));
    let any = w
        .attacks
        .iter()
        .filter(|a| a.kind == kind)
        .any(|a| payable(&a));
    w.attacks
        .iter()
        .filter(|a| a.kind == kind && (!any || payable(a)))
        .filter_map(|a| {
            let power = derived::attack_power(s, db, kind, a.power, 0).min(cap);
            if power == 0 {
                return None;
            }
            let cost = tokens(s, &derived::attack_cost(s, db, &a.cost));
            let attacks = f64::from(need.div_ceil(power));
            Some((attacks, attacks * cost))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// Expected Effort to beat monster `m` from position `s` (its trackers as they stand).
fn expected(s: &State, db: &CardDb, m: &MonsterState) -> Option<f64> {
    let card = db.monster(m.card)?;
    // Armor first, then wounds (p. 27); an attack that pierces skips the Armor.
    let plain = cheapest(s, db, AttackKind::ArmorBreaking, m.armor).and_then(|(a1, e1)| {
        cheapest(s, db, AttackKind::Wounding, m.health).map(|(a2, e2)| (a1 + a2, e1 + e2))
    });
    let (attacks, spent) = match (plain, pierce_plan(s, db, m.health)) {
        (Some(a), Some(b)) => {
            if b.1 < a.1 {
                b
            } else {
                a
            }
        }
        (a, b) => a.or(b)?,
    };
    // The monster's roll over its d6 table, modified and clamped (p. 28).
    let modifier = derived::roll_modifier(s, db) as i16;
    let (mut loss, mut defend) = (0.0, 0.0);
    for die in 1..=6i16 {
        let Some(row) = card.table.get(((die + modifier).clamp(1, 6) - 1) as usize) else {
            continue;
        };
        if derived::verb_ignored(s, db, &row.verb) {
            continue;
        }
        for e in derived::row_effects(s, row) {
            match e {
                Effect::Lose(b) => loss += tokens(s, b) / 6.0,
                Effect::Defend => defend += 1.0 / 6.0,
                _ => {}
            }
        }
    }
    // A DEFEND wastes the attack after it (p. 28): attacks needed grow by 1 / (1 − p).
    let waste = if defend < 1.0 {
        1.0 / (1.0 - defend)
    } else {
        return None;
    };
    let attacks = attacks * waste;
    let spent = spent * waste;
    // The monster rolls after each of the player's turns but the last (Hard: before each, p. 18).
    let rolls = if s.setup.difficulty == Difficulty::Hard {
        attacks
    } else {
        (attacks - 1.0).max(0.0)
    };
    Some(spent + rolls * loss)
}

/// Wounding with an attack that ignores Armor (a piercing attack), if the weapon has one.
fn pierce_plan(s: &State, db: &CardDb, health: u8) -> Option<(f64, f64)> {
    let w = derived::weapon(s, db)?;
    let cap = derived::wound_cap(s, db).unwrap_or(u8::MAX);
    w.attacks
        .iter()
        .filter(|a| a.pierce && a.kind == AttackKind::Wounding)
        .filter_map(|a| {
            let power = derived::attack_power(s, db, a.kind, a.power, 0).min(cap);
            (power > 0).then(|| {
                let attacks = f64::from(health.div_ceil(power));
                (
                    attacks,
                    attacks * tokens(s, &derived::attack_cost(s, db, &a.cost)),
                )
            })
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
}
