//! Battle outlooks and solved battle tables, cached for the decisions of one game.

use super::brain::Brain;
use super::table::{Fight, Outlook, Table};
use crate::engine::res::{Res, Stock};
use crate::engine::State;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Battle outlooks and solved battles, shared by the decisions of one game.
#[derive(Clone, Default)]
pub struct Cache {
    // The keys are already hashes: the maps spread them with the cheap Fx hash.
    map: FxHashMap<u64, Outlook>,
    tables: FxHashMap<u64, Arc<(Fight, Arc<Table>)>>,
}

impl Cache {
    fn key(s: &State, start: bool, trackers: bool) -> u64 {
        Cache::key_with(s, &s.stock, start, trackers)
    }

    /// [`Cache::key`] of the position with `stock` in place of its own.
    fn key_with(s: &State, stock: &Stock, start: bool, trackers: bool) -> u64 {
        use std::hash::{Hash, Hasher};
        // Fx rather than SipHash: this runs for every valuation of a sampled future.
        let mut h = rustc_hash::FxHasher::default();
        start.hash(&mut h);
        if let Some(m) = &s.monster {
            (m.card, m.max_armor, m.max_health).hash(&mut h);
            if trackers {
                (m.armor, m.health, m.defending).hash(&mut h);
            }
        }
        s.weapons.hash(&mut h);
        s.skills.hash(&mut h);
        s.spent_actions.hash(&mut h);
        for c in &s.conditions {
            (c.card, c.tokens, c.rounds, c.next_level).hash(&mut h);
        }
        // Stock matters to the battle model only through what can be paid and what a row takes.
        for r in [
            Res::Medium,
            Res::Large,
            Res::Cunning,
            Res::Food,
            Res::Wood,
            Res::Metal,
        ] {
            (stock.get(r) > 0).hash(&mut h);
        }
        (s.uses, s.level, s.time_removed, s.setup.difficulty).hash(&mut h);
        h.finish()
    }

    pub fn battle_start(&mut self, b: &Brain, s: &State) -> Outlook {
        self.outlook(Cache::key(s, true, true), || b.battle_from_start(s))
    }

    /// [`Cache::battle_start`] of the position with `stock` in place of its own: the position
    /// is copied only when the outlook is not cached yet (the Travel Phase prices its battle
    /// with a plain stock at every valuation, and nearly always finds it here).
    pub fn battle_start_with(&mut self, b: &Brain, s: &State, stock: &Stock) -> Outlook {
        self.outlook(Cache::key_with(s, stock, true, true), || {
            let mut st = s.clone();
            st.stock = *stock;
            b.battle_from_start(&st)
        })
    }

    /// The outlook memoised under `k`, worked out by `solve` only when it is not cached yet.
    fn outlook(&mut self, k: u64, solve: impl FnOnce() -> Outlook) -> Outlook {
        if let Some(o) = self.map.get(&k) {
            return *o;
        }
        let o = solve();
        self.map.insert(k, o);
        o
    }

    /// The solved battle for the position (the trackers do not matter: every one is solved).
    pub fn table(&mut self, b: &Brain, s: &State) -> Option<Arc<(Fight, Arc<Table>)>> {
        let k = Cache::key(s, false, false);
        if let Some(t) = self.tables.get(&k) {
            return Some(t.clone());
        }
        let f = b.fight(s)?;
        let t = super::memo::solved(&f);
        let v = Arc::new((f, t));
        self.tables.insert(k, v.clone());
        Some(v)
    }

    pub fn battle_now(&mut self, b: &Brain, s: &State) -> Outlook {
        let (Some(ft), Some(ms)) = (self.table(b, s), &s.monster) else {
            return Outlook::default();
        };
        let t = &ft.1;
        let c = t.cost(ms.armor, ms.health, ms.defending);
        let s2 = t.second(ms.armor, ms.health, ms.defending);
        Outlook {
            cost: c,
            sd: (s2 - c * c).max(0.0).sqrt(),
        }
    }

    pub fn clear(&mut self) {
        if self.map.len() > 4096 {
            self.map.clear();
        }
        if self.tables.len() > 256 {
            self.tables.clear();
        }
    }
}
