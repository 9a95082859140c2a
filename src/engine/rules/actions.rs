//! The actions of a turn (pp. 13–15, p. 20): the general actions of the Actions Guide, crafting
//! and downgrading a weapon (p. 15), the character's abilities (p. 13), skill actions (p. 14) and
//! a monster sheet's actions. They are taken in the Preparation Step or on the player's turn in
//! battle, as each card's timing allows; each pays its cost, then runs its card effects.

use super::{afford, each};
use crate::content::cards::{ActionDef, Effect, Limit, Passive, Timing};
use crate::content::CardDb;
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::error::RuleError;
use crate::engine::event::{Event, Source};
use crate::engine::flow::Task;
use crate::engine::pending::Pending;
use crate::engine::runner::Ctx;
use crate::engine::state::State;

fn timing_ok(def: &ActionDef, battle: bool) -> Result<(), RuleError> {
    let ok = match def.timing {
        Timing::General => true,
        Timing::Travel => !battle,
        Timing::Combat => battle,
    };
    if ok {
        Ok(())
    } else {
        Err(RuleError::WrongPhase {
            action: def.name.clone(),
            allowed: match def.timing {
                Timing::Travel => "in the Preparation Step".into(),
                _ => "on your turn in battle".into(),
            },
        })
    }
}

fn card_action(
    s: &State,
    db: &CardDb,
    source: Source,
    def: &ActionDef,
    battle: bool,
) -> Result<(), RuleError> {
    timing_ok(def, battle)?;
    afford(s, &def.cost, &def.name)?;
    worth_it(s, db, source, def)
}

/// An action whose effects would change nothing is refused ([`crate::engine::useful`]).
fn worth_it(s: &State, db: &CardDb, source: Source, def: &ActionDef) -> Result<(), RuleError> {
    if crate::engine::useful::changes_something(s, db, source, &def.effects) {
        Ok(())
    } else {
        Err(RuleError::ChangesNothing {
            name: def.name.clone(),
        })
    }
}

/// Checks a turn action, on the player's turn (`battle`: in battle, else the Preparation Step).
pub(crate) fn check(s: &State, db: &CardDb, a: &Action, battle: bool) -> Result<(), RuleError> {
    match a {
        Action::General(i) => {
            let def = db
                .params
                .general_actions
                .get(*i as usize)
                .ok_or(RuleError::NoSuchChoice)?;
            card_action(s, db, Source::General(*i), def, battle)
        }
        Action::Craft(i) => check_craft(s, db, *i),
        Action::Downgrade => {
            if s.weapons.len() > 1 {
                Ok(())
            } else {
                Err(RuleError::CannotDowngrade)
            }
        }
        Action::Ability(i) => check_ability(s, db, *i, battle),
        Action::SkillAction { skill, action } => check_skill(s, db, *skill, *action, battle),
        Action::MonsterAction(i) => {
            let m = s
                .monster
                .as_ref()
                .and_then(|m| db.monster(m.card))
                .ok_or(RuleError::NoSuchChoice)?;
            let def = m.actions.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
            let card = s.monster.as_ref().map(|m| m.card).unwrap_or_default();
            card_action(s, db, Source::Monster(card), def, battle)
        }
        _ => Err(RuleError::NoSuchChoice),
    }
}

/// Crafting: the sheet's upgrade path, paid in full (p. 15), never with the sheet set aside.
fn check_craft(s: &State, db: &CardDb, i: u8) -> Result<(), RuleError> {
    let w = derived::weapon(s, db).ok_or(RuleError::NoUpgrade)?;
    let u = w.upgrades.get(i as usize).ok_or(RuleError::NoUpgrade)?;
    if !s.combat.set_aside.is_empty() {
        return Err(RuleError::WeaponSetAside);
    }
    let to = db.weapon(u.to.idx).map(|w| w.name.as_str()).unwrap_or("");
    afford(
        s,
        &derived::craft_cost(s, db, &u.cost),
        &format!("craft the {to}"),
    )
}

/// An ability used as an action (p. 13): its timing, no condition blocking abilities, a use left.
fn check_ability(s: &State, db: &CardDb, i: u8, battle: bool) -> Result<(), RuleError> {
    let ch = db.character(s.character).ok_or(RuleError::NoSuchChoice)?;
    let ab = ch
        .abilities
        .get(i as usize)
        .ok_or(RuleError::NoSuchChoice)?;
    let def = ab.action.as_ref().ok_or_else(|| RuleError::NotAnAction {
        name: ab.name.clone(),
    })?;
    timing_ok(def, battle)?;
    if let Some(c) = derived::blocking_condition(s, db, &Passive::NoAbilities) {
        return Err(RuleError::AbilitiesBlocked { condition: c });
    }
    if s.uses == 0 {
        return Err(RuleError::NoAbilityUses);
    }
    afford(s, &def.cost, &def.name)?;
    worth_it(s, db, Source::Ability(i), def)
}

