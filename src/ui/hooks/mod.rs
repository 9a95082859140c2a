//! The app's effects, each a hook: saving after every change (`autosave`), the `u` key that
//! undoes (`undo_key`), focus on the new decision (`focus`), background work once the player
//! is idle (`idle`), and the read-only probe the browser tests read (`probe`).

pub mod autosave;
pub mod focus;
pub mod idle;
pub mod probe;
pub mod undo_key;
