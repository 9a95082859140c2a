//! The goals about the cards (encounters, skills, abilities, monsters, verbs and
//! conditions): measured from the bots' choices and experiments, or read from the box itself.
//! [`super::goals`] holds the weapon, Time and difficulty goals and renders the table; both
//! measure with [`super::goal_kit`].

use crate::content::CardDb;
use crate::engine::cards::Effect;
use crate::sim::report::goals::kit::{
    cell, grants_skill, monster_spread, scouting_hooks, screened_cell, unmeasured, BotRun, Cell,
    Measure,
};
use crate::sim::report::measure::box_shape::{encounter_shape, monster_shape, text_defects};

type Def<'m> = (&'static str, String, String, Measure<'m>);

/// A goal read from the box: the same cell for every bot.
fn fixed<'m>(area: &'static str, goal: &str, target: &str, c: Cell) -> Def<'m> {
    (
        area,
        goal.into(),
        target.into(),
        Box::new(move |_: &BotRun| c.clone()),
    )
}

/// The `n` lowest (or highest) of `v` as text.
fn extremes(mut v: Vec<(String, f64)>, n: usize, high: bool) -> String {
    v.sort_by(|a, b| a.1.total_cmp(&b.1));
    if high {
        v.reverse();
    }
    v.iter()
        .take(n)
        .map(|(id, x)| format!("{id} {x:.0} %"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A per-game rate that must reach `floor` for every id: how many fall under it, and the three
/// lowest (the skills, abilities and conditions goals all read this way).
fn floor_cell(mut v: Vec<(String, f64)>, floor: f64) -> Cell {
    v.sort_by(|a, b| a.1.total_cmp(&b.1));
    let under = v.iter().filter(|x| x.1 < floor).count();
    let low: Vec<String> = v
        .iter()
        .take(3)
        .map(|(id, x)| format!("{id} {x:.2}"))
        .collect();
    cell(
        format!("{under} under; lowest {}", low.join(", ")),
        under == 0,
    )
}

fn encounter_goals(db: &CardDb) -> Vec<Def<'_>> {
    let shape = encounter_shape(db);
    let n = shape.cards.max(1) as f64;
    vec![
        (
            "Encounters",
            "rested on".into(),
            "≤ 40 % of kept cards".into(),
            Box::new(|r: &BotRun| {
                let p = r.choices.rest_share * 100.0;
                cell(format!("{p:.1} %"), p <= 40.0)
            }) as Measure,
        ),
        (
            "Encounters",
            "every card resolved when kept (skill-granting cards ≥ 30 %)".into(),
            "≥ 20 % of the times kept".into(),
            Box::new(move |r: &BotRun| {
                let mut low = Vec::new();
                let mut fails = 0;
                for (i, c) in db.encounters.iter().enumerate() {
                    let Some(x) = r.choices.encounters.get(&c.id) else {
                        continue;
                    };
                    let p = 100.0 * x.resolved as f64 / x.kept.max(1) as f64;
                    let bar = if grants_skill(db, i) { 30.0 } else { 20.0 };
                    fails += (p < bar) as usize;
                    low.push((c.id.clone(), p));
                }
                cell(
                    format!("{fails} cards under; lowest {}", extremes(low, 3, false)),
                    fails == 0,
                )
            }),
        ),
        (
            "Encounters",
            "taken from the two-card draws that show it".into(),
            "15–80 %, every card".into(),
            Box::new(|r: &BotRun| {
                let mut v = Vec::new();
                for (id, p) in &r.choices.pair_take {
                    v.push((id.clone(), *p));
                }
                let out = v.iter().filter(|(_, p)| !(15.0..=80.0).contains(p)).count();
                cell(
                    format!(
                        "{out} cards outside; lowest {}; highest {}",
                        extremes(v.clone(), 2, false),
                        extremes(v, 2, true)
                    ),
                    out == 0,
                )
            }),
        ),
        fixed(
            "Encounters",
            "strictly dominated pairs (same Time, costs no more, gains no less)",
            "none",
            cell(
                match shape.dominated.first() {
                    Some((a, b)) => format!("{} pairs, e.g. {a} over {b}", shape.dominated.len()),
                    None => "none".into(),
                },
                shape.dominated.is_empty(),
            ),
        ),
        fixed(
            "Encounters",
            "cards sharing one exchange shape",
            "at most 2",
            cell(
                format!(
                    "largest {} ({}); {} shapes with 3+",
                    shape.largest_shape.len(),
                    shape.largest_shape.join(", "),
                    shape.crowded_shapes
                ),
                shape.largest_shape.len() <= 2,
            ),
        ),
        fixed(
            "Encounters",
            "cards spending Medium or Large Effort",
            "≥ 8",
            cell(
                format!("{}", shape.medium_or_large),
                shape.medium_or_large >= 8,
            ),
        ),
        fixed(
            "Encounters",
            "cards spending at most 1 unit",
            "≥ 80 %",
            cell(
                format!("{:.0} %", 100.0 * shape.at_most_one as f64 / n),
                shape.at_most_one as f64 >= 0.8 * n,
            ),
        ),
        fixed(
            "Encounters",
            "free cards, and their extra Time over the others",
            "≤ 30 %, ≥ +0.5 Time",
            cell(
                format!(
                    "{:.0} %, {:+.2} Time",
                    100.0 * shape.free as f64 / n,
                    shape.free_time_extra
                ),
                shape.free as f64 <= 0.3 * n && shape.free_time_extra >= 0.5,
            ),
        ),
    ]
}

fn skill_goals(db: &CardDb) -> Vec<Def<'_>> {
    vec![
        (
            "Skills",
            "each kept when offered".into(),
            "20–80 % of offers".into(),
            Box::new(|r: &BotRun| {
                let v: Vec<(String, f64)> = r
                    .choices
                    .skills
                    .iter()
                    .filter(|(_, n)| n.offered > 0)
                    .map(|(id, n)| (id.clone(), 100.0 * n.kept as f64 / n.offered as f64))
                    .collect();
                let out = v.iter().filter(|(_, p)| !(20.0..=80.0).contains(p)).count();
                cell(
                    format!(
                        "{out} outside; lowest {}; highest {}",
                        extremes(v.clone(), 2, false),
                        extremes(v, 2, true)
                    ),
                    out == 0,
                )
            }) as Measure,
        ),
        (
            "Skills",
            "forcing or forbidding one skill (`forceskill`/`noskill`)".into(),
            "moves the win rate ≤ 2 points".into(),
            Box::new(|r: &BotRun| {
                screened_cell(
                    r,
                    &["forceskill:", "noskill:"],
                    true,
                    crate::sim::report::measure::experiment::SKILL_AIM,
                )
            }),
        ),
        (
            "Skills",
            "action and response skills used when held".into(),
            "≥ 0.3 times per game".into(),
            Box::new(move |r: &BotRun| {
                let mut v = Vec::new();
                for k in db
                    .skills
                    .iter()
                    .filter(|k| !k.actions.is_empty() || !k.responses.is_empty())
                {
                    if let Some(n) = r.choices.skills.get(&k.id).filter(|n| n.kept > 0) {
                        v.push((k.id.clone(), n.used as f64 / n.kept as f64));
                    }
                }
                floor_cell(v, 0.3)
            }),
        ),
    ]
}

fn ability_goals(db: &CardDb) -> Vec<Def<'_>> {
    vec![
        (
            "Abilities",
            "each ability used by its character".into(),
            "≥ 0.5 times a game".into(),
            Box::new(|r: &BotRun| {
                floor_cell(
                    r.choices
                        .abilities
                        .iter()
                        .map(|(id, x)| (id.clone(), *x))
                        .collect(),
                    0.5,
                )
            }) as Measure,
        ),
        (
            "Abilities",
            "no ability takes most of its character's uses".into(),
            "≤ 50 % each".into(),
            Box::new(move |r: &BotRun| {
                let mut worst = (String::new(), 0.0f64);
                for ch in &db.characters {
                    let uses = crate::sim::report::play::choices::character_ability_uses(
                        ch,
                        &r.choices.abilities,
                    );
                    let total: f64 = uses.iter().map(|(_, u)| u).sum();
                    for (id, u) in &uses {
                        let s = 100.0 * u / total.max(1e-9);
                        if s > worst.1 {
                            worst = (id.clone(), s);
                        }
                    }
                }
                cell(
                    format!("largest {} {:.0} %", worst.0, worst.1),
                    worst.1 <= 50.0,
                )
            }),
        ),
        (
            "Abilities",
            "playing without abilities (`noability`)".into(),
            "costs every character 12–20 points".into(),
            Box::new(
                |r: &BotRun| match r.experiments.iter().find(|e| e.policy == "noability") {
                    Some(e) if e.error.is_none() => {
                        // Each character against the pooled games without abilities
                        // (`experiments::ability_costs`).
                        let v: Vec<String> = e
                            .by_character
                            .iter()
                            .map(|(c, g)| match e.by_character_ci.get(c) {
                                Some(ci) => format!("{c} {g:+.1} ± {ci:.1}"),
                                None => format!("{c} {g:+.1}"),
                            })
                            .collect();
                        let ok = e.by_character.values().all(|g| (-20.0..=-12.0).contains(g));
                        cell(
                            format!(
                                "{} (all {} games of each character against {} games without)",
                                v.join(", "),
                                r.normal().len() / e.by_character.len().max(1),
                                e.games
                            ),
                            ok,
                        )
                    }
                    _ => unmeasured("not played"),
                },
            ),
        ),
    ]
}

