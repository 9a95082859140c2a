//! The records views as HTML: the scorepad and personal bests, the achievements sheet, and
//! the statistics with inline SVG charts. Pure functions of the records (natively tested),
//! built as [`Markup`] so every text is escaped by construction; the browser shows them as
//! they are.
//!
//! Accessibility: real tables (`caption`, `th scope`), sort buttons in the column headers with
//! `aria-sort`, charts as `role="img"` with a title and a text description, every bar and point
//! labelled in text, difficulties told apart by name and mark shape as well as colour.

use super::achievements::Progress;
use super::markup::Markup;
use super::stats::{self, ScorePoint, SortKey, Statistics, Tally};
use super::{Achievements, GameRecord, RecordOutcome, Records};
use crate::content::CardDb;
use crate::engine::Difficulty;
use crate::markup;

/// The names the views show, taken from the box.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Character id, class name, the two side names.
    pub characters: Vec<(String, String, [String; 2])>,
    /// Rank names, lowest first.
    pub ranks: Vec<String>,
}

impl Names {
    pub fn from_db(db: &CardDb) -> Names {
        Names {
            characters: db
                .characters
                .iter()
                .map(|c| {
                    (
                        c.id.clone(),
                        c.name.clone(),
                        [c.sides[0].name.clone(), c.sides[1].name.clone()],
                    )
                })
                .collect(),
            ranks: db.params.ranks.iter().map(|r| r.name.clone()).collect(),
        }
    }

    pub fn ids(&self) -> Vec<String> {
        self.characters.iter().map(|c| c.0.clone()).collect()
    }

    /// The class name ("Sneak"), or the id when unknown.
    pub fn character(&self, id: &str) -> String {
        self.characters
            .iter()
            .find(|c| c.0 == id)
            .map_or_else(|| id.to_string(), |c| c.1.clone())
    }

    /// "Maxyn Zenma the Sneak", or the class name when the character is unknown.
    pub fn adventurer(&self, id: &str, side: u8) -> String {
        match self.characters.iter().find(|c| c.0 == id) {
            Some(c) => format!("{} the {}", c.2[(side as usize).min(1)], c.1),
            None => id.to_string(),
        }
    }
}

/// Formats a stored date for display (the browser passes its local-time formatter).
pub type DateFmt<'a> = &'a dyn Fn(&str) -> String;

pub fn roman(n: u8) -> &'static str {
    ["?", "I", "II", "III", "IV"]
        .get(n as usize)
        .copied()
        .unwrap_or("?")
}

fn time(iso: &str, date: DateFmt) -> Markup {
    markup!("<time datetime=\"{}\">{}</time>", iso, date(iso))
}

/// A "—" that reads as `spoken`.
fn none(spoken: &str) -> Markup {
    markup!(
        "<span aria-hidden=\"true\">—</span><span class=\"visually-hidden\">{}</span>",
        spoken
    )
}

fn difficulty_headers(h: &mut Markup) {
    for d in Difficulty::ALL {
        markup!(h, "<th scope=\"col\">{}</th>", d.name());
    }
}

/// One scorepad line (a `<tr>`): date, adventurer, difficulty, result, score, rank, seed, and
/// a Replay button (`data-action="replay" data-id="<record id>"`) when the game's moves were
/// kept.
fn scorepad_row(h: &mut Markup, g: &GameRecord, names: &Names, date: DateFmt) {
    let result = match &g.outcome {
        RecordOutcome::Victory { .. } => Markup::lit("<span class=\"records-win\">Victory</span>"),
        RecordOutcome::Defeat { level, cause } => markup!(
            "<span class=\"records-loss\">Defeat in level {}: {}</span>",
            roman(*level),
            cause
        ),
    };
    // A game played with hints says so (issue 14): the scorepad keeps help apart from skill.
    let result = match g.hints() {
        0 => result,
        1 => markup!(
            "{} <span class=\"records-hinted\">(with 1 hint)</span>",
            result
        ),
        n => markup!(
            "{} <span class=\"records-hinted\">(with {} hints)</span>",
            result,
            n
        ),
    };
    let replay = if g.replay.is_some() {
        // The label is the date as text (it once read the <time> element's markup aloud).
        markup!(
            "<button type=\"button\" class=\"small quiet records-replay\" data-action=\"replay\" data-id=\"{}\" aria-label=\"Replay the game of {}\">Replay</button>",
            g.id,
            date(&g.date)
        )
    } else {
        none("no replay kept")
    };
    markup!(
        h,
        "<tr data-record-id=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
        g.id,
        time(&g.date, date),
        names.adventurer(&g.character, g.side),
        g.difficulty.name(),
        result,
        g.score().map_or_else(|| none("no score"), |s| markup!("{}", s)),
        g.rank().map_or_else(|| none("no rank"), Markup::text),
        g.seed.map_or_else(|| none("unknown"), |s| markup!("{}", s)),
        replay,
    );
}

