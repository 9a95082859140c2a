//! One round of policy experiments (`super::experiments`) for every bot at once, played as a
//! single pool of jobs: each job is a game branched for the policies that want it
//! (`super::branch`), or one game played from the start under a policy that changes more than
//! moves (`commit`, `rush`, `noability`). One pool instead of one batch per policy and bot means
//! no thread waits at the end of each batch for the other's last game, and the jobs go
//! costliest first (the strongest bot's games with the most branches), so the last jobs to
//! finish are short ones. Every job is the same game whatever thread plays it and whenever, so
//! the outcomes are those of playing the policies one by one.

use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::sim::report::measure::experiment::{ability_costs, compare, Experiment};
use crate::sim::report::play::branch::Branches;
use crate::sim::report::play::choices::Choices;
use crate::sim::report::play::runs::{game_cost, on_threads, Batch, Record};
use crate::sim::{BotSpec, Brain, Policy};
use std::collections::BTreeMap;
use std::sync::Arc;

/// What the experiments need to know about one bot.
pub struct Baseline<'a> {
    pub spec: &'a BotSpec,
    /// The bot's Normal batch (its first games are the baseline).
    pub normal: &'a [Record],
    pub choices: &'a Choices,
}

/// A policy to play, the games it is played on (numbers in the batch), how many games its gain
/// is measured over (the others replay the bot's own play), and its outcomes already known for
/// the first games (a screening's, when it is measured again).
pub(in crate::sim::report) type Plan = (Policy, Vec<u64>, usize, Vec<bool>);

/// One bot's planned policies, ready to be played.
struct Round<'a> {
    base: &'a Baseline<'a>,
    strong: bool,
    plans: Vec<(String, Result<Plan, String>)>,
    /// The bot without a policy: the game every branch leaves.
    free: BotSpec,
    /// The plans (indices) played as branches, and their policies.
    branching: Vec<usize>,
    branch_policies: Vec<Policy>,
    /// Each game to branch, with the branching policies (indices into `branching`) it is for.
    games: Vec<(u64, Vec<usize>)>,
    /// Per plan not branched: the bot under its policy.
    specs: Vec<Option<BotSpec>>,
}

impl<'a> Round<'a> {
    fn new(
        base: &'a Baseline<'a>,
        strong: bool,
        plans: Vec<(String, Result<Plan, String>)>,
    ) -> Self {
        let free = BotSpec {
            policy: Policy::default(),
            ..base.spec.clone()
        };
        let branching: Vec<usize> = (0..plans.len())
            .filter(|k| matches!(&plans[*k].1, Ok((p, ..)) if p.binds_moves_only()))
            .collect();
        let mut per_game: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (j, k) in branching.iter().enumerate() {
            if let Ok((_, which, ..)) = &plans[*k].1 {
                for i in which {
                    per_game.entry(*i).or_default().push(j);
                }
            }
        }
        let branch_policies: Vec<Policy> = branching
            .iter()
            .filter_map(|k| plans[*k].1.as_ref().ok().map(|(p, ..)| p.clone()))
            .collect();
        let specs = plans
            .iter()
            .enumerate()
            .map(|(k, (_, plan))| match plan {
                Ok((policy, ..)) if !branching.contains(&k) => Some(BotSpec {
                    policy: policy.clone(),
                    ..base.spec.clone()
                }),
                _ => None,
            })
            .collect();
        Round {
            base,
            strong,
            plans,
            free,
            branching,
            branch_policies,
            games: per_game.into_iter().collect(),
            specs,
        }
    }

    /// This round's jobs, each with a rough cost.
    fn jobs(&self, round: usize) -> Vec<(usize, Job)> {
        let per_game = game_cost(&self.free);
        let mut out: Vec<(usize, Job)> = (0..self.games.len())
            .map(|j| {
                let cost = per_game * (1 + self.games[j].1.len());
                (cost, Job::Branch { round, j })
            })
            .collect();
        for (k, spec) in self.specs.iter().enumerate() {
            let (Some(spec), Ok((_, which, ..))) = (spec, &self.plans[k].1) else {
                continue;
            };
            for i in which {
                out.push((game_cost(spec), Job::Plain { round, k, i: *i }));
            }
        }
        out
    }

