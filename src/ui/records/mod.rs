//! The records in the browser: a "Records" button and dialog, and the end screen's report of
//! what a finished game earned. Everything about the records themselves — storage, the
//! scorepad, achievements and statistics views, import and export — is in the records module,
//! a WebAssembly module of its own that [`loader`] fetches on first need (so the first screen
//! never downloads it); these components hold the dialog's state, the file dialogs and the
//! downloads, and show the module's HTML as it is.
//!
//! Mounting, for the app:
//! - [`RecordsButton`]: a "Records" button that opens [`RecordsPanel`] in a modal dialog; put
//!   it anywhere (title screen, top bar). When this browser holds records it also loads them
//!   after start and tells at once when some were found unreadable and kept aside.
//! - [`GameEnd`]: on the end screen, `<records::GameEnd game={records::Finished(game_rc)} />`
//!   records the finished game once, announces the achievements it earned, and warns when the
//!   records could not be saved. A daily challenge (`crate::ui::share::is_daily`) is recorded
//!   as one.

pub mod loader;

use crate::records::report::EndFacts;
use crate::records::{GameKind, GameRecord};

use crate::engine::{Game, SaveGame};
use crate::records::bridge::{Imported, Recorded, Request, Response, Status};
use crate::records::html::Tab;
use crate::records::markup::Markup;
use crate::records::stats::SortKey;
use crate::ui::hooks::idle::when_idle;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
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

/// Where the records module stands, as the views see it.
#[derive(Clone, Debug, PartialEq)]
pub enum Records {
    /// Not asked for yet (nothing stored in this browser).
    NotLoaded,
    Loading,
    Ready(Status),
    /// The module could not be loaded: why, in words.
    Unavailable(String),
}

/// The records' state, re-rendered on every change (also from another tab). With `load`, the
/// records module is fetched now if it is not yet; without, only when this browser holds
/// records, and then once the player is idle (the first screen never waits for it).
#[hook]
pub fn use_records(load: bool) -> Records {
    let rec = use_state(|| match loader::ready().map(|m| m.status()) {
        Some(Ok(s)) => Records::Ready(s),
        Some(Err(e)) => Records::Unavailable(e),
        None => Records::NotLoaded,
    });
    {
        let rec = rec.clone();
        use_effect_with(load, move |load| {
            let listening = {
                let rec = rec.clone();
                loader::listen(move |s| rec.set(Records::Ready(s)))
            };
            let fetch = {
                let rec = rec.clone();
                move || {
                    loader::with(move |m| {
                        rec.set(match m.and_then(|m| m.status()) {
                            Ok(s) => Records::Ready(s),
                            Err(e) => Records::Unavailable(e),
                        })
                    })
                }
            };
            if *load || loader::ready().is_some() {
                if loader::ready().is_none() {
                    rec.set(Records::Loading);
                }
                fetch();
            } else if loader::records_stored() {
                // Records to show but nobody asked yet: fetched once the player is idle, so the
                // first screen never waits for the module.
                when_idle(fetch);
            }
            move || drop(listening)
        });
    }
    (*rec).clone()
}

/// What an export, import or kept-aside action told; a failure says why.
fn told(r: Response) -> Imported {
    match r {
        Response::Told(i) => i,
        r => Imported {
            ok: false,
            message: loader::failure(r),
        },
    }
}

/// The panel's head while the records module is on its way (or could not come).
fn waiting_head(closable: bool) -> Markup {
    use crate::records::html::{CLOSE, HEADING};
    let mut h = Markup::lit("<div class=\"records-head\">");
    h.lit_push(HEADING);
    if closable {
        h.lit_push(CLOSE);
    }
    h.lit_push("</div>");
    h
}

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    /// Closes the panel (shows a Close button when given).
    #[prop_or_default]
    pub on_close: Option<Callback<()>>,
    /// Opens a recorded game in the replay viewer (the scorepad's Replay buttons).
    #[prop_or_default]
    pub on_replay: Option<Callback<SaveGame>>,
}