/// Rows a scorepad table shows at most: the first by its order. A browser lays out a table of
/// 40,000 rows in half a minute (issue 13, item 7: an import of 40,000 games is told in 3 s);
/// the player sorts to bring other games up, and the statistics and the export hold them all.
pub const SCOREPAD_ROWS: usize = 200;

/// Writes the rows of `games` up to [`SCOREPAD_ROWS`]; below a longer table, a line that says so.
fn rows(h: &mut Markup, games: Vec<&GameRecord>, names: &Names, date: DateFmt) -> Markup {
    for g in games.iter().take(SCOREPAD_ROWS) {
        scorepad_row(h, g, names, date);
    }
    if games.len() > SCOREPAD_ROWS {
        markup!(
            "<p class=\"muted small records-more\">The first {} of {} games are shown: sort to see \
             others (the statistics count them all, and Export saves them all).</p>",
            SCOREPAD_ROWS,
            games.len()
        )
    } else {
        Markup::new()
    }
}

/// The scorepad: the standard games in a table sorted by `key`, whose column headers hold the
/// sort buttons (`data-sort="date|score|difficulty"`); then the daily challenges in a table of
/// their own, newest first (issue 6: daily results are kept apart, so one shared deal a day
/// never mixes with the player's own games). Each table shows its first [`SCOREPAD_ROWS`].
pub fn scorepad(
    games: &[GameRecord],
    key: SortKey,
    descending: bool,
    names: &Names,
    date: DateFmt,
) -> Markup {
    if games.is_empty() {
        return Markup::lit("<p class=\"muted\" id=\"records-empty\">No games recorded yet: every game you finish appears here, won or lost.</p>");
    }
    let (daily, standard): (Vec<&GameRecord>, Vec<&GameRecord>) =
        games.iter().partition(|g| g.kind.is_daily());
    let mut h = Markup::new();
    if standard.is_empty() {
        h.lit_push("<p class=\"muted\" id=\"records-empty\">No games of your own yet: only daily challenges, below.</p>");
    } else {
        markup!(
            h,
            "<div class=\"records-scroll\"><table class=\"records-table\" id=\"records-scorepad\" aria-labelledby=\"records-scorepad-h\">\
             <caption class=\"visually-hidden\">{} games; the buttons in the column headers sort the table.</caption><thead><tr>",
            standard.len()
        );
        let header = |h: &mut Markup, k: SortKey| {
            let active = k == key;
            let (sort, label, arrow) = match (active, descending) {
                (true, true) => (
                    " aria-sort=\"descending\"",
                    format!("{}, sorted highest first", k.name()),
                    " ▼",
                ),
                (true, false) => (
                    " aria-sort=\"ascending\"",
                    format!("{}, sorted lowest first", k.name()),
                    " ▲",
                ),
                _ => ("", format!("Sort by {}", k.key()), ""),
            };
            markup!(
                h,
                "<th scope=\"col\"{}><button type=\"button\" class=\"records-sort\" id=\"records-sort-{}\" data-sort=\"{}\" aria-label=\"{}\">{}<span aria-hidden=\"true\">{}</span></button></th>",
                Markup::lit(sort),
                k.key(),
                k.key(),
                label,
                k.name(),
                arrow
            );
        };
        header(&mut h, SortKey::Date);
        h.lit_push("<th scope=\"col\">Adventurer</th>");
        header(&mut h, SortKey::Difficulty);
        h.lit_push("<th scope=\"col\">Result</th>");
        header(&mut h, SortKey::Score);
        h.lit_push("<th scope=\"col\">Rank</th><th scope=\"col\">Seed</th><th scope=\"col\">Replay</th></tr></thead><tbody>");
        let more = rows(
            &mut h,
            stats::sort_refs(standard, key, descending),
            names,
            date,
        );
        h.lit_push("</tbody></table></div>");
        h.push(more);
    }
    if !daily.is_empty() {
        markup!(
            h,
            "<h3 id=\"records-daily-h\">Daily challenges</h3><div class=\"records-scroll\"><table class=\"records-table\" id=\"records-daily\" aria-labelledby=\"records-daily-h\">\
             <caption class=\"visually-hidden\">{} daily challenges, newest first.</caption><thead><tr>\
             <th scope=\"col\">Date</th><th scope=\"col\">Adventurer</th><th scope=\"col\">Difficulty</th><th scope=\"col\">Result</th><th scope=\"col\">Score</th><th scope=\"col\">Rank</th><th scope=\"col\">Seed</th><th scope=\"col\">Replay</th></tr></thead><tbody>",
            daily.len()
        );
        let more = rows(
            &mut h,
            stats::sort_refs(daily, SortKey::Date, true),
            names,
            date,
        );
        h.lit_push("</tbody></table></div>");
        h.push(more);
    }
    h
}

