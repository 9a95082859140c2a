//! Playing games for the report: batches on several threads with a record of each (`runs`),
//! what the player chose in a game, read from the engine's events (`choices`), and policy
//! experiments played as branches of one free game (`branch`).

pub(super) mod branch;
pub mod choices;
pub(super) mod runs;
