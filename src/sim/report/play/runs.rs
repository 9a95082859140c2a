//! Playing batches of games with a bot, on several threads, and recording each game as the
//! report needs it.

use crate::content::CardDb;
use crate::engine::{
    apply, legal_actions, Action, Difficulty, Game, Outcome, Pending, Setup, Step,
};
use crate::sim::report::play::choices::Tally;
use crate::sim::{make_bot_for, Bot, BotKind, BotSpec, Brain};
use std::sync::Arc;

/// How one level's monster was dealt with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    Defeated,
    Tricked,
    /// The player died in this battle.
    KilledPlayer,
    /// The player died at this level, but not in its battle (starvation, an encounter …).
    Other,
}

/// One finished game, as the report needs it.
#[derive(Clone, Debug)]
pub struct Record {
    pub character: String,
    pub difficulty: Difficulty,
    pub won: bool,
    pub score: u32,
    pub rank: String,
    /// Level reached (the level of the defeat, or 4).
    pub level: u8,
    /// Why the game was lost: "battle", "ambush", "starvation", "travel", "unfinished".
    pub cause: Option<String>,
    /// The engine's words for the defeat ("Kobold: could not pay 2 Small Effort").
    pub cause_text: Option<String>,
    /// Each level's monster and what became of it.
    pub monsters: Vec<(u16, u8, Fate)>,
    /// Effort (all categories) at the start of each level reached.
    pub effort_at: Vec<u16>,
    /// Weapon in hand at the start of each level's battle (or trick).
    pub weapon_at: Vec<u16>,
    pub ambushes: u8,
    /// Levels whose monster ambushed the player (Time ran out, p. 24).
    pub ambushed_levels: Vec<u8>,
    /// Levels whose monster the player learned during the Travel Phase (by Scouting, p. 21, or
    /// a card that reveals it): what a scouting hook pays off on.
    pub scouted_levels: Vec<u8>,
    pub skills: u8,
    /// Effort (every category, counted once each) spent or lost in each battle won: (monster,
    /// effort at the battle's start minus effort when it ended).
    pub battle_costs: Vec<(u16, i32)>,
    /// The choices made, from the game's events.
    pub tally: Tally,
}

/// Moves a recorded game may take before it is called unfinished.
pub(in crate::sim::report) const MAX_MOVES: usize = 5_000;

/// Plays one game to its end with a bot and records it.
pub fn play_recorded(
    db: &Arc<CardDb>,
    brain: Option<&Arc<Brain>>,
    spec: &BotSpec,
    setup: Setup,
    bot_seed: u64,
) -> Option<Record> {
    let (mut g, mut rec) = Recorder::start(db, setup)?;
    let mut bot = make_bot_for(spec, bot_seed, brain);
    rec.play(&mut g, bot.as_mut(), 0);
    Some(rec.finish(db, &g))
}

/// What a game's record gathers while it is played, kept apart from the loop that plays it so
/// that a game can be copied mid-way and both copies played on (`branch`).
#[derive(Clone)]
pub(in crate::sim::report) struct Recorder {
    character: String,
    difficulty: Difficulty,
    tally: Tally,
    effort_at: Vec<u16>,
    weapon_at: Vec<u16>,
    level: u8,
    last_step: Step,
    battle_start: Option<(u16, i32)>,
    battle_costs: Vec<(u16, i32)>,
    ambushed_levels: Vec<u8>,
    scouted_levels: Vec<u8>,
}

impl Recorder {
    /// The game `setup` deals (undo off), and its record, empty.
    pub(in crate::sim::report) fn start(
        db: &Arc<CardDb>,
        setup: Setup,
    ) -> Option<(Game, Recorder)> {
        let character = setup.character.clone();
        let difficulty = setup.difficulty;
        let (mut g, _) = Game::new(setup, db.clone()).ok()?;
        g.set_undo(false);
        let rec = Recorder {
            character,
            difficulty,
            tally: Tally::new(g.state()),
            effort_at: vec![g.state().stock.effort_total()],
            weapon_at: Vec::new(),
            level: 1,
            last_step: Step::Preparation,
            battle_start: None,
            battle_costs: Vec::new(),
            ambushed_levels: Vec::new(),
            scouted_levels: Vec::new(),
        };
        Some((g, rec))
    }

