//! The app's effects, each a hook: saving after every change (`autosave`), the keyboard
//! (`keys`: the keymap table's keys), the player's settings kept in local storage
//! (`settings`), tooltips on intent only (`tips`), focus on the new decision and into and out of
//! dialogs (`focus`), background work once the player is idle (`idle`), whether the page has the
//! phone's layout (`narrow`), and the read-only probe the browser tests read (`probe`).

pub mod autosave;
pub mod focus;
pub mod idle;
pub mod keys;
pub mod narrow;
pub mod probe;
pub mod settings;
pub mod tips;
