//! Plain words for everything: the log, button labels, tooltips and screen-reader announcements
//! are all rendered here from events, effects and actions, so the CLI and the UI say the same.

use super::action::Action;
use super::cards::{AttackKind, Effect, Passive, Test, Trigger, When};
use super::event::{CombatRoll, Deck, Event, RollFor, Source};
use super::pending::Pending;
use super::res::Bundle;
use super::state::State;
use super::view;
use crate::content::CardDb;

/// The name of the card or sheet an effect came from.
pub fn source_name(db: &CardDb, s: &State, src: Source) -> String {
    match src {
        Source::Rules => "the rules".into(),
        Source::General(i) => db
            .params
            .general_actions
            .get(i as usize)
            .map(|a| a.name.clone())
            .unwrap_or_default(),
        Source::Ability(i) => db
            .character(s.character)
            .and_then(|c| c.abilities.get(i as usize))
            .map(|a| a.name.clone())
            .unwrap_or_default(),
        Source::Skill(k) => db.skill(k).map(|c| c.name.clone()).unwrap_or_default(),
        Source::Weapon(w) => db.weapon(w).map(|c| c.name.clone()).unwrap_or_default(),
        Source::Monster(m) => db.monster(m).map(|c| c.name.clone()).unwrap_or_default(),
        Source::Condition(c) => db.condition(c).map(|c| c.name.clone()).unwrap_or_default(),
        Source::Encounter(e) => db.encounter(e).map(|c| c.name.clone()).unwrap_or_default(),
    }
}

fn cond_name(db: &CardDb, c: u16) -> String {
    db.condition(c).map(|c| c.name.clone()).unwrap_or_default()
}

fn when_words(w: &When) -> String {
    match w {
        When::Now => "now".into(),
        When::NextLevel => "for the next level".into(),
        When::Rounds(n) => format!("for {n} round{}", if *n == 1 { "" } else { "s" }),
    }
}

fn test_words(t: &Test) -> String {
    match t {
        Test::RollAtMostTokens => "roll the die: at most the tokens on this card".into(),
        Test::RollAboveLevel => "roll the die: above the current level".into(),
        Test::RollAtLeast(n) => format!("roll the die: {n} or more"),
        Test::BasicWeapon => "if your weapon is basic".into(),
        Test::AdvancedWeapon => "if your weapon is advanced".into(),
        Test::ArmorBroken => "if the monster's armor is broken".into(),
        Test::Has(b) => format!("if you have {}", b.describe()),
        Test::LevelAtLeast(n) => format!("from level {n} on"),
    }
}

