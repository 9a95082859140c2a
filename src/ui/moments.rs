//! What one move did, for the table to show for a moment: the banner that
//! stops the eye (an ambush, a monster defeated, a new level, the end) and the counters that
//! changed ("+2", "−1"). Worked out by the reducer from the move's events and the positions
//! before and after it; pure, so its rules are tested natively.

use crate::engine::{self, Event, Game};

/// The moments that get a banner across the table: a line that stops the
/// eye, then fades. `rev` tells two equal banners apart, so each one plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    pub kind: BannerKind,
    pub text: String,
    pub rev: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BannerKind {
    Ambush,
    Defeated,
    Level,
    Victory,
    Defeat,
}

impl BannerKind {
    /// The banner's CSS classes: `banner` and its kind's.
    pub fn class(self) -> &'static str {
        match self {
            BannerKind::Ambush => "banner ambush",
            BannerKind::Defeated => "banner defeated",
            BannerKind::Level => "banner level",
            BannerKind::Victory => "banner victory",
            BannerKind::Defeat => "banner defeat",
        }
    }
}

/// A counter on the table whose change is shown for a moment ("+2", "−1").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    Res(engine::res::Res),
    Time,
    Armor,
    Health,
}

/// The changes of the last move (`rev`) that one part of the table shows: the monster's counters
/// (`monster`) or the player's. With the move's revision when there are any and 0 when there
/// are none, so a part whose counters the move left alone gets equal props and is not drawn
/// again, and a new change plays again.
pub fn deltas_for(
    deltas: &[(Counter, i16)],
    rev: u64,
    monster: bool,
) -> (std::rc::Rc<Vec<(Counter, i16)>>, u64) {
    let own: Vec<(Counter, i16)> = deltas
        .iter()
        .filter(|(c, _)| matches!(c, Counter::Armor | Counter::Health) == monster)
        .copied()
        .collect();
    let rev = if own.is_empty() { 0 } else { rev };
    (std::rc::Rc::new(own), rev)
}

/// The banner the events of one move call for: the last one that applies wins (a battle won
/// and a level begun in one move show the level).
pub(super) fn banner_of(game: &Game, events: &[Event], rev: u64) -> Option<Banner> {
    let db = game.db();
    let monster = |m: u16| {
        db.monster(m)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| "The monster".into())
    };
    let mut out = None;
    for e in events {
        let b = match e {
            Event::Ambushed { monster: m } => Some((
                BannerKind::Ambush,
                format!("Ambush! {} strikes first", monster(*m)),
            )),
            Event::MonsterDefeated { monster: m } => {
                Some((BannerKind::Defeated, format!("{} is defeated", monster(*m))))
            }
            Event::LevelStarted { level, .. } if *level > 1 => Some((
                BannerKind::Level,
                format!("Level {}", crate::content::cards::roman(*level)),
            )),
            Event::GameWon { score, .. } => {
                Some((BannerKind::Victory, format!("Victory: {score} points")))
            }
            Event::GameLost { .. } => Some((BannerKind::Defeat, "Defeat".to_string())),
            _ => None,
        };
        if let Some((kind, text)) = b {
            out = Some(Banner { kind, text, rev });
        }
    }
    out
}

/// What changed on the counters between two positions of one game.
pub(super) fn deltas_of(before: &engine::State, after: &engine::State) -> Vec<(Counter, i16)> {
    let mut out: Vec<(Counter, i16)> = engine::res::Res::ALL
        .into_iter()
        .filter(|r| *r != engine::res::Res::Time)
        .map(|r| {
            (
                Counter::Res(r),
                after.stock.get(r) as i16 - before.stock.get(r) as i16,
            )
        })
        .collect();
    out.push((Counter::Time, after.time as i16 - before.time as i16));
    if let (Some(b), Some(a)) = (&before.monster, &after.monster) {
        if a.card == b.card {
            out.push((Counter::Armor, a.armor as i16 - b.armor as i16));
            out.push((Counter::Health, a.health as i16 - b.health as i16));
        }
    }
    out.retain(|(_, d)| *d != 0);
    out
}

