//! The records in `localStorage` (browser build only), apart from the saved game so one can
//! never break the other.
//!
//! - [`KEY`] holds the records document ([`crate::records::format`], versioned, migrated on
//!   read). Nothing is ever removed from it: every write first re-reads it and merges (union by
//!   record id, earliest achievement dates), so two open tabs never overwrite each other's
//!   records; a `storage` event from another tab refreshes this one.
//! - Whatever cannot be read — the whole text, or one record — is moved to a free
//!   [`ASIDE_KEY`]-prefixed key (`unbroken.records.unreadable`, `….2`, …) with the reason, and
//!   the rest loads. The stored text is only rewritten once what was unreadable is kept aside.
//! - Records written by a newer build are shown but never written over; games finished here
//!   meanwhile wait under [`PENDING_KEY`] and are merged in by the next build that can write.
//! - Storage full, disabled or missing (private mode): the records of this session stay in
//!   memory, the game stays playable, and [`Snapshot::warning`] says so (the panel shows it).

use super::local as storage;
use crate::records::format::{self, SetAside};
use crate::records::{Achievements, Earned, GameRecord, MergeSummary, Records};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Where the records live.
pub const KEY: &str = "unbroken.records";
/// Prefix of the keys holding unreadable records, kept aside.
pub const ASIDE_KEY: &str = "unbroken.records.unreadable";
/// Games finished while the stored records were from a newer build.
pub const PENDING_KEY: &str = "unbroken.records.pending";

const DISABLED: &str = "This browser does not let the page store anything (private mode or \
storage turned off). You can play, and this tab keeps your results until it closes, but they \
are not saved: export your records to keep them.";
const FULL: &str = "Your records could not be saved: the browser's storage is full or refused \
the write. You can keep playing, and this tab keeps your results until it closes: export your \
records to keep them.";
const NEWER: &str = "Your records were saved by a newer version of Unbroken. They are shown, \
but this page will not change them: reload to get the new version. Games you finish here are \
kept aside and added when you do.";

/// What the views show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    pub records: Rc<Records>,
    /// Storage problem (full, disabled, newer data): shown until it goes away.
    pub warning: Option<String>,
    /// Data found unreadable in this session and where it was kept.
    pub notices: Vec<String>,
    /// Everything unreadable kept aside in this browser, so the player can download it.
    pub set_aside: Vec<SetAside>,
    /// Bumped on every change.
    pub rev: u64,
}

type Listener = Rc<dyn Fn()>;

#[derive(Default)]
struct Store {
    loaded: bool,
    snap: Snapshot,
    listeners: Vec<(u64, Listener)>,
    next_listener: u64,
    /// The `storage` event handler, kept alive for the page's life.
    on_storage: Option<Closure<dyn Fn(web_sys::StorageEvent)>>,
}

thread_local! {
    static STORE: RefCell<Store> = RefCell::new(Store::default());
}

fn get(s: &web_sys::Storage, key: &str) -> Result<Option<String>, ()> {
    s.get_item(key).map_err(|_| ())
}

/// The current time as ISO 8601 in UTC (the records' dates).
pub fn now_iso() -> String {
    js_sys::Date::new_0().to_iso_string().into()
}

/// What is stored now, read fresh.
struct Fresh {
    loaded: format::Loaded,
    pending: Records,
    /// Storage could be read at all.
    readable: bool,
}

fn read_fresh(s: Option<&web_sys::Storage>) -> Fresh {
    let Some(s) = s else {
        return Fresh {
            loaded: format::Loaded::default(),
            pending: Records::default(),
            readable: false,
        };
    };
    let main = get(s, KEY);
    let pending = get(s, PENDING_KEY)
        .ok()
        .flatten()
        .map(|t| format::load(&t))
        .map(|l| l.records)
        .unwrap_or_default();
    match main {
        Ok(text) => Fresh {
            loaded: format::load(text.as_deref().unwrap_or("")),
            pending,
            readable: true,
        },
        Err(()) => Fresh {
            loaded: format::Loaded::default(),
            pending,
            readable: false,
        },
    }
}

/// The keys of this browser's storage holding data kept aside: unreadable records
/// ([`ASIDE_KEY`]…) and unreadable saved games (`crate::storage::game::BAD_KEY`…), in order.
fn aside_keys(s: &web_sys::Storage) -> Vec<String> {
    let n = s.length().unwrap_or(0);
    // A few keys, put in order as they go in (no sort routine for them alone).
    let mut keys: Vec<String> = Vec::new();
    for k in (0..n).filter_map(|i| s.key(i).ok().flatten()) {
        if is_aside_key(&k) {
            let at = keys.partition_point(|x| *x < k);
            keys.insert(at, k);
        }
    }
    keys
}

/// Whether `key` holds data kept aside (never the records or the game themselves).
pub fn is_aside_key(key: &str) -> bool {
    [ASIDE_KEY, crate::storage::game::BAD_KEY]
        .iter()
        .any(|p| key == *p || key.strip_prefix(p).is_some_and(|r| r.starts_with('.')))
}

