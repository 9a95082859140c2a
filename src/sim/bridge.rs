//! What crosses between the app and the bot module.
//!
//! The smart bot is not in the app's own WebAssembly module: it is a module of its own
//! (`unbroken-bot`, src/bin/unbroken-bot/), loaded on the first hint or review and run in a
//! worker so the table stays responsive while it thinks. The two share no memory; a
//! [`Request`] crosses to the module's one export as postcard bytes and an [`Answer`] comes
//! back the same way. Not JSON text: the bot reads nothing else as JSON, and postcard's
//! reader is a fraction of serde_json's (whose number parsing alone brings the float
//! formatting machinery), so the bot module ships no JSON code at all. Postcard reads fields by
//! position: nothing here is left out when empty (`skip_serializing_if`), and the save crosses
//! in a form of its own (`save_wire`) that writes every field.
//! The answers carry the bot's own [`Advice`] and [`Reviewed`] as they are, so whatever they
//! come to hold reaches the app with no second copy of their fields here.
//!
//! [`answer`] is the module's whole work, kept here so it is tested natively: the module only
//! keeps the bot's model of the box between calls.

use super::{hint, review, turning_point, victory, Advice, Brain, Reviewed, TurningPoint};
use crate::engine::{Game, SaveGame};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A call from the app to the bot module: every one there is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// The bot's move for the position the save reaches ([`Answer::Hint`]).
    Hint {
        #[serde(with = "save_wire")]
        save: SaveGame,
    },
    /// The save's decisions `from..to` reviewed ([`Answer::Review`]): asked in chunks, so the
    /// app can show its progress. The last chunk (`to` the save's length) carries the
    /// decisions reviewed `earlier`, so its answer can name the game's turning point.
    Review {
        #[serde(with = "save_wire")]
        save: SaveGame,
        from: usize,
        to: usize,
        earlier: Vec<Reviewed>,
    },
}

/// An answer of the bot module.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Hint(Advice),
    /// The decisions reviewed in the chunk asked for, of a game of `total` moves; with the
    /// last chunk, the game's turning point ([`turning_point`]) over all its decisions.
    Review {
        total: usize,
        moves: Vec<Reviewed>,
        turning: Option<TurningPoint>,
    },
    /// The request failed: why, in words, for the player.
    Failed(String),
}

/// A save as it crosses: every field written, in order (the save's own JSON leaves out a hint
/// count of 0, which a reader by position cannot tell).
mod save_wire {
    use crate::engine::{Action, SaveGame, Setup};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize)]
    struct Out<'a> {
        version: u32,
        fingerprint: u64,
        setup: &'a Setup,
        script: &'a [u8],
        actions: &'a [Action],
        hints: u32,
    }

    #[derive(Deserialize)]
    struct In {
        version: u32,
        fingerprint: u64,
        setup: Setup,
        script: Vec<u8>,
        actions: Vec<Action>,
        hints: u32,
    }

    pub fn serialize<S: Serializer>(s: &SaveGame, ser: S) -> Result<S::Ok, S::Error> {
        Out {
            version: s.version,
            fingerprint: s.fingerprint,
            setup: &s.setup,
            script: &s.script,
            actions: &s.actions,
            hints: s.hints,
        }
        .serialize(ser)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SaveGame, D::Error> {
        let w = In::deserialize(d)?;
        Ok(SaveGame {
            version: w.version,
            fingerprint: w.fingerprint,
            setup: w.setup,
            script: w.script,
            actions: w.actions,
            hints: w.hints,
        })
    }
}

impl Request {
    /// The request as postcard bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        // A save is numbers and plain enums: it always writes.
        postcard::to_allocvec(self).unwrap_or_default()
    }
}

impl Answer {
    /// Reads an answer; one that cannot be read is a failure that says so.
    pub fn from_bytes(bytes: &[u8]) -> Answer {
        postcard::from_bytes(bytes)
            .unwrap_or_else(|_| Answer::Failed("the bot's answer could not be read".into()))
    }

    /// The answer as postcard bytes (texts and numbers: it always writes; were it not to, the
    /// app would read no answer and say so).
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_allocvec(self).unwrap_or_default()
    }
}

