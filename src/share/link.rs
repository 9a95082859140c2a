//! Deal links: a URL query that starts one exact deal (seed, character, side, difficulty) for
//! anyone who opens it. The format (documented in README.md):
//!
//! `?v=1&seed=<u64>&character=<id>&side=<0|1>&difficulty=<easy|normal|hard>[&easy15=1]`
//!
//! or, for the daily challenge, `?daily=YYYY-MM-DD`. Parsing never panics: a malformed or
//! tampered link comes back as a [`LinkError`] naming the field, so the UI can explain it and
//! offer a normal new game.

use crate::content::cards::Character;
use crate::engine::{Difficulty, Setup};
use std::fmt;

/// The link format version written by [`deal_query`].
pub const LINK_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// A field is missing.
    Missing(&'static str),
    /// A field has a value the game does not know.
    Bad { field: &'static str, value: String },
    /// A link from a newer version of the game.
    TooNew(u32),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Missing(field) => write!(f, "the deal link has no `{field}`"),
            LinkError::Bad { field, value } => {
                write!(
                    f,
                    "the deal link's `{field}` is not valid: “{}”",
                    quote(value)
                )
            }
            LinkError::TooNew(v) => write!(
                f,
                "the deal link is from a newer version of the game (format {v})"
            ),
        }
    }
}

impl std::error::Error for LinkError {}

/// The most of a bad value a message quotes: enough to recognise it, never a wall of text (a
/// forged link can carry 100 KB in one field, and the message lands in an alert).
const QUOTE_CHARS: usize = 40;

/// `value`, cut to [`QUOTE_CHARS`] characters with "…" when it is longer.
fn quote(value: &str) -> String {
    match value.char_indices().nth(QUOTE_CHARS) {
        Some((at, _)) => format!("{}…", &value[..at]),
        None => value.to_string(),
    }
}

/// What a link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkRequest {
    /// A shared deal.
    Deal(Setup),
    /// The daily challenge of this UTC date (`YYYY-MM-DD`).
    Daily(String),
}

/// Decodes `%xx` and `+` in a query value.
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The query's pairs, decoded (a leading `?` or `#` is ignored).
fn pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches(['?', '#'])
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (decode(k), decode(v)),
            None => (decode(p), String::new()),
        })
        .collect()
}

fn get<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Whether a `YYYY-MM-DD` date is well formed (and a real day).
pub fn valid_date(s: &str) -> bool {
    super::daily::days_from_date(s).is_some()
}

/// Reads a link's query against the box's characters (all a link names of the box; the title
/// screen's own module holds them and nothing else of it). `Ok(None)`: the link asks for
/// nothing (an ordinary visit).
pub fn parse(query: &str, characters: &[Character]) -> Result<Option<LinkRequest>, LinkError> {
    let p = pairs(query);
    if let Some(d) = get(&p, "daily") {
        if !valid_date(d) {
            return Err(LinkError::Bad {
                field: "daily",
                value: d.to_string(),
            });
        }
        return Ok(Some(LinkRequest::Daily(d.to_string())));
    }
    let deal_keys = ["seed", "character", "side", "difficulty", "v"];
    if !deal_keys.iter().any(|k| get(&p, k).is_some()) {
        return Ok(None);
    }
    let version = match get(&p, "v") {
        None => return Err(LinkError::Missing("v")),
        Some(v) => v.parse::<u32>().map_err(|_| LinkError::Bad {
            field: "v",
            value: v.to_string(),
        })?,
    };
    if version > LINK_VERSION {
        return Err(LinkError::TooNew(version));
    }
    let seed_s = get(&p, "seed").ok_or(LinkError::Missing("seed"))?;
    let seed = seed_s.parse::<u64>().map_err(|_| LinkError::Bad {
        field: "seed",
        value: seed_s.to_string(),
    })?;
    let character = get(&p, "character").ok_or(LinkError::Missing("character"))?;
    if !characters.iter().any(|c| c.id == character) {
        return Err(LinkError::Bad {
            field: "character",
            value: character.to_string(),
        });
    }
    let side_s = get(&p, "side").ok_or(LinkError::Missing("side"))?;
    let side = match side_s {
        "0" => 0,
        "1" => 1,
        _ => {
            return Err(LinkError::Bad {
                field: "side",
                value: side_s.to_string(),
            })
        }
    };
    let diff_s = get(&p, "difficulty").ok_or(LinkError::Missing("difficulty"))?;
    let difficulty = Difficulty::parse(diff_s).ok_or_else(|| LinkError::Bad {
        field: "difficulty",
        value: diff_s.to_string(),
    })?;
    let easy_toggle = match get(&p, "easy15") {
        None | Some("0") => false,
        Some("1") if difficulty == Difficulty::Easy => true,
        Some(v) => {
            return Err(LinkError::Bad {
                field: "easy15",
                value: v.to_string(),
            })
        }
    };
    Ok(Some(LinkRequest::Deal(Setup {
        seed,
        character: character.to_string(),
        side,
        difficulty,
        easy_toggle,
    })))
}

