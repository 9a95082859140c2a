//! Statistics: games and win rate per character and difficulty, streaks, the distribution of
//! ranks and score over time — as numbers in tables and as inline SVG charts whose every bar and
//! point carries its value in text (nothing is told by colour alone).

use super::{character_ids, character_name, local_day, rank_names, DIFFICULTIES};
use crate::engine::Difficulty;
use crate::records::stats::{ScorePoint, Statistics, Tally};
use crate::records::Records;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub records: Rc<Records>,
}

fn tally_text(t: &Tally) -> String {
    if t.games == 0 {
        "no games".to_string()
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

/// Win rate bars: one group per character, one bar per difficulty, labelled in text.
fn win_rate_chart(s: &Statistics) -> Html {
    let rows: Vec<_> = s
        .by_character
        .iter()
        .filter(|r| r.total.games > 0)
        .collect();
    if rows.is_empty() {
        return html! {};
    }
    let (label_w, bar_w, bar_h, gap) = (64.0, 170.0, 14.0, 3.0);
    let group_h = 18.0 + 3.0 * (bar_h + gap) + 8.0;
    let height = group_h * rows.len() as f64;
    let mut parts = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let y0 = i as f64 * group_h;
        parts.push(html! {
            <text x="0" y={format!("{}", y0 + 13.0)} class="chart-label strong">{ character_name(&r.character) }</text>
        });
        for (j, d) in DIFFICULTIES.iter().enumerate() {
            let t = &r.by_difficulty[j];
            let y = y0 + 18.0 + j as f64 * (bar_h + gap);
            let w = bar_w * t.win_percent() as f64 / 100.0;
            parts.push(html! {
                <g>
                    <text x="4" y={format!("{}", y + bar_h - 3.0)} class="chart-label">{ d.name() }</text>
                    <rect x={format!("{label_w}")} y={format!("{y}")} width={format!("{bar_w}")} height={format!("{bar_h}")} class="chart-track" />
                    <rect x={format!("{label_w}")} y={format!("{y}")} width={format!("{w:.1}")} height={format!("{bar_h}")} class={classes!("chart-bar", diff_class(*d))}>
                        <title>{ format!("{} on {}: {}", character_name(&r.character), d.name(), tally_text(t)) }</title>
                    </rect>
                    <text x={format!("{}", label_w + bar_w + 6.0)} y={format!("{}", y + bar_h - 3.0)} class="chart-label">{ tally_text(t) }</text>
                </g>
            });
        }
    }
    html! {
        <figure class="records-chart">
            <svg viewBox={format!("0 0 360 {height}")} role="img" aria-labelledby="chart-win-t chart-win-d" id="chart-win-rate">
                <title id="chart-win-t">{ "Win rate by character and difficulty" }</title>
                <desc id="chart-win-d">{ rows.iter().map(|r| format!("{}: {}", character_name(&r.character),
                    DIFFICULTIES.iter().enumerate().map(|(j, d)| format!("{} {}", d.name(), tally_text(&r.by_difficulty[j]))).collect::<Vec<_>>().join(", ")))
                    .collect::<Vec<_>>().join(". ") }</desc>
                { for parts }
            </svg>
            <figcaption>{ "Win rate by character and difficulty (bar length: wins per game played)." }</figcaption>
        </figure>
    }
}

/// Rank distribution: one bar per rank with its count written above it.
fn rank_chart(s: &Statistics) -> Html {
    let wins: u32 = s.ranks.iter().map(|(_, n)| n).sum();
    if wins == 0 {
        return html! {};
    }
    let n = s.ranks.len().max(1) as f64;
    let max = s.ranks.iter().map(|(_, c)| *c).max().unwrap_or(1).max(1) as f64;
    let (w, h, top, bottom) = (360.0, 170.0, 18.0, 22.0);
    let slot = w / n;
    let bars = s.ranks.iter().enumerate().map(|(i, (rank, count))| {
        let bh = (h - top - bottom) * *count as f64 / max;
        let x = i as f64 * slot + slot * 0.15;
        let y = h - bottom - bh;
        html! {
            <g>
                <rect x={format!("{x:.1}")} y={format!("{y:.1}")} width={format!("{:.1}", slot * 0.7)} height={format!("{bh:.1}")} class="chart-bar">
                    <title>{ format!("{rank}: {count}") }</title>
                </rect>
                <text x={format!("{:.1}", x + slot * 0.35)} y={format!("{:.1}", y - 4.0)} text-anchor="middle" class="chart-label strong">{ count.to_string() }</text>
                <text x={format!("{:.1}", x + slot * 0.35)} y={format!("{:.1}", h - 6.0)} text-anchor="middle" class="chart-label">{ rank.clone() }</text>
            </g>
        }
    });
    html! {
        <figure class="records-chart">
            <svg viewBox={format!("0 0 {w} {h}")} role="img" aria-labelledby="chart-rank-t chart-rank-d" id="chart-ranks">
                <title id="chart-rank-t">{ "Ranks of your wins" }</title>
                <desc id="chart-rank-d">{ s.ranks.iter().map(|(r, c)| format!("{r}: {c}")).collect::<Vec<_>>().join(", ") }</desc>
                <line x1="0" x2={format!("{w}")} y1={format!("{}", h - bottom)} y2={format!("{}", h - bottom)} class="chart-axis" />
                { for bars }
            </svg>
            <figcaption>{ format!("Ranks of your {} {}.", wins, if wins == 1 { "win" } else { "wins" }) }</figcaption>
        </figure>
    }
}

/// A point's mark: its shape tells the difficulty (circle Easy, square Normal, triangle Hard).
fn mark(d: Difficulty, x: f64, y: f64, title: String) -> Html {
    let class = classes!("chart-point", diff_class(d));
    match d {
        Difficulty::Easy => html! {
            <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="4" {class}><title>{ title }</title></circle>
        },
        Difficulty::Normal => html! {
            <rect x={format!("{:.1}", x - 3.5)} y={format!("{:.1}", y - 3.5)} width="7" height="7" {class}><title>{ title }</title></rect>
        },
        Difficulty::Hard => html! {
            <polygon points={format!("{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}", x, y - 5.0, x - 4.5, y + 3.5, x + 4.5, y + 3.5)} {class}><title>{ title }</title></polygon>
        },
    }
}

/// Score over time: each win in date order, joined by a line, with a labelled axis.
fn score_chart(points: &[ScorePoint]) -> Html {
    if points.is_empty() {
        return html! {};
    }
    let (w, h, left, right, top, bottom) = (360.0, 200.0, 30.0, 10.0, 10.0, 34.0);
    let max = points.iter().map(|p| p.score).max().unwrap_or(0);
    let top_score = (max.div_ceil(10) * 10).max(10) as f64;
    let n = points.len();
    let x = |i: usize| {
        if n == 1 {
            left + (w - left - right) / 2.0
        } else {
            left + (w - left - right) * i as f64 / (n - 1) as f64
        }
    };
    let y = |s: u32| top + (h - top - bottom) * (1.0 - s as f64 / top_score);
    let line: String = points
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.score)))
        .collect::<Vec<_>>()
        .join(" ");
    let ticks = (0..=4).map(|k| {
        let v = top_score * k as f64 / 4.0;
        let yy = y(v as u32);
        html! {
            <g>
                <line x1={format!("{left}")} x2={format!("{}", w - right)} y1={format!("{yy:.1}")} y2={format!("{yy:.1}")} class="chart-grid" />
                <text x={format!("{}", left - 4.0)} y={format!("{:.1}", yy + 3.5)} text-anchor="end" class="chart-label">{ format!("{v:.0}") }</text>
            </g>
        }
    });
    let marks = points.iter().enumerate().map(|(i, p)| {
        mark(
            p.difficulty,
            x(i),
            y(p.score),
            format!(
                "{}: {} points, {} on {}",
                local_day(&p.date),
                p.score,
                character_name(&p.character),
                p.difficulty.name()
            ),
        )
    });
    let first = points
        .first()
        .map(|p| local_day(&p.date))
        .unwrap_or_default();
    let last = points
        .last()
        .map(|p| local_day(&p.date))
        .unwrap_or_default();
    let latest = points.last().map(|p| p.score).unwrap_or(0);
    let lowest = points.iter().map(|p| p.score).min().unwrap_or(0);
    let legend_y = h - 6.0;
    html! {
        <figure class="records-chart">
            <svg viewBox={format!("0 0 {w} {h}")} role="img" aria-labelledby="chart-score-t chart-score-d" id="chart-score">
                <title id="chart-score-t">{ "Score over time" }</title>
                <desc id="chart-score-d">{ format!("{n} {} from {first} to {last}: lowest {lowest}, highest {max}, latest {latest} points.", if n == 1 { "win" } else { "wins" }) }</desc>
                { for ticks }
                if n > 1 { <polyline points={line} class="chart-line" fill="none" /> }
                { for marks }
                <text x={format!("{left}")} y={format!("{:.1}", h - bottom + 14.0)} class="chart-label">{ first.clone() }</text>
                <text x={format!("{}", w - right)} y={format!("{:.1}", h - bottom + 14.0)} text-anchor="end" class="chart-label">{ last.clone() }</text>
                { mark(Difficulty::Easy, left + 4.0, legend_y - 4.0, "Easy".into()) }
                <text x={format!("{}", left + 12.0)} y={format!("{legend_y}")} class="chart-label">{ "Easy" }</text>
                { mark(Difficulty::Normal, left + 64.0, legend_y - 4.0, "Normal".into()) }
                <text x={format!("{}", left + 72.0)} y={format!("{legend_y}")} class="chart-label">{ "Normal" }</text>
                { mark(Difficulty::Hard, left + 134.0, legend_y - 4.0, "Hard".into()) }
                <text x={format!("{}", left + 142.0)} y={format!("{legend_y}")} class="chart-label">{ "Hard" }</text>
            </svg>
            <figcaption>{ "Score of each win in date order. The mark's shape tells the difficulty: circle Easy, square Normal, triangle Hard." }</figcaption>
        </figure>
    }
}

