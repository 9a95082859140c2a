//! The Trickery Step (p. 25): the monster faced by choice is revealed, then the player pays its
//! trickery cost (and price) to skip the battle, or fights. The Level IV monster can never be
//! tricked (p. 5, pp. 33–34).

use super::{afford, not_now};
use crate::content::cards::LAST_LEVEL;
use crate::content::CardDb;
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::error::RuleError;
use crate::engine::event::{Event, Source};
use crate::engine::flow::Task;
use crate::engine::pending::Pending;
use crate::engine::runner::Ctx;
use crate::engine::state::{State, Step};

/// Checks Trick and Fight.
pub(crate) fn check(s: &State, db: &CardDb, a: &Action) -> Result<(), RuleError> {
    let p = &s.pending;
    // The Level IV monster can never be tricked, whatever its sheet says (p. 5, pp. 33–34):
    // at the last level that is the reason, not the step.
    if *a == Action::Trick && s.level >= LAST_LEVEL {
        return Err(RuleError::CannotTrick);
    }
    if !matches!(p, Pending::Trickery) {
        return Err(not_now(p));
    }
    if *a == Action::Fight {
        return Ok(());
    }
    let cost = derived::trickery_cost(s, db).ok_or(RuleError::CannotTrick)?;
    afford(s, &cost, "trick the monster")?;
    if derived::trickery_price_payable(s, db) {
        Ok(())
    } else {
        let price = s
            .monster
            .as_ref()
            .and_then(|m| db.monster(m.card))
            .map(|m| crate::engine::words::effects(db, &m.trickery_price))
            .unwrap_or_default();
        Err(RuleError::TrickeryPriceUnpayable { price })
    }
}

/// The two choices of the Trickery Step.
pub(crate) fn candidates(out: &mut Vec<Action>) {
    out.push(Action::Trick);
    out.push(Action::Fight);
}

/// Carries out Trick or Fight.
pub(crate) fn exec(cx: &mut Ctx, a: Action) {
    match a {
        Action::Trick => cx.trick(),
        Action::Fight => {
            cx.then([Task::StartBattle]);
            cx.run();
        }
        _ => {}
    }
}

impl Ctx<'_> {
    /// Step 1B (p. 25): reveal, reset Time, then trick or fight. A monster without a trickery
    /// cost, and the Level IV monster (p. 5, pp. 33–34), go straight to battle.
    pub fn confront(&mut self) {
        self.s.step = Step::Trickery;
        self.reveal_monster();
        self.reset_time();
        let Some(card) = self.s.monster.as_ref().map(|m| m.card) else {
            return;
        };
        if derived::trickery_cost(self.s, self.db).is_some() {
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
        let Some(cost) = derived::trickery_cost(self.s, self.db) else {
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
