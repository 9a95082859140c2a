//! What-if positions: the one way code outside the engine gets a position the game did not reach
//! by its own moves. Bots value hypotheticals (this monster instead of the face-down one, the
//! supplies after crafting, a plain stock to share a price between games) and sample futures
//! (the decks and dice re-drawn); only the engine writes a [`State`], so they ask for them here.
//!
//! A [`WhatIf`] is a copy of a position changed through named steps, each checked against the
//! rules' bounds and the box (a level is I to IV, a monster, weapon, skill or condition is a
//! card of the box, a payment is affordable); a step that would leave those bounds is refused
//! with a [`WhatIfError`] and changes nothing. It reads as the [`State`] it holds (`Deref`), so
//! every valuation that takes `&State` takes it as it is. [`Game::resampled`] is the sampled
//! future as a [`Game`] the rules can play on: the same position with its hidden order (decks,
//! dice, the monster die) drawn again from a seed.

use super::cards::{Monster, LAST_LEVEL};
use super::game::Game;
use super::res::{Payment, Res, Stock};
use super::rng::{shuffle, Rngs};
use super::state::{HeldCondition, MonsterState, State, Stats, Step};
use super::Difficulty;
use crate::content::CardDb;
use std::fmt;
use std::ops::Deref;

/// A what-if step refused: the position it would make is not one the rules can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhatIfError {
    /// Levels run from I to IV (p. 5).
    NoSuchLevel(u8),
    /// The index names no card of that kind in the box.
    NoSuchCard(&'static str, u16),
    /// The supplies held cannot pay the cost.
    CannotPay,
}

impl fmt::Display for WhatIfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WhatIfError::NoSuchLevel(l) => write!(f, "there is no level {l}"),
            WhatIfError::NoSuchCard(kind, i) => write!(f, "no {kind} card number {i}"),
            WhatIfError::CannotPay => write!(f, "the supplies held cannot pay that"),
        }
    }
}

impl std::error::Error for WhatIfError {}

/// A copy of a position, changed only through the checked steps below; read it as a [`State`].
#[derive(Debug)]
pub struct WhatIf {
    state: State,
}

impl Clone for WhatIf {
    fn clone(&self) -> WhatIf {
        WhatIf {
            state: self.state.copy(),
        }
    }
}

impl Deref for WhatIf {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl WhatIf {
    /// A copy of `s` to change.
    pub fn of(s: &State) -> WhatIf {
        WhatIf { state: s.copy() }
    }

    /// The supplies replaced by `stock` (every tracker stays within its bar: a [`Stock`] is
    /// bounded by its type).
    pub fn set_stock(&mut self, stock: Stock) -> &mut WhatIf {
        self.state.stock = stock;
        self
    }

    /// `pay` taken from the supplies; refused when they do not hold it.
    pub fn pay(&mut self, pay: &Payment) -> Result<&mut WhatIf, WhatIfError> {
        if pay.entries().any(|(r, n)| self.state.stock.get(r) < n) {
            return Err(WhatIfError::CannotPay);
        }
        self.state.stock.take(pay);
        Ok(self)
    }

    /// `n` of one resource traded for `m` of another (effort converted before a battle, p. 13);
    /// refused when fewer than `n` are held.
    pub fn convert(
        &mut self,
        from: Res,
        n: u8,
        to: Res,
        m: u8,
    ) -> Result<&mut WhatIf, WhatIfError> {
        if self.state.stock.get(from) < n {
            return Err(WhatIfError::CannotPay);
        }
        *self.state.stock.0.slot(from) -= n;
        let held = self.state.stock.0.slot(to);
        *held = held.saturating_add(m);
        Ok(self)
    }

    /// Time spent (the token may go to 0 or below: an ambush, RULINGS.md).
    pub fn spend_time(&mut self, t: u8) -> &mut WhatIf {
        self.state.time = self.state.time.saturating_sub(t as i8);
        self
    }

    /// The Time token set where `time` stands.
    pub fn set_time(&mut self, time: i8) -> &mut WhatIf {
        self.state.time = time;
        self
    }

    /// Ability uses left this level.
    pub fn set_uses(&mut self, uses: u8) -> &mut WhatIf {
        self.state.uses = uses;
        self
    }