    /// Compares each policy with the bot's own play, from the outcomes of this round's jobs.
    fn finish(
        self,
        branch_won: &[BTreeMap<u64, bool>],
        plain_won: &BTreeMap<usize, Vec<(u64, bool)>>,
    ) -> (Vec<Experiment>, Vec<Vec<bool>>) {
        let mut out = Vec::new();
        let mut outcomes = Vec::new();
        for (k, (p, plan)) in self.plans.into_iter().enumerate() {
            let (_, _, n, known) = match plan {
                Ok(x) => x,
                Err(e) => {
                    out.push(Experiment::failed(&p, self.strong, e));
                    outcomes.push(Vec::new());
                    continue;
                }
            };
            let mut won: Vec<bool> = self.base.normal[..n].iter().map(|r| r.won).collect();
            for (w, k) in won.iter_mut().zip(known) {
                *w = k;
            }
            if let Some(j) = self.branching.iter().position(|x| *x == k) {
                for (i, w) in &branch_won[j] {
                    won[*i as usize] = *w;
                }
            } else {
                for (i, w) in plain_won.get(&k).into_iter().flatten() {
                    won[*i as usize] = *w;
                }
            }
            let mut e = compare(&p, self.strong, &self.base.normal[..n], &won);
            if p == "noability" {
                ability_costs(&mut e, self.base.normal, &won);
            }
            out.push(e);
            outcomes.push(won);
        }
        (out, outcomes)
    }
}

/// A unit of work: game `games[j]` of a round branched, or game `i` under plan `k`.
#[derive(Clone, Copy)]
enum Job {
    Branch { round: usize, j: usize },
    Plain { round: usize, k: usize, i: u64 },
}

/// A job's outcome: per branching policy, whether it won (None: never changed a move); or
/// whether the game won (None: it could not be dealt).
enum Done {
    Branch(Vec<Option<bool>>),
    Plain(Option<bool>),
}

/// Plays the planned policies of every bot (`plans[b]` for `bots[b]`) in one pool and compares
/// each with its bot's own play; also gives each policy's outcomes, game by game.
pub(in crate::sim::report) fn play_rounds(
    db: &Arc<CardDb>,
    brain: &Arc<Brain>,
    bots: &[(&Baseline, bool)],
    plans: Vec<Vec<(String, Result<Plan, String>)>>,
    seed: u64,
    threads: usize,
) -> Vec<(Vec<Experiment>, Vec<Vec<bool>>)> {
    let chars: Vec<String> = db.characters.iter().map(|c| c.id.clone()).collect();
    let rounds: Vec<Round> = bots
        .iter()
        .zip(plans)
        .map(|((base, strong), plans)| Round::new(base, *strong, plans))
        .collect();
    let mut jobs: Vec<(usize, Job)> = rounds
        .iter()
        .enumerate()
        .flat_map(|(r, round)| round.jobs(r))
        .collect();
    jobs.sort_by_key(|(cost, _)| std::cmp::Reverse(*cost));
    let batch = |spec| Batch {
        db,
        brain: Some(brain),
        spec,
        difficulty: Difficulty::Normal,
        characters: &chars,
        seed,
    };
    let done = on_threads(jobs.len(), threads, |x| match jobs[x].1 {
        Job::Branch { round, j } => {
            let r = &rounds[round];
            let (i, which) = &r.games[j];
            let free = batch(&r.free);
            let branches = Branches {
                batch: &free,
                policies: &r.branch_policies,
            };
            Done::Branch(branches.game(*i, which))
        }
        Job::Plain { round, k, i } => {
            let spec = rounds[round].specs[k].as_ref();
            Done::Plain(spec.and_then(|spec| batch(spec).game(i)).map(|r| r.won))
        }
    });
    // Per round: per branching policy its outcomes, and per plain plan its outcomes.
    let mut branch_won: Vec<Vec<BTreeMap<u64, bool>>> = rounds
        .iter()
        .map(|r| vec![BTreeMap::new(); r.branching.len()])
        .collect();
    let mut plain_won: Vec<BTreeMap<usize, Vec<(u64, bool)>>> = vec![BTreeMap::new(); rounds.len()];
    for ((_, job), d) in jobs.iter().zip(done) {
        match (*job, d) {
            (Job::Branch { round, j }, Done::Branch(won)) => {
                let (i, which) = &rounds[round].games[j];
                for (p, w) in which.iter().zip(won) {
                    if let Some(w) = w {
                        branch_won[round][*p].insert(*i, w);
                    }
                }
            }
            (Job::Plain { round, k, i }, Done::Plain(Some(w))) => {
                plain_won[round].entry(k).or_default().push((i, w));
            }
            _ => {}
        }
    }
    rounds
        .into_iter()
        .enumerate()
        .map(|(r, round)| round.finish(&branch_won[r], &plain_won[r]))
        .collect()
}
