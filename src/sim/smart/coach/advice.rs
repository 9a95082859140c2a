//! Advice for the player (issue 14): the smart bot's move for the decision in front of them,
//! with one line of reason in a player's words taken from the bot's own valuations.
//!
//! The hint is the bot's real choice, not a second opinion: [`hint`] builds a [`SmartBot`] whose
//! random stream is seeded by the position (the deal's seed and the number of moves made), so
//! the CLI (`unbroken hint`) and the browser's bot module give the same move for the same
//! position. It sees only what the player sees: the bot re-draws the deck order, the dice and
//! the face-down monster from its own stream (see `sample` in the parent module), and the
//! reason names a monster only once it is revealed.

use super::super::value::Brain;
use super::super::{SmartBot, DEFAULT_SAMPLES};
use crate::engine::game::Game;
use crate::engine::{legal_actions, words, Action, State, Step};
use crate::sim::{Bot, Policy};
use std::sync::Arc;

/// The bot's move for the current decision and why.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Advice {
    /// The move, one of the legal actions.
    pub action: Action,
    /// Its label, as the table shows it.
    pub label: String,
    /// One line of reason, in Small Effort and Time, from the bot's valuation.
    pub reason: String,
}

/// The seed of the bot that advises in this position: the same position always gets the same
/// advice, and two positions of one game get independent samples.
fn position_seed(g: &Game) -> u64 {
    let s = g.state();
    s.setup
        .seed
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(g.log().len() as u64)
        .rotate_left(17)
}

/// The smart bot's move for the decision in front of the player, with its reason; `None` when
/// the game is over (nothing to decide). `brain` is built once per card set
/// ([`Brain::new`]); building it is the slow part.
pub fn hint(brain: &Arc<Brain>, g: &Game) -> Option<Advice> {
    let legal: Vec<Action> = legal_actions(g)
        .into_iter()
        .filter(|a| *a != Action::Undo)
        .collect();
    if g.is_over() || legal.is_empty() {
        return None;
    }
    let mut bot = SmartBot::with_settings(
        brain.clone(),
        position_seed(g),
        DEFAULT_SAMPLES,
        Policy::default(),
    );
    let action = bot.choose(g, &legal);
    let reason = bot.reason(brain, g, &legal, action);
    Some(Advice {
        action,
        label: words::action(g.db(), g.state(), &action),
        reason,
    })
}

/// "about 7 effort": a whole number, never a false precision.
fn effort(x: f64) -> String {
    format!("about {} effort", x.round().max(1.0) as i64)
}

/// The Roman numeral of a level (the sheets' own way to name them).
fn level_name(level: u8) -> &'static str {
    match level {
        1 => "I",
        2 => "II",
        3 => "III",
        _ => "IV",
    }
}

impl SmartBot {
    /// One line of reason for `chosen`: what the bot expects the monster to cost against the
    /// effort the player holds, and how much better it values `chosen` than the next best move.
    fn reason(&mut self, b: &Brain, g: &Game, legal: &[Action], chosen: Action) -> String {
        let s = g.state();
        let mut line = String::new();
        if let Some(threat) = self.threat_phrase(b, s) {
            line.push_str(&threat);
        }
        if let Some(cmp) = self.comparison(b, g, legal, chosen) {
            if !line.is_empty() {
                line.push_str("; ");
            }
            line.push_str(&cmp);
        }
        if line.is_empty() {
            line.push_str("the other choices are valued no better");
        }
        let mut out = String::with_capacity(line.len() + 1);
        let mut chars = line.chars();
        if let Some(c) = chars.next() {
            out.extend(c.to_uppercase());
        }
        out.extend(chars);
        out.push('.');
        out
    }

    /// The monster's expected cost against the effort available, in the Travel Phase and in
    /// battle; `None` in the steps where the monster is not what is being decided.
    fn threat_phrase(&mut self, b: &Brain, s: &State) -> Option<String> {
        let db = &b.db;
        let who = match s.monster.as_ref().and_then(|m| db.monster(m.card)) {
            Some(m) => format!("the {}", m.name),
            None => format!("the Level {} monster", level_name(s.level)),
        };
        let (threat, death, _) = b.current_threat(s, &mut self.cache);
        let have = b.effort_available(s);
        // The bot prices a battle net of the monster's reward.
        let cost = if threat < 0.5 {
            "should pay for itself with its reward".to_string()
        } else {
            format!("should cost {} after its reward", effort(threat))
        };
        let mut p = match s.step {
            Step::Preparation | Step::Exploration => format!(
                "{who} {cost}; you have about {:.0} effort and {} Time",
                have.max(0.0),
                s.time.max(0)
            ),
            Step::Ambush | Step::Trickery | Step::Battle => {
                format!(
                    "from here {who} {cost}; you have about {:.0}",
                    have.max(0.0)
                )
            }
            _ => return None,
        };
        if death >= 0.05 {
            p.push_str(&format!(
                ", a {:.0}% chance it is too much",
                (death * 100.0).min(99.0)
            ));
        }
        Some(p)
    }

