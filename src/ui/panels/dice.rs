//! A die face, drawn (beside the monster card; the live region announces the roll).

use yew::prelude::*;

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
