//! Unbroken: a pure rules engine ([`engine`]), the box as data ([`content`]), bots for the
//! simulator ([`sim`]), and — in the browser build only — the Yew UI and local storage.

pub mod content;
pub mod engine;
pub mod records;
pub mod share;
pub mod sim;

/// Saved games in the browser's local storage (browser build only).
#[cfg(target_arch = "wasm32")]
pub mod storage;
/// The Yew interface (browser build only).
#[cfg(target_arch = "wasm32")]
pub mod ui;
