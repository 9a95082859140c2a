//! The end screen's body, as HTML: what to do next (New game, Copy result, Replay this game,
//! Review with the bot:
//! buttons the app handles by their ids), the score's breakdown (each resource left × its
//! points = subtotal, and the total; p. 34), the rank scale with the game's rank marked, the
//! game's figures ([`end_report`]), and the result text and deal link to share
//! ([`share_details`]). The numbers come from the engine: the breakdown from
//! `derived::score_lines` (read by [`EndFacts::of`]), the score, rank and figures from the
//! game's record, the rank scale from the box ([`super::names`]); nothing is computed here.
//!
//! The app, which holds the finished game and the engine, reads its record and [`EndFacts`] and
//! sends them; the records module, loaded at the end of every game anyway (to
//! record it), draws them, so the first download carries none of the drawing and the records
//! module none of the engine. The app shows the HTML on its end screen
//! (`crate::ui::records::GameEnd`). Icons point at the art sheet by a relative path.

use super::html::roman;
use super::markup::Markup;
use super::record::{GameFacts, GameRecord, RecordOutcome};
use crate::engine::derived::score_lines;
use crate::engine::{Game, Outcome, Pending};
use crate::markup;
use serde::{Deserialize, Serialize};

/// The ids of the end screen's buttons (the app acts on clicks by them).
pub const NEW_GAME: &str = "new-game";
pub const COPY_RESULT: &str = "copy-result";
pub const REPLAY_GAME: &str = "replay-game";
/// Replays the game and starts the bot's review of it (every decision beside the bot's).
pub const REVIEW_GAME: &str = "review-game";

/// What the end screen's body shows of a finished game beyond its record (whose outcome,
/// figures and rank the report reads too), as plain values.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndFacts {
    /// A victory's breakdown (p. 34): each resource that scores, in tracker order; empty for a
    /// defeat.
    pub lines: Vec<ScoreLine>,
    /// The result to share, in words with the deal link (`crate::share::summary::result_text`).
    pub result_text: String,
    /// The deal link: the page's address with the deal's query.
    pub link: String,
}

/// One line of the breakdown: a resource (its key and name), how many are left, its points
/// and their product.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    pub res: String,
    pub name: String,
    pub count: u32,
    pub points: u32,
    pub subtotal: u32,
}

impl EndFacts {
    /// The facts of a finished game; `None` while it is not over. `base` is the page's address
    /// without its query (for the deal link).
    pub fn of(g: &Game, base: &str) -> Option<EndFacts> {
        let Pending::Over(outcome) = g.pending() else {
            return None;
        };
        let lines = match outcome {
            Outcome::Victory { .. } => score_lines(g.state(), g.db())
                .into_iter()
                .map(|l| ScoreLine {
                    res: l.res.key().to_string(),
                    name: l.res.name().to_string(),
                    count: l.count as u32,
                    points: l.points as u32,
                    subtotal: l.subtotal,
                })
                .collect(),
            Outcome::Defeat { .. } => Vec::new(),
        };
        Some(EndFacts {
            lines,
            result_text: crate::share::summary::result_text(g, base),
            link: format!("{base}{}", crate::share::link::deal_query(&g.state().setup)),
        })
    }
}

/// The report of a finished game: the actions, the breakdown and rank (a victory), the
/// figures.
pub fn end_report(rec: &GameRecord, f: &EndFacts) -> Markup {
    let mut h = markup!(
        "<nav class=\"end-actions\" aria-label=\"After the game\">\
         <button type=\"button\" class=\"primary\" id=\"{}\">New game</button>\
         <span class=\"copy-result\"><button type=\"button\" id=\"{}\">Copy result</button>\
         <span id=\"copy-status\" class=\"small\" role=\"status\" aria-live=\"polite\"></span></span>\
         <button type=\"button\" id=\"{}\">Replay this game</button>\
         <button type=\"button\" id=\"{}\">Review with the bot</button></nav>",
        NEW_GAME,
        COPY_RESULT,
        REPLAY_GAME,
        REVIEW_GAME
    );
    if let RecordOutcome::Victory { score, rank } = &rec.outcome {
        breakdown(&mut h, &f.lines, *score, rank);
    }
    if let Some(facts) = &rec.facts {
        figures(&mut h, facts);
    }
    h
}

