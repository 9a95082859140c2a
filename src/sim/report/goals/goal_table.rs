//! The goals of a box worth replaying, each with its target, the value measured for
//! the default smart bot and for the strongest bot, and whether it is met: the table the balance
//! report opens with. Figures come from the bots' Normal games (their [`Choices`]), the policy
//! [`experiments`](crate::sim::report::measure::experiment), the smart bot's battle model, and the box itself
//! ([`box_shape`](crate::sim::report::measure::box_shape)).

use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::sim::report::goals::kit::{
    cell, experiment_cell, gain_text, screened_cell, unmeasured, BotRun, Cell, Measure,
};
use crate::sim::report::measure::experiment::Experiment;
use crate::sim::report::measure::figures::{band, by_character, pct, spread, wins, SPREAD_AIM};
use crate::sim::report::play::choices::Choices;
use crate::sim::Brain;
use std::fmt::Write as _;

/// Ambush effects suffered in a won game that earn Reckless, as content/achievements.json says
/// (4 if it no longer says).
pub fn reckless_ambushes() -> u8 {
    reckless_in(include_str!("../../../../content/achievements.json")).unwrap_or(4)
}

/// The Reckless threshold in an achievements file.
fn reckless_in(text: &str) -> Option<u8> {
    let all: serde_json::Value = serde_json::from_str(text).ok()?;
    let list = all.get("achievements").unwrap_or(&all).as_array()?;
    let min = list
        .iter()
        .find(|a| a["id"] == "reckless")?
        .get("game")?
        .as_array()?
        .iter()
        .find(|c| c["stat"] == "ambushes")?
        .get("min")?
        .as_u64()?;
    u8::try_from(min).ok()
}

/// One goal of a box worth replaying: its area, target, figures for both bots and whether
/// it is met.
pub struct Goal {
    pub area: &'static str,
    pub goal: String,
    pub target: String,
    /// For the default bot, then the strongest.
    pub cells: Vec<Cell>,
}

/// A weapon's id by card index.
fn weapon_id(db: &CardDb, w: u16) -> &str {
    db.weapon(w).map(|x| x.id.as_str()).unwrap_or("?")
}

