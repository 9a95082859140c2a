//! Every kind of effect in the card vocabulary ([`Effect`]), applied through the engine and
//! checked to the event and to the counter: one test per kind, named as [`test_for`] names it.
//! [`test_for`] matches every variant with no wildcard, so a new kind of effect does not compile
//! until it is given a test here, and [`every_effect_kind_has_its_test`] fails if the test it
//! names is missing.
//!
//! Most kinds are tried on a probe: the Wrecker skill card rewritten to carry one action (or one
//! response) with only that effect, so the result is the effect's own. The box's counts stay as
//! they are (the content check requires them). Two kinds are tried on the box's own cards, where
//! they live: Poisoned's token (p. 17) and the Basilisk's bypass (p. 29).

mod common;
use common::*;
use serde_json::{json, Value};
use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::cards::{AttackKind, Effect, Trigger, When};
use unbroken::engine::event::RollFor;
use unbroken::engine::res::Bundle;
use unbroken::engine::scenario::Scenario;
use unbroken::engine::{
    check, Action, CombatRoll, Event, Game, Pending, RollModifier, RuleError, Source,
};

/// The test that applies each kind of effect. No wildcard on purpose: see the module doc.
fn test_for(e: &Effect) -> &'static str {
    match e {
        Effect::Gain(_) => "gain",
        Effect::GainPerLevel(_) => "gain_per_level",
        Effect::Lose(_) => "lose",
        Effect::Reduce { .. } => "reduce",
        Effect::GainSkill => "gain_skill",
        Effect::DiscardCondition => "discard_condition",
        Effect::Commit => "commit",
        Effect::Condition { .. } => "condition",
        Effect::Tokens { .. } => "tokens",
        Effect::RemoveToken => "remove_token",
        Effect::Downgrade { .. } => "downgrade",
        Effect::FreeUpgrade => "free_upgrade",
        Effect::ChooseWeapon { .. } => "choose_weapon",
        Effect::Defend => "defend",
        Effect::MonsterGain { .. } => "monster_gain",
        Effect::MonsterHeal(_) => "monster_heal",
        Effect::Wound { .. } => "wound",
        Effect::BreakArmor(_) => "break_armor",
        Effect::SkipTurn => "skip_turn",
        Effect::ExtraTurn => "extra_turn",
        Effect::ExtraAttack => "extra_attack",
        Effect::MonsterAttack { .. } => "monster_attack",
        Effect::If { .. } => "if_test",
        Effect::RevealMonster => "reveal_monster",
        Effect::ExploreBonus(_) => "explore_bonus",
        Effect::ModifyRoll(_) => "modify_roll",
        Effect::BattleRollBonus(_) => "battle_roll_bonus",
        Effect::Reroll => "reroll",
        Effect::ReduceLoss(_) => "reduce_loss",
        Effect::AttackBonus(_) => "attack_bonus",
        Effect::RevealExtra(_) => "reveal_extra",
        Effect::Bypass => "bypass",
    }
}

/// Every variant the vocabulary declares has an arm in [`test_for`], and every test an arm
/// names exists in this file (a renamed or deleted test fails here, not silently).
#[test]
fn every_effect_kind_has_its_test() {
    let me = include_str!("effects.rs");
    let vocab = include_str!("../src/content/cards/effects.rs");
    let start = vocab.find("pub enum Effect {").expect("the Effect enum");
    let body = &vocab[start..];
    let body = &body[..body.find("\n}\n").expect("its end")];
    let variants: Vec<&str> = body
        .lines()
        .skip(1)
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| l.split(|c: char| !c.is_alphanumeric()).next().unwrap_or(""))
        .collect();
    assert_eq!(variants.len(), 32, "variants read: {variants:?}");
    let arms_at = me.find("fn test_for(").expect("test_for");
    let arms = &me[arms_at..arms_at + me[arms_at..].find("\n}\n").expect("its end")];
    assert!(!arms.contains("_ =>"), "test_for must name every variant");
    for v in variants {
        let arm = arms
            .lines()
            .find(|l| {
                l.trim_start()
                    .strip_prefix(&format!("Effect::{v}"))
                    .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric()))
            })
            .unwrap_or_else(|| panic!("Effect::{v} has no test in test_for"));
        let name = arm.split('"').nth(1).expect("the arm names a test");
        assert!(
            me.contains(&format!("#[test]\nfn {name}() {{")),
            "Effect::{v}: no test `{name}` in tests/effects.rs"
        );
    }
}

