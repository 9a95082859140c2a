//! Statistics: the figures, the win-rate table and three inline SVG charts (win rate, rank,
//! score over time), each labelled in text.

use super::*;

fn tally(t: &Tally) -> String {
    if t.games == 0 {
        "no games".into()
    } else {
        format!("{}% ({} of {})", t.win_percent(), t.wins, t.games)
    }
}

fn diff_class(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "d-easy",
        Difficulty::Normal => "d-normal",
        Difficulty::Hard => "d-hard",
    }
}

/// Win rate bars: one group per character played, one labelled bar per difficulty.
fn win_rate_chart(h: &mut Markup, s: &Statistics, names: &Names) {
    let rows: Vec<_> = s
        .by_character
        .iter()
        .filter(|r| r.total.games > 0)
        .collect();
    if rows.is_empty() {
        return;
    }
    let (label_w, bar_w, bar_h, gap) = (64, 170, 14, 3);
    let group_h = 18 + 3 * (bar_h + gap) + 8;
    let desc: Vec<String> = rows
        .iter()
        .map(|r| {
            let parts: Vec<String> = Difficulty::ALL
                .iter()
                .enumerate()
                .map(|(j, d)| format!("{} {}", d.name(), tally(&r.by_difficulty[j])))
                .collect();
            format!("{}: {}", names.character(&r.character), parts.join(", "))
        })
        .collect();
    markup!(
        h,
        "<figure class=\"records-chart\"><svg viewBox=\"0 0 360 {}\" role=\"img\" aria-labelledby=\"chart-win-t chart-win-d\" id=\"chart-win-rate\">\
         <title id=\"chart-win-t\">Win rate by character and difficulty</title><desc id=\"chart-win-d\">{}</desc>",
        group_h * rows.len(),
        desc.join(". ")
    );
    for (i, r) in rows.iter().enumerate() {
        let y0 = i * group_h;
        let who = names.character(&r.character);
        markup!(
            h,
            "<text x=\"0\" y=\"{}\" class=\"chart-label strong\">{}</text>",
            y0 + 13,
            who
        );
        for (j, d) in Difficulty::ALL.iter().enumerate() {
            let t = &r.by_difficulty[j];
            let y = y0 + 18 + j * (bar_h + gap);
            let w = bar_w * t.win_percent() as usize / 100;
            let (ty, dn, tl) = (y + bar_h - 3, d.name(), tally(t));
            markup!(
                h,
                "<text x=\"4\" y=\"{}\" class=\"chart-label\">{}</text>\
                 <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"chart-track\"></rect>\
                 <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"chart-bar {}\"><title>{} on {}: {}</title></rect>\
                 <text x=\"{}\" y=\"{}\" class=\"chart-label\">{}</text>",
                ty,
                dn,
                label_w,
                y,
                bar_w,
                bar_h,
                label_w,
                y,
                w,
                bar_h,
                diff_class(*d),
                who,
                dn,
                tl,
                label_w + bar_w + 6,
                ty,
                tl,
            );
        }
    }
    h.lit_push("</svg><figcaption>Win rate by character and difficulty (bar length: wins per game played).</figcaption></figure>");
}

/// Rank distribution: one bar per rank, its count written above it.
fn rank_chart(h: &mut Markup, s: &Statistics) {
    let wins: u32 = s.ranks.iter().map(|(_, n)| n).sum();
    if wins == 0 {
        return;
    }
    let n = s.ranks.len().max(1) as u32;
    let max = s.ranks.iter().map(|(_, c)| *c).max().unwrap_or(1).max(1);
    let (w, hh, top, bottom) = (360u32, 170u32, 18u32, 22u32);
    let slot = w / n;
    let desc: Vec<String> = s.ranks.iter().map(|(r, c)| format!("{r}: {c}")).collect();
    let yb = hh - bottom;
    markup!(
        h,
        "<figure class=\"records-chart\"><svg viewBox=\"0 0 {} {}\" role=\"img\" aria-labelledby=\"chart-rank-t chart-rank-d\" id=\"chart-ranks\">\
         <title id=\"chart-rank-t\">Ranks of your wins</title><desc id=\"chart-rank-d\">{}</desc>\
         <line x1=\"0\" x2=\"{}\" y1=\"{}\" y2=\"{}\" class=\"chart-axis\"></line>",
        w,
        hh,
        desc.join(", "),
        w,
        yb,
        yb
    );
    for (i, (rank, count)) in s.ranks.iter().enumerate() {
        let bh = (hh - top - bottom) * count / max;
        let x = i as u32 * slot + slot * 15 / 100;
        let bw = slot * 70 / 100;
        let y = hh - bottom - bh;
        let cx = x + bw / 2;
        markup!(
            h,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"chart-bar\"><title>{}: {}</title></rect>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" class=\"chart-label strong\">{}</text>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" class=\"chart-label\">{}</text>",
            x,
            y,
            bw,
            bh,
            rank,
            count,
            cx,
            y.saturating_sub(4),
            count,
            cx,
            hh - 6,
            rank
        );
    }
    markup!(
        h,
        "</svg><figcaption>Ranks of your {} {}.</figcaption></figure>",
        wins,
        if wins == 1 { "win" } else { "wins" }
    );
}

