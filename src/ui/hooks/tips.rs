//! Tooltips on intent only: a click or a tap puts every tooltip to rest until the pointer
//! travels on (more than a few pixels) or a key is pressed, so the click just made never opens
//! the tooltip under the pointer (nor a tap's sticky hover). Hover opens one after a delay and
//! keyboard focus at once; both are in the stylesheet (`.ctl`, `:root[data-tips=rest]`).

use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// How far (CSS pixels) the pointer must travel from a click before hover tooltips wake.
const WAKE_DISTANCE: f64 = 8.0;

fn root() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

fn rest(on: bool) {
    if let Some(r) = root() {
        let _ = if on {
            r.set_attribute("data-tips", "rest")
        } else {
            r.remove_attribute("data-tips")
        };
    }
}

type PointerFn = Closure<dyn Fn(web_sys::PointerEvent)>;

/// Adds (or removes) the three listeners on the document, in the capture phase.
fn listen(
    doc: &Option<web_sys::Document>,
    down: &PointerFn,
    moved: &PointerFn,
    key: &Closure<dyn Fn(web_sys::KeyboardEvent)>,
    on: bool,
) {
    let Some(d) = doc else { return };
    for (name, f) in [
        ("pointerdown", down.as_ref()),
        ("pointermove", moved.as_ref()),
        ("keydown", key.as_ref()),
    ] {
        let _ = if on {
            d.add_event_listener_with_callback_and_bool(name, f.unchecked_ref(), true)
        } else {
            d.remove_event_listener_with_callback_and_bool(name, f.unchecked_ref(), true)
        };
    }
}

#[hook]
pub fn use_tip_intent() {
    use_effect_with((), move |_| {
        let doc = web_sys::window().and_then(|w| w.document());
        // Where the last click was, while tooltips rest.
        let at: Rc<Cell<Option<(f64, f64)>>> = Rc::new(Cell::new(None));
        let down = {
            let at = at.clone();
            PointerFn::new(move |e: web_sys::PointerEvent| {
                at.set(Some((e.client_x() as f64, e.client_y() as f64)));
                rest(true);
            })
        };
        let moved = {
            let at = at.clone();
            Closure::<dyn Fn(web_sys::PointerEvent)>::new(move |e: web_sys::PointerEvent| {
                if let Some((x, y)) = at.get() {
                    let (dx, dy) = (e.client_x() as f64 - x, e.client_y() as f64 - y);
                    if e.pointer_type() == "mouse" && dx.hypot(dy) > WAKE_DISTANCE {
                        at.set(None);
                        rest(false);
                    }
                }
            })
        };
        let key = {
            let at = at.clone();
            Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |_| {
                at.set(None);
                rest(false);
            })
        };
        listen(&doc, &down, &moved, &key, true);
        move || listen(&doc, &down, &moved, &key, false)
    });
}
