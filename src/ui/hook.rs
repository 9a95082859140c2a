//! A small read-only hook for the browser tests: `window.unbroken.state()` returns the engine's
//! `State` as a JS object (serde-wasm-bindgen; 64-bit numbers as BigInt), `log()` the log
//! lines. It only reads; nothing in the app depends on it.

use super::model::LogGroup;
use crate::engine::Game;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

type Log = Rc<Vec<Rc<LogGroup>>>;

thread_local! {
    static CURRENT: RefCell<(Option<Rc<Game>>, Log)> = RefCell::new((None, Rc::new(Vec::new())));
}

/// Called after every change with what is on screen.
pub fn set(game: Option<Rc<Game>>, log: Log) {
    CURRENT.with(|c| *c.borrow_mut() = (game, log));
}

fn state() -> JsValue {
    CURRENT.with(|c| match &c.borrow().0 {
        Some(g) => {
            let ser = serde_wasm_bindgen::Serializer::new()
                .serialize_large_number_types_as_bigints(true)
                .serialize_maps_as_objects(true);
            g.state().serialize(&ser).unwrap_or(JsValue::NULL)
        }
        None => JsValue::NULL,
    })
}

fn log() -> JsValue {
    CURRENT.with(|c| {
        let arr = js_sys::Array::new();
        for g in c.borrow().1.iter() {
            arr.push(&JsValue::from_str(&format!("> {}", g.head)));
            for l in &g.lines {
                arr.push(&JsValue::from_str(l));
            }
        }
        arr.into()
    })
}

/// Installs `window.unbroken` once.
pub fn install() {
    let Some(w) = web_sys::window() else {
        return;
    };
    let obj = js_sys::Object::new();
    let st = Closure::<dyn Fn() -> JsValue>::new(state);
    let lg = Closure::<dyn Fn() -> JsValue>::new(log);
    let _ = js_sys::Reflect::set(&obj, &"state".into(), st.as_ref());
    let _ = js_sys::Reflect::set(&obj, &"log".into(), lg.as_ref());
    st.forget();
    lg.forget();
    let _ = js_sys::Reflect::set(&w, &"unbroken".into(), &obj);
}
