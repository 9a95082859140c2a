//! Why, in battle: what a hint or a review says decides between two moves of the Battle Step
//! (pp. 26–29), and the monster as it stands.
//!
//! In battle the general comparison (effort kept, Food, Time) says little: what decides is how
//! much harm each move does to the monster and what it costs, whether it finishes the monster,
//! which rows of its table are still to be feared, what a response would change on the roll
//! now and what keeping it saves for later, and which skill or ability use a move spends or
//! keeps. These clauses name those figures, from the engine's previews and the monster's sheet
//! as the bot prices them ([`Brain::effects_out`]).

use super::super::value::Brain;
use super::figures::effort;
use crate::content::cards::{Limit, Monster};
use crate::engine::game::Game;
use crate::engine::res::{Res, Stock};
use crate::engine::{
    derived, game_response, preview, words, Action, Event, Pending, Preview, State, Step,
};

/// The bot's price of a stock's effort, in Small Effort.
fn effort_of(b: &Brain, s: &State, stock: &Stock) -> f64 {
    stock.get(Res::Small) as f64
        + stock.get(Res::Medium) as f64 * b.unit_value(s, Res::Medium)
        + stock.get(Res::Large) as f64 * b.unit_value(s, Res::Large)
}

/// The monster on the table and its sheet, in the Battle Step.
fn battling(g: &Game) -> Option<(&State, &Monster)> {
    let s = g.state();
    if s.step != Step::Battle {
        return None;
    }
    let m = g.db().monster(s.monster.as_ref()?.card)?;
    Some((s, m))
}

/// "the Troll (0 Armor, 16 Health left)": the monster and its trackers now.
pub(super) fn monster_now(g: &Game) -> Option<String> {
    let (s, m) = battling(g)?;
    let t = s.monster.as_ref()?;
    Some(format!(
        "The {} ({} Armor, {} Health left)",
        m.name, t.armor, t.health
    ))
}

/// The monster's two costliest rows and what each would cost, as the bot prices them.
pub(super) fn worst_rows(b: &Brain, g: &Game) -> Option<String> {
    let (s, m) = battling(g)?;
    let mut rows: Vec<(usize, f64)> = m
        .table
        .iter()
        .enumerate()
        .map(|(i, r)| (i, b.effects_out(s, derived::row_effects(s, r)).loss))
        .filter(|(_, loss)| *loss >= 1.0)
        .collect();
    rows.sort_by(|x, y| y.1.total_cmp(&x.1));
    let row = |(i, loss): (usize, f64)| {
        format!(
            "{} on a {} ({}) would cost you {}",
            m.table[i].verb,
            i + 1,
            words::effects(g.db(), derived::row_effects(s, &m.table[i])),
            effort(loss)
        )
    };
    let same = |(i, x): (usize, f64), (j, y): (usize, f64)| {
        m.table[i].verb == m.table[j].verb
            && derived::row_effects(s, &m.table[i]) == derived::row_effects(s, &m.table[j])
            && x.round() == y.round()
    };
    match rows.as_slice() {
        [] => None,
        [one] => Some(format!("Its worst row, {}.", row(*one))),
        // The same row twice on the table (WOUND on a 4 and a 6): said once.
        [one, two, ..] if same(*one, *two) => {
            let (i, j) = (one.0.min(two.0), one.0.max(two.0));
            Some(format!(
                "Its worst rows, {} on a {} and a {} ({}), would cost you {} each.",
                m.table[i].verb,
                i + 1,
                j + 1,
                words::effects(g.db(), derived::row_effects(s, &m.table[i])),
                effort(one.1)
            ))
        }
        [one, two, ..] => Some(format!("Its worst rows: {}; {}.", row(*one), row(*two))),
    }
}