fn weapon_goals<'m>(
    db: &'m CardDb,
    brain: &'m Brain,
) -> Vec<(&'static str, String, String, Measure<'m>)> {
    let advanced: Vec<u16> = (0..db.weapons.len() as u16)
        .filter(|w| db.weapon(*w).is_some_and(|x| !x.basic))
        .collect();
    let first_crafts: Vec<u16> = (0..db.weapons.len() as u16)
        .filter(|w| *w != db.start_weapon && db.weapon(*w).is_some_and(|x| x.basic))
        .collect();
    let adv = advanced.clone();
    let share = |c: &Choices, level: &str, w: u16| {
        c.weapon_at_battle
            .get(level)
            .and_then(|m| m.get(weapon_id(db, w)))
            .copied()
            .unwrap_or(0.0)
            * 100.0
    };
    // The model's prices: upgrades priced above their source, and each advanced weapon's
    // monsters where it is the cheapest by 15 %.
    let price = |w: u16, m: usize| brain.fight_price(w, m as u16).unwrap_or(f64::INFINITY);
    let mut worse = Vec::new();
    for (wi, w) in db.weapons.iter().enumerate() {
        for u in &w.upgrades {
            for (mi, m) in db.monsters.iter().enumerate() {
                if price(u.to.idx, mi) > price(wi as u16, mi) + 0.05 {
                    worse.push(format!("{}→{} vs {}", w.id, weapon_id(db, u.to.idx), m.id));
                }
            }
        }
    }
    let cheapest: Vec<(u16, usize)> = advanced
        .iter()
        .map(|w| {
            let n = (0..db.monsters.len())
                .filter(|m| {
                    let best_other = (0..db.weapons.len() as u16)
                        .filter(|x| x != w)
                        .map(|x| price(x, *m))
                        .fold(f64::INFINITY, f64::min);
                    price(*w, *m) <= 0.85 * best_other
                })
                .count();
            (*w, n)
        })
        .collect();
    let worse_cell = cell(
        match worse.first() {
            Some(x) => format!("{} cases, e.g. {x}", worse.len()),
            None => "none".into(),
        },
        worse.is_empty(),
    );
    let fewest = cheapest.iter().min_by_key(|x| x.1).copied();
    let cheap_cell = match fewest {
        Some((w, n)) => cell(
            format!(
                "{} (fewest: {} on {n})",
                cheapest
                    .iter()
                    .map(|(w, n)| format!("{} {n}", weapon_id(db, *w)))
                    .collect::<Vec<_>>()
                    .join(", "),
                weapon_id(db, w)
            ),
            n >= 3,
        ),
        None => unmeasured("no advanced weapon"),
    };
    vec![
        (
            "Weapons",
            "every advanced weapon in hand in Level IV battles".into(),
            "≥ 10 % each".into(),
            Box::new(move |r: &BotRun| {
                let v: Vec<(u16, f64)> = adv
                    .iter()
                    .map(|w| (*w, share(&r.choices, "4", *w)))
                    .collect();
                let low = v.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
                let text: Vec<String> = v
                    .iter()
                    .map(|(w, s)| format!("{} {s:.0} %", weapon_id(db, *w)))
                    .collect();
                cell(text.join(", "), low >= 10.0)
            }) as Measure,
        ),
        (
            "Weapons",
            "no weapon in most Level IV battles".into(),
            "none > 50 %".into(),
            Box::new(move |r: &BotRun| {
                let top = (0..db.weapons.len() as u16)
                    .map(|w| (w, share(&r.choices, "4", w)))
                    .max_by(|a, b| a.1.total_cmp(&b.1));
                match top {
                    Some((w, s)) => {
                        cell(format!("highest {} {s:.1} %", weapon_id(db, w)), s <= 50.0)
                    }
                    None => unmeasured("no battles"),
                }
            }),
        ),
        (
            "Weapons",
            "the first crafts in Level I battles".into(),
            "≥ 15 % each".into(),
            Box::new(move |r: &BotRun| {
                let v: Vec<(u16, f64)> = first_crafts
                    .iter()
                    .map(|w| (*w, share(&r.choices, "1", *w)))
                    .collect();
                let low = v.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
                let text: Vec<String> = v
                    .iter()
                    .map(|(w, s)| format!("{} {s:.0} %", weapon_id(db, *w)))
                    .collect();
                cell(text.join(", "), low >= 15.0)
            }),
        ),
        (
            "Weapons",
            "committing to one advanced weapon before meeting a monster (`commit:W`: never \
             crafts off its path)"
                .into(),
            "costs ≤ 5 points, each".into(),
            Box::new(move |r: &BotRun| {
                let es: Vec<&Experiment> = r.screened("commit:");
                let worst = es.iter().min_by(|a, b| a.gain.total_cmp(&b.gain));
                match worst {
                    Some(e) => cell(
                        es.iter()
                            .map(|e| {
                                format!(
                                    "{} {:+.1} ± {:.1} ({} games)",
                                    &e.policy["commit:".len()..],
                                    e.gain,
                                    e.ci,
                                    e.games
                                )
                            })
                            .collect::<Vec<_>>()
                            .join(", "),
                        e.gain >= -crate::sim::report::measure::experiment::COMMIT_AIM,
                    ),
                    None => unmeasured("not played"),
                }
            }),
        ),
        (
            "Weapons",
            "no upgrade priced above its source against any monster (battle model)".into(),
            "none".into(),
            Box::new(move |_: &BotRun| worse_cell.clone()),
        ),
        (
            "Weapons",
            "each advanced weapon the cheapest by ≥ 15 % (battle model)".into(),
            "against ≥ 3 monsters".into(),
            Box::new(move |_: &BotRun| cheap_cell.clone()),
        ),
    ]
}

