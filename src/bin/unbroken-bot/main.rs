//! The bot module of the browser build (`unbroken-bot`, built by Trunk next to the app and
//! loaded only when the player first asks for a hint or a review): the smart bot. It is a
//! module of its own so the first download never carries the bot, and it runs in a worker
//! (static/bot-worker.js) so the table stays responsive while it thinks; the service worker
//! caches it with the rest of the release, so hints work offline.
//!
//! Its one export, `call`, takes the app's [`unbroken::sim::bridge::Request`] as postcard bytes
//! and gives back an `Answer` the same way (failures included, in words for the player); the
//! answering itself is `unbroken::sim::bridge::answer`, tested natively. The export must live
//! in this binary, not in the library, or the app's module would carry it too.

/// Talc, as the app has, instead of Rust's default wasm allocator: a fifth of its code.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
mod exports {
    use std::cell::RefCell;
    use std::sync::Arc;
    use unbroken::content::CardDb;
    use unbroken::sim::bridge::{answer, Answer};
    use unbroken::sim::Brain;
    use wasm_bindgen::prelude::*;

    thread_local! {
        /// The bot's model of the box, built on the first call (the slow part) and kept.
        static BRAIN: RefCell<Option<Arc<Brain>>> = const { RefCell::new(None) };
    }

    fn brain() -> Result<Arc<Brain>, String> {
        BRAIN.with(|b| {
            if let Some(x) = &*b.borrow() {
                return Ok(x.clone());
            }
            let db = CardDb::builtin().map_err(|e| format!("the cards could not be read: {e}"))?;
            let x = Arc::new(Brain::new(Arc::new(db)));
            *b.borrow_mut() = Some(x.clone());
            Ok(x)
        })
    }

    /// A [`unbroken::sim::bridge::Request`] as postcard bytes; its
    /// [`unbroken::sim::bridge::Answer`] as postcard bytes.
    #[wasm_bindgen]
    pub fn call(request: &[u8]) -> Vec<u8> {
        match brain() {
            Ok(b) => answer(&b, request),
            Err(e) => Answer::Failed(e),
        }
        .to_bytes()
    }
}

fn main() {}
