//! The monster's combat roll told term by term (p. 28: the die, every modifier, the clamp), as the
//! table shows it: in the window that reacts to the roll and in the event that applies it.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::{words, CombatRoll, Event, Pending, RollModifier, Source};
use unbroken::engine::{Action, Difficulty};

/// A Hard battle (the monster rolls first, p. 18) against a Sneak who is Frightened (+1 to every
/// monster roll): the die shows 5, the window offering Dodge shows 5 + 1 = 6 (the Kobold's WOUND
/// 3), and after Dodge the roll that applies is 5 − 1 (Dodge) + 1 (Frightened) = 5 (a MISS).
#[test]
fn the_roll_is_shown_term_by_term() {
    let (mut g, _) = scenario(json!({
        "setup": {"seed": 1, "character": "sneak", "side": 0, "difficulty": "hard"},
        "level": 1, "step": "battle", "uses": 1,
        "resources": {"small": 8, "food": 3},
        "conditions": [{"id": "frightened"}],
        "monster": {"id": "kobold"},
        "dice": [5]
    }));
    let frightened = Source::Condition(idx("condition", "frightened"));
    let dodge = Source::Ability(2);
    let shown = match g.pending() {
        Pending::Respond { about, .. } => about.clone(),
        p => panic!("expected the monster-roll window, got {p:?}"),
    };
    assert_eq!(
        shown,
        Some(CombatRoll {
            die: 5,
            modifiers: vec![RollModifier {
                source: frightened,
                amount: 1
            }],
            result: 6,
        }),
        "the window shows the roll it reacts to"
    );
    let i = option_of(&g, |s| *s == dodge);
    let ev = act(&mut g, Action::Respond(i));
    let applied = CombatRoll {
        die: 5,
        modifiers: vec![
            RollModifier {
                source: dodge,
                amount: -1,
            },
            RollModifier {
                source: frightened,
                amount: 1,
            },
        ],
        result: 5,
    };
    let at = ev
        .iter()
        .position(|e| {
            *e == Event::CombatRolled {
                roll: applied.clone(),
            }
        })
        .expect("the applied roll, term by term");
    assert!(
        matches!(ev.get(at + 1), Some(Event::MonsterActs { result: 5, .. })),
        "the row of the result applies right after: {ev:?}"
    );
    assert_eq!(
        words::combat_roll(&db(), g.state(), &applied),
        "5 − 1 (Dodge) + 1 (Frightened) = 5"
    );
}

/// A roll nobody changed reads as the bare die, and its log says nothing more than the monster's
/// line; the clamp shows in the result (p. 28).
#[test]
fn an_unmodified_roll_is_the_die_and_the_clamp_shows() {
    let d = db();
    let g = new_game("sage", Difficulty::Normal, 1);
    let bare = CombatRoll {
        die: 3,
        modifiers: vec![],
        result: 3,
    };
    assert_eq!(words::combat_roll(&d, g.state(), &bare), "3");
    assert_eq!(
        words::event(&d, g.state(), &Event::CombatRolled { roll: bare }),
        None
    );
    let over = CombatRoll {
        die: 6,
        modifiers: vec![RollModifier {
            source: Source::Rules,
            amount: 2,
        }],
        result: 6,
    };
    assert_eq!(over.sum(), 8);
    assert_eq!(
        words::combat_roll(&d, g.state(), &over),
        "6 + 2 (the rules) = 6"
    );
}
