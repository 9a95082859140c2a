//! The three forms a card's rules take (p. 12): a [`Passive`] that modifies values while the
//! card is on the table, a [`Response`] that answers a [`Trigger`], and an [`ActionDef`] the
//! player takes ([`Timing`], [`Limit`]). Kept apart from the sheets and decks that carry them,
//! because every kind of card carries the same three.

use super::super::res::Bundle;
use super::{AttackKind, Effect};
use serde::{Deserialize, Serialize};

/// A lasting modifier, applied on read after all responses (p. 12). Passives never change state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Passive {
    /// Every monster combat roll is changed by this much (clamped 1–6).
    MonsterRoll(i8),
    /// The monster cannot suffer more than this many wounds in one round (Basilisk, p. 29).
    WoundCap(u8),
    /// Wounding attacks of power `at_most` or less lose `minus` power (Bugbear Warlord, p. 13).
    WeakWounding {
        /// The highest power the penalty touches.
        at_most: u8,
        /// Power lost (never below 0).
        minus: u8,
    },
    /// Weapon attacks cost this much more (monster surcharge, p. 27).
    Surcharge(Bundle),
    /// Ignore the monster's DEFEND results.
    IgnoreDefend,
    /// Nothing happens when this combat action verb is rolled (p. 28).
    IgnoreVerb(String),
    /// Reveal this many more (or fewer) encounter cards when exploring (at least 1).
    ExploreCards(i8),
    /// Weapon attacks of this kind have this much more (or less) power.
    AttackPower {
        /// The attacks it touches.
        kind: AttackKind,
        /// Power added (negative: taken away; never below 0).
        plus: i8,
    },
    /// The player cannot rest.
    NoRest,
    /// The food requirement is this much higher.
    Hunger(u8),
    /// Character abilities cannot be used.
    NoAbilities,
    /// Weapon crafting costs this much less (never below zero).
    CraftDiscount(Bundle),
}

/// What opens a response window (p. 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// At the beginning of the Battle Step, after the trackers are set (p. 26).
    BattleStart,
    /// Before the player's turn in combat (Paralyzed, p. 29).
    TurnStart,
    /// After the monster's combat roll, before its result applies (p. 28).
    MonsterRoll,
    /// After losing effort to a WOUND result (p. 16).
    WoundLoss,
    /// After choosing a Wounding weapon attack, before it resolves (p. 16).
    WoundingChosen,
    /// After an Armor-Breaking weapon attack resolves (Wrecker, p. 29).
    ArmorBreakingDone,
    /// When exploring, before the encounter cards are revealed (Take a Peek).
    Explore,
    /// When gaining a skill, before the skill cards are revealed (Flexible).
    SkillDraw,
    /// When the monster is defeated in battle.
    MonsterDefeated,
    /// At the end of each combat round (after the monster's turn).
    RoundEnd,
    /// At the start of each level's Travel Phase.
    LevelStart,
    /// When the monster ambushes the player, after its ambush effect.
    Ambushed,
}

/// A response effect (p. 12): when `trigger` happens, pay `cost` and apply `effects`.
/// Monster and condition responses are mandatory, character and skill responses optional,
/// unless `optional` says otherwise (the Basilisk's "you may").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Response {
    /// The moment that opens its window.
    pub trigger: Trigger,
    /// Paid when it is used (an optional response is offered only when payable).
    #[serde(default)]
    pub cost: Bundle,
    /// What it does, in order.
    pub effects: Vec<Effect>,
    /// Overrides the rule of p. 12 (mandatory on monster and condition cards, optional on
    /// character and skill cards); `None` keeps it.
    #[serde(default)]
    pub optional: Option<bool>,
    /// For `wound_loss`, `monster_roll`: only when the rolled verb is this one.
    #[serde(default)]
    pub verb: Option<String>,
}

/// When an action may be taken (p. 20, p. 27).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// Preparation Step only.
    Travel,
    /// Battle Step only; uses the player's turn.
    Combat,
    /// Either; in combat it uses the player's turn.
    General,
}

/// How often a card's action may be taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// As often as it can be paid for.
    #[default]
    None,
    /// Once in each level.
    PerLevel,
    /// Once in the whole game (the card is then spent).
    Once,
}

/// An action from the Actions Guide, a character sheet, a skill or a monster sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDef {
    /// The printed name (the log and refusals use it).
    pub name: String,
    /// When it may be taken.
    pub timing: Timing,
    /// A voluntary cost: refused when unaffordable, Time included (p. 20).
    #[serde(default)]
    pub cost: Bundle,
    /// What it does, in order; an action whose effects change nothing is refused.
    pub effects: Vec<Effect>,
    /// How often it may be taken.
    #[serde(default)]
    pub limit: Limit,
    /// One line a player reads; the engine also renders the effects.
    #[serde(default)]
    pub text: String,
}
