//! Focus follows the game: after each move, focus goes to the decision's heading (in the lesson,
//! the coach mark's) (scrolled into
//! view); in a replay only when the focused control went away — so keyboard and screen-reader users are
//! never dropped at the top of the page.

use wasm_bindgen::JsCast;

/// The headings that name the current decision, in order of preference.
const TARGETS: [&str; 4] = ["end-h", "coach-h", "now-h", "replay-h"];

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
                if id == "coach-h" {
                    show_lesson_move(&doc);
                }
                break;
            }
        }
    }
}

/// In the lesson, the one open move must be in sight with the coach mark that asks for it: when
/// it is below the fold of the stage (the table's scrolling middle), the stage scrolls it up to
/// its bottom edge, so as much of the coach mark as fits stays above it.
fn show_lesson_move(doc: &web_sys::Document) {
    let (Some(stage), Ok(Some(target))) = (
        doc.get_element_by_id("stage"),
        doc.query_selector("[data-lesson] .stage .act:not([aria-disabled])"),
    ) else {
        return;
    };
    if target.get_bounding_client_rect().bottom() > stage.get_bounding_client_rect().bottom() {
        target.scroll_into_view_with_bool(false);
    }
}
