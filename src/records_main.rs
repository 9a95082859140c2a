//! The records module of the browser build (`unbroken-records`, built by Trunk next to the app
//! and loaded by it on first need): the exports the app calls. The work is in
//! [`unbroken::records_web`]; exports must live in this binary, not in the library, or the app's
//! module would carry them too.

#[cfg(target_arch = "wasm32")]
mod exports {
    use unbroken::records_web as r;
    use wasm_bindgen::prelude::*;

    fn js<T: serde::Serialize>(v: &T) -> JsValue {
        serde_wasm_bindgen::to_value(v).unwrap_or(JsValue::NULL)
    }

    #[wasm_bindgen]
    pub fn status() -> JsValue {
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
    pub fn record(save_json: &str, kind: &str) -> JsValue {
        js(&r::record(save_json, kind))
    }

    #[wasm_bindgen]
    pub fn import_file(name: &str, text: &str) -> JsValue {
        js(&r::import(name, text))
    }

    #[wasm_bindgen]
    pub fn export_file() -> String {
        r::export()
    }

    #[wasm_bindgen]
    pub fn set_aside() -> String {
        r::set_aside()
    }

    #[wasm_bindgen]
    pub fn replay_save(id: &str) -> String {
        r::replay_save(id)
    }
}

fn main() {}
