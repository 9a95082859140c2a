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
//! A document is read item by item (each game, each achievement is its own JSON text), and each
//! version `n` has a [`Migration`] in [`MIGRATIONS`] carrying an item of version `n` to `n + 1`.
//! Any change of shape raises [`VERSION`] and adds a migration; unknown fields are ignored, so a
//! build never writes over data of a newer version (it reads it, flagged `newer`).
//!
//! Reading comes in two strengths:
//! - [`load`] (local storage) never fails: whatever cannot be read — the whole text, or one game
//!   or achievement — is returned as [`SetAside`] with the reason, and everything else loads.
//! - [`import`] (a file the player picked) is all or nothing: anything wrong refuses the whole
//!   file with a message naming the place, and nothing is returned.

use super::record::{fnv1a, GameRecord, RecordOutcome};
use super::{Earned, Records};
use crate::engine::Difficulty;
use serde::{Deserialize, Serialize};

/// The `format` field of a records document.
pub const FORMAT: &str = "unbroken-records";
/// The version this build writes.
pub const VERSION: u32 = 1;

/// Data that could not be read, kept as it was with the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetAside {
    /// What was wrong, for the player ("game 3: missing field `date`").
    pub reason: String,
    /// The data itself: the JSON text of one record, or the whole stored text.
    pub raw: String,
}

/// Carries one item from version `n` to `n + 1`: its JSON text in, its new JSON text out, or
/// the reason it cannot be carried (the item is then set aside).
#[derive(Clone, Copy)]
pub struct Migration {
    pub game: fn(&str) -> Result<String, String>,
    pub earned: fn(&str) -> Result<String, String>,
}

/// `MIGRATIONS[n]` carries version `n` to `n + 1`.
pub const MIGRATIONS: [Migration; VERSION as usize] = [Migration {
    game: v0_line_to_v1,
    earned: unchanged,
}];

fn unchanged(item: &str) -> Result<String, String> {
    Ok(item.to_string())
}

// ----- A small reader of JSON structure -------------------------------------------------------
// serde_json checks the text first; these only find where each item starts and ends, so every
// item can be parsed on its own and a bad one set aside without losing the rest.

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The end of the (valid) JSON value starting at `i`.
fn value_end(b: &[u8], mut i: usize) -> usize {
    match b.get(i) {
        Some(b'"' | b'{' | b'[') => {}
        _ => {
            // A number, `true`, `false` or `null`: up to the next delimiter.
            while i < b.len() && !matches!(b[i], b',' | b']' | b'}') && !b[i].is_ascii_whitespace()
            {
                i += 1;
            }
            return i;
        }
    }
    let mut depth = 0usize;
    let mut in_str = false;
    while i < b.len() {
        let c = b[i];
        i += 1;
        if in_str {
            match c {
                b'\\' => i += 1,
                b'"' => {
                    in_str = false;
                    if depth == 0 {
                        return i;
                    }
                }
                _ => {}
            }
        } else {
            match c {
                b'"' => in_str = true,
                b'{' | b'[' => depth += 1,
                b'}' | b']' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return i;
                    }
                }
                _ => {}
            }
        }
    }
    i
}

/// The items of the (valid) JSON array `text`, as text.
fn array_items(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = skip_ws(b, 0) + 1; // past '['
    loop {
        i = skip_ws(b, i);
        if i >= b.len() || b[i] == b']' {
            return out;
        }
        let end = value_end(b, i);
        out.push(&text[i..end]);
        i = skip_ws(b, end);
        if i < b.len() && b[i] == b',' {
            i += 1;
        }
    }
}

/// The members of the (valid) JSON object `text`: key and value text.
fn object_members(text: &str) -> Vec<(String, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = skip_ws(b, 0) + 1; // past '{'
    loop {
        i = skip_ws(b, i);
        if i >= b.len() || b[i] != b'"' {
            return out;
        }
        let kend = value_end(b, i);
        let key: String = serde_json::from_str(&text[i..kend]).unwrap_or_default();
        i = skip_ws(b, kend) + 1; // past ':'
        i = skip_ws(b, i);
        let vend = value_end(b, i);
        out.push((key, &text[i..vend]));
        i = skip_ws(b, vend);
        if i < b.len() && b[i] == b',' {
            i += 1;
        }
    }
}

