//! The whole position of a game: everything on the table, the decks, the random streams, and the
//! continuation the rules engine is in the middle of.

use super::event::Source;
use super::flow::Task;
use super::pending::Pending;
use super::rng::Rngs;
use super::shared::Shared;
use crate::content::cards::When;
use crate::content::res::Stock;
use serde::{Deserialize, Serialize};

/// The difficulty chosen at setup (p. 18): starting Small Effort, Easy's extras, and who acts
/// first in battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// 13 Small Effort (15 with the toggle), an extra resource by the die, a starting skill;
    /// the player acts first.
    Easy,
    /// 13 Small Effort; the player acts first.
    Normal,
    /// 10 Small Effort; the monster acts first in every round.
    Hard,
}

impl Difficulty {
    /// Every difficulty, easiest first (the new-game screen and the scorepad's columns).
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    /// The name a player reads.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Normal => "Normal",
            Difficulty::Hard => "Hard",
        }
    }

    /// Reads a difficulty as links and the CLI write it (`easy`, `normal`, `hard`), any case.
    pub fn parse(s: &str) -> Option<Difficulty> {
        match s.to_ascii_lowercase().as_str() {
            "easy" => Some(Difficulty::Easy),
            "normal" => Some(Difficulty::Normal),
            "hard" => Some(Difficulty::Hard),
            _ => None,
        }
    }
}

/// Everything chosen before the first card is dealt (p. 8, p. 18).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Setup {
    /// The seed of every random stream: one seed, one deal (see [`super::rng`]).
    pub seed: u64,
    /// Character id (`sneak`, `sage`, `hunter`, `brawler`).
    pub character: String,
    /// Art side 0 or 1: same rules, different adventurer (p. 16).
    pub side: u8,
    /// Easy, Normal or Hard (p. 18).
    pub difficulty: Difficulty,
    /// Easy only: begin with 15 Small Effort instead of 13 (p. 18).
    #[serde(default)]
    pub easy_toggle: bool,
}

/// Where the fox stands on the Quickstart Reference (p. 19).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Preparation and Decision Steps of the Travel Phase (pp. 20–22).
    Preparation,
    /// Exploration Step: encounter cards revealed (p. 22).
    Exploration,
    /// Step 1A: Time ran out (p. 24).
    Ambush,
    /// Step 1B: trick the monster or fight it (p. 25).
    Trickery,
    /// Step 2: the Battle Step's rounds (pp. 26–29).
    Battle,
    /// Step 3: the sheet's rewards and a skill (p. 32).
    Rewards,
    /// Step 4: eat or starve (p. 32).
    Hunger,
    /// End of the Combat Phase: on to the next level, or victory (p. 33).
    Advance,
    /// The game has ended.
    Over,
}

impl Step {
    /// The steps of a level in play order (the Quickstart Reference's track, p. 19).
    pub const ALL: [Step; 8] = [
        Step::Preparation,
        Step::Exploration,
        Step::Ambush,
        Step::Trickery,
        Step::Battle,
        Step::Rewards,
        Step::Hunger,
        Step::Advance,
    ];

    /// The step's name as the Quickstart Reference prints it.
    pub fn name(self) -> &'static str {
        match self {
            Step::Preparation => "Preparation & Decision",
            Step::Exploration => "Exploration",
            Step::Ambush => "Ambush",
            Step::Trickery => "Trickery",
            Step::Battle => "Battle",
            Step::Rewards => "Rewards",
            Step::Hunger => "Hunger",
            Step::Advance => "Advance",
            Step::Over => "Game over",
        }
    }
}

/// The monster on the table and its tracker tokens (counting down to 0, RULINGS.md).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MonsterState {
    /// The monster sheet.
    pub card: u16,
    /// Armor tokens left.
    pub armor: u8,
    /// The Armor maximum (the sheet's, raised by gains, p. 27).
    pub max_armor: u8,
    /// Health tokens left; 0 is defeat (p. 29).
    pub health: u8,
    /// The Health maximum: healing never passes it (p. 27).
    pub max_health: u8,
    /// DEFEND: the next weapon attack is ignored (p. 28).
    pub defending: bool,
}

impl MonsterState {
    /// A monster as it is revealed: its trackers set to the sheet's Armor and Health (p. 25).
    pub fn fresh(card: u16, sheet: &crate::content::cards::Monster) -> MonsterState {
        MonsterState {
            card,
            armor: sheet.armor,
            max_armor: sheet.armor,
            health: sheet.health,
            max_health: sheet.health,
            defending: false,
        }
    }
}

/// A condition card held by the player (p. 17).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeldCondition {
    /// The condition card.
    pub card: u16,
    /// Red tokens on the card (Paralyzed, Poisoned …).
    pub tokens: u8,
    /// Rounds left, for a condition gained for a number of rounds.
    pub rounds: Option<u8>,
    /// Gained "for the next level": waits beside the monster sheet, not yet active.
    pub next_level: bool,
}

impl HeldCondition {
    /// Whether it acts now (a next-level condition waits beside the monster sheet, p. 17).
    pub fn active(&self) -> bool {
        !self.next_level
    }

