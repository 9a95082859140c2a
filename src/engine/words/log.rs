//! Log lines: one sentence for each event a player should read, grouped as the rulebook runs:
//! the travel (setup, resources, exploration, the monster's reveal), the battle (pp. 26–29), and
//! the cards (conditions, weapons, skills, the end of a level and of the game).

use super::{cond_name, plural, source_name, when_words};
use crate::content::cards::AttackKind;
use crate::content::CardDb;
use crate::engine::event::{CombatRoll, Deck, Event, RollFor, Source};
use crate::engine::state::State;

// The four families of events, as patterns: each family's function matches its own events one
// by one and the other three families in one arm, so every match is exhaustive by name.
macro_rules! travel_events {
    () => {
        Event::GameStarted { .. }
            | Event::LevelStarted { .. }
            | Event::DieRolled { .. }
            | Event::Paid { .. }
            | Event::Gained { .. }
            | Event::Lost { .. }
            | Event::TimeChanged { .. }
            | Event::ActionTaken { .. }
            | Event::ExploreBonus { .. }
            | Event::Reshuffled { .. }
            | Event::EncountersRevealed { .. }
            | Event::EncounterResolved { .. }
            | Event::EncounterForfeited { .. }
            | Event::Rested { .. }
            | Event::Committed
            | Event::MonsterRevealed { .. }
            | Event::Ambushed { .. }
            | Event::NoAmbushEffect { .. }
            | Event::CannotBeTricked { .. }
            | Event::Tricked { .. }
    };
}

macro_rules! battle_events {
    () => {
        Event::BattleStarted { .. }
            | Event::RoundStarted { .. }
            | Event::TurnSkipped
            | Event::Attacked { .. }
            | Event::PassivesOrdered { .. }
            | Event::AttackIgnored
            | Event::ArmorBroken { .. }
            | Event::WoundsInflicted { .. }
            | Event::WoundsPrevented { .. }
            | Event::MonsterGained { .. }
            | Event::MonsterHealed { .. }
            | Event::MonsterDefends
            | Event::CombatRolled { .. }
            | Event::MonsterActs { .. }
            | Event::VerbIgnored { .. }
            | Event::AlternativeApplies
            | Event::NothingHappens
            | Event::Rerolls
            | Event::RollChanged { .. }
    };
}

macro_rules! card_events {
    () => {
        Event::ConditionGained { .. }
            | Event::ConditionExtended { .. }
            | Event::TokensAdded { .. }
            | Event::TokenRemoved { .. }
            | Event::ConditionDiscarded { .. }
            | Event::ConditionsAdvanced
            | Event::WeaponUpgraded { .. }
            | Event::WeaponDowngraded { .. }
            | Event::WeaponRestored { .. }
            | Event::WeaponTaken { .. }
    };
}

macro_rules! end_events {
    () => {
        Event::BattleRollBonus { .. }
            | Event::ResponseUsed { .. }
            | Event::AbilityUsesLeft { .. }
            | Event::SkillsRevealed { .. }
            | Event::SkillKept { .. }
            | Event::MonsterDefeated { .. }
            | Event::Ate { .. }
            | Event::Starved { .. }
            | Event::ExtraTurn
            | Event::ExtraAttack
            | Event::LevelCompleted { .. }
            | Event::GameWon { .. }
            | Event::GameLost { .. }
            | Event::Undone
    };
}

/// A combat roll as a sum with its sources: "3 + 1 (Crazed Survivor) − 1 (Dodge) = 3", or just
/// "3" when nothing modified the die. The result is the clamped one (p. 28), so a sum past the
/// table's ends reads "5 + 2 = 6".
pub fn combat_roll(db: &CardDb, s: &State, r: &CombatRoll) -> String {
    if r.modifiers.is_empty() {
        return r.die.to_string();
    }
    let mut out = r.die.to_string();
    for m in &r.modifiers {
        let sign = if m.amount < 0 { '−' } else { '+' };
        let name = source_name(db, s, m.source);
        out.push_str(&format!(" {sign} {} ({name})", m.amount.unsigned_abs()));
    }
    out.push_str(&format!(" = {}", r.result));
    out
}