    /// Plays on with `bot` from move `from` until the game ends (or [`MAX_MOVES`]).
    pub(in crate::sim::report) fn play(&mut self, g: &mut Game, bot: &mut dyn Bot, from: usize) {
        for _ in from..MAX_MOVES {
            let Some(legal) = self.before(g) else {
                break;
            };
            let a = bot.choose(g, &legal);
            if !self.apply(g, a) {
                break;
            }
        }
    }

    /// Notes the position before a move; its legal actions, or None when the game is over or
    /// stuck.
    pub(in crate::sim::report) fn before(&mut self, g: &Game) -> Option<Vec<Action>> {
        if g.is_over() {
            return None;
        }
        let s = g.state();
        if s.ambushed && !self.ambushed_levels.contains(&s.level) {
            self.ambushed_levels.push(s.level);
        }
        let in_travel = matches!(s.step, Step::Preparation | Step::Exploration);
        if in_travel && s.monster.is_some() && !self.scouted_levels.contains(&s.level) {
            self.scouted_levels.push(s.level);
        }
        if s.level != self.level {
            self.level = s.level;
            self.effort_at.push(s.stock.effort_total());
        }
        if matches!(s.step, Step::Battle | Step::Trickery)
            && self.weapon_at.len() < self.level as usize
        {
            self.weapon_at.push(crate::engine::derived::weapon_id(s));
        }
        let effort = s.stock.effort_total() as i32;
        match (s.step, self.battle_start) {
            (Step::Battle, None) => {
                self.battle_start = s.monster.as_ref().map(|m| (m.card, effort));
            }
            (Step::Rewards | Step::Hunger | Step::Advance, Some((m, e0))) => {
                self.battle_costs.push((m, e0 - effort));
                self.battle_start = None;
            }
            (Step::Preparation, Some(_)) => self.battle_start = None,
            _ => {}
        }
        self.last_step = s.step;
        let legal = legal_actions(g);
        (!legal.is_empty()).then_some(legal)
    }

    /// Applies the move and notes its events; false if the rules refused it.
    pub(in crate::sim::report) fn apply(&mut self, g: &mut Game, a: Action) -> bool {
        match apply(g, a) {
            Ok(events) => {
                self.tally.observe(&events);
                true
            }
            Err(_) => false,
        }
    }

    /// The finished game's record.
    pub(in crate::sim::report) fn finish(self, db: &CardDb, g: &Game) -> Record {
        let Recorder {
            character,
            difficulty,
            tally,
            effort_at,
            weapon_at,
            last_step,
            battle_costs,
            ambushed_levels,
            scouted_levels,
            ..
        } = self;
        let s = g.state();
        let mut monsters: Vec<(u16, u8, Fate)> = Vec::new();
        let mut faced: Vec<u16> = s.monsters_faced.to_vec();
        if let Some(m) = &s.monster {
            faced.push(m.card);
        }
        for card in faced {
            let lvl = db.monster(card).map(|m| m.level).unwrap_or(0);
            let fate = if s.stats.defeated.iter().any(|d| d.monster == card) {
                Fate::Defeated
            } else if s.stats.tricked_levels.contains(&lvl) {
                Fate::Tricked
            } else if matches!(last_step, Step::Battle | Step::Ambush) && lvl == s.level {
                Fate::KilledPlayer
            } else {
                Fate::Other
            };
            monsters.push((card, lvl, fate));
        }
        let (won, score, rank, cause, cause_text) = match g.pending() {
            Pending::Over(Outcome::Victory { score, rank }) => {
                (true, *score, rank.clone(), None, None)
            }
            Pending::Over(Outcome::Defeat { cause, .. }) => {
                let c = match last_step {
                    Step::Battle => "battle",
                    Step::Ambush => "ambush",
                    Step::Hunger => "starvation",
                    _ => "travel",
                };
                (
                    false,
                    0,
                    String::new(),
                    Some(c.to_string()),
                    Some(cause.clone()),
                )
            }
            _ => (
                false,
                0,
                String::new(),
                Some("unfinished".to_string()),
                Some("unfinished".to_string()),
            ),
        };
        Record {
            character,
            difficulty,
            won,
            score,
            rank,
            level: s.level,
            cause,
            cause_text,
            monsters,
            effort_at,
            weapon_at,
            ambushes: s.stats.ambushes,
            ambushed_levels,
            scouted_levels,
            skills: s.skills.len() as u8,
            battle_costs,
            tally,
        }
    }
}

