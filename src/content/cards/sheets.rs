//! The player's sheets: the [`Character`] (its art [`Side`]s and [`Ability`]s, p. 16) and the
//! [`Weapon`] (its [`Attack`]s and [`Upgrade`] paths, p. 15). One of each is in play for the
//! whole game, unlike the cards dealt from the decks.

use super::super::res::Bundle;
use super::{ActionDef, AttackKind, Passive, Ref, Response};
use serde::{Deserialize, Serialize};

/// One ability on a character sheet: an action or a response (p. 16). Uses one ability use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// The printed name (I've Seen Worse, Dodge …).
    pub name: String,
    /// Set when the ability is taken as an action on the player's turn.
    #[serde(default)]
    pub action: Option<ActionDef>,
    /// Set when the ability answers a trigger (optional unless it says otherwise).
    #[serde(default)]
    pub response: Option<Response>,
    /// The rules text a player reads.
    #[serde(default)]
    pub text: String,
}

/// One art side of a character sheet: same rules, different adventurer (p. 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// The adventurer's name (Maxyn Zenma, Mae'el …).
    pub name: String,
    /// Backstory, shown and never read by the rules.
    pub flavour: String,
}

/// A character sheet (p. 16): one class, two art sides, its abilities. Exactly one is in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Character {
    /// The id setups and links name (`sneak`, `sage`, `hunter`, `brawler`).
    pub id: String,
    /// The class: Sneak, Sage, Hunter, Brawler.
    pub name: String,
    /// A one-line flavour tagline, shown with the character and never read by the rules.
    pub motto: String,
    /// The two art sides (mechanically identical).
    pub sides: [Side; 2],
    /// The abilities, each costing one ability use (p. 16), indexed as
    /// [`crate::engine::event::Source::Ability`] counts them.
    pub abilities: Vec<Ability>,
}

impl Character {
    /// The adventurer of art side `side` (0 or 1), None for a side the sheet does not have.
    pub fn adventurer(&self, side: u8) -> Option<&str> {
        self.sides.get(side as usize).map(|s| s.name.as_str())
    }
}

/// One attack option on a weapon sheet (p. 26).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// Armor-Breaking or Wounding.
    pub kind: AttackKind,
    /// Effort spent to attack (plus the monster's surcharge, p. 27).
    pub cost: Bundle,
    /// Armor broken or wounds inflicted, before passives and bonuses.
    pub power: u8,
    /// Wounds ignore armor.
    #[serde(default)]
    pub pierce: bool,
}

/// One upgrade path printed on a weapon sheet (p. 15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    /// The weapon sheet it leads to.
    pub to: Ref,
    /// The crafting cost (Time spent in battle counts against the next level, RULINGS.md).
    pub cost: Bundle,
}

/// A weapon sheet (p. 15): its attacks and the upgrade paths printed on it. Only the top sheet
/// of the pile is in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// The id content references use (`bare_hands`, `sword` …).
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Basic (Bare Hands, Club, Knife) or advanced (Spear, Sword, Axe, Maul).
    pub basic: bool,
    /// The attack options, indexed by [`crate::engine::Action::Attack`].
    pub attacks: Vec<Attack>,
    /// The upgrade paths, indexed by [`crate::engine::Action::Craft`]; most sheets offer two.
    #[serde(default)]
    pub upgrades: Vec<Upgrade>,
    /// Lasting modifiers while it is in hand.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}
