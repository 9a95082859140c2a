//! The one reducer of the app (after Yew's function_todomvc): it holds the game, the last error,
//! the log, the deal link waiting for an answer and the notices, and is the only place that
//! calls the engine's `apply`. No storage, randomness, timers or browser calls in here: seeds
//! and dates come with the message, saving happens in an effect hook (`hooks::autosave`). It
//! compiles on every target, so `cargo test` checks its rules natively; the Yew glue
//! (`impl Reducible`) lives in `app.rs`.

use crate::content::CardDb;
use crate::engine::event::RollFor;
use crate::engine::{self, words, Action, Event, Game, SaveGame, Setup};
use crate::sim::bridge::Answer;
use std::rc::Rc;
use std::sync::Arc;

pub use super::link::LinkAsk;
use super::moments::{banner_of, deltas_of, lines_of};
pub use super::moments::{Banner, BannerKind, Counter, LineMark};

/// The log lines and the position the components read (reducer_view.rs).
#[path = "reducer_view.rs"]
mod view;
pub use view::{LogGroup, View};

/// What the player (or the app) asks of the reducer.
#[derive(Clone, Debug)]
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
    /// The page was opened with a deal link: start it, or ask first when a saved game exists.
    Link(LinkAsk),
    /// Play the linked deal the player was asked about (replaces the saved game).
    AcceptLink,
    /// Keep the saved game; forget the linked deal.
    KeepGame,
    /// Hide the deal link's error.
    DismissLinkError,
    /// A message for the player about their saved game (kept until dismissed).
    Notice(String),
    DismissNotice,
    /// Storage does not work (shown until a save works again).
    Warning(String),
    /// A save worked after a failure: the warning goes, and the player is told.
    SavingWorks,
    /// Another tab saved its game in the slot: this tab stops saving this game (the message).
    OtherTab(String),
    /// Learn to play: go on with the lesson left half-way, or start it.
    Learn,
    /// Start the lesson again from its first step.
    LearnAgain,
    /// The cards' flavour lines arrived (`ui::widgets::words_file`): the table draws them.
    Words,
    /// Ask the bot for a hint in the position on the table (the Hint control, the `h` key).
    AskHint,
    /// The bot's answer for the position `key`.
    HintAnswered {
        key: HintKey,
        answer: Answer,
    },
    /// Review the replayed game with the bot.
    AskReview,
    /// The review's chunk asked from move `from`, answered.
    ReviewAnswered {
        from: usize,
        answer: Answer,
    },
    /// Show the replay before the reviewed move with this index, and say so.
    OpenReviewed(usize),
    /// Say the last move again.
    Repeat,
    /// Read the history one entry back (`-1`) or forward (`1`), without leaving the decision.
    History(i8),
    /// Say something the app knows (a confirm's question, a settings change).
    Say(String),
    /// The player's settings changed (or were read at start).
    Settings(super::keymap::Settings),
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
    /// The lesson (guided first game) left half-way, kept apart from the saved game.
    pub lesson: Option<Rc<Game>>,
    pub last_error: Option<String>,
    pub log: Rc<Vec<Rc<LogGroup>>>,
    /// Dice rolled by the last action that rolled any, and why.
    pub dice: Rc<Vec<(RollFor, u8)>>,
    /// The monster's last final combat roll in this battle (the row to highlight).
    pub monster_roll: Option<u8>,
    /// What the live region announces: the events of the last action.
    pub announce: String,
    /// Counts announcements: the live region redraws its text when it changes, so the same
    /// words said twice (Focus twice, a key pressed again) are heard twice.
    pub said: u64,
    /// What was said after the last move (the repeat key says it again).
    pub last_move: String,
    /// The entry of the history being read (`Msg::History`), until the next move.
    pub history_at: Option<usize>,
    /// The player's settings (keys, motion, verbosity), kept in local storage.
    pub settings: Rc<super::keymap::Settings>,
    /// The banner of the last move, if it called for one.
    pub banner: Option<Banner>,
    /// The counters the last move changed, and by how much.
    pub deltas: Rc<Vec<(Counter, i16)>>,
    pub rev: u64,
    /// A recorded game being watched (then `view` is its position, read-only).
    pub replay: Option<Rc<ReplayInfo>>,
    /// A linked deal waiting for the player's answer (a saved game exists).
    pub ask_link: Option<Setup>,
    /// Why the page's deal link could not be opened.
    pub link_error: Option<String>,
    /// A message about the saved game (unreadable save kept aside).
    pub notice: Option<String>,
    /// Storage does not work: saving is no longer tried.
    pub warning: Option<String>,
    /// Another tab owns the save slot: this game is no longer saved (until a new game starts).
    pub other_tab: bool,
    /// A hint asked for the position on the table, and its answer once there.
    pub hint: Option<Rc<HintAsk>>,
    /// The review of the replayed game, as far as it has come.
    pub review: Option<Rc<Review>>,
}

