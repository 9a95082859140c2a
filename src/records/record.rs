//! One line of the scorepad: a finished game, kept in a form that does not depend on the card
//! indices of one build (cards are named by their content ids). Unknown fields are ignored on
//! reading: a build that adds a field must raise the format version (`format::VERSION`), so an
//! older build never writes over records it cannot fully read.

use super::json::{self, Fields, Obj, J};
use crate::content::CardDb;
use crate::engine::res::Res;
use crate::engine::{Difficulty, Game, Outcome, Pending};
use std::fmt::Write;

/// What sort of game a record is: `standard`, or `daily` for the daily challenge (issue 6 keeps
/// those in their own table). A plain string, so a kind added later survives an older build.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordOutcome {
    Victory { score: u32, rank: String },
    Defeat { level: u8, cause: String },
}

/// A monster defeated in battle and the skills used against it (High Stakes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DefeatedMonster {
    /// Content id (`vampire`).
    pub monster: String,
    pub level: u8,
    /// Content ids of the skills used in that battle (`spike_thrower`).
    pub skills_used: Vec<String>,
}

/// The per-game figures the achievements read, taken from the engine's [`crate::engine::Stats`]
/// and the final position, with every card named by its content id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameFacts {
    /// Ambush effects suffered.
    pub ambushes: u32,
    /// Small Effort lost (not spent) during Battle Steps.
    pub small_lost_in_battle: u32,
    /// Effort of any category lost in Hunger Steps.
    pub effort_lost_in_hunger: u32,
    /// Food eaten in Hunger Steps.
    pub food_eaten: u32,
    /// The lowest the Time token went.
    pub lowest_time: i32,
    /// Character ability uses.
    pub abilities_used: u32,
    /// Rests in Exploration Steps.
    pub rests: u32,
    /// Weapon upgrades crafted or granted.
    pub weapon_upgrades: u32,
    /// Levels whose monster was bypassed by Trickery.
    pub tricked_levels: Vec<u8>,
    pub defeated: Vec<DefeatedMonster>,
    pub encounters: u32,
    pub rounds: u32,
    pub level_reached: u8,
    /// Skills held at the end (content ids).
    pub skills: Vec<String>,
    /// The weapon in hand at the end (content id).
    pub weapon: String,
    /// The Resource/Effort Tracker at the end.
    pub resources: Resources,
}

/// The Resource/Effort Tracker at the end of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resources {
    pub small: u32,
    pub medium: u32,
    pub large: u32,
    pub cunning: u32,
    pub food: u32,
    pub wood: u32,
    pub metal: u32,
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Unique and stable: a hash of setup, dice script, action log and date ([`record_id`]).
    /// Merging dedups by it.
    pub id: String,
    /// When the game ended, as the caller gave it (ISO 8601 in UTC, so text order is time order).
    pub date: String,
    /// Character id (`sneak`, `sage`, `hunter`, `brawler`).
    pub character: String,
    /// Art side 0 or 1.
    pub side: u8,
    pub difficulty: Difficulty,
    pub easy_toggle: bool,
    /// Unknown for games migrated from the paper-like prototype scorepad.
    pub seed: Option<u64>,
    pub kind: GameKind,
    pub outcome: RecordOutcome,
    /// Unknown for games migrated from the prototype scorepad.
    pub facts: Option<GameFacts>,
    /// The game's save (setup, dice script, action log) as JSON text, for replays. Kept as
    /// text so a change of the engine's save shape can never make a record unreadable.
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
        let replay = serde_json::to_string(&save).ok();
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
        tricked_levels: st.tricked_levels.clone(),
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

/// FNV-1a, 64 bits: stable across platforms and builds.
pub fn fnv1a(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A record's id: the hash of its save (setup, dice script, action log) and its date.
pub fn record_id(replay: Option<&str>, date: &str) -> String {
    let body = replay.unwrap_or_default();
    let h = fnv1a(body.bytes().chain([0u8]).chain(date.bytes()));
    format!("{h:016x}")
}

// ----- JSON ---------------------------------------------------------------------------------------
// The shape of one record (format version 1; version 2 stores this same text packed, see
// `super::pack` and `super::format`):
// {"id", "date", "character", "side", "difficulty": "easy|normal|hard", "easy_toggle", "seed",
//  "kind", "outcome": {"victory": {"score", "rank"}} | {"defeat": {"level", "cause"}},
//  "facts": {...} | null, "replay": "<the engine's save as JSON text>"}

/// The stored name of a difficulty.
pub fn difficulty_key(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "easy",
        Difficulty::Normal => "normal",
        Difficulty::Hard => "hard",
    }
}