/// Where a log line sits in its move, for the last-move panel: whether it opens a new cause (an
/// action, a response, an attack, the monster's roll, an encounter …: the lines after it up to
/// the next opener are what that cause did), and whether it is a headline outcome (a roll and
/// its row, resources paid, lost or gained, Time, armor broken, wounds, a kill, a condition, the
/// end), which the panel emphasises and a phone shows on its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineMark {
    pub opens: bool,
    pub headline: bool,
}

/// An event that starts a new cause in the last-move panel.
fn opens_cause(e: &Event) -> bool {
    use crate::engine::event::RollFor;
    matches!(
        e,
        Event::ActionTaken { .. }
            | Event::ResponseUsed { .. }
            | Event::EncountersRevealed { .. }
            | Event::EncounterResolved { .. }
            | Event::EncounterForfeited { .. }
            | Event::Rested { .. }
            | Event::MonsterRevealed { .. }
            | Event::Ambushed { .. }
            | Event::NoAmbushEffect { .. }
            | Event::CannotBeTricked { .. }
            | Event::Tricked { .. }
            | Event::BattleStarted { .. }
            | Event::RoundStarted { .. }
            | Event::TurnSkipped
            | Event::Attacked { .. }
            | Event::CombatRolled { .. }
            | Event::MonsterActs { .. }
            | Event::MonsterDefeated { .. }
            | Event::SkillsRevealed { .. }
            | Event::SkillKept { .. }
            | Event::Ate { .. }
            | Event::LevelCompleted { .. }
            | Event::LevelStarted { .. }
            | Event::GameWon { .. }
            | Event::GameLost { .. }
            | Event::DieRolled {
                purpose: RollFor::Combat | RollFor::Monster | RollFor::EasyBonus,
                ..
            }
    )
}

/// A line that only leads into the next one (a die, then what it decides): an opener right
/// after it stays in its cause.
fn is_prelude(e: &Event) -> bool {
    matches!(e, Event::DieRolled { .. } | Event::CombatRolled { .. })
}

/// A headline outcome (see [`LineMark`]).
fn is_headline(e: &Event) -> bool {
    use crate::engine::event::RollFor;
    matches!(
        e,
        Event::DieRolled {
            purpose: RollFor::Combat | RollFor::Reroll | RollFor::Check,
            ..
        } | Event::CombatRolled { .. }
            | Event::MonsterActs { .. }
            | Event::RollChanged { .. }
            | Event::Paid { .. }
            | Event::Gained { .. }
            | Event::Lost { .. }
            | Event::TimeChanged { .. }
            | Event::Ambushed { .. }
            | Event::Tricked { .. }
            | Event::AttackIgnored
            | Event::ArmorBroken { .. }
            | Event::WoundsInflicted { .. }
            | Event::MonsterGained { .. }
            | Event::MonsterHealed { .. }
            | Event::MonsterDefeated { .. }
            | Event::ConditionGained { .. }
            | Event::ConditionExtended { .. }
            | Event::TokensAdded { .. }
            | Event::WeaponDowngraded { .. }
            | Event::Starved { .. }
            | Event::GameWon { .. }
            | Event::GameLost { .. }
    )
}

/// The log lines of one move's events (the engine's words, read against the position after
/// the move) with their marks and the event each line says, one of each per line.
pub(super) fn lines_of<'a>(
    game: &Game,
    events: &'a [Event],
) -> (Vec<String>, Vec<LineMark>, Vec<&'a Event>) {
    let mut lines = Vec::new();
    let mut marks = Vec::new();
    let mut said = Vec::new();
    // Whether the cause being written holds only preludes so far (or nothing).
    let mut only_preludes = true;
    for e in events {
        let Some(line) = engine::words::event(game.db(), game.state(), e) else {
            continue;
        };
        let opens = lines.is_empty() || (opens_cause(e) && !only_preludes);
        only_preludes = if opens {
            is_prelude(e)
        } else {
            only_preludes && is_prelude(e)
        };
        lines.push(line);
        marks.push(LineMark {
            opens,
            headline: is_headline(e),
        });
        said.push(e);
    }
    (lines, marks, said)
}
