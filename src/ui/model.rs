//! The one reducer of the app (after Yew's function_todomvc): it holds the game, the last error
//! and the log, and is the only place that calls the engine's `apply`. No storage, randomness or
//! timers in here: seeds come with the message, saving happens in an effect hook.

use crate::content::CardDb;
use crate::engine::event::RollFor;
use crate::engine::{self, text, Action, Event, Game, SaveGame, Setup};
use std::rc::Rc;
use std::sync::Arc;
use yew::Reducible;

/// The log lines of one decision: what the player did, then what happened.
#[derive(Debug, PartialEq)]
pub struct LogGroup {
    /// Numbered from 1 (0 is the setup).
    pub n: usize,
    pub head: String,
    pub lines: Vec<String>,
}

/// A game position as the components see it: the game plus the actions the current step offers.
/// Compared by revision, so a component re-renders only when the game changed.
#[derive(Clone)]
pub struct View {
    pub game: Rc<Game>,
    pub rev: u64,
    candidates: Rc<Vec<Action>>,
    /// A replay: the board is shown, nothing can be done on it.
    pub read_only: bool,
}

impl PartialEq for View {
    fn eq(&self, other: &Self) -> bool {
        self.rev == other.rev && Rc::ptr_eq(&self.game, &other.game)
    }
}

impl View {
    pub fn new(game: Rc<Game>, rev: u64) -> View {
        let candidates = Rc::new(engine::candidate_actions(&game));
        View {
            game,
            rev,
            candidates,
            read_only: false,
        }
    }

    pub fn db(&self) -> &CardDb {
        self.game.db()
    }

    pub fn s(&self) -> &engine::State {
        self.game.state()
    }

