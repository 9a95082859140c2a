//! The measures the report takes from recorded games: shares, intervals, the aims' targets, and
//! per-character and per-monster figures.

use crate::engine::Difficulty;
use crate::sim::report::play::runs::{Fate, Record};
use std::collections::BTreeMap;

pub(in crate::sim::report) fn pct(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        100.0 * n as f64 / d as f64
    }
}

/// Half-width of a 95 % interval on a percentage from `d` games.
pub(in crate::sim::report) fn ci(p: f64, d: u64) -> f64 {
    if d == 0 {
        return 0.0;
    }
    let q = p / 100.0;
    196.0 * (q * (1.0 - q) / d as f64).sqrt()
}

/// The band each difficulty aims for (the win rate a player of that level should see), in percent.
pub fn band(d: Difficulty) -> (f64, f64) {
    match d {
        Difficulty::Easy => (55.0, 75.0),
        Difficulty::Normal => (30.0, 50.0),
        Difficulty::Hard => (10.0, 25.0),
    }
}

/// The character spread aim, "every character within 8 points of the Normal mean", in points.
pub const SPREAD_AIM: f64 = 8.0;

/// "Every monster beaten at least sometimes", made measurable: on Normal, at least this share
/// (%) of the battles fought against it are won.
pub const SOMETIMES_MIN: f64 = 25.0;

/// "Never trivially", made measurable: on Normal, at most this share (%) of the battles fought
/// against it are won ...
pub const TRIVIAL_MAX: f64 = 98.0;

/// ... and a battle won against it costs at least this much effort on average (over a third of
/// the 13 Small Effort a Normal game starts with).
pub const EFFORT_MIN: f64 = 5.0;

/// "The random bot far below the smart one": its win rate at most this fraction of the smart
/// bot's, on every difficulty.
pub const RANDOM_MAX_SHARE: f64 = 0.1;

/// How far a value sits inside `lo..=hi` (negative: outside), in the value's units.
pub(in crate::sim::report) fn inside(x: f64, lo: f64, hi: f64) -> f64 {
    (x - lo).min(hi - x)
}

pub(in crate::sim::report) fn yes(ok: bool) -> &'static str {
    if ok {
        "yes"
    } else {
        "**no**"
    }
}

/// One monster's battles on one difficulty: share won (%), battles fought, and the mean effort
/// a battle won cost.
pub struct MonsterFigures {
    pub beaten: f64,
    pub fought: u64,
    pub effort: f64,
}

/// The effort each battle won against `card` cost, over all of `recs`.
pub(in crate::sim::report) fn battle_costs(recs: &[Record], card: u16) -> Vec<f64> {
    recs.iter()
        .flat_map(|r| r.battle_costs.iter())
        .filter(|(m, _)| *m == card)
        .map(|(_, c)| *c as f64)
        .collect()
}

/// [`MonsterFigures`] for every monster card in `recs`.
pub fn monster_figures(recs: &[Record]) -> BTreeMap<u16, MonsterFigures> {
    let mut out = BTreeMap::new();
    for (card, f) in monster_fates(recs) {
        let costs = battle_costs(recs, card);
        let fought = f[1] + f[3];
        out.insert(
            card,
            MonsterFigures {
                beaten: pct(f[1], fought),
                fought,
                effort: costs.iter().sum::<f64>() / costs.len().max(1) as f64,
            },
        );
    }
    out
}

/// Whether a monster's Normal figures meet "beaten at least sometimes" and "never trivially".
pub fn monster_ok(f: &MonsterFigures) -> (bool, bool) {
    (
        f.fought > 0 && f.beaten >= SOMETIMES_MIN,
        f.fought > 0 && f.beaten <= TRIVIAL_MAX && f.effort >= EFFORT_MIN,
    )
}

/// The largest distance (points) of a character's win rate from the mean of `recs`.
pub fn spread(recs: &[Record]) -> f64 {
    let mean = pct(wins(recs), recs.len() as u64);
    by_character(recs)
        .values()
        .map(|(w, n)| (pct(*w, *n) - mean).abs())
        .fold(0.0, f64::max)
}

/// Wins and games per character.
pub fn by_character(recs: &[Record]) -> BTreeMap<String, (u64, u64)> {
    let mut m: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for r in recs {
        let e = m.entry(r.character.clone()).or_default();
        e.0 += r.won as u64;
        e.1 += 1;
    }
    m
}

/// Per monster: faced, defeated, tricked, killed the player.
pub fn monster_fates(recs: &[Record]) -> BTreeMap<u16, [u64; 4]> {
    let mut m: BTreeMap<u16, [u64; 4]> = BTreeMap::new();
    for r in recs {
        for (card, _, fate) in &r.monsters {
            let e = m.entry(*card).or_default();
            e[0] += 1;
            match fate {
                Fate::Defeated => e[1] += 1,
                Fate::Tricked => e[2] += 1,
                Fate::KilledPlayer => e[3] += 1,
                Fate::Other => {}
            }
        }
    }
    m
}

pub(in crate::sim::report) fn wins(recs: &[Record]) -> u64 {
    recs.iter().filter(|r| r.won).count() as u64
}
