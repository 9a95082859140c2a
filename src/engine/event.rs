//! What happened. The log, the animations and the screen-reader announcements are rendered
//! from events (see [`crate::engine::words`]).

use crate::content::cards::{AttackKind, When};
use crate::content::res::Bundle;
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RollModifier {
    /// The card or rule that changes the roll (the monster's bonus, a response, a passive).
    pub source: Source,
    /// What it adds (negative: subtracts).
    pub amount: i8,
}

/// A monster combat roll as the table shows it: "3 + 1 = 4" (p. 28). The die as rolled, each
/// modifier with its source in the order it applied (the monster's bonus, the responses used,
/// then the passives), and the result after the clamp to 1–6 — the row that applies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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

/// One thing that happened, in the order it happened. [`crate::engine::apply`] returns the
/// events of one move; the log, the animations and the announcements are rendered from them
/// alone, so every change a player should notice has an event. Card indices are into the
/// [`crate::content::CardDb`] the game was set up with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// A new game is dealt (p. 8): the first event of every game, before any die is rolled.
    GameStarted {
        /// The character sheet in play (card index).
        character: u16,
        /// Its art side, 0 or 1 (same rules, p. 16).
        side: u8,
    },
    /// A level's Travel Phase begins (p. 19), with the Time token already on its mark.
    LevelStarted {
        /// The level now played, 1–4.
        level: u8,
        /// The Time the level starts with (7 at Level I, p. 8; the rest tunable).
        time: i8,
    },
    /// The die showed `value`.
    DieRolled {
        /// Why it was rolled (the screen shows a combat die differently from a check).
        purpose: RollFor,
        /// The face, 1–6 (scripted rolls come first, for tests and scenarios).
        value: u8,
    },
    /// Paid a cost for an action, attack, response or exchange.
    Paid {
        /// The card or rule the cost was paid for.
        source: Source,
        /// What actually left the sheet, after effort substitution (p. 10); Time included.
        paid: Bundle,
    },
    /// Gained resources (what was actually gained after the bars' caps).
    Gained {
        /// The card or rule that gave them.
        source: Source,
        /// The gain after the caps (p. 11): a gain onto a full bar shows less than printed.
        gained: Bundle,
    },
    /// Lost resources to a mandatory loss (after effort substitution).
    Lost {
        /// The card or rule that took them (the defeat names it when it cannot be paid).
        source: Source,
        /// What left the sheet, lowest effort category first (RULINGS.md).
        lost: Bundle,
    },
    /// The Time token moved. Never emitted when it stays where it was.
    TimeChanged {
        /// Where the token stood.
        from: i8,
        /// Where it stands now, kept on the track (0 and below mean an ambush, p. 21).
        to: i8,
    },
    /// Took an action (general, travel, ability, skill or monster-sheet action).
    ActionTaken {
        /// The card or Actions Guide entry the action is printed on.
        source: Source,
        /// The action's printed name, for the log.
        name: String,
    },
    /// The next exploration reveals more cards (Orienteer, p. 21).
    ExploreBonus {
        /// Extra cards now waiting for the next exploration, in all.
        cards: u8,
    },
    /// A deck ran out and its discard pile was shuffled into it (p. 7). Random: undo stops here.
    Reshuffled {
        /// Which deck.
        deck: Deck,
    },
    /// Encounter cards turned face up by exploring (p. 22).
    EncountersRevealed {
        /// The cards, in the order of [`crate::engine::Action::Resolve`]'s index.
        cards: Vec<u16>,
    },
    /// The chosen encounter's exchange was paid; its gains follow (p. 22).
    EncounterResolved {
        /// The encounter card.
        card: u16,
    },
    /// A committed encounter whose exchange could not be paid: nothing gained (p. 23).
    EncounterForfeited {
        /// The encounter card.
        card: u16,
    },
    /// The player rested on a card: Small Effort equal to its Time value follows (p. 22).
    Rested {
        /// The encounter card rested on.
        card: u16,
    },
    /// "Commit to the next encounter" took hold: the next decision must be to explore and the
    /// card chosen must be resolved (pp. 22–23).
    Committed,
    /// The level's monster was turned face up (Scout, ambush or confrontation; pp. 21, 25).
    MonsterRevealed {
        /// The monster sheet.
        monster: u16,
    },
    /// Time ran out and the monster ambushes: its ambush effect follows (p. 24).
    Ambushed {
        /// The monster sheet.
        monster: u16,
    },
    /// Time ran out, but this monster's sheet has no ambush effect ("—", p. 24): straight to
    /// battle.
    NoAmbushEffect {
        /// The monster sheet.
        monster: u16,
    },
    /// The Trickery Step is skipped: the sheet has no trickery cost, or it is the Level IV
    /// monster (p. 25; pp. 33–34).
    CannotBeTricked {
        /// The monster sheet.
        monster: u16,
    },
    /// The player paid the trickery cost and escapes the level: no battle, no rewards (p. 25).
    Tricked {
        /// The monster sheet.
        monster: u16,
    },
    /// The Battle Step begins with the trackers set (p. 26).
    BattleStarted {
        /// The monster sheet.
        monster: u16,
        /// Its Armor tokens at the start (the ambush may already have changed them).
        armor: u8,
        /// Its Health tokens at the start.
        health: u8,
    },
    /// A combat round begins (p. 26).
    RoundStarted {
        /// The round's number in this battle, from 1.
        round: u16,
    },
    /// The player's turn passed without a choice (an effect made them skip it).
    TurnSkipped,
    /// A weapon attack resolved with this power (p. 26), before armor, DEFEND or caps act on it.
    Attacked {
        /// The weapon sheet attacked with.
        weapon: u16,
        /// Armor-Breaking or Wounding.
        kind: AttackKind,
        /// The power after the player's bonuses and passives.
        power: u8,
    },
    /// The player's passives changed an attack's power differently in different orders; they
    /// were applied in the order best for the player (p. 12): the cards in that order, the power
    /// it gave, and the power of the worst order.
    PassivesOrdered {
        /// The cards whose passives applied, in the order used.
        order: Vec<Source>,
        /// The power that order gave (the attack's power).
        power: u8,
        /// The power of the worst order, so the log can say what the order saved.
        worse: u8,
    },
    /// DEFEND made the monster ignore a weapon attack (p. 28).
    AttackIgnored,
    /// Armor tokens removed from the monster's tracker (p. 26).
    ArmorBroken {
        /// Tokens removed (never more than it had).
        amount: u8,
        /// Armor left.
        left: u8,
    },
    /// Health tokens removed from the monster's tracker (p. 26); at 0 it is defeated (p. 29).
    WoundsInflicted {
        /// Wounds dealt, after armor and caps.
        amount: u8,
        /// Health left.
        left: u8,
    },
    /// Wounds that armor or a cap stopped.
    WoundsPrevented {
        /// Wounds that did not land.
        amount: u8,
    },
    /// The monster's trackers and maxima rose (p. 27: "gain" raises both, capped by the track).
    MonsterGained {
        /// Armor gained (after the track's cap).
        armor: u8,
        /// Health gained (after the track's cap).
        health: u8,
    },
    /// The monster healed, never past its maximum (p. 27).
    MonsterHealed {
        /// Health actually restored.
        amount: u8,
    },
    /// DEFEND: the player's next weapon attack will be ignored (p. 28).
    MonsterDefends,
    /// The monster's combat roll about to apply, term by term (emitted just before
    /// [`Event::MonsterActs`], so the screen can show "3 + 1 = 4" and light the row).
    CombatRolled {
        /// The die, its modifiers with their sources, and the clamped result.
        roll: CombatRoll,
    },
    /// The monster's combat roll: the die, the final result after modifiers, its verb.
    MonsterActs {
        /// The die with the monster's bonus and the responses, clamped, before the passives
        /// and the battle's roll bonuses.
        roll: u8,
        /// The final row, 1–6, after every modifier and the clamp (p. 28).
        result: u8,
        /// The row's verb (MISS, WOUND, …), as printed.
        verb: String,
    },
    /// Nothing happens: a skill ignores this verb (p. 28).
    VerbIgnored {
        /// The verb ignored.
        verb: String,
    },
    /// The effect could not apply; the bracketed alternative applies instead (p. 28).
    AlternativeApplies,
    /// The effect could not apply and has no alternative (p. 28).
    NothingHappens,
    /// A duplicate condition made the monster roll again (p. 17).
    Rerolls,
    /// A response changed the row the monster's roll lands on (p. 28). Not emitted when the
    /// clamp swallows the change.
    RollChanged {
        /// The final roll before the response.
        from: u8,
        /// The final roll after it.
        to: u8,
    },
    /// A condition card came to the player (p. 17).
    ConditionGained {
        /// The condition card.
        condition: u16,
        /// Whether it acts now, next level, or for some rounds.
        when: When,
        /// Red tokens placed on it.
        tokens: u8,
    },
    /// A condition held for some rounds was gained again and lasts longer (p. 17).
    ConditionExtended {
        /// The condition card.
        condition: u16,
        /// Rounds it now has left.
        rounds: u8,
    },
    /// Tokens were placed on a held condition (p. 17).
    TokensAdded {
        /// The condition card.
        condition: u16,
        /// Tokens now on it.
        now: u8,
    },
    /// A token was taken off a condition; at 0 it is discarded (p. 17).
    TokenRemoved {
        /// The condition card.
        condition: u16,
        /// Tokens left on it.
        now: u8,
    },
    /// A condition left the player (expired, cured or ran out of tokens).
    ConditionDiscarded {
        /// The condition card.
        condition: u16,
    },
    /// End of the Combat Phase (p. 33): this level's conditions are discarded and those gained
    /// for the next level become active.
    ConditionsAdvanced,
    /// A new weapon sheet was laid over the one in hand (crafted or free, p. 15).
    WeaponUpgraded {
        /// The sheet that was in hand.
        from: u16,
        /// The sheet now in hand.
        to: u16,
    },
    /// The top weapon sheet was taken away (p. 15).
    WeaponDowngraded {
        /// The sheet taken away.
        from: u16,
        /// The sheet now in hand.
        to: u16,
        /// Player turns it stays set aside; 0 means for good.
        turns: u8,
    },
    /// A weapon set aside by a temporary downgrade came back (p. 15).
    WeaponRestored {
        /// The sheet back in hand.
        weapon: u16,
    },
    /// A weapon of choice taken in place of the one in hand (a reward, p. 13).
    WeaponTaken {
        /// The sheet that was in hand.
        from: u16,
        /// The sheet chosen.
        to: u16,
    },
    /// The monster's combat rolls get `bonus` (in all) for the rest of the battle.
    BattleRollBonus {
        /// The sum of every battle-long bonus granted so far.
        bonus: i8,
    },
    /// A response was used (p. 12); its cost and effects follow.
    ResponseUsed {
        /// The card the response is printed on.
        source: Source,
        /// Which of that card's responses.
        index: u8,
    },
    /// Character ability uses left this level (p. 16): after a use, and when refilled (p. 33).
    AbilityUsesLeft {
        /// Uses left.
        uses: u8,
    },
    /// Skill cards turned face up to keep one (p. 32).
    SkillsRevealed {
        /// The cards, in the order of [`crate::engine::Action::KeepSkill`]'s index.
        cards: Vec<u16>,
    },
    /// The player kept a skill; the others are discarded (p. 14).
    SkillKept {
        /// The skill card.
        card: u16,
    },
    /// The monster's Health reached 0 (p. 29): rewards follow.
    MonsterDefeated {
        /// The monster sheet.
        monster: u16,
    },
    /// The Hunger Step's meal (p. 32): each Food eaten gives 1 Small Effort.
    Ate {
        /// Food eaten (may be 0).
        food: u8,
        /// Food the level asked for.
        requirement: u8,
    },
    /// Food short of the requirement costs 1, then 2, then 3 … Small Effort (p. 32).
    Starved {
        /// Food not eaten.
        missing: u8,
        /// Small Effort it costs in all.
        cost: u8,
    },
    /// The player takes another turn after this one (designer's FAQ: Heroic Perseverance …).
    ExtraTurn,
    /// The player may make another weapon attack (Wrecker, p. 29).
    ExtraAttack,
    /// The Combat Phase of a level ended (p. 33).
    LevelCompleted {
        /// The level just completed.
        level: u8,
    },
    /// The Level IV monster is defeated: the game is won (pp. 33–34).
    GameWon {
        /// The score (p. 34).
        score: u32,
        /// Its rank's name (Prey … Nemesis).
        rank: String,
    },
    /// The game is lost (a loss that could not be paid, starvation, p. 10, p. 32).
    GameLost {
        /// The words for what ended it ("Kobold: could not pay 2 Small Effort").
        cause: String,
    },
    /// The last decision was taken back ([`crate::engine::Action::Undo`]).
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
    /// The encounter deck (p. 22).
    Encounter,
    /// The skill deck (p. 14).
    Skill,
}
