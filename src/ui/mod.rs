//! The Yew interface: one component per physical sheet or card area, one reducer
//! ([`model::Model`]) that alone calls the engine, and an effect hook that autosaves.
//!
//! Components get a [`model::View`] (the game and what the current step offers) and an
//! `on_act` callback; they only emit engine `Action`s. Every control is rendered from the
//! engine: enabled exactly when `check` accepts it, otherwise it shows the rule's reason.

mod actions_guide;
mod character;
mod controls;
mod decks;
mod dice;
mod hook;
mod log;
mod memo;
pub mod model;
mod monster;
mod prompt;
pub mod records;
mod replay;
mod resource_tracker;
mod screens;
mod share;
mod skills;
mod step_guide;
mod time_tracker;
mod weapon;
pub mod widgets;

use crate::content::CardDb;
use crate::engine::{res::Res, Action, Game};
use crate::storage::game as save;
use controls::{plain_btn, roman, Glossary};
use model::{Model, Msg};
use screens::title::Db;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What the app knows before the first render.
#[derive(Properties, PartialEq)]
pub struct AppProps {
    pub db: Db,
    /// The saved game, loaded and replayed.
    #[prop_or_default]
    pub saved: Option<Rc<GameBox>>,
    /// A message for the player about storage (unreadable save kept aside, storage off).
    #[prop_or_default]
    pub notice: Option<AttrValue>,
    #[prop_or_default]
    pub warning: Option<AttrValue>,
    /// What the page's deal link (`?v=1&seed=…` or `?daily=…`) asked for.
    #[prop_or_default]
    pub link: Option<LinkAsk>,
}

/// A deal link, resolved at start.
#[derive(Clone, PartialEq)]
pub enum LinkAsk {
    /// A deal to start (asked first when a saved game exists).
    Deal(crate::engine::Setup),
    /// The link was malformed: the message to show.
    Error(AttrValue),
}

/// Reads the page's query as a deal link and removes it from the address bar (relative URL).
fn read_link(db: &CardDb) -> Option<LinkAsk> {
    let w = web_sys::window()?;
    let query = w.location().search().ok()?;
    if query.trim_start_matches('?').is_empty() {
        return None;
    }
    let ask = match crate::share::link::parse(&query, db) {
        Ok(None) => None,
        Ok(Some(crate::share::link::LinkRequest::Deal(s))) => Some(LinkAsk::Deal(s)),
        Ok(Some(crate::share::link::LinkRequest::Daily(date))) => {
            match crate::share::daily::daily_setup(&date, db) {
                Some(s) => Some(LinkAsk::Deal(s)),
                None => Some(LinkAsk::Error(
                    format!("This link's daily challenge date “{date}” is not valid.").into(),
                )),
            }
        }
        Err(e) => Some(LinkAsk::Error(
            format!("This link could not be opened: {e}. You can start a normal new game below.")
                .into(),
        )),
    };
    // Only a deal link is removed; an unrelated query is left alone.
    if let (Some(_), Ok(h)) = (&ask, w.history()) {
        let path = w.location().pathname().unwrap_or_default();
        let rel = path
            .rsplit('/')
            .next()
            .filter(|s| !s.is_empty())
            .unwrap_or(".");
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(rel));
    }
    ask
}

/// A game compared by pointer.
pub struct GameBox(pub Rc<Game>);

impl PartialEq for GameBox {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

/// Starts the app in `<body>`.
pub fn start() {
    hook::install();
    let db = match CardDb::builtin() {
        Ok(db) => Arc::new(db),
        Err(e) => {
            if let Some(body) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.body())
            {
                body.set_inner_html("");
                body.set_text_content(Some(&format!("The cards could not be loaded: {e}")));
            }
            return;
        }
    };
    let mut props = AppProps {
        db: Db(db.clone()),
        saved: None,
        notice: None,
        warning: None,
        link: read_link(&db),
    };
    match save::check_available().and_then(|_| save::read(&db)) {
        Ok(save::Slot::Empty) => {}
        Ok(save::Slot::Saved(g)) => {
            if !g.is_over() {
                props.saved = Some(Rc::new(GameBox(Rc::new(*g))));
            }
        }
        Ok(save::Slot::Unreadable { error, kept_as }) => {
            props.notice = Some(
                format!(
                    "Your saved game could not be loaded ({error}). It was not deleted: its text \
                     is kept in this browser's storage under “{kept_as}”. You can start a new game."
                )
                .into(),
            )
        }
        Err(w) => props.warning = Some(w.into()),
    }
    yew::Renderer::<App>::with_props(props).render();
}

