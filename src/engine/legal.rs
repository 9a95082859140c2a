//! Which actions the rules allow now, and why not: a dispatcher. `validate` is the one place a
//! rule refuses an action — each action's check lives in its rulebook section
//! (`rules/`); `apply`, `check`, `legal_actions` and the UI all go through it. What refuses
//! before any section is asked: the game is over (p. 34), or an extra attack allows only a weapon
//! attack.

use super::action::Action;
use super::error::RuleError;
use super::pending::Pending;
use super::rules::{actions, after_battle, battle, effects, not_now, responses, travel, trickery};
use super::state::State;
use crate::content::CardDb;

/// Checks an action against the rules without changing anything. (Undo is checked by the game.)
pub fn validate(s: &State, db: &CardDb, a: &Action) -> Result<(), RuleError> {
    let p = &s.pending;
    if let Pending::Over(_) = p {
        return Err(RuleError::GameOver);
    }
    let (turn, battle) = match p {
        Pending::Prepare => (true, false),
        Pending::Battle { attack_only } => {
            if *attack_only && !matches!(a, Action::Attack(_) | Action::Skip | Action::Undo) {
                return Err(RuleError::AttackOnly);
            }
            (true, true)
        }
        _ => (false, false),
    };
    match a {
        Action::Undo => Ok(()),
        Action::General(_)
        | Action::Craft(_)
        | Action::Downgrade
        | Action::Ability(_)
        | Action::SkillAction { .. }
        | Action::MonsterAction(_)
            if turn =>
        {
            actions::check(s, db, a, battle)
        }
        Action::Scout
        | Action::Explore
        | Action::Confront
        | Action::Resolve(_)
        | Action::Rest(_) => travel::check(s, db, a),
        Action::Trick | Action::Fight => trickery::check(s, db, a),
        Action::Attack(_) | Action::Skip => battle::check(s, db, a),
        Action::Respond(_) | Action::Pass => responses::check(s, db, a),
        Action::KeepSkill(_) | Action::Eat(_) => after_battle::check(s, a),
        Action::KeepRoll(_) | Action::DiscardCondition(_) | Action::ChooseUpgrade(_) => {
            effects::check(s, a)
        }
        _ => Err(not_now(p)),
    }
}

/// Every action the current step offers, legal or not (without Undo).
pub fn candidates(s: &State, db: &CardDb) -> Vec<Action> {
    let mut out = Vec::new();
    match &s.pending {
        Pending::Prepare | Pending::Encounter { .. } => travel::candidates(s, db, &mut out),
        Pending::Trickery => trickery::candidates(&mut out),
        Pending::Battle { attack_only } => battle::candidates(s, db, *attack_only, &mut out),
        Pending::Respond { options, .. } => responses::choices(options, &mut out),
        p @ (Pending::ChooseSkill { .. } | Pending::Hunger { .. }) => {
            after_battle::candidates(p, &mut out)
        }
        p @ (Pending::ChooseRoll { .. }
        | Pending::ChooseCondition { .. }
        | Pending::ChooseUpgrade { .. }) => effects::candidates(p, &mut out),
        Pending::Over(_) => {}
    }
    out
}
