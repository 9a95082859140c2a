//! The 16 achievements of the Achievements Sheet (Rules Reference p. 35) as data
//! (`content/achievements.json`) and one small evaluator over a game's [`GameFacts`].
//!
//! A per-game achievement is a list of checks that must all hold in one game (won, unless the
//! achievement says `"win": false`). Two span games: `win_with_each` (Best Served Cold) and
//! `wins_in_a_row` (Consistency is Key). Every achievement is earned separately on each
//! difficulty, and the cross-game ones only count games of that difficulty: three wins in a row
//! on Normal are three Normal games in a row, all won; games on other difficulties between them
//! neither count nor break the run.

use super::record::{GameFacts, GameRecord};
use crate::content::CardDb;
use crate::engine::Difficulty;
use serde::Deserialize;
use std::sync::OnceLock;

/// The built-in file, compiled in like the rest of the box.
pub const BUILTIN_JSON: &str = include_str!("../../content/achievements.json");

/// Resource keys a check may name (the Resource/Effort Tracker).
pub const RESOURCES: [&str; 8] = [
    "small", "medium", "large", "cunning", "food", "wood", "metal", "treasure",
];

/// One condition on a single game. Exactly one subject: `stat`, `resources` (their sum),
/// `each_resource` (each one), `defeated` (a monster, optionally `with_skill`) or
/// `tricked_levels` (each of these levels' monsters bypassed by Trickery).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub stat: Option<String>,
    pub resources: Option<Vec<String>>,
    pub each_resource: Option<Vec<String>>,
    pub defeated: Option<String>,
    pub with_skill: Option<String>,
    pub tricked_levels: Option<Vec<u8>>,
    pub min: Option<i64>,
    pub max: Option<i64>,
}

/// A rule that spans the games of one difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Across {
    /// A win with each of these characters.
    WinWithEach(Vec<String>),
    /// This many won games in a row (date order), none lost between them.
    WinsInARow(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AchievementDef {
    pub id: String,
    pub name: String,
    /// Our wording of the sheet's line.
    pub description: String,
    /// Only a won game counts (every achievement but High Stakes).
    pub win: bool,
    /// Checks that must all hold in one game.
    pub game: Vec<Check>,
    pub across_games: Option<Across>,
}

/// How far a cross-game achievement has come on one difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Best Served Cold: characters won with, and those still to win with (ids).
    Characters {
        won: Vec<String>,
        missing: Vec<String>,
    },
    /// Consistency is Key: wins in a row up to the latest game, the best run, and the target.
    Run {
        current: u32,
        best: u32,
        needed: u32,
    },
}

/// The validated list of achievements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Achievements {
    pub defs: Vec<AchievementDef>,
}

fn err(id: &str, field: &str, msg: impl std::fmt::Display) -> String {
    if id.is_empty() {
        format!("achievements.json: {msg}")
    } else if field.is_empty() {
        format!("achievements.json: achievement `{id}`: {msg}")
    } else {
        format!("achievements.json: achievement `{id}`, field `{field}`: {msg}")
    }
}

impl Check {
    fn subjects(&self) -> usize {
        [
            self.stat.is_some(),
            self.resources.is_some(),
            self.each_resource.is_some(),
            self.defeated.is_some(),
            self.tricked_levels.is_some(),
        ]
        .iter()
        .filter(|b| **b)
        .count()
    }

    fn validate(&self, id: &str, field: &str) -> Result<(), String> {
        if self.subjects() != 1 {
            return Err(err(
                id,
                field,
                "needs exactly one of stat, resources, each_resource, defeated, tricked_levels",
            ));
        }
        if self.with_skill.is_some() && self.defeated.is_none() {
            return Err(err(id, field, "with_skill only goes with defeated"));
        }
        if let Some(s) = &self.stat {
            if !GameFacts::STATS.contains(&s.as_str()) {
                return Err(err(
                    id,
                    field,
                    format!(
                        "unknown stat `{s}` (known: {})",
                        GameFacts::STATS.join(", ")
                    ),
                ));
            }
        }
        for list in [&self.resources, &self.each_resource].into_iter().flatten() {
            if list.is_empty() {
                return Err(err(id, field, "an empty list of resources"));
            }
            if let Some(r) = list.iter().find(|r| !RESOURCES.contains(&r.as_str())) {
                return Err(err(id, field, format!("unknown resource `{r}`")));
            }
        }
        let bounded =
            self.stat.is_some() || self.resources.is_some() || self.each_resource.is_some();
        if bounded && self.min.is_none() && self.max.is_none() {
            return Err(err(id, field, "needs min or max"));
        }
        if !bounded && (self.min.is_some() || self.max.is_some()) {
            return Err(err(id, field, "min and max only go with a number"));
        }
        if let Some(levels) = &self.tricked_levels {
            if levels.is_empty() || levels.iter().any(|l| !(1..=4).contains(l)) {
                return Err(err(id, field, "levels run from 1 to 4"));
            }
        }
        Ok(())
    }