    /// Whether `a` can be taken now: `Ok` exactly when the step offers it and the rules accept
    /// it; otherwise the rule's reason, in the engine's words.
    pub fn status(&self, a: &Action) -> Result<(), String> {
        if self.read_only {
            return Err("this is a replay: use its controls to step through the game".into());
        }
        match engine::check(&self.game, a) {
            Ok(()) if self.candidates.contains(a) => Ok(()),
            Ok(()) => Err("not offered at this step".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    pub fn candidates(&self) -> &[Action] {
        &self.candidates
    }

    /// The engine's label for an action in this position.
    pub fn label(&self, a: &Action) -> String {
        text::action(self.db(), self.s(), a)
    }
}

/// What the player (or the app) asks of the reducer.
pub enum Msg {
    /// Take one action through the rules.
    Act(Action),
    /// Start a new game (the seed is already in the setup).
    Start(Setup),
    /// Go on with the saved game offered on the new-game screen.
    Resume,
    /// Back to the new-game screen (the game stays saved and can be resumed).
    Leave,
    /// Hide the last error.
    Dismiss,
    /// Watch a recorded game from its start (a game in progress stays saved).
    Replay(Box<SaveGame>),
    /// Show the replay after this many moves (clamped).
    ReplayTo(usize),
    /// Leave the replay for the new-game screen.
    CloseReplay,
}

/// The replay being watched.
#[derive(Debug, PartialEq)]
pub struct ReplayInfo {
    pub save: SaveGame,
    /// Moves shown so far (0: the start).
    pub step: usize,
}

impl ReplayInfo {
    pub fn total(&self) -> usize {
        self.save.actions.len()
    }
}

pub struct Model {
    pub db: Arc<CardDb>,
    /// The game on screen (None: the new-game screen).
    pub view: Option<View>,
    /// A saved game the new-game screen offers to continue.
    pub saved: Option<Rc<Game>>,
    pub last_error: Option<String>,
    pub log: Rc<Vec<Rc<LogGroup>>>,
    /// Dice rolled by the last action that rolled any, and why.
    pub dice: Rc<Vec<(RollFor, u8)>>,
    /// The monster's last final combat roll in this battle (the row to highlight).
    pub monster_roll: Option<u8>,
    /// What the live region announces: the events of the last action.
    pub announce: String,
    pub rev: u64,
    /// A recorded game being watched (then `view` is its position, read-only).
    pub replay: Option<Rc<ReplayInfo>>,
}

impl Model {
    pub fn new(db: Arc<CardDb>, saved: Option<Rc<Game>>) -> Model {
        Model {
            db,
            view: None,
            saved,
            last_error: None,
            log: Rc::new(Vec::new()),
            dice: Rc::new(Vec::new()),
            monster_roll: None,
            announce: String::new(),
            rev: 0,
            replay: None,
        }
    }

    fn next(&self) -> Model {
        Model {
            db: self.db.clone(),
            view: self.view.clone(),
            saved: self.saved.clone(),
            last_error: None,
            log: self.log.clone(),
            dice: self.dice.clone(),
            monster_roll: self.monster_roll,
            announce: self.announce.clone(),
            rev: self.rev + 1,
            replay: self.replay.clone(),
        }
    }

    /// Takes in the events of one decision: log, dice, announcement, highlighted table row.
    fn record(&mut self, game: &Game, head: String, events: &[Event]) {
        let lines: Vec<String> = events
            .iter()
            .filter_map(|e| text::event(game.db(), game.state(), e))
            .collect();
        let dice: Vec<(RollFor, u8)> = events
            .iter()
            .filter_map(|e| match e {
                Event::DieRolled { purpose, value } => Some((*purpose, *value)),
                _ => None,
            })
            .collect();
        if !dice.is_empty() {
            self.dice = Rc::new(dice);
        }
        for e in events {
            match e {
                Event::MonsterActs { result, .. } => self.monster_roll = Some(*result),
                Event::BattleStarted { .. } | Event::LevelStarted { .. } => {
                    self.monster_roll = None
                }
                _ => {}
            }
        }
        self.announce = if lines.is_empty() {
            head.clone()
        } else {
            lines.join(" ")
        };
        let mut log = (*self.log).clone();
        log.push(Rc::new(LogGroup {
            n: log.len(),
            head,
            lines,
        }));
        self.log = Rc::new(log);
    }

    fn show(&mut self, game: Game) {
        self.view = Some(View::new(Rc::new(game), self.rev));
    }
}

/// Replays the first `upto` moves of a save from its setup, collecting the log as it was first
/// written. `None` when the save does not replay with these cards.
fn replay_moves(save: &SaveGame, db: Arc<CardDb>, upto: usize, m: &mut Model) -> Option<Game> {
    let (mut g, events) = Game::with_script(save.setup.clone(), db, save.script.clone()).ok()?;
    m.log = Rc::new(Vec::new());
    m.dice = Rc::new(Vec::new());
    m.monster_roll = None;
    m.record(&g, setup_line(&g), &events);
    for a in save.actions.iter().take(upto) {
        let head = text::action(g.db(), g.state(), a);
        let events = engine::apply(&mut g, *a).ok()?;
        m.record(&g, head, &events);
    }
    Some(g)
}

/// Replays a saved game's whole log (it was already validated by `Game::load`).
fn replay(saved: &Game, m: &mut Model) -> Option<Game> {
    let save = saved.save();
    replay_moves(&save, saved.db_arc(), save.actions.len(), m)
}

/// Shows the replay `info` at its step, read-only.
fn show_replay(m: &mut Model, info: ReplayInfo) -> Result<(), String> {
    let g = replay_moves(&info.save, m.db.clone(), info.step, m)
        .ok_or("This replay cannot be shown: its moves do not replay with these cards.")?;
    let mut v = View::new(Rc::new(g), m.rev);
    v.read_only = true;
    m.announce = match m.log.last() {
        Some(l) if info.step > 0 => format!("Move {} of {}: {}.", info.step, info.total(), l.head),
        _ => format!("The start of the game; {} moves to watch.", info.total()),
    };
    m.view = Some(v);
    m.replay = Some(Rc::new(info));
    Ok(())
}

fn setup_line(g: &Game) -> String {
    let s = &g.state().setup;
    let who = g
        .db()
        .character(g.state().character)
        .map(|c| c.name.as_str())
        .unwrap_or("");
    format!(
        "New game: {who}, {}{}, seed {}",
        s.difficulty.name(),
        if s.easy_toggle {
            " with 15 Small Effort"
        } else {
            ""
        },
        s.seed
    )
}

impl Reducible for Model {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let mut m = self.next();
        match msg {
            Msg::Act(a) => {
                let Some(v) = self.view.as_ref().filter(|v| !v.read_only) else {
                    return self;
                };
                let mut g = (*v.game).clone();
                let head = v.label(&a);
                match engine::apply(&mut g, a) {
                    Ok(events) => {
                        m.record(&g, head, &events);
                        m.show(g);
                    }
                    Err(e) => {
                        m.last_error = Some(format!("{head}: {e}"));
                        m.announce = format!("Not possible: {e}.");
                    }
                }
            }
            Msg::Start(setup) => match Game::new(setup, self.db.clone()) {
                Ok((g, events)) => {
                    m.replay = None;
                    m.log = Rc::new(Vec::new());
                    m.dice = Rc::new(Vec::new());
                    m.monster_roll = None;
                    let head = setup_line(&g);
                    m.record(&g, head, &events);
                    m.saved = None;
                    m.show(g);
                }
                Err(e) => m.last_error = Some(format!("The game cannot start: {e}")),
            },
            Msg::Resume => {
                let Some(saved) = self.saved.clone() else {
                    return self;
                };
                m.replay = None;
                match replay(&saved, &mut m) {
                    Some(g) => {
                        m.saved = None;
                        m.announce = "The saved game is back where you left it.".into();
                        m.show(g);
                    }
                    None => m.last_error = Some("The saved game could not be replayed.".into()),
                }
            }
            Msg::Leave | Msg::CloseReplay => {
                if let Some(v) = self.view.as_ref().filter(|v| !v.read_only) {
                    if !v.game.is_over() {
                        m.saved = Some(v.game.clone());
                    }
                }
                m.view = None;
                m.replay = None;
            }
            Msg::Dismiss => {}
            Msg::Replay(save) => {
                // A game in progress stays saved, to continue from the new-game screen.
                if let Some(v) = self.view.as_ref().filter(|v| !v.read_only) {
                    if !v.game.is_over() {
                        m.saved = Some(v.game.clone());
                    }
                }
                if let Err(e) = show_replay(
                    &mut m,
                    ReplayInfo {
                        save: *save,
                        step: 0,
                    },
                ) {
                    m.last_error = Some(e.to_string());
                }
            }
            Msg::ReplayTo(step) => {
                let Some(info) = &self.replay else {
                    return self;
                };
                let info = ReplayInfo {
                    save: info.save.clone(),
                    step: step.min(info.total()),
                };
                if let Err(e) = show_replay(&mut m, info) {
                    m.last_error = Some(e.to_string());
                }
            }
        }
        Rc::new(m)
    }
}
