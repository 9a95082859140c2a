//! The report's charts, written by hand as SVG: win rates by difficulty and character, what
//! became of each monster, and survival by level.

use crate::content::CardDb;
use crate::sim::report::data::ReportData;
use crate::sim::report::measure::figures::*;
use crate::sim::report::play::runs::Record;
use std::fmt::Write as _;

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

const FONT: &str = "font-family=\"Helvetica, Arial, sans-serif\"";

/// Starts a chart: the `<svg>` element of that size on a white ground.
fn svg_open(o: &mut String, width: f64, height: f64) {
    let _ = writeln!(
        o,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" viewBox=\"0 0 {width:.0} {height:.0}\" {FONT}>"
    );
    let _ = writeln!(o, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
}

/// Grouped bars: win rate by difficulty, one bar per character and one for all, with the
/// target band shaded.
pub fn svg_win_rates(data: &ReportData, chars: &[(String, String)]) -> String {
    let groups = data.smart.len();
    let per = chars.len() + 1;
    let bw = 22.0;
    let gap = 36.0;
    let left = 60.0;
    let top = 50.0;
    let h = 300.0;
    let gw = per as f64 * bw;
    let width = left + groups as f64 * (gw + gap) + 180.0;
    let height = top + h + 70.0;
    let colors = [
        "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#9c755f", "#76b7b2",
    ];
    let mut o = String::new();
    svg_open(&mut o, width, height);
    let _ = writeln!(
        o,
        "<text x=\"{left}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">Win rate of the smart bot by difficulty and character</text>"
    );
    let _ = writeln!(
        o,
        "<text x=\"{left}\" y=\"42\" font-size=\"11\" fill=\"#555\">{} games per difficulty; grey band: the target; dark bar: all characters; whiskers: 95 % interval</text>",
        data.games
    );
    let y = |p: f64| top + h - h * p / 100.0;
    for t in (0..=100).step_by(20) {
        let yy = y(t as f64);
        let _ = writeln!(
            o,
            "<line x1=\"{left}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{t}%</text>",
            width - 170.0,
            left - 6.0,
            yy + 4.0
        );
    }
    for (gi, (d, recs, _)) in data.smart.iter().enumerate() {
        let x0 = left + 10.0 + gi as f64 * (gw + gap);
        let (lo, hi) = band(*d);
        let _ = writeln!(
            o,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#000\" fill-opacity=\"0.08\"/>",
            x0 - 6.0,
            y(hi),
            gw + 12.0,
            y(lo) - y(hi)
        );
        let mut bars: Vec<(String, u64, u64, &str)> = Vec::new();
        let bc = by_character(recs);
        for (ci_, (id, _)) in chars.iter().enumerate() {
            let (w, n) = bc.get(id).copied().unwrap_or((0, 0));
            bars.push((id.clone(), w, n, colors[ci_ % colors.len()]));
        }
        bars.push(("all".into(), wins(recs), recs.len() as u64, "#333"));
        for (bi, (_, w, n, col)) in bars.iter().enumerate() {
            let p = pct(*w, *n);
            let x = x0 + bi as f64 * bw;
            let _ = writeln!(
                o,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{col}\"><title>{p:.1}%</title></rect>",
                y(p),
                bw - 3.0,
                (y(0.0) - y(p)).max(0.0)
            );
            let e = ci(p, *n);
            let cx = x + (bw - 3.0) / 2.0;
            let _ = writeln!(
                o,
                "<line x1=\"{cx:.1}\" y1=\"{:.1}\" x2=\"{cx:.1}\" y2=\"{:.1}\" stroke=\"#000\" stroke-width=\"1\"/>",
                y((p + e).min(100.0)),
                y((p - e).max(0.0))
            );
        }
        let all = pct(wins(recs), recs.len() as u64);
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{} ({all:.1}%)</text>",
            x0 + gw / 2.0,
            top + h + 20.0,
            d.name()
        );
    }
    let lx = width - 160.0;
    for (i, (_, name)) in chars.iter().enumerate() {
        let ly = top + 10.0 + i as f64 * 20.0;
        let _ = writeln!(
            o,
            "<rect x=\"{lx}\" y=\"{ly}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>",
            colors[i % colors.len()],
            lx + 18.0,
            ly + 10.0,
            esc(name)
        );
    }
    let ly = top + 10.0 + chars.len() as f64 * 20.0;
    let _ = writeln!(
        o,
        "<rect x=\"{lx}\" y=\"{ly}\" width=\"12\" height=\"12\" fill=\"#333\"/><text x=\"{}\" y=\"{}\" font-size=\"12\">all characters</text>",
        lx + 18.0,
        ly + 10.0
    );
    o.push_str("</svg>\n");
    o
}

