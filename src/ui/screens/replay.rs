//! The replay viewer's controls (issue 6): any recorded game, opened from the scorepad, is
//! stepped through move by move from its seed and action log. The board beside it is the
//! game's own, read-only ([`super::model::View::read_only`]); the log shows every move up to
//! the one on screen.
//!
//! Review with the bot (issue 14, item 3): static/hint.js (loaded by boot.js on the first press
//! of `#review`) asks the bot module for every decision of the game in `data-save`, with a
//! progress bar, and writes the review into `#review-box` (kept while the steps change: same
//! key). Opening a decision there sets the hidden `#replay-goto` to its move, which shows the
//! position before it.

use crate::engine::{Outcome, Pending};
use crate::ui::reducer::{ReplayInfo, View};
use crate::ui::widgets::controls::{plain_btn, roman};
use std::rc::Rc;
use yew::prelude::*;

pub struct Props {
    pub info: Rc<ReplayInfo>,
    pub view: View,
    /// The head of the last move shown (the log's words).
    pub last_move: Option<String>,
    pub on_step: Callback<usize>,
}

pub fn replay_panel(p: &Props) -> Html {
    let (step, total) = (p.info.step, p.info.total());
    let go = |id: &str, label: &str, to: usize, at_end: Option<&str>| {
        let on = p.on_step.clone();
        plain_btn(
            id,
            label,
            at_end.map(str::to_string),
            "small",
            Callback::from(move |_| on.emit(to)),
        )
    };
    let goto = {
        let on = p.on_step.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlInputElement>()
                .value();
            if let Ok(n) = v.parse::<usize>() {
                on.emit(n);
            }
        })
    };
    let first = (step == 0).then_some("this is the start");
    let last = (step >= total).then_some("this is the last move");
    let position = match (&p.last_move, step) {
        (Some(m), s) if s > 0 => format!("Move {s} of {total}: {m}"),
        _ => format!("The start of the game, before any move ({total} moves to watch)."),
    };
    let outcome = match &p.view.s().pending {
        Pending::Over(Outcome::Victory { score, rank }) => Some(format!(
            "The game ends in victory: {score} points, rank {rank}."
        )),
        Pending::Over(Outcome::Defeat { level, cause }) => Some(format!(
            "The game ends in defeat in level {}: {cause}.",
            roman(*level)
        )),
        _ => None,
    };
    html! {
        <section class="panel replay" aria-labelledby="replay-h">
            <h2 id="replay-h" class="sheet-title" tabindex="-1">{ "Replay" }</h2>
            <p id="replay-pos">{ position }</p>
            if let Some(o) = outcome { <p class="result" id="replay-end">{ o }</p> }
            <div class="row replay-controls" role="group" aria-label="Step through the game">
                { go("replay-first", "First", 0, first) }
                { go("replay-prev", "Previous", step.saturating_sub(1), first) }
                { go("replay-next", "Next", step + 1, last) }
                { go("replay-last", "Last", total, last) }
            </div>
            <p class="muted">{ "Nothing can be changed in a replay; your own saved game is kept." }</p>
            <button type="button" class="small" id="review" aria-controls="review-box"
                data-save={serde_json::to_string(&p.info.save).unwrap_or_default()}>{ "Review with the bot" }</button>
            <input type="number" id="replay-goto" hidden=true aria-hidden="true" tabindex="-1" onchange={goto} />
            <div class="review" id="review-box" key={(p.info.save.setup.seed ^ total as u64).to_string()}></div>
        </section>
    }
}
