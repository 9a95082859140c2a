//! Replays: any recorded game (setup + action log) stepped through move by move.

use crate::content::CardDb;
use crate::engine::{apply, text, Action, Game, LoadError, SaveGame, State};
use std::sync::Arc;

/// Every position of a game, from the first decision to the last.
pub struct Replay {
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<State>,
    moves: Vec<Action>,
    /// The log lines each move produced.
    lines: Vec<Vec<String>>,
    db: Arc<CardDb>,
}

impl Replay {
    /// Replays a save through the rules; an illegal move is reported, never skipped.
    pub fn new(save: &SaveGame, db: Arc<CardDb>) -> Result<Replay, LoadError> {
        let start = SaveGame {
            actions: Vec::new(),
            ..save.clone()
        };
        let mut g = Game::load(&start, db.clone())?;
        g.set_undo(true);
        let mut positions = vec![g.state().clone()];
        let mut lines = Vec::new();
        for (at, a) in save.actions.iter().enumerate() {
            let events =
                apply(&mut g, *a).map_err(|error| LoadError::IllegalAction { at, error })?;
            lines.push(
                events
                    .iter()
                    .filter_map(|e| text::event(&db, g.state(), e))
                    .collect(),
            );
            positions.push(g.state().clone());
        }
        Ok(Replay {
            positions,
            moves: save.actions.clone(),
            lines,
            db,
        })
    }

    /// Number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position after `step` moves (clamped).
    pub fn position(&self, step: usize) -> &State {
        let i = step.min(self.positions.len() - 1);
        &self.positions[i]
    }

    /// The move that led to `step` (1-based), in words, with what it caused.
    pub fn describe(&self, step: usize) -> Option<(String, &[String])> {
        let i = step.checked_sub(1)?;
        let a = self.moves.get(i)?;
        let before = &self.positions[i];
        Some((text::action(&self.db, before, a), self.lines[i].as_slice()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Difficulty, Setup};
    use crate::sim::{play_out, RandomBot};

    #[test]
    fn replay_reaches_the_recorded_end() {
        let db = Arc::new(CardDb::builtin().expect("content"));
        let setup = Setup {
            seed: 99,
            character: "brawler".into(),
            side: 1,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        let (mut g, _) = Game::new(setup, db.clone()).expect("setup");
        play_out(&mut g, &mut RandomBot::new(3), 400);
        let r = Replay::new(&g.save(), db).expect("replays");
        assert_eq!(r.len(), g.log().len());
        assert_eq!(r.position(r.len()), g.state());
        assert_eq!(r.position(usize::MAX), g.state());
        assert!(r.describe(1).is_some());
        assert!(r.describe(0).is_none());
    }
}
