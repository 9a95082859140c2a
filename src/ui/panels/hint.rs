//! The Hint control (issue 14, item 2): the smart bot's move for the decision in front of the
//! player, with one line of reason from its own valuations; `h` asks too. The button sits in the
//! prompt's heading row and the answer right under it, so asking costs the decision no room.
//!
//! The bot is not in the app: it is a module of its own (`unbroken-bot`, src/bot_main.rs) that
//! static/hint.js (loaded by boot.js on the first press) runs in a worker, so the first download
//! never carries it and the table never freezes while it thinks. hint.js also does the asking
//! (it reads the position with `window.unbroken.save()`, see hooks/probe.rs) and writes the
//! answer into the box, which is keyed by the number of moves made: the next move drops the
//! answer with it. When an answer is shown hint.js presses the hidden `#hint-taken`, and the hint
//! is noted in the save (`Msg::Hinted`): the game's record says it was played with help.

use crate::ui::reducer::View;
use yew::prelude::*;

/// Whether this position gets a Hint control (a game in play, not a replay, its end or a step
/// of the lesson).
fn offered(v: &View) -> bool {
    // In the lesson's steps the coach mark is the hint.
    !v.read_only && !v.game.is_over() && v.only.is_none()
}

/// The Hint button, and the hidden one that tells the app a hint was shown.
pub fn hint_button(v: &View, on_hinted: Callback<MouseEvent>) -> Html {
    if !offered(v) {
        return Html::default();
    }
    html! {
        <>
            <button type="button" class="small quiet" id="hint" aria-keyshortcuts="h"
                aria-controls="hint-box">{ "Hint" }</button>
            <button type="button" id="hint-taken" hidden=true tabindex="-1" onclick={on_hinted}>{ "Hint shown" }</button>
        </>
    }
}

/// Where the answer goes (empty, and not shown, until asked).
pub fn hint_box(v: &View) -> Html {
    if !offered(v) {
        return Html::default();
    }
    html! { <div class="hint" id="hint-box" key={(v.game.log().len() as u64).to_string()}></div> }
}
