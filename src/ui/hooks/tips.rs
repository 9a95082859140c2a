//! Tooltips on intent only: a click or a tap puts every tooltip to rest until the pointer
//! travels on (more than a few pixels) or a key is pressed, so the click just made never opens
//! the tooltip under the pointer (nor a tap's sticky hover). Hover opens one after a delay and
//! keyboard focus at once; both are in the stylesheet (`.ctl`, `:root[data-tips=rest]`).
//!
//! A tooltip that opens never covers an enabled control of the decision: it is placed below
//! its control, else above, beside (right, left) or at the top of the screen, the first place
//! inside the screen that overlaps none of them (the least overlap when none is free).

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

/// The gap between a control and its tooltip (CSS pixels).
const GAP: f64 = 6.0;

/// The enabled controls of the decision: what a tooltip must not cover.
const CONTROLS: &str = "#stage button.act:not([aria-disabled=\"true\"])";

/// (left, top, right, bottom) of an element.
fn rect(e: &web_sys::Element) -> (f64, f64, f64, f64) {
    let r = e.get_bounding_client_rect();
    (r.left(), r.top(), r.right(), r.bottom())
}

fn overlap(a: (f64, f64, f64, f64), b: (f64, f64, f64, f64)) -> f64 {
    let w = a.2.min(b.2) - a.0.max(b.0);
    let h = a.3.min(b.3) - a.1.max(b.1);
    if w > 0.5 && h > 0.5 {
        w * h
    } else {
        0.0
    }
}

/// Places the tooltip of the control `from` is in (if it has one and it shows) where it covers
/// no enabled control of the decision but its own.
fn place(from: &web_sys::Element) {
    let Some(ctl) = from.closest(".ctl").ok().flatten() else {
        return;
    };
    let Some(tip) = ctl
        .query_selector(":scope > .tip")
        .ok()
        .flatten()
        .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let Some(w) = web_sys::window() else { return };
    let Some(doc) = w.document() else { return };
    let num = |v: Result<JsValue, JsValue>| v.ok().and_then(|v| v.as_f64()).unwrap_or(0.0);
    let (vw, vh) = (num(w.inner_width()), num(w.inner_height()));
    let (_, _, tw, th) = {
        let r = tip.get_bounding_client_rect();
        (0.0, 0.0, r.width(), r.height())
    };
    if tw == 0.0 || vw == 0.0 {
        return; // not showing
    }
    let own = rect(&ctl);
    let mut others = Vec::new();
    if let Ok(list) = doc.query_selector_all(CONTROLS) {
        for i in 0..list.length() {
            if let Some(b) = list
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                if !ctl.contains(Some(&b)) {
                    others.push(rect(&b));
                }
            }
        }
    }
    let clamp_x = |x: f64| x.min(vw - tw - 2.0).max(2.0);
    let candidates = [
        (clamp_x(own.0), own.3 + GAP),
        (clamp_x(own.0), own.1 - GAP - th),
        (own.2 + GAP, own.1),
        (own.0 - GAP - tw, own.1),
        (clamp_x(own.0), 2.0),
    ];
    let mut best: Option<((f64, f64), f64)> = None;
    for (x, y) in candidates {
        let r = (x, y, x + tw, y + th);
        if x < 0.0 || y < 0.0 || r.2 > vw || r.3 > vh {
            continue;
        }
        let cover: f64 = others.iter().map(|o| overlap(r, *o)).sum();
        if best.is_none_or(|(_, c)| cover < c) {
            best = Some(((x, y), cover));
        }
        if cover == 0.0 {
            break;
        }
    }
    let Some(((x, y), _)) = best else { return };
    let _ = tip.class_list().add_1("placed");
    let st = tip.style();
    // Whole pixels as integers: `{:.0}` of an f64 would bring the float formatting machinery
    // (about 16 KB) into the first download for these two numbers alone.
    let _ = st.set_property("left", &format!("{}px", x.round() as i32));
    let _ = st.set_property("top", &format!("{}px", y.round() as i32));
}

/// Adds (or removes) the listeners on the document, in the capture phase.
fn listen(
    doc: &Option<web_sys::Document>,
    down: &PointerFn,
    moved: &PointerFn,
    key: &Closure<dyn Fn(web_sys::KeyboardEvent)>,
    over: &Closure<dyn Fn(web_sys::Event)>,
    on: bool,
) {
    let Some(d) = doc else { return };
    for (name, f) in [
        ("pointerdown", down.as_ref()),
        ("pointermove", moved.as_ref()),
        ("keydown", key.as_ref()),
        ("pointerover", over.as_ref()),
        ("focusin", over.as_ref()),
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
        // The element under the pointer (its tooltip is placed when hover wakes).
        let hovered: Rc<std::cell::RefCell<Option<web_sys::Element>>> = Rc::default();
        let over = {
            let hovered = hovered.clone();
            Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
                let Some(t) = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                else {
                    return;
                };
                if e.type_() == "pointerover" {
                    *hovered.borrow_mut() = Some(t.clone());
                }
                place(&t);
            })
        };
        let down = {
            let at = at.clone();
            PointerFn::new(move |e: web_sys::PointerEvent| {
                at.set(Some((e.client_x() as f64, e.client_y() as f64)));
                rest(true);
            })
        };
        let moved = {
            let at = at.clone();
            let hovered = hovered.clone();
            Closure::<dyn Fn(web_sys::PointerEvent)>::new(move |e: web_sys::PointerEvent| {
                if let Some((x, y)) = at.get() {
                    let (dx, dy) = (e.client_x() as f64 - x, e.client_y() as f64 - y);
                    if e.pointer_type() == "mouse" && dx.hypot(dy) > WAKE_DISTANCE {
                        at.set(None);
                        rest(false);
                        if let Some(h) = hovered.borrow().as_ref() {
                            place(h);
                        }
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
        listen(&doc, &down, &moved, &key, &over, true);
        move || listen(&doc, &down, &moved, &key, &over, false)
    });
}