    /// A condition as gained: its rounds from [`When::Rounds`], waiting for [`When::NextLevel`].
    pub fn new(card: u16, when: When, tokens: u8) -> HeldCondition {
        HeldCondition {
            card,
            tokens,
            rounds: match when {
                When::Rounds(n) => Some(n),
                _ => None,
            },
            next_level: when == When::NextLevel,
        }
    }
}

/// Bookkeeping of the battle in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combat {
    /// The round being fought, from 1 (p. 26).
    pub round: u16,
    /// Wounds the monster suffered this round (for a wound cap).
    pub wounds_this_round: u8,
    /// The current monster roll (after responses, before passives and clamping).
    pub roll: i8,
    /// The verb of the row being applied.
    pub verb: String,
    /// The effort about to be lost to a WOUND result (its window may reduce it).
    pub loss: crate::content::res::Bundle,
    /// Power bonus collected in a wounding-chosen window.
    pub attack_bonus: i8,
    /// The player skips the next turn.
    pub skip: bool,
    /// The player takes another turn after this one (designer's FAQ).
    pub extra_turn: bool,
    /// The player may make another weapon attack after this one (Wrecker, p. 29).
    pub extra_attack: bool,
    /// Weapon sheets set aside by a temporary downgrade, and the player turns left.
    pub set_aside: Vec<u16>,
    /// Player turns until the weapons set aside come back (p. 15).
    pub set_aside_turns: u8,
    /// Re-rolls in a row, to end a table that re-rolls forever.
    pub rerolls: u8,
    /// Skills whose actions or responses were used in this battle (achievements).
    pub skills_used: Vec<u16>,
    /// Sources that already granted an extra attack or turn this turn ("limit 1 per turn").
    pub extra_sources: Vec<Source>,
    /// The bonus of the monster turn being rolled (kept for re-rolls).
    pub bonus: i8,
    /// The die of the current monster combat roll, before any modifier (`roll` minus `die` is
    /// what the monster's bonus and the responses so far added).
    #[serde(default)]
    pub die: u8,
    /// A re-roll waiting for the player's choice: the new die with the same modifiers (p. 16).
    #[serde(default)]
    pub rerolled: i8,
    /// What the monster's bonus and the responses added to the current roll, with their sources
    /// (`roll` = `die` + these); the passives are added on read ([`super::derived::combat_roll`]).
    #[serde(default)]
    pub roll_mods: Vec<super::event::RollModifier>,
    /// Added to every monster combat roll for the rest of this battle, with the card that
    /// granted it ([`crate::content::cards::Effect::BattleRollBonus`]); read with the passives.
    #[serde(default)]
    pub battle_mods: Vec<super::event::RollModifier>,
}

/// Per-game figures the achievements and the scorepad need (p. 35).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stats {
    /// Ambush effects suffered (Reckless).
    pub ambushes: u8,
    /// Small Effort lost (not spent) during Battle Steps (Not a Scratch).
    pub small_lost_in_battle: u16,
    /// Effort of any category lost in Hunger Steps (Glutton).
    pub effort_lost_in_hunger: u16,
    /// Food eaten in Hunger Steps (Ascetic).
    pub food_eaten: u16,
    /// Lowest the Time token went (All the Time in the World).
    pub lowest_time: i8,
    /// Character ability uses (Not Worth It).
    pub abilities_used: u16,
    /// Rests in Exploration Steps (No Rest for the Wicked).
    pub rests: u16,
    /// Weapon upgrades crafted or granted (Slugger).
    pub weapon_upgrades: u16,
    /// Levels whose monster was tricked (Conflict Avoidance).
    pub tricked_levels: Shared<Vec<u8>>,
    /// Monsters defeated in battle, with the skills used against each (High Stakes).
    pub defeated: Shared<Vec<Defeated>>,
    /// Encounters resolved.
    pub encounters: u16,
    /// Combat rounds fought.
    pub rounds: u16,
    /// Highest level reached.
    pub level_reached: u8,
}

/// One monster defeated in battle, for the achievements (High Stakes, p. 35).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Defeated {
    /// The monster sheet.
    pub monster: u16,
    /// The level it was faced at.
    pub level: u8,
    /// Skills whose actions or responses were used in that battle.
    pub skills_used: Vec<u16>,
}

