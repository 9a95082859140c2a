//! Keyboard shortcuts of the table (outside text fields): `u` undoes, exactly when the Undo
//! button is enabled; `h` asks the bot for a hint (the reducer gives one only where the Hint
//! control is offered).

use crate::engine::Action;
use crate::ui::reducer::{Model, Msg};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[hook]
pub fn use_undo_key(dispatcher: UseReducerDispatcher<Model>) {
    use_effect_with((), move |_| {
        let doc = web_sys::window().and_then(|w| w.document());
        let cb =
            Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                if e.ctrl_key() || e.meta_key() || e.alt_key() {
                    return;
                }
                let typing = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| {
                        matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                    });
                let undo_enabled = || {
                    web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id("undo"))
                        .is_some_and(|b| b.get_attribute("aria-disabled").is_none())
                };
                let msg = match e.key().as_str() {
                    _ if typing => return,
                    "u" if undo_enabled() => Msg::Act(Action::Undo),
                    "h" => Msg::AskHint,
                    _ => return,
                };
                dispatcher.dispatch(msg);
            });
        if let Some(d) = &doc {
            let _ = d.add_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = &doc {
                let _ =
                    d.remove_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
            }
        }
    });
}
