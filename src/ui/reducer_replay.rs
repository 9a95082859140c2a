//! The reducer's replays (a child module of `reducer`, kept apart for its length): a saved
//! game's moves replayed from its setup with the log written as it was, for a resumed game and
//! for the replay viewer, which steps one move at a time from the position on screen (linear
//! in the moves: a step never replays from move 0).

use super::{Model, ReplayInfo, View};
use crate::content::CardDb;
use crate::engine::{self, words, Game, SaveGame};
use std::rc::Rc;
use std::sync::Arc;

/// Replays the first `upto` moves of a save from its setup, collecting the log as it was first
/// written. `None` when the save does not replay with these cards.
fn replay_moves(save: &SaveGame, db: Arc<CardDb>, upto: usize, m: &mut Model) -> Option<Game> {
    let (mut g, events) = Game::replaying(save, db).ok()?;
    m.log = Rc::new(Vec::new());
    m.dice = Rc::new(Vec::new());
    m.monster_roll = None;
    m.record(&g, setup_line(&g), &events);
    for a in save.actions.iter().take(upto) {
        let head = words::action(g.db(), g.state(), a);
        let events = engine::apply(&mut g, *a).ok()?;
        m.record(&g, head, &events);
    }
    Some(g)
}

/// Replays a saved game's whole log (it was already validated by `Game::load`).
pub(super) fn replay(saved: &Game, m: &mut Model) -> Option<Game> {
    let save = saved.save();
    let mut g = replay_moves(&save, saved.db_arc(), save.actions.len(), m)?;
    g.set_hints(save.hints);
    Some(g)
}

/// Shows the replay `info` at its step, read-only: one move on from `shown` (the position on
/// screen, a step before) when given, so stepping through is linear; else from the start.
pub(super) fn show_replay(
    m: &mut Model,
    info: ReplayInfo,
    shown: Option<&Game>,
) -> Result<(), String> {
    let next = shown.and_then(|g| {
        let (mut g, a) = (
            g.clone(),
            *info.save.actions.get(info.step.checked_sub(1)?)?,
        );
        let head = words::action(g.db(), g.state(), &a);
        let events = engine::apply(&mut g, a).ok()?;
        m.record(&g, head, &events);
        Some(g)
    });
    let g = next
        .or_else(|| replay_moves(&info.save, m.db.clone(), info.step, m))
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

pub(super) fn setup_line(g: &Game) -> String {
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
