//! The keyboard: one listener for the whole game, answering exactly the keys of the keymap
//! table (`ui::keymap`) with the player's settings applied. Digits take a choice, arrows walk
//! the choices widget (roving tabindex, wrapping), letters read the state into the live region,
//! `u` undoes, `h` asks the bot for a hint, `?`/F1 opens the list of keys, `,` the settings.
//! Inside an open dialog Tab stays in it. Nothing happens while typing in a text field, or with
//! Ctrl, Alt or Meta held.

use super::focus::{self, rove_to};
use crate::ui::keymap::{choice_key_label, event_key, Command, Keymap, Place, Settings};
use crate::ui::reducer::{Model, Msg};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

thread_local! {
    static KEYMAP: RefCell<Rc<Keymap>> = RefCell::new(Rc::new(Keymap::new(&Settings::default())));
}

/// The keymap in force.
pub fn keymap() -> Rc<Keymap> {
    KEYMAP.with(|k| k.borrow().clone())
}

/// The key that takes choice `n`, as the choice shows it.
pub fn choice_key(n: usize) -> Option<String> {
    choice_key_label(&keymap(), n)
}

/// A command's keys for `aria-keyshortcuts` (`None` when it has none now).
pub fn shortcuts(c: Command) -> Option<String> {
    Some(keymap().shortcuts(c)).filter(|s| !s.is_empty())
}

fn doc() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn click(doc: &web_sys::Document, sel: &str) -> bool {
    match doc
        .query_selector(sel)
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        Some(b) if b.get_attribute("aria-disabled").is_none() => {
            b.click();
            true
        }
        _ => false,
    }
}

fn elements(doc: &web_sys::Document, sel: &str) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = doc.query_selector_all(sel) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .collect()
}

/// The open dialog (a drawer, a sheet, the keys, the settings), if any.
fn open_dialog(doc: &web_sys::Document) -> Option<web_sys::Element> {
    doc.query_selector("[aria-modal=\"true\"]").ok().flatten()
}

/// Tab and Shift+Tab inside a dialog go round it.
fn trap_tab(dialog: &web_sys::Element, e: &web_sys::KeyboardEvent) {
    let sel = "button:not([disabled]), [href], input:not([disabled]), select, textarea, summary, [tabindex]:not([tabindex=\"-1\"])";
    let Ok(list) = dialog.query_selector_all(sel) else {
        return;
    };
    let items: Vec<web_sys::HtmlElement> = (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|el| el.offset_parent().is_some() || el.get_client_rects().length() > 0)
        .collect();
    let (Some(first), Some(last)) = (items.first(), items.last()) else {
        return;
    };
    let active = doc().and_then(|d| d.active_element());
    let inside = active.as_ref().is_some_and(|a| dialog.contains(Some(a)));
    let at = |el: &web_sys::HtmlElement| {
        active
            .as_ref()
            .is_some_and(|a| a.is_same_node(Some(el.unchecked_ref())))
    };
    if !inside {
        e.prevent_default();
        let _ = first.focus();
    } else if e.shift_key() && at(first) {
        e.prevent_default();
        let _ = last.focus();
    } else if !e.shift_key() && at(last) {
        e.prevent_default();
        let _ = first.focus();
    }
}

fn place_of(e: &web_sys::KeyboardEvent) -> Place {
    let Some(el) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return Place::Game;
    };
    let editable = el
        .dyn_ref::<web_sys::HtmlElement>()
        .is_some_and(|h| h.is_content_editable());
    if editable || matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") {
        return Place::TextField;
    }
    match el.closest("#choices [data-choice], #choices [data-choice-off]") {
        Ok(Some(_)) => Place::Choices,
        _ => Place::Game,
    }
}