/// Each message makes a model with a new revision: equal revisions, the same model (what Yew
/// compares to skip a render).
impl PartialEq for Model {
    fn eq(&self, o: &Self) -> bool {
        self.rev == o.rev
    }
}

impl Model {
    pub fn new(db: Arc<CardDb>, saved: Option<Rc<Game>>) -> Model {
        Model {
            db,
            view: None,
            saved,
            lesson: None,
            last_error: None,
            log: Rc::new(Vec::new()),
            dice: Rc::new(Vec::new()),
            monster_roll: None,
            announce: String::new(),
            said: 0,
            last_move: String::new(),
            history_at: None,
            settings: Rc::default(),
            banner: None,
            deltas: Rc::new(Vec::new()),
            rev: 0,
            replay: None,
            ask_link: None,
            link_error: None,
            notice: None,
            warning: None,
            other_tab: false,
            hint: None,
            review: None,
        }
    }

    fn next(&self) -> Model {
        Model {
            db: self.db.clone(),
            view: self.view.clone(),
            saved: self.saved.clone(),
            lesson: self.lesson.clone(),
            last_error: None,
            log: self.log.clone(),
            dice: self.dice.clone(),
            monster_roll: self.monster_roll,
            announce: self.announce.clone(),
            said: self.said,
            last_move: self.last_move.clone(),
            history_at: self.history_at,
            settings: self.settings.clone(),
            banner: None,
            deltas: Rc::new(Vec::new()),
            rev: self.rev + 1,
            replay: self.replay.clone(),
            ask_link: self.ask_link.clone(),
            link_error: self.link_error.clone(),
            notice: self.notice.clone(),
            warning: self.warning.clone(),
            other_tab: self.other_tab,
            hint: self.hint.clone(),
            review: self.review.clone(),
        }
    }

    /// Takes in the events of one decision: log, dice, announcement, highlighted table row.
    fn record(&mut self, game: &Game, head: String, events: &[Event]) {
        let (lines, marks, said) = lines_of(game, events);
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
        // Every event once, in the engine's order (a headline such as a defeat or a new level
        // is its own event's line, so it never comes before its cause nor twice); with the
        // "outcomes" setting only the events that change the game's figures or its course.
        let everything = self.settings.verbosity == super::keymap::Verbosity::Everything;
        let spoken: Vec<&str> = said
            .iter()
            .zip(&lines)
            .filter(|(e, _)| everything || outcome(e))
            .map(|(_, l)| l.as_str())
            .collect();
        self.announce = if spoken.is_empty() {
            head.clone()
        } else {
            spoken.join(" ")
        };
        self.said += 1;
        self.history_at = None;
        // Copies the list only when another model still shares it (once per move in play);
        // a replay builds its fresh list in place, so resuming a long save stays linear.
        let log = Rc::make_mut(&mut self.log);
        log.push(Rc::new(LogGroup {
            n: log.len(),
            head,
            lines,
            marks,
        }));
    }

    /// Puts `game` on the table; a hint given for another position goes.
    fn show(&mut self, game: Game) {
        self.view = Some(View::new(Rc::new(game), self.rev));
        self.hint = None;
    }
}

