//! The app: reads what the page starts with (saved game, deal link, storage notices), holds the
//! one reducer ([`Model`]) and picks the screen — the title screen, the board, the end of a
//! game, or a replay.

use super::hooks::{autosave::use_autosave, keys::use_keys, probe, settings, tips::use_tip_intent};
use super::panels::notices::{live, notices};
use super::panels::share::GameRef;
use super::records;
use super::reducer::{Model, Msg};
use super::screens::board::Board;
use super::screens::{end, title};
use super::widgets::controls::roman;
use super::widgets::controls::Db;
use crate::content::CardDb;
use crate::engine::Game;
use crate::storage::game as save;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

impl Reducible for Model {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        match Model::reduce(&self, msg) {
            Some(m) => Rc::new(m),
            None => self,
        }
    }
}

/// What the app knows before the first render.
#[derive(Properties)]
pub struct AppProps {
    pub db: Db,
    /// The saved game, loaded and replayed.
    #[prop_or_default]
    pub saved: Option<Rc<GameBox>>,
    /// What the page starts with: a deal link, a notice about the save, a storage warning.
    #[prop_or_default]
    pub first: Rc<Vec<Msg>>,
    /// The lesson left half-way (Learn to play).
    #[prop_or_default]
    pub lesson: Option<Rc<GameBox>>,
    /// The title screen's own module handed the page over to open the records.
    #[prop_or_default]
    pub records_first: bool,
}

impl PartialEq for AppProps {
    fn eq(&self, o: &Self) -> bool {
        self.db == o.db
            && self.saved == o.saved
            && self.lesson == o.lesson
            && Rc::ptr_eq(&self.first, &o.first)
            && self.records_first == o.records_first
    }
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
    probe::install();
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
    let mut first = Vec::new();
    let mut saved = None;
    // A failed test write (full storage) is told, but the saved game is still read and offered.
    if let Err(w) = save::check_available() {
        first.push(Msg::Warning(w));
    }
    match save::read(&db) {
        Ok(save::Slot::Empty) => {}
        Ok(save::Slot::Saved(g)) => {
            if g.is_over() {
                // A game that ended without its record being stored (module unreachable,
                // storage full, tab closed): recorded now, then the slot is freed.
                records::record_finished(&g, |_| {});
            } else {
                saved = Some(Rc::new(GameBox(Rc::new(*g))));
            }
        }
        Ok(save::Slot::Unreadable { error, kept_as }) => first.push(Msg::Notice(format!(
            "Your saved game could not be loaded ({error}). It was not deleted: it is kept \
             aside under “{kept_as}” (Records: download or remove it). You can start a new game."
        ))),
        Err(w) => {
            if first.is_empty() {
                first.push(Msg::Warning(w))
            }
        }
    }
    // The player's settings first: they decide what the first announcement says.
    if let Some(s) = settings::read() {
        first.insert(0, Msg::Settings(s));
    }
    // After the notices, so a linked deal is asked about (or started) last.
    first.extend(super::link::take_page_link(&db.characters).map(Msg::Link));
    // The choice the title screen's own module handed over (`ui::front`), taken last.
    let opening = handed_over();
    let records_first = opening == Some(super::opening::Opening::Records);
    first.extend(opening.and_then(super::opening::Opening::into_msg));
    let lesson = save::read_lesson(&db).map(|g| Rc::new(GameBox(Rc::new(g))));
    let props = AppProps {
        db: Db(db),
        saved,
        lesson,
        first: Rc::new(first),
        records_first,
    };
    // index.html shows the title and a loading line until the app is ready (something useful
    // before the wasm has arrived); the app's own title screen draws the same header in the same
    // place, so taking over moves nothing.
    let doc = web_sys::window().and_then(|w| w.document());
    if let Some(boot) = doc.and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
    yew::Renderer::<App>::with_props(props).render();
}

