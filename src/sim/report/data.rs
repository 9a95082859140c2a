//! What the balance report is made of: the batches it plays (the default smart bot, the
//! strongest bot, the random bot, on every difficulty), the policy experiments, and the settings
//! that size them.

use super::experiments::policies;
use super::experiments::rounds::Baseline;
use super::goals::kit::BotRun;
use super::measure::experiment::{Experiment, FOUR_RULES};
use super::play::choices::Choices;
use super::play::runs::{note_phase, run_batches, Record};
use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::sim::{BotKind, BotSpec, Brain, DEFAULT_SAMPLES};
use std::sync::Arc;

/// Futures the strongest bot samples per decision.
pub const STRONG_SAMPLES: usize = 16;

/// How big the report is.
#[derive(Clone, Debug)]
pub struct ReportSettings {
    /// Smart-bot games per difficulty (default and strongest bot).
    pub games: u64,
    /// Random-bot games per difficulty.
    pub random_games: u64,
    /// The default bot's samples, and the strongest bot's.
    pub samples: usize,
    pub strong_samples: usize,
    /// Games of each headline experiment, and of each per-card screening.
    pub lab_games: u64,
    pub screen_games: u64,
    /// The four simple rules as a policy (card ids change with the box).
    pub four_rules: String,
    pub seed: u64,
    pub threads: usize,
}

impl ReportSettings {
    /// The committed report's sizes for `games` games per difficulty.
    pub fn new(games: u64, seed: u64, threads: usize) -> ReportSettings {
        ReportSettings {
            games,
            random_games: games,
            samples: DEFAULT_SAMPLES,
            strong_samples: STRONG_SAMPLES,
            lab_games: games.min(1000),
            screen_games: games.min(1000),
            four_rules: FOUR_RULES.to_string(),
            seed,
            threads,
        }
    }
}

/// Everything the report shows, for each difficulty.
pub struct ReportData {
    pub games: u64,
    pub smart: Vec<(Difficulty, Vec<Record>, f64)>,
    /// The strongest bot (the smart bot with more samples).
    pub strong: Vec<(Difficulty, Vec<Record>, f64)>,
    pub random: Vec<(Difficulty, Vec<Record>, f64)>,
    pub experiments: Vec<Experiment>,
    pub brain: Arc<Brain>,
    pub settings: ReportSettings,
    pub threads: usize,
    pub seed: u64,
}

/// Runs every batch the report needs, with the default sizes.
pub fn collect(
    db: &Arc<CardDb>,
    games: u64,
    random_games: u64,
    seed: u64,
    threads: usize,
) -> ReportData {
    let settings = ReportSettings {
        random_games,
        ..ReportSettings::new(games, seed, threads)
    };
    collect_with(db, &settings)
}

fn normal_of(batches: &[(Difficulty, Vec<Record>, f64)]) -> &[Record] {
    batches
        .iter()
        .find(|(d, _, _)| *d == Difficulty::Normal)
        .map(|(_, r, _)| r.as_slice())
        .unwrap_or(&[])
}

/// Runs every batch and experiment the report needs.
pub fn collect_with(db: &Arc<CardDb>, s: &ReportSettings) -> ReportData {
    let chars: Vec<String> = db.characters.iter().map(|c| c.id.clone()).collect();
    let default = BotSpec {
        samples: s.samples,
        ..BotSpec::new(BotKind::Smart)
    };
    let strong = BotSpec {
        samples: s.strong_samples,
        ..default.clone()
    };
    let random = BotSpec::new(BotKind::Random);
    // Every batch in one pool of games (see `run_batches`), the strongest bot's first.
    let plan: Vec<(&BotSpec, u64)> = vec![
        (&strong, s.games),
        (&default, s.games),
        (&random, s.random_games),
    ];
    let batches: Vec<(&BotSpec, Difficulty, u64)> = plan
        .iter()
        .flat_map(|(spec, games)| Difficulty::ALL.iter().map(move |d| (*spec, *d, *games)))
        .collect();
    let t0 = std::time::Instant::now();
    let mut played = run_batches(db, &batches, &chars, s.seed, s.threads)
        .into_iter()
        .zip(&batches)
        .map(|((r, secs), (_, d, _))| (*d, r, secs));
    let n = Difficulty::ALL.len();
    let strong_runs: Vec<_> = played.by_ref().take(n).collect();
    let smart_runs: Vec<_> = played.by_ref().take(n).collect();
    let random_runs: Vec<_> = played.collect();
    note_phase("batches", t0);
    let brain = Arc::new(Brain::new(db.clone()));
    let choices: Vec<Choices> = [&smart_runs, &strong_runs]
        .iter()
        .map(|runs| Choices::from_tallies(db, normal_of(runs).iter().map(|r| &r.tally)))
        .collect();
    let bases: Vec<Baseline> = [(&default, &smart_runs), (&strong, &strong_runs)]
        .into_iter()
        .zip(&choices)
        .map(|((spec, runs), choices)| Baseline {
            spec,
            normal: normal_of(runs),
            choices,
        })
        .collect();
    let exps = policies::run(
        db,
        &brain,
        &[(&bases[0], false), (&bases[1], true)],
        &s.four_rules,
        s.lab_games,
        s.screen_games,
        s.seed,
        s.threads,
    );
    note_phase("experiments", t0);
    ReportData {
        games: s.games,
        smart: smart_runs,
        strong: strong_runs,
        random: random_runs,
        experiments: exps,
        brain,
        settings: s.clone(),
        threads: s.threads,
        seed: s.seed,
    }
}

impl ReportData {
    /// The default and the strongest bot, as the goals read them.
    pub fn bot_runs(&self, db: &CardDb) -> Vec<BotRun<'_>> {
        [(&self.smart, false), (&self.strong, true)]
            .into_iter()
            .map(|(batches, strong)| BotRun {
                name: if strong {
                    format!("strongest ({} samples)", self.settings.strong_samples)
                } else {
                    format!("default ({} samples)", self.settings.samples)
                },
                batches,
                choices: Choices::from_tallies(db, normal_of(batches).iter().map(|r| &r.tally)),
                experiments: self
                    .experiments
                    .iter()
                    .filter(|e| e.strong == strong)
                    .collect(),
            })
            .collect()
    }
}

/// The smart bot's batch for one difficulty.
pub(super) fn smart_at(data: &ReportData, d: Difficulty) -> &[Record] {
    data.smart
        .iter()
        .find(|(x, _, _)| *x == d)
        .map(|(_, r, _)| r.as_slice())
        .unwrap_or(&[])
}
