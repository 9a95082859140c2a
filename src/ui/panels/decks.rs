//! The encounter deck and its discard pile, with counts, and the monsters already faced.

use crate::ui::reducer::View;
use crate::ui::widgets::controls::term;
use yew::prelude::*;

pub fn decks(v: &View) -> Html {
    let db = v.db();
    let s = v.s();
    let faced: Vec<String> = s
        .monsters_faced
        .iter()
        .filter_map(|m| db.monster(*m).map(|m| m.name.clone()))
        .collect();
    html! {
        <section class="panel decks" aria-labelledby="decks-h">
            <h2 id="decks-h" class="sheet-title">{ "Decks" }</h2>
            <dl class="stats">
                <dt>{ term("encounter", "Encounter deck", "-d") }</dt>
                <dd id="enc-deck">{ format!("{} cards", s.encounter_deck.len()) }</dd>
                <dt>{ "Encounter discards" }</dt>
                <dd>{ format!("{} cards", s.encounter_discard.len()) }</dd>
                <dt>{ "Monsters faced" }</dt>
                <dd>{ if faced.is_empty() { "none yet".to_string() } else { faced.join(", ") } }</dd>
            </dl>
        </section>
    }
}
