//! The cards dealt in play: the [`Monster`] sheets (with their combat table [`Row`]s, p. 13),
//! the [`Encounter`] cards (p. 22), the [`Skill`] cards (p. 14) and the [`ConditionCard`]s
//! (p. 17), with [`LAST_LEVEL`], the level whose monster ends the game.

use super::super::res::Bundle;
use super::{ActionDef, Effect, Passive, Response};
use serde::{Deserialize, Serialize};

/// One row of a monster's combat table (p. 28): a verb, its effects, the bracketed alternative.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The verb printed on the row (MISS, WOUND, STEAL …); verb-keyed cards match on it.
    pub verb: String,
    /// What the row does when every effect can apply.
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// The bracketed alternative, used when an effect cannot apply (p. 28); empty: nothing
    /// happens.
    #[serde(default)]
    pub alt: Vec<Effect>,
}

/// A monster sheet (p. 13): trackers, ambush, trickery, combat table and rewards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Monster {
    /// The id statistics and content references use.
    pub id: String,
    /// The printed name (a defeat it causes is named after it).
    pub name: String,
    /// A personal name, as the sheets give one.
    #[serde(default)]
    pub epithet: String,
    /// Its level, 1–4 (the back of the sheet, p. 13).
    pub level: u8,
    /// Its number in the level, 1–6: the die that picks it (p. 25).
    pub number: u8,
    /// Starting Armor tokens (counting down to 0, RULINGS.md).
    pub armor: u8,
    /// Starting Health tokens; at 0 it is defeated (p. 29).
    pub health: u8,
    /// Empty: the monster has no ambush effect ("—", p. 24).
    #[serde(default)]
    pub ambush: Vec<Effect>,
    /// None: the monster cannot be tricked (p. 25), unless `trickery_price` names a price. Never
    /// set on a Level IV sheet (the content check refuses it); read it through
    /// [`Monster::trick_cost`].
    #[serde(default)]
    pub trickery: Option<Bundle>,
    /// A trickery cost that is not resources (the Crazed Survivor's "Trickery: Downgrade
    /// Weapon", p. 13): effects the player must be able to suffer as printed (p. 28: no
    /// alternative applies to a price), suffered when tricking, after the resources are paid.
    #[serde(default)]
    pub trickery_price: Vec<Effect>,
    /// Lasting modifiers while it is on the table (surcharges, wound caps …).
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Its responses, mandatory unless marked optional (p. 12).
    #[serde(default)]
    pub responses: Vec<Response>,
    /// Actions the monster sheet offers the player.
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Results for rolls 1 to 6.
    pub table: [Row; 6],
    /// Resources gained for defeating it (Rewards Step, p. 32); nothing when tricked.
    pub reward: Bundle,
    /// Rewards that are not resources (the Crazed Survivor's "Reward: Basic Weapon of choice",
    /// p. 13), gained after `reward` in the Rewards Step (p. 32).
    #[serde(default)]
    pub reward_effects: Vec<Effect>,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

/// The level of the final monster: defeating it wins the game (p. 5, p. 34).
pub const LAST_LEVEL: u8 = 4;

/// A level as the sheets write it, a Roman numeral (I to IV); "?" for a number that is no level.
pub fn roman(level: u8) -> &'static str {
    match level {
        1 => "I",
        2 => "II",
        3 => "III",
        4 => "IV",
        _ => "?",
    }
}

impl Monster {
    /// What tricking this monster costs, or None if it cannot be tricked. Trickery lets you
    /// "escape the Level" (p. 25), and the game is won only by *defeating* the Level IV monster
    /// (p. 5; Win Step, pp. 33–34), so the last monster can never be tricked, whatever its sheet
    /// says.
    pub fn trick_cost(&self) -> Option<Bundle> {
        if self.level >= LAST_LEVEL {
            None
        } else if self.trickery.is_none() && !self.trickery_price.is_empty() {
            Some(Bundle::default())
        } else {
            self.trickery
        }
    }
}

/// An encounter card (p. 22): resolve its exchange or rest on it, then lose its Time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Encounter {
    /// The id statistics use.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Time value, 1–5 (p. 23).
    pub time: u8,
    /// The spend field; the encounter can be resolved only if this is affordable (p. 22).
    #[serde(default)]
    pub spend: Bundle,
    /// The gain field.
    pub gain: Vec<Effect>,
    /// How many copies of this card the deck holds.
    #[serde(default = "one")]
    pub copies: u8,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

fn one() -> u8 {
    1
}

/// A skill card (p. 14): kept for the rest of the game; its passives, responses and actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    /// The id statistics and policies use.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Lasting modifiers while held.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Its responses, optional unless marked mandatory (p. 12).
    #[serde(default)]
    pub responses: Vec<Response>,
    /// Its actions, indexed by [`crate::engine::Action::SkillAction`].
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// The rules text a player reads.
    #[serde(default)]
    pub text: String,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

/// A condition card (p. 17): mostly harmful, active for a level, some rounds, or for good.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionCard {
    /// The id monster sheets reference.
    pub id: String,
    /// The printed name (Paralyzed, Poisoned …).
    pub name: String,
    /// Stays past the end of the level (Armored, p. 17).
    #[serde(default)]
    pub permanent: bool,
    /// Lasting modifiers while active.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Its responses, mandatory unless marked optional (p. 12).
    #[serde(default)]
    pub responses: Vec<Response>,
    /// The rules text a player reads.
    #[serde(default)]
    pub text: String,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}
