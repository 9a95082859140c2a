//! The HUD: the figures a player glances at on every turn — level, Time, the
//! three Efforts and the supplies — as icon + number, always on screen (the top bar on a desk,
//! sticky on a phone). A counter the last move changed shows its change ("+2", "−1") for about
//! 600 ms (item 4); the live region says it in words.

use crate::engine::res::{Res, Stock};
use crate::ui::reducer::Counter;
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::roman;
use crate::ui::widgets::icon::{icon_labelled, IconKind};
use std::rc::Rc;
use yew::prelude::*;

#[derive(PartialEq)]
pub struct Props {
    pub level: u8,
    pub time: i8,
    pub time_removed: bool,
    pub stock: Stock,
    /// The counters the last move changed.
    pub deltas: Rc<Vec<(Counter, i16)>>,
    /// The model's revision: a new change restarts its animation.
    pub rev: u64,
}

/// The change of a counter, drawn for a moment beside it (hidden from screen readers: the live
/// region reads the move's events).
pub fn delta(deltas: &[(Counter, i16)], c: Counter, rev: u64) -> Html {
    match deltas.iter().find(|(k, _)| *k == c) {
        Some((_, d)) => {
            let text = if *d > 0 {
                format!("+{d}")
            } else {
                format!("−{}", d.unsigned_abs())
            };
            // Keyed by the move so its animation plays again; wrapped, so the key does not make
            // Yew rebuild the counter's other parts.
            html! {
                <span class="delta-slot">
                    if *d > 0 {
                        <span key={rev.to_string()} class="delta up" aria-hidden="true">{ text }</span>
                    } else {
                        <span key={rev.to_string()} class="delta down" aria-hidden="true">{ text }</span>
                    }
                </span>
            }
        }
        None => html! {},
    }
}

pub fn hud(p: &Props) -> Html {
    let stat = |c: Counter, kind: IconKind, value: String, id: &'static str| {
        classed(
            format!("stat stat-{}", kind.id()),
            html! {
                <li>
                    { icon_labelled(kind, kind.name()) }
                    <span class="stat-n" id={id}>{ value }</span>
                    { delta(&p.deltas, c, p.rev) }
                </li>
            },
        )
    };
    let time = if p.time_removed {
        "off".to_string()
    } else {
        p.time.to_string()
    };
    let res = |r: Res, id: &'static str| {
        stat(
            Counter::Res(r),
            IconKind::of(r),
            p.stock.get(r).to_string(),
            id,
        )
    };
    html! {
        <ul class="hud" aria-label="Level, Time, Effort and supplies">
            <li class="stat stat-level"><span class="stat-k">{ "Level" }</span><span class="stat-n" id="hud-level">{ roman(p.level) }</span></li>
            { stat(Counter::Time, IconKind::Time, time, "hud-time") }
            <li class="hud-sep" aria-hidden="true"></li>
            { res(Res::Small, "hud-small") }
            { res(Res::Medium, "hud-medium") }
            { res(Res::Large, "hud-large") }
            <li class="hud-sep" aria-hidden="true"></li>
            { res(Res::Cunning, "hud-cunning") }
            { res(Res::Food, "hud-food") }
            { res(Res::Wood, "hud-wood") }
            { res(Res::Metal, "hud-metal") }
            { res(Res::Treasure, "hud-treasure") }
        </ul>
    }
}
