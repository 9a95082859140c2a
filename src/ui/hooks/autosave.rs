//! Autosave after every change (never inside the reducer; never a replay), then the probe for
//! the tests and the focus. A storage failure becomes the reducer's warning, and saving stops.

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
    let dispatcher = model.dispatcher();
    let last_kind = use_mut_ref(|| None::<&'static str>);
    use_effect_with(rev, move |_| {
        // What kind of decision the game waits for: a change moves the focus to it.
        let kind = game.as_ref().map(|g| g.pending().kind());
        let changed = {
            let mut last = last_kind.borrow_mut();
            let changed = last.is_some() && kind.is_some() && *last != kind;
            *last = kind;
            changed
        };
        probe::set(game_shown, log);
        if let Some(g) = game {
            if !warned {
                if let Err(e) = save::write(&g) {
                    dispatcher.dispatch(Msg::Warning(e));
                }
            }
        }
        focus::refocus(changed);
    });
}
