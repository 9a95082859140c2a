//! The end screen (p. 34): victory with score and rank, or defeat with its level and cause;
//! New game / Copy result / Replay this game; then, from the records module (loaded at every
//! game's end to record it, [`records::GameEnd`]), the score's breakdown (each resource left ×
//! its points = subtotal, the total, the rank on its scale — from the engine's `score_lines` and
//! `rank_scale`, see `crate::records::report`), the game's figures and the achievements it
//! earned as badges; the result text and deal link, folded. Fits 360 px without sideways
//! scrolling.

use crate::engine::{Outcome, Pending, SaveGame};
use crate::markup;
use crate::records::markup::Markup;
use crate::ui::panels::share::GameRef;
use crate::ui::records;
use crate::ui::widgets::controls::roman;
use crate::ui::widgets::icon::{emblem_markup, need, ArtKind, Sheet};
use crate::ui::widgets::markup::show;
use yew::prelude::*;

pub struct Props {
    pub game: GameRef,
    pub on_new: Callback<()>,
    /// Opens this game in the replay viewer.
    pub on_replay: Callback<SaveGame>,
    /// Opens it there with the bot's review running.
    pub on_review: Callback<SaveGame>,
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
        .and_then(|c| c.adventurer(s.setup.side))
        .unwrap_or_default();
    let who_line = who
        .map(|c| format!("{side} the {}, {}", c.name, s.setup.difficulty.name()))
        .unwrap_or_default();
    let (won, title, result) = match outcome {
        Outcome::Victory { score, rank } => (
            true,
            "Victory!",
            markup!(
                "You leave the Dark with <strong id=\"final-score\">{} points</strong>: \
                 rank <strong id=\"final-rank\">{}</strong>.",
                score,
                rank
            ),
        ),
        Outcome::Defeat { level, cause } => (
            false,
            "Defeat",
            markup!(
                "You fell in level {}: <strong id=\"final-cause\">{}</strong>.",
                roman(*level),
                cause
            ),
        ),
    };
    // Who ended it: the monster still on the table, if any.
    let foe = s
        .monster
        .as_ref()
        .and_then(|m| db.monster(m.card))
        .filter(|_| !won);
    // The head and the result are Markup (far less wasm than `html!`); the focus hook finds
    // end-h.
    let mut head = Markup::lit("<header class=\"end-head\">");
    // The score table (the records module's markup) draws the resource icons.
    need(Sheet::Icons);
    if let Some(c) = who {
        markup!(
            head,
            "<div class=\"end-emblem\">{}</div>",
            emblem_markup(ArtKind::Character, &c.id, Some(&c.name))
        );
    }
    markup!(
        head,
        "<div class=\"end-title\"><h2 id=\"end-h\" class=\"end-h\" tabindex=\"-1\">{}</h2>\
         <p class=\"muted\">{}</p></div>",
        title,
        who_line
    );
    if let Some(m) = foe {
        markup!(
            head,
            "<div class=\"end-emblem foe\">{}</div>",
            emblem_markup(
                ArtKind::Monster,
                &m.id,
                Some(&format!("Fell to the {}", m.name))
            )
        );
    }
    markup!(head, "</header><p class=\"result\">{}</p>", result);
    let body = html! {
        <>
            // One element around the text: Yew keeps a single raw node in its place.
            <div class="end-top">{ show(head) }</div>
            <records::GameEnd game={records::Finished(g.clone())} on_new={p.on_new.clone()} on_replay={p.on_replay.clone()} on_review={p.on_review.clone()} />
        </>
    };
    if won {
        html! { <section class="end-screen won" aria-labelledby="end-h">{ body }</section> }
    } else {
        html! { <section class="end-screen lost" aria-labelledby="end-h">{ body }</section> }
    }
}
