//! The review of a replayed game with the bot, drawn from the reducer's [`Review`]: while it
//! runs, a progress bar; then a summary, the turning point in the bot's own words (the decision
//! across which its estimate of the chance to win fell most), a chart of that estimate over the
//! game (axes, labelled ticks, a mark where each level starts, the decisions the bot would
//! change dotted), the decisions where the bot differs ranked by what its own move would have
//! kept, each with its reason when the bot gives one, and every decision as a table — the
//! chart's text equivalent. Opening a decision shows the replay before that move, where it is
//! decided.

use crate::markup;
use crate::records::markup::Markup;
use crate::sim::Reviewed;
use crate::ui::reducer::Review;
use crate::ui::widgets::controls::roman;
use crate::ui::widgets::markup::show;
use std::rc::Rc;
use yew::prelude::*;

/// "62%".
fn pct(x: f64) -> String {
    format!("{}%", (x.clamp(0.0, 1.0) * 100.0).round() as i32)
}

/// A chart coordinate, rounded to the chart's unit: whole numbers are written without the
/// float formatting machinery, which would otherwise ship in the first download for this alone
/// (a unit is 1/420 of the chart's width, finer than a pixel of it).
fn unit(v: f64) -> String {
    (v.round() as i32).to_string()
}

/// What the bot's own move would have kept over the player's, in its estimate.
fn gain(m: &Reviewed) -> f64 {
    m.after_bot - m.after_played
}

/// "the bot's move: 5 points more chance to win".
fn cost(m: &Reviewed) -> String {
    let d = (gain(m) * 100.0).round() as i64;
    let pts = |n: i64| format!("{n} point{}", if n == 1 { "" } else { "s" });
    match d {
        d if d > 0 => format!("the bot's move: {} more chance to win", pts(d)),
        d if d < 0 => format!("yours: {} more by the bot's own estimate", pts(-d)),
        _ => "about the same chance".into(),
    }
}

/// The chart's frame, in its own units (the SVG scales to the column it is in; its viewBox
/// writes these as "0 0 420 190").
const W: f64 = 420.0;
const H: f64 = 190.0;
const LEFT: f64 = 38.0;
const RIGHT: f64 = 8.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 34.0;

/// A tick step for `total` moves that gives 4 to 10 labelled ticks.
fn tick_step(total: usize) -> usize {
    [5, 10, 20, 25, 50, 100, 200]
        .into_iter()
        .find(|s| total / s <= 8)
        .unwrap_or(500)
}

/// The chart: the estimate before each decision (and after the last), on axes. Written as
/// markup, not `html!`: nothing in it is interactive, and its text costs the first download far
/// less than element-by-element code.
fn chart(r: &Review, turning: Option<usize>, caption_id: &str) -> Html {
    let total = r.total().max(1) as f64;
    // Move n (1-based) is decided at x(n - 1); the end of the game is x(total).
    let x = |at: f64| LEFT + at / total * (W - LEFT - RIGHT);
    let y = |p: f64| TOP + (1.0 - p.clamp(0.0, 1.0)) * (H - TOP - BOTTOM);
    let mut points: Vec<String> = r
        .moves
        .iter()
        .map(|m| format!("{},{}", unit(x(m.at as f64)), unit(y(m.before))))
        .collect();
    if let Some(last) = r.moves.last() {
        points.push(format!(
            "{},{}",
            unit(x(last.at as f64 + 1.0)),
            unit(y(last.after_played))
        ));
    }
    let mut m = markup!(
        "<svg class=\"review-chart\" viewBox=\"0 0 420 190\" role=\"img\" aria-labelledby=\"{}\">",
        caption_id
    );
    // A mark where each level starts (the level before a move; its first move).
    for (i, l) in r.levels.iter().enumerate() {
        let starts = i == 0 || r.levels.get(i - 1).is_some_and(|p| p != l);
        if starts && i < r.total() {
            let at = unit(x(i as f64));
            markup!(
                m,
                "<g class=\"level\"><line x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"></line>\
                 <text class=\"label\" x=\"{}\" y=\"{}\">Level {}</text></g>",
                at,
                at,
                unit(TOP),
                unit(H - BOTTOM),
                unit(x(i as f64) + 3.0),
                unit(TOP - 4.0),
                roman(*l)
            );
        }
    }
    for p in [0.0, 0.25, 0.5, 0.75, 1.0] {
        markup!(
            m,
            "<g class=\"tick\"><line class=\"grid\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"></line>\
             <text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text></g>",
            unit(LEFT),
            unit(W - RIGHT),
            unit(y(p)),
            unit(y(p)),
            unit(LEFT - 4.0),
            unit(y(p) + 3.5),
            pct(p)
        );
    }
    markup!(
        m,
        "<line class=\"axis\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"></line>\
         <line class=\"axis\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"></line>",
        unit(LEFT),
        unit(LEFT),
        unit(TOP),
        unit(H - BOTTOM),
        unit(LEFT),
        unit(W - RIGHT),
        unit(H - BOTTOM),
        unit(H - BOTTOM)
    );
    let step = tick_step(r.total());
    for n in std::iter::once(1).chain((step..=r.total()).step_by(step)) {
        let at = unit(x(n as f64 - 1.0));
        markup!(
            m,
            "<g class=\"tick\"><line class=\"axis\" x1=\"{}\" x2=\"{}\" y1=\"{}\" y2=\"{}\"></line>\
             <text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text></g>",
            at,
            at,
            unit(H - BOTTOM),
            unit(H - BOTTOM + 4.0),
            at,
            unit(H - BOTTOM + 14.0),
            n
        );
    }
    let mid = unit((TOP + H - BOTTOM) / 2.0);
    markup!(
        m,
        "<text class=\"title\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">Move</text>\
         <text class=\"title\" x=\"8\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 8 {})\">Chance to win</text>\
         <polyline class=\"line\" points=\"{}\"></polyline>",
        unit((LEFT + W - RIGHT) / 2.0),
        unit(H - 4.0),
        mid,
        mid,
        points.join(" ")
    );
    for d in r.moves.iter().filter(|d| !d.same) {
        let radius = 3.0 + (gain(d).abs() * 40.0).min(4.0);
        markup!(
            m,
            "<circle class=\"differs\" cx=\"{}\" cy=\"{}\" r=\"{}\"></circle>",
            unit(x(d.at as f64)),
            unit(y(d.before)),
            unit(radius)
        );
    }
    if let Some(t) = turning.and_then(|at| r.entry(at)) {
        markup!(
            m,
            "<circle class=\"turning\" cx=\"{}\" cy=\"{}\" r=\"8\"></circle>",
            unit(x(t.at as f64)),
            unit(y(t.before))
        );
    }
    m.lit_push("</svg>");
    show(m)
}

