//! The records in the browser: the scorepad, the achievements sheet and the statistics, with
//! export and import.
//!
//! Mounting, for the app:
//! - [`RecordsButton`]: a "Records" button that opens [`RecordsPanel`] in a modal dialog; put
//!   it anywhere (title screen, top bar). Or mount [`RecordsPanel`] itself where it should be.
//! - [`GameEnd`]: on the end screen, `<records::GameEnd game={records::Finished(game_rc)} />`
//!   records the finished game once and announces the achievements it earned (and shows a
//!   storage warning if the records could not be saved). Without it, call
//!   [`record_finished_game`] (or `_now`) and show the result with [`AchievementsEarned`].
//! - [`RecordsStatus`] shows a storage warning (full, disabled) anywhere.
//!
//! The data and rules are in [`crate::records`]; storage is [`crate::storage::records`].

mod scorepad;
mod sheet;
mod statistics;
mod transfer;

pub use crate::storage::records::{
    now_iso, record_finished_game, record_finished_game_now, Snapshot,
};

use crate::content::CardDb;
use crate::engine::{Difficulty, Game};
use crate::records::{Achievements, Earned};
use crate::storage::records as store;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

/// The styles of the records views (tables, charts), scoped under `.records`.
const STYLE: &str = include_str!("records.css");

thread_local! {
    static DB: Option<Arc<CardDb>> = CardDb::builtin().ok().map(Arc::new);
}

/// The box, for names (characters, sides, ranks).
fn db() -> Option<Arc<CardDb>> {
    DB.with(|d| d.clone())
}

/// A character's class name ("Sneak"), or its id when unknown.
pub(crate) fn character_name(id: &str) -> String {
    db().and_then(|db| {
        db.character_index(id)
            .and_then(|i| db.character(i))
            .map(|c| c.name.clone())
    })
    .unwrap_or_else(|| id.to_string())
}

/// "Maxyn Zenma the Sneak", or the class name when the side is unknown.
pub(crate) fn adventurer(id: &str, side: u8) -> String {
    let side_name = db().and_then(|db| {
        db.character_index(id)
            .and_then(|i| db.character(i))
            .and_then(|c| c.sides.get(side as usize))
            .map(|s| s.name.clone())
    });
    match side_name {
        Some(s) => format!("{s} the {}", character_name(id)),
        None => character_name(id),
    }
}

/// The box's character ids in order.
pub(crate) fn character_ids() -> Vec<String> {
    db().map(|db| db.characters.iter().map(|c| c.id.clone()).collect())
        .unwrap_or_default()
}

/// Rank names, lowest first.
pub(crate) fn rank_names() -> Vec<String> {
    db().map(|db| db.params.ranks.iter().map(|r| r.name.clone()).collect())
        .unwrap_or_default()
}

/// A stored date (ISO 8601, UTC) in the player's local time: "2025-03-01 14:05".
pub(crate) fn local_date(iso: &str) -> String {
    let ms = js_sys::Date::parse(iso);
    if ms.is_nan() {
        return iso.to_string();
    }
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    if iso.len() <= 10 {
        // A date alone (old scorepad lines): no time to show.
        return iso.to_string();
    }
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The day only: "2025-03-01".
pub(crate) fn local_day(iso: &str) -> String {
    local_date(iso).chars().take(10).collect()
}

/// The records and storage status, re-rendered on every change (also from another tab).
/// Adds the records' styles to the page once.
fn ensure_style() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if doc.get_element_by_id("records-style").is_some() {
        return;
    }
    if let (Ok(el), Some(head)) = (doc.create_element("style"), doc.head()) {
        el.set_id("records-style");
        el.set_text_content(Some(STYLE));
        let _ = head.append_child(&el);
    }
}

#[hook]
pub fn use_records() -> Snapshot {
    ensure_style();
    let snap = use_state(store::snapshot);
    {
        let snap = snap.clone();
        use_effect_with((), move |_| {
            let sub = store::subscribe(move || snap.set(store::snapshot()));
            move || drop(sub)
        });
    }
    (*snap).clone()
}