/// One log line for an event (None for events that say nothing to a player).
///
/// Every kind of event is matched by name here and in its family's function, with no catch-all:
/// a new variant of [`Event`] does not compile until it is given to a family (the macros above)
/// and has its words there. `tests/log_words.rs` reads the lines of many played games.
pub fn event(db: &CardDb, s: &State, e: &Event) -> Option<String> {
    match e {
        travel_events!() => travel_line(db, s, e),
        battle_events!() => battle_line(db, s, e),
        card_events!() => card_line(db, s, e),
        end_events!() => end_line(db, s, e),
    }
}

/// Setup, resources and Time, exploration, the monster's reveal and trickery (pp. 18–25).
fn travel_line(db: &CardDb, s: &State, e: &Event) -> Option<String> {
    let src = |x: &Source| source_name(db, s, *x);
    let monster = |m: &u16| source_name(db, s, Source::Monster(*m));
    let enc = |c: &u16| source_name(db, s, Source::Encounter(*c));
    // The card a resource moved for, in brackets; none for the rules themselves (eating,
    // starving, setting up): the line before says why ("Ate 2 Food", "2 Food missing …").
    let from = |x: &Source| match x {
        Source::Rules => String::new(),
        _ => format!(" ({})", src(x)),
    };
    Some(match e {
        Event::GameStarted { character, side } => {
            let ch = db.character(*character);
            let name = ch.map(|c| c.name.clone()).unwrap_or_default();
            let who = ch.and_then(|c| c.adventurer(*side)).unwrap_or_default();
            format!("{who} the {name} wakes in the Dark. The game begins.")
        }
        Event::LevelStarted { level, time } => {
            format!("Level {level} begins with {time} Time.")
        }
        Event::DieRolled { purpose, value } => match purpose {
            RollFor::EasyBonus => format!("Rolled {value} for Easy's extra starting resource."),
            RollFor::Monster => format!("Rolled {value} for the monster."),
            RollFor::Combat => format!("The monster's combat roll: {value}."),
            RollFor::Reroll => format!("Rolled again: {value}."),
            RollFor::Check => format!("Rolled {value}."),
        },
        Event::Paid { source, paid } => format!("Paid {}{}.", paid.describe(), from(source)),
        Event::Gained { source, gained } => {
            format!("Gained {}{}.", gained.describe(), from(source))
        }
        Event::Lost { source, lost } => format!("Lost {}{}.", lost.describe(), from(source)),
        // A token that did not move says nothing (the engine emits none).
        Event::TimeChanged { from, to } if from == to => return None,
        Event::TimeChanged { from, to } => format!("Time {from} → {to}."),
        Event::ActionTaken { name, .. } => format!("{name}."),
        Event::ExploreBonus { cards } => {
            format!(
                "The next exploration reveals {} more.",
                plural(*cards, "card")
            )
        }
        Event::Reshuffled { deck } => match deck {
            Deck::Encounter => "The encounter deck ran out: the discards are reshuffled.".into(),
            Deck::Skill => "The skill deck ran out: the discards are reshuffled.".into(),
        },
        Event::EncountersRevealed { cards } => format!(
            "Revealed: {}.",
            cards.iter().map(enc).collect::<Vec<_>>().join(", ")
        ),
        Event::EncounterResolved { card } => format!("Resolved {}.", enc(card)),
        Event::EncounterForfeited { card } => format!(
            "Could not pay for {}: nothing gained, but its Time passes.",
            enc(card)
        ),
        Event::Rested { card } => format!("Rested instead of resolving {}.", enc(card)),
        Event::Committed => "Committed to the next encounter.".into(),
        Event::MonsterRevealed { monster: m } => {
            format!("The monster is revealed: {}.", monster(m))
        }
        Event::Ambushed { monster: m } => format!("Ambush! {} strikes first.", monster(m)),
        Event::NoAmbushEffect { monster: m } => {
            format!("Time ran out, but {} has no ambush effect.", monster(m))
        }
        Event::CannotBeTricked { monster: m } => format!("{} cannot be tricked.", monster(m)),
        Event::Tricked { monster: m } => format!("You slip past {} without a fight.", monster(m)),
        battle_events!() | card_events!() | end_events!() => return None,
    })
}

