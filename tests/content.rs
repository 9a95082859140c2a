//! The box as data: every card loads, the counts match the retail box, every reference resolves,
//! and broken content is reported with its file, card and field. The monsters have a file of
//! their own (tests/monsters.rs).

mod common;
use common::{db, walk};
use std::collections::{BTreeSet, HashSet, VecDeque};

use serde_json::Value;
use unbroken::content::{builtin_sources, CardDb, ContentError, Counts, BOX};
use unbroken::engine::cards::{ActionDef, AttackKind, Effect, Passive, Response, Test, Trigger};
use unbroken::engine::res::Bundle;

fn response_effects<'a>(list: &'a [Response], out: &mut Vec<&'a Effect>) {
    for r in list {
        walk(&r.effects, out);
    }
}

fn action_effects<'a>(list: &'a [ActionDef], out: &mut Vec<&'a Effect>) {
    for a in list {
        walk(&a.effects, out);
    }
}

fn all_effects(db: &CardDb) -> Vec<&Effect> {
    let mut out = Vec::new();
    action_effects(&db.params.general_actions, &mut out);
    for c in &db.characters {
        for a in &c.abilities {
            if let Some(act) = &a.action {
                walk(&act.effects, &mut out);
            }
            if let Some(r) = &a.response {
                walk(&r.effects, &mut out);
            }
        }
    }
    for m in &db.monsters {
        walk(&m.ambush, &mut out);
        response_effects(&m.responses, &mut out);
        action_effects(&m.actions, &mut out);
        for row in &m.table {
            walk(&row.effects, &mut out);
            walk(&row.alt, &mut out);
        }
    }
    for e in &db.encounters {
        walk(&e.gain, &mut out);
    }
    for s in &db.skills {
        response_effects(&s.responses, &mut out);
        action_effects(&s.actions, &mut out);
    }
    for c in &db.conditions {
        response_effects(&c.responses, &mut out);
    }
    out
}

fn replace_file(file: &str, text: &str) -> Vec<(&'static str, String)> {
    builtin_sources()
        .iter()
        .map(|(n, t)| {
            (
                *n,
                if *n == file {
                    text.to_string()
                } else {
                    t.to_string()
                },
            )
        })
        .collect()
}

fn load_with(file: &str, edit: impl FnOnce(&mut Value)) -> Result<CardDb, ContentError> {
    let original = builtin_sources()
        .iter()
        .find(|(n, _)| *n == file)
        .map(|(_, t)| *t)
        .expect("a built-in file");
    let mut v: Value = serde_json::from_str(original).expect("built-in JSON parses");
    edit(&mut v);
    let sources = replace_file(file, &serde_json::to_string_pretty(&v).unwrap());
    let refs: Vec<(&str, &str)> = sources.iter().map(|(n, t)| (*n, t.as_str())).collect();
    CardDb::from_sources(&refs)
}

fn card_mut<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    v.as_array_mut()
        .expect("a card file is an array")
        .iter_mut()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no card `{id}`"))
}

fn kinds(b: &Bundle) -> usize {
    b.entries().count()
}

// ---------------------------------------------------------------- loading and counts

#[test]
fn every_card_loads() {
    let db = db();
    assert_eq!(
        db.start_weapon as usize,
        db.weapons
            .iter()
            .position(|w| w.id == "bare_hands")
            .unwrap()
    );
    assert_ne!(db.fingerprint, 0);
}

#[test]
fn counts_match_the_box() {
    let db = db();
    let want = Counts {
        characters: 4,
        weapons: 7,
        monsters: 24,
        encounters: 88,
        skills: 24,
        conditions: 10,
    };
    assert_eq!(db.counts(), want);
    assert_eq!(BOX, want);
    let distinct = db.encounters.len();
    assert!(distinct >= 60, "only {distinct} distinct encounter cards");
    assert!(db.encounters.iter().all(|e| (1..=3).contains(&e.copies)));
}

