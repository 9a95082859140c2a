//! The reducer's coach (a child module of `reducer`, kept apart for its length): what the
//! player asked of the bot module — a hint for the position on the table, the review of a
//! replayed game — and its answers as they come back. The asking itself is an effect
//! (`ui::bot`): it watches these states and sends the bot the save of the game in the model;
//! every answer returns here as a message, so what is drawn is always the reducer's.

use super::{Model, View};
use crate::content::CardDb;
use crate::engine::{self, Game, SaveGame};
use crate::sim::bridge::Answer;
use crate::sim::{Advice, Reviewed, TurningPoint};
use std::rc::Rc;
use std::sync::Arc;

/// Decisions asked of the bot per request of a review: small enough that its progress moves
/// every few tenths of a second.
pub const REVIEW_CHUNK: usize = 8;

/// Which position a hint is for: the deal and the moves made in it.
pub type HintKey = (u64, usize);

/// The key of the position `g` is in.
pub fn hint_key(g: &Game) -> HintKey {
    (g.state().setup.seed, g.log().len())
}

/// A hint asked for the position `key`: waiting, or its answer.
#[derive(Clone, Debug, PartialEq)]
pub struct HintAsk {
    pub key: HintKey,
    /// `None` while the bot thinks; then its move, or why there is none.
    pub answer: Option<Result<Advice, String>>,
}

/// Whether this position gets a Hint (a game in play, not a replay, its end or a step of the
/// lesson, where the coach mark is the hint).
pub fn hint_offered(v: &View) -> bool {
    !v.read_only && !v.game.is_over() && v.only.is_none()
}

/// The review of a replayed game: asked chunk by chunk, its decisions so far, and the entry
/// the player opened in the replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The game reviewed (the replay's).
    pub save: Rc<SaveGame>,
    /// The level before each of its moves (for the chart's level marks), and after the last.
    pub levels: Rc<Vec<u8>>,
    /// The first move not yet asked about.
    pub next: usize,
    pub moves: Vec<Reviewed>,
    /// Why the review stopped, in words.
    pub failed: Option<String>,
    /// The reviewed move opened in the replay (its index in the save's moves).
    pub opened: Option<usize>,
    /// The game's turning point, as the bot names it with its last chunk.
    pub turning: Option<TurningPoint>,
}

impl Review {
    pub fn new(save: SaveGame, db: Arc<CardDb>) -> Review {
        let levels = Rc::new(levels_of(&save, db));
        Review {
            save: Rc::new(save),
            levels,
            next: 0,
            moves: Vec::new(),
            failed: None,
            opened: None,
            turning: None,
        }
    }

    /// The game's moves.
    pub fn total(&self) -> usize {
        self.save.actions.len()
    }

    /// Whether every chunk has been answered (or the review stopped).
    pub fn done(&self) -> bool {
        self.failed.is_some() || self.next >= self.total()
    }

    /// The next chunk to ask for, `from..to`, while the review runs.
    pub fn asking(&self) -> Option<(usize, usize)> {
        (!self.done()).then(|| (self.next, (self.next + REVIEW_CHUNK).min(self.total())))
    }

    /// The reviewed move at index `at` of the save, if it was reviewed.
    pub fn entry(&self, at: usize) -> Option<&Reviewed> {
        self.moves.iter().find(|m| m.at == at)
    }
}

/// The level before each of `save`'s moves and after the last (empty when it does not replay).
pub fn levels_of(save: &SaveGame, db: Arc<CardDb>) -> Vec<u8> {
    let Ok((mut g, _)) = Game::with_script(save.setup.clone(), db, save.script.clone()) else {
        return Vec::new();
    };
    g.set_undo(true);
    let mut out = vec![g.state().level];
    for a in &save.actions {
        if engine::apply(&mut g, *a).is_err() {
            break;
        }
        out.push(g.state().level);
    }
    out
}

