//! Browser storage (wasm32 only). Each kind of data has its own module and its own keys, so one
//! cannot break another: [`game`] holds the game in progress.

pub mod game;

/// The scorepad, achievements and statistics: their own keys, apart from the saved game.
pub mod records;