fn first_byte(text: &str) -> u8 {
    let b = text.as_bytes();
    b.get(skip_ws(b, 0)).copied().unwrap_or(0)
}

/// A serde_json message without its position (which would point inside one item).
fn message(e: &serde_json::Error) -> String {
    let m = e.to_string();
    match m.rfind(" at line ") {
        Some(i) => m[..i].to_string(),
        None => m,
    }
}

fn json_error(e: &serde_json::Error) -> String {
    format!("line {}, column {}: {}", e.line(), e.column(), message(e))
}

// ----- Version 0 ------------------------------------------------------------------------------

#[derive(Deserialize)]
struct V0Line {
    character: String,
    #[serde(default)]
    side: Option<u8>,
    difficulty: String,
    date: String,
    score: u32,
    #[serde(default)]
    rank: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

#[derive(Deserialize)]
struct RankDef {
    min: u32,
    name: String,
}

#[derive(Deserialize)]
struct RulesRanks {
    ranks: Vec<RankDef>,
}

/// The rank of a score by the box's table (p. 34), for v0 lines without a rank.
fn rank_of(score: u32) -> String {
    let rules: Option<RulesRanks> =
        serde_json::from_str(include_str!("../../content/rules.json")).ok();
    rules
        .into_iter()
        .flat_map(|r| r.ranks)
        .filter(|r| score >= r.min)
        .max_by_key(|r| r.min)
        .map(|r| r.name)
        .unwrap_or_default()
}

/// One v0 scorepad line as a v1 game record.
fn v0_line_to_v1(item: &str) -> Result<String, String> {
    if first_byte(item) != b'{' {
        return Err("not an object".into());
    }
    let l: V0Line = serde_json::from_str(item).map_err(|e| message(&e))?;
    let nonempty = |k: &str, v: &str| {
        if v.trim().is_empty() {
            Err(format!("empty `{k}`"))
        } else {
            Ok(v.trim().to_string())
        }
    };
    let character = nonempty("character", &l.character)?.to_ascii_lowercase();
    let date = nonempty("date", &l.date)?;
    let difficulty = Difficulty::parse(l.difficulty.trim())
        .ok_or_else(|| format!("unknown difficulty `{}`", l.difficulty))?;
    let side = l.side.unwrap_or(0);
    if side > 1 {
        return Err("`side` must be 0 or 1".into());
    }
    let rank = match l.rank {
        Some(r) if !r.trim().is_empty() => r.trim().to_string(),
        _ => rank_of(l.score),
    };
    let rec = GameRecord {
        id: format!("v0-{:016x}", fnv1a(item.bytes())),
        date,
        character,
        side,
        difficulty,
        easy_toggle: false,
        seed: l.seed,
        kind: Default::default(),
        outcome: RecordOutcome::Victory {
            score: l.score,
            rank,
        },
        facts: None,
        replay: None,
    };
    serde_json::to_string(&rec).map_err(|e| e.to_string())
}

// ----- Reading --------------------------------------------------------------------------------

/// A document split into items, before migration.
struct Items<'a> {
    version: u32,
    games: Vec<&'a str>,
    earned: Vec<&'a str>,
}

/// Splits a document (checked JSON) into its items; an error means the whole is unusable.
fn split(text: &str) -> Result<Items<'_>, String> {
    match first_byte(text) {
        b'[' => Ok(Items {
            version: 0,
            games: array_items(text),
            earned: Vec::new(),
        }),
        b'{' => {
            let members = object_members(text);
            let get = |k: &str| members.iter().find(|(key, _)| key == k).map(|(_, v)| *v);
            match get("format").map(serde_json::from_str::<String>) {
                Some(Ok(f)) if f == FORMAT => {}
                Some(Ok(f)) => {
                    return Err(format!(
                        "this is not an Unbroken records file (its format is `{f}`)"
                    ))
                }
                _ => {
                    return Err(
                        "this is not an Unbroken records file (no `format`: \"unbroken-records\")"
                            .into(),
                    )
                }
            }
            let version = get("version")
                .and_then(|v| serde_json::from_str::<u32>(v).ok())
                .ok_or_else(|| "the records have no version number".to_string())?;
            let list = |k: &str| -> Result<Vec<&str>, String> {
                match get(k) {
                    None | Some("null") => Ok(Vec::new()),
                    Some(v) if first_byte(v) == b'[' => Ok(array_items(v)),
                    Some(_) => Err(format!("`{k}` is not a list")),
                }
            };
            Ok(Items {
                version,
                games: list("games")?,
                earned: list("earned")?,
            })
        }
        _ => Err("this is not an Unbroken records file (expected a JSON object)".into()),
    }
}