fn read_difficulty(f: &Fields, k: &str) -> Result<Difficulty, String> {
    let s = f.string(k)?;
    Difficulty::ALL
        .into_iter()
        .find(|d| difficulty_key(*d) == s)
        .ok_or_else(|| format!("unknown difficulty `{s}`"))
}

fn u32_of(f: &Fields, k: &str) -> Result<u32, String> {
    f.int_or0(k, 0, u32::MAX as i64).map(|n| n as u32)
}

fn u8_of(f: &Fields, k: &str) -> Result<u8, String> {
    f.int_or0(k, 0, u8::MAX as i64).map(|n| n as u8)
}

impl Resources {
    const KEYS: [&'static str; 8] = [
        "small", "medium", "large", "cunning", "food", "wood", "metal", "treasure",
    ];

    fn write(&self, o: &mut String) {
        let mut w = Obj::new(o);
        for k in Resources::KEYS {
            w = w.num(k, self.get(k));
        }
        w.end();
    }

    fn read(v: &J) -> Result<Resources, String> {
        let f = Fields::of(v)?;
        let mut r = Resources::default();
        for k in Resources::KEYS {
            r.set(k, u32_of(&f, k)?);
        }
        Ok(r)
    }
}

impl DefeatedMonster {
    fn write(&self, o: &mut String) {
        Obj::new(o)
            .str("monster", &self.monster)
            .num("level", self.level)
            .strs("skills_used", &self.skills_used)
            .end();
    }

    fn read(v: &J) -> Result<DefeatedMonster, String> {
        let f = Fields::of(v)?;
        Ok(DefeatedMonster {
            monster: f.opt_string("monster")?.unwrap_or_default(),
            level: u8_of(&f, "level")?,
            skills_used: f.strings("skills_used")?,
        })
    }
}

impl GameFacts {
    pub fn write(&self, o: &mut String) {
        Obj::new(o)
            .num("ambushes", self.ambushes)
            .num("small_lost_in_battle", self.small_lost_in_battle)
            .num("effort_lost_in_hunger", self.effort_lost_in_hunger)
            .num("food_eaten", self.food_eaten)
            .num("lowest_time", self.lowest_time)
            .num("abilities_used", self.abilities_used)
            .num("rests", self.rests)
            .num("weapon_upgrades", self.weapon_upgrades)
            .list("tricked_levels", &self.tricked_levels, |o, l| {
                let _ = write!(o, "{l}");
            })
            .list("defeated", &self.defeated, |o, d| d.write(o))
            .num("encounters", self.encounters)
            .num("rounds", self.rounds)
            .num("level_reached", self.level_reached)
            .strs("skills", &self.skills)
            .str("weapon", &self.weapon)
            .with("resources", |o| self.resources.write(o))
            .end();
    }

    /// Missing figures read as 0 (empty lists), like an older record that lacked them.
    pub fn read(v: &J) -> Result<GameFacts, String> {
        let f = Fields::of(v)?;
        let tricked_levels = f
            .list("tricked_levels")?
            .iter()
            .map(|l| {
                l.as_u64()
                    .filter(|n| *n <= 255)
                    .map(|n| n as u8)
                    .ok_or_else(|| "`tricked_levels` must list levels".to_string())
            })
            .collect::<Result<_, _>>()?;
        let defeated = f
            .list("defeated")?
            .iter()
            .map(DefeatedMonster::read)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("in `defeated`: {e}"))?;
        Ok(GameFacts {
            ambushes: u32_of(&f, "ambushes")?,
            small_lost_in_battle: u32_of(&f, "small_lost_in_battle")?,
            effort_lost_in_hunger: u32_of(&f, "effort_lost_in_hunger")?,
            food_eaten: u32_of(&f, "food_eaten")?,
            lowest_time: f.int_or0("lowest_time", i32::MIN as i64, i32::MAX as i64)? as i32,
            abilities_used: u32_of(&f, "abilities_used")?,
            rests: u32_of(&f, "rests")?,
            weapon_upgrades: u32_of(&f, "weapon_upgrades")?,
            tricked_levels,
            defeated,
            encounters: u32_of(&f, "encounters")?,
            rounds: u32_of(&f, "rounds")?,
            level_reached: u8_of(&f, "level_reached")?,
            skills: f.strings("skills")?,
            weapon: f.opt_string("weapon")?.unwrap_or_default(),
            resources: match f.opt("resources") {
                Some(r) => Resources::read(r).map_err(|e| format!("in `resources`: {e}"))?,
                None => Resources::default(),
            },
        })
    }
}