/// The setup of game `i` of a batch: characters and art sides rotate, seeds spread.
pub fn batch_setup(i: u64, seed: u64, difficulty: Difficulty, characters: &[String]) -> Setup {
    let n = characters.len().max(1) as u64;
    let character = characters
        .get((i % n) as usize)
        .cloned()
        .unwrap_or_else(|| "sneak".into());
    Setup {
        seed: seed.wrapping_add(i.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        character,
        side: ((i / n) % 2) as u8,
        difficulty,
        easy_toggle: false,
    }
}

/// Plays a batch with the bot as it plays by default (see [`run_batch_with`]).
pub fn run_batch(
    db: &Arc<CardDb>,
    kind: BotKind,
    difficulty: Difficulty,
    characters: &[String],
    games: u64,
    seed: u64,
    threads: usize,
) -> (Vec<Record>, f64) {
    let spec = BotSpec::new(kind);
    run_batch_with(db, &spec, difficulty, characters, games, seed, threads)
}

/// Plays a batch on `threads` threads. Results do not depend on the number of threads.
pub fn run_batch_with(
    db: &Arc<CardDb>,
    spec: &BotSpec,
    difficulty: Difficulty,
    characters: &[String],
    games: u64,
    seed: u64,
    threads: usize,
) -> (Vec<Record>, f64) {
    let brain = (spec.kind == BotKind::Smart).then(|| Arc::new(Brain::new(db.clone())));
    let start = std::time::Instant::now();
    let all: Vec<u64> = (0..games).collect();
    let batch = Batch {
        db,
        brain: brain.as_ref(),
        spec,
        difficulty,
        characters,
        seed,
    };
    let out = batch.play(&all, threads);
    let secs = start.elapsed().as_secs_f64();
    (out.into_iter().map(|(_, r)| r).collect(), secs)
}

/// Plays several batches as one pool of games, on `threads` threads: a thread never waits at
/// the end of one batch while another has games left, and the costliest bots' games go first
/// so that the last games to finish are short ones. Each batch is `(spec, difficulty, games)`,
/// played exactly as [`run_batch_with`] plays it (its own model, the same seeds), so its records
/// do not depend on the others or on the number of threads. Each batch's seconds are its
/// games' time summed over the threads, divided by their number.
pub fn run_batches(
    db: &Arc<CardDb>,
    batches: &[(&BotSpec, Difficulty, u64)],
    characters: &[String],
    seed: u64,
    threads: usize,
) -> Vec<(Vec<Record>, f64)> {
    let brains: Vec<Option<Arc<Brain>>> = batches
        .iter()
        .map(|(spec, ..)| (spec.kind == BotKind::Smart).then(|| Arc::new(Brain::new(db.clone()))))
        .collect();
    let each: Vec<Batch> = batches
        .iter()
        .zip(&brains)
        .map(|((spec, difficulty, _), brain)| Batch {
            db,
            brain: brain.as_ref(),
            spec,
            difficulty: *difficulty,
            characters,
            seed,
        })
        .collect();
    // (batch, game), costliest bots first, in batch and game order otherwise.
    let mut jobs: Vec<(usize, u64)> = batches
        .iter()
        .enumerate()
        .flat_map(|(b, (_, _, games))| (0..*games).map(move |i| (b, i)))
        .collect();
    jobs.sort_by_key(|(b, _)| std::cmp::Reverse(game_cost(batches[*b].0)));
    let done = on_threads(jobs.len(), threads, |j| {
        let (b, i) = jobs[j];
        let start = std::time::Instant::now();
        let r = each[b].game(i);
        (r, start.elapsed().as_secs_f64())
    });
    let mut out: Vec<(Vec<(u64, Record)>, f64)> = vec![(Vec::new(), 0.0); batches.len()];
    for ((b, i), (r, secs)) in jobs.into_iter().zip(done) {
        out[b].1 += secs;
        if let Some(r) = r {
            out[b].0.push((i, r));
        }
    }
    let used = threads.clamp(1, 64) as f64;
    out.into_iter()
        .map(|(mut recs, secs)| {
            recs.sort_by_key(|(i, _)| *i);
            (recs.into_iter().map(|(_, r)| r).collect(), secs / used)
        })
        .collect()
}

/// A rough relative cost of one game with `spec` (to play the costliest first): the smart bot's
/// time grows with the futures it samples; the random bot's is next to nothing.
pub(in crate::sim::report) fn game_cost(spec: &BotSpec) -> usize {
    match spec.kind {
        BotKind::Smart => 1 + spec.samples,
        _ => 0,
    }
}

/// A batch's games, any of which can be played alone: game `i` is always the same deal, dice
/// streams and bot seed.
pub struct Batch<'a> {
    pub db: &'a Arc<CardDb>,
    /// The smart bot's model, shared by its games (built once).
    pub brain: Option<&'a Arc<Brain>>,
    pub spec: &'a BotSpec,
    pub difficulty: Difficulty,
    pub characters: &'a [String],
    pub seed: u64,
}