/// Personal bests: the best score per character and difficulty.
pub fn bests(games: &[GameRecord], names: &Names, date: DateFmt) -> Markup {
    let mut ids = names.ids();
    let best = stats::personal_bests(games, &ids);
    for b in &best {
        if !ids.contains(&b.character) {
            ids.push(b.character.clone());
        }
    }
    let mut h = Markup::lit(
        "<div class=\"records-scroll\"><table class=\"records-table\" id=\"records-bests\" aria-labelledby=\"records-bests-h\"><thead><tr><th scope=\"col\">Character</th>",
    );
    difficulty_headers(&mut h);
    h.lit_push("</tr></thead><tbody>");
    for c in &ids {
        markup!(h, "<tr><th scope=\"row\">{}</th>", names.character(c));
        for d in Difficulty::ALL {
            match best.iter().find(|b| &b.character == c && b.difficulty == d) {
                Some(b) => markup!(
                    h,
                    "<td>{} ({}) <span class=\"muted small-date\">{}</span></td>",
                    b.score,
                    b.rank,
                    time(&b.date, date)
                ),
                None => markup!(h, "<td>{}</td>", none("no win yet")),
            }
        }
        h.lit_push("</tr>");
    }
    h.lit_push("</tbody></table></div>");
    h
}

/// The achievements sheet: 16 rows by Easy, Normal and Hard.
pub fn sheet(r: &Records, defs: &Achievements, names: &Names, date: DateFmt) -> Markup {
    let total = defs.defs.len() * 3;
    let earned = r
        .earned
        .iter()
        .filter(|e| defs.get(&e.achievement).is_some())
        .count();
    let mut h = Markup::new();
    markup!(
        h,
        "<p id=\"records-sheet-count\">{} of {} earned. Each one is earned separately on Easy, Normal and Hard.</p>\
         <div class=\"records-scroll\"><table class=\"records-table records-achievements\" id=\"records-achievements\" aria-labelledby=\"records-sheet-h\"><thead><tr><th scope=\"col\">Achievement</th>",
        earned,
        total
    );
    difficulty_headers(&mut h);
    h.lit_push("</tr></thead><tbody>");
    let list = |ids: &[String]| {
        ids.iter()
            .map(|c| names.character(c))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for a in &defs.defs {
        markup!(
            h,
            "<tr data-achievement=\"{}\"><th scope=\"row\"><span class=\"records-ach-name\">{}</span><span class=\"records-ach-text\">{}</span></th>",
            a.id,
            a.name,
            a.description
        );
        for d in Difficulty::ALL {
            match r.earned(&a.id, d) {
                Some(e) => markup!(
                    h,
                    "<td class=\"records-earned-cell\" data-earned=\"true\"><span aria-hidden=\"true\">✔ </span>Earned {}</td>",
                    time(&e.date, date)
                ),
                None => {
                    let left = match defs.progress(a, &r.games, d) {
                        Some(Progress::Characters { won, missing }) if won.is_empty() => {
                            format!("Still to win with: {}", list(&missing))
                        }
                        Some(Progress::Characters { won, missing }) => format!(
                            "Won with {}; still to win with: {}",
                            list(&won),
                            list(&missing)
                        ),
                        Some(Progress::Run {
                            current,
                            best,
                            needed,
                        }) => format!("Wins in a row now: {current} of {needed} (best {best})"),
                        None => "Not yet".into(),
                    };
                    markup!(
                        h,
                        "<td data-earned=\"false\"><span class=\"muted\">{}</span></td>",
                        left
                    );
                }
            }
        }
        h.lit_push("</tr>");
    }
    h.lit_push("</tbody></table></div><p class=\"muted\">Best Served Cold and Consistency is Key count only games of the same difficulty: games on another difficulty neither count nor break a run.</p>");
    h
}

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
         <div class=\"records-scroll\"><table class=\"records-table\" id=\"records-rates\"><caption>Win rate by character and difficulty</caption>\
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
            "<div class=\"records-scroll\"><table class=\"records-table\" id=\"records-deaths\">\
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

/// The three views of the records panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Tab {
    Scorepad,
    Achievements,
    Statistics,
}

