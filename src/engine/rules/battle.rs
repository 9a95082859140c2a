//! The Battle Step (pp. 26–29): rounds of player and monster turns.

use super::{afford, each, not_now};
use crate::content::cards::{AttackKind, Trigger};
use crate::content::CardDb;
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::error::RuleError;
use crate::engine::event::{Event, RollFor, RollModifier, Source};
use crate::engine::flow::Task;
use crate::engine::pending::Pending;
use crate::engine::runner::Ctx;
use crate::engine::state::State;
use crate::engine::state::{Combat, Difficulty, Step};

/// Re-rolls in a row before the table is taken to show nothing (a guard, not a rule).
const MAX_REROLLS: u8 = 12;

/// Checks Attack and Skip, on the player's turn in battle.
pub(crate) fn check(s: &State, db: &CardDb, a: &Action) -> Result<(), RuleError> {
    match a {
        Action::Attack(i) if matches!(s.pending, Pending::Battle { .. }) => {
            let w = derived::weapon(s, db).ok_or(RuleError::NoSuchChoice)?;
            let at = w.attacks.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
            let armor = s.monster.as_ref().map(|m| m.armor).unwrap_or(0);
            match at.kind {
                AttackKind::ArmorBreaking if armor == 0 => return Err(RuleError::NoArmorLeft),
                AttackKind::Wounding if armor > 0 && !at.pierce => {
                    return Err(RuleError::ArmorUnbroken)
                }
                _ => {}
            }
            afford(s, &derived::attack_cost(s, db, &at.cost), "attack")
        }
        Action::Skip if matches!(s.pending, Pending::Battle { .. }) => Ok(()),
        _ => Err(not_now(&s.pending)),
    }
}

/// The player's turn in battle: the weapon's attacks, then (unless only an attack is allowed)
/// the turn actions and the monster sheet's actions, then Skip.
pub(crate) fn candidates(s: &State, db: &CardDb, attack_only: bool, out: &mut Vec<Action>) {
    if let Some(w) = derived::weapon(s, db) {
        each(out, w.attacks.len(), Action::Attack);
    }
    if !attack_only {
        super::actions::candidates(s, db, true, out);
        if let Some(m) = s.monster.as_ref().and_then(|m| db.monster(m.card)) {
            each(out, m.actions.len(), Action::MonsterAction);
        }
    }
    out.push(Action::Skip);
}

/// Carries out Attack or Skip.
pub(crate) fn exec(cx: &mut Ctx, a: Action) {
    match a {
        Action::Attack(i) => cx.attack(i),
        Action::Skip => cx.skip(),
        _ => {}
    }
}

