//! Whether a choice can change anything now. A response, ability or card action that would
//! leave the position as it is (Read the Tracks once the monster is revealed, Dodge on a 1,
//! Power Through into DEFEND, a gain onto a full bar) is not offered: it would only cost.
//!
//! One test for every effect of the vocabulary, not a list of cases: the effects run through the
//! same interpreter as play ([`Ctx::effect`]) on a copy of the position, and the copy is compared
//! with the position as the player sees it. A die roll or a card reveal counts as a change
//! (chance may help). What the player cannot see is ignored: the unclamped roll (only the row
//! counts, p. 28), an attack bonus that DEFEND will throw away with the attack (p. 28), and the
//! bookkeeping of uses and statistics.

use super::cards::Effect;
use super::event::{Event, Source};
use super::state::State;
use super::tasks::Ctx;
use super::view;
use crate::content::CardDb;

/// Whether `effects`, coming from `source`, would change the position now.
pub fn changes_something(s: &State, db: &CardDb, source: Source, effects: &[Effect]) -> bool {
    if effects.is_empty() {
        return false;
    }
    let mut after = s.clone();
    let mut events = Vec::new();
    {
        let mut cx = Ctx::new(&mut after, db, &mut events);
        for e in effects {
            cx.effect(source, e);
        }
    }
    if events.iter().any(Event::is_random) {
        return true;
    }
    settle_unseen(&mut after, s, db);
    after != *s
}

/// Copies onto `after` what the player cannot see from `before`: the bookkeeping of uses and
/// statistics, the unclamped roll when its row is the same (p. 28), and an attack bonus that
/// DEFEND will cancel with the attack (p. 28). What is left to differ is a real change. (One
/// copy of the position per test: this runs for every candidate action of every decision.)
fn settle_unseen(after: &mut State, before: &State, db: &CardDb) {
    after.stats.clone_from(&before.stats);
    after.spent_actions.clone_from(&before.spent_actions);
    after
        .combat
        .skills_used
        .clone_from(&before.combat.skills_used);
    after
        .combat
        .extra_sources
        .clone_from(&before.combat.extra_sources);
    if view::final_roll(after, db) == view::final_roll(before, db) {
        after.combat.roll = before.combat.roll;
        after.combat.roll_mods.clone_from(&before.combat.roll_mods);
    }
    if before.monster.as_ref().is_some_and(|m| m.defending) {
        after.combat.attack_bonus = before.combat.attack_bonus;
    }
}