impl Tab {
    pub const ALL: [Tab; 3] = [Tab::Scorepad, Tab::Achievements, Tab::Statistics];

    pub fn name(self) -> &'static str {
        match self {
            Tab::Scorepad => "Scorepad",
            Tab::Achievements => "Achievements",
            Tab::Statistics => "Statistics",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Tab::Scorepad => "scorepad",
            Tab::Achievements => "achievements",
            Tab::Statistics => "statistics",
        }
    }

    pub fn parse(s: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.key() == s)
    }
}

/// What the panel shows besides the records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelState<'a> {
    pub tab: Tab,
    pub sort: SortKey,
    pub descending: bool,
    /// A storage problem (full, disabled, newer data).
    pub warning: Option<&'a str>,
    /// Data found unreadable and kept aside, in words.
    pub notices: &'a [String],
    /// Data kept aside in this browser (storage key, what it is in words): each offered for
    /// download and removal.
    pub kept: &'a [(String, String)],
    /// Show a Close button.
    pub closable: bool,
}

/// The panel's heading (the dialog is labelled by it; focus goes to it on opening).
pub const HEADING: &str = "<h2 id=\"records-h\" class=\"sheet-title\" tabindex=\"-1\">Records</h2>";
/// The panel's Close button.
pub const CLOSE: &str = "<button type=\"button\" class=\"small quiet\" id=\"records-close\" data-action=\"close\">Close records</button>";

/// The top of the records panel: title, count, warnings, export and import, and the data kept
/// aside. Controls carry `data-action` (`close`, `export`; `aside` with `data-key`, and
/// `data-remove` to remove); the file input is `#records-import`.
pub fn panel_head(r: &Records, st: &PanelState) -> Markup {
    let mut h = Markup::lit("<div class=\"records-head\">");
    h.lit_push(HEADING);
    h.lit_push("<p class=\"muted\" id=\"records-count\">");
    match r.games.len() {
        0 => h.lit_push("No games recorded yet."),
        1 => h.lit_push("1 game recorded."),
        n => markup!(h, "{} games recorded.", n),
    }
    h.lit_push("</p>");
    if st.closable {
        h.lit_push(CLOSE);
    }
    h.lit_push("</div>");
    if let Some(w) = st.warning {
        markup!(
            h,
            "<p class=\"notice error\" role=\"alert\" id=\"records-warning\">{}</p>",
            w
        );
    }
    for n in st.notices {
        markup!(
            h,
            "<p class=\"notice error records-notice\" role=\"alert\">{}</p>",
            n
        );
    }
    h.lit_push(
        "<div class=\"records-transfer\"><button type=\"button\" class=\"small\" id=\"records-export\" data-action=\"export\">Export records</button>\
         <label class=\"records-import button small\" for=\"records-import\">Import records\
         <input type=\"file\" id=\"records-import\" class=\"visually-hidden\" accept=\".json,application/json\"></label></div>",
    );
    h.push(kept_aside(st.kept));
    h
}