/// The whole position.
///
/// Only the engine writes a position (its rules, its scenario loader and the what-if builder,
/// [`super::whatif`]). Its fields are public to read, but outside the engine a `State` is only
/// ever reached behind a shared reference ([`super::Game::state`], a [`super::whatif::WhatIf`]):
/// it is neither `Clone` nor `Deserialize`, so no code outside the engine can hold one it could
/// write to. The engine copies it with `State::copy`.
///
/// Reading it, and a changed copy through the what-if builder, compile outside the engine:
/// ```
/// # use unbroken::{content::CardDb, engine::{whatif::WhatIf, Difficulty, Game, Setup}};
/// # let setup = Setup { seed: 1, character: "sneak".into(), side: 0,
/// #     difficulty: Difficulty::Normal, easy_toggle: false };
/// let (g, _) = Game::new(setup, std::sync::Arc::new(CardDb::builtin()?))?;
/// let mut w = WhatIf::of(g.state());
/// w.set_level(3)?;
/// assert_eq!((g.state().level, w.level), (1, 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
/// Writing a field does not, on the game's position nor on a copy of it:
/// ```compile_fail
/// # use unbroken::{content::CardDb, engine::{Difficulty, Game, Setup}};
/// # let setup = Setup { seed: 1, character: "sneak".into(), side: 0,
/// #     difficulty: Difficulty::Normal, easy_toggle: false };
/// let (g, _) = Game::new(setup, std::sync::Arc::new(CardDb::builtin()?))?;
/// let mut s = g.state().clone(); // a reference: `State` is not `Clone`
/// s.level = 3;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
/// nor on one read from text:
/// ```compile_fail
/// let mut s: unbroken::engine::State = serde_json::from_str("{}").unwrap();
/// s.level = 3;
/// ```
#[derive(Debug, PartialEq, Eq, Serialize)]
pub struct State {
    /// What the game was set up with (a save replays from it).
    pub setup: Shared<Setup>,
    /// The character sheet in play (card index).
    pub character: u16,
    /// Level I–IV.
    pub level: u8,
    /// Where the game stands on the Quickstart Reference (p. 19).
    pub step: Step,
    /// The Resource/Effort Tracker.
    pub stock: Stock,
    /// The Time token; may go to 0 or below (ambush), RULINGS.md.
    pub time: i8,
    /// Level IV combat: the token is off the track; Time losses cost Small Effort (p. 29).
    pub time_removed: bool,
    /// Ability uses left this level (p. 16).
    pub uses: u8,
    /// Weapon sheets, each laid over the last; the top one is in hand (p. 15).
    pub weapons: Shared<Vec<u16>>,
    /// Held skills, in the order gained.
    pub skills: Shared<Vec<u16>>,
    /// Skill actions used up: (skill card, action index, once-per-game).
    pub spent_actions: Vec<(u16, u8, bool)>,
    /// Conditions held, active or waiting for the next level (p. 17).
    pub conditions: Vec<HeldCondition>,
    /// The encounter deck, top card last.
    pub encounter_deck: Shared<Vec<u16>>,
    /// Encounter cards played, shuffled back when the deck runs out (p. 7).
    pub encounter_discard: Shared<Vec<u16>>,
    /// The skill deck, top card last.
    pub skill_deck: Shared<Vec<u16>>,
    /// Skill cards revealed and not kept.
    pub skill_discard: Shared<Vec<u16>>,
    /// The level's monster once revealed.
    pub monster: Option<MonsterState>,
    /// Monsters already faced (never the same twice, RULINGS.md).
    pub monsters_faced: Shared<Vec<u16>>,
    /// Extra encounter cards at the next exploration (Orienteer).
    pub explore_bonus: u8,
    /// Extra cards from a response in an explore or skill-draw window.
    pub reveal_extra: u8,
    /// "Commit to the next encounter" is in force (p. 23).
    pub committed: bool,
    /// Whether this level ended in an ambush.
    pub ambushed: bool,
    /// The battle in progress (reset at its start, p. 26).
    pub combat: Combat,
    /// What the game waits for.
    pub pending: Pending,
    /// What the rules do next, innermost last.
    pub tasks: Vec<Task>,
    /// The random streams: a position carries its own future dice.
    pub rng: Rngs,
    /// Figures the scorepad and achievements read (p. 35).
    pub stats: Stats,
    /// A game saved before response windows were asked only when they matter (save version 2
    /// or older): its moves answer the windows as they were opened then, so it goes on opening
    /// them that way (a window of one mandatory response alone resolves by itself, every other
    /// opens; a roll's number counts, not only its row).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub legacy_windows: bool,
}

impl State {
    /// A copy of the position (the undo stack, a preview, a what-if). Engine-only, in place of
    /// `Clone`: every copy outside the engine is a [`super::Game`] or a
    /// [`super::whatif::WhatIf`], which keep it behind a shared reference.
    pub(in crate::engine) fn copy(&self) -> State {
        State {
            setup: self.setup.clone(),
            character: self.character,
            level: self.level,
            step: self.step,
            stock: self.stock,
            time: self.time,
            time_removed: self.time_removed,
            uses: self.uses,
            weapons: self.weapons.clone(),
            skills: self.skills.clone(),
            spent_actions: self.spent_actions.clone(),
            conditions: self.conditions.clone(),
            encounter_deck: self.encounter_deck.clone(),
            encounter_discard: self.encounter_discard.clone(),
            skill_deck: self.skill_deck.clone(),
            skill_discard: self.skill_discard.clone(),
            monster: self.monster.clone(),
            monsters_faced: self.monsters_faced.clone(),
            explore_bonus: self.explore_bonus,
            reveal_extra: self.reveal_extra,
            committed: self.committed,
            ambushed: self.ambushed,
            combat: self.combat.clone(),
            pending: self.pending.clone(),
            tasks: self.tasks.clone(),
            rng: self.rng.clone(),
            stats: self.stats.clone(),
            legacy_windows: self.legacy_windows,
        }
    }
}
