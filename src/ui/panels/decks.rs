//! The encounter deck and its discard pile, with counts, and the monsters already faced.

use crate::ui::reducer::View;
use crate::ui::widgets::controls::{term, Db};
use yew::prelude::*;

/// What the decks panel shows (compared: it is drawn again only when one of these changed).
#[derive(PartialEq)]
pub struct Props {
    pub db: Db,
    pub deck: usize,
    pub discard: usize,
    pub faced: Vec<u16>,
}

impl Props {
    pub fn of(v: &View) -> Props {
        let s = v.s();
        Props {
            db: Db(v.game.db_arc()),
            deck: s.encounter_deck.len(),
            discard: s.encounter_discard.len(),
            faced: s.monsters_faced.to_vec(),
        }
    }
}

pub fn decks(p: &Props) -> Html {
    let db = &p.db.0;
    let s = p;
    let faced: Vec<String> = s
        .faced
        .iter()
        .filter_map(|m| db.monster(*m).map(|m| m.name.clone()))
        .collect();
    html! {
        <section class="panel decks" aria-labelledby="decks-h">
            <h2 id="decks-h" class="sheet-title">{ "Decks" }</h2>
            <dl class="stats">
                <dt>{ term("encounter", "Encounter deck", "-d") }</dt>
                <dd id="enc-deck">{ format!("{} cards", s.deck) }</dd>
                <dt>{ "Encounter discards" }</dt>
                <dd>{ format!("{} cards", s.discard) }</dd>
                <dt>{ "Monsters faced" }</dt>
                <dd>{ if faced.is_empty() { "none yet".to_string() } else { faced.join(", ") } }</dd>
            </dl>
        </section>
    }
}
