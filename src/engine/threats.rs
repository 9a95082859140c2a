//! Threats named before a choice is made: whether it will or may bring Time to 0 (an ambush,
//! p. 21, p. 24) and what the ambush does once the monster is known; whether exploring can run
//! Time out (p. 22: the card kept costs its Time value); and the Hunger Step ahead (p. 32:
//! Food asked, Food held, the Small Effort the missing Food costs, and whether the battle's
//! likely cost, [`super::fight_cost`], leaves enough to pay it).
//!
//! Derived values only, for the screen: the ambush of a choice is read from its
//! [`super::preview()`] (the same executor as play, so no rule is copied here), exploring from the
//! Time values of the encounter cards that can turn up, and the Hunger from
//! [`derived::food_requirement`] and [`derived::starvation_cost`].

use super::derived;
use super::event::Event;
use super::fight_cost::{fight_cost, FightCost};
use super::game::{preview, Game};
use super::pending::Pending;
use super::state::State;
use super::Action;
use crate::content::cards::Effect;
use crate::content::res::{Bundle, Res};
use crate::content::CardDb;
use serde::{Deserialize, Serialize};

/// How sure a threat is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Likelihood {
    /// It happens whatever the dice and the cards.
    Will,
    /// Chance (a card turned up, a die) decides.
    May,
}

/// A choice that brings Time to 0 in the Travel Phase: the monster ambushes (p. 21, p. 24).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ambush {
    /// Whether it surely happens or may.
    pub likelihood: Likelihood,
    /// The monster, when it is already revealed (Scout, p. 21); else the ambush reveals it.
    pub monster: Option<u16>,
    /// Its ambush effect as printed (empty: none, p. 24), when the monster is known.
    pub effects: Vec<Effect>,
}

/// Whether `a` will or may bring Time to 0 in the Travel Phase (an ambush, p. 21), with the
/// ambush's effect when the monster is known. `None` when it cannot, or `a` is not legal.
pub fn ambush(g: &Game, a: &Action) -> Option<Ambush> {
    let s = g.state();
    if !derived::in_travel(s) || s.time_removed {
        return None;
    }
    let likelihood = match a {
        Action::Explore => explore(s, g.db())?,
        _ => {
            let p = preview(g, a).ok()?;
            let ran_out = p.events.iter().any(|e| {
                matches!(
                    e,
                    Event::TimeChanged { to, .. } if *to <= 0
                ) || matches!(e, Event::Ambushed { .. } | Event::NoAmbushEffect { .. })
            });
            if ran_out {
                Likelihood::Will
            } else if p.chance && card_time_runs_out(s, g.db(), a, p.time) {
                // The card's gains hold a roll; its Time value comes after them.
                Likelihood::May
            } else {
                return None;
            }
        }
    };
    let monster = s.monster.as_ref().map(|m| m.card);
    let effects = monster
        .and_then(|m| g.db().monster(m))
        .map(|m| m.ambush.clone())
        .unwrap_or_default();
    Some(Ambush {
        likelihood,
        monster,
        effects,
    })
}

/// Whether the encounter card `a` keeps (resolve or rest) costs at least the Time left at the
/// point chance took over (p. 23: its Time value is lost after the exchange).
fn card_time_runs_out(s: &State, db: &CardDb, a: &Action, time: i8) -> bool {
    let (Action::Resolve(i) | Action::Rest(i)) = a else {
        return false;
    };
    let Pending::Encounter { revealed, .. } = &s.pending else {
        return false;
    };
    revealed
        .get(*i as usize)
        .and_then(|c| db.encounter(*c))
        .is_some_and(|e| e.time as i16 >= time as i16)
}

