//! Validates `content/` at build time and embeds the resulting card database as postcard bytes
//! (`$OUT_DIR/cards.postcard`). The loader and the validator are the crate's own modules,
//! included here by path, so the build refuses content the game would refuse, with the same
//! message (file, card, field).

#[allow(dead_code)]
#[path = "src/engine/cards.rs"]
pub mod cards;
#[allow(dead_code)]
#[path = "src/engine/res.rs"]
pub mod res;
/// The paths the content modules use (`crate::engine::cards`).
mod engine {
    pub use super::cards;
}

#[allow(dead_code, unused_imports)]
#[path = "src/content/db.rs"]
mod content;

fn main() {
    println!("cargo:rerun-if-changed=content");
    println!("cargo:rerun-if-changed=src/content");
    println!("cargo:rerun-if-changed=src/engine/cards.rs");
    println!("cargo:rerun-if-changed=src/engine/res.rs");
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
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()));
    if let Err(e) = std::fs::write(out.join("cards.postcard"), bytes) {
        eprintln!("cannot write the card database: {e}");
        std::process::exit(1);
    }
}
