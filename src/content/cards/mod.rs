//! The card vocabulary: every sheet and card of the box as plain serde data.
//!
//! `content/*.json` is read straight into these types; `crate::content` validates it and resolves
//! every [`Ref`] to an index. The engine interprets [`Effect`], [`Passive`] and [`Response`] with
//! one interpreter and never looks at a card's id: a rule a card needs is a word here, not an `if`.
//!
//! The words are split by what they describe, and all re-exported here, so a path is always
//! `cards::Name`:
//! - [`effects`]: what happens ([`Effect`] and the small words it uses: [`When`], [`Test`],
//!   [`AttackKind`]);
//! - [`rules`]: the three forms a card's rules take ([`Passive`], [`Response`] to a [`Trigger`],
//!   [`ActionDef`]);
//! - [`sheets`]: the player's sheets (the [`Character`] and its abilities, the [`Weapon`]);
//! - [`decks`]: the cards dealt in play ([`Monster`], [`Encounter`], [`Skill`],
//!   [`ConditionCard`]);
//! - [`params`]: the numbers of the rules sheet ([`Params`]).
//!
//! This file holds [`Ref`], the reference by id every one of them uses. Like the rest of
//! `src/content/`, nothing here imports the crate's other layers: `build.rs` includes it as it is.

pub mod decks;
pub mod effects;
pub mod params;
pub mod rules;
pub mod sheets;

pub use decks::*;
pub use effects::*;
pub use params::*;
pub use rules::*;
pub use sheets::*;

use serde::{Deserialize, Serialize};

/// A reference by id to another card (a condition, a weapon, a skill, a monster).
/// Content writes the id as a string; loading fills `idx` or reports the dangling id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ref {
    /// The card's id as written in `content/*.json`.
    pub id: String,
    /// Its index in the database's list of that kind (`u16::MAX` until resolved).
    pub idx: u16,
}

/// In JSON (human-readable) a reference is its id; in the binary copy `build.rs` embeds, it is
/// the id and the resolved index.
impl Serialize for Ref {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_str(&self.id)
        } else {
            (&self.id, self.idx).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Ref {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            Ok(Ref {
                id: String::deserialize(d)?,
                idx: u16::MAX,
            })
        } else {
            let (id, idx) = <(String, u16)>::deserialize(d)?;
            Ok(Ref { id, idx })
        }
    }
}
