//! The Yew interface. `app` picks the screen (the table's module); `front` is the title screen
//! of a first visit in a module of its own, which hands the player's choice (`opening`) to the
//! table's module; `reducer` is the one reducer, the only place
//! that calls the engine's `apply` (it compiles on every target, so `cargo test` checks it);
//! `moments` what one move did (banner, counters); `hooks` hold the effects (autosave, the undo key, focus, the tests' probe); `screens` are
//! whole screens (the board, the replay, title and end); `sheets` are the physical sheets and
//! cards, one component each with narrow props; `panels` the rest of the table (the prompt,
//! step guide, dice, log, decks, sharing); `widgets` the small shared pieces (action buttons,
//! tooltips, icons); `lazy` the one loader of the lazily loaded WebAssembly modules (records,
//! bot) and `bot` the bot module's client (hints and reviews).
//!
//! Components only emit engine `Action`s. Every control is rendered from the engine: enabled
//! exactly when `check` accepts it, otherwise it shows the rule's reason.

pub mod choices;
pub mod keymap;
pub mod link;
pub mod moments;
pub mod opening;
pub mod readout;
pub mod reducer;

#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod bot;
#[cfg(target_arch = "wasm32")]
mod front;
#[cfg(target_arch = "wasm32")]
mod hooks;
#[cfg(target_arch = "wasm32")]
pub mod lazy;
#[cfg(target_arch = "wasm32")]
mod panels;
#[cfg(target_arch = "wasm32")]
pub mod records;
#[cfg(target_arch = "wasm32")]
mod screens;
#[cfg(target_arch = "wasm32")]
mod sheets;
#[cfg(target_arch = "wasm32")]
pub mod widgets;

#[cfg(target_arch = "wasm32")]
pub use app::start;
/// The title screen's own module starts here (src/bin/unbroken-title.rs).
#[cfg(target_arch = "wasm32")]
pub use front::start as start_title;
/// The records module finds sharing helpers here (`super::share`).
#[cfg(target_arch = "wasm32")]
use panels::share;
