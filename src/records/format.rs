//! The stored and exported form of the records, its versions and the migrations between them.
//!
//! Every version is one JSON object (version 0 aside):
//!
//! ```json
//! { "format": "unbroken-records", "version": 1,
//!   "games": [ GameRecord, ... ], "earned": [ Earned, ... ] }
//! ```
//!
//! Version 0 is the prototype's scorepad: a bare JSON array of paper-like lines, wins only —
//! `{"character": "Sneak", "side": 0, "difficulty": "Normal", "date": "2024-03-01", "score": 23,
//! "rank": "Avenger", "seed": 7}` (`side`, `rank` and `seed` optional).
//!
//! A document is read item by item (each game, each achievement on its own), and each version
//! `n` has a [`Migration`] in [`MIGRATIONS`] carrying an item of version `n` to `n + 1`.
//! Any change of shape raises [`VERSION`] and adds a migration; unknown fields are ignored, so a
//! build never writes over data of a newer version (it reads it, flagged `newer`).
//!
//! - Version 1: each game is a [`GameRecord`] object.
//! - Version 2: each game is `{"id": …, "z": "<packed>"}`, its version 1 object packed
//!   ([`super::pack`]) to ~1/8 of its characters.
//! - Version 3 (current): also `{"ids": [...], "zs": "<packed>"}`, a batch of games packed
//!   together (a JSON array of version 1 objects): what a write adds at once (an import) is
//!   stored so, [`items::BATCH`] games a batch. Packed together they take about half the room
//!   they take alone (~60 UTF-16 units a game against ~130) and a quarter of the time: the packer
//!   is primed and reset once a batch, not once a game. (`cargo test --release --test records
//!   twenty_thousand -- --nocapture` prints the figures.)
//!
//! Everything is read and written with serde derives ([`super::de`] checks the fields); each
//! item is read on its own from its own `serde_json::Value`, so one bad item is set aside with
//! its message and the rest loads.
//!
//! Reading comes in two strengths:
//! - [`load`] (local storage) never fails: whatever cannot be read — the whole text, or one game
//!   or achievement — is returned as [`SetAside`] with the reason, and everything else loads.
//! - [`import`] (a file the player picked) is all or nothing: anything wrong refuses the whole
//!   file with a message naming the place, and nothing is returned.

use super::de;
use super::items;
use super::record::{fnv1a, GameRecord, RecordOutcome};
use super::{Earned, Records};
use crate::engine::Difficulty;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The `format` field of a records document.
pub const FORMAT: &str = "unbroken-records";
/// The version this build writes (see the module docs); a reader of version `n` reads every
/// version up to `n`.
pub const VERSION: u32 = 3;

/// Data that could not be read, kept as it was with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetAside {
    /// What was wrong, for the player ("game 3: missing field `date`").
    pub reason: String,
    /// The data itself: the JSON text of one record, or the whole stored text.
    pub raw: String,
}

impl SetAside {
    /// A list as JSON text: `[{"reason": …, "raw": …}, …]`.
    pub fn list_to_json(list: &[SetAside]) -> String {
        serde_json::to_string(list).unwrap_or_default()
    }

    /// Reads [`SetAside::list_to_json`]; `None` when it is not such a list.
    pub fn list_from_json(text: &str) -> Option<Vec<SetAside>> {
        serde_json::from_str(text).ok()
    }
}

/// Carries one item from one version to the next, or says why it cannot (the item is then set
/// aside).
pub type Step = fn(Value) -> Result<Value, String>;

/// The steps from version `n` to `n + 1`; `None`: the item is the same in both versions.
#[derive(Clone, Copy)]
pub struct Migration {
    pub game: Option<Step>,
    pub earned: Option<Step>,
}