/// What decides between `chosen` and `rival` in battle, as a clause ("it finishes …"); None
/// outside battle or where the moves differ only as the general comparison says (a craft).
pub(super) fn decides(b: &Brain, g: &Game, chosen: Action, rival: Action) -> Option<String> {
    let (s, m) = battling(g)?;
    match g.pending() {
        Pending::Respond { options, about, .. } => {
            let at_stake = about.as_ref().and_then(|r| row_at(b, g, m, r.result));
            let used = |a: Action| match a {
                Action::Respond(i) => options.get(i as usize),
                _ => None,
            };
            let what = |o| {
                let r = game_response(g.db(), s, o)?;
                let name = words::source_name(g.db(), s, o.source);
                let cost = if r.cost.is_empty() {
                    String::new()
                } else {
                    format!("spend {}: ", r.cost.describe())
                };
                Some((
                    name,
                    format!("{cost}{}", words::effects(g.db(), &r.effects)),
                ))
            };
            // The effort a WOUND is about to take (its window may reduce it).
            let loss = (!s.combat.loss.is_empty())
                .then(|| format!("the loss of {}", s.combat.loss.describe()));
            match (used(chosen), used(rival)) {
                (None, Some(o)) => {
                    let (name, does) = what(o)?;
                    let keep = uses_left(s, o.source);
                    Some(match (at_stake, loss) {
                        (Some((row, l)), _) if l < 0.5 => format!(
                            "{name} — {does} — is kept{keep}: the roll is {row}, which costs you no effort"
                        ),
                        (Some((row, _)), _) => format!(
                            "{name} — {does} — is kept{keep}: the roll is {row}, a loss the bot would rather take now"
                        ),
                        (None, Some(loss)) => format!(
                            "{name} — {does} — is kept{keep}, and you take {loss}"
                        ),
                        (None, None) => format!(
                            "{name} — {does} — is kept for later{}",
                            or_trackers(s, keep)
                        ),
                    })
                }
                (Some(o), _) => {
                    let (name, does) = what(o)?;
                    Some(match (at_stake, loss) {
                        (Some((row, _)), _) => format!("{name} — {does} — answers the roll, {row}"),
                        (None, Some(loss)) => format!("{name} — {does} — answers {loss}"),
                        (None, None) => format!(
                            "it uses {name} — {does}{}",
                            or_trackers(s, uses_left(s, o.source))
                        ),
                    })
                }
                _ => None,
            }
        }
        Pending::ChooseRoll { first, second } => {
            let (kept, other) = match chosen {
                Action::KeepRoll(0) => (*first, *second),
                Action::KeepRoll(_) => (*second, *first),
                _ => return None,
            };
            Some(format!(
                "it keeps {}, against {}",
                row_at(b, g, m, kept)?.0,
                row_at(b, g, m, other)?.0
            ))
        }
        Pending::Battle { .. } => {
            let (a, z) = (preview(g, &chosen).ok()?, preview(g, &rival).ok()?);
            let spent = |p: &Preview| effort_of(b, s, &s.stock) - effort_of(b, s, &p.stock);
            let (mine, hurts) = harm(s, m, &a, spent(&a));
            let (theirs, others_hurt) = harm(s, m, &z, spent(&z));
            // A move that does the monster no harm (a craft, a skill for later) is told by
            // what it changes instead; skipping the turn is told here, against an attack.
            let kept = limited(g, rival).filter(|_| limited(g, chosen).is_none());
            if !hurts && (chosen != Action::Skip || !others_hurt) {
                // …unless the other move spends a limited use this one keeps.
                let k = kept.filter(|_| others_hurt)?;
                return Some(format!(
                    "it {mine}, where the other {theirs}, but spends {k}"
                ));
            }
            let mut out = format!("it {mine}");
            if let Some(k) = limited(g, chosen) {
                out.push_str(&format!(", spending {k}"));
            }
            out.push_str(&format!(", where the other {theirs}"));
            if let Some(k) = kept {
                out.push_str(&format!(", but spends {k}"));
            }
            Some(out)
        }
        _ => None,
    }
}

/// In battle, where the general comparison names no figure: the effort each move leaves you
/// as the engine previews it ("it leaves you about 9 effort, the other about 8").
pub(super) fn effort_left(b: &Brain, g: &Game, chosen: Action, rival: Action) -> Option<String> {
    let (s, _) = battling(g)?;
    let (a, z) = (preview(g, &chosen).ok()?, preview(g, &rival).ok()?);
    let (x, y) = (effort_of(b, s, &a.stock), effort_of(b, s, &z.stock));
    Some(format!(
        "it leaves you {}, the other {}",
        effort(x),
        effort(y).trim_end_matches(" effort")
    ))
}

