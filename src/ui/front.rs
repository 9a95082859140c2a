//! The first screen of a first visit, from its own small module (`unbroken-title`, built from
//! src/bin/unbroken-title.rs): the title screen — the menu, the new game's setup, the daily
//! challenge, Learn to play — with nothing of the table, so a phone downloads and starts far
//! less before it can be used. The table's module (`unbroken-web`) is fetched and compiled in
//! the background once this screen is up and the browser is idle; the player's choice (Start,
//! the daily challenge, Learn to play, the records) is handed to it as an [`Opening`], and it
//! takes the page over from there (static/boot.js, `unbrokenTable`).
//!
//! A deal link opened here names its deal above the title screen ("A shared deal", Play the
//! linked deal, or choose one's own game): the player sees what they are about to play, and the
//! table's module arrives while they read, so the link's first screen is this small module too.
//!
//! Only a browser that holds nothing yet starts here: with a saved game or a lesson kept, the
//! title screen offers Continue, which needs the game replayed, and with records it loads them
//! at start (to tell at once of any it could not read); so this module hands the page to the
//! table's module at once, the deal link's query untouched (the table's module asks about the
//! deal, since playing it replaces the saved game). Records, here empty, are opened by the
//! table's module too: this one carries no records code.

use super::hooks::{settings, tips::use_tip_intent};
use super::lazy::{boot_call, describe, when_settled};
use super::link::{link_question, take_page_link, LinkAsk};
use super::opening::Opening;
use super::panels::notices::{link_dialog, link_error, storage_warning};
use super::screens::title;
use crate::storage::game as save;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

thread_local! {
    /// This screen's Yew app, ended once the table's module has taken the page over.
    static APP: RefCell<Option<yew::AppHandle<Front>>> = const { RefCell::new(None) };
}

/// Hands the page to the table's module, with the player's choice (`None`: the table starts on
/// its own title screen). This screen ends once the table is drawn; if its module cannot be
/// fetched or started, `failed` is told why and this screen stays.
fn hand_over(opening: Option<&Opening>, failed: Callback<String>) {
    let arg = opening
        .and_then(Opening::to_text)
        .map(JsValue::from)
        .unwrap_or(JsValue::UNDEFINED);
    let promise =
        boot_call("unbrokenTable", &[arg]).and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    let Some(promise) = promise else {
        failed.emit("the page's start-up script is missing".into());
        return;
    };
    when_settled(
        &promise,
        |_| {
            if let Some(app) = APP.with(|a| a.borrow_mut().take()) {
                app.destroy();
            }
        },
        move |e| failed.emit(describe(&e)),
    );
}

/// What the player waits for while the table's module is on its way.
#[derive(Clone, Copy, PartialEq)]
enum Wait {
    /// A game, the lesson or the daily challenge ("Setting the table…").
    Table,
    /// The records.
    Records,
}

#[derive(Properties, PartialEq)]
struct FrontProps {
    characters: title::Characters,
    /// Storage does not work (the same warning the table's title screen shows).
    warning: Option<AttrValue>,
    /// The page was opened with a deal link: the deal to offer, or why it could not be read.
    link: Option<LinkAsk>,
}

