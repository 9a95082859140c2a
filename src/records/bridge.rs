//! What crosses between the app and the records module.
//!
//! The browser build is split in two WebAssembly modules so the first screen downloads only
//! what it needs: the app (`unbroken-web`) and the records module (`unbroken-records`: storage of
//! the records, the scorepad, achievements and statistics views, import and export), loaded on
//! first need (see `crate::ui::records`). The two share no memory; these values cross between
//! them as JSON text. (As JavaScript objects, serde-wasm-bindgen's deserializer would add 11 KB
//! to the app's first download, where serde_json is already present for the saved game.)

use super::html::Tab;
use super::record::GameRecord;
use super::report::EndFacts;
use super::stats::SortKey;
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

/// A call from the app to the records module: every one there is. It
/// crosses as JSON text to the module's one export, `call`, which answers with
/// [`Response`]s, at once for most requests.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Request {
    /// The records' state ([`Response::Status`]).
    Status,
    /// The records panel ([`Response::Panel`]): the view `tab` sorted by `sort`; a Close button
    /// when `closable`.
    Panel {
        tab: Tab,
        sort: SortKey,
        descending: bool,
        closable: bool,
    },
    /// Records a finished game ([`Response::Recorded`]): its record and what its end screen
    /// shows, both read from the game by the app, which holds it and the engine (the records
    /// module holds neither, see [`super::report`]).
    Record {
        game: Box<GameRecord>,
        end: Box<EndFacts>,
    },
    /// Downloads every record as an export file ([`Response::Told`]).
    Export,
    /// Imports the file chosen in the panel's `#records-import` input ([`Response::Told`], once
    /// the file is read).
    Import,
    /// Downloads the data kept aside under `key`, or with `remove` removes it
    /// ([`Response::Done`]).
    Aside { key: String, remove: bool },
    /// The save (JSON) of the recorded game `id`, for the replay viewer
    /// ([`Response::ReplaySave`]).
    ReplaySave { id: String },
    /// Tells of every change of the records, this tab's or another's, for the page's life:
    /// a [`Response::Status`] after each.
    Subscribe,
}

/// An answer of the records module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Response {
    Status(Status),
    /// The records panel: its head (title, count, warnings, export, import, data kept aside)
    /// and its body (view switcher and view); the app puts its own live region between them.
    Panel {
        head: String,
        body: String,
    },
    Recorded(Recorded),
    /// What an export or import did, in words.
    Told(Imported),
    /// The save of a recorded game (JSON text).
    ReplaySave(String),
    Done,
    /// The request failed: why, in words, for the player.
    Failed(String),
}

impl Response {
    /// Reads an answer; one that cannot be read is a failure that says so.
    pub fn from_json(text: &str) -> Response {
        // Where, not serde_json's message: its wording would bring every I/O error's words
        // into the app's first download (as in `crate::storage::game`).
        serde_json::from_str(text).unwrap_or_else(|e| {
            Response::Failed(format!(
                "the records module's answer could not be read (line {}, column {})",
                e.line(),
                e.column()
            ))
        })
    }

    /// The answer as JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| {
            "{\"Failed\":\"the records module could not write its answer\"}".into()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_answers_round_trip_and_a_bad_answer_is_a_failure() {
        let requests = [
            Request::Status,
            Request::Panel {
                tab: Tab::Statistics,
                sort: SortKey::Score,
                descending: false,
                closable: true,
            },
            Request::Record {
                game: Box::new(GameRecord {
                    id: "x".into(),
                    date: "2026-01-01T00:00:00.000Z".into(),
                    character: "sneak".into(),
                    side: 1,
                    difficulty: crate::engine::Difficulty::Hard,
                    easy_toggle: false,
                    seed: Some(7),
                    kind: crate::records::GameKind::daily(),
                    outcome: crate::records::RecordOutcome::Defeat {
                        level: 2,
                        cause: "hunger".into(),
                    },
                    facts: None,
                    replay: Some("{}".into()),
                }),
                end: Box::default(),
            },
            Request::Export,
            Request::Import,
            Request::Aside {
                key: "unbroken.game.v1.unreadable".into(),
                remove: true,
            },
            Request::ReplaySave { id: "x".into() },
            Request::Subscribe,
        ];
        for r in requests {
            let t = serde_json::to_string(&r).unwrap();
            assert_eq!(serde_json::from_str::<Request>(&t).unwrap(), r);
        }
        let answers = [
            Response::Status(Status {
                rev: 3,
                warning: Some("full".into()),
                notices: vec!["n".into()],
                games: 2,
            }),
            Response::Panel {
                head: "<h2>Records</h2>".into(),
                body: "<nav></nav>".into(),
            },
            Response::Recorded(Recorded::default()),
            Response::Told(Imported {
                ok: true,
                message: "Imported".into(),
            }),
            Response::ReplaySave("{}".into()),
            Response::Done,
            Response::Failed("why".into()),
        ];
        for a in answers {
            assert_eq!(Response::from_json(&a.to_json()), a);
        }
        // An answer that cannot be read is a failure in words, never a default.
        match Response::from_json("{\"Panel\":{\"head\":1}}") {
            Response::Failed(e) => assert!(e.contains("could not be read"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

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