impl Model {
    /// The Hint control, or the `h` key: the bot is asked about the position on the table
    /// (once: a second press while it thinks, or after it answered, changes nothing; after a
    /// failure it is asked again).
    pub(super) fn ask_hint(&mut self, before: &Model) -> Option<()> {
        let v = before.view.as_ref().filter(|v| hint_offered(v))?;
        let key = hint_key(&v.game);
        // Asked again after a failure (the bot could not be loaded): the next try may work.
        let failed = |h: &HintAsk| matches!(h.answer, Some(Err(_)));
        if before
            .hint
            .as_ref()
            .is_some_and(|h| h.key == key && !failed(h))
        {
            return None;
        }
        self.hint = Some(Rc::new(HintAsk { key, answer: None }));
        self.announce = "Asking the bot…".into();
        Some(())
    }

    /// The bot's answer for the position `key`: shown when that position is still on the
    /// table, and a hint shown is noted in the save (the game's record says it had help).
    pub(super) fn hint_answered(
        &mut self,
        before: &Model,
        key: HintKey,
        answer: Answer,
    ) -> Option<()> {
        let v = before.view.as_ref().filter(|v| hint_offered(v))?;
        let waiting = before.hint.as_ref()?;
        if waiting.key != key || hint_key(&v.game) != key || waiting.answer.is_some() {
            return None;
        }
        let answer = match answer {
            Answer::Hint(a) => Ok(a),
            Answer::Failed(e) => Err(e),
            Answer::Review { .. } => Err("the bot answered another question".into()),
        };
        self.announce = match &answer {
            Ok(a) => {
                let mut g = (*v.game).clone();
                g.note_hint();
                self.show(g);
                format!("The bot would: {}. {}", a.label, a.reason)
            }
            Err(e) => format!("No hint: {e}."),
        };
        self.hint = Some(Rc::new(HintAsk {
            key,
            answer: Some(answer),
        }));
        Some(())
    }

    /// "Review with the bot" in a replay: its game is reviewed from its first move.
    pub(super) fn ask_review(&mut self, before: &Model) -> Option<()> {
        let info = before.replay.as_ref()?;
        if before
            .review
            .as_ref()
            .is_some_and(|r| *r.save == info.save && r.failed.is_none())
        {
            return None;
        }
        self.review = Some(Rc::new(Review::new(info.save.clone(), self.db.clone())));
        self.announce = "Reviewing the game with the bot…".into();
        Some(())
    }

    /// A chunk of the review, the one asked from move `from`, answered.
    pub(super) fn review_answered(
        &mut self,
        before: &Model,
        from: usize,
        answer: Answer,
    ) -> Option<()> {
        let r = before
            .review
            .as_ref()
            .filter(|r| r.asking().is_some_and(|(f, _)| f == from))?;
        let mut r = (**r).clone();
        match answer {
            Answer::Review { moves, turning, .. } => {
                r.moves.extend(moves.into_iter().filter(|m| m.at >= from));
                r.turning = turning;
                r.next = (from + REVIEW_CHUNK).min(r.total());
                if r.done() && r.moves.is_empty() {
                    r.failed = Some("this game has no decision to review".into());
                }
            }
            Answer::Failed(e) => r.failed = Some(e),
            Answer::Hint(_) => r.failed = Some("the bot answered another question".into()),
        }
        self.announce = match (&r.failed, r.done()) {
            (Some(e), _) => format!("No review: {e}."),
            (None, true) => format!(
                "The review is ready: the bot would have played {} of {} decisions differently.",
                r.moves.iter().filter(|m| !m.same).count(),
                r.moves.len()
            ),
            // Progress is on the bar; the live region waits for the end.
            (None, false) => before.announce.clone(),
        };
        self.review = Some(Rc::new(r));
        Some(())
    }

