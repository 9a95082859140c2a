//! The bot's estimate of the chance to win from a position (what the review charts): its value of the
//! position (Small Effort, [`Brain::value`]) turned into a probability by a logistic curve per
//! level, fitted on the smart bot's own games.
//!
//! The curve's numbers are constants ([`CURVES`]) so the browser's bot module needs no games to
//! start; [`fit`] plays the games and fits them again (`unbroken report --chance` prints new
//! constants), and `tests/review.rs` checks that the constants still predict the box's games
//! better than the plain win rate does (a changed box or bot that breaks them fails it).

use super::super::value::{Brain, Cache};
use super::super::SmartBot;
use crate::content::CardDb;
use crate::engine::{legal_moves, Action, Difficulty, Game, Outcome, Pending, Setup, State};
use crate::sim::Bot;
use std::sync::Arc;

/// P(win) = 1 / (1 + e^-(a + b·value)) for levels I–IV: (a, b) per level.
pub const CURVES: [(f64, f64); 4] = [
    (-0.818, 0.0123),
    (-1.679, 0.0333),
    (-1.705, 0.0519),
    (-0.602, 0.0494),
];

/// The logistic function.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Brain {
    /// The chance to win from `s`, by the fitted curves `curves` (1 or 0 once the game is over).
    pub fn win_chance_with(&self, s: &State, cache: &mut Cache, curves: &[(f64, f64); 4]) -> f64 {
        match &s.pending {
            Pending::Over(Outcome::Victory { .. }) => return 1.0,
            Pending::Over(_) => return 0.0,
            _ => {}
        }
        let (a, b) = curves[(s.level.clamp(1, 4) - 1) as usize];
        sigmoid(a + b * self.value(s, cache))
    }

    /// The chance to win from `s`, by the constants of this release ([`CURVES`]).
    pub fn win_chance(&self, s: &State, cache: &mut Cache) -> f64 {
        self.win_chance_with(s, cache, &CURVES)
    }
}

/// One position of a bot game: its level, the bot's value of it, and whether the game was won.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub level: u8,
    pub value: f64,
    pub won: bool,
}

/// Plays `games` smart-bot games on `difficulty` (the four characters in turn, seeds from
/// `seed`) and returns every decision's position as a [`Sample`].
pub fn samples(db: Arc<CardDb>, games: u64, seed: u64, difficulty: Difficulty) -> Vec<Sample> {
    let brain = Arc::new(Brain::new(db.clone()));
    let mut out = Vec::new();
    for i in 0..games {
        let character = db.characters[(i % db.characters.len().max(1) as u64) as usize]
            .id
            .clone();
        let setup = Setup {
            seed: seed.wrapping_add(i),
            character,
            side: (i / 4 % 2) as u8,
            difficulty,
            easy_toggle: false,
        };
        let Ok((mut g, _)) = Game::new(setup, db.clone()) else {
            continue;
        };
        let mut bot = SmartBot::with_brain(brain.clone(), seed ^ i);
        let mut cache = Cache::default();
        let mut seen = Vec::new();
        for _ in 0..3000 {
            if g.is_over() {
                break;
            }
            let legal: Vec<Action> = legal_moves(&g);
            if legal.len() > 1 {
                let s = g.state();
                seen.push((s.level, brain.value(s, &mut cache)));
                cache.clear();
            }
            let a = bot.choose(&g, &legal);
            if crate::engine::apply(&mut g, a).is_err() {
                break;
            }
        }
        let won = matches!(g.pending(), Pending::Over(Outcome::Victory { .. }));
        out.extend(
            seen.into_iter()
                .map(|(level, value)| Sample { level, value, won }),
        );
    }
    out
}

/// Fits (a, b) per level to `data`: the values are standardised, then Newton's method on the
/// log-likelihood with a step halved until it improves (and a little ridge, so a level the
/// values separate almost perfectly still gets a finite slope).
pub fn fit(data: &[Sample]) -> [(f64, f64); 4] {
    let mut out = CURVES;
    for (li, curve) in out.iter_mut().enumerate() {
        let raw: Vec<(f64, f64)> = data
            .iter()
            .filter(|s| s.level as usize == li + 1 && s.value.is_finite())
            .map(|s| (s.value, if s.won { 1.0 } else { 0.0 }))
            .collect();
        if raw.len() < 20 {
            continue;
        }
        let n = raw.len() as f64;
        let mean = raw.iter().map(|p| p.0).sum::<f64>() / n;
        let sd = (raw.iter().map(|p| (p.0 - mean).powi(2)).sum::<f64>() / n)
            .sqrt()
            .max(1e-6);
        let pts: Vec<(f64, f64)> = raw.iter().map(|&(x, y)| ((x - mean) / sd, y)).collect();
        const RIDGE: f64 = 1.0;
        let loglik = |a: f64, b: f64| {
            pts.iter()
                .map(|&(x, y)| {
                    let p = sigmoid(a + b * x).clamp(1e-12, 1.0 - 1e-12);
                    y * p.ln() + (1.0 - y) * (1.0 - p).ln()
                })
                .sum::<f64>()
                - 0.5 * RIDGE * b * b
        };
        let (mut a, mut b) = (0.0f64, 0.0f64);
        let mut best = loglik(a, b);
        for _ in 0..100 {
            let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, -RIDGE * b, 1e-9, 0.0, RIDGE);
            for &(x, y) in &pts {
                let p = sigmoid(a + b * x);
                let w = p * (1.0 - p);
                ga += y - p;
                gb += (y - p) * x;
                haa += w;
                hab += w * x;
                hbb += w * x * x;
            }
            let det = haa * hbb - hab * hab;
            if det.abs() < 1e-12 {
                break;
            }
            let (da, db) = ((hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det);
            let mut step = 1.0;
            let mut moved = false;
            while step > 1e-4 {
                let (na, nb) = (a + step * da, b + step * db);
                let l = loglik(na, nb);
                if l > best {
                    (a, b, best) = (na, nb, l);
                    moved = true;
                    break;
                }
                step /= 2.0;
            }
            if !moved || (step * (da.abs() + db.abs())) < 1e-9 {
                break;
            }
        }
        // Back to raw values: a + b (v - mean) / sd.
        let (ra, rb) = (a - b * mean / sd, b / sd);
        if ra.is_finite() && rb.is_finite() {
            *curve = (ra, rb);
        }
    }
    out
}

/// The mean squared error of the curves' predictions on `data` (the Brier score), and that of
/// predicting the plain win rate everywhere: the curves are worth having when the first is
/// clearly lower.
pub fn brier(data: &[Sample], curves: &[(f64, f64); 4]) -> (f64, f64) {
    if data.is_empty() {
        return (0.0, 0.0);
    }
    let n = data.len() as f64;
    let rate = data.iter().filter(|s| s.won).count() as f64 / n;
    let y = |s: &Sample| if s.won { 1.0 } else { 0.0 };
    let model = data
        .iter()
        .map(|s| {
            let (a, b) = curves[(s.level.clamp(1, 4) - 1) as usize];
            (sigmoid(a + b * s.value) - y(s)).powi(2)
        })
        .sum::<f64>()
        / n;
    let plain = data.iter().map(|s| (rate - y(s)).powi(2)).sum::<f64>() / n;
    (model, plain)
}
