//! One test per rule, each citing the Rules Reference page it checks.

mod common;
use common::*;
use serde_json::json;
use unbroken::engine::event::RollFor;
use unbroken::engine::res::Res;
use unbroken::engine::{
    apply, legal_actions, Action, Difficulty, Event, Game, Outcome, Pending, RuleError, Source,
    Step,
};

fn small(g: &Game) -> u8 {
    g.state().stock.get(Res::Small)
}

fn sage_battle(monster: &str, level: u8, res: serde_json::Value, dice: &[u8]) -> Game {
    sage_battle_on(common::db(), monster, level, res, dice)
}

/// [`sage_battle`] on hand-built cards.
fn sage_battle_on(
    db: std::sync::Arc<unbroken::content::CardDb>,
    monster: &str,
    level: u8,
    res: serde_json::Value,
    dice: &[u8],
) -> Game {
    let (g, _) = scenario_on(
        db,
        json!({
            "setup": {"seed": 9, "character": "sage", "side": 1, "difficulty": "normal"},
            "level": level, "step": "battle", "resources": res,
            "monster": {"id": monster}, "dice": dice
        }),
    );
    g
}

/// p. 8: 7 Time, 13 Small Effort, Bare Hands, one ability use, the Preparation Step.
#[test]
fn setup_normal() {
    let g = new_game("sneak", Difficulty::Normal, 1);
    let s = g.state();
    assert_eq!((s.time, small(&g), s.level, s.uses), (7, 13, 1, 1));
    assert_eq!(s.weapons, vec![idx("weapon", "bare_hands")]);
    assert_eq!(s.encounter_deck.len(), 88);
    assert_eq!(s.skill_deck.len(), 24);
    assert_eq!(g.pending(), &Pending::Prepare);
}

/// p. 18: Hard starts with 10 Small Effort.
#[test]
fn setup_hard() {
    assert_eq!(small(&new_game("sage", Difficulty::Hard, 1)), 10);
}

/// p. 18: Easy rolls for one extra resource and starts with a skill (draw 2, keep 1); the
/// optional toggle gives 15 Small Effort.
#[test]
fn setup_easy() {
    let (mut g, ev) = unbroken::engine::Game::new(
        unbroken::engine::Setup {
            easy_toggle: true,
            ..setup("sage", Difficulty::Easy, 3)
        },
        db(),
    )
    .expect("setup");
    let roll = ev
        .iter()
        .find_map(|e| match e {
            Event::DieRolled {
                purpose: RollFor::EasyBonus,
                value,
            } => Some(*value),
            _ => None,
        })
        .expect("the bonus roll");
    let bonus = db().params.easy_bonus[(roll - 1) as usize];
    let s = g.state();
    assert_eq!(s.stock.get(Res::Small), 15 + bonus.small);
    for r in [
        Res::Medium,
        Res::Cunning,
        Res::Food,
        Res::Wood,
        Res::Metal,
        Res::Treasure,
    ] {
        assert_eq!(s.stock.get(r), bonus.get(r));
    }
    match g.pending() {
        Pending::ChooseSkill { cards } => assert_eq!(cards.len(), 2),
        p => panic!("expected a skill choice, got {p:?}"),
    }
    act(&mut g, Action::KeepSkill(1));
    assert_eq!(g.state().skills.len(), 1);
    assert_eq!(g.state().skill_discard.len(), 1);
    assert_eq!(g.pending(), &Pending::Prepare);
}

/// p. 21: Focus 4 Small → 1 Medium; Inspiration 2 Medium → 1 Large; Plan 4 Small → 1 Cunning.
#[test]
fn general_actions() {
    let (mut g, _) =
        scenario(json!({"level": 1, "step": "prepare", "resources": {"small": 12, "medium": 1}}));
    act(&mut g, Action::General(0));
    assert_eq!((small(&g), g.state().stock.get(Res::Medium)), (8, 2));
    act(&mut g, Action::General(1));
    assert_eq!(g.state().stock.get(Res::Large), 1);
    act(&mut g, Action::General(2));
    assert_eq!((small(&g), g.state().stock.get(Res::Cunning)), (4, 1));
}

/// p. 10: a higher effort pays for a lower one, one for one.
#[test]
fn higher_effort_pays_for_lower() {
    let (mut g, _) =
        scenario(json!({"level": 1, "step": "prepare", "resources": {"small": 3, "medium": 1}}));
    act(&mut g, Action::General(2));
    let s = g.state();
    assert_eq!(
        (
            small(&g),
            s.stock.get(Res::Medium),
            s.stock.get(Res::Cunning)
        ),
        (0, 0, 1)
    );
}

/// p. 11: gains past a bar's maximum are lost.
#[test]
fn gains_past_the_bar_are_lost() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 24},
        "encounter_top": ["hot_spring", "cave_spring"]}),
    );
    act(&mut g, Action::Explore);
    let ev = act(&mut g, Action::Resolve(0));
    assert_eq!(small(&g), 25);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Gained { gained, .. } if gained.small == 1)));
}

