//! The smart bot for the player: a hint for the decision on the table and a review of a whole
//! game (`advice`), and the bot's estimate of the chance to win from a position (`chance`).

mod advice;
pub mod chance;

pub use advice::{hint, review, Advice, Reviewed};
