//! The game as the outside world sees it: set up, apply an action, undo, save and load. The
//! rules themselves live in `engine/rules/`, one file per rulebook section; `apply` and
//! `preview` hand each action to its section.

use super::action::Action;
use super::error::{LoadError, RuleError, SetupError};
use super::event::Event;
use super::legal;
use super::pending::Pending;
use super::preview::{Chance, Preview};
use super::rules;
use super::runner::Ctx;
use super::state::{Setup, State};
use crate::content::CardDb;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Save format version; loading migrates anything older. Version 2: a free upgrade asks which
/// printed path to take ([`Action::ChooseUpgrade`]); a version 1 log, made when it took the
/// first path by itself, has no such move, and loading puts it back ([`Game::load`]).
/// Version 3: a response window opens only when it matters (mandatory responses whose order
/// changes nothing resolve by themselves; no roll-moving response on a MISS); an older log
/// answers the windows of its time, so its game keeps them ([`State::legacy_windows`]).
pub const SAVE_VERSION: u32 = 3;

/// A game in progress: the position, the cards, the way back (undo) and the action log.
#[derive(Debug)]
pub struct Game {
    state: State,
    db: Arc<CardDb>,
    /// Positions before each decision since the last roll or reveal.
    undo: Vec<State>,
    log: Vec<Action>,
    /// Scripted dice given at setup (kept so a save replays them).
    script: Vec<u8>,
    keep_undo: bool,
    /// Hints the player was shown: kept in the save so the game's record can say it
    /// was played with help.
    hints: u32,
    /// The position (moves made) of the last hint, so asking again there counts once.
    hinted_at: Option<usize>,
}

/// A save: the setup and the action log. Loading replays it through the rules, so a save can
/// never hold an illegal position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveGame {
    /// The format version ([`SAVE_VERSION`] when written).
    pub version: u32,
    /// The card database's fingerprint: a save made with other cards is replayed with care.
    pub fingerprint: u64,
    /// The setup the moves are replayed from.
    pub setup: Setup,
    /// Scripted dice given at setup (tests, scenarios).
    #[serde(default)]
    pub script: Vec<u8>,
    /// Every move, in order, undos included.
    pub actions: Vec<Action>,
    /// Hints shown in this game (see [`Game::note_hint`]); absent in older saves and games
    /// played without help.
    #[serde(default, skip_serializing_if = "no_hints")]
    pub hints: u32,
}

/// By hand rather than derived: a [`State`] is copied only by the engine (`State::copy`).
impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            state: self.state.copy(),
            db: self.db.clone(),
            undo: self.undo.iter().map(State::copy).collect(),
            log: self.log.clone(),
            script: self.script.clone(),
            keep_undo: self.keep_undo,
            hints: self.hints,
            hinted_at: self.hinted_at,
        }
    }
}

fn no_hints(n: &u32) -> bool {
    *n == 0
}

/// Events that are die rolls or card reveals: undo never goes past one.
fn is_checkpoint(e: &Event) -> bool {
    e.is_random()
}

impl Game {
    /// Sets up a new game (p. 8, p. 18).
    pub fn new(setup: Setup, db: Arc<CardDb>) -> Result<(Game, Vec<Event>), SetupError> {
        Game::with_script(setup, db, Vec::new())
    }

    /// A new game whose die rolls come from `script` first (tests, scenarios).
    pub fn with_script(
        setup: Setup,
        db: Arc<CardDb>,
        script: Vec<u8>,
    ) -> Result<(Game, Vec<Event>), SetupError> {
        let mut state = rules::setup::new_state(&setup, &db, &script)?;
        let events = rules::setup::begin(&mut state, &db);
        let game = Game {
            state,
            db,
            undo: Vec::new(),
            log: Vec::new(),
            script,
            keep_undo: true,
            hints: 0,
            hinted_at: None,
        };
        Ok((game, events))
    }

    /// A game from a position the engine built (a scenario, a sampled future: see
    /// [`Game::resampled`]); undo starts empty. Engine-only: every other way in is validated.
    pub(super) fn from_state(state: State, db: Arc<CardDb>) -> Game {
        Game {
            state,
            db,
            undo: Vec::new(),
            log: Vec::new(),
            script: Vec::new(),
            keep_undo: true,
            hints: 0,
            hinted_at: None,
        }
    }

