//! One line of the scorepad: a finished game, kept in a form that does not depend on the card
//! indices of one build (cards are named by their content ids). Read and written with serde
//! derives (the field checks a player's file needs are in [`super::de`]); unknown fields are
//! ignored on reading: a build that adds a field must raise the format version
//! (`format::VERSION`), so an older build never writes over records it cannot fully read.
//!
//! The stored shape (format version 1; version 2 stores this same text packed, see
//! [`super::pack`] and [`super::format`]), fields in this order (the packer's primer has it):
//! `{"id", "date", "character", "side", "difficulty": "easy|normal|hard", "easy_toggle",
//! "seed", "kind", "outcome": {"victory": {"score", "rank"}} | {"defeat": {"level", "cause"}},
//! "facts": {...} | null, "replay": "<the engine's save as JSON text>"}`.

use super::de;
use crate::content::CardDb;
use crate::engine::res::Res;
use crate::engine::{Difficulty, Game, Outcome, Pending};
use serde::{Deserialize, Serialize};

/// What sort of game a record is: `standard`, or `daily` for the daily challenge (the scorepad keeps
/// those in their own table). A plain string, so a kind added later survives an older build.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameKind(pub String);

impl GameKind {
    pub const STANDARD: &'static str = "standard";
    pub const DAILY: &'static str = "daily";

    pub fn standard() -> GameKind {
        GameKind(GameKind::STANDARD.to_string())
    }
    pub fn daily() -> GameKind {
        GameKind(GameKind::DAILY.to_string())
    }
    pub fn is_daily(&self) -> bool {
        self.0 == GameKind::DAILY
    }
}

impl Default for GameKind {
    fn default() -> GameKind {
        GameKind::standard()
    }
}

/// How the game ended: `{"victory": {"score", "rank"}}` or `{"defeat": {"level", "cause"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordOutcome {
    Victory {
        #[serde(deserialize_with = "de::score")]
        score: u32,
        rank: String,
    },
    Defeat {
        #[serde(deserialize_with = "de::level")]
        level: u8,
        #[serde(default, deserialize_with = "de::or_default")]
        cause: String,
    },
}

/// A monster defeated in battle and the skills used against it (High Stakes). Missing or null
/// fields read as empty (or 0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DefeatedMonster {
    /// Content id (`vampire`).
    #[serde(deserialize_with = "de::or_default")]
    pub monster: String,
    #[serde(deserialize_with = "de::level")]
    pub level: u8,
    /// Content ids of the skills used in that battle (`spike_thrower`).
    #[serde(deserialize_with = "de::or_default")]
    pub skills_used: Vec<String>,
}

/// The per-game figures the achievements read, taken from the engine's [`crate::engine::Stats`]
/// and the final position, with every card named by its content id. Missing or null figures
/// read as 0 (empty lists), like an older record that lacked them; a figure out of its type's
/// range is refused.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameFacts {
    /// Ambush effects suffered.
    #[serde(deserialize_with = "de::or_default")]
    pub ambushes: u32,
    /// Small Effort lost (not spent) during Battle Steps.
    #[serde(deserialize_with = "de::or_default")]
    pub small_lost_in_battle: u32,
    /// Effort of any category lost in Hunger Steps.
    #[serde(deserialize_with = "de::or_default")]
    pub effort_lost_in_hunger: u32,
    /// Food eaten in Hunger Steps.
    #[serde(deserialize_with = "de::or_default")]
    pub food_eaten: u32,
    /// The lowest the Time token went.
    #[serde(deserialize_with = "de::or_default")]
    pub lowest_time: i32,
    /// Character ability uses.
    #[serde(deserialize_with = "de::or_default")]
    pub abilities_used: u32,
    /// Rests in Exploration Steps.
    #[serde(deserialize_with = "de::or_default")]
    pub rests: u32,
    /// Weapon upgrades crafted or granted.
    #[serde(deserialize_with = "de::or_default")]
    pub weapon_upgrades: u32,
    /// Levels whose monster was bypassed by Trickery.
    #[serde(deserialize_with = "de::levels")]
    pub tricked_levels: Vec<u8>,
    #[serde(deserialize_with = "de::or_default")]
    pub defeated: Vec<DefeatedMonster>,
    #[serde(deserialize_with = "de::or_default")]
    pub encounters: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub rounds: u32,
    #[serde(deserialize_with = "de::level")]
    pub level_reached: u8,
    /// Skills held at the end (content ids).
    #[serde(deserialize_with = "de::or_default")]
    pub skills: Vec<String>,
    /// The weapon in hand at the end (content id).
    #[serde(deserialize_with = "de::or_default")]
    pub weapon: String,
    /// The Resource/Effort Tracker at the end.
    #[serde(deserialize_with = "de::or_default")]
    pub resources: Resources,
}

