//! One test per reason an action is refused, asserting the exact error and its message, and
//! that the game is unchanged.

mod common;
use common::*;
use serde_json::json;
use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::res::{Bundle, Res};
use unbroken::engine::scenario::Scenario;
use unbroken::engine::{
    apply, candidate_actions, Action, Difficulty, Event, Game, Pending, RuleError,
};

/// Applies `a`, expects `want` with this message, and checks nothing changed.
fn refused(g: &mut Game, a: Action, want: RuleError, message: &str) {
    let before = g.clone();
    let got = apply(g, a);
    assert_eq!(got, Err(want.clone()));
    assert_eq!(want.to_string(), message);
    assert_eq!(
        g.state(),
        before.state(),
        "a refused action changed the game"
    );
}

fn prep(res: serde_json::Value) -> Game {
    scenario(json!({"level": 1, "step": "prepare", "resources": res})).0
}

fn battle(monster: &str, level: u8, res: serde_json::Value) -> Game {
    scenario(json!({"level": level, "step": "battle", "resources": res,
        "monster": {"id": monster}, "dice": [1, 1, 1, 1]}))
    .0
}

/// p. 34: nothing can be done once the game has ended.
#[test]
fn game_over() {
    let (mut g, _) = scenario(
        json!({"level": 3, "step": "hunger", "resources": {"small": 1},
        "monster": {"id": "minotaur"}}),
    );
    act(&mut g, Action::Eat(0));
    refused(
        &mut g,
        Action::Explore,
        RuleError::GameOver,
        "the game is over",
    );
}

/// Actions belong to their step (p. 19).
#[test]
fn not_now() {
    let mut g = prep(json!({"small": 5}));
    refused(
        &mut g,
        Action::Attack(0),
        RuleError::NotNow {
            waiting: "prepare, then explore or face the monster".into(),
        },
        "not now: prepare, then explore or face the monster",
    );
}

#[test]
fn no_such_choice() {
    let mut g = battle("hyena", 1, json!({"small": 5}));
    refused(
        &mut g,
        Action::Attack(9),
        RuleError::NoSuchChoice,
        "there is no such choice",
    );
}

/// p. 20: an action the player cannot pay for cannot be taken.
#[test]
fn cannot_afford() {
    let mut g = prep(json!({"small": 3}));
    refused(
        &mut g,
        Action::General(0),
        RuleError::CannotAfford {
            need: Bundle::of(Res::Small, 4),
            to: "Focus".into(),
        },
        "you need 4 Small Effort to Focus",
    );
}

#[test]
fn nothing_to_undo() {
    let mut g = new_game("sage", Difficulty::Normal, 1);
    refused(
        &mut g,
        Action::Undo,
        RuleError::NothingToUndo,
        "nothing to undo since the last roll or reveal",
    );
}

/// p. 22: a commitment forces the Exploration Step.
#[test]
fn must_explore() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 3},
        "encounter_top": ["troglodyte_garden", "fallen_timbers"]}),
    );
    act(&mut g, Action::Explore);
    act(&mut g, Action::Resolve(0));
    refused(
        &mut g,
        Action::Confront,
        RuleError::MustExplore,
        "you committed to the next encounter: you must explore",
    );
}

/// p. 23: a committed encounter cannot be rested on.
#[test]
fn must_resolve() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 3},
        "encounter_top": ["troglodyte_garden", "fallen_timbers", "cave_spring"]}),
    );
    act(&mut g, Action::Explore);
    act(&mut g, Action::Resolve(0));
    act(&mut g, Action::Explore);
    refused(
        &mut g,
        Action::Rest(0),
        RuleError::MustResolve,
        "you committed to this encounter: you must resolve it, not rest",
    );
}

#[test]
fn cannot_rest() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 3},
        "conditions": [{"id": "exhausted"}], "encounter_top": ["cave_spring", "fallen_timbers"]}),
    );
    act(&mut g, Action::Explore);
    refused(
        &mut g,
        Action::Rest(0),
        RuleError::CannotRest {
            condition: "Exhausted".into(),
        },
        "Exhausted stops you resting",
    );
}

