//! The stored and exported form of the records, its versions and the migrations between them.
//!
//! Version 1 (current) is one JSON object:
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
//! Each version `n` has a migration to `n + 1` in [`MIGRATIONS`]; a document is carried through
//! every one it needs. Reading comes in two strengths:
//! - [`load`] (local storage) never fails: whatever cannot be read — the whole text, or one game
//!   or achievement — is returned as [`SetAside`] with the reason, and everything else loads.
//! - [`import`] (a file the player picked) is all or nothing: anything wrong refuses the whole
//!   file with a message naming the place, and nothing is returned.

use super::record::{fnv1a, GameRecord, RecordOutcome};
use super::{Earned, Records};
use crate::engine::Difficulty;
use serde_json::{json, Map, Value};

/// The `format` field of a records document.
pub const FORMAT: &str = "unbroken-records";
/// The version this build writes.
pub const VERSION: u32 = 1;

/// Data that could not be read, kept as it was with the reason.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SetAside {
    /// What was wrong, for the player ("game 3: missing field `date`").
    pub reason: String,
    /// The data itself: the JSON text of one record, or the whole stored text.
    pub raw: String,
}

type Migration = fn(Value, &mut Vec<SetAside>) -> Result<Value, String>;

/// `MIGRATIONS[n]` turns a version-`n` document into version `n + 1`. Lines it cannot carry
/// over go to the set-aside list; an error means the whole document is unusable.
pub const MIGRATIONS: [Migration; VERSION as usize] = [v0_to_v1];

/// The rank names and minimum scores of the box (p. 34), for v0 lines without a rank.
fn rank_of(score: u32) -> String {
    let rules: Value =
        serde_json::from_str(include_str!("../../content/rules.json")).unwrap_or(Value::Null);
    let mut best = String::new();
    let mut best_min = 0;
    for r in rules["ranks"].as_array().into_iter().flatten() {
        let min = r["min"].as_u64().unwrap_or(u64::MAX) as u32;
        if score >= min && (best.is_empty() || min >= best_min) {
            best_min = min;
            best = r["name"].as_str().unwrap_or_default().to_string();
        }
    }
    best
}

/// One v0 scorepad line as a v1 game record.
fn v0_line(i: usize, line: &Value) -> Result<Value, String> {
    let o = line
        .as_object()
        .ok_or_else(|| format!("line {}: not an object", i + 1))?;
    let text = |k: &str| -> Result<String, String> {
        o.get(k)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .ok_or_else(|| format!("line {}: missing or empty `{k}`", i + 1))
    };
    let character = text("character")?.to_ascii_lowercase();
    let difficulty = text("difficulty")?;
    let difficulty = Difficulty::parse(&difficulty)
        .ok_or_else(|| format!("line {}: unknown difficulty `{difficulty}`", i + 1))?;
    let date = text("date")?;
    let score = o
        .get("score")
        .and_then(Value::as_u64)
        .filter(|s| *s <= u32::MAX as u64)
        .ok_or_else(|| format!("line {}: missing or bad `score`", i + 1))? as u32;
    let rank = match o.get("rank").and_then(Value::as_str) {
        Some(r) if !r.trim().is_empty() => r.trim().to_string(),
        _ => rank_of(score),
    };
    let side = match o.get("side") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_u64()
            .filter(|s| *s <= 1)
            .ok_or_else(|| format!("line {}: `side` must be 0 or 1", i + 1))?,
    };
    let seed = o.get("seed").and_then(Value::as_u64);
    let id = format!("v0-{:016x}", fnv1a(line.to_string().bytes()));
    let rec = GameRecord {
        id,
        date,
        character,
        side: side as u8,
        difficulty,
        easy_toggle: false,
        seed,
        kind: Default::default(),
        outcome: RecordOutcome::Victory { score, rank },
        facts: None,
        replay: None,
        extra: Map::new(),
    };
    serde_json::to_value(rec).map_err(|e| e.to_string())
}

