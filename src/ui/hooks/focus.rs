//! Focus follows the game: after each move focus goes to the new decision's first choice (the
//! one Tab stop of the choices widget, whose description gives the last move and the prompt; in
//! the lesson it is the coach's move), or to the heading of a screen without choices (the end,
//! a replay); in a replay only when the focused control went away. So keyboard and
//! screen-reader users are never dropped on `<body>` or on a control that was removed.

use wasm_bindgen::JsCast;

/// Where focus goes when the decision has no choice, in order of preference.
const HEADINGS: [&str; 4] = ["end-h", "coach-h", "now-h", "replay-h"];

/// The selector of the choices the arrows walk.
pub const CHOICES: &str = "#choices [data-choice]";

fn doc() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn html_el(e: web_sys::Element) -> Option<web_sys::HtmlElement> {
    e.dyn_into::<web_sys::HtmlElement>().ok()
}

/// Focuses the element with this id, if it is on the page.
pub fn focus_id(id: &str) {
    if let Some(el) = doc()
        .and_then(|d| d.get_element_by_id(id))
        .and_then(html_el)
    {
        let _ = el.focus();
    }
}

/// Whether focus is nowhere useful: on `<body>`, or on a node no longer in the page.
pub fn lost(doc: &web_sys::Document) -> bool {
    match doc.active_element() {
        None => true,
        Some(el) => el.tag_name().eq_ignore_ascii_case("body") || !el.is_connected(),
    }
}

/// Makes `target` the widget's one Tab stop (roving tabindex) and focuses it.
pub fn rove_to(doc: &web_sys::Document, target: &web_sys::HtmlElement) {
    rove(doc, target);
    let _ = target.focus();
}

/// Makes `target` the widget's one Tab stop (roving tabindex). Only the attributes that change
/// are written: the table draws the first choice as the Tab stop already, and every write
/// would make the browser recompute styles before the next read of the layout.
fn rove(doc: &web_sys::Document, target: &web_sys::HtmlElement) {
    if let Ok(all) = doc.query_selector_all("#choices [tabindex=\"0\"]") {
        for i in 0..all.length() {
            if let Some(el) = all
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                .filter(|el| !el.is_same_node(Some(target)))
                .filter(|el| el.has_attribute("data-choice") || el.has_attribute("data-choice-off"))
            {
                let _ = el.set_attribute("tabindex", "-1");
            }
        }
    }
    if target.get_attribute("tabindex").as_deref() != Some("0") {
        let _ = target.set_attribute("tabindex", "0");
    }
}

/// Moves focus to the current decision after a move, or when focus was lost.
pub fn refocus(moved: bool) {
    let Some(doc) = doc() else {
        return;
    };
    if !(moved || lost(&doc)) {
        return;
    }
    // The end screen opens at its top (the board it replaces may have been scrolled).
    if let Some(el) = doc.get_element_by_id("end-h").and_then(html_el) {
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
        let _ = el.focus();
        return;
    }
    if let Some(first) = doc
        .query_selector("#choices [data-choice=\"1\"]")
        .ok()
        .flatten()
        .and_then(html_el)
    {
        // The decision's heading in sight first, then the
        // choice focused without scrolling it away; only if the choice is then below the fold
        // does the stage scroll to it.
        // (In the lesson the coach mark, above the decision, is what to read first.)
        // Only when it is out of sight: a scroll that is not needed would move the table under
        // the pointer. Only after a move, too: focus merely lost (a redraw replaced the focused
        // control) leaves the view where it is, which may be on the move a hint scrolled to.
        // Everything is written (the Tab stop, focus without scrolling) before the layout is
        // read, so the browser works out styles and layout once for the move, and the frame
        // after it has nothing left to redo.
        let opts = web_sys::FocusOptions::new();
        opts.set_prevent_scroll(true);
        rove(&doc, &first);
        let _ = first.focus_with_options(&opts);
        if let (Some(stage), true) = (doc.get_element_by_id("stage"), moved) {
            if let Some(h) = doc
                .get_element_by_id("coach")
                .or_else(|| doc.get_element_by_id("now-h"))
            {
                let (r, box_) = (
                    h.get_bounding_client_rect(),
                    stage.get_bounding_client_rect(),
                );
                if r.top() < box_.top() || r.bottom() > box_.bottom() {
                    h.scroll_into_view_with_bool(true);
                }
            }
            if first.get_bounding_client_rect().bottom() > stage.get_bounding_client_rect().bottom()
            {
                first.scroll_into_view_with_bool(false);
            }
        }
        return;
    }
    for id in HEADINGS {
        if let Some(el) = doc.get_element_by_id(id).and_then(html_el) {
            let _ = el.focus();
            if id == "coach-h" {
                show_lesson_move(&doc);
            }
            break;
        }
    }
}