#[function_component(Front)]
fn front(p: &FrontProps) -> Html {
    // Set while the table's module is on its way after a choice; the error if it did not come.
    let waiting = use_state(|| None::<Wait>);
    let error = use_state(|| None::<String>);
    use_tip_intent();
    // The table's module, asked for now that this screen is up: boot.js fetches and compiles it
    // when the browser is next idle (not started).
    use_effect_with((), |_| {
        boot_call("unbrokenTableSoon", &[]);
    });
    let open = {
        let (waiting, error) = (waiting.clone(), error.clone());
        Callback::from(move |o: Opening| {
            if waiting.is_some() {
                return;
            }
            waiting.set(Some(if o == Opening::Records {
                Wait::Records
            } else {
                Wait::Table
            }));
            error.set(None);
            let (waiting, error) = (waiting.clone(), error.clone());
            hand_over(
                Some(&o),
                Callback::from(move |why: String| {
                    waiting.set(None);
                    error.set(Some(why));
                }),
            );
        })
    };
    // A deal link's question, until answered; its Play button has focus as the page opens.
    let link = use_state(|| p.link.clone());
    use_effect_with((), {
        let asks = matches!(*link, Some(LinkAsk::Deal(_)));
        move |_| {
            if asks {
                super::hooks::focus::focus_id("link-play");
            }
        }
    });
    let link_html = match &*link {
        Some(LinkAsk::Deal(setup)) => {
            let question = link_question(&p.characters.0, setup, false);
            let on_play = {
                let setup = setup.clone();
                open.reform(move |_: MouseEvent| Opening::Start(setup.clone()))
            };
            let on_keep = {
                let link = link.clone();
                Callback::from(move |_: MouseEvent| {
                    link.set(None);
                    super::hooks::focus::focus_id("menu-new");
                })
            };
            let waiting = *waiting == Some(Wait::Table);
            link_dialog(
                setup,
                question,
                on_play,
                "Choose my own game",
                on_keep,
                waiting,
            )
        }
        Some(LinkAsk::Error(e)) => {
            let link = link.clone();
            link_error(e, Callback::from(move |_: MouseEvent| link.set(None)))
        }
        None => Html::default(),
    };
    let on_start = open.reform(Opening::Start);
    let on_learn = open.reform(|again| Opening::Learn { again });
    let on_records = open.reform(|_: MouseEvent| Opening::Records);
    let on_daily = {
        let characters = p.characters.0.clone();
        let open = open.clone();
        Callback::from(move |_| {
            let today = crate::share::daily::utc_date(js_sys::Date::now());
            if let Some(s) = crate::share::daily::daily_setup_of(&today, &characters) {
                open.emit(Opening::Start(s));
            }
        })
    };
    html! {
        <main class="app title-screen" data-ready="new-game" aria-busy={waiting.is_some().then_some("true")}>
            <title::NewGame characters={p.characters.clone()} saved={None::<AttrValue>} {on_learn} {on_start}
                on_continue={Callback::noop()} {on_daily} waiting={*waiting == Some(Wait::Table)}
                records={html! {
                    <button type="button" class="small quiet" id="records-open" aria-haspopup="dialog"
                        aria-expanded="false" onclick={on_records}>{ "Records" }</button>
                }}>
                if let Some(w) = &p.warning { { storage_warning(w) } }
                { link_html }
                if let Some(w) = *waiting {
                    <p class="notice" role="status" id="opening">{
                        if w == Wait::Records { "Opening the records…" } else { "Setting the table…" }
                    }</p>
                }
                if let Some(e) = &*error {
                    <p class="notice error" role="alert" id="opening-error">
                        { format!("The table could not be loaded ({e}). Check the connection and try again.") }
                    </p>
                }
            </title::NewGame>
        </main>
    }
}

/// Starts the title screen in `<body>`, or hands the page to the table's module at once when
/// there is a game to go on with.
pub fn start() {
    let remove_boot = || {
        if let Some(boot) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("boot"))
        {
            boot.remove();
        }
    };
    let characters = match crate::content::builtin_characters() {
        Ok(c) => title::Characters(Rc::new(c)),
        // The table's module says what is wrong with the cards, in its own words (and if it
        // cannot be loaded either, boot.js says so on the loading screen).
        Err(_) => return hand_over(None, Callback::noop()),
    };
    if save::has_game_to_continue() || super::records::loader::records_stored() {
        // index.html's loading screen stays until the table is drawn (or says why it was not).
        return hand_over(None, Callback::noop());
    }
    if let Some(s) = settings::read() {
        settings::apply(&s);
    }
    // A deal link is read here only when nothing is kept: with a saved game the table's module
    // reads it (above), and asks first, since playing it would replace that game.
    let link = take_page_link(&characters.0);
    let props = FrontProps {
        characters,
        warning: save::check_available().err().map(AttrValue::from),
        link,
    };
    // The same header in the same place as index.html's loading screen: nothing moves.
    remove_boot();
    let app = yew::Renderer::<Front>::with_props(props).render();
    APP.with(|a| *a.borrow_mut() = Some(app));
}
