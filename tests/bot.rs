//! The smart bot (src/sim/smart/) on positions where its choice is clear.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::{legal_actions, Action, Pending};
use unbroken::sim::{play_step, Bot, SmartBot};

/// A wounding attack raised by the character's wounding-chosen response (the Hunter's Spot the
/// Weak Point) kills the monster now: the bot attacks and takes the response, instead of
/// skipping turns while the battle model counts on that attack.
#[test]
fn attacks_when_a_raised_wound_kills() {
    let (mut g, _) = scenario(json!({
        "setup": {"seed": 1, "character": "hunter", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 13}, "uses": 1,
        "monster": {"id": "giant_spider", "armor": 0, "health": 3}, "dice": [1, 1, 1, 1]}));
    let mut bot = SmartBot::new();
    let first = bot.choose(&g, &legal_actions(&g));
    assert!(matches!(first, Action::Attack(_)), "chose {first:?}");
    for _ in 0..4 {
        if !matches!(
            g.pending(),
            Pending::Battle { .. } | Pending::Respond { .. }
        ) {
            break;
        }
        assert!(play_step(&mut g, &mut bot));
    }
    assert!(
        g.state().monster.is_none() || g.state().stats.defeated.len() == 1,
        "the spider still stands: {:?}",
        g.pending()
    );
}
