//! Battle outlooks, solved battle tables and the values of positions, cached for the decisions
//! of one game.

use super::super::solve::table::{Fight, Outlook, Table};
use super::brain::Brain;
use crate::engine::res::{Res, Stock};
use crate::engine::whatif::WhatIf;
use crate::engine::State;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Battle outlooks, solved battles and positions' values, shared by the decisions of one game.
#[derive(Clone, Default)]
pub struct Cache {
    // The keys are already hashes: the maps spread them with the cheap Fx hash.
    map: FxHashMap<u64, Outlook>,
    tables: FxHashMap<u64, Arc<(Fight, Arc<Table>)>>,
    /// Values of positions already priced, under [`value_key`].
    values: FxHashMap<u64, f64>,
    /// Prices every position afresh (the tests compare the games played both ways).
    #[cfg(test)]
    pub(in crate::sim::smart) forget_values: bool,
}

/// A hash of everything in a position that [`Brain::value`] may read: the whole state but the
/// random streams, the decks and discard piles and the scorepad's figures (`stats`), which no
/// valuation looks at (the bot prices what it holds and faces, never the cards to come nor the
/// rounds already fought). A sampled future differs from the game it was drawn from only in
/// those, so the futures of one decision that reach the same position (the same card taken, the
/// same card rested on) are priced once. The state is destructured with every field named once,
/// skipped or hashed, so a field added to it must be named here.
fn value_key(s: &State) -> u64 {
    use std::hash::{Hash, Hasher};
    macro_rules! hash_all_but {
        ($($skip:ident),* ; $($field:ident),*) => {{
            let State { $($skip: _,)* $($field,)* } = s;
            let mut h = rustc_hash::FxHasher::default();
            $($field.hash(&mut h);)*
            h.finish()
        }};
    }
    hash_all_but!(
        encounter_deck, encounter_discard, skill_deck, skill_discard, rng, stats;
        setup, character, level, step, stock, time, time_removed, uses, weapons, skills,
        spent_actions, conditions, monster, monsters_faced, explore_bonus, reveal_extra,
        committed, ambushed, combat, pending, tasks, legacy_windows
    )
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
            let mut st = WhatIf::of(s);
            st.set_stock(*stock);
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
        let t = super::super::solve::shared_tables::solved(&f);
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

    /// The value of `s`: the one `price` gave the first time this position was priced, or
    /// `price`'s now. Exact: a valuation reads the outlooks and tables cached here, which
    /// never change once stored, so pricing the position again would give the same number;
    /// the values are forgotten whenever those are ([`Cache::clear`]).
    pub fn value(&mut self, s: &State, price: impl FnOnce(&mut Cache) -> f64) -> f64 {
        #[cfg(test)]
        if self.forget_values {
            return price(self);
        }
        let k = value_key(s);
        if let Some(v) = self.values.get(&k) {
            return *v;
        }
        let v = price(self);
        self.values.insert(k, v);
        v
    }

    pub fn clear(&mut self) {
        let mut forget = false;
        if self.map.len() > 4096 {
            self.map.clear();
            forget = true;
        }
        if self.tables.len() > 256 {
            self.tables.clear();
            forget = true;
        }
        if forget || self.values.len() > 65536 {
            self.values.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::value_key;
    use crate::content::CardDb;
    use crate::engine::whatif::WhatIf;
    use crate::engine::{Difficulty, Game, Setup};
    use std::sync::Arc;

    /// A sampled future (decks shuffled again, new random streams) and a position with other
    /// scorepad figures share their key; a position holding or facing anything else does not.
    #[test]
    fn a_position_is_keyed_by_what_its_valuation_reads() {
        let db = Arc::new(CardDb::builtin().expect("the built-in box loads"));
        let setup = Setup {
            seed: 11,
            character: db.characters[1].id.clone(),
            side: 0,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        let (g, _) = Game::new(setup, db.clone()).expect("dealt");
        let s = g.state();
        let k = value_key(s);
        assert_eq!(value_key(super::super::super::sample(&g, 99).state()), k);
        let mut stats = s.stats.clone();
        stats.rests += 3;
        stats.lowest_time = -2;
        let mut t = WhatIf::of(s);
        t.set_stats(stats)
            .set_encounter_decks(&db, &[], &[])
            .expect("no cards");
        assert_eq!(value_key(&t), k);
        let mut stock = s.stock;
        stock.0.food += 1;
        assert_ne!(value_key(WhatIf::of(s).set_stock(stock)), k);
        assert_ne!(value_key(WhatIf::of(s).spend_time(1)), k);
        assert_ne!(value_key(WhatIf::of(s).set_committed(!s.committed)), k);
    }
}
