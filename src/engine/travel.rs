//! The Travel Phase (pp. 20–23): Preparation, Decision, Exploration, and the way into combat.

use super::cards::{Trigger, LAST_LEVEL};
use super::event::{Deck, Event, RollFor, Source};
use super::flow::Task;
use super::pending::Pending;
use super::rng::shuffle;
use super::runner::Ctx;
use super::state::Step;
use super::view;

impl Ctx<'_> {
    /// Easy: one extra starting resource by the die (p. 18).
    pub fn easy_bonus(&mut self) {
        let v = self.roll(RollFor::EasyBonus);
        let b = self.db.params.easy_bonus[(v.clamp(1, 6) - 1) as usize];
        self.gain(Source::Rules, &b);
    }

    /// The start of a level's Travel Phase.
    pub fn level_start(&mut self) {
        self.s.step = Step::Preparation;
        self.s.stats.level_reached = self.s.stats.level_reached.max(self.s.level);
        if self.s.time < self.s.stats.lowest_time {
            self.s.stats.lowest_time = self.s.time;
        }
        self.emit(Event::LevelStarted {
            level: self.s.level,
            time: self.s.time,
        });
        self.then([
            Task::Window {
                trigger: Trigger::LevelStart,
                options: None,
            },
            Task::ToPrepare,
        ]);
    }

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
        let n = view::explore_count(self.s, self.db);
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
        let affordable = view::can_pay(self.s, &enc.spend);
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
            &super::res::Bundle::of(super::res::Res::Small, t),
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

    /// Sets the Time token to the next level's mark, or takes it off in Level IV (p. 24).
    fn reset_time(&mut self) {
        let level = self.s.level as usize;
        if level >= LAST_LEVEL as usize {
            self.s.time_removed = true;
            let from = self.s.time;
            self.s.time = 0;
            if from != 0 {
                self.emit(Event::TimeChanged { from, to: 0 });
            }
        } else {
            let mark = self
                .db
                .params
                .time_per_level
                .get(level)
                .copied()
                .unwrap_or(7);
            let from = self.s.time;
            self.s.time = mark as i8;
            // The token is set to the mark; a token already there does not move (no event).
            if from != self.s.time {
                self.emit(Event::TimeChanged {
                    from,
                    to: self.s.time,
                });
            }
        }
    }

    /// Step 1A (p. 24): reveal, reset Time, suffer the ambush effect, straight to battle.
    pub fn ambush(&mut self) {
        self.s.step = Step::Ambush;
        self.s.ambushed = true;
        self.reveal_monster();
        self.reset_time();
        let Some(card) = self.s.monster.as_ref().map(|m| m.card) else {
            return;
        };
        let effects = self
            .db
            .monster(card)
            .map(|m| m.ambush.clone())
            .unwrap_or_default();
        if effects.is_empty() {
            self.emit(Event::NoAmbushEffect { monster: card });
            self.then([Task::StartBattle]);
        } else {
            self.s.stats.ambushes += 1;
            self.emit(Event::Ambushed { monster: card });
            let mut flow: Vec<Task> = effects
                .into_iter()
                .map(|effect| Task::Effect {
                    source: Source::Monster(card),
                    effect,
                })
                .collect();
            flow.push(Task::Window {
                trigger: Trigger::Ambushed,
                options: None,
            });
            flow.push(Task::StartBattle);
            self.then(flow);
        }
    }

    /// Step 1B (p. 25): reveal, reset Time, then trick or fight. A monster without a trickery
    /// cost, and the Level IV monster (p. 5, pp. 33–34), go straight to battle.
    pub fn confront(&mut self) {
        self.s.step = Step::Trickery;
        self.reveal_monster();
        self.reset_time();
        let Some(card) = self.s.monster.as_ref().map(|m| m.card) else {
            return;
        };
        if view::trickery_cost(self.s, self.db).is_some() {
            self.wait(Pending::Trickery);
        } else {
            self.emit(Event::CannotBeTricked { monster: card });
            self.then([Task::StartBattle]);
        }
    }

    /// Pay the trickery cost: no battle, no rewards, no skill; on to the Hunger Step (p. 25).
    pub fn trick(&mut self) {
        let Some(card) = self.s.monster.as_ref().map(|m| m.card) else {
            return;
        };
        let Some(cost) = view::trickery_cost(self.s, self.db) else {
            return;
        };
        self.pay(Source::Monster(card), &cost);
        let price = self
            .db
            .monster(card)
            .map(|m| m.trickery_price.clone())
            .unwrap_or_default();
        let level = self.s.level;
        self.s.stats.tricked_levels.push(level);
        self.emit(Event::Tricked { monster: card });
        self.then([Task::Hunger]);
        self.then_effects(Source::Monster(card), &price);
        self.run();
    }
}
