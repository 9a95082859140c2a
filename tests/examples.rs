//! The rulebook's worked examples, reproduced move by move.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::cards::{AttackKind, When};
use unbroken::engine::event::{CombatRoll, RollFor, RollModifier};
use unbroken::engine::res::{Bundle, Res};
use unbroken::engine::{Action, Event, Pending, Source};

/// A bundle of one resource.
fn of(r: Res, n: u8) -> Bundle {
    Bundle::of(r, n)
}

/// Rules Reference pp. 29–31: the Sneak against the Basilisk. Every step's events are checked
/// in full and in order, so the example is reproduced exactly, not only its end state. Paranoid from the Dark Elf raises
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
    let sword = idx("weapon", "sword");
    // The skills in hand, by position (wrecker first, daring second).
    let (wrecker_at, daring_at) = (Source::Skill(wrecker), Source::Skill(daring));

    // Battle start: three responses; the player orders them (p. 12).
    match g.pending() {
        Pending::Respond { options, .. } => assert_eq!(options.len(), 3),
        p => panic!("expected the battle-start window, got {p:?}"),
    }
    let i = option_of(&g, |s| *s == Source::Monster(basilisk));
    let ev = act(&mut g, Action::Respond(i));
    assert_eq!(
        ev,
        vec![
            Event::ResponseUsed {
                source: Source::Monster(basilisk),
                index: 0
            },
            Event::ConditionGained {
                condition: paralyzed,
                when: When::Now,
                tokens: 2
            },
        ]
    );
    let i = option_of(&g, |s| *s == Source::Condition(paranoid));
    let ev = act(&mut g, Action::Respond(i));
    assert_eq!(
        ev,
        vec![
            Event::ResponseUsed {
                source: Source::Condition(paranoid),
                index: 0
            },
            Event::MonsterGained {
                armor: 0,
                health: 2
            },
        ]
    );
    let i = option_of(&g, |s| *s == Source::Skill(daring));
    let ev = act(&mut g, Action::Respond(i));
    assert_eq!(
        ev,
        vec![
            Event::ResponseUsed {
                source: daring_at,
                index: 0
            },
            Event::Gained {
                source: daring_at,
                gained: of(Res::Small, 4)
            },
            Event::RoundStarted { round: 1 },
        ]
    );
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
    let ev = act(&mut g, Action::Respond(i));
    assert_eq!(
        ev,
        vec![
            Event::Paid {
                source: Source::Monster(basilisk),
                paid: of(Res::Metal, 1)
            },
            Event::ResponseUsed {
                source: Source::Monster(basilisk),
                index: 1
            },
        ]
    );
    assert_eq!(g.state().stock.get(Res::Metal), 0);
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });

    // Sword, Armor-Breaking for 1 Small Effort.
    let ev = act(&mut g, Action::Attack(0));
    assert_eq!(
        ev,
        vec![
            Event::Paid {
                source: Source::Weapon(sword),
                paid: of(Res::Small, 1)
            },
            Event::Attacked {
                weapon: sword,
                kind: AttackKind::ArmorBreaking,
                power: 1
            },
            Event::ArmorBroken { amount: 1, left: 0 },
        ]
    );
    let i = option_of(&g, |s| *s == Source::Skill(wrecker));
    let ev = act(&mut g, Action::Respond(i));
    assert_eq!(
        ev,
        vec![
            Event::ResponseUsed {
                source: wrecker_at,
                index: 0
            },
            Event::ExtraAttack
        ]
    );
    assert_eq!(g.pending(), &Pending::Battle { attack_only: true });

    // Wounding: 1 Large + 2 Small for 5, capped at 4 by the Basilisk.
    let ev = act(&mut g, Action::Attack(1));
    assert_eq!(
        ev,
        vec![
            Event::Paid {
                source: Source::Weapon(sword),
                paid: of(Res::Small, 2).plus(&of(Res::Large, 1))
            },
            Event::Attacked {
                weapon: sword,
                kind: AttackKind::Wounding,
                power: 5
            },
            Event::WoundsPrevented { amount: 1 },
            Event::WoundsInflicted {
                amount: 4,
                left: 10
            },
            Event::DieRolled {
                purpose: RollFor::Combat,
                value: 6
            },
        ]
    );
    // Dodge: spend 1 Small Effort, roll −1.
    let dodge = Source::Ability(2);
    let i = option_of(&g, |s| *s == dodge);
    let ev = act(&mut g, Action::Respond(i));
    assert_eq!(
        ev,
        vec![
            Event::Paid {
                source: dodge,
                paid: of(Res::Small, 1)
            },
            Event::AbilityUsesLeft { uses: 1 },
            Event::ResponseUsed {
                source: dodge,
                index: 0
            },
            Event::RollChanged { from: 6, to: 5 },
            Event::CombatRolled {
                roll: CombatRoll {
                    die: 6,
                    modifiers: vec![RollModifier {
                        source: dodge,
                        amount: -1
                    }],
                    result: 5
                }
            },
            Event::MonsterActs {
                roll: 5,
                result: 5,
                verb: "STEAL".into()
            },
            Event::Lost {
                source: Source::Monster(basilisk),
                lost: of(Res::Food, 1)
            },
            // The next round opens with Paralysis's roll (its tokens count down).
            Event::RoundStarted { round: 2 },
            Event::ResponseUsed {
                source: Source::Condition(paralyzed),
                index: 0
            },
            Event::DieRolled {
                purpose: RollFor::Check,
                value: 3
            },
        ]
    );
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
        // The battle set the Time token to Level IV's mark when the Minotaur was revealed
        // (p. 24); the scenario starts after it, so it puts the token there itself.
        "time": db().params.time_per_level[3],
        "resources": {"small": 6, "food": 2},
        "monster": {"id": "minotaur"}
    }));
    assert_eq!(g.pending(), &Pending::Hunger { requirement: 3 });
    let ev = act(&mut g, Action::Eat(1));
    assert_eq!(
        ev,
        vec![
            Event::Ate {
                food: 1,
                requirement: 3
            },
            Event::Gained {
                source: Source::Rules,
                gained: of(Res::Small, 1)
            },
            Event::Starved {
                missing: 2,
                cost: 3
            },
            Event::Lost {
                source: Source::Rules,
                lost: of(Res::Small, 3)
            },
            Event::LevelCompleted { level: 3 },
            Event::ConditionsAdvanced,
            Event::AbilityUsesLeft { uses: 4 },
            // Level IV starts on its mark of the Time track (tunable, RULINGS.md).
            Event::LevelStarted {
                level: 4,
                time: db().params.time_per_level[3] as i8
            },
        ]
    );
    let s = g.state();
    assert_eq!(s.stock.get(Res::Food), 1);
    assert_eq!(s.stock.get(Res::Small), 6 + 1 - 3);
    assert_eq!(s.level, 4, "she advances to the last level");
}