/// Horizontal bars: how often each monster is beaten, tricked, or kills, when faced (all
/// difficulties together).
pub fn svg_monsters(db: &CardDb, data: &ReportData) -> String {
    let all: Vec<Record> = data
        .smart
        .iter()
        .flat_map(|(_, r, _)| r.iter().cloned())
        .collect();
    let fates = monster_fates(&all);
    let rows: Vec<(u16, [u64; 4])> = db
        .monsters
        .iter()
        .enumerate()
        .map(|(i, _)| {
            (
                i as u16,
                fates.get(&(i as u16)).copied().unwrap_or_default(),
            )
        })
        .collect();
    let left = 170.0;
    let top = 56.0;
    let rh = 18.0;
    let w = 480.0;
    let width = left + w + 40.0;
    let height = top + rows.len() as f64 * rh + 50.0;
    let mut o = String::new();
    svg_open(&mut o, width, height);
    let _ = writeln!(
        o,
        "<text x=\"10\" y=\"22\" font-size=\"16\" font-weight=\"bold\">What became of each monster when faced (smart bot, all difficulties)</text>"
    );
    let legend = [
        ("#59a14f", "defeated"),
        ("#edc948", "tricked"),
        ("#e15759", "killed the player"),
        ("#bab0ac", "other"),
    ];
    for (i, (c, t)) in legend.iter().enumerate() {
        let x = 10.0 + i as f64 * 130.0;
        let _ = writeln!(
            o,
            "<rect x=\"{x}\" y=\"32\" width=\"12\" height=\"12\" fill=\"{c}\"/><text x=\"{}\" y=\"42\" font-size=\"12\">{t}</text>",
            x + 16.0
        );
    }
    for (i, (card, f)) in rows.iter().enumerate() {
        let yy = top + i as f64 * rh;
        let m = db.monster(*card);
        let name = m
            .map(|m| format!("L{} {}", m.level, m.name))
            .unwrap_or_default();
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{}</text>",
            left - 8.0,
            yy + 13.0,
            esc(&name)
        );
        let n = f[0].max(1) as f64;
        let parts = [
            f[1] as f64 / n,
            f[2] as f64 / n,
            f[3] as f64 / n,
            (f[0] - f[1] - f[2] - f[3]) as f64 / n,
        ];
        let mut x = left;
        for (k, p) in parts.iter().enumerate() {
            let ww = p * w;
            if ww > 0.0 {
                let _ = writeln!(
                    o,
                    "<rect x=\"{x:.1}\" y=\"{yy:.1}\" width=\"{ww:.1}\" height=\"{:.1}\" fill=\"{}\"><title>{} {:.1}%</title></rect>",
                    rh - 3.0,
                    legend[k].0,
                    legend[k].1,
                    p * 100.0
                );
            }
            x += ww;
        }
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" fill=\"#222\">{:.0}%</text>",
            left + 4.0,
            yy + 12.0,
            parts[0] * 100.0
        );
    }
    for t in (0..=100).step_by(25) {
        let x = left + w * t as f64 / 100.0;
        let yb = top + rows.len() as f64 * rh + 4.0;
        let _ = writeln!(
            o,
            "<text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{t}%</text>",
            yb + 12.0
        );
    }
    o.push_str("</svg>\n");
    o
}