#[test]
fn required_ids_exist() {
    let db = db();
    let has = |ids: Vec<&str>, want: &[&str], what: &str| {
        for w in want {
            assert!(ids.contains(w), "missing {what} `{w}`");
        }
    };
    has(
        db.characters.iter().map(|c| c.id.as_str()).collect(),
        &["sneak", "sage", "hunter", "brawler"],
        "character",
    );
    has(
        db.weapons.iter().map(|w| w.id.as_str()).collect(),
        &[
            "bare_hands",
            "club",
            "knife",
            "spear",
            "sword",
            "axe",
            "maul",
        ],
        "weapon",
    );
    has(
        db.monsters.iter().map(|m| m.id.as_str()).collect(),
        &[
            "crazed_survivor",
            "bugbear_warlord",
            "dark_elf",
            "minotaur",
            "vampire",
            "basilisk",
        ],
        "monster",
    );
    has(
        db.skills.iter().map(|s| s.id.as_str()).collect(),
        &[
            "wrecker",
            "daring",
            "spike_thrower",
            "heroic_perseverance",
            "grim_determination",
            "inventive",
        ],
        "skill",
    );
    has(
        db.conditions.iter().map(|c| c.id.as_str()).collect(),
        &[
            "paralyzed",
            "paranoid",
            "crippled",
            "weakened",
            "amnesia",
            "poisoned",
            "armored",
        ],
        "condition",
    );
    let level = |id: &str| db.monsters.iter().find(|m| m.id == id).unwrap().level;
    assert_eq!(level("crazed_survivor"), 2);
    assert_eq!(level("bugbear_warlord"), 3);
    assert_eq!(level("dark_elf"), 3);
    assert_eq!(level("minotaur"), 3);
    assert_eq!(level("vampire"), 4);
    assert_eq!(level("basilisk"), 4);
}

#[test]
fn every_card_has_words() {
    let db = db();
    for c in &db.characters {
        assert!(!c.motto.trim().is_empty(), "{}", c.id);
        for s in &c.sides {
            assert!(
                !s.name.trim().is_empty() && !s.flavour.trim().is_empty(),
                "{}",
                c.id
            );
        }
        for a in &c.abilities {
            assert!(!a.text.trim().is_empty(), "{} / {}", c.id, a.name);
        }
    }
    for w in &db.weapons {
        assert!(!w.flavour.trim().is_empty(), "{}", w.id);
    }
    for m in &db.monsters {
        assert!(
            !m.flavour.trim().is_empty() && !m.name.trim().is_empty(),
            "{}",
            m.id
        );
    }
    for e in &db.encounters {
        assert!(
            !e.flavour.trim().is_empty() && !e.name.trim().is_empty(),
            "{}",
            e.id
        );
    }
    for s in &db.skills {
        assert!(
            !s.text.trim().is_empty() && !s.flavour.trim().is_empty(),
            "{}",
            s.id
        );
        for a in &s.actions {
            assert!(!a.text.trim().is_empty(), "{}", s.id);
        }
    }
    for c in &db.conditions {
        assert!(
            !c.text.trim().is_empty() && !c.flavour.trim().is_empty(),
            "{}",
            c.id
        );
    }
}

// ---------------------------------------------------------------- characters

#[test]
fn characters_have_two_sides_and_three_abilities() {
    let db = db();
    let sides: Vec<(&str, [&str; 2])> = vec![
        ("sneak", ["Maxyn Zenma", "Mae'el"]),
        ("sage", ["Tomu", "Helena"]),
        ("hunter", ["Kirilla el Kaer", "Huckdorf"]),
        ("brawler", ["Caellahan", "Niola"]),
    ];
    for (id, names) in sides {
        let c = &db.characters[db.character_index(id).unwrap() as usize];
        assert_eq!([c.sides[0].name.as_str(), c.sides[1].name.as_str()], names);
        assert_eq!(c.abilities.len(), 3, "{id}");
        for a in &c.abilities {
            assert!(
                a.action.is_some() != a.response.is_some(),
                "{id} / {}",
                a.name
            );
        }
    }
}