    /// How much better the bot values `chosen` than the best other move, each tried on the
    /// same sampled futures; `None` when there is no other move or the one-move look cannot
    /// tell them apart (a plan of several moves, such as effort prepared before Confront).
    fn comparison(
        &mut self,
        b: &Brain,
        g: &Game,
        legal: &[Action],
        chosen: Action,
    ) -> Option<String> {
        if legal.len() < 2 {
            return Some("it is the only move".into());
        }
        let seeds = self.seeds(self.samples);
        let mine = self.eval_seq(b, g, &[chosen], &seeds);
        let mut best: Option<(f64, Action)> = None;
        for a in legal.iter().filter(|a| **a != chosen) {
            let v = self.eval_seq(b, g, &[*a], &seeds);
            if v.is_finite() && best.is_none_or(|(x, _)| v > x) {
                best = Some((v, *a));
            }
        }
        let (other, alt) = best?;
        if !mine.is_finite() || mine + 0.05 < other {
            return None;
        }
        let alt = words::action(g.db(), g.state(), &alt);
        let gap = mine - other;
        Some(if gap < 0.75 {
            format!("“{alt}” is nearly as good")
        } else {
            format!("it keeps {} more than “{alt}”", effort(gap))
        })
    }
}

/// One decision of a finished (or any) game, reviewed: what was played, what the bot would
/// play, and the bot's estimate of the chance to win before it and after each of the two.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reviewed {
    /// The move's index in the save's action list (the replay's step before it).
    pub at: usize,
    /// The player's move, as labelled on the table.
    pub played: String,
    /// The bot's move in that position.
    pub bot: String,
    /// Whether they are the same move.
    pub same: bool,
    /// The chance to win before the move (0–1).
    pub before: f64,
    /// The expected chance after the player's move.
    pub after_played: f64,
    /// The expected chance after the bot's move.
    pub after_bot: f64,
}

/// Reviews the moves `from..to` of `save`'s action list (Undo, forced moves and moves past the
/// end are skipped): the bot's choice beside the player's and its chance estimates, each
/// position judged on the same sampled futures for both moves. Built to be asked in chunks, so a
/// screen can show progress; the same save always gets the same review.
pub fn review(
    brain: &Arc<Brain>,
    save: &crate::engine::SaveGame,
    from: usize,
    to: usize,
) -> Result<Vec<Reviewed>, String> {
    let (mut g, _) = Game::with_script(save.setup.clone(), brain.db.clone(), save.script.clone())
        .map_err(|e| e.to_string())?;
    g.set_undo(true);
    let mut out = Vec::new();
    for (at, a) in save.actions.iter().enumerate().take(to) {
        let legal: Vec<Action> = legal_actions(&g)
            .into_iter()
            .filter(|x| *x != Action::Undo)
            .collect();
        if at >= from && *a != Action::Undo && legal.len() > 1 && legal.contains(a) {
            let mut bot = SmartBot::with_settings(
                brain.clone(),
                position_seed(&g),
                DEFAULT_SAMPLES,
                Policy::default(),
            );
            let b = bot.choose(&g, &legal);
            let seeds = bot.seeds(bot.samples);
            let before = brain.win_chance(g.state(), &mut bot.cache);
            let after_played = bot.chance_after(brain, &g, *a, &seeds);
            let after_bot = if b == *a {
                after_played
            } else {
                bot.chance_after(brain, &g, b, &seeds)
            };
            let label = |x: &Action| words::action(g.db(), g.state(), x);
            out.push(Reviewed {
                at,
                played: label(a),
                bot: label(&b),
                same: b == *a,
                before,
                after_played,
                after_bot,
            });
        }
        crate::engine::apply(&mut g, *a).map_err(|e| format!("move {}: {e}", at + 1))?;
    }
    Ok(out)
}

impl SmartBot {
    /// The expected chance to win after `a`, over the sampled futures `seeds` (one when nothing
    /// random happens), with the small decisions after it settled by the bot.
    fn chance_after(&mut self, b: &Brain, g: &Game, a: Action, seeds: &[u64]) -> f64 {
        let mut sum = 0.0;
        let mut n = 0.0;
        for seed in seeds {
            let mut c = self.sample(g, *seed);
            let Ok(ev) = crate::engine::apply(&mut c, a) else {
                return 0.0;
            };
            let random = super::super::random_event(&ev) | self.settle(b, &mut c);
            sum += b.win_chance(c.state(), &mut self.cache);
            n += 1.0;
            if !random {
                break;
            }
        }
        sum / n
    }
}
