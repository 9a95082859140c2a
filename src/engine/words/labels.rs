//! Button labels: each action the current step offers, in words, with its cost where it has one
//! ("Craft the Sword (2 Metal)", "Resolve Scholar's Journal"). The same words name a move in a
//! log or a replay. The costs are the ones the rules charge (p. 10, p. 15, p. 20).

use super::{action_def, cond_name, source_name};
use crate::content::cards::AttackKind;
use crate::content::CardDb;
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::pending::Pending;
use crate::engine::state::State;

/// The revealed encounter card `i` by name; "card N" when it is not on the table.
fn encounter_name(db: &CardDb, s: &State, i: u8) -> String {
    match &s.pending {
        Pending::Encounter { revealed, .. } => {
            revealed.get(i as usize).and_then(|c| db.encounter(*c))
        }
        _ => None,
    }
    .map_or_else(|| format!("card {}", i + 1), |e| e.name.clone())
}

/// A button label for an action in the current position.
pub fn action(db: &CardDb, s: &State, a: &Action) -> String {
    match a {
        Action::Respond(_)
        | Action::Pass
        | Action::KeepRoll(_)
        | Action::KeepSkill(_)
        | Action::DiscardCondition(_)
        | Action::ChooseUpgrade(_)
        | Action::Eat(_)
        | Action::Undo => choice_label(db, s, a),
        _ => turn_label(db, s, a),
    }
}

/// The actions of a turn and of the travel and trickery steps, with their costs.
fn turn_label(db: &CardDb, s: &State, a: &Action) -> String {
    match a {
        Action::General(i) => db
            .params
            .general_actions
            .get(*i as usize)
            .map(|d| format!("{} ({})", d.name, action_def(db, d)))
            .unwrap_or_default(),
        Action::Craft(i) => derived::weapon(s, db)
            .and_then(|w| w.upgrades.get(*i as usize))
            .map(|u| {
                let to = db.weapon(u.to.idx).map(|w| w.name.as_str()).unwrap_or("");
                format!(
                    "Craft the {to} ({})",
                    derived::craft_cost(s, db, &u.cost).describe()
                )
            })
            .unwrap_or_default(),
        Action::Downgrade => "Downgrade your weapon for good".into(),
        Action::Scout => {
            let c = derived::scout_cost(s, db);
            format!("Scout ({}): reveal the monster", c.describe())
        }
        Action::Ability(i) => db
            .character(s.character)
            .and_then(|c| c.abilities.get(*i as usize))
            .map(|ab| match &ab.action {
                Some(d) => format!("{} ({})", ab.name, action_def(db, d)),
                None => ab.name.clone(),
            })
            .unwrap_or_default(),
        Action::SkillAction { skill, action } => s
            .skills
            .get(*skill as usize)
            .and_then(|k| db.skill(*k))
            .and_then(|c| c.actions.get(*action as usize).map(|d| (c, d)))
            .map(|(c, d)| format!("{}: {} ({})", c.name, d.name, action_def(db, d)))
            .unwrap_or_default(),
        Action::MonsterAction(i) => s
            .monster
            .as_ref()
            .and_then(|m| db.monster(m.card))
            .and_then(|m| m.actions.get(*i as usize))
            .map(|d| format!("{} ({})", d.name, action_def(db, d)))
            .unwrap_or_default(),
        Action::Explore => "Explore".into(),
        Action::Confront => "Face the monster".into(),
        // The card by name ("Resolve Scholar's Journal"), so a log or replay says which.
        Action::Resolve(i) => format!("Resolve {}", encounter_name(db, s, *i)),
        Action::Rest(i) => format!("Rest on {}", encounter_name(db, s, *i)),
        Action::Trick => "Trick the monster".into(),
        Action::Fight => "Fight".into(),
        Action::Attack(i) => derived::weapon(s, db)
            .and_then(|w| w.attacks.get(*i as usize))
            .map(|at| {
                let kind = match at.kind {
                    AttackKind::ArmorBreaking => "Armor-Breaking",
                    AttackKind::Wounding => "Wounding",
                };
                let cost = derived::attack_cost(s, db, &at.cost).describe();
                // The power the attack will have (p. 12: passives apply), with the cards that
                // moved it from the printed figure.
                let power = derived::attack_power(s, db, at.kind, at.power, 0);
                if power == at.power {
                    return format!("{kind} attack {power} ({cost})");
                }
                let by: Vec<String> = derived::power_sources(s, db, at.kind)
                    .into_iter()
                    .map(|src| source_name(db, s, src))
                    .collect();
                format!(
                    "{kind} attack {power} ({cost}) — {}, printed {}",
                    by.join(", "),
                    at.power
                )
            })
            .unwrap_or_default(),
        Action::Skip => "Skip your turn".into(),
        _ => String::new(),
    }
}

/// The answers to what the game asks: responses, rolls, skills, conditions, weapons, food.
fn choice_label(db: &CardDb, s: &State, a: &Action) -> String {
    match a {
        Action::Respond(i) => match &s.pending {
            Pending::Respond { options, .. } => options
                .get(*i as usize)
                .map(|o| format!("Use {}", source_name(db, s, o.source)))
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::Pass => "Use no more responses".into(),
        Action::KeepRoll(i) => match &s.pending {
            Pending::ChooseRoll { first, second } => {
                format!("Use the roll {}", if *i == 0 { first } else { second })
            }
            _ => String::new(),
        },
        Action::KeepSkill(i) => match &s.pending {
            Pending::ChooseSkill { cards } => cards
                .get(*i as usize)
                .and_then(|k| db.skill(*k))
                .map(|c| format!("Keep {}", c.name))
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::DiscardCondition(i) => match &s.pending {
            Pending::ChooseCondition { options } => options
                .get(*i as usize)
                .map(|c| format!("Discard {}", cond_name(db, *c)))
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::ChooseUpgrade(i) => match &s.pending {
            Pending::ChooseUpgrade { options, replace } => options
                .get(*i as usize)
                .and_then(|w| db.weapon(*w).map(|c| (*w, c)))
                .map(|(w, c)| match replace {
                    false => format!("Craft the {} for free", c.name),
                    true if w == derived::weapon_id(s) => format!("Keep the {}", c.name),
                    true => format!("Take the {}", c.name),
                })
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::Eat(n) => format!("Eat {n} Food"),
        Action::Undo => "Undo".into(),
        _ => String::new(),
    }
}