/// p. 21: Scout costs by level, reveals the monster by the die, cannot be repeated.
#[test]
fn scout_by_level() {
    let (mut g, _) = scenario(json!({"level": 3, "step": "prepare", "time": 9,
        "resources": {"small": 5, "cunning": 1}}));
    let ev = act(&mut g, Action::Scout);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::MonsterRevealed { .. })));
    assert_eq!((g.state().stock.get(Res::Cunning), g.state().time), (0, 8));
    assert_eq!(
        g.state()
            .monster
            .as_ref()
            .map(|m| db().monsters[m.card as usize].level),
        Some(3)
    );
    assert_eq!(
        apply(&mut g, Action::Scout),
        Err(RuleError::AlreadyRevealed)
    );
}

/// p. 21: Orienteer reveals 2 more encounter cards at the next exploration.
#[test]
fn orienteer_reveals_two_more() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "prepare", "resources": {"small": 5}}),
    );
    act(&mut g, Action::General(3));
    act(&mut g, Action::Explore);
    match g.pending() {
        Pending::Encounter { revealed, .. } => assert_eq!(revealed.len(), 4),
        p => panic!("{p:?}"),
    }
}

/// pp. 22–23: reveal 2, keep 1, discard the other; rest gains Small Effort equal to the Time
/// value, then the Time is lost.
#[test]
fn explore_and_rest() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "prepare", "resources": {"small": 5},
        "encounter_top": ["cave_spring", "fallen_timbers"]}),
    );
    act(&mut g, Action::Explore);
    let ev = act(&mut g, Action::Rest(1));
    assert!(ev.contains(&Event::Rested {
        card: idx("encounter", "fallen_timbers")
    }));
    assert_eq!((small(&g), g.state().time), (7, 5));
    assert_eq!(g.state().encounter_discard.len(), 2);
    assert_eq!(g.pending(), &Pending::Prepare);
}

/// p. 22: resolving pays the spend field and gains the gain field; unaffordable cannot be chosen.
#[test]
fn resolve_an_encounter() {
    // A card spending 2 Small Effort for a Metal (the box's own may differ).
    let db = custom_db("encounters.json", |v| {
        card(v, "rusted_armory")["spend"] = json!({"small": 2});
        card(v, "rusted_armory")["gain"] = json!([{"gain": {"metal": 1, "wood": 1}}]);
    });
    let (mut g, _) = scenario_on(
        db,
        json!({"level": 1, "step": "prepare", "resources": {"small": 3},
        "encounter_top": ["rusted_armory", "ore_vein"]}),
    );
    act(&mut g, Action::Explore);
    act(&mut g, Action::Resolve(0));
    assert_eq!((small(&g), g.state().stock.get(Res::Metal)), (1, 1));
}

/// p. 23: Time reaching or passing 0 is an ambush; the card's benefit is still received; the
/// monster is revealed, the Time token reset to the next level's mark, the ambush applied.
#[test]
fn ambush_when_time_runs_out() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "prepare", "time": 2, "resources": {"small": 5},
        "encounter_top": ["hot_spring", "cave_spring"], "dice": [1]}),
    );
    act(&mut g, Action::Explore);
    let ev = act(&mut g, Action::Rest(0));
    let kobold = idx("monster", "kobold");
    assert!(ev.contains(&Event::Ambushed { monster: kobold }));
    // Resting gains the card's Time, minus the Kobold's ambush (whatever the cards now say).
    let d = db();
    let rest = d.encounters[idx("encounter", "hot_spring") as usize].time;
    assert!(rest >= 2, "Hot Spring must run the last 2 Time out");
    let ambush = match d.monsters[kobold as usize].ambush.as_slice() {
        [unbroken::engine::cards::Effect::Lose(b)] => b.small,
        other => panic!("the Kobold's ambush takes Small Effort: {other:?}"),
    };
    assert!(ambush > 0);
    assert_eq!(small(&g), 5 + rest - ambush);
    assert_eq!(
        g.state().time,
        d.params.time_per_level[1] as i8,
        "reset to the Level II mark"
    );
    assert_eq!(g.state().stats.ambushes, 1);
    assert_eq!(g.state().step, Step::Battle);
}