/// A point's mark: its shape tells the difficulty (circle Easy, square Normal, triangle Hard).
fn mark(h: &mut Markup, d: Difficulty, x: i32, y: i32, title: &str) {
    let c = diff_class(d);
    match d {
        Difficulty::Easy => markup!(
            h,
            "<circle cx=\"{}\" cy=\"{}\" r=\"4\" class=\"chart-point {}\"><title>{}</title></circle>",
            x,
            y,
            c,
            title
        ),
        Difficulty::Normal => markup!(
            h,
            "<rect x=\"{}\" y=\"{}\" width=\"7\" height=\"7\" class=\"chart-point {}\"><title>{}</title></rect>",
            x - 3,
            y - 3,
            c,
            title
        ),
        Difficulty::Hard => markup!(
            h,
            "<polygon points=\"{},{} {},{} {},{}\" class=\"chart-point {}\"><title>{}</title></polygon>",
            x,
            y - 5,
            x - 5,
            y + 4,
            x + 5,
            y + 4,
            c,
            title
        ),
    }
}

/// Score over time: every win in date order, joined by a line, on a labelled scale.
fn score_chart(h: &mut Markup, points: &[ScorePoint], names: &Names, date: DateFmt) {
    if points.is_empty() {
        return;
    }
    let (w, hh, left, right, top, bottom) = (360i32, 200i32, 30i32, 10i32, 10i32, 34i32);
    let max = points.iter().map(|p| p.score).max().unwrap_or(0);
    // Scores are u32 (a forged record can hold up to 4,294,967,295): the vertical scale is
    // worked out in i64 so neither rounding up nor the products below can wrap.
    let top_score = ((i64::from(max) + 9) / 10 * 10).max(10);
    let n = points.len() as i32;
    let x = |i: usize| {
        if n == 1 {
            left + (w - left - right) / 2
        } else {
            left + (w - left - right) * i as i32 / (n - 1)
        }
    };
    // Always within [top, hh - bottom] as 0 <= s <= top_score, so the result fits an i32.
    let y = |s: i64| {
        (i64::from(top) + i64::from(hh - top - bottom) * (top_score - s) / top_score) as i32
    };
    let first = date(&points[0].date);
    let last = date(&points[points.len() - 1].date);
    let latest = points[points.len() - 1].score;
    let lowest = points.iter().map(|p| p.score).min().unwrap_or(0);
    markup!(
        h,
        "<figure class=\"records-chart\"><svg viewBox=\"0 0 {} {}\" role=\"img\" aria-labelledby=\"chart-score-t chart-score-d\" id=\"chart-score\">\
         <title id=\"chart-score-t\">Score over time</title><desc id=\"chart-score-d\">{} {} from {} to {}: lowest {}, highest {}, latest {} points.</desc>",
        w,
        hh,
        n,
        if n == 1 { "win" } else { "wins" },
        first,
        last,
        lowest,
        max,
        latest
    );
    for k in 0..=4 {
        let v = top_score * k / 4;
        let yy = y(v);
        markup!(
            h,
            "<line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\" class=\"chart-grid\"></line>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"end\" class=\"chart-label\">{}</text>",
            left,
            w - right,
            yy,
            yy,
            left - 4,
            yy + 3,
            v
        );
    }
    if n > 1 {
        let line: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(i, p)| format!("{},{}", x(i), y(i64::from(p.score))))
            .collect();
        markup!(
            h,
            "<polyline points=\"{}\" class=\"chart-line\" fill=\"none\"></polyline>",
            line.join(" ")
        );
    }
    for (i, p) in points.iter().enumerate() {
        // Plain text: `mark` escapes it.
        let title = format!(
            "{}: {} points, {} on {}",
            date(&p.date),
            p.score,
            names.character(&p.character),
            p.difficulty.name()
        );
        mark(h, p.difficulty, x(i), y(i64::from(p.score)), &title);
    }
    let yl = hh - bottom + 14;
    markup!(
        h,
        "<text x=\"{}\" y=\"{}\" class=\"chart-label\">{}</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\" class=\"chart-label\">{}</text>",
        left,
        yl,
        first,
        w - right,
        yl,
        last
    );
    let ly = hh - 6;
    for (k, d) in Difficulty::ALL.iter().enumerate() {
        let lx = left + 70 * k as i32;
        mark(h, *d, lx + 4, ly - 4, d.name());
        markup!(
            h,
            "<text x=\"{}\" y=\"{}\" class=\"chart-label\">{}</text>",
            lx + 12,
            ly,
            d.name()
        );
    }
    h.lit_push("</svg><figcaption>Score of each win in date order. The mark's shape tells the difficulty: circle Easy, square Normal, triangle Hard.</figcaption></figure>");
}