/// pp. 20, 27: travel actions only in the Preparation Step.
#[test]
fn wrong_phase() {
    let mut g = battle("hyena", 1, json!({"small": 5}));
    refused(
        &mut g,
        Action::Scout,
        RuleError::WrongPhase {
            action: "Scout".into(),
            allowed: "in the Preparation Step".into(),
        },
        "Scout can only be taken in the Preparation Step",
    );
    let mut g = prep(json!({"small": 5, "cunning": 1}));
    refused(
        &mut g,
        Action::Ability(2),
        RuleError::WrongPhase {
            action: "Name the Weakness".into(),
            allowed: "on your turn in battle".into(),
        },
        "Name the Weakness can only be taken on your turn in battle",
    );
}

#[test]
fn already_revealed() {
    let mut g = prep(json!({"small": 5}));
    act(&mut g, Action::Scout);
    refused(
        &mut g,
        Action::Scout,
        RuleError::AlreadyRevealed,
        "the monster is already revealed",
    );
}

/// p. 15: only the upgrades printed on the sheet.
#[test]
fn no_upgrade() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
        "weapons": ["bare_hands", "knife", "sword"]}),
    );
    refused(
        &mut g,
        Action::Craft(0),
        RuleError::NoUpgrade,
        "your weapon sheet shows no such upgrade",
    );
}

#[test]
fn weapon_set_aside() {
    let (mut g, _) = scenario(
        json!({"level": 2, "step": "battle", "resources": {"small": 20, "wood": 3, "metal": 3},
        "weapons": ["bare_hands", "club"], "monster": {"id": "goblin"}, "dice": [1, 5]}),
    );
    act(&mut g, Action::Skip);
    refused(
        &mut g,
        Action::Craft(0),
        RuleError::WeaponSetAside,
        "your weapon is set aside: you cannot craft until it returns",
    );
}

/// p. 15: Bare Hands can never be downgraded.
#[test]
fn cannot_downgrade() {
    let mut g = prep(json!({"small": 5}));
    refused(
        &mut g,
        Action::Downgrade,
        RuleError::CannotDowngrade,
        "Bare Hands cannot be downgraded",
    );
}

/// p. 26: Armor-Breaking needs armor left.
#[test]
fn no_armor_left() {
    let mut g = battle("hyena", 1, json!({"small": 5}));
    refused(
        &mut g,
        Action::Attack(0),
        RuleError::NoArmorLeft,
        "the monster has no armor left to break",
    );
}

/// p. 27: no wounds while armor stands.
#[test]
fn armor_unbroken() {
    let mut g = battle("kobold", 1, json!({"small": 5}));
    refused(
        &mut g,
        Action::Attack(1),
        RuleError::ArmorUnbroken,
        "break the monster's armor before you wound it",
    );
}

/// p. 16: uses per level.
#[test]
fn no_ability_uses() {
    let (mut g, _) =
        scenario(json!({"level": 1, "step": "prepare", "resources": {"small": 5}, "uses": 0}));
    refused(
        &mut g,
        Action::Ability(0),
        RuleError::NoAbilityUses,
        "no ability uses left this level",
    );
}

#[test]
fn abilities_blocked() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
        "conditions": [{"id": "amnesia"}]}),
    );
    refused(
        &mut g,
        Action::Ability(0),
        RuleError::AbilitiesBlocked {
            condition: "Amnesia".into(),
        },
        "Amnesia stops your abilities",
    );
}

#[test]
fn limit_reached() {
    let (mut g, _) = scenario(
        json!({"level": 1, "step": "prepare", "resources": {"small": 5},
        "skills": ["second_wind"]}),
    );
    act(
        &mut g,
        Action::SkillAction {
            skill: 0,
            action: 0,
        },
    );
    refused(
        &mut g,
        Action::SkillAction {
            skill: 0,
            action: 0,
        },
        RuleError::LimitReached {
            name: "Second Wind".into(),
        },
        "Second Wind cannot be used again yet",
    );
}

