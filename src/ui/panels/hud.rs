//! The heads-up display at the top of the table: level, the step, Time, Effort Small/Medium/
//! Large and the supplies, each as icon + number. Each number keeps its bar's maximum for
//! assistive technology ("13 / 25"); the eye reads the icon and the figure.

use crate::engine::res::{Bars, Res, Stock};
use crate::engine::Step;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::roman;
use crate::ui::widgets::delta::Delta;
use crate::ui::widgets::icon::{icon, IconKind};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub level: u8,
    pub step: Step,
    pub time: i8,
    pub time_removed: bool,
    pub stock: Stock,
    pub bars: Bars,
}

impl Props {
    pub fn of(v: &View) -> Props {
        let s = v.s();
        Props {
            level: s.level,
            step: s.step,
            time: s.time,
            time_removed: s.time_removed,
            stock: s.stock,
            bars: v.db().params.bars,
        }
    }
}

#[function_component(Hud)]
pub fn hud(p: &Props) -> Html {
    let item = |r: Res| {
        let n = p.stock.get(r);
        let kind = IconKind::of(r);
        let effort = matches!(r, Res::Small | Res::Medium | Res::Large);
        html! {
            <li class={classes!("hud-item", format!("hud-{}", r.key()), effort.then_some("effort"), (n == 0).then_some("zero"))}
                title={kind.name()}>
                { icon(kind) }
                <span class="res-val" id={format!("res-{}", r.key())}>{ n }<span class="visually-hidden">{ format!(" / {}", p.bars.max(r)) }</span></span>
                <Delta value={i64::from(n)} />
            </li>
        }
    };
    let time = if p.time_removed {
        "off".to_string()
    } else {
        p.time.to_string()
    };
    html! {
        <ul class="hud" aria-label="Summary">
            <li class="hud-item hud-level"><span id="steps-h">{ format!("Level {} · {}", roman(p.level), p.step.name()) }</span></li>
            <li class={classes!("hud-item", "hud-time", (p.time <= 2 && !p.time_removed).then_some("low"))} title="Time">
                { icon(IconKind::Time) }
                <span class="value" id="time-value">{ time }</span>
                <Delta value={i64::from(p.time)} />
            </li>
            { for [Res::Small, Res::Medium, Res::Large].into_iter().map(item) }
            <li class="hud-sep" aria-hidden="true"></li>
            { for [Res::Cunning, Res::Food, Res::Wood, Res::Metal, Res::Treasure].into_iter().map(item) }
        </ul>
    }
}
