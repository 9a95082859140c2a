//! Bots and the simulator: many games played headless for balance and speed figures.

pub mod policy;
pub mod report;
pub mod smart;

use crate::content::CardDb;
use crate::engine::{apply, legal_actions, Action, Difficulty, Game};
use rand_core::RngCore;
use rand_pcg::Pcg32;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

pub use policy::Policy;
pub use smart::{hint, Advice, Brain, SmartBot, Tuning};

/// Futures the smart bot samples per uncertain choice unless told otherwise (`--samples N`).
pub const DEFAULT_SAMPLES: usize = 4;

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
    /// What the bot chose (weapons, ambushes, encounters, skills, abilities, conditions).
    pub choices: report::Choices,
}

/// Which bot plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Smart,
}

/// How the bots of a batch play: which bot, the futures the smart bot samples per uncertain
/// choice, and the policy restricting either bot.
#[derive(Clone, Debug)]
pub struct BotSpec {
    pub kind: BotKind,
    pub samples: usize,
    pub policy: Policy,
}

impl BotSpec {
    /// The bot as it plays by default: [`DEFAULT_SAMPLES`], no policy.
    pub fn new(kind: BotKind) -> BotSpec {
        BotSpec {
            kind,
            samples: DEFAULT_SAMPLES,
            policy: Policy::default(),
        }
    }
}

/// A bot whose choices a policy restricts (the random bot; the smart bot applies its policy
/// itself, in its lookahead too).
struct Restricted {
    inner: Box<dyn Bot>,
    policy: Policy,
}

impl Bot for Restricted {
    fn choose(&mut self, g: &Game, legal: &[Action]) -> Action {
        let allowed = self.policy.restrict(g, legal);
        self.inner.choose(g, &allowed)
    }
}

pub fn make_bot(kind: BotKind, seed: u64) -> Box<dyn Bot> {
    match kind {
        BotKind::Random => Box::new(RandomBot::new(seed)),
        BotKind::Smart => Box::new(SmartBot::new()),
    }
}

/// A bot for one game of a batch; smart bots share one model of the card set.
pub fn make_bot_with(kind: BotKind, seed: u64, brain: Option<&Arc<Brain>>) -> Box<dyn Bot> {
    make_bot_for(&BotSpec::new(kind), seed, brain)
}

/// A bot for one game of a batch, as `spec` says; smart bots share one model of the card set.
pub fn make_bot_for(spec: &BotSpec, seed: u64, brain: Option<&Arc<Brain>>) -> Box<dyn Bot> {
    match (spec.kind, brain) {
        (BotKind::Smart, Some(b)) => Box::new(SmartBot::with_settings(
            b.clone(),
            seed,
            spec.samples,
            spec.policy.clone(),
        )),
        (BotKind::Random, _) if !spec.policy.is_empty() => Box::new(Restricted {
            inner: make_bot(spec.kind, seed),
            policy: spec.policy.clone(),
        }),
        _ => make_bot(spec.kind, seed),
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
    let spec = BotSpec::new(kind);
    simulate_with(db, games, &spec, difficulty, characters, seed, threads)
}

/// [`simulate_on`] with the bot `spec` describes (samples, policy).
pub fn simulate_with(
    db: Arc<CardDb>,
    games: u64,
    spec: &BotSpec,
    difficulty: Difficulty,
    characters: &[String],
    seed: u64,
    threads: usize,
) -> Summary {
    let (recs, secs) =
        report::run_batch_with(&db, spec, difficulty, characters, games, seed, threads);
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
    sum.choices = report::Choices::from_tallies(db, recs.iter().map(|r| &r.tally));
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
