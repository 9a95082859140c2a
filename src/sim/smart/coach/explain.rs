//! Why the bot prefers a move, in the player's words: the one line a hint shows and a review
//! gives each move where the player and the bot differ.
//!
//! The reason is built from the bot's own figures, never from a second model: what separates
//! the chosen move from the best other one (the certain part of each, as the engine previews it:
//! effort, Food and the points it scores, Time and the ambush it holds off, the weapon in hand,
//! the monster's trackers, a skill's use), the value the bot puts on that gap, and the biggest
//! threat ahead when it matters (the monster's cost against the effort held, its worst combat
//! row, the level's Hunger, the final Hunger of Level IV, an ambush when Time runs low). Every
//! sentence is complete, carries its figures, and says nothing its figures deny: a monster is
//! said to repay its cost only while the chance it is too much stays under one in two.

use super::super::value::{Brain, Cache};
use super::figures::effort;
use super::in_battle;
use crate::engine::cards::{roman, LAST_LEVEL};
use crate::engine::game::Game;
use crate::engine::res::Res;
use crate::engine::{derived, preview, words, Action, Pending, Preview, State, Step};

/// The best other move and how much less the bot values it, in Small Effort (0 or more).
pub(in crate::sim::smart) struct Rival {
    pub action: Action,
    pub gap: f64,
}

/// The chance of death from which a monster is never said to repay its cost.
const TOO_LIKELY: f64 = 0.5;

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The reason for `chosen` in `g`: the decision against `rival` (None: the only move), then the
/// threat ahead when it matters. Complete sentences, each with the figures it turns on.
pub(in crate::sim::smart) fn reason(
    b: &Brain,
    cache: &mut Cache,
    g: &Game,
    chosen: Action,
    rival: Option<Rival>,
) -> String {
    let s = g.state();
    let mut out: Vec<String> = Vec::new();
    let label = |a: &Action| words::action(g.db(), s, a);
    let others = crate::engine::legal_actions(g)
        .iter()
        .any(|a| *a != chosen && *a != Action::Undo);
    match rival {
        Some(r) => out.push(decision(b, g, chosen, &r)),
        None if others => out.push(format!(
            "“{}” is the bot's move; no other move here could be valued.",
            label(&chosen)
        )),
        None => out.push(format!("“{}” is the only move here.", label(&chosen))),
    }
    out.extend(threat(b, cache, g));
    out.extend(hunger(b, s));
    if !out.iter().any(|x| x.chars().any(|c| c.is_ascii_digit())) {
        out.push(format!(
            "You hold {} and {}.",
            effort(b.effort_available(s).max(0.0)),
            plural(s.time.max(0) as i64, "Time", "Time")
        ));
    }
    out.join(" ")
}

/// One figure that differs between two moves' certain results, with the bot's value of it.
struct Diff {
    /// The bot's value of the difference, in Small Effort: positive favours the chosen move.
    value: f64,
    /// "leaves 2 Time more to explore before the monster can ambush you"
    gain: String,
    /// "spends 2 Time more"
    loss: String,
}

/// The sentence that compares `chosen` with the rival move.
fn decision(b: &Brain, g: &Game, chosen: Action, r: &Rival) -> String {
    let s = g.state();
    let db = g.db();
    let mine = words::action(db, s, &chosen);
    let theirs = words::action(db, s, &r.action);
    if r.gap < -0.05 {
        // Valued as the first step of a plan of several moves (effort prepared before Confront,
        // an attack chosen for the turns after it): the one-move look alone does not rank it
        // first, so the reason names what the move does, not a gain it cannot show.
        return match specific(b, g, chosen, r.action) {
            Some(w) => format!(
                "The bot picks “{mine}” over “{theirs}” as the first step of a plan of moves: {w}."
            ),
            None => format!(
                "The bot picks “{mine}” over “{theirs}” as the first step of a plan of moves."
            ),
        };
    }
    let why = specific(b, g, chosen, r.action);
    if r.gap < 0.75 {
        return match why {
            Some(w) => format!("“{mine}” and “{theirs}” are within 1 effort of each other; {w}."),
            None => format!("“{mine}” and “{theirs}” are within 1 effort of each other."),
        };
    }
    let head = format!("“{mine}” is worth {} more than “{theirs}”", effort(r.gap));
    match why {
        Some(w) => format!("{head}: {w}."),
        None => format!("{head} over the futures the bot looks ahead on."),
    }
}