fn v0_to_v1(doc: Value, set_aside: &mut Vec<SetAside>) -> Result<Value, String> {
    let Value::Array(lines) = doc else {
        return Err("a version 0 scorepad is a list of lines".into());
    };
    let mut games = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        match v0_line(i, line) {
            Ok(g) => games.push(g),
            Err(reason) => set_aside.push(SetAside {
                reason: format!("old scorepad {reason}"),
                raw: line.to_string(),
            }),
        }
    }
    Ok(json!({ "format": FORMAT, "version": 1, "games": games, "earned": [] }))
}

/// The version of a document: a bare list is the v0 scorepad; an object says its own.
pub fn version_of(doc: &Value) -> Result<u32, String> {
    match doc {
        Value::Array(_) => Ok(0),
        Value::Object(o) => {
            match o.get("format").and_then(Value::as_str) {
                Some(FORMAT) => {}
                Some(other) => {
                    return Err(format!(
                        "this is not an Unbroken records file (its format is `{other}`)"
                    ))
                }
                None => {
                    return Err(
                        "this is not an Unbroken records file (no `format`: \"unbroken-records\")"
                            .into(),
                    )
                }
            }
            o.get("version")
                .and_then(Value::as_u64)
                .map(|v| v.min(u32::MAX as u64) as u32)
                .ok_or_else(|| "the records have no version number".to_string())
        }
        _ => Err("this is not an Unbroken records file (expected a JSON object)".into()),
    }
}

/// A document brought to the current version.
#[derive(Debug)]
pub struct Migrated {
    pub doc: Map<String, Value>,
    /// The version it was written in.
    pub from: u32,
    /// Lines the migrations could not carry over.
    pub set_aside: Vec<SetAside>,
}

/// Carries a document through every migration it needs. A document newer than this build is
/// returned as it is (`from > VERSION`); the caller decides (read, but never write over it).
pub fn migrate(doc: Value) -> Result<Migrated, String> {
    let from = version_of(&doc)?;
    let mut set_aside = Vec::new();
    let mut doc = doc;
    let mut v = from;
    while v < VERSION {
        doc = MIGRATIONS[v as usize](doc, &mut set_aside)?;
        v += 1;
    }
    match doc {
        Value::Object(o) => Ok(Migrated {
            doc: o,
            from,
            set_aside,
        }),
        _ => Err("the records are not a JSON object".into()),
    }
}

/// Checks beyond the shape: fields a record cannot do without.
fn check_record(g: &GameRecord) -> Result<(), String> {
    if g.id.trim().is_empty() {
        return Err("empty `id`".into());
    }
    if g.date.trim().is_empty() {
        return Err("empty `date`".into());
    }
    if g.character.trim().is_empty() {
        return Err("empty `character`".into());
    }
    if g.side > 1 {
        return Err("`side` must be 0 or 1".into());
    }
    Ok(())
}

fn parse_game(v: &Value) -> Result<GameRecord, String> {
    let g: GameRecord = serde_json::from_value(v.clone()).map_err(|e| e.to_string())?;
    check_record(&g)?;
    Ok(g)
}

fn parse_earned(v: &Value) -> Result<Earned, String> {
    let e: Earned = serde_json::from_value(v.clone()).map_err(|e| e.to_string())?;
    if e.achievement.trim().is_empty() || e.date.trim().is_empty() {
        return Err("empty `achievement` or `date`".into());
    }
    Ok(e)
}

fn describe(v: &Value) -> String {
    match v.get("id").and_then(Value::as_str) {
        Some(id) => format!(" (id {id})"),
        None => String::new(),
    }
}

fn json_error(e: &serde_json::Error) -> String {
    format!("line {}, column {}: {e}", e.line(), e.column())
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

fn list<'a>(doc: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], String> {
    match doc.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(format!("`{key}` is not a list")),
    }
}