#[function_component(StatisticsView)]
pub fn statistics_view(p: &Props) -> Html {
    let s = Statistics::compute(&p.records.games, &character_ids(), &rank_names());
    let streak = |d: Option<Difficulty>| {
        let st = match d {
            None => &s.streaks,
            Some(d) => {
                &s.streaks_by_difficulty[DIFFICULTIES.iter().position(|x| *x == d).unwrap_or(0)]
            }
        };
        (st.current, st.best)
    };
    html! {
        <div class="records-stats">
            <h3 id="records-stats-h">{ "Statistics" }</h3>
            <dl class="records-figures" id="records-figures">
                <div><dt>{ "Games" }</dt><dd id="stat-games">{ s.total.games }</dd></div>
                <div><dt>{ "Wins" }</dt><dd id="stat-wins">{ s.total.wins }</dd></div>
                <div><dt>{ "Win rate" }</dt><dd id="stat-rate">{ format!("{}%", s.total.win_percent()) }</dd></div>
                <div><dt>{ "Current streak" }</dt><dd id="stat-streak">{ streak(None).0 }</dd></div>
                <div><dt>{ "Best streak" }</dt><dd id="stat-best-streak">{ streak(None).1 }</dd></div>
            </dl>
            <div class="records-scroll">
            <table class="records-table" id="records-rates">
                <caption>{ "Win rate by character and difficulty" }</caption>
                <thead><tr>
                    <th scope="col">{ "Character" }</th>
                    { for DIFFICULTIES.iter().map(|d| html! { <th scope="col">{ d.name() }</th> }) }
                    <th scope="col">{ "All" }</th>
                </tr></thead>
                <tbody>
                    { for s.by_character.iter().map(|r| html! {
                        <tr>
                            <th scope="row">{ character_name(&r.character) }</th>
                            { for r.by_difficulty.iter().map(|t| html! { <td>{ tally_text(t) }</td> }) }
                            <td>{ tally_text(&r.total) }</td>
                        </tr>
                    }) }
                    <tr>
                        <th scope="row">{ "All" }</th>
                        { for s.by_difficulty.iter().map(|t| html! { <td>{ tally_text(t) }</td> }) }
                        <td>{ tally_text(&s.total) }</td>
                    </tr>
                    <tr>
                        <th scope="row">{ "Streak now / best" }</th>
                        { for DIFFICULTIES.iter().map(|d| { let (c, b) = streak(Some(*d)); html! { <td>{ format!("{c} / {b}") }</td> } }) }
                        <td>{ format!("{} / {}", streak(None).0, streak(None).1) }</td>
                    </tr>
                </tbody>
            </table>
            </div>
            if s.total.games == 0 {
                <p class="muted">{ "Charts appear once you have finished a game." }</p>
            }
            { win_rate_chart(&s) }
            { rank_chart(&s) }
            { score_chart(&s.score_over_time) }
        </div>
    }
}
