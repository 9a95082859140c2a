//! The Travel Phase (pp. 20–23): the Preparation Step's Scout, the Decision (explore or face the
//! monster, p. 21), Exploration (reveal encounter cards, resolve one or rest on it, p. 22–23) and
//! the loss of its Time, with the ambush when Time runs out.

use super::{afford, not_now};
use crate::content::cards::{Passive, Trigger};
use crate::content::CardDb;
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::error::RuleError;
use crate::engine::event::{Deck, Event, Source};
use crate::engine::flow::Task;
use crate::engine::pending::Pending;
use crate::engine::rng::shuffle;
use crate::engine::runner::Ctx;
use crate::engine::state::{State, Step};

/// No revealed card can be resolved and resting is forbidden: the player still chooses a card and
/// gains nothing from it, losing its Time (p. 23: "or were forced to do nothing").
fn forced_to_do_nothing(s: &State, db: &CardDb, revealed: &[u16]) -> bool {
    let can_rest = !derived::has_passive(s, db, &Passive::NoRest);
    !can_rest
        && revealed
            .iter()
            .filter_map(|c| db.encounter(*c))
            .all(|e| !derived::can_pay(s, &e.spend))
}

/// Checks Scout, Explore, Confront (the Preparation Step), Resolve and Rest (Exploration).
pub(crate) fn check(s: &State, db: &CardDb, a: &Action) -> Result<(), RuleError> {
    let p = &s.pending;
    let prep = matches!(p, Pending::Prepare);
    match (a, p) {
        (Action::Scout, Pending::Battle { .. }) => Err(RuleError::WrongPhase {
            action: "Scout".into(),
            allowed: "in the Preparation Step".into(),
        }),
        (Action::Scout, _) if prep => {
            if s.monster.is_some() {
                return Err(RuleError::AlreadyRevealed);
            }
            let cost = derived::scout_cost(s, db);
            afford(s, &cost, "Scout")
        }
        (Action::Explore, _) if prep => Ok(()),
        (Action::Confront, _) if prep => {
            if s.committed {
                Err(RuleError::MustExplore)
            } else {
                Ok(())
            }
        }
        (
            Action::Resolve(i),
            Pending::Encounter {
                revealed,
                committed,
            },
        ) => {
            let c = *revealed.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
            let e = db.encounter(c).ok_or(RuleError::NoSuchChoice)?;
            if *committed || forced_to_do_nothing(s, db, revealed) {
                Ok(())
            } else {
                afford(s, &e.spend, &format!("resolve {}", e.name))
            }
        }
        (
            Action::Rest(i),
            Pending::Encounter {
                revealed,
                committed,
            },
        ) => {
            revealed.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
            if *committed {
                return Err(RuleError::MustResolve);
            }
            if let Some(c) = derived::blocking_condition(s, db, &Passive::NoRest) {
                return Err(RuleError::CannotRest { condition: c });
            }
            if derived::has_passive(s, db, &Passive::NoRest) {
                return Err(RuleError::CannotRest {
                    condition: "A card in play".into(),
                });
            }
            Ok(())
        }
        _ => Err(not_now(p)),
    }
}

/// The Preparation Step's and Exploration's actions, in the order the screen shows them.
pub(crate) fn candidates(s: &State, db: &CardDb, out: &mut Vec<Action>) {
    match &s.pending {
        Pending::Prepare => {
            super::actions::candidates(s, db, false, out);
            out.push(Action::Scout);
            out.push(Action::Explore);
            out.push(Action::Confront);
        }
        Pending::Encounter { revealed, .. } => {
            for i in 0..revealed.len() {
                out.push(Action::Resolve(i as u8));
                out.push(Action::Rest(i as u8));
            }
        }
        _ => {}
    }
}

/// Carries out a validated travel action.
pub(crate) fn exec(cx: &mut Ctx, pending: &Pending, a: Action) {
    match (a, pending) {
        (Action::Scout, _) => {
            let cost = derived::scout_cost(cx.s, cx.db);
            cx.pay(Source::Rules, &cost);
            cx.emit(Event::ActionTaken {
                source: Source::Rules,
                name: "Scout".into(),
            });
            cx.reveal_monster();
            super::actions::finish(cx, pending, Source::Rules, &[]);
        }
        (Action::Explore, _) => cx.explore(),
        (Action::Confront, _) => {
            cx.then([Task::Confront]);
            cx.run();
        }
        (Action::Resolve(i), Pending::Encounter { revealed, .. }) => {
            cx.resolve(revealed, i as usize)
        }
        (Action::Rest(i), Pending::Encounter { revealed, .. }) => cx.rest(revealed, i as usize),
        _ => {}
    }
}

