//! The smart bot (src/sim/smart/) on positions where its choice is clear.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::cards::Trigger;
use unbroken::engine::{apply, legal_actions, Action, Pending};
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

/// Just a Scratch and Power Through take the same ability use (p. 16). With Bare Hands against a
/// Kobold of 4 Health, the one use of Level I is worth more as a blow raised to kill than as 1
/// Small Effort kept: the bot lets the WOUND 2 through. When any blow kills, the use can buy
/// nothing else, and the bot takes the Small Effort.
#[test]
fn keeps_the_use_for_power_through_when_it_is_worth_more() {
    let cut_taken = |weapons: serde_json::Value, health: u8| {
        let (mut g, _) = scenario(json!({
            "setup": {"seed": 1, "character": "brawler", "side": 0, "difficulty": "normal"},
            "level": 1, "step": "battle", "resources": {"small": 13}, "uses": 1,
            "weapons": weapons,
            "monster": {"id": "kobold", "armor": 0, "health": health}, "dice": [4, 4, 4, 4]}));
        // Skip the turn and let the roll (4: WOUND 2) stand, up to the loss's window.
        for _ in 0..6 {
            let a = match g.pending() {
                Pending::Battle { .. } => Action::Skip,
                Pending::Respond {
                    trigger: Trigger::WoundLoss,
                    ..
                } => {
                    let mut bot = SmartBot::new();
                    return bot.choose(&g, &legal_actions(&g)) == Action::Respond(0);
                }
                Pending::Respond { .. } => Action::Pass,
                p => panic!("no WOUND window: {p:?}"),
            };
            apply(&mut g, a).expect("legal");
        }
        panic!("no WOUND window");
    };
    assert!(
        !cut_taken(json!([]), 4),
        "the use is kept for a raised blow"
    );
    assert!(
        cut_taken(json!(["club"]), 1),
        "any blow kills: the cut is taken"
    );
}