    fn within(&self, n: i64) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }

    /// Whether the check holds in a game with these facts.
    pub fn holds(&self, f: &GameFacts) -> bool {
        if let Some(s) = &self.stat {
            return f.stat(s).is_some_and(|n| self.within(n));
        }
        if let Some(list) = &self.resources {
            let sum: i64 = list.iter().map(|r| f.resource(r) as i64).sum();
            return self.within(sum);
        }
        if let Some(list) = &self.each_resource {
            return list.iter().all(|r| self.within(f.resource(r) as i64));
        }
        if let Some(m) = &self.defeated {
            return f.defeated.iter().any(|d| {
                &d.monster == m
                    && self
                        .with_skill
                        .as_ref()
                        .is_none_or(|k| d.skills_used.contains(k))
            });
        }
        if let Some(levels) = &self.tricked_levels {
            return levels.iter().all(|l| f.tricked_levels.contains(l));
        }
        false
    }
}

impl AchievementDef {
    /// Whether this one game earns it (per-game achievements only).
    pub fn earned_by(&self, g: &GameRecord) -> bool {
        if self.across_games.is_some() || self.game.is_empty() {
            return false;
        }
        if self.win && !g.won() {
            return false;
        }
        let Some(f) = &g.facts else {
            return false;
        };
        self.game.iter().all(|c| c.holds(f))
    }
}

// `fn builtin_defs() -> Vec<AchievementDef>`: content/achievements.json as Rust, written by
// build.rs (no JSON reader ships for it).
include!(concat!(env!("OUT_DIR"), "/achievements.rs"));

/// A text of the generated list.
fn s(x: &str) -> String {
    x.to_string()
}

/// A list of texts of the generated list.
fn v(x: &[&str]) -> Vec<String> {
    x.iter().map(|x| x.to_string()).collect()
}