/// A skill's action (p. 14), within its use limit.
fn check_skill(
    s: &State,
    db: &CardDb,
    skill: u8,
    action: u8,
    battle: bool,
) -> Result<(), RuleError> {
    let k = *s
        .skills
        .get(skill as usize)
        .ok_or(RuleError::NoSuchChoice)?;
    let card = db.skill(k).ok_or(RuleError::NoSuchChoice)?;
    let def = card
        .actions
        .get(action as usize)
        .ok_or(RuleError::NoSuchChoice)?;
    if def.limit != Limit::None
        && s.spent_actions
            .iter()
            .any(|(c, a, _)| *c == k && *a == action)
    {
        return Err(RuleError::LimitReached {
            name: def.name.clone(),
        });
    }
    card_action(s, db, Source::Skill(k), def, battle)
}

/// The turn actions offered now: general actions (not the travel-only ones in battle), crafts,
/// the downgrade, the abilities that are actions and every skill action.
pub(crate) fn candidates(s: &State, db: &CardDb, battle: bool, out: &mut Vec<Action>) {
    for (i, g) in db.params.general_actions.iter().enumerate() {
        if !battle || g.timing != Timing::Travel {
            out.push(Action::General(i as u8));
        }
    }
    if let Some(w) = derived::weapon(s, db) {
        each(out, w.upgrades.len(), Action::Craft);
    }
    out.push(Action::Downgrade);
    if let Some(ch) = db.character(s.character) {
        for (i, a) in ch.abilities.iter().enumerate() {
            if a.action.is_some() {
                out.push(Action::Ability(i as u8));
            }
        }
    }
    for (i, k) in s.skills.iter().enumerate() {
        if let Some(card) = db.skill(*k) {
            for j in 0..card.actions.len() {
                out.push(Action::SkillAction {
                    skill: i as u8,
                    action: j as u8,
                });
            }
        }
    }
}

/// After a turn action: back to preparation, or the turn passes. Card effects are scheduled on
/// top of this, so they run first.
pub(crate) fn finish(cx: &mut Ctx, pending: &Pending, source: Source, effects: &[Effect]) {
    let next = if matches!(pending, Pending::Battle { .. }) {
        Task::AfterPlayer
    } else {
        Task::ToPrepare
    };
    cx.then([next]);
    cx.then_effects(source, effects);
    cx.run();
}

/// Pays for a card's action, says it was taken, and runs its effects.
fn take(cx: &mut Ctx, pending: &Pending, source: Source, def: &ActionDef) {
    cx.pay(source, &def.cost);
    cx.emit(Event::ActionTaken {
        source,
        name: def.name.clone(),
    });
    finish(cx, pending, source, &def.effects);
}

/// Carries out a validated turn action.
pub(crate) fn exec(cx: &mut Ctx, pending: &Pending, a: Action) {
    match a {
        Action::General(i) => {
            if let Some(def) = cx.db.params.general_actions.get(i as usize).cloned() {
                take(cx, pending, Source::General(i), &def);
            }
        }
        Action::Craft(i) => {
            let up = derived::weapon(cx.s, cx.db).and_then(|w| w.upgrades.get(i as usize));
            let Some(up) = up.cloned() else {
                return;
            };
            let cost = derived::craft_cost(cx.s, cx.db, &up.cost);
            cx.pay(Source::Weapon(up.to.idx), &cost);
            cx.upgrade_to(up.to.idx);
            finish(cx, pending, Source::Rules, &[]);
        }
        Action::Downgrade => {
            cx.downgrade(0);
            finish(cx, pending, Source::Rules, &[]);
        }
        Action::Ability(i) => use_ability(cx, pending, i),
        Action::SkillAction { skill, action } => use_skill(cx, pending, skill, action),
        Action::MonsterAction(i) => {
            let Some(card) = cx.s.monster.as_ref().map(|m| m.card) else {
                return;
            };
            let def = cx.db.monster(card).and_then(|m| m.actions.get(i as usize));
            if let Some(def) = def.cloned() {
                take(cx, pending, Source::Monster(card), &def);
            }
        }
        _ => {}
    }
}

/// An ability's action: pay, spend a use (p. 13), run its effects.
fn use_ability(cx: &mut Ctx, pending: &Pending, i: u8) {
    let def = cx
        .db
        .character(cx.s.character)
        .and_then(|c| c.abilities.get(i as usize))
        .and_then(|a| a.action.clone());
    let Some(def) = def else {
        return;
    };
    cx.pay(Source::Ability(i), &def.cost);
    cx.s.uses = cx.s.uses.saturating_sub(1);
    cx.s.stats.abilities_used += 1;
    cx.emit(Event::ActionTaken {
        source: Source::Ability(i),
        name: def.name.clone(),
    });
    let uses = cx.s.uses;
    cx.emit(Event::AbilityUsesLeft { uses });
    finish(cx, pending, Source::Ability(i), &def.effects);
}

/// A skill's action: pay, count it against its limit (p. 14), run its effects.
fn use_skill(cx: &mut Ctx, pending: &Pending, skill: u8, action: u8) {
    let Some(&k) = cx.s.skills.get(skill as usize) else {
        return;
    };
    let Some(def) = cx
        .db
        .skill(k)
        .and_then(|c| c.actions.get(action as usize))
        .cloned()
    else {
        return;
    };
    cx.pay(Source::Skill(k), &def.cost);
    if def.limit != Limit::None {
        cx.s.spent_actions
            .push((k, action, def.limit == Limit::Once));
    }
    cx.note_skill(k);
    cx.emit(Event::ActionTaken {
        source: Source::Skill(k),
        name: def.name.clone(),
    });
    finish(cx, pending, Source::Skill(k), &def.effects);
}