/// p. 23: committing reveals exactly one card next time; it must be resolved; one that cannot
/// be paid gives nothing and still costs its Time.
#[test]
fn commit_to_the_next_encounter() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 1},
        "encounter_top": ["troglodyte_garden", "fallen_timbers", "rusted_armory", "ore_vein"]}),
    );
    act(&mut g, Action::Explore);
    act(&mut g, Action::Resolve(0));
    assert!(g.state().committed);
    assert_eq!(apply(&mut g, Action::Confront), Err(RuleError::MustExplore));
    act(&mut g, Action::Explore);
    match g.pending() {
        Pending::Encounter {
            revealed,
            committed,
        } => {
            assert!(committed);
            assert_eq!(revealed, &vec![idx("encounter", "rusted_armory")]);
        }
        p => panic!("{p:?}"),
    }
    assert_eq!(apply(&mut g, Action::Rest(0)), Err(RuleError::MustResolve));
    let t = g.state().time;
    let ev = act(&mut g, Action::Resolve(0));
    assert!(ev.contains(&Event::EncounterForfeited {
        card: idx("encounter", "rusted_armory")
    }));
    assert_eq!(g.state().stock.get(Res::Metal), 0);
    assert_eq!(g.state().time, t - 2);
    assert!(!g.state().committed);
}

/// p. 7: an empty encounter deck is reshuffled from the discards.
#[test]
fn encounter_deck_reshuffles() {
    let (mut g, _) = scenario(json!({"level": 1, "step": "prepare", "time": 31,
        "resources": {"small": 25, "medium": 7, "large": 7}}));
    let mut reshuffled = false;
    for _ in 0..6 {
        for _ in 0..9 {
            act(&mut g, Action::General(3));
        }
        let ev = act(&mut g, Action::Explore);
        reshuffled |= ev.iter().any(|e| matches!(e, Event::Reshuffled { .. }));
        if reshuffled {
            break;
        }
        act(&mut g, Action::Rest(0));
    }
    assert!(reshuffled);
    let s = g.state();
    let revealed = match g.pending() {
        Pending::Encounter { revealed, .. } => revealed.len(),
        _ => 0,
    };
    assert_eq!(
        s.encounter_deck.len() + s.encounter_discard.len() + revealed,
        88
    );
}

/// p. 25: paying the trickery cost skips the battle: no rewards, no skill, on to Hunger.
#[test]
fn trick_the_monster() {
    // A Kobold slipped past for 1 Cunning (the box's own may cost more).
    let db = custom_db("monsters.json", |v| {
        card(v, "kobold")["trickery"] = json!({"cunning": 1});
    });
    let (mut g, _) = scenario_on(
        db,
        json!({"level": 1, "step": "trickery", "resources": {"small": 5, "cunning": 1, "food": 1},
        "monster": {"id": "kobold"}}),
    );
    assert_eq!(g.pending(), &Pending::Trickery);
    act(&mut g, Action::Trick);
    assert_eq!(g.pending(), &Pending::Hunger { requirement: 1 });
    let s = g.state();
    assert_eq!((s.stock.get(Res::Cunning), s.stock.get(Res::Metal)), (0, 0));
    assert_eq!(s.stats.tricked_levels, vec![1]);
    act(&mut g, Action::Eat(1));
    assert!(g.state().skills.is_empty(), "no skill after trickery");
    assert_eq!(g.state().level, 2);
}

/// p. 25: a monster with no trickery cost goes straight to battle.
#[test]
fn untrickable_monster_fights() {
    let (g, ev) = scenario(
        json!({"level": 1, "step": "trickery", "resources": {"small": 5},
        "monster": {"id": "gibberling"}, "dice": [1]}),
    );
    assert!(ev.contains(&Event::CannotBeTricked {
        monster: idx("monster", "gibberling")
    }));
    assert_eq!(g.state().step, Step::Battle);
}

/// p. 5, p. 25, pp. 33–34: the Level IV monster is never tricked; the Trickery Step sends every
/// one of them straight to battle, however much the player could pay.
#[test]
fn the_last_monster_must_be_fought() {
    for id in ["troll", "ogre", "shaman", "wyvern", "vampire", "basilisk"] {
        let (g, ev) = scenario(json!({"level": 4, "step": "trickery",
            "resources": {"small": 9, "cunning": 7, "food": 7, "metal": 7, "treasure": 7},
            "monster": {"id": id}, "dice": [1, 1, 1, 1]}));
        assert!(
            ev.contains(&Event::CannotBeTricked {
                monster: idx("monster", id)
            }),
            "{id}"
        );
        assert_eq!(g.state().step, Step::Battle, "{id}");
        assert!(!legal_actions(&g).contains(&Action::Trick), "{id}");
    }
}

/// p. 18: on Hard the monster takes the first turn.
#[test]
fn hard_monster_first() {
    let (g, ev) = scenario(json!({
        "setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "hard"},
        "level": 1, "step": "battle", "resources": {"small": 5}, "monster": {"id": "kobold"}, "dice": [4]}));
    let d = db();
    let row = &d.monsters[idx("monster", "kobold") as usize].table[3];
    let loss = match row.effects.as_slice() {
        [unbroken::engine::cards::Effect::Lose(b)] => b.small,
        other => panic!("roll 4 takes Small Effort: {other:?}"),
    };
    assert!(ev.contains(&Event::MonsterActs {
        roll: 4,
        result: 4,
        verb: row.verb.clone()
    }));
    assert_eq!(small(&g), 5 - loss);
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });
}

