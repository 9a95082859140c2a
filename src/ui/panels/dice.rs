//! The dice just rolled, drawn as die faces and written out (the live region announces them).

use crate::engine::event::RollFor;
use std::rc::Rc;
use yew::prelude::*;

pub struct Props {
    pub dice: Rc<Vec<(RollFor, u8)>>,
}

fn pips(v: u8) -> &'static [(u8, u8)] {
    match v {
        1 => &[(12, 12)],
        2 => &[(6, 6), (18, 18)],
        3 => &[(6, 6), (12, 12), (18, 18)],
        4 => &[(6, 6), (18, 6), (6, 18), (18, 18)],
        5 => &[(6, 6), (18, 6), (12, 12), (6, 18), (18, 18)],
        _ => &[(6, 6), (18, 6), (6, 12), (18, 12), (6, 18), (18, 18)],
    }
}

pub fn die_face(v: u8) -> Html {
    html! {
        <svg class="die" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
            <rect x="1" y="1" width="22" height="22" rx="4" fill="#ece3d0" stroke="#7a6448"/>
            { for pips(v).iter().map(|(x, y)| html! { <circle cx={x.to_string()} cy={y.to_string()} r="2.3" fill="#4a1a16"/> }) }
        </svg>
    }
}

fn why(p: RollFor) -> &'static str {
    match p {
        RollFor::EasyBonus => "Easy's extra resource",
        RollFor::Monster => "Which monster",
        RollFor::Combat => "Monster's combat roll",
        RollFor::Reroll => "Re-roll",
        RollFor::Check => "Card check",
    }
}

pub fn dice(p: &Props) -> Html {
    if p.dice.is_empty() {
        return html! {
            <section class="panel dice" aria-labelledby="dice-h">
                <h2 id="dice-h" class="sheet-title">{ "Die" }</h2>
                <p class="muted">{ "No die rolled yet." }</p>
            </section>
        };
    }
    html! {
        <section class="panel dice" aria-labelledby="dice-h">
            <h2 id="dice-h" class="sheet-title">{ "Last roll" }</h2>
            <ul class="dice-list">
                { for p.dice.iter().map(|(w, v)| html! {
                    <li class="die-roll">{ die_face(*v) }<span>{ format!("{}: ", why(*w)) }<strong class="die-value">{ *v }</strong></span></li>
                }) }
            </ul>
        </section>
    }
}
