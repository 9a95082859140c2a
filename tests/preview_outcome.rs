//! Previews are the outcome: an attack's preview runs on through the player's own response
//! window (p. 12) and through the monster's passives (the wound cap, p. 17), says when a higher
//! Effort pays a lower cost (p. 10), and every attack's label shows the power it will really
//! have (p. 12: passives apply), naming the cards that moved it from the printed figure.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::words;
use unbroken::engine::{
    apply, candidate_actions, derived, legal_moves, preview, Action, Difficulty, Event, Game,
    Pending,
};

fn battle(character: &str, weapon: &str, extra: serde_json::Value) -> Game {
    let mut v = json!({
        "setup": {"seed": 1, "character": character, "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 10}, "uses": 1,
        "weapons": [weapon],
        "monster": {"id": "giant_spider", "armor": 0, "health": 6}, "dice": [1, 1, 1, 1]});
    if let (Some(o), Some(e)) = (v.as_object_mut(), extra.as_object()) {
        for (k, x) in e {
            o.insert(k.clone(), x.clone());
        }
    }
    scenario(v).0
}

/// Weakened takes 1 from Wounding attacks (its card): the Axe's 4 is shown as 3, with the card
/// that lowered it and the printed figure.
#[test]
fn an_attack_label_shows_its_effective_power() {
    let g = battle(
        "brawler",
        "axe",
        json!({"conditions": [{"id": "weakened"}]}),
    );
    let label = words::action(g.db(), g.state(), &Action::Attack(1));
    assert_eq!(
        label,
        "Wounding attack 3 (2 Small Effort) — Weakened, printed 4"
    );
    let plain = battle("brawler", "axe", json!({}));
    let label = words::action(plain.db(), plain.state(), &Action::Attack(1));
    assert_eq!(label, "Wounding attack 4 (2 Small Effort)");
}

/// The Hunter's Spot the Weak Point waits in a window after a Wounding attack is chosen; the
/// preview passes it (the outcome if no response is used): Health 6 → 2, not just the cost.
#[test]
fn an_attack_preview_runs_through_the_players_window() {
    let g = battle("hunter", "axe", json!({}));
    let p = preview(&g, &Action::Attack(1)).expect("legal");
    assert_eq!(p.passed, 1, "the Wounding window was passed");
    assert_eq!(p.monster.map(|m| m.health), Some(2));
    let mut after = g.clone();
    apply(&mut after, Action::Attack(1)).expect("legal");
    assert!(matches!(after.pending(), Pending::Respond { .. }));
}

/// The Abomination suffers at most 3 wounds a round (its sheet): the Axe's 7 takes 3 Health.
#[test]
fn a_preview_applies_the_wound_cap() {
    let g = battle(
        "sage",
        "axe",
        json!({"level": 2, "resources": {"small": 10, "medium": 1},
            "monster": {"id": "abomination", "armor": 0, "health": 6}}),
    );
    let p = preview(&g, &Action::Attack(2)).expect("legal");
    assert_eq!(p.monster.map(|m| m.health), Some(3));
}

/// A Medium Effort cost with no Medium Effort held is paid with a Large one (p. 10), and the
/// preview says so.
#[test]
fn a_preview_names_a_cost_paid_up() {
    let g = battle(
        "sage",
        "axe",
        json!({"resources": {"small": 10, "large": 1}}),
    );
    let p = preview(&g, &Action::Attack(2)).expect("legal");
    assert_eq!(p.paid_up.len(), 1, "{:?}", p.paid_up);
    assert_eq!((p.paid_up[0].asked.medium, p.paid_up[0].paid.large), (1, 1));
    let p = preview(&g, &Action::Attack(1)).expect("legal");
    assert!(p.paid_up.is_empty(), "Small Effort pays a Small cost");
}

/// The power an attack label shows, read back from its words.
fn label_power(label: &str) -> Option<u8> {
    let rest = label.split(" attack ").nth(1)?;
    rest.split(' ').next()?.parse().ok()
}

/// Over seeded random games, at every turn in battle, every attack's label shows its effective
/// power: the rules' own figure, and the power the attack then resolves with when no response is
/// used (the `Attacked` event of its preview).
#[test]
fn every_attack_label_equals_its_effective_power() {
    let mut checked = 0;
    for seed in 0..400u64 {
        let ch = ["sneak", "sage", "hunter", "brawler"][(seed % 4) as usize];
        let d = Difficulty::ALL[(seed / 4 % 3) as usize];
        let mut g = new_game(ch, d, seed * 31 + 7);
        let mut pick = seed | 1;
        for _ in 0..3000 {
            if g.is_over() {
                break;
            }
            if matches!(g.pending(), Pending::Battle { .. }) {
                let (s, db) = (g.state(), g.db());
                for a in candidate_actions(&g) {
                    let Action::Attack(i) = a else { continue };
                    let Some(at) = derived::weapon(s, db).and_then(|w| w.attacks.get(i as usize))
                    else {
                        continue;
                    };
                    let label = words::action(db, s, &a);
                    let power = derived::attack_power(s, db, at.kind, at.power, 0);
                    assert_eq!(label_power(&label), Some(power), "{label}");
                    checked += 1;
                    if let Ok(p) = preview(&g, &a) {
                        for e in &p.events {
                            if let Event::Attacked { power: real, .. } = e {
                                assert_eq!(*real, power, "{label} resolves with {real}");
                            }
                        }
                    }
                }
            }
            let moves: Vec<Action> = legal_moves(&g);
            pick ^= pick << 13;
            pick ^= pick >> 7;
            pick ^= pick << 17;
            let a = moves[(pick % moves.len() as u64) as usize];
            apply(&mut g, a).expect("legal");
        }
    }
    assert!(checked > 1000, "attack labels checked: {checked}");
}

/// DEFEND (p. 28): the Hyena's 3 makes it ignore the next weapon attack. The attack's preview
/// says so (no Health lost, only the cost paid), and the chance that follows it is the monster's
/// roll, not any chance.
#[test]
fn a_preview_says_defend_ignores_the_attack() {
    let g = battle(
        "brawler",
        "club",
        json!({"monster": {"id": "hyena", "armor": 0, "health": 5}, "dice": [3, 5, 5, 5]}),
    );
    let before = preview(&g, &Action::Attack(1)).expect("legal");
    assert!(!before.attack_ignored(), "no DEFEND yet");
    let mut g = g;
    apply(&mut g, Action::Skip).expect("legal");
    while let Pending::Respond { .. } = g.pending() {
        apply(&mut g, Action::Pass).expect("legal");
    }
    assert!(
        g.state().monster.as_ref().is_some_and(|m| m.defending),
        "the Hyena rolled DEFEND"
    );
    assert!(matches!(g.pending(), Pending::Battle { .. }));
    let p = preview(&g, &Action::Attack(1)).expect("legal");
    assert!(p.attack_ignored(), "{:?}", p.events);
    assert_eq!(p.monster.map(|m| m.health), Some(5), "no wound");
    assert!(
        p.stock.get(unbroken::engine::res::Res::Small)
            < g.state().stock.get(unbroken::engine::res::Res::Small),
        "the attack is still paid"
    );
    assert!(
        p.chance && p.monster_rolls(),
        "then the monster rolls: {:?}",
        p.chance_at
    );
    // The attack the DEFEND waits for: apply agrees.
    let mut after = g.clone();
    let events = apply(&mut after, Action::Attack(1)).expect("legal");
    assert!(events.iter().any(|e| matches!(e, Event::AttackIgnored)));
    assert_eq!(after.state().monster.as_ref().map(|m| m.health), Some(5));
}
