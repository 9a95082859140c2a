//! What the goal tables of issue 12 are measured with: one bot's games and experiments
//! ([`BotRun`]), a measured [`Cell`], and the measures both [`super::goals`] and
//! [`super::goals_box`] read (experiment gains, monster spreads, scouting hooks).

use crate::content::CardDb;
use crate::engine::cards::Effect;
use crate::engine::Difficulty;
use crate::sim::report::measure::experiment::Experiment;
use crate::sim::report::measure::figures::monster_figures;
use crate::sim::report::play::choices::Choices;
use crate::sim::report::play::runs::{Fate, Record};

/// What one bot played, as the goals read it.
pub struct BotRun<'a> {
    pub name: String,
    pub batches: &'a [(Difficulty, Vec<Record>, f64)],
    /// Its Normal games' choices.
    pub choices: Choices,
    pub experiments: Vec<&'a Experiment>,
}

impl BotRun<'_> {
    pub fn at(&self, d: Difficulty) -> &[Record] {
        self.batches
            .iter()
            .find(|(x, _, _)| *x == d)
            .map(|(_, r, _)| r.as_slice())
            .unwrap_or(&[])
    }
    pub fn normal(&self) -> &[Record] {
        self.at(Difficulty::Normal)
    }
    /// Its Normal games.
    pub fn normal_games(&self) -> &[Record] {
        self.normal()
    }
    pub fn experiment(&self, policy: &str) -> Option<&Experiment> {
        self.experiments
            .iter()
            .copied()
            .find(|e| e.policy == policy)
    }
    /// The experiments whose policy starts with `prefix`, played.
    pub fn screened(&self, prefix: &str) -> Vec<&Experiment> {
        self.experiments
            .iter()
            .copied()
            .filter(|e| {
                e.policy.starts_with(prefix) && !e.policy.contains('+') && e.error.is_none()
            })
            .collect()
    }
}

/// One measured value and whether it meets its target (None: not measured).
#[derive(Clone, Debug)]
pub struct Cell {
    pub value: String,
    pub met: Option<bool>,
}

pub fn cell(value: String, met: bool) -> Cell {
    Cell {
        value,
        met: Some(met),
    }
}

pub fn unmeasured(why: &str) -> Cell {
    Cell {
        value: why.to_string(),
        met: None,
    }
}

/// How one goal is measured for one bot.
pub type Measure<'m> = Box<dyn Fn(&BotRun) -> Cell + 'm>;

/// The experiment's gain as text ("+1.2 ± 2.0 points").
pub fn gain_text(e: &Experiment) -> String {
    format!("{:+.1} ± {:.1} points", e.gain, e.ci)
}

/// The gain as text, with a second decimal when one would round it onto the other side of its
/// bound: -1.04 against a 1-point limit reads "-1.0" and would look met.
pub fn gain_text_against(e: &Experiment, ok: impl Fn(f64) -> bool) -> String {
    let rounded: f64 = format!("{:.1}", e.gain).parse().unwrap_or(e.gain);
    if ok(rounded) == ok(e.gain) {
        gain_text(e)
    } else {
        format!("{:+.2} ± {:.1} points", e.gain, e.ci)
    }
}

/// A headline experiment's gain against a bound: met when `ok(gain)`.
pub fn experiment_cell(run: &BotRun, policy: &str, ok: impl Fn(f64) -> bool) -> Cell {
    match run.experiment(policy) {
        Some(Experiment {
            error: Some(err), ..
        }) => unmeasured(&format!("not played: {err}")),
        Some(e) => cell(gain_text_against(e, &ok), ok(e.gain)),
        None => unmeasured("not played"),
    }
}

