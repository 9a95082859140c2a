//! Loads the records module (`unbroken-records`, a WebAssembly module of its own) on first need
//! and calls it. The first screen never waits for it: the app asks for it when the player opens
//! the records, when a game ends, or — to tell at once about unreadable records — after start
//! when this browser holds records at all.
//!
//! Where it is: `index.html` names it in `<meta name="unbroken-records" content="….js"
//! data-wasm="….wasm">` (written by scripts/post-build.mjs at build time, with content
//! hashes), so the app and the module of one release always go together, and the service
//! worker caches both with the rest of the release.

use crate::records::bridge::{Request, Response, Status};
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
    /// Sends `req` to the module's one export, `call`; `reply` gets each answer (JSON text).
    fn send(&self, req: &Request, reply: &JsValue) -> Result<(), String> {
        let f: js_sys::Function = js_sys::Reflect::get(&self.0, &JsValue::from_str("call"))
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or("the records module has no entry point")?;
        let text = serde_json::to_string(req).map_err(|_| "the request could not be written")?;
        f.call2(&JsValue::NULL, &text.into(), reply)
            .map(drop)
            .map_err(|e| format!("the records module failed: {}", describe(&e)))
    }

    /// A request answered at once; a failure is a [`Response::Failed`] that says why.
    pub fn ask(&self, req: &Request) -> Response {
        let out = Rc::new(RefCell::new(None));
        let o2 = out.clone();
        let reply = Closure::<dyn FnMut(String)>::new(move |t: String| {
            *o2.borrow_mut() = Some(Response::from_json(&t))
        });
        let sent = self.send(req, reply.as_ref());
        drop(reply);
        match (sent, out.take()) {
            (Err(e), _) => Response::Failed(e),
            (Ok(()), Some(r)) => r,
            (Ok(()), None) => Response::Failed("the records module did not answer".into()),
        }
    }

    /// A request answered later or again and again: `reply` gets each answer, for the page's
    /// life.
    pub fn listen(&self, req: &Request, reply: impl FnMut(Response) + 'static) {
        let reply = Rc::new(RefCell::new(reply));
        let r2 = reply.clone();
        let cb = Closure::<dyn FnMut(String)>::new(move |t: String| {
            (r2.borrow_mut())(Response::from_json(&t))
        });
        match self.send(req, cb.as_ref()) {
            Ok(()) => cb.forget(),
            Err(e) => (reply.borrow_mut())(Response::Failed(e)),
        }
    }

    /// The records' state, or why it could not be had.
    pub fn status(&self) -> Result<Status, String> {
        match self.ask(&Request::Status) {
            Response::Status(s) => Ok(s),
            r => Err(failure(r)),
        }
    }
}

/// What an answer other than the one asked for means, in words.
pub fn failure(r: Response) -> String {
    match r {
        Response::Failed(e) => e,
        _ => "the records module answered with something else".into(),
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
        m.listen(&Request::Subscribe, |r| {
            if let Response::Status(s) = r {
                tell(s)
            }
        });
    }
    for w in waiters {
        w(result.clone());
    }
    if let Some(Ok(s)) = result.as_ref().ok().map(Module::status) {
        tell(s);
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