/// The data kept aside, each with Download and Remove (Remove asks once more, in a
/// `<details>`, since it deletes for good).
fn kept_aside(kept: &[(String, String)]) -> Markup {
    if kept.is_empty() {
        return Markup::new();
    }
    let mut h = Markup::lit(
        "<section class=\"records-aside\" id=\"records-aside\" aria-labelledby=\"records-aside-h\">\
         <h3 id=\"records-aside-h\">Kept aside</h3><p class=\"muted\">Data this browser could not \
         read, kept so that nothing is lost. Download it to keep it or report it; remove it when \
         you no longer need it.</p><ul>",
    );
    for (i, (key, what)) in kept.iter().enumerate() {
        markup!(
            h,
            "<li><span id=\"records-aside-{}\">{} (“{}”)</span> \
             <button type=\"button\" class=\"small\" data-action=\"aside\" data-key=\"{}\" aria-describedby=\"records-aside-{}\">Download</button> \
             <details class=\"records-aside-remove\"><summary>Remove…</summary>\
             <button type=\"button\" class=\"small danger\" data-action=\"aside\" data-key=\"{}\" data-remove=\"1\" aria-describedby=\"records-aside-{}\">Remove for good</button>\
             </details></li>",
            i,
            what,
            key,
            key,
            i,
            key,
            i
        );
    }
    h.lit_push("</ul></section>");
    h
}

/// The view switcher and the current view. Tab buttons carry `data-tab`, sort buttons
/// `data-sort`.
pub fn panel_body(
    r: &Records,
    st: &PanelState,
    defs: &Achievements,
    names: &Names,
    date_time: DateFmt,
    day: DateFmt,
) -> Markup {
    let mut h = Markup::lit("<nav class=\"records-tabs\" aria-label=\"Records views\">");
    for t in Tab::ALL {
        let on = t == st.tab;
        markup!(
            h,
            "<button type=\"button\" class=\"records-tab{}\" id=\"records-tab-{}\" data-tab=\"{}\" aria-pressed=\"{}\">{}</button>",
            if on { " selected" } else { "" },
            t.key(),
            t.key(),
            on,
            t.name()
        );
    }
    h.lit_push("</nav><div id=\"records-view\">");
    match st.tab {
        Tab::Scorepad => {
            h.lit_push("<h3 id=\"records-bests-h\">Personal bests</h3>");
            h.push(bests(&r.games, names, day));
            h.lit_push("<h3 id=\"records-scorepad-h\">Scorepad</h3>");
            h.push(scorepad(&r.games, st.sort, st.descending, names, date_time));
        }
        Tab::Achievements => {
            h.lit_push("<h3 id=\"records-sheet-h\">Achievements</h3>");
            h.push(sheet(r, defs, names, day));
        }
        Tab::Statistics => {
            h.lit_push("<h3 id=\"records-stats-h\">Statistics</h3>");
            h.push(statistics(&r.games, names, day));
        }
    }
    h.lit_push("</div>");
    h
}

/// The achievements a game just earned, for the end screen.
pub fn earned_now(earned: &[super::Earned], defs: &Achievements) -> Markup {
    if earned.is_empty() {
        return Markup::new();
    }
    let mut h = markup!(
        "<h3 id=\"records-earned-h\">{}</h3><ul>",
        if earned.len() == 1 {
            "Achievement earned!"
        } else {
            "Achievements earned!"
        }
    );
    for e in earned {
        let def = defs.get(&e.achievement);
        let name = def.map_or(e.achievement.as_str(), |d| d.name.as_str());
        let text = def.map_or("", |d| d.description.as_str());
        markup!(
            h,
            "<li><strong>{} ({})</strong> — {}</li>",
            name,
            e.difficulty.name(),
            text
        );
    }
    h.lit_push("</ul>");
    h
}
