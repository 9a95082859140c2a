//! Tests of the JSON codec: it writes what serde_json writes, byte for byte, and reads what
//! serde_json (and a browser's `JSON.stringify`) writes, for every value the page keeps —
//! saves of whole random games, the committed won game, settings, records, every action.

use super::{from_str, to_string, Error};
use crate::content::CardDb;
use crate::engine::{apply, legal_actions, Action, Difficulty, Game, SaveGame, Setup};
use crate::ui::keymap::{Settings, Verbosity};
use std::collections::BTreeMap;
use std::sync::Arc;

fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("the built-in box loads"))
}

/// Both writers agree, and both readers read it back to the same value.
fn same<T>(v: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let theirs = serde_json::to_string(v).unwrap();
    let ours = to_string(v).unwrap();
    assert_eq!(ours, theirs);
    assert_eq!(&from_str::<T>(&theirs).unwrap(), v);
    let pretty = serde_json::to_string_pretty(v).unwrap();
    assert_eq!(&from_str::<T>(&pretty).unwrap(), v, "{pretty}");
}

/// A game played `moves` moves deep by a little generator over the legal actions.
fn played(seed: u64, character: &str, difficulty: Difficulty, moves: usize) -> Game {
    let setup = Setup {
        seed,
        character: character.into(),
        side: (seed % 2) as u8,
        difficulty,
        easy_toggle: seed % 3 == 0,
    };
    let (mut g, _) = Game::new(setup, db()).expect("setup");
    let mut r = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    for _ in 0..moves {
        let legal = legal_actions(&g);
        if legal.is_empty() {
            break;
        }
        r = r
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let a = legal[(r >> 33) as usize % legal.len()];
        let _ = apply(&mut g, a);
    }
    g
}

#[test]
fn every_action_is_written_and_read_as_serde_json_does() {
    let all = [
        Action::General(3),
        Action::Craft(1),
        Action::Downgrade,
        Action::Scout,
        Action::Ability(0),
        Action::SkillAction {
            skill: 2,
            action: 1,
        },
        Action::MonsterAction(255),
        Action::Explore,
        Action::Confront,
        Action::Resolve(1),
        Action::Rest(0),
        Action::Trick,
        Action::Fight,
        Action::Attack(3),
        Action::Skip,
        Action::Respond(0),
        Action::Pass,
        Action::KeepRoll(1),
        Action::KeepSkill(0),
        Action::DiscardCondition(2),
        Action::ChooseUpgrade(1),
        Action::Eat(4),
        Action::Undo,
    ];
    for a in all {
        same(&a);
    }
    same(&all.to_vec());
}

#[test]
fn saves_of_random_games_are_written_and_read_as_serde_json_does() {
    let chars = ["sneak", "sage", "hunter", "brawler"];
    let diffs = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];
    for seed in 0..24u64 {
        let big = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15); // seeds above 2^53 too
        let g = played(
            big,
            chars[seed as usize % 4],
            diffs[seed as usize % 3],
            40 + 10 * seed as usize,
        );
        let mut save = g.save();
        save.hints = (seed % 3) as u32; // written only when not 0
        same(&save);
        let back: SaveGame = from_str(&to_string(&save).unwrap()).unwrap();
        assert!(Game::load(&back, db()).is_ok());
    }
}

#[test]
fn the_committed_save_of_todays_format_loads() {
    // A save as the current release writes it (serde_json), committed for the browser tests.
    let text = include_str!("../../tests/e2e/fixtures/victory-save.json");
    let ours: SaveGame = from_str(text).unwrap();
    let theirs: SaveGame = serde_json::from_str(text).unwrap();
    assert_eq!(ours, theirs);
    let g = Game::load(&ours, db()).expect("the won game replays");
    assert!(g.is_over());
    assert_eq!(
        to_string(&ours).unwrap(),
        serde_json::to_string(&theirs).unwrap()
    );
    // As a browser's JSON.stringify of a parsed save writes it (the big fingerprint rounded).
    let js = r#"{"version":3,"fingerprint":6428110797048195000,"setup":{"seed":1,"character":"brawler","side":0,"difficulty":"easy","easy_toggle":false},"script":[],"actions":[{"keep_skill":0},"explore",{"skill_action":{"skill":2,"action":0}}],"hints":2}"#;
    let s: SaveGame = from_str(js).unwrap();
    assert_eq!(s, serde_json::from_str::<SaveGame>(js).unwrap());
    assert_eq!(s.fingerprint, 6428110797048195000);
    assert_eq!(s.actions.len(), 3);
    assert_eq!(s.hints, 2);
}

