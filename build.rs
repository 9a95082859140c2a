//! Validates `content/` at build time and embeds the resulting card database as postcard bytes
//! (`$OUT_DIR/cards.postcard`). The vocabulary, the loader and the validator are the crate's own
//! `src/content/` files, included here by path (the content layer imports nothing else of the
//! crate, so no stand-in module is needed), and the build refuses content the game would
//! refuse, with the same message (file, card, field).
//!
//! The glossary (`content/glossary.json`) is checked here too and compiled into a static table
//! (`$OUT_DIR/glossary.rs`) of its ids and words, so the browser build needs no JSON parser for
//! it; the definitions travel in the words file (scripts/post-build.mjs), but for the few terms
//! shown before a game is on the table.
//!
//! The guided first game (`content/tutorial.json`) is checked here as well — every
//! field filled, words short enough for a coach mark, only known lessons and places, every lesson
//! the issue names taught, the character and dice valid — and compiled into
//! `$OUT_DIR/tutorial.rs`: its moves become `Action` values, so a move the engine does not know
//! fails the build. The coach's longer words are compiled into native builds only: the browser
//! loads them with the words file (scripts/post-build.mjs) when a game is first on the table.
//! Whether the moves are legal in order is the engine's to say:
//! `tests/tutorial.rs` plays them.

#[allow(dead_code)]
#[path = "src/content/cards/mod.rs"]
pub mod cards;
#[allow(dead_code)]
#[path = "src/content/res.rs"]
pub mod res;

#[allow(dead_code, unused_imports)]
#[path = "src/content/db.rs"]
mod content;

