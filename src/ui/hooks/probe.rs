//! A small read-only hook for the browser tests. `window.unbroken.state()` returns a probe of
//! the engine's position: a few figures the tests read by name and a `digest` of the whole
//! `State` (FNV-1a over its postcard bytes), so "the identical position" (after undo, reload,
//! or in two browsers dealt the same link) is checked on everything the engine holds, hidden
//! decks and dice streams included. `log()` returns the log lines. It only reads; nothing of the
//! app reads it. (A probe rather than the whole `State` as a JavaScript object: that
//! took 7 KB of the first download.)

use crate::engine::{Game, State};
use crate::ui::reducer::LogGroup;
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

fn digest(s: &State) -> String {
    let bytes = postcard::to_allocvec(s).unwrap_or_default();
    format!("{:016x}", crate::content::fnv1a(bytes))
}

fn state() -> JsValue {
    CURRENT.with(|c| match &c.borrow().0 {
        Some(g) => {
            let s = g.state();
            // Set field by field on a plain object: smaller code than a serializer for a hook
            // that only the tests read.
            let o = js_sys::Object::new();
            let set = |k: &str, v: JsValue| {
                let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &v);
            };
            set("digest", digest(s).into());
            set("seed", s.setup.seed.to_string().into());
            set("character", s.setup.character.as_str().into());
            set("side", s.setup.side.into());
            set("difficulty", s.setup.difficulty.name().into());
            set("easy_toggle", s.setup.easy_toggle.into());
            // The step's serde name (`preparation`, `battle`, …) from its printed name.
            let step = match s.step {
                crate::engine::Step::Over => "over".to_string(),
                st => st
                    .name()
                    .split(' ')
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase(),
            };
            set("step", step.into());
            set("pending", s.pending.kind().into());
            set("time", s.time.into());
            set("level", s.level.into());
            set("small", s.stock.get(crate::engine::res::Res::Small).into());
            set("skills", (s.skills.len() as u32).into());
            set(
                "window_roll",
                match &s.pending {
                    crate::engine::Pending::Respond { about: Some(r), .. } => r.result.into(),
                    _ => JsValue::NULL,
                },
            );
            // The two rolls to choose between ("3,5"), while the player chooses.
            set(
                "choose_rolls",
                match &s.pending {
                    crate::engine::Pending::ChooseRoll { first, second } => {
                        format!("{first},{second}").into()
                    }
                    _ => JsValue::NULL,
                },
            );
            o.into()
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
