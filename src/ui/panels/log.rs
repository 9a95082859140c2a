//! The game log in plain words (rendered by the engine's `words::event`), newest first.

use crate::ui::panels::parts::{Entry, Kept, Part};
use crate::ui::reducer::LogGroup;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub log: Rc<Vec<Rc<LogGroup>>>,
}

const SHOWN: usize = 30;

#[function_component(Log)]
pub fn log(p: &Props) -> Html {
    let all = use_state(|| false);
    let total = p.log.len();
    let shown = if *all { total } else { total.min(SHOWN) };
    let toggle = {
        let all = all.clone();
        Callback::from(move |_| all.set(!*all))
    };
    html! {
        <section class="panel log" aria-labelledby="log-h">
            <h2 id="log-h" class="sheet-title">{ "Game log" }<span class="muted small">{ " (newest first)" }</span></h2>
            <div class="log-scroll" tabindex="0" role="region" aria-label="Log entries, newest first">
            <ol class="log-list" reversed=true>
                // Keyed by move, each drawn once: a new move adds its entry, the others stay.
                { for p.log.iter().rev().take(shown).map(|g| html! {
                    <Kept key={g.n} part={Part::LogEntry(Entry(g.clone()))} />
                }) }
            </ol>
            </div>
            if total > SHOWN {
                <button type="button" class="small quiet" onclick={toggle} aria-expanded={(*all).to_string()}>
                    { if *all { "Show only the latest".to_string() } else { format!("Show the whole log ({total} entries)") } }
                </button>
            }
        </section>
    }
}
