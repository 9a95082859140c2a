//! The last move, whole: what the player did, then every line of what happened, grouped by
//! cause (the action, each response, the attack, the monster's roll …), the headline outcomes
//! (the roll and its row, resources paid, lost or gained, Time, armor, wounds, a kill, a
//! condition) emphasised. Nothing is cut: on a desk the panel takes the room the decision
//! leaves and scrolls inside itself beyond it; on a phone it shows the headline outcomes, and
//! every line one tap away. The log sheet holds every move.

use crate::ui::reducer::LogGroup;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// The last decision and what it did (none before the first move).
    pub group: Option<Rc<LogGroup>>,
}

#[function_component(LastMove)]
pub fn last_move(p: &Props) -> Html {
    // The move whose whole list is open on a phone: a new move closes it again.
    let open = use_state(|| None::<usize>);
    let Some(g) = p.group.as_ref().filter(|g| g.n > 0) else {
        return Html::default();
    };
    let full = *open == Some(g.n);
    let causes = g.causes();
    let headlines: Vec<&str> = causes
        .iter()
        .flatten()
        .filter(|(_, h)| *h)
        .map(|(l, _)| *l)
        .collect();
    // Without a headline outcome the compact form shows the move's first line.
    let compact = if headlines.is_empty() {
        g.lines.first().cloned().unwrap_or_default()
    } else {
        headlines.join(" ")
    };
    let more = g.lines.len() > headlines.len().max(1);
    let toggle = {
        let open = open.clone();
        let n = g.n;
        Callback::from(move |_| open.set(if full { None } else { Some(n) }))
    };
    let body = html! {
        <>
            <p class="just-head" id="just-head">{ g.head.clone() }</p>
            if !g.lines.is_empty() {
                <ol class="just-causes" tabindex="0" aria-label="Everything the last move did">
                    { for causes.iter().map(|c| html! {
                        <li class="cause"><ul>
                            { for c.iter().map(|(l, h)| html! {
                                if *h { <li class="hl">{ l.to_string() }</li> } else { <li>{ l.to_string() }</li> }
                            }) }
                        </ul></li>
                    }) }
                </ol>
                <p class="just-compact">{ compact }</p>
                if more {
                    <button type="button" class="small quiet just-more" aria-expanded={full.to_string()} onclick={toggle}>
                        { if full { "Show less".to_string() } else { format!("All {} events", g.lines.len()) } }
                    </button>
                }
            }
        </>
    };
    if full {
        html! { <section class="just full" id="just" aria-label="The last move">{ body }</section> }
    } else {
        html! { <section class="just" id="just" aria-label="The last move">{ body }</section> }
    }
}
