//! The report's opening tables: how far each aim is met, and the per-monster criteria.

use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::sim::report::data::{smart_at, ReportData};
use crate::sim::report::measure::figures::*;
use std::fmt::Write as _;

/// The section that says how far each aim for the win rates is met (the bands per difficulty,
/// the character spread, every monster beaten sometimes and never trivially, the random bot
/// far below the smart one).
pub(in crate::sim::report) fn aims(db: &CardDb, data: &ReportData) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "## How far the aims are met\n");
    let _ = writeln!(
        o,
        "| aim | target | measured (smart bot) | met | margin |\n|---|---|---|:---:|---:|"
    );
    for (d, recs, _) in &data.smart {
        let p = pct(wins(recs), recs.len() as u64);
        let (lo, hi) = band(*d);
        let m = inside(p, lo, hi);
        let _ = writeln!(
            o,
            "| {} win rate | {lo:.0}–{hi:.0} % | {p:.1} % | {} | {m:.1} points inside |",
            d.name(),
            yes(m >= 0.0)
        );
    }
    let normal = smart_at(data, Difficulty::Normal);
    let sp = spread(normal);
    let _ = writeln!(
        o,
        "| every character near the Normal mean | within {SPREAD_AIM:.0} points | farthest {sp:.1} points | {} | {:.1} points |",
        yes(sp <= SPREAD_AIM),
        SPREAD_AIM - sp
    );
    let figs = monster_figures(normal);
    let name = |c: &u16| db.monster(*c).map(|m| m.name.clone()).unwrap_or_default();
    let lowest = figs.iter().min_by(|a, b| a.1.beaten.total_cmp(&b.1.beaten));
    let highest = figs.iter().max_by(|a, b| a.1.beaten.total_cmp(&b.1.beaten));
    let cheapest = figs.iter().min_by(|a, b| a.1.effort.total_cmp(&b.1.effort));
    let all_fought = db.monsters.len() == figs.values().filter(|f| f.fought > 0).count();
    let sometimes = figs.values().filter(|f| monster_ok(f).0).count();
    let not_trivial = figs.values().filter(|f| monster_ok(f).1).count();
    if let Some((c, f)) = lowest {
        let _ = writeln!(
            o,
            "| every monster beaten at least sometimes | on Normal, at least {SOMETIMES_MIN:.0} % of the battles fought against it won | {sometimes}/{} monsters; lowest {} {:.1} % | {} | {:.1} points |",
            db.monsters.len(),
            name(c),
            f.beaten,
            yes(all_fought && sometimes == db.monsters.len()),
            f.beaten - SOMETIMES_MIN
        );
    }
    if let (Some((c, f)), Some((c2, f2))) = (highest, cheapest) {
        let _ = writeln!(
            o,
            "| no monster beaten trivially | on Normal, at most {TRIVIAL_MAX:.0} % of its battles won, and a battle won costs at least {EFFORT_MIN:.0} effort on average | {not_trivial}/{} monsters; highest {} {:.1} %, cheapest {} {:.1} effort | {} | {:.1} points, {:.1} effort |",
            db.monsters.len(),
            name(c),
            f.beaten,
            name(c2),
            f2.effort,
            yes(all_fought && not_trivial == db.monsters.len()),
            TRIVIAL_MAX - f.beaten,
            f2.effort - EFFORT_MIN
        );
    }
    // Random bot far below: at most a tenth of the smart bot's rate on every difficulty.
    let mut worst: f64 = 0.0;
    let mut line = Vec::new();
    let mut ok = true;
    for (i, (d, recs, _)) in data.smart.iter().enumerate() {
        let s = pct(wins(recs), recs.len() as u64);
        let r = data
            .random
            .get(i)
            .map(|(_, r, _)| pct(wins(r), r.len() as u64))
            .unwrap_or(0.0);
        ok &= r <= RANDOM_MAX_SHARE * s;
        worst = worst.max(if s > 0.0 { r / s } else { 1.0 });
        line.push(format!("{} {r:.2} % vs {s:.1} %", d.name()));
    }
    let _ = writeln!(
        o,
        "| random bot far below the smart bot | at most {:.0} % of the smart bot's win rate, every difficulty | {} | {} | largest share {:.1} % |",
        RANDOM_MAX_SHARE * 100.0,
        line.join("; "),
        yes(ok),
        worst * 100.0
    );
    let _ = writeln!(
        o,
        "\nEvery monster should be beaten \"at least sometimes and never trivially\"; the two monster rows above are how this report measures it, on Normal \
         with the smart bot (per monster in [Monster criteria](#monster-criteria-normal)). The \
         character spread is also given for Easy and Hard below, where no aim is set.\n"
    );
    o
}

/// Per monster, the Normal figures behind "beaten at least sometimes and never trivially".
pub(in crate::sim::report) fn monster_criteria(db: &CardDb, data: &ReportData) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "### Monster criteria (Normal)\n");
    let _ = writeln!(
        o,
        "Smart bot, Normal only. *Sometimes*: at least {SOMETIMES_MIN:.0} % of the battles fought \
         won. *Not trivially*: at most {TRIVIAL_MAX:.0} % won, and a battle won costs at least \
         {EFFORT_MIN:.0} effort on average.\n"
    );
    let _ = writeln!(
        o,
        "| level | monster | battles fought | beaten when fought | effort per battle won | sometimes | not trivially |\n|---|---|---:|---:|---:|:---:|:---:|"
    );
    let figs = monster_figures(smart_at(data, Difficulty::Normal));
    for (i, m) in db.monsters.iter().enumerate() {
        let f = figs.get(&(i as u16)).unwrap_or(&MonsterFigures {
            beaten: 0.0,
            fought: 0,
            effort: 0.0,
        });
        let (a, b) = monster_ok(f);
        let _ = writeln!(
            o,
            "| {} | {} | {} | {:.1} % | {:.1} | {} | {} |",
            m.level,
            m.name,
            f.fought,
            f.beaten,
            f.effort,
            yes(a),
            yes(b)
        );
    }
    o.push('\n');
    o
}
