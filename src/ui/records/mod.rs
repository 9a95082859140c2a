//! The records in the browser: the scorepad, the achievements sheet and the statistics, with
//! export and import. The views themselves are HTML text from [`crate::records::html`] (pure,
//! natively tested); the components here hold the state and handle the controls.
//!
//! Mounting, for the app:
//! - [`RecordsButton`]: a "Records" button that opens [`RecordsPanel`] in a modal dialog; put
//!   it anywhere (title screen, top bar). It also tells at once when stored records were found
//!   unreadable and kept aside. Or mount [`RecordsPanel`] itself where it should be.
//! - [`GameEnd`]: on the end screen, `<records::GameEnd game={records::Finished(game_rc)} />`
//!   records the finished game once, announces the achievements it earned, and shows a warning
//!   when the records could not be saved. A daily-challenge game passes
//!   `kind={Some(records::GameKind::daily())}`. Without it, call [`record_finished_game`] (or
//!   `_now`) and show the result yourself ([`crate::records::html::earned_now`]).
//!
//! Storage is [`crate::storage::records`].

pub use crate::records::GameKind;
pub use crate::storage::records::{
    now_iso, record_finished_game, record_finished_game_as, record_finished_game_now, Snapshot,
};

use crate::content::CardDb;
use crate::engine::Game;
use crate::records::html::{self, Names, PanelState, Tab};
use crate::records::stats::SortKey;
use crate::records::Achievements;
use crate::storage::records as store;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement, HtmlInputElement};
use yew::prelude::*;

/// The styles of the records views (tables, charts), scoped under `.records`.
const STYLE: &str = include_str!("records.css");

/// Files larger than this are refused before reading (a records file is far smaller).
const MAX_BYTES: f64 = 20.0 * 1024.0 * 1024.0;

thread_local! {
    /// Names from the box, read when the panel first shows.
    static NAMES: Names = CardDb::builtin().map(|db| Names::from_db(&db)).unwrap_or_default();
}