#[test]
fn known_abilities_are_as_the_rules_describe() {
    let db = db();
    let ability = |ch: &str, name: &str| {
        let c = &db.characters[db.character_index(ch).unwrap() as usize];
        c.abilities
            .iter()
            .find(|a| a.name == name)
            .unwrap_or_else(|| panic!("{ch} has no `{name}`"))
            .clone()
    };
    let r = ability("brawler", "I've Seen Worse").response.unwrap();
    assert_eq!(
        (r.trigger, r.effects),
        (Trigger::MonsterRoll, vec![Effect::Reroll])
    );
    let r = ability("brawler", "Just a Scratch").response.unwrap();
    assert_eq!(r.trigger, Trigger::WoundLoss);
    assert_eq!(r.verb.as_deref(), Some("WOUND"));
    assert_eq!(r.effects, vec![Effect::ReduceLoss(1)]);
    let r = ability("brawler", "Power Through").response.unwrap();
    assert_eq!(r.trigger, Trigger::WoundingChosen);
    assert_eq!(
        r.cost,
        Bundle {
            small: 1,
            ..Bundle::default()
        }
    );
    assert_eq!(r.effects, vec![Effect::AttackBonus(1)]);

    let r = ability("sneak", "Take a Peek").response.unwrap();
    assert_eq!(
        (r.trigger, r.effects),
        (Trigger::Explore, vec![Effect::RevealExtra(1)])
    );
    let r = ability("sneak", "Flexible").response.unwrap();
    assert_eq!(
        (r.trigger, r.effects),
        (Trigger::SkillDraw, vec![Effect::RevealExtra(1)])
    );
    let r = ability("sneak", "Dodge").response.unwrap();
    assert_eq!(r.trigger, Trigger::MonsterRoll);
    assert_eq!(
        r.cost,
        Bundle {
            small: 1,
            ..Bundle::default()
        }
    );
    assert_eq!(r.effects, vec![Effect::ModifyRoll(-1)]);

    let a = ability("sage", "Dangerous Idea").action.unwrap();
    assert_eq!(
        a.effects,
        vec![Effect::If {
            test: Test::RollAboveLevel,
            then: vec![Effect::Gain(Bundle {
                time: 1,
                ..Bundle::default()
            })],
            otherwise: vec![],
        }]
    );
}

// ---------------------------------------------------------------- weapons

#[test]
fn every_weapon_is_reachable_from_bare_hands() {
    let db = db();
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([db.start_weapon]);
    while let Some(w) = queue.pop_front() {
        if !seen.insert(w) {
            continue;
        }
        for u in &db.weapon(w).unwrap().upgrades {
            queue.push_back(u.to.idx);
        }
    }
    for (i, w) in db.weapons.iter().enumerate() {
        assert!(
            seen.contains(&(i as u16)),
            "`{}` cannot be crafted from Bare Hands",
            w.id
        );
    }
}

#[test]
fn upgrade_tree_has_the_box_shape() {
    let db = db();
    let ups = |id: &str| -> BTreeSet<String> {
        let w = db.weapons.iter().find(|w| w.id == id).unwrap();
        w.upgrades.iter().map(|u| u.to.id.clone()).collect()
    };
    let set = |ids: &[&str]| ids.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(ups("bare_hands"), set(&["club", "knife"]));
    assert_eq!(ups("club"), set(&["axe", "maul"]));
    assert_eq!(ups("knife"), set(&["sword", "spear"]));
    for w in &db.weapons {
        let basic = ["bare_hands", "club", "knife"].contains(&w.id.as_str());
        assert_eq!(w.basic, basic, "{}", w.id);
        if !basic {
            assert!(
                w.upgrades.len() <= 1,
                "{} upgrades along more than one path",
                w.id
            );
        }
        for u in &w.upgrades {
            let c = u.cost;
            assert!(
                // Every upgrade costs Time as well as materials (p. 15: "the cost of each
                // upgrade in resources and Time"); an advanced weapon may take up to 3.
                (1..=3).contains(&c.time),
                "{} → {}: time {}",
                w.id,
                u.to.id,
                c.time
            );
            assert!(
                c.wood + c.metal > 0,
                "{} → {} costs no materials",
                w.id,
                u.to.id
            );
            assert_eq!(
                c.small + c.medium + c.large + c.cunning + c.food + c.treasure,
                0
            );
        }
    }
}

#[test]
fn sword_matches_the_combat_example() {
    let db = db();
    let sword = db.weapons.iter().find(|w| w.id == "sword").unwrap();
    // The two attacks of the combat example come first (pp. 29-30); the sheet may print more.
    assert!(sword.attacks.len() >= 2);
    let ab = &sword.attacks[0];
    assert_eq!(ab.kind, AttackKind::ArmorBreaking);
    assert_eq!(
        ab.cost,
        Bundle {
            small: 1,
            ..Bundle::default()
        }
    );
    assert_eq!(ab.power, 1);
    let w = &sword.attacks[1];
    assert_eq!(w.kind, AttackKind::Wounding);
    assert_eq!(
        w.cost,
        Bundle {
            large: 1,
            small: 2,
            ..Bundle::default()
        }
    );
    assert_eq!(w.power, 5);
}

