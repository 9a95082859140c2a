//! Bots and the simulator: many games played headless for balance and speed figures.

pub mod report;
mod smart;

use crate::content::CardDb;
use crate::engine::{apply, legal_actions, Action, Difficulty, Game};
use rand_core::RngCore;
use rand_pcg::Pcg32;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

pub use smart::{Brain, SmartBot, Tuning};

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
        if !play_step(g, bot) {
            return;
        }
    }
}

/// One decision of the bot, applied. False when the game is over or stuck.
pub fn play_step(g: &mut Game, bot: &mut dyn Bot) -> bool {
    if g.is_over() {
        return false;
    }
    let legal = legal_actions(g);
    if legal.is_empty() {
        return false;
    }
    let a = bot.choose(g, &legal);
    apply(g, a).is_ok()
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

/// A bot for one game of a batch; smart bots share one model of the card set.
pub fn make_bot_with(kind: BotKind, seed: u64, brain: Option<&Arc<Brain>>) -> Box<dyn Bot> {
    match (kind, brain) {
        (BotKind::Smart, Some(b)) => Box::new(SmartBot::with_brain(b.clone(), seed)),
        _ => make_bot(kind, seed),
    }
}

/// Plays `games` games; characters (and art sides) rotate through `characters` when more than
/// one is given. `threads` games are played at once; the results do not depend on it.
pub fn simulate(
    db: Arc<CardDb>,
    games: u64,
    kind: BotKind,
    difficulty: Difficulty,
    characters: &[String],
    seed: u64,
) -> Summary {
    simulate_on(db, games, kind, difficulty, characters, seed, 1)
}

/// [`simulate`] on several threads.
pub fn simulate_on(
    db: Arc<CardDb>,
    games: u64,
    kind: BotKind,
    difficulty: Difficulty,
    characters: &[String],
    seed: u64,
    threads: usize,
) -> Summary {
    let (recs, secs) = report::run_batch(&db, kind, difficulty, characters, games, seed, threads);
    summarize(&db, &recs, secs)
}

/// The one-line summary of a batch of recorded games.
pub fn summarize(db: &CardDb, recs: &[report::Record], secs: f64) -> Summary {
    let mut sum = Summary::default();
    let mut score_total = 0u64;
    for r in recs {
        sum.games += 1;
        for (card, _, fate) in &r.monsters {
            if let Some(m) = db.monster(*card) {
                *sum.monsters_faced.entry(m.id.clone()).or_default() += 1;
                if *fate == report::Fate::Defeated {
                    *sum.monsters_defeated.entry(m.id.clone()).or_default() += 1;
                }
            }
        }
        if r.won {
            sum.wins += 1;
            score_total += r.score as u64;
            *sum.ranks.entry(r.rank.clone()).or_default() += 1;
        } else {
            let cause = r.cause_text.clone().unwrap_or_default();
            *sum.defeat_causes.entry(cause_kind(&cause)).or_default() += 1;
            if r.cause.as_deref() != Some("unfinished") {
                *sum.defeat_levels.entry(r.level).or_default() += 1;
            }
        }
    }
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