impl RecordOutcome {
    fn write(&self, o: &mut String) {
        let w = Obj::new(o);
        match self {
            RecordOutcome::Victory { score, rank } => w.with("victory", |o| {
                Obj::new(o).num("score", score).str("rank", rank).end()
            }),
            RecordOutcome::Defeat { level, cause } => w.with("defeat", |o| {
                Obj::new(o).num("level", level).str("cause", cause).end()
            }),
        }
        .end();
    }

    fn read(v: &J) -> Result<RecordOutcome, String> {
        let f = Fields::of(v).map_err(|_| "`outcome` must be victory or defeat".to_string())?;
        if let Some(w) = f.opt("victory") {
            let w = Fields::of(w)?;
            return Ok(RecordOutcome::Victory {
                score: w.int("score", 0, u32::MAX as i64)? as u32,
                rank: w.string("rank")?,
            });
        }
        if let Some(d) = f.opt("defeat") {
            let d = Fields::of(d)?;
            return Ok(RecordOutcome::Defeat {
                level: d.int("level", 0, 255)? as u8,
                cause: d.opt_string("cause")?.unwrap_or_default(),
            });
        }
        Err("`outcome` must be victory or defeat".into())
    }
}

impl GameRecord {
    /// Appends the record as JSON.
    pub fn write(&self, o: &mut String) {
        let mut w = Obj::new(o)
            .str("id", &self.id)
            .str("date", &self.date)
            .str("character", &self.character)
            .num("side", self.side)
            .str("difficulty", difficulty_key(self.difficulty))
            .bool("easy_toggle", self.easy_toggle)
            .with("seed", |o| match self.seed {
                Some(s) => {
                    let _ = write!(o, "{s}");
                }
                None => o.push_str("null"),
            })
            .str("kind", &self.kind.0)
            .with("outcome", |o| self.outcome.write(o))
            .with("facts", |o| match &self.facts {
                Some(f) => f.write(o),
                None => o.push_str("null"),
            });
        if let Some(r) = &self.replay {
            w = w.str("replay", r);
        }
        w.end();
    }

    /// The record as JSON text.
    pub fn to_json(&self) -> String {
        let mut o = String::new();
        self.write(&mut o);
        o
    }

    /// Reads a record; the message names the field at fault.
    pub fn read(v: &J) -> Result<GameRecord, String> {
        let f = Fields::of(v)?;
        let nonempty = |k: &str| -> Result<String, String> {
            let s = f.string(k)?;
            if s.trim().is_empty() {
                Err(format!("empty `{k}`"))
            } else {
                Ok(s)
            }
        };
        Ok(GameRecord {
            id: nonempty("id")?,
            date: nonempty("date")?,
            character: nonempty("character")?,
            side: f
                .int_or0("side", 0, 1)
                .map_err(|_| "`side` must be 0 or 1".to_string())? as u8,
            difficulty: read_difficulty(&f, "difficulty")?,
            easy_toggle: f.bool_or("easy_toggle", false)?,
            seed: f.opt_u64("seed")?,
            kind: GameKind(
                f.opt_string("kind")?
                    .unwrap_or_else(|| GameKind::STANDARD.to_string()),
            ),
            outcome: RecordOutcome::read(f.req("outcome")?)?,
            facts: match f.opt("facts") {
                Some(x) => Some(GameFacts::read(x).map_err(|e| format!("in `facts`: {e}"))?),
                None => None,
            },
            replay: f.opt_string("replay")?,
        })
    }

    /// Reads a record from JSON text.
    pub fn from_json(text: &str) -> Result<GameRecord, String> {
        let v = json::parse(text).map_err(|e| e.to_string())?;
        GameRecord::read(&v)
    }
}
