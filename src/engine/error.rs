//! Why an action was refused, in words a player understands.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One variant per reason an action is illegal. The message is shown on a disabled control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleError {
    /// The game has ended (p. 34).
    GameOver,
    /// The action belongs to another step; `waiting` says what the game waits for.
    NotNow {
        /// What the game waits for, in a few words.
        waiting: String,
    },
    /// An index that points at nothing.
    NoSuchChoice,
    /// A voluntary spend the player cannot pay (p. 20: "If you don't have the resources, you
    /// cannot take the action"). `need` is the cost as a bundle, put in words only when the
    /// error is shown: bots check every candidate, and most refusals are never read.
    CannotAfford {
        /// The cost, after surcharges and discounts (Time left out: see `NotEnoughTime`).
        need: crate::content::res::Bundle,
        /// What it would pay for ("attack", "craft the Sword" …).
        to: String,
    },
    /// A Time cost larger than the Time left (p. 20; see [`crate::engine::derived::time_short`]).
    /// A cost that brings Time exactly to 0 is allowed and ambushes (p. 21).
    NotEnoughTime {
        /// The Time the action costs.
        need: u8,
        /// The Time left on the track.
        left: u8,
        /// What it would pay for.
        to: String,
    },
    /// Undo never goes past a die roll or card reveal.
    NothingToUndo,
    /// "Commit to the next encounter" forces the Exploration Step (p. 22).
    MustExplore,
    /// A committed encounter must be resolved, not rested on (p. 23).
    MustResolve,
    /// A condition forbids resting.
    CannotRest {
        /// The card that forbids it, by name.
        condition: String,
    },
    /// Travel actions only in the Preparation Step; combat actions only in battle (pp. 20, 27).
    WrongPhase {
        /// The action's name.
        action: String,
        /// When it may be taken ("in the Preparation Step" …).
        allowed: String,
    },
    /// Scouting twice, or after the monster is revealed.
    AlreadyRevealed,
    /// The weapon sheet has no such upgrade (p. 15).
    NoUpgrade,
    /// While a weapon is set aside by a temporary downgrade it cannot be crafted on.
    WeaponSetAside,
    /// Bare Hands can never be downgraded (p. 15).
    CannotDowngrade,
    /// An Armor-Breaking attack needs at least 1 armor left (p. 26).
    NoArmorLeft,
    /// Wounds need the armor broken first (p. 27).
    ArmorUnbroken,
    /// Ability uses per level = the level (p. 16).
    NoAbilityUses,
    /// A condition stops character abilities.
    AbilitiesBlocked {
        /// The condition that blocks them, by name.
        condition: String,
    },
    /// That card's action was already used as often as it allows.
    LimitReached {
        /// The action's name.
        name: String,
    },
    /// The choice would change nothing in the current position, so it is not offered: it
    /// would only cost (see [`super::useful`]).
    ChangesNothing {
        /// The action or response, by name.
        name: String,
    },
    /// Responses are used in their window, not as actions.
    NotAnAction {
        /// The ability's name.
        name: String,
    },
    /// The monster has no trickery cost (p. 25), or it is the Level IV monster: trickery escapes
    /// a level, and the game is won only by defeating the last monster (p. 5; Win Step,
    /// pp. 33–34).
    CannotTrick,
    /// A trickery cost that is not resources cannot be suffered as printed (the Crazed
    /// Survivor's "Downgrade Weapon" with Bare Hands in hand, p. 13, p. 15).
    TrickeryPriceUnpayable {
        /// The price in words, as the sheet prints it.
        price: String,
    },
    /// Mandatory responses must be resolved before passing (p. 12).
    MandatoryLeft,
    /// After an extra attack only a weapon attack is allowed.
    AttackOnly,
    /// Eating more than the requirement or than the food held (p. 32).
    TooMuchFood {
        /// The most that may be eaten now.
        max: u8,
    },
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::GameOver => write!(f, "the game is over"),
            RuleError::NotNow { waiting } => write!(f, "not now: {waiting}"),
            RuleError::NoSuchChoice => write!(f, "there is no such choice"),
            RuleError::CannotAfford { need, to } => {
                write!(f, "you need {} to {to}", need.describe())
            }
            RuleError::NotEnoughTime { need, left, to } => {
                write!(f, "you need {need} Time to {to} and have {left} left")
            }
            RuleError::NothingToUndo => {
                write!(f, "nothing to undo since the last roll or reveal")
            }
            RuleError::MustExplore => {
                write!(f, "you committed to the next encounter: you must explore")
            }
            RuleError::MustResolve => write!(
                f,
                "you committed to this encounter: you must resolve it, not rest"
            ),
            RuleError::CannotRest { condition } => write!(f, "{condition} stops you resting"),
            RuleError::WrongPhase { action, allowed } => {
                write!(f, "{action} can only be taken {allowed}")
            }
            RuleError::AlreadyRevealed => write!(f, "the monster is already revealed"),
            RuleError::NoUpgrade => write!(f, "your weapon sheet shows no such upgrade"),
            RuleError::WeaponSetAside => write!(
                f,
                "your weapon is set aside: you cannot craft until it returns"
            ),
            RuleError::CannotDowngrade => write!(f, "Bare Hands cannot be downgraded"),
            RuleError::NoArmorLeft => write!(f, "the monster has no armor left to break"),
            RuleError::ArmorUnbroken => {
                write!(f, "break the monster's armor before you wound it")
            }
            RuleError::NoAbilityUses => write!(f, "no ability uses left this level"),
            RuleError::AbilitiesBlocked { condition } => {
                write!(f, "{condition} stops your abilities")
            }
            RuleError::LimitReached { name } => {
                write!(f, "{name} cannot be used again yet")
            }
            RuleError::ChangesNothing { name } => {
                write!(f, "{name} would change nothing now")
            }
            RuleError::NotAnAction { name } => {
                write!(f, "{name} is a response: it is offered when it triggers")
            }
            RuleError::CannotTrick => write!(f, "this monster cannot be tricked"),
            RuleError::TrickeryPriceUnpayable { price } => {
                write!(f, "tricking this monster costs: {price}; you cannot pay it")
            }
            RuleError::MandatoryLeft => {
                write!(f, "resolve the mandatory responses first")
            }
            RuleError::AttackOnly => write!(f, "this extra turn allows only a weapon attack"),
            RuleError::TooMuchFood { max } => write!(f, "you can eat at most {max} Food now"),
        }
    }
}