impl Model {
    /// The model after `msg`; `None` when the message changes nothing (Yew then skips the
    /// render).
    pub fn reduce(&self, msg: Msg) -> Option<Model> {
        let mut m = self.next();
        match msg {
            Msg::Act(a) => {
                let v = self.view.as_ref().filter(|v| !v.read_only)?;
                let mut g = (*v.game).clone();
                let head = v.label(&a);
                match engine::apply(&mut g, a) {
                    Ok(events) => {
                        m.record(&g, head, &events);
                        // The banner's words are its event's line, already said in its place.
                        m.banner = banner_of(&g, &events, m.rev);
                        m.deltas = Rc::new(deltas_of(v.s(), g.state()));
                        m.last_move = m.announce.clone();
                        m.show(g);
                    }
                    Err(e) => {
                        m.last_error = Some(format!("{head}: {e}"));
                        m.announce = format!("Not possible: {e}.");
                    }
                }
            }
            Msg::Start(setup) => {
                m.notice = None;
                // A new deal started here replaces the slot, as the player asked.
                if m.other_tab {
                    m.other_tab = false;
                    m.warning = None;
                }
                m.start(setup);
            }
            Msg::Resume => {
                let saved = self.saved.clone()?;
                m.notice = None;
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
                m.keep_aside(self);
                m.view = None;
                m.replay = None;
                m.review = None;
            }
            Msg::Learn => match self.lesson.clone() {
                Some(g) => {
                    m.replay = None;
                    m.lesson = None;
                    match replay(&g, &mut m) {
                        Some(g) => {
                            m.announce = "The lesson is back where you left it.".into();
                            m.show(g);
                        }
                        None => m.start_lesson(),
                    }
                }
                None => {
                    m.keep_aside(self);
                    m.start_lesson();
                }
            },
            Msg::Words => {
                let v = self.view.as_ref()?;
                m.view = Some(View {
                    rev: m.rev,
                    ..v.clone()
                });
                // Not a move: the last move's banner and counters stay on the table.
                m.banner = self.banner.clone();
                m.deltas = self.deltas.clone();
            }
            Msg::LearnAgain => {
                m.keep_aside(self);
                m.start_lesson();
            }
            Msg::AskHint => m.ask_hint(self)?,
            Msg::HintAnswered { key, answer } => m.hint_answered(self, key, answer)?,
            Msg::AskReview => m.ask_review(self)?,
            Msg::ReviewAnswered { from, answer } => m.review_answered(self, from, answer)?,
            Msg::OpenReviewed(at) => {
                m.replay_to(self, at)?;
                m.open_reviewed(self, at)?;
            }
            Msg::Dismiss => {}
            Msg::Replay(save) => {
                // A game in progress stays saved, to continue from the new-game screen.
                m.keep_aside(self);
                m.review = None;
                if let Err(e) = show_replay(
                    &mut m,
                    ReplayInfo {
                        save: *save,
                        step: 0,
                    },
                    None,
                ) {
                    m.last_error = Some(e.to_string());
                }
            }
            Msg::ReplayTo(step) => {
                m.replay_to(self, step)?;
                // A step of its own: no longer the position of a reviewed move.
                if let Some(r) = m.review.as_mut().filter(|r| r.opened.is_some()) {
                    Rc::make_mut(r).opened = None;
                }
            }
            Msg::Link(LinkAsk::Deal(setup)) => {
                if self.saved.is_some() {
                    // The question is said as it opens (the dialog takes focus too).
                    m.announce = format!(
                        "A shared deal. {}",
                        super::link::link_question(&self.db.characters, &setup, true)
                    );
                    m.said += 1;
                    m.ask_link = Some(setup);
                } else {
                    m.start(setup);
                }
            }
            Msg::Link(LinkAsk::Error(e)) => m.link_error = Some(e),
            Msg::AcceptLink => {
                let setup = self.ask_link.clone()?;
                m.ask_link = None;
                m.start(setup);
            }
            Msg::KeepGame => m.ask_link = None,
            Msg::DismissLinkError => m.link_error = None,
            Msg::Notice(n) => m.notice = Some(n),
            Msg::DismissNotice => m.notice = None,
            Msg::Warning(w) => m.warning = Some(w),
            Msg::OtherTab(w) => {
                m.warning = Some(w);
                m.other_tab = true;
            }
            Msg::Repeat => {
                m.announce = if self.last_move.is_empty() {
                    "No move has been made yet.".into()
                } else {
                    self.last_move.clone()
                };
                m.said += 1;
            }
            Msg::History(step) => {
                let total = self.log.len();
                if total == 0 {
                    return None;
                }
                // From the newest entry back; forward stops at the newest.
                let at = match (self.history_at, step < 0) {
                    (None, _) => total - 1,
                    (Some(i), true) => i.saturating_sub(1),
                    (Some(i), false) => (i + 1).min(total - 1),
                };
                let g = &self.log[at];
                let lines = if g.lines.is_empty() {
                    String::new()
                } else {
                    format!(" {}", g.lines.join(" "))
                };
                m.announce = format!("Entry {} of {total}: {}.{lines}", at + 1, g.head);
                m.history_at = Some(at);
                m.said += 1;
            }
            Msg::Say(words) => {
                m.announce = words;
                m.said += 1;
            }
            Msg::Settings(s) => m.settings = Rc::new(s),
            Msg::SavingWorks => {
                self.warning.as_ref()?;
                m.warning = None;
                // After the move's own words, which the live region may not have read yet.
                m.announce = format!("{} Your game is being saved again.", self.announce);
            }
        }
        Some(m)
    }