/// Every set-aside list of records stored in this browser.
fn read_aside(s: &web_sys::Storage) -> Vec<SetAside> {
    let mut out = Vec::new();
    for key in aside_keys(s)
        .into_iter()
        .filter(|k| k.starts_with(ASIDE_KEY))
    {
        if let Ok(Some(t)) = get(s, &key) {
            match SetAside::list_from_json(&t) {
                Some(v) => out.extend(v),
                None => out.push(SetAside {
                    reason: format!("kept under “{key}”"),
                    raw: t,
                }),
            }
        }
    }
    out
}

/// Data kept aside in this browser: each key, with what it holds in words (the
/// records panel offers each for download and removal).
pub fn kept_aside() -> Vec<(String, String)> {
    let Some(s) = storage() else {
        return Vec::new();
    };
    aside_keys(&s)
        .into_iter()
        .filter_map(|key| {
            let text = get(&s, &key).ok().flatten()?;
            let what = if key.starts_with(ASIDE_KEY) {
                match SetAside::list_from_json(&text) {
                    Some(v) => format!(
                        "{} that could not be read",
                        plural(v.len(), "part of your records", "parts of your records")
                    ),
                    None => "Records that could not be read".to_string(),
                }
            } else {
                "A saved game that could not be loaded".to_string()
            };
            Some((key, what))
        })
        .collect()
}

/// The text kept aside under `key` (a file to download); `None` when `key` holds no such data.
pub fn aside_text(key: &str) -> Option<String> {
    if !is_aside_key(key) {
        return None;
    }
    get(&storage()?, key).ok().flatten()
}

/// Removes the data kept aside under `key` (the player downloaded it or does not want it) and
/// the notice naming it; the views are told. Any other key is left alone.
pub fn remove_aside(key: &str) -> bool {
    let Some(s) = storage().filter(|_| is_aside_key(key)) else {
        return false;
    };
    if s.remove_item(key).is_err() {
        return false;
    }
    let named = format!("“{key}”");
    STORE.with(|st| st.borrow_mut().snap.notices.retain(|n| !n.contains(&named)));
    refresh();
    true
}

fn aside_key(n: u32) -> String {
    if n == 1 {
        ASIDE_KEY.to_string()
    } else {
        format!("{ASIDE_KEY}.{n}")
    }
}

