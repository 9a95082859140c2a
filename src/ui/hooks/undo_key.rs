//! Keyboard shortcuts (outside text fields): `u` undoes, exactly when the Undo button is
//! enabled; `h` asks for a hint (presses the Hint button when the table shows one).

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
                let key = e.key();
                if (key != "u" && key != "h") || e.ctrl_key() || e.meta_key() || e.alt_key() {
                    return;
                }
                let typing = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .is_some_and(|el| {
                        matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                    });
                let button = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id(if key == "h" { "hint" } else { "undo" }))
                    .filter(|b| b.get_attribute("aria-disabled").is_none());
                match button {
                    Some(b) if !typing && key == "h" => {
                        if let Some(b) = b.dyn_ref::<web_sys::HtmlElement>() {
                            b.click();
                        }
                    }
                    Some(_) if !typing => dispatcher.dispatch(Msg::Act(Action::Undo)),
                    _ => {}
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
