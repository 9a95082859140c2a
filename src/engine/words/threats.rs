//! The threats of [`crate::engine::threats`] in words, for the controls and the prompt: an
//! ambush a choice will or may bring (p. 21, p. 24), and the Hunger Step ahead (p. 32).

use super::effects;
use crate::content::CardDb;
use crate::engine::threats::{Ambush, Hunger, Likelihood};

/// "Ambush: Time runs out — the Kobold strikes: lose 9 Small Effort" (or "may run out", and
/// "the monster is revealed" while it is unknown).
pub fn ambush(db: &CardDb, a: &Ambush) -> String {
    let head = match a.likelihood {
        Likelihood::Will => "Ambush: Time runs out",
        Likelihood::May => "Ambush possible: Time may run out",
    };
    let Some(m) = a.monster.and_then(|m| db.monster(m)) else {
        return format!("{head}; the monster is revealed and ambushes you");
    };
    if a.effects.is_empty() {
        format!("{head}; the {} has no ambush effect", m.name)
    } else {
        format!(
            "{head}; the {} strikes: {}",
            m.name,
            effects(db, &a.effects)
        )
    }
}

/// What exploring risks: every card that can turn up costs the Time left, or some can.
pub fn explore(l: Likelihood, time: i8) -> String {
    match l {
        Likelihood::Will => {
            format!("Ambush: with {time} Time left, any card you keep runs Time out")
        }
        Likelihood::May => {
            format!("Ambush possible: with {time} Time left, the next cards can run Time out")
        }
    }
}

/// "Hunger: 3 Food needed, 1 held — the 2 missing will cost 3 Small Effort; 4 Effort to spare."
pub fn hunger(h: &Hunger) -> String {
    let when = if h.last {
        "The final Hunger (you win only if you survive it)"
    } else {
        "Hunger at the level's end"
    };
    let mut s = format!("{when}: {} Food needed, {} held", h.requirement, h.food);
    if h.missing > 0 {
        s.push_str(&format!(
            " — the {} missing will cost {} Small Effort",
            h.missing, h.cost
        ));
        if h.payable {
            s.push_str(&format!("; {} Effort to spare for the rest", h.margin));
        } else {
            s.push_str("; you cannot pay that now: you would starve");
        }
    }
    s.push('.');
    s
}
