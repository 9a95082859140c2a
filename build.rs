//! Validates `content/` at build time and embeds the resulting card database as postcard bytes
//! (`$OUT_DIR/cards.postcard`). The vocabulary, the loader and the validator are the crate's own
//! `src/content/` files, included here by path (the content layer imports nothing else of the
//! crate, so no stand-in module is needed), and the build refuses content the game would
//! refuse, with the same message (file, card, field).
//!
//! The glossary (`content/glossary.json`) is checked here too and compiled into a static table
//! (`$OUT_DIR/glossary.rs`), so the browser build needs no JSON parser for it.

#[allow(dead_code)]
#[path = "src/content/cards/mod.rs"]
pub mod cards;
#[allow(dead_code)]
#[path = "src/content/res.rs"]
pub mod res;

#[allow(dead_code, unused_imports)]
#[path = "src/content/db.rs"]
mod content;

fn main() {
    println!("cargo:rerun-if-changed=content");
    println!("cargo:rerun-if-changed=src/content");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()));
    if let Err(e) = glossary(&out) {
        eprintln!("content/glossary.json: {e}");
        std::process::exit(1);
    }
    let db = match content::CardDb::from_sources(&content::builtin_sources()) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("content/ is invalid: {e}");
            std::process::exit(1);
        }
    };
    let bytes = match postcard::to_allocvec(&db) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("cannot encode the card database: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = std::fs::write(out.join("cards.postcard"), bytes) {
        eprintln!("cannot write the card database: {e}");
        std::process::exit(1);
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    term: String,
    text: String,
}

/// Checks the glossary (every field filled, ids unique) and writes it as a Rust table sorted by
/// word: `static GLOSSARY_TABLE: &[(&str, &str, &str)]` of (id, word, definition).
fn glossary(out: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string("content/glossary.json").map_err(|e| e.to_string())?;
    let mut list: Vec<Entry> = serde_json::from_str(&text)
        .map_err(|e| format!("line {}, column {}: {e}", e.line(), e.column()))?;
    let mut seen = std::collections::HashSet::new();
    for e in &list {
        if e.id.is_empty() || e.term.is_empty() || e.text.is_empty() {
            return Err(format!(
                "entry `{}`: id, term and text must all be filled",
                e.id
            ));
        }
        if !seen.insert(e.id.clone()) {
            return Err(format!("entry `{}`: this id is used twice", e.id));
        }
    }
    list.sort_by_key(|e| e.term.to_ascii_lowercase());
    let mut rs = String::from("static GLOSSARY_TABLE: &[(&str, &str, &str)] = &[\n");
    for e in &list {
        rs.push_str(&format!("    ({:?}, {:?}, {:?}),\n", e.id, e.term, e.text));
    }
    rs.push_str("];\n");
    std::fs::write(out.join("glossary.rs"), rs).map_err(|e| e.to_string())
}
