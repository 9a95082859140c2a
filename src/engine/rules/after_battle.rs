//! After the battle (pp. 32–34): Rewards, Hunger, the advance to the next level, and the end.

use super::{each, in_range, not_now};
use crate::content::cards::{Trigger, LAST_LEVEL};
use crate::content::res::{Bundle, Res};
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::error::RuleError;
use crate::engine::event::{Deck, Event, Source};
use crate::engine::flow::Task;
use crate::engine::pending::{Outcome, Pending};
use crate::engine::runner::Ctx;
use crate::engine::state::State;
use crate::engine::state::{Combat, Defeated, Step};

/// Checks KeepSkill (p. 32) and Eat (the Hunger Step, p. 33: no more than required or held).
pub(crate) fn check(s: &State, a: &Action) -> Result<(), RuleError> {
    match (a, &s.pending) {
        (Action::KeepSkill(i), Pending::ChooseSkill { cards }) => in_range(*i, cards.len()),
        (Action::Eat(n), Pending::Hunger { requirement }) => {
            let max = (*requirement).min(s.stock.get(Res::Food));
            if *n > max {
                Err(RuleError::TooMuchFood { max })
            } else {
                Ok(())
            }
        }
        (_, p) => Err(not_now(p)),
    }
}

/// The skills revealed to keep, or every amount of Food from none to the requirement.
pub(crate) fn candidates(p: &Pending, out: &mut Vec<Action>) {
    match p {
        Pending::ChooseSkill { cards } => each(out, cards.len(), Action::KeepSkill),
        Pending::Hunger { requirement } => {
            for n in 0..=*requirement {
                out.push(Action::Eat(n));
            }
        }
        _ => {}
    }
}

/// Carries out KeepSkill or Eat.
pub(crate) fn exec(cx: &mut Ctx, pending: &Pending, a: Action) {
    match (a, pending) {
        (Action::KeepSkill(i), Pending::ChooseSkill { cards }) => cx.keep_skill(cards, i as usize),
        (Action::Eat(n), Pending::Hunger { requirement }) => cx.eat(n, *requirement),
        _ => {}
    }
}

