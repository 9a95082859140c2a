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
use super::runs::Record;
use crate::content::CardDb;
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
    pub(super) fn failed(policy: &str, strong: bool, error: String) -> Experiment {
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

/// A policy to play, the games it is played on (numbers in the batch), how many games its gain
/// is measured over (the others replay the bot's own play), and its outcomes already known for
/// the first games (a screening's, when it is measured again).
pub(super) type Plan = (Policy, Vec<u64>, usize, Vec<bool>);

/// The most a per-card `noenc` policy may gain (issue 12: "no single 'never resolve card X'
/// rule gains more than 1 point").
pub const NOENC_AIM: f64 = 1.0;
/// The most forcing or forbidding one skill may move the win rate, either way (issue 12).
pub const SKILL_AIM: f64 = 2.0;
/// The most committing to one advanced weapon may cost (issue 12: "committing to any one
/// advanced weapon costs ≤ 5 points").
pub const COMMIT_AIM: f64 = 5.0;

/// The most never being ambushed may cost (issue 12: "never being ambushed costs ≤ 1 point").
pub const NOAMB_AIM: f64 = 1.0;

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
    let played = super::rounds::play_rounds(db, brain, bots, first, seed, threads);
    super::data::note_phase("experiments' first round", t0);
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
    let second = super::rounds::play_rounds(db, brain, bots, again, seed, threads);
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