pub struct Props {
    pub review: Rc<Review>,
    /// Opens the replay before the reviewed move with this index.
    pub on_open: Callback<usize>,
}

/// One ranked decision: the button that opens it, and the bot's reason when it gives one.
fn ranked(m: &Reviewed, on_open: &Callback<usize>) -> Html {
    let at = m.at;
    let onclick = on_open.reform(move |_: MouseEvent| at);
    html! {
        <li>
            <button type="button" class="small quiet" {onclick}>
                { format!("Move {}: you {}; the bot {} ({})", at + 1, m.played, m.bot, cost(m)) }
            </button>
            if let Some(why) = &m.why {
                <p class="review-why">{ why.clone() }</p>
            }
            if let Some(then) = &m.bot_then {
                <p class="review-next muted">{ format!("Then the bot would: {then}.") }</p>
            }
        </li>
    }
}

/// The review box's content.
pub fn review_body(p: &Props) -> Html {
    let r = &p.review;
    if let Some(e) = &r.failed {
        return html! { <p class="muted" role="status">{ format!("No review: {e}.") }</p> };
    }
    if !r.done() {
        let done = r.next.min(r.total());
        return html! {
            <p class="review-progress" role="status">
                <progress max={r.total().max(1).to_string()} value={done.to_string()} aria-label="Reviewing the game"></progress>
                <span class="muted">{ format!(" Reviewing move {done} of {}…", r.total()) }</span>
            </p>
        };
    }
    let moves = &r.moves;
    let (Some(first), Some(last)) = (moves.first(), moves.last()) else {
        return html! {};
    };
    let mut differ: Vec<&Reviewed> = moves.iter().filter(|m| !m.same).collect();
    crate::ui::choices::sort_small(&mut differ, |a, b| gain(b).total_cmp(&gain(a)).is_lt());
    let turning = r.turning.as_ref();
    let summary = format!(
        "{} decisions in {} moves; the bot would have played {} of them differently. Its estimate of your chance to win went from {} to {}.",
        moves.len(),
        r.total(),
        differ.len(),
        pct(first.before),
        pct(last.after_played)
    );
    // The bot's own words for the turning point (the sim names it; nothing is recomputed).
    let turn = turning.map(|t| {
        let at = t.at;
        let onclick = p.on_open.reform(move |_: MouseEvent| at);
        html! {
            <p class="review-turn" id="review-turn">
                { format!("{} ", t.text) }
                <button type="button" class="small quiet" {onclick}>{ format!("Open move {}", at + 1) }</button>
            </p>
        }
    });
    let level_of = |at: usize| r.levels.get(at).map(|l| roman(*l)).unwrap_or("");
    // Every decision as a table: markup (nothing in it is interactive; see `chart`).
    let mut all = markup!(
        "<details class=\"review-all-wrap\"><summary>Every decision ({}), as a table</summary>\
         <div class=\"review-all-scroll\"><table class=\"review-all\"><caption class=\"visually-hidden\">\
         Every decision of the game: the bot's estimate of your chance to win before it, your \
         move and the bot's</caption><thead><tr><th scope=\"col\">Move</th><th scope=\"col\">Level</th>\
         <th scope=\"col\">Chance</th><th scope=\"col\">You</th><th scope=\"col\">The bot</th></tr>\
         </thead><tbody>",
        moves.len()
    );
    for m in moves {
        markup!(
            all,
            "<tr{}><th scope=\"row\">{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            Markup::lit(if m.same { "" } else { " class=\"differs\"" }),
            m.at + 1,
            level_of(m.at),
            pct(m.before),
            m.played,
            if m.same { "agrees" } else { &m.bot }
        );
    }
    all.lit_push("</tbody></table></div></details>");
    html! {
        <>
            <p id="review-sum">{ summary }</p>
            { for turn }
            <figure class="review-figure">
                { chart(r, turning.map(|t| t.at), "review-cap") }
                <figcaption id="review-cap" class="muted">
                    { format!("The bot's estimate of your chance to win before each decision, from {} to {}; a dot marks a decision it would play differently{}. The table of every decision below gives the same figures.",
                        pct(first.before), pct(last.after_played),
                        if turning.is_some() { ", a ring the turning point" } else { "" }) }
                </figcaption>
            </figure>
            if differ.is_empty() {
                <p>{ "The bot agrees with every decision." }</p>
            } else {
                <h4 class="review-h">{ "Where the bot would play differently, the costliest first" }</h4>
                <ol class="review-list">{ for differ.iter().map(|m| ranked(m, &p.on_open)) }</ol>
            }
            { show(all) }
        </>
    }
}
