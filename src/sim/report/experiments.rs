//! Policy experiments for the balance report: the same Normal games played again with the bot
//! forced or forbidden to make one choice ([`crate::sim::policy`]), compared game by game with
//! the bot's own play (same deals and dice streams: the first games of the report's batch).
//!
//! The headline experiments (committing to each advanced weapon, never being ambushed, the four simple
//! rules, always tricking, no abilities) replay their games in full. A policy binds only the
//! bot's own moves, so a game where it never changes a move is the same game: the per-card ones
//! (never resolve one encounter card, force or forbid one skill) replay only the games where the
//! bot made the move the policy changes, and a card is tried only when its effect could exceed
//! the goal's threshold (a card resolved in under 1 % of games cannot gain a point). Every policy
//! that only restricts moves is played as branches of the free bot's games (`super::branch`):
//! the common beginning of a game is played once, not once per policy.

use super::choices::Choices;
use super::runs::{Batch, Record};
use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::sim::{BotSpec, Brain, Policy};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The four simple rules of issue 12 (never resolve Sleepless Vigil, always trick, always eat
/// the full requirement, craft towards the Axe at once), as a policy over today's card ids.
pub const FOUR_RULES: &str = "noenc:sleepless_vigil+alwaystrick+eatall+rush:axe";

/// One policy played against the bot's own play.
#[derive(Clone, Debug)]
pub struct Experiment {
    /// What it tests (`rush:axe`, `noenc:cave_spring`, …).
    pub policy: String,
    /// Whether the strongest bot played it (else the default smart bot).
    pub strong: bool,
    pub games: u64,
    /// Win rate with the policy minus without, in points (same games).
    pub gain: f64,
    /// Half-width of a 95 % interval on `gain` (paired games).
    pub ci: f64,
    /// Per character: the gain in points.
    pub by_character: BTreeMap<String, f64>,
    /// Per character: half-width of a 95 % interval on its gain, where it is measured apart
    /// (`noability`, see [`ability_costs`]); empty otherwise.
    pub by_character_ci: BTreeMap<String, f64>,
    /// Why it could not be played (a card id the content no longer has …).
    pub error: Option<String>,
}

impl Experiment {
    fn failed(policy: &str, strong: bool, error: String) -> Experiment {
        Experiment {
            policy: policy.to_string(),
            strong,
            games: 0,
            gain: 0.0,
            ci: 0.0,
            by_character: BTreeMap::new(),
            by_character_ci: BTreeMap::new(),
            error: Some(error),
        }
    }
}

/// Compares a policy's outcomes (`won`, game by game) with the baseline's.
pub fn compare(policy: &str, strong: bool, base: &[Record], won: &[bool]) -> Experiment {
    let n = base.len().min(won.len());
    let d: Vec<f64> = base
        .iter()
        .zip(won)
        .map(|(b, w)| *w as i32 as f64 - b.won as i32 as f64)
        .collect();
    let mean = d.iter().sum::<f64>() / n.max(1) as f64;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n.max(2) - 1) as f64;
    let mut per: BTreeMap<String, (f64, f64)> = BTreeMap::new();
    for (b, x) in base.iter().zip(&d) {
        let e = per.entry(b.character.clone()).or_default();
        e.0 += x;
        e.1 += 1.0;
    }
    Experiment {
        policy: policy.to_string(),
        strong,
        games: n as u64,
        gain: 100.0 * mean,
        ci: 196.0 * (var / n.max(1) as f64).sqrt(),
        by_character: per
            .into_iter()
            .map(|(c, (sum, k))| (c, 100.0 * sum / k.max(1.0)))
            .collect(),
        by_character_ci: BTreeMap::new(),
        error: None,
    }
}

