//! The box as data: `content/*.json` loaded into a validated [`CardDb`].
//!
//! The bottom layer: it imports nothing else of the crate. The card vocabulary ([`cards`]) and
//! the resources ([`res`]) live here, and the engine interprets them (`engine::cards` and
//! `engine::res` are the same modules, re-exported).
//!
//! [`CardDb::from_sources`] parses and validates JSON (the CLI's `--content`, the content tests,
//! and `build.rs`). [`CardDb::builtin`] decodes the copy that `build.rs` validated and encoded
//! with postcard, so the browser ships no JSON parser for the cards. Every public item is
//! documented (`deny(missing_docs)`).
#![deny(missing_docs)]

pub mod cards;
mod db;
pub mod res;

pub use db::*;

/// The card database `build.rs` validated and encoded.
#[cfg(not(target_arch = "wasm32"))]
const BUILTIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cards.postcard"));
/// The browser's copy: the same cards without the flavour lines of monsters, encounters,
/// skills, conditions and weapons, which the page loads when a game is first on the table (the first
/// download's budget; see build.rs).
#[cfg(target_arch = "wasm32")]
const BUILTIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cards-lean.postcard"));

/// The box's character cards alone, as `build.rs` validated and encoded them.
const CHARACTERS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/characters.postcard"));

/// The box's character cards alone (validated at build time with the rest of the box): all the
/// title screen's own module draws, without the other cards' data and decoders.
pub fn builtin_characters() -> Result<Vec<cards::Character>, ContentError> {
    postcard::from_bytes(CHARACTERS).map_err(|e| ContentError {
        file: "characters.postcard".into(),
        card: String::new(),
        field: String::new(),
        message: format!("the built-in characters cannot be decoded ({e:?})"),
    })
}

impl CardDb {
    /// The box compiled into the binary (validated at build time).
    pub fn builtin() -> Result<CardDb, ContentError> {
        postcard::from_bytes(BUILTIN).map_err(|e| ContentError {
            file: "cards.postcard".into(),
            card: String::new(),
            field: String::new(),
            // Debug, not Display: the messages would all ship for an error that cannot happen.
            message: format!("the built-in cards cannot be decoded ({e:?})"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters alone are the box's.
    #[test]
    fn builtin_characters_are_the_box_characters() {
        let db = CardDb::builtin().expect("postcard");
        assert_eq!(builtin_characters().expect("characters"), db.characters);
    }

    /// The embedded copy is exactly what the JSON gives today.
    #[test]
    fn builtin_matches_the_json() {
        let from_json = CardDb::from_sources(&builtin_sources()).expect("json");
        assert_eq!(CardDb::builtin().expect("postcard"), from_json);
    }

    /// The box's texts write their letters and digits in ASCII (the page finds its glossary's
    /// terms in running text by ASCII word edges, without Unicode's letter tables).
    #[test]
    fn the_box_writes_its_letters_in_ascii() {
        let glossary = include_str!("../../content/glossary.json");
        for (file, text) in builtin_sources()
            .into_iter()
            .chain([("glossary.json", glossary)])
        {
            let odd: Vec<char> = text
                .chars()
                .filter(|c| c.is_alphanumeric() && !c.is_ascii())
                .collect();
            assert!(odd.is_empty(), "{file}: {odd:?}");
        }
    }
}