/// One effect in words.
pub fn effect(db: &CardDb, e: &Effect) -> String {
    match e {
        Effect::Gain(b) => format!("gain {}", b.describe()),
        Effect::GainPerLevel(b) => format!("gain {} per level", b.describe()),
        Effect::Lose(b) => format!("lose {}", b.describe()),
        Effect::Reduce { lose, gain } => {
            format!("reduce {} to {}", lose.describe(), gain.describe())
        }
        Effect::GainSkill => "gain a skill (draw 2, keep 1)".into(),
        Effect::DiscardCondition => "discard a condition".into(),
        Effect::Commit => "commit to the next encounter".into(),
        Effect::Condition { id, when, tokens } => {
            let t = if *tokens > 0 {
                format!(
                    " with {tokens} token{}",
                    if *tokens == 1 { "" } else { "s" }
                )
            } else {
                String::new()
            };
            format!("gain {}{} {}", cond_name(db, id.idx), t, when_words(when))
        }
        Effect::Tokens { id, n } => format!("+{n} on {}", cond_name(db, id.idx)),
        Effect::RemoveToken => "remove a token from this card".into(),
        Effect::Downgrade { turns: 0 } => "downgrade your weapon".into(),
        Effect::Downgrade { turns } => format!("downgrade your weapon for {turns} turns"),
        Effect::FreeUpgrade => "upgrade your weapon for free (a path of your choice)".into(),
        Effect::ChooseWeapon { basic: true } => "take a basic weapon of your choice".into(),
        Effect::ChooseWeapon { basic: false } => "take an advanced weapon of your choice".into(),
        Effect::BattleRollBonus(d) => {
            format!("{d:+} to the monster's combat rolls for the rest of the battle")
        }
        Effect::Defend => "DEFEND: ignores your next weapon attack".into(),
        Effect::MonsterGain { armor, health } => {
            let mut parts = Vec::new();
            if *armor > 0 {
                parts.push(format!("{armor} Armor"));
            }
            if *health > 0 {
                parts.push(format!("{health} Health"));
            }
            format!("the monster gains {}", parts.join(" and "))
        }
        Effect::MonsterHeal(n) => format!("the monster heals {n}"),
        Effect::Wound { n, pierce } => {
            if *pierce {
                format!("inflict {n} wounds, ignoring armor")
            } else {
                format!("inflict {n} wounds")
            }
        }
        Effect::BreakArmor(n) => format!("break {n} armor"),
        Effect::SkipTurn => "skip your turn".into(),
        Effect::ExtraTurn => "take another turn".into(),
        Effect::ExtraAttack => "make another attack".into(),
        Effect::MonsterAttack { bonus } => {
            if *bonus != 0 {
                format!("the monster attacks at once ({bonus:+} to its roll)")
            } else {
                "the monster attacks at once".into()
            }
        }
        Effect::If {
            test,
            then,
            otherwise,
        } => {
            let mut s = format!("{}: {}", test_words(test), effects(db, then));
            if !otherwise.is_empty() {
                s.push_str(&format!("; otherwise {}", effects(db, otherwise)));
            }
            s
        }
        Effect::RevealMonster => "reveal the monster".into(),
        Effect::ExploreBonus(n) => format!("reveal {n} more cards when you next explore"),
        Effect::ModifyRoll(d) => format!("{d:+} to the monster's roll"),
        Effect::Reroll => "roll again and use either result".into(),
        Effect::ReduceLoss(n) => format!("lose {n} less (at least 1)"),
        Effect::AttackBonus(d) => format!("{d:+} attack power"),
        Effect::RevealExtra(n) => format!("reveal {n} more card{}", if *n == 1 { "" } else { "s" }),
        Effect::Bypass => "do not roll for your conditions this time".into(),
    }
}

/// A list of effects, joined.
pub fn effects(db: &CardDb, list: &[Effect]) -> String {
    if list.is_empty() {
        return "no effect".into();
    }
    list.iter()
        .map(|e| effect(db, e))
        .collect::<Vec<_>>()
        .join(", then ")
}

/// A passive in words, for the card texts the engine renders.
pub fn passive(p: &Passive) -> String {
    match p {
        Passive::MonsterRoll(n) => format!("{n:+} to every monster combat roll"),
        Passive::WoundCap(n) => format!("cannot suffer more than {n} wounds in a round"),
        Passive::WeakWounding { at_most, minus } => {
            format!("Wounding attacks of power {at_most} or less lose {minus} power")
        }
        Passive::Surcharge(b) => format!("weapon attacks cost {} more", b.describe()),
        Passive::IgnoreDefend => "ignore DEFEND".into(),
        Passive::IgnoreVerb(v) => format!("nothing happens when {v} is rolled"),
        Passive::ExploreCards(n) => format!("{n:+} encounter cards when exploring"),
        Passive::AttackPower { kind, plus } => format!(
            "{plus:+} power to {} attacks",
            match kind {
                AttackKind::ArmorBreaking => "Armor-Breaking",
                AttackKind::Wounding => "Wounding",
            }
        ),
        Passive::NoRest => "you cannot rest".into(),
        Passive::Hunger(n) => format!("eat {n} more Food in the Hunger Step"),
        Passive::NoAbilities => "character abilities cannot be used".into(),
        Passive::CraftDiscount(b) => format!("crafting costs {} less", b.describe()),
    }
}

/// When a response fires, in words ("before your turn in combat").
pub fn trigger(t: Trigger) -> &'static str {
    match t {
        Trigger::BattleStart => "at the beginning of the Battle Step",
        Trigger::TurnStart => "before your turn in combat",
        Trigger::MonsterRoll => "after the monster's combat roll",
        Trigger::WoundLoss => "when you lose effort to a WOUND",
        Trigger::WoundingChosen => "after choosing a Wounding attack",
        Trigger::ArmorBreakingDone => "after an Armor-Breaking attack",
        Trigger::Explore => "when you explore",
        Trigger::SkillDraw => "when you gain a skill",
        Trigger::MonsterDefeated => "when the monster is defeated",
        Trigger::RoundEnd => "at the end of each round",
        Trigger::LevelStart => "at the start of each level",
        Trigger::Ambushed => "when you are ambushed",
    }
}

