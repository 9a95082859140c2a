//! The Hint control: the smart bot's move for the decision in front of the player, with its
//! reason from the bot's own valuations; `h` asks too (`hooks::undo_key`). The button sits in
//! the prompt's heading row and the answer right under it, so asking costs the decision no room.
//!
//! Asking is a message to the reducer (`Msg::AskHint`); the bot module answers through the app's
//! client (`ui::bot`) and its answer comes back as a message, so this only draws the reducer's
//! [`HintAsk`]: thinking, the move and why, or why there is none (the game plays on). An answer
//! is for its position only: the next move drops it. A hint shown is noted in the save.

use crate::ui::reducer::{hint_key, hint_offered, HintAsk, View};
use std::rc::Rc;
use yew::prelude::*;

/// What the prompt needs of the hint: the one asked, and how to ask.
#[derive(Clone, Default, PartialEq)]
pub struct Hint {
    pub asked: Option<Rc<HintAsk>>,
    pub on_ask: Callback<()>,
}

impl Hint {
    /// The hint asked for the position `v` shows, if any.
    fn here(&self, v: &View) -> Option<&HintAsk> {
        self.asked.as_deref().filter(|h| h.key == hint_key(&v.game))
    }

    /// The bot's move, once its answer for the position `v` shows is in.
    pub fn action(&self, v: &View) -> Option<crate::engine::Action> {
        Some(self.here(v)?.answer.as_ref()?.as_ref().ok()?.action)
    }
}

/// The Hint button.
pub fn hint_button(v: &View, h: &Hint) -> Html {
    if !hint_offered(v) {
        return Html::default();
    }
    let busy = h.here(v).is_some_and(|a| a.answer.is_none());
    let onclick = h.on_ask.reform(|_: MouseEvent| ());
    html! {
        <button type="button" class="small quiet" id="hint" aria-keyshortcuts="h"
            aria-controls="hint-box" aria-busy={busy.then_some("true")} {onclick}>{ "Hint" }</button>
    }
}

/// Where the answer goes (empty, and not shown, until asked). Not a live region: the table's
/// live region says "Asking the bot…" and the answer once each.
pub fn hint_box(v: &View, h: &Hint) -> Html {
    if !hint_offered(v) {
        return Html::default();
    }
    let text = match h.here(v).map(|a| &a.answer) {
        None => Html::default(),
        Some(None) => html! {
            <p class="hint-text muted busy">{ "Thinking…" }</p>
        },
        Some(Some(Ok(a))) => {
            // What decides first, in full contrast; the threats ahead after it, quieter, so
            // the reason reads at a glance (one paragraph: a screen reader reads it as one).
            let (why, ahead) = match a.reason.split_once(". ") {
                Some((w, rest)) => (format!("{w}. "), rest.to_string()),
                None => (a.reason.clone(), String::new()),
            };
            html! {
                <p class="hint-text">
                    <strong>{ format!("The bot would: {}. ", a.label) }</strong>{ why }
                    if !ahead.is_empty() { <span class="hint-ahead">{ ahead }</span> }
                </p>
            }
        }
        Some(Some(Err(e))) => html! {
            <p class="hint-text muted">
                { format!("No hint: {e}; the game plays on without it.") }
            </p>
        },
    };
    html! { <div class="hint" id="hint-box">{ text }</div> }
}
