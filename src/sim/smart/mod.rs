//! The smart bot: one-step lookahead over sampled futures, judged by its model of the game.
//!
//! Each decision is tried on copies of the game whose hidden parts (deck order, dice, the monster
//! die) are re-drawn from the bot's own stream, so the bot never peeks at the real deal. After the
//! action, small decisions (responses, skill picks, eating) are settled by the same policy without
//! lookahead, and the position is valued in Small Effort. Battle turns use the battle model's
//! expected costs directly; the Travel Phase compares exploring, confronting (with effort prepared
//! beforehand) and the free actions.
//!
//! Here: the bot and its sampling. Beneath it, by what each part does, every import pointing
//! down this list:
//! - `decide`: the bot's moves (the Travel Phase, battle turns, the small decisions);
//! - `coach`: the bot for the player (hints, reviews, the chance to win);
//! - `value`: its model of the game (`brain`, built once per card set) and the valuations of
//!   resources, conditions, battles, monster rolls and whole positions, its knobs (`tuning`),
//!   and the values remembered for one game (`game_cache`);
//! - `solve`: the battle table, solved exactly where it can be, and the solved tables every
//!   game of the process shares.

pub mod coach;
mod decide;
pub mod solve;
pub mod value;

pub use coach::chance;
pub use coach::{hint, review, turning_point, victory, Advice, Reviewed, TurningPoint};
pub use solve::{Fight, Opt, Table, SOLVES};
pub use value::{Brain, Cache, Tuning};

use super::{Bot, Policy, DEFAULT_SAMPLES};
use crate::engine::game::Game;
use crate::engine::{apply, legal_actions, Action, Event, Pending};
use rand_core::RngCore;
use rand_pcg::Pcg32;
use std::collections::HashMap;
use std::sync::Arc;

#[derive(Clone)]
pub struct SmartBot {
    brain: Option<Arc<Brain>>,
    rng: Pcg32,
    cache: Cache,
    /// Sampled futures per uncertain choice.
    samples: usize,
    /// What the bot is forbidden or forced to do in its own moves (balance experiments; empty:
    /// nothing).
    policy: Policy,
    /// Actions decided together (effort prepared, then Confront).
    plan: Vec<Action>,
    skill_values: HashMap<value::brain::SkillKey, f64>,
    /// The futures sampled for this decision, by seed, with the game they were drawn from (its
    /// address): every option is tried on the same futures, and drawing one (copying and
    /// shuffling the decks) costs more than copying it once drawn.
    sampled: Vec<(u64, usize, Game)>,
    /// Prints the value of each option considered (UNBROKEN_BOT_DEBUG=1, for `trace`). Read
    /// through [`SmartBot::debug`].
    debug: bool,
}

impl SmartBot {
    /// Whether to print the values considered: never in the browser, whose bot module then
    /// ships none of the printing (nor the float formatting it needs).
    fn debug(&self) -> bool {
        cfg!(not(target_arch = "wasm32")) && self.debug
    }

    /// A bot that builds its model from the first game it sees.
    pub fn new() -> SmartBot {
        SmartBot::build(None, 7)
    }

    /// A bot sharing a model already built for the card set.
    pub fn with_brain(brain: Arc<Brain>, seed: u64) -> SmartBot {
        SmartBot::build(Some(brain), seed)
    }

    /// A bot sharing a model, sampling `samples` futures per uncertain choice (at least 1) and
    /// restricted by `policy`.
    /// A bot whose policy forbids abilities plans without them too (its own model).
    pub fn with_settings(brain: Arc<Brain>, seed: u64, samples: usize, policy: Policy) -> SmartBot {
        let brain = if policy.forbids_abilities() {
            brain.without_abilities_shared()
        } else {
            brain
        };
        SmartBot {
            samples: samples.max(1),
            policy,
            ..SmartBot::build(Some(brain), seed)
        }
    }

    /// This bot as it stands (its stream, caches and plan), bound from here on by `policy`
    /// instead of its own; `policy` must not forbid abilities (that bot plans with another
    /// model from its first move).
    pub fn restricted_by(&self, policy: Policy) -> SmartBot {
        debug_assert!(!policy.forbids_abilities() || self.policy.forbids_abilities());
        SmartBot {
            policy,
            ..self.clone()
        }
    }

    fn build(brain: Option<Arc<Brain>>, seed: u64) -> SmartBot {
        SmartBot {
            brain,
            rng: Pcg32::new(seed, 0x5eed),
            cache: Cache::default(),
            samples: DEFAULT_SAMPLES,
            policy: Policy::default(),
            plan: Vec::new(),
            skill_values: HashMap::new(),
            sampled: Vec::new(),
            debug: std::env::var_os("UNBROKEN_BOT_DEBUG").is_some(),
        }
    }

    fn brain(&mut self, g: &Game) -> Arc<Brain> {
        match &self.brain {
            Some(b) if b.db.fingerprint == g.db().fingerprint => b.clone(),
            _ => {
                let mut b = Brain::new(g.db_arc());
                if self.policy.forbids_abilities() {
                    b = b.without_abilities();
                }
                let b = Arc::new(b);
                self.brain = Some(b.clone());
                b
            }
        }
    }
}