impl Ctx<'_> {
    fn monster_first(&self) -> bool {
        self.s.setup.difficulty == Difficulty::Hard
    }

    fn window_then(&mut self, trigger: Trigger, next: Task) {
        self.then([
            Task::Window {
                trigger,
                options: None,
            },
            next,
        ]);
    }

    /// The trackers are set; battle-start responses fire; the first turn begins (p. 26).
    /// A weapon set aside by the Ambush Step (a temporary downgrade, p. 24) stays aside for the
    /// turns it has left and then comes back (p. 15: "set the Weapon Sheet aside for the noted
    /// duration"): the fresh combat state keeps it.
    pub fn start_battle(&mut self) {
        self.s.step = Step::Battle;
        let set_aside = std::mem::take(&mut self.s.combat.set_aside);
        let set_aside_turns = self.s.combat.set_aside_turns;
        self.s.combat = Combat {
            round: 1,
            set_aside,
            set_aside_turns,
            ..Combat::default()
        };
        let Some(m) = &self.s.monster else {
            return;
        };
        self.emit(Event::BattleStarted {
            monster: m.card,
            armor: m.armor,
            health: m.health,
        });
        self.window_then(Trigger::BattleStart, Task::FirstTurn);
    }

    /// Normal and Easy: the player first; Hard: the monster first (p. 18).
    pub fn first_turn(&mut self) {
        self.s.stats.rounds += 1;
        self.emit(Event::RoundStarted { round: 1 });
        if self.monster_first() {
            self.then([Task::MonsterTurn { bonus: 0 }, Task::AfterMonster]);
        } else {
            self.then([Task::PlayerTurn]);
        }
    }

    pub fn player_turn(&mut self) {
        self.s.combat.extra_sources.clear();
        self.window_then(Trigger::TurnStart, Task::TurnReady);
    }

    pub fn turn_ready(&mut self) {
        if self.s.combat.skip {
            self.s.combat.skip = false;
            self.emit(Event::TurnSkipped);
            self.then([Task::AfterPlayer]);
            return;
        }
        self.wait(Pending::Battle { attack_only: false });
    }

    /// After the player's turn: an extra attack or turn, else the weapon set aside ticks and the
    /// monster acts (or, monster-first, the round ends).
    pub fn after_player(&mut self) {
        if self.s.combat.extra_attack {
            self.s.combat.extra_attack = false;
            self.wait(Pending::Battle { attack_only: true });
            return;
        }
        if self.s.combat.extra_turn {
            self.s.combat.extra_turn = false;
            self.wait(Pending::Battle { attack_only: false });
            return;
        }
        if !self.s.combat.set_aside.is_empty() {
            self.s.combat.set_aside_turns = self.s.combat.set_aside_turns.saturating_sub(1);
            if self.s.combat.set_aside_turns == 0 {
                self.restore_weapons();
            }
        }
        if self.monster_first() {
            self.then([Task::EndRound]);
        } else {
            self.then([Task::MonsterTurn { bonus: 0 }, Task::AfterMonster]);
        }
    }

    /// The monster's combat roll (p. 28); responses may change it before it applies.
    /// A bonus comes from the monster's own sheet (an ambush or response that attacks with +N).
    pub fn monster_turn(&mut self, bonus: i8) {
        let v = self.roll(RollFor::Combat);
        self.s.combat.die = v;
        self.s.combat.roll = v as i8 + bonus;
        self.s.combat.bonus = bonus;
        self.s.combat.roll_mods.clear();
        if let (Some(m), true) = (&self.s.monster, bonus != 0) {
            let source = Source::Monster(m.card);
            self.s.combat.roll_mods.push(RollModifier {
                source,
                amount: bonus,
            });
        }
        self.window_then(Trigger::MonsterRoll, Task::ApplyRoll);
    }

    /// Applies the table row of the final roll: ignored verb, re-roll, effect, or alternative.
    pub fn apply_roll(&mut self) {
        let Some(card) = self.s.monster.as_ref().map(|m| m.card) else {
            return;
        };
        let Some(m) = self.db.monster(card) else {
            return;
        };
        let result = derived::final_roll(self.s, self.db);
        let raw = self.s.combat.roll.clamp(1, 6) as u8;
        let Some(row) = m.table.get(result as usize - 1) else {
            return;
        };
        self.emit(Event::CombatRolled {
            roll: derived::combat_roll(self.s, self.db),
        });
        self.emit(Event::MonsterActs {
            roll: raw,
            result,
            verb: row.verb.clone(),
        });
        if derived::verb_ignored(self.s, self.db, &row.verb) {
            self.emit(Event::VerbIgnored {
                verb: row.verb.clone(),
            });
            return;
        }
        if derived::must_reroll(self.s, &row.effects) && self.s.combat.rerolls < MAX_REROLLS {
            self.s.combat.rerolls += 1;
            self.emit(Event::Rerolls);
            let bonus = self.s.combat.bonus;
            self.then([Task::MonsterTurn { bonus }]);
            return;
        }
        self.s.combat.rerolls = 0;
        self.s.combat.verb = row.verb.clone();
        let list = if row.effects.iter().all(|e| self.applicable(e)) {
            &row.effects
        } else if !row.alt.is_empty() {
            self.emit(Event::AlternativeApplies);
            &row.alt
        } else {
            self.emit(Event::NothingHappens);
            self.s.combat.verb.clear();
            return;
        };
        let mut flow: Vec<Task> = list
            .iter()
            .map(|e| Task::Effect {
                source: Source::Monster(card),
                effect: e.clone(),
            })
            .collect();
        flow.push(Task::EndRow);
        self.then(flow);
    }

    pub fn after_monster(&mut self) {
        self.s.combat.verb.clear();
        if self.monster_first() {
            self.then([Task::PlayerTurn]);
        } else {
            self.then([Task::EndRound]);
        }
    }

    /// End of a round: round-limited conditions tick down, the wound cap resets (p. 17).
    pub fn end_round(&mut self) {
        let mut expired = Vec::new();
        for c in self.s.conditions.iter_mut().filter(|c| c.active()) {
            if let Some(r) = c.rounds.as_mut() {
                *r = r.saturating_sub(1);
                if *r == 0 {
                    expired.push(c.card);
                }
            }
        }
        for c in expired {
            self.discard_condition(c, false);
        }
        self.window_then(Trigger::RoundEnd, Task::NextRound);
    }

    pub fn next_round(&mut self) {
        self.s.combat.wounds_this_round = 0;
        self.s.combat.round += 1;
        self.s.stats.rounds += 1;
        let round = self.s.combat.round;
        self.emit(Event::RoundStarted { round });
        if self.monster_first() {
            self.then([Task::MonsterTurn { bonus: 0 }, Task::AfterMonster]);
        } else {
            self.then([Task::PlayerTurn]);
        }
    }

    /// Attack with weapon option `i` (p. 26): pay, let Wounding responses add power, resolve.
    pub fn attack(&mut self, i: u8) {
        let Some(w) = derived::weapon(self.s, self.db) else {
            return;
        };
        let Some(a) = w.attacks.get(i as usize) else {
            return;
        };
        let cost = derived::attack_cost(self.s, self.db, &a.cost);
        let wid = derived::weapon_id(self.s);
        self.pay(Source::Weapon(wid), &cost);
        self.s.combat.attack_bonus = 0;
        if a.kind == AttackKind::Wounding {
            self.then([
                Task::Window {
                    trigger: Trigger::WoundingChosen,
                    options: None,
                },
                Task::ResolveAttack { attack: i },
                Task::AfterPlayer,
            ]);
        } else {
            self.then([Task::ResolveAttack { attack: i }, Task::AfterPlayer]);
        }
        self.run();
    }

    pub fn resolve_attack(&mut self, i: u8) {
        let Some(w) = derived::weapon(self.s, self.db) else {
            return;
        };
        let Some(a) = w.attacks.get(i as usize).cloned() else {
            return;
        };
        let wid = derived::weapon_id(self.s);
        let bonus = self.s.combat.attack_bonus;
        self.s.combat.attack_bonus = 0;
        let ordered = derived::attack_power_ordered(self.s, self.db, a.kind, a.power, bonus);
        let power = ordered.power;
        if !ordered.order.is_empty() {
            self.emit(Event::PassivesOrdered {
                order: ordered.order,
                power,
                worse: ordered.worse,
            });
        }
        self.emit(Event::Attacked {
            weapon: wid,
            kind: a.kind,
            power,
        });
        if let Some(m) = self.s.monster.as_mut() {
            if m.defending {
                m.defending = false;
                self.emit(Event::AttackIgnored);
                return;
            }
        }
        match a.kind {
            AttackKind::ArmorBreaking => {
                self.break_armor(power);
                self.then([Task::Window {
                    trigger: Trigger::ArmorBreakingDone,
                    options: None,
                }]);
            }
            AttackKind::Wounding => self.wound_monster(power, a.pierce),
        }
    }

    /// Skip the turn (p. 27). After an extra attack, skipping gives it up.
    pub fn skip(&mut self) {
        self.then([Task::AfterPlayer]);
        self.run();
    }
}
