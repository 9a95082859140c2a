//! Sharing: the clipboard (the end screen's Copy result, whose text the records module writes:
//! `crate::records::report::share_details`), the deal link of the game on screen, and whether
//! a game is a daily challenge.

use crate::engine::{Game, Setup};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The page's address without its query: origin + path.
pub fn base_url() -> String {
    web_sys::window()
        .map(|w| {
            let l = w.location();
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default()
}

/// The full deal link of this setup.
pub fn deal_link(s: &Setup) -> String {
    format!("{}{}", base_url(), crate::share::link::deal_query(s))
}

/// A game compared by pointer.
#[derive(Clone)]
pub struct GameRef(pub Rc<Game>);

impl PartialEq for GameRef {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

/// Writes `text` to the clipboard; `done(true)` when it was written, `done(false)` otherwise.
pub fn copy(text: &str, done: Callback<bool>) {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        done.emit(false);
        return;
    };
    let has = js_sys::Reflect::get(&nav, &"clipboard".into())
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !has {
        done.emit(false);
        return;
    }
    let promise = nav.clipboard().write_text(text);
    let ok = {
        let done = done.clone();
        Closure::once_into_js(move |_: JsValue| done.emit(true))
    };
    let err = Closure::once_into_js(move |_: JsValue| done.emit(false));
    let then = js_sys::Reflect::get(&promise, &"then".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(then) = then {
        let _ = then.call2(&promise, &ok, &err);
    }
}

/// The deal link of the game on screen, small, for the top bar.
pub fn deal_link_line(s: &Setup) -> Html {
    let link = deal_link(s);
    html! {
        <details class="deal-link small">
            <summary>{ "Deal link" }</summary>
            <a id="game-deal-link" href={link.clone()}>{ link }</a>
        </details>
    }
}

/// Whether this game is a daily challenge: its deal is the daily deal of a day up to a year
/// back (UTC), so a daily challenge resumed days later still counts as one. Kept out of the
/// save, so it survives any reload.
pub fn is_daily(g: &Game) -> bool {
    crate::share::daily::daily_date_of(&g.state().setup, g.db(), js_sys::Date::now()).is_some()
}
