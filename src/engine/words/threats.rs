//! The threats of [`crate::engine::threats`] in words, for the controls and the prompt: an
//! ambush a choice will or may bring (p. 21, p. 24), and the Hunger Step ahead (p. 32).

use super::effects;
use crate::content::cards::roman;
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

/// "Hunger at the level's end: 3 Food needed, 1 held — the 2 missing will cost 3 Small Effort;
/// 4 Effort to spare for the rest." When the battle's likely cost leaves too little for it, the
/// fight comes first (unless the Hunger alone already starves): "Level IV monster: likely ~9 Effort of your 12; the final Hunger needs 3
/// Food, you hold 2 — you may starve."
pub fn hunger(db: &CardDb, h: &Hunger) -> String {
    if let Some(f) = h.fight.filter(|_| h.payable && h.fight_too_dear()) {
        let who = match f.monster.and_then(|m| db.monster(m)) {
            Some(m) => format!("The {}", m.name),
            None => format!("Level {} monster", roman(h.level)),
        };
        let which = if h.last {
            "the final Hunger"
        } else {
            "the Hunger"
        };
        let mut s = format!(
            "{who}: likely ~{} Effort of your {}; {which} needs {} Food, you hold {}",
            f.effort, h.held, h.requirement, h.food
        );
        if h.missing > 0 {
            s.push_str(&format!(
                " (the {} missing cost {} Small Effort)",
                h.missing, h.cost
            ));
        }
        s.push_str(" — you may starve.");
        return s;
    }
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
