//! The rules of Unbroken as a deterministic state machine with no web dependencies.
//!
//! One entry point applies one [`Action`]: [`apply`]. It validates first with the same code as
//! [`check`], so on `Err` the game is unchanged. [`legal_actions`] lists exactly the actions
//! `check` accepts; [`candidate_actions`] lists every action the current step offers, legal or
//! not, so a UI can show a disabled control with its [`RuleError`] as the reason.
//! A [`Pending`] value says what the game waits for.
//!
//! Every public item is documented (`deny(missing_docs)`): what it is for, and
//! the Rules Reference page of the rule it carries. The flow of play it follows is pp. 19–34.
#![deny(missing_docs)]

// The contract: what the UI, the bots, the records and the tests use. Everything else of the
// engine is reached through these (or the public modules below, for the rarer needs).
pub use action::Action;
pub use error::{LoadError, RuleError, SetupError};
pub use event::{CombatRoll, Event, RollModifier, Source};
pub use game::{
    apply, candidate_actions, check, legal_actions, legal_moves, preview, Game, SaveGame,
};
pub use pending::{Outcome, Pending, ResponseOption};
pub use preview::{Chance, PaidUp, Preview, TrackersAfter};
pub use state::{Difficulty, Setup, State, Stats, Step};

// The box, interpreted here and kept in `content` (the bottom layer).
/// The card vocabulary lives with the box ([`crate::content::cards`]); the engine interprets it.
pub use crate::content::cards;
/// Resources and bundles live with the box ([`crate::content::res`]).
pub use crate::content::res;

// The data of a game: actions, what happened, what is awaited, the position, its dice.
pub mod action;
pub mod error;
pub mod event;
pub mod pending;
pub mod rng;
pub mod shared;
pub mod state;

// The game and its entry points; hand-built positions for tests and tutorials.
pub mod game;
pub mod scenario;

// Read-only views of a position: derived values, whether a choice changes anything, previews,
// the threats a choice runs into, and the words of the log and the buttons.
pub mod derived;
pub mod fight_cost;
pub mod preview;
pub mod threats;
pub mod useful;
pub mod whatif;
pub mod words;

// The machinery: the rules by rulebook section, the continuation's data and its runner, the
// shared bookkeeping, and the dispatcher of checks.
mod bookkeeping;
mod flow;
mod legal;
mod rules;
mod runner;

/// The response a window option points at (for bots and the UI).
pub fn game_response<'d>(
    db: &'d crate::content::CardDb,
    s: &State,
    o: &ResponseOption,
) -> Option<&'d cards::Response> {
    rules::responses::response(db, s, o)
}