    /// Opens a reviewed decision in the replay: the position before that move, where it is
    /// decided.
    pub(super) fn open_reviewed(&mut self, before: &Model, at: usize) -> Option<()> {
        let r = before.review.as_ref()?;
        let m = r.entry(at)?;
        let text = format!(
            "Before move {} of {}: you played {}; the bot would play {}.",
            at + 1,
            r.total(),
            m.played,
            m.bot
        );
        let mut r = (**r).clone();
        r.opened = Some(at);
        self.review = Some(Rc::new(r));
        self.announce = text;
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Model, Msg};
    use super::*;
    use crate::engine::{Action, Difficulty, Setup};
    use crate::sim::bridge::Answer;

    fn db() -> Arc<CardDb> {
        Arc::new(CardDb::builtin().expect("the built-in box loads"))
    }

    fn started() -> Model {
        let setup = Setup {
            seed: 7,
            character: "hunter".into(),
            side: 0,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        Model::new(db(), None)
            .reduce(Msg::Start(setup))
            .expect("a game starts")
    }

    /// A game of 60 moves played by the smart bot, as saved.
    fn played() -> SaveGame {
        let mut m = started();
        let mut g = (*m.view.take().unwrap().game).clone();
        let mut bot = crate::sim::SmartBot::new();
        for _ in 0..60 {
            crate::sim::play_step(&mut g, &mut bot);
        }
        g.save()
    }

    fn advice(label: &str) -> Answer {
        Answer::Hint(Advice {
            action: Action::Explore,
            label: label.into(),
            reason: "Because.".into(),
        })
    }

    fn reviewed(at: usize, before: f64, same: bool) -> Reviewed {
        Reviewed {
            at,
            played: format!("move {at}"),
            bot: if same {
                format!("move {at}")
            } else {
                "Explore".into()
            },
            same,
            before,
            after_played: before,
            after_bot: before + 0.1,
            level: 1,
            why: None,
            bot_then: None,
        }
    }

    #[test]
    fn a_hint_is_asked_once_shown_for_its_position_only_and_noted_in_the_save() {
        let m = started();
        let key = hint_key(&m.view.as_ref().unwrap().game);
        let asked = m.reduce(Msg::AskHint).expect("a hint is asked");
        assert_eq!(
            asked.hint.as_deref().map(|h| (h.key, h.answer.is_none())),
            Some((key, true))
        );
        // A second press while the bot thinks changes nothing.
        assert!(asked.reduce(Msg::AskHint).is_none());
        // An answer for another position is dropped.
        let other = (key.0, key.1 + 1);
        assert!(asked
            .reduce(Msg::HintAnswered {
                key: other,
                answer: advice("x")
            })
            .is_none());
        let shown = asked
            .reduce(Msg::HintAnswered {
                key,
                answer: advice("Explore"),
            })
            .expect("the answer is shown");
        let h = shown.hint.as_deref().unwrap();
        assert_eq!(
            h.answer.as_ref().unwrap().as_ref().unwrap().label,
            "Explore"
        );
        assert_eq!(shown.view.as_ref().unwrap().game.hints(), 1);
        assert!(
            shown.announce.starts_with("The bot would: Explore."),
            "{}",
            shown.announce
        );
        // The next move drops it.
        let v = shown.view.as_ref().unwrap();
        let a = *v
            .candidates()
            .iter()
            .find(|a| v.status(a).is_ok() && **a != Action::Undo)
            .unwrap();
        let moved = shown.reduce(Msg::Act(a)).unwrap();
        assert!(moved.hint.is_none());
    }

    #[test]
    fn a_failed_hint_says_why_and_counts_nothing() {
        let m = started();
        let key = hint_key(&m.view.as_ref().unwrap().game);
        let m = m.reduce(Msg::AskHint).unwrap();
        let m = m
            .reduce(Msg::HintAnswered {
                key,
                answer: Answer::Failed("the bot could not be loaded".into()),
            })
            .unwrap();
        assert!(
            matches!(&m.hint.as_deref().unwrap().answer, Some(Err(e)) if e.contains("could not be loaded"))
        );
        assert_eq!(m.view.as_ref().unwrap().game.hints(), 0);
        assert!(m.announce.starts_with("No hint:"), "{}", m.announce);
        // Asked again, the bot is tried again.
        let again = m.reduce(Msg::AskHint).expect("asked again");
        assert_eq!(
            again.hint.as_deref().map(|h| h.answer.is_none()),
            Some(true)
        );
    }

    #[test]
    fn a_review_runs_chunk_by_chunk_and_opens_the_position_before_a_move() {
        let save = played();
        let total = save.actions.len();
        assert!(total > 40, "{total} moves");
        let m = Model::new(db(), None)
            .reduce(Msg::Replay(Box::new(save)))
            .unwrap();
        // Hints are not offered in a replay.
        assert!(m.reduce(Msg::AskHint).is_none());
        let mut m = m.reduce(Msg::AskReview).unwrap();
        assert_eq!(m.review.as_ref().unwrap().levels.len(), total + 1);
        assert_eq!(m.review.as_ref().unwrap().levels[0], 1);
        let mut from = 0;
        while let Some((f, to)) = m.review.as_ref().unwrap().asking() {
            assert_eq!((f, to), (from, (from + REVIEW_CHUNK).min(total)));
            // An answer to a chunk not asked is dropped.
            assert!(m
                .reduce(Msg::ReviewAnswered {
                    from: f + 1,
                    answer: Answer::Review {
                        total,
                        moves: vec![],
                        turning: None,
                    }
                })
                .is_none());
            let moves = (f..to).map(|at| reviewed(at, 0.5, at % 3 != 0)).collect();
            // The bot names the turning point with the last chunk; the reducer keeps it as told.
            let turning = (to == total).then(|| TurningPoint {
                at: 5,
                from: 0.5,
                to: 0.25,
                text: "The turning point was move 6.".into(),
            });
            m = m
                .reduce(Msg::ReviewAnswered {
                    from: f,
                    answer: Answer::Review {
                        total,
                        moves,
                        turning,
                    },
                })
                .unwrap();
            from = to;
        }
        let r = m.review.clone().unwrap();
        assert!(r.done() && r.failed.is_none());
        assert_eq!(r.moves.len(), total);
        assert_eq!(r.turning.as_ref().map(|t| t.at), Some(5));
        assert!(
            m.announce.starts_with("The review is ready"),
            "{}",
            m.announce
        );
        // "Move 37" opens the position before move 37 (36 moves made), and says so.
        let m = m.reduce(Msg::OpenReviewed(36)).unwrap();
        assert_eq!(m.replay.as_ref().unwrap().step, 36);
        assert_eq!(m.review.as_ref().unwrap().opened, Some(36));
        assert!(
            m.announce
                .starts_with(&format!("Before move 37 of {total}:")),
            "{}",
            m.announce
        );
        // A step of the replay is no longer that position; the review stays.
        let m = m.reduce(Msg::ReplayTo(37)).unwrap();
        assert_eq!(m.review.as_ref().unwrap().opened, None);
        assert!(m.review.as_ref().unwrap().done());
        // Closing the replay ends the review.
        assert!(m.reduce(Msg::CloseReplay).unwrap().review.is_none());
    }

    #[test]
    fn a_failed_review_says_why_and_can_be_asked_again() {
        let save = played();
        let m = Model::new(db(), None)
            .reduce(Msg::Replay(Box::new(save)))
            .unwrap();
        let m = m.reduce(Msg::AskReview).unwrap();
        assert!(
            m.reduce(Msg::AskReview).is_none(),
            "asked twice while it runs"
        );
        let m = m
            .reduce(Msg::ReviewAnswered {
                from: 0,
                answer: Answer::Failed("offline".into()),
            })
            .unwrap();
        assert_eq!(
            m.review.as_ref().unwrap().failed.as_deref(),
            Some("offline")
        );
        assert!(m.review.as_ref().unwrap().asking().is_none());
        let m = m.reduce(Msg::AskReview).expect("asked again");
        assert_eq!(m.review.as_ref().unwrap().asking(), Some((0, REVIEW_CHUNK)));
    }
}
