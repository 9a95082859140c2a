//! Autosave after every change (never inside the reducer; never a replay), then the probe for
//! the tests and the focus (to the new decision after every move). A storage failure becomes the
//! reducer's warning; saving is tried again after every move, and the warning goes when it works.
//! The lesson (Learn to play) is kept in a slot of its own.

use super::{focus, probe};
use crate::storage::game as save;
use crate::ui::reducer::{Model, Msg};
use yew::prelude::*;

#[hook]
pub fn use_autosave(model: &UseReducerHandle<Model>) {
    let game = model
        .view
        .as_ref()
        .filter(|v| !v.read_only)
        .map(|v| v.game.clone());
    let game_shown = model.view.as_ref().map(|v| v.game.clone());
    let log = model.log.clone();
    let rev = model.view.as_ref().map(|v| v.rev);
    let warned = model.warning.is_some();
    let stopped = model.other_tab;
    let dispatcher = model.dispatcher();
    // How many moves the game shown had at the last change: a new revision that is not a move
    // (a hint's answer, a warning) saves but leaves focus and scroll alone.
    let moves_seen = use_mut_ref(|| None::<usize>);
    use_effect_with(rev, move |_| {
        // After each move in a game (not a replay's step) focus goes to the new decision, so
        // the control just used does not keep it (and its tooltip) once it is spent.
        let moves = game.as_ref().map(|g| g.log().len());
        let moved = moves.is_some() && moves != moves_seen.replace(moves);
        probe::set(game_shown, log);
        // Tried after every move, also after a failure: when it works again the warning goes.
        // Once another tab owns the slot, this tab never writes it again.
        // The lesson keeps its own slot: it never touches the saved game.
        if let Some(g) = game.as_ref().filter(|g| crate::learn::is_lesson(g)) {
            let _ = save::write_lesson(g);
        } else if let Some(g) = game.filter(|_| !stopped) {
            match save::write(&g) {
                Err(e) if e == save::OTHER_TAB => dispatcher.dispatch(Msg::OtherTab(e)),
                Err(e) if !warned => dispatcher.dispatch(Msg::Warning(e)),
                Ok(()) if warned => dispatcher.dispatch(Msg::SavingWorks),
                _ => {}
            }
        }
        focus::refocus(moved);
    });
}
