//! The replay viewer's controls: any recorded game, opened from the scorepad, is
//! stepped through move by move from its seed and action log. The board beside it is the
//! game's own, read-only ([`super::model::View::read_only`]); the log shows every move up to
//! the one on screen.
//!
//! Review with the bot: the button asks the reducer (`Msg::AskReview`), the bot module reviews
//! the replayed game chunk by chunk (`ui::bot`), and the review is drawn here from the reducer
//! ([`super::review`]), kept while the steps change. Opening a reviewed decision shows the
//! position before that move, where it is decided, and says so ("Before move 77").

use super::review::{self, review_body};
use crate::engine::{Outcome, Pending};
use crate::ui::reducer::{ReplayInfo, Review, View};
use crate::ui::widgets::controls::{plain_btn, roman};
use std::rc::Rc;
use yew::prelude::*;

pub struct Props {
    pub info: Rc<ReplayInfo>,
    pub view: View,
    /// The head of the last move shown (the log's words).
    pub last_move: Option<String>,
    pub on_step: Callback<usize>,
    /// The review of this game, as far as it has come.
    pub review: Option<Rc<Review>>,
    /// "Review with the bot".
    pub on_review: Callback<()>,
    /// Opens the replay before the reviewed move with this index.
    pub on_open: Callback<usize>,
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
    let first = (step == 0).then_some("this is the start");
    let last = (step >= total).then_some("this is the last move");
    // A reviewed decision opened: the position before its move, where it is decided.
    let opened = p
        .review
        .as_ref()
        .filter(|r| r.opened == Some(step))
        .and_then(|r| r.entry(step));
    let position = match (opened, &p.last_move, step) {
        (Some(m), _, s) => format!(
            "Before move {} of {total}: you played {}; the bot would play {}.",
            s + 1,
            m.played,
            m.bot
        ),
        (None, Some(m), s) if s > 0 => format!("Move {s} of {total}: {m}"),
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
    // Asked once; after a failure it can be asked again.
    let running = p.review.as_ref().is_some_and(|r| r.failed.is_none());
    let again = match &p.review {
        Some(r) if r.failed.is_some() => "Review with the bot again",
        _ => "Review with the bot",
    };
    html! {
        <section class="panel replay" aria-labelledby="replay-h">
            <h2 id="replay-h" class="sheet-title" tabindex="-1">{ "Replay" }</h2>
            <p id="replay-pos" tabindex="-1">{ position }</p>
            if let Some(o) = outcome { <p class="result" id="replay-end">{ o }</p> }
            <div class="row replay-controls" role="group" aria-label="Step through the game">
                { go("replay-first", "First", 0, first) }
                { go("replay-prev", "Previous", step.saturating_sub(1), first) }
                { go("replay-next", "Next", step + 1, last) }
                { go("replay-last", "Last", total, last) }
            </div>
            <p class="muted">{ "Nothing can be changed in a replay; your own saved game is kept." }</p>
            if !running {
                <button type="button" class="small" id="review" aria-controls="review-box"
                    onclick={p.on_review.reform(|_: MouseEvent| ())}>{ again }</button>
            }
            <div class="review" id="review-box" aria-labelledby="review-h">
                if let Some(r) = &p.review {
                    <h3 class="tray-h" id="review-h">{ "Review with the bot" }</h3>
                    { review_body(&review::Props { review: r.clone(), on_open: open_here(&p.on_open) }) }
                }
            </div>
        </section>
    }
}

/// Opens a reviewed decision, then takes the player to the replay's words for it ("Before move
/// 77 …"), which may be scrolled out of view above the review on a phone.
fn open_here(on_open: &Callback<usize>) -> Callback<usize> {
    let on_open = on_open.clone();
    Callback::from(move |at| {
        on_open.emit(at);
        let focus = wasm_bindgen::closure::Closure::once_into_js(|| {
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("replay-pos"))
                .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
            {
                let _ = el.focus();
            }
        });
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                wasm_bindgen::JsCast::unchecked_ref(&focus),
                0,
            );
        }
    })
}
