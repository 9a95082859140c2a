//! The physical sheets and cards on the table, one `#[function_component]` each. Their props
//! are narrow (the figures a sheet shows, its controls as [`Ctl`](super::widgets::controls::Ctl)s,
//! or the position compared by revision), so a sheet re-renders only when what it shows changed.

pub mod actions_guide;
pub mod character;
pub mod monster;
pub mod resource_tracker;
pub mod skills;
pub mod time_tracker;
pub mod weapon;
