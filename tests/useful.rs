//! A choice that can change nothing is not offered (engine::useful): it stays among the
//! candidates with its reason, so the screen can say why, and the bots never waste a move on it.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::{
    candidate_actions, check, legal_actions, Action, Difficulty, Pending, RuleError, Source,
};

/// Read the Tracks reveals the monster (p. 21); once it is revealed the ability would only cost.
#[test]
fn read_the_tracks_after_the_reveal_is_refused() {
    let mut g = new_game("hunter", Difficulty::Normal, 3);
    let read = Action::Ability(0);
    assert_eq!(check(&g, &read), Ok(()), "the monster is still hidden");
    act(&mut g, Action::Scout);
    assert!(g.state().monster.is_some(), "scouting revealed the monster");
    assert_eq!(
        check(&g, &read),
        Err(RuleError::ChangesNothing {
            name: "Read the Tracks".into()
        })
    );
    assert!(
        candidate_actions(&g).contains(&read),
        "still shown, with its reason"
    );
    assert!(!legal_actions(&g).contains(&read));
    assert_eq!(
        RuleError::ChangesNothing {
            name: "Read the Tracks".into()
        }
        .to_string(),
        "Read the Tracks would change nothing now"
    );
}

/// Focus gains a Medium Effort: with that bar full (7, RULINGS), it would only cost 4 Small.
#[test]
fn a_gain_onto_a_full_bar_is_refused() {
    let (g, _) = scenario(json!({"level": 1, "step": "prepare",
        "resources": {"small": 10, "medium": 7}}));
    assert!(matches!(g.pending(), Pending::Prepare));
    assert_eq!(
        check(&g, &Action::General(0)),
        Err(RuleError::ChangesNothing {
            name: "Focus".into()
        })
    );
    let (g, _) = scenario(json!({"level": 1, "step": "prepare",
        "resources": {"small": 10, "medium": 6}}));
    assert_eq!(check(&g, &Action::General(0)), Ok(()), "room for one more");
}

/// Dodge lowers the monster's roll by 1 (p. 16); on a 1 the row cannot move (the clamp, p. 28),
/// so it is not offered, while on a 2 it is.
#[test]
fn dodge_on_a_one_is_not_offered() {
    let dodge_offered = |die: u8| {
        let (g, _) = scenario(json!({
            "setup": {"seed": 1, "character": "sneak", "side": 0, "difficulty": "hard"},
            "level": 1, "step": "battle", "uses": 1,
            "resources": {"small": 8, "food": 3},
            "monster": {"id": "kobold"},
            "dice": [die]
        }));
        match g.pending() {
            Pending::Respond { options, .. } => {
                options.iter().any(|o| o.source == Source::Ability(2))
            }
            _ => false,
        }
    };
    assert!(dodge_offered(2), "on a 2 Dodge can make it a 1");
    assert!(!dodge_offered(1), "on a 1 Dodge changes nothing");
}

/// A window that opens for one response that can help (Lucky Charm's re-roll, chance may help)
/// still shows those that cannot (Dodge and Feint on a 1, p. 16, p. 28): after the useful one,
/// each refused by `check` with its own reason, so the screen can say why and no one pays for
/// them.
#[test]
fn idle_responses_are_shown_but_refused() {
    let (g, _) = scenario(json!({
        "setup": {"seed": 1, "character": "sneak", "side": 0, "difficulty": "hard"},
        "level": 1, "step": "battle", "uses": 1,
        "resources": {"small": 8, "food": 3, "cunning": 2, "treasure": 2},
        "skills": ["feint", "lucky_charm"],
        "monster": {"id": "kobold"},
        "dice": [1, 4]
    }));
    let Pending::Respond { options, .. } = g.pending() else {
        panic!("a window on the monster's roll, got {:?}", g.pending());
    };
    let sources: Vec<(Source, bool)> = options
        .iter()
        .map(|o| (o.source, o.changes_nothing))
        .collect();
    assert_eq!(sources.len(), 3, "{sources:?}");
    assert!(!sources[0].1 && sources[1].1 && sources[2].1, "{sources:?}");
    assert_eq!(sources[1].0, Source::Ability(2), "Dodge, flagged");
    assert_eq!(check(&g, &Action::Respond(0)), Ok(()));
    assert_eq!(
        check(&g, &Action::Respond(1)),
        Err(RuleError::ChangesNothing {
            name: "Dodge".into()
        })
    );
    assert_eq!(
        check(&g, &Action::Respond(2)),
        Err(RuleError::ChangesNothing {
            name: "Feint".into()
        })
    );
    let cands = candidate_actions(&g);
    assert!(cands.contains(&Action::Respond(1)) && cands.contains(&Action::Respond(2)));
    let legal = legal_actions(&g);
    assert!(!legal.contains(&Action::Respond(1)) && !legal.contains(&Action::Respond(2)));
    // Use the charm: the idle options leave with it, as they did when they were never shown,
    // so a game saved before they were shown replays move for move (the turn goes on).
    let mut g = g;
    act(&mut g, Action::Respond(0));
    assert_eq!(
        *g.pending(),
        Pending::ChooseRoll {
            first: 1,
            second: 4
        }
    );
    act(&mut g, Action::KeepRoll(1));
    assert!(
        matches!(g.pending(), Pending::Battle { .. }),
        "no window re-opens on idle options alone: {:?}",
        g.pending()
    );
}