impl Batch<'_> {
    /// Plays the games numbered `which` on `threads` threads: (number, record), in order.
    pub fn play(&self, which: &[u64], threads: usize) -> Vec<(u64, Record)> {
        let mut out: Vec<(u64, Record)> = on_threads(which.len(), threads, |j| {
            let i = which[j];
            self.game(i).map(|r| (i, r))
        })
        .into_iter()
        .flatten()
        .collect();
        out.sort_by_key(|(i, _)| *i);
        out
    }

    /// Game `i` of the batch, played whole (None when it cannot be dealt).
    pub fn game(&self, i: u64) -> Option<Record> {
        let setup = batch_setup(i, self.seed, self.difficulty, self.characters);
        play_recorded(self.db, self.brain, self.spec, setup, self.seed ^ i)
    }
}

/// `job(0)` … `job(n - 1)` on `threads` threads, each taking the next job when it is free (games
/// differ in length, so a fixed share each leaves a thread idle), in job order.
pub(in crate::sim::report) fn on_threads<T: Send>(
    n: usize,
    threads: usize,
    job: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = threads.clamp(1, 64).min(n.max(1));
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = Vec::with_capacity(n);
    std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                sc.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let j = next.fetch_add(1, Ordering::Relaxed);
                        if j >= n {
                            break;
                        }
                        mine.push((j, job(j)));
                    }
                    mine
                })
            })
            .collect();
        for h in handles {
            if let Ok(v) = h.join() {
                done.extend(v);
            }
        }
    });
    done.sort_by_key(|(j, _)| *j);
    done.into_iter().map(|(_, t)| t).collect()
}

/// With `UNBROKEN_PHASES` set, tells on stderr how long the report has taken so far (to see
/// where its time goes without a profiler).
pub(in crate::sim::report) fn note_phase(what: &str, start: std::time::Instant) {
    if std::env::var_os("UNBROKEN_PHASES").is_some() {
        let (turnovers, entries) = crate::sim::smart::solve::shared_tables::stats();
        eprintln!(
            "{what} done after {:.1} s (solved tables: {entries} entries, {turnovers} turnovers)",
            start.elapsed().as_secs_f64()
        );
    }
}
