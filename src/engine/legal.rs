//! Which actions the rules allow now, and why not. `validate` is the one place a rule refuses
//! an action; `apply`, `check`, `legal_actions` and the UI all go through it.

use super::action::Action;
use super::cards::{ActionDef, AttackKind, Limit, Passive, Timing, LAST_LEVEL};
use super::error::RuleError;
use super::event::Source;
use super::pending::Pending;
use super::res::Bundle;
use super::state::State;
use super::view;
use crate::content::CardDb;

/// What the game waits for, in a few words (for "not now" messages).
pub fn waiting_for(p: &Pending) -> String {
    match p {
        Pending::Prepare => "prepare, then explore or face the monster".into(),
        Pending::Encounter { .. } => "choose an encounter card to resolve or rest on".into(),
        Pending::Trickery => "trick the monster or fight it".into(),
        Pending::Battle { .. } => "your turn in battle".into(),
        Pending::Respond { .. } => "use or pass on the responses offered".into(),
        Pending::ChooseRoll { .. } => "choose which roll to use".into(),
        Pending::ChooseSkill { .. } => "choose a skill to keep".into(),
        Pending::ChooseCondition { .. } => "choose a condition to discard".into(),
        Pending::ChooseUpgrade { replace: false, .. } => {
            "choose the weapon your free upgrade crafts".into()
        }
        Pending::ChooseUpgrade { .. } => "choose the weapon you take".into(),
        Pending::Hunger { .. } => "eat".into(),
        Pending::Over(_) => "the game is over".into(),
    }
}

/// A voluntary cost: the resources first (p. 10), then the Time (p. 20, [`view::time_short`]).
fn afford(s: &State, cost: &Bundle, to: &str) -> Result<(), RuleError> {
    let c = view::effective_cost(s, cost);
    let plain = Bundle { time: 0, ..c };
    if s.stock.plan_payment(&plain).is_none() {
        return Err(RuleError::CannotAfford {
            need: plain,
            to: to.to_string(),
        });
    }
    if view::time_short(s, cost) {
        return Err(RuleError::NotEnoughTime {
            need: c.time,
            left: s.time.max(0) as u8,
            to: to.to_string(),
        });
    }
    Ok(())
}

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

/// An action whose effects would change nothing is refused ([`super::useful`]).
fn worth_it(s: &State, db: &CardDb, source: Source, def: &ActionDef) -> Result<(), RuleError> {
    if super::useful::changes_something(s, db, source, &def.effects) {
        Ok(())
    } else {
        Err(RuleError::ChangesNothing {
            name: def.name.clone(),
        })
    }
}

fn not_now(p: &Pending) -> RuleError {
    RuleError::NotNow {
        waiting: waiting_for(p),
    }
}

/// No revealed card can be resolved and resting is forbidden: the player still chooses a card and
/// gains nothing from it, losing its Time (p. 23: "or were forced to do nothing").
fn forced_to_do_nothing(s: &State, db: &CardDb, revealed: &[u16]) -> bool {
    let can_rest = !view::has_passive(s, db, &Passive::NoRest);
    !can_rest
        && revealed
            .iter()
            .filter_map(|c| db.encounter(*c))
            .all(|e| !view::can_pay(s, &e.spend))
}

