//! What a player can do: plain data, serialisable, one variant per kind of decision.

use serde::{Deserialize, Serialize};

/// One player decision. Indices point into what the current [`crate::engine::Pending`] or the
/// player's display shows (the weapon's attack options, the revealed cards, held skills …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A general or travel action from the Actions Guide (Focus, Inspiration, Plan, Orienteer),
    /// by its index in `rules.json` (p. 21).
    General(u8),
    /// Craft: take upgrade path `n` printed on the current weapon sheet (p. 15).
    Craft(u8),
    /// Voluntary, permanent weapon downgrade (a general action, p. 15).
    Downgrade,
    /// Scout: reveal this level's monster (travel action, p. 21).
    Scout,
    /// Use the character ability with this index (an action ability, p. 16).
    Ability(u8),
    /// Use action `action` of the held skill at position `skill`.
    SkillAction {
        /// The skill's position among those held.
        skill: u8,
        /// The action's index on the card.
        action: u8,
    },
    /// Use an action printed on the monster sheet (combat).
    MonsterAction(u8),
    /// Decision Step: go exploring (p. 22).
    Explore,
    /// Decision Step: face the monster now (p. 22).
    Confront,
    /// Exploration: choose revealed card `n` and resolve its exchange (p. 22).
    Resolve(u8),
    /// Exploration: choose revealed card `n` and rest (p. 22).
    Rest(u8),
    /// Trickery Step: pay the trickery cost and bypass the monster (p. 25).
    Trick,
    /// Trickery Step: fight.
    Fight,
    /// Battle: attack with the current weapon's option `n` (p. 26).
    Attack(u8),
    /// Battle: skip the turn (p. 27).
    Skip,
    /// Use response `n` of the open response window (p. 12).
    Respond(u8),
    /// Use none of the remaining optional responses.
    Pass,
    /// After a re-roll, use the first (0) or second (1) result.
    KeepRoll(u8),
    /// Keep revealed skill card `n` (p. 32).
    KeepSkill(u8),
    /// Discard held condition `n` of those offered.
    DiscardCondition(u8),
    /// A free upgrade: take path `n` of those offered (p. 15).
    ChooseUpgrade(u8),
    /// Hunger Step: eat this much food (p. 32).
    Eat(u8),
    /// Take back the last decision, never past a die roll or card reveal.
    Undo,
}
