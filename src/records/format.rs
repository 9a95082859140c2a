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
//! A document is read item by item (each game, each achievement on its own), and each version
//! `n` has a [`Migration`] in [`MIGRATIONS`] carrying an item of version `n` to `n + 1`.
//! Any change of shape raises [`VERSION`] and adds a migration; unknown fields are ignored, so a
//! build never writes over data of a newer version (it reads it, flagged `newer`).
//!
//! Reading comes in two strengths:
//! - [`load`] (local storage) never fails: whatever cannot be read — the whole text, or one game
//!   or achievement — is returned as [`SetAside`] with the reason, and everything else loads.
//! - [`import`] (a file the player picked) is all or nothing: anything wrong refuses the whole
//!   file with a message naming the place, and nothing is returned.

use super::json::{self, Fields, Obj, J};
use super::record::{fnv1a, GameRecord, RecordOutcome};
use super::{Earned, Records};
use crate::engine::Difficulty;

/// The `format` field of a records document.
pub const FORMAT: &str = "unbroken-records";
/// The version this build writes. Version 2 (issue 13, item 4) stores each game as
/// `{"id": …, "z": "<packed>"}`: the version 1 object, packed ([`super::pack`]) to ~1/15 of
/// its characters; a version 2 reader takes version 1 objects as they are.
pub const VERSION: u32 = 2;

/// Data that could not be read, kept as it was with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// What was wrong, for the player ("game 3: missing field `date`").
    pub reason: String,
    /// The data itself: the JSON text of one record, or the whole stored text.
    pub raw: String,
}

impl SetAside {
    /// A list as JSON text: `[{"reason": …, "raw": …}, …]`.
    pub fn list_to_json(list: &[SetAside]) -> String {
        let mut o = String::from("[");
        for (i, x) in list.iter().enumerate() {
            if i > 0 {
                o.push(',');
            }
            Obj::new(&mut o)
                .str("reason", &x.reason)
                .str("raw", &x.raw)
                .end();
        }
        o.push(']');
        o
    }

    /// Reads [`SetAside::list_to_json`]; `None` when it is not such a list.
    pub fn list_from_json(text: &str) -> Option<Vec<SetAside>> {
        json::parse(text)
            .ok()?
            .as_array()?
            .iter()
            .map(|v| {
                Some(SetAside {
                    reason: v.get("reason")?.as_str()?.to_string(),
                    raw: v.get("raw")?.as_str()?.to_string(),
                })
            })
            .collect()
    }
}

/// Carries one item from version `n` to `n + 1`, or says why it cannot (the item is then set
/// aside).
#[derive(Clone, Copy)]
pub struct Migration {
    pub game: fn(&J) -> Result<J, String>,
    pub earned: fn(&J) -> Result<J, String>,
}

/// `MIGRATIONS[n]` carries version `n` to `n + 1`.
pub const MIGRATIONS: [Migration; VERSION as usize] = [
    Migration {
        game: v0_line_to_v1,
        earned: unchanged,
    },
    // A version 1 object is a valid version 2 item; it is packed when next written.
    Migration {
        game: unchanged,
        earned: unchanged,
    },
];

std::thread_local! {
    /// Each game's packed form by record id, as read or first written: a record never changes,
    /// so a write packs only the games new since the last (packing 20,000 at every game's end
    /// would take seconds).
    static PACKED: std::cell::RefCell<std::collections::HashMap<String, std::rc::Rc<str>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

/// A version 2 game item as the version 1 object it packs (`None`: it is not packed).
fn unpack_item(raw: &J) -> Result<Option<(J, &str)>, String> {
    let Some(z) = raw.get("z") else {
        return Ok(None);
    };
    let z = z.as_str().ok_or("`z` must be a packed record (a text)")?;
    let text = super::pack::unpack(z).ok_or("its packed record cannot be unpacked")?;
    let item = json::parse(&text).map_err(|e| format!("its packed record is not JSON ({e})"))?;
    if raw.get("id") != item.get("id") {
        return Err("its `id` differs from the packed record's".into());
    }
    Ok(Some((item, z)))
}

/// Writes one game as a version 2 item (packed once, then from [`PACKED`]).
fn write_packed(o: &mut String, g: &GameRecord) {
    let z = PACKED.with(|p| p.borrow().get(&g.id).cloned()).or_else(|| {
        let z: std::rc::Rc<str> = super::pack::pack(&g.to_json())?.into();
        PACKED.with(|p| p.borrow_mut().insert(g.id.clone(), z.clone()));
        Some(z)
    });
    match z {
        Some(z) => Obj::new(o).str("id", &g.id).str("z", &z).end(),
        // Never expected; a version 1 object is a valid version 2 item.
        None => g.write(o),
    }
}

fn unchanged(item: &J) -> Result<J, String> {
    Ok(item.clone())
}

// ----- Version 0 ------------------------------------------------------------------------------

/// The rank of a score by the box's table (p. 34), for v0 lines without a rank.
fn rank_of(score: u32) -> String {
    let rules = json::parse(include_str!("../../content/rules.json")).unwrap_or(J::Null);
    let mut best: Option<(u64, &str)> = None;
    for r in rules.get("ranks").and_then(J::as_array).unwrap_or(&[]) {
        if let (Some(min), Some(name)) = (
            r.get("min").and_then(J::as_u64),
            r.get("name").and_then(J::as_str),
        ) {
            if score as u64 >= min && best.is_none_or(|(m, _)| min >= m) {
                best = Some((min, name));
            }
        }
    }
    best.map(|(_, n)| n.to_string()).unwrap_or_default()
}

/// One v0 scorepad line as a v1 game record.
fn v0_line_to_v1(item: &J) -> Result<J, String> {
    let f = Fields::of(item).map_err(|_| "not an object".to_string())?;
    let nonempty = |k: &str| -> Result<String, String> {
        let v = f.string(k)?;
        if v.trim().is_empty() {
            Err(format!("empty `{k}`"))
        } else {
            Ok(v.trim().to_string())
        }
    };
    let character = nonempty("character")?.to_ascii_lowercase();
    let d = nonempty("difficulty")?;
    let difficulty = Difficulty::parse(&d).ok_or_else(|| format!("unknown difficulty `{d}`"))?;
    let date = nonempty("date")?;
    let score = f.int("score", 0, u32::MAX as i64)? as u32;
    let side = f
        .int_or0("side", 0, 1)
        .map_err(|_| "`side` must be 0 or 1".to_string())? as u8;
    let rank = match f.opt_string("rank")? {
        Some(r) if !r.trim().is_empty() => r.trim().to_string(),
        _ => rank_of(score),
    };
    let rec = GameRecord {
        id: format!("v0-{:016x}", fnv1a(item.text().bytes())),
        date,
        character,
        side,
        difficulty,
        easy_toggle: false,
        seed: f.opt_u64("seed")?,
        kind: Default::default(),
        outcome: RecordOutcome::Victory { score, rank },
        facts: None,
        replay: None,
    };
    json::parse(&rec.to_json()).map_err(|e| e.to_string())
}

// ----- Reading --------------------------------------------------------------------------------

/// A document's items, before migration.
struct Items<'a> {
    version: u32,
    games: &'a [J],
    earned: &'a [J],
}