/// The query of a deal link for this setup.
pub fn deal_query(s: &Setup) -> String {
    let mut q = format!(
        "?v={LINK_VERSION}&seed={}&character={}&side={}&difficulty={}",
        s.seed,
        s.character,
        s.side,
        s.difficulty.name().to_ascii_lowercase()
    );
    if s.easy_toggle && s.difficulty == Difficulty::Easy {
        q.push_str("&easy15=1");
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::CardDb;

    fn db() -> CardDb {
        CardDb::builtin().expect("content")
    }

    /// A 100 KB value is quoted by its first 40 characters, never echoed whole (a message stays readable).
    #[test]
    fn a_huge_bad_value_is_quoted_short() {
        let huge = "é".repeat(100_000);
        let q = format!("?v=1&seed={huge}&character=sage&side=0&difficulty=normal");
        let msg = parse(&q, &db().characters)
            .expect_err("not a seed")
            .to_string();
        assert_eq!(
            msg,
            format!("the deal link's `seed` is not valid: “{}…”", "é".repeat(40))
        );
        let short = parse(
            "?v=1&seed=12x&character=sage&side=0&difficulty=normal",
            &db().characters,
        );
        assert_eq!(
            short.expect_err("not a seed").to_string(),
            "the deal link's `seed` is not valid: “12x”"
        );
    }

    #[test]
    fn round_trip() {
        let s = Setup {
            seed: 18_446_744_073_709_551_615,
            character: "hunter".into(),
            side: 1,
            difficulty: Difficulty::Easy,
            easy_toggle: true,
        };
        let q = deal_query(&s);
        assert_eq!(parse(&q, &db().characters), Ok(Some(LinkRequest::Deal(s))));
    }

    #[test]
    fn ordinary_visit_asks_nothing() {
        assert_eq!(parse("", &db().characters), Ok(None));
        assert_eq!(parse("?utm=x", &db().characters), Ok(None));
    }

    #[test]
    fn malformed_links_name_the_field() {
        let d = db();
        let cases = [
            (
                "?v=1&seed=abc&character=sage&side=0&difficulty=hard",
                "seed",
            ),
            (
                "?v=1&seed=1&character=wizard&side=0&difficulty=hard",
                "character",
            ),
            ("?v=1&seed=1&character=sage&side=2&difficulty=hard", "side"),
            (
                "?v=1&seed=1&character=sage&side=0&difficulty=brutal",
                "difficulty",
            ),
            (
                "?v=1&seed=1&character=sage&side=0&difficulty=hard&easy15=1",
                "easy15",
            ),
            ("?v=x&seed=1&character=sage&side=0&difficulty=hard", "v"),
            ("?daily=2026-02-30", "daily"),
        ];
        for (q, field) in cases {
            match parse(q, &d.characters) {
                Err(LinkError::Bad { field: f, .. }) => assert_eq!(f, field, "{q}"),
                other => panic!("{q}: {other:?}"),
            }
        }
        assert_eq!(
            parse("?v=1&character=sage&side=0&difficulty=hard", &d.characters),
            Err(LinkError::Missing("seed"))
        );
        assert_eq!(
            parse(
                "?v=9&seed=1&character=sage&side=0&difficulty=hard",
                &d.characters
            ),
            Err(LinkError::TooNew(9))
        );
        assert_eq!(
            parse("?seed=1", &d.characters),
            Err(LinkError::Missing("v"))
        );
    }

    #[test]
    fn decoding_never_panics() {
        for q in ["?%", "?%4", "?a=%zz", "?=&&=", "?seed=%31", "?daily=%"] {
            let _ = parse(q, &db().characters);
        }
        assert_eq!(decode("%31%32+x"), "12 x");
    }

    #[test]
    fn daily_link() {
        assert_eq!(
            parse("?daily=2026-11-21", &db().characters),
            Ok(Some(LinkRequest::Daily("2026-11-21".into())))
        );
    }
}
