//! Statistics of the scorepad: games and win rate per character and difficulty, streaks, the
//! distribution of ranks, score over time, personal bests, and the scorepad's sort orders.

use super::record::GameRecord;
use crate::engine::Difficulty;
use std::cmp::Ordering;

/// Games and wins of one character on one difficulty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u32,
    pub wins: u32,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.games += 1;
        self.wins += won as u32;
    }

    /// Wins per game, in whole percent (0 with no games).
    pub fn win_percent(&self) -> u32 {
        (self.wins * 100 + self.games / 2)
            .checked_div(self.games)
            .unwrap_or(0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CharacterRow {
    pub character: String,
    /// Easy, Normal, Hard.
    pub by_difficulty: [Tally; 3],
    pub total: Tally,
}

/// One won game on the score-over-time chart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScorePoint {
    pub date: String,
    pub score: u32,
    pub difficulty: Difficulty,
    pub character: String,
    pub id: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// Wins in a row up to the latest game (0 after a loss).
    pub current: u32,
    pub best: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistics {
    pub total: Tally,
    pub by_difficulty: [Tally; 3],
    /// One row per character: those of `characters` first, in that order, then any other met.
    pub by_character: Vec<CharacterRow>,
    /// Over every game in date order.
    pub streaks: Streaks,
    /// Per difficulty: Easy, Normal, Hard.
    pub streaks_by_difficulty: [Streaks; 3],
    /// Wins per rank, in the order of `ranks`, then any other rank met.
    pub ranks: Vec<(String, u32)>,
    /// Wins in date order.
    pub score_over_time: Vec<ScorePoint>,
    /// The mean score of the wins, rounded (None without a win).
    pub average_score: Option<u32>,
    /// Defeats by what ended them — the monster's name, or a rule such as starvation (the cause
    /// up to its first colon) — most first, then by name.
    pub deaths: Vec<(String, u32)>,
}

/// What ended a lost game, without the amounts: "Basilisk" of "Basilisk: could not pay 3 Small
/// Effort".
fn death_kind(cause: &str) -> String {
    cause.split(':').next().unwrap_or(cause).trim().to_string()
}

fn di(d: Difficulty) -> usize {
    match d {
        Difficulty::Easy => 0,
        Difficulty::Normal => 1,
        Difficulty::Hard => 2,
    }
}

/// Games in `(date, id)` order: the order the scorepad's streaks and charts read them.
pub fn chronological(games: &[GameRecord]) -> Vec<&GameRecord> {
    sorted(games, SortKey::Date, false)
}

fn streaks<'a>(games: impl Iterator<Item = &'a GameRecord>) -> Streaks {
    let mut s = Streaks::default();
    for g in games {
        s.current = if g.won() { s.current + 1 } else { 0 };
        s.best = s.best.max(s.current);
    }
    s
}

impl Statistics {
    /// `characters`: the box's character ids in display order; `ranks`: rank names lowest first.
    pub fn compute(games: &[GameRecord], characters: &[String], ranks: &[String]) -> Statistics {
        let order = chronological(games);
        let mut total = Tally::default();
        let mut by_difficulty: [Tally; 3] = Default::default();
        let mut by_character: Vec<CharacterRow> = characters
            .iter()
            .map(|c| CharacterRow {
                character: c.clone(),
                by_difficulty: Default::default(),
                total: Tally::default(),
            })
            .collect();
        let mut rank_counts: Vec<(String, u32)> = ranks.iter().map(|r| (r.clone(), 0)).collect();
        let mut score_over_time = Vec::new();
        let mut deaths: Vec<(String, u32)> = Vec::new();
        for g in &order {
            if let super::record::RecordOutcome::Defeat { cause, .. } = &g.outcome {
                let kind = death_kind(cause);
                match deaths.iter_mut().find(|(k, _)| *k == kind) {
                    Some((_, n)) => *n += 1,
                    None => deaths.push((kind, 1)),
                }
            }
            let won = g.won();
            total.add(won);
            by_difficulty[di(g.difficulty)].add(won);
            let row = match by_character.iter().position(|r| r.character == g.character) {
                Some(i) => &mut by_character[i],
                None => {
                    by_character.push(CharacterRow {
                        character: g.character.clone(),
                        by_difficulty: Default::default(),
                        total: Tally::default(),
                    });
                    by_character.last_mut().expect("just pushed")
                }
            };
            row.total.add(won);
            row.by_difficulty[di(g.difficulty)].add(won);
            if let (Some(score), Some(rank)) = (g.score(), g.rank()) {
                match rank_counts.iter_mut().find(|(r, _)| r == rank) {
                    Some((_, n)) => *n += 1,
                    None => rank_counts.push((rank.to_string(), 1)),
                }
                score_over_time.push(ScorePoint {
                    date: g.date.clone(),
                    score,
                    difficulty: g.difficulty,
                    character: g.character.clone(),
                    id: g.id.clone(),
                });
            }
        }
        let by_d = |d: Difficulty| streaks(order.iter().copied().filter(|g| g.difficulty == d));
        // Most first, then by name. A handful of causes, put in order as they go in: not a sort
        // routine, each of which is ~4 KB of the downloaded records module.
        let deaths = deaths
            .into_iter()
            .fold(Vec::new(), |mut v: Vec<(String, u32)>, d| {
                let at = v.partition_point(|x| x.1 > d.1 || (x.1 == d.1 && x.0 < d.0));
                v.insert(at, d);
                v
            });
        let total_score: u64 = score_over_time.iter().map(|p| u64::from(p.score)).sum();
        let average_score = (!score_over_time.is_empty()).then(|| {
            let n = score_over_time.len() as u64;
            ((total_score + n / 2) / n).min(u64::from(u32::MAX)) as u32
        });
        Statistics {
            total,
            by_difficulty,
            by_character,
            streaks: streaks(order.iter().copied()),
            streaks_by_difficulty: [
                by_d(Difficulty::Easy),
                by_d(Difficulty::Normal),
                by_d(Difficulty::Hard),
            ],
            ranks: rank_counts,
            score_over_time,
            average_score,
            deaths,
        }
    }
}

/// The best win of one character on one difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonalBest {
    pub character: String,
    pub difficulty: Difficulty,
    pub score: u32,
    pub rank: String,
    pub date: String,
    pub id: String,
}

