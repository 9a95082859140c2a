//! Batches of games with a record of each, and the balance report built from them
//! (`unbroken report`, `scripts/balance.sh`).
//!
//! [`runs`]: playing and recording batches; [`choices`]: what the player chose, from the events; [`figures`]: the measures taken from records;
//! [`lab`]: the quick text summary; [`charts`]: hand-written SVG; [`aims`]: how far each aim is
//! met; [`tables`]: the Markdown report.

mod aims;
mod charts;
pub mod choices;
mod figures;
mod lab;
mod runs;
mod tables;

pub use charts::{svg_monsters, svg_survival, svg_win_rates};
pub use choices::{Choices, Tally};
pub use figures::{
    band, by_character, monster_fates, monster_figures, monster_ok, spread, MonsterFigures,
    EFFORT_MIN, RANDOM_MAX_SHARE, SOMETIMES_MIN, SPREAD_AIM, TRIVIAL_MAX,
};
pub use lab::lab_text;
pub use runs::{batch_setup, play_recorded, run_batch, run_batch_with, Fate, Record};
pub use tables::{collect, markdown, write, ReportData};
