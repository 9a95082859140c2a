//! The one interpreter of card effects, and the resource bookkeeping every step shares:
//! paying, gaining, mandatory losses, Time, conditions, weapons and the monster's trackers.

use super::cards::{Effect, Passive, Test, When};
use super::event::{Event, RollFor, RollModifier, Source};
use super::pending::{Outcome, Pending};
use super::res::{Bundle, Res};
use super::rng::Dice;
use super::state::{HeldCondition, MonsterState, Step};
use super::tasks::{Ctx, Task};
use super::view;

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
        let c = view::effective_cost(self.s, cost);
        let plain = Bundle { time: 0, ..c };
        if let Some(pay) = self.s.stock.plan_payment(&plain) {
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

    /// Whether a mandatory loss can apply (see [`view::can_lose`]).
    pub fn can_lose(&self, b: &Bundle) -> bool {
        view::can_lose(self.s, b)
    }

    /// A mandatory loss. Effort is paid lowest category first with substitution; if it cannot be
    /// paid the game is lost at once (p. 10). Time in Level IV combat costs Small Effort (p. 29).
    pub fn lose(&mut self, source: Source, b: &Bundle, cause: &str) {
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
        let to = view::weapon_id(self.s);
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
        let from = view::weapon_id(self.s);
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
        self.s.monster = Some(MonsterState {
            card,
            armor: m.armor,
            max_armor: m.armor,
            health: m.health,
            max_health: m.health,
            defending: false,
        });
        self.emit(Event::MonsterRevealed { monster: card });
    }

    /// Inflicts wounds on the monster (p. 26): armor blocks unless `pierce`; the round's wound cap
    /// applies; at 0 Health it is defeated at once (p. 29).
    pub fn wound_monster(&mut self, n: u8, pierce: bool) {
        let room = view::wound_room(self.s, self.db);
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

    /// Whether an effect can apply as printed (see [`view::effect_applicable`]).
    pub fn applicable(&self, e: &Effect) -> bool {
        view::effect_applicable(self.s, e)
    }

    fn test(&mut self, source: Source, t: &Test) -> bool {
        match t {
            Test::RollAtMostTokens => {
                let tokens = match source {
                    Source::Condition(c) => self
                        .s
                        .conditions
                        .iter()
                        .find(|h| h.card == c && h.active())
                        .map(|h| h.tokens)
                        .unwrap_or(0),
                    _ => 0,
                };
                self.roll(RollFor::Check) <= tokens
            }
            Test::RollAboveLevel => {
                let level = self.s.level;
                self.roll(RollFor::Check) > level
            }
            Test::RollAtLeast(n) => self.roll(RollFor::Check) >= *n,
            Test::BasicWeapon => view::weapon(self.s, self.db).is_some_and(|w| w.basic),
            Test::AdvancedWeapon => view::weapon(self.s, self.db).is_some_and(|w| !w.basic),
            Test::ArmorBroken => self.s.monster.as_ref().is_some_and(|m| m.armor == 0),
            Test::Has(b) => self
                .s
                .stock
                .plan_payment(&Bundle { time: 0, ..*b })
                .is_some(),
            Test::LevelAtLeast(n) => self.s.level >= *n,
        }
    }

    /// Applies one effect.
    pub fn effect(&mut self, source: Source, e: &Effect) {
        match e {
            Effect::Gain(b) => self.gain(source, b),
            Effect::GainPerLevel(b) => {
                let mut total = Bundle::default();
                for (r, n) in b.entries() {
                    *total.slot(r) = n.saturating_mul(self.s.level);
                }
                self.gain(source, &total);
            }
            Effect::Lose(b) => {
                let from_row = matches!(source, Source::Monster(_))
                    && self.s.step == Step::Battle
                    && !self.s.combat.verb.is_empty();
                let effort = b.small + b.medium + b.large;
                if from_row && effort > 0 {
                    if !self.can_lose(b) {
                        self.emit(Event::NothingHappens);
                        return;
                    }
                    self.s.combat.loss = *b;
                    self.then([
                        Task::Window {
                            trigger: super::cards::Trigger::WoundLoss,
                            options: None,
                        },
                        Task::PayLoss { source },
                    ]);
                } else {
                    let cause = self.cause_of(source);
                    self.lose(source, b, &cause);
                }
            }
            Effect::Reduce { lose, gain } => {
                if self.applicable(e) {
                    let plain = Bundle { time: 0, ..*lose };
                    self.s.stock.take(&plain);
                    if !plain.is_empty() {
                        self.emit(Event::Lost {
                            source,
                            lost: plain,
                        });
                    }
                    if lose.time > 0 {
                        let cause = self.cause_of(source);
                        self.lose(source, &Bundle::of(Res::Time, lose.time), &cause);
                    }
                    self.gain(source, gain);
                } else {
                    self.emit(Event::NothingHappens);
                }
            }
            Effect::GainSkill => self.then([
                Task::Window {
                    trigger: super::cards::Trigger::SkillDraw,
                    options: None,
                },
                Task::DrawSkills,
            ]),
            Effect::DiscardCondition => {
                let options: Vec<u16> = self.s.conditions.iter().map(|c| c.card).collect();
                match options.len() {
                    0 => self.emit(Event::NothingHappens),
                    1 => {
                        let c = self.s.conditions[0].clone();
                        self.discard_condition(c.card, c.next_level);
                    }
                    _ => self.wait(Pending::ChooseCondition { options }),
                }
            }
            Effect::Commit => {
                self.s.committed = true;
                self.emit(Event::Committed);
            }
            Effect::Condition { id, when, tokens } => self.gain_condition(id.idx, *when, *tokens),
            Effect::Tokens { id, n } => {
                if let Some(h) = self
                    .s
                    .conditions
                    .iter_mut()
                    .find(|c| c.card == id.idx && c.active())
                {
                    h.tokens = h.tokens.saturating_add(*n);
                    let now = h.tokens;
                    self.emit(Event::TokensAdded {
                        condition: id.idx,
                        now,
                    });
                } else {
                    self.emit(Event::NothingHappens);
                }
            }
            Effect::RemoveToken => {
                if let Source::Condition(c) = source {
                    if let Some(h) = self
                        .s
                        .conditions
                        .iter_mut()
                        .find(|h| h.card == c && h.active())
                    {
                        h.tokens = h.tokens.saturating_sub(1);
                        let now = h.tokens;
                        self.emit(Event::TokenRemoved { condition: c, now });
                        if now == 0 {
                            self.discard_condition(c, false);
                        }
                    }
                }
            }
            Effect::Downgrade { turns } => {
                if !self.downgrade(*turns) {
                    self.emit(Event::NothingHappens);
                }
            }
            Effect::FreeUpgrade => self.free_upgrade(),
            Effect::ChooseWeapon { basic } => self.choose_weapon(*basic),
            Effect::BattleRollBonus(d) => {
                self.s
                    .combat
                    .battle_mods
                    .push(super::event::RollModifier { source, amount: *d });
                let bonus = self.s.combat.battle_mods.iter().map(|m| m.amount).sum();
                self.emit(Event::BattleRollBonus { bonus });
            }
            Effect::Defend => {
                if view::has_passive(self.s, self.db, &Passive::IgnoreDefend) {
                    self.emit(Event::NothingHappens);
                } else if let Some(m) = self.s.monster.as_mut() {
                    m.defending = true;
                    self.emit(Event::MonsterDefends);
                }
            }
            Effect::MonsterGain { armor, health } => {
                let bars = self.db.params.bars;
                if let Some(m) = self.s.monster.as_mut() {
                    let a = (*armor).min(bars.armor.saturating_sub(m.max_armor));
                    let h = (*health).min(bars.health.saturating_sub(m.max_health));
                    m.max_armor += a;
                    m.armor = (m.armor + a).min(bars.armor);
                    m.max_health += h;
                    m.health = (m.health + h).min(bars.health);
                    self.emit(Event::MonsterGained {
                        armor: a,
                        health: h,
                    });
                }
            }
            Effect::MonsterHeal(n) => {
                if let Some(m) = self.s.monster.as_mut() {
                    let h = (*n).min(m.max_health - m.health.min(m.max_health));
                    m.health += h;
                    self.emit(Event::MonsterHealed { amount: h });
                }
            }
            Effect::Wound { n, pierce } => {
                if let Source::Skill(k) = source {
                    self.note_skill(k);
                }
                self.wound_monster(*n, *pierce)
            }
            Effect::BreakArmor(n) => self.break_armor(*n),
            Effect::SkipTurn => self.s.combat.skip = true,
            Effect::ExtraTurn => {
                self.s.combat.extra_turn = true;
                self.emit(Event::ExtraTurn);
            }
            Effect::ExtraAttack => {
                self.s.combat.extra_attack = true;
                self.emit(Event::ExtraAttack);
            }
            Effect::MonsterAttack { bonus } => self.then([Task::MonsterTurn { bonus: *bonus }]),
            Effect::If {
                test,
                then,
                otherwise,
            } => {
                let list = if self.test(source, test) {
                    then
                } else {
                    otherwise
                };
                self.then_effects(source, list);
            }
            Effect::RevealMonster => self.reveal_monster(),
            Effect::ExploreBonus(n) => {
                self.s.explore_bonus = self.s.explore_bonus.saturating_add(*n);
                let cards = self.s.explore_bonus;
                self.emit(Event::ExploreBonus { cards });
            }
            Effect::ModifyRoll(d) => {
                let from = view::final_roll(self.s, self.db);
                let before = self.s.combat.roll;
                self.s.combat.roll = before.saturating_add(*d).clamp(-12, 18);
                let amount = self.s.combat.roll - before;
                if amount != 0 {
                    self.s
                        .combat
                        .roll_mods
                        .push(RollModifier { source, amount });
                }
                let to = view::final_roll(self.s, self.db);
                // A change the clamp (p. 28) swallows says nothing: no "from 6 to 6".
                if from != to {
                    self.emit(Event::RollChanged { from, to });
                }
            }
            Effect::Reroll => self.reroll(),
            Effect::ReduceLoss(n) => {
                let l = &mut self.s.combat.loss;
                let mut left = *n;
                let total = l.small as u16 + l.medium as u16 + l.large as u16;
                let mut room = total.saturating_sub(1) as u8;
                for r in Res::EFFORT {
                    let slot = l.slot(r);
                    let cut = left.min(*slot).min(room);
                    *slot -= cut;
                    left -= cut;
                    room -= cut;
                }
            }
            Effect::AttackBonus(d) => {
                self.s.combat.attack_bonus = self.s.combat.attack_bonus.saturating_add(*d)
            }
            Effect::RevealExtra(n) => self.s.reveal_extra = self.s.reveal_extra.saturating_add(*n),
            Effect::Bypass => {
                for t in self.s.tasks.iter_mut().rev() {
                    if let Task::Window {
                        options: Some(opts),
                        ..
                    } = t
                    {
                        opts.retain(|o| !matches!(o.source, Source::Condition(_)));
                        break;
                    }
                }
            }
        }
    }

    /// Rolls the monster's combat die again (I've Seen Worse, Lucky Charm, p. 16) and asks which
    /// result to use. Only the die is rolled again: the monster's bonus to this roll (the Crazed
    /// Survivor's +1, p. 12) and the responses already used on it apply to the new die as they
    /// did to the first, so "either of the results" are two rolls of the same attack.
    fn reroll(&mut self) {
        let c = &self.s.combat;
        let modifiers = c.roll - c.die as i8;
        let first = c.roll.clamp(1, 6) as u8;
        let die = self.roll(RollFor::Reroll);
        self.s.combat.rerolled = (die as i8).saturating_add(modifiers);
        let second = self.s.combat.rerolled.clamp(1, 6) as u8;
        self.wait(Pending::ChooseRoll { first, second });
    }

    /// The player keeps the first roll (0) or the re-roll (1); modifiers are kept unclamped, so
    /// the passives still apply to the whole sum before the clamp (p. 28).
    pub fn keep_roll(&mut self, i: u8) {
        if i == 1 {
            let c = &mut self.s.combat;
            c.die = (c.rerolled - (c.roll - c.die as i8)).clamp(1, 6) as u8;
            c.roll = c.rerolled;
        }
        self.run();
    }

    /// A free upgrade (p. 15): the sheet's printed paths are offered; one path is taken at once.
    fn free_upgrade(&mut self) {
        let options: Vec<u16> = view::weapon(self.s, self.db)
            .map(|w| w.upgrades.iter().map(|u| u.to.idx).collect())
            .unwrap_or_default();
        if !self.s.combat.set_aside.is_empty() {
            self.emit(Event::NothingHappens);
            return;
        }
        match options.as_slice() {
            [] => self.emit(Event::NothingHappens),
            [to] => self.upgrade_to(*to),
            _ => self.wait(Pending::ChooseUpgrade {
                options,
                replace: false,
            }),
        }
    }

    /// A weapon of the player's choice among one class ([`Effect::ChooseWeapon`]).
    fn choose_weapon(&mut self, basic: bool) {
        let start = self.db.start_weapon;
        let in_hand = view::weapon_id(self.s);
        let hand_basic = view::weapon(self.s, self.db).is_some_and(|w| w.basic);
        let options: Vec<u16> = (0..self.db.weapons.len() as u16)
            .filter(|i| *i != start && self.db.weapon(*i).is_some_and(|w| w.basic == basic))
            .collect();
        let tradeable = hand_basic || !basic;
        if options.is_empty() || !tradeable || !self.s.combat.set_aside.is_empty() {
            self.emit(Event::NothingHappens);
            return;
        }
        if options.len() == 1 {
            self.take_weapon(options[0], in_hand);
        } else {
            self.wait(Pending::ChooseUpgrade {
                options,
                replace: true,
            });
        }
    }

    /// Takes weapon `to` in place of the weapon in hand (over the starting weapon, on top);
    /// choosing the weapon in hand keeps it.
    pub fn take_weapon(&mut self, to: u16, in_hand: u16) {
        if to == in_hand {
            return;
        }
        if in_hand != self.db.start_weapon && self.s.weapons.len() > 1 {
            self.s.weapons.pop();
        }
        self.s.weapons.push(to);
        self.emit(Event::WeaponTaken { from: in_hand, to });
    }

    /// Records a skill used in this battle (High Stakes).
    pub fn note_skill(&mut self, k: u16) {
        if self.s.step == Step::Battle && !self.s.combat.skills_used.contains(&k) {
            self.s.combat.skills_used.push(k);
        }
    }

    /// The words for a defeat caused by a loss from this source.
    pub fn cause_of(&self, source: Source) -> String {
        super::text::source_name(self.db, self.s, source)
    }

    /// Pays the effort of a WOUND result after its window (Just a Scratch may have cut it).
    pub fn pay_loss(&mut self, source: Source) {
        let b = self.s.combat.loss;
        self.s.combat.loss = Bundle::default();
        let cause = self.cause_of(source);
        self.lose(source, &b, &cause);
    }
}
