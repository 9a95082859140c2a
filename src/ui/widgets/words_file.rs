//! The flavour lines of the table's cards (monsters, encounters, skills, conditions, weapons),
//! the lesson coach's words and the glossary's definitions.
//! The browser's copy of the box leaves them out (build.rs: they are a quarter of its bytes and
//! the first download has a budget); static/boot.js loads them from the words file when a game
//! is first on the table and keeps them on `window.unbrokenWords`. Until then (a few
//! milliseconds; the service worker keeps the file for offline play) a card shows no flavour
//! line, the coach only its heading and move and a term an empty tooltip (boot.js fills those
//! in as the words arrive); the rules never read any of them.

use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

fn global(name: &str) -> JsValue {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

thread_local! {
    /// The lines read from the words file so far, by kind and id: a table redrawn on every move
    /// (the monster's rules, the prompt's, their glossary tooltips) reads each from JavaScript
    /// once, not on every move. Filled only once the file is there (it never changes after). A
    /// list, not a map: a few dozen lines are read in a game, and a map's code would cost the
    /// first download more than its lookups save.
    static READ: RefCell<Vec<(&'static str, String, String)>> = const { RefCell::new(Vec::new()) };
}

/// The string at `words[kind][id]` (empty while the words file is not there), read once.
fn read(kind: &'static str, id: &str) -> String {
    let hit = READ.with(|r| {
        r.borrow()
            .iter()
            .find(|(k, i, _)| *k == kind && i == id)
            .map(|(_, _, text)| text.clone())
    });
    if let Some(hit) = hit {
        return hit;
    }
    let words = global("unbrokenWords");
    if words.is_undefined() {
        return String::new();
    }
    let text = js_sys::Reflect::get(&words, &JsValue::from_str(kind))
        .and_then(|k| js_sys::Reflect::get(&k, &JsValue::from_str(id)))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();
    READ.with(|r| r.borrow_mut().push((kind, id.to_string(), text.clone())));
    text
}

/// The flavour line of the card `id` of a kind (`monsters`, `encounters`, `skills`,
/// `conditions`, `weapons`), or empty while the words file is not there.
pub fn flavour(kind: &'static str, id: &str) -> String {
    read(kind, id)
}

/// The lesson coach's words for step `i` (the number of steps: the closing words), or empty
/// while the words file is not there (`content/tutorial.json`'s text; see `crate::learn`).
pub fn lesson(i: usize) -> String {
    js_sys::Reflect::get(&global("unbrokenWords"), &JsValue::from_str("lesson"))
        .and_then(|l| js_sys::Reflect::get_u32(&l, i as u32))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// The glossary's definition of the term `id` (content/glossary.json, or a skill's
/// `skill_<id>` entry), or empty while the words file is not there (see
/// `controls::Glossary`).
pub fn glossary(id: &str) -> String {
    read("glossary", id)
}

/// Whether the words file is there (a part of the table that draws its lines compares this, so
/// it is drawn again when they arrive).
pub fn ready() -> bool {
    !global("unbrokenWords").is_undefined()
}

/// Asks for the words file (once; boot.js fetches it) and calls `ready` when it is there (at
/// once if it already is), so the table can draw the lines it drew without.
pub fn when_ready(ready: impl FnOnce() + 'static) {
    if self::ready() {
        ready();
        return;
    }
    let f = Closure::once_into_js(ready);
    let _ = js_sys::Reflect::set(
        &js_sys::global(),
        &JsValue::from_str("unbrokenWordsReady"),
        f.unchecked_ref(),
    );
    if let Ok(load) = global("unbrokenLoadWords").dyn_into::<js_sys::Function>() {
        let _ = load.call0(&JsValue::NULL);
    }
}

/// A card's flavour line where the decision needs room: on a desk the line itself; on a phone
/// folded behind a small "Story" disclosure, one tap away (the stylesheet shows one of the
/// two). Nothing while the words file is not there.
pub fn flavour_tap(kind: &'static str, id: &str) -> yew::Html {
    // Built by Yew, not as a raw node: the choices' cards hold it, and with it as markup the
    // virtual screen reader of the browser tests missed the announcement of the move that
    // took such a card away.
    use yew::html;
    let text = flavour(kind, id);
    if text.is_empty() {
        return html! {};
    }
    html! {
        <>
            <p class="flavour flavour-wide">{ text.clone() }</p>
            <details class="flavour-tap">
                <summary>{ "Story" }</summary>
                <p class="flavour">{ text }</p>
            </details>
        </>
    }
}

/// [`flavour_tap`] as markup, for views written as text.
pub fn flavour_tap_markup(kind: &'static str, id: &str) -> crate::records::markup::Markup {
    let text = flavour(kind, id);
    if text.is_empty() {
        return crate::records::markup::Markup::new();
    }
    crate::markup!(
        "<p class=\"flavour flavour-wide\">{}</p><details class=\"flavour-tap\"><summary>Story</summary>\
         <p class=\"flavour\">{}</p></details>",
        text,
        text
    )
}
