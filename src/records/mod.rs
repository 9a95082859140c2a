//! The player's records: the scorepad, the achievements sheet and the statistics (Rules
//! Reference pp. 34–35). Pure Rust with no web dependencies; the browser's storage layer is
//! `crate::storage::records` and the views are `crate::ui::records`.
//!
//! - [`GameRecord`]: one finished game, built by [`GameRecord::from_game`].
//! - [`Records`]: every game and every achievement earned, with [`Records::record`] (a game
//!   ends: returns the achievements it newly earned) and [`Records::merge`] (import, or another
//!   tab's writes: union without duplicates, earliest date kept).
//! - [`achievements`]: the 16 achievements as data and their evaluator.
//! - [`stats`]: statistics, personal bests and the scorepad's sort orders.
//! - [`format`](mod@format): the versioned stored form, migrations, lenient load and strict import;
//!   every type is read and written with serde derives, checked by [`de`].
//! - [`html`]: the views as HTML text (tables and SVG charts), shown as they are by the browser.

pub mod achievements;
pub mod bridge;
pub mod de;
pub mod format;
pub mod html;
pub mod items;
pub mod markup;
pub mod names;
pub mod pack;
pub mod policy;
pub mod record;
pub mod report;
pub mod stats;

pub use achievements::{AchievementDef, Achievements};
pub use format::{Loaded, SetAside};
pub use record::{GameFacts, GameKind, GameRecord, RecordOutcome, Resources};
pub use stats::{personal_bests, PersonalBest, SortKey, Statistics};

use crate::engine::{Difficulty, Game};
use serde::{Deserialize, Serialize};

/// One achievement earned on one difficulty: `{"achievement", "difficulty", "date", "game"}`
/// (`game` when known).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Earned {
    /// The achievement's id in `content/achievements.json`.
    #[serde(deserialize_with = "de::nonempty")]
    pub achievement: String,
    #[serde(with = "de::difficulty")]
    pub difficulty: Difficulty,
    /// The date of the game that earned it.
    #[serde(deserialize_with = "de::nonempty")]
    pub date: String,
    /// The id of that game, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}

/// Every finished game and every achievement earned.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    /// In the order they were recorded (or merged in); no two share an id.
    pub games: Vec<GameRecord>,
    /// At most one per achievement and difficulty: the earliest.
    pub earned: Vec<Earned>,
}

/// What a merge added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MergeSummary {
    pub games_added: usize,
    pub achievements_added: usize,
}

impl Records {
    pub fn new() -> Records {
        Records::default()
    }

    pub fn has_game(&self, id: &str) -> bool {
        self.games.iter().any(|g| g.id == id)
    }

    /// Adds a game unless one with its id is there; whether it was added.
    pub fn add_game(&mut self, g: GameRecord) -> bool {
        if self.has_game(&g.id) {
            return false;
        }
        self.games.push(g);
        true
    }

    /// Adds an earned achievement, keeping the earliest date per achievement and difficulty;
    /// whether it is new or earlier than the one held.
    pub fn add_earned(&mut self, e: Earned) -> bool {
        match self
            .earned
            .iter_mut()
            .find(|x| x.achievement == e.achievement && x.difficulty == e.difficulty)
        {
            Some(x) if e.date < x.date => {
                *x = e;
                true
            }
            Some(_) => false,
            None => {
                self.earned.push(e);
                true
            }
        }
    }

    pub fn earned(&self, achievement: &str, d: Difficulty) -> Option<&Earned> {
        self.earned
            .iter()
            .find(|e| e.achievement == achievement && e.difficulty == d)
    }

    /// Evaluates every achievement over every game and adds what is missing; returns the
    /// achievements newly earned (not those whose date only moved earlier).
    pub fn refresh_earned(&mut self, defs: &Achievements) -> Vec<Earned> {
        let mut new = Vec::new();
        for (achievement, difficulty, date, game) in defs.evaluate(&self.games) {
            let had = self.earned(&achievement, difficulty).is_some();
            let e = Earned {
                achievement,
                difficulty,
                date,
                game: Some(game),
            };
            if self.add_earned(e.clone()) && !had {
                new.push(e);
            }
        }
        new
    }

    /// Records a finished game; returns the achievements it newly earned, in the order of the
    /// sheet. A game already recorded (same id, or the same save: same setup, dice and moves)
    /// is not recorded twice and earns nothing.
    pub fn record(&mut self, g: GameRecord, defs: &Achievements) -> Vec<Earned> {
        let same_save = |x: &GameRecord| x.replay.is_some() && x.replay == g.replay;
        if self.has_game(&g.id) || self.games.iter().any(same_save) {
            return Vec::new();
        }
        self.games.push(g);
        // In the order of the sheet: one game earns only on its own difficulty.
        self.refresh_earned(defs)
    }

    /// Records a finished game; `None` when it is not over.
    pub fn record_game(
        &mut self,
        game: &Game,
        date: &str,
        defs: &Achievements,
    ) -> Option<Vec<Earned>> {
        let g = GameRecord::from_game(game, date)?;
        Some(self.record(g, defs))
    }

    /// Union with other records: games without duplicates (by id), achievements keeping the
    /// earliest date, then achievements recomputed over the union. Only what is missing here is
    /// copied.
    pub fn merge(&mut self, other: &Records, defs: &Achievements) -> MergeSummary {
        let mut s = MergeSummary::default();
        // A set of ids, not a scan per game: 20,000 games merge in milliseconds.
        let mut have: rustc_hash::FxHashSet<String> =
            self.games.iter().map(|g| g.id.clone()).collect();
        for g in &other.games {
            if have.insert(g.id.clone()) {
                self.games.push(g.clone());
                s.games_added += 1;
            }
        }
        for e in &other.earned {
            let had = self.earned(&e.achievement, e.difficulty).is_some();
            if self.add_earned(e.clone()) && !had {
                s.achievements_added += 1;
            }
        }
        s.achievements_added += self.refresh_earned(defs).len();
        s
    }
}
