//! The banner across the table: ambush, monster defeated, a new level, victory
//! and defeat, each a short line that fades by itself in under two seconds (styles:
//! `static/table.css`) and is not shown at all under `prefers-reduced-motion`. It never takes
//! a click or the focus: the player plays on through it, which is how it is skipped. Hidden
//! from screen readers: the live region says the same words.

use crate::ui::reducer::Banner;
use crate::ui::widgets::class::classed;
use yew::prelude::*;

/// The banner of the last move, if any. Keyed by revision inside its own slot, so each new banner
/// plays its animation from the start without Yew rebuilding its siblings.
pub fn banner(b: Option<&Banner>) -> Html {
    html! {
        <div class="banner-slot" aria-hidden="true">
            if let Some(b) = b {
                { classed(b.kind.class(), html! {
                    <div key={b.rev.to_string()}>
                        <span class="banner-text">{ b.text.clone() }</span>
                    </div>
                }) }
            }
        </div>
    }
}