    /// The weapon sheet `weapon` laid over the one in hand (a craft, p. 15).
    pub fn add_weapon(&mut self, db: &CardDb, weapon: u16) -> Result<&mut WhatIf, WhatIfError> {
        db.weapon(weapon)
            .ok_or(WhatIfError::NoSuchCard("weapon", weapon))?;
        self.state.weapons.push(weapon);
        Ok(self)
    }

    /// The weapon sheets replaced by `path`, the one in hand last.
    pub fn set_weapons(&mut self, db: &CardDb, path: &[u16]) -> Result<&mut WhatIf, WhatIfError> {
        if let Some(w) = path.iter().find(|w| db.weapon(**w).is_none()) {
            return Err(WhatIfError::NoSuchCard("weapon", *w));
        }
        self.state.weapons = path.to_vec().into();
        Ok(self)
    }

    /// The top weapon sheet taken off (a downgrade, p. 15); the last sheet always stays.
    pub fn drop_weapon(&mut self) -> &mut WhatIf {
        if self.state.weapons.len() > 1 {
            self.state.weapons.pop();
        }
        self
    }

    /// The game at `level` (I to IV).
    pub fn set_level(&mut self, level: u8) -> Result<&mut WhatIf, WhatIfError> {
        if !(1..=LAST_LEVEL).contains(&level) {
            return Err(WhatIfError::NoSuchLevel(level));
        }
        self.state.level = level;
        Ok(self)
    }

    /// The game at step `step` of the Quickstart Reference.
    pub fn set_step(&mut self, step: Step) -> &mut WhatIf {
        self.state.step = step;
        self
    }

    /// The difficulty the game is played at.
    pub fn set_difficulty(&mut self, d: Difficulty) -> &mut WhatIf {
        self.state.setup.difficulty = d;
        self
    }

    /// The character sheet in play.
    pub fn set_character(&mut self, db: &CardDb, c: u16) -> Result<&mut WhatIf, WhatIfError> {
        db.character(c)
            .ok_or(WhatIfError::NoSuchCard("character", c))?;
        self.state.character = c;
        Ok(self)
    }

    /// `monster` on the table as it is revealed, its trackers at the sheet's values (p. 25);
    /// None: no monster.
    pub fn set_monster(
        &mut self,
        db: &CardDb,
        monster: Option<u16>,
    ) -> Result<&mut WhatIf, WhatIfError> {
        self.state.monster = match monster {
            None => None,
            Some(m) => Some(fresh(db, m)?),
        };
        Ok(self)
    }

    /// The monster on the table gains Armor and Health, its maximums with them (a battle-start
    /// response, p. 26), within its trackers (Armor 6, Health 20).
    pub fn monster_gains(&mut self, armor: u8, health: u8) -> &mut WhatIf {
        if let Some(ms) = self.state.monster.as_mut() {
            ms.armor = (ms.armor + armor).min(6);
            ms.max_armor = (ms.max_armor + armor).min(6);
            ms.health = (ms.health + health).min(20);
            ms.max_health = (ms.max_health + health).min(20);
        }
        self
    }

    /// `skill` held, after the others.
    pub fn add_skill(&mut self, db: &CardDb, skill: u16) -> Result<&mut WhatIf, WhatIfError> {
        db.skill(skill)
            .ok_or(WhatIfError::NoSuchCard("skill", skill))?;
        self.state.skills.push(skill);
        Ok(self)
    }

    /// No skill held.
    pub fn clear_skills(&mut self) -> &mut WhatIf {
        self.state.skills.clear();
        self
    }

    /// `held` gained (a condition card of the box).
    pub fn add_condition(
        &mut self,
        db: &CardDb,
        held: HeldCondition,
    ) -> Result<&mut WhatIf, WhatIfError> {
        db.condition(held.card)
            .ok_or(WhatIfError::NoSuchCard("condition", held.card))?;
        self.state.conditions.push(held);
        Ok(self)
    }

    /// No condition held.
    pub fn clear_conditions(&mut self) -> &mut WhatIf {
        self.state.conditions.clear();
        self
    }

    /// The encounter deck (top card last) and its discard pile replaced; refused unless every
    /// card is an encounter card of the box.
    pub fn set_encounter_decks(
        &mut self,
        db: &CardDb,
        deck: &[u16],
        discard: &[u16],
    ) -> Result<&mut WhatIf, WhatIfError> {
        if let Some(c) = deck
            .iter()
            .chain(discard)
            .find(|c| db.encounter(**c).is_none())
        {
            return Err(WhatIfError::NoSuchCard("encounter", *c));
        }
        self.state.encounter_deck = deck.to_vec().into();
        self.state.encounter_discard = discard.to_vec().into();
        Ok(self)
    }