fn main() {
    println!("cargo:rerun-if-changed=content");
    println!("cargo:rerun-if-changed=src/content");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into()));
    let db = match content::CardDb::from_sources(&content::builtin_sources()) {
        Ok(db) => db,
        Err(e) => {
            eprintln!("content/ is invalid: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = glossary(&out, &db) {
        eprintln!("content/glossary.json: {e}");
        std::process::exit(1);
    }
    if let Err(e) = tutorial(&out, &db) {
        eprintln!("content/tutorial.json: {e}");
        std::process::exit(1);
    }
    if let Err(e) = records_names(&out, &db) {
        eprintln!("cannot write the records' names: {e}");
        std::process::exit(1);
    }
    if let Err(e) = achievements(&out) {
        eprintln!("content/achievements.json: {e}");
        std::process::exit(1);
    }
    write_postcard(&out, "cards.postcard", &db, "the card database");
    // The browser's copy leaves out the flavour lines of the table's cards (monsters,
    // encounters, skills, conditions, weapons): never read by the rules, they are a quarter of
    // the box's bytes, and the page loads them when a game is first on the table (the words file that
    // scripts/post-build.mjs writes from the same content/ files; src/ui/widgets/words_file.rs).
    let mut lean = db;
    lean.monsters.iter_mut().for_each(|c| c.flavour.clear());
    lean.encounters.iter_mut().for_each(|c| c.flavour.clear());
    lean.skills.iter_mut().for_each(|c| c.flavour.clear());
    lean.conditions.iter_mut().for_each(|c| c.flavour.clear());
    lean.weapons.iter_mut().for_each(|c| c.flavour.clear());
    write_postcard(
        &out,
        "cards-lean.postcard",
        &lean,
        "the browser's card database",
    );
    // The title screen's own module draws only the character cards (src/ui/front.rs): it
    // decodes them alone, and so carries neither the rest of the box nor its decoders.
    write_postcard(
        &out,
        "characters.postcard",
        &lean.characters,
        "the character cards",
    );
}

/// Encodes `value` with postcard into `$OUT_DIR/<name>`; a failure stops the build, naming `what`.
fn write_postcard<T: serde::Serialize>(out: &std::path::Path, name: &str, value: &T, what: &str) {
    let written = postcard::to_allocvec(value)
        .map_err(|e| e.to_string())
        .and_then(|b| std::fs::write(out.join(name), b).map_err(|e| e.to_string()));
    if let Err(e) = written {
        eprintln!("cannot write {what} ({name}): {e}");
        std::process::exit(1);
    }
}

/// Writes the few names of the box the records show (`$OUT_DIR/records_names.rs`, included by
/// `src/records/names.rs`): each character's id, class name and the adventurers of its two
/// sides, and the rank scale. The records module then carries neither the cards nor a decoder
/// for them.
fn records_names(out: &std::path::Path, db: &content::CardDb) -> Result<(), String> {
    let mut rs = String::from("pub const CHARACTERS: &[(&str, &str, [&str; 2])] = &[\n");
    for c in &db.characters {
        let side = |s: u8| c.adventurer(s).unwrap_or_default().to_string();
        rs.push_str(&format!(
            "    ({:?}, {:?}, [{:?}, {:?}]),\n",
            c.id,
            c.name,
            side(0),
            side(1)
        ));
    }
    rs.push_str("];\npub const RANKS: &[(u32, &str)] = &[\n");
    for r in &db.params.ranks {
        rs.push_str(&format!("    ({}, {:?}),\n", r.min, r.name));
    }
    rs.push_str("];\n");
    std::fs::write(out.join("records_names.rs"), rs).map_err(|e| e.to_string())
}

/// Writes the achievements of `content/achievements.json` as Rust (`$OUT_DIR/achievements.rs`:
/// `fn builtin_defs() -> Vec<AchievementDef>`, included by `src/records/achievements.rs`), so
/// the records module carries neither the file nor a JSON reader for it. Only the shape is
/// checked here (known fields, the right kinds of values); the test suite validates the file
/// with the records' own reader and checks that this copy equals what it reads.
fn achievements(out: &std::path::Path) -> Result<(), String> {
    use serde_json::Value;
    let text = std::fs::read_to_string("content/achievements.json").map_err(|e| e.to_string())?;
    let file: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let list = file["achievements"]
        .as_array()
        .ok_or("`achievements` must be a list")?;
    let text_of = |v: &Value, what: &str| -> Result<String, String> {
        v.as_str()
            .map(|s| format!("{s:?}"))
            .ok_or(format!("`{what}` must be a text"))
    };
    let texts = |v: &Value, what: &str| -> Result<String, String> {
        let items: Result<Vec<String>, String> = v
            .as_array()
            .ok_or(format!("`{what}` must be a list"))?
            .iter()
            .map(|x| text_of(x, what))
            .collect();
        Ok(format!("v(&[{}])", items?.join(", ")))
    };
    let int = |v: &Value, what: &str| -> Result<i64, String> {
        v.as_i64().ok_or(format!("`{what}` must be a whole number"))
    };
    let mut rs = String::from("fn builtin_defs() -> Vec<AchievementDef> {\n    vec![\n");
    for a in list {
        let obj = a.as_object().ok_or("an achievement must be an object")?;
        let mut game = Vec::new();
        for c in a["game"].as_array().map(Vec::as_slice).unwrap_or_default() {
            let mut fields = Vec::new();
            for (k, v) in c.as_object().ok_or("a check must be an object")? {
                fields.push(match k.as_str() {
                    "stat" | "defeated" | "with_skill" => {
                        format!("{k}: Some(s({}))", text_of(v, k)?)
                    }
                    "resources" | "each_resource" => format!("{k}: Some({})", texts(v, k)?),
                    "tricked_levels" => {
                        let levels: Result<Vec<String>, String> = v
                            .as_array()
                            .ok_or("`tricked_levels` must be a list")?
                            .iter()
                            .map(|n| int(n, k).map(|n| n.to_string()))
                            .collect();
                        format!("{k}: Some(vec![{}])", levels?.join(", "))
                    }
                    "min" | "max" => format!("{k}: Some({})", int(v, k)?),
                    _ => return Err(format!("a check has an unknown field `{k}`")),
                });
            }
            fields.push("..Check::default()".into());
            game.push(format!("Check {{ {} }}", fields.join(", ")));
        }
        let across = match a.get("across_games") {
            None | Some(Value::Null) => "None".to_string(),
            Some(x) => match (x.get("win_with_each"), x.get("wins_in_a_row")) {
                (Some(l), None) => {
                    format!("Some(Across::WinWithEach({}))", texts(l, "win_with_each")?)
                }
                (None, Some(n)) => {
                    format!("Some(Across::WinsInARow({}))", int(n, "wins_in_a_row")?)
                }
                _ => {
                    return Err(
                        "`across_games` needs exactly one of win_with_each, wins_in_a_row".into(),
                    )
                }
            },
        };
        for k in obj.keys() {
            if !["id", "name", "description", "win", "game", "across_games"].contains(&k.as_str()) {
                return Err(format!("an achievement has an unknown field `{k}`"));
            }
        }
        let win = match a.get("win") {
            None => true,
            Some(w) => w.as_bool().ok_or("`win` must be true or false")?,
        };
        rs.push_str(&format!(
            "        AchievementDef {{ id: s({}), name: s({}), description: s({}), win: {win}, game: vec![{}], across_games: {across} }},\n",
            a.get("id").map_or(Ok("\"\"".to_string()), |v| text_of(v, "id"))?,
            text_of(&a["name"], "name")?,
            text_of(&a["description"], "description")?,
            game.join(", "),
        ));
    }
    rs.push_str("    ]\n}\n");
    std::fs::write(out.join("achievements.rs"), rs).map_err(|e| e.to_string())
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    term: String,
    text: String,
}

/// The terms the page shows before a game is on the table (the title screen's "start with 15
/// Small Effort"): their definitions stay in the page, since the words file with all the
/// others is fetched only once a game is on the table.
const GLOSSARY_IN_PAGE: [&str; 1] = ["small"];

/// Checks the glossary (every field filled, ids unique, every term of the box defined) and
/// writes it as a Rust table sorted by word: `static GLOSSARY_TABLE: &[(&str, &str)]` of
/// (id, word). The definitions are not in it: they are a tenth of the page's text and every
/// one is read only once a game is on the table, so scripts/post-build.mjs writes them into the
/// words file (the same entries: content/glossary.json, and `skill_<id>` as below), but for
/// the few of `GLOSSARY_IN_PAGE` (`static GLOSSARY_IN_PAGE: &[(&str, &str, &str)]`, id, word
/// and definition: the title screen draws them without the table). Each skill gets its own entry from its card's text (`skill_<id>`), so a new
/// skill is defined where it is used without a second copy of its words.
fn glossary(out: &std::path::Path, db: &content::CardDb) -> Result<(), String> {
    let text = std::fs::read_to_string("content/glossary.json").map_err(|e| e.to_string())?;
    let mut list: Vec<Entry> = serde_json::from_str(&text)
        .map_err(|e| format!("line {}, column {}: {e}", e.line(), e.column()))?;
    let mut seen = std::collections::HashSet::new();
    for e in &list {
        if e.id.is_empty() || e.term.is_empty() || e.text.is_empty() {
            return Err(format!(
                "entry `{}`: id, term and text must all be filled",
                e.id
            ));
        }
        if !seen.insert(e.id.clone()) {
            return Err(format!("entry `{}`: this id is used twice", e.id));
        }
    }
    let terms = terms_of(db);
    for (what, id) in &terms {
        if !seen.contains(id) {
            return Err(format!(
                "{what} `{id}` has no entry: write one (id `{id}`) in our own words"
            ));
        }
    }
    for k in &db.skills {
        let id = format!("skill_{}", k.id);
        if !seen.insert(id.clone()) {
            return Err(format!("entry `{id}`: this id is the skill's own entry"));
        }
        list.push(Entry {
            id,
            term: k.name.clone(),
            text: format!("A skill: {}", k.text),
        });
    }
    list.sort_by_key(|e| e.term.to_ascii_lowercase());
    let mut rs = String::from("static GLOSSARY_TABLE: &[(&str, &str)] = &[\n");
    for e in &list {
        rs.push_str(&format!("    ({:?}, {:?}),\n", e.id, e.term));
    }
    rs.push_str("];\nstatic GLOSSARY_IN_PAGE: &[(&str, &str, &str)] = &[\n");
    for id in GLOSSARY_IN_PAGE {
        let e = list
            .iter()
            .find(|e| e.id == id)
            .ok_or(format!("no entry `{id}`"))?;
        rs.push_str(&format!("    ({:?}, {:?}, {:?}),\n", e.id, e.term, e.text));
    }
    rs.push_str("];\n");
    // The box's own terms, which the table finds in running text and gives their tooltip.
    rs.push_str("static GLOSSED_IDS: &[&str] = &[\n");
    for (_, id) in &terms {
        rs.push_str(&format!("    {id:?},\n"));
    }
    rs.push_str("];\n");
    std::fs::write(out.join("glossary.rs"), rs).map_err(|e| e.to_string())
}

/// Every term of the box a player meets on the table and must find in the glossary: each
/// condition (by id), each verb of a monster's combat table (lowercase), each monster keyword
/// (a passive's name in `content/monsters.json`).
fn terms_of(db: &content::CardDb) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for c in &db.conditions {
        out.push(("condition", c.id.clone()));
    }
    for m in &db.monsters {
        for r in &m.table {
            out.push(("verb", r.verb.to_ascii_lowercase()));
        }
        for p in &m.passives {
            // A passive's keyword is its name in the JSON: `{"wound_cap": 2}` or `"ignore_defend"`.
            let key = match serde_json::to_value(p) {
                Ok(serde_json::Value::Object(o)) => o.keys().next().cloned(),
                Ok(serde_json::Value::String(k)) => Some(k),
                _ => None,
            };
            out.extend(key.map(|k| ("monster keyword", k)));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The lessons of the guided first game: each must be
/// taught by at least one step, and a step names one of them.
const LESSONS: [&str; 9] = [
    "Preparation",
    "The Decision",
    "Exploration",
    "Ambush",
    "Trickery",
    "Battle",
    "Rewards and a skill",
    "Hunger",
    "Advance",
];

/// The places of the table a step may point at besides its control (the app's `data-look`).
const LOOKS: [&str; 8] = [
    "", "effort", "time", "monster", "table", "weapon", "skills", "hero",
];

/// The longest title and text a coach mark shows (a phone's width, a few lines).
const TITLE_MAX: usize = 32;
const SAY_MAX: usize = 330;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Tutorial {
    #[allow(dead_code)]
    about: String,
    setup: TutorialSetup,
    dice: Vec<u8>,
    steps: Vec<TutorialStep>,
    done: TutorialDone,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TutorialSetup {
    character: String,
    side: u8,
    difficulty: String,
    seed: u64,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TutorialStep {
    lesson: String,
    title: String,
    say: String,
    look: String,
    #[serde(rename = "move")]
    play: serde_json::Value,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TutorialDone {
    title: String,
    say: String,
}

/// `keep_roll` → `KeepRoll`: the engine's variant name of an action's serde name.
fn variant(name: &str) -> Result<String, String> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
        return Err(format!("`{name}` is not an action name"));
    }
    Ok(name
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect())
}

/// A small number of an action (an index).
fn index(v: &serde_json::Value) -> Result<u8, String> {
    v.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .ok_or_else(|| format!("`{v}` is not an index 0-255"))
}

/// A move in the save's form (`"scout"`, `{"attack": 0}`, `{"skill_action": {"skill": 0,
/// "action": 1}}`) as Rust source building the same `Action`.
fn action_source(v: &serde_json::Value) -> Result<String, String> {
    use serde_json::Value;
    match v {
        Value::String(s) => Ok(format!("Action::{}", variant(s)?)),
        Value::Object(m) if m.len() == 1 => {
            let (k, inner) = m.iter().next().ok_or("an empty move")?;
            let name = variant(k)?;
            match inner {
                Value::Object(fields) => {
                    let mut parts = Vec::new();
                    for (f, n) in fields {
                        if !f.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                            return Err(format!("`{f}` is not a field name"));
                        }
                        parts.push(format!("{f}: {}", index(n)?));
                    }
                    Ok(format!("Action::{name} {{ {} }}", parts.join(", ")))
                }
                n => Ok(format!("Action::{name}({})", index(n)?)),
            }
        }
        other => Err(format!("`{other}` is not a move")),
    }
}

/// Checks one text of a coach mark: filled, short, and only the known placeholders.
fn check_words(what: &str, text: &str, max: usize) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err(format!("{what} is empty"));
    }
    let shown = text
        .replace("{time}", "99")
        .replace("{monster}", "Shrieking Fungus");
    if shown.chars().count() > max {
        return Err(format!(
            "{what} is {} characters long; a coach mark holds {max}",
            shown.chars().count()
        ));
    }
    if shown.contains('{') || shown.contains('}') {
        return Err(format!(
            "{what}: only {{time}} and {{monster}} are filled in"
        ));
    }
    Ok(())
}

/// Checks the guided first game and writes it as Rust (see the file's opening comment).
fn tutorial(out: &std::path::Path, db: &content::CardDb) -> Result<(), String> {
    let text = std::fs::read_to_string("content/tutorial.json").map_err(|e| e.to_string())?;
    let t: Tutorial = serde_json::from_str(&text)
        .map_err(|e| format!("line {}, column {}: {e}", e.line(), e.column()))?;
    let character = db
        .character_index(&t.setup.character)
        .and_then(|i| db.character(i))
        .ok_or_else(|| format!("setup: no character `{}`", t.setup.character))?;
    if t.setup.side as usize >= character.sides.len() {
        return Err(format!(
            "setup: the {} has no side {}",
            character.name, t.setup.side
        ));
    }
    let difficulty = match t.setup.difficulty.as_str() {
        "easy" => "Easy",
        "normal" => "Normal",
        "hard" => "Hard",
        d => return Err(format!("setup: `{d}` is not easy, normal or hard")),
    };
    if let Some(d) = t.dice.iter().find(|d| !(1..=6).contains(*d)) {
        return Err(format!("dice: {d} is not a die result"));
    }
    if t.steps.is_empty() {
        return Err("no steps".into());
    }
    let mut rs = String::from("// Generated by build.rs from content/tutorial.json.\n");
    rs.push_str(&format!(
        "pub(super) const SEED: u64 = {};\npub(super) const CHARACTER: &str = {:?};\n\
         pub(super) const SIDE: u8 = {};\npub(super) const DIFFICULTY: Difficulty = Difficulty::{difficulty};\n\
         pub(super) const DICE: &[u8] = &{:?};\npub(super) static STEPS: &[Step] = &[\n",
        t.setup.seed, t.setup.character, t.setup.side, t.dice
    ));
    for (i, s) in t.steps.iter().enumerate() {
        let at = format!("step {}", i + 1);
        if !LESSONS.contains(&s.lesson.as_str()) {
            return Err(format!(
                "{at}: `{}` is not a lesson ({})",
                s.lesson,
                LESSONS.join(", ")
            ));
        }
        if !LOOKS.contains(&s.look.as_str()) {
            return Err(format!(
                "{at}: `{}` is not a place of the table ({})",
                s.look,
                LOOKS.join(", ")
            ));
        }
        check_words(&format!("{at}'s title"), &s.title, TITLE_MAX)?;
        check_words(&format!("{at}'s text"), &s.say, SAY_MAX)?;
        let play = action_source(&s.play).map_err(|e| format!("{at}'s move: {e}"))?;
        rs.push_str(&format!(
            "    Step {{ lesson: {:?}, title: {:?}, look: {:?}, play: {play} }},\n",
            s.lesson, s.title, s.look
        ));
    }
    if let Some(l) = LESSONS
        .iter()
        .find(|l| !t.steps.iter().any(|s| s.lesson == **l))
    {
        return Err(format!("no step teaches the lesson `{l}`"));
    }
    check_words("the closing title", &t.done.title, TITLE_MAX)?;
    check_words("the closing text", &t.done.say, SAY_MAX)?;
    // The coach's words, step by step and then the closing ones: compiled into native builds
    // (the tests, the CLI); the browser loads them with the words file instead (post-build.mjs).
    let says: Vec<&String> = t
        .steps
        .iter()
        .map(|s| &s.say)
        .chain([&t.done.say])
        .collect();
    rs.push_str(&format!(
        "];\npub(super) const DONE_TITLE: &str = {:?};\n\
         #[cfg(not(target_arch = \"wasm32\"))]\npub(super) static SAYS: &[&str] = &{:?};\n",
        t.done.title, says
    ));
    std::fs::write(out.join("tutorial.rs"), rs).map_err(|e| e.to_string())
}
