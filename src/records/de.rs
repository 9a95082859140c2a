//! The checks a record's fields get when read with serde: the derives
//! in [`super::record`] and [`super`] name these functions, so a file a player picked is refused
//! with a message naming what is wrong (`unknown difficulty `harder``, `` `side` must be 0 or
//! 1``), values are range-checked (a forged score or level never reaches the views), and a
//! missing or null figure reads as 0, as the records' first readers did.

use crate::content::cards::LAST_LEVEL;
use crate::engine::Difficulty;
use serde::de::Error;
use serde::{Deserialize, Deserializer};

/// The highest score a record may hold. The box's points give under 200; this leaves room for
/// any retuning while refusing forged values (a score of 2³¹ once wrapped the score chart).
pub const MAX_SCORE: u32 = 10_000;

/// Null or a value; null reads as the type's default.
pub fn or_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// Text that is not blank.
pub fn nonempty<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    if s.trim().is_empty() {
        return Err(D::Error::custom("a field must not be empty"));
    }
    Ok(s)
}

/// An art side: 0 or 1 (null: 0).
pub fn side<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    match Option::<i64>::deserialize(d).map_err(|_| D::Error::custom("`side` must be 0 or 1"))? {
        None => Ok(0),
        Some(n @ 0..=1) => Ok(n as u8),
        Some(_) => Err(D::Error::custom("`side` must be 0 or 1")),
    }
}

/// A level: 0 (unknown) to the last level (null: 0).
pub fn level<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n: u8 = or_default(d)?;
    if n > LAST_LEVEL {
        return Err(D::Error::custom(format!(
            "a level runs from 1 to {LAST_LEVEL}, not {n}"
        )));
    }
    Ok(n)
}

/// Levels 1 to the last (null: none).
pub fn levels<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let v: Vec<u8> = or_default(d)?;
    if let Some(n) = v.iter().find(|n| !(1..=LAST_LEVEL).contains(n)) {
        return Err(D::Error::custom(format!(
            "a level runs from 1 to {LAST_LEVEL}, not {n}"
        )));
    }
    Ok(v)
}

/// A score: 0 to [`MAX_SCORE`].
pub fn score<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = u32::deserialize(d)?;
    if n > MAX_SCORE {
        return Err(D::Error::custom(format!(
            "a score runs from 0 to {MAX_SCORE}, not {n}"
        )));
    }
    Ok(n)
}

/// A difficulty by its stored name: `easy`, `normal`, `hard`.
pub mod difficulty {
    use super::*;

    pub fn key(d: Difficulty) -> &'static str {
        match d {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    pub fn serialize<S: serde::Serializer>(d: &Difficulty, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(key(*d))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Difficulty, D::Error> {
        let s = String::deserialize(d)?;
        Difficulty::ALL
            .into_iter()
            .find(|x| key(*x) == s)
            .ok_or_else(|| D::Error::custom(format!("unknown difficulty `{s}`")))
    }
}

/// serde_json's message without its " at line 1 column 80" (an item's place is told by the
/// caller: "game 3 (id …)").
pub fn reason(e: serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) if e.line() > 0 => s.get(..i).unwrap_or(&s).to_string(),
        _ => s,
    }
}

/// Where and why a whole text is not JSON: "line 1, column 2: key must be a string".
pub fn syntax(e: serde_json::Error) -> String {
    format!("line {}, column {}: {}", e.line(), e.column(), reason(e))
}