/// A stored date (ISO 8601, UTC) in the player's local time: "2025-03-01 14:05"; a date
/// alone (old scorepad lines) as it is.
fn local_date(iso: &str) -> String {
    let ms = js_sys::Date::parse(iso);
    if ms.is_nan() || iso.len() <= 10 {
        return iso.to_string();
    }
    let d = js_sys::Date::new(&JsValue::from_f64(ms));
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
fn local_day(iso: &str) -> String {
    local_date(iso).chars().take(10).collect()
}

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

/// Adds the records' styles to the page once.
fn ensure_style() {
    let Some(doc) = document() else {
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

fn focus(id: &str) {
    if let Some(el) = document()
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// Calls a method of a DOM element by name (no web-sys feature needed for `<dialog>`).
fn call(el: &Element, method: &str) {
    if let Ok(f) = js_sys::Reflect::get(el, &JsValue::from_str(method)) {
        if let Some(f) = f.dyn_ref::<js_sys::Function>() {
            let _ = f.call0(el);
        }
    }
}

/// The records and storage status, re-rendered on every change (also from another tab).
#[hook]
pub fn use_records() -> Snapshot {
    ensure_style();
    // Loaded after the first paint, so many records never delay the title screen.
    let snap = use_state(store::peek);
    {
        let snap = snap.clone();
        use_effect_with((), move |_| {
            let s2 = snap.clone();
            let sub = store::subscribe(move || s2.set(store::snapshot()));
            snap.set(store::snapshot());
            move || drop(sub)
        });
    }
    (*snap).clone()
}

/// Offers `text` as a file download; false when the browser refused.
fn download(name: &str, text: &str) -> bool {
    let go = || -> Result<(), JsValue> {
        let doc = document().ok_or(JsValue::NULL)?;
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let opts = web_sys::BlobPropertyBag::new();
        opts.set_type("application/json");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.dyn_into()?;
        a.set_href(&url);
        a.set_download(name);
        a.set_hidden(true);
        let body = doc.body().ok_or(JsValue::NULL)?;
        body.append_child(&a)?;
        a.click();
        body.remove_child(&a)?;
        // Revoked once the download has started.
        let revoke = Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                revoke.unchecked_ref(),
                10_000,
            );
        }
        Ok(())
    };
    go().is_ok()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    match n {
        0 => format!("no new {one}"),
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// Reads the chosen file and imports it; the outcome goes to `say`.
fn import_file(input: &HtmlInputElement, say: Callback<(bool, String)>) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    let name = file.name();
    if file.size() > MAX_BYTES {
        say.emit((
            false,
            format!("Nothing was imported: “{name}” is too large to be a records file."),
        ));
        return;
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    let r2 = reader.clone();
    let done = Closure::once_into_js(move || {
        let msg = match r2.result().ok().and_then(|v| v.as_string()) {
            None => (
                false,
                format!("Nothing was imported: “{name}” could not be read."),
            ),
            Some(t) => match store::import_text(&t) {
                Ok(s) => {
                    let ach = match s.achievements_added {
                        0 => String::new(),
                        n => format!(" and {}", plural(n, "achievement", "achievements")),
                    };
                    (
                        true,
                        format!(
                            "Imported “{name}”: {}{ach} added; records already here were kept once.",
                            plural(s.games_added, "game", "games")
                        ),
                    )
                }
                Err(e) => (
                    false,
                    format!("Nothing was imported: “{name}” is not a valid records file: {e}."),
                ),
            },
        };
        say.emit(msg);
    });
    reader.set_onloadend(Some(done.unchecked_ref()));
    let _ = reader.read_as_text(&file);
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
    let view = use_state(|| (Tab::Scorepad, SortKey::Date, true));
    let message = use_state(|| None::<(bool, String)>);
    // The control pressed: its HTML is drawn anew, so focus goes back to it.
    let refocus = use_mut_ref(|| None::<String>);
    {
        let refocus = refocus.clone();
        use_effect(move || {
            if let Some(id) = refocus.borrow_mut().take() {
                focus(&id);
            }
        });
    }
    let (tab, sort, descending) = *view;
    let st = PanelState {
        tab,
        sort,
        descending,
        warning: snap.warning.as_deref(),
        notices: &snap.notices,
        set_aside: !snap.set_aside.is_empty(),
        closable: p.on_close.is_some(),
    };
    let head = html::panel_head(&snap.records, &st);
    let body = NAMES.with(|names| {
        html::panel_body(
            &snap.records,
            &st,
            Achievements::builtin(),
            names,
            &local_date,
            &local_day,
        )
    });
    // Every control lives in the HTML: one listener on the panel handles them all.
    let onclick = {
        let (view, message, on_close) = (view.clone(), message.clone(), p.on_close.clone());
        Callback::from(move |e: MouseEvent| {
            let Some(el) = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| {
                    el.closest("[data-tab],[data-sort],[data-action]")
                        .ok()
                        .flatten()
                })
            else {
                return;
            };
            let (t0, k0, d0) = *view;
            if let Some(t) = el.get_attribute("data-tab").and_then(|s| Tab::parse(&s)) {
                view.set((t, k0, d0));
                *refocus.borrow_mut() = Some(format!("records-tab-{}", t.key()));
            } else if let Some(k) = el
                .get_attribute("data-sort")
                .and_then(|s| SortKey::parse(&s))
            {
                view.set((t0, k, if k == k0 { !d0 } else { true }));
                *refocus.borrow_mut() = Some(format!("records-sort-{}", k.key()));
            } else {
                match el.get_attribute("data-action").as_deref() {
                    Some("close") => {
                        if let Some(cb) = &on_close {
                            cb.emit(());
                        }
                    }
                    Some("export") => {
                        let day: String = store::now_iso().chars().take(10).collect();
                        let name = format!("unbroken-records-{day}.json");
                        message.set(Some(if download(&name, &store::export_text()) {
                            (true, format!("Your records were exported as {name}."))
                        } else {
                            (false, "The browser refused the download.".into())
                        }));
                    }
                    Some("export-unreadable") => {
                        download("unbroken-records-unreadable.json", &store::set_aside_text());
                    }
                    _ => {}
                }
            }
        })
    };
    let onchange = {
        let message = message.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
                .filter(|i| i.id() == "records-import")
            {
                let message = message.clone();
                import_file(&input, Callback::from(move |m| message.set(Some(m))));
            }
        })
    };
    let status = match &*message {
        Some((ok, m)) => html! {
            <p class={if *ok { "notice ok" } else { "notice error" }} id={if *ok { "records-import-ok" } else { "records-import-error" }}>{ m.clone() }</p>
        },
        None => html! {},
    };
    html! {
        <section class="panel records" aria-labelledby="records-h" data-records-rev={snap.rev.to_string()} {onclick} {onchange}>
            { Html::from_html_unchecked(head.into()) }
            <div role="status" aria-live="polite" id="records-transfer-status">{ status }</div>
            { Html::from_html_unchecked(body.into()) }
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
    /// `GameKind::daily()` for the daily challenge; standard when not given.
    #[prop_or_default]
    pub kind: Option<GameKind>,
}

/// For the end screen: records the finished game (once; a game is never recorded twice),
/// announces what it earned, and warns when the records could not be saved.
#[function_component(GameEnd)]
pub fn game_end(p: &GameEndProps) -> Html {
    ensure_style();
    let earned = use_state(String::new);
    let warning = use_state(|| None::<String>);
    {
        let (earned, warning) = (earned.clone(), warning.clone());
        let kind = p.kind.clone().unwrap_or_default();
        use_effect_with(p.game.clone(), move |g| {
            if g.0.is_over() {
                let new = record_finished_game_as(&g.0, &now_iso(), kind);
                earned.set(html::earned_now(&new, Achievements::builtin()));
                warning.set(store::snapshot().warning);
            }
        });
    }
    html! {
        <>
            if let Some(w) = &*warning {
                <p class="notice error" role="alert" id="records-warning">{ w.clone() }</p>
            }
            <div class="records-earned" role="status" id="records-earned">
                { Html::from_html_unchecked(AttrValue::from((*earned).clone())) }
            </div>
        </>
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
        let dialog = dialog.clone();
        use_effect_with(*open, move |is_open| {
            if let (true, Some(el)) = (*is_open, dialog.cast::<Element>()) {
                call(&el, "showModal");
                focus("records-h");
            }
        });
    }
    // Escape closes the dialog natively; keep the state in step.
    let on_dialog_close = {
        let open = open.clone();
        Callback::from(move |_: Event| open.set(false))
    };
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let close = {
        let (open, dialog, button) = (open.clone(), dialog.clone(), button.clone());
        Callback::from(move |_| {
            if let Some(el) = dialog.cast::<Element>() {
                call(&el, "close");
            }
            open.set(false);
            if let Some(b) = button.cast::<HtmlElement>() {
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
                <dialog class="records-dialog" ref={dialog} aria-labelledby="records-h" onclose={on_dialog_close}>
                    <RecordsPanel on_close={close} />
                </dialog>
            }
        </>
    }
}
