//! The card vocabulary: every sheet and card of the box as plain serde data.
//!
//! `content/*.json` is read straight into these types; `crate::content` validates it and resolves
//! every [`Ref`] to an index. The engine interprets [`Effect`], [`Passive`] and [`Response`] with
//! one interpreter and never looks at a card's id: a rule a card needs is a word here, not an `if`.

use super::res::{Bars, Bundle};
use serde::{Deserialize, Serialize};

/// A reference by id to another card (a condition, a weapon, a skill, a monster).
/// Content writes the id as a string; loading fills `idx` or reports the dangling id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ref {
    /// The card's id as written in `content/*.json`.
    pub id: String,
    /// Its index in the database's list of that kind (`u16::MAX` until resolved).
    pub idx: u16,
}

/// In JSON (human-readable) a reference is its id; in the binary copy `build.rs` embeds, it is
/// the id and the resolved index.
impl Serialize for Ref {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_str(&self.id)
        } else {
            (&self.id, self.idx).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Ref {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            Ok(Ref {
                id: String::deserialize(d)?,
                idx: u16::MAX,
            })
        } else {
            let (id, idx) = <(String, u16)>::deserialize(d)?;
            Ok(Ref { id, idx })
        }
    }
}

/// When a gained condition takes hold (p. 17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// A lasting modifier, applied on read after all responses (p. 12). Passives never change state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Passive {
    /// Every monster combat roll is changed by this much (clamped 1–6).
    MonsterRoll(i8),
    /// The monster cannot suffer more than this many wounds in one round (Basilisk, p. 29).
    WoundCap(u8),
    /// Wounding attacks of power `at_most` or less lose `minus` power (Bugbear Warlord, p. 13).
    WeakWounding {
        /// The highest power the penalty touches.
        at_most: u8,
        /// Power lost (never below 0).
        minus: u8,
    },
    /// Weapon attacks cost this much more (monster surcharge, p. 27).
    Surcharge(Bundle),
    /// Ignore the monster's DEFEND results.
    IgnoreDefend,
    /// Nothing happens when this combat action verb is rolled (p. 28).
    IgnoreVerb(String),
    /// Reveal this many more (or fewer) encounter cards when exploring (at least 1).
    ExploreCards(i8),
    /// Weapon attacks of this kind have this much more (or less) power.
    AttackPower {
        /// The attacks it touches.
        kind: AttackKind,
        /// Power added (negative: taken away; never below 0).
        plus: i8,
    },
    /// The player cannot rest.
    NoRest,
    /// The food requirement is this much higher.
    Hunger(u8),
    /// Character abilities cannot be used.
    NoAbilities,
    /// Weapon crafting costs this much less (never below zero).
    CraftDiscount(Bundle),
}

/// What opens a response window (p. 12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// At the beginning of the Battle Step, after the trackers are set (p. 26).
    BattleStart,
    /// Before the player's turn in combat (Paralyzed, p. 29).
    TurnStart,
    /// After the monster's combat roll, before its result applies (p. 28).
    MonsterRoll,
    /// After losing effort to a WOUND result (p. 16).
    WoundLoss,
    /// After choosing a Wounding weapon attack, before it resolves (p. 16).
    WoundingChosen,
    /// After an Armor-Breaking weapon attack resolves (Wrecker, p. 29).
    ArmorBreakingDone,
    /// When exploring, before the encounter cards are revealed (Take a Peek).
    Explore,
    /// When gaining a skill, before the skill cards are revealed (Flexible).
    SkillDraw,
    /// When the monster is defeated in battle.
    MonsterDefeated,
    /// At the end of each combat round (after the monster's turn).
    RoundEnd,
    /// At the start of each level's Travel Phase.
    LevelStart,
    /// When the monster ambushes the player, after its ambush effect.
    Ambushed,
}

/// A response effect (p. 12): when `trigger` happens, pay `cost` and apply `effects`.
/// Monster and condition responses are mandatory, character and skill responses optional,
/// unless `optional` says otherwise (the Basilisk's "you may").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Response {
    /// The moment that opens its window.
    pub trigger: Trigger,
    /// Paid when it is used (an optional response is offered only when payable).
    #[serde(default)]
    pub cost: Bundle,
    /// What it does, in order.
    pub effects: Vec<Effect>,
    /// Overrides the rule of p. 12 (mandatory on monster and condition cards, optional on
    /// character and skill cards); `None` keeps it.
    #[serde(default)]
    pub optional: Option<bool>,
    /// For `wound_loss`, `monster_roll`: only when the rolled verb is this one.
    #[serde(default)]
    pub verb: Option<String>,
}

/// When an action may be taken (p. 20, p. 27).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timing {
    /// Preparation Step only.
    Travel,
    /// Battle Step only; uses the player's turn.
    Combat,
    /// Either; in combat it uses the player's turn.
    General,
}

/// How often a card's action may be taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// As often as it can be paid for.
    #[default]
    None,
    /// Once in each level.
    PerLevel,
    /// Once in the whole game (the card is then spent).
    Once,
}

