//! Policy experiments: the same Normal games played again with the bot forced or forbidden to
//! make one choice, against the bot's own play. `policies` says which policies, on which games,
//! and plays them; `rounds` plays every bot's games of one round in a single pool of jobs.

pub(super) mod policies;
pub(super) mod rounds;

pub use super::measure::experiment::{
    Experiment, COMMIT_AIM, FOUR_RULES, NOAMB, NOAMB_AIM, NOAMB_PEEK, NOENC_AIM, SKILL_AIM,
};