#[test]
fn a_record_is_written_as_serde_json_writes_it() {
    // The record's id hashes its replay text: the page and the records module must agree.
    let mut records = 0;
    for seed in [3u64, 11, 12] {
        let g = played(seed, "hunter", Difficulty::Easy, 10_000);
        if let Some(r) = crate::records::GameRecord::from_game(&g, "2026-11-29T02:00:00Z") {
            assert_eq!(to_string(&r).unwrap(), serde_json::to_string(&r).unwrap());
            records += 1;
        }
    }
    assert!(records > 0, "no game of these ended");
}

#[test]
fn settings_with_any_text_are_written_and_read_as_serde_json_does() {
    let mut remap = crate::ui::keymap::Remap::default();
    remap.insert("undo".to_string(), "z".to_string());
    remap.insert(
        "quote \" and \\ back".to_string(),
        "é😀\u{1}\u{1f}\n\t\r\u{8}\u{c}/".to_string(),
    );
    remap.insert(String::new(), "\u{7f}\u{2028}".to_string());
    let s = Settings {
        single_keys: false,
        remap,
        reduced_motion: true,
        verbosity: Verbosity::Outcomes,
        hear_unavailable: true,
    };
    same(&s);
    same(&Settings::default());
    // The remapped keys are written and read as the map they once were: sorted by command,
    // a command named twice keeping its last key.
    let text = r#"{"undo":"z","hint":"q","undo":"y","":"x"}"#;
    let map: BTreeMap<String, String> = serde_json::from_str(text).unwrap();
    let remap: crate::ui::keymap::Remap = from_str(text).unwrap();
    assert_eq!(
        to_string(&remap).unwrap(),
        serde_json::to_string(&map).unwrap()
    );
    assert_eq!(remap.get("undo").map(String::as_str), Some("y"));
    assert_eq!(remap.values().count(), 3);
    // Fields left out take their defaults; unknown ones of any kind are skipped.
    let s: Settings = from_str(
        r#" { "later": [1.5e3, {"a": [true, null, "x\"y"]}, -2], "verbosity" : "Outcomes" } "#,
    )
    .unwrap();
    assert_eq!(s.verbosity, Verbosity::Outcomes);
    assert!(s.single_keys);
    // Escapes as other writers write them: \/ and \u forms, a surrogate pair.
    let m: BTreeMap<String, String> = from_str(r#"{"k":"\/\u00e9\ud83d\ude00\u0041"}"#).unwrap();
    assert_eq!(m["k"], "/é😀A");
}

#[test]
fn numbers_at_their_limits() {
    same(&u64::MAX);
    same(&i64::MIN);
    same(&i64::MAX);
    same(&0u8);
    same(&vec![-1i32, 0, 1, i32::MIN, i32::MAX]);
    same(&Some(7u32));
    same(&None::<u32>);
    assert!(from_str::<u64>("18446744073709551616").is_err());
    assert!(from_str::<u8>("256").is_err());
    assert!(from_str::<i64>("-9223372036854775809").is_err());
    assert!(from_str::<u32>("-1").is_err());
}

#[test]
fn what_is_not_json_or_not_the_value_is_refused_with_its_place() {
    let cut = r#"{"version":1,"fingerprint":1,"setup":"#;
    let e = from_str::<SaveGame>(cut).unwrap_err();
    assert_eq!(e, Error { at: cut.len() });
    assert_eq!(e.line_column(cut), (1, cut.len() + 1));
    assert_eq!(Error { at: 5 }.line_column("{\n  \"a"), (2, 4));
    for bad in [
        "", "1.5", "1e3", "[1,]", "[1 2]", "[1] x", "[\"a\"]", "[-]", "{}", "[1,2",
    ] {
        assert!(from_str::<Vec<u32>>(bad).is_err(), "{bad:?}");
    }
    for bad in [
        "",
        "[1,]",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "\"\\x\"",
        "\"\u{1}\"",
        "\"\\ud800\"",
        "\"\\ud800\\u0041\"",
        "nul",
        "[1] x",
        "\"open",
        "{1:2}",
    ] {
        assert!(from_str::<serde::de::IgnoredAny>(bad).is_err(), "{bad:?}");
        assert!(
            from_str::<BTreeMap<String, String>>(bad).is_err(),
            "{bad:?}"
        );
    }
    assert!(from_str::<Action>(r#""flee""#).is_err());
    assert!(from_str::<Action>(r#"{"craft":"one"}"#).is_err());
    assert!(from_str::<Action>(r#"{"craft":1,"rest":2}"#).is_err());
    assert!(from_str::<SaveGame>(r#"{"version":1}"#).is_err());
    // Floats are never written.
    assert!(to_string(&1.5f64).is_err());
}