/// What sets the chosen move apart, from what the moves themselves are (a skill, a trick, a
/// meal) or else from the largest difference in their certain results.
fn specific(b: &Brain, g: &Game, chosen: Action, rival: Action) -> Option<String> {
    let s = g.state();
    let db = g.db();
    match (g.pending(), chosen) {
        (Pending::ChooseSkill { cards }, Action::KeepSkill(i)) => {
            let k = db.skill(*cards.get(i as usize)?)?;
            let text = k.text.trim().trim_end_matches('.');
            if text.is_empty() {
                return None;
            }
            return Some(format!("{} — {text}", k.name));
        }
        (Pending::Hunger { requirement }, Action::Eat(n)) => {
            let held = s.stock.get(Res::Food);
            let points = db.params.points.food;
            return Some(if n >= *requirement {
                format!(
                    "eating {n} meets the Hunger of {requirement} Food; each Food kept to the end scores {points} points"
                )
            } else {
                format!(
                    "the Hunger asks {requirement} Food and you hold {held}; each Food kept scores {points} points at the end, and the bot values {n} eaten highest"
                )
            });
        }
        (_, Action::Trick) if s.monster.is_some() => {
            let ms = s.monster.as_ref()?;
            let m = db.monster(ms.card)?;
            let cost = m.trick_cost()?;
            return Some(format!(
                "tricking costs {} and skips a battle the bot prices at {} after its reward",
                cost.describe(),
                effort(b.battle_from_start(s).cost - b.reward_value(s, ms.card))
            ));
        }
        _ => {}
    }
    if let Some(w) = in_battle::decides(b, g, chosen, rival) {
        return Some(w);
    }
    let (a, z) = (preview(g, &chosen).ok()?, preview(g, &rival).ok()?);
    let mut diffs = diffs(b, g, &a, &z);
    diffs.sort_by(|x, y| y.value.abs().total_cmp(&x.value.abs()));
    let best_gain = diffs.iter().find(|d| d.value > 0.05);
    let best_loss = diffs.iter().find(|d| d.value < -0.05);
    let general = match (best_gain, best_loss) {
        (Some(up), Some(down)) => Some(format!("it {}, though it {}", up.gain, down.loss)),
        (Some(up), None) => Some(format!("it {}", up.gain)),
        (None, Some(down)) => Some(format!(
            "it {}, which the bot expects to win back in what follows",
            down.loss
        )),
        (None, None) => None,
    };
    // In battle a clause must carry a figure: else the effort each move leaves.
    match general {
        Some(w) if w.chars().any(|c| c.is_ascii_digit()) => Some(w),
        other => in_battle::effort_left(b, g, chosen, rival).or(other),
    }
}

/// The differences between two previews, each valued by the bot in the position now.
fn diffs(b: &Brain, g: &Game, a: &Preview, z: &Preview) -> Vec<Diff> {
    let s = g.state();
    let db = g.db();
    let mut out = Vec::new();
    let dt = a.time as i64 - z.time as i64;
    if dt != 0 && s.step != Step::Battle {
        let k = dt.abs();
        out.push(Diff {
            value: dt as f64 * b.unit_value(s, Res::Time),
            gain: format!(
                "leaves {} more to explore before Time runs out and the monster ambushes you",
                plural(k, "Time", "Time")
            ),
            loss: format!("spends {} more", plural(k, "Time", "Time")),
        });
    }
    let effort_of = |p: &Preview| {
        p.stock.get(Res::Small) as f64
            + p.stock.get(Res::Medium) as f64 * b.unit_value(s, Res::Medium)
            + p.stock.get(Res::Large) as f64 * b.unit_value(s, Res::Large)
    };
    let de = effort_of(a) - effort_of(z);
    if de.abs() >= 0.5 {
        out.push(Diff {
            value: de,
            gain: format!("keeps {} more for the battles ahead", effort(de.abs())),
            loss: format!("costs {} more", effort(de.abs())),
        });
    }
    let points = db.params.points;
    for r in [
        Res::Food,
        Res::Cunning,
        Res::Wood,
        Res::Metal,
        Res::Treasure,
    ] {
        let d = a.stock.get(r) as i64 - z.stock.get(r) as i64;
        if d == 0 {
            continue;
        }
        let k = d.abs();
        let name = r.name();
        let (gain, loss) = if r == Res::Food {
            (
                format!(
                    "brings {k} Food more: Food feeds the Hunger at each level's end (Level {} asks {}), and each left at the end scores {} points",
                    roman(s.level),
                    derived::food_requirement(s, db),
                    points.food
                ),
                format!("uses {k} Food more"),
            )
        } else {
            (
                format!("brings {k} {name} more"),
                format!("uses {k} {name} more"),
            )
        };
        out.push(Diff {
            value: d as f64 * b.unit_value(s, r),
            gain,
            loss,
        });
    }
    if a.weapon != z.weapon {
        if let Some(w) = a.weapon.and_then(|w| db.weapon(w)) {
            out.push(Diff {
                // A new weapon is what a craft is for: named whatever the bot's exact figure.
                value: 1.0 + de.abs(),
                gain: format!("puts the {} in your hand for the battle", w.name),
                loss: format!("keeps the {} in your hand", w.name),
            });
        }
    }
    if let (Some(x), Some(y)) = (a.monster, z.monster) {
        let dh = y.health as i64 - x.health as i64;
        let da = y.armor as i64 - x.armor as i64;
        if dh != 0 || da != 0 {
            out.push(Diff {
                value: (dh + da) as f64,
                gain: format!(
                    "leaves the monster at {} Armor and {} Health, against {} and {}",
                    x.armor, x.health, y.armor, y.health
                ),
                loss: format!(
                    "leaves the monster at {} Armor and {} Health, not {} and {}",
                    x.armor, x.health, y.armor, y.health
                ),
            });
        }
    }
    out
}

