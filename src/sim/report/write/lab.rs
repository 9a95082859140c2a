//! A quick text summary of a batch for balance work (`unbroken report --lab`), and a policy
//! compared with the bot's own play on the same games (`--lab --policy P`).

use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::sim::report::measure::experiment::{compare, Experiment};
use crate::sim::report::measure::figures::*;
use crate::sim::report::play::choices::Choices;
use crate::sim::report::play::runs::{run_batch_with, Fate, Record};
use crate::sim::{BotSpec, Policy};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// The lab's text for one difficulty: the batch played by `spec`; with a policy, the same games
/// also played without it and the difference.
pub fn lab_run(
    db: &Arc<CardDb>,
    spec: &BotSpec,
    difficulty: Difficulty,
    characters: &[String],
    games: u64,
    seed: u64,
    threads: usize,
) -> String {
    let (recs, secs) = run_batch_with(db, spec, difficulty, characters, games, seed, threads);
    let mut o = lab_text(db, &recs, secs);
    if !spec.policy.is_empty() {
        let free = BotSpec {
            policy: Policy::default(),
            ..spec.clone()
        };
        let (base, _) = run_batch_with(db, &free, difficulty, characters, games, seed, threads);
        let won: Vec<bool> = recs.iter().map(|r| r.won).collect();
        let e: Experiment = compare(&spec.policy.spec, false, &base, &won);
        let by: Vec<String> = e
            .by_character
            .iter()
            .map(|(c, g)| format!("{c} {g:+.1}"))
            .collect();
        let _ = writeln!(
            o,
            "  policy {}: {:+.1} ± {:.1} points against the bot's own play on the same games \
             ({:.1}% without; by character: {})",
            spec.policy.spec,
            e.gain,
            e.ci,
            pct(wins(&base), base.len() as u64),
            by.join(", ")
        );
    }
    o
}