/// The breakdown table and the rank scale, side by side on wide screens.
fn breakdown(h: &mut Markup, lines: &[ScoreLine], score: u32, rank: &str) {
    h.lit_push(
        "<div class=\"score-box\"><table class=\"score-table\" id=\"score-breakdown\">\
         <caption>Score: what you carried out of the Dark</caption><thead><tr>\
         <th scope=\"col\">Resource</th><th scope=\"col\" class=\"num\">Left</th><td aria-hidden=\"true\"></td>\
         <th scope=\"col\" class=\"num\">Points</th><td aria-hidden=\"true\"></td>\
         <th scope=\"col\" class=\"num\">Subtotal</th></tr></thead><tbody>",
    );
    for l in lines {
        let id = &l.res;
        markup!(
            h,
            "<tr class=\"score-line{}\" data-res=\"{}\"><th scope=\"row\">\
             <svg class=\"icon\" viewBox=\"0 0 24 24\" focusable=\"false\" aria-hidden=\"true\">\
             <use href=\"#art-{}\"/></svg> {}</th>\
             <td class=\"num count\">{}</td><td class=\"op\" aria-hidden=\"true\">×</td>\
             <td class=\"num pts\">{}</td><td class=\"op\" aria-hidden=\"true\">=</td>\
             <td class=\"num sub\">{}</td></tr>",
            if l.count == 0 { " none" } else { "" },
            id,
            id,
            l.name,
            l.count,
            l.points,
            l.subtotal,
        );
    }
    markup!(
        h,
        "</tbody><tfoot><tr><th scope=\"row\" colspan=\"5\">Total</th>\
         <td class=\"num total\" id=\"score-total\">{}</td></tr></tfoot></table>\
         <div class=\"rank-box\"><h3 id=\"rank-h\">Rank</h3><ol class=\"rank-scale\" aria-labelledby=\"rank-h\">",
        score
    );
    let scale = super::names::RANKS;
    for (i, (min, name)) in scale.iter().enumerate() {
        let range = match scale.get(i + 1).map(|(next, _)| next.saturating_sub(1)) {
            Some(t) if t > *min => format!("{min}–{t}"),
            Some(_) => min.to_string(),
            None => format!("{min}+"),
        };
        let here = *name == rank;
        markup!(
            h,
            "<li{}><span class=\"rank-name\">{}</span><span class=\"rank-range\">{}</span>{}</li>",
            Markup::lit(if here {
                " class=\"here\" aria-current=\"true\""
            } else {
                ""
            }),
            name,
            range,
            Markup::lit(if here {
                "<span class=\"rank-you\">your rank</span>"
            } else {
                ""
            }),
        );
    }
    h.lit_push("</ol></div></div>");
}

/// The game's figures as a description list.
fn figures(h: &mut Markup, st: &GameFacts) {
    let rows: [(&str, String); 8] = [
        ("Highest level", roman(st.level_reached).to_string()),
        ("Monsters defeated", st.defeated.len().to_string()),
        ("Monsters tricked", st.tricked_levels.len().to_string()),
        ("Encounters resolved", st.encounters.to_string()),
        ("Combat rounds", st.rounds.to_string()),
        ("Rests", st.rests.to_string()),
        ("Food eaten", st.food_eaten.to_string()),
        ("Ambushes suffered", st.ambushes.to_string()),
    ];
    h.lit_push("<dl class=\"end-stats\" aria-label=\"This game in figures\">");
    for (k, v) in rows {
        markup!(h, "<div><dt>{}</dt><dd>{}</dd></div>", k, v);
    }
    h.lit_push("</dl>");
}

/// The result text in a readonly area (what Copy result copies; to copy by hand too) and the
/// deal link, folded away.
pub fn share_details(f: &EndFacts) -> Markup {
    let (text, link) = (&f.result_text, &f.link);
    markup!(
        "<details class=\"share\"><summary>Result text and deal link</summary>\
         <label for=\"result-text\" class=\"small\">Result text</label>\
         <textarea id=\"result-text\" readonly rows=\"3\">{}</textarea>\
         <p class=\"small\">Deal link: <a id=\"deal-link\" href=\"{}\">{}</a></p></details>",
        text,
        link,
        link
    )
}
