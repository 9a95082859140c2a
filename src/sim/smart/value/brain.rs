//! The smart bot's model of the game (the "brain"), built once per card set and shared by every
//! bot that plays it: plain positions and the battle prices precomputed for each weapon, monster
//! and level.
//!
//! Nothing here knows a card by its id: every value is derived from the card's effects, so the
//! model follows the content when balance work changes it.

use super::super::solve::table::Outlook;
use super::tuning::Tuning;
use crate::content::CardDb;
use crate::engine::cards::{AttackKind, Weapon};
use crate::engine::res::Bundle;
use crate::engine::whatif::WhatIf;
use crate::engine::{Difficulty, Game, Setup, State, Step};
use std::collections::HashMap;
use std::sync::Arc;

/// The model, built once per card set and shared by every bot that plays it.
pub struct Brain {
    pub db: Arc<CardDb>,
    pub t: Tuning,
    template: WhatIf,
    /// [order][weapon][level-1]: expected net cost of a level's monster (fight or trick), with a
    /// plain stock and no skills or conditions. order 0: player first, 1: monster first.
    pub(in crate::sim::smart) level_cost: [Vec<[f64; 4]>; 2],
    /// [order][weapon][monster]: expected fight cost and spread, plain stock.
    pub(in crate::sim::smart) fight_cost: [Vec<Vec<Outlook>>; 2],
    /// [weapon]: what one Medium and one Large Effort held are worth with that weapon in hand
    /// (see [`token_worth`]).
    pub(in crate::sim::smart) token_worth: Vec<[f64; 2]>,
    /// Skill values already worked out, shared by every bot using this model.
    pub skill_memo: std::sync::Mutex<HashMap<SkillKey, f64>>,
    /// Whether the player may use character abilities; false for a bot playing without them
    /// (`--policy noability`), so that it plans its battles and values its position as it
    /// will really play them.
    pub(in crate::sim::smart) abilities: bool,
    /// The model without abilities, built once and shared by every bot playing without them
    /// (so they share its skill values too).
    no_abilities: std::sync::OnceLock<Arc<Brain>>,
}

/// Everything a skill's memoised value depends on (`small::skill_value` reads a canonical
/// position: character, weapons, level, step, difficulty; and the weapon path a `rush` bot is
/// committed to, through the value of Wood and Metal). Without the path, a rush bot's values
/// were handed to every later bot sharing the model.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SkillKey {
    pub card: u16,
    pub character: u16,
    pub weapons: Vec<u16>,
    pub level: u8,
    pub step: u8,
    pub hard: bool,
    pub committed: Vec<u16>,
}

/// Plain stock assumed when the model prices a future battle.
pub(in crate::sim::smart) fn plain_stock() -> Bundle {
    Bundle {
        small: 12,
        food: 1,
        cunning: 1,
        ..Bundle::default()
    }
}

impl Brain {
    pub fn new(db: Arc<CardDb>) -> Brain {
        Brain::with_tuning(db, Tuning::from_env())
    }

    pub fn with_tuning(db: Arc<CardDb>, t: Tuning) -> Brain {
        let setup = Setup {
            seed: 1,
            character: db
                .characters
                .first()
                .map(|c| c.id.clone())
                .unwrap_or_default(),
            side: 0,
            difficulty: Difficulty::Normal,
            easy_toggle: false,
        };
        let template = Game::new(setup, db.clone())
            .map(|(g, _)| WhatIf::of(g.state()))
            .expect("the content sets up a game");
        let mut b = Brain {
            db,
            t,
            template,
            level_cost: [Vec::new(), Vec::new()],
            fight_cost: [Vec::new(), Vec::new()],
            token_worth: Vec::new(),
            skill_memo: std::sync::Mutex::new(HashMap::new()),
            abilities: true,
            no_abilities: std::sync::OnceLock::new(),
        };
        b.precompute();
        b
    }

    /// The same model for a player who never uses a character ability (the precomputed prices
    /// assume none already; the skill values are worked out again).
    pub fn without_abilities(&self) -> Brain {
        Brain {
            db: self.db.clone(),
            t: self.t.clone(),
            template: self.template.clone(),
            level_cost: self.level_cost.clone(),
            fight_cost: self.fight_cost.clone(),
            token_worth: self.token_worth.clone(),
            skill_memo: std::sync::Mutex::new(HashMap::new()),
            abilities: false,
            no_abilities: std::sync::OnceLock::new(),
        }
    }

    /// [`Brain::without_abilities`], built once per model and shared (this model itself when
    /// it already plays without them).
    pub fn without_abilities_shared(self: &Arc<Brain>) -> Arc<Brain> {
        if !self.abilities {
            return self.clone();
        }
        self.no_abilities
            .get_or_init(|| Arc::new(self.without_abilities()))
            .clone()
    }

    /// Whether the player can use a character ability now (uses left aside): the model plays
    /// with them, and no condition forbids them.
    pub fn abilities_usable(&self, s: &State) -> bool {
        self.abilities
            && !crate::engine::derived::has_passive(
                s,
                &self.db,
                &crate::engine::cards::Passive::NoAbilities,
            )
    }

    /// The model's price of a battle against `monster` with `weapon` in hand, the player moving
    /// first, from a plain stock (what `unbroken report --model` prints).
    pub fn fight_price(&self, weapon: u16, monster: u16) -> Option<f64> {
        self.fight_cost[0]
            .get(weapon as usize)
            .and_then(|v| v.get(monster as usize))
            .map(|o| o.cost)
    }