/// The player's choice from the title screen's module (`window.unbrokenOpening`, set by
/// static/boot.js as it starts this module), read once.
fn handed_over() -> Option<super::opening::Opening> {
    let w = web_sys::window()?;
    let key = JsValue::from_str("unbrokenOpening");
    let text = js_sys::Reflect::get(&w, &key).ok()?.as_string();
    let _ = js_sys::Reflect::delete_property(&w, &key);
    super::opening::Opening::from_text(&text?)
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

#[function_component(App)]
pub fn app(p: &AppProps) -> Html {
    let model = {
        let db = p.db.0.clone();
        let saved = p.saved.as_ref().map(|g| g.0.clone());
        let lesson = p.lesson.as_ref().map(|g| g.0.clone());
        use_reducer(move || Model {
            lesson,
            ..Model::new(db, saved)
        })
    };
    // What the page started with, given to the reducer once.
    {
        let d = model.dispatcher();
        let first = p.first.clone();
        use_effect_with((), move |_| {
            for m in first.iter().cloned() {
                d.dispatch(m);
            }
        });
    }
    // A deal link's question takes focus as it opens, on its first answer.
    use_effect_with(model.ask_link.is_some(), |asks| {
        if *asks {
            super::hooks::focus::focus_id("link-play");
        }
    });
    // The records open at once on the first drawing only, when the title module asked for them.
    let records_first = {
        let once = use_mut_ref(|| p.records_first);
        let first = std::mem::take(&mut *once.borrow_mut());
        first
    };
    // The title screen's character cards, made once.
    let characters = {
        let db = p.db.0.clone();
        use_memo((), move |_| Rc::new(db.characters.clone()))
    };
    use_autosave(&model);
    use_keys(&model);
    settings::use_settings(&model);
    super::bot::use_bot(&model);
    use_tip_intent();
    let on_replay = {
        let d = model.dispatcher();
        use_callback((), move |save: crate::engine::SaveGame, _| {
            d.dispatch(Msg::Replay(Box::new(save)))
        })
    };

    // A finished game: the end screen is the whole page (the table stays in the replay).
    if let Some(v) = model
        .view
        .as_ref()
        .filter(|v| model.replay.is_none() && v.game.is_over())
    {
        let leave = {
            let d = model.dispatcher();
            Callback::from(move |_: MouseEvent| d.dispatch(Msg::Leave))
        };
        let on_new = {
            let d = model.dispatcher();
            Callback::from(move |_| d.dispatch(Msg::Leave))
        };
        let on_review = {
            let d = model.dispatcher();
            Callback::from(move |save: crate::engine::SaveGame| {
                d.dispatch(Msg::Replay(Box::new(save)));
                d.dispatch(Msg::AskReview);
            })
        };
        if crate::learn::is_lesson(&v.game) {
            return super::panels::coach::practice_end(&model, v);
        }
        return html! {
            <main class="app end" data-ready="end" data-rev={v.rev.to_string()}>
                <header class="topbar">
                    <h1 class="brand">{ "Unbroken" }</h1>
                    <div class="top-actions">
                        <records::RecordsButton on_replay={Some(on_replay.clone())} />
                        <button type="button" class="small quiet" id="leave" onclick={leave}>{ "Title screen" }</button>
                    </div>
                </header>
                { notices(&model) }
                { end::end_screen(&end::Props { game: GameRef(v.game.clone()), on_new, on_replay: on_replay.clone(), on_review }) }
                { super::panels::banner::banner(model.banner.as_ref()) }
                { live(&model) }
            </main>
        };
    }
    if model.view.is_some() {
        return html! { <Board model={model.clone()} on_replay={on_replay} /> };
    }
    let on_start = {
        let d = model.dispatcher();
        Callback::from(move |s| d.dispatch(Msg::Start(s)))
    };
    let on_continue = {
        let d = model.dispatcher();
        Callback::from(move |_| d.dispatch(Msg::Resume))
    };
    let on_daily = {
        let d = model.dispatcher();
        let db = p.db.0.clone();
        Callback::from(move |_| {
            let today = crate::share::daily::utc_date(js_sys::Date::now());
            if let Some(s) = crate::share::daily::daily_setup(&today, &db) {
                d.dispatch(Msg::Start(s))
            }
        })
    };
    let saved = model.saved.as_ref().map(|g| AttrValue::from(summary_of(g)));
    let characters = (*characters).clone();
    let lesson = model.lesson.as_ref().map(|g| {
        AttrValue::from(match crate::learn::step_of(g) {
            Some((i, s)) => format!(
                "step {} of {}: {}",
                i + 1,
                crate::learn::steps().len(),
                s.title
            ),
            None => format!(
                "the practice game after it, level {}",
                roman(g.state().level)
            ),
        })
    });
    let on_learn = {
        let d = model.dispatcher();
        Callback::from(move |again: bool| {
            d.dispatch(if again { Msg::LearnAgain } else { Msg::Learn })
        })
    };
    html! {
        <main class="app title-screen" data-ready="new-game">
            <title::NewGame characters={title::Characters(characters)} {saved} {lesson} {on_learn} {on_start} {on_continue} {on_daily}
                records={html! { <records::RecordsButton on_replay={Some(on_replay.clone())} open_first={records_first} /> }}>
                { notices(&model) }
                if let Some(e) = &model.last_error { <p class="notice error" role="alert">{ e.clone() }</p> }
            </title::NewGame>
            { live(&model) }
        </main>
    }
}
