//! Bots and the simulator: many games played headless for balance and speed figures.

mod smart;

use crate::content::CardDb;
use crate::engine::{apply, legal_actions, Action, Difficulty, Game, Outcome, Pending, Setup};
use rand_core::RngCore;
use rand_pcg::Pcg32;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

pub use smart::SmartBot;

/// A player program: picks one of the legal actions.
pub trait Bot {
    fn choose(&mut self, g: &Game, legal: &[Action]) -> Action;
}

/// Picks uniformly among the legal actions (never Undo), from its own seeded stream.
pub struct RandomBot {
    rng: Pcg32,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Pcg32::new(seed, 99),
        }
    }
}

impl Bot for RandomBot {
    fn choose(&mut self, _g: &Game, legal: &[Action]) -> Action {
        let pool: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| *a != Action::Undo)
            .collect();
        if pool.is_empty() {
            return Action::Undo;
        }
        let i = crate::engine::rng::below(&mut self.rng, pool.len() as u32) as usize;
        let _ = self.rng.next_u32();
        pool[i]
    }
}

/// Plays one game to its end (or `max_moves`) and returns it.
pub fn play_out(g: &mut Game, bot: &mut dyn Bot, max_moves: usize) {
    for _ in 0..max_moves {
        if g.is_over() {
            return;
        }
        let legal = legal_actions(g);
        if legal.is_empty() {
            return;
        }
        let a = bot.choose(g, &legal);
        if apply(g, a).is_err() {
            return;
        }
    }
}

/// The simulator's one-line summary.
#[derive(Debug, Default, Serialize)]
pub struct Summary {
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    pub average_score: f64,
    pub ranks: BTreeMap<String, u64>,
    pub defeat_causes: BTreeMap<String, u64>,
    pub defeat_levels: BTreeMap<u8, u64>,
    pub monsters_defeated: BTreeMap<String, u64>,
    pub monsters_faced: BTreeMap<String, u64>,
    pub games_per_second: f64,
}

/// Which bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Smart,
}

pub fn make_bot(kind: BotKind, seed: u64) -> Box<dyn Bot> {
    match kind {
        BotKind::Random => Box::new(RandomBot::new(seed)),
        BotKind::Smart => Box::new(SmartBot::new()),
    }
}

/// Plays `games` games; characters rotate through `characters` when more than one is given.
pub fn simulate(
    db: Arc<CardDb>,
    games: u64,
    kind: BotKind,
    difficulty: Difficulty,
    characters: &[String],
    seed: u64,
) -> Summary {
    let start = std::time::Instant::now();
    let mut sum = Summary::default();
    let mut score_total = 0u64;
    for i in 0..games {
        let character = characters
            .get((i as usize) % characters.len().max(1))
            .cloned()
            .unwrap_or_else(|| "sneak".into());
        let setup = Setup {
            seed: seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            character,
            side: (i % 2) as u8,
            difficulty,
            easy_toggle: false,
        };
        let Ok((mut g, _)) = Game::new(setup, db.clone()) else {
            continue;
        };
        g.set_undo(false);
        let mut bot = make_bot(kind, seed ^ i);
        play_out(&mut g, bot.as_mut(), 5_000);
        sum.games += 1;
        let s = g.state();
        for d in &s.stats.defeated {
            if let Some(m) = db.monster(d.monster) {
                *sum.monsters_defeated.entry(m.id.clone()).or_default() += 1;
            }
        }
        let mut faced: Vec<u16> = s.monsters_faced.clone();
        if let Some(m) = &s.monster {
            faced.push(m.card);
        }
        for f in faced {
            if let Some(m) = db.monster(f) {
                *sum.monsters_faced.entry(m.id.clone()).or_default() += 1;
            }
        }
        match g.pending() {
            Pending::Over(Outcome::Victory { score, rank }) => {
                sum.wins += 1;
                score_total += *score as u64;
                *sum.ranks.entry(rank.clone()).or_default() += 1;
            }
            Pending::Over(Outcome::Defeat { level, cause }) => {
                *sum.defeat_causes.entry(cause_kind(cause)).or_default() += 1;
                *sum.defeat_levels.entry(*level).or_default() += 1;
            }
            _ => {
                *sum.defeat_causes.entry("unfinished".into()).or_default() += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    sum.win_rate = if sum.games > 0 {
        sum.wins as f64 / sum.games as f64
    } else {
        0.0
    };
    sum.average_score = if sum.wins > 0 {
        score_total as f64 / sum.wins as f64
    } else {
        0.0
    };
    sum.games_per_second = if secs > 0.0 {
        sum.games as f64 / secs
    } else {
        0.0
    };
    sum
}

/// Groups defeat causes: "starvation", or the card whose loss could not be paid.
fn cause_kind(cause: &str) -> String {
    cause.split(':').next().unwrap_or(cause).trim().to_string()
}
