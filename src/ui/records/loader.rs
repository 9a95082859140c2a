//! Loads the records module (`unbroken-records`, a WebAssembly module of its own) on first need
//! and calls it. The first screen never waits for it: the app asks for it when the player opens
//! the records, when a game ends, or — to tell at once about unreadable records — after start
//! when this browser holds records at all.
//!
//! Where it is: `index.html` names it in `<meta name="unbroken-records" content="….js"
//! data-wasm="….wasm">` (written by scripts/post-build.mjs at build time, with content
//! hashes), so the app and the module of one release always go together, and the service
//! worker caches both with the rest of the release.

use crate::records::bridge::Status;
use serde::de::DeserializeOwned;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The loaded module: its exports.
#[derive(Clone)]
pub struct Module(JsValue);

type Waiter = Box<dyn FnOnce(Result<Module, String>)>;
type Listener = Rc<dyn Fn(Status)>;

enum Load {
    Idle,
    Loading(Vec<Waiter>),
    Ready(Module),
    Failed(String),
}

thread_local! {
    static LOAD: RefCell<Load> = const { RefCell::new(Load::Idle) };
    /// Views to tell of every change of the records.
    static LISTENERS: RefCell<Vec<(u64, Listener)>> = const { RefCell::new(Vec::new()) };
    static NEXT: RefCell<u64> = const { RefCell::new(0) };
}

const UNAVAILABLE: &str = "Your records could not be opened: this page could not load the \
part of Unbroken that keeps them (are you offline on a first visit?). Your game is not \
affected; reload to try again.";

impl Module {
    /// Calls the export `name` with `args`.
    pub fn call(&self, name: &str, args: &[JsValue]) -> Result<JsValue, String> {
        let f: js_sys::Function = js_sys::Reflect::get(&self.0, &JsValue::from_str(name))
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or_else(|| format!("the records module has no `{name}`"))?;
        let list: js_sys::Array = args.iter().collect();
        f.apply(&JsValue::NULL, &list)
            .map_err(|e| format!("the records module failed: {}", describe(&e)))
    }

    /// Calls an export that returns text.
    pub fn text(&self, name: &str, args: &[JsValue]) -> String {
        self.call(name, args)
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    }

    /// Calls an export that returns a value of the bridge (as JSON text: see
    /// `crate::records::bridge` for why).
    pub fn value<T: DeserializeOwned + Default>(&self, name: &str, args: &[JsValue]) -> T {
        serde_json::from_str(&self.text(name, args)).unwrap_or_default()
    }

    pub fn status(&self) -> Status {
        self.value("status", &[])
    }
}

fn describe(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into())
}

/// The loaded module, if it is.
pub fn ready() -> Option<Module> {
    LOAD.with(|l| match &*l.borrow() {
        Load::Ready(m) => Some(m.clone()),
        _ => None,
    })
}

/// Runs `f` with the module: at once when loaded, else once it is (or with the reason it
/// could not be).
pub fn with(f: impl FnOnce(Result<Module, String>) + 'static) {
    enum Now {
        Run(Result<Module, String>),
        Start,
        Queued,
    }
    let mut f = Some(Box::new(f) as Waiter);
    let now = LOAD.with(|l| {
        let mut l = l.borrow_mut();
        match &mut *l {
            Load::Ready(m) => Now::Run(Ok(m.clone())),
            Load::Failed(e) => Now::Run(Err(e.clone())),
            Load::Loading(w) => {
                w.extend(f.take());
                Now::Queued
            }
            Load::Idle => {
                *l = Load::Loading(f.take().into_iter().collect());
                Now::Start
            }
        }
    });
    match now {
        Now::Run(m) => {
            if let Some(f) = f {
                f(m)
            }
        }
        Now::Start => start(),
        Now::Queued => {}
    }
}

/// Whether this browser holds any records (then the module is worth loading at start).
pub fn records_stored() -> bool {
    let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
        return false;
    };
    let n = s.length().unwrap_or(0);
    (0..n).any(|i| {
        s.key(i)
            .ok()
            .flatten()
            .is_some_and(|k| k.starts_with("unbroken.records"))
    })
}

/// Tells `f` of every change of the records until the guard drops.
pub fn listen(f: impl Fn(Status) + 'static) -> Listening {
    let id = NEXT.with(|n| {
        let mut n = n.borrow_mut();
        *n += 1;
        *n
    });
    LISTENERS.with(|l| l.borrow_mut().push((id, Rc::new(f))));
    Listening(id)
}

/// Stops listening when dropped.
pub struct Listening(u64);

impl Drop for Listening {
    fn drop(&mut self) {
        let id = self.0;
        let _ = LISTENERS.try_with(|l| {
            if let Ok(mut l) = l.try_borrow_mut() {
                l.retain(|(i, _)| *i != id);
            }
        });
    }
}

fn tell(s: Status) {
    let ls: Vec<Listener> = LISTENERS.with(|l| l.borrow().iter().map(|x| x.1.clone()).collect());
    for l in ls {
        l(s.clone());
    }
}

fn finish(result: Result<Module, String>) {
    let waiters = LOAD.with(|l| {
        let mut l = l.borrow_mut();
        let next = match &result {
            Ok(m) => Load::Ready(m.clone()),
            Err(e) => Load::Failed(e.clone()),
        };
        match std::mem::replace(&mut *l, next) {
            Load::Loading(w) => w,
            _ => Vec::new(),
        }
    });
    if let Ok(m) = &result {
        // Every change from now on (also from other tabs) reaches the views.
        let m2 = m.clone();
        let on_change = Closure::<dyn Fn()>::new(move || tell(m2.status()));
        let _ = m.call("subscribe", &[on_change.as_ref().clone()]);
        on_change.forget();
    }
    for w in waiters {
        w(result.clone());
    }
    if let Ok(m) = &result {
        tell(m.status());
    }
}

/// The module's two files, from the page (see the module docs).
fn urls() -> Option<(String, String)> {
    let doc = web_sys::window()?.document()?;
    let meta = doc
        .query_selector("meta[name=\"unbroken-records\"]")
        .ok()??;
    let base = doc.base_uri().ok()??;
    let abs = |rel: String| {
        web_sys::Url::new_with_base(&rel, &base)
            .ok()
            .map(|u| u.href())
    };
    Some((
        abs(meta.get_attribute("content")?)?,
        abs(meta.get_attribute("data-wasm")?)?,
    ))
}

fn start() {
    let Some((js, wasm)) = urls() else {
        finish(Err(UNAVAILABLE.into()));
        return;
    };
    // static/boot.js gives the page the dynamic import() that loads and starts the module.
    let promise = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("unbrokenImport")).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call2(&JsValue::NULL, &js.into(), &wasm.into()).ok())
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    let Some(promise) = promise else {
        finish(Err(UNAVAILABLE.into()));
        return;
    };
    let ok = Closure::once_into_js(move |m: JsValue| finish(Ok(Module(m))));
    let err = Closure::once_into_js(move |_e: JsValue| finish(Err(UNAVAILABLE.into())));
    if let Ok(then) = js_sys::Reflect::get(&promise, &JsValue::from_str("then"))
        .and_then(|t| t.dyn_into::<js_sys::Function>())
    {
        let _ = then.call2(&promise, &ok, &err);
    }
}