impl Ctx<'_> {
    /// Reveal skill cards (2, more with responses) to keep one (p. 32).
    pub fn draw_skills(&mut self) {
        let n = self.db.params.skill_cards as u16 + self.s.reveal_extra as u16;
        self.s.reveal_extra = 0;
        let mut cards = Vec::new();
        for _ in 0..n {
            match self.draw(Deck::Skill) {
                Some(c) => cards.push(c),
                None => break,
            }
        }
        if cards.is_empty() {
            return;
        }
        self.emit(Event::SkillsRevealed {
            cards: cards.clone(),
        });
        self.wait(Pending::ChooseSkill { cards });
    }

    pub fn keep_skill(&mut self, cards: &[u16], i: usize) {
        for (j, c) in cards.iter().enumerate() {
            if j == i {
                self.s.skills.push(*c);
                self.emit(Event::SkillKept { card: *c });
            } else {
                self.s.skill_discard.push(*c);
            }
        }
        self.run();
    }

    /// The monster's Health reached 0 (p. 29).
    pub fn defeated(&mut self) {
        let Some(card) = self.s.monster.as_ref().map(|m| m.card) else {
            return;
        };
        self.restore_weapons();
        self.emit(Event::MonsterDefeated { monster: card });
        let level = self.s.level;
        let skills_used = self.s.combat.skills_used.clone();
        self.s.stats.defeated.push(Defeated {
            monster: card,
            level,
            skills_used,
        });
        self.s.step = Step::Rewards;
        self.then([
            Task::Window {
                trigger: Trigger::MonsterDefeated,
                options: None,
            },
            Task::Rewards,
        ]);
    }

    /// Rewards Step (p. 32): the sheet's rewards and, in Levels I–III, a skill (p. 14).
    pub fn rewards(&mut self) {
        self.s.step = Step::Rewards;
        let mut more = Vec::new();
        if let Some(m) = self
            .s
            .monster
            .as_ref()
            .and_then(|m| self.db.monster(m.card))
        {
            let reward = m.reward;
            more = m.reward_effects.clone();
            let card = self.s.monster.as_ref().map(|m| m.card).unwrap_or(0);
            self.gain(Source::Monster(card), &reward);
        }
        let card = self.s.monster.as_ref().map(|m| m.card).unwrap_or(0);
        self.rewards_then();
        // Rewards that are not resources come before the skill (scheduled on top).
        self.then_effects(Source::Monster(card), &more);
    }

    /// After the Rewards Step's resources: the skill (Levels I–III, p. 14), then Hunger.
    fn rewards_then(&mut self) {
        if self.s.level < LAST_LEVEL {
            self.then([
                Task::Window {
                    trigger: Trigger::SkillDraw,
                    options: None,
                },
                Task::DrawSkills,
                Task::Hunger,
            ]);
        } else {
            self.then([Task::Hunger]);
        }
    }

    pub fn hunger(&mut self) {
        self.restore_weapons();
        self.s.step = Step::Hunger;
        let requirement = derived::food_requirement(self.s, self.db);
        self.wait(Pending::Hunger { requirement });
    }

    /// Eat `n` food: +1 Small Effort each; each food short costs 1, 2, 3 … Small Effort; unable
    /// to pay is death by starvation (p. 32).
    pub fn eat(&mut self, n: u8, requirement: u8) {
        if n > 0 {
            self.s.stock.take(&Bundle::of(Res::Food, n));
            self.s.stats.food_eaten += n as u16;
            self.emit(Event::Ate {
                food: n,
                requirement,
            });
            self.gain(Source::Rules, &Bundle::of(Res::Small, n));
        } else {
            self.emit(Event::Ate {
                food: 0,
                requirement,
            });
        }
        let missing = requirement.saturating_sub(n);
        if missing > 0 {
            let cost = derived::starvation_cost(missing);
            self.emit(Event::Starved { missing, cost });
            self.lose(
                Source::Rules,
                &Bundle::of(Res::Small, cost),
                Some("starvation"),
            );
            if self.over() {
                return;
            }
        }
        self.then([Task::Advance]);
        self.run();
    }

    /// End of the Combat Phase (p. 33): win after Level IV; else refill ability uses, swap
    /// conditions, discard the monster, and start the next level.
    pub fn advance(&mut self) {
        let level = self.s.level;
        self.s.step = Step::Advance;
        self.emit(Event::LevelCompleted { level });
        if level >= LAST_LEVEL {
            let score = derived::score(self.s, self.db);
            let rank = derived::rank(self.db, score);
            self.end(Outcome::Victory { score, rank });
            return;
        }
        let permanent =
            |db: &crate::content::CardDb, c: u16| db.condition(c).is_some_and(|c| c.permanent);
        let old: Vec<u16> = self
            .s
            .conditions
            .iter()
            .filter(|c| c.active() && !permanent(self.db, c.card))
            .map(|c| c.card)
            .collect();
        for c in old {
            self.discard_condition(c, false);
        }
        for c in self.s.conditions.iter_mut() {
            c.next_level = false;
            c.rounds = None;
        }
        self.emit(Event::ConditionsAdvanced);
        if let Some(m) = self.s.monster.take() {
            self.s.monsters_faced.push(m.card);
        }
        self.s.level = level + 1;
        self.s.uses = self.s.level;
        self.emit(Event::AbilityUsesLeft { uses: self.s.uses });
        self.s.explore_bonus = 0;
        self.s.committed = false;
        self.s.ambushed = false;
        self.s.time_removed = false;
        self.s.spent_actions.retain(|(_, _, once)| *once);
        self.s.combat = Combat::default();
        self.then([Task::LevelStart]);
    }
}
