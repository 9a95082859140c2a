//! The one reducer of the app (after Yew's function_todomvc): it holds the game, the last error,
//! the log, the deal link waiting for an answer and the notices, and is the only place that
//! calls the engine's `apply`. No storage, randomness, timers or browser calls in here: seeds
//! and dates come with the message, saving happens in an effect hook (`hooks::autosave`). It
//! compiles on every target, so `cargo test` checks its rules natively; the Yew glue
//! (`impl Reducible`) lives in `app.rs`.

use crate::content::CardDb;
use crate::engine::event::RollFor;
use crate::engine::{self, words, Action, Event, Game, SaveGame, Setup};
use std::rc::Rc;
use std::sync::Arc;

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
        words::action(self.db(), self.s(), a)
    }
}

/// The moments that get a banner across the table (issue 11, item 4): a line that stops the
/// eye, then fades. `rev` tells two equal banners apart, so each one plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    pub kind: BannerKind,
    pub text: String,
    pub rev: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BannerKind {
    Ambush,
    Defeated,
    Level,
    Victory,
    Defeat,
}

impl BannerKind {
    /// The CSS class of the banner.
    pub fn class(self) -> &'static str {
        match self {
            BannerKind::Ambush => "ambush",
            BannerKind::Defeated => "defeated",
            BannerKind::Level => "level",
            BannerKind::Victory => "victory",
            BannerKind::Defeat => "defeat",
        }
    }
}

/// A counter on the table whose change is shown for a moment ("+2", "−1").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    Res(engine::res::Res),
    Time,
    Armor,
    Health,
}

/// The banner the events of one move call for: the last one that applies wins (a battle won
/// and a level begun in one move show the level).
fn banner_of(game: &Game, events: &[Event], rev: u64) -> Option<Banner> {
    let db = game.db();
    let monster = |m: u16| {
        db.monster(m)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| "The monster".into())
    };
    let mut out = None;
    for e in events {
        let b = match e {
            Event::Ambushed { monster: m } => Some((
                BannerKind::Ambush,
                format!("Ambush! {} strikes first", monster(*m)),
            )),
            Event::MonsterDefeated { monster: m } => {
                Some((BannerKind::Defeated, format!("{} is defeated", monster(*m))))
            }
            Event::LevelStarted { level, .. } if *level > 1 => Some((
                BannerKind::Level,
                format!(
                    "Level {}",
                    ["I", "II", "III", "IV"]
                        .get(*level as usize - 1)
                        .unwrap_or(&"")
                ),
            )),
            Event::GameWon { score, .. } => {
                Some((BannerKind::Victory, format!("Victory: {score} points")))
            }
            Event::GameLost { .. } => Some((BannerKind::Defeat, "Defeat".to_string())),
            _ => None,
        };
        if let Some((kind, text)) = b {
            out = Some(Banner { kind, text, rev });
        }
    }
    out
}

/// What changed on the counters between two positions of one game.
fn deltas_of(before: &engine::State, after: &engine::State) -> Vec<(Counter, i16)> {
    let mut out: Vec<(Counter, i16)> = engine::res::Res::ALL
        .into_iter()
        .filter(|r| *r != engine::res::Res::Time)
        .map(|r| {
            (
                Counter::Res(r),
                after.stock.get(r) as i16 - before.stock.get(r) as i16,
            )
        })
        .collect();
    out.push((Counter::Time, after.time as i16 - before.time as i16));
    if let (Some(b), Some(a)) = (&before.monster, &after.monster) {
        if a.card == b.card {
            out.push((Counter::Armor, a.armor as i16 - b.armor as i16));
            out.push((Counter::Health, a.health as i16 - b.health as i16));
        }
    }
    out.retain(|(_, d)| *d != 0);
    out
}

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
    /// The player was shown a hint in this position (kept in the save, issue 14).
    Hinted,
}

/// A deal link, read from the page's address.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkAsk {
    /// A deal to start (asked first when a saved game exists).
    Deal(Setup),
    /// The link was malformed: the message to show.
    Error(String),
}