/// A storage warning (full, disabled, written by a newer version), shown while it lasts.
#[function_component(RecordsStatus)]
pub fn records_status() -> Html {
    let snap = use_records();
    html! {
        if let Some(w) = &snap.warning {
            <p class="notice error records-warning" role="alert" id="records-warning">{ w.clone() }</p>
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct EarnedProps {
    pub earned: Rc<Vec<Earned>>,
}

/// The achievements a game just earned, for the end screen (announced to screen readers).
#[function_component(AchievementsEarned)]
pub fn achievements_earned(p: &EarnedProps) -> Html {
    let defs = Achievements::builtin();
    if p.earned.is_empty() {
        return html! {};
    }
    html! {
        <section class="records-earned" aria-labelledby="records-earned-h" role="status">
            <h3 id="records-earned-h">{ if p.earned.len() == 1 { "Achievement earned!" } else { "Achievements earned!" } }</h3>
            <ul>
                { for p.earned.iter().map(|e| {
                    let def = defs.get(&e.achievement);
                    let name = def.map(|d| d.name.clone()).unwrap_or_else(|| e.achievement.clone());
                    let text = def.map(|d| d.description.clone()).unwrap_or_default();
                    html! {
                        <li><strong>{ format!("{name} ({})", e.difficulty.name()) }</strong>{ " — " }{ text }</li>
                    }
                }) }
            </ul>
        </section>
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tab {
    Scorepad,
    Achievements,
    Statistics,
}

impl Tab {
    const ALL: [Tab; 3] = [Tab::Scorepad, Tab::Achievements, Tab::Statistics];
    fn name(self) -> &'static str {
        match self {
            Tab::Scorepad => "Scorepad",
            Tab::Achievements => "Achievements",
            Tab::Statistics => "Statistics",
        }
    }
    fn id(self) -> &'static str {
        match self {
            Tab::Scorepad => "records-tab-scorepad",
            Tab::Achievements => "records-tab-achievements",
            Tab::Statistics => "records-tab-statistics",
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    /// Closes the panel (shows a Close button when given).
    #[prop_or_default]
    pub on_close: Option<Callback<()>>,
}

/// The whole records view: scorepad, achievements sheet, statistics, export and import.
#[function_component(RecordsPanel)]
pub fn records_panel(p: &PanelProps) -> Html {
    let snap = use_records();
    let tab = use_state(|| Tab::Scorepad);
    let games = snap.records.games.len();
    let buttons = Tab::ALL.iter().map(|t| {
        let t = *t;
        let tab2 = tab.clone();
        let pressed = *tab == t;
        html! {
            <button type="button" id={t.id()} class={classes!("records-tab", pressed.then_some("selected"))}
                aria-pressed={if pressed { "true" } else { "false" }}
                aria-controls="records-view"
                onclick={Callback::from(move |_: MouseEvent| tab2.set(t))}>{ t.name() }</button>
        }
    });
    let close = p.on_close.clone().map(|cb| {
        html! {
            <button type="button" class="small quiet" id="records-close"
                onclick={Callback::from(move |_: MouseEvent| cb.emit(()))}>{ "Close records" }</button>
        }
    });
    html! {
        <section class="panel records" aria-labelledby="records-h" data-records-rev={snap.rev.to_string()}>
            <div class="records-head">
                <h2 id="records-h" class="sheet-title" tabindex="-1">{ "Records" }</h2>
                <p class="muted" id="records-count">{ match games {
                    0 => "No games recorded yet.".to_string(),
                    1 => "1 game recorded.".to_string(),
                    n => format!("{n} games recorded."),
                } }</p>
                { for close }
            </div>
            if let Some(w) = &snap.warning {
                <p class="notice error" role="alert" id="records-warning">{ w.clone() }</p>
            }
            { for snap.notices.iter().map(|n| html! {
                <p class="notice error records-notice" role="alert">{ n.clone() }</p>
            }) }
            <transfer::Transfer set_aside={!snap.set_aside.is_empty()} />
            <nav class="records-tabs" aria-label="Records views">{ for buttons }</nav>
            <div id="records-view">
                { match *tab {
                    Tab::Scorepad => html! { <scorepad::Scorepad records={snap.records.clone()} /> },
                    Tab::Achievements => html! { <sheet::Sheet records={snap.records.clone()} /> },
                    Tab::Statistics => html! { <statistics::StatisticsView records={snap.records.clone()} /> },
                } }
            </div>
        </section>
    }
}

/// A finished game, compared by pointer.
#[derive(Clone)]
pub struct Finished(pub Rc<Game>);

impl PartialEq for Finished {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

#[derive(Properties, PartialEq)]
pub struct GameEndProps {
    pub game: Finished,
}

/// For the end screen: records the finished game (once; a game is never recorded twice) and
/// announces what it earned; shows a storage warning when the records could not be saved.
#[function_component(GameEnd)]
pub fn game_end(p: &GameEndProps) -> Html {
    let earned = use_state(|| Rc::new(Vec::<Earned>::new()));
    {
        let earned = earned.clone();
        use_effect_with(p.game.clone(), move |g| {
            if g.0.is_over() {
                earned.set(Rc::new(record_finished_game_now(&g.0)));
            }
        });
    }
    html! {
        <>
            <RecordsStatus />
            <AchievementsEarned earned={(*earned).clone()} />
        </>
    }
}

/// Calls a method of a DOM element by name (no web-sys feature needed for `<dialog>`).
fn call(el: &web_sys::Element, method: &str) {
    if let Ok(f) = js_sys::Reflect::get(el, &JsValue::from_str(method)) {
        if let Some(f) = f.dyn_ref::<js_sys::Function>() {
            let _ = f.call0(el);
        }
    }
}

/// A "Records" button opening the records in a modal dialog (Escape or "Close" closes it).
#[function_component(RecordsButton)]
pub fn records_button() -> Html {
    // Loads the records with the app, so data found unreadable is kept aside and told at once.
    let snap = use_records();
    let open = use_state(|| false);
    let dialog = use_node_ref();
    let button = use_node_ref();
    {
        let (dialog, open) = (dialog.clone(), open.clone());
        use_effect_with(*open, move |is_open| {
            let mut cleanup: Option<(web_sys::Element, wasm_bindgen::closure::Closure<dyn Fn()>)> =
                None;
            if *is_open {
                if let Some(el) = dialog.cast::<web_sys::Element>() {
                    call(&el, "showModal");
                    let o = open.clone();
                    let on_close =
                        wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || o.set(false));
                    let _ = el.add_event_listener_with_callback(
                        "close",
                        on_close.as_ref().unchecked_ref(),
                    );
                    if let Some(h) = el
                        .query_selector("#records-h")
                        .ok()
                        .flatten()
                        .and_then(|h| h.dyn_into::<web_sys::HtmlElement>().ok())
                    {
                        let _ = h.focus();
                    }
                    cleanup = Some((el, on_close));
                }
            }
            move || {
                if let Some((el, cb)) = cleanup {
                    let _ = el
                        .remove_event_listener_with_callback("close", cb.as_ref().unchecked_ref());
                }
            }
        });
    }
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let close = {
        let (open, dialog, button) = (open.clone(), dialog.clone(), button.clone());
        Callback::from(move |_| {
            if let Some(el) = dialog.cast::<web_sys::Element>() {
                call(&el, "close");
            }
            open.set(false);
            if let Some(b) = button.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
        })
    };
    html! {
        <>
            <button type="button" class="small quiet" id="records-open" ref={button}
                aria-haspopup="dialog" aria-expanded={if *open { "true" } else { "false" }}
                onclick={toggle}>{ "Records" }</button>
            if !snap.notices.is_empty() && !*open {
                <span class="records-alert" role="alert" id="records-alert">
                    { "Some of your records could not be read; they were kept aside, not deleted. Open Records for details." }
                </span>
            }
            if *open {
                <dialog class="records-dialog" ref={dialog} aria-labelledby="records-h">
                    <RecordsPanel on_close={close} />
                </dialog>
            }
        </>
    }
}

/// Difficulty display order.
pub(crate) const DIFFICULTIES: [Difficulty; 3] = Difficulty::ALL;
