//! Solved battle tables shared by every game the process plays: a [`Table`] is a pure function
//! of its [`Fight`] (the options' prices and effects, the monster's rows, caps, healing,
//! paralysis, trackers' limits, ability uses), so a table solved once is kept under the fight's
//! exact numbers and read again by any later game, on any thread, with any model. The key is
//! the whole fight, bit for bit (no hash stands for it), so a stored table is exactly the one
//! solving would give: results do not depend on which game or thread solved it first, nor on
//! when the store was emptied. 500 Normal games of the lab solve one battle in eight (about 56
//! a game instead of 456).

use super::table::{Fight, Table};
use rustc_hash::FxHashMap;
use std::sync::{Arc, LazyLock, Mutex};

/// The process's solved tables.
static TABLES: LazyLock<Tables> = LazyLock::new(Tables::default);

/// The fight's solved table: the stored one, or solved now and stored (`Tables::solve`).
pub fn solved(f: &Fight) -> Arc<Table> {
    TABLES.solve(f)
}

/// Numbers of table entries a generation of the store holds before a new one starts (a bound
/// on memory: the store keeps two generations, 8 bytes an entry, two per table position).
/// Emptying the whole store when full (as before) solved again, in a 500-game report, the
/// tables the games in play were still reading. At 12 million a 400-game report still turned a
/// generation over 17 times (solving again what the old one had dropped); at 40 million (about
/// 320 MB a generation) twice, for 9 % less CPU and a peak of 0.6 GB instead of 0.23.
#[cfg(not(target_arch = "wasm32"))]
const MAX_ENTRIES: usize = 40_000_000;
#[cfg(target_arch = "wasm32")]
const MAX_ENTRIES: usize = 500_000;

/// [`MAX_ENTRIES`], or UNBROKEN_MEMO_ENTRIES when set (to trade memory for speed; results do not
/// change, the store holds only exact tables).
fn max_entries() -> usize {
    static CAP: LazyLock<usize> = LazyLock::new(|| {
        std::env::var("UNBROKEN_MEMO_ENTRIES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(MAX_ENTRIES)
    });
    *CAP
}

/// The solved tables, under their fights' exact numbers.
#[derive(Default)]
pub struct Tables {
    store: Mutex<Store>,
}

/// Keys are spread with rustc's Fx hash (the `rustc-hash` crate), a few instructions a word
/// instead of SipHash's rounds; equality is always checked on the whole key.
#[derive(Default)]
struct Store {
    map: FxHashMap<Box<[u64]>, Arc<Table>>,
    /// The generation before `map`: a table found here moves back to `map`, the rest is dropped
    /// when `map` fills again (so the tables still in use survive a turnover).
    old: FxHashMap<Box<[u64]>, Arc<Table>>,
    entries: usize,
    turnovers: usize,
}

/// How many times the store started a new generation, and the entries of the current one (to
/// see whether a run outgrows its entry cap (`MAX_ENTRIES`) and solves tables again).
pub fn stats() -> (usize, usize) {
    let st = TABLES.lock();
    (st.turnovers, st.entries)
}

impl Store {
    /// Stores a table in the current generation, starting a new one when it is full.
    fn insert(&mut self, k: Box<[u64]>, t: Arc<Table>) {
        if self.entries > max_entries() {
            self.turnovers += 1;
            self.old = std::mem::take(&mut self.map);
            self.entries = 0;
        }
        self.entries += t.len();
        self.map.insert(k, t);
    }
}

/// Every number of a fight that solving reads (and the rest of it), bit for bit, written into
/// `k` (emptied first: a buffer reused across calls, so a lookup that hits allocates nothing).
fn key(f: &Fight, k: &mut Vec<u64>) {
    k.clear();
    k.push(((f.opts.len() as u64) << 32) | f.rows.len() as u64);
    for o in &f.opts {
        k.push(o.price.to_bits());
        k.push(
            o.ab as u64
                | (o.wound as u64) << 8
                | (o.conv as u64) << 16
                | (o.pierce as u64) << 24
                | (o.weapon as u64) << 25
                | (o.extra as u64) << 26
                | (o.ability as u64) << 27,
        );
    }
    for r in &f.rows {
        k.push(r.p.to_bits());
        k.push(r.loss.to_bits());
        k.push(r.heal as u64 | (r.defend as u64) << 8);
    }
    k.push(
        f.cap as u64
            | (f.heal_end as u64) << 8
            | (f.max_a as u64) << 16
            | (f.max_h as u64) << 24
            | (f.uses as u64) << 32,
    );
    k.push(f.skip.to_bits());
    k.push(f.turn_loss.to_bits());
}

thread_local! {
    /// The key buffer of the fights looked up on this thread.
    static KEY: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Tables {
    /// The fight's solved table: the stored one, or solved now and stored.
    pub fn solve(&self, f: &Fight) -> Arc<Table> {
        KEY.with(|k| {
            let mut k = k.borrow_mut();
            key(f, &mut k);
            self.solve_keyed(f, &k)
        })
    }

    fn solve_keyed(&self, f: &Fight, k: &[u64]) -> Arc<Table> {
        {
            let mut st = self.lock();
            if let Some(t) = st.map.get(k) {
                return t.clone();
            }
            if let Some((k0, t)) = st.old.remove_entry(k) {
                st.insert(k0, t.clone());
                return t;
            }
        }
        // Solved outside the lock: two threads may solve the same fight at once, and store
        // the same table.
        let t = Arc::new(f.solve());
        self.lock().insert(k.into(), t.clone());
        t
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        // A thread that panicked while holding the lock left a consistent map (insertions are
        // whole), so a poisoned lock is used as it is.
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }
}
