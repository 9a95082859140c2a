//! Parses `content/*.json` into a validated [`CardDb`]: resolves every [`Ref`] to an index and
//! checks what the engine relies on (counts, ranges, ids). Anything wrong comes back as a
//! [`ContentError`] naming the file, the card and the field — never a panic.
//!
//! `build.rs` includes this file too, so the build refuses content the game would refuse.

#[path = "validate.rs"]
mod validate;

use super::cards::{Character, ConditionCard, Encounter, Monster, Params, Skill, Weapon};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

pub use validate::{Counts, BOX};

/// Every file of the box, in load order.
pub const FILES: [&str; 7] = [
    "rules.json",
    "characters.json",
    "weapons.json",
    "monsters.json",
    "encounters.json",
    "skills.json",
    "conditions.json",
];

/// The built-in box, compiled into the binary so the browser build needs no extra request.
pub fn builtin_sources() -> [(&'static str, &'static str); 7] {
    [
        ("rules.json", include_str!("../../content/rules.json")),
        (
            "characters.json",
            include_str!("../../content/characters.json"),
        ),
        ("weapons.json", include_str!("../../content/weapons.json")),
        ("monsters.json", include_str!("../../content/monsters.json")),
        (
            "encounters.json",
            include_str!("../../content/encounters.json"),
        ),
        ("skills.json", include_str!("../../content/skills.json")),
        (
            "conditions.json",
            include_str!("../../content/conditions.json"),
        ),
    ]
}

/// What is wrong with the content, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    /// The file the problem is in (`monsters.json`), or the encoded database's name.
    pub file: String,
    /// The card's id, or empty for a file-level problem.
    pub card: String,
    /// The field, as a path (`table[3].effects`), or empty.
    pub field: String,
    /// What is wrong, in words for whoever edits the content.
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if !self.card.is_empty() {
            write!(f, ": card `{}`", self.card)?;
        }
        if !self.field.is_empty() {
            write!(f, ", field `{}`", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ContentError {}

/// The validated card database. Indices into these vectors are the engine's card ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDb {
    /// The rules' numbers and the general actions (`rules.json`).
    pub params: Params,
    /// The character cards (`characters.json`).
    pub characters: Vec<Character>,
    /// The weapon sheets, Bare Hands and every upgrade (`weapons.json`).
    pub weapons: Vec<Weapon>,
    /// The monster sheets of every level (`monsters.json`).
    pub monsters: Vec<Monster>,
    /// The encounter cards, once each with their copy count (`encounters.json`).
    pub encounters: Vec<Encounter>,
    /// The skill cards (`skills.json`).
    pub skills: Vec<Skill>,
    /// The condition cards (`conditions.json`).
    pub conditions: Vec<ConditionCard>,
    /// The starting weapon (Bare Hands, p. 8).
    pub start_weapon: u16,
    /// A fingerprint of the content, stored in saves so a save is never read against other cards.
    pub fingerprint: u64,
}

fn parse<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, ContentError> {
    serde_json::from_str(text).map_err(|e| ContentError {
        file: file.to_string(),
        card: String::new(),
        field: String::new(),
        message: format!("line {}, column {}: {e}", e.line(), e.column()),
    })
}

/// FNV-1a, 64 bits: a hash stable across platforms and builds, for what must name the same
/// bytes the same way everywhere (the box's fingerprint, a record's id, the daily deal's seed).
/// One home for every layer above, which all import the box.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// FNV-1a over the sources, names and texts in order: stable across platforms and builds.
fn fingerprint(sources: &[(&str, &str)]) -> u64 {
    fnv1a(
        sources
            .iter()
            .flat_map(|(name, text)| name.bytes().chain(text.bytes())),
    )
}

impl CardDb {
    /// Loads the box from a folder (the CLI's `--content`).
    pub fn from_dir(dir: &std::path::Path) -> Result<CardDb, ContentError> {
        let mut texts = Vec::new();
        for f in FILES {
            let text = std::fs::read_to_string(dir.join(f)).map_err(|e| ContentError {
                file: f.to_string(),
                card: String::new(),
                field: String::new(),
                message: format!("cannot read: {e}"),
            })?;
            texts.push((f, text));
        }
        let refs: Vec<(&str, &str)> = texts.iter().map(|(f, t)| (*f, t.as_str())).collect();
        CardDb::from_sources(&refs)
    }

    /// Parses and validates the files named in [`FILES`], given as `(name, text)`.
    pub fn from_sources(sources: &[(&str, &str)]) -> Result<CardDb, ContentError> {
        let get = |name: &str| -> Result<&str, ContentError> {
            sources
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| *t)
                .ok_or_else(|| ContentError {
                    file: name.to_string(),
                    card: String::new(),
                    field: String::new(),
                    message: "file is missing".to_string(),
                })
        };
        let mut db = CardDb {
            params: parse("rules.json", get("rules.json")?)?,
            characters: parse("characters.json", get("characters.json")?)?,
            weapons: parse("weapons.json", get("weapons.json")?)?,
            monsters: parse("monsters.json", get("monsters.json")?)?,
            encounters: parse("encounters.json", get("encounters.json")?)?,
            skills: parse("skills.json", get("skills.json")?)?,
            conditions: parse("conditions.json", get("conditions.json")?)?,
            start_weapon: 0,
            fingerprint: fingerprint(sources),
        };
        validate::resolve_and_check(&mut db)?;
        Ok(db)
    }

    /// How many cards of each kind this box holds (encounters counted with their copies).
    pub fn counts(&self) -> Counts {
        validate::counts(self)
    }

    /// The adventurer of a character sheet's art side (Maxyn Zenma, Mae'el …): the name the
    /// log, the scorepad and a shared result call the player by.
    pub fn adventurer(&self, character: u16, side: u8) -> Option<&str> {
        self.character(character)?.adventurer(side)
    }

    /// The character card with engine id `i`, or `None` for an id this box does not hold.
    pub fn character(&self, i: u16) -> Option<&Character> {
        self.characters.get(i as usize)
    }
    /// The weapon sheet with engine id `i`, or `None` for an id this box does not hold.
    pub fn weapon(&self, i: u16) -> Option<&Weapon> {
        self.weapons.get(i as usize)
    }
    /// The monster sheet with engine id `i`, or `None` for an id this box does not hold.
    pub fn monster(&self, i: u16) -> Option<&Monster> {
        self.monsters.get(i as usize)
    }
    /// The encounter card with engine id `i`, or `None` for an id this box does not hold.
    pub fn encounter(&self, i: u16) -> Option<&Encounter> {
        self.encounters.get(i as usize)
    }
    /// The skill card with engine id `i`, or `None` for an id this box does not hold.
    pub fn skill(&self, i: u16) -> Option<&Skill> {
        self.skills.get(i as usize)
    }
    /// The condition card with engine id `i`, or `None` for an id this box does not hold.
    pub fn condition(&self, i: u16) -> Option<&ConditionCard> {
        self.conditions.get(i as usize)
    }

    /// Index of a character by id.
    pub fn character_index(&self, id: &str) -> Option<u16> {
        self.characters
            .iter()
            .position(|c| c.id == id)
            .map(|i| i as u16)
    }

    /// The monster with this number in this level (p. 25), if the box has it.
    pub fn monster_at(&self, level: u8, number: u8) -> Option<u16> {
        self.monsters
            .iter()
            .position(|m| m.level == level && m.number == number)
            .map(|i| i as u16)
    }
}