/// The monster against the effort held, in the steps where it is what is being decided; its
/// worst row in battle.
fn threat(b: &Brain, cache: &mut Cache, g: &Game) -> Vec<String> {
    let s = g.state();
    let db = &b.db;
    let in_battle = matches!(s.step, Step::Ambush | Step::Trickery | Step::Battle);
    if !in_battle && !matches!(s.step, Step::Preparation | Step::Exploration) {
        return Vec::new();
    }
    let shown = s.monster.as_ref().and_then(|m| db.monster(m.card));
    let who = match (in_battle::monster_now(g), shown) {
        (Some(now), _) => now,
        (None, Some(m)) => format!("The {}", m.name),
        (None, None) => format!("The Level {} monster", roman(s.level)),
    };
    let (cost, death, _) = b.current_threat(s, cache);
    let have = b.effort_available(s).max(0.0);
    let pct = (death * 100.0).round().clamp(1.0, 99.0) as i64;
    let from = if in_battle { " from here" } else { "" };
    let risk = if death >= 0.05 {
        format!(", a {pct}% chance it is too much")
    } else {
        String::new()
    };
    let mut out = Vec::new();
    // The figure shown decides: "should repay" only while the chance shown is under 50%.
    out.push(if pct as f64 >= TOO_LIKELY * 100.0 {
        format!(
            "{who} may cost more{from} than you hold ({}): a {pct}% chance it is too much.",
            effort(have)
        )
    } else if cost < 0.5 {
        format!(
            "{who} should repay what it costs with its reward{from}; you hold {}{risk}.",
            effort(have)
        )
    } else {
        format!(
            "{who} should cost {}{from} after its reward; you hold {}{risk}.",
            effort(cost),
            effort(have)
        )
    });
    out.extend(in_battle::worst_rows(b, g));
    if matches!(s.step, Step::Preparation | Step::Exploration) && (1..=2).contains(&s.time) {
        out.push(format!(
            "With {} left, the next exploration can run it out, and at 0 Time the monster ambushes you.",
            plural(s.time as i64, "Time", "Time")
        ));
    }
    out
}

