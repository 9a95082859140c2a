//! The Ambush Step (p. 24): Time ran out, so the monster is revealed, the Time token is reset to
//! the next level's mark, and its ambush effect is suffered before the battle. The Time reset is
//! shared with the Trickery Step ([`super::trickery`]).

use crate::content::cards::{Trigger, LAST_LEVEL};
use crate::engine::event::{Event, Source};
use crate::engine::flow::Task;
use crate::engine::runner::Ctx;
use crate::engine::state::Step;

impl Ctx<'_> {
    /// Sets the Time token to the next level's mark, or takes it off in Level IV (p. 24).
    pub(crate) fn reset_time(&mut self) {
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
}