/// Lines: share of games still alive at the start of each level, smart and random.
pub fn svg_survival(data: &ReportData) -> String {
    let left = 60.0;
    let top = 50.0;
    let w = 420.0;
    let h = 260.0;
    let width = left + w + 190.0;
    let height = top + h + 50.0;
    let colors = ["#59a14f", "#4e79a7", "#e15759"];
    let mut o = String::new();
    svg_open(&mut o, width, height);
    let _ = writeln!(
        o,
        "<text x=\"{left}\" y=\"24\" font-size=\"16\" font-weight=\"bold\">Still alive at each level (solid: smart bot, dashed: random bot)</text>"
    );
    let x = |i: usize| left + w * i as f64 / 4.0;
    let y = |p: f64| top + h - h * p / 100.0;
    for t in (0..=100).step_by(20) {
        let yy = y(t as f64);
        let _ = writeln!(
            o,
            "<line x1=\"{left}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{t}%</text>",
            left + w,
            left - 6.0,
            yy + 4.0
        );
    }
    let labels = ["Level I", "Level II", "Level III", "Level IV", "Won"];
    for (i, l) in labels.iter().enumerate() {
        let _ = writeln!(
            o,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{l}</text>",
            x(i),
            top + h + 18.0
        );
    }
    let curve = |recs: &[Record]| -> Vec<f64> {
        let n = recs.len() as u64;
        let mut v = Vec::new();
        for l in 1..=4u8 {
            v.push(pct(recs.iter().filter(|r| r.level >= l).count() as u64, n));
        }
        v.push(pct(wins(recs), n));
        v
    };
    for (k, set) in [&data.smart, &data.random].iter().enumerate() {
        for (di, (d, recs, _)) in set.iter().enumerate() {
            let pts: Vec<String> = curve(recs)
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(*p)))
                .collect();
            let dash = if k == 1 {
                " stroke-dasharray=\"5,4\""
            } else {
                ""
            };
            let _ = writeln!(
                o,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\"{dash}><title>{}</title></polyline>",
                pts.join(" "),
                colors[di % 3],
                d.name()
            );
        }
    }
    for (di, (d, _, _)) in data.smart.iter().enumerate() {
        let ly = top + 10.0 + di as f64 * 20.0;
        let lx = left + w + 20.0;
        let _ = writeln!(
            o,
            "<line x1=\"{lx}\" y1=\"{ly}\" x2=\"{}\" y2=\"{ly}\" stroke=\"{}\" stroke-width=\"2\"/><text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>",
            lx + 24.0,
            colors[di % 3],
            lx + 30.0,
            ly + 4.0,
            d.name()
        );
    }
    o.push_str("</svg>\n");
    o
}

/// Stacked bars: the weapon in hand when each level's battle began (Normal), for the default and
/// the strongest bot.
pub fn svg_weapons(db: &CardDb, data: &ReportData) -> String {
    let runs = data.bot_runs(db);
    let colors = [
        "#bab0ac", "#9c755f", "#76b7b2", "#4e79a7", "#59a14f", "#e15759", "#edc948", "#b07aa1",
    ];
    let left = 190.0;
    let top = 64.0;
    let rh = 22.0;
    let w = 460.0;
    let rows = runs.len() * 4;
    let width = left + w + 30.0;
    let height = top + rows as f64 * rh + runs.len() as f64 * 10.0 + 40.0;
    let mut o = String::new();
    svg_open(&mut o, width, height);
    let _ = writeln!(
        o,
        "<text x=\"10\" y=\"22\" font-size=\"16\" font-weight=\"bold\">Weapon in hand when each level's battle began (Normal)</text>"
    );
    for (i, wpn) in db.weapons.iter().enumerate() {
        let x = 10.0 + (i % 7) as f64 * 95.0;
        let y = 34.0 + (i / 7) as f64 * 16.0;
        let _ = writeln!(
            o,
            "<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>",
            colors[i % colors.len()],
            x + 16.0,
            y + 10.0,
            esc(&wpn.name)
        );
    }
    let mut yy = top;
    for run in &runs {
        for l in 1..=4usize {
            let shares = run.choices.weapon_at_battle.get(&l.to_string());
            let _ = writeln!(
                o,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"end\">{} – Level {}</text>",
                left - 8.0,
                yy + 14.0,
                esc(&run.name),
                ["I", "II", "III", "IV"][l - 1]
            );
            let mut x = left;
            for (i, wpn) in db.weapons.iter().enumerate() {
                let p = shares.and_then(|m| m.get(&wpn.id)).copied().unwrap_or(0.0);
                let ww = p * w;
                if ww > 0.0 {
                    let _ = writeln!(
                        o,
                        "<rect x=\"{x:.1}\" y=\"{yy:.1}\" width=\"{ww:.1}\" height=\"{:.1}\" fill=\"{}\"><title>{} {:.1}%</title></rect>",
                        rh - 4.0,
                        colors[i % colors.len()],
                        esc(&wpn.name),
                        p * 100.0
                    );
                    if ww > 28.0 {
                        let _ = writeln!(
                            o,
                            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" fill=\"#111\">{:.0}%</text>",
                            x + 3.0,
                            yy + 13.0,
                            p * 100.0
                        );
                    }
                }
                x += ww;
            }
            yy += rh;
        }
        yy += 10.0;
    }
    o.push_str("</svg>\n");
    o
}
