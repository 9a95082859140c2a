//! The end of the game: victory with score and rank, or defeat with its cause and level.

use crate::engine::{Outcome, Pending};
use crate::ui::reducer::View;
use crate::ui::widgets::controls::roman;
use yew::prelude::*;

pub struct Props {
    pub view: View,
    pub on_new: Callback<()>,
}

pub fn end_screen(p: &Props) -> Html {
    let s = p.view.s();
    let Pending::Over(outcome) = &s.pending else {
        return html! {};
    };
    let st = &s.stats;
    let new = {
        let on = p.on_new.clone();
        Callback::from(move |_: MouseEvent| on.emit(()))
    };
    let (title, body) = match outcome {
        Outcome::Victory { score, rank } => (
            "Victory!".to_string(),
            html! {
                <p class="result">{ "You leave the Dark with " }<strong id="final-score">{ format!("{score} points") }</strong>
                   { ": rank " }<strong id="final-rank">{ rank.clone() }</strong>{ "." }</p>
            },
        ),
        Outcome::Defeat { level, cause } => (
            "Defeat".to_string(),
            html! {
                <p class="result">{ format!("You fell in level {}: ", roman(*level)) }<strong id="final-cause">{ cause.clone() }</strong>{ "." }</p>
            },
        ),
    };
    html! {
        <section class="panel end-screen" aria-labelledby="end-h">
            <h2 id="end-h" class="sheet-title" tabindex="-1">{ title }</h2>
            { body }
            <ul class="end-stats">
                <li>{ format!("Highest level: {}", roman(st.level_reached)) }</li>
                <li>{ format!("Encounters resolved: {}", st.encounters) }</li>
                <li>{ format!("Combat rounds: {}", st.rounds) }</li>
                <li>{ format!("Monsters defeated: {}, tricked: {}", st.defeated.len(), st.tricked_levels.len()) }</li>
                <li>{ format!("Rests: {}, food eaten: {}, ambushes suffered: {}", st.rests, st.food_eaten, st.ambushes) }</li>
            </ul>
            <button type="button" class="primary" id="new-game" onclick={new}>{ "New game" }</button>
        </section>
    }
}