/// "WOUND on a 6 (lose 3 Small Effort), about 3 effort": row `n` of the monster's table and
/// the bot's price of it (also given as a number).
fn row_at(b: &Brain, g: &Game, m: &Monster, n: u8) -> Option<(String, f64)> {
    let s = g.state();
    let row = m.table.get(n.checked_sub(1)? as usize)?;
    let effects = derived::row_effects(s, row);
    let loss = b.effects_out(s, effects).loss;
    let cost = if loss >= 0.5 {
        format!(", {}", effort(loss))
    } else {
        String::new()
    };
    Some((
        format!(
            "{} on a {n} ({}){cost}",
            row.verb,
            words::effects(g.db(), effects)
        ),
        loss,
    ))
}

/// What a move does to the monster, from its preview: "finishes the Troll (3 Health left) and
/// takes its reward", "inflicts 2 wounds for about 1 effort, leaving 0 Armor and 4 Health";
/// and whether it harms it at all.
fn harm(s: &State, m: &Monster, p: &Preview, spent: f64) -> (String, bool) {
    let Some(now) = s.monster.as_ref() else {
        return ("changes nothing on the monster".into(), false);
    };
    let defeated = p
        .events
        .iter()
        .any(|e| matches!(e, Event::MonsterDefeated { .. }))
        || p.monster.is_some_and(|t| t.health == 0);
    if defeated {
        // Its reward is in the preview's stock: the effort paid is not told apart from it.
        return (
            format!(
                "finishes the {} ({} Health left) and takes its reward, so it rolls no more",
                m.name, now.health
            ),
            true,
        );
    }
    let cost = if spent >= 0.5 {
        format!(" for {}", effort(spent))
    } else {
        String::new()
    };
    let Some(t) = p.monster else {
        return (format!("does no harm{cost}"), false);
    };
    let broken = now.armor.saturating_sub(t.armor);
    let wounds = now.health.saturating_sub(t.health);
    let did = match (broken, wounds) {
        (0, 0) => return (format!("does no harm{cost}"), false),
        (0, w) => format!("inflicts {}", plural(w, "wound")),
        (a, 0) => format!("breaks {a} Armor"),
        (a, w) => format!("breaks {a} Armor and inflicts {}", plural(w, "wound")),
    };
    (
        format!(
            "{did}{cost}, leaving {} Armor and {} Health",
            t.armor, t.health
        ),
        true,
    )
}

fn plural(n: u8, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// The limited use a move spends, in words: "Name the Weakness (one of your 2 ability uses
/// this level)", "Herbalist's Brew a Remedy (once per game)"; None for a move without a limit.
fn limited(g: &Game, a: Action) -> Option<String> {
    let s = g.state();
    let db = g.db();
    match a {
        Action::Ability(i) => {
            let ab = db.character(s.character)?.abilities.get(i as usize)?;
            Some(if s.uses == 1 {
                format!("{} (your last ability use this level)", ab.name)
            } else {
                format!(
                    "{} (one of your {} ability uses this level)",
                    ab.name, s.uses
                )
            })
        }
        Action::SkillAction { skill, action } => {
            let k = db.skill(*s.skills.get(skill as usize)?)?;
            let d = k.actions.get(action as usize)?;
            let limit = match d.limit {
                Limit::None => return None,
                Limit::PerLevel => "once per level",
                Limit::Once => "once per game",
            };
            Some(format!("{}'s {} ({limit})", k.name, d.name))
        }
        _ => None,
    }
}

/// `note` when it says something, else the monster's trackers: ", with the monster at 0 Armor
/// and 9 Health" (what a response outside a roll or a loss is used against).
fn or_trackers(s: &State, note: String) -> String {
    match (note.is_empty(), s.monster.as_ref()) {
        (true, Some(t)) => format!(
            ", with the monster at {} Armor and {} Health",
            t.armor, t.health
        ),
        _ => note,
    }
}

/// ", with 2 ability uses left this level" for a response printed on the character sheet.
fn uses_left(s: &State, source: crate::engine::Source) -> String {
    match source {
        crate::engine::Source::Ability(_) => {
            format!(", with {} left this level", plural(s.uses, "ability use"))
        }
        _ => String::new(),
    }
}
