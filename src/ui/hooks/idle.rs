//! Background work that waits for an idle player: `when_idle` runs its job once the page has had
//! no tap, click or key for a few seconds and the browser is idle (boot.js's
//! `window.unbrokenWhenIdle`). The records module is fetched and compiled this way, so on a
//! phone it never competes with the first screen or with a move being played.

use wasm_bindgen::{closure::Closure, JsCast, JsValue};

/// Runs `job` when the player is idle; at once if boot.js is missing (no page script to wait
/// with: better late work than none).
pub fn when_idle(job: impl FnOnce() + 'static) {
    let hook = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("unbrokenWhenIdle")).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match hook {
        Some(f) => {
            let job = Closure::once_into_js(job);
            let _ = f.call1(&JsValue::NULL, &job);
        }
        None => job(),
    }
}