fn monster_goals(db: &CardDb) -> Vec<Def<'_>> {
    let shape = monster_shape(db);
    let e = shape.effort_per_roll;
    vec![
        fixed(
            "Monsters",
            "two monsters of a level sharing 4+ rows with identical effects",
            "none",
            cell(
                match shape.alike.first() {
                    Some((a, b, n)) => {
                        format!("{} pairs, e.g. {a} and {b} ({n} rows)", shape.alike.len())
                    }
                    None => "none".into(),
                },
                shape.alike.is_empty(),
            ),
        ),
        fixed(
            "Monsters",
            "each monster has a rule of its own (passive, response or action)",
            "all",
            cell(
                format!("{} without: {}", shape.plain.len(), shape.plain.join(", ")),
                shape.plain.is_empty(),
            ),
        ),
        fixed(
            "Monsters",
            "effort lost per monster roll rises with the level",
            "IV ≥ 1.5 × I",
            cell(
                format!(
                    "I {:.2}, II {:.2}, III {:.2}, IV {:.2}",
                    e[0], e[1], e[2], e[3]
                ),
                e[3] >= 1.5 * e[0] && e.windows(2).all(|w| w[1] >= w[0]),
            ),
        ),
        (
            "Monsters",
            "beaten-when-fought spread within a level; Level I highest".into(),
            "≤ 25 points; ≤ 92 %".into(),
            Box::new(move |r: &BotRun| {
                let normal = r
                    .batches
                    .iter()
                    .find(|b| b.0 == crate::engine::Difficulty::Normal)
                    .map(|b| b.1.as_slice())
                    .unwrap_or(&[]);
                let (sp, l1) = monster_spread(db, normal);
                cell(
                    format!(
                        "spread I {:.0}, II {:.0}, III {:.0}, IV {:.0}; Level I up to {l1:.1} %",
                        sp[0], sp[1], sp[2], sp[3]
                    ),
                    sp.iter().all(|x| *x <= 25.0) && l1 <= 92.0,
                )
            }),
        ),
        (
            "Monsters",
            "a hook per level that pays off only if scouted (used in ≥ 20 % of its battles): a \
             monster with no Ambush Effect, learned in the Travel Phase, then all Time spent (p. 24)"
                .into(),
            "one per level".into(),
            Box::new(move |r: &BotRun| {
                let hooks = scouting_hooks(db, r.normal_games());
                let text: Vec<String> = (1..=crate::engine::cards::LAST_LEVEL)
                    .map(crate::engine::cards::roman)
                    .zip(&hooks)
                    .map(|(l, h)| match h {
                        Some((id, x)) => format!("{l} {id} {x:.0} %"),
                        None => format!("{l} none"),
                    })
                    .collect();
                cell(
                    text.join(", "),
                    hooks.iter().all(|h| h.as_ref().is_some_and(|(_, x)| *x >= 20.0)),
                )
            }),
        ),
        fixed(
            "Verbs and text",
            "verbs beyond the retail nine are defined in the glossary",
            "all",
            cell(
                format!(
                    "{} others ({}); undefined: {}",
                    shape.other_verbs.len(),
                    shape.other_verbs.join(", "),
                    if shape.undefined_verbs.is_empty() {
                        "none".into()
                    } else {
                        shape.undefined_verbs.join(", ")
                    }
                ),
                shape.undefined_verbs.is_empty(),
            ),
        ),
        fixed(
            "Verbs and text",
            "effort-loss rows that WOUND",
            "≥ 70 %",
            cell(
                format!(
                    "{:.0} % of {}",
                    100.0 * shape.wound_rows as f64 / shape.effort_rows.max(1) as f64,
                    shape.effort_rows
                ),
                shape.wound_rows as f64 >= 0.7 * shape.effort_rows as f64,
            ),
        ),
    ]
}