/// pp. 26–27: armor first, then wounds; at 0 Health the monster is defeated; rewards and a
/// skill (draw 2, keep 1) follow (p. 32).
#[test]
fn battle_to_victory_and_rewards() {
    let mut g = sage_battle("kobold", 1, json!({"small": 12}), &[1, 1, 1, 1, 1, 1]);
    assert_eq!(
        apply(&mut g, Action::Attack(1)),
        Err(RuleError::ArmorUnbroken)
    );
    act(&mut g, Action::Attack(0));
    assert_eq!(g.state().monster.as_ref().map(|m| m.armor), Some(0));
    assert_eq!(
        apply(&mut g, Action::Attack(0)),
        Err(RuleError::NoArmorLeft)
    );
    for _ in 0..4 {
        act(&mut g, Action::Attack(1));
    }
    let s = g.state();
    assert_eq!(s.stats.defeated.len(), 1);
    assert_eq!(
        (s.stock.get(Res::Metal), s.stock.get(Res::Wood)),
        (1, 1),
        "Kobold's reward"
    );
    match g.pending() {
        Pending::ChooseSkill { cards } => assert_eq!(cards.len(), 2),
        p => panic!("{p:?}"),
    }
    act(&mut g, Action::KeepSkill(0));
    assert_eq!(g.pending(), &Pending::Hunger { requirement: 1 });
}

/// p. 28: DEFEND makes the monster ignore the next weapon attack (not an action's wounds).
#[test]
fn defend_ignores_the_next_weapon_attack() {
    // A Giant Spider with Armor 1, Health 4 and DEFEND on a 5 (the box's own may differ).
    let db = custom_db("monsters.json", |v| {
        card(v, "giant_spider")["armor"] = json!(1);
        card(v, "giant_spider")["health"] = json!(4);
        card(v, "giant_spider")["table"][4] = json!({"verb": "DEFEND", "effects": ["defend"]});
    });
    let mut g = sage_battle_on(
        db,
        "giant_spider",
        1,
        json!({"small": 12, "cunning": 1}),
        &[5, 1, 1],
    );
    act(&mut g, Action::Attack(0)); // armor 1 → 0, monster rolls 5: DEFEND
    assert!(g.state().monster.as_ref().is_some_and(|m| m.defending));
    // Name the Weakness is an action, not a weapon attack: it lands.
    let ev = act(&mut g, Action::Ability(2));
    assert!(ev.contains(&Event::WoundsInflicted { amount: 2, left: 2 }));
    let ev = act(&mut g, Action::Attack(1));
    assert!(ev.contains(&Event::AttackIgnored));
    assert_eq!(g.state().monster.as_ref().map(|m| m.health), Some(2));
}

/// p. 28: an effect that cannot apply uses its bracketed alternative.
#[test]
fn alternative_when_unable() {
    // A Kobold whose roll 4 steals a Metal, or 1 Small Effort from a player without one.
    let db = custom_db("monsters.json", |v| {
        card(v, "kobold")["table"][3] = json!({"verb": "STEAL",
            "effects": [{"lose": {"metal": 1}}], "alt": [{"lose": {"small": 1}}]});
    });
    let mut g = sage_battle_on(db, "kobold", 1, json!({"small": 6}), &[4]);
    let ev = act(&mut g, Action::Skip);
    assert!(ev.contains(&Event::AlternativeApplies));
    assert_eq!(
        small(&g),
        5,
        "no Metal to steal: lose 1 Small Effort instead"
    );
}

/// p. 17: a condition already held for the next level makes the monster roll again.
#[test]
fn duplicate_next_level_condition_rerolls() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 3, "step": "battle", "resources": {"small": 20},
        "conditions": [{"id": "crippled", "next_level": true}],
        "monster": {"id": "minotaur"}, "dice": [5, 2, 5]}),
    );
    // Minotaur attacks at battle start (roll 5: MISS); then the player's turn: its 2 would
    // cripple the player next level, which they already are, so it rolls again (a MISS).
    let ev = act(&mut g, Action::Skip);
    assert!(ev.contains(&Event::Rerolls));
    assert!(ev.contains(&Event::MonsterActs {
        roll: 5,
        result: 5,
        verb: "MISS".into()
    }));
}

/// p. 28: modified rolls are clamped to 1–6; passives apply after responses (p. 12).
#[test]
fn rolls_are_clamped() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 9},
        "conditions": [{"id": "frightened"}], "monster": {"id": "kobold"}, "dice": [6]}),
    );
    let ev = act(&mut g, Action::Skip);
    let d = db();
    let verb = d.monsters[idx("monster", "kobold") as usize].table[5]
        .verb
        .clone();
    assert!(ev.contains(&Event::MonsterActs {
        roll: 6,
        result: 6,
        verb
    }));
}

