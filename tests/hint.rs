//! Hints: the smart bot's move for the player's position, with its reason.
//! Every hint is legal, is what the smart bot itself plays there, never names a face-down
//! monster, and is the same for the same position (the CLI and the browser's bot module agree).

use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::{apply, legal_actions, Action, Difficulty, Game, Pending, Setup};
use unbroken::sim::{hint, Brain};

fn new_game(seed: u64, character: &str) -> Game {
    let db = Arc::new(CardDb::builtin().expect("the box"));
    let setup = Setup {
        seed,
        character: character.into(),
        side: 0,
        difficulty: Difficulty::Normal,
        easy_toggle: false,
    };
    Game::new(setup, db).expect("setup").0
}

/// Plays whole games by taking every hint, checking each one on the way.
#[test]
fn every_hint_is_legal_repeatable_and_hides_what_is_hidden() {
    let mut kinds = std::collections::BTreeSet::new();
    for (seed, who) in [(3, "sneak"), (8, "sage"), (21, "hunter"), (34, "brawler")] {
        let mut g = new_game(seed, who);
        let brain = Arc::new(Brain::new(g.db_arc()));
        for _ in 0..600 {
            if g.is_over() {
                break;
            }
            let advice = hint(&brain, &g).expect("a decision to advise on");
            let legal = legal_actions(&g);
            assert!(
                legal.contains(&advice.action),
                "{:?} not legal",
                advice.action
            );
            assert_ne!(advice.action, Action::Undo);
            assert!(
                advice.reason.ends_with('.') && advice.reason.len() > 10,
                "{}",
                advice.reason
            );
            // The same position gets the same hint, from a fresh model too (the CLI's case).
            let again = hint(&Arc::new(Brain::new(g.db_arc())), &g).expect("again");
            assert_eq!(again, advice);
            if g.state().monster.is_none() {
                for m in &g.db().monsters {
                    // "the Goblin", not an encounter card's "Goblin Chatter".
                    assert!(
                        !advice.reason.contains(&format!("the {}", m.name)),
                        "the hint names the face-down {}: {}",
                        m.name,
                        advice.reason
                    );
                }
            }
            kinds.insert(
                format!("{:?}", g.pending())
                    .split([' ', '{', '('])
                    .next()
                    .unwrap_or("")
                    .to_string(),
            );
            apply(&mut g, advice.action).expect("the hinted move is legal");
        }
        assert!(g.is_over(), "game {seed} did not end");
    }
    for k in ["Prepare", "Encounter", "Battle", "Respond"] {
        assert!(kinds.contains(k), "no hint in a {k} decision: {kinds:?}");
    }
}

/// A finished game has nothing to advise on.
#[test]
fn no_hint_once_the_game_is_over() {
    let mut g = new_game(5, "sneak");
    let brain = Arc::new(Brain::new(g.db_arc()));
    while let Some(a) = hint(&brain, &g) {
        apply(&mut g, a.action).expect("legal");
    }
    assert!(matches!(g.pending(), Pending::Over(_)));
}