/// The Resource/Effort Tracker at the end of a game (a missing or null count reads as 0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Resources {
    #[serde(deserialize_with = "de::or_default")]
    pub small: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub medium: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub large: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub cunning: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub food: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub wood: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub metal: u32,
    #[serde(deserialize_with = "de::or_default")]
    pub treasure: u32,
}

impl Resources {
    /// By resource key (`small`, `treasure` …); 0 for an unknown key.
    pub fn get(&self, key: &str) -> u32 {
        match key {
            "small" => self.small,
            "medium" => self.medium,
            "large" => self.large,
            "cunning" => self.cunning,
            "food" => self.food,
            "wood" => self.wood,
            "metal" => self.metal,
            "treasure" => self.treasure,
            _ => 0,
        }
    }

    pub fn set(&mut self, key: &str, n: u32) {
        let slot = match key {
            "small" => &mut self.small,
            "medium" => &mut self.medium,
            "large" => &mut self.large,
            "cunning" => &mut self.cunning,
            "food" => &mut self.food,
            "wood" => &mut self.wood,
            "metal" => &mut self.metal,
            "treasure" => &mut self.treasure,
            _ => return,
        };
        *slot = n;
    }

    pub fn total(&self) -> u32 {
        self.small
            + self.medium
            + self.large
            + self.cunning
            + self.food
            + self.wood
            + self.metal
            + self.treasure
    }
}

impl GameFacts {
    /// A named figure, for the achievement rules in `content/achievements.json`.
    pub fn stat(&self, name: &str) -> Option<i64> {
        Some(match name {
            "ambushes" => self.ambushes as i64,
            "small_lost_in_battle" => self.small_lost_in_battle as i64,
            "effort_lost_in_hunger" => self.effort_lost_in_hunger as i64,
            "food_eaten" => self.food_eaten as i64,
            "lowest_time" => self.lowest_time as i64,
            "abilities_used" => self.abilities_used as i64,
            "rests" => self.rests as i64,
            "weapon_upgrades" => self.weapon_upgrades as i64,
            "encounters" => self.encounters as i64,
            "rounds" => self.rounds as i64,
            "level_reached" => self.level_reached as i64,
            "skills_held" => self.skills.len() as i64,
            "monsters_tricked" => self.tricked_levels.len() as i64,
            "monsters_defeated" => self.defeated.len() as i64,
            _ => return None,
        })
    }

    /// The figure names [`GameFacts::stat`] knows.
    pub const STATS: [&'static str; 14] = [
        "ambushes",
        "small_lost_in_battle",
        "effort_lost_in_hunger",
        "food_eaten",
        "lowest_time",
        "abilities_used",
        "rests",
        "weapon_upgrades",
        "encounters",
        "rounds",
        "level_reached",
        "skills_held",
        "monsters_tricked",
        "monsters_defeated",
    ];

    pub fn resource(&self, key: &str) -> u32 {
        self.resources.get(key)
    }
}

/// A finished game on the scorepad.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Unique and stable: a hash of setup, dice script, action log and date ([`record_id`]).
    /// Merging dedups by it.
    #[serde(deserialize_with = "de::nonempty")]
    pub id: String,
    /// When the game ended, as the caller gave it (ISO 8601 in UTC, so text order is time order).
    #[serde(deserialize_with = "de::nonempty")]
    pub date: String,
    /// Character id (`sneak`, `sage`, `hunter`, `brawler`).
    #[serde(deserialize_with = "de::nonempty")]
    pub character: String,
    /// Art side 0 or 1.
    #[serde(default, deserialize_with = "de::side")]
    pub side: u8,
    #[serde(with = "de::difficulty")]
    pub difficulty: Difficulty,
    #[serde(default, deserialize_with = "de::or_default")]
    pub easy_toggle: bool,
    /// Unknown for games migrated from the paper-like prototype scorepad.
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default, deserialize_with = "de::or_default")]
    pub kind: GameKind,
    pub outcome: RecordOutcome,
    /// Unknown for games migrated from the prototype scorepad.
    #[serde(default)]
    pub facts: Option<GameFacts>,
    /// The game's save (setup, dice script, action log) as JSON text, for replays. Kept as
    /// text so a change of the engine's save shape can never make a record unreadable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<String>,
}

impl GameRecord {
    pub fn won(&self) -> bool {
        matches!(self.outcome, RecordOutcome::Victory { .. })
    }