/// A quick text summary for balance work (`unbroken report --lab`).
pub fn lab_text(db: &CardDb, recs: &[Record], secs: f64) -> String {
    let mut o = String::new();
    let n = recs.len() as u64;
    let w = wins(recs);
    let _ = writeln!(
        o,
        "games {n} wins {:.1}% ({:.0} games/s, {} battles solved)",
        pct(w, n),
        n as f64 / secs.max(1e-9),
        crate::sim::smart::SOLVES.swap(0, std::sync::atomic::Ordering::Relaxed)
    );
    let mut line = String::from("  by character:");
    for (c, (cw, cn)) in by_character(recs) {
        let _ = write!(line, " {c} {:.1}%", pct(cw, cn));
    }
    let _ = writeln!(o, "{line} (spread {:.1})", spread(recs));
    let figs = monster_figures(recs);
    let failing: Vec<String> = figs
        .iter()
        .filter(|(_, f)| {
            let (a, b) = monster_ok(f);
            !(a && b)
        })
        .map(|(c, f)| {
            let name = db.monster(*c).map(|m| m.id.as_str()).unwrap_or("?");
            format!("{name} {:.1}%/{:.1}", f.beaten, f.effort)
        })
        .collect();
    let _ = writeln!(
        o,
        "  monsters outside {SOMETIMES_MIN:.0}–{TRIVIAL_MAX:.0} % beaten when fought or under \
         {EFFORT_MIN:.0} effort per win: {}",
        if failing.is_empty() {
            "none".to_string()
        } else {
            failing.join(", ")
        }
    );
    let mut died: BTreeMap<(u8, String), u64> = BTreeMap::new();
    for r in recs.iter().filter(|r| !r.won) {
        *died
            .entry((r.level, r.cause.clone().unwrap_or_default()))
            .or_default() += 1;
    }
    let mut line = String::from("  deaths:");
    for ((l, c), k) in &died {
        let _ = write!(line, " L{l}-{c} {:.1}%", pct(*k, n));
    }
    let _ = writeln!(o, "{line}");
    // Effort at each level start, among games reaching it.
    let mut line = String::from("  effort at level start:");
    for l in 0..4 {
        let v: Vec<f64> = recs
            .iter()
            .filter_map(|r| r.effort_at.get(l).map(|e| *e as f64))
            .collect();
        if !v.is_empty() {
            let _ = write!(
                line,
                " L{} {:.1} (n={})",
                l + 1,
                v.iter().sum::<f64>() / v.len() as f64,
                v.len()
            );
        }
    }
    let _ = writeln!(o, "{line}");
    for l in 0..4usize {
        let mut ws: BTreeMap<u16, u64> = BTreeMap::new();
        let mut k = 0;
        for r in recs {
            if let Some(wp) = r.weapon_at.get(l) {
                *ws.entry(*wp).or_default() += 1;
                k += 1;
            }
        }
        let mut line = format!("  weapon at L{}:", l + 1);
        for (wp, c) in ws {
            let name = db.weapon(wp).map(|x| x.id.as_str()).unwrap_or("?");
            let _ = write!(line, " {name} {:.0}%", pct(c, k));
        }
        let _ = writeln!(o, "{line}");
    }
    let c = Choices::from_tallies(db, recs.iter().map(|r| &r.tally));
    let lv = |a: [f64; 4]| {
        a.iter()
            .map(|x| format!("{:.0}%", x * 100.0))
            .collect::<Vec<_>>()
            .join("/")
    };
    // The goal table's figure: each weapon's share of the battles fought at Levels I and IV.
    for l in ["1", "4"] {
        let mut line = format!("  weapon at battle L{l}:");
        for (id, x) in c.weapon_at_battle.get(l).into_iter().flatten() {
            let _ = write!(line, " {id} {:.1}%", x * 100.0);
        }
        let _ = writeln!(o, "{line}");
    }
    let _ = writeln!(
        o,
        "  ambushed battles I/II/III/IV {}, won {} (others {}); rests {:.0}% of kept cards",
        lv(c.ambushed_share),
        lv(c.ambushed_win_rate),
        lv(c.other_win_rate),
        c.rest_share * 100.0
    );
    // Each character's abilities: uses per game of that character, and each one's share.
    let mut line = String::from("  abilities (uses a game, share of the character's):");
    for ch in &db.characters {
        let uses = crate::sim::report::play::choices::character_ability_uses(ch, &c.abilities);
        let total = uses.iter().map(|(_, u)| u).sum::<f64>().max(1e-9);
        let parts: Vec<String> = uses
            .iter()
            .map(|(id, u)| format!("{id} {u:.2} ({:.0}%)", u / total * 100.0))
            .collect();
        let _ = write!(line, " {}: {};", ch.id, parts.join(", "));
    }
    let _ = writeln!(o, "{line}");
    // General actions (Focus, Inspiration, Plan, ...): uses per game.
    let general: Vec<String> = db
        .params
        .general_actions
        .iter()
        .zip(&c.general_per_game)
        .map(|(d, x)| format!("{} {x:.2}", d.name))
        .collect();
    let _ = writeln!(o, "  general actions (uses a game): {}", general.join(", "));
    let [attacks, cards, other] = c.large_paid_per_game;
    let _ = writeln!(
        o,
        "  Large Effort paid (a game): {:.2} (attacks {attacks:.2}, encounter cards {cards:.2}, other {other:.2})",
        attacks + cards + other
    );
    let hooks: Vec<String> = crate::sim::report::goals::kit::scouting_hooks(db, recs)
        .iter()
        .zip(["I", "II", "III", "IV"])
        .map(|(h, l)| match h {
            Some((id, x)) => format!("{l} {id} {x:.0}%"),
            None => format!("{l} none"),
        })
        .collect();
    let _ = writeln!(
        o,
        "  scouting hooks (no ambush effect, known in travel, Time then run out): {}",
        hooks.join(", ")
    );
    let _ = writeln!(
        o,
        "  monster            faced  beaten tricked  killed  effort/win  ambushed  won(amb/not)  scouted"
    );
    for (card, f) in monster_fates(recs) {
        let name = db.monster(card).map(|m| m.id.as_str()).unwrap_or("?");
        let lvl = db.monster(card).map(|m| m.level).unwrap_or(0);
        let costs = battle_costs(recs, card);
        // Battles fought, split by whether the monster ambushed: [won, fought] each.
        let mut split = [[0u64; 2]; 2];
        let mut scouted = 0u64;
        for r in recs {
            scouted += r
                .monsters
                .iter()
                .any(|(c, l, _)| *c == card && r.scouted_levels.contains(l))
                as u64;
            for (c, l, fate) in &r.monsters {
                if *c != card || !matches!(fate, Fate::Defeated | Fate::KilledPlayer) {
                    continue;
                }
                let a = r.ambushed_levels.contains(l) as usize;
                split[a][1] += 1;
                split[a][0] += (*fate == Fate::Defeated) as u64;
            }
        }
        let _ = writeln!(
            o,
            "  L{lvl} {name:<16}{:>6} {:>6.1}% {:>6.1}% {:>6.1}% {:>8.1} {:>8.1}%  {:.0}/{:.0}% {:>8.1}%",
            f[0],
            pct(f[1], f[0]),
            pct(f[2], f[0]),
            pct(f[3], f[0]),
            costs.iter().sum::<f64>() / costs.len().max(1) as f64,
            pct(split[1][1], split[0][1] + split[1][1]),
            pct(split[1][0], split[1][1]),
            pct(split[0][0], split[0][1]),
            pct(scouted, f[0]),
        );
    }
    cards_text(&mut o, &c);
    o
}

/// The encounter and skill lines: per card kept, resolved (% of kept) and taken from the two-card
/// draws showing it (%); per skill offered, kept (%) and used per holding.
fn cards_text(o: &mut String, c: &Choices) {
    let mut line =
        String::from("  encounters (kept, resolved % of kept, taken % of two-card draws):");
    for (id, n) in &c.encounters {
        let take = c.pair_take.get(id).copied().unwrap_or(0.0);
        let _ = write!(
            line,
            " {id} {} {:.0}% {take:.0}%;",
            n.kept,
            pct(n.resolved, n.kept)
        );
    }
    let _ = writeln!(o, "{line}");
    let mut line = String::from("  skills (offered, kept %, uses per keep):");
    for (id, n) in &c.skills {
        let _ = write!(
            line,
            " {id} {} {:.0}% {:.2};",
            n.offered,
            pct(n.kept, n.offered),
            n.used as f64 / n.kept.max(1) as f64
        );
    }
    let _ = writeln!(o, "{line}");
}