/// `MIGRATIONS[n]` carries version `n` to `n + 1`.
pub const MIGRATIONS: [Migration; VERSION as usize] = [
    Migration {
        game: Some(v0_line_to_v1),
        earned: None,
    },
    // A version 1 object is a valid version 2 item; it is packed when next written.
    Migration {
        game: None,
        earned: None,
    },
    // A version 2 item is a valid version 3 item.
    Migration {
        game: None,
        earned: None,
    },
];

// ----- Version 0 ------------------------------------------------------------------------------

/// One line of the prototype's scorepad.
#[derive(Deserialize)]
struct V0Line {
    #[serde(deserialize_with = "de::nonempty")]
    character: String,
    #[serde(deserialize_with = "de::nonempty")]
    difficulty: String,
    #[serde(deserialize_with = "de::nonempty")]
    date: String,
    #[serde(deserialize_with = "de::score")]
    score: u32,
    #[serde(default, deserialize_with = "de::side")]
    side: u8,
    #[serde(default)]
    rank: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// One v0 scorepad line as a v1 game record. Its id hashes the line's compact JSON text, its
/// members in their order, as the first reader did: a line migrated again gets the same id.
fn v0_line_to_v1(item: Value) -> Result<Value, String> {
    if !item.is_object() {
        return Err("not an object".into());
    }
    let text = item.to_string();
    let id = format!("v0-{:016x}", fnv1a(text.bytes()));
    let line: V0Line = serde_json::from_str(&text).map_err(de::reason)?;
    let d = line.difficulty.trim();
    let difficulty = Difficulty::parse(d).ok_or_else(|| format!("unknown difficulty `{d}`"))?;
    let rank = match line.rank {
        Some(r) if !r.trim().is_empty() => r.trim().to_string(),
        _ => super::names::rank_of(line.score).to_string(),
    };
    let rec = GameRecord {
        id,
        date: line.date.trim().to_string(),
        character: line.character.trim().to_ascii_lowercase(),
        side: line.side,
        difficulty,
        easy_toggle: false,
        seed: line.seed,
        kind: Default::default(),
        outcome: RecordOutcome::Victory {
            score: line.score,
            rank,
        },
        facts: None,
        replay: None,
    };
    // Through text: the records are written as text anyway, so no serializer into `Value`
    // ships for this old form alone.
    serde_json::from_str(&rec.to_json()).map_err(de::reason)
}

// ----- Reading --------------------------------------------------------------------------------

/// A document's items, before migration.
struct Items {
    version: u32,
    games: Vec<Value>,
    earned: Vec<Value>,
}

/// A list member (null or absent: empty).
fn list(v: Value, name: &str) -> Result<Vec<Value>, String> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::Array(a) => Ok(a),
        _ => Err(format!("`{name}` is not a list")),
    }
}

/// Splits a document into its items; an error means the whole is unusable: `Err((true, …))`
/// when it is not JSON at all.
fn split(text: &str) -> Result<Items, (bool, String)> {
    let not_ours = |why: &str| {
        (
            false,
            format!("this is not an Unbroken records file ({why})"),
        )
    };
    let doc: Value = serde_json::from_str(text).map_err(|e| (true, de::syntax(e)))?;
    match doc {
        Value::Array(games) => Ok(Items {
            version: 0,
            games,
            earned: Vec::new(),
        }),
        Value::Object(mut doc) => {
            let mut member = |name: &str| doc.remove(name).unwrap_or_default();
            let (format, version) = (member("format"), member("version"));
            let (games, earned) = (member("games"), member("earned"));
            match format.as_str() {
                Some(FORMAT) => {}
                Some(f) => return Err(not_ours(&format!("its format is `{f}`"))),
                None => return Err(not_ours("no `format`: \"unbroken-records\"")),
            }
            let version = version
                .as_u64()
                .map(|v| v.min(u32::MAX as u64) as u32)
                .ok_or((false, "the records have no version number".to_string()))?;
            Ok(Items {
                version,
                games: list(games, "games").map_err(|e| (false, e))?,
                earned: list(earned, "earned").map_err(|e| (false, e))?,
            })
        }
        _ => Err(not_ours("expected a JSON object")),
    }
}