    /// The position as it stands (read-only: it changes only through [`apply`]).
    pub fn state(&self) -> &State {
        &self.state
    }
    /// The cards this game is played with.
    pub fn db(&self) -> &CardDb {
        &self.db
    }
    /// The cards, shared (to set up another game with the same box).
    pub fn db_arc(&self) -> Arc<CardDb> {
        self.db.clone()
    }
    /// What the game waits for.
    pub fn pending(&self) -> &Pending {
        &self.state.pending
    }
    /// Every move applied so far (what a save stores).
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// The scripted dice given at setup (the guided first game is told apart by them).
    pub fn script(&self) -> &[u8] {
        &self.script
    }
    /// Whether [`Action::Undo`] would take something back (never past a roll or reveal).
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether the game has ended, won or lost.
    pub fn is_over(&self) -> bool {
        matches!(self.state.pending, Pending::Over(_))
    }

    /// Bots and the simulator do not need undo snapshots; turning them off makes games faster.
    pub fn set_undo(&mut self, on: bool) {
        self.keep_undo = on;
        if !on {
            self.undo.clear();
        }
    }

    /// The save: setup and moves only, so loading replays it through the rules.
    pub fn save(&self) -> SaveGame {
        SaveGame {
            version: if self.state.legacy_windows {
                2
            } else {
                SAVE_VERSION
            },
            fingerprint: self.db.fingerprint,
            setup: (*self.state.setup).clone(),
            script: self.script.clone(),
            actions: self.log.clone(),
            hints: self.hints,
        }
    }

    /// Counts a hint shown in the current position (once per position while the game is open).
    pub fn note_hint(&mut self) {
        let at = self.log.len();
        if self.hinted_at != Some(at) {
            self.hinted_at = Some(at);
            self.hints = self.hints.saturating_add(1);
        }
    }

    /// Gives a game rebuilt move by move the hint count of its save.
    pub fn set_hints(&mut self, hints: u32) {
        self.hints = hints;
    }

    /// Hints shown in this game.
    pub fn hints(&self) -> u32 {
        self.hints
    }

    /// The start of a save's game, ready for its moves to be replayed one by one (a resumed game,
    /// a replay, a review): its setup and scripted dice, and the response windows of the save's
    /// version ([`State::legacy_windows`]), so its moves answer the windows they were made in.
    pub fn replaying(save: &SaveGame, db: Arc<CardDb>) -> Result<(Game, Vec<Event>), SetupError> {
        let (mut g, events) = Game::with_script(save.setup.clone(), db, save.script.clone())?;
        g.state.legacy_windows = save.version < 3;
        Ok((g, events))
    }

    /// Loads a save by replaying it: every move goes through the rules again. A save made with
    /// other cards (an older release) still loads if every move is legal with these cards, so
    /// a new release never throws away a game in progress that it can still play.
    pub fn load(save: &SaveGame, db: Arc<CardDb>) -> Result<Game, LoadError> {
        if save.version > SAVE_VERSION {
            return Err(LoadError::TooNew {
                version: save.version,
            });
        }
        let same_cards = save.fingerprint == db.fingerprint;
        let (mut g, _) = Game::replaying(save, db).map_err(LoadError::Setup)?;
        for (at, a) in save.actions.iter().enumerate() {
            let old_free_upgrade = save.version < 2
                && matches!(g.pending(), Pending::ChooseUpgrade { replace: false, .. })
                && !matches!(a, Action::ChooseUpgrade(_));
            if old_free_upgrade {
                // Version 1 took the sheet's first path without asking.
                let _ = apply(&mut g, Action::ChooseUpgrade(0));
            }
            if let Err(error) = apply(&mut g, *a) {
                return Err(if same_cards {
                    LoadError::IllegalAction { at, error }
                } else {
                    LoadError::OtherContent
                });
            }
        }
        g.set_hints(save.hints);
        Ok(g)
    }
}

/// Checks an action without changing anything.
pub fn check(g: &Game, a: &Action) -> Result<(), RuleError> {
    if *a == Action::Undo {
        return if g.undo.is_empty() {
            Err(RuleError::NothingToUndo)
        } else {
            Ok(())
        };
    }
    legal::validate(&g.state, &g.db, a)
}

/// Every action the current step offers, legal or not, with Undo last.
pub fn candidate_actions(g: &Game) -> Vec<Action> {
    let mut v = legal::candidates(&g.state, &g.db);
    if !g.is_over() {
        v.push(Action::Undo);
    }
    v
}

/// Exactly the actions [`check`] accepts.
pub fn legal_actions(g: &Game) -> Vec<Action> {
    candidate_actions(g)
        .into_iter()
        .filter(|a| check(g, a).is_ok())
        .collect()
}

