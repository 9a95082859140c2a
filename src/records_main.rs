//! The records module of the browser build (`unbroken-records`, built by Trunk next to the app
//! and loaded by it on first need): the exports the app calls. The work is in
//! `unbroken::records_web`; exports must live in this binary, not in the library, or the app's
//! module would carry them too.

#[cfg(target_arch = "wasm32")]
mod exports {
    use unbroken::records_web as r;
    use wasm_bindgen::prelude::*;

    /// A bridge value as JSON text (`unbroken::records::bridge` says why not a JS object).
    fn js<T: serde::Serialize>(v: &T) -> String {
        serde_json::to_string(v).unwrap_or_default()
    }

    #[wasm_bindgen]
    pub fn status() -> String {
        js(&r::status())
    }

    #[wasm_bindgen]
    pub fn subscribe(f: js_sys::Function) {
        r::subscribe(f)
    }

    #[wasm_bindgen]
    pub fn panel(tab: &str, sort: &str, descending: bool, closable: bool) -> String {
        r::panel(tab, sort, descending, closable)
    }

    #[wasm_bindgen]
    pub fn record(save_json: &str, kind: &str) -> String {
        js(&r::record(save_json, kind))
    }

    #[wasm_bindgen]
    pub fn export_file() -> String {
        js(&r::export())
    }

    #[wasm_bindgen]
    pub fn import_input(input: web_sys::HtmlInputElement, done: js_sys::Function) {
        r::import_input(input, done)
    }

    #[wasm_bindgen]
    pub fn aside(key: &str, remove: bool) {
        r::aside(key, remove)
    }

    #[wasm_bindgen]
    pub fn replay_save(id: &str) -> String {
        r::replay_save(id)
    }
}

fn main() {}
