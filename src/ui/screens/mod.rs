//! Whole screens: the title screen (`title`: continue, new game, daily challenge, records) and
//! the end screen (`end`: result, score breakdown, achievements, what next).

pub mod end;
pub mod title;