fn condition_goals(db: &CardDb) -> Vec<Def<'_>> {
    let inspiration = db.params.general_actions.iter().position(|d| {
        d.effects
            .iter()
            .any(|e| matches!(e, Effect::Gain(x) if x.large > 0))
    });
    let defects = text_defects(db);
    vec![
        (
            "Verbs and text",
            "every condition gained".into(),
            "≥ 0.05 times a game".into(),
            Box::new(|r: &BotRun| {
                floor_cell(
                    r.choices
                        .conditions
                        .iter()
                        .map(|(id, x)| (id.clone(), *x))
                        .collect(),
                    0.05,
                )
            }) as Measure,
        ),
        (
            "Verbs and text",
            "Inspiration used (or Large Effort has another use)".into(),
            "≥ 0.1 a game".into(),
            Box::new(move |r: &BotRun| {
                // Either clause meets the goal: Inspiration taken, or Large Effort put to use
                // without it (the Maul's Large attack, encounter cards that ask for Large).
                let [attacks, cards, other] = r.choices.large_paid_per_game;
                let large = attacks + cards + other;
                let paid = format!(
                    "Large Effort paid {large:.2} a game (attacks {attacks:.2}, encounter cards {cards:.2}, other {other:.2})"
                );
                match inspiration {
                    Some(i) => {
                        let x = r.choices.general_per_game.get(i).copied().unwrap_or(0.0);
                        cell(
                            format!("Inspiration {x:.2} a game; {paid}"),
                            x >= 0.1 || large >= 0.1,
                        )
                    }
                    None => cell(paid, large >= 0.1),
                }
            }),
        ),
        fixed(
            "Verbs and text",
            "rendering defects in card text (\"DEFEND: DEFEND:\", \"1 more cards\")",
            "none",
            cell(
                match defects.first() {
                    Some(d) => format!("{}, e.g. {d}", defects.len()),
                    None => "none".into(),
                },
                defects.is_empty(),
            ),
        ),
    ]
}

/// The card goals: encounters, then skills, abilities, monsters and verbs, as the report
/// lists them.
pub fn box_goals(db: &CardDb) -> Vec<Def<'_>> {
    let mut out = encounter_goals(db);
    out.extend(skill_goals(db));
    out.extend(ability_goals(db));
    out.extend(monster_goals(db));
    out.extend(condition_goals(db));
    out
}