    /// Shows the replay after `step` moves (clamped), one move on from the position on screen
    /// when it is the next.
    fn replay_to(&mut self, before: &Model, step: usize) -> Option<()> {
        let info = before.replay.as_ref()?;
        let step = step.min(info.total());
        let shown = (step == info.step + 1)
            .then_some(before.view.as_ref())
            .flatten();
        let info = ReplayInfo {
            save: info.save.clone(),
            step,
        };
        if let Err(e) = show_replay(self, info, shown.map(|v| &*v.game)) {
            self.last_error = Some(e.to_string());
        }
        Some(())
    }

    /// The game on the table, when it is put away unfinished (left, or a replay opened over
    /// it): offered again from the title screen, a lesson apart from the saved game.
    fn keep_aside(&mut self, before: &Model) {
        if let Some(v) = before.view.as_ref().filter(|v| !v.read_only) {
            if !v.game.is_over() {
                if crate::learn::is_lesson(&v.game) {
                    self.lesson = Some(v.game.clone());
                } else {
                    self.saved = Some(v.game.clone());
                }
            }
        }
    }

    /// Starts the lesson (Learn to play) from its first step.
    fn start_lesson(&mut self) {
        self.lesson = None;
        let started = crate::learn::start(self.db.clone());
        self.begin(started);
        self.announce = format!("Learn to play. {}", self.announce);
    }

    /// Starts a new game from `setup` (the seed is in it); a linked deal waiting for an answer
    /// is settled by it.
    fn start(&mut self, setup: Setup) {
        let started = Game::new(setup, self.db.clone());
        if started.is_ok() {
            self.saved = None;
        }
        self.begin(started);
    }

    /// Puts a game just set up on the table, with its setup's log line.
    fn begin(&mut self, started: Result<(Game, Vec<Event>), engine::SetupError>) {
        match started {
            Ok((g, events)) => {
                self.replay = None;
                self.review = None;
                self.ask_link = None;
                self.log = Rc::new(Vec::new());
                self.dice = Rc::new(Vec::new());
                self.monster_roll = None;
                let head = setup_line(&g);
                self.record(&g, head, &events);
                self.show(g);
            }
            Err(e) => self.last_error = Some(format!("The game cannot start: {e}")),
        }
    }
}

/// Whether an event is an outcome (what "outcomes only" says): not the steps on the way
/// (dice as rolled, the order of passives, a new round, a reshuffle, an action named).
fn outcome(e: &Event) -> bool {
    !matches!(
        e,
        Event::DieRolled { .. }
            | Event::ActionTaken { .. }
            | Event::PassivesOrdered { .. }
            | Event::RoundStarted { .. }
            | Event::Reshuffled { .. }
            | Event::AbilityUsesLeft { .. }
            | Event::CombatRolled { .. }
            | Event::EncountersRevealed { .. }
            | Event::SkillsRevealed { .. }
    )
}

#[cfg(test)]
#[path = "reducer_tests.rs"]
mod tests;

#[path = "reducer_replay.rs"]
mod replay;
use replay::{replay, setup_line, show_replay};

#[path = "reducer_coach.rs"]
mod coach;
pub use coach::{hint_key, hint_offered, HintAsk, HintKey, Review, REVIEW_CHUNK};
