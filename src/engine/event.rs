//! What happened. The log, the animations and the screen-reader announcements are rendered
//! from events (see [`crate::engine::text`]).

use super::cards::{AttackKind, When};
use super::res::Bundle;
use serde::{Deserialize, Serialize};

/// Where an effect, cost or response came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The rules themselves (hunger, time, setup).
    Rules,
    /// A general or travel action from the Actions Guide, by index.
    General(u8),
    /// The character sheet's ability, by index.
    Ability(u8),
    /// A skill card, by card index.
    Skill(u16),
    /// A weapon sheet, by card index.
    Weapon(u16),
    /// The monster sheet, by card index.
    Monster(u16),
    /// A condition card, by card index.
    Condition(u16),
    /// An encounter card, by card index.
    Encounter(u16),
}

/// Why a die was rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollFor {
    /// Easy's extra starting resource (p. 18).
    EasyBonus,
    /// Which monster of the level (p. 25).
    Monster,
    /// The monster's combat roll (p. 28).
    Combat,
    /// A re-roll of the combat roll.
    Reroll,
    /// A roll asked for by a card.
    Check,
}

/// One term added to the monster's combat roll, with what added it (p. 28: the die, then every
/// modifier, then the clamp to 1–6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RollModifier {
    /// The card or rule that changes the roll (the monster's bonus, a response, a passive).
    pub source: Source,
    /// What it adds (negative: subtracts).
    pub amount: i8,
}

/// A monster combat roll as the table shows it: "3 + 1 = 4" (p. 28). The die as rolled, each
/// modifier with its source in the order it applied (the monster's bonus, the responses used,
/// then the passives), and the result after the clamp to 1–6 — the row that applies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatRoll {
    /// The die as rolled (or as kept after a re-roll).
    pub die: u8,
    /// Every modifier, with its source.
    pub modifiers: Vec<RollModifier>,
    /// The final roll, clamped to 1–6: the row of the monster's table.
    pub result: u8,
}

impl CombatRoll {
    /// The unclamped sum of the die and the modifiers.
    pub fn sum(&self) -> i16 {
        self.die as i16 + self.modifiers.iter().map(|m| m.amount as i16).sum::<i16>()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    GameStarted {
        character: u16,
        side: u8,
    },
    LevelStarted {
        level: u8,
        time: i8,
    },
    /// The die showed `value`.
    DieRolled {
        purpose: RollFor,
        value: u8,
    },
    /// Paid a cost for an action, attack, response or exchange.
    Paid {
        source: Source,
        paid: Bundle,
    },
    /// Gained resources (what was actually gained after the bars' caps).
    Gained {
        source: Source,
        gained: Bundle,
    },
    /// Lost resources to a mandatory loss (after effort substitution).
    Lost {
        source: Source,
        lost: Bundle,
    },
    /// The Time token moved.
    TimeChanged {
        from: i8,
        to: i8,
    },
    /// Took an action (general, travel, ability, skill or monster-sheet action).
    ActionTaken {
        source: Source,
        name: String,
    },
    ExploreBonus {
        cards: u8,
    },
    Reshuffled {
        deck: Deck,
    },
    EncountersRevealed {
        cards: Vec<u16>,
    },
    EncounterResolved {
        card: u16,
    },
    /// A committed encounter whose exchange could not be paid: nothing gained (p. 23).
    EncounterForfeited {
        card: u16,
    },
    Rested {
        card: u16,
    },
    Committed,
    MonsterRevealed {
        monster: u16,
    },
    Ambushed {
        monster: u16,
    },
    NoAmbushEffect {
        monster: u16,
    },
    CannotBeTricked {
        monster: u16,
    },
    Tricked {
        monster: u16,
    },
    BattleStarted {
        monster: u16,
        armor: u8,
        health: u8,
    },
    RoundStarted {
        round: u16,
    },
    TurnSkipped,
    Attacked {
        weapon: u16,
        kind: AttackKind,
        power: u8,
    },
    /// The player's passives changed an attack's power differently in different orders; they
    /// were applied in the order best for the player (p. 12): the cards in that order, the power
    /// it gave, and the power of the worst order.
    PassivesOrdered {
        order: Vec<Source>,
        power: u8,
        worse: u8,
    },
    /// DEFEND made the monster ignore a weapon attack (p. 28).
    AttackIgnored,
    ArmorBroken {
        amount: u8,
        left: u8,
    },
    WoundsInflicted {
        amount: u8,
        left: u8,
    },
    /// Wounds that armor or a cap stopped.
    WoundsPrevented {
        amount: u8,
    },
    MonsterGained {
        armor: u8,
        health: u8,
    },
    MonsterHealed {
        amount: u8,
    },
    MonsterDefends,
    /// The monster's combat roll about to apply, term by term (emitted just before
    /// [`Event::MonsterActs`], so the screen can show "3 + 1 = 4" and light the row).
    CombatRolled {
        roll: CombatRoll,
    },
    /// The monster's combat roll: the die, the final result after modifiers, its verb.
    MonsterActs {
        roll: u8,
        result: u8,
        verb: String,
    },
    /// Nothing happens: a skill ignores this verb (p. 28).
    VerbIgnored {
        verb: String,
    },
    /// The effect could not apply; the bracketed alternative applies instead (p. 28).
    AlternativeApplies,
    /// The effect could not apply and has no alternative (p. 28).
    NothingHappens,
    /// A duplicate condition made the monster roll again (p. 17).
    Rerolls,
    RollChanged {
        from: u8,
        to: u8,
    },
    ConditionGained {
        condition: u16,
        when: When,
        tokens: u8,
    },
    ConditionExtended {
        condition: u16,
        rounds: u8,
    },
    TokensAdded {
        condition: u16,
        now: u8,
    },
    TokenRemoved {
        condition: u16,
        now: u8,
    },
    ConditionDiscarded {
        condition: u16,
    },
    ConditionsAdvanced,
    WeaponUpgraded {
        from: u16,
        to: u16,
    },
    WeaponDowngraded {
        from: u16,
        to: u16,
        turns: u8,
    },
    WeaponRestored {
        weapon: u16,
    },
    /// A weapon of choice taken in place of the one in hand (a reward, p. 13).
    WeaponTaken {
        from: u16,
        to: u16,
    },
    /// The monster's combat rolls get `bonus` (in all) for the rest of the battle.
    BattleRollBonus {
        bonus: i8,
    },
    ResponseUsed {
        source: Source,
        index: u8,
    },
    AbilityUsesLeft {
        uses: u8,
    },
    SkillsRevealed {
        cards: Vec<u16>,
    },
    SkillKept {
        card: u16,
    },
    MonsterDefeated {
        monster: u16,
    },
    Ate {
        food: u8,
        requirement: u8,
    },
    Starved {
        missing: u8,
        cost: u8,
    },
    ExtraTurn,
    ExtraAttack,
    LevelCompleted {
        level: u8,
    },
    GameWon {
        score: u32,
        rank: String,
    },
    GameLost {
        cause: String,
    },
    Undone,
}

impl Event {
    /// A die roll or a card reveal: new information undo never takes back.
    pub fn is_random(&self) -> bool {
        matches!(
            self,
            Event::DieRolled { .. }
                | Event::EncountersRevealed { .. }
                | Event::SkillsRevealed { .. }
                | Event::MonsterRevealed { .. }
                | Event::Reshuffled { .. }
        )
    }
}

/// The two decks with discard piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    Encounter,
    Skill,
}
