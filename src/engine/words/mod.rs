//! The words of the game: the log, button labels, tooltips and screen-reader announcements are
//! all rendered here from events, effects and actions, so the CLI and the UI say the same. This
//! file names cards and puts card texts (effects, passives, responses, actions) in words;
//! `labels.rs` words the actions offered (the buttons), `log.rs` the events (the log lines),
//! `threats.rs` the threats a choice runs into.
//! Card texts follow the printed wording of the Rules Reference (effects pp. 12–17).

mod labels;
mod log;
pub mod threats;

pub use labels::action;
pub use log::{combat_roll, event};

use super::event::Source;
use super::state::State;
use crate::content::cards::{AttackKind, Character, Effect, Passive, Test, Trigger, When};
use crate::content::res::Bundle;
use crate::content::CardDb;

/// A deal in words: who plays it, which side, how hard ("Mae'el the Sneak (second side),
/// Normal"); "Easy, 15 Small Effort" with the easier toggle (p. 18).
pub fn deal(db: &CardDb, setup: &super::state::Setup) -> String {
    deal_of(&db.characters, setup)
}

/// [`deal`] from the box's characters alone (all the title screen's own module holds).
pub fn deal_of(characters: &[Character], setup: &super::state::Setup) -> String {
    let ch = characters.iter().find(|c| c.id == setup.character);
    let who = match ch {
        Some(c) => {
            let name = c
                .sides
                .get(setup.side as usize)
                .map_or(String::new(), |x| x.name.clone());
            let side = if setup.side == 0 { "first" } else { "second" };
            format!("{name} the {} ({side} side)", c.name)
        }
        None => setup.character.clone(),
    };
    let easier = if setup.easy_toggle {
        ", 15 Small Effort"
    } else {
        ""
    };
    format!("{who}, {}{easier}", setup.difficulty.name())
}

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

pub(crate) fn cond_name(db: &CardDb, c: u16) -> String {
    db.condition(c).map(|c| c.name.clone()).unwrap_or_default()
}

pub(crate) fn when_words(w: &When) -> String {
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
        Effect::Condition { id, when, tokens } => condition_words(db, id.idx, when, *tokens),
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
        Effect::Defend => "ignores your next weapon attack".into(),
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
            let s = if *n == 1 { "" } else { "s" };
            if *pierce {
                format!("inflict {n} wound{s}, ignoring armor")
            } else {
                format!("inflict {n} wound{s}")
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
        } => if_words(db, test, then, otherwise),
        Effect::RevealMonster => "reveal the monster".into(),
        Effect::ExploreBonus(n) => format!(
            "reveal {n} more card{} when you next explore",
            if *n == 1 { "" } else { "s" }
        ),
        Effect::ModifyRoll(d) => format!("{d:+} to the monster's roll"),
        Effect::Reroll => "roll again and use either result".into(),
        Effect::ReduceLoss(n) => format!("lose {n} less (at least 1)"),
        Effect::AttackBonus(d) => format!("{d:+} attack power"),
        Effect::RevealExtra(n) => format!("reveal {n} more card{}", if *n == 1 { "" } else { "s" }),
        Effect::Bypass => "do not roll for your conditions this time".into(),
    }
}

/// Gaining a condition, with its tokens and when it takes hold.
fn condition_words(db: &CardDb, card: u16, when: &When, tokens: u8) -> String {
    let t = if tokens > 0 {
        format!(" with {tokens} token{}", if tokens == 1 { "" } else { "s" })
    } else {
        String::new()
    };
    format!("gain {}{} {}", cond_name(db, card), t, when_words(when))
}

/// A test with what follows when it passes and, if anything, when it fails.
fn if_words(db: &CardDb, test: &Test, then: &[Effect], otherwise: &[Effect]) -> String {
    let mut s = format!("{}: {}", test_words(test), effects(db, then));
    if !otherwise.is_empty() {
        s.push_str(&format!("; otherwise {}", effects(db, otherwise)));
    }
    s
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
pub fn response(db: &CardDb, r: &crate::content::cards::Response) -> String {
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
pub fn action_def(db: &CardDb, a: &crate::content::cards::ActionDef) -> String {
    format!("{}{}", cost_prefix(&a.cost), effects(db, &a.effects))
}

/// The first letter in capitals. ASCII only: every sentence the engine writes starts with an
/// ASCII letter, and the Unicode case tables would cost the first download ~15 KB.
pub(crate) fn capitalise(s: &str) -> String {
    let mut out = s.to_string();
    if let Some(first) = out.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// "1 card", "2 cards".
pub(crate) fn plural(n: u8, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}
