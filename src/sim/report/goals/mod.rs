//! The goals the balance report judges the box by, each with its target, the value measured
//! for the default and the strongest smart bot, and whether it is met: the weapon, Time and
//! difficulty goals and the table of every goal (`goal_table`), the goals about the cards
//! (`cards`), the win-rate bands and monsters' criteria (`aims`), and what they are measured
//! with (`kit`).

pub(super) mod aims;
pub(super) mod cards;
pub(super) mod goal_table;
pub(super) mod kit;