/// p. 28: no row of a monster's table helps the player, so while the roll points at a MISS a
/// response that only moves it (Dodge) can make it no better: the window is not asked. On a
/// harmful row it is. (Hard: the monster rolls first, p. 18; the Kobold's row 3 is a MISS.)
#[test]
fn no_roll_window_on_a_miss() {
    let window_at = |die: u8| {
        let (g, _) = scenario(json!({
            "setup": {"seed": 1, "character": "sneak", "side": 0, "difficulty": "hard"},
            "level": 1, "step": "battle", "uses": 1, "resources": {"small": 8},
            "monster": {"id": "kobold"}, "dice": [die]}));
        matches!(g.pending(), Pending::Respond { .. })
    };
    assert!(!window_at(3), "a MISS is not asked about");
    assert!(!window_at(5), "a MISS is not asked about");
    assert!(window_at(4), "WOUND 2: Dodge would make it a MISS");
}

/// p. 12: mandatory responses that trigger together are ordered by the player, but when every
/// order gives the same position they resolve by themselves: the Hobgoblin's +1 Health, Paranoid's
/// +2 Health and Clear Head's +1 Small Effort at the battle's start.
#[test]
fn mandatory_responses_whose_order_is_moot_resolve_by_themselves() {
    let (g, _) = scenario(json!({
        "setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 3, "step": "trickery", "uses": 3, "resources": {"small": 8},
        "skills": ["clear_head"], "conditions": [{"id": "paranoid"}],
        "monster": {"id": "hobgoblin"}}));
    let mut g = g;
    let h0 = g.state().monster.as_ref().map(|m| m.health).unwrap_or(0);
    if matches!(g.pending(), Pending::Trickery) {
        act(&mut g, Action::Fight);
    }
    assert!(
        matches!(g.pending(), Pending::Battle { .. }),
        "no window to order: {:?}",
        g.pending()
    );
    assert_eq!(g.state().monster.as_ref().map(|m| m.health), Some(h0 + 3));
    assert_eq!(g.state().stock.get(unbroken::engine::res::Res::Small), 9);
}

/// When an order can change the outcome the player orders them: the Wererat's attack at the
/// battle's start rolls the die, and Paranoid's Health must come before or after it as the
/// player says (p. 12).
#[test]
fn mandatory_responses_whose_order_may_matter_are_asked() {
    let (mut g, _) = scenario(json!({
        "setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "trickery", "uses": 1, "resources": {"small": 8},
        "conditions": [{"id": "paranoid"}],
        "monster": {"id": "wererat"}, "dice": [3]}));
    if matches!(g.pending(), Pending::Trickery) {
        act(&mut g, Action::Fight);
    }
    match g.pending() {
        Pending::Respond { options, .. } => {
            assert_eq!(options.len(), 2);
            assert!(options.iter().all(|o| o.mandatory));
        }
        p => panic!("expected the player to order them: {p:?}"),
    }
}

/// A power bonus that adds nothing to the blow (the attack already takes the monster's last
/// Health, p. 29) is not asked about: the Hunter's Spot the Weak Point after the Axe's 4 against
/// 3 Health. Against 6 Health it is.
#[test]
fn no_power_window_when_the_blow_already_kills() {
    let window_after_attack = |health: u8| {
        let (mut g, _) = scenario(json!({
            "setup": {"seed": 1, "character": "hunter", "side": 0, "difficulty": "normal"},
            "level": 1, "step": "battle", "uses": 1, "resources": {"small": 8},
            "weapons": ["axe"], "monster": {"id": "giant_spider", "armor": 0, "health": health},
            "dice": [3, 3]}));
        act(&mut g, Action::Attack(1));
        matches!(g.pending(), Pending::Respond { .. })
    };
    assert!(!window_after_attack(3), "the Axe's 4 kills a spider of 3");
    assert!(window_after_attack(6), "4 + 1 against 6 is a better blow");
}