/// The card rewritten as the probe.
const PROBE: &str = "wrecker";

/// The built-in box with the probe card replaced by `card` (same id, so the box's counts hold).
fn probe_db(mut card: Value) -> Arc<CardDb> {
    card["id"] = json!(PROBE);
    card["name"] = json!("Probe");
    card["flavour"] = json!("");
    let skills = move |v: &mut Value| *common::card(v, PROBE) = card;
    // The Hyena these tests fight misses on 1 and 2, whatever the box's own rows say.
    let monsters = |v: &mut Value| {
        let hyena = common::card(v, "hyena");
        hyena["table"][0] = json!({"verb": "MISS"});
        hyena["table"][1] = json!({"verb": "MISS"});
    };
    Arc::new(
        edited_box(vec![
            ("skills.json", Box::new(skills)),
            ("monsters.json", Box::new(monsters)),
        ])
        .expect("the probe box loads"),
    )
}

/// A scenario on the probe box holding the probe (a Normal Sage, seed 1, unless `setup` says
/// otherwise: she has no responses of her own).
fn on(db: Arc<CardDb>, mut v: Value) -> (Game, Vec<Event>) {
    if v.get("setup").is_none() {
        v["setup"] = json!({"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"});
    }
    let mut skills = v["skills"].as_array().cloned().unwrap_or_default();
    skills.insert(0, json!(PROBE));
    v["skills"] = Value::Array(skills);
    let sc: Scenario = serde_json::from_value(v).expect("scenario parses");
    sc.build(db).expect("scenario builds")
}

/// The kind of a probe's effect must be the one its test is named after.
fn kind_is(kind: &str, effect: &Value) -> Effect {
    let e: Effect = serde_json::from_value(effect.clone()).expect("an effect");
    assert_eq!(test_for(&e), kind, "the probe applies another kind");
    e
}

/// A position where the probe carries one action doing `effect` (`timing`: travel, combat or
/// general).
fn with_action(kind: &str, effect: Value, timing: &str, v: Value) -> Game {
    kind_is(kind, &effect);
    let db =
        probe_db(json!({"actions": [{"name": "Probe", "timing": timing, "effects": [effect]}]}));
    on(db, v).0
}

/// The probe's action taken: its events.
fn take(g: &mut Game) -> Vec<Event> {
    act(
        g,
        Action::SkillAction {
            skill: 0,
            action: 0,
        },
    )
}

/// A position where the probe carries one optional response doing `effect` on `trigger`.
fn with_response(kind: &str, trigger: &str, effect: Value, v: Value) -> Game {
    kind_is(kind, &effect);
    let db = probe_db(json!({"responses": [{"trigger": trigger, "effects": [effect]}]}));
    on(db, v).0
}

fn probe() -> Source {
    Source::Skill(idx("skill", PROBE))
}

fn taken() -> Event {
    Event::ActionTaken {
        source: probe(),
        name: "Probe".into(),
    }
}

fn used() -> Event {
    Event::ResponseUsed {
        source: probe(),
        index: 0,
    }
}

fn b(v: Value) -> Bundle {
    serde_json::from_value(v).expect("a bundle")
}

/// The Hyena (Level I: Armor 0, Health 5, MISS on 1–2) on the table, the player's turn.
fn hyena(extra: Value) -> Value {
    let mut v = json!({"level": 1, "step": "battle", "resources": {"small": 10},
        "monster": {"id": "hyena"}});
    if let (Some(o), Some(e)) = (v.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    v
}

/// The Hyena rolls `die` for a MISS (no modifier), and round `next` begins.
fn hyena_misses(die: u8, next: u16) -> Vec<Event> {
    vec![
        Event::DieRolled {
            purpose: RollFor::Combat,
            value: die,
        },
        Event::CombatRolled {
            roll: CombatRoll {
                die,
                modifiers: vec![],
                result: die,
            },
        },
        Event::MonsterActs {
            roll: die,
            result: die,
            verb: "MISS".into(),
        },
        Event::RoundStarted { round: next },
    ]
}

fn cat(parts: &[&[Event]]) -> Vec<Event> {
    parts.concat()
}

// --- resources (pp. 10–11) ---

/// p. 11: a gain goes onto the bars.
#[test]
fn gain() {
    let mut g = with_action(
        "gain",
        json!({"gain": {"food": 2}}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5}}),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        vec![
            taken(),
            Event::Gained {
                source: probe(),
                gained: b(json!({"food": 2}))
            }
        ]
    );
    assert_eq!(g.state().stock.0, b(json!({"small": 5, "food": 2})));
    assert_eq!(g.pending(), &Pending::Prepare);
}

