//! The records module of the browser build (`unbroken-records`, built by Trunk next to the app
//! and loaded by it on first need): the scorepad, achievements and statistics, their storage,
//! import and export, and the end screen's body. Its one export, `call`, takes the app's
//! [`unbroken::records::bridge::Request`]s and answers with `Response`s (see `web`). The
//! exports must live in this binary, not in the library, or the app's module would carry them
//! too.

#[cfg(target_arch = "wasm32")]
mod web;

/// Talc, as the app has, instead of Rust's default wasm allocator: a fifth of its code.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
mod exports {
    use wasm_bindgen::prelude::*;

    /// A [`unbroken::records::bridge::Request`] as JSON text; `reply` gets each
    /// [`unbroken::records::bridge::Response`] as JSON text.
    #[wasm_bindgen]
    pub fn call(request: &str, reply: js_sys::Function) {
        super::web::call(request, reply)
    }
}

fn main() {}
