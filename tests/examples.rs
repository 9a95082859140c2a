//! The rulebook's worked examples, reproduced move by move.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::event::RollFor;
use unbroken::engine::res::Res;
use unbroken::engine::{Action, Event, Pending, Source};

/// Rules Reference pp. 29–31: the Sneak against the Basilisk. Paranoid from the Dark Elf raises
/// its Health to 14, Daring gives 4 Small Effort, the Basilisk's Metal skips the Paralysis roll,
/// the Sword breaks its single Armor, Wrecker grants another attack whose 5 wounds are capped at
/// 4, and a rolled 6 is dodged to a 5: lose 1 Food. One ability use is left of the two.
#[test]
fn sneak_against_the_basilisk() {
    let (mut g, _) = scenario(json!({
        "setup": {"seed": 1, "character": "sneak", "side": 0, "difficulty": "normal"},
        "level": 4,
        "step": "battle",
        "resources": {"small": 10, "large": 1, "metal": 1, "food": 2},
        "uses": 2,
        "weapons": ["bare_hands", "knife", "sword"],
        "skills": ["wrecker", "daring"],
        "conditions": [{"id": "paranoid"}],
        "monster": {"id": "basilisk"},
        "dice": [6]
    }));
    let basilisk = idx("monster", "basilisk");
    let paranoid = idx("condition", "paranoid");
    let paralyzed = idx("condition", "paralyzed");
    let daring = idx("skill", "daring");
    let wrecker = idx("skill", "wrecker");

    // Battle start: three responses; the player orders them (p. 12).
    match g.pending() {
        Pending::Respond { options, .. } => assert_eq!(options.len(), 3),
        p => panic!("expected the battle-start window, got {p:?}"),
    }
    let i = option_of(&g, |s| *s == Source::Monster(basilisk));
    act(&mut g, Action::Respond(i));
    let i = option_of(&g, |s| *s == Source::Condition(paranoid));
    let ev = act(&mut g, Action::Respond(i));
    assert!(ev.contains(&Event::MonsterGained {
        armor: 0,
        health: 2
    }));
    let i = option_of(&g, |s| *s == Source::Skill(daring));
    act(&mut g, Action::Respond(i));
    assert_eq!(
        g.state().stock.get(Res::Small),
        14,
        "Daring: 4 Small Effort at level 4"
    );
    let m = g.state().monster.clone().expect("monster");
    assert_eq!((m.armor, m.health), (1, 14));
    let p = g
        .state()
        .conditions
        .iter()
        .find(|c| c.card == paralyzed)
        .expect("paralyzed");
    assert_eq!(p.tokens, 2);

    // Before the turn: pay the Metal instead of rolling for Paralysis.
    let i = option_of(&g, |s| *s == Source::Monster(basilisk));
    act(&mut g, Action::Respond(i));
    assert_eq!(g.state().stock.get(Res::Metal), 0);
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });

    // Sword, Armor-Breaking for 1 Small Effort.
    let ev = act(&mut g, Action::Attack(0));
    assert!(ev.contains(&Event::ArmorBroken { amount: 1, left: 0 }));
    let i = option_of(&g, |s| *s == Source::Skill(wrecker));
    act(&mut g, Action::Respond(i));
    assert_eq!(g.pending(), &Pending::Battle { attack_only: true });

    // Wounding: 1 Large + 2 Small for 5, capped at 4 by the Basilisk.
    let ev = act(&mut g, Action::Attack(1));
    assert!(ev.contains(&Event::WoundsInflicted {
        amount: 4,
        left: 10
    }));
    assert!(ev.contains(&Event::WoundsPrevented { amount: 1 }));
    assert!(ev.contains(&Event::DieRolled {
        purpose: RollFor::Combat,
        value: 6
    }));
    // Dodge: spend 1 Small Effort, roll −1.
    let i = option_of(&g, |s| *s == Source::Ability(2));
    let ev = act(&mut g, Action::Respond(i));
    assert!(ev.contains(&Event::RollChanged { from: 6, to: 5 }));
    assert!(ev.contains(&Event::MonsterActs {
        roll: 5,
        result: 5,
        verb: "STEAL".into()
    }));
    let s = g.state();
    assert_eq!(s.stock.get(Res::Food), 1, "STEAL: lose 1 Food");
    assert_eq!(s.uses, 1, "one ability use left of two");
    assert_eq!(s.stock.get(Res::Small), 14 - 1 - 2 - 1);
    assert_eq!(s.stock.get(Res::Large), 0);
    assert_eq!(s.monster.as_ref().map(|m| m.health), Some(10));
}

/// Rules Reference p. 32: after the Level 3 Minotaur the Huntress must eat 3 Food, has 2, eats
/// 1: she gains 1 Small Effort, then loses 1 + 2 = 3 for the two she did not eat.
#[test]
fn huntress_hunger_after_the_minotaur() {
    let (mut g, _) = scenario(json!({
        "setup": {"seed": 5, "character": "hunter", "side": 0, "difficulty": "normal"},
        "level": 3,
        "step": "hunger",
        "resources": {"small": 6, "food": 2},
        "monster": {"id": "minotaur"}
    }));
    assert_eq!(g.pending(), &Pending::Hunger { requirement: 3 });
    let ev = act(&mut g, Action::Eat(1));
    let s = g.state();
    assert_eq!(s.stock.get(Res::Food), 1);
    assert_eq!(s.stock.get(Res::Small), 6 + 1 - 3);
    assert!(ev.contains(&Event::Starved {
        missing: 2,
        cost: 3
    }));
    assert_eq!(s.level, 4, "she advances to the last level");
}
