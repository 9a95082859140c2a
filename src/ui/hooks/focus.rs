//! Focus follows the game: after each move, focus goes to the decision's heading (scrolled into
//! view); in a replay only when the focused control went away — so keyboard and screen-reader users are
//! never dropped at the top of the page.

use wasm_bindgen::JsCast;

/// The headings that name the current decision, in order of preference.
const TARGETS: [&str; 3] = ["end-h", "now-h", "replay-h"];

/// Moves focus to the current decision after a move, or when focus was lost.
pub fn refocus(moved: bool) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let lost = match doc.active_element() {
        None => true,
        Some(el) => el.tag_name().eq_ignore_ascii_case("body") || !el.is_connected(),
    };
    if lost || moved {
        for id in TARGETS {
            if let Some(el) = doc
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                // The end screen opens at its top (the board it replaces may have been scrolled).
                if id == "end-h" {
                    if let Some(w) = web_sys::window() {
                        w.scroll_to_with_x_and_y(0.0, 0.0);
                    }
                }
                let _ = el.focus();
                break;
            }
        }
    }
}