    /// A plain position: this weapon in hand (with its path below it), this monster, level.
    fn plain(&self, weapon: u16, monster: Option<u16>, level: u8, hard: bool) -> WhatIf {
        let mut s = self.template.clone();
        s.set_step(Step::Battle)
            .set_stock(crate::engine::res::Stock(plain_stock()))
            .clear_skills()
            .clear_conditions()
            .set_difficulty(if hard {
                Difficulty::Hard
            } else {
                Difficulty::Normal
            })
            .set_uses(0);
        // The model's own levels, weapons and monsters, all of the box: a refused step keeps
        // the template's (no monster for one the box lacks).
        let _ = s.set_level(level);
        let _ = s.set_weapons(&self.db, &self.path_to(weapon));
        if s.set_monster(&self.db, monster).is_err() {
            let _ = s.set_monster(&self.db, None);
        }
        s
    }

    /// A plain version of a position, for values that must not depend on the details of the
    /// stock (so they can be shared between games): same character, weapons, level, difficulty.
    pub fn canonical(&self, s: &State) -> WhatIf {
        let mut c = self.template.clone();
        c.set_difficulty(s.setup.difficulty)
            .set_step(s.step)
            .set_stock(crate::engine::res::Stock(plain_stock()))
            .set_uses(s.level)
            .set_time(s.time);
        // A position of a game of this box: its character, level and weapons are the box's.
        let _ = c.set_character(&self.db, s.character);
        let _ = c.set_level(s.level);
        let _ = c.set_weapons(&self.db, &s.weapons);
        c
    }

    /// The weapon sheets under `w`, from the starting weapon (for downgrades).
    fn path_to(&self, w: u16) -> Vec<u16> {
        let mut path = vec![w];
        let mut cur = w;
        for _ in 0..8 {
            if cur == self.db.start_weapon {
                break;
            }
            let from = self
                .db
                .weapons
                .iter()
                .position(|x| x.upgrades.iter().any(|u| u.to.idx == cur));
            match from {
                Some(f) => {
                    path.push(f as u16);
                    cur = f as u16;
                }
                None => break,
            }
        }
        path.reverse();
        path
    }

    fn precompute(&mut self) {
        let nw = self.db.weapons.len();
        self.token_worth = self
            .db
            .weapons
            .iter()
            .map(|w| token_worth(w, &self.t))
            .collect();
        for order in 0..2 {
            let mut fc = vec![vec![Outlook::default(); self.db.monsters.len()]; nw];
            let mut lc = vec![[0.0; 4]; nw];
            for w in 0..nw as u16 {
                for (mi, m) in self.db.monsters.iter().enumerate() {
                    let s = self.plain(w, Some(mi as u16), m.level, order == 1);
                    fc[w as usize][mi] = self.battle_from_start(&s);
                }
                for level in 1..=4u8 {
                    let s = self.plain(w, None, level, order == 1);
                    let mut sum = 0.0;
                    let mut n = 0.0;
                    for (mi, m) in self.db.monsters.iter().enumerate() {
                        if m.level != level {
                            continue;
                        }
                        let o = fc[w as usize][mi];
                        let net = self.net_fight(&s, mi as u16, o.cost);
                        let trick = m
                            .trick_cost()
                            .map(|b| self.stock_cost(&s, &b) + 2.0)
                            .unwrap_or(f64::INFINITY);
                        sum += net.min(trick);
                        n += 1.0;
                    }
                    lc[w as usize][level as usize - 1] = if n > 0.0 { sum / n } else { 0.0 };
                }
            }
            self.fight_cost[order] = fc;
            self.level_cost[order] = lc;
        }
    }

    pub(in crate::sim::smart) fn order(s: &State) -> usize {
        (s.setup.difficulty == Difficulty::Hard) as usize
    }
}

/// What one Medium and one Large Effort held are worth with weapon `w`, in Small Effort: the
/// most an attack paid with that one token saves against dealing the same power with Small
/// Effort alone (each extra attack a monster turn more), never more than converting Small
/// Effort into it costs (Focus, Inspiration; p. 21) and never less than the one Small Effort it
/// can always pay (RULINGS.md: 1 higher pays for exactly 1 lower). A Large pays for a Medium;
/// two Mediums make a Large by Inspiration.
pub(in crate::sim::smart) fn token_worth(w: &Weapon, t: &Tuning) -> [f64; 2] {
    const TOP: usize = 16;
    let mut direct = [0.0f64; 2];
    for kind in [AttackKind::ArmorBreaking, AttackKind::Wounding] {
        // Cheapest Small-only way to deal at least p of this kind.
        let mut f = [f64::INFINITY; TOP + 1];
        f[0] = -t.turn_price;
        for p in 1..=TOP {
            for a in w.attacks.iter().filter(|a| a.kind == kind && a.power > 0) {
                let c = &a.cost;
                if c.medium > 0 || c.large > 0 {
                    continue;
                }
                let rest = p.saturating_sub(a.power as usize);
                let v = c.small as f64 + t.turn_price + f[rest];
                f[p] = f[p].min(v);
            }
        }
        f[0] = 0.0;
        for a in w.attacks.iter().filter(|a| a.kind == kind) {
            let c = &a.cost;
            let slot = match (c.medium, c.large) {
                (1, 0) => 0,
                (0, 1) => 1,
                _ => continue,
            };
            let cap = if slot == 0 {
                t.medium_price
            } else {
                t.large_price
            };
            let save = (f[(a.power as usize).min(TOP)] - c.small as f64).min(cap);
            direct[slot] = direct[slot].max(save);
        }
    }
    let large = direct[1].max(direct[0]).max(1.0);
    let medium = direct[0].max((direct[1] - 0.5) / 2.0).max(1.0);
    [medium, large]
}