fn time_goals() -> Vec<(&'static str, String, String, Measure<'static>)> {
    let levels = [1, 2, 3, 4].map(crate::engine::cards::roman);
    vec![
        (
            "Time and ambush",
            "battles begun by an ambush".into(),
            "≤ 60 % at I, ≤ 70 % at II–III".into(),
            Box::new(|r: &BotRun| {
                let a = r.choices.ambushed_share.map(|x| x * 100.0);
                cell(
                    format!(
                        "I {:.0} %, II {:.0} %, III {:.0} % (IV {:.0} %)",
                        a[0], a[1], a[2], a[3]
                    ),
                    a[0] <= 60.0 && a[1] <= 70.0 && a[2] <= 70.0,
                )
            }) as Measure,
        ),
        (
            "Time and ambush",
            "ambushed battles won less often than the others".into(),
            "by ≥ 5 points at every level".into(),
            Box::new(move |r: &BotRun| {
                let c = &r.choices;
                let gap: Vec<f64> = (0..4)
                    .map(|l| 100.0 * (c.other_win_rate[l] - c.ambushed_win_rate[l]))
                    .collect();
                let text: Vec<String> = gap
                    .iter()
                    .zip(levels)
                    .map(|(g, l)| format!("{l} {g:+.1}"))
                    .collect();
                cell(text.join(", "), gap.iter().all(|g| *g >= 5.0))
            }),
        ),
        (
            "Time and ambush",
            "never being ambushed (`noamb` at every level)".into(),
            "costs ≤ 1 point".into(),
            Box::new(|r: &BotRun| {
                let mut c =
                    experiment_cell(r, crate::sim::report::measure::experiment::NOAMB, |g| {
                        g >= -crate::sim::report::measure::experiment::NOAMB_AIM
                    });
                if let Some(e) = r
                    .experiment(crate::sim::report::measure::experiment::NOAMB)
                    .filter(|e| e.error.is_none())
                {
                    c.value = format!("{} ({} games)", c.value, e.games);
                }
                if let Some(e) = r.experiment(crate::sim::report::measure::experiment::NOAMB_PEEK) {
                    c.value = format!(
                        "{}; seeing the next cards (`noambpeek`, the best any never-ambushed \
                         play can do): {} ({} games)",
                        c.value,
                        gain_text(e),
                        e.games
                    );
                }
                c
            }),
        ),
        (
            "Time and ambush",
            format!(
                "Reckless earned ({}+ ambush effects in a win)",
                reckless_ambushes()
            ),
            "≤ 5 % of wins".into(),
            Box::new(|r: &BotRun| {
                let n = r.normal();
                let min = reckless_ambushes();
                let reckless = n.iter().filter(|x| x.won && x.ambushes >= min).count();
                let p = pct(reckless as u64, wins(n));
                cell(format!("{p:.1} % of wins"), p <= 5.0)
            }),
        ),
    ]
}

