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

/// Numbers of table entries kept before the store is emptied (a bound on memory: 8 bytes each,
/// two per entry).
#[cfg(not(target_arch = "wasm32"))]
const MAX_ENTRIES: usize = 12_000_000;
#[cfg(target_arch = "wasm32")]
const MAX_ENTRIES: usize = 500_000;

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
    entries: usize,
}

/// Every number of a fight that solving reads (and the rest of it), bit for bit.
fn key(f: &Fight) -> Vec<u64> {
    let mut k = Vec::with_capacity(4 + 2 * f.opts.len() + 3 * f.rows.len());
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
    k
}

impl Tables {
    /// The fight's solved table: the stored one, or solved now and stored.
    pub fn solve(&self, f: &Fight) -> Arc<Table> {
        let k = key(f);
        if let Some(t) = self.lock().map.get(k.as_slice()) {
            return t.clone();
        }
        // Solved outside the lock: two threads may solve the same fight at once, and store
        // the same table.
        let t = Arc::new(f.solve());
        let mut st = self.lock();
        if st.entries > MAX_ENTRIES {
            st.map.clear();
            st.entries = 0;
        }
        st.entries += t.len();
        st.map.insert(k.into_boxed_slice(), t.clone());
        t
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Store> {
        // A thread that panicked while holding the lock left a consistent map (insertions are
        // whole), so a poisoned lock is used as it is.
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }
}
