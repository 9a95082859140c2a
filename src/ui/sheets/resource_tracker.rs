//! The Resource/Effort Tracker: Small Effort 0–25, the other resources 0–7 (RULINGS.md).

use crate::engine::res::{Bars, Res, Stock};
use crate::ui::reducer::View;
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::{res_term, term};
use yew::prelude::*;

#[derive(PartialEq)]
pub struct Props {
    pub stock: Stock,
    pub bars: Bars,
}

impl Props {
    pub fn of(v: &View) -> Props {
        Props {
            stock: v.s().stock,
            bars: v.db().params.bars,
        }
    }
}

pub fn resource_tracker(p: &Props) -> Html {
    let bars = p.bars;
    let row = |r: Res| {
        let n = p.stock.get(r);
        let max = bars.max(r);
        classed(
            format!("res res-{}", r.key()),
            html! {
                <li>
                    <span class="res-name">{ term(res_term(r), "", "-rt") }</span>
                    <span class="res-val" id={format!("res-{}", r.key())}>{ format!("{n}") }<span class="muted">{ format!(" / {max}") }</span></span>
                    <span class="bar" aria-hidden="true">
                        { for (1..=max).map(|i| if i <= n { html! { <span class="pip on"></span> } } else { html! { <span class="pip"></span> } }) }
                    </span>
                </li>
            },
        )
    };
    html! {
        <section class="panel tracker resource-tracker" aria-labelledby="res-h">
            <h2 id="res-h" class="sheet-title">{ "Resource / " }{ term("effort", "Effort", "-rt") }{ " Tracker" }</h2>
            <ul class="resources">
                { for Res::ALL.into_iter().filter(|r| *r != Res::Time).map(row) }
            </ul>
        </section>
    }
}