/// An action from the Actions Guide, a character sheet, a skill or a monster sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDef {
    /// The printed name (the log and refusals use it).
    pub name: String,
    /// When it may be taken.
    pub timing: Timing,
    /// A voluntary cost: refused when unaffordable, Time included (p. 20).
    #[serde(default)]
    pub cost: Bundle,
    /// What it does, in order; an action whose effects change nothing is refused.
    pub effects: Vec<Effect>,
    /// How often it may be taken.
    #[serde(default)]
    pub limit: Limit,
    /// One line a player reads; the engine also renders the effects.
    #[serde(default)]
    pub text: String,
}

/// One ability on a character sheet: an action or a response (p. 16). Uses one ability use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// The printed name (I've Seen Worse, Dodge …).
    pub name: String,
    /// Set when the ability is taken as an action on the player's turn.
    #[serde(default)]
    pub action: Option<ActionDef>,
    /// Set when the ability answers a trigger (optional unless it says otherwise).
    #[serde(default)]
    pub response: Option<Response>,
    /// The rules text a player reads.
    #[serde(default)]
    pub text: String,
}

/// One art side of a character sheet: same rules, different adventurer (p. 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Side {
    /// The adventurer's name (Maxyn Zenma, Mae'el …).
    pub name: String,
    /// Backstory, shown and never read by the rules.
    pub flavour: String,
}

/// A character sheet (p. 16): one class, two art sides, its abilities. Exactly one is in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Character {
    /// The id setups and links name (`sneak`, `sage`, `hunter`, `brawler`).
    pub id: String,
    /// The class: Sneak, Sage, Hunter, Brawler.
    pub name: String,
    /// A one-line flavour tagline, shown with the character and never read by the rules.
    pub motto: String,
    /// The two art sides (mechanically identical).
    pub sides: [Side; 2],
    /// The abilities, each costing one ability use (p. 16), indexed as
    /// [`crate::engine::event::Source::Ability`] counts them.
    pub abilities: Vec<Ability>,
}

/// One attack option on a weapon sheet (p. 26).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// Armor-Breaking or Wounding.
    pub kind: AttackKind,
    /// Effort spent to attack (plus the monster's surcharge, p. 27).
    pub cost: Bundle,
    /// Armor broken or wounds inflicted, before passives and bonuses.
    pub power: u8,
    /// Wounds ignore armor.
    #[serde(default)]
    pub pierce: bool,
}

/// One upgrade path printed on a weapon sheet (p. 15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Upgrade {
    /// The weapon sheet it leads to.
    pub to: Ref,
    /// The crafting cost (Time spent in battle counts against the next level, RULINGS.md).
    pub cost: Bundle,
}

/// A weapon sheet (p. 15): its attacks and the upgrade paths printed on it. Only the top sheet
/// of the pile is in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// The id content references use (`bare_hands`, `sword` …).
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Basic (Bare Hands, Club, Knife) or advanced (Spear, Sword, Axe, Maul).
    pub basic: bool,
    /// The attack options, indexed by [`crate::engine::Action::Attack`].
    pub attacks: Vec<Attack>,
    /// The upgrade paths, indexed by [`crate::engine::Action::Craft`]; most sheets offer two.
    #[serde(default)]
    pub upgrades: Vec<Upgrade>,
    /// Lasting modifiers while it is in hand.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

/// One row of a monster's combat table (p. 28): a verb, its effects, the bracketed alternative.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The verb printed on the row (MISS, WOUND, STEAL …); verb-keyed cards match on it.
    pub verb: String,
    /// What the row does when every effect can apply.
    #[serde(default)]
    pub effects: Vec<Effect>,
    /// The bracketed alternative, used when an effect cannot apply (p. 28); empty: nothing
    /// happens.
    #[serde(default)]
    pub alt: Vec<Effect>,
}

/// A monster sheet (p. 13): trackers, ambush, trickery, combat table and rewards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Monster {
    /// The id statistics and content references use.
    pub id: String,
    /// The printed name (a defeat it causes is named after it).
    pub name: String,
    /// A personal name, as the sheets give one.
    #[serde(default)]
    pub epithet: String,
    /// Its level, 1–4 (the back of the sheet, p. 13).
    pub level: u8,
    /// Its number in the level, 1–6: the die that picks it (p. 25).
    pub number: u8,
    /// Starting Armor tokens (counting down to 0, RULINGS.md).
    pub armor: u8,
    /// Starting Health tokens; at 0 it is defeated (p. 29).
    pub health: u8,
    /// Empty: the monster has no ambush effect ("—", p. 24).
    #[serde(default)]
    pub ambush: Vec<Effect>,
    /// None: the monster cannot be tricked (p. 25), unless `trickery_price` names a price. Never
    /// set on a Level IV sheet (the content check refuses it); read it through
    /// [`Monster::trick_cost`].
    #[serde(default)]
    pub trickery: Option<Bundle>,
    /// A trickery cost that is not resources (the Crazed Survivor's "Trickery: Downgrade
    /// Weapon", p. 13): effects the player must be able to suffer as printed (p. 28: no
    /// alternative applies to a price), suffered when tricking, after the resources are paid.
    #[serde(default)]
    pub trickery_price: Vec<Effect>,
    /// Lasting modifiers while it is on the table (surcharges, wound caps …).
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Its responses, mandatory unless marked optional (p. 12).
    #[serde(default)]
    pub responses: Vec<Response>,
    /// Actions the monster sheet offers the player.
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// Results for rolls 1 to 6.
    pub table: [Row; 6],
    /// Resources gained for defeating it (Rewards Step, p. 32); nothing when tricked.
    pub reward: Bundle,
    /// Rewards that are not resources (the Crazed Survivor's "Reward: Basic Weapon of choice",
    /// p. 13), gained after `reward` in the Rewards Step (p. 32).
    #[serde(default)]
    pub reward_effects: Vec<Effect>,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

