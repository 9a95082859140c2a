//! Valuations of conditions: what holding one costs over a battle and a level, when it takes
//! hold, and what the ones held now will still cost.

use super::brain::Brain;
use crate::engine::cards::{Effect, Passive, Test, Trigger, When, LAST_LEVEL};
use crate::engine::{derived, State, Step};

impl Brain {
    /// What holding condition `card` costs over `rounds` combat rounds (and, for a whole level,
    /// its travel effects).
    pub fn condition_cost(
        &self,
        s: &State,
        card: u16,
        rounds: f64,
        travel: f64,
        tokens: u8,
    ) -> f64 {
        let Some(c) = self.db.condition(card) else {
            return 0.0;
        };
        let mut v = 0.0;
        for p in &c.passives {
            v += match p {
                Passive::MonsterRoll(n) => 0.7 * *n as f64 * rounds,
                Passive::AttackPower { plus, .. } => -0.8 * *plus as f64 * rounds,
                Passive::WeakWounding { minus, .. } => 0.8 * *minus as f64 * rounds,
                Passive::Surcharge(b) => self.battle_price(s, b) * rounds * 0.8,
                Passive::ExploreCards(n) => -1.3 * *n as f64 * travel,
                Passive::NoRest => self.t.no_rest_price * travel,
                Passive::Hunger(n) => 2.5 * *n as f64,
                Passive::NoAbilities if self.abilities => {
                    self.t.ability_use * s.level.max(1) as f64
                }
                Passive::NoAbilities => 0.0,
                Passive::IgnoreDefend | Passive::IgnoreVerb(_) => -0.3 * rounds,
                Passive::CraftDiscount(_) => -0.5,
                Passive::WoundCap(_) => 0.0,
            };
        }
        for r in &c.responses {
            let t = tokens.max(1) as f64;
            for e in &r.effects {
                v += match (r.trigger, e) {
                    (Trigger::RoundEnd, Effect::Lose(b)) => {
                        let per = (b.small + b.medium + b.large) as f64;
                        per * t.min(rounds.max(1.0))
                    }
                    (Trigger::TurnStart, Effect::If { test, .. })
                        if *test == Test::RollAtMostTokens =>
                    {
                        (tokens as f64 / 6.0).min(1.0) * rounds * 2.0
                    }
                    (Trigger::BattleStart, Effect::MonsterGain { armor, health }) => {
                        1.5 * *armor as f64 + 1.2 * *health as f64
                    }
                    (Trigger::WoundLoss, Effect::ReduceLoss(n)) => {
                        -0.5 * *n as f64 * rounds * if c.permanent { 3.0 } else { 1.0 }
                    }
                    _ => 0.0,
                };
            }
        }
        v
    }

    /// Cost of gaining a condition now, by when it takes hold.
    pub fn gain_condition_cost(&self, s: &State, card: u16, when: When, tokens: u8) -> f64 {
        let in_battle = s.step == Step::Battle;
        match when {
            When::Now => {
                let rounds = if in_battle { 3.0 } else { 4.0 };
                let travel = if in_battle { 0.0 } else { 1.5 };
                self.condition_cost(s, card, rounds, travel, tokens)
            }
            When::Rounds(n) => self.condition_cost(s, card, (n as f64).min(3.0), 0.0, tokens),
            When::NextLevel => {
                if s.level >= LAST_LEVEL {
                    0.0
                } else {
                    self.condition_cost(s, card, 4.0, 3.0, tokens)
                }
            }
        }
    }

    /// What the conditions held now will still cost (those the battle model does not see).
    pub(in crate::sim::smart) fn conditions_cost(&self, s: &State, battle_modelled: bool) -> f64 {
        let mut v = 0.0;
        let travel_left = if derived::in_travel(s) {
            (s.time.max(0) as f64 / 2.5).min(3.0)
        } else {
            0.0
        };
        let battle_ahead = matches!(
            s.step,
            Step::Preparation | Step::Exploration | Step::Ambush | Step::Trickery
        );
        for h in &s.conditions {
            if h.next_level {
                if s.level < LAST_LEVEL {
                    v += self.condition_cost(s, h.card, 4.0, 3.0, h.tokens);
                }
            } else {
                let rounds = if battle_modelled {
                    0.0
                } else if battle_ahead {
                    h.rounds.map(|r| (r as f64).min(4.0)).unwrap_or(4.0)
                } else {
                    0.0
                };
                let mut c = self.condition_cost(s, h.card, rounds, travel_left, h.tokens);
                if battle_modelled {
                    // The battle model sees passives; keep the round-end losses it does not.
                    c = self.condition_cost(s, h.card, 0.0, 0.0, h.tokens);
                    if let Some(card) = self.db.condition(h.card) {
                        for r in &card.responses {
                            if r.trigger == Trigger::RoundEnd {
                                for e in &r.effects {
                                    if let Effect::Lose(b) = e {
                                        c += (b.small + b.medium + b.large) as f64
                                            * (h.tokens.max(1) as f64).min(3.0);
                                    }
                                }
                            }
                        }
                    }
                }
                if c.is_finite() {
                    v += c.max(-10.0);
                }
            }
        }
        v
    }
}