/// The battle (pp. 26–29): rounds, attacks, the monster's trackers and its combat roll.
fn battle_line(db: &CardDb, s: &State, e: &Event) -> Option<String> {
    let src = |x: &Source| source_name(db, s, *x);
    let monster = |m: &u16| source_name(db, s, Source::Monster(*m));
    let weapon = |c: &u16| source_name(db, s, Source::Weapon(*c));
    Some(match e {
        Event::BattleStarted {
            monster: m,
            armor,
            health,
        } => format!(
            "Battle with {}: Armor {armor}, Health {health}.",
            monster(m)
        ),
        Event::RoundStarted { round } => format!("Round {round}."),
        Event::TurnSkipped => "You lose your turn.".into(),
        Event::Attacked {
            weapon: w,
            kind,
            power,
        } => format!(
            "{} attack with the {}: power {power}.",
            match kind {
                AttackKind::ArmorBreaking => "Armor-Breaking",
                AttackKind::Wounding => "Wounding",
            },
            weapon(w)
        ),
        Event::PassivesOrdered {
            order,
            power,
            worse,
        } => format!(
            "Passives applied in the order best for you ({}): power {power}, not {worse}.",
            order.iter().map(src).collect::<Vec<_>>().join(", then ")
        ),
        Event::AttackIgnored => "The monster DEFENDS: the attack is ignored.".into(),
        Event::ArmorBroken { amount: 0, left } => format!("No Armor broken; {left} left."),
        Event::ArmorBroken { amount, left } => format!("Broke {amount} Armor; {left} left."),
        Event::WoundsInflicted { amount: 0, left } => {
            format!("No wound inflicted; {left} Health left.")
        }
        Event::WoundsInflicted { amount, left } => {
            format!(
                "Inflicted {}; {left} Health left.",
                plural(*amount, "wound")
            )
        }
        Event::WoundsPrevented { amount } => {
            format!("{} did not land.", plural(*amount, "wound"))
        }
        Event::MonsterGained { armor, health } => monster_gained(*armor, *health),
        Event::MonsterHealed { amount } => format!("The monster heals {amount}."),
        Event::MonsterDefends => "The monster DEFENDS: your next weapon attack will miss.".into(),
        // An unmodified roll is told by the MonsterActs line alone.
        Event::CombatRolled { roll } if roll.modifiers.is_empty() => return None,
        Event::CombatRolled { roll } => format!("The roll: {}.", combat_roll(db, s, roll)),
        Event::MonsterActs { roll, result, verb } => {
            if roll == result {
                format!("The monster rolls {result}: {verb}.")
            } else {
                format!("The monster rolls {roll}, modified to {result}: {verb}.")
            }
        }
        Event::VerbIgnored { verb } => format!("You shrug off {verb}: nothing happens."),
        Event::AlternativeApplies => "It cannot apply: the alternative applies instead.".into(),
        // p. 28: an effect that cannot apply (and has no alternative) is skipped; what follows
        // it still happens.
        Event::NothingHappens => "That cannot apply, so it is skipped.".into(),
        Event::Rerolls => "A condition you already have: the monster rolls again.".into(),
        // A roll that did not change says nothing (the engine emits none).
        Event::RollChanged { from, to } if from == to => return None,
        Event::RollChanged { from, to } => format!("The roll changes from {from} to {to}."),
        travel_events!() | card_events!() | end_events!() => return None,
    })
}

/// "The monster gains 1 Armor and 2 Health." (p. 27), or that its trackers were already full.
fn monster_gained(armor: u8, health: u8) -> String {
    let mut parts = Vec::new();
    if armor > 0 {
        parts.push(format!("{armor} Armor"));
    }
    if health > 0 {
        parts.push(format!("{health} Health"));
    }
    if parts.is_empty() {
        "The monster's trackers are already full.".into()
    } else {
        format!("The monster gains {}.", parts.join(" and "))
    }
}