/// The level of the final monster: defeating it wins the game (p. 5, p. 34).
pub const LAST_LEVEL: u8 = 4;

impl Monster {
    /// What tricking this monster costs, or None if it cannot be tricked. Trickery lets you
    /// "escape the Level" (p. 25), and the game is won only by *defeating* the Level IV monster
    /// (p. 5; Win Step, pp. 33–34), so the last monster can never be tricked, whatever its sheet
    /// says.
    pub fn trick_cost(&self) -> Option<Bundle> {
        if self.level >= LAST_LEVEL {
            None
        } else if self.trickery.is_none() && !self.trickery_price.is_empty() {
            Some(Bundle::default())
        } else {
            self.trickery
        }
    }
}

/// An encounter card (p. 22): resolve its exchange or rest on it, then lose its Time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Encounter {
    /// The id statistics use.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Time value, 1–5 (p. 23).
    pub time: u8,
    /// The spend field; the encounter can be resolved only if this is affordable (p. 22).
    #[serde(default)]
    pub spend: Bundle,
    /// The gain field.
    pub gain: Vec<Effect>,
    /// How many copies of this card the deck holds.
    #[serde(default = "one")]
    pub copies: u8,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

fn one() -> u8 {
    1
}

/// A skill card (p. 14): kept for the rest of the game; its passives, responses and actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    /// The id statistics and policies use.
    pub id: String,
    /// The printed name.
    pub name: String,
    /// Lasting modifiers while held.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Its responses, optional unless marked mandatory (p. 12).
    #[serde(default)]
    pub responses: Vec<Response>,
    /// Its actions, indexed by [`crate::engine::Action::SkillAction`].
    #[serde(default)]
    pub actions: Vec<ActionDef>,
    /// The rules text a player reads.
    #[serde(default)]
    pub text: String,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

/// A condition card (p. 17): mostly harmful, active for a level, some rounds, or for good.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionCard {
    /// The id monster sheets reference.
    pub id: String,
    /// The printed name (Paralyzed, Poisoned …).
    pub name: String,
    /// Stays past the end of the level (Armored, p. 17).
    #[serde(default)]
    pub permanent: bool,
    /// Lasting modifiers while active.
    #[serde(default)]
    pub passives: Vec<Passive>,
    /// Its responses, mandatory unless marked optional (p. 12).
    #[serde(default)]
    pub responses: Vec<Response>,
    /// The rules text a player reads.
    #[serde(default)]
    pub text: String,
    /// Flavour text, never read by the rules.
    pub flavour: String,
}

/// The Scout cost of one level (p. 21).
pub type ScoutCost = Bundle;

/// Starting Small Effort by difficulty (p. 18).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartEffort {
    /// Easy (13, p. 18).
    pub easy: u8,
    /// Easy with the "easier" toggle (15, RULINGS.md).
    pub easy_toggle: u8,
    /// Normal (13, p. 18).
    pub normal: u8,
    /// Hard (10, p. 18).
    pub hard: u8,
}

/// One rank of the score scale (p. 34): scores from `min` up get `name`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rank {
    /// The lowest score of the rank.
    pub min: u32,
    /// Its name (Prey, Cast-off … Nemesis).
    pub name: String,
}

/// The numbers the rules state or leave open (RULINGS.md), as data so balance work can move them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Params {
    /// The weapon every game starts with (Bare Hands, p. 8).
    pub start_weapon: Ref,
    /// Time at the start of levels I–IV (I is 7, p. 8; the rest tunable).
    pub time_per_level: [u8; 4],
    /// The maxima of the resource bars and trackers (RULINGS.md).
    pub bars: Bars,
    /// Starting Small Effort by difficulty (p. 18).
    pub start_effort: StartEffort,
    /// Easy's extra starting resource by d6 roll 1–6 (p. 18).
    pub easy_bonus: [Bundle; 6],
    /// Encounter cards revealed when exploring (p. 22).
    pub explore_cards: u8,
    /// Skill cards revealed when gaining a skill (p. 32).
    pub skill_cards: u8,
    /// Focus, Inspiration, Plan, Orienteer (p. 21) as plain actions.
    pub general_actions: Vec<ActionDef>,
    /// Scout costs by level (p. 21).
    pub scout: [ScoutCost; 4],
    /// Score per resource left (p. 34).
    pub points: Bundle,
    /// The rank scale, lowest first (p. 34).
    pub ranks: Vec<Rank>,
}