/// Splits a document into its items; an error means the whole is unusable.
fn split(doc: &J) -> Result<Items<'_>, String> {
    match doc {
        J::Arr(lines) => Ok(Items {
            version: 0,
            games: lines,
            earned: &[],
        }),
        J::Obj(_) => {
            match doc.get("format").map(|f| f.as_str()) {
                Some(Some(FORMAT)) => {}
                Some(Some(f)) => {
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
            let version = doc
                .get("version")
                .and_then(J::as_u64)
                .map(|v| v.min(u32::MAX as u64) as u32)
                .ok_or_else(|| "the records have no version number".to_string())?;
            let f = Fields(doc);
            Ok(Items {
                version,
                games: f.list("games")?,
                earned: f.list("earned")?,
            })
        }
        _ => Err("this is not an Unbroken records file (expected a JSON object)".into()),
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

/// Reads a document item by item through every migration it needs.
fn read(doc: &J) -> Result<Read, String> {
    let items = split(doc)?;
    let from = items.version;
    let mut ids = std::collections::HashSet::new();
    let mut out = Read {
        records: Records::default(),
        bad: Vec::new(),
        from,
        counts: (items.games.len(), items.earned.len()),
    };
    for (kind, list) in [(0, items.games), (1, items.earned)] {
        for (i, raw) in list.iter().enumerate() {
            let mut item = raw.clone();
            let mut failed = None;
            let mut packed = None;
            if kind == 0 && from >= 2 {
                match unpack_item(raw) {
                    Ok(Some((j, z))) => {
                        item = j;
                        packed = Some(z);
                    }
                    Ok(None) => {}
                    Err(e) => failed = Some(e),
                }
            }
            let mut v = from;
            while v < VERSION && failed.is_none() {
                let step = MIGRATIONS[v as usize];
                let f = if kind == 0 { step.game } else { step.earned };
                match f(&item) {
                    Ok(t) => item = t,
                    Err(e) => failed = Some(e),
                }
                v += 1;
            }
            let result = match failed {
                Some(e) => Err(e),
                None if kind == 0 => GameRecord::read(&item).map(|g| {
                    if let Some(z) = packed {
                        PACKED.with(|p| p.borrow_mut().insert(g.id.clone(), z.into()));
                    }
                    // The first of two games with one id is kept (a set, not a scan per game).
                    if ids.insert(g.id.clone()) {
                        out.records.games.push(g);
                    }
                }),
                None => Earned::read(&item).map(|e| {
                    out.records.add_earned(e);
                }),
            };
            if let Err(reason) = result {
                let place = match (kind, from) {
                    (0, 0) => format!("old scorepad line {}", i + 1),
                    (0, _) => match raw.get("id").and_then(J::as_str) {
                        Some(id) => format!("game {} (id {id})", i + 1),
                        None => format!("game {}", i + 1),
                    },
                    _ => format!("achievement {}", i + 1),
                };
                out.bad.push(Bad {
                    place,
                    reason,
                    raw: raw.text(),
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
    let doc = match json::parse(text) {
        Ok(d) => d,
        Err(e) => {
            out.set_aside.push(whole(format!(
                "the stored records are not valid JSON ({e})"
            )));
            return out;
        }
    };
    match read(&doc) {
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
    let doc = json::parse(text).map_err(|e| format!("the file is not valid JSON ({e})"))?;
    let r = read(&doc)?;
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

/// The current-version document of these records, as JSON text (storage and export).
pub fn to_json(r: &Records) -> String {
    let mut o = String::new();
    Obj::new(&mut o)
        .str("format", FORMAT)
        .num("version", VERSION)
        .list("games", &r.games, write_packed)
        .list("earned", &r.earned, |o, e| e.write(o))
        .end();
    o
}