    /// "Commit to the next encounter" in force or not (p. 23).
    pub fn set_committed(&mut self, on: bool) -> &mut WhatIf {
        self.state.committed = on;
        self
    }

    /// The scorepad's figures replaced (rests, lowest Time …): what the game has counted so
    /// far, read by the scorepad and achievements and by no rule.
    pub fn set_stats(&mut self, stats: Stats) -> &mut WhatIf {
        self.state.stats = stats;
        self
    }
}

/// A monster as revealed, checked against the box.
fn fresh(db: &CardDb, m: u16) -> Result<MonsterState, WhatIfError> {
    let sheet: &Monster = db.monster(m).ok_or(WhatIfError::NoSuchCard("monster", m))?;
    Ok(MonsterState::fresh(m, sheet))
}

impl Game {
    /// This game as one future of it: the same position, its random streams seeded by `seed`
    /// and the encounter and skill decks shuffled by them, so the order of the decks, the dice
    /// and the face-down monster are drawn again while everything the player sees stays. Undo
    /// is off (a sampled future is played forward only). What bots look ahead on: they never
    /// see the real deal.
    pub fn resampled(&self, seed: u64) -> Game {
        let mut st = self.state().copy();
        st.rng = Rngs::new(seed);
        shuffle(&mut st.rng.encounter, &mut st.encounter_deck);
        shuffle(&mut st.rng.skill, &mut st.skill_deck);
        let mut c = Game::from_state(st, self.db_arc());
        c.set_undo(false);
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Difficulty, Setup};
    use std::sync::Arc;

    fn game() -> Game {
        let db = Arc::new(CardDb::builtin().expect("box"));
        let setup = Setup {
            seed: 11,
            character: "sneak".into(),
            side: 0,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        Game::new(setup, db).expect("dealt").0
    }

    /// A step out of the rules' bounds is refused and changes nothing.
    #[test]
    fn a_refused_step_leaves_the_position_as_it_was() {
        let g = game();
        let db = g.db();
        let mut w = WhatIf::of(g.state());
        assert_eq!(w.set_level(5).err(), Some(WhatIfError::NoSuchLevel(5)));
        assert_eq!(w.set_level(0).err(), Some(WhatIfError::NoSuchLevel(0)));
        let none = db.monsters.len() as u16;
        assert_eq!(
            w.set_monster(db, Some(none)).err(),
            Some(WhatIfError::NoSuchCard("monster", none))
        );
        assert!(w.add_skill(db, db.skills.len() as u16).is_err());
        assert!(w.add_weapon(db, db.weapons.len() as u16).is_err());
        let held = w.stock.get(Res::Small);
        let too_much = crate::engine::res::Bundle::of(Res::Small, held + 1);
        assert_eq!(w.pay(&too_much).err(), Some(WhatIfError::CannotPay));
        assert!(w.convert(Res::Small, held + 1, Res::Cunning, 1).is_err());
        assert_eq!(*w, *g.state());
        w.set_level(3).expect("level III");
        w.set_monster(db, Some(0)).expect("a monster of the box");
        assert_eq!(w.level, 3);
        assert_eq!(w.monster.as_ref().map(|m| m.card), Some(0));
        assert_eq!(g.state().level, 1, "the game itself is untouched");
    }

    /// A sampled future keeps what the player sees and re-draws only the hidden order, the
    /// same way for the same seed.
    #[test]
    fn a_resampled_game_keeps_the_table_and_redraws_the_decks() {
        let g = game();
        let a = g.resampled(5);
        let b = g.resampled(5);
        assert_eq!(a.state(), b.state());
        let (s, t) = (g.state(), a.state());
        assert_eq!(
            (s.level, s.time, s.stock, s.uses),
            (t.level, t.time, t.stock, t.uses)
        );
        let sorted = |v: &[u16]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v
        };
        assert_eq!(sorted(&s.encounter_deck), sorted(&t.encounter_deck));
        assert_eq!(sorted(&s.skill_deck), sorted(&t.skill_deck));
        assert!(!a.can_undo());
        let c = g.resampled(6);
        assert!(
            c.state().encounter_deck != a.state().encounter_deck
                || c.state().skill_deck != a.state().skill_deck
        );
    }
}