impl Achievements {
    /// The built-in achievements (`content/achievements.json`, compiled in by build.rs); the
    /// file is tested (`Achievements::from_json`, and that this copy equals what it reads), so
    /// a broken one fails the test suite, never a player's game.
    pub fn builtin() -> &'static Achievements {
        static CELL: OnceLock<Achievements> = OnceLock::new();
        CELL.get_or_init(|| Achievements {
            defs: builtin_defs(),
        })
    }

    /// Parses and validates an achievements file.
    pub fn from_json(text: &str) -> Result<Achievements, String> {
        let defs = read_file(text)?;
        let mut seen = Vec::new();
        for (i, a) in defs.iter().enumerate() {
            if a.id.is_empty() {
                return Err(err("", "", format!("achievement {i} has no id")));
            }
            if seen.contains(&a.id) {
                return Err(err(&a.id, "id", "used twice"));
            }
            seen.push(a.id.clone());
            if a.name.trim().is_empty() || a.description.trim().is_empty() {
                return Err(err(&a.id, "name", "needs a name and a description"));
            }
            match (&a.across_games, a.game.is_empty()) {
                (None, true) => return Err(err(&a.id, "game", "no checks and no across_games")),
                (Some(_), false) => {
                    return Err(err(&a.id, "game", "either game checks or across_games"))
                }
                _ => {}
            }
            for (j, c) in a.game.iter().enumerate() {
                c.validate(&a.id, &format!("game[{j}]"))?;
            }
            match &a.across_games {
                Some(Across::WinWithEach(list)) if list.is_empty() => {
                    return Err(err(&a.id, "across_games", "an empty list of characters"))
                }
                Some(Across::WinsInARow(0)) => {
                    return Err(err(&a.id, "across_games", "needs at least 1 win"))
                }
                _ => {}
            }
        }
        Ok(Achievements { defs })
    }

    /// Checks every card id the rules name against the box (characters, monsters, skills).
    pub fn check_ids(&self, db: &CardDb) -> Result<(), String> {
        for a in &self.defs {
            for (j, c) in a.game.iter().enumerate() {
                let field = format!("game[{j}]");
                if let Some(m) = &c.defeated {
                    if !db.monsters.iter().any(|x| &x.id == m) {
                        return Err(err(&a.id, &field, format!("no monster `{m}` in the box")));
                    }
                }
                if let Some(k) = &c.with_skill {
                    if !db.skills.iter().any(|x| &x.id == k) {
                        return Err(err(&a.id, &field, format!("no skill `{k}` in the box")));
                    }
                }
            }
            if let Some(Across::WinWithEach(list)) = &a.across_games {
                for c in list {
                    if db.character_index(c).is_none() {
                        return Err(err(
                            &a.id,
                            "across_games",
                            format!("no character `{c}` in the box"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Where a cross-game achievement stands on difficulty `d` (`None` for per-game ones).
    pub fn progress(
        &self,
        def: &AchievementDef,
        games: &[GameRecord],
        d: Difficulty,
    ) -> Option<Progress> {
        let mut order = super::stats::chronological(games);
        order.retain(|g| g.difficulty == d);
        match def.across_games.as_ref()? {
            Across::WinWithEach(chars) => {
                let (won, missing) = chars
                    .iter()
                    .cloned()
                    .partition(|c| order.iter().any(|g| g.won() && &g.character == c));
                Some(Progress::Characters { won, missing })
            }
            Across::WinsInARow(n) => {
                let (mut current, mut best) = (0, 0);
                for g in order {
                    current = if g.won() { current + 1 } else { 0 };
                    best = best.max(current);
                }
                Some(Progress::Run {
                    current,
                    best,
                    needed: *n,
                })
            }
        }
    }

    pub fn get(&self, id: &str) -> Option<&AchievementDef> {
        self.defs.iter().find(|a| a.id == id)
    }

    /// Every achievement earned by these games, on each difficulty, with the first game (in
    /// date order) that earned it. Games are taken in `(date, id)` order.
    pub fn evaluate(&self, games: &[GameRecord]) -> Vec<(String, Difficulty, String, String)> {
        let order = super::stats::chronological(games);
        let mut out = Vec::new();
        for d in Difficulty::ALL {
            let list: Vec<&GameRecord> = order
                .iter()
                .copied()
                .filter(|g| g.difficulty == d)
                .collect();
            for a in &self.defs {
                let first = match &a.across_games {
                    None => list.iter().find(|g| a.earned_by(g)).copied(),
                    Some(Across::WinWithEach(chars)) => {
                        let mut won = vec![false; chars.len()];
                        list.iter()
                            .find(|g| {
                                if g.won() {
                                    if let Some(i) = chars.iter().position(|c| *c == g.character) {
                                        won[i] = true;
                                    }
                                }
                                won.iter().all(|w| *w)
                            })
                            .copied()
                    }
                    Some(Across::WinsInARow(n)) => {
                        let mut run = 0;
                        list.iter()
                            .find(|g| {
                                run = if g.won() { run + 1 } else { 0 };
                                run >= *n
                            })
                            .copied()
                    }
                };
                if let Some(g) = first {
                    out.push((a.id.clone(), d, g.date.clone(), g.id.clone()));
                }
            }
        }
        out
    }
}

// ----- Reading the file -----------------------------------------------------------------------

/// A rule that spans games, as written: exactly one member.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AcrossIn {
    #[serde(default)]
    win_with_each: Option<Vec<String>>,
    #[serde(default)]
    wins_in_a_row: Option<u32>,
}

fn yes() -> bool {
    true
}

/// One achievement as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DefIn {
    #[serde(default)]
    id: String,
    name: String,
    description: String,
    #[serde(default = "yes")]
    win: bool,
    #[serde(default)]
    game: Vec<Check>,
    #[serde(default)]
    across_games: Option<AcrossIn>,
}

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIn {
    #[serde(default, rename = "notes")]
    _notes: Option<serde::de::IgnoredAny>,
    achievements: Vec<serde_json::Value>,
}

/// The achievements of a file, checked for shape only; a message names the achievement.
fn read_file(text: &str) -> Result<Vec<AchievementDef>, String> {
    let file: FileIn = serde_json::from_str(text).map_err(|e| err("", "", super::de::reason(e)))?;
    let mut out = Vec::new();
    for (i, v) in file.achievements.iter().enumerate() {
        // From text, like every record: no second set of readers for `Value`s.
        let d = serde_json::from_str::<DefIn>(&v.to_string()).map_err(|e| {
            match v.get("id").and_then(serde_json::Value::as_str) {
                Some(id) => err(id, "", super::de::reason(e)),
                None => err("", "", format!("achievement {i}: {}", super::de::reason(e))),
            }
        })?;
        let across_games = match d.across_games {
            None => None,
            Some(AcrossIn {
                win_with_each: Some(list),
                wins_in_a_row: None,
            }) => Some(Across::WinWithEach(list)),
            Some(AcrossIn {
                win_with_each: None,
                wins_in_a_row: Some(n),
            }) => Some(Across::WinsInARow(n)),
            Some(_) => {
                return Err(err(
                    &d.id,
                    "across_games",
                    "needs exactly one of win_with_each, wins_in_a_row",
                ))
            }
        };
        out.push(AchievementDef {
            id: d.id,
            name: d.name,
            description: d.description,
            win: d.win,
            game: d.game,
            across_games,
        });
    }
    Ok(out)
}