/// The best score per character and difficulty (the earliest game wins a tie), ordered by
/// character as first met in `characters`, then by difficulty.
pub fn personal_bests(games: &[GameRecord], characters: &[String]) -> Vec<PersonalBest> {
    let mut out: Vec<PersonalBest> = Vec::new();
    for g in chronological(games) {
        let (Some(score), Some(rank)) = (g.score(), g.rank()) else {
            continue;
        };
        let slot = out
            .iter_mut()
            .find(|b| b.character == g.character && b.difficulty == g.difficulty);
        let best = PersonalBest {
            character: g.character.clone(),
            difficulty: g.difficulty,
            score,
            rank: rank.to_string(),
            date: g.date.clone(),
            id: g.id.clone(),
        };
        match slot {
            Some(b) if score > b.score => *b = best,
            Some(_) => {}
            None => out.push(best),
        }
    }
    let pos = |c: &str| {
        characters
            .iter()
            .position(|x| x == c)
            .unwrap_or(characters.len())
    };
    // Few entries: an insertion sort keeps the code small.
    let key = |b: &PersonalBest| (pos(&b.character), di(b.difficulty));
    for i in 1..out.len() {
        let mut j = i;
        while j > 0 && key(&out[j - 1]) > key(&out[j]) {
            out.swap(j - 1, j);
            j -= 1;
        }
    }
    out
}

/// The scorepad's sort orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SortKey {
    Date,
    /// Wins by score; losses after every win, deepest level first.
    Score,
    /// Easy < Normal < Hard, then date.
    Difficulty,
}

impl SortKey {
    pub const ALL: [SortKey; 3] = [SortKey::Date, SortKey::Score, SortKey::Difficulty];

    pub fn name(self) -> &'static str {
        match self {
            SortKey::Date => "Date",
            SortKey::Score => "Score",
            SortKey::Difficulty => "Difficulty",
        }
    }

    /// The lower-case key, for ids and attributes.
    pub fn key(self) -> &'static str {
        match self {
            SortKey::Date => "date",
            SortKey::Score => "score",
            SortKey::Difficulty => "difficulty",
        }
    }

    pub fn parse(s: &str) -> Option<SortKey> {
        SortKey::ALL.into_iter().find(|k| k.key() == s)
    }
}

fn result_key(g: &GameRecord) -> (u8, u32) {
    match &g.outcome {
        super::record::RecordOutcome::Victory { score, .. } => (1, *score),
        super::record::RecordOutcome::Defeat { level, .. } => (0, *level as u32),
    }
}

/// Compares two games by `key`, ascending; ties go by date, then id.
pub fn compare(key: SortKey, a: &GameRecord, b: &GameRecord) -> Ordering {
    let by_date = a.date.cmp(&b.date).then_with(|| a.id.cmp(&b.id));
    match key {
        SortKey::Date => by_date,
        SortKey::Score => result_key(a).cmp(&result_key(b)).then(by_date),
        SortKey::Difficulty => di(a.difficulty).cmp(&di(b.difficulty)).then(by_date),
    }
}

/// The games sorted by `key`, highest (latest, best, hardest) first when `descending`.
pub fn sorted(games: &[GameRecord], key: SortKey, descending: bool) -> Vec<&GameRecord> {
    sort_refs(games.iter().collect(), key, descending)
}

/// [`sorted`] of games already picked out.
pub fn sort_refs(mut v: Vec<&GameRecord>, key: SortKey, descending: bool) -> Vec<&GameRecord> {
    v.sort_by(|a, b| {
        let o = compare(key, a, b);
        if descending {
            o.reverse()
        } else {
            o
        }
    });
    v
}
