//! What the reducer hands the components: a move's log lines ([`LogGroup`]) and a game position
//! with the actions its step offers ([`View`]), compared by revision so a component re-renders
//! only when the game changed.

use super::*;

/// The log lines of one decision: what the player did, then what happened.
#[derive(Debug, PartialEq)]
pub struct LogGroup {
    /// Numbered from 1 (0 is the setup).
    pub n: usize,
    pub head: String,
    pub lines: Vec<String>,
    /// One mark per line: where a cause opens, which lines are headline outcomes.
    pub marks: Vec<LineMark>,
}

impl LogGroup {
    /// The lines in causes (see [`LineMark`]): each cause's lines, each with whether it is a
    /// headline outcome.
    pub fn causes(&self) -> Vec<Vec<(&str, bool)>> {
        let mut out: Vec<Vec<(&str, bool)>> = Vec::new();
        for (i, l) in self.lines.iter().enumerate() {
            let m = self.marks.get(i).copied().unwrap_or_default();
            match out.last_mut() {
                Some(c) if !m.opens => c.push((l, m.headline)),
                _ => out.push(vec![(l, m.headline)]),
            }
        }
        out
    }
}

/// A game position as the components see it: the game plus the actions the current step offers.
/// Compared by revision, so a component re-renders only when the game changed.
#[derive(Clone)]
pub struct View {
    pub game: Rc<Game>,
    pub rev: u64,
    pub(super) candidates: Rc<Vec<Action>>,
    /// A replay: the board is shown, nothing can be done on it.
    pub read_only: bool,
    /// The guided first game's move for this step: the only one offered (`crate::learn`).
    pub only: Option<Action>,
    /// The decision's choices in the order drawn (`crate::ui::choices`), found once per position.
    pub(super) choices: Rc<std::cell::OnceCell<Vec<Action>>>,
}

impl PartialEq for View {
    fn eq(&self, other: &Self) -> bool {
        self.rev == other.rev && Rc::ptr_eq(&self.game, &other.game)
    }
}

impl View {
    pub fn new(game: Rc<Game>, rev: u64) -> View {
        let candidates = Rc::new(engine::candidate_actions(&game));
        let only = crate::learn::step_of(&game).map(|(_, s)| s.play);
        View {
            game,
            rev,
            candidates,
            read_only: false,
            only,
            choices: Rc::default(),
        }
    }

    pub fn db(&self) -> &CardDb {
        self.game.db()
    }

    pub fn s(&self) -> &engine::State {
        self.game.state()
    }

    /// Whether `a` can be taken now: `Ok` exactly when the step offers it and the rules accept
    /// it; otherwise the rule's reason, in the engine's words.
    pub fn status(&self, a: &Action) -> Result<(), String> {
        if self.read_only {
            return Err("this is a replay: use its controls to step through the game".into());
        }
        if self.only.is_some_and(|o| o != *a) {
            return Err("the lesson asks for the highlighted move".into());
        }
        match engine::check(&self.game, a) {
            Ok(()) if self.candidates.contains(a) => Ok(()),
            Ok(()) => Err("not offered at this step".into()),
            Err(e) => Err(e.to_string()),
        }
    }

    pub fn candidates(&self) -> &[Action] {
        &self.candidates
    }

    /// The decision's choices the rules allow now, numbered from 1 in this order (the digit
    /// keys take them; see `crate::ui::choices`).
    pub fn choices(&self) -> &[Action] {
        self.choices
            .get_or_init(|| crate::ui::choices::order(&self.candidates, |a| self.status(a).is_ok()))
    }

    /// The number a choice carries (1 first), if it is one of [`View::choices`].
    pub fn choice_number(&self, a: &Action) -> Option<usize> {
        self.choices().iter().position(|c| c == a).map(|i| i + 1)
    }

    /// The engine's label for an action in this position.
    pub fn label(&self, a: &Action) -> String {
        words::action(self.db(), self.s(), a)
    }
}
