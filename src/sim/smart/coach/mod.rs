//! The smart bot for the player: a hint for the decision on the table and a review of a whole
//! game with its turning point (`advice`), why the bot prefers a move, in the player's words
//! (`explain`, and `in_battle` for the Battle Step), and the bot's estimate of the chance to
//! win from a position (`chance`).

mod advice;
pub mod chance;
mod explain;
mod figures;
mod in_battle;

pub use advice::{hint, review, turning_point, victory, Advice, Reviewed, TurningPoint};