/// One item that failed: where, and why.
struct Bad {
    /// "game 3 (id …)" or "old scorepad line 3".
    place: String,
    reason: String,
    raw: String,
}

#[derive(Deserialize)]
struct IdOnly {
    #[serde(default)]
    id: Option<String>,
}

fn id_of(item: &str) -> String {
    match serde_json::from_str::<IdOnly>(item).ok().and_then(|x| x.id) {
        Some(id) => format!(" (id {id})"),
        None => String::new(),
    }
}

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

fn parse_game(item: &str) -> Result<GameRecord, String> {
    let g: GameRecord = serde_json::from_str(item).map_err(|e| message(&e))?;
    check_record(&g)?;
    Ok(g)
}

fn parse_earned(item: &str) -> Result<Earned, String> {
    let e: Earned = serde_json::from_str(item).map_err(|e| message(&e))?;
    if e.achievement.trim().is_empty() || e.date.trim().is_empty() {
        return Err("empty `achievement` or `date`".into());
    }
    Ok(e)
}

/// What a document held: the records read, the items that failed, its version.
struct Read {
    records: Records,
    bad: Vec<Bad>,
    from: u32,
    /// Items per kind, for messages ("game 2 of 5").
    counts: (usize, usize),
}

/// Reads a checked JSON document item by item through every migration it needs.
fn read(text: &str) -> Result<Read, String> {
    let items = split(text)?;
    let from = items.version;
    let mut out = Read {
        records: Records::default(),
        bad: Vec::new(),
        from,
        counts: (items.games.len(), items.earned.len()),
    };
    for (kind, list) in [(0, &items.games), (1, &items.earned)] {
        for (i, raw) in list.iter().enumerate() {
            let mut text = raw.to_string();
            let mut failed = None;
            let mut v = from;
            while v < VERSION && failed.is_none() {
                let step = MIGRATIONS[v as usize];
                let f = if kind == 0 { step.game } else { step.earned };
                match f(&text) {
                    Ok(t) => text = t,
                    Err(e) => failed = Some(e),
                }
                v += 1;
            }
            let result = match failed {
                Some(e) => Err(e),
                None if kind == 0 => parse_game(&text).map(|g| {
                    out.records.add_game(g);
                }),
                None => parse_earned(&text).map(|e| {
                    out.records.add_earned(e);
                }),
            };
            if let Err(reason) = result {
                let place = match (kind, from) {
                    (0, 0) => format!("old scorepad line {}", i + 1),
                    (0, _) => format!("game {}{}", i + 1, id_of(raw)),
                    _ => format!("achievement {}", i + 1),
                };
                out.bad.push(Bad {
                    place,
                    reason,
                    raw: raw.to_string(),
                });
            }
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
    let whole = |reason: String| SetAside {
        reason,
        raw: text.to_string(),
    };
    if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        out.set_aside.push(whole(format!(
            "the stored records are not valid JSON ({})",
            json_error(&e)
        )));
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
        Err(e) => out
            .set_aside
            .push(whole(format!("the stored records could not be read: {e}"))),
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
    serde_json::from_str::<serde::de::IgnoredAny>(text)
        .map_err(|e| format!("the file is not valid JSON ({})", json_error(&e)))?;
    let r = read(text)?;
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
        let place = match b.place.find(|c: char| c.is_ascii_digit()) {
            Some(i) => {
                let j = b.place[i..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(b.place.len(), |j| i + j);
                format!("{} of {n}{}", &b.place[..j], &b.place[j..])
            }
            None => b.place.clone(),
        };
        return Err(format!("{place}: {}", b.reason));
    }
    Ok(Imported {
        records: r.records,
        from: r.from,
    })
}

#[derive(Serialize)]
struct Envelope<'a> {
    format: &'a str,
    version: u32,
    games: &'a [GameRecord],
    earned: &'a [Earned],
}

/// The current-version document of these records, as JSON text (storage and export).
pub fn to_json(r: &Records) -> String {
    serde_json::to_string(&Envelope {
        format: FORMAT,
        version: VERSION,
        games: &r.games,
        earned: &r.earned,
    })
    .unwrap_or_default()
}
