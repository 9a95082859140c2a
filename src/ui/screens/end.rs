//! The end screen (p. 34): victory with the score's breakdown (each resource left × its points
//! = subtotal, the total, and the rank on its scale — all from the engine's `score_lines` and
//! `rank_scale`, never copied here), or defeat with its level and cause; the game's figures;
//! the achievements it earned as badges (from the records module, [`records::GameEnd`]); and
//! New game / Copy result / Replay this game. Laid out to fit 360 px without sideways scrolling.

use crate::engine::view::{rank_scale, score_lines};
use crate::engine::{Outcome, Pending, SaveGame};
use crate::records::html::esc;
use crate::ui::controls::roman;
use crate::ui::records;
use crate::ui::share::{self, GameRef};
use crate::ui::widgets::icon::{emblem, icon_markup, ArtKind, IconKind};
use std::fmt::Write;
use yew::prelude::*;

pub struct Props {
    pub game: GameRef,
    pub on_new: Callback<()>,
    /// Opens this game in the replay viewer.
    pub on_replay: Callback<SaveGame>,
}

/// The end screen (a plain function: it holds no state of its own).
pub fn end_screen(p: &Props) -> Html {
    let g = &p.game.0;
    let s = g.state();
    let db = g.db();
    let Pending::Over(outcome) = &s.pending else {
        return html! {};
    };
    let who = db.character(s.character);
    let side = who
        .and_then(|c| c.sides.get(s.setup.side as usize))
        .map(|x| x.name.clone())
        .unwrap_or_default();
    let who_line = who
        .map(|c| format!("{side} the {}, {}", c.name, s.setup.difficulty.name()))
        .unwrap_or_default();
    let new = {
        let on = p.on_new.clone();
        Callback::from(move |_: MouseEvent| on.emit(()))
    };
    let replay = {
        let on = p.on_replay.clone();
        let save = g.save();
        Callback::from(move |_: MouseEvent| on.emit(save.clone()))
    };
    let details = match outcome {
        Outcome::Victory { score, rank } => breakdown(g, *score, rank),
        Outcome::Defeat { .. } => html! {},
    };
    let (won, title, body) = match outcome {
        Outcome::Victory { score, rank } => (
            true,
            "Victory!",
            html! {
                <p class="result">{ "You leave the Dark with " }<strong id="final-score">{ format!("{score} points") }</strong>
                   { ": rank " }<strong id="final-rank">{ rank.clone() }</strong>{ "." }</p>
            },
        ),
        Outcome::Defeat { level, cause } => (
            false,
            "Defeat",
            html! {
                <p class="result">{ format!("You fell in level {}: ", roman(*level)) }<strong id="final-cause">{ cause.clone() }</strong>{ "." }</p>
            },
        ),
    };
    // Who ended it: the monster still on the table, if any.
    let foe = s
        .monster
        .as_ref()
        .and_then(|m| db.monster(m.card))
        .filter(|_| !won);
    html! {
        <section class={classes!("end-screen", if won { "won" } else { "lost" })} aria-labelledby="end-h">
            <header class="end-head">
                if let Some(c) = who {
                    <div class="end-emblem">{ emblem(ArtKind::Character, &c.id, Some(&c.name)) }</div>
                }
                <div class="end-title">
                    <h2 id="end-h" class="end-h" tabindex="-1">{ title }</h2>
                    <p class="muted">{ who_line }</p>
                </div>
                if let Some(m) = foe {
                    <div class="end-emblem foe">{ emblem(ArtKind::Monster, &m.id, Some(&format!("Fell to the {}", m.name))) }</div>
                }
            </header>
            { body }
            <nav class="end-actions" aria-label="After the game">
                <button type="button" class="primary" id="new-game" onclick={new}>{ "New game" }</button>
                <share::CopyResult game={p.game.clone()} />
                <button type="button" id="replay-game" onclick={replay}>{ "Replay this game" }</button>
            </nav>
            { details }
            <records::GameEnd game={records::Finished(g.clone())} />
            { figures(&s.stats) }
            { share::result_details(g) }
        </section>
    }
}