/// Whether exploring now will or may run Time out: after exploring one revealed card must be
/// kept, and it costs its Time value (p. 22). The cards that can turn up are those not yet seen
/// this shuffle (the deck, and the discard pile when the deck runs short, p. 7); which of them
/// come is chance. `Will` when every one of them costs at least the Time left, `May` when some
/// does.
pub fn explore(s: &State, db: &CardDb) -> Option<Likelihood> {
    if !derived::in_travel(s) || s.time_removed {
        return None;
    }
    let need = derived::explore_count(s, db) as usize;
    let short = s.encounter_deck.len() < need;
    let values = s
        .encounter_deck
        .iter()
        .chain(s.encounter_discard.iter().filter(|_| short))
        .filter_map(|c| db.encounter(*c))
        .map(|e| e.time as i16);
    let (mut min, mut max) = (i16::MAX, i16::MIN);
    for v in values {
        min = min.min(v);
        max = max.max(v);
    }
    let time = s.time as i16;
    if max == i16::MIN {
        None
    } else if min >= time {
        Some(Likelihood::Will)
    } else if max >= time {
        Some(Likelihood::May)
    } else {
        None
    }
}

/// The Hunger Step ahead (p. 32): what it asks, what is held, and what the Food held leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hunger {
    /// Food the level's Hunger asks for (the level, plus passives: p. 32).
    pub requirement: u8,
    /// Food held now.
    pub food: u8,
    /// Food short if all held is eaten.
    pub missing: u8,
    /// The Small Effort the missing Food costs (1, then 2, then 3 … per Food, p. 32).
    pub cost: u8,
    /// Whether that cost can be paid from the Effort held now, after eating all the Food held
    /// (each Food eaten gives 1 Small Effort). False: as things stand, the Hunger Step starves.
    pub payable: bool,
    /// The Effort (Small, Medium and Large counted as one each) left after the Hunger Step if
    /// the fight costs nothing: the most the fight may cost without starving (0 when it cannot
    /// be paid).
    pub margin: u8,
    /// This is the last Hunger: the game is won only after it (Level IV, pp. 33–34).
    pub last: bool,
    /// Effort held now (Small, Medium and Large counted as one each).
    pub held: u8,
    /// The level (its monster is named by it while face down).
    pub level: u8,
    /// The battle still ahead at this level and its likely Effort cost
    /// ([`super::fight_cost::fight_cost`]); `None` once it is over.
    pub fight: Option<FightCost>,
}

impl Hunger {
    /// Whether the screen should warn: Food short of the requirement (Effort will be lost), the
    /// Effort held cannot pay for it, or the fight's likely cost leaves too little to pay it.
    pub fn warn(&self) -> bool {
        self.missing > 0 || !self.payable || self.fight_too_dear()
    }

    /// Whether the battle's likely cost is more than the Effort the Hunger Step leaves: as
    /// things stand the player would likely starve at the Hunger, or fall in the fight.
    pub fn fight_too_dear(&self) -> bool {
        self.fight.is_some_and(|f| f.effort > self.margin)
    }
}

/// The Hunger Step of this level as the position stands (p. 32). Eating is capped at the
/// requirement, as the Hunger Step offers (p. 32).
pub fn hunger(s: &State, db: &CardDb) -> Hunger {
    let requirement = match &s.pending {
        Pending::Hunger { requirement } => *requirement,
        _ => derived::food_requirement(s, db),
    };
    let food = s.stock.get(Res::Food);
    let eaten = food.min(requirement);
    let missing = requirement - eaten;
    let cost = derived::starvation_cost(missing);
    let mut after = s.stock;
    after.take(&Bundle::of(Res::Food, eaten));
    after.add(&Bundle::of(Res::Small, eaten), &db.params.bars);
    let plan = after.plan_payment(&Bundle::of(Res::Small, cost));
    let margin = plan.map_or(0, |pay| {
        after.take(&pay);
        after.get(Res::Small) + after.get(Res::Medium) + after.get(Res::Large)
    });
    Hunger {
        requirement,
        food,
        missing,
        cost,
        payable: plan.is_some(),
        margin,
        last: s.level >= crate::content::cards::LAST_LEVEL,
        held: s.stock.effort_total().min(255) as u8,
        level: s.level,
        fight: fight_cost(s, db),
    }
}