/// p. 30 (Daring): the bundle once per level of the current level.
#[test]
fn gain_per_level() {
    let mut g = with_action(
        "gain_per_level",
        json!({"gain_per_level": {"small": 1}}),
        "travel",
        json!({"level": 3, "step": "prepare", "resources": {"small": 5}}),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        vec![
            taken(),
            Event::Gained {
                source: probe(),
                gained: b(json!({"small": 3}))
            }
        ]
    );
    assert_eq!(g.state().stock.0, b(json!({"small": 8})));
}

/// p. 10: a mandatory loss of effort is paid lowest category first, a higher category paying
/// for exactly one lower when short.
#[test]
fn lose() {
    let mut g = with_action(
        "lose",
        json!({"lose": {"small": 2}}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 1, "medium": 1, "food": 1}}),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        vec![
            taken(),
            Event::Lost {
                source: probe(),
                lost: b(json!({"small": 1, "medium": 1}))
            }
        ]
    );
    assert_eq!(g.state().stock.0, b(json!({"food": 1})));
}

/// p. 28 (Reduce): lose exactly what is printed, then gain.
#[test]
fn reduce() {
    let mut g = with_action(
        "reduce",
        json!({"reduce": {"lose": {"wood": 1}, "gain": {"metal": 2}}}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5, "wood": 1}}),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        vec![
            taken(),
            Event::Lost {
                source: probe(),
                lost: b(json!({"wood": 1}))
            },
            Event::Gained {
                source: probe(),
                gained: b(json!({"metal": 2}))
            }
        ]
    );
    assert_eq!(g.state().stock.0, b(json!({"small": 5, "metal": 2})));
}

// --- cards and conditions (pp. 14, 17, 23) ---

/// p. 32: two skill cards are revealed and one is kept.
#[test]
fn gain_skill() {
    let mut g = with_action(
        "gain_skill",
        json!("gain_skill"),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
            "skill_top": ["daring", "keen_eye"]}),
    );
    let cards = vec![idx("skill", "daring"), idx("skill", "keen_eye")];
    let ev = take(&mut g);
    assert_eq!(
        ev,
        vec![
            taken(),
            Event::SkillsRevealed {
                cards: cards.clone()
            }
        ]
    );
    assert_eq!(
        g.pending(),
        &Pending::ChooseSkill {
            cards: cards.clone()
        }
    );
    let ev = act(&mut g, Action::KeepSkill(1));
    assert_eq!(ev, vec![Event::SkillKept { card: cards[1] }]);
    assert_eq!(g.state().skills, vec![idx("skill", PROBE), cards[1]]);
    assert_eq!(g.pending(), &Pending::Prepare);
}

/// p. 17: one condition of the player's choice is discarded (a single one goes at once).
#[test]
fn discard_condition() {
    let (weakened, crippled) = (idx("condition", "weakened"), idx("condition", "crippled"));
    let mut g = with_action(
        "discard_condition",
        json!("discard_condition"),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
            "conditions": [{"id": "weakened"}]}),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        vec![
            taken(),
            Event::ConditionDiscarded {
                condition: weakened
            }
        ]
    );
    assert!(g.state().conditions.is_empty());

    let mut g = with_action(
        "discard_condition",
        json!("discard_condition"),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
            "conditions": [{"id": "weakened"}, {"id": "crippled", "next_level": true}]}),
    );
    assert_eq!(take(&mut g), vec![taken()]);
    assert_eq!(
        g.pending(),
        &Pending::ChooseCondition {
            options: vec![weakened, crippled]
        }
    );
    let ev = act(&mut g, Action::DiscardCondition(1));
    assert_eq!(
        ev,
        vec![Event::ConditionDiscarded {
            condition: crippled
        }]
    );
    assert_eq!(g.state().conditions.len(), 1);
    assert_eq!(g.state().conditions[0].card, weakened);
}

/// p. 23: committed, the next decision must be to explore.
#[test]
fn commit() {
    let mut g = with_action(
        "commit",
        json!("commit"),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5}}),
    );
    assert_eq!(take(&mut g), vec![taken(), Event::Committed]);
    assert!(g.state().committed);
    assert_eq!(check(&g, &Action::Confront), Err(RuleError::MustExplore));
}