/// The score's breakdown table and the rank scale with this game's rank marked. Static markup
/// written as text (escaped), which costs the first download far less wasm than `html!`.
fn breakdown(g: &crate::engine::Game, score: u32, rank: &str) -> Html {
    let mut h = String::from(
        "<div class=\"score-box\"><table class=\"score-table\" id=\"score-breakdown\">\
         <caption>Score: what you carried out of the Dark</caption><thead><tr>\
         <th scope=\"col\">Resource</th><th scope=\"col\" class=\"num\">Left</th><td aria-hidden=\"true\"></td>\
         <th scope=\"col\" class=\"num\">Points</th><td aria-hidden=\"true\"></td>\
         <th scope=\"col\" class=\"num\">Subtotal</th></tr></thead><tbody>",
    );
    for l in score_lines(g.state(), g.db()) {
        let kind = IconKind::of(l.res);
        let _ = write!(
            h,
            "<tr class=\"score-line{}\" data-res=\"{id}\"><th scope=\"row\">{} {}</th>\
             <td class=\"num count\">{}</td><td class=\"op\" aria-hidden=\"true\">×</td>\
             <td class=\"num pts\">{}</td><td class=\"op\" aria-hidden=\"true\">=</td>\
             <td class=\"num sub\">{}</td></tr>",
            if l.count == 0 { " none" } else { "" },
            icon_markup(kind),
            kind.name(),
            l.count,
            l.points,
            l.subtotal,
            id = kind.id(),
        );
    }
    let _ = write!(
        h,
        "</tbody><tfoot><tr><th scope=\"row\" colspan=\"5\">Total</th>\
         <td class=\"num total\" id=\"score-total\">{score}</td></tr></tfoot></table>\
         <div class=\"rank-box\"><h3 id=\"rank-h\">Rank</h3><ol class=\"rank-scale\" aria-labelledby=\"rank-h\">"
    );
    let scale = rank_scale(g.db());
    for (i, (name, min)) in scale.iter().enumerate() {
        let range = match scale.get(i + 1).map(|(_, next)| next.saturating_sub(1)) {
            Some(t) if t > *min => format!("{min}–{t}"),
            Some(_) => min.to_string(),
            None => format!("{min}+"),
        };
        let here = name == rank;
        let _ = write!(
            h,
            "<li{}><span class=\"rank-name\">{}</span><span class=\"rank-range\">{range}</span>{}</li>",
            if here { " class=\"here\" aria-current=\"true\"" } else { "" },
            esc(name),
            if here { "<span class=\"rank-you\">your rank</span>" } else { "" },
        );
    }
    h.push_str("</ol></div></div>");
    Html::from_html_unchecked(AttrValue::from(h))
}

/// The game's figures as a description list (text, like [`breakdown`]).
fn figures(st: &crate::engine::state::Stats) -> Html {
    let rows = [
        ("Highest level", roman(st.level_reached).to_string()),
        ("Monsters defeated", st.defeated.len().to_string()),
        ("Monsters tricked", st.tricked_levels.len().to_string()),
        ("Encounters resolved", st.encounters.to_string()),
        ("Combat rounds", st.rounds.to_string()),
        ("Rests", st.rests.to_string()),
        ("Food eaten", st.food_eaten.to_string()),
        ("Ambushes suffered", st.ambushes.to_string()),
    ];
    let mut h = String::from("<dl class=\"end-stats\" aria-label=\"This game in figures\">");
    for (k, v) in rows {
        let _ = write!(h, "<div><dt>{k}</dt><dd>{v}</dd></div>");
    }
    h.push_str("</dl>");
    Html::from_html_unchecked(AttrValue::from(h))
}