impl Ctx<'_> {
    /// Back to the Preparation Step — unless Time has run out: then the monster ambushes
    /// (p. 21, p. 23: "reaches or goes below 0").
    pub fn back_to_preparation(&mut self) {
        if self.s.time <= 0 {
            self.then([Task::Ambush]);
            return;
        }
        self.s.step = Step::Preparation;
        self.wait(Pending::Prepare);
    }

    /// Draws one card from a deck, reshuffling its discard pile when it runs out (p. 7).
    pub fn draw(&mut self, deck: Deck) -> Option<u16> {
        let (pile, discard, rng) = match deck {
            Deck::Encounter => (
                &mut self.s.encounter_deck,
                &mut self.s.encounter_discard,
                &mut self.s.rng.encounter,
            ),
            Deck::Skill => (
                &mut self.s.skill_deck,
                &mut self.s.skill_discard,
                &mut self.s.rng.skill,
            ),
        };
        if pile.is_empty() && !discard.is_empty() {
            pile.append(discard);
            shuffle(rng, pile);
            self.emit(Event::Reshuffled { deck });
        }
        match deck {
            Deck::Encounter => self.s.encounter_deck.pop(),
            Deck::Skill => self.s.skill_deck.pop(),
        }
    }

    /// Player chose to explore (Decision Step, p. 22).
    pub fn explore(&mut self) {
        self.s.step = Step::Exploration;
        if self.s.committed {
            self.then([Task::RevealEncounters]);
        } else {
            self.then([
                Task::Window {
                    trigger: Trigger::Explore,
                    options: None,
                },
                Task::RevealEncounters,
            ]);
        }
        self.run();
    }

    pub fn reveal_encounters(&mut self) {
        let n = derived::explore_count(self.s, self.db);
        self.s.explore_bonus = 0;
        self.s.reveal_extra = 0;
        let mut cards = Vec::new();
        for _ in 0..n {
            match self.draw(Deck::Encounter) {
                Some(c) => cards.push(c),
                None => break,
            }
        }
        self.emit(Event::EncountersRevealed {
            cards: cards.clone(),
        });
        let committed = self.s.committed;
        self.wait(Pending::Encounter {
            revealed: cards,
            committed,
        });
    }

    /// Puts the revealed cards other than `keep` on the discard pile.
    fn discard_others(&mut self, revealed: &[u16], keep: usize) {
        for (i, c) in revealed.iter().enumerate() {
            if i != keep {
                self.s.encounter_discard.push(*c);
            }
        }
    }

    /// Resolve the chosen encounter's exchange (p. 22). A committed card the player cannot pay
    /// gives nothing, and still costs its Time (p. 23).
    pub fn resolve(&mut self, revealed: &[u16], i: usize) {
        let Some(&card) = revealed.get(i) else {
            return;
        };
        let Some(enc) = self.db.encounter(card) else {
            return;
        };
        self.discard_others(revealed, i);
        let affordable = derived::can_pay(self.s, &enc.spend);
        self.s.committed = false;
        if affordable {
            self.pay(Source::Encounter(card), &enc.spend);
            self.s.stats.encounters += 1;
            self.emit(Event::EncounterResolved { card });
            self.then([Task::AfterEncounter { card }]);
            self.then_effects(Source::Encounter(card), &enc.gain);
        } else {
            self.emit(Event::EncounterForfeited { card });
            self.then([Task::AfterEncounter { card }]);
        }
        self.run();
    }

    /// Rest: gain Small Effort equal to the card's Time value (p. 22).
    pub fn rest(&mut self, revealed: &[u16], i: usize) {
        let Some(&card) = revealed.get(i) else {
            return;
        };
        let Some(enc) = self.db.encounter(card) else {
            return;
        };
        self.discard_others(revealed, i);
        self.s.stats.rests += 1;
        self.emit(Event::Rested { card });
        let t = enc.time;
        self.gain(
            Source::Encounter(card),
            &crate::content::res::Bundle::of(crate::content::res::Res::Small, t),
        );
        self.then([Task::AfterEncounter { card }]);
        self.run();
    }

    /// Lose the card's Time, discard it; ambush at 0 (p. 23).
    pub fn after_encounter(&mut self, card: u16) {
        self.s.encounter_discard.push(card);
        let t = self.db.encounter(card).map(|e| e.time).unwrap_or(0);
        self.move_time(-(t as i16));
        self.then([Task::ToPrepare]);
    }
}
