//! Advice for the player: the smart bot's move for the decision in front of them,
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
use super::explain::{self, Rival};
use crate::engine::game::Game;
use crate::engine::{legal_actions, legal_moves, words, Action};
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
    let legal: Vec<Action> = legal_moves(g);
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

impl SmartBot {
    /// The reason for `chosen`: what separates it from the best other move, and the threat
    /// ahead when it matters (see [`explain`]).
    fn reason(&mut self, b: &Brain, g: &Game, legal: &[Action], chosen: Action) -> String {
        let rival = self.rival(b, g, legal, chosen);
        explain::reason(b, &mut self.cache, g, chosen, rival)
    }

    /// The best other move than `chosen` and how much less the bot values it, each tried on the
    /// same sampled futures; None when `chosen` is the only move. A negative gap: the one-move
    /// look ranks the other higher (`chosen` opens a plan of several moves).
    fn rival(&mut self, b: &Brain, g: &Game, legal: &[Action], chosen: Action) -> Option<Rival> {
        if legal.len() < 2 {
            return None;
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
        let (other, action) = best?;
        let gap = if mine.is_finite() { mine - other } else { 0.0 };
        Some(Rival { action, gap })
    }
}

/// One decision of a finished (or any) game, reviewed: what was played, what the bot would
/// play, and the bot's estimate of the chance to win before it and after each of the two.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Reviewed {
    /// The move's index in the save's action list (the replay's step before it): the position
    /// "before move `at + 1`".
    pub at: usize,
    /// The level the move is made at (I to IV): where a chart marks the levels.
    pub level: u8,
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
    /// Where the moves differ: why the bot prefers its move to the player's, in one line (the
    /// hint's explainer, the player's move as the rival).
    #[serde(default)]
    pub why: Option<String>,
    /// Where the moves differ: the bot's next move after its own, when the game waits for the
    /// player again with nothing left to chance.
    #[serde(default)]
    pub bot_then: Option<String>,
}

/// The game's turning point: the move after which the bot's estimate of the chance to win fell
/// the most before the next decision.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TurningPoint {
    /// The move's index in the save's action list (as [`Reviewed::at`]).
    pub at: usize,
    /// The chance to win before it, and at the next decision (0–1).
    pub from: f64,
    pub to: f64,
    /// The fall, in one sentence: the move, the figures, and whether the move itself or what
    /// chance dealt after it took most of it.
    pub text: String,
}

/// How a saved game ended, for the fall after its last decision: `Some(true)` a victory,
/// `Some(false)` a defeat, None when it is not finished (or does not replay).
pub fn victory(save: &crate::engine::SaveGame, db: Arc<crate::content::CardDb>) -> Option<bool> {
    match Game::load(save, db).ok()?.pending() {
        crate::engine::Pending::Over(crate::engine::Outcome::Victory { .. }) => Some(true),
        crate::engine::Pending::Over(_) => Some(false),
        _ => None,
    }
}

/// The largest fall of the chance to win from one reviewed decision to the next (to the end of
/// the game for the last: 0 on a defeat, 1 on a victory); None when it never falls.
pub fn turning_point(moves: &[Reviewed], won: Option<bool>) -> Option<TurningPoint> {
    let mut best: Option<(usize, f64, f64)> = None;
    for (i, m) in moves.iter().enumerate() {
        let next = match moves.get(i + 1) {
            Some(n) => n.before,
            None => match won {
                Some(w) => f64::from(u8::from(w)),
                None => continue,
            },
        };
        let fall = m.before - next;
        if fall > 0.0 && best.is_none_or(|(_, f, _)| fall > f) {
            best = Some((i, fall, next));
        }
    }
    let (i, _, to) = best?;
    let m = &moves[i];
    let pct = |x: f64| (x * 100.0).round() as i64;
    let by_move = m.before - m.after_played;
    let cause = if by_move >= 0.5 * (m.before - to) {
        "most of that fall was the move itself".to_string()
    } else if pct(by_move) < 1 {
        "the dice and cards that followed did it, not the move".to_string()
    } else {
        format!(
            "the move itself cost {} points of it, the dice and cards that followed the rest",
            pct(by_move)
        )
    };
    Some(TurningPoint {
        at: m.at,
        from: m.before,
        to,
        text: format!(
            "The turning point was move {} (“{}”): the chance to win fell from {}% to {}%; {cause}.",
            m.at + 1,
            m.played,
            pct(m.before),
            pct(to)
        ),
    })
}

/// Reviews the moves `from..to` of `save`'s action list (Undo, forced moves and moves past the
/// end are skipped): the bot's choice beside the player's and its chance estimates, each
/// position judged on the same sampled futures for both moves; where they differ, why and the
/// bot's move after its own. Built to be asked in chunks, so a screen can show progress; the
/// same save always gets the same review.
pub fn review(
    brain: &Arc<Brain>,
    save: &crate::engine::SaveGame,
    from: usize,
    to: usize,
) -> Result<Vec<Reviewed>, String> {
    let (mut g, _) = Game::replaying(save, brain.db.clone()).map_err(|e| e.to_string())?;
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
            let (why, bot_then) = if b == *a {
                (None, None)
            } else {
                let mine = bot.eval_seq(brain, &g, &[b], &seeds);
                let theirs = bot.eval_seq(brain, &g, &[*a], &seeds);
                let gap = if mine.is_finite() && theirs.is_finite() {
                    mine - theirs
                } else {
                    0.0
                };
                let rival = Rival { action: *a, gap };
                let why = explain::reason(brain, &mut bot.cache, &g, b, Some(rival));
                (Some(why), bot.then(&g, b))
            };
            let label = |x: &Action| words::action(g.db(), g.state(), x);
            out.push(Reviewed {
                at,
                level: g.state().level,
                played: label(a),
                bot: label(&b),
                same: b == *a,
                before,
                after_played,
                after_bot,
                why,
                bot_then,
            });
        }
        crate::engine::apply(&mut g, *a).map_err(|e| format!("move {}: {e}", at + 1))?;
    }
    Ok(out)
}

impl SmartBot {
    /// The bot's move after its own `a` in `g`, when `a` leaves nothing to chance (its preview
    /// is certain) and the game then waits for a decision; None otherwise.
    fn then(&mut self, g: &Game, a: Action) -> Option<String> {
        if crate::engine::preview(g, &a).ok()?.chance {
            return None;
        }
        let mut c = g.clone();
        c.set_undo(false);
        crate::engine::apply(&mut c, a).ok()?;
        let legal: Vec<Action> = legal_actions(&c)
            .into_iter()
            .filter(|x| *x != Action::Undo)
            .collect();
        if c.is_over() || legal.is_empty() {
            return None;
        }
        let next = self.choose(&c, &legal);
        Some(words::action(c.db(), c.state(), &next))
    }

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
