//! What the game waits for. The UI renders from this; the bots choose from it.

use super::event::{CombatRoll, Source};
use crate::content::cards::Trigger;
use serde::{Deserialize, Serialize};

/// One response a window offers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ResponseOption {
    /// The card the response is printed on.
    pub source: Source,
    /// Index of the response on its card (for a character: the ability index).
    pub index: u8,
    /// Monster and condition responses must be used (p. 12).
    pub mandatory: bool,
    /// An optional response that could change nothing now (Dodge on a 1, p. 28): shown after
    /// the others, refused by `check` with [`super::RuleError::ChangesNothing`]. See
    /// [`super::useful`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub changes_nothing: bool,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Defeated the level IV monster and did not starve (p. 34).
    Victory {
        /// Points for the resources left (p. 34).
        score: u32,
        /// The rank of that score.
        rank: String,
    },
    /// Could not pay effort when required (p. 29, p. 32).
    Defeat {
        /// The level the game ended at.
        level: u8,
        /// What ended it, in words ("Kobold: could not pay 2 Small Effort", "starvation: …").
        cause: String,
    },
}

/// The decision the game waits for: exactly one at a time. The actions [`crate::engine::legal_actions`]
/// lists are the answers to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pending {
    /// Preparation and Decision Steps: take actions, then explore or confront (pp. 20–22).
    Prepare,
    /// Exploration Step: choose one revealed card, resolve or rest (p. 22).
    Encounter {
        /// The cards turned up, in reveal order.
        revealed: Vec<u16>,
        /// A commitment is in force: resolve, no resting (p. 23).
        committed: bool,
    },
    /// Trickery Step: trick or fight (p. 25).
    Trickery,
    /// The player's turn in the Battle Step. `attack_only` after an extra attack.
    Battle {
        /// Only a weapon attack (or skipping it) is allowed: an extra attack (Wrecker, p. 29).
        attack_only: bool,
    },
    /// Responses may (or must) be used; the player orders them (p. 12).
    Respond {
        /// What opened the window.
        trigger: Trigger,
        /// The responses on offer, the useful ones first ([`ResponseOption::changes_nothing`]).
        options: Vec<ResponseOption>,
        /// The roll the window reacts to, as it stands now (for a window on the monster's combat
        /// roll, p. 28), so the screen shows it beside the responses that may change it.
        #[serde(default)]
        about: Option<CombatRoll>,
    },
    /// Use either roll (I've Seen Worse, p. 16).
    ChooseRoll {
        /// The first roll with the monster's bonus and the responses so far, clamped (the
        /// passives still apply to the roll kept).
        first: u8,
        /// The new die with the same bonus and responses, clamped.
        second: u8,
    },
    /// Keep one of the revealed skills (p. 32).
    ChooseSkill {
        /// The skill cards revealed.
        cards: Vec<u16>,
    },
    /// Choose a condition to discard.
    ChooseCondition {
        /// The condition cards held, in the order they were gained.
        options: Vec<u16>,
    },
    /// Choose a weapon sheet: a free upgrade's printed paths (p. 15), laid over the weapon in
    /// hand, or (`replace`) a reward's weapons, taking the place of the weapon in hand (p. 13);
    /// the weapon cards, in the sheet's (or the box's) order.
    ChooseUpgrade {
        /// The weapon sheets on offer.
        options: Vec<u16>,
        /// True: the choice takes the place of the weapon in hand (a reward); false: it is laid
        /// over it (a free upgrade).
        replace: bool,
    },
    /// Hunger Step: how much food to eat (p. 32).
    Hunger {
        /// Food the level asks for: the monster's level plus any hunger passive (p. 32).
        requirement: u8,
    },
    /// The game is over.
    Over(Outcome),
}

impl Pending {
    /// What kind of decision this is, as a stable name (`prepare`, `respond`, …): what the
    /// interface tells apart to move the focus, and what the browser tests read.
    pub fn kind(&self) -> &'static str {
        match self {
            Pending::Prepare => "prepare",
            Pending::Encounter { .. } => "encounter",
            Pending::Trickery => "trickery",
            Pending::Battle { .. } => "battle",
            Pending::Respond { .. } => "respond",
            Pending::ChooseRoll { .. } => "choose_roll",
            Pending::ChooseSkill { .. } => "choose_skill",
            Pending::ChooseCondition { .. } => "choose_condition",
            Pending::ChooseUpgrade { .. } => "choose_upgrade",
            Pending::Hunger { .. } => "hunger",
            Pending::Over(_) => "over",
        }
    }
}