/// Reads a page query (`?v=1&seed=…` or `?daily=…`) as a deal link; `None` when the query is
/// empty or says nothing about a deal.
pub fn read_link(query: &str, db: &CardDb) -> Option<LinkAsk> {
    if query.trim_start_matches('?').is_empty() {
        return None;
    }
    match crate::share::link::parse(query, db) {
        Ok(None) => None,
        Ok(Some(crate::share::link::LinkRequest::Deal(s))) => Some(LinkAsk::Deal(s)),
        Ok(Some(crate::share::link::LinkRequest::Daily(date))) => {
            Some(match crate::share::daily::daily_setup(&date, db) {
                Some(s) => LinkAsk::Deal(s),
                None => LinkAsk::Error(format!(
                    "This link's daily challenge date “{date}” is not valid."
                )),
            })
        }
        Err(e) => Some(LinkAsk::Error(format!(
            "This link could not be opened: {e}. You can start a normal new game below."
        ))),
    }
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
            last_error: None,
            log: Rc::new(Vec::new()),
            dice: Rc::new(Vec::new()),
            monster_roll: None,
            announce: String::new(),
            banner: None,
            deltas: Rc::new(Vec::new()),
            rev: 0,
            replay: None,
            ask_link: None,
            link_error: None,
            notice: None,
            warning: None,
            other_tab: false,
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
            banner: None,
            deltas: Rc::new(Vec::new()),
            rev: self.rev + 1,
            replay: self.replay.clone(),
            ask_link: self.ask_link.clone(),
            link_error: self.link_error.clone(),
            notice: self.notice.clone(),
            warning: self.warning.clone(),
            other_tab: self.other_tab,
        }
    }

    /// Takes in the events of one decision: log, dice, announcement, highlighted table row.
    fn record(&mut self, game: &Game, head: String, events: &[Event]) {
        let lines: Vec<String> = events
            .iter()
            .filter_map(|e| words::event(game.db(), game.state(), e))
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
        // Copies the list only when another model still shares it (once per move in play);
        // a replay builds its fresh list in place, so resuming a long save stays linear.
        let log = Rc::make_mut(&mut self.log);
        log.push(Rc::new(LogGroup {
            n: log.len(),
            head,
            lines,
        }));
    }

    fn show(&mut self, game: Game) {
        self.view = Some(View::new(Rc::new(game), self.rev));
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
                        m.banner = banner_of(&g, &events, m.rev);
                        if let Some(b) = &m.banner {
                            m.announce = format!("{}. {}", b.text, m.announce);
                        }
                        m.deltas = Rc::new(deltas_of(v.s(), g.state()));
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
                if let Some(v) = self.view.as_ref().filter(|v| !v.read_only) {
                    if !v.game.is_over() {
                        m.saved = Some(v.game.clone());
                    }
                }
                m.view = None;
                m.replay = None;
            }
            Msg::Hinted => {
                let v = self.view.as_ref().filter(|v| !v.read_only)?;
                let mut g = (*v.game).clone();
                g.note_hint();
                m.show(g);
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
                    None,
                ) {
                    m.last_error = Some(e.to_string());
                }
            }
            Msg::ReplayTo(step) => {
                let info = self.replay.as_ref()?;
                let step = step.min(info.total());
                let shown = (step == info.step + 1)
                    .then_some(self.view.as_ref())
                    .flatten();
                let info = ReplayInfo {
                    save: info.save.clone(),
                    step,
                };
                if let Err(e) = show_replay(&mut m, info, shown.map(|v| &*v.game)) {
                    m.last_error = Some(e.to_string());
                }
            }
            Msg::Link(LinkAsk::Deal(setup)) => {
                if self.saved.is_some() {
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
            Msg::SavingWorks => {
                self.warning.as_ref()?;
                m.warning = None;
                // After the move's own words, which the live region may not have read yet.
                m.announce = format!("{} Your game is being saved again.", self.announce);
            }
        }
        Some(m)
    }

    /// Starts a new game from `setup` (the seed is in it); a linked deal waiting for an answer
    /// is settled by it.
    fn start(&mut self, setup: Setup) {
        match Game::new(setup, self.db.clone()) {
            Ok((g, events)) => {
                self.replay = None;
                self.ask_link = None;
                self.log = Rc::new(Vec::new());
                self.dice = Rc::new(Vec::new());
                self.monster_roll = None;
                let head = setup_line(&g);
                self.record(&g, head, &events);
                self.saved = None;
                self.show(g);
            }
            Err(e) => self.last_error = Some(format!("The game cannot start: {e}")),
        }
    }
}

#[cfg(test)]
#[path = "reducer_tests.rs"]
mod tests;

#[path = "reducer_replay.rs"]
mod replay;
use replay::{replay, setup_line, show_replay};