/// p. 29: in Level IV combat, Time spent or lost costs Small Effort instead.
#[test]
fn level_four_time_costs_small_effort() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 4, "step": "battle", "resources": {"small": 6, "wood": 1},
        "monster": {"id": "troll"}}),
    );
    assert!(g.state().time_removed);
    act(&mut g, Action::Craft(0));
    assert_eq!(small(&g), 6 - 1 - monster_bite(&g));
}

/// Small Effort the monster's turn took after the player's action (0 if it missed).
fn monster_bite(g: &Game) -> u8 {
    g.state().stats.small_lost_in_battle as u8
}

/// p. 15: crafting during battle takes its Time from the next level.
#[test]
fn crafting_in_battle_costs_next_levels_time() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 2, "step": "battle", "time": 9, "resources": {"small": 9, "metal": 1},
        "monster": {"id": "goblin"}, "dice": [5]}),
    );
    act(&mut g, Action::Craft(1));
    assert_eq!(g.state().time, 8);
    assert_eq!(g.state().weapons.last(), Some(&idx("weapon", "knife")));
}

/// p. 15: a voluntary downgrade is permanent; Bare Hands cannot be downgraded.
#[test]
fn voluntary_downgrade() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 3},
        "weapons": ["bare_hands", "club"]}),
    );
    act(&mut g, Action::Downgrade);
    assert_eq!(g.state().weapons, vec![idx("weapon", "bare_hands")]);
    assert_eq!(
        apply(&mut g, Action::Downgrade),
        Err(RuleError::CannotDowngrade)
    );
}

/// p. 15: a temporary downgrade sets the weapon aside for its turns, then it comes back.
#[test]
fn temporary_downgrade_returns() {
    // A Goblin whose roll 5 disarms for 2 turns (the box's own may differ).
    let db = custom_db("monsters.json", |v| {
        card(v, "goblin")["table"][4] = json!({"verb": "DISARM",
            "effects": [{"downgrade": {"turns": 2}}], "alt": [{"lose": {"small": 2}}]});
    });
    let (mut g, _) = scenario_on(
        db,
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 2, "step": "battle", "resources": {"small": 20},
        "weapons": ["bare_hands", "club"], "monster": {"id": "goblin"}, "dice": [5, 1, 1]}),
    );
    act(&mut g, Action::Skip); // DISARM for 2 turns
    assert_eq!(g.state().weapons.len(), 1);
    assert_eq!(
        apply(&mut g, Action::Craft(0)),
        Err(RuleError::WeaponSetAside)
    );
    act(&mut g, Action::Skip);
    assert_eq!(g.state().weapons.len(), 1);
    let ev = act(&mut g, Action::Skip);
    assert!(ev.contains(&Event::WeaponRestored {
        weapon: idx("weapon", "club")
    }));
}

/// p. 32: each Food not eaten costs 1, 2, 3 … Small Effort; unable to pay is starvation.
#[test]
fn starvation() {
    let (mut g, _) = scenario(
        json!({"level": 3, "step": "hunger", "resources": {"small": 5},
        "monster": {"id": "minotaur"}}),
    );
    act(&mut g, Action::Eat(0));
    match g.pending() {
        Pending::Over(Outcome::Defeat { level, cause }) => {
            assert_eq!(*level, 3);
            assert!(cause.starts_with("starvation"), "{cause}");
        }
        p => panic!("{p:?}"),
    }
}

/// p. 10: an effort loss that cannot be paid ends the game at once.
#[test]
fn unpaid_wound_is_defeat() {
    let mut g = sage_battle("kobold", 1, json!({"small": 1}), &[6]);
    act(&mut g, Action::Skip);
    assert!(matches!(g.pending(), Pending::Over(Outcome::Defeat { .. })));
    assert_eq!(g.state().step, Step::Over);
}

/// p. 33: at the end of the Combat Phase ability uses refill to the new level, active
/// conditions are discarded (permanent ones stay), next-level ones take hold.
#[test]
fn advance_to_the_next_level() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "hunger", "resources": {"small": 5, "food": 1},
        "uses": 0,
        "conditions": [{"id": "frightened"}, {"id": "armored"}, {"id": "weakened", "next_level": true}],
        "monster": {"id": "kobold"}}),
    );
    act(&mut g, Action::Eat(1));
    let s = g.state();
    assert_eq!((s.level, s.uses), (2, 2));
    let held: Vec<(u16, bool)> = s
        .conditions
        .iter()
        .map(|c| (c.card, c.next_level))
        .collect();
    assert!(held.contains(&(idx("condition", "armored"), false)));
    assert!(held.contains(&(idx("condition", "weakened"), false)));
    assert!(!held
        .iter()
        .any(|(c, _)| *c == idx("condition", "frightened")));
    assert!(s.monster.is_none());
    assert_eq!(s.monsters_faced, vec![idx("monster", "kobold")]);
}