impl Default for SmartBot {
    fn default() -> Self {
        SmartBot::new()
    }
}

/// A copy of the game whose hidden information is re-drawn from `seed` (the engine's
/// [`Game::resampled`]).
fn sample(g: &Game, seed: u64) -> Game {
    g.resampled(seed)
}

/// Futures kept for reuse at most (a fight played out on each of them samples its own).
const MAX_SAMPLED: usize = 64;

fn random_event(ev: &[Event]) -> bool {
    ev.iter().any(Event::is_random)
}

/// Whether the game waits for one of the decisions the lookahead stops at.
fn settled(p: &Pending) -> bool {
    matches!(
        p,
        Pending::Prepare
            | Pending::Encounter { .. }
            | Pending::Trickery
            | Pending::Battle { .. }
            | Pending::Over(_)
    )
}

impl SmartBot {
    fn seeds(&mut self, n: usize) -> Vec<u64> {
        let seeds: Vec<u64> = (0..n)
            .map(|_| ((self.rng.next_u32() as u64) << 32) | self.rng.next_u32() as u64)
            .collect();
        // A seed names one future of one game: one drawn again belongs to a new decision.
        self.sampled.retain(|(s, ..)| !seeds.contains(s));
        seeds
    }

    /// [`sample`] of `g` from `seed`, drawn once per decision.
    fn sample(&mut self, g: &Game, seed: u64) -> Game {
        let at = g as *const Game as usize;
        if let Some((.., c)) = self.sampled.iter().find(|(s, a, _)| *s == seed && *a == at) {
            return c.clone();
        }
        let c = sample(g, seed);
        if self.sampled.len() >= MAX_SAMPLED {
            self.sampled.clear();
        }
        self.sampled.push((seed, at, c.clone()));
        c
    }

    /// Plays the small decisions until the game waits for a big one. Returns whether chance
    /// took part.
    fn settle(&mut self, b: &Brain, g: &mut Game) -> bool {
        let mut random = false;
        for _ in 0..200 {
            if settled(g.pending()) {
                break;
            }
            let legal = legal_actions(g);
            let a = self.minor(b, g, &legal);
            match apply(g, a) {
                Ok(ev) => random |= random_event(&ev),
                Err(_) => break,
            }
        }
        random
    }

    /// Value after applying `seq` to a sampled copy, settled.
    fn try_seq(&mut self, b: &Brain, g: &Game, seq: &[Action], seed: u64) -> (f64, bool) {
        self.try_seq_inner(b, g, seq, seed)
    }

    fn try_seq_inner(&mut self, b: &Brain, g: &Game, seq: &[Action], seed: u64) -> (f64, bool) {
        let mut c = self.sample(g, seed);
        let mut random = false;
        for (i, a) in seq.iter().enumerate() {
            if i > 0 && !settled(c.pending()) {
                random |= self.settle(b, &mut c);
            }
            match apply(&mut c, *a) {
                Ok(ev) => random |= random_event(&ev),
                Err(_) => return (f64::NEG_INFINITY, random),
            }
        }
        random |= self.settle(b, &mut c);
        if self.debug() {
            eprintln!("      {:?}: {}", seq, b.explain(c.state(), &mut self.cache));
        }
        (b.value(c.state(), &mut self.cache), random)
    }

    /// Expected value of an action sequence: one sample if nothing random happened, else
    /// the mean over the given seeds.
    fn eval_seq(&mut self, b: &Brain, g: &Game, seq: &[Action], seeds: &[u64]) -> f64 {
        let (v0, random) = self.try_seq(b, g, seq, seeds[0]);
        if !random || !v0.is_finite() {
            return v0;
        }
        let mut sum = v0;
        for s in &seeds[1..] {
            sum += self.try_seq(b, g, seq, *s).0;
        }
        sum / seeds.len() as f64
    }

    /// The value of exploring: over sampled reveals, the best card to take.
    fn explore_value(&mut self, b: &Brain, g: &Game, pre: &[Action], seeds: &[u64]) -> f64 {
        let mut total = 0.0;
        for seed in seeds {
            let mut c = self.sample(g, *seed);
            let mut ok = true;
            for a in pre.iter().chain(std::iter::once(&Action::Explore)) {
                if !settled(c.pending()) {
                    self.settle(b, &mut c);
                }
                if apply(&mut c, *a).is_err() {
                    ok = false;
                    break;
                }
            }
            if !ok {
                return f64::NEG_INFINITY;
            }
            self.settle(b, &mut c);
            let legal = legal_actions(&c);
            let mut best = f64::NEG_INFINITY;
            for a in legal.iter().filter(|a| **a != Action::Undo) {
                let mut d = c.clone();
                if apply(&mut d, *a).is_err() {
                    continue;
                }
                self.settle(b, &mut d);
                let v = b.value(d.state(), &mut self.cache);
                if self.debug() {
                    eprintln!(
                        "      explore {:?}: {}",
                        a,
                        b.explain(d.state(), &mut self.cache)
                    );
                }
                best = best.max(v);
            }
            total += best;
        }
        total / seeds.len() as f64
    }
}

