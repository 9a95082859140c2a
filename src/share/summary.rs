//! The one-click result summary: character, difficulty, outcome, score, rank and the deal link.

use crate::content::CardDb;
use crate::engine::{Game, Outcome, Pending};

/// A short text to paste anywhere. `base_url` is the page's address without its query.
pub fn result_text(g: &Game, base_url: &str) -> String {
    let s = g.state();
    let db: &CardDb = g.db();
    let ch = db.character(s.character);
    let class = ch.map(|c| c.name.as_str()).unwrap_or("");
    let who = ch.and_then(|c| c.adventurer(s.setup.side)).unwrap_or("");
    let outcome = match g.pending() {
        Pending::Over(Outcome::Victory { score, rank }) => {
            format!("Victory, {score} points ({rank})")
        }
        Pending::Over(Outcome::Defeat { level, cause }) => {
            format!("Defeat on level {level}: {cause}")
        }
        _ => format!("In progress on level {}", s.level),
    };
    format!(
        "Unbroken — {who} the {class}, {}: {outcome}. Play the same deal: {base_url}{}",
        s.setup.difficulty.name(),
        super::link::deal_query(&s.setup)
    )
}