/// p. 34: after Level IV, victory with the score of the resources left and its rank.
#[test]
fn victory_score_and_rank() {
    let (mut g, _) = scenario(json!({"level": 4, "step": "hunger",
        "resources": {"small": 9, "medium": 1, "cunning": 1, "treasure": 1, "food": 4},
        "monster": {"id": "troll"}}));
    act(&mut g, Action::Eat(4));
    match g.pending() {
        Pending::Over(Outcome::Victory { score, rank }) => {
            assert_eq!(*score, 3 + 2 + 10);
            assert_eq!(rank, "Survivor");
        }
        p => panic!("{p:?}"),
    }
}

/// p. 12: mandatory responses must be resolved; the player orders them; optional ones may be
/// passed.
#[test]
fn responses_mandatory_and_optional() {
    let (mut g, _) = scenario(
        json!({"level": 4, "step": "battle", "resources": {"small": 9},
        "skills": ["daring"], "monster": {"id": "basilisk"}}),
    );
    assert_eq!(apply(&mut g, Action::Pass), Err(RuleError::MandatoryLeft));
    let i = option_of(&g, |s| matches!(s, Source::Monster(_)));
    act(&mut g, Action::Respond(i));
    act(&mut g, Action::Pass);
    assert_eq!(small(&g), 9, "Daring declined");
}

/// p. 12: an optional response that could no longer do anything is not offered when its window
/// re-opens: once the Paralyzed roll is made, the Basilisk's "pay Metal instead of rolling"
/// has nothing left to skip.
#[test]
fn reopened_window_drops_useless_responses() {
    let (mut g, _) = scenario(
        json!({"level": 4, "step": "battle", "resources": {"small": 9, "metal": 1},
        "monster": {"id": "basilisk"}, "dice": [6]}),
    );
    let basilisk = idx("monster", "basilisk");
    let paralyzed = idx("condition", "paralyzed");
    // Before the turn: the Paralyzed roll (mandatory) and the Basilisk's bypass (optional).
    match g.pending() {
        Pending::Respond { options, .. } => {
            let mut sources: Vec<Source> = options.iter().map(|o| o.source).collect();
            sources.sort_by_key(|s| format!("{s:?}"));
            assert_eq!(
                sources,
                vec![Source::Condition(paralyzed), Source::Monster(basilisk)]
            );
        }
        p => panic!("expected the turn-start window, got {p:?}"),
    }
    let i = option_of(&g, |s| *s == Source::Condition(paralyzed));
    act(&mut g, Action::Respond(i));
    // The roll (6) is made; the bypass would skip nothing, so the turn begins.
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });
    assert_eq!(g.state().stock.get(Res::Metal), 1);
}

/// p. 16: a character ability uses one of the level's uses; with none left it is not offered.
#[test]
fn ability_uses() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sneak", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 9},
        "uses": 1, "monster": {"id": "kobold"}, "dice": [6, 6]}),
    );
    act(&mut g, Action::Skip);
    let i = option_of(&g, |s| *s == Source::Ability(2));
    act(&mut g, Action::Respond(i));
    assert_eq!(g.state().uses, 0);
    act(&mut g, Action::Skip);
    assert!(
        !matches!(g.pending(), Pending::Respond { .. }),
        "Dodge is spent"
    );
}

/// p. 16: Just a Scratch lowers a WOUND's loss by 1, to a minimum of 1.
#[test]
fn just_a_scratch() {
    // A Minotaur whose roll 3 WOUNDs for 2 (the box's own may differ).
    let d = custom_db("monsters.json", |v| {
        card(v, "minotaur")["table"][2] =
            json!({"verb": "WOUND", "effects": [{"lose": {"small": 2}}]});
    });
    let (mut g, _) = scenario_on(
        d.clone(),
        json!({"setup": {"seed": 1, "character": "brawler", "side": 0, "difficulty": "normal"},
        "level": 3, "step": "battle", "resources": {"small": 20},
        "monster": {"id": "minotaur"}, "dice": [3]}),
    );
    // Battle start: the Minotaur attacks at once (roll 3: a WOUND). I've Seen Worse is offered.
    let minotaur = &d.monsters[idx("monster", "minotaur") as usize];
    assert_eq!(minotaur.table[2].verb, "WOUND");
    let loss = match minotaur.table[2].effects.as_slice() {
        [unbroken::engine::cards::Effect::Lose(b)] => b.small,
        other => panic!("roll 3 takes Small Effort: {other:?}"),
    };
    assert!(loss >= 2, "the reduction must show");
    act(&mut g, Action::Pass);
    let i = option_of(&g, |s| *s == Source::Ability(1));
    act(&mut g, Action::Respond(i));
    assert_eq!(small(&g), 20 - (loss - 1));
}

