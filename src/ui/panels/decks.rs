//! The encounter deck and its discard pile, with counts, and the monsters already faced.

use crate::markup;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::term_markup;
use crate::ui::widgets::markup::show;
use yew::{html, Html};

/// The panel's fixed words are markup (nothing there is interactive but the tooltip, see
/// `widgets::markup`), which Yew leaves as it is; the counts, which most moves change, are
/// Yew's text, so a move patches a number instead of parsing the panel again.
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
                { show(markup!("<dt>{}</dt>", term_markup("encounter", "Encounter deck", "-d"))) }
                <dd id="enc-deck">{ s.encounter_deck.len() }{ " cards" }</dd>
                <dt>{ "Encounter discards" }</dt>
                <dd>{ s.encounter_discard.len() }{ " cards" }</dd>
                <dt>{ "Monsters faced" }</dt>
                <dd>{ if faced.is_empty() { "none yet".to_string() } else { faced.join(", ") } }</dd>
            </dl>
        </section>
    }
}