/// p. 17: a condition comes into play with its tokens.
#[test]
fn condition() {
    let mut g = with_action(
        "condition",
        json!({"condition": {"id": "poisoned", "when": "now", "tokens": 2}}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5}}),
    );
    let poisoned = idx("condition", "poisoned");
    assert_eq!(
        take(&mut g),
        vec![
            taken(),
            Event::ConditionGained {
                condition: poisoned,
                when: When::Now,
                tokens: 2
            }
        ]
    );
    let held = &g.state().conditions;
    assert_eq!((held.len(), held[0].card, held[0].tokens), (1, poisoned, 2));
    assert!(held[0].active());
}

/// p. 17: tokens go onto a condition already held.
#[test]
fn tokens() {
    let mut g = with_action(
        "tokens",
        json!({"tokens": {"id": "poisoned", "n": 2}}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
            "conditions": [{"id": "poisoned", "tokens": 1}]}),
    );
    let poisoned = idx("condition", "poisoned");
    assert_eq!(
        take(&mut g),
        vec![
            taken(),
            Event::TokensAdded {
                condition: poisoned,
                now: 3
            }
        ]
    );
    assert_eq!(g.state().conditions[0].tokens, 3);
}

/// p. 17, the box's Poisoned: at the end of the round, lose 1 Small Effort and take a token off;
/// the last token gone, the card goes.
#[test]
fn remove_token() {
    let db = db();
    let poisoned = idx("condition", "poisoned");
    let card = db.condition(poisoned).expect("Poisoned");
    assert_eq!(test_for(&card.responses[0].effects[1]), "remove_token");
    let (mut g, _) = scenario(hyena(
        json!({"conditions": [{"id": "poisoned", "tokens": 1}],
        "dice": [5]}),
    ));
    let ev = act(&mut g, Action::Skip);
    let source = Source::Condition(poisoned);
    let mut want = hyena_misses(5, 2);
    want.splice(
        3..3,
        [
            Event::ResponseUsed { source, index: 0 },
            Event::Lost {
                source,
                lost: b(json!({"small": 1})),
            },
            Event::TokenRemoved {
                condition: poisoned,
                now: 0,
            },
            Event::ConditionDiscarded {
                condition: poisoned,
            },
        ],
    );
    assert_eq!(ev, want);
    assert!(g.state().conditions.is_empty());
    assert_eq!(g.state().stock.0, b(json!({"small": 9})));
}

// --- weapons (p. 15) ---

/// p. 15: the top weapon sheet goes (for good: 0 turns).
#[test]
fn downgrade() {
    let mut g = with_action(
        "downgrade",
        json!({"downgrade": {"turns": 0}}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
            "weapons": ["bare_hands", "knife"]}),
    );
    let (bare, knife) = (idx("weapon", "bare_hands"), idx("weapon", "knife"));
    assert_eq!(
        take(&mut g),
        vec![
            taken(),
            Event::WeaponDowngraded {
                from: knife,
                to: bare,
                turns: 0
            }
        ]
    );
    assert_eq!(g.state().weapons, vec![bare]);
    assert!(g.state().combat.set_aside.is_empty());
}

/// p. 15: a free upgrade offers the sheet's printed paths and lays the chosen one on top.
#[test]
fn free_upgrade() {
    let mut g = with_action(
        "free_upgrade",
        json!("free_upgrade"),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
            "weapons": ["bare_hands", "knife"]}),
    );
    let (knife, sword, spear) = (
        idx("weapon", "knife"),
        idx("weapon", "sword"),
        idx("weapon", "spear"),
    );
    assert_eq!(take(&mut g), vec![taken()]);
    assert_eq!(
        g.pending(),
        &Pending::ChooseUpgrade {
            options: vec![sword, spear],
            replace: false
        }
    );
    let ev = act(&mut g, Action::ChooseUpgrade(1));
    assert_eq!(
        ev,
        vec![Event::WeaponUpgraded {
            from: knife,
            to: spear
        }]
    );
    assert_eq!(g.state().weapons.last(), Some(&spear));
    assert_eq!(g.state().stats.weapon_upgrades, 1);
    assert_eq!(g.pending(), &Pending::Prepare);
}