impl std::error::Error for RuleError {}

/// A new game cannot be set up as asked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SetupError {
    /// No character sheet has this id.
    NoSuchCharacter(String),
    /// A character sheet has sides 0 and 1 only.
    NoSuchSide(u8),
    /// A scenario field is out of range or names a card that does not exist.
    BadScenario {
        /// The scenario field at fault.
        field: String,
        /// What is wrong with it.
        message: String,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::NoSuchCharacter(c) => write!(f, "no character `{c}`"),
            SetupError::NoSuchSide(s) => write!(f, "a character sheet has sides 0 and 1, not {s}"),
            SetupError::BadScenario { field, message } => {
                write!(f, "scenario field `{field}`: {message}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// A save or link cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoadError {
    /// Not readable as a save at all.
    Malformed(String),
    /// Written by a newer version of the game.
    TooNew {
        /// The save's format version.
        version: u32,
    },
    /// Made with different cards.
    OtherContent,
    /// The save's setup names a character or side that does not exist.
    Setup(SetupError),
    /// Replaying the action log hit an illegal action.
    IllegalAction {
        /// The move's index in the log, from 0.
        at: usize,
        /// Why the rules refused it.
        error: RuleError,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Malformed(m) => write!(f, "the save cannot be read: {m}"),
            LoadError::TooNew { version } => {
                write!(
                    f,
                    "the save is from a newer version ({version}) of the game"
                )
            }
            LoadError::OtherContent => write!(f, "the save was made with different cards"),
            LoadError::Setup(e) => write!(f, "the save's setup is invalid: {e}"),
            LoadError::IllegalAction { at, error } => {
                write!(f, "move {} of the save is illegal: {error}", at + 1)
            }
        }
    }
}

impl std::error::Error for LoadError {}
