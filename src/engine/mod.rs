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
/// The card vocabulary lives with the box ([`crate::content::cards`]); the engine interprets it.
pub use crate::content::cards;
/// Resources and bundles live with the box ([`crate::content::res`]).
pub use crate::content::res;
pub mod error;
pub mod event;
pub mod game;
pub mod pending;
pub mod preview;
pub mod rng;
pub mod scenario;
pub mod state;
pub mod text;

mod bookkeeping;
mod flow;
mod legal;
mod rules;
mod runner;
pub mod useful;
pub mod view;

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
    rules::responses::response(db, s, o)
}
