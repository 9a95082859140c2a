//! The Hint control (issue 14, item 2): the smart bot's move for the decision in front of the
//! player, with one line of reason from its own valuations. `h` asks too (hooks/undo_key.rs).
//!
//! The bot is not in the app: it is a module of its own (`unbroken-bot`, src/bot_main.rs) that
//! static/boot.js starts in a worker on the first hint (`window.unbrokenHint`), so the first
//! download never carries it and the table never freezes while it thinks. A hint shown is noted
//! in the save (`Msg::Hinted`): the game's record says it was played with help.

use crate::ui::reducer::View;
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What the bot module answers: its move, or why there is none.
#[derive(Clone, Debug, PartialEq, Deserialize)]
struct Answer {
    #[serde(default)]
    label: String,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    error: Option<String>,
}

#[derive(Clone, PartialEq)]
enum Shown {
    None,
    /// Asked at this many moves; the bot is thinking.
    Asking(usize),
    /// The answer for the position after this many moves.
    Told(usize, Result<Answer, String>),
}

const UNREACHABLE: &str = "The hint could not be loaded (offline on a first visit?). The game \
plays on without it.";

/// Asks the bot module for the move in the saved game `save_json`.
fn ask(save_json: String, done: impl FnOnce(Result<Answer, String>) + 'static) {
    let promise = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("unbrokenHint")).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call1(&JsValue::NULL, &save_json.into()).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    let Some(promise) = promise else {
        done(Err(UNREACHABLE.into()));
        return;
    };
    let done = std::rc::Rc::new(std::cell::RefCell::new(Some(done)));
    let d2 = done.clone();
    let ok = Closure::once_into_js(move |v: JsValue| {
        let a = v
            .as_string()
            .and_then(|t| serde_json::from_str::<Answer>(&t).ok())
            .ok_or_else(|| UNREACHABLE.to_string())
            .and_then(|a| match &a.error {
                Some(e) => Err(format!("No hint: {e}.")),
                None => Ok(a),
            });
        if let Some(f) = d2.borrow_mut().take() {
            f(a)
        }
    });
    let err = Closure::once_into_js(move |_: JsValue| {
        if let Some(f) = done.borrow_mut().take() {
            f(Err(UNREACHABLE.into()))
        }
    });
    if let Ok(then) = js_sys::Reflect::get(&promise, &JsValue::from_str("then"))
        .and_then(|t| t.dyn_into::<js_sys::Function>())
    {
        let _ = then.call2(&promise, &ok, &err);
    }
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub view: View,
    /// A hint was shown: noted in the save.
    pub on_hinted: Callback<()>,
}

#[function_component(Hint)]
pub fn hint(p: &Props) -> Html {
    let v = &p.view;
    let shown = use_state_eq(|| Shown::None);
    let moves = v.game.log().len();
    if v.read_only || v.game.is_over() {
        return html! {};
    }
    let onclick = {
        let shown = shown.clone();
        let game = v.game.clone();
        let on_hinted = p.on_hinted.clone();
        Callback::from(move |_: MouseEvent| {
            if matches!(*shown, Shown::Asking(n) if n == moves) {
                return;
            }
            shown.set(Shown::Asking(moves));
            let json = serde_json::to_string(&game.save()).unwrap_or_default();
            let shown = shown.clone();
            let on_hinted = on_hinted.clone();
            ask(json, move |a| {
                if a.is_ok() {
                    on_hinted.emit(());
                }
                shown.set(Shown::Told(moves, a));
            });
        })
    };
    let body = match &*shown {
        Shown::Asking(n) if *n == moves => {
            html! { <p class="hint-text muted" aria-busy="true">{ "Thinking…" }</p> }
        }
        Shown::Told(n, Ok(a)) if *n == moves => html! {
            <p class="hint-text"><strong>{ format!("The bot would: {}. ", a.label) }</strong>{ &a.reason }</p>
        },
        Shown::Told(n, Err(e)) if *n == moves => html! { <p class="hint-text muted">{ e }</p> },
        _ => Html::default(),
    };
    html! {
        <div class="hint" id="hint-box" role="status">
            <button type="button" class="small quiet" id="hint" aria-keyshortcuts="h"
                title="The bot's move and why (h)" {onclick}>{ "Hint" }</button>
            { body }
        </div>
    }
}
