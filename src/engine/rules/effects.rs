//! The one interpreter of card effects: every `Effect` of the vocabulary, the tests they ask,
//! re-rolls and weapon choices. The bookkeeping they share is in [`crate::engine::bookkeeping`].

use super::{in_range, not_now};
use crate::content::cards::{Effect, Passive, Test};
use crate::content::res::{Bundle, Res};
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::error::RuleError;
use crate::engine::event::{Event, RollFor, RollModifier, Source};
use crate::engine::flow::Task;
use crate::engine::pending::Pending;
use crate::engine::runner::Ctx;
use crate::engine::state::State;
use crate::engine::state::Step;

/// Checks the choices an effect asks for: which roll to keep after a re-roll, which condition
/// to discard, which weapon a free upgrade or a weapon reward gives (p. 15).
pub(crate) fn check(s: &State, a: &Action) -> Result<(), RuleError> {
    match (a, &s.pending) {
        (Action::KeepRoll(i), Pending::ChooseRoll { .. }) => in_range(*i, 2),
        (Action::DiscardCondition(i), Pending::ChooseCondition { options }) => {
            in_range(*i, options.len())
        }
        (Action::ChooseUpgrade(i), Pending::ChooseUpgrade { options, .. }) => {
            in_range(*i, options.len())
        }
        (_, p) => Err(not_now(p)),
    }
}

/// The options of the choice an effect asks for.
pub(crate) fn candidates(p: &Pending, out: &mut Vec<Action>) {
    match p {
        Pending::ChooseRoll { .. } => {
            out.push(Action::KeepRoll(0));
            out.push(Action::KeepRoll(1));
        }
        Pending::ChooseCondition { options } => {
            super::each(out, options.len(), Action::DiscardCondition)
        }
        Pending::ChooseUpgrade { options, .. } => {
            super::each(out, options.len(), Action::ChooseUpgrade)
        }
        _ => {}
    }
}

/// Carries out a choice an effect asked for.
pub(crate) fn exec(cx: &mut Ctx, pending: &Pending, a: Action) {
    match (a, pending) {
        (Action::KeepRoll(i), Pending::ChooseRoll { .. }) => cx.keep_roll(i),
        (Action::DiscardCondition(i), Pending::ChooseCondition { options }) => {
            if let Some(&c) = options.get(i as usize) {
                let next =
                    cx.s.conditions
                        .iter()
                        .find(|h| h.card == c)
                        .map(|h| h.next_level)
                        .unwrap_or(false);
                cx.discard_condition(c, next);
            }
            cx.run();
        }
        (Action::ChooseUpgrade(i), Pending::ChooseUpgrade { options, replace }) => {
            match options.get(i as usize) {
                Some(&to) if *replace => {
                    let in_hand = derived::weapon_id(cx.s);
                    cx.take_weapon(to, in_hand);
                }
                Some(&to) => cx.upgrade_to(to),
                None => {}
            }
            cx.run();
        }
        _ => {}
    }
}

