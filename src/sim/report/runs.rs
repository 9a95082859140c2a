//! Playing batches of games with a bot, on several threads, and recording each game as the
//! report needs it.

use super::choices::Tally;
use crate::content::CardDb;
use crate::engine::{apply, legal_actions, Difficulty, Game, Outcome, Pending, Setup, Step};
use crate::sim::{make_bot_for, BotKind, BotSpec, Brain};
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

/// Plays one game to its end with a bot and records it.
pub fn play_recorded(
    db: &Arc<CardDb>,
    brain: Option<&Arc<Brain>>,
    spec: &BotSpec,
    setup: Setup,
    bot_seed: u64,
) -> Option<Record> {
    let character = setup.character.clone();
    let difficulty = setup.difficulty;
    let (mut g, _) = Game::new(setup, db.clone()).ok()?;
    g.set_undo(false);
    let mut tally = Tally::new(g.state());
    let mut bot = make_bot_for(spec, bot_seed, brain);
    let mut effort_at = vec![g.state().stock.effort_total()];
    let mut weapon_at: Vec<u16> = Vec::new();
    let mut level = 1;
    let mut last_step = Step::Preparation;
    let mut battle_start: Option<(u16, i32)> = None;
    let mut battle_costs: Vec<(u16, i32)> = Vec::new();
    let mut ambushed_levels: Vec<u8> = Vec::new();
    let mut scouted_levels: Vec<u8> = Vec::new();
    for _ in 0..5_000 {
        if g.is_over() {
            break;
        }
        let s = g.state();
        if s.ambushed && !ambushed_levels.contains(&s.level) {
            ambushed_levels.push(s.level);
        }
        let in_travel = matches!(s.step, Step::Preparation | Step::Exploration);
        if in_travel && s.monster.is_some() && !scouted_levels.contains(&s.level) {
            scouted_levels.push(s.level);
        }
        if s.level != level {
            level = s.level;
            effort_at.push(s.stock.effort_total());
        }
        if matches!(s.step, Step::Battle | Step::Trickery) && weapon_at.len() < level as usize {
            weapon_at.push(crate::engine::derived::weapon_id(s));
        }
        let effort = s.stock.effort_total() as i32;
        match (s.step, battle_start) {
            (Step::Battle, None) => {
                battle_start = s.monster.as_ref().map(|m| (m.card, effort));
            }
            (Step::Rewards | Step::Hunger | Step::Advance, Some((m, e0))) => {
                battle_costs.push((m, e0 - effort));
                battle_start = None;
            }
            (Step::Preparation, Some(_)) => battle_start = None,
            _ => {}
        }
        last_step = s.step;
        let legal = legal_actions(&g);
        if legal.is_empty() {
            break;
        }
        let a = bot.choose(&g, &legal);
        match apply(&mut g, a) {
            Ok(events) => tally.observe(&events),
            Err(_) => break,
        }
    }
    let s = g.state();
    let mut monsters: Vec<(u16, u8, Fate)> = Vec::new();
    let mut faced: Vec<u16> = s.monsters_faced.clone();
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
        Pending::Over(Outcome::Victory { score, rank }) => (true, *score, rank.clone(), None, None),
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
    Some(Record {
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
    })
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
        let threads = threads.clamp(1, 64);
        let mut out: Vec<(u64, Record)> = Vec::new();
        std::thread::scope(|sc| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    sc.spawn(move || {
                        let mut mine = Vec::new();
                        for i in which.iter().skip(k).step_by(threads) {
                            let setup =
                                batch_setup(*i, self.seed, self.difficulty, self.characters);
                            let bot_seed = self.seed ^ *i;
                            let rec =
                                play_recorded(self.db, self.brain, self.spec, setup, bot_seed);
                            if let Some(r) = rec {
                                mine.push((*i, r));
                            }
                        }
                        mine
                    })
                })
                .collect();
            for h in handles {
                if let Ok(v) = h.join() {
                    out.extend(v);
                }
            }
        });
        out.sort_by_key(|(i, _)| *i);
        out
    }
}
