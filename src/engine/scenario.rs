//! Hand-built mid-game positions: the CLI's `play --scenario` and the rulebook's worked examples.
//! Every field is checked; a scenario can only build a position the rules could reach: resources
//! within their bars (p. 10), a monster of its level (p. 26), cards that exist. The worked examples
//! are the Basilisk combat (pp. 29–31) and the Huntress hunger (p. 32).

use super::error::SetupError;
use super::flow::Task;
use super::game::Game;
use super::runner::Ctx;
use super::state::{HeldCondition, MonsterState, Setup, State};
use crate::content::cards::LAST_LEVEL;
use crate::content::res::Bundle;
use crate::content::CardDb;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where the scenario starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScenarioStep {
    /// The Preparation Step of the level.
    Prepare,
    /// The Trickery Step (the monster is revealed).
    Trickery,
    /// The beginning of the Battle Step (battle-start responses still to come).
    Battle,
    /// The Hunger Step after the level's monster.
    Hunger,
}

/// A condition held in a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioCondition {
    /// The condition card's id.
    pub id: String,
    /// Red tokens on it.
    #[serde(default)]
    pub tokens: u8,
    /// Rounds left, for a condition that lasts some rounds.
    #[serde(default)]
    pub rounds: Option<u8>,
    /// Waiting for the next level instead of active.
    #[serde(default)]
    pub next_level: bool,
}

/// The level's monster in a scenario, already revealed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioMonster {
    /// The monster sheet's id.
    pub id: String,
    /// Current armor and health tokens; default: the sheet's values.
    #[serde(default)]
    pub armor: Option<u8>,
    /// Health tokens left.
    #[serde(default)]
    pub health: Option<u8>,
}

/// A position built by hand (tests, the CLI's `--scenario`, rulebook examples): the setup,
/// then what is on the table, checked against the cards when it is built.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Character, side, difficulty and seed.
    pub setup: Setup,
    /// The level, 1–4.
    pub level: u8,
    /// Where the game stands.
    pub step: ScenarioStep,
    /// The Resource/Effort Tracker (Time is `time`).
    #[serde(default)]
    pub resources: Bundle,
    /// The Time token; default: the level's mark.
    #[serde(default)]
    pub time: Option<u8>,
    /// Ability uses left; default: the level.
    #[serde(default)]
    pub uses: Option<u8>,
    /// Weapon sheets from the bottom (Bare Hands) to the one in hand.
    #[serde(default)]
    pub weapons: Vec<String>,
    /// Skill cards held, by id.
    #[serde(default)]
    pub skills: Vec<String>,
    /// Conditions held.
    #[serde(default)]
    pub conditions: Vec<ScenarioCondition>,
    /// The monster on the table, if revealed.
    #[serde(default)]
    pub monster: Option<ScenarioMonster>,
    /// Scripted die results, used before the random streams.
    #[serde(default)]
    pub dice: Vec<u8>,
    /// Encounter cards stacked on top of the deck, first drawn first.
    #[serde(default)]
    pub encounter_top: Vec<String>,
    /// Skill cards stacked on top of the deck, first drawn first.
    #[serde(default)]
    pub skill_top: Vec<String>,
}

fn bad(field: &str, message: impl Into<String>) -> SetupError {
    SetupError::BadScenario {
        field: field.into(),
        message: message.into(),
    }
}

impl Scenario {
    /// Builds the position, then runs the rules up to the first decision.
    pub fn build(&self, db: Arc<CardDb>) -> Result<(Game, Vec<super::event::Event>), SetupError> {
        if !(1..=4).contains(&self.level) {
            return Err(bad("level", "levels run from 1 to 4"));
        }
        let mut setup = self.setup.clone();
        // Easy's set-up roll and skill would run before the scenario's position replaces it.
        let difficulty = setup.difficulty;
        setup.difficulty = super::state::Difficulty::Normal;
        let (g, _) = Game::new(setup, db.clone())?;
        let mut s = g.state().copy();
        s.setup.difficulty = difficulty;
        self.place_trackers(&mut s, &db)?;
        self.place_cards(&mut s, &db)?;
        self.place_monster(&mut s, &db)?;
        self.stack_decks(&mut s, &db)?;
        s.rng.script.extend(self.dice.iter().copied());
        s.tasks.clear();
        let first = match self.step {
            ScenarioStep::Prepare => Task::ToPrepare,
            ScenarioStep::Trickery => Task::Confront,
            ScenarioStep::Battle => {
                s.time_removed = self.level == LAST_LEVEL;
                Task::StartBattle
            }
            ScenarioStep::Hunger => Task::Hunger,
        };
        let mut events = Vec::new();
        {
            let mut cx = Ctx::new(&mut s, &db, &mut events);
            cx.then([first]);
            cx.run();
        }
        Ok((Game::from_state(s, db), events))
    }