/// A choice folded behind the tray's "More actions" tile (folded choices keep their numbers, the
/// tile carries the first): its digit opens the fold and, once the tray is redrawn, takes it —
/// one key, as for a choice in view. `false` when no folded choice can have that number.
fn take_folded(d: &web_sys::Document, n: usize) -> bool {
    let Some(tile) = elements(d, "#tray-more").into_iter().next() else {
        return false;
    };
    let number = |name: &str| {
        tile.get_attribute(name)
            .and_then(|x| x.parse::<usize>().ok())
    };
    let (first, held) = (number("data-choice"), number("data-held").unwrap_or(0));
    if first.is_none_or(|f| n < f || n >= f + held) {
        return false;
    }
    tile.click();
    let d = d.clone();
    let take = Closure::once_into_js(move || {
        click(&d, &format!("#choices [data-choice=\"{n}\"]"));
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback(take.unchecked_ref());
    }
    true
}

/// Arrows, Home and End: the next stop of the widget (available choices; with the setting or
/// the `x` key, the unavailable ones too), wrapping round.
fn walk(doc: &web_sys::Document, c: Command, with_off: bool) {
    let sel = if with_off {
        "#choices [data-choice], #choices [data-choice-off]"
    } else {
        focus::CHOICES
    };
    let items = elements(doc, sel);
    if items.is_empty() {
        return;
    }
    let active = doc.active_element();
    let now = items.iter().position(|el| {
        active
            .as_ref()
            .is_some_and(|a| a.is_same_node(Some(el.unchecked_ref())))
    });
    let n = items.len();
    let to = match (c, now) {
        (Command::First, _) => 0,
        (Command::Last, _) => n - 1,
        (Command::Next, Some(i)) => (i + 1) % n,
        (Command::Prev, Some(i)) => (i + n - 1) % n,
        (Command::Prev, None) => n - 1,
        _ => 0,
    };
    // The "More actions" tile of a folded tray (always the widget's last stop) is walked into,
    // not stopped on: arriving on it opens the fold, and focus goes on as if the groups had never
    // been folded (to the first of them going forward, the last going back), so reaching any
    // choice by the arrows costs what it does on an unfolded tray.
    if items[to].id() == "tray-more" {
        items[to].click();
        if matches!(c, Command::Prev | Command::Last) {
            // Opening, the tray focuses the first folded choice (as it renders, before this
            // timeout runs); the last choice then takes the focus.
            let doc = doc.clone();
            let last = Closure::once_into_js(move || {
                if let Some(el) = elements(&doc, focus::CHOICES).last() {
                    rove_to(&doc, el);
                }
            });
            if let Some(w) = web_sys::window() {
                let _ = w.set_timeout_with_callback(last.unchecked_ref());
            }
        }
        return;
    }
    rove_to(doc, &items[to]);
}

/// Keeps the keymap in step with the settings and answers the keys.
#[hook]
pub fn use_keys(model: &UseReducerHandle<Model>) {
    let settings = model.settings.clone();
    use_effect_with(settings, |s| {
        KEYMAP.with(|k| *k.borrow_mut() = Rc::new(Keymap::new(s)));
    });
    // The listener is added once; it reads the model as it is now through this cell.
    let now = use_mut_ref(|| model.clone());
    *now.borrow_mut() = model.clone();
    use_effect_with((), move |_| {
        let document = doc();
        let cb =
            Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                let Some(d) = doc() else {
                    return;
                };
                if let Some(dialog) = open_dialog(&d) {
                    // In a dialog only Tab is ours (Escape closes it where it is drawn).
                    if e.key() == "Tab" {
                        trap_tab(&dialog, &e);
                    }
                    return;
                }
                // Only on the table of a game in play (not its end, a replay or the title screen).
                if d.query_selector("main[data-ready=\"game\"]")
                    .ok()
                    .flatten()
                    .is_none()
                {
                    return;
                }
                let key = event_key(&e.key(), &e.code(), e.shift_key());
                let modified = e.ctrl_key() || e.alt_key() || e.meta_key();
                let Some(cmd) = keymap().lookup(&key, modified, place_of(&e)) else {
                    return;
                };
                let model = now.borrow().clone();
                let detail = e.shift_key();
                match cmd {
                    Command::Choice(n) => {
                        if !click(&d, &format!("#choices [data-choice=\"{n}\"]"))
                            && !take_folded(&d, usize::from(n))
                        {
                            model.dispatch(Msg::Say(format!("There is no choice {n} now.")));
                        }
                    }
                    Command::Next | Command::Prev | Command::First | Command::Last => {
                        walk(&d, cmd, model.settings.hear_unavailable)
                    }
                    Command::Undo => {
                        if !click(&d, "#undo") {
                            model.dispatch(Msg::Say("Nothing to undo.".into()));
                        }
                    }
                    // boot.js answers `h` itself (and loads the bot); another key presses the button.
                    // The reducer gives a hint only where the Hint control is offered.
                    Command::Hint => model.dispatch(Msg::AskHint),
                    Command::Help => {
                        click(&d, "#keys-open");
                    }
                    Command::Settings => {
                        click(&d, "#settings-open");
                    }
                    // What the table shows now, read out (the model as last drawn).
                    Command::Read(r) => {
                        model.dispatch(Msg::Say(crate::ui::readout::read(&model, r, detail)))
                    }
                    Command::Repeat => model.dispatch(Msg::Repeat),
                    Command::HistoryBack => model.dispatch(Msg::History(-1)),
                    Command::HistoryForward => model.dispatch(Msg::History(1)),
                    Command::Unavailable => {
                        let mut s = (*model.settings).clone();
                        s.hear_unavailable = !s.hear_unavailable;
                        let say = if s.hear_unavailable {
                            "Arrows now also stop on unavailable choices."
                        } else {
                            "Arrows now skip unavailable choices."
                        };
                        model.dispatch(Msg::Settings(s));
                        model.dispatch(Msg::Say(say.into()));
                    }
                }
                e.prevent_default();
            });
        if let Some(d) = &document {
            let _ = d.add_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = &document {
                let _ =
                    d.remove_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
            }
        }
    });
}