/// The legal moves of the game itself: [`legal_actions`] without Undo, which takes a move back
/// rather than making one (what a bot, a hint or a test chooses among).
pub fn legal_moves(g: &Game) -> Vec<Action> {
    legal::candidates(&g.state, &g.db)
        .into_iter()
        .filter(|a| check(g, a).is_ok())
        .collect()
}

/// Applies one action. On `Err` the game is unchanged.
pub fn apply(g: &mut Game, a: Action) -> Result<Vec<Event>, RuleError> {
    check(g, &a)?;
    if a == Action::Undo {
        if let Some(prev) = g.undo.pop() {
            g.state = prev;
        }
        g.log.push(a);
        return Ok(vec![Event::Undone]);
    }
    let before = if g.keep_undo {
        Some(g.state.copy())
    } else {
        None
    };
    // Room for a move's usual events at once (the bot applies moves to sampled futures by
    // the million; growing from empty reallocated the list two or three times a move).
    let mut events = Vec::with_capacity(8);
    let db = g.db.clone();
    {
        let pending = g.state.pending.clone();
        let mut cx = Ctx::new(&mut g.state, &db, &mut events);
        exec(&mut cx, &pending, a);
    }
    g.log.push(a);
    if events.iter().any(is_checkpoint) {
        g.undo.clear();
    } else if let Some(b) = before {
        g.undo.push(b);
    }
    Ok(events)
}

/// The certain part of what `a` would do, without doing it (for the screen's previews): the
/// same executor as [`apply`] runs on a copy of the position, which is read at the first die
/// roll or card reveal ([`Preview::chance`]) or at the end. Windows where only the player's own
/// optional responses wait are passed on the way (p. 12; [`Preview::passed`]): the preview is
/// the outcome if no response is used. Refused exactly as `apply` refuses.
pub fn preview(g: &Game, a: &Action) -> Result<Preview, RuleError> {
    check(g, a)?;
    if *a == Action::Undo {
        let back = g.undo.last().unwrap_or(&g.state);
        return Ok(Preview::of(back, vec![Event::Undone], false));
    }
    let mut s = g.state.copy();
    let mut events = Vec::new();
    let mut passed = 0u8;
    let (cut, paid_up) = {
        let pending = s.pending.clone();
        let mut cx = Ctx::new(&mut s, &g.db, &mut events);
        cx.watch = true;
        exec(&mut cx, &pending, *a);
        while cx.cut.is_none() && passed < MAX_PASSED && own_window(&cx.s.pending) {
            passed += 1;
            let pending = cx.s.pending.clone();
            exec(&mut cx, &pending, Action::Pass);
        }
        (cx.cut.take(), std::mem::take(&mut cx.paid_up))
    };
    Ok(match cut {
        Some(at) => {
            let certain = events.iter().take_while(|e| !e.is_random()).count();
            let chance_at = events.get(certain).and_then(Chance::of);
            events.truncate(certain);
            Preview {
                chance_at,
                ..Preview::with(&at, events, true, passed, paid_up)
            }
        }
        None => Preview::with(&s, events, false, passed, paid_up),
    })
}

/// Windows a preview passes at most (a guard: a battle round opens a handful).
const MAX_PASSED: u8 = 64;

/// Whether a window holds only optional responses (the player's own, p. 12), so passing it is
/// legal and the preview may assume it.
pub(crate) fn own_window(p: &Pending) -> bool {
    matches!(p, Pending::Respond { options, .. } if options.iter().all(|o| !o.mandatory))
}

/// Carries out a validated action: the rulebook section that owns it does ([`rules`]).
fn exec(cx: &mut Ctx, pending: &Pending, a: Action) {
    match a {
        Action::General(_)
        | Action::Craft(_)
        | Action::Downgrade
        | Action::Ability(_)
        | Action::SkillAction { .. }
        | Action::MonsterAction(_) => rules::actions::exec(cx, pending, a),
        Action::Scout
        | Action::Explore
        | Action::Confront
        | Action::Resolve(_)
        | Action::Rest(_) => rules::travel::exec(cx, pending, a),
        Action::Trick | Action::Fight => rules::trickery::exec(cx, a),
        Action::Attack(_) | Action::Skip => rules::battle::exec(cx, a),
        Action::Respond(_) | Action::Pass => rules::responses::exec(cx, a),
        Action::KeepSkill(_) | Action::Eat(_) => rules::after_battle::exec(cx, pending, a),
        Action::KeepRoll(_) | Action::DiscardCondition(_) | Action::ChooseUpgrade(_) => {
            rules::effects::exec(cx, pending, a)
        }
        Action::Undo => {}
    }
}