/// Reads stored records, keeping everything it can: never fails (see the module docs).
pub fn load(text: &str) -> Loaded {
    let mut out = Loaded::default();
    if text.trim().is_empty() {
        return out;
    }
    let whole = |reason: String| SetAside {
        reason,
        raw: text.to_string(),
    };
    let doc: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            out.set_aside.push(whole(format!(
                "the stored records are not valid JSON ({})",
                json_error(&e)
            )));
            return out;
        }
    };
    let m = match migrate(doc) {
        Ok(m) => m,
        Err(e) => {
            out.set_aside
                .push(whole(format!("the stored records could not be read: {e}")));
            return out;
        }
    };
    out.from = m.from;
    out.newer = m.from > VERSION;
    out.set_aside = m.set_aside;
    let mut doc = m.doc;
    for (key, what) in [("games", "game"), ("earned", "achievement")] {
        match list(&doc, key) {
            Ok(items) => {
                for (i, v) in items.iter().enumerate() {
                    let r = if key == "games" {
                        parse_game(v).map(|g| out.records.add_game(g))
                    } else {
                        parse_earned(v).map(|e| out.records.add_earned(e))
                    };
                    if let Err(e) = r {
                        out.set_aside.push(SetAside {
                            reason: format!("{what} {}{}: {e}", i + 1, describe(v)),
                            raw: v.to_string(),
                        });
                    }
                }
            }
            Err(e) => out.set_aside.push(SetAside {
                reason: e,
                raw: doc.get(key).map(Value::to_string).unwrap_or_default(),
            }),
        }
    }
    for k in ["format", "version", "games", "earned"] {
        doc.remove(k);
    }
    out.records.extra = doc;
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
    let doc: Value = serde_json::from_str(text)
        .map_err(|e| format!("the file is not valid JSON ({})", json_error(&e)))?;
    let m = migrate(doc)?;
    if m.from > VERSION {
        return Err(format!(
            "the file was written by a newer version of Unbroken (records version {}; this one reads up to {VERSION})",
            m.from
        ));
    }
    if let Some(s) = m.set_aside.first() {
        return Err(s.reason.clone());
    }
    let mut records = Records::default();
    let games = list(&m.doc, "games")?;
    for (i, v) in games.iter().enumerate() {
        let g = parse_game(v)
            .map_err(|e| format!("game {} of {}{}: {e}", i + 1, games.len(), describe(v)))?;
        records.add_game(g);
    }
    let earned = list(&m.doc, "earned")?;
    for (i, v) in earned.iter().enumerate() {
        let e = parse_earned(v)
            .map_err(|e| format!("achievement {} of {}: {e}", i + 1, earned.len()))?;
        records.add_earned(e);
    }
    let mut extra = m.doc;
    for k in ["format", "version", "games", "earned"] {
        extra.remove(k);
    }
    records.extra = extra;
    Ok(Imported {
        records,
        from: m.from,
    })
}

/// The current-version document of these records.
pub fn to_value(r: &Records) -> Value {
    let mut o = Map::new();
    o.insert("format".into(), json!(FORMAT));
    o.insert("version".into(), json!(VERSION));
    o.insert(
        "games".into(),
        serde_json::to_value(&r.games).unwrap_or(Value::Array(Vec::new())),
    );
    o.insert(
        "earned".into(),
        serde_json::to_value(&r.earned).unwrap_or(Value::Array(Vec::new())),
    );
    for (k, v) in &r.extra {
        o.entry(k.clone()).or_insert_with(|| v.clone());
    }
    Value::Object(o)
}

/// Compact text, for local storage.
pub fn to_json(r: &Records) -> String {
    to_value(r).to_string()
}

/// Indented text, for the export file.
pub fn to_json_pretty(r: &Records) -> String {
    serde_json::to_string_pretty(&to_value(r)).unwrap_or_default()
}
