//! Whether a choice can change anything now. A response, ability or card action that would
//! leave the position as it is (Read the Tracks once the monster is revealed, Dodge on a 1,
//! Power Through into DEFEND, a gain onto a full bar) is not offered: it would only cost.
//!
//! One test for every effect of the vocabulary, not a list of cases: the effects run through the
//! same interpreter as play (`Ctx::effect`) on a copy of the position, and the copy is compared
//! with the position as the player sees it. A die roll or a card reveal counts as a change
//! (chance may help). What the player cannot see is ignored: the roll's number when it moves to
//! a row printed the same (only the row counts, p. 28), an attack bonus that DEFEND will throw
//! away with the attack (p. 28) or that adds nothing to the blow (past the monster's Health or
//! the round's wound cap, p. 29), and the bookkeeping of uses and statistics.

use super::derived;
use super::event::{Event, Source};
use super::flow::Task;
use super::runner::Ctx;
use super::state::State;
use crate::content::cards::{Effect, Test};
use crate::content::res::Res;
use crate::content::CardDb;

/// Whether `effects`, coming from `source`, would change the position now.
pub fn changes_something(s: &State, db: &CardDb, source: Source, effects: &[Effect]) -> bool {
    if effects.is_empty() {
        return false;
    }
    // The common cases, decided without playing the effects on a copy. Bots test every
    // candidate on every move, so this copy was a quarter of the random bot's time.
    if effects.iter().any(|e| surely_changes(s, db, e)) {
        return true;
    }
    let mut after = s.copy();
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
    !same_for_player(&after, s, db)
}

/// Effects known to change the position without playing them: a plain gain with room on its bar
/// (gains are never blocked, only clamped: p. 11), more cards at the next exploration (p. 21),
/// a test that rolls the die (chance counts as a change), the monster die while no monster is
/// revealed (p. 21), and a condition to discard while one is held (p. 17). Anything else is
/// played on a copy.
fn surely_changes(s: &State, db: &CardDb, e: &Effect) -> bool {
    match e {
        Effect::Gain(b) => gain_has_room(s, db, b),
        Effect::ExploreBonus(n) => *n > 0 && s.explore_bonus < u8::MAX,
        Effect::If { test, .. } => matches!(
            test,
            Test::RollAtMostTokens | Test::RollAboveLevel | Test::RollAtLeast(_)
        ),
        Effect::RevealMonster => s.monster.is_none(),
        Effect::DiscardCondition => !s.conditions.is_empty(),
        _ => false,
    }
}

/// Whether gaining `b` would move some tracker: a resource below its bar, or Time below its top.
fn gain_has_room(s: &State, db: &CardDb, b: &crate::content::res::Bundle) -> bool {
    let bars = db.params.bars;
    let resources = b
        .entries()
        .any(|(r, n)| n > 0 && r != Res::Time && s.stock.get(r) < bars.max(r));
    let time = b.time > 0 && !s.time_removed && s.time < bars.time as i8;
    resources || time
}

/// Whether two positions look the same to the player: what a card's effect can reach on the
/// sheets (resources, Time, ability uses, weapons, skills, conditions, the monster's trackers,
/// the travel bonuses), the decision and the work queued after it, and in battle the row of the
/// roll (p. 28; two rows printed alike are one), the loss about to be paid, the turn's flags, a roll bonus lasting the battle
/// (every later roll, p. 13) and an attack bonus unless DEFEND will cancel the attack (p. 28). Bookkeeping (statistics, uses of limited actions, the
/// unclamped roll) is left out. Compared field by field rather than as a whole `State`: this is
/// in the browser's first download, where a derived comparison of every field costs 2.4 KB.
pub(crate) fn same_for_player(a: &State, b: &State, db: &CardDb) -> bool {
    let (x, y) = (&a.combat, &b.combat);
    let defending = b.monster.as_ref().is_some_and(|m| m.defending);
    a.stock == b.stock
        && a.time == b.time
        && a.time_removed == b.time_removed
        && a.uses == b.uses
        && a.weapons == b.weapons
        && a.skills == b.skills
        && a.conditions == b.conditions
        && a.monster == b.monster
        && a.explore_bonus == b.explore_bonus
        && a.reveal_extra == b.reveal_extra
        && a.committed == b.committed
        && a.pending == b.pending
        && a.tasks.len() == b.tasks.len()
        && (derived::final_roll(a, db) == derived::final_roll(b, db)
            || (!b.legacy_windows && derived::row_now(a, db) == derived::row_now(b, db)))
        && x.loss == y.loss
        && x.skip == y.skip
        && x.extra_turn == y.extra_turn
        && x.extra_attack == y.extra_attack
        && x.set_aside == y.set_aside
        && x.set_aside_turns == y.set_aside_turns
        && x.battle_mods == y.battle_mods
        && (defending || x.attack_bonus == y.attack_bonus || same_blow(a, b, db))
}

/// Whether two positions' attack bonuses make the weapon attack about to resolve deal the same
/// blow: played on copies through the rules' own `resolve_attack`, the monster's trackers come
/// out the same (power past its Health, or past the round's wound cap, is not dealt: p. 17,
/// p. 29). A game saved before this test keeps counting any bonus (`legacy_windows`).
fn same_blow(a: &State, b: &State, db: &CardDb) -> bool {
    if b.legacy_windows {
        return false;
    }
    let Some(attack) = b.tasks.iter().rev().find_map(|t| match t {
        Task::ResolveAttack { attack } => Some(*attack),
        _ => None,
    }) else {
        return false;
    };
    let blow = |s: &State| {
        let mut copy = s.copy();
        let mut events = Vec::new();
        Ctx::new(&mut copy, db, &mut events).resolve_attack(attack);
        copy.monster.map(|m| (m.armor, m.health))
    };
    blow(a) == blow(b)
}