fn difficulty_goals(four_rules: &str) -> Vec<(&'static str, String, String, Measure<'_>)> {
    let mut out: Vec<(&'static str, String, String, Measure)> = Vec::new();
    for d in Difficulty::ALL {
        let (lo, hi) = band(d);
        out.push((
            "Difficulty",
            format!("{} win rate", d.name()),
            format!("{lo:.0}–{hi:.0} %"),
            Box::new(move |r: &BotRun| {
                let recs = r.at(d);
                let p = pct(wins(recs), recs.len() as u64);
                cell(
                    format!("{p:.1} % ({} games)", recs.len()),
                    (lo..=hi).contains(&p),
                )
            }),
        ));
    }
    out.push((
        "Difficulty",
        "every character near the Normal mean".into(),
        format!("within {SPREAD_AIM:.0} points"),
        Box::new(|r: &BotRun| {
            let sp = spread(r.normal());
            let by: Vec<String> = by_character(r.normal())
                .iter()
                .map(|(c, (w, n))| format!("{c} {:.1}", pct(*w, *n)))
                .collect();
            cell(
                format!("farthest {sp:.1} ({})", by.join(", ")),
                sp <= SPREAD_AIM,
            )
        }),
    ));
    out.push((
        "Difficulty",
        "never resolving one encounter card (`noenc:CARD`)".into(),
        "gains ≤ 1 point, every card".into(),
        Box::new(|r: &BotRun| {
            screened_cell(
                r,
                &["noenc:"],
                false,
                crate::sim::report::measure::experiment::NOENC_AIM,
            )
        }),
    ));
    out.push((
        "Difficulty",
        format!("the four simple rules (`{four_rules}`)"),
        "gain ≤ 2 points".into(),
        Box::new(move |r: &BotRun| experiment_cell(r, four_rules, |g| g <= 2.0)),
    ));
    out.push((
        "Difficulty",
        "always tricking (`alwaystrick`) against the bot's own choice".into(),
        "no gain beyond its 95 % interval".into(),
        Box::new(|r: &BotRun| {
            let ci = r.experiment("alwaystrick").map(|e| e.ci).unwrap_or(0.0);
            experiment_cell(r, "alwaystrick", |g| g - ci <= 0.0)
        }),
    ));
    out
}

/// Every goal, measured for each bot.
pub fn goals(db: &CardDb, brain: &Brain, runs: &[BotRun], four_rules: &str) -> Vec<Goal> {
    let mut defs = weapon_goals(db, brain);
    defs.extend(time_goals());
    defs.extend(difficulty_goals(four_rules));
    defs.extend(crate::sim::report::goals::cards::box_goals(db));
    defs.into_iter()
        .map(|(area, goal, target, m)| Goal {
            area,
            goal,
            target,
            cells: runs.iter().map(&m).collect(),
        })
        .collect()
}

fn met_text(c: &Cell) -> &'static str {
    match c.met {
        Some(true) => "yes",
        Some(false) => "**no**",
        None => "–",
    }
}

/// The goals as a Markdown table, with a count of those met per bot.
pub fn goals_markdown(goals: &[Goal], runs: &[BotRun]) -> String {
    let mut o = String::new();
    let mut head = String::from("| area | goal | target |");
    let mut sep = String::from("|---|---|---|");
    for r in runs {
        let _ = write!(head, " {} | met |", r.name);
        sep.push_str("---|:---:|");
    }
    let _ = writeln!(o, "{head}\n{sep}");
    for g in goals {
        let mut line = format!("| {} | {} | {} |", g.area, g.goal, g.target);
        for c in &g.cells {
            let _ = write!(line, " {} | {} |", c.value.replace('|', "/"), met_text(c));
        }
        let _ = writeln!(o, "{line}");
    }
    let mut totals = Vec::new();
    for (i, r) in runs.iter().enumerate() {
        let measured = goals.iter().filter(|g| g.cells[i].met.is_some()).count();
        let met = goals
            .iter()
            .filter(|g| g.cells[i].met == Some(true))
            .count();
        totals.push(format!(
            "{}: {met} of {measured} measured goals met",
            r.name
        ));
    }
    let _ = writeln!(o, "\n{}.", totals.join("; "));
    o
}

#[cfg(test)]
mod tests {
    #[test]
    fn reckless_is_read_from_the_achievements() {
        let text = include_str!("../../../../content/achievements.json");
        assert_eq!(super::reckless_in(text), Some(4));
        let three = text.replacen(
            "\"stat\": \"ambushes\", \"min\": 4",
            "\"stat\": \"ambushes\", \"min\": 3",
            1,
        );
        assert_eq!(super::reckless_in(&three), Some(3));
        assert_eq!(super::reckless_in("[]"), None);
    }
}
