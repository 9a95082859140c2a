//! The Hint control (issue 14, item 2): the smart bot's move for the decision in front of the
//! player, with one line of reason from its own valuations; `h` asks too.
//!
//! The bot is not in the app: it is a module of its own (`unbroken-bot`, src/bot_main.rs) that
//! static/boot.js starts in a worker on the first hint, so the first download never carries it
//! and the table never freezes while it thinks. boot.js also does the asking (it reads the
//! position with `window.unbroken.save()`, see hooks/probe.rs) and writes the answer into this
//! box, which is keyed by the number of moves made: the next move drops the answer with it.
//! When an answer is shown boot.js presses the hidden `#hint-taken`, and the hint is noted in
//! the save (`Msg::Hinted`): the game's record says it was played with help.

use crate::ui::reducer::View;
use yew::prelude::*;

pub fn hint_box(v: &View, on_hinted: Callback<MouseEvent>) -> Html {
    if v.read_only || v.game.is_over() {
        return Html::default();
    }
    html! {
        <div class="hint" id="hint-box" key={(v.game.log().len() as u64).to_string()}>
            <button type="button" class="small quiet" id="hint" aria-keyshortcuts="h"
                title="The bot's move and why (h)">{ "Hint" }</button>
            <button type="button" id="hint-taken" hidden=true tabindex="-1" onclick={on_hinted}>{ "Hint shown" }</button>
        </div>
    }
}
