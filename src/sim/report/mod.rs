//! Batches of games with a record of each, and the balance report built from them
//! (`unbroken report`, `scripts/balance.sh`).
//!
//! `runs`: playing and recording batches; `choices`: what the player chose, from the events; `figures`: the measures taken from records;
//! `experiments`: policies played against the bot's own play (`branch`, `rounds`: how); `lab`: the quick text
//! summary; `charts`: hand-written SVG; `goals` and `goals_box`: the goals of issue 12
//! (with `box_shape`, figures read from the box); `aims`: the aims of issue 3; `data`: the
//! batches a report plays; `tables`: the Markdown report.

mod aims;
mod box_shape;
mod branch;
mod charts;
pub mod choices;
mod data;
pub mod experiments;
mod figures;
mod goal_kit;
mod goals;
mod goals_box;
mod lab;
mod rounds;
mod runs;
mod tables;

pub use box_shape::{encounter_shape, EncounterShape};
pub use charts::{svg_monsters, svg_survival, svg_weapons, svg_win_rates};
pub use choices::{ChoiceCounts, Choices, Tally};
pub use data::{collect, collect_with, ReportData, ReportSettings, STRONG_SAMPLES};
pub use experiments::{Experiment, FOUR_RULES};
pub use figures::{
    band, by_character, monster_fates, monster_figures, monster_ok, spread, MonsterFigures,
    EFFORT_MIN, RANDOM_MAX_SHARE, SOMETIMES_MIN, SPREAD_AIM, TRIVIAL_MAX,
};
pub use lab::{lab_run, lab_text};
pub use runs::{
    batch_setup, play_recorded, run_batch, run_batch_with, run_batches, Batch, Fate, Record,
};
pub use tables::{markdown, write};