    pub fn score(&self) -> Option<u32> {
        match self.outcome {
            RecordOutcome::Victory { score, .. } => Some(score),
            RecordOutcome::Defeat { .. } => None,
        }
    }

    pub fn rank(&self) -> Option<&str> {
        match &self.outcome {
            RecordOutcome::Victory { rank, .. } => Some(rank),
            RecordOutcome::Defeat { .. } => None,
        }
    }

    /// Hints shown during this game, from its save's hint count: 0 when none, or when the
    /// save is not kept or its count does not read. Only the count is read, not the whole
    /// save: the records module then ships no reader for the engine's moves.
    pub fn hints(&self) -> u32 {
        #[derive(Deserialize)]
        struct Hints {
            #[serde(default)]
            hints: u32,
        }
        match self.replay.as_deref() {
            Some(t) if t.contains("\"hints\"") => {
                serde_json::from_str::<Hints>(t).map_or(0, |s| s.hints)
            }
            _ => 0,
        }
    }

    /// The engine's save of this game, when it still reads with this build.
    pub fn save_game(&self) -> Option<crate::engine::SaveGame> {
        self.replay
            .as_deref()
            .and_then(|t| serde_json::from_str(t).ok())
    }

    /// The record of a finished game; `None` while the game is not over.
    pub fn from_game(game: &Game, date: &str) -> Option<GameRecord> {
        let Pending::Over(outcome) = game.pending() else {
            return None;
        };
        let save = game.save();
        // The page's own writer (serde_json's text, byte for byte: the id hashes it).
        let replay = crate::json::to_string(&save).ok();
        let id = record_id(replay.as_deref(), date);
        let s = game.state();
        Some(GameRecord {
            id,
            date: date.to_string(),
            character: s.setup.character.clone(),
            side: s.setup.side,
            difficulty: s.setup.difficulty,
            easy_toggle: s.setup.easy_toggle,
            seed: Some(s.setup.seed),
            kind: GameKind::standard(),
            outcome: match outcome {
                Outcome::Victory { score, rank } => RecordOutcome::Victory {
                    score: *score,
                    rank: rank.clone(),
                },
                Outcome::Defeat { level, cause } => RecordOutcome::Defeat {
                    level: *level,
                    cause: cause.clone(),
                },
            },
            facts: Some(facts_of(game)),
            replay,
        })
    }
}

/// The achievement figures of a game, read from its stats and final position.
pub fn facts_of(game: &Game) -> GameFacts {
    let s = game.state();
    let db: &CardDb = game.db();
    let st = &s.stats;
    let monster = |i: u16| db.monster(i).map(|m| m.id.clone()).unwrap_or_default();
    let skill = |i: u16| db.skill(i).map(|k| k.id.clone()).unwrap_or_default();
    let mut resources = Resources::default();
    for r in Res::ALL {
        resources.set(r.key(), s.stock.get(r) as u32);
    }
    GameFacts {
        ambushes: st.ambushes as u32,
        small_lost_in_battle: st.small_lost_in_battle as u32,
        effort_lost_in_hunger: st.effort_lost_in_hunger as u32,
        food_eaten: st.food_eaten as u32,
        lowest_time: st.lowest_time as i32,
        abilities_used: st.abilities_used as u32,
        rests: st.rests as u32,
        weapon_upgrades: st.weapon_upgrades as u32,
        tricked_levels: st.tricked_levels.to_vec(),
        defeated: st
            .defeated
            .iter()
            .map(|d| DefeatedMonster {
                monster: monster(d.monster),
                level: d.level,
                skills_used: d.skills_used.iter().map(|k| skill(*k)).collect(),
            })
            .collect(),
        encounters: st.encounters as u32,
        rounds: st.rounds as u32,
        level_reached: st.level_reached,
        skills: s.skills.iter().map(|k| skill(*k)).collect(),
        weapon: s
            .weapons
            .last()
            .and_then(|w| db.weapon(*w))
            .map(|w| w.id.clone())
            .unwrap_or_default(),
        resources,
    }
}

pub use crate::content::fnv1a;

impl GameRecord {
    /// The record as JSON text (the stored shape, see the module docs). (The page writes the
    /// same text with [`crate::json`]; this one is the records module's, which has serde_json.)
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a record from JSON text; the message names the field at fault.
    pub fn from_json(text: &str) -> Result<GameRecord, String> {
        serde_json::from_str(text).map_err(de::reason)
    }
}

/// A record's id: the hash of its save (setup, dice script, action log) and its date.
pub fn record_id(replay: Option<&str>, date: &str) -> String {
    let body = replay.unwrap_or_default();
    let h = fnv1a(body.bytes().chain([0u8]).chain(date.bytes()));
    format!("{h:016x}")
}