/// Checks an action against the rules without changing anything. (Undo is checked by the game.)
pub fn validate(s: &State, db: &CardDb, a: &Action) -> Result<(), RuleError> {
    let p = &s.pending;
    if let Pending::Over(_) = p {
        return Err(RuleError::GameOver);
    }
    let (prep, battle, attack_only) = match p {
        Pending::Prepare => (true, false, false),
        Pending::Battle { attack_only } => (false, true, *attack_only),
        _ => (false, false, false),
    };
    if attack_only && !matches!(a, Action::Attack(_) | Action::Skip | Action::Undo) {
        return Err(RuleError::AttackOnly);
    }
    let turn = prep || battle;
    match a {
        Action::Undo => Ok(()),
        Action::General(i) if turn => {
            let def = db
                .params
                .general_actions
                .get(*i as usize)
                .ok_or(RuleError::NoSuchChoice)?;
            card_action(s, db, Source::General(*i), def, battle)
        }
        Action::Craft(i) if turn => {
            let w = view::weapon(s, db).ok_or(RuleError::NoUpgrade)?;
            let u = w.upgrades.get(*i as usize).ok_or(RuleError::NoUpgrade)?;
            if !s.combat.set_aside.is_empty() {
                return Err(RuleError::WeaponSetAside);
            }
            let to = db.weapon(u.to.idx).map(|w| w.name.as_str()).unwrap_or("");
            afford(
                s,
                &view::craft_cost(s, db, &u.cost),
                &format!("craft the {to}"),
            )
        }
        Action::Downgrade if turn => {
            if s.weapons.len() > 1 {
                Ok(())
            } else {
                Err(RuleError::CannotDowngrade)
            }
        }
        Action::Scout if battle => Err(RuleError::WrongPhase {
            action: "Scout".into(),
            allowed: "in the Preparation Step".into(),
        }),
        Action::Scout if prep => {
            if s.monster.is_some() {
                return Err(RuleError::AlreadyRevealed);
            }
            let cost = view::scout_cost(s, db);
            afford(s, &cost, "Scout")
        }
        Action::Ability(i) if turn => {
            let ch = db.character(s.character).ok_or(RuleError::NoSuchChoice)?;
            let ab = ch
                .abilities
                .get(*i as usize)
                .ok_or(RuleError::NoSuchChoice)?;
            let def = ab.action.as_ref().ok_or_else(|| RuleError::NotAnAction {
                name: ab.name.clone(),
            })?;
            timing_ok(def, battle)?;
            if let Some(c) = view::blocking_condition(s, db, &Passive::NoAbilities) {
                return Err(RuleError::AbilitiesBlocked { condition: c });
            }
            if s.uses == 0 {
                return Err(RuleError::NoAbilityUses);
            }
            afford(s, &def.cost, &def.name)?;
            worth_it(s, db, Source::Ability(*i), def)
        }
        Action::SkillAction { skill, action } if turn => {
            let k = *s
                .skills
                .get(*skill as usize)
                .ok_or(RuleError::NoSuchChoice)?;
            let card = db.skill(k).ok_or(RuleError::NoSuchChoice)?;
            let def = card
                .actions
                .get(*action as usize)
                .ok_or(RuleError::NoSuchChoice)?;
            if def.limit != Limit::None
                && s.spent_actions
                    .iter()
                    .any(|(c, a, _)| *c == k && *a == *action)
            {
                return Err(RuleError::LimitReached {
                    name: def.name.clone(),
                });
            }
            card_action(s, db, Source::Skill(k), def, battle)
        }
        Action::MonsterAction(i) if turn => {
            let m = s
                .monster
                .as_ref()
                .and_then(|m| db.monster(m.card))
                .ok_or(RuleError::NoSuchChoice)?;
            let def = m.actions.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
            let card = s.monster.as_ref().map(|m| m.card).unwrap_or_default();
            card_action(s, db, Source::Monster(card), def, battle)
        }
        Action::Explore if prep => Ok(()),
        Action::Confront if prep => {
            if s.committed {
                Err(RuleError::MustExplore)
            } else {
                Ok(())
            }
        }
        Action::Resolve(i) => match p {
            Pending::Encounter {
                revealed,
                committed,
            } => {
                let c = *revealed.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
                let e = db.encounter(c).ok_or(RuleError::NoSuchChoice)?;
                if *committed || forced_to_do_nothing(s, db, revealed) {
                    Ok(())
                } else {
                    afford(s, &e.spend, &format!("resolve {}", e.name))
                }
            }
            _ => Err(not_now(p)),
        },
        Action::Rest(i) => match p {
            Pending::Encounter {
                revealed,
                committed,
            } => {
                revealed.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
                if *committed {
                    return Err(RuleError::MustResolve);
                }
                if let Some(c) = view::blocking_condition(s, db, &Passive::NoRest) {
                    return Err(RuleError::CannotRest { condition: c });
                }
                if view::has_passive(s, db, &Passive::NoRest) {
                    return Err(RuleError::CannotRest {
                        condition: "A card in play".into(),
                    });
                }
                Ok(())
            }
            _ => Err(not_now(p)),
        },
        // The Level IV monster can never be tricked, whatever its sheet says (p. 5, pp. 33–34):
        // at the last level that is the reason, not the step.
        Action::Trick if s.level >= LAST_LEVEL => Err(RuleError::CannotTrick),
        Action::Trick | Action::Fight if !matches!(p, Pending::Trickery) => Err(not_now(p)),
        Action::Fight => Ok(()),
        Action::Trick => {
            let cost = view::trickery_cost(s, db).ok_or(RuleError::CannotTrick)?;
            afford(s, &cost, "trick the monster")?;
            if view::trickery_price_payable(s, db) {
                Ok(())
            } else {
                let price = s
                    .monster
                    .as_ref()
                    .and_then(|m| db.monster(m.card))
                    .map(|m| super::text::effects(db, &m.trickery_price))
                    .unwrap_or_default();
                Err(RuleError::TrickeryPriceUnpayable { price })
            }
        }
        Action::Attack(i) if battle => {
            let w = view::weapon(s, db).ok_or(RuleError::NoSuchChoice)?;
            let at = w.attacks.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
            let armor = s.monster.as_ref().map(|m| m.armor).unwrap_or(0);
            match at.kind {
                AttackKind::ArmorBreaking if armor == 0 => return Err(RuleError::NoArmorLeft),
                AttackKind::Wounding if armor > 0 && !at.pierce => {
                    return Err(RuleError::ArmorUnbroken)
                }
                _ => {}
            }
            afford(s, &view::attack_cost(s, db, &at.cost), "attack")
        }
        Action::Skip if battle => Ok(()),
        Action::Respond(i) => match p {
            Pending::Respond { options, .. } => {
                let o = options.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
                if o.changes_nothing {
                    Err(RuleError::ChangesNothing {
                        name: super::text::source_name(db, s, o.source),
                    })
                } else {
                    Ok(())
                }
            }
            _ => Err(not_now(p)),
        },
        Action::Pass => match p {
            Pending::Respond { options, .. } => {
                if options.iter().any(|o| o.mandatory) {
                    Err(RuleError::MandatoryLeft)
                } else {
                    Ok(())
                }
            }
            _ => Err(not_now(p)),
        },
        Action::KeepRoll(i) => match p {
            Pending::ChooseRoll { .. } if *i <= 1 => Ok(()),
            Pending::ChooseRoll { .. } => Err(RuleError::NoSuchChoice),
            _ => Err(not_now(p)),
        },
        Action::KeepSkill(i) => match p {
            Pending::ChooseSkill { cards } if (*i as usize) < cards.len() => Ok(()),
            Pending::ChooseSkill { .. } => Err(RuleError::NoSuchChoice),
            _ => Err(not_now(p)),
        },
        Action::DiscardCondition(i) => match p {
            Pending::ChooseCondition { options } if (*i as usize) < options.len() => Ok(()),
            Pending::ChooseCondition { .. } => Err(RuleError::NoSuchChoice),
            _ => Err(not_now(p)),
        },
        Action::ChooseUpgrade(i) => match p {
            Pending::ChooseUpgrade { options, .. } if (*i as usize) < options.len() => Ok(()),
            Pending::ChooseUpgrade { .. } => Err(RuleError::NoSuchChoice),
            _ => Err(not_now(p)),
        },
        Action::Eat(n) => match p {
            Pending::Hunger { requirement } => {
                let max = (*requirement).min(s.stock.get(super::res::Res::Food));
                if *n > max {
                    Err(RuleError::TooMuchFood { max })
                } else {
                    Ok(())
                }
            }
            _ => Err(not_now(p)),
        },
        _ => Err(not_now(p)),
    }
}

