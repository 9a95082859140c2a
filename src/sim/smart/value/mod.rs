//! The smart bot's model of the game and its valuations, all in Small Effort: the model built
//! once per card set (`brain`) and its knobs (`tuning`); what resources and upgrades
//! (`resources`), conditions (`conditions`), battles (`battle_prices`) and a monster's roll
//! (`rolls`) are worth; a whole position (`position`); the values remembered for the decisions
//! of one game (`game_cache`); and the model's figures as text (`breakdown`).

pub(super) mod battle_prices;
pub(super) mod brain;
pub(super) mod breakdown;
pub(super) mod conditions;
pub(super) mod game_cache;
pub(super) mod position;
pub(super) mod resources;
pub(super) mod rolls;
pub(super) mod tuning;

pub use brain::Brain;
pub use game_cache::Cache;
pub use tuning::Tuning;
