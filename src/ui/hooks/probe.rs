//! A small read-only hook for the browser tests. `window.unbroken.state()` returns a probe of
//! the engine's position: a few figures the tests read by name and a `digest` of the whole
//! `State` (FNV-1a over its postcard bytes), so "the identical position" (after undo, reload,
//! or in two browsers dealt the same link) is checked on everything the engine holds, hidden
//! decks and dice streams included. `log()` returns the log lines. It only reads; nothing in
//! the app depends on it. (A probe rather than the whole `State` as a JavaScript object: that
//! took 7 KB of the first download.)

use crate::engine::{Game, State, Step};
use crate::ui::reducer::LogGroup;
use serde::Serialize;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

type Log = Rc<Vec<Rc<LogGroup>>>;

thread_local! {
    static CURRENT: RefCell<(Option<Rc<Game>>, Log)> = RefCell::new((None, Rc::new(Vec::new())));
}

/// Called after every change with what is on screen.
pub fn set(game: Option<Rc<Game>>, log: Log) {
    CURRENT.with(|c| *c.borrow_mut() = (game, log));
}

/// What `state()` tells; crosses into JavaScript as JSON.
#[derive(Serialize)]
struct Probe {
    digest: String,
    /// The deal's seed, as text (64 bits do not fit a JavaScript number).
    seed: String,
    character: String,
    side: u8,
    /// `Easy`, `Normal` or `Hard`.
    difficulty: &'static str,
    easy_toggle: bool,
    step: Step,
    /// What the game waits for: `prepare`, `encounter`, `respond`, `battle`, ….
    pending: &'static str,
    time: i8,
    level: u8,
    small: u8,
    skills: usize,
    /// In the window after the monster's combat roll: the row it lands on now.
    window_roll: Option<u8>,
}

fn digest(s: &State) -> String {
    let bytes = postcard::to_allocvec(s).unwrap_or_default();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn state() -> JsValue {
    CURRENT.with(|c| match &c.borrow().0 {
        Some(g) => {
            let s = g.state();
            let probe = Probe {
                digest: digest(s),
                seed: s.setup.seed.to_string(),
                character: s.setup.character.clone(),
                side: s.setup.side,
                difficulty: s.setup.difficulty.name(),
                easy_toggle: s.setup.easy_toggle,
                step: s.step,
                pending: s.pending.kind(),
                time: s.time,
                level: s.level,
                small: s.stock.get(crate::engine::res::Res::Small),
                skills: s.skills.len(),
                window_roll: match &s.pending {
                    crate::engine::Pending::Respond { about: Some(r), .. } => Some(r.result),
                    _ => None,
                },
            };
            // As JSON text parsed by the page: serde_json is in the download anyway (saves), a
            // second serializer for one test hook is not.
            serde_json::to_string(&probe)
                .ok()
                .and_then(|t| js_sys::JSON::parse(&t).ok())
                .unwrap_or(JsValue::NULL)
        }
        None => JsValue::NULL,
    })
}

fn log() -> JsValue {
    CURRENT.with(|c| {
        let arr = js_sys::Array::new();
        for g in c.borrow().1.iter() {
            arr.push(&JsValue::from_str(&format!("> {}", g.head)));
            for l in &g.lines {
                arr.push(&JsValue::from_str(l));
            }
        }
        arr.into()
    })
}

/// Installs `window.unbroken` once.
pub fn install() {
    let Some(w) = web_sys::window() else {
        return;
    };
    let obj = js_sys::Object::new();
    let st = Closure::<dyn Fn() -> JsValue>::new(state);
    let lg = Closure::<dyn Fn() -> JsValue>::new(log);
    let _ = js_sys::Reflect::set(&obj, &"state".into(), st.as_ref());
    let _ = js_sys::Reflect::set(&obj, &"log".into(), lg.as_ref());
    st.forget();
    lg.forget();
    let _ = js_sys::Reflect::set(&w, &"unbroken".into(), &obj);
}
