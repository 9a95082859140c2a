//! Browser storage (wasm32 only). Each kind of data has its own module and its own keys, so one
//! cannot break another: [`game`] holds the game in progress.

pub mod game;

/// The browser's local storage, if it lets the page use it (not with storage disabled, as in
/// some private modes): every module here, and the app's settings, reach it through this.
pub fn local() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The scorepad, achievements and statistics: their own keys, apart from the saved game.
pub mod records;
