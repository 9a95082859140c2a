//! Policy experiments for the balance report: the same Normal games played again with the bot
//! forced or forbidden to make one choice ([`crate::sim::bot_policy`]), compared game by game with
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

use crate::content::CardDb;
use crate::sim::report::experiments::rounds::{Baseline, Plan};
use crate::sim::report::measure::experiment::{
    Experiment, COMMIT_AIM, NOAMB, NOAMB_AIM, NOAMB_PEEK, NOENC_AIM, SKILL_AIM,
};
use crate::sim::report::play::runs::Record;
use crate::sim::{Brain, Policy};
use std::sync::Arc;

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

/// Whether a screening's gain (± `ci`) settles its goal for this bot (None: a policy measured
/// once).
///
/// A per-card screening settles when its gain passes the limit: dozens are screened, and
/// playing each on every game would take the report past its time. For the strongest bot, the
/// one issue 12 judges the box by, the four `commit:W` policies settle only when their whole
/// interval passes: on 1,000 games it is ± 3.8 points, and a screening of -3.9 ± 3.9 said
/// "met" where all 4,000 games said -5.8. Never being ambushed (`noamb` at every level)
/// likewise: its first 1,000 games said -2.8 ± 3.6 where all 4,000 said +0.6 ± 1.7. The
/// default bot's are shown as its first games measure them (with their interval): playing
/// them again was a fifth of the report's time.
fn within_aim(policy: &str, strong: bool, gain: f64, ci: f64) -> Option<bool> {
    match policy.split_once(':')?.0 {
        "noenc" => Some(gain <= NOENC_AIM),
        "forceskill" | "noskill" => Some(gain.abs() <= SKILL_AIM),
        "commit" if strong => Some(gain - ci >= -COMMIT_AIM),
        "noamb" if strong => Some(gain - ci >= -NOAMB_AIM),
        _ => None,
    }
}

/// The plan of one policy on the first `games` games (per-card ones on the first `screen_games`,
/// replaying only the games they touch).
fn plan(
    db: &CardDb,
    base: &Baseline,
    p: &str,
    games: u64,
    screen_games: u64,
) -> Result<Plan, String> {
    Policy::parse(db, p).map(|policy| {
        let screened = touched(p, db, base.normal);
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
        (policy, which, n, Vec::new())
    })
}

/// Plays every policy on Normal with each bot of `bots` (its baseline, and whether it is the
/// strongest bot) against its own first `games` games (the per-card screenings:
/// `screen_games`, replaying only the games the policy can change). The policies that only
/// restrict moves are played as branches of the free bot's games (`super::branch`); the others
/// (`commit`, `rush`, `noability`) from the start. Every bot's games are played in one pool
/// (`super::rounds`), then every bot's second looks in another.
///
/// With dozens of cards screened, the largest screened gain is the largest of dozens of noisy
/// figures and overstates what any one card is worth (the winner's curse). So a per-card
/// policy whose screening misses its goal is played again on every game of the bot's Normal
/// batch (still only the games it touches), and that figure is the one reported; so is the
/// strongest bot's `commit:W` or never-ambushed policy whose interval reaches past its limit
/// (on all games: it changes every one; see `within_aim`).
#[allow(clippy::too_many_arguments)]
pub fn run(
    db: &Arc<CardDb>,
    brain: &Arc<Brain>,
    bots: &[(&Baseline, bool)],
    four_rules: &str,
    games: u64,
    screen_games: u64,
    seed: u64,
    threads: usize,
) -> Vec<Experiment> {
    let first: Vec<Vec<(String, Result<Plan, String>)>> = bots
        .iter()
        .map(|(base, _)| {
            policies(db, base, four_rules)
                .into_iter()
                .map(|p| {
                    let pl = plan(db, base, &p, games, screen_games);
                    (p, pl)
                })
                .collect()
        })
        .collect();
    let t0 = std::time::Instant::now();
    let played =
        crate::sim::report::experiments::rounds::play_rounds(db, brain, bots, first, seed, threads);
    crate::sim::report::play::runs::note_phase("experiments' first round", t0);
    // The screenings that miss their goal, played on the rest of the batch: the games already
    // played keep their outcomes (the same deals, dice and policy give the same game).
    let again: Vec<Vec<(String, Result<Plan, String>)>> = bots
        .iter()
        .zip(&played)
        .map(|((base, strong), (out, outcomes))| {
            let all = base.normal.len() as u64;
            out.iter()
                .zip(outcomes)
                .filter(|(e, _)| {
                    e.error.is_none()
                        && e.games < all
                        && within_aim(&e.policy, *strong, e.gain, e.ci) == Some(false)
                })
                .map(|(e, known)| {
                    let pl = plan(db, base, &e.policy, all, all).map(|(policy, which, n, _)| {
                        let rest = which.into_iter().filter(|i| *i >= e.games).collect();
                        (policy, rest, n, known.clone())
                    });
                    (e.policy.clone(), pl)
                })
                .collect()
        })
        .collect();
    if std::env::var_os("UNBROKEN_PHASES").is_some() {
        for ((_, strong), plans) in bots.iter().zip(&again) {
            let list: Vec<String> = plans
                .iter()
                .map(|(p, pl)| match pl {
                    Ok((_, which, ..)) => format!("{p} ({} games)", which.len()),
                    Err(e) => format!("{p} ({e})"),
                })
                .collect();
            let bot = if *strong { "strongest" } else { "default" };
            eprintln!("played again ({bot} bot): {}", list.join(", "));
        }
    }
    let second =
        crate::sim::report::experiments::rounds::play_rounds(db, brain, bots, again, seed, threads);
    let mut all = Vec::new();
    for ((mut out, _), (redone, _)) in played.into_iter().zip(second) {
        for e in redone {
            if let Some(slot) = out.iter_mut().find(|x| x.policy == e.policy) {
                *slot = e;
            }
        }
        all.extend(out);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_screening_settles_only_when_its_whole_interval_passes() {
        // The strongest bot's sword in the report of 12b86e5: met on the screening's point,
        // missed on all games.
        assert_eq!(within_aim("commit:sword", true, -3.9, 3.9), Some(false));
        assert_eq!(within_aim("commit:spear", true, -0.5, 3.8), Some(true));
        assert_eq!(within_aim("commit:maul", true, -6.0, 1.7), Some(false));
        // Per-card screenings still settle on their point (the winner's curse is handled by
        // playing the misses again), for both bots.
        assert_eq!(within_aim("noenc:rat_nest", true, 0.9, 1.0), Some(true));
        assert_eq!(within_aim("noskill:daring", true, -2.1, 1.0), Some(false));
        assert_eq!(within_aim("noskill:daring", false, -2.1, 1.0), Some(false));
        assert_eq!(within_aim("noability", true, -15.0, 4.0), None);
        assert_eq!(within_aim(NOAMB, true, -2.8, 3.6), Some(false));
        assert_eq!(within_aim(NOAMB, true, 0.6, 1.6), Some(true));
        assert_eq!(within_aim(NOAMB_PEEK, true, -2.8, 3.6), None);
        // The default bot's headline policies are measured once.
        assert_eq!(within_aim("commit:sword", false, -3.9, 3.9), None);
        assert_eq!(within_aim(NOAMB, false, -2.8, 3.6), None);
    }
}