/// p. 16: Power Through adds 1 to a Wounding attack's power.
#[test]
fn power_through() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "brawler", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 20},
        "monster": {"id": "hyena"}, "dice": [1]}),
    );
    let d = db();
    let hyena = d.monsters[idx("monster", "hyena") as usize].health;
    let bare = &d.weapons[idx("weapon", "bare_hands") as usize].attacks[1];
    assert_eq!(bare.power, 1, "Bare Hands' first Wounding attack");
    act(&mut g, Action::Attack(1));
    let i = option_of(&g, |s| *s == Source::Ability(2));
    let ev = act(&mut g, Action::Respond(i));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Attacked { power: 2, .. })));
    assert_eq!(
        g.state().monster.as_ref().map(|m| m.health),
        Some(hyena - 2)
    );
}

/// p. 16: I've Seen Worse re-rolls and the player keeps either result.
#[test]
fn ive_seen_worse() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "brawler", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 20},
        "monster": {"id": "hyena"}, "dice": [6, 5]}),
    );
    act(&mut g, Action::Skip);
    let i = option_of(&g, |s| *s == Source::Ability(0));
    act(&mut g, Action::Respond(i));
    assert_eq!(
        g.pending(),
        &Pending::ChooseRoll {
            first: 6,
            second: 5
        }
    );
    let ev = act(&mut g, Action::KeepRoll(1));
    assert!(ev.contains(&Event::MonsterActs {
        roll: 5,
        result: 5,
        verb: "MISS".into()
    }));
    assert_eq!(small(&g), 20);
}

/// p. 29: Wrecker grants one more attack after an Armor-Breaking attack, once per turn.
#[test]
fn wrecker_once_per_turn() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 3, "step": "battle", "resources": {"small": 20},
        "skills": ["wrecker"], "monster": {"id": "hobgoblin"}, "dice": [1]}),
    );
    act(&mut g, Action::Attack(0));
    let i = option_of(&g, |s| matches!(s, Source::Skill(_)));
    act(&mut g, Action::Respond(i));
    assert_eq!(g.pending(), &Pending::Battle { attack_only: true });
    assert_eq!(
        apply(&mut g, Action::General(0)),
        Err(RuleError::AttackOnly)
    );
    act(&mut g, Action::Attack(0));
    assert!(
        !matches!(g.pending(), Pending::Respond { .. }),
        "Wrecker only once a turn"
    );
}

/// p. 29: Paralyzed — roll at most its tokens and the turn is lost.
#[test]
fn paralyzed_skips_the_turn() {
    let (g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 9},
        "conditions": [{"id": "paralyzed", "tokens": 2}], "monster": {"id": "hyena"}, "dice": [2, 1, 3]}),
    );
    // The first turn's check rolled 2 ≤ 2: skipped; the monster rolled 1 (MISS); next check 3.
    assert_eq!(g.pending(), &Pending::Battle { attack_only: false });
    assert_eq!(g.state().combat.round, 2);
}

/// p. 17: conditions with tokens (Poisoned) lose a token each round and go at 0.
#[test]
fn poison_wears_off() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 9},
        "conditions": [{"id": "poisoned", "tokens": 2}], "monster": {"id": "hyena"}, "dice": [5, 5]}),
    );
    act(&mut g, Action::Skip);
    act(&mut g, Action::Skip);
    assert_eq!(small(&g), 7);
    assert!(g.state().conditions.is_empty());
}

/// Undo takes back a decision, never a die roll or a card reveal.
#[test]
fn undo_to_the_last_roll_or_reveal() {
    let mut g = new_game("sage", Difficulty::Normal, 4);
    let before = g.clone();
    act(&mut g, Action::General(0));
    act(&mut g, Action::Undo);
    assert_eq!(g.state(), before.state());
    act(&mut g, Action::Explore);
    assert_eq!(apply(&mut g, Action::Undo), Err(RuleError::NothingToUndo));
}

/// A save is the setup and the log; loading replays it to the same position.
#[test]
fn save_and_load() {
    let mut g = new_game("hunter", Difficulty::Hard, 8);
    act(&mut g, Action::Ability(1));
    act(&mut g, Action::Explore);
    act(&mut g, Action::Rest(0));
    let json = serde_json::to_string(&g.save()).expect("save");
    let back: unbroken::engine::SaveGame = serde_json::from_str(&json).expect("parse");
    let h = unbroken::engine::Game::load(&back, db()).expect("load");
    assert_eq!(h.state(), g.state());
}