fn cost_prefix(b: &Bundle) -> String {
    if b.is_empty() {
        String::new()
    } else {
        format!("spend {}: ", b.describe())
    }
}

/// A response in words: "After the monster's combat roll: spend 1 Small Effort: -1 …".
pub fn response(db: &CardDb, r: &super::cards::Response) -> String {
    let verb = r
        .verb
        .as_ref()
        .map(|v| format!(" ({v})"))
        .unwrap_or_default();
    format!(
        "{}{verb}: {}{}",
        capitalise(trigger(r.trigger)),
        cost_prefix(&r.cost),
        effects(db, &r.effects)
    )
}

/// A card action in words: its cost, then its effects.
pub fn action_def(db: &CardDb, a: &super::cards::ActionDef) -> String {
    format!("{}{}", cost_prefix(&a.cost), effects(db, &a.effects))
}

/// The first letter in capitals. ASCII only: every sentence the engine writes starts with an
/// ASCII letter, and the Unicode case tables would cost the first download ~15 KB.
fn capitalise(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// The revealed encounter card `i` by name; "card N" when it is not on the table.
fn encounter_name(db: &CardDb, s: &State, i: u8) -> String {
    match &s.pending {
        Pending::Encounter { revealed, .. } => {
            revealed.get(i as usize).and_then(|c| db.encounter(*c))
        }
        _ => None,
    }
    .map_or_else(|| format!("card {}", i + 1), |e| e.name.clone())
}

/// A button label for an action in the current position.
pub fn action(db: &CardDb, s: &State, a: &Action) -> String {
    match a {
        Action::General(i) => db
            .params
            .general_actions
            .get(*i as usize)
            .map(|d| format!("{} ({})", d.name, action_def(db, d)))
            .unwrap_or_default(),
        Action::Craft(i) => view::weapon(s, db)
            .and_then(|w| w.upgrades.get(*i as usize))
            .map(|u| {
                let to = db.weapon(u.to.idx).map(|w| w.name.as_str()).unwrap_or("");
                format!(
                    "Craft the {to} ({})",
                    view::craft_cost(s, db, &u.cost).describe()
                )
            })
            .unwrap_or_default(),
        Action::Downgrade => "Downgrade your weapon for good".into(),
        Action::Scout => {
            let c = view::scout_cost(s, db);
            format!("Scout ({}): reveal the monster", c.describe())
        }
        Action::Ability(i) => db
            .character(s.character)
            .and_then(|c| c.abilities.get(*i as usize))
            .map(|ab| match &ab.action {
                Some(d) => format!("{} ({})", ab.name, action_def(db, d)),
                None => ab.name.clone(),
            })
            .unwrap_or_default(),
        Action::SkillAction { skill, action } => s
            .skills
            .get(*skill as usize)
            .and_then(|k| db.skill(*k))
            .and_then(|c| c.actions.get(*action as usize).map(|d| (c, d)))
            .map(|(c, d)| format!("{}: {} ({})", c.name, d.name, action_def(db, d)))
            .unwrap_or_default(),
        Action::MonsterAction(i) => s
            .monster
            .as_ref()
            .and_then(|m| db.monster(m.card))
            .and_then(|m| m.actions.get(*i as usize))
            .map(|d| format!("{} ({})", d.name, action_def(db, d)))
            .unwrap_or_default(),
        Action::Explore => "Explore".into(),
        Action::Confront => "Face the monster".into(),
        // The card by name ("Resolve Scholar's Journal"), so a log or replay says which.
        Action::Resolve(i) => format!("Resolve {}", encounter_name(db, s, *i)),
        Action::Rest(i) => format!("Rest on {}", encounter_name(db, s, *i)),
        Action::Trick => "Trick the monster".into(),
        Action::Fight => "Fight".into(),
        Action::Attack(i) => view::weapon(s, db)
            .and_then(|w| w.attacks.get(*i as usize))
            .map(|at| {
                let kind = match at.kind {
                    AttackKind::ArmorBreaking => "Armor-Breaking",
                    AttackKind::Wounding => "Wounding",
                };
                let cost = view::attack_cost(s, db, &at.cost);
                format!("{kind} attack {} ({})", at.power, cost.describe())
            })
            .unwrap_or_default(),
        Action::Skip => "Skip your turn".into(),
        Action::Respond(i) => match &s.pending {
            Pending::Respond { options, .. } => options
                .get(*i as usize)
                .map(|o| format!("Use {}", source_name(db, s, o.source)))
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::Pass => "Use no more responses".into(),
        Action::KeepRoll(i) => match &s.pending {
            Pending::ChooseRoll { first, second } => {
                format!("Use the roll {}", if *i == 0 { first } else { second })
            }
            _ => String::new(),
        },
        Action::KeepSkill(i) => match &s.pending {
            Pending::ChooseSkill { cards } => cards
                .get(*i as usize)
                .and_then(|k| db.skill(*k))
                .map(|c| format!("Keep {}", c.name))
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::DiscardCondition(i) => match &s.pending {
            Pending::ChooseCondition { options } => options
                .get(*i as usize)
                .map(|c| format!("Discard {}", cond_name(db, *c)))
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::ChooseUpgrade(i) => match &s.pending {
            Pending::ChooseUpgrade { options, replace } => options
                .get(*i as usize)
                .and_then(|w| db.weapon(*w).map(|c| (*w, c)))
                .map(|(w, c)| match replace {
                    false => format!("Craft the {} for free", c.name),
                    true if w == view::weapon_id(s) => format!("Keep the {}", c.name),
                    true => format!("Take the {}", c.name),
                })
                .unwrap_or_default(),
            _ => String::new(),
        },
        Action::Eat(n) => format!("Eat {n} Food"),
        Action::Undo => "Undo".into(),
    }
}

fn plural(n: u8, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
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
pub fn event(db: &CardDb, s: &State, e: &Event) -> Option<String> {
    let src = |x: &Source| source_name(db, s, *x);
    let monster = |m: &u16| db.monster(*m).map(|m| m.name.clone()).unwrap_or_default();
    let enc = |c: &u16| db.encounter(*c).map(|c| c.name.clone()).unwrap_or_default();
    let skill = |c: &u16| db.skill(*c).map(|c| c.name.clone()).unwrap_or_default();
    let weapon = |c: &u16| db.weapon(*c).map(|c| c.name.clone()).unwrap_or_default();
    match e {
        // A token or a roll that did not move says nothing (the engine emits neither).
        Event::TimeChanged { from, to } if from == to => return None,
        Event::RollChanged { from, to } if from == to => return None,
        // An unmodified roll is told by the MonsterActs line alone.
        Event::CombatRolled { roll } if roll.modifiers.is_empty() => return None,
        _ => {}
    }
    Some(match e {
        Event::GameStarted { character, side } => {
            let ch = db.character(*character);
            let name = ch.map(|c| c.name.clone()).unwrap_or_default();
            let who = ch
                .and_then(|c| c.sides.get(*side as usize))
                .map(|x| x.name.clone())
                .unwrap_or_default();
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
        Event::Paid { source, paid } => format!("Paid {} ({}).", paid.describe(), src(source)),
        Event::Gained { source, gained } => {
            format!("Gained {} ({}).", gained.describe(), src(source))
        }
        Event::Lost { source, lost } => format!("Lost {} ({}).", lost.describe(), src(source)),
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
        Event::ArmorBroken { amount, left } => {
            format!("Broke {}; {left} left.", plural(*amount, "armor"))
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
        Event::MonsterGained { armor, health } => {
            let mut parts = Vec::new();
            if *armor > 0 {
                parts.push(format!("{armor} Armor"));
            }
            if *health > 0 {
                parts.push(format!("{health} Health"));
            }
            if parts.is_empty() {
                "The monster's trackers are already full.".into()
            } else {
                format!("The monster gains {}.", parts.join(" and "))
            }
        }
        Event::MonsterHealed { amount } => format!("The monster heals {amount}."),
        Event::MonsterDefends => "The monster DEFENDS: your next weapon attack will miss.".into(),
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
        Event::NothingHappens => "It cannot apply: nothing happens.".into(),
        Event::Rerolls => "A condition you already have: the monster rolls again.".into(),
        Event::RollChanged { from, to } => format!("The roll changes from {from} to {to}."),
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
    })
}