/// The largest gain (or |gain|) among screened experiments, with its policy.
pub fn screened_cell(run: &BotRun, prefixes: &[&str], abs: bool, limit: f64) -> Cell {
    let es: Vec<&Experiment> = prefixes.iter().flat_map(|p| run.screened(p)).collect();
    let key_of = |g: f64| if abs { g.abs() } else { g };
    let key = |e: &Experiment| key_of(e.gain);
    match es.iter().max_by(|a, b| key(a).total_cmp(&key(b))) {
        Some(e) => cell(
            format!(
                "largest {} `{}` ({} policies tried, {} games each)",
                gain_text_against(e, |g| key_of(g) <= limit),
                e.policy,
                es.len(),
                e.games
            ),
            key(e) <= limit,
        ),
        None => cell("no card reaches the screening threshold".into(), true),
    }
}

/// Whether an encounter card grants a skill.
pub fn grants_skill(db: &CardDb, card: usize) -> bool {
    db.encounters
        .get(card)
        .is_some_and(|e| e.gain.iter().any(|x| matches!(x, Effect::GainSkill)))
}

/// Per-level beaten-when-fought spread and the Level I maximum, on Normal.
pub fn monster_spread(db: &CardDb, recs: &[Record]) -> ([f64; 4], f64) {
    let figs = monster_figures(recs);
    let mut lo = [f64::INFINITY; 4];
    let mut hi = [0.0f64; 4];
    for (card, f) in &figs {
        if let Some(m) = db.monster(*card) {
            let l = (m.level.clamp(1, 4) - 1) as usize;
            if f.fought > 0 {
                lo[l] = lo[l].min(f.beaten);
                hi[l] = hi[l].max(f.beaten);
            }
        }
    }
    let mut spread = [0.0; 4];
    for l in 0..4 {
        spread[l] = if lo[l].is_finite() {
            hi[l] - lo[l]
        } else {
            0.0
        };
    }
    (spread, hi[0])
}

/// The scouting hook of each level: the rulebook's own, a monster with no Ambush Effect, which
/// lets a player who learned it in the Travel Phase spend every bit of Time ("use that knowledge
/// to prepare longer", p. 24). Per level, the hook monster whose battles (fought, not tricked)
/// most often used it: known before the battle (scouted, or revealed by a card) and Time then run
/// out. None: no such monster.
pub fn scouting_hooks(db: &CardDb, recs: &[Record]) -> [Option<(String, f64)>; 4] {
    let mut best: [Option<(String, f64)>; 4] = Default::default();
    for m in db.monsters.iter().filter(|m| m.ambush.is_empty()) {
        let Some(card) = db.monsters.iter().position(|x| x.id == m.id) else {
            continue;
        };
        let (mut faced, mut used) = (0u64, 0u64);
        for r in recs {
            for (c, l, fate) in &r.monsters {
                if *c as usize == card && matches!(fate, Fate::Defeated | Fate::KilledPlayer) {
                    faced += 1;
                    used += (r.scouted_levels.contains(l) && r.ambushed_levels.contains(l)) as u64;
                }
            }
        }
        let share = used as f64 / faced.max(1) as f64 * 100.0;
        let l = (m.level.clamp(1, 4) - 1) as usize;
        if faced > 0 && best[l].as_ref().is_none_or(|(_, x)| share > *x) {
            best[l] = Some((m.id.clone(), share));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::gain_text_against;
    use crate::sim::report::experiments::Experiment;

    fn gain(g: f64) -> Experiment {
        let mut e = Experiment::failed("noamb:1", true, String::new());
        e.error = None;
        e.gain = g;
        e.ci = 1.8;
        e
    }

    #[test]
    fn a_gain_that_rounds_onto_its_bound_shows_its_second_decimal() {
        let within = |g: f64| g >= -1.0;
        // -1.04 fails a 1-point limit but rounds to -1.0, which would pass.
        assert_eq!(
            gain_text_against(&gain(-1.04), within),
            "-1.04 ± 1.8 points"
        );
        // Away from the bound one decimal tells the truth.
        assert_eq!(gain_text_against(&gain(-1.4), within), "-1.4 ± 1.8 points");
        assert_eq!(gain_text_against(&gain(-0.96), within), "-1.0 ± 1.8 points");
        assert_eq!(gain_text_against(&gain(0.3), within), "+0.3 ± 1.8 points");
    }
}
