//! Unbroken: a pure rules engine ([`engine`]), the box as data ([`content`]), bots for the
//! simulator ([`sim`]), and — in the browser build only — the Yew UI and local storage.

// The box and the rules never panic on data: no unwrap or expect outside their tests.
#[cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
pub mod content;
#[cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
pub mod engine;
/// A small JSON codec for what the page keeps as text (saves, settings, a finished game's
/// record): serde_json's output, without its float and error-message code in the first download.
#[cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
pub mod json;
/// The guided first game: the lesson's deal, dice and steps (content/tutorial.json).
pub mod learn;
pub mod records;
pub mod share;
pub mod sim;

/// The records module's exports (browser build only; a module of its own, loaded on first need).
/// Saved games in the browser's local storage (browser build only).
#[cfg(target_arch = "wasm32")]
pub mod storage;
/// The Yew interface (the browser build; its reducer compiles everywhere and is unit-tested).
pub mod ui;
