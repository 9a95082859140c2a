//! The runner of the continuation: pops the [`Task`]s of [`super::flow`] off the position's stack
//! and carries them out, until one needs the player. Kept apart from the rules so a step of the
//! turn (pp. 19–33) can stop for a response window (p. 12) and resume from plain data.

use super::event::{Event, Source};
use super::flow::Task;
use super::pending::{Outcome, Pending};
use super::preview::PaidUp;
use super::state::State;
use crate::content::cards::Effect;
use crate::content::CardDb;

/// The engine's working context for one `apply`.
pub(crate) struct Ctx<'a> {
    pub s: &'a mut State,
    pub db: &'a CardDb,
    pub ev: &'a mut Vec<Event>,
    /// Set when a task handed control to the player.
    pub paused: bool,
    /// A preview ([`super::game::preview`]) keeps the position as it stood at the first die
    /// roll or card reveal: what follows is chance, not the choice's own result.
    pub watch: bool,
    /// That position, once taken.
    pub cut: Option<Box<State>>,
    /// In a preview: the costs paid in part with a higher Effort than printed (p. 10), so the
    /// screen can say so before the player chooses.
    pub paid_up: Vec<PaidUp>,
}

/// Upper bound on tasks in one `apply`: a content loop can never hang the game.
const MAX_TASKS: usize = 20_000;

impl<'a> Ctx<'a> {
    pub fn new(s: &'a mut State, db: &'a CardDb, ev: &'a mut Vec<Event>) -> Ctx<'a> {
        Ctx {
            s,
            db,
            ev,
            paused: false,
            watch: false,
            cut: None,
            paid_up: Vec::new(),
        }
    }

    pub fn emit(&mut self, e: Event) {
        if self.watch && self.cut.is_none() && e.is_random() {
            self.cut = Some(Box::new(self.s.copy()));
        }
        self.ev.push(e);
    }

    /// Schedules tasks to run next, in the given order (pushed last first: the stack pops the
    /// first one next), with no list in between.
    pub fn then<I>(&mut self, tasks: I)
    where
        I: IntoIterator<Item = Task>,
        I::IntoIter: DoubleEndedIterator,
    {
        self.s.tasks.extend(tasks.into_iter().rev());
    }

    /// Schedules card effects to run next, in order.
    pub fn then_effects(&mut self, source: Source, effects: &[Effect]) {
        for e in effects.iter().rev() {
            self.s.tasks.push(Task::Effect {
                source,
                effect: e.clone(),
            });
        }
    }

    /// Hands control to the player.
    pub fn wait(&mut self, p: Pending) {
        self.s.pending = p;
        self.paused = true;
    }

    /// Ends the game at once: nothing else on the stack happens.
    pub fn end(&mut self, outcome: Outcome) {
        match &outcome {
            Outcome::Victory { score, rank } => self.emit(Event::GameWon {
                score: *score,
                rank: rank.clone(),
            }),
            Outcome::Defeat { cause, .. } => self.emit(Event::GameLost {
                cause: cause.clone(),
            }),
        }
        self.s.tasks.clear();
        self.s.step = super::state::Step::Over;
        self.wait(Pending::Over(outcome));
    }

    pub fn over(&self) -> bool {
        matches!(self.s.pending, Pending::Over(_))
    }

    /// Runs tasks until the game needs the player.
    pub fn run(&mut self) {
        self.paused = false;
        let mut n = 0;
        while !self.paused {
            let Some(task) = self.s.tasks.pop() else {
                break;
            };
            n += 1;
            if n > MAX_TASKS {
                let level = self.s.level;
                self.end(Outcome::Defeat {
                    level,
                    cause: "the Dark folded in on itself (a card loop was stopped)".into(),
                });
                break;
            }
            self.exec(task);
        }
        if !self.paused && !self.over() {
            // Every flow ends by waiting; an empty stack means the Preparation Step.
            self.s.pending = Pending::Prepare;
        }
    }

    fn exec(&mut self, task: Task) {
        match task {
            Task::Effect { source, effect } => self.effect(source, &effect),
            Task::Window { trigger, options } => self.window(trigger, options),
            Task::EasyBonus => self.easy_bonus(),
            Task::LevelStart => self.level_start(),
            Task::ToPrepare => self.back_to_preparation(),
            Task::RevealEncounters => self.reveal_encounters(),
            Task::AfterEncounter { card } => self.after_encounter(card),
            Task::Ambush => self.ambush(),
            Task::Confront => self.confront(),
            Task::StartBattle => self.start_battle(),
            Task::FirstTurn => self.first_turn(),
            Task::PlayerTurn => self.player_turn(),
            Task::TurnReady => self.turn_ready(),
            Task::AfterPlayer => self.after_player(),
            Task::MonsterTurn { bonus } => self.monster_turn(bonus),
            Task::ApplyRoll => self.apply_roll(),
            Task::EndRow => self.s.combat.verb.clear(),
            Task::AfterMonster => self.after_monster(),
            Task::EndRound => self.end_round(),
            Task::NextRound => self.next_round(),
            Task::ResolveAttack { attack } => self.resolve_attack(attack),
            Task::PayLoss { source } => self.pay_loss(source),
            Task::DrawSkills => self.draw_skills(),
            Task::Defeated => self.defeated(),
            Task::Rewards => self.rewards(),
            Task::Hunger => self.hunger(),
            Task::Advance => self.advance(),
        }
    }
}
