//! One policy experiment as the report measures it: the policy's games compared game by game
//! with the bot's own play on the same deals (the gain in win rate, its interval, per character),
//! the policies the report names, and the limits its goals hold the gains to.

use crate::sim::report::play::runs::Record;
use std::collections::BTreeMap;

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
    /// (`noability`, see `ability_costs`); empty otherwise.
    pub by_character_ci: BTreeMap<String, f64>,
    /// Why it could not be played (a card id the content no longer has …).
    pub error: Option<String>,
}

impl Experiment {
    pub(in crate::sim::report) fn failed(policy: &str, strong: bool, error: String) -> Experiment {
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
    for (c, (w, k)) in crate::sim::report::measure::figures::by_character(all) {
        let k1 = k.max(1) as f64;
        let p1 = w as f64 / k1;
        let se = (p0 * (1.0 - p0) / n + p1 * (1.0 - p1) / k1).sqrt();
        e.by_character.insert(c.clone(), 100.0 * (p0 - p1));
        e.by_character_ci.insert(c, 196.0 * se);
    }
}

/// Never ambushed at any level, as an honest player must play it: explore only when no draw
/// can run Time out.
pub const NOAMB: &str = "noamb:1+noamb:2+noamb:3+noamb:4";
/// The same seeing the next cards: what never being ambushed can cost at best.
pub const NOAMB_PEEK: &str = "noambpeek:1+noambpeek:2+noambpeek:3+noambpeek:4";

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
