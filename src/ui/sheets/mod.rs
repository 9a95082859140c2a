//! The physical sheets and cards on the table. The trackers and the monster sheet are
//! components with narrow props (they re-render only when what they show changed); the others
//! change with nearly every move and are plain functions (a component costs wasm). The monster
//! sheet's controls are [`Ctl`](super::widgets::controls::Ctl)s, compared by label and status.

pub mod actions_guide;
pub mod character;
pub mod monster;
pub mod resource_tracker;
pub mod skills;
pub mod time_tracker;
pub mod weapon;