impl Ctx<'_> {
    /// Whether an effect can apply as printed (see [`derived::effect_applicable`]).
    pub fn applicable(&self, e: &Effect) -> bool {
        derived::effect_applicable(self.s, e)
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
            Test::BasicWeapon => derived::weapon(self.s, self.db).is_some_and(|w| w.basic),
            Test::AdvancedWeapon => derived::weapon(self.s, self.db).is_some_and(|w| !w.basic),
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
            Effect::GainPerLevel(b) => self.gain_per_level(source, b),
            Effect::Lose(b) => self.lose_effect(source, b),
            Effect::Reduce { lose, gain } => self.reduce(source, e, lose, gain),
            Effect::GainSkill => self.then([
                Task::Window {
                    trigger: crate::content::cards::Trigger::SkillDraw,
                    options: None,
                },
                Task::DrawSkills,
            ]),
            Effect::DiscardCondition => self.discard_a_condition(),
            Effect::Commit => {
                self.s.committed = true;
                self.emit(Event::Committed);
            }
            Effect::Condition { id, when, tokens } => self.gain_condition(id.idx, *when, *tokens),
            Effect::Tokens { id, n } => self.add_tokens(id.idx, *n),
            Effect::RemoveToken => self.remove_token(source),
            Effect::Downgrade { turns } => {
                if !self.downgrade(*turns) {
                    self.emit(Event::NothingHappens);
                }
            }
            Effect::FreeUpgrade => self.free_upgrade(),
            Effect::ChooseWeapon { basic } => self.choose_weapon(*basic),
            Effect::BattleRollBonus(d) => self.battle_roll_bonus(source, *d),
            Effect::Defend => self.defend(),
            Effect::MonsterGain { armor, health } => self.monster_gain(*armor, *health),
            Effect::MonsterHeal(n) => self.monster_heal(*n),
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
            } => self.if_effect(source, test, then, otherwise),
            Effect::RevealMonster => self.reveal_monster(),
            Effect::ExploreBonus(n) => self.explore_bonus(*n),
            Effect::ModifyRoll(d) => self.modify_roll(source, *d),
            Effect::Reroll => self.reroll(),
            Effect::ReduceLoss(n) => self.reduce_loss(*n),
            Effect::AttackBonus(d) => {
                self.s.combat.attack_bonus = self.s.combat.attack_bonus.saturating_add(*d)
            }
            Effect::RevealExtra(n) => self.s.reveal_extra = self.s.reveal_extra.saturating_add(*n),
            Effect::Bypass => self.bypass(),
        }
    }

    /// A gain times the current level.
    fn gain_per_level(&mut self, source: Source, b: &Bundle) {
        let mut total = Bundle::default();
        for (r, n) in b.entries() {
            *total.slot(r) = n.saturating_mul(self.s.level);
        }
        self.gain(source, &total);
    }

    /// A loss. Effort lost to a monster's table row opens the wound-loss window first (p. 28).
    fn lose_effect(&mut self, source: Source, b: &Bundle) {
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
                    trigger: crate::content::cards::Trigger::WoundLoss,
                    options: None,
                },
                Task::PayLoss { source },
            ]);
        } else {
            self.lose(source, b, None);
        }
    }

    /// Trade resources for others, only when the whole loss can be paid.
    fn reduce(&mut self, source: Source, e: &Effect, lose: &Bundle, gain: &Bundle) {
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
                self.lose(source, &Bundle::of(Res::Time, lose.time), None);
            }
            self.gain(source, gain);
        } else {
            self.emit(Event::NothingHappens);
        }
    }

    /// Discard a condition: the only one, or the one the player chooses.
    fn discard_a_condition(&mut self) {
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

    /// Tokens onto a condition in play.
    fn add_tokens(&mut self, card: u16, n: u8) {
        if let Some(h) = self
            .s
            .conditions
            .iter_mut()
            .find(|c| c.card == card && c.active())
        {
            h.tokens = h.tokens.saturating_add(n);
            let now = h.tokens;
            self.emit(Event::TokensAdded {
                condition: card,
                now,
            });
        } else {
            self.emit(Event::NothingHappens);
        }
    }

    /// A token off the condition that fired; at none left it is discarded.
    fn remove_token(&mut self, source: Source) {
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

    /// The monster gains Armor and Health, current and maximum, within its tracker.
    fn monster_gain(&mut self, armor: u8, health: u8) {
        let bars = self.db.params.bars;
        if let Some(m) = self.s.monster.as_mut() {
            let a = armor.min(bars.armor.saturating_sub(m.max_armor));
            let h = health.min(bars.health.saturating_sub(m.max_health));
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

    /// A modifier to the monster's combat roll, noted with its source.
    fn modify_roll(&mut self, source: Source, d: i8) {
        let from = derived::final_roll(self.s, self.db);
        let before = self.s.combat.roll;
        self.s.combat.roll = before.saturating_add(d).clamp(-12, 18);
        let amount = self.s.combat.roll - before;
        if amount != 0 {
            self.s
                .combat
                .roll_mods
                .push(RollModifier { source, amount });
        }
        let to = derived::final_roll(self.s, self.db);
        // A change the clamp (p. 28) swallows says nothing: no "from 6 to 6".
        if from != to {
            self.emit(Event::RollChanged { from, to });
        }
    }

    /// A pending Effort loss made smaller, never below 1.
    fn reduce_loss(&mut self, n: u8) {
        let l = &mut self.s.combat.loss;
        let mut left = n;
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

    /// The open window of the next trigger loses its condition responses.
    fn bypass(&mut self) {
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

    /// A bonus to the monster's combat rolls for the rest of the battle, noted with its source.
    fn battle_roll_bonus(&mut self, source: Source, d: i8) {
        self.s
            .combat
            .battle_mods
            .push(crate::engine::event::RollModifier { source, amount: d });
        let bonus = self.s.combat.battle_mods.iter().map(|m| m.amount).sum();
        self.emit(Event::BattleRollBonus { bonus });
    }

    /// DEFEND: the monster ignores the next weapon attack, unless a passive ignores DEFEND.
    fn defend(&mut self) {
        if derived::has_passive(self.s, self.db, &Passive::IgnoreDefend) {
            self.emit(Event::NothingHappens);
        } else if let Some(m) = self.s.monster.as_mut() {
            m.defending = true;
            self.emit(Event::MonsterDefends);
        }
    }

    /// The monster heals, never past its maximum Health.
    fn monster_heal(&mut self, n: u8) {
        if let Some(m) = self.s.monster.as_mut() {
            let h = n.min(m.max_health - m.health.min(m.max_health));
            m.health += h;
            self.emit(Event::MonsterHealed { amount: h });
        }
    }

    /// More cards revealed at the next exploration.
    fn explore_bonus(&mut self, n: u8) {
        self.s.explore_bonus = self.s.explore_bonus.saturating_add(n);
        let cards = self.s.explore_bonus;
        self.emit(Event::ExploreBonus { cards });
    }

    /// A test, then the effects for its outcome.
    fn if_effect(&mut self, source: Source, test: &Test, then: &[Effect], otherwise: &[Effect]) {
        let list = if self.test(source, test) {
            then
        } else {
            otherwise
        };
        self.then_effects(source, list);
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
        let options: Vec<u16> = derived::weapon(self.s, self.db)
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
        let in_hand = derived::weapon_id(self.s);
        let hand_basic = derived::weapon(self.s, self.db).is_some_and(|w| w.basic);
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
        crate::engine::words::source_name(self.db, self.s, source)
    }

    /// Pays the effort of a WOUND result after its window (Just a Scratch may have cut it).
    pub fn pay_loss(&mut self, source: Source) {
        let b = self.s.combat.loss;
        self.s.combat.loss = Bundle::default();
        self.lose(source, &b, None);
    }
}