/// p. 13: a basic weapon of the player's choice, laid over the starting weapon.
#[test]
fn choose_weapon() {
    let mut g = with_action(
        "choose_weapon",
        json!({"choose_weapon": {"basic": true}}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5}}),
    );
    let (bare, club, knife) = (
        idx("weapon", "bare_hands"),
        idx("weapon", "club"),
        idx("weapon", "knife"),
    );
    assert_eq!(take(&mut g), vec![taken()]);
    assert_eq!(
        g.pending(),
        &Pending::ChooseUpgrade {
            options: vec![club, knife],
            replace: true
        }
    );
    let ev = act(&mut g, Action::ChooseUpgrade(0));
    assert_eq!(
        ev,
        vec![Event::WeaponTaken {
            from: bare,
            to: club
        }]
    );
    assert_eq!(g.state().weapons, vec![bare, club]);
}

// --- the monster (pp. 26–28) ---

/// p. 28 (DEFEND): the next weapon attack is ignored.
#[test]
fn defend() {
    let mut g = with_action(
        "defend",
        json!("defend"),
        "combat",
        hyena(json!({"dice": [1, 1]})),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        cat(&[&[taken(), Event::MonsterDefends], &hyena_misses(1, 2)])
    );
    assert!(g.state().monster.as_ref().is_some_and(|m| m.defending));
    let ev = act(&mut g, Action::Attack(1));
    let bare = idx("weapon", "bare_hands");
    assert_eq!(
        ev[..3],
        [
            Event::Paid {
                source: Source::Weapon(bare),
                paid: b(json!({"small": 1}))
            },
            Event::Attacked {
                weapon: bare,
                kind: AttackKind::Wounding,
                power: 1
            },
            Event::AttackIgnored
        ]
    );
    let m = g.state().monster.as_ref().expect("the Hyena");
    assert_eq!((m.health, m.defending), (5, false));
}

/// p. 27: "gain" raises the trackers and their maxima.
#[test]
fn monster_gain() {
    let mut g = with_action(
        "monster_gain",
        json!({"monster_gain": {"armor": 1, "health": 2}}),
        "combat",
        hyena(json!({"dice": [1]})),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        cat(&[
            &[
                taken(),
                Event::MonsterGained {
                    armor: 1,
                    health: 2
                }
            ],
            &hyena_misses(1, 2)
        ])
    );
    let m = g.state().monster.as_ref().expect("the Hyena");
    assert_eq!((m.armor, m.max_armor, m.health, m.max_health), (1, 1, 7, 7));
}

/// p. 27: healing never passes the maximum.
#[test]
fn monster_heal() {
    let mut g = with_action(
        "monster_heal",
        json!({"monster_heal": 9}),
        "combat",
        hyena(json!({"monster": {"id": "hyena", "health": 2}, "dice": [1]})),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        cat(&[
            &[taken(), Event::MonsterHealed { amount: 3 }],
            &hyena_misses(1, 2)
        ])
    );
    let m = g.state().monster.as_ref().expect("the Hyena");
    assert_eq!((m.health, m.max_health), (5, 5));
}

/// p. 27: wounds need the armor broken, unless they pierce; blocked wounds change nothing, so
/// the action is not offered.
#[test]
fn wound() {
    let kobold = |effect: Value| {
        with_action(
            "wound",
            effect,
            "combat",
            json!({"level": 1, "step": "battle", "resources": {"small": 10},
                "monster": {"id": "kobold"}, "dice": [3]}),
        )
    };
    let g = kobold(json!({"wound": {"n": 2}}));
    assert_eq!(
        check(
            &g,
            &Action::SkillAction {
                skill: 0,
                action: 0
            }
        ),
        Err(RuleError::ChangesNothing {
            name: "Probe".into()
        })
    );
    let mut g = kobold(json!({"wound": {"n": 2, "pierce": true}}));
    let ev = take(&mut g);
    assert_eq!(
        ev,
        cat(&[
            &[taken(), Event::WoundsInflicted { amount: 2, left: 2 }],
            &hyena_misses(3, 2)
        ])
    );
    assert_eq!(g.state().monster.as_ref().map(|m| m.health), Some(2));
}

/// p. 26: armor tokens come off, never more than there are.
#[test]
fn break_armor() {
    let mut g = with_action(
        "break_armor",
        json!({"break_armor": 3}),
        "combat",
        json!({"level": 1, "step": "battle", "resources": {"small": 10},
            "monster": {"id": "kobold"}, "dice": [3]}),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        cat(&[
            &[taken(), Event::ArmorBroken { amount: 1, left: 0 }],
            &hyena_misses(3, 2)
        ])
    );
    assert_eq!(g.state().monster.as_ref().map(|m| m.armor), Some(0));
}