/// What playing without abilities costs each character, measured on more games than the paired
/// replay gives it (a quarter of the replayed games each, too few for a 12–20 band). Without
/// abilities the four characters are the same player (the same moves on the same seeds), so
/// the `noability` games of all characters give one pooled win rate; each character's gain is
/// that rate minus its own over all its baseline games (four times its replayed ones), with an
/// unpaired 95 % interval. Costs no game beyond the paired replay.
pub fn ability_costs(e: &mut Experiment, all: &[Record], won: &[bool]) {
    let n = won.len().max(1) as f64;
    let p0 = won.iter().filter(|w| **w).count() as f64 / n;
    e.by_character.clear();
    e.by_character_ci.clear();
    for (c, (w, k)) in super::figures::by_character(all) {
        let k1 = k.max(1) as f64;
        let p1 = w as f64 / k1;
        let se = (p0 * (1.0 - p0) / n + p1 * (1.0 - p1) / k1).sqrt();
        e.by_character.insert(c.clone(), 100.0 * (p0 - p1));
        e.by_character_ci.insert(c, 196.0 * se);
    }
}

/// What the experiments need to know about one bot.
pub struct Baseline<'a> {
    pub spec: &'a BotSpec,
    /// The bot's Normal batch (its first games are the baseline).
    pub normal: &'a [Record],
    pub choices: &'a Choices,
}

/// Never ambushed at any level, as an honest player must play it: explore only when no draw
/// can run Time out.
pub const NOAMB: &str = "noamb:1+noamb:2+noamb:3+noamb:4";
/// The same seeing the next cards: what never being ambushed can cost at best.
pub const NOAMB_PEEK: &str = "noambpeek:1+noambpeek:2+noambpeek:3+noambpeek:4";

/// The policies worth trying for one bot: the headline ones, then the screened per-card ones.
pub fn policies(db: &CardDb, base: &Baseline, four_rules: &str) -> Vec<String> {
    let mut out = Vec::new();
    for w in db.weapons.iter().filter(|w| !w.basic) {
        out.push(format!("commit:{}", w.id));
    }
    out.push(NOAMB.into());
    out.push(NOAMB_PEEK.into());
    out.push(four_rules.to_string());
    out.push("alwaystrick".into());
    out.push("noability".into());
    let games = base.normal.len().max(1) as f64;
    for (id, n) in &base.choices.encounters {
        if n.resolved as f64 / games >= 0.01 {
            out.push(format!("noenc:{id}"));
        }
    }
    for (id, n) in &base.choices.skills {
        if (n.offered - n.kept) as f64 / games > 0.02 {
            out.push(format!("forceskill:{id}"));
        }
        if n.kept as f64 / games > 0.02 {
            out.push(format!("noskill:{id}"));
        }
    }
    out
}

/// The baseline games a per-card policy can change (the others replay identically, since a
/// policy binds only the bot's own moves): None for a headline policy, replayed in full.
fn touched(policy: &str, db: &CardDb, base: &[Record]) -> Option<Vec<u64>> {
    let (rule, id) = policy.split_once(':')?;
    if policy.contains('+') {
        return None;
    }
    let find = |ids: Vec<&String>| ids.iter().position(|x| *x == id).map(|i| i as u16);
    let hit: Box<dyn Fn(&Record) -> bool> = match rule {
        "noenc" => {
            let c = find(db.encounters.iter().map(|x| &x.id).collect())?;
            Box::new(move |r| r.tally.encounters.get(&c).is_some_and(|n| n[2] > 0))
        }
        "forceskill" => {
            let k = find(db.skills.iter().map(|x| &x.id).collect())?;
            Box::new(move |r| r.tally.skills.get(&k).is_some_and(|n| n[0] > n[1]))
        }
        "noskill" => {
            let k = find(db.skills.iter().map(|x| &x.id).collect())?;
            Box::new(move |r| r.tally.skills.get(&k).is_some_and(|n| n[1] > 0))
        }
        _ => return None,
    };
    Some(
        base.iter()
            .enumerate()
            .filter(|(_, r)| hit(r))
            .map(|(i, _)| i as u64)
            .collect(),
    )
}

/// A policy to play, the games it is played on (numbers in the batch), and how many games its
/// gain is measured over (the others replay the bot's own play).
type Plan = (Policy, Vec<u64>, usize);