/// In the lesson, the one open move must be in sight with the coach mark that asks for it.
fn show_lesson_move(doc: &web_sys::Document) {
    if let Ok(Some(target)) = doc.query_selector("[data-lesson] .stage .act:not([aria-disabled])") {
        show_in_stage(doc, &target);
    }
}

/// A move the player is pointed to (the lesson's, the hint's) in sight: when it is below the
/// fold of the stage (the table's scrolling middle), the stage scrolls it up to its bottom edge,
/// so as much as fits of what points to it (the coach mark, the hint) stays above it.
pub fn show_in_stage(doc: &web_sys::Document, target: &web_sys::Element) {
    let Some(stage) = doc.get_element_by_id("stage") else {
        return;
    };
    if target.get_bounding_client_rect().bottom() > stage.get_bounding_client_rect().bottom() {
        target.scroll_into_view_with_bool(false);
    }
}

/// The marker of what [`into_dialog`] made inert, so only that is given back.
const MADE_INERT: &str = "data-made-inert";

/// Opens a dialog for keyboard and screen reader: everything on the page outside the open
/// dialog (`[aria-modal="true"]`) becomes `inert` (but the live region and the scrim, which
/// is hidden from assistive technology and only closes the dialog), and focus goes to the
/// dialog's Close button.
pub fn into_dialog(doc: &web_sys::Document) {
    let Some(dialog) = doc.query_selector("[aria-modal=\"true\"]").ok().flatten() else {
        return;
    };
    let mut node: web_sys::Element = dialog.clone();
    while let Some(parent) = node.parent_element() {
        let kids = parent.children();
        for i in 0..kids.length() {
            if let Some(k) = kids.item(i) {
                let keep =
                    k.is_same_node(Some(&node)) || k.id() == "announce" || k.has_attribute("inert");
                if !keep {
                    let _ = k.set_attribute("inert", "");
                    let _ = k.set_attribute(MADE_INERT, "");
                }
            }
        }
        if parent.tag_name().eq_ignore_ascii_case("body") {
            break;
        }
        node = parent;
    }
    let close = dialog
        .query_selector("#sheet-close, button, [href], input, summary")
        .ok()
        .flatten()
        .and_then(html_el);
    if let Some(c) = close {
        let _ = c.focus();
    }
}

/// Gives back what [`into_dialog`] made inert.
pub fn uninert(doc: &web_sys::Document) {
    if let Ok(list) = doc.query_selector_all(&format!("[{MADE_INERT}]")) {
        for i in 0..list.length() {
            if let Some(el) = list
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                let _ = el.remove_attribute("inert");
                let _ = el.remove_attribute(MADE_INERT);
            }
        }
    }
}

/// After a dialog closed: focus back on the control that opened it, or, when that is gone,
/// on the decision.
pub fn back_to(doc: &web_sys::Document, opener: web_sys::Element) {
    let usable = opener.is_connected() && !opener.tag_name().eq_ignore_ascii_case("body");
    match html_el(opener).filter(|_| usable) {
        Some(el) => {
            let _ = el.focus();
        }
        None => refocus(false),
    }
    let _ = doc;
}