#[test]
fn every_weapon_can_wound_and_break_armor() {
    let db = db();
    for w in &db.weapons {
        assert!(
            w.attacks.iter().any(|a| a.kind == AttackKind::Wounding),
            "{}",
            w.id
        );
        assert!(
            w.attacks
                .iter()
                .any(|a| a.kind == AttackKind::ArmorBreaking),
            "{}",
            w.id
        );
        for a in &w.attacks {
            assert!(a.power > 0 && kinds(&a.cost) > 0, "{}", w.id);
            assert_eq!(a.cost.time, 0, "{}", w.id);
        }
    }
}

// ---------------------------------------------------------------- conditions

#[test]
fn every_condition_can_come_into_play() {
    let db = db();
    let gained: HashSet<u16> = all_effects(&db)
        .into_iter()
        .filter_map(|e| match e {
            Effect::Condition { id, .. } => Some(id.idx),
            _ => None,
        })
        .collect();
    for (i, c) in db.conditions.iter().enumerate() {
        assert!(
            gained.contains(&(i as u16)),
            "no card gives the condition `{}`",
            c.id
        );
    }
    // Every reference resolved to the condition it names.
    for e in all_effects(&db) {
        if let Effect::Condition { id, .. } | Effect::Tokens { id, .. } = e {
            assert_eq!(db.conditions[id.idx as usize].id, id.id);
        }
    }
}

#[test]
fn described_conditions_match_the_rules() {
    let db = db();
    let c = |id: &str| db.conditions.iter().find(|c| c.id == id).unwrap().clone();
    let p = c("paralyzed");
    assert_eq!(p.responses.len(), 1);
    assert_eq!(p.responses[0].trigger, Trigger::TurnStart);
    assert_eq!(
        p.responses[0].effects,
        vec![Effect::If {
            test: Test::RollAtMostTokens,
            then: vec![Effect::SkipTurn],
            otherwise: vec![],
        }]
    );
    let pa = c("paranoid");
    assert_eq!(pa.responses[0].trigger, Trigger::BattleStart);
    assert_eq!(
        pa.responses[0].effects,
        vec![Effect::MonsterGain {
            armor: 0,
            health: 2
        }]
    );
    let po = c("poisoned");
    assert_eq!(po.responses[0].trigger, Trigger::RoundEnd);
    assert!(po.responses[0].effects.contains(&Effect::RemoveToken));
    assert!(c("armored").permanent);
    assert_eq!(db.conditions.iter().filter(|c| c.permanent).count(), 1);
    assert!(c("amnesia").passives.contains(&Passive::NoAbilities));
    // Conditions that count tokens are always gained with some.
    for e in all_effects(&db) {
        if let Effect::Condition { id, tokens, .. } = e {
            if ["paralyzed", "poisoned"].contains(&id.id.as_str()) {
                assert!(*tokens > 0, "{} gained without tokens", id.id);
            }
        }
    }
}

// ---------------------------------------------------------------- skills

#[test]
fn named_skills_work_as_the_rules_say() {
    let db = db();
    let s = |id: &str| db.skills.iter().find(|s| s.id == id).unwrap().clone();
    let w = s("wrecker");
    assert!(
        w.responses
            .iter()
            .any(|r| r.trigger == Trigger::ArmorBreakingDone
                && r.effects == vec![Effect::ExtraAttack])
    );
    let d = s("daring");
    assert!(d.responses.iter().any(|r| r.trigger == Trigger::BattleStart
        && r.effects
            == vec![Effect::GainPerLevel(Bundle {
                small: 1,
                ..Bundle::default()
            })]));
    let st = s("spike_thrower");
    assert!(st
        .actions
        .iter()
        .any(|a| a.timing == unbroken::engine::cards::Timing::Combat
            && kinds(&a.cost) > 0
            && a.effects
                .iter()
                .any(|e| matches!(e, Effect::Wound { pierce: true, .. }))));
    for id in ["heroic_perseverance", "grim_determination", "inventive"] {
        assert!(
            s(id)
                .actions
                .iter()
                .any(|a| a.effects.contains(&Effect::ExtraTurn)),
            "{id} does not grant another turn"
        );
    }
}

