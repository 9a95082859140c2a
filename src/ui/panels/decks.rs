//! The encounter deck and its discard pile, with counts, and the monsters already faced.

use crate::markup;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::term_markup;
use crate::ui::widgets::markup::show;
use yew::Html;

pub fn decks(v: &View) -> Html {
    let db = v.db();
    let s = v.s();
    let faced: Vec<String> = s
        .monsters_faced
        .iter()
        .filter_map(|m| db.monster(*m).map(|m| m.name.clone()))
        .collect();
    // Markup: nothing here is interactive but the tooltip (see `widgets::markup`).
    show(markup!(
        "<section class=\"panel decks\" aria-labelledby=\"decks-h\"><h2 id=\"decks-h\" class=\"sheet-title\">\
         Decks</h2><dl class=\"stats\"><dt>{}</dt><dd id=\"enc-deck\">{} cards</dd><dt>Encounter discards</dt>\
         <dd>{} cards</dd><dt>Monsters faced</dt><dd>{}</dd></dl></section>",
        term_markup("encounter", "Encounter deck", "-d"),
        s.encounter_deck.len(),
        s.encounter_discard.len(),
        if faced.is_empty() {
            "none yet".to_string()
        } else {
            faced.join(", ")
        }
    ))
}
