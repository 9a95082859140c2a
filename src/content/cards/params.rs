//! The numbers of the rules sheet ([`Params`]): the starting weapon, Time, bars, starting
//! effort, the Scout costs and the score scale. The rules state some and leave others open
//! (RULINGS.md); as data, balance work can move them without touching the engine.

use super::super::res::{Bars, Bundle};
use super::{ActionDef, Ref};
use serde::{Deserialize, Serialize};

/// The Scout cost of one level (p. 21).
pub type ScoutCost = Bundle;

/// Starting Small Effort by difficulty (p. 18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartEffort {
    /// Easy (13, p. 18).
    pub easy: u8,
    /// Easy with the "easier" toggle (15, RULINGS.md).
    pub easy_toggle: u8,
    /// Normal (13, p. 18).
    pub normal: u8,
    /// Hard (10, p. 18).
    pub hard: u8,
}

/// One rank of the score scale (p. 34): scores from `min` up get `name`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rank {
    /// The lowest score of the rank.
    pub min: u32,
    /// Its name (Prey, Cast-off … Nemesis).
    pub name: String,
}

/// The numbers the rules state or leave open (RULINGS.md), as data so balance work can move them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The weapon every game starts with (Bare Hands, p. 8).
    pub start_weapon: Ref,
    /// Time at the start of levels I–IV (I is 7, p. 8; the rest tunable).
    pub time_per_level: [u8; 4],
    /// The maxima of the resource bars and trackers (RULINGS.md).
    pub bars: Bars,
    /// Starting Small Effort by difficulty (p. 18).
    pub start_effort: StartEffort,
    /// Easy's extra starting resource by d6 roll 1–6 (p. 18).
    pub easy_bonus: [Bundle; 6],
    /// Encounter cards revealed when exploring (p. 22).
    pub explore_cards: u8,
    /// Skill cards revealed when gaining a skill (p. 32).
    pub skill_cards: u8,
    /// Focus, Inspiration, Plan, Orienteer (p. 21) as plain actions.
    pub general_actions: Vec<ActionDef>,
    /// Scout costs by level (p. 21).
    pub scout: [ScoutCost; 4],
    /// Score per resource left (p. 34).
    pub points: Bundle,
    /// The rank scale, lowest first (p. 34).
    pub ranks: Vec<Rank>,
}