#[test]
fn skill_actions_cannot_be_repeated_for_free() {
    let db = db();
    for s in &db.skills {
        for a in &s.actions {
            assert!(
                kinds(&a.cost) > 0 || a.limit != unbroken::engine::cards::Limit::None,
                "{} / {} is free and unlimited",
                s.id,
                a.name
            );
        }
    }
}

// ---------------------------------------------------------------- encounters

#[test]
fn encounters_have_the_retail_shape() {
    let db = db();
    let mut commit = 0;
    let mut skill = 0;
    let mut discard = 0;
    let mut upgrade = 0;
    for e in &db.encounters {
        assert!((1..=5).contains(&e.time), "{}", e.id);
        assert!(kinds(&e.spend) <= 2, "{} spends too many kinds", e.id);
        assert_eq!(e.spend.time, 0, "{}", e.id);
        assert!(!e.gain.is_empty(), "{} gains nothing", e.id);
        let n = e.copies as usize;
        if e.gain.contains(&Effect::Commit) {
            commit += n;
        }
        if e.gain.contains(&Effect::GainSkill) {
            skill += n;
        }
        if e.gain.contains(&Effect::DiscardCondition) {
            discard += n;
        }
        if e.gain.contains(&Effect::FreeUpgrade) {
            upgrade += n;
        }
    }
    assert!((3..=10).contains(&commit), "{commit} commit cards");
    assert!((3..=8).contains(&skill), "{skill} skill cards");
    assert!(
        (3..=8).contains(&discard),
        "{discard} condition-removal cards"
    );
    assert!((1..=2).contains(&upgrade), "{upgrade} free-upgrade cards");
    // Free cards cost more time on average than paid ones.
    let avg = |free: bool| {
        let v: Vec<f64> = db
            .encounters
            .iter()
            .filter(|e| (kinds(&e.spend) == 0) == free)
            .map(|e| e.time as f64)
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    assert!(avg(true) > avg(false));
}

#[test]
fn food_flows() {
    // Hunger eats 1 + 2 + 3 + 4 Food over a game: a good share of the deck must feed you.
    let db = db();
    let feeding: usize = db
        .encounters
        .iter()
        .filter(|e| {
            let mut out = Vec::new();
            walk(&e.gain, &mut out);
            out.iter()
                .any(|x| matches!(x, Effect::Gain(b) if b.food > 0))
        })
        .map(|e| e.copies as usize)
        .sum();
    assert!(feeding >= 20, "only {feeding} encounter cards give Food");
}

// ---------------------------------------------------------------- broken content

#[test]
fn dangling_condition_names_file_card_and_field() {
    let err = load_with("monsters.json", |v| {
        card_mut(v, "basilisk")["table"][1]["effects"][0] =
            serde_json::json!({"condition": {"id": "petrified", "when": "now"}});
    })
    .unwrap_err();
    assert_eq!(err.file, "monsters.json");
    assert_eq!(err.card, "basilisk");
    assert_eq!(err.field, "table[1].effects[0]");
    assert!(err.message.contains("petrified"), "{}", err.message);
    let shown = err.to_string();
    assert!(
        shown.contains("monsters.json") && shown.contains("basilisk") && shown.contains("table[1]")
    );
}

#[test]
fn dangling_condition_inside_an_if_is_found() {
    let err = load_with("encounters.json", |v| {
        card_mut(v, "rickety_bridge")["gain"][0]["if"]["otherwise"] =
            serde_json::json!([{"condition": {"id": "cursed", "when": "next_level"}}]);
    })
    .unwrap_err();
    assert_eq!(
        (err.file.as_str(), err.card.as_str()),
        ("encounters.json", "rickety_bridge")
    );
    assert_eq!(err.field, "gain[0].otherwise[0]");
}

#[test]
fn dangling_weapon_upgrade_is_reported() {
    let err = load_with("weapons.json", |v| {
        card_mut(v, "knife")["upgrades"][0]["to"] = Value::from("rapier");
    })
    .unwrap_err();
    assert_eq!(
        (err.file.as_str(), err.card.as_str()),
        ("weapons.json", "knife")
    );
    assert_eq!(err.field, "upgrades[0].to");
}

#[test]
fn out_of_range_values_are_reported() {
    let err = load_with("encounters.json", |v| {
        card_mut(v, "hot_spring")["time"] = Value::from(6);
    })
    .unwrap_err();
    assert_eq!(
        (err.card.as_str(), err.field.as_str()),
        ("hot_spring", "time")
    );

    let err = load_with("encounters.json", |v| {
        card_mut(v, "rat_nest")["spend"] = serde_json::json!({"time": 1});
    })
    .unwrap_err();
    assert_eq!(
        (err.card.as_str(), err.field.as_str()),
        ("rat_nest", "spend")
    );

    let err = load_with("monsters.json", |v| {
        card_mut(v, "troll")["number"] = Value::from(7);
    })
    .unwrap_err();
    assert_eq!((err.card.as_str(), err.field.as_str()), ("troll", "number"));

    // Two level IV monsters numbered 1: the later card is named, and the message names the other.
    let err = load_with("monsters.json", |v| {
        card_mut(v, "ogre")["number"] = Value::from(1);
    })
    .unwrap_err();
    assert_eq!((err.card.as_str(), err.field.as_str()), ("ogre", "number"));
    assert!(err.message.contains("troll"), "{}", err.message);

    let err = load_with("characters.json", |v| {
        card_mut(v, "sage")["abilities"][1]["response"] =
            serde_json::json!({"trigger": "explore", "effects": [{"reveal_extra": 1}]});
    })
    .unwrap_err();
    assert_eq!(
        (err.card.as_str(), err.field.as_str()),
        ("sage", "abilities[1]")
    );
}

/// p. 5, p. 25, pp. 33–34: trickery escapes a level; the last monster must be defeated.
#[test]
fn a_level_four_trickery_cost_is_refused() {
    let err = load_with("monsters.json", |v| {
        card_mut(v, "basilisk")["trickery"] = serde_json::json!({"cunning": 3, "metal": 1});
    })
    .unwrap_err();
    assert_eq!(
        (err.file.as_str(), err.card.as_str(), err.field.as_str()),
        ("monsters.json", "basilisk", "trickery")
    );
    assert!(err.message.contains("Level IV"), "{}", err.message);
    let shown = err.to_string();
    assert!(
        shown.contains("monsters.json") && shown.contains("basilisk") && shown.contains("trickery"),
        "{shown}"
    );
    // A Level III monster may still have one.
    assert!(load_with("monsters.json", |v| {
        card_mut(v, "minotaur")["trickery"] = serde_json::json!({"cunning": 3});
    })
    .is_ok());
}

#[test]
fn wrong_counts_and_bad_json_are_reported_by_file() {
    let err = load_with("skills.json", |v| {
        v.as_array_mut().unwrap().pop();
    })
    .unwrap_err();
    assert_eq!(err.file, "skills.json");
    assert!(err.message.contains("24"), "{}", err.message);

    let sources = replace_file("conditions.json", "[ { \"id\": \"paralyzed\", ");
    let refs: Vec<(&str, &str)> = sources.iter().map(|(n, t)| (*n, t.as_str())).collect();
    let err = CardDb::from_sources(&refs).unwrap_err();
    assert_eq!(err.file, "conditions.json");
    assert!(err.message.contains("line"), "{}", err.message);

    // An unknown word is refused, not ignored.
    let err = load_with("skills.json", |v| {
        card_mut(v, "brutal")["passives"] = serde_json::json!([{"double_damage": true}]);
    })
    .unwrap_err();
    assert_eq!(err.file, "skills.json");
}

#[test]
fn duplicate_ids_are_reported() {
    let err = load_with("encounters.json", |v| {
        card_mut(v, "cave_spring")["id"] = Value::from("hot_spring");
    })
    .unwrap_err();
    assert_eq!(err.file, "encounters.json");
    assert_eq!(
        (err.card.as_str(), err.field.as_str()),
        ("hot_spring", "id")
    );
}

/// Issue 12: no encounter card is strictly dominated by another (same Time, spends no more of
/// anything, gains no less of anything), so every card is worth taking somewhere.
#[test]
fn no_encounter_card_is_strictly_dominated() {
    let db = db();
    let shape = unbroken::sim::report::encounter_shape(&db);
    assert!(shape.dominated.is_empty(), "{:?}", shape.dominated);
}
