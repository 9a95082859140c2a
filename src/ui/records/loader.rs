//! The records module (`unbroken-records`, a WebAssembly module of its own), loaded on first
//! need through the app's one loader of lazy modules ([`crate::ui::lazy`]) and called here. The
//! first screen never waits for it: the app asks for it when the player opens the records,
//! when a game ends, or — to tell at once about unreadable records — after start when this
//! browser holds records at all. It runs in the page (it owns the records' storage).

use crate::records::bridge::{Request, Response, Status};
use crate::ui::lazy::{describe, import_in_page, Lazy};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The loaded module: its exports.
#[derive(Clone)]
pub struct Module(JsValue);

type Listener = Rc<dyn Fn(Status)>;

thread_local! {
    static LOAD: Lazy<Module> = Lazy::new(
        "unbroken-records",
        |files, done| import_in_page(files, Box::new(move |r| done(r.map(Module)))),
        subscribe,
        false,
        UNAVAILABLE,
    );
    /// Views to tell of every change of the records.
    static LISTENERS: RefCell<Vec<(u64, Listener)>> = const { RefCell::new(Vec::new()) };
    static NEXT: RefCell<u64> = const { RefCell::new(0) };
}

const UNAVAILABLE: &str = "Your records could not be opened: this page could not load the \
part of Unbroken that keeps them (are you offline on a first visit?). Your game is not \
affected; reload to try again.";

impl Module {
    /// Sends `req` to the module's one export, `call`; `reply` gets each answer (postcard
    /// bytes).
    fn send(&self, req: &Request, reply: &JsValue) -> Result<(), String> {
        let f: js_sys::Function = js_sys::Reflect::get(&self.0, &JsValue::from_str("call"))
            .ok()
            .and_then(|f| f.dyn_into().ok())
            .ok_or("the records module has no entry point")?;
        let bytes = js_sys::Uint8Array::from(&req.to_bytes()[..]);
        f.call2(&JsValue::NULL, &bytes, reply)
            .map(drop)
            .map_err(|e| format!("the records module failed: {}", describe(&e)))
    }

    /// A request answered at once; a failure is a [`Response::Failed`] that says why.
    pub fn ask(&self, req: &Request) -> Response {
        let out = Rc::new(RefCell::new(None));
        let o2 = out.clone();
        let reply = Closure::<dyn FnMut(js_sys::Uint8Array)>::new(move |b: js_sys::Uint8Array| {
            *o2.borrow_mut() = Some(Response::from_bytes(&b.to_vec()))
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
        let cb = Closure::<dyn FnMut(js_sys::Uint8Array)>::new(move |b: js_sys::Uint8Array| {
            (r2.borrow_mut())(Response::from_bytes(&b.to_vec()))
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

/// The loaded module, if it is.
pub fn ready() -> Option<Module> {
    LOAD.with(Lazy::ready)
}

/// Runs `f` with the module: at once when loaded, else once it is (or with the reason it
/// could not be).
pub fn with(f: impl FnOnce(Result<Module, String>) + 'static) {
    LOAD.with(Lazy::clone).with(f)
}

/// Whether this browser holds any records (then the module is worth loading at start).
pub fn records_stored() -> bool {
    let Some(s) = crate::storage::local() else {
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

/// Once loaded: every change from now on (also from other tabs) reaches the views, and they
/// hear the records' state at once.
fn subscribe(m: &Module) {
    m.listen(&Request::Subscribe, |r| {
        if let Response::Status(s) = r {
            tell(s)
        }
    });
    if let Ok(s) = m.status() {
        tell(s);
    }
}
