//! The rest of the table: the notices and the live region, the lesson's coach mark, the prompt ("what now"), the step guide, the dice, the log, the decks
//! and sharing; `parts`, the table's parts drawn again only when what they show changed.

pub mod banner;
pub mod coach;
pub mod decision;
pub mod decks;
pub mod dice;
pub mod hint;
pub mod hud;
pub mod last_move;
pub mod log;
pub mod log_entry;
pub mod notices;
pub mod parts;
pub mod prompt;
pub mod settings;
pub mod share;
pub mod step_guide;
pub mod tray;
