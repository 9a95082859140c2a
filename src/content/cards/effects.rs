//! What happens: the [`Effect`] words a card's costs, rows, responses and actions are written in,
//! with the small words they use ([`When`] a condition takes hold, the [`Test`] of an
//! [`Effect::If`], the [`AttackKind`] a passive touches). One interpreter in the engine runs them
//! (`engine::rules::effects`), so a new rule a card needs is a new word here.

use super::super::res::Bundle;
use super::Ref;
use serde::{Deserialize, Serialize};

/// When a gained condition takes hold (p. 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// Active at once, for the rest of this combat.
    Now,
    /// Active during the next level (placed next to the monster sheet until then).
    NextLevel,
    /// Active at once for this many combat rounds; gaining it again extends it.
    Rounds(u8),
}

/// A test made by an [`Effect::If`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Test {
    /// Roll the die: passes if the result is at most the tokens on the source condition (Paralyzed).
    RollAtMostTokens,
    /// Roll the die: passes if the result is above the current level (Dangerous Idea).
    RollAboveLevel,
    /// Roll the die: passes if the result is at least this.
    RollAtLeast(u8),
    /// The current weapon is a basic weapon.
    BasicWeapon,
    /// The current weapon is an advanced weapon.
    AdvancedWeapon,
    /// The monster's armor is broken (0).
    ArmorBroken,
    /// The player holds at least these resources (Time excluded).
    Has(Bundle),
    /// The game is at least at this level.
    LevelAtLeast(u8),
}

/// Which weapon attacks a passive touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// Removes Armor tokens; only while Armor ≥ 1 (p. 26).
    ArmorBreaking,
    /// Removes Health tokens; needs the Armor at 0 unless it pierces (p. 27).
    Wounding,
}

