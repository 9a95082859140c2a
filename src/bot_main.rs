//! The bot module of the browser build (`unbroken-bot`, built by Trunk next to the app and
//! loaded by it only when the player first asks for a hint): the smart bot and what it says
//! (issue 14). It is a module of its own so the first download never carries the bot; the
//! service worker caches it with the rest of the release, so hints work offline.
//!
//! Exports take and give JSON text, like the records module's (`unbroken::records::bridge`
//! says why): the app already has serde_json for the saved game.

#[cfg(target_arch = "wasm32")]
mod exports {
    use std::cell::RefCell;
    use std::sync::Arc;
    use unbroken::content::CardDb;
    use unbroken::engine::{Game, SaveGame};
    use unbroken::sim::{hint as advise, review as judge, Brain};
    use wasm_bindgen::prelude::*;

    thread_local! {
        /// The bot's model of the box, built on the first hint (the slow part) and kept.
        static BRAIN: RefCell<Option<Arc<Brain>>> = const { RefCell::new(None) };
    }

    fn brain() -> Result<Arc<Brain>, String> {
        BRAIN.with(|b| {
            if let Some(x) = &*b.borrow() {
                return Ok(x.clone());
            }
            let db = CardDb::builtin().map_err(|e| e.to_string())?;
            let x = Arc::new(Brain::new(Arc::new(db)));
            *b.borrow_mut() = Some(x.clone());
            Ok(x)
        })
    }

    fn game(save_json: &str, brain: &Brain) -> Result<Game, String> {
        let save: SaveGame = serde_json::from_str(save_json).map_err(|e| e.to_string())?;
        Game::load(&save, brain.db.clone()).map_err(|e| e.to_string())
    }

    /// The bot's move for the saved game's position: `{"action":…,"label":…,"reason":…}`, or
    /// `{"error":"…"}` in words for the player.
    #[wasm_bindgen]
    pub fn hint(save_json: &str) -> String {
        let out = brain().and_then(|b| {
            let g = game(save_json, &b)?;
            advise(&b, &g).ok_or_else(|| "the game is over: there is nothing to decide".into())
        });
        match out {
            Ok(a) => serde_json::to_string(&a).unwrap_or_default(),
            Err(e) => serde_json::json!({ "error": e }).to_string(),
        }
    }

    /// The review of the saved game's moves `from..to` (issue 14, item 3), asked in chunks so the
    /// page can show progress: `{"total":…,"moves":[…]}` (see `unbroken::sim::Reviewed`), or
    /// `{"error":"…"}`.
    #[wasm_bindgen]
    pub fn review(save_json: &str, from: usize, to: usize) -> String {
        let out = brain().and_then(|b| {
            let save: SaveGame = serde_json::from_str(save_json).map_err(|e| e.to_string())?;
            let moves = judge(&b, &save, from, to)?;
            Ok((save.actions.len(), moves))
        });
        match out {
            Ok((total, moves)) => serde_json::json!({ "total": total, "moves": moves }).to_string(),
            Err(e) => serde_json::json!({ "error": e }).to_string(),
        }
    }
}

fn main() {}