/// The whole records view: scorepad, achievements sheet, statistics, export and import.
#[function_component(RecordsPanel)]
pub fn records_panel(p: &PanelProps) -> Html {
    let rec = use_records(true);
    let view = use_state(|| (Tab::Scorepad, SortKey::Date, true));
    let message = use_state(|| None::<Imported>);
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
    // The heading is drawn anew once the records are in: keep the focus on it.
    use_effect_with(matches!(rec, Records::Ready(_)), |ready| {
        let lost = document()
            .and_then(|d| d.active_element())
            .is_none_or(|a| a.tag_name() == "BODY");
        if *ready && lost {
            focus("records-h");
        }
    });
    let (tab, sort, descending) = *view;
    let closable = p.on_close.is_some();
    let failed = |e: &str| {
        let mut h = waiting_head(closable);
        crate::markup!(h, "<p class=\"notice error\" role=\"alert\">{}</p>", e);
        h.into_string()
    };
    let (rev, head, body) = match (&rec, loader::ready()) {
        (Records::Ready(s), Some(m)) => match m.ask(&Request::Panel {
            tab,
            sort,
            descending,
            closable,
        }) {
            Response::Panel { head, body } => (s.rev, head, body),
            r => (s.rev, failed(&loader::failure(r)), String::new()),
        },
        (Records::Unavailable(e), _) => (0, failed(e), String::new()),
        _ => (
            0,
            {
                let mut h = waiting_head(closable);
                h.lit_push("<p class=\"muted\" role=\"status\">Opening your records…</p>");
                h.into_string()
            },
            String::new(),
        ),
    };
    // Every control lives in the HTML: one listener on the panel handles them all.
    let onclick = {
        let (view, message, on_close) = (view.clone(), message.clone(), p.on_close.clone());
        let on_replay = p.on_replay.clone();
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
            } else if el.get_attribute("data-action").as_deref() == Some("close") {
                if let Some(cb) = &on_close {
                    cb.emit(());
                }
            } else {
                let Some(m) = loader::ready() else {
                    return;
                };
                match el.get_attribute("data-action").as_deref() {
                    Some("replay") => {
                        let id = el.get_attribute("data-id").unwrap_or_default();
                        let save = match m.ask(&Request::ReplaySave { id }) {
                            Response::ReplaySave(text) => crate::json::from_str::<SaveGame>(&text)
                                .map_err(|_| {
                                    "This game's moves could not be read, so it cannot be replayed."
                                        .to_string()
                                }),
                            r => Err(loader::failure(r)),
                        };
                        match (save, &on_replay) {
                            (Ok(save), Some(cb)) => {
                                if let Some(close) = &on_close {
                                    close.emit(());
                                }
                                cb.emit(save);
                            }
                            (Err(e), _) => message.set(Some(Imported {
                                ok: false,
                                message: e,
                            })),
                            (Ok(_), None) => {}
                        }
                    }
                    // The module writes the file and says how it went.
                    Some("export") => message.set(Some(told(m.ask(&Request::Export)))),
                    // Download, or remove, the data kept aside under this key.
                    Some("aside") => {
                        let r = m.ask(&Request::Aside {
                            key: el.get_attribute("data-key").unwrap_or_default(),
                            remove: el.has_attribute("data-remove"),
                        });
                        if r != Response::Done {
                            message.set(Some(told(r)));
                        }
                    }
                    _ => {}
                }
            }
        })
    };
    let onchange = {
        let message = message.clone();
        Callback::from(move |e: Event| {
            let chosen = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .is_some_and(|i| i.id() == "records-import");
            // The module reads the chosen file, imports it and tells how it went.
            if let (true, Some(m)) = (chosen, loader::ready()) {
                let message = message.clone();
                m.listen(&Request::Import, move |r| message.set(Some(told(r))));
            }
        })
    };
    let status = match &*message {
        Some(m) => html! {
            if m.ok {
                <p class="notice ok" id="records-import-ok">{ m.message.clone() }</p>
            } else {
                <p class="notice error" id="records-import-error">{ m.message.clone() }</p>
            }
        },
        None => html! {},
    };
    html! {
        <section class="panel records" aria-labelledby="records-h" data-records-rev={rev.to_string()} {onclick} {onchange}>
            { Html::from_html_unchecked(AttrValue::from(head.to_string())) }
            <div role="status" aria-live="polite" id="records-transfer-status">{ status }</div>
            { Html::from_html_unchecked(AttrValue::from(body.to_string())) }
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
    /// "New game" (also shown when the records module cannot be loaded).
    pub on_new: Callback<()>,
    /// "Replay this game".
    pub on_replay: Callback<SaveGame>,
    /// "Review with the bot": the replay, with the review running.
    pub on_review: Callback<SaveGame>,
}

/// The end screen's buttons, written by the module, act here by their ids.
fn end_click(e: &MouseEvent, p: &GameEndProps) {
    use crate::records::report::{COPY_RESULT, NEW_GAME, REPLAY_GAME, REVIEW_GAME};
    let Some(button) = e
        .target()
        .and_then(|t| t.dyn_into::<Element>().ok())
        .and_then(|el| el.closest("button").ok().flatten())
    else {
        return;
    };
    match button.id().as_str() {
        NEW_GAME => p.on_new.emit(()),
        REPLAY_GAME => p.on_replay.emit(p.game.0.save()),
        // The replay, with the review running.
        REVIEW_GAME => p.on_review.emit(p.game.0.save()),
        COPY_RESULT => {
            let Some(doc) = document() else { return };
            let text = doc
                .get_element_by_id("result-text")
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
                .map(|t| t.value())
                .unwrap_or_default();
            super::share::copy(
                &text,
                Callback::from(move |ok| {
                    if let Some(s) = document().and_then(|d| d.get_element_by_id("copy-status")) {
                        s.set_text_content(Some(if ok {
                            "Copied to the clipboard."
                        } else {
                            "Could not copy: open “Result text and deal link” and copy it by hand."
                        }));
                    }
                }),
            );
        }
        _ => {}
    }
}

