//! The app's client of the bot module (`unbroken-bot`, src/bin/unbroken-bot/): the smart bot
//! for hints and reviews, a WebAssembly module of its own, loaded through the app's one loader
//! of lazy modules ([`super::lazy`]) on the first hint or review, so the first download never
//! carries it. It runs in a worker (static/bot-worker.js, which only forwards one call to the
//! module's `call` export) so the table stays responsive while it thinks.
//!
//! [`use_bot`] is the effect that asks: it watches the reducer's hint and review
//! (`ui::reducer::{HintAsk, Review}`), sends the bot a [`Request`] built from the game in the
//! model, and gives each [`Answer`] back to the reducer as a message; Yew draws it. When the
//! module cannot be loaded the answer is a failure in words (the control says so, the game
//! plays on), and the next question tries again.

use super::lazy::{describe, Done, Files, Lazy};
use super::reducer::{HintKey, Model, Msg};
use crate::sim::bridge::{Answer, Request};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

const UNAVAILABLE: &str = "the bot could not be loaded (are you offline on a first visit?)";

type Reply = Box<dyn FnOnce(Answer)>;

/// The bot's worker, started on the first question, and the module's files it loads.
struct Worker {
    worker: web_sys::Worker,
    js: String,
    wasm: String,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

/// The loaded bot: its worker.
#[derive(Clone)]
struct Bot(Rc<Worker>);

thread_local! {
    static LOAD: Lazy<Bot> = Lazy::new("unbroken-bot", start, |_| {}, true, UNAVAILABLE);
    /// Questions sent and not yet answered, by id.
    static WAITING: RefCell<Vec<(u32, Reply)>> = const { RefCell::new(Vec::new()) };
    static NEXT: Cell<u32> = const { Cell::new(0) };
}

fn start(files: Files, done: Done<Bot>) {
    let (Some((js, wasm)), Some(script)) = (files.code(), files.url("data-worker")) else {
        return done(Err(String::new()));
    };
    let opts = web_sys::WorkerOptions::new();
    opts.set_type(web_sys::WorkerType::Module);
    let worker = match web_sys::Worker::new_with_options(&script, &opts) {
        Ok(w) => w,
        Err(e) => return done(Err(format!("{UNAVAILABLE}: {}", describe(&e)))),
    };
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(heard);
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_: web_sys::Event| lost(UNAVAILABLE));
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    done(Ok(Bot(Rc::new(Worker {
        worker,
        js,
        wasm,
        _on_message: on_message,
        _on_error: on_error,
    }))))
}

/// A message of the worker: `{ id, answer }`, the module's answer as postcard bytes, or
/// `{ id, error }` when the module could not be loaded or failed.
fn heard(e: web_sys::MessageEvent) {
    let data = e.data();
    let get = |k: &str| js_sys::Reflect::get(&data, &JsValue::from_str(k)).ok();
    let id = get("id").and_then(|v| v.as_f64()).unwrap_or(-1.0) as u32;
    if let Some(error) = get("error").and_then(|v| v.as_string()) {
        // The module is not there or broke: every question waiting fails, and the next one
        // starts a new worker.
        let why = if error.is_empty() {
            UNAVAILABLE
        } else {
            &error
        };
        return lost(&format!("{UNAVAILABLE} ({why})"));
    }
    let answer = get("answer")
        .and_then(|v| v.dyn_into::<js_sys::Uint8Array>().ok())
        .map_or_else(
            || Answer::Failed("the bot gave no answer".into()),
            |b| Answer::from_bytes(&b.to_vec()),
        );
    let reply = WAITING.with(|w| {
        let mut w = w.borrow_mut();
        let i = w.iter().position(|(i, _)| *i == id)?;
        Some(w.remove(i).1)
    });
    if let Some(reply) = reply {
        reply(answer)
    }
}

/// The worker is gone: every question waiting is told why, and the next one loads it again.
fn lost(why: &str) {
    let bot = LOAD.with(Lazy::ready);
    LOAD.with(|l| l.lost(why));
    if let Some(b) = bot {
        b.0.worker.terminate();
        // Its listeners may be the ones running now: they are kept, not dropped mid-call.
        std::mem::forget(b);
    }
    let waiting = WAITING.with(|w| std::mem::take(&mut *w.borrow_mut()));
    for (_, reply) in waiting {
        reply(Answer::Failed(why.to_string()));
    }
}

/// Asks the bot `req`; `reply` gets its answer (a failure in words when the bot cannot be had).
pub fn ask(req: Request, reply: impl FnOnce(Answer) + 'static) {
    LOAD.with(Lazy::clone).with(move |bot| {
        let bot = match bot {
            Ok(b) => b,
            Err(e) => return reply(Answer::Failed(e)),
        };
        let id = NEXT.with(|n| {
            n.set(n.get().wrapping_add(1));
            n.get()
        });
        let msg = js_sys::Object::new();
        for (k, v) in [
            ("id", JsValue::from(id)),
            ("js", JsValue::from_str(&bot.0.js)),
            ("wasm", JsValue::from_str(&bot.0.wasm)),
            (
                "request",
                js_sys::Uint8Array::from(&req.to_bytes()[..]).into(),
            ),
        ] {
            let _ = js_sys::Reflect::set(&msg, &JsValue::from_str(k), &v);
        }
        WAITING.with(|w| w.borrow_mut().push((id, Box::new(reply))));
        if let Err(e) = bot.0.worker.post_message(&msg) {
            lost(&format!("{UNAVAILABLE}: {}", describe(&e)));
        }
    });
}

/// The effect that asks the bot what the reducer waits for: a hint for the position on the
/// table, and the review's next chunk. The save sent is the model's own game.
#[hook]
pub fn use_bot(model: &UseReducerHandle<Model>) {
    let hint: Option<HintKey> = model
        .hint
        .as_ref()
        .filter(|h| h.answer.is_none())
        .map(|h| h.key);
    let save = hint.and_then(|_| model.view.as_ref().map(|v| v.game.save()));
    {
        let d = model.dispatcher();
        use_effect_with(hint, move |key| {
            if let (Some(key), Some(save)) = (*key, save) {
                ask(Request::Hint { save }, move |answer| {
                    d.dispatch(Msg::HintAnswered { key, answer })
                });
            }
        });
    }
    // The last chunk carries the decisions reviewed before it: the bot names the turning point
    // of the whole game with its answer.
    let review = model.review.as_ref().and_then(|r| {
        let (from, to) = r.asking()?;
        let earlier = if to >= r.total() {
            r.moves.clone()
        } else {
            Vec::new()
        };
        Some((r.save.clone(), (from, to), earlier))
    });
    let key = review
        .as_ref()
        .map(|(s, (from, _), _)| (s.setup.seed, s.actions.len(), *from));
    let d = model.dispatcher();
    use_effect_with(key, move |_| {
        if let Some((save, (from, to), earlier)) = review {
            let save = (*save).clone();
            let req = Request::Review {
                save,
                from,
                to,
                earlier,
            };
            ask(req, move |answer| {
                d.dispatch(Msg::ReviewAnswered { from, answer })
            });
        }
    });
}