fn clamp_roll(x: i16) -> u8 {
    x.clamp(1, 6) as u8
}

fn general_index(
    db: &crate::content::CardDb,
    f: impl Fn(&crate::engine::cards::ActionDef) -> bool,
) -> Option<u8> {
    db.params
        .general_actions
        .iter()
        .position(f)
        .map(|i| i as u8)
}

/// The first legal action other than Undo (Undo if it is the only one).
fn first_move(legal: &[Action]) -> Action {
    legal
        .iter()
        .copied()
        .find(|x| *x != Action::Undo)
        .unwrap_or(Action::Undo)
}

impl Bot for SmartBot {
    fn choose(&mut self, g: &Game, legal: &[Action]) -> Action {
        let restricted;
        let legal = if self.policy.is_empty() {
            legal
        } else {
            // The policy binds the bot's own moves, not the futures it imagines: wherever the
            // policy changes nothing, the bot plays (and draws from its random stream) exactly
            // as without it, so a game the policy never touches is the same game. Even a forced
            // move goes through the bot's judgement, for the same reason.
            restricted = self.policy.restrict(g, legal);
            restricted.as_slice()
        };
        let b = self.brain(g);
        self.cache.clear();
        self.sampled.clear();
        // A bot committed to a weapon (rush, commit) values materials for its path only.
        value::resources::set_committed(self.policy.committed_path());
        value::resources::set_never_ambushed(self.policy.never_ambushed_levels());
        let a = match g.pending() {
            Pending::Prepare => self.prepare(&b, g, legal),
            Pending::Encounter { .. } => {
                self.plan.clear();
                self.encounter(&b, g, legal)
            }
            Pending::Trickery => {
                self.plan.clear();
                self.trickery(&b, g, legal)
            }
            Pending::Battle { .. } => {
                self.plan.clear();
                self.battle(&b, g, legal)
            }
            _ => self.minor(&b, g, legal),
        };
        if legal.contains(&a) {
            a
        } else {
            first_move(legal)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::CardDb;
    use crate::engine::{Difficulty, Setup};

    /// Remembering the values of positions already priced changes no move: a game played by a
    /// bot that prices every position afresh is the same game, move for move.
    #[test]
    fn a_bot_that_remembers_values_plays_the_moves_it_plays_without() {
        let db = Arc::new(CardDb::builtin().expect("the built-in box loads"));
        let brain = Arc::new(Brain::new(db.clone()));
        let moves = |seed: u64, forget: bool| {
            let setup = Setup {
                seed,
                character: db.characters[seed as usize % db.characters.len()]
                    .id
                    .clone(),
                side: 0,
                difficulty: Difficulty::Normal,
                easy_toggle: false,
            };
            let (mut g, _) = Game::new(setup, db.clone()).expect("dealt");
            let mut bot = SmartBot::with_settings(brain.clone(), seed, 4, Policy::default());
            bot.cache.forget_values = forget;
            let mut out = Vec::new();
            while !g.is_over() && out.len() < 3000 {
                let a = bot.choose(&g, &legal_actions(&g));
                apply(&mut g, a).expect("the bot's move is legal");
                out.push(a);
            }
            out
        };
        for seed in 1..=6 {
            let played = moves(seed, false);
            assert!(played.len() > 20, "game {seed} was played");
            assert_eq!(played, moves(seed, true), "game {seed}");
        }
    }

    /// A future drawn again from the memo is the one drawn fresh, and a seed drawn again for a
    /// new decision, or another game, draws afresh.
    #[test]
    fn a_kept_future_is_the_future_its_seed_draws() {
        let db = Arc::new(CardDb::builtin().expect("the built-in box loads"));
        let setup = |seed| Setup {
            seed,
            character: db.characters[0].id.clone(),
            side: 0,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        let (mut g, _) = Game::new(setup(3), db.clone()).expect("dealt");
        let (other, _) = Game::new(setup(4), db.clone()).expect("dealt");
        let mut bot = SmartBot::with_brain(Arc::new(Brain::new(db.clone())), 5);
        let seeds = bot.seeds(4);
        for s in &seeds {
            let first = bot.sample(&g, *s);
            assert_eq!(first.state(), sample(&g, *s).state());
            assert_eq!(bot.sample(&g, *s).state(), first.state());
            assert_eq!(bot.sample(&other, *s).state(), sample(&other, *s).state());
        }
        assert_eq!(bot.sampled.len(), 8);
        // The same seeds drawn for a new decision, after a move: the position is new.
        bot.rng = Pcg32::new(5, 0x5eed);
        assert_eq!(bot.seeds(4), seeds);
        assert!(bot.sampled.is_empty());
        let legal = legal_actions(&g);
        apply(&mut g, first_move(&legal)).expect("a legal move");
        for s in &seeds {
            assert_eq!(bot.sample(&g, *s).state(), sample(&g, *s).state());
        }
    }
}