/// A tampered save is refused, never half-loaded.
#[test]
fn tampered_save_is_refused() {
    let mut g = new_game("hunter", Difficulty::Hard, 8);
    act(&mut g, Action::Explore);
    let mut save = g.save();
    save.actions.push(Action::Trick);
    assert!(matches!(
        unbroken::engine::Game::load(&save, db()),
        Err(unbroken::engine::LoadError::IllegalAction { at: 1, .. })
    ));
    save.fingerprint ^= 1;
    assert_eq!(
        unbroken::engine::Game::load(&save, db()).err(),
        Some(unbroken::engine::LoadError::OtherContent)
    );
}

/// A save from a release with other cards still loads when its moves are legal now.
#[test]
fn save_from_another_release_still_loads() {
    let mut g = new_game("hunter", Difficulty::Hard, 8);
    act(&mut g, Action::Explore);
    act(&mut g, Action::Rest(0));
    let mut save = g.save();
    save.fingerprint ^= 1;
    let h = unbroken::engine::Game::load(&save, db()).expect("replays");
    assert_eq!(h.state(), g.state());
}

/// p. 27: monster surcharges raise the cost of weapon attacks (not of actions).
#[test]
fn surcharge_on_weapon_attacks() {
    let mut g = sage_battle("troglodyte", 2, json!({"small": 10}), &[1]);
    act(&mut g, Action::Attack(0));
    assert_eq!(small(&g), 10 - 2 - 1);
}

/// p. 28: Reduce loses the higher resource and gains the lower; without it, the alternative.
#[test]
fn reduce_exchanges_resources() {
    let mut g = sage_battle("troglodyte", 2, json!({"small": 10, "medium": 1}), &[3, 3]);
    act(&mut g, Action::Skip);
    assert_eq!((small(&g), g.state().stock.get(Res::Medium)), (12, 0));
    let ev = act(&mut g, Action::Skip);
    assert!(ev.contains(&Event::AlternativeApplies));
    assert_eq!(small(&g), 11);
}

/// p. 17, p. 28: a condition gained for rounds is extended when gained again, and ends by
/// itself when its rounds run out.
#[test]
fn conditions_for_rounds() {
    // A Hyena whose rolls 5 and 6 THREATEN Frightened for 2 rounds (the box's own may differ).
    // Frightened adds 1 to the monster's rolls: the second die (4) becomes 5, THREATEN again.
    let db = custom_db("monsters.json", |v| {
        let row = json!({"verb": "THREATEN",
            "effects": [{"condition": {"id": "frightened", "when": {"rounds": 2}}}]});
        card(v, "hyena")["table"][4] = row.clone();
        card(v, "hyena")["table"][5] = row;
    });
    let (mut g, _) = scenario_on(
        db,
        json!({"setup": {"seed": 9, "character": "sage", "side": 1, "difficulty": "normal"},
        "level": 1, "step": "battle", "resources": {"small": 20},
        "monster": {"id": "hyena"}, "dice": [5, 4, 1, 1]}),
    );
    let frightened = idx("condition", "frightened");
    act(&mut g, Action::Skip);
    let rounds = |g: &Game| {
        g.state()
            .conditions
            .iter()
            .find(|c| c.card == frightened)
            .and_then(|c| c.rounds)
    };
    assert_eq!(rounds(&g), Some(1), "2 rounds, one already over");
    let ev = act(&mut g, Action::Skip);
    assert!(ev.contains(&Event::ConditionExtended {
        condition: frightened,
        rounds: 3
    }));
    act(&mut g, Action::Skip);
    assert_eq!(rounds(&g), Some(1));
    let ev = act(&mut g, Action::Skip);
    assert!(ev.contains(&Event::ConditionDiscarded {
        condition: frightened
    }));
}

/// p. 21: an action that spends the last Time completes, then the monster ambushes.
#[test]
fn ambush_in_the_middle_of_an_action() {
    // Enough Effort to live through the Hyena's ambush.
    let (mut g, _) = scenario(json!({"level": 1, "step": "prepare", "time": 1,
        "resources": {"small": 12}, "dice": [2]}));
    let ev = act(&mut g, Action::Scout);
    let hyena = idx("monster", "hyena");
    assert!(ev.contains(&Event::MonsterRevealed { monster: hyena }));
    assert!(ev.contains(&Event::Ambushed { monster: hyena }));
    assert_eq!(g.state().step, Step::Battle);
}

/// Issue 13, item 9: the log and replay label of a kept encounter names the card, not its place.
#[test]
fn encounter_labels_name_the_card() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "encounter_top": ["hot_spring", "cave_spring"]}),
    );
    act(&mut g, Action::Explore);
    let label = |g: &Game, a| unbroken::engine::words::action(g.db(), g.state(), &a);
    assert_eq!(label(&g, Action::Resolve(0)), "Resolve Hot Spring");
    assert_eq!(label(&g, Action::Rest(1)), "Rest on Cave Spring");
    // Not on the table: its place, as before.
    assert_eq!(label(&g, Action::Resolve(7)), "Resolve card 8");
}
