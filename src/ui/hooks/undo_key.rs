//! Keyboard shortcut: `u` undoes (outside text fields), exactly when the Undo button is enabled.

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
                if e.key() != "u" || e.ctrl_key() || e.meta_key() || e.alt_key() {
                    return;
                }
                let typing = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| {
                        matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                    });
                if !typing
                    && web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id("undo"))
                        .is_some_and(|b| b.get_attribute("aria-disabled").is_none())
                {
                    dispatcher.dispatch(Msg::Act(Action::Undo));
                }
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
