//! What crosses between the app and the records module.
//!
//! The browser build is split in two WebAssembly modules so the first screen downloads only
//! what it needs: the app (`unbroken-web`) and the records module (`unbroken-records`: storage of
//! the records, the scorepad, achievements and statistics views, import and export), loaded on
//! first need (see `crate::ui::records`). The two share no memory; these values cross between
//! them as JSON text. (As JavaScript objects, serde-wasm-bindgen's deserializer would add 11 KB
//! to the app's first download, where serde_json is already present for the saved game.)

use serde::{Deserialize, Serialize};

/// The records' state as the app needs it to draw its own controls.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    /// Bumped on every change (this tab's or another's).
    pub rev: u64,
    /// A storage problem (full, disabled, newer data), in words.
    pub warning: Option<String>,
    /// Data found unreadable in this session, in words.
    pub notices: Vec<String>,
    /// Games recorded.
    pub games: usize,
}

/// What recording a finished game gave.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recorded {
    /// The achievements it newly earned, as HTML for the end screen (empty: none).
    pub earned_html: String,
    /// The end screen's body before the achievements (actions, score breakdown, rank scale,
    /// figures) as HTML: `crate::records::report::end_report`.
    #[serde(default)]
    pub report_html: String,
    /// After them: the result text and deal link (`crate::records::report::share_details`).
    #[serde(default)]
    pub share_html: String,
    /// A storage problem, in words.
    pub warning: Option<String>,
}

/// What an import gave: whether anything was merged, and a sentence for the player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Imported {
    pub ok: bool,
    pub message: String,
}

/// The sentence told after importing the file `name`: how much it added, or why nothing was.
/// How a refusal for want of storage room begins (the store's words; the message for it differs
/// from a malformed file's).
pub const NO_ROOM: &str = "this browser's storage has no room";

pub fn import_message(name: &str, outcome: Result<(usize, usize), String>) -> Imported {
    fn count(n: usize, one: &str, many: &str) -> String {
        match n {
            0 => format!("no new {one}"),
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        }
    }
    match outcome {
        Ok((games, achievements)) => {
            let ach = match achievements {
                0 => String::new(),
                n => format!(" and {}", count(n, "achievement", "achievements")),
            };
            Imported {
                ok: true,
                message: format!(
                    "Imported “{name}”: {}{ach} added; records already here were kept once.",
                    count(games, "game", "games")
                ),
            }
        }
        Err(e) if e.starts_with(NO_ROOM) => Imported {
            ok: false,
            message: format!("Nothing was imported from “{name}”: {e}."),
        },
        Err(e) => Imported {
            ok: false,
            message: format!("Nothing was imported: “{name}” is not a valid records file: {e}."),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn import_messages_count_what_was_added() {
        let m = import_message("a.json", Ok((1, 0)));
        assert!(m.ok);
        assert_eq!(
            m.message,
            "Imported “a.json”: 1 game added; records already here were kept once."
        );
        let m = import_message("b.json", Ok((0, 2)));
        assert_eq!(
            m.message,
            "Imported “b.json”: no new game and 2 achievements added; records already here were kept once."
        );
        let m = import_message("c.json", Err("no `format`".into()));
        assert!(!m.ok);
        assert!(m.message.starts_with("Nothing was imported: “c.json”"));
    }
}