// --- turns (p. 27; designer's FAQ) ---

/// The player's next turn passes: the monster acts twice before the player chooses again.
#[test]
fn skip_turn() {
    let mut g = with_action(
        "skip_turn",
        json!("skip_turn"),
        "combat",
        hyena(json!({"dice": [1, 2]})),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        cat(&[
            &[taken()],
            &hyena_misses(1, 2),
            &[Event::TurnSkipped],
            &hyena_misses(2, 3)
        ])
    );
    assert!(!g.state().combat.skip);
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });
}

/// Designer's FAQ: another turn, attack or action, before the monster acts.
#[test]
fn extra_turn() {
    let mut g = with_action(
        "extra_turn",
        json!("extra_turn"),
        "combat",
        hyena(json!({})),
    );
    assert_eq!(take(&mut g), vec![taken(), Event::ExtraTurn]);
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });
    assert_eq!(g.state().combat.round, 1);
}

/// p. 29 (Wrecker): another weapon attack, and only that.
#[test]
fn extra_attack() {
    let mut g = with_action(
        "extra_attack",
        json!("extra_attack"),
        "combat",
        hyena(json!({})),
    );
    assert_eq!(take(&mut g), vec![taken(), Event::ExtraAttack]);
    assert_eq!(g.pending(), &Pending::Battle { attack_only: true });
    assert_eq!(
        check(
            &g,
            &Action::SkillAction {
                skill: 0,
                action: 0
            }
        ),
        Err(RuleError::AttackOnly)
    );
}

/// The monster takes a turn at once with its bonus shown as its own modifier, then its regular
/// turn.
#[test]
fn monster_attack() {
    let mut g = with_action(
        "monster_attack",
        json!({"monster_attack": {"bonus": 1}}),
        "combat",
        hyena(json!({"dice": [1, 2]})),
    );
    let hyena_card = Source::Monster(idx("monster", "hyena"));
    let ev = take(&mut g);
    assert_eq!(
        ev,
        cat(&[
            &[
                taken(),
                Event::DieRolled {
                    purpose: RollFor::Combat,
                    value: 1
                },
                Event::CombatRolled {
                    roll: CombatRoll {
                        die: 1,
                        modifiers: vec![RollModifier {
                            source: hyena_card,
                            amount: 1
                        }],
                        result: 2
                    }
                },
                Event::MonsterActs {
                    roll: 2,
                    result: 2,
                    verb: "MISS".into()
                }
            ],
            &hyena_misses(2, 2)
        ])
    );
}

// --- tests, reveals, travel (pp. 21–22) ---

/// A roll decides which list applies (Dangerous Idea, p. 16).
#[test]
fn if_test() {
    let effect = json!({"if": {"test": {"roll_at_least": 4},
        "then": [{"gain": {"food": 1}}], "otherwise": [{"gain": {"wood": 1}}]}});
    for (die, gained) in [(5, json!({"food": 1})), (2, json!({"wood": 1}))] {
        let mut g = with_action(
            "if_test",
            effect.clone(),
            "travel",
            json!({"level": 1, "step": "prepare", "resources": {"small": 5}, "dice": [die]}),
        );
        assert_eq!(
            take(&mut g),
            vec![
                taken(),
                Event::DieRolled {
                    purpose: RollFor::Check,
                    value: die
                },
                Event::Gained {
                    source: probe(),
                    gained: b(gained)
                }
            ]
        );
    }
}

/// p. 21 (Scout), p. 25: the die picks the level's monster, its trackers set from the sheet.
#[test]
fn reveal_monster() {
    let mut g = with_action(
        "reveal_monster",
        json!("reveal_monster"),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5}, "dice": [3]}),
    );
    let wererat = idx("monster", "wererat");
    assert_eq!(
        take(&mut g),
        vec![
            taken(),
            Event::DieRolled {
                purpose: RollFor::Monster,
                value: 3
            },
            Event::MonsterRevealed { monster: wererat }
        ]
    );
    let m = g.state().monster.as_ref().expect("revealed");
    let sheet = g.db().monster(wererat).expect("the wererat's sheet");
    assert_eq!(
        (m.card, m.armor, m.health),
        (wererat, sheet.armor, sheet.health)
    );
    assert_eq!((m.armor, m.health), (0, 6));
    assert_eq!(check(&g, &Action::Scout), Err(RuleError::AlreadyRevealed));
}

