//! Shared helpers for the engine's integration tests.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::sync::Arc;
use unbroken::content::{builtin_sources, CardDb};
use unbroken::engine::cards::Effect;
use unbroken::engine::scenario::Scenario;
use unbroken::engine::{apply, Action, Difficulty, Event, Game, Pending, Setup};

/// Every effect in `list`, including the branches of `if`.
pub fn walk<'a>(list: &'a [Effect], out: &mut Vec<&'a Effect>) {
    for e in list {
        out.push(e);
        if let Effect::If {
            then, otherwise, ..
        } = e
        {
            walk(then, out);
            walk(otherwise, out);
        }
    }
}

pub fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("the built-in box loads"))
}

pub fn setup(character: &str, difficulty: Difficulty, seed: u64) -> Setup {
    Setup {
        seed,
        character: character.into(),
        side: 0,
        difficulty,
        easy_toggle: false,
    }
}

pub fn new_game(character: &str, difficulty: Difficulty, seed: u64) -> Game {
    Game::new(setup(character, difficulty, seed), db())
        .expect("setup")
        .0
}

/// Builds a scenario from JSON; `setup` defaults to a Normal Sage (no responses of her own to
/// interrupt the flow) with seed 1.
pub fn scenario(mut v: Value) -> (Game, Vec<Event>) {
    if v.get("setup").is_none() {
        v["setup"] = json!({"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"});
    }
    let sc: Scenario = serde_json::from_value(v).expect("scenario parses");
    sc.build(db()).expect("scenario builds")
}

pub fn act(g: &mut Game, a: Action) -> Vec<Event> {
    match apply(g, a) {
        Ok(e) => e,
        Err(e) => panic!("{a:?} refused: {e} (pending {:?})", g.pending()),
    }
}

pub fn idx(kind: &str, id: &str) -> u16 {
    let d = db();
    let pos = match kind {
        "monster" => d.monsters.iter().position(|x| x.id == id),
        "skill" => d.skills.iter().position(|x| x.id == id),
        "condition" => d.conditions.iter().position(|x| x.id == id),
        "weapon" => d.weapons.iter().position(|x| x.id == id),
        "encounter" => d.encounters.iter().position(|x| x.id == id),
        _ => None,
    };
    pos.unwrap_or_else(|| panic!("no {kind} {id}")) as u16
}

/// Index of the response option from this source in the open window.
pub fn option_of(g: &Game, pred: impl Fn(&unbroken::engine::Source) -> bool) -> u8 {
    match g.pending() {
        Pending::Respond { options, .. } => options
            .iter()
            .position(|o| pred(&o.source))
            .unwrap_or_else(|| panic!("no such option in {options:?}"))
            as u8,
        p => panic!("no response window: {p:?}"),
    }
}

/// One edit of a card file's JSON.
pub type Edit<'a> = Box<dyn FnOnce(&mut Value) + 'a>;

/// The built-in box with files edited: each edit names a card file and changes its JSON.
pub fn edited_box(edits: Vec<(&str, Edit<'_>)>) -> Result<CardDb, unbroken::content::ContentError> {
    let mut sources: Vec<(&str, String)> = builtin_sources()
        .iter()
        .map(|(n, t)| (*n, t.to_string()))
        .collect();
    for (file, edit) in edits {
        let slot = sources
            .iter_mut()
            .find(|(n, _)| *n == file)
            .expect("a built-in file");
        let mut v: Value = serde_json::from_str(&slot.1).expect("built-in JSON parses");
        edit(&mut v);
        slot.1 = v.to_string();
    }
    let refs: Vec<(&str, &str)> = sources.iter().map(|(n, t)| (*n, t.as_str())).collect();
    CardDb::from_sources(&refs)
}

/// The built-in box with one file edited (a card given a word the box does not print).
pub fn custom_db(file: &str, edit: impl FnOnce(&mut Value)) -> Arc<CardDb> {
    Arc::new(edited_box(vec![(file, Box::new(edit))]).expect("the edited box loads"))
}

/// The card with this id in a card file.
pub fn card<'a>(v: &'a mut Value, id: &str) -> &'a mut Value {
    v.as_array_mut()
        .expect("a card file is an array")
        .iter_mut()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no card `{id}`"))
}

/// A scenario on hand-built cards (`setup` defaults to a Normal Sage, as in `common::scenario`).
pub fn scenario_on(db: Arc<CardDb>, mut v: Value) -> (Game, Vec<Event>) {
    if v.get("setup").is_none() {
        v["setup"] = json!({"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"});
    }
    let sc: Scenario = serde_json::from_value(v).expect("scenario parses");
    sc.build(db).expect("scenario builds")
}