/// Every action the current step offers, legal or not (without Undo).
pub fn candidates(s: &State, db: &CardDb) -> Vec<Action> {
    let mut out = Vec::new();
    let turn_actions = |out: &mut Vec<Action>, battle: bool| {
        for (i, g) in db.params.general_actions.iter().enumerate() {
            if !battle || g.timing != Timing::Travel {
                out.push(Action::General(i as u8));
            }
        }
        if let Some(w) = view::weapon(s, db) {
            for i in 0..w.upgrades.len() {
                out.push(Action::Craft(i as u8));
            }
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
    };
    match &s.pending {
        Pending::Prepare => {
            turn_actions(&mut out, false);
            out.push(Action::Scout);
            out.push(Action::Explore);
            out.push(Action::Confront);
        }
        Pending::Encounter { revealed, .. } => {
            for i in 0..revealed.len() {
                out.push(Action::Resolve(i as u8));
                out.push(Action::Rest(i as u8));
            }
        }
        Pending::Trickery => {
            out.push(Action::Trick);
            out.push(Action::Fight);
        }
        Pending::Battle { attack_only } => {
            if let Some(w) = view::weapon(s, db) {
                for i in 0..w.attacks.len() {
                    out.push(Action::Attack(i as u8));
                }
            }
            if !attack_only {
                turn_actions(&mut out, true);
                if let Some(m) = s.monster.as_ref().and_then(|m| db.monster(m.card)) {
                    for i in 0..m.actions.len() {
                        out.push(Action::MonsterAction(i as u8));
                    }
                }
            }
            out.push(Action::Skip);
        }
        Pending::Respond { options, .. } => {
            for i in 0..options.len() {
                out.push(Action::Respond(i as u8));
            }
            out.push(Action::Pass);
        }
        Pending::ChooseRoll { .. } => {
            out.push(Action::KeepRoll(0));
            out.push(Action::KeepRoll(1));
        }
        Pending::ChooseSkill { cards } => {
            for i in 0..cards.len() {
                out.push(Action::KeepSkill(i as u8));
            }
        }
        Pending::ChooseCondition { options } => {
            for i in 0..options.len() {
                out.push(Action::DiscardCondition(i as u8));
            }
        }
        Pending::ChooseUpgrade { options, .. } => {
            for i in 0..options.len() {
                out.push(Action::ChooseUpgrade(i as u8));
            }
        }
        Pending::Hunger { requirement } => {
            for n in 0..=*requirement {
                out.push(Action::Eat(n));
            }
        }
        Pending::Over(_) => {}
    }
    out
}