/// Plays every policy on Normal with the bot of `base` against its own first `games` games (the
/// per-card screenings: `screen_games`, replaying only the games the policy can change). The
/// policies that only restrict moves are played as branches of the free bot's games
/// (`super::branch`); the others (`commit`, `rush`, `noability`) from the start.
#[allow(clippy::too_many_arguments)]
pub fn run(
    db: &Arc<CardDb>,
    brain: &Arc<Brain>,
    base: &Baseline,
    strong: bool,
    four_rules: &str,
    games: u64,
    screen_games: u64,
    seed: u64,
    threads: usize,
) -> Vec<Experiment> {
    let chars: Vec<String> = db.characters.iter().map(|c| c.id.clone()).collect();
    let free = BotSpec {
        policy: Policy::default(),
        ..base.spec.clone()
    };
    let free_batch = Batch {
        db,
        brain: Some(brain),
        spec: &free,
        difficulty: Difficulty::Normal,
        characters: &chars,
        seed,
    };
    // Each policy: its text, then the parsed policy and the games it is played on.
    let mut plans: Vec<(String, Result<Plan, String>)> = Vec::new();
    for p in policies(db, base, four_rules) {
        let plan = Policy::parse(db, &p).map(|policy| {
            let screened = touched(&p, db, base.normal);
            let n = if screened.is_some() {
                screen_games
            } else {
                games
            };
            let n = (n as usize).min(base.normal.len());
            let which: Vec<u64> = match &screened {
                Some(t) => t.iter().copied().filter(|i| (*i as usize) < n).collect(),
                None => (0..n as u64).collect(),
            };
            (policy, which, n)
        });
        plans.push((p, plan));
    }
    // The branching policies, and for each game the ones it is played for.
    let branching: Vec<usize> = (0..plans.len())
        .filter(|k| matches!(&plans[*k].1, Ok((p, _, _)) if p.binds_moves_only()))
        .collect();
    let mut per_game: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    for (j, k) in branching.iter().enumerate() {
        if let Ok((_, which, _)) = &plans[*k].1 {
            for i in which {
                per_game.entry(*i).or_default().push(j);
            }
        }
    }
    let branch_policies: Vec<Policy> = branching
        .iter()
        .filter_map(|k| plans[*k].1.as_ref().ok().map(|(p, _, _)| p.clone()))
        .collect();
    let games_list: Vec<(u64, Vec<usize>)> = per_game.into_iter().collect();
    let branches = super::branch::Branches {
        batch: &free_batch,
        policies: &branch_policies,
    };
    // Per branching policy (in `branching` order): its outcomes, game by game.
    let mut branch_won: Vec<BTreeMap<u64, bool>> = vec![BTreeMap::new(); branching.len()];
    for ((i, which), won) in games_list.iter().zip(branches.play(&games_list, threads)) {
        for (j, w) in which.iter().zip(won) {
            if let Some(w) = w {
                branch_won[*j].insert(*i, w);
            }
        }
    }
    let mut out = Vec::new();
    for (k, (p, plan)) in plans.into_iter().enumerate() {
        let (policy, which, n) = match plan {
            Ok(x) => x,
            Err(e) => {
                out.push(Experiment::failed(&p, strong, e));
                continue;
            }
        };
        let mut won: Vec<bool> = base.normal[..n].iter().map(|r| r.won).collect();
        if let Some(j) = branching.iter().position(|x| *x == k) {
            for (i, w) in &branch_won[j] {
                won[*i as usize] = *w;
            }
        } else {
            let spec = BotSpec {
                policy,
                ..base.spec.clone()
            };
            // The shared model: its skill values are kept under a key that holds the weapon
            // path a `rush` bot is committed to, and a `noability` bot plans with a model of
            // its own, derived from this one (`SmartBot::with_settings`).
            let batch = Batch {
                spec: &spec,
                ..free_batch
            };
            for (i, r) in batch.play(&which, threads) {
                won[i as usize] = r.won;
            }
        }
        let mut e = compare(&p, strong, &base.normal[..n], &won);
        if p == "noability" {
            ability_costs(&mut e, base.normal, &won);
        }
        out.push(e);
    }
    out
}