/// Statistics: figures, the win-rate table, and the three charts.
pub fn statistics(games: &[GameRecord], names: &Names, date: DateFmt) -> Markup {
    let s = Statistics::compute(games, &names.ids(), &names.ranks);
    let mut h = Markup::new();
    markup!(
        h,
        "<dl class=\"records-figures\" id=\"records-figures\">\
         <div><dt>Games</dt><dd id=\"stat-games\">{}</dd></div>\
         <div><dt>Wins</dt><dd id=\"stat-wins\">{}</dd></div>\
         <div><dt>Win rate</dt><dd id=\"stat-rate\">{}%</dd></div>\
         <div><dt>Current streak</dt><dd id=\"stat-streak\">{}</dd></div>\
         <div><dt>Best streak</dt><dd id=\"stat-best-streak\">{}</dd></div>\
         <div><dt>Average score</dt><dd id=\"stat-average\">{}</dd></div></dl>\
         <div class=\"records-scroll\" tabindex=\"0\"><table class=\"records-table\" id=\"records-rates\"><caption>Win rate by character and difficulty</caption>\
         <thead><tr><th scope=\"col\">Character</th>",
        s.total.games,
        s.total.wins,
        s.total.win_percent(),
        s.streaks.current,
        s.streaks.best,
        s.average_score
            .map(|a| a.to_string())
            .unwrap_or_else(|| "—".into())
    );
    difficulty_headers(&mut h);
    h.lit_push("<th scope=\"col\">All</th></tr></thead><tbody>");
    let row = |h: &mut Markup, name: &str, cells: &[String]| {
        markup!(h, "<tr><th scope=\"row\">{}</th>", name);
        for c in cells {
            markup!(h, "<td>{}</td>", c);
        }
        h.lit_push("</tr>");
    };
    for r in &s.by_character {
        let mut cells: Vec<String> = r.by_difficulty.iter().map(tally).collect();
        cells.push(tally(&r.total));
        row(&mut h, &names.character(&r.character), &cells);
    }
    let mut cells: Vec<String> = s.by_difficulty.iter().map(tally).collect();
    cells.push(tally(&s.total));
    row(&mut h, "All", &cells);
    let mut cells: Vec<String> = s
        .streaks_by_difficulty
        .iter()
        .map(|x| format!("{} / {}", x.current, x.best))
        .collect();
    cells.push(format!("{} / {}", s.streaks.current, s.streaks.best));
    row(&mut h, "Streak now / best", &cells);
    h.lit_push("</tbody></table></div>");
    // What ended the lost games: each monster by name, and the rules' own causes.
    if !s.deaths.is_empty() {
        h.lit_push(
            "<div class=\"records-scroll\" tabindex=\"0\"><table class=\"records-table\" id=\"records-deaths\">\
             <caption>Defeats by cause</caption><thead><tr><th scope=\"col\">Cause</th>\
             <th scope=\"col\">Defeats</th></tr></thead><tbody>",
        );
        for (cause, n) in &s.deaths {
            markup!(h, "<tr><th scope=\"row\">{}</th><td>{}</td></tr>", cause, n);
        }
        h.lit_push("</tbody></table></div>");
    }
    if s.total.games == 0 {
        h.lit_push("<p class=\"muted\">Charts appear once you have finished a game.</p>");
    }
    win_rate_chart(&mut h, &s, names);
    rank_chart(&mut h, &s);
    score_chart(&mut h, &s.score_over_time, names, date);
    h
}
