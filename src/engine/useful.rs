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
use super::state::{State, Stats};
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
    seen(&after, s, db) != seen(s, s, db)
}

/// The position as it matters to the player: the roll as its row, an attack bonus DEFEND will
/// cancel as it was `before`, and no bookkeeping.
fn seen(s: &State, before: &State, db: &CardDb) -> State {
    let mut n = s.clone();
    n.combat.roll = view::final_roll(s, db) as i8;
    n.combat.roll_mods.clear();
    n.combat.skills_used.clear();
    n.combat.extra_sources.clear();
    n.stats = Stats::default();
    if s.monster.as_ref().is_some_and(|m| m.defending) {
        n.combat.attack_bonus = before.combat.attack_bonus;
    }
    n
}