/// The level's Hunger when the Food held falls short of it: at Level IV the final Hunger, after
/// the last monster, ends the game for a player who cannot meet it.
fn hunger(b: &Brain, s: &State) -> Option<String> {
    let db = &b.db;
    if matches!(s.step, Step::Hunger | Step::Rewards) || matches!(s.pending, Pending::Over(_)) {
        return None;
    }
    let need = derived::food_requirement(s, db);
    let held = s.stock.get(Res::Food);
    if held >= need {
        return None;
    }
    Some(if s.level >= LAST_LEVEL {
        format!("After this monster comes the final Hunger: {need} Food, and you hold {held}.")
    } else {
        format!(
            "The Hunger at the end of Level {} asks {need} Food, and you hold {held}.",
            roman(s.level)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::super::super::SmartBot;
    use super::*;
    use crate::content::CardDb;
    use crate::engine::{apply, legal_moves, Difficulty, Setup};
    use crate::sim::{Bot, Policy};
    use std::sync::Arc;

    /// What every reason must be: complete sentences, a figure the decision turns on, and no
    /// claim its own figures deny.
    fn check(text: &str) -> Result<(), String> {
        if text.trim().is_empty() {
            return Err("empty".into());
        }
        if !text.ends_with('.') {
            return Err("does not end a sentence".into());
        }
        if !text.chars().any(|c| c.is_ascii_digit()) {
            return Err("names no figure".into());
        }
        for bad in [";.", ",.", ":.", "  ", "about 0 effort", " ;", "the about"] {
            if text.contains(bad) {
                return Err(format!("contains {bad:?}"));
            }
        }
        for sentence in text.split(". ") {
            let first = sentence.chars().next().unwrap_or(' ');
            if !(first.is_uppercase() || first == '“') {
                return Err(format!("a sentence starts with {first:?}"));
            }
            let repays = sentence.contains("pay for itself") || sentence.contains("should repay");
            let pcts = sentence.split('%').filter_map(|part| {
                let digits: String = part
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                digits.chars().rev().collect::<String>().parse::<u32>().ok()
            });
            if repays && pcts.clone().any(|p| p >= 50) {
                return Err(
                    "says the monster repays its cost with a 50% or higher chance it is too much"
                        .into(),
                );
            }
        }
        Ok(())
    }

    /// What a reason in battle must add: the monster's trackers, and a figure in the clause
    /// that says what decides (the labels of the two moves and "within 1 effort" aside): the
    /// harm each move does, a row of the monster's table, a response's or skill's use.
    fn check_battle(text: &str) -> Result<(), String> {
        if !text.contains("Health left)") {
            return Err("does not say how much Health the monster has left".into());
        }
        let first = text.split(". ").next().unwrap_or("");
        let mut bare = String::new();
        let mut quoted = false;
        for c in first.chars() {
            match c {
                '“' => quoted = true,
                '”' => quoted = false,
                _ if !quoted => bare.push(c),
                _ => {}
            }
        }
        let bare = bare.replace("within 1 effort", "");
        if !bare.chars().any(|c| c.is_ascii_digit()) {
            return Err("what decides names no figure".into());
        }
        Ok(())
    }

    /// Over more than 2,000 positions of smart-bot games on every difficulty and character,
    /// each reason for the bot's own move, against another legal move at gaps from a plan's
    /// negative one to a wide margin, passes [`check`].
    #[test]
    fn every_reason_is_complete_has_a_figure_and_never_contradicts_itself() {
        let db = Arc::new(CardDb::builtin().expect("box"));
        let brain = Arc::new(Brain::new(db.clone()));
        let gaps = [-1.5, 0.3, 0.9, 2.6, 12.0];
        let mut seen = 0usize;
        let mut battles = 0usize;
        let mut kinds = std::collections::BTreeSet::new();
        let mut seed = 1u64;
        while seen < 2_100 {
            let d = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard][seed as usize % 3];
            let who = &db.characters[seed as usize % db.characters.len()].id;
            let setup = Setup {
                seed,
                character: who.clone(),
                side: (seed % 2) as u8,
                difficulty: d,
                easy_toggle: false,
            };
            let (mut g, _) = Game::new(setup, db.clone()).expect("dealt");
            g.set_undo(false);
            let mut bot = SmartBot::with_settings(brain.clone(), seed, 1, Policy::default());
            let mut cache = Cache::default();
            for _ in 0..400 {
                if g.is_over() {
                    break;
                }
                let legal: Vec<Action> = legal_moves(&g);
                if legal.is_empty() {
                    break;
                }
                let chosen = bot.choose(&g, &legal);
                let rival = legal.iter().find(|a| **a != chosen).map(|a| Rival {
                    action: *a,
                    gap: gaps[seen % gaps.len()],
                });
                let text = reason(&brain, &mut cache, &g, chosen, rival);
                if let Err(e) = check(&text) {
                    panic!("{e}: {text}");
                }
                let battle = g.state().step == Step::Battle
                    && matches!(
                        g.pending(),
                        Pending::Battle { .. }
                            | Pending::Respond { .. }
                            | Pending::ChooseRoll { .. }
                    );
                if battle {
                    battles += 1;
                    if let Err(e) = check_battle(&text) {
                        panic!("in battle, {e}: {text}");
                    }
                }
                kinds.insert(g.pending().kind());
                seen += 1;
                if apply(&mut g, chosen).is_err() {
                    break;
                }
            }
            seed += 1;
        }
        assert!(kinds.len() >= 8, "decisions of too few kinds: {kinds:?}");
        assert!(battles >= 400, "only {battles} decisions in battle");
    }

    /// The check itself refuses what the reasons once said.
    #[test]
    fn the_check_refuses_the_old_faults() {
        let old = [
            "The Level I monster should pay for itself with its reward; you have about 13 effort and 7 Time, a 99% chance it is too much.",
            "From here the Orc should cost about 3 effort after its reward; you have about 14;",
            "The other choices are valued no better.",
            "",
        ];
        for text in old {
            assert!(check(text).is_err(), "{text}");
        }
        // A battle reason that names only the two moves and the monster's budget.
        let thin = [
            "“Use no more responses” and “Use I've Seen Worse (roll again)” are within 1 effort of each other. The Vampire should cost about 8 effort from here after its reward; you hold about 16 effort.",
            "“Wounding attack 2 (1 Small Effort)” and “Skip your turn” are within 1 effort of each other. The Orc (0 Armor, 4 Health left) should cost about 3 effort from here after its reward.",
        ];
        for text in thin {
            assert!(check_battle(text).is_err(), "{text}");
        }
        assert!(check("“Rest on Moss” is worth about 2 effort more than “Explore”: it leaves 2 Time more to explore.").is_ok());
    }
}