/// Records a finished game through the records module (a game is never recorded twice: the
/// module dedups by save): its record and its end screen's facts are read here, where the
/// engine is (the module holds none), and sent. Once its record is stored, frees the save slot;
/// until then the finished save stays in the slot, to be recorded at the next start.
pub fn record_finished(g: &Game, done: impl FnOnce(Recorded) + 'static) {
    record_finished_boxed(g, Box::new(done))
}

/// [`record_finished`] of a boxed `done`: one copy of this code for its callers.
fn record_finished_boxed(g: &Game, done: Box<dyn FnOnce(Recorded)>) {
    let kind = if super::share::is_daily(g) {
        GameKind::daily()
    } else {
        GameKind::standard()
    };
    let save = g.save();
    let date = crate::storage::records::now_iso();
    let Some((mut game, end)) =
        GameRecord::from_game(g, &date).zip(EndFacts::of(g, &crate::ui::panels::share::base_url()))
    else {
        return done(Recorded {
            warning: Some("the game sent to be recorded is not over".into()),
            ..Recorded::default()
        });
    };
    game.kind = kind;
    loader::with(move |m| {
        let r = match m.map(|m| {
            m.ask(&Request::Record {
                // serde_json's text, written by the page's own codec.
                game: crate::json::to_string(&game).unwrap_or_default(),
                end: Box::new(end),
            })
        }) {
            Ok(Response::Recorded(r)) => r,
            Ok(r) => Recorded {
                warning: Some(loader::failure(r)),
                ..Recorded::default()
            },
            Err(e) => Recorded {
                warning: Some(e),
                ..Recorded::default()
            },
        };
        if r.warning.is_none() {
            crate::storage::game::clear_if_holds(&save);
        }
        done(r)
    });
}

/// The end screen's body: records the finished game (once; a game is never recorded twice),
/// shows what the module wrote of it (`crate::records::report`: New game / Copy result /
/// Replay this game, score breakdown, rank scale, figures, result text and deal link),
/// announces the achievements it earned, and warns when the records could not be saved.
#[function_component(GameEnd)]
pub fn game_end(p: &GameEndProps) -> Html {
    let recorded = use_state(Recorded::default);
    {
        let recorded = recorded.clone();
        use_effect_with(p.game.clone(), move |g| {
            // Once per finished game, not on every render of the end screen.
            if g.0.is_over() {
                record_finished(&g.0, move |r| recorded.set(r));
            }
        });
    }
    let onclick = {
        let p = GameEndProps {
            game: p.game.clone(),
            on_new: p.on_new.clone(),
            on_replay: p.on_replay.clone(),
            on_review: p.on_review.clone(),
        };
        Callback::from(move |e: MouseEvent| end_click(&e, &p))
    };
    let raw = |h: &String| Html::from_html_unchecked(AttrValue::from(h.clone()));
    // Without the module (it could not be loaded), New game is still offered.
    let fallback = recorded.report_html.is_empty() && recorded.warning.is_some();
    html! {
        <div class="end-body" {onclick}>
            if let Some(w) = &recorded.warning {
                <p class="notice error" role="alert" id="records-warning">{ w.clone() }</p>
            }
            if fallback {
                <button type="button" class="primary" id="new-game">{ "New game" }</button>
            }
            <div class="end-report" id="end-report">{ raw(&recorded.report_html) }</div>
            <div class="records-earned" role="status" id="records-earned">{ raw(&recorded.earned_html) }</div>
            <div class="end-share">{ raw(&recorded.share_html) }</div>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ButtonProps {
    /// Opens a recorded game in the replay viewer.
    #[prop_or_default]
    pub on_replay: Option<Callback<SaveGame>>,
    /// Opens the dialog as the button is first drawn (the player pressed Records on the title
    /// screen's own module, which handed the page over for them).
    #[prop_or_default]
    pub open_first: bool,
}

/// A "Records" button opening the records in a modal dialog (Escape or "Close" closes it).
#[function_component(RecordsButton)]
pub fn records_button(p: &ButtonProps) -> Html {
    // Loads the records at start when this browser holds some, so data found unreadable is
    // kept aside and told at once.
    let rec = use_records(false);
    let unreadable = matches!(&rec, Records::Ready(s) if !s.notices.is_empty());
    let open = use_state(|| p.open_first);
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
            if unreadable && !*open {
                <span class="records-alert" role="alert" id="records-alert">
                    { "Some of your records could not be read; they were kept aside, not deleted. Open Records for details." }
                </span>
            }
            if *open {
                <dialog class="records-dialog" ref={dialog} aria-labelledby="records-h" onclose={on_dialog_close}>
                    <RecordsPanel on_close={close} on_replay={p.on_replay.clone()} />
                </dialog>
            }
        </>
    }
}
