//! Batches of games with a record of each, and the balance report built from them
//! (`unbroken report`, `scripts/balance.sh`), by what each part does, every import pointing down
//! this list:
//! - `data`: what one report is made of: the batches it plays and its experiments;
//! - `write`: the Markdown report and its hand-written SVG charts (`markdown`, `charts`),
//!   and the quick text summary for balance work (`lab`);
//! - `goals`: the goals judged (`goal_table`: weapons, Time, difficulty and the table of
//!   every goal; `cards`: encounters, skills, abilities, monsters, verbs; `aims`: the win-rate
//!   bands and the monsters' criteria), measured with `kit`;
//! - `experiments`: policies played against the bot's own play (`policies`: which, on which
//!   games; `rounds`: every bot's games of a round in one pool);
//! - `measure`: the measures taken from records (`figures`), one experiment's comparison
//!   (`experiment`), and figures read from the box itself (`box_shape`);
//! - `play`: playing and recording batches (`runs`), what the player chose, from the events
//!   (`choices`), and policies played as branches of one game (`branch`).

mod data;
pub mod experiments;
mod goals;
mod measure;
mod play;
mod write;

pub use data::{collect, collect_with, ReportData, ReportSettings, STRONG_SAMPLES};
pub use measure::box_shape::{encounter_shape, EncounterShape};
pub use measure::experiment::{Experiment, FOUR_RULES};
pub use measure::figures::{
    band, by_character, monster_fates, monster_figures, monster_ok, spread, MonsterFigures,
    EFFORT_MIN, RANDOM_MAX_SHARE, SOMETIMES_MIN, SPREAD_AIM, TRIVIAL_MAX,
};
pub use play::choices::{ChoiceCounts, Choices, Tally};
pub use play::runs::{
    batch_setup, play_recorded, run_batch, run_batch_with, run_batches, Batch, Fate, Record,
};
pub use write::charts::{svg_monsters, svg_survival, svg_weapons, svg_win_rates};
pub use write::lab::{lab_run, lab_text};
pub use write::markdown::{markdown, write};
