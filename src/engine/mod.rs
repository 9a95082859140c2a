//! The rules of Unbroken as a deterministic state machine with no web dependencies.
//!
//! One entry point applies one [`Action`]: [`apply`]. It validates first with the same code as
//! [`check`], so on `Err` the game is unchanged. [`legal_actions`] lists exactly the actions
//! `check` accepts; [`candidate_actions`] lists every action the current step offers, legal or
//! not, so a UI can show a disabled control with its [`RuleError`] as the reason.
//! A [`Pending`] value says what the game waits for.
//!
//! Every public item is documented (`deny(missing_docs)`, issue 10 item 8): what it is for, and
//! the Rules Reference page of the rule it carries.
#![deny(missing_docs)]

pub mod action;
pub mod cards;
pub mod error;
pub mod event;
pub mod game;
pub mod pending;
pub mod preview;
pub mod res;
pub mod rng;
pub mod scenario;
pub mod state;
pub mod text;

mod bookkeeping;
mod combat;
mod effects;
mod endgame;
mod legal;
mod tasks;
mod travel;
pub mod useful;
pub mod view;
mod windows;

pub use action::Action;
pub use error::{LoadError, RuleError, SetupError};
pub use event::{CombatRoll, Event, RollModifier, Source};
pub use game::{apply, candidate_actions, check, legal_actions, preview, Game, SaveGame};
pub use pending::{Outcome, Pending, ResponseOption};
pub use preview::{Preview, TrackersAfter};
pub use state::{Difficulty, Setup, State, Stats, Step};

/// The response a window option points at (for bots and the UI).
pub fn game_response<'d>(
    db: &'d crate::content::CardDb,
    s: &State,
    o: &ResponseOption,
) -> Option<&'d cards::Response> {
    windows::response(db, s, o)
}