/// p. 12: responses are not actions.
#[test]
fn not_an_action() {
    let (mut g, _) = scenario(
        json!({"setup": {"seed": 1, "character": "brawler", "side": 0, "difficulty": "normal"},
        "level": 1, "step": "prepare", "resources": {"small": 5}}),
    );
    refused(
        &mut g,
        Action::Ability(0),
        RuleError::NotAnAction {
            name: "I've Seen Worse".into(),
        },
        "I've Seen Worse is a response: it is offered when it triggers",
    );
}

/// p. 25: no trickery cost, no trick.
#[test]
fn cannot_trick() {
    let (mut g, _) = scenario(
        json!({"level": 3, "step": "prepare", "resources": {"small": 25},
        "monster": {"id": "minotaur"}}),
    );
    act(&mut g, Action::Confront);
    // The Minotaur has no trickery cost: the battle starts at once, so Trick is "not now".
    assert!(matches!(
        apply(&mut g, Action::Trick),
        Err(RuleError::NotNow { .. })
    ));
    // Where the Trickery Step is offered, what the player lacks is the reason (a Kobold slipped
    // past for 1 Cunning; the box's own may cost more).
    let db = custom_db("monsters.json", |v| {
        card(v, "kobold")["trickery"] = json!({"cunning": 1});
    });
    let (mut g, _) = scenario_on(
        db,
        json!({"level": 1, "step": "trickery", "resources": {"small": 5},
        "monster": {"id": "kobold"}}),
    );
    refused(
        &mut g,
        Action::Trick,
        RuleError::CannotAfford {
            need: Bundle::of(Res::Cunning, 1),
            to: "trick the monster".into(),
        },
        "you need 1 Cunning to trick the monster",
    );
}

/// p. 5, p. 25, pp. 33–34: the Level IV monster can never be tricked, even if its sheet (here a
/// hand-edited box that skips the content check) shows a trickery cost.
#[test]
fn cannot_trick_the_last_monster() {
    let mut db = CardDb::builtin().expect("the built-in box loads");
    let troll = idx("monster", "troll") as usize;
    db.monsters[troll].trickery = Some(Bundle::of(Res::Cunning, 1));
    let sc: Scenario = serde_json::from_value(json!({
        "setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
        "level": 4, "step": "trickery", "resources": {"small": 9, "cunning": 5},
        "monster": {"id": "troll"}, "dice": [1, 1, 1, 1]}))
    .expect("scenario parses");
    let (mut g, ev) = sc.build(Arc::new(db)).expect("scenario builds");
    // No Trickery Step: straight to battle.
    assert!(ev.contains(&Event::CannotBeTricked {
        monster: troll as u16
    }));
    assert!(!matches!(g.pending(), Pending::Trickery));
    assert!(!candidate_actions(&g).contains(&Action::Trick));
    refused(
        &mut g,
        Action::Trick,
        RuleError::CannotTrick,
        "this monster cannot be tricked",
    );
}

/// p. 12: monster and condition responses are mandatory.
#[test]
fn mandatory_left() {
    let (mut g, _) = scenario(
        json!({"level": 4, "step": "battle", "resources": {"small": 9},
        "skills": ["daring"], "monster": {"id": "basilisk"}}),
    );
    refused(
        &mut g,
        Action::Pass,
        RuleError::MandatoryLeft,
        "resolve the mandatory responses first",
    );
}

#[test]
fn attack_only() {
    let (mut g, _) = scenario(
        json!({"level": 3, "step": "battle", "resources": {"small": 20},
        "skills": ["wrecker"], "monster": {"id": "hobgoblin"}}),
    );
    act(&mut g, Action::Attack(0));
    act(&mut g, Action::Respond(0));
    refused(
        &mut g,
        Action::General(0),
        RuleError::AttackOnly,
        "this extra turn allows only a weapon attack",
    );
}

/// p. 32: eat at most the requirement and the food held.
#[test]
fn too_much_food() {
    let (mut g, _) = scenario(
        json!({"level": 2, "step": "hunger", "resources": {"small": 5, "food": 1},
        "monster": {"id": "goblin"}}),
    );
    refused(
        &mut g,
        Action::Eat(2),
        RuleError::TooMuchFood { max: 1 },
        "you can eat at most 1 Food now",
    );
}