/// p. 21 (Orienteer): more encounter cards at the next exploration.
#[test]
fn explore_bonus() {
    let mut g = with_action(
        "explore_bonus",
        json!({"explore_bonus": 2}),
        "travel",
        json!({"level": 1, "step": "prepare", "resources": {"small": 5}}),
    );
    assert_eq!(
        take(&mut g),
        vec![taken(), Event::ExploreBonus { cards: 2 }]
    );
    let ev = act(&mut g, Action::Explore);
    let Some(Event::EncountersRevealed { cards }) = ev.last() else {
        panic!("no reveal: {ev:?}");
    };
    assert_eq!(cards.len(), 4);
    assert_eq!(g.state().explore_bonus, 0);
}

// --- response windows (p. 12) ---

/// p. 28: a response changes the monster's roll before it applies; the breakdown shows it.
#[test]
fn modify_roll() {
    let mut g = with_response(
        "modify_roll",
        "monster_roll",
        json!({"modify_roll": -1}),
        hyena(json!({"dice": [3]})),
    );
    let ev = act(&mut g, Action::Skip);
    assert_eq!(
        ev,
        vec![Event::DieRolled {
            purpose: RollFor::Combat,
            value: 3
        }]
    );
    assert!(matches!(
        g.pending(),
        Pending::Respond {
            trigger: Trigger::MonsterRoll,
            ..
        }
    ));
    let ev = act(&mut g, Action::Respond(0));
    assert_eq!(
        ev,
        vec![
            used(),
            Event::RollChanged { from: 3, to: 2 },
            Event::CombatRolled {
                roll: CombatRoll {
                    die: 3,
                    modifiers: vec![RollModifier {
                        source: probe(),
                        amount: -1
                    }],
                    result: 2
                }
            },
            Event::MonsterActs {
                roll: 2,
                result: 2,
                verb: "MISS".into()
            },
            Event::RoundStarted { round: 2 }
        ]
    );
}

/// p. 13 (the Crazed Survivor's response): every roll of the battle is higher.
#[test]
fn battle_roll_bonus() {
    let mut g = with_action(
        "battle_roll_bonus",
        json!({"battle_roll_bonus": 1}),
        "combat",
        hyena(json!({"dice": [1]})),
    );
    let ev = take(&mut g);
    assert_eq!(
        ev,
        vec![
            taken(),
            Event::BattleRollBonus { bonus: 1 },
            Event::DieRolled {
                purpose: RollFor::Combat,
                value: 1
            },
            Event::CombatRolled {
                roll: CombatRoll {
                    die: 1,
                    modifiers: vec![RollModifier {
                        source: probe(),
                        amount: 1
                    }],
                    result: 2
                }
            },
            Event::MonsterActs {
                roll: 1,
                result: 2,
                verb: "MISS".into()
            },
            Event::RoundStarted { round: 2 }
        ]
    );
    assert_eq!(g.state().combat.battle_mods.len(), 1);
}

/// p. 16 (I've Seen Worse): roll again and use either result.
#[test]
fn reroll() {
    let mut g = with_response(
        "reroll",
        "monster_roll",
        json!("reroll"),
        hyena(json!({"dice": [3, 1]})),
    );
    act(&mut g, Action::Skip);
    let ev = act(&mut g, Action::Respond(0));
    assert_eq!(
        ev,
        vec![
            used(),
            Event::DieRolled {
                purpose: RollFor::Reroll,
                value: 1
            }
        ]
    );
    assert_eq!(
        g.pending(),
        &Pending::ChooseRoll {
            first: 3,
            second: 1
        }
    );
    let ev = act(&mut g, Action::KeepRoll(1));
    assert_eq!(ev, hyena_misses(1, 2)[1..].to_vec());
}

