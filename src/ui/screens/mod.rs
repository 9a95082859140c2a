//! Whole screens: the title screen (`title`: continue, new game, daily challenge, records), the
//! board during play (`board`), the end screen (`end`: result, score breakdown, achievements,
//! what next), the replay viewer's controls (`replay`) and its review with the bot (`review`).

pub mod board;
pub mod end;
pub mod replay;
pub mod review;
pub mod title;