/// Keeps unreadable data under a free aside key; the key used.
fn keep_aside(s: &web_sys::Storage, items: &[SetAside]) -> Result<String, ()> {
    let mut n = 1;
    while get(s, &aside_key(n))?.is_some() {
        n += 1;
    }
    let key = aside_key(n);
    let text = SetAside::list_to_json(items);
    s.set_item(&key, &text).map_err(|_| ())?;
    Ok(key)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// Re-reads storage, merges it with what this tab holds, applies `change`, and writes the
/// result back (unless that would lose something). Returns `change`'s result.
fn commit<R>(change: impl FnOnce(&mut Records) -> R) -> R {
    use crate::records::policy::{self, Access, Step, Warning};
    let defs = Achievements::builtin();
    let s = storage();
    let fresh = read_fresh(s.as_ref());
    let memory = STORE.with(|st| st.borrow().snap.records.clone());
    let access = match (&s, fresh.readable) {
        (Some(_), true) => Access::ReadWrite,
        _ => Access::None,
    };
    // The decisions are `policy::plan`'s (tested natively); here they are carried out.
    let (plan, result) = policy::plan(access, fresh.loaded, &fresh.pending, &memory, defs, change);
    let mut notices = Vec::new();
    let mut kept = Vec::new();
    let mut failed = None;
    if let Some(s) = &s {
        for (i, step) in plan.steps.iter().enumerate() {
            let ok =
                match step {
                    Step::KeepAside(items) => match keep_aside(s, items) {
                        Ok(key) => {
                            let reasons: Vec<&str> =
                                items.iter().map(|x| x.reason.as_str()).collect();
                            notices.push(format!(
                            "{} could not be read and {} kept aside, not deleted, under “{key}” \
                             in this browser's storage: {}. Everything else loaded.",
                            plural(reasons.len(), "part of your records", "parts of your records"),
                            if reasons.len() == 1 { "was" } else { "were" },
                            reasons.join("; ")
                        ));
                            kept.extend(items.iter().cloned());
                            true
                        }
                        Err(()) => false,
                    },
                    Step::WritePending(p) => s.set_item(PENDING_KEY, &format::to_json(p)).is_ok(),
                    Step::WriteMain => s.set_item(KEY, &format::to_json(&plan.records)).is_ok(),
                    Step::ClearPending => s.remove_item(PENDING_KEY).is_ok(),
                };
            if !ok {
                failed = Some(i);
                break;
            }
        }
    }
    let warning = plan.warning_after(failed).map(|w| match w {
        Warning::Disabled => DISABLED.to_string(),
        Warning::Full => FULL.to_string(),
        Warning::Newer => NEWER.to_string(),
        Warning::NewerAndFull => format!("{NEWER} {FULL}"),
    });
    let listeners = STORE.with(|st| {
        let mut st = st.borrow_mut();
        st.snap.notices.extend(notices);
        st.snap.set_aside.extend(kept);
        st.snap.records = Rc::new(plan.records);
        st.snap.warning = warning;
        st.snap.rev += 1;
        st.listeners
            .iter()
            .map(|(_, l)| l.clone())
            .collect::<Vec<Listener>>()
    });
    for l in listeners {
        l();
    }
    result
}

/// Loads on first use and listens to other tabs.
fn ensure_loaded() {
    let first = STORE.with(|st| {
        let mut st = st.borrow_mut();
        let first = !st.loaded;
        st.loaded = true;
        first
    });
    if !first {
        return;
    }
    if let Some(s) = storage() {
        let aside = read_aside(&s);
        STORE.with(|st| st.borrow_mut().snap.set_aside = aside);
    }
    commit(|_| ());
    listen();
}

/// Refreshes this tab when another one changes the records.
fn listen() {
    let Some(w) = web_sys::window() else {
        return;
    };
    let cb = Closure::<dyn Fn(web_sys::StorageEvent)>::new(|e: web_sys::StorageEvent| {
        let ours = match e.key() {
            None => true, // storage cleared
            Some(k) => k == KEY || k == PENDING_KEY || k.starts_with(ASIDE_KEY),
        };
        if ours {
            refresh();
        }
    });
    if w.add_event_listener_with_callback("storage", cb.as_ref().unchecked_ref())
        .is_ok()
    {
        STORE.with(|st| st.borrow_mut().on_storage = Some(cb));
    }
}

/// Re-reads storage into this tab (after another tab wrote), merging; writes only what this
/// tab holds that storage lacks.
pub fn refresh() {
    if let Some(s) = storage() {
        let aside = read_aside(&s);
        STORE.with(|st| st.borrow_mut().snap.set_aside = aside);
    }
    commit(|_| ());
}

/// What this tab holds now, without loading (empty before the first load).
pub fn peek() -> Snapshot {
    STORE.with(|st| st.borrow().snap.clone())
}

/// The records and the storage status, loading them on first use.
pub fn snapshot() -> Snapshot {
    ensure_loaded();
    STORE.with(|st| st.borrow().snap.clone())
}

/// Calls `f` after every change (this tab's or another's) until the returned guard drops.
pub fn subscribe(f: impl Fn() + 'static) -> Subscription {
    ensure_loaded();
    STORE.with(|st| {
        let mut st = st.borrow_mut();
        let id = st.next_listener;
        st.next_listener += 1;
        st.listeners.push((id, Rc::new(f)));
        Subscription(id)
    })
}

/// Unsubscribes when dropped.
pub struct Subscription(u64);

impl Drop for Subscription {
    fn drop(&mut self) {
        let id = self.0;
        let _ = STORE.try_with(|st| {
            if let Ok(mut st) = st.try_borrow_mut() {
                st.listeners.retain(|(i, _)| *i != id);
            }
        });
    }
}

/// Records a finished game (its record as the app read it from the game: dated in ISO 8601,
/// UTC, of its kind); returns the achievements it newly earned, in the order of the sheet, for
/// the end screen to announce. Nothing when it was already recorded. Never fails: a storage
/// problem shows as a warning.
pub fn record_finished(rec: GameRecord) -> Vec<Earned> {
    ensure_loaded();
    commit(|r| r.record(rec, Achievements::builtin()))
}

/// Imports an exported file: merges it in, or refuses it whole with the reason.
///
/// All or nothing: when the merged records cannot be stored (storage full), the import is
/// undone in this tab too and reported as refused — otherwise it would look imported, and
/// every game finished afterwards would fail to save behind it.
pub fn import_text(text: &str) -> Result<MergeSummary, String> {
    ensure_loaded();
    let imported = format::import(text)?;
    let before = snapshot();
    let summary = commit(|r| r.merge(&imported.records, Achievements::builtin()));
    let adds = summary.games_added > 0 || summary.achievements_added > 0;
    let full = STORE.with(|st| st.borrow().snap.warning.as_deref() == Some(FULL));
    // (Also when storage was already full before: the records' own migration to the compact
    // form may have failed at start, and an import that was not stored is not imported.)
    if adds && full {
        let listeners = STORE.with(|st| {
            let mut st = st.borrow_mut();
            st.snap.records = before.records.clone();
            st.snap.warning = before.warning.clone();
            st.snap.rev += 1;
            st.listeners
                .iter()
                .map(|(_, l)| l.clone())
                .collect::<Vec<Listener>>()
        });
        for l in listeners {
            l();
        }
        return Err(format!(
            "{} for {} more; your records are as they were",
            crate::records::bridge::NO_ROOM,
            plural(summary.games_added, "game", "games")
        ));
    }
    Ok(summary)
}

/// Every record, as the text of an export file.
pub fn export_text() -> String {
    format::to_json(&snapshot().records)
}
