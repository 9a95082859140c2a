//! Bots and the simulator: many games played headless for balance and speed figures.

pub mod bot_policy;
pub mod bridge;
pub mod report;
pub mod smart;

use crate::content::CardDb;
use crate::engine::{apply, legal_actions, Action, Difficulty, Game};
use rand_core::RngCore;
use rand_pcg::Pcg32;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

pub use bot_policy::Policy;
pub use smart::{
    hint, review, turning_point, victory, Advice, Brain, Reviewed, SmartBot, Tuning, TurningPoint,
};

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
    let brain = (spec.kind == BotKind::Smart).then(|| Arc::new(Brain::new(db.clone())));
    let batch = report::Batch {
        db: &db,
        brain: brain.as_ref(),
        spec,
        difficulty,
        characters,
        seed,
    };
    let start = std::time::Instant::now();
    let all: Vec<u64> = (0..games).collect();
    let mut sum = Summary::default();
    let mut counts = report::ChoiceCounts::new(&db);
    // Each game is counted as its chunk ends and then dropped: a batch's memory does not grow
    // with its games (keeping every record and its tally of choices took ~1.6 KB a game).
    for chunk in all.chunks(SIM_CHUNK) {
        for (_, r) in batch.play(chunk, threads) {
            sum.add(&db, &r);
            counts.add(&r.tally);
        }
    }
    sum.finish(&db, counts, start.elapsed().as_secs_f64())
}

/// Games played between two countings in [`simulate_with`].
const SIM_CHUNK: usize = 1024;

/// The one-line summary of a batch of recorded games.
pub fn summarize(db: &CardDb, recs: &[report::Record], secs: f64) -> Summary {
    let mut sum = Summary::default();
    let mut counts = report::ChoiceCounts::new(db);
    for r in recs {
        sum.add(db, r);
        counts.add(&r.tally);
    }
    sum.finish(db, counts, secs)
}

impl Summary {
    /// Counts one game, its choices aside (see [`report::ChoiceCounts`]); until
    /// [`Summary::finish`], `average_score` holds the sum of the winning scores.
    fn add(&mut self, db: &CardDb, r: &report::Record) {
        self.games += 1;
        for (card, _, fate) in &r.monsters {
            if let Some(m) = db.monster(*card) {
                *self.monsters_faced.entry(m.id.clone()).or_default() += 1;
                if *fate == report::Fate::Defeated {
                    *self.monsters_defeated.entry(m.id.clone()).or_default() += 1;
                }
            }
        }
        if r.won {
            self.wins += 1;
            self.average_score += r.score as f64;
            *self.ranks.entry(r.rank.clone()).or_default() += 1;
        } else {
            let cause = r.cause_text.as_deref().unwrap_or_default();
            *self.defeat_causes.entry(cause_kind(cause)).or_default() += 1;
            if r.cause.as_deref() != Some("unfinished") {
                *self.defeat_levels.entry(r.level).or_default() += 1;
            }
        }
    }

    /// The rates, the average and the choices, once every game is counted.
    fn finish(mut self, db: &CardDb, counts: report::ChoiceCounts, secs: f64) -> Summary {
        self.win_rate = if self.games > 0 {
            self.wins as f64 / self.games as f64
        } else {
            0.0
        };
        self.average_score = if self.wins > 0 {
            self.average_score / self.wins as f64
        } else {
            0.0
        };
        self.choices = counts.finish(db);
        self.games_per_second = if secs > 0.0 {
            self.games as f64 / secs
        } else {
            0.0
        };
        self
    }
}

/// Groups defeat causes: "starvation", or the card whose loss could not be paid.
fn cause_kind(cause: &str) -> String {
    cause.split(':').next().unwrap_or(cause).trim().to_string()
}
