//! One move of the game log, drawn on its own: the log sheet lists them (`log`) through the
//! board's kept parts (`parts`), so each entry is drawn once, when its move is made.

use crate::ui::reducer::LogGroup;
use yew::prelude::*;

/// One move of the log: what the player did, then what happened, headline outcomes marked.
pub fn entry(g: &LogGroup) -> Html {
    html! {
        <li class="log-group">
            <p class="log-head">{ g.head.clone() }</p>
            if !g.lines.is_empty() {
                <ul class="log-lines">{ for g.lines.iter().enumerate().map(|(i, l)| {
                    let hl = g.marks.get(i).is_some_and(|m| m.headline);
                    if hl {
                        html! { <li class="hl">{ l.clone() }</li> }
                    } else {
                        html! { <li>{ l.clone() }</li> }
                    }
                }) }</ul>
            }
        </li>
    }
}
