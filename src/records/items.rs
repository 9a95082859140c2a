//! The games of a stored document as items (format versions 2 and 3, see
//! [`super::format`]): each game packed alone (`{"id", "z"}`), or a batch packed together
//! (`{"ids", "zs"}`), and the cache that makes a write pack only the games new since the
//! last. Kept apart from the format's versions and migrations: this is how the games are
//! stored now, that is how any document is read.

use super::de;
use super::pack;
use super::record::GameRecord;
use serde::Serialize;
use serde_json::Value;
use std::cell::RefCell;
// Rustc's Fx hash: the keys are record ids, and its few instructions are less of the
// downloaded module than SipHash.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::rc::Rc;

/// Games packed together in one batch, at most.
pub const BATCH: usize = 64;
/// A write that adds fewer new games than this packs each alone (a game's end adds one).
pub const BATCH_FROM: usize = 32;
/// The packer's level for a batch: natively ~16 µs a game at 3 against ~24 µs at 6, for ~12%
/// more room (54 against 48 UTF-16 units a game); level 1 takes twice the room.
const BATCH_LEVEL: u8 = 3;

/// A batch as stored: its games' ids, in order, and the packed array of their records.
#[derive(Debug)]
pub struct Batch {
    ids: Vec<String>,
    zs: Rc<str>,
}

/// A game's packed form, as read or first written.
#[derive(Clone, Debug)]
enum Packed {
    One(Rc<str>),
    In(Rc<Batch>),
}

std::thread_local! {
    /// Each game's packed form by record id: a record never changes, so a write packs only the
    /// games new since the last (packing 20,000 at every game's end would take seconds).
    static PACKED: RefCell<HashMap<String, Packed>> = RefCell::new(HashMap::default());
}

/// The games of one packed item (`Ok(None)`: it is not packed, read it as a record).
pub fn unpack_item(item: &Value) -> Result<Option<Vec<GameRecord>>, String> {
    let text = |v: &Value, what: &str| {
        v.as_str()
            .map(str::to_string)
            .ok_or(format!("`{what}` must be packed records (a text)"))
    };
    if let Some(z) = item.get("z") {
        let z = text(z, "z")?;
        let json = pack::unpack(&z).ok_or("its packed record cannot be unpacked")?;
        let g = GameRecord::from_json(&json)
            .map_err(|e| format!("its packed record does not read ({e})"))?;
        if item.get("id").and_then(Value::as_str) != Some(g.id.as_str()) {
            return Err("its `id` differs from the packed record's".into());
        }
        PACKED.with(|p| p.borrow_mut().insert(g.id.clone(), Packed::One(z.into())));
        return Ok(Some(vec![g]));
    }
    let Some(zs) = item.get("zs") else {
        return Ok(None);
    };
    let zs = text(zs, "zs")?;
    let ids: Vec<String> = item
        .get("ids")
        .and_then(Value::as_array)
        .and_then(|a| a.iter().map(|v| v.as_str().map(str::to_string)).collect())
        .ok_or("`ids` must list the ids of the packed batch")?;
    let json = pack::unpack(&zs).ok_or("its packed batch cannot be unpacked")?;
    let games: Vec<GameRecord> = serde_json::from_str(&json)
        .map_err(|e| format!("its packed batch does not read ({})", de::reason(e)))?;
    if games.iter().map(|g| &g.id).ne(ids.iter()) {
        return Err("its `ids` differ from the packed batch's".into());
    }
    let batch = Rc::new(Batch { ids, zs: zs.into() });
    PACKED.with(|p| {
        let mut p = p.borrow_mut();
        for id in &batch.ids {
            p.insert(id.clone(), Packed::In(batch.clone()));
        }
    });
    Ok(Some(games))
}

/// One stored game item.
pub enum Item<'a> {
    One(&'a str, Rc<str>),
    Batch(Rc<Batch>),
    /// Never expected (the packer failed); a version 1 object is a valid item.
    Plain(&'a GameRecord),
}

impl Serialize for Item<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Item::One(id, z) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("id", id)?;
                m.serialize_entry("z", &**z)?;
                m.end()
            }
            Item::Batch(b) => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("ids", &b.ids)?;
                m.serialize_entry("zs", &*b.zs)?;
                m.end()
            }
            Item::Plain(g) => g.serialize(s),
        }
    }
}

/// Packs the games the cache does not hold: in batches when they are many, else each alone.
fn pack_new(games: &[&GameRecord]) {
    let mut p = HashMap::default();
    if games.len() >= BATCH_FROM {
        for chunk in games.chunks(BATCH) {
            let text = serde_json::to_string(chunk).unwrap_or_default();
            if let Some(zs) = pack::pack_at(&text, BATCH_LEVEL) {
                let batch = Rc::new(Batch {
                    ids: chunk.iter().map(|g| g.id.clone()).collect(),
                    zs: zs.into(),
                });
                for id in &batch.ids {
                    p.insert(id.clone(), Packed::In(batch.clone()));
                }
            }
        }
    } else {
        for g in games {
            if let Some(z) = pack::pack(&g.to_json()) {
                p.insert(g.id.clone(), Packed::One(z.into()));
            }
        }
    }
    PACKED.with(|c| c.borrow_mut().extend(p));
}

/// The stored items of these games, in their order (a batch where its first game is).
pub fn items(games: &[GameRecord]) -> Vec<Item<'_>> {
    let present: HashSet<&str> = games.iter().map(|g| g.id.as_str()).collect();
    // A batch is written only when all its games are here (an import undone leaves batches in
    // the cache whose games are not).
    let usable = |p: &Packed| match p {
        Packed::One(_) => true,
        Packed::In(b) => b.ids.iter().all(|i| present.contains(i.as_str())),
    };
    let new: Vec<&GameRecord> = PACKED.with(|c| {
        let c = c.borrow();
        games
            .iter()
            .filter(|g| !c.get(&g.id).is_some_and(usable))
            .collect()
    });
    if !new.is_empty() {
        pack_new(&new);
    }
    PACKED.with(|c| {
        let c = c.borrow();
        let mut written: HashSet<*const Batch> = HashSet::default();
        let mut out = Vec::with_capacity(games.len());
        for g in games {
            match c.get(&g.id).filter(|p| usable(p)) {
                Some(Packed::One(z)) => out.push(Item::One(&g.id, z.clone())),
                Some(Packed::In(b)) => {
                    if written.insert(Rc::as_ptr(b)) {
                        out.push(Item::Batch(b.clone()));
                    }
                }
                None => out.push(Item::Plain(g)),
            }
        }
        out
    })
}
