//! Whole screens: the board during play (`board`) and the replay viewer's controls (`replay`).

pub mod board;
pub mod replay;