/// Conditions and weapons.
fn card_line(db: &CardDb, s: &State, e: &Event) -> Option<String> {
    let weapon = |c: &u16| source_name(db, s, Source::Weapon(*c));
    Some(match e {
        Event::ConditionGained {
            condition,
            when,
            tokens,
        } => {
            let t = if *tokens > 0 {
                format!(" with {}", plural(*tokens, "token"))
            } else {
                String::new()
            };
            format!(
                "Gained {}{t} {}.",
                cond_name(db, *condition),
                when_words(when)
            )
        }
        Event::ConditionExtended { condition, rounds } => format!(
            "{} lasts {} more.",
            cond_name(db, *condition),
            plural(*rounds, "round")
        ),
        Event::TokensAdded { condition, now } => format!(
            "{} now has {}.",
            cond_name(db, *condition),
            plural(*now, "token")
        ),
        Event::TokenRemoved { condition, now } => format!(
            "{} now has {}.",
            cond_name(db, *condition),
            plural(*now, "token")
        ),
        Event::ConditionDiscarded { condition } => {
            format!("{} is discarded.", cond_name(db, *condition))
        }
        Event::ConditionsAdvanced => "Conditions for this level take hold.".into(),
        Event::WeaponUpgraded { from, to } => {
            format!("Crafted the {} from the {}.", weapon(to), weapon(from))
        }
        Event::WeaponDowngraded { from, to, turns } => {
            if *turns > 0 {
                format!(
                    "The {} is set aside for {}: you fight with the {}.",
                    weapon(from),
                    plural(*turns, "turn"),
                    weapon(to)
                )
            } else {
                format!(
                    "The {} is lost: you fight with the {}.",
                    weapon(from),
                    weapon(to)
                )
            }
        }
        Event::WeaponRestored { weapon: w } => format!("The {} is back in hand.", weapon(w)),
        Event::WeaponTaken { from, to } => {
            format!(
                "You take the {} in place of the {}.",
                weapon(to),
                weapon(from)
            )
        }
        travel_events!() | battle_events!() | end_events!() => return None,
    })
}

/// Responses, skills, hunger, extra turns, and the end of a level and of the game.
fn end_line(db: &CardDb, s: &State, e: &Event) -> Option<String> {
    let src = |x: &Source| source_name(db, s, *x);
    let monster = |m: &u16| source_name(db, s, Source::Monster(*m));
    let skill = |c: &u16| source_name(db, s, Source::Skill(*c));
    Some(match e {
        Event::BattleRollBonus { bonus } => {
            format!("The monster's combat rolls get {bonus:+} for the rest of the battle.")
        }
        Event::ResponseUsed { source, .. } => format!("{} responds.", src(source)),
        Event::AbilityUsesLeft { uses } => format!("Ability uses left: {uses}."),
        Event::SkillsRevealed { cards } => format!(
            "Skills revealed: {}.",
            cards.iter().map(skill).collect::<Vec<_>>().join(", ")
        ),
        Event::SkillKept { card } => format!("Kept the skill {}.", skill(card)),
        Event::MonsterDefeated { monster: m } => format!("{} is defeated!", monster(m)),
        Event::Ate { food, requirement } => format!("Ate {food} of {requirement} Food."),
        Event::Starved { missing, cost } => format!(
            "{} short: hunger costs {cost} Small Effort.",
            plural(*missing, "Food")
        ),
        Event::ExtraTurn => "You take another turn.".into(),
        Event::ExtraAttack => "You may make another attack.".into(),
        Event::LevelCompleted { level } => format!("Level {level} is behind you."),
        Event::GameWon { score, rank } => {
            format!("Victory! You leave the Dark with {score} points: {rank}.")
        }
        Event::GameLost { cause } => format!("Defeat: {cause}."),
        Event::Undone => "Took the last decision back.".into(),
        travel_events!() | battle_events!() | card_events!() => return None,
    })
}
