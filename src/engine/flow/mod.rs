//! The continuation the rules are in, as data: a stack of small [`Task`]s. Every step of the
//! turn (pp. 19–33) is a task, and card effects are tasks too, so a response window can open in
//! the middle of anything and the game still serialises as plain data.
//!
//! This module holds only the data: [`super::state::State`] keeps the stack, and the runner
//! ([`super::runner`]) pops and carries out the tasks. Neither is imported here, so the
//! position and its runner no longer import each other.

use super::event::Source;
use super::pending::ResponseOption;
use crate::content::cards::{Effect, Trigger};
use serde::{Deserialize, Serialize};

/// One thing the rules do next. The stack's top (the last element) runs first.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    /// Apply one card effect.
    Effect {
        source: Source,
        effect: Effect,
    },
    /// A response window; `options` is filled when it opens (p. 12).
    Window {
        trigger: Trigger,
        options: Option<Vec<ResponseOption>>,
    },
    /// Easy: roll for the extra starting resource (p. 18).
    EasyBonus,
    LevelStart,
    /// Back to the Preparation Step, or to the ambush if Time reached 0 (p. 21).
    ToPrepare,
    RevealEncounters,
    AfterEncounter {
        card: u16,
    },
    Ambush,
    Confront,
    StartBattle,
    FirstTurn,
    PlayerTurn,
    TurnReady,
    AfterPlayer,
    MonsterTurn {
        bonus: i8,
    },
    ApplyRoll,
    EndRow,
    AfterMonster,
    EndRound,
    NextRound,
    ResolveAttack {
        attack: u8,
    },
    PayLoss {
        source: Source,
    },
    DrawSkills,
    Defeated,
    Rewards,
    Hunger,
    Advance,
}
