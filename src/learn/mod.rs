//! The guided first game ("Learn to play"): a fixed deal with scripted dice
//! whose every step asks for one move, with a short coach mark saying why. The words and the
//! moves are content (`content/tutorial.json`, checked and compiled in by build.rs); this module
//! turns them into a game and says where a game stands in the lesson. The game itself is an
//! ordinary one, played by the same engine with every rule enforced: the lesson only narrows the
//! moves offered to the one it teaches (the app's `View::only`), and once its steps are done the
//! game plays on freely as practice.
//!
//! A lesson is told apart from every other game by its deal and its dice (no deal link or new
//! game has scripted dice), so the app keeps it out of the game slot and the records without a
//! flag that could be lost on the way.

use crate::content::CardDb;
use crate::engine::{Action, Difficulty, Event, Game, Setup, SetupError};
use std::sync::Arc;

/// One step of the lesson: the move it asks for and what the coach says about it.
#[derive(Debug, PartialEq, Eq)]
pub struct Step {
    /// The part of the game it teaches ("Preparation", "Battle", …).
    pub lesson: &'static str,
    /// The coach mark's heading.
    pub title: &'static str,
    /// The place of the table the words are about (`time`, `monster`, … or empty), which the
    /// table outlines while the step is shown.
    pub look: &'static str,
    /// The move the step asks for.
    pub play: Action,
}

include!(concat!(env!("OUT_DIR"), "/tutorial.rs"));

/// Every step, in order (one move each).
pub fn steps() -> &'static [Step] {
    STEPS
}

/// The heading shown once every step is done.
pub fn done_title() -> &'static str {
    DONE_TITLE
}

/// The coach's words for step `i` (`i` = the number of steps: the closing words); `{time}` and
/// `{monster}` are filled in by [`words`]. Native builds only: the browser has them from the
/// words file (`content/tutorial.json`'s own text, loaded when a game is first on the table).
#[cfg(not(target_arch = "wasm32"))]
pub fn say(i: usize) -> &'static str {
    SAYS.get(i).copied().unwrap_or_default()
}

/// The lesson's deal.
pub fn setup() -> Setup {
    Setup {
        seed: SEED,
        character: CHARACTER.to_string(),
        side: SIDE,
        difficulty: DIFFICULTY,
        easy_toggle: false,
    }
}

/// The lesson's game from its first move, with the setup's events.
pub fn start(db: Arc<CardDb>) -> Result<(Game, Vec<Event>), SetupError> {
    Game::with_script(setup(), db, DICE.to_vec())
}

/// Whether `g` is the lesson's game (its deal and its scripted dice).
pub fn is_lesson(g: &Game) -> bool {
    g.script() == DICE && g.state().setup == setup()
}

/// Where the lesson stands in `g`: the index and step waiting for its move, or `None` when `g`
/// is not the lesson, every step is done, or a move off the script was made (never offered, but
/// a save could hold one).
pub fn step_of(g: &Game) -> Option<(usize, &'static Step)> {
    if !is_lesson(g) {
        return None;
    }
    let n = g.log().len();
    let on_script = g.log().iter().zip(STEPS).all(|(a, s)| *a == s.play);
    STEPS
        .get(n)
        .filter(|_| on_script && !g.is_over())
        .map(|s| (n, s))
}

/// A step's words for the position they are shown in: `{time}` becomes the Time left and
/// `{monster}` the revealed monster's name (build.rs admits no other braces).
pub fn words(g: &Game, text: &str) -> String {
    let s = g.state();
    let monster = s
        .monster
        .as_ref()
        .and_then(|m| g.db().monster(m.card))
        .map(|m| m.name.as_str())
        .unwrap_or("monster");
    let mut parts = text.split('{');
    let mut out = String::from(parts.next().unwrap_or_default());
    for part in parts {
        if let Some(rest) = part.strip_prefix("time}") {
            out += &s.time.to_string();
            out += rest;
        } else if let Some(rest) = part.strip_prefix("monster}") {
            out += monster;
            out += rest;
        } else {
            out.push('{');
            out += part;
        }
    }
    out
}
