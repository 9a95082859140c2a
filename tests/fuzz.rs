//! Fuzzing the three doors data comes in by (issue 13, tests): a records file to import, a save
//! to load, a deal link to open. Whatever the text — random bytes, or a real document with one
//! part mangled — each returns a value or an error and never panics. A few thousand cases in
//! CI (seconds); `PROPTEST_CASES=200000 cargo test --test fuzz` runs longer, and a debug build
//! (`cargo test --test fuzz` without `--release`) checks arithmetic overflow as well.

mod common;
use common::*;
use proptest::prelude::*;
use serde_json::{json, Value};
use unbroken::engine::{Game, SaveGame};
use unbroken::records::format;
use unbroken::share::link;

/// A real save: the victory fixture the browser tests use.
fn fixture_save() -> Value {
    let text = include_str!("e2e/fixtures/victory-save.json");
    serde_json::from_str(text).expect("the fixture is JSON")
}

/// A records file of one game, built from the fixture's save.
fn records_doc() -> Value {
    json!({
        "format": "unbroken-records",
        "version": 1,
        "games": [{
            "id": "fuzz-1",
            "date": "2025-01-01T10:00:00.000Z",
            "character": "brawler",
            "side": 0,
            "difficulty": "easy",
            "kind": "standard",
            "seed": "7",
            "outcome": {"victory": {"score": 29, "rank": "Avenger"}},
            "replay": serde_json::to_string(&fixture_save()).unwrap_or_default()
        }],
        "earned": []
    })
}

/// Replaces the value at a random place of a JSON tree with `with`.
fn mangle(v: &mut Value, path: &[usize], with: Value) {
    let Some((&first, rest)) = path.split_first() else {
        *v = with;
        return;
    };
    match v {
        Value::Object(map) if !map.is_empty() => {
            let key = map
                .keys()
                .nth(first % map.len())
                .cloned()
                .unwrap_or_default();
            if let Some(child) = map.get_mut(&key) {
                mangle(child, rest, with);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            let i = first % items.len();
            mangle(&mut items[i], rest, with);
        }
        _ => *v = with,
    }
}

/// Odd values to put anywhere: huge and negative numbers, wrong types, long strings.
fn odd_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(null)),
        Just(json!(-1)),
        Just(json!(u64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!(4_294_967_296u64)),
        Just(json!(1e308)),
        Just(json!(true)),
        Just(json!([])),
        Just(json!({})),
        ".{0,40}".prop_map(Value::String),
        any::<i64>().prop_map(|n| json!(n)),
        (0usize..5000).prop_map(|n| Value::String("9".repeat(n))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1500),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn records_import_never_panics_on_any_text(text in ".{0,300}") {
        let _ = format::import(&text);
    }

    #[test]
    fn records_import_never_panics_on_a_mangled_file(
        path in proptest::collection::vec(any::<usize>(), 0..6),
        with in odd_value(),
    ) {
        let mut doc = records_doc();
        mangle(&mut doc, &path, with);
        let _ = format::import(&doc.to_string());
    }

    #[test]
    fn a_save_never_panics_when_mangled(
        path in proptest::collection::vec(any::<usize>(), 0..4),
        with in odd_value(),
    ) {
        let mut save = fixture_save();
        mangle(&mut save, &path, with);
        if let Ok(s) = serde_json::from_value::<SaveGame>(save) {
            let _ = Game::load(&s, db());
        }
    }

    #[test]
    fn a_save_with_random_moves_never_panics(moves in proptest::collection::vec(any::<u8>(), 0..200), seed in any::<u64>()) {
        let mut save = fixture_save();
        save["setup"]["seed"] = json!(seed);
        // Random bytes as moves, in the serde form actions take ({"resolve": n}, "explore", ...).
        let kinds = ["explore", "confront", "skip", "pass", "undo", "scout", "trick", "fight", "downgrade"];
        let indexed = ["resolve", "rest", "attack", "respond", "eat", "general", "craft", "ability", "keep_skill", "keep_roll"];
        save["actions"] = Value::Array(moves.chunks(2).map(|c| {
            let k = c[0] as usize;
            if k % 2 == 0 {
                json!(kinds[k / 2 % kinds.len()])
            } else {
                json!({ indexed[k / 2 % indexed.len()]: c.get(1).copied().unwrap_or(0) })
            }
        }).collect());
        if let Ok(s) = serde_json::from_value::<SaveGame>(save) {
            let _ = Game::load(&s, db());
        }
    }

    #[test]
    fn a_link_never_panics(query in ".{0,200}") {
        let _ = link::parse(&query, &db().characters);
    }

    #[test]
    fn a_link_with_odd_values_never_panics(
        seed in prop_oneof![any::<u64>().prop_map(|n| n.to_string()), "[0-9]{18,40}", ".{0,20}"],
        character in prop_oneof![Just("brawler".to_string()), ".{0,12}"],
        side in prop_oneof![Just("0".to_string()), "[0-9]{1,12}", "-[0-9]{1,5}"],
        difficulty in prop_oneof![Just("hard".to_string()), ".{0,8}"],
    ) {
        let q = format!("?v=1&seed={seed}&character={character}&side={side}&difficulty={difficulty}");
        let _ = link::parse(&q, &db().characters);
        let _ = link::parse(&format!("?daily={seed}"), &db().characters);
    }
}
