//! What a choice would do before it is made: the deterministic part of its result, for the screen
//! ("Rest: Time 7 → 5", "Wounding: Health 6 → 1", "this ends the game").
//!
//! A preview is never a second copy of a rule: [`super::game::preview`] runs the action through
//! the same executor as [`super::game::apply`], on a copy of the position, and stops trusting the
//! result at the first die roll or card reveal (the rest is chance). A window where only the
//! player's own optional responses wait (p. 12: character and skill responses are optional) does
//! not stop it: the preview is the outcome "if you use no response", passing such windows as
//! [`super::Action::Pass`] would, and each response in the window has a preview of its own. So
//! every passive, condition, wound cap and DEFEND acts on the figures through the rules' own
//! code (pp. 12, 17, 28). The figures here are read from the position at the first chance, or
//! at the end when no chance is involved. They are those of the trackers the rulebook shows
//! (p. 10, p. 20, p. 26).

use super::event::{Event, RollFor, Source};
use super::pending::{Outcome, Pending};
use super::state::State;
use crate::content::res::{Bundle, Stock};
use serde::{Deserialize, Serialize};

/// The monster's trackers in a preview.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackersAfter {
    /// Armor left.
    pub armor: u8,
    /// Health left.
    pub health: u8,
}

/// The certain part of a choice's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// Resources and effort after the choice (or when chance takes over).
    pub stock: Stock,
    /// The Time token after it.
    pub time: i8,
    /// The monster's Armor and Health after it, when a monster is on the table.
    pub monster: Option<TrackersAfter>,
    /// Conditions held after it (card indices, active or waiting).
    pub conditions: Vec<u16>,
    /// The weapon in hand after it (weapon card index).
    pub weapon: Option<u16>,
    /// The game ends at once with this outcome, whatever the dice.
    pub ends_game: Option<Outcome>,
    /// A die roll or a card reveal comes before the choice is settled: the figures above are
    /// those at that moment, and what the die or the cards bring is not in them.
    pub chance: bool,
    /// What happens for certain, in order (the events up to the first roll or reveal).
    pub events: Vec<Event>,
    /// Windows of the player's own optional responses passed on the way (the figures are those
    /// of using none of them).
    #[serde(default)]
    pub passed: u8,
    /// Costs paid in part with a higher Effort than printed (p. 10: one higher Effort pays for
    /// one lower, no change given).
    #[serde(default)]
    pub paid_up: Vec<PaidUp>,
    /// What kind of chance took over (`None` when none came): the screen says "then the
    /// monster rolls" for the monster's combat roll (p. 28), not only "chance". Only its kind:
    /// the die's face or the cards are not for the screen before they come.
    #[serde(default)]
    pub chance_at: Option<Chance>,
}

/// The kind of chance a preview stops at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// The monster's combat roll or its re-roll (p. 28).
    MonsterRoll,
    /// Another die: a card's check, the monster's pick (p. 25).
    Die,
    /// Cards turned up: encounters, skills, the monster, a reshuffle.
    Cards,
}

impl Chance {
    /// The kind of a random event ([`Event::is_random`]); `None` for a certain one.
    pub fn of(e: &Event) -> Option<Chance> {
        match e {
            Event::DieRolled {
                purpose: RollFor::Combat | RollFor::Reroll,
                ..
            } => Some(Chance::MonsterRoll),
            Event::DieRolled { .. } => Some(Chance::Die),
            e if e.is_random() => Some(Chance::Cards),
            _ => None,
        }
    }
}

/// A cost paid in part with a higher Effort than printed (p. 10): "1 Medium Effort, paid with
/// 1 Large Effort".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaidUp {
    /// What the cost was paid for.
    pub source: Source,
    /// The Effort the cost asked for.
    pub asked: Bundle,
    /// The Effort that left the sheet for it.
    pub paid: Bundle,
}

impl Preview {
    /// The preview of a position reached by the certain part of a choice.
    pub(crate) fn of(s: &State, events: Vec<Event>, chance: bool) -> Preview {
        Preview::with(s, events, chance, 0, Vec::new())
    }

    /// The preview of a position reached after passing `passed` windows, with the costs paid
    /// up on the way.
    pub(crate) fn with(
        s: &State,
        events: Vec<Event>,
        chance: bool,
        passed: u8,
        paid_up: Vec<PaidUp>,
    ) -> Preview {
        let ends_game = match (&s.pending, chance) {
            (Pending::Over(o), false) => Some(o.clone()),
            _ => None,
        };
        Preview {
            stock: s.stock,
            time: s.time,
            monster: s.monster.as_ref().map(|m| TrackersAfter {
                armor: m.armor,
                health: m.health,
            }),
            conditions: s.conditions.iter().map(|c| c.card).collect(),
            weapon: s.weapons.last().copied(),
            ends_game,
            chance,
            events,
            passed,
            paid_up,
            chance_at: None,
        }
    }

    /// Whether what chance decides next is the monster's combat roll (or its re-roll, p. 28).
    pub fn monster_rolls(&self) -> bool {
        self.chance_at == Some(Chance::MonsterRoll)
    }

    /// Whether DEFEND will make the monster ignore the weapon attack (p. 28).
    pub fn attack_ignored(&self) -> bool {
        self.events
            .iter()
            .any(|e| matches!(e, Event::AttackIgnored))
    }
}