/// One item that failed: where, and why.
struct Bad {
    /// "game 3 (id …)", "old scorepad line 3", "achievement 2".
    place: String,
    reason: String,
    raw: String,
}

/// What a document held: the records read, the items that failed, its version.
struct Read {
    records: Records,
    bad: Vec<Bad>,
    from: u32,
    /// Items per kind, for messages ("game 2 of 5").
    counts: (usize, usize),
}

/// An item of version `from` carried through every migration it needs.
fn migrate(mut item: Value, from: u32, game: bool) -> Result<Value, String> {
    for step in MIGRATIONS.iter().skip(from as usize) {
        if let Some(f) = if game { step.game } else { step.earned } {
            item = f(item)?;
        }
    }
    Ok(item)
}

/// The games of one game item of version `from` (the item stays as it was, to be set aside
/// if it does not read).
fn read_game(item: &Value, from: u32) -> Result<Vec<GameRecord>, String> {
    if from >= 2 {
        if let Some(games) = items::unpack_item(item)? {
            return Ok(games);
        }
    }
    let migrated = MIGRATIONS
        .iter()
        .skip(from as usize)
        .any(|m| m.game.is_some());
    // Read from text, as every other record is: one instance of the records' readers, not a
    // second one for `Value`s (the records module is downloaded).
    let text = if migrated {
        migrate(item.clone(), from, true)?.to_string()
    } else {
        item.to_string()
    };
    GameRecord::from_json(&text).map(|g| vec![g])
}

/// A document whose every game is a plain record and every achievement reads, in one pass
/// straight into the types: what an export of version 1 (or a small one of version 2 or 3)
/// holds. Anything else fails, and the document is read item by item.
#[derive(Deserialize)]
struct Plain {
    format: String,
    version: u32,
    #[serde(default)]
    games: Vec<GameRecord>,
    #[serde(default)]
    earned: Vec<Earned>,
}

/// [`Plain`]'s read, when it applies: no `Value` is built per item, which is most of the time of
/// an import of 40,000 games (to be read in under 3 s).
fn read_plain(text: &str) -> Option<Read> {
    let doc: Plain = serde_json::from_str(text).ok()?;
    if doc.format != FORMAT || !(1..=VERSION).contains(&doc.version) {
        return None;
    }
    let mut out = Read {
        records: Records::default(),
        bad: Vec::new(),
        from: doc.version,
        counts: (doc.games.len(), doc.earned.len()),
    };
    let mut ids = rustc_hash::FxHashSet::default();
    out.records.games = doc
        .games
        .into_iter()
        .filter(|g| ids.insert(g.id.clone()))
        .collect();
    for e in doc.earned {
        out.records.add_earned(e);
    }
    Some(out)
}

/// Reads a document item by item through every migration it needs.
fn read(text: &str) -> Result<Read, (bool, String)> {
    if let Some(r) = read_plain(text) {
        return Ok(r);
    }
    let items = split(text)?;
    let from = items.version;
    let mut ids = rustc_hash::FxHashSet::default();
    let mut out = Read {
        records: Records::default(),
        bad: Vec::new(),
        from,
        counts: (items.games.len(), items.earned.len()),
    };
    for (i, item) in items.games.iter().enumerate() {
        match read_game(item, from) {
            Ok(games) => {
                for g in games {
                    // The first of two games with one id is kept (a set, not a scan per game).
                    if ids.insert(g.id.clone()) {
                        out.records.games.push(g);
                    }
                }
            }
            Err(reason) => out.bad.push(Bad {
                place: match (from, item.get("id").and_then(Value::as_str)) {
                    (0, _) => format!("old scorepad line {}", i + 1),
                    (_, Some(id)) => format!("game {} (id {id})", i + 1),
                    (_, None) => format!("game {}", i + 1),
                },
                reason,
                raw: item.to_string(),
            }),
        }
    }
    for (i, item) in items.earned.into_iter().enumerate() {
        let kept = item.to_string();
        let earned = migrate(item, from, false)
            .and_then(|v| serde_json::from_str::<Earned>(&v.to_string()).map_err(de::reason));
        match earned {
            Ok(e) => {
                out.records.add_earned(e);
            }
            Err(reason) => out.bad.push(Bad {
                place: format!("achievement {}", i + 1),
                reason,
                raw: kept,
            }),
        }
    }
    Ok(out)
}