fn summary_of(g: &Game) -> String {
    let s = g.state();
    let who = g
        .db()
        .character(s.character)
        .map(|c| {
            format!(
                "{} the {}",
                c.sides
                    .get(s.setup.side as usize)
                    .map(|x| x.name.as_str())
                    .unwrap_or(""),
                c.name
            )
        })
        .unwrap_or_default();
    format!(
        "{who}, {}, level {}, {} moves made (seed {}).",
        s.setup.difficulty.name(),
        roman(s.level),
        g.log().len(),
        s.setup.seed
    )
}

/// Moves focus to the current decision when the decision changed (the prompt's heading, which
/// is scrolled into view), or when the focused control went away — so keyboard and
/// screen-reader users are never dropped at the top of the page.
fn refocus(decision_changed: bool) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let lost = match doc.active_element() {
        None => true,
        Some(el) => el.tag_name().eq_ignore_ascii_case("body") || !el.is_connected(),
    };
    if lost || decision_changed {
        for id in ["end-h", "now-h", "replay-h"] {
            if let Some(el) = doc
                .get_element_by_id(id)
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = el.focus();
                break;
            }
        }
    }
}

#[function_component(App)]
pub fn app(p: &AppProps) -> Html {
    let model = {
        let db = p.db.0.clone();
        let saved = p.saved.as_ref().map(|g| g.0.clone());
        use_reducer(move || Model::new(db, saved))
    };
    let warning = use_state(|| p.warning.clone());
    // A linked deal waiting for the player's answer (a saved game exists).
    let ask_link = use_state(|| match &p.link {
        Some(LinkAsk::Deal(s)) if p.saved.is_some() => Some(s.clone()),
        _ => None,
    });
    let link_error = use_state(|| match &p.link {
        Some(LinkAsk::Error(e)) => Some(e.clone()),
        _ => None,
    });
    // A linked deal with no saved game starts at once.
    {
        let model = model.clone();
        let start = match &p.link {
            Some(LinkAsk::Deal(s)) if p.saved.is_none() => Some(s.clone()),
            _ => None,
        };
        use_effect_with((), move |_| {
            if let Some(s) = start {
                model.dispatch(Msg::Start(s));
            }
        });
    }
    let notice = use_state(|| p.notice.clone());

    // Autosave after every change (never inside the reducer; never a replay).
    {
        let game = model
            .view
            .as_ref()
            .filter(|v| !v.read_only)
            .map(|v| v.game.clone());
        let game_shown = model.view.as_ref().map(|v| v.game.clone());
        let log = model.log.clone();
        let rev = model.view.as_ref().map(|v| v.rev);
        let warning = warning.clone();
        let last_kind = use_mut_ref(|| None::<&'static str>);
        use_effect_with(rev, move |_| {
            // What kind of decision the game waits for: a change moves the focus to it.
            let kind = game.as_ref().map(|g| g.pending().kind());
            let changed = {
                let mut last = last_kind.borrow_mut();
                let changed = last.is_some() && kind.is_some() && *last != kind;
                *last = kind;
                changed
            };
            hook::set(game_shown, log);
            if let Some(g) = game {
                if warning.is_none() {
                    if let Err(e) = save::write(&g) {
                        warning.set(Some(e.into()));
                    }
                }
            }
            refocus(changed);
        });
    }

    // Keyboard shortcut: `u` undoes (outside text fields).
    {
        let dispatcher = model.dispatcher();
        use_effect_with((), move |_| {
            let doc = web_sys::window().and_then(|w| w.document());
            let cb =
                Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                    if e.key() != "u" || e.ctrl_key() || e.meta_key() || e.alt_key() {
                        return;
                    }
                    let typing = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|el| {
                            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                        });
                    if !typing
                        && web_sys::window()
                            .and_then(|w| w.document())
                            .and_then(|d| d.get_element_by_id("undo"))
                            .is_some_and(|b| b.get_attribute("aria-disabled").is_none())
                    {
                        dispatcher.dispatch(Msg::Act(Action::Undo));
                    }
                });
            if let Some(d) = &doc {
                let _ = d.add_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
            }
            move || {
                if let Some(d) = &doc {
                    let _ = d.remove_event_listener_with_callback(
                        "keydown",
                        cb.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }

    // One callback for the life of the app, so memoized sheets see equal props.
    let on_act = {
        let d = model.dispatcher();
        use_callback((), move |a: Action, _| d.dispatch(Msg::Act(a)))
    };
    // A Replay button in the scorepad opens the replay viewer.
    let on_replay = {
        let d = model.dispatcher();
        use_callback((), move |save: crate::engine::SaveGame, _| {
            d.dispatch(Msg::Replay(Box::new(save)))
        })
    };
    let live = html! {
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" id="announce">
            { model.announce.clone() }
        </div>
    };
    let banners = html! {
        <>
            if let Some(w) = &*warning { <p class="notice error" role="alert" id="storage-warning">{ w.clone() }</p> }
            if let Some(n) = &*notice {
                <div class="notice error" role="alert" id="save-notice">
                    <p>{ n.clone() }</p>
                    <button type="button" class="small" onclick={ let notice = notice.clone(); Callback::from(move |_: MouseEvent| notice.set(None)) }>{ "Dismiss" }</button>
                </div>
            }
        </>
    };

    let Some(v) = model.view.clone() else {
        let on_start = {
            let model = model.clone();
            let notice = notice.clone();
            Callback::from(move |s| {
                notice.set(None);
                model.dispatch(Msg::Start(s))
            })
        };
        let on_continue = {
            let model = model.clone();
            Callback::from(move |_| model.dispatch(Msg::Resume))
        };
        let on_daily = {
            let model = model.clone();
            let notice = notice.clone();
            let db = p.db.0.clone();
            Callback::from(move |_| {
                let today = crate::share::daily::utc_date(js_sys::Date::now());
                if let Some(s) = crate::share::daily::daily_setup(&today, &db) {
                    notice.set(None);
                    model.dispatch(Msg::Start(s))
                }
            })
        };
        let saved = model.saved.as_ref().map(|g| AttrValue::from(summary_of(g)));
        let link_dialog = ask_link.as_ref().map(|setup| {
            let play = {
                let model = model.clone();
                let ask_link = ask_link.clone();
                let setup = setup.clone();
                Callback::from(move |_: MouseEvent| {
                    ask_link.set(None);
                    model.dispatch(Msg::Start(setup.clone()))
                })
            };
            let keep = {
                let ask_link = ask_link.clone();
                Callback::from(move |_: MouseEvent| ask_link.set(None))
            };
            html! {
                <section class="panel notice link-ask" role="alertdialog" aria-labelledby="link-h" aria-describedby="link-p" id="link-ask">
                    <h2 id="link-h">{ "A shared deal" }</h2>
                    <p id="link-p">{ format!("This link starts a deal (seed {}). Playing it replaces your saved game.", setup.seed) }</p>
                    <p class="row">
                        <button type="button" class="primary" id="link-play" onclick={play}>{ "Play the linked deal" }</button>
                        { " " }
                        <button type="button" id="link-keep" onclick={keep}>{ "Keep my game" }</button>
                    </p>
                </section>
            }
        });
        let link_msg = link_error.as_ref().map(|e| {
            let dismiss = {
                let link_error = link_error.clone();
                Callback::from(move |_: MouseEvent| link_error.set(None))
            };
            html! {
                <div class="notice error" role="alert" id="link-error">
                    <p>{ e.clone() }</p>
                    <button type="button" class="small" onclick={dismiss}>{ "Dismiss" }</button>
                </div>
            }
        });
        return html! {
            <main class="app title-screen" data-ready="new-game">
                <screens::title::NewGame db={p.db.clone()} {saved} {on_start} {on_continue} {on_daily} on_replay={on_replay.clone()}>
                    { banners }
                    { for link_msg }
                    { for link_dialog }
                    if let Some(e) = &model.last_error { <p class="notice error" role="alert">{ e.clone() }</p> }
                </screens::title::NewGame>
                { live }
            </main>
        };
    };

    let s = v.s();
    let over = v.game.is_over();
    let fighting = matches!(
        s.step,
        crate::engine::Step::Battle | crate::engine::Step::Trickery
    );
    let on_new = {
        let model = model.clone();
        Callback::from(move |_| model.dispatch(Msg::Leave))
    };
    let undo = {
        let on = on_act.clone();
        plain_btn(
            "undo",
            "Undo",
            v.status(&Action::Undo).err(),
            "small",
            Callback::from(move |_| on.emit(Action::Undo)),
        )
    };
    let leave = {
        let model = model.clone();
        html! { <button type="button" class="small quiet" id="leave" onclick={Callback::from(move |_: MouseEvent| model.dispatch(Msg::Leave))}>
        { if over { "Title screen" } else { "Leave (saved)" } }</button> }
    };
    let monster = s.monster.as_ref().and_then(|m| {
        v.db()
            .monster(m.card)
            .map(|d| format!("{}: Armor {}, Health {}", d.name, m.armor, m.health))
    });
    let summary = html! {
        <p class="summary" aria-label="Summary">
            <span>{ format!("Level {}", roman(s.level)) }</span>
            <span>{ if s.time_removed { "Time: off track".to_string() } else { format!("Time {}", s.time) } }</span>
            <span>{ format!("Effort {}/{}/{}", s.stock.get(Res::Small), s.stock.get(Res::Medium), s.stock.get(Res::Large)) }</span>
            <span>{ format!("Food {}", s.stock.get(Res::Food)) }</span>
            if let Some(m) = monster { <span>{ m }</span> }
        </p>
    };
    let dismiss = {
        let model = model.clone();
        Callback::from(move |_: MouseEvent| model.dispatch(Msg::Dismiss))
    };
    let replaying = model.replay.clone();
    let ready = match (&replaying, over) {
        (Some(_), _) => "replay",
        (None, true) => "end",
        (None, false) => "game",
    };
    // The game is over: the end screen is the whole page (the table stays in the replay).
    if over && replaying.is_none() {
        return html! {
            <main class="app end" data-ready="end" data-rev={v.rev.to_string()}>
                <header class="topbar">
                    <h1 class="brand">{ "Unbroken" }</h1>
                    <div class="top-actions"><records::RecordsButton on_replay={Some(on_replay.clone())} />{ leave }</div>
                </header>
                { banners }
                { screens::end::end_screen(&screens::end::Props { game: share::GameRef(v.game.clone()), on_new, on_replay: on_replay.clone() }) }
                { live }
            </main>
        };
    }
    let top_actions = match &replaying {
        Some(_) => {
            let model = model.clone();
            html! { <div class="top-actions"><button type="button" class="small" id="replay-close" onclick={Callback::from(move |_: MouseEvent| model.dispatch(Msg::CloseReplay))}>{ "Close replay" }</button></div> }
        }
        None => {
            html! { <div class="top-actions">{ undo }<records::RecordsButton on_replay={Some(on_replay.clone())} />{ leave }</div> }
        }
    };
    let main_panel = match &replaying {
        Some(info) => {
            let model = model.clone();
            replay::replay_panel(&replay::Props {
                info: info.clone(),
                view: v.clone(),
                last_move: model.log.last().map(|l| l.head.clone()),
                on_step: Callback::from(move |n| model.dispatch(Msg::ReplayTo(n))),
            })
        }
        None => prompt::prompt(&prompt::Props {
            view: v.clone(),
            on_act: on_act.clone(),
        }),
    };
    html! {
        <main class="app game" data-ready={ready} data-rev={v.rev.to_string()}>
            <header class="topbar">
                <h1 class="brand">{ "Unbroken" }</h1>
                { summary }
                { top_actions }
                { share::deal_link_line(&s.setup) }
            </header>
            { banners }
            if let Some(e) = &model.last_error {
                <div class="notice error" role="alert"><p>{ e.clone() }</p><button type="button" class="small" onclick={dismiss}>{ "Dismiss" }</button></div>
            }
            <div class="board">
                <div class="col col-main">
                    { step_guide::step_guide(&step_guide::Props { view: v.clone() }) }
                    { main_panel }
                    // In battle the weapon is what you reach for first.
                    if fighting {
                        { weapon::weapon_sheet(&weapon::Props { view: v.clone(), on_act: on_act.clone() }) }
                        { actions_guide::actions_guide(&actions_guide::Props { view: v.clone(), on_act: on_act.clone() }) }
                    } else {
                        { actions_guide::actions_guide(&actions_guide::Props { view: v.clone(), on_act: on_act.clone() }) }
                        { weapon::weapon_sheet(&weapon::Props { view: v.clone(), on_act: on_act.clone() }) }
                    }
                    { character::character_sheet(&character::Props { view: v.clone(), on_act: on_act.clone() }) }
                </div>
                <div class="col col-track">
                    <memo::TimeTracker view={v.clone()} key_={memo::time_key(&v)} />
                    <memo::ResourceTracker view={v.clone()} key_={memo::resource_key(&v)} />
                    { dice::dice(&dice::Props { dice: model.dice.clone() }) }
                    { decks::decks(&decks::Props { view: v.clone() }) }
                </div>
                <div class="col col-side">
                    <memo::MonsterSheet view={v.clone()} key_={memo::monster_sheet_key(&v)} on_act={on_act.clone()} rolled={model.monster_roll} />
                    { skills::skills(&skills::Props { view: v.clone(), on_act: on_act.clone() }) }
                    { skills::conditions(&skills::Props { view: v.clone(), on_act: on_act.clone() }) }
                    <log::Log log={model.log.clone()} />
                    <GlossaryPanel />
                </div>
            </div>
            { live }
        </main>
    }
}

/// Every keyword, in our own words (no props: rendered once).
#[function_component(GlossaryPanel)]
fn glossary_panel() -> Html {
    html! {
        <section class="panel glossary" aria-labelledby="gloss-h">
            <details>
                <summary><h2 id="gloss-h" class="sheet-title inline">{ "Glossary" }</h2></summary>
                <dl>
                    { for Glossary::all().into_iter().map(|(_, t, d)| html! { <><dt>{ t }</dt><dd>{ d }</dd></> }) }
                </dl>
            </details>
        </section>
    }
}