/// p. 16 (Just a Scratch): the effort a monster's row takes is cut, never below 1.
#[test]
fn reduce_loss() {
    // The Hyena's sixth row, as the box prints it: a verb and a loss of Small Effort.
    let db = db();
    let row = &db.monsters[idx("monster", "hyena") as usize].table[5];
    let loss = match row.effects.as_slice() {
        [Effect::Lose(l)] => l.small,
        other => panic!("the Hyena's sixth row loses Small Effort, not {other:?}"),
    };
    assert!(
        loss >= 2,
        "the row must lose more than the minimum to be cut"
    );
    let mut g = with_response(
        "reduce_loss",
        "wound_loss",
        json!({"reduce_loss": 1}),
        hyena(json!({"dice": [6]})),
    );
    let ev = act(&mut g, Action::Skip);
    assert_eq!(
        ev,
        vec![
            Event::DieRolled {
                purpose: RollFor::Combat,
                value: 6
            },
            Event::CombatRolled {
                roll: CombatRoll {
                    die: 6,
                    modifiers: vec![],
                    result: 6
                }
            },
            Event::MonsterActs {
                roll: 6,
                result: 6,
                verb: row.verb.clone()
            }
        ]
    );
    let ev = act(&mut g, Action::Respond(0));
    assert_eq!(
        ev,
        vec![
            used(),
            Event::Lost {
                source: Source::Monster(idx("monster", "hyena")),
                lost: b(json!({"small": loss - 1}))
            },
            Event::RoundStarted { round: 2 }
        ]
    );
    assert_eq!(g.state().stock.0, b(json!({"small": 10 - (loss - 1)})));
}

/// p. 16 (Power Through): a Wounding attack hits harder.
#[test]
fn attack_bonus() {
    let mut g = with_response(
        "attack_bonus",
        "wounding_chosen",
        json!({"attack_bonus": 1}),
        hyena(json!({"dice": [1]})),
    );
    let bare = idx("weapon", "bare_hands");
    let ev = act(&mut g, Action::Attack(1));
    assert_eq!(
        ev,
        vec![Event::Paid {
            source: Source::Weapon(bare),
            paid: b(json!({"small": 1}))
        }]
    );
    let ev = act(&mut g, Action::Respond(0));
    assert_eq!(
        ev,
        cat(&[
            &[
                used(),
                Event::Attacked {
                    weapon: bare,
                    kind: AttackKind::Wounding,
                    power: 2
                },
                Event::WoundsInflicted { amount: 2, left: 3 }
            ],
            &hyena_misses(1, 2)
        ])
    );
}

/// Take a Peek: one more encounter card at this exploration.
#[test]
fn reveal_extra() {
    let mut g = with_response(
        "reveal_extra",
        "explore",
        json!({"reveal_extra": 1}),
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
            "encounter_top": ["mushroom_grotto", "blind_fish_pool", "cricket_swarm"]}),
    );
    assert_eq!(act(&mut g, Action::Explore), vec![]);
    let ev = act(&mut g, Action::Respond(0));
    let cards = vec![
        idx("encounter", "mushroom_grotto"),
        idx("encounter", "blind_fish_pool"),
        idx("encounter", "cricket_swarm"),
    ];
    assert_eq!(
        ev,
        vec![
            used(),
            Event::EncountersRevealed {
                cards: cards.clone()
            }
        ]
    );
    assert_eq!(
        g.pending(),
        &Pending::Encounter {
            revealed: cards,
            committed: false
        }
    );
}

/// p. 29, the box's Basilisk: paying its Metal skips Paralyzed's roll in the same window.
#[test]
fn bypass() {
    let basilisk = idx("monster", "basilisk");
    let card = db().monster(basilisk).cloned().expect("the Basilisk");
    assert_eq!(test_for(&card.responses[1].effects[0]), "bypass");
    let (mut g, _) = scenario(json!({"level": 4, "step": "battle",
        "resources": {"small": 10, "metal": 1}, "monster": {"id": "basilisk"},
        "conditions": [{"id": "paralyzed", "tokens": 2}]}));
    let paralyzed = Source::Condition(idx("condition", "paralyzed"));
    let Pending::Respond { options, .. } = g.pending().clone() else {
        panic!("no window: {:?}", g.pending());
    };
    assert!(options.iter().any(|o| o.source == paralyzed));
    let i = option_of(&g, |s| *s == Source::Monster(basilisk));
    let ev = act(&mut g, Action::Respond(i));
    assert_eq!(
        ev,
        vec![
            Event::Paid {
                source: Source::Monster(basilisk),
                paid: b(json!({"metal": 1}))
            },
            Event::ResponseUsed {
                source: Source::Monster(basilisk),
                index: 1
            }
        ]
    );
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });
    assert_eq!(g.state().stock.0, b(json!({"small": 10})));
}
