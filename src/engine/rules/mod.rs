//! The rules, one file per section of the Rules Reference, in the order of play: setup (p. 8,
//! p. 18), the actions of a turn (pp. 13–15, p. 20), the Travel Phase (pp. 20–23), the Ambush
//! Step (p. 24), the Trickery Step (p. 25), the Battle Step (pp. 26–29), after the battle
//! (pp. 32–34), responses (p. 12) and the card effects they all run. Scoring (p. 34) has
//! no action of its own: its values are derived (`derived.rs`).
//!
//! Each file holds both the check of its actions (what [`super::check`] refuses, and why) and
//! their execution (what [`super::apply`] then does), so one rule is read in one place.
//! `legal.rs` and `game.rs` only dispatch an [`Action`] to the section that owns it.

use super::action::Action;
use super::derived;
use super::error::RuleError;
use super::pending::Pending;
use super::state::State;
use crate::content::res::Bundle;

pub(crate) mod actions;
pub(crate) mod after_battle;
pub(crate) mod ambush;
pub(crate) mod battle;
pub(crate) mod effects;
pub(crate) mod responses;
pub(crate) mod setup;
pub(crate) mod travel;
pub(crate) mod trickery;

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

/// The refusal of an action the current step does not offer.
pub(crate) fn not_now(p: &Pending) -> RuleError {
    RuleError::NotNow {
        waiting: waiting_for(p),
    }
}

/// A voluntary cost: the resources first (p. 10), then the Time (p. 20, [`derived::time_short`]).
pub(crate) fn afford(s: &State, cost: &Bundle, to: &str) -> Result<(), RuleError> {
    let c = derived::effective_cost(s, cost);
    let plain = Bundle { time: 0, ..c };
    if s.stock.plan_payment(&plain).is_none() {
        return Err(RuleError::CannotAfford {
            need: plain,
            to: to.to_string(),
        });
    }
    if derived::time_short(s, cost) {
        return Err(RuleError::NotEnoughTime {
            need: c.time,
            left: s.time.max(0) as u8,
            to: to.to_string(),
        });
    }
    Ok(())
}

/// A choice among the options a `Choose…` step lists: in range, or no such choice.
pub(crate) fn in_range(i: impl Into<usize>, len: usize) -> Result<(), RuleError> {
    if i.into() < len {
        Ok(())
    } else {
        Err(RuleError::NoSuchChoice)
    }
}

/// Offers `make(i)` for each of `n` options. A function pointer, not a generic: one copy of
/// this loop in the app, whichever action it builds (the first download counts every copy).
pub(crate) fn each(out: &mut Vec<Action>, n: usize, make: fn(u8) -> Action) {
    for i in 0..n {
        out.push(make(i as u8));
    }
}