/// The bot module's answer to `request` (postcard bytes, as it crossed), with `brain`, the
/// bot's model of the box, built once by the module and kept.
pub fn answer(brain: &Arc<Brain>, request: &[u8]) -> Answer {
    let request: Request = match postcard::from_bytes(request) {
        Ok(r) => r,
        Err(_) => return Answer::Failed("the bot could not read the question".into()),
    };
    match request {
        Request::Hint { save } => match Game::load(&save, brain.db.clone()) {
            Ok(g) => match hint(brain, &g) {
                Some(a) => Answer::Hint(a),
                None => Answer::Failed("the game is over: there is nothing to decide".into()),
            },
            Err(e) => Answer::Failed(format!("this game could not be read: {e}")),
        },
        Request::Review {
            save,
            from,
            to,
            earlier,
        } => match review(brain, &save, from, to) {
            Ok(moves) => {
                let total = save.actions.len();
                let turning = (to >= total)
                    .then(|| {
                        let all: Vec<Reviewed> = earlier
                            .into_iter()
                            .filter(|m| m.at < from)
                            .chain(moves.iter().cloned())
                            .collect();
                        turning_point(&all, victory(&save, brain.db.clone()))
                    })
                    .flatten();
                Answer::Review {
                    total,
                    moves,
                    turning,
                }
            }
            Err(e) => Answer::Failed(e),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::CardDb;
    use crate::engine::Action;

    /// A game of `moves` moves played by the smart bot (seed 7, Hunter), as saved.
    fn played(db: &Arc<CardDb>, moves: usize) -> SaveGame {
        let setup = crate::engine::Setup {
            seed: 7,
            character: "hunter".into(),
            side: 0,
            difficulty: crate::engine::Difficulty::Normal,
            easy_toggle: false,
        };
        let (mut g, _) = Game::new(setup, db.clone()).expect("the deal starts");
        let mut bot = crate::sim::SmartBot::new();
        for _ in 0..moves {
            crate::sim::play_step(&mut g, &mut bot);
        }
        g.save()
    }

    #[test]
    fn requests_and_answers_round_trip_and_a_bad_answer_is_a_failure() {
        let db = Arc::new(CardDb::builtin().unwrap());
        let save = played(&db, 30);
        let requests = [
            Request::Hint { save: save.clone() },
            Request::Review {
                save: save.clone(),
                from: 8,
                to: 16,
                earlier: Vec::new(),
            },
            Request::Review {
                save,
                from: 24,
                to: 30,
                earlier: vec![Reviewed {
                    at: 3,
                    played: "Explore".into(),
                    bot: "Explore".into(),
                    same: true,
                    before: 0.5,
                    after_played: 0.5,
                    after_bot: 0.5,
                    level: 1,
                    why: None,
                    bot_then: None,
                }],
            },
        ];
        for r in requests {
            assert_eq!(postcard::from_bytes::<Request>(&r.to_bytes()).unwrap(), r);
        }
        let answers = [
            Answer::Hint(Advice {
                action: Action::Explore,
                label: "Explore".into(),
                reason: "It is the only move.".into(),
            }),
            Answer::Review {
                total: 93,
                moves: vec![Reviewed {
                    at: 76,
                    played: "Rest".into(),
                    bot: "Explore".into(),
                    same: false,
                    before: 0.5,
                    after_played: 0.25,
                    after_bot: 0.625,
                    level: 3,
                    why: Some("It keeps the Food for the Hunger ahead.".into()),
                    bot_then: Some("Rest".into()),
                }],
                turning: Some(TurningPoint {
                    at: 76,
                    from: 0.5,
                    to: 0.25,
                    text: "The turning point was move 77.".into(),
                }),
            },
            Answer::Failed("why".into()),
        ];
        for a in answers {
            assert_eq!(Answer::from_bytes(&a.to_bytes()), a);
        }
        // An answer that cannot be read is a failure in words, never a default.
        match Answer::from_bytes(&[0, 7]) {
            Answer::Failed(e) => assert!(e.contains("could not be read"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_module_answers_what_the_bot_says_and_fails_in_words() {
        let db = Arc::new(CardDb::builtin().unwrap());
        let brain = Arc::new(Brain::new(db.clone()));
        let mut save = played(&db, 20);
        let g = Game::load(&save, db).unwrap();
        let asked = Request::Hint { save: save.clone() }.to_bytes();
        match answer(&brain, &asked) {
            Answer::Hint(a) => assert_eq!(Some(a), hint(&brain, &g)),
            other => panic!("{other:?}"),
        }
        let asked = Request::Review {
            save: save.clone(),
            from: 4,
            to: 12,
            earlier: Vec::new(),
        }
        .to_bytes();
        match answer(&brain, &asked) {
            Answer::Review {
                total,
                moves,
                turning,
            } => {
                assert_eq!(total, 20);
                assert_eq!(moves, review(&brain, &save, 4, 12).unwrap());
                assert!(moves.iter().all(|m| (4..12).contains(&m.at)));
                assert_eq!(turning, None, "named with the last chunk only");
            }
            other => panic!("{other:?}"),
        }
        // The last chunk, given the decisions reviewed before it, names the turning point of
        // the whole game: the sim's own, word for word.
        let all = review(&brain, &save, 0, 20).unwrap();
        let asked = Request::Review {
            save: save.clone(),
            from: 16,
            to: 20,
            earlier: all.iter().filter(|m| m.at < 16).cloned().collect(),
        };
        match answer(&brain, &asked.to_bytes()) {
            Answer::Review { turning, .. } => {
                assert_eq!(turning, turning_point(&all, None));
                assert!(
                    turning.is_some(),
                    "a bot's game of 20 moves never loses ground"
                );
            }
            other => panic!("{other:?}"),
        }
        // Nothing, a hint without its save, a request of no known kind.
        for bad in [&[][..], &[0][..], &[9, 1, 2][..]] {
            match answer(&brain, bad) {
                Answer::Failed(e) => assert!(e.contains("could not read"), "{e}"),
                other => panic!("{other:?}"),
            }
        }
        // A save that does not replay is told, not answered with a made-up move.
        save.actions.insert(0, Action::Trick);
        match answer(&brain, &Request::Hint { save }.to_bytes()) {
            Answer::Failed(e) => assert!(e.contains("could not be read"), "{e}"),
            other => panic!("{other:?}"),
        }
    }
}
