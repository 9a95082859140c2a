//! Sharing: the result text of a finished game (copied to the clipboard, also shown in a
//! readonly text area to copy by hand) and the deal link of the game on screen.

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

#[derive(Properties, PartialEq)]
pub struct Props {
    pub game: GameRef,
}

/// Writes `text` to the clipboard; `done(true)` when it was written, `done(false)` otherwise.
fn copy(text: &str, done: Callback<bool>) {
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

/// "Copy result" with a visible confirmation (the end screen's action row).
#[function_component(CopyResult)]
pub fn copy_result(p: &Props) -> Html {
    let text = crate::share::summary::result_text(&p.game.0, &base_url());
    let status = use_state(|| None::<bool>);
    let onclick = {
        let status = status.clone();
        Callback::from(move |_: MouseEvent| {
            let status = status.clone();
            copy(&text, Callback::from(move |ok| status.set(Some(ok))));
        })
    };
    html! {
        <span class="copy-result">
            <button type="button" id="copy-result" {onclick}>{ "Copy result" }</button>
            <span id="copy-status" class="small" role="status" aria-live="polite">
                { match *status {
                    Some(true) => "Copied to the clipboard.",
                    Some(false) => "Could not copy: open “Result text and deal link” and copy it by hand.",
                    None => "",
                } }
            </span>
        </span>
    }
}

/// The result text in a readonly area (to copy by hand) and the deal link, folded away.
pub fn result_details(game: &Game) -> Html {
    let text = crate::share::summary::result_text(game, &base_url());
    let link = deal_link(&game.state().setup);
    html! {
        <details class="share">
            <summary>{ "Result text and deal link" }</summary>
            <label for="result-text" class="small">{ "Result text" }</label>
            <textarea id="result-text" readonly=true rows="3" value={text} />
            <p class="small">{ "Deal link: " }<a id="deal-link" href={link.clone()}>{ link.clone() }</a></p>
        </details>
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
