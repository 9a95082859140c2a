//! The Time/Monster Tracker: the Time track 0–31 with the marks where each level starts, and the
//! monster's Armor and Health tracks with their tokens counting down (RULINGS.md).

use crate::engine::state::MonsterState;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::Db;
use crate::ui::widgets::controls::{roman, term};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub db: Db,
    pub time: i8,
    pub time_removed: bool,
    pub monster: Option<MonsterState>,
}

impl Props {
    pub fn of(v: &View) -> Props {
        let s = v.s();
        Props {
            db: Db(v.game.db_arc()),
            time: s.time,
            time_removed: s.time_removed,
            monster: s.monster.clone(),
        }
    }
}

/// One track of numbered spaces with a token on `at` (None: no token on the track).
/// Purely visual (`aria-hidden`): the value is always written out next to it.
fn track(
    class: &'static str,
    max: u8,
    at: Option<i16>,
    marks: &[(u8, &'static str)],
    max_mark: Option<u8>,
) -> Html {
    html! {
        <ol class={format!("track {class}")} aria-hidden="true">
            { for (0..=max).map(|i| {
                let mark = marks.iter().find(|(at, _)| *at == i).map(|(_, m)| *m);
                let here = at == Some(i as i16);
                let beyond = max_mark.is_some_and(|m| i > m);
                html! {
                    <li class={format!("space{}{}{}", if here { " token" } else { "" }, if mark.is_some() { " mark" } else { "" }, if beyond { " beyond" } else { "" })}>
                        <span class="n">{ i }</span>
                        if let Some(m) = mark { <span class="lvl">{ m }</span> }
                    </li>
                }
            }) }
        </ol>
    }
}

#[function_component(TimeTracker)]
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
    let monster = s.monster.as_ref();
    let name = monster
        .and_then(|m| db.monster(m.card))
        .map(|m| m.name.clone());
    html! {
        <section class="panel tracker time-tracker" aria-labelledby="time-h">
            <h2 id="time-h" class="sheet-title">{ "Time / Monster Tracker" }</h2>
            <div class="track-row">
                <p class="track-label">{ term("time", "", "-tt") }{ ": " }<strong class="value" id="time-value">{ time_text }</strong>
                    <span class="muted small">{ format!(" — level marks: {}", marks.iter().map(|(t, m)| format!("{m} at {t}")).collect::<Vec<_>>().join(", ")) }</span>
                </p>
                { track("time", bars.time, token, &marks, None) }
            </div>
            if let Some(m) = monster {
                <p class="track-caption">{ format!("Monster: {}", name.clone().unwrap_or_default()) }
                    if m.defending { <span class="badge">{ " DEFENDING: your next weapon attack will miss" }</span> }
                </p>
                <div class="track-row">
                    <p class="track-label">{ term("armor", "", "-tt") }{ ": " }<strong class="value" id="armor-value">{ format!("{} of {}", m.armor, m.max_armor) }</strong></p>
                    { track("armor", bars.armor, Some(m.armor as i16), &[], Some(m.max_armor)) }
                </div>
                <div class="track-row">
                    <p class="track-label">{ term("health", "", "-tt") }{ ": " }<strong class="value" id="health-value">{ format!("{} of {}", m.health, m.max_health) }</strong></p>
                    { track("health", bars.health, Some(m.health as i16), &[], Some(m.max_health)) }
                </div>
            } else {
                <p class="track-caption muted">{ "Monster Armor and Health: no monster revealed yet." }</p>
            }
        </section>
    }
}
