//! The smart bot's moves: the Travel Phase (`travel`), battle turns (`battle_turns`) and the
//! small decisions settled without lookahead (`small`: responses, rolls kept, skills, eating).
//! Each is a method of [`super::SmartBot`] priced by the model in [`super::value`].

mod battle_turns;
mod small;
mod travel;
