//! The Time track 0–31 with the marks where each level starts (RULINGS.md). The monster's Armor
//! and Health are on its card, beside its table.

use crate::ui::reducer::View;
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::Db;
use crate::ui::widgets::controls::{roman, term};
use yew::prelude::*;

#[derive(PartialEq)]
pub struct Props {
    pub db: Db,
    pub time: i8,
    pub time_removed: bool,
}

impl Props {
    pub fn of(v: &View) -> Props {
        let s = v.s();
        Props {
            db: Db(v.game.db_arc()),
            time: s.time,
            time_removed: s.time_removed,
        }
    }
}

/// A space's classes by whether it holds the token, a level mark, and lies beyond the last mark
/// (the index's bits 4, 2 and 1).
const SPACE: [&str; 8] = [
    "space",
    "space beyond",
    "space mark",
    "space mark beyond",
    "space token",
    "space token beyond",
    "space token mark",
    "space token mark beyond",
];

/// The Time track: numbered spaces with a token on `at` (None: no token on the track).
/// Purely visual (`aria-hidden`): the value is always written out next to it.
fn track(max: u8, at: Option<i16>, marks: &[(u8, &'static str)], max_mark: Option<u8>) -> Html {
    html! {
        <ol class="track time" aria-hidden="true">
            { for (0..=max).map(|i| {
                let mark = marks.iter().find(|(at, _)| *at == i).map(|(_, m)| *m);
                let here = at == Some(i as i16);
                let beyond = max_mark.is_some_and(|m| i > m);
                let class = SPACE[usize::from(here) << 2 | usize::from(mark.is_some()) << 1 | usize::from(beyond)];
                classed(class, html! {
                    <li>
                        <span class="n">{ i }</span>
                        if let Some(m) = mark { <span class="lvl">{ m }</span> }
                    </li>
                })
            }) }
        </ol>
    }
}

pub fn time_tracker(p: &Props) -> Html {
    let s = p;
    let db = &p.db.0;
    let bars = db.params.bars;
    let marks: Vec<(u8, &'static str)> = db
        .params
        .time_per_level
        .iter()
        .enumerate()
        .map(|(i, t)| (*t, roman(i as u8 + 1)))
        .collect();
    let time_text = if s.time_removed {
        "off the track: Time you lose now costs Small Effort".to_string()
    } else if s.time <= 0 {
        format!("{} (run out)", s.time)
    } else {
        s.time.to_string()
    };
    let token = if s.time_removed {
        None
    } else {
        Some(s.time.max(0) as i16)
    };
    html! {
        <section class="panel tracker time-tracker" aria-labelledby="time-h">
            <h2 id="time-h" class="sheet-title">{ "Time Tracker" }</h2>
            <div class="track-row">
                <p class="track-label">{ term("time", "", "-tt") }{ ": " }<strong class="value" id="time-value">{ time_text }</strong>
                    <span class="muted small">{ format!(" — level marks: {}", marks.iter().map(|(t, m)| format!("{m} at {t}")).collect::<Vec<_>>().join(", ")) }</span>
                </p>
                { track(bars.time, token, &marks, None) }
            </div>
        </section>
    }
}