    /// The level, the resources, Time and ability uses, each within its bar.
    fn place_trackers(&self, s: &mut State, db: &CardDb) -> Result<(), SetupError> {
        let bars = db.params.bars;
        s.level = self.level;
        s.stats.level_reached = self.level;
        for (r, n) in self.resources.entries() {
            if r == crate::content::res::Res::Time {
                return Err(bad("resources.time", "Time goes in the `time` field"));
            }
            if n > bars.max(r) {
                return Err(bad(
                    &format!("resources.{}", r.key()),
                    "past the bar's maximum",
                ));
            }
        }
        s.stock = crate::content::res::Stock(self.resources);
        let t = self
            .time
            .unwrap_or(db.params.time_per_level[(self.level - 1) as usize]);
        if t > bars.time {
            return Err(bad("time", "past the Time track"));
        }
        s.time = t as i8;
        s.stats.lowest_time = s.time;
        s.uses = self.uses.unwrap_or(self.level);
        if s.uses > 4 {
            return Err(bad("uses", "the ability bar holds at most 4"));
        }
        Ok(())
    }

    /// The weapons, skills and conditions held, by id.
    fn place_cards(&self, s: &mut State, db: &CardDb) -> Result<(), SetupError> {
        if !self.weapons.is_empty() {
            s.weapons.clear();
            for (i, w) in self.weapons.iter().enumerate() {
                let idx = db
                    .weapons
                    .iter()
                    .position(|x| &x.id == w)
                    .ok_or_else(|| bad(&format!("weapons[{i}]"), format!("no weapon `{w}`")))?;
                s.weapons.push(idx as u16);
            }
        }
        for (i, k) in self.skills.iter().enumerate() {
            let idx = db
                .skills
                .iter()
                .position(|x| &x.id == k)
                .ok_or_else(|| bad(&format!("skills[{i}]"), format!("no skill `{k}`")))?
                as u16;
            s.skill_deck.retain(|c| *c != idx);
            s.skills.push(idx);
        }
        for (i, c) in self.conditions.iter().enumerate() {
            let idx = db
                .conditions
                .iter()
                .position(|x| x.id == c.id)
                .ok_or_else(|| {
                    bad(
                        &format!("conditions[{i}]"),
                        format!("no condition `{}`", c.id),
                    )
                })? as u16;
            s.conditions.push(HeldCondition {
                card: idx,
                tokens: c.tokens,
                rounds: c.rounds,
                next_level: c.next_level,
            });
        }
        Ok(())
    }

    /// The revealed monster, of this level, with trackers within its sheet; required past Preparation.
    fn place_monster(&self, s: &mut State, db: &CardDb) -> Result<(), SetupError> {
        if let Some(m) = &self.monster {
            let idx = db
                .monsters
                .iter()
                .position(|x| x.id == m.id)
                .ok_or_else(|| bad("monster.id", format!("no monster `{}`", m.id)))?;
            let card = &db.monsters[idx];
            if card.level != self.level {
                return Err(bad("monster.id", "the monster belongs to another level"));
            }
            let armor = m.armor.unwrap_or(card.armor);
            let health = m.health.unwrap_or(card.health);
            if armor > card.armor || health == 0 || health > card.health {
                return Err(bad("monster", "trackers outside the sheet's values"));
            }
            s.monster = Some(MonsterState {
                card: idx as u16,
                armor,
                max_armor: card.armor,
                health,
                max_health: card.health,
                defending: false,
            });
        } else if self.step != ScenarioStep::Prepare {
            return Err(bad("monster", "this step needs the monster"));
        }
        Ok(())
    }

    /// The encounter and skill cards put on top of their decks, first named on top.
    fn stack_decks(&self, s: &mut State, db: &CardDb) -> Result<(), SetupError> {
        for (i, id) in self.encounter_top.iter().enumerate().rev() {
            let idx = db
                .encounters
                .iter()
                .position(|x| &x.id == id)
                .ok_or_else(|| {
                    bad(
                        &format!("encounter_top[{i}]"),
                        format!("no encounter `{id}`"),
                    )
                })? as u16;
            if let Some(p) = s.encounter_deck.iter().position(|c| *c == idx) {
                s.encounter_deck.remove(p);
            }
            s.encounter_deck.push(idx);
        }
        for (i, id) in self.skill_top.iter().enumerate().rev() {
            let idx = db
                .skills
                .iter()
                .position(|x| &x.id == id)
                .ok_or_else(|| bad(&format!("skill_top[{i}]"), format!("no skill `{id}`")))?
                as u16;
            if s.skills.contains(&idx) {
                return Err(bad(
                    &format!("skill_top[{i}]"),
                    "that skill is already held",
                ));
            }
            s.skill_deck.retain(|c| *c != idx);
            s.skill_deck.push(idx);
        }
        Ok(())
    }
}

/// The position a scenario written as JSON builds, for unit tests (a bad scenario is the test's
/// own mistake, so it panics).
#[cfg(test)]
pub(crate) fn test_game(db: &Arc<CardDb>, scenario: serde_json::Value) -> Game {
    let sc: Scenario = serde_json::from_value(scenario).expect("scenario");
    sc.build(db.clone()).expect("position").0
}
