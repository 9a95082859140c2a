//! Battles solved as numbers: the battle table (`table`: a battle reduced to the player's
//! options and the monster's rows, solved over the monster's Armor and Health), its small fixed
//! points solved exactly (`exact`), and the solved tables every game of the process shares
//! (`shared_tables`). The lowest part of the bot: it knows nothing of the game's state.

mod exact;
#[cfg(test)]
mod exact_tests;
pub mod shared_tables;
pub(super) mod table;

pub use table::{Fight, Opt, Table, SOLVES};
