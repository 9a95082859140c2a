//! The resource bookkeeping every step shares: rolling the die, paying, gaining, mandatory
//! losses (p. 10), Time (p. 20), conditions (p. 17), weapons (p. 15) and the monster's trackers
//! (p. 26). The effect interpreter ([`super::rules::effects`]) and the steps call these.

use super::derived;
use super::event::{Event, RollFor, Source};
use super::flow::Task;
use super::pending::Outcome;
use super::preview::PaidUp;
use super::rng::Dice;
use super::runner::Ctx;
use super::state::{HeldCondition, MonsterState, Step};
use crate::content::cards::When;
use crate::content::res::Bundle;

impl Ctx<'_> {
    /// Rolls the die (scripted rolls first) and logs it.
    pub fn roll(&mut self, purpose: RollFor) -> u8 {
        let v = self.s.rng.d6();
        self.emit(Event::DieRolled { purpose, value: v });
        v
    }

    /// Pays a voluntary cost already checked by validation: effort with substitution (p. 10);
    /// Time moves the token (or costs Small Effort with the token off the track, p. 29).
    pub fn pay(&mut self, source: Source, cost: &Bundle) {
        let c = derived::effective_cost(self.s, cost);
        let plain = Bundle { time: 0, ..c };
        if let Some(pay) = self.s.stock.plan_payment(&plain) {
            let up = (pay.small, pay.medium, pay.large) != (plain.small, plain.medium, plain.large);
            if self.watch && up && self.cut.is_none() {
                let effort = |b: &Bundle| Bundle {
                    small: b.small,
                    medium: b.medium,
                    large: b.large,
                    ..Bundle::default()
                };
                self.paid_up.push(PaidUp {
                    source,
                    asked: effort(&plain),
                    paid: effort(&pay),
                });
            }
            self.s.stock.take(&pay);
            let mut shown = pay;
            shown.time = c.time;
            if !shown.is_empty() {
                self.emit(Event::Paid {
                    source,
                    paid: shown,
                });
            }
        }
        if c.time > 0 {
            self.move_time(-(c.time as i16));
        }
    }

    /// Gains resources up to the bars; Time gained moves the token (none while it is off).
    pub fn gain(&mut self, source: Source, b: &Bundle) {
        let bars = self.db.params.bars;
        let mut got = self.s.stock.add(b, &bars);
        if b.time > 0 && !self.s.time_removed {
            let before = self.s.time;
            self.move_time(b.time as i16);
            got.time = (self.s.time - before).max(0) as u8;
        }
        if !got.is_empty() {
            self.emit(Event::Gained {
                source,
                gained: got,
            });
        }
    }

    /// Moves the Time token, kept on its track (0 ..= max). Reaching 0 in the Travel Phase is an
    /// ambush, handled when the step ends ([`Task::ToPrepare`]).
    pub fn move_time(&mut self, delta: i16) {
        let from = self.s.time;
        let max = self.db.params.bars.time as i16;
        let to = (from as i16 + delta).clamp(0, max) as i8;
        self.s.time = to;
        if to < self.s.stats.lowest_time {
            self.s.stats.lowest_time = to;
        }
        if from != to {
            self.emit(Event::TimeChanged { from, to });
        }
    }

    /// Whether a mandatory loss can apply (see [`derived::can_lose`]).
    pub fn can_lose(&self, b: &Bundle) -> bool {
        derived::can_lose(self.s, b)
    }

    /// A mandatory loss. Effort is paid lowest category first with substitution; if it cannot be
    /// paid the game is lost at once (p. 10), named after `cause`, or after the source when
    /// `None` (put in words only then: most losses are paid). Time in Level IV combat costs
    /// Small Effort (p. 29).
    pub fn lose(&mut self, source: Source, b: &Bundle, cause: Option<&str>) {
        let mut b = *b;
        if b.time > 0 {
            if self.s.time_removed {
                b.small = b.small.saturating_add(b.time);
            } else {
                self.move_time(-(b.time as i16));
            }
            b.time = 0;
        }
        if !self.can_lose(&b) {
            self.emit(Event::NothingHappens);
            return;
        }
        match self.s.stock.plan_payment(&b) {
            Some(pay) => {
                self.s.stock.take(&pay);
                if self.s.step == Step::Battle {
                    self.s.stats.small_lost_in_battle += pay.small as u16;
                }
                if self.s.step == Step::Hunger {
                    self.s.stats.effort_lost_in_hunger +=
                        (pay.small + pay.medium + pay.large) as u16;
                }
                if !pay.is_empty() {
                    self.emit(Event::Lost { source, lost: pay });
                }
            }
            None => {
                let level = self.s.level;
                let need = Bundle {
                    small: b.small,
                    medium: b.medium,
                    large: b.large,
                    ..Bundle::default()
                };
                let cause = cause.map_or_else(|| self.cause_of(source), str::to_string);
                self.end(Outcome::Defeat {
                    level,
                    cause: format!("{cause}: could not pay {}", need.describe()),
                });
            }
        }
    }

    /// Gains a condition (p. 17). Gaining one already active adds its tokens and extends its
    /// rounds; one already held for the next level is not gained twice.
    pub fn gain_condition(&mut self, card: u16, when: When, tokens: u8) {
        let next = when == When::NextLevel;
        if let Some(h) = self
            .s
            .conditions
            .iter_mut()
            .find(|c| c.card == card && c.next_level == next)
        {
            if next {
                return;
            }
            let mut out = Vec::new();
            if tokens > 0 {
                h.tokens = h.tokens.saturating_add(tokens);
                out.push(Event::TokensAdded {
                    condition: card,
                    now: h.tokens,
                });
            }
            if let (Some(r), When::Rounds(n)) = (h.rounds.as_mut(), when) {
                *r = r.saturating_add(n);
                out.push(Event::ConditionExtended {
                    condition: card,
                    rounds: *r,
                });
            }
            self.ev.extend(out);
            return;
        }
        self.s
            .conditions
            .push(HeldCondition::new(card, when, tokens));
        self.emit(Event::ConditionGained {
            condition: card,
            when,
            tokens,
        });
    }

    pub fn discard_condition(&mut self, card: u16, next_level: bool) {
        if let Some(i) = self
            .s
            .conditions
            .iter()
            .position(|c| c.card == card && c.next_level == next_level)
        {
            self.s.conditions.remove(i);
            self.emit(Event::ConditionDiscarded { condition: card });
        }
    }

    /// Downgrade the weapon one sheet (p. 15): for `turns` player turns, or for good (0).
    pub fn downgrade(&mut self, turns: u8) -> bool {
        if self.s.weapons.len() < 2 {
            return false;
        }
        let Some(from) = self.s.weapons.pop() else {
            return false;
        };
        let to = derived::weapon_id(self.s);
        if turns > 0 {
            self.s.combat.set_aside.push(from);
            self.s.combat.set_aside_turns = self.s.combat.set_aside_turns.max(turns);
        }
        self.emit(Event::WeaponDowngraded { from, to, turns });
        true
    }

    /// Weapons set aside come back (end of their turns, or end of the battle).
    pub fn restore_weapons(&mut self) {
        while let Some(w) = self.s.combat.set_aside.pop() {
            self.s.weapons.push(w);
            self.emit(Event::WeaponRestored { weapon: w });
        }
        self.s.combat.set_aside_turns = 0;
    }

    pub fn upgrade_to(&mut self, to: u16) {
        let from = derived::weapon_id(self.s);
        self.s.weapons.push(to);
        self.s.stats.weapon_upgrades += 1;
        self.emit(Event::WeaponUpgraded { from, to });
    }

    /// Reveals the level's monster by the monster die (p. 21, p. 25) and sets its trackers.
    pub fn reveal_monster(&mut self) {
        if self.s.monster.is_some() {
            return;
        }
        let v = self.s.rng.monster_die();
        self.emit(Event::DieRolled {
            purpose: RollFor::Monster,
            value: v,
        });
        let level = self.s.level;
        let card = self
            .db
            .monster_at(level, v)
            .filter(|m| !self.s.monsters_faced.contains(m))
            .or_else(|| {
                (0..self.db.monsters.len() as u16).find(|i| {
                    self.db.monster(*i).map(|m| m.level) == Some(level)
                        && !self.s.monsters_faced.contains(i)
                })
            });
        let Some(card) = card else {
            return;
        };
        let Some(m) = self.db.monster(card) else {
            return;
        };
        self.s.monster = Some(MonsterState::fresh(card, m));
        self.emit(Event::MonsterRevealed { monster: card });
    }

    /// Inflicts wounds on the monster (p. 26): armor blocks unless `pierce`; the round's wound cap
    /// applies; at 0 Health it is defeated at once (p. 29).
    pub fn wound_monster(&mut self, n: u8, pierce: bool) {
        let room = derived::wound_room(self.s, self.db);
        let Some(m) = self.s.monster.as_mut() else {
            return;
        };
        if m.armor > 0 && !pierce {
            self.emit(Event::WoundsPrevented { amount: n });
            return;
        }
        let dealt = n.min(room).min(m.health);
        m.health -= dealt;
        let left = m.health;
        self.s.combat.wounds_this_round = self.s.combat.wounds_this_round.saturating_add(dealt);
        if dealt < n {
            self.emit(Event::WoundsPrevented { amount: n - dealt });
        }
        if dealt > 0 {
            self.emit(Event::WoundsInflicted {
                amount: dealt,
                left,
            });
        }
        if left == 0 && self.s.step == Step::Battle {
            self.s.tasks.clear();
            self.s.tasks.push(Task::Defeated);
        }
    }

    pub fn break_armor(&mut self, n: u8) {
        if let Some(m) = self.s.monster.as_mut() {
            let amount = n.min(m.armor);
            m.armor -= amount;
            let left = m.armor;
            self.emit(Event::ArmorBroken { amount, left });
        }
    }
}