/// One thing that happens. Costs are paid before effects; effects never ask to be paid for
/// except [`Effect::Lose`] and [`Effect::Reduce`], which are mandatory losses (RULINGS.md).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    /// Gain resources; Time gained moves the Time token; excess over a bar is lost (p. 11).
    Gain(Bundle),
    /// Gain this bundle once per level of the current level (Daring: Small Effort equal to the
    /// level, p. 30).
    GainPerLevel(Bundle),
    /// Lose resources (mandatory). Effort is paid lowest category first and the game is lost if it
    /// cannot be (p. 10); any other resource the player lacks makes the effect "unable" (p. 28).
    /// Time lost in Level IV combat is lost as Small Effort instead (p. 29).
    Lose(Bundle),
    /// Reduce (p. 28): lose `lose` (exact resources only) and gain `gain`; unable if short.
    Reduce {
        /// Taken exactly as printed (no effort substitution): short of it, the effect is unable.
        lose: Bundle,
        /// Given once the loss is taken.
        gain: Bundle,
    },
    /// Draw skill cards (2, or more with responses) and keep one (p. 32).
    GainSkill,
    /// Discard one active or next-level condition of the player's choice (p. 17).
    DiscardCondition,
    /// Commit to the next encounter (p. 23).
    Commit,
    /// Gain a condition, with tokens on it if it uses them (p. 17).
    Condition {
        /// The condition card.
        id: Ref,
        /// Now, next level, or for some rounds.
        when: When,
        /// Red tokens placed on it (the bracket on the monster sheet, p. 17).
        #[serde(default)]
        tokens: u8,
    },
    /// Place tokens on a condition the player has ("+1 Paralysis"); unable if not held.
    Tokens {
        /// The condition that must be held (active).
        id: Ref,
        /// Tokens added.
        n: u8,
    },
    /// Remove one token from the condition that carries this effect; at 0 it is discarded.
    RemoveToken,
    /// Downgrade the weapon (p. 15): for this many of the player's turns, or 0 for good.
    /// Unable with Bare Hands.
    Downgrade {
        /// The player's turns the sheet stays set aside; 0 is for good.
        turns: u8,
    },
    /// Upgrade the weapon for free (rare encounters; the glossary: "or, rarely, through other
    /// game effects") along one of the upgrade paths printed on its sheet (p. 15), the player's
    /// choice
    /// ([`crate::engine::Pending::ChooseUpgrade`]); a sheet with one path takes it at once. A
    /// sheet with no path, or a weapon set aside, gains nothing.
    FreeUpgrade,
    /// Take a weapon sheet of your choice from the basic (or advanced) weapons, in place of the
    /// weapon in hand (the Crazed Survivor's "Reward: Basic Weapon of choice", p. 13). The
    /// starting weapon is never on offer; keeping the weapon in hand is (it is one of the
    /// choices when it is of that class). An advanced weapon in hand is never traded for a
    /// basic one (p. 15: one weapon at a time, and the new sheet would be worse): nothing
    /// happens. Over the starting weapon, the chosen sheet is laid on top.
    ChooseWeapon {
        /// True: the basic weapons are on offer; false: the advanced ones.
        basic: bool,
    },
    /// The monster ignores the player's next weapon attack (p. 28). Does not stack.
    Defend,
    /// The monster gains Armor and/or Health: current and maximum (p. 27).
    MonsterGain {
        /// Armor added to the tracker and its maximum.
        #[serde(default)]
        armor: u8,
        /// Health added to the tracker and its maximum.
        #[serde(default)]
        health: u8,
    },
    /// The monster heals, never past its maximum (p. 27).
    MonsterHeal(u8),
    /// Inflict wounds by an action or response; blocked by armor unless `pierce` (p. 27).
    Wound {
        /// Wounds inflicted (the round's wound cap still applies, p. 29).
        n: u8,
        /// Whether the wounds ignore unbroken Armor.
        #[serde(default)]
        pierce: bool,
    },
    /// Break armor by an action or response.
    BreakArmor(u8),
    /// The player skips their next turn (or this one, at the start of a turn).
    SkipTurn,
    /// After this, the player takes another turn: an attack or an action (designer's FAQ).
    ExtraTurn,
    /// After this, the player may make another weapon attack (Wrecker, p. 29).
    ExtraAttack,
    /// The monster takes a turn now, with this modifier to its combat roll.
    MonsterAttack {
        /// Added to that combat roll only (shown as the monster's modifier).
        bonus: i8,
    },
    /// Roll or check; run `then` if it passes, else `otherwise`.
    If {
        /// The roll or check made (a roll is a random event: undo stops there).
        test: Test,
        /// Effects when it passes.
        #[serde(default)]
        then: Vec<Effect>,
        /// Effects when it fails.
        #[serde(default)]
        otherwise: Vec<Effect>,
    },
    /// Reveal the monster of this level (the Scout travel action, p. 21).
    RevealMonster,
    /// Reveal this many more encounter cards at the next exploration (Orienteer, p. 21).
    ExploreBonus(u8),
    /// In a combat-roll window: change the monster's roll (clamped 1–6, p. 28).
    ModifyRoll(i8),
    /// Every monster combat roll gets this much more for the rest of the battle (the Crazed
    /// Survivor's response "gains +1 to all Combat Rolls", p. 13). Applied with the passives,
    /// after responses (p. 12), and clamped 1–6 with them (p. 28); bonuses granted twice add up.
    BattleRollBonus(i8),
    /// In a combat-roll window: roll again and use either result (I've Seen Worse, p. 16).
    Reroll,
    /// In a wound-loss window: lose this much less, to a minimum of 1 (Just a Scratch, p. 16).
    ReduceLoss(u8),
    /// In a wounding-chosen window: raise the attack's power (Power Through, p. 16).
    AttackBonus(i8),
    /// In an explore or skill-draw window: reveal this many more cards (Take a Peek, Flexible).
    RevealExtra(u8),
    /// Skip the responses of conditions still waiting in this window (Basilisk's Metal, p. 29).
    Bypass,
}