/// What [`load`] read.
#[derive(Debug, Default)]
pub struct Loaded {
    pub records: Records,
    /// What could not be read; keep it somewhere, never drop it.
    pub set_aside: Vec<SetAside>,
    /// The version the data was written in (0 when there was none).
    pub from: u32,
    /// Written by a newer build: show it, but never write over it.
    pub newer: bool,
}

/// Reads stored records, keeping everything it can: never fails (see the module docs).
pub fn load(text: &str) -> Loaded {
    let mut out = Loaded::default();
    if text.trim().is_empty() {
        return out;
    }
    match read(text) {
        Ok(r) => {
            out.records = r.records;
            out.from = r.from;
            out.newer = r.from > VERSION;
            out.set_aside = r
                .bad
                .into_iter()
                .map(|b| SetAside {
                    reason: format!("{}: {}", b.place, b.reason),
                    raw: b.raw,
                })
                .collect();
        }
        Err((syntax, e)) => out.set_aside.push(SetAside {
            reason: if syntax {
                format!("the stored records are not valid JSON ({e})")
            } else {
                format!("the stored records could not be read: {e}")
            },
            raw: text.to_string(),
        }),
    }
    out
}

/// What [`import`] read.
#[derive(Debug)]
pub struct Imported {
    pub records: Records,
    pub from: u32,
}

/// Reads a file the player chose to import: all or nothing (see the module docs).
pub fn import(text: &str) -> Result<Imported, String> {
    if text.trim().is_empty() {
        return Err("the file is empty".into());
    }
    let r = read(text).map_err(|(syntax, e)| {
        if syntax {
            format!("the file is not valid JSON ({e})")
        } else {
            e
        }
    })?;
    if r.from > VERSION {
        return Err(format!(
            "the file was written by a newer version of Unbroken (records version {}; this one reads up to {VERSION})",
            r.from
        ));
    }
    if let Some(b) = r.bad.first() {
        // "game 2 (id x)" → "game 2 of 5 (id x)"
        let (games, earned) = r.counts;
        let n = if b.place.starts_with("achievement") {
            earned
        } else {
            games
        };
        // " of N" after the place's first number, char by char (no slicing, so no slicing
        // panic's machinery ships).
        let mut place = String::new();
        let (mut digits, mut told) = (false, false);
        for c in b.place.chars() {
            if digits && !told && !c.is_ascii_digit() {
                place.push_str(&format!(" of {n}"));
                told = true;
            }
            digits |= c.is_ascii_digit();
            place.push(c);
        }
        if digits && !told {
            place.push_str(&format!(" of {n}"));
        }
        return Err(format!("{place}: {}", b.reason));
    }
    Ok(Imported {
        records: r.records,
        from: r.from,
    })
}

/// The current-version document of these records, as JSON text (storage and export).
pub fn to_json(r: &Records) -> String {
    #[derive(Serialize)]
    struct DocOut<'a> {
        format: &'a str,
        version: u32,
        games: Vec<items::Item<'a>>,
        earned: &'a [Earned],
    }
    serde_json::to_string(&DocOut {
        format: FORMAT,
        version: VERSION,
        games: items::items(&r.games),
        earned: &r.earned,
    })
    .unwrap_or_default()
}
