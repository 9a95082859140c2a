//! The one loader of the app's lazily loaded WebAssembly modules: the records module
//! (`unbroken-records`, [`super::records::loader`]) and the bot module (`unbroken-bot`,
//! `ui::bot`). Each is fetched on first need, never with the first screen; the callers
//! of a module waiting for it are queued and all told once it is there, or why it could not be.
//!
//! Where a module is: `index.html` names it in `<meta name="unbroken-…" content="….js"
//! data-wasm="….wasm">` (written by scripts/post-build.mjs at build time, with content hashes),
//! so the app and its modules of one release always go together, and the service worker, which
//! caches every file the page names, keeps them for offline play. How a module is started
//! differs (the records run in the page, the bot in a worker): that is the `start` each gives.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A module's files, as the page names them, made absolute against the page.
pub struct Files {
    meta: web_sys::Element,
    base: String,
}

impl Files {
    /// The page's meta for the module `name`, if this build has one.
    fn of(name: &str) -> Option<Files> {
        let doc = web_sys::window()?.document()?;
        let meta = doc
            .query_selector(&format!("meta[name=\"{name}\"]"))
            .ok()??;
        let base = doc.base_uri().ok()??;
        Some(Files { meta, base })
    }

    /// The absolute URL of the file the meta's attribute `attr` names.
    pub fn url(&self, attr: &str) -> Option<String> {
        let rel = self.meta.get_attribute(attr)?;
        web_sys::Url::new_with_base(&rel, &self.base)
            .ok()
            .map(|u| u.href())
    }

    /// The module's wasm-bindgen JavaScript and its wasm.
    pub fn code(&self) -> Option<(String, String)> {
        Some((self.url("content")?, self.url("data-wasm")?))
    }
}

/// Told once a module is loaded, or why it could not be.
pub type Done<M> = Box<dyn FnOnce(Result<M, String>)>;

enum Load<M> {
    Idle,
    Loading(Vec<Done<M>>),
    Ready(M),
    Failed(String),
}

/// One lazily loaded module: `M` is the handle its callers use once it is loaded.
pub struct Lazy<M> {
    /// The page's meta naming it (`unbroken-records`, `unbroken-bot`).
    name: &'static str,
    /// Starts loading it from its files; tells the result once.
    start: fn(Files, Done<M>),
    /// Run once it is loaded, before its waiting callers are told.
    on_ready: fn(&M),
    /// Whether a failure is tried again on the next need (else it stands until a reload).
    retry: bool,
    /// What its callers are told when it cannot be loaded.
    unavailable: &'static str,
    load: Rc<RefCell<Load<M>>>,
}

impl<M> Clone for Lazy<M> {
    fn clone(&self) -> Self {
        Lazy {
            load: self.load.clone(),
            ..*self
        }
    }
}

impl<M: Clone + 'static> Lazy<M> {
    pub fn new(
        name: &'static str,
        start: fn(Files, Done<M>),
        on_ready: fn(&M),
        retry: bool,
        unavailable: &'static str,
    ) -> Lazy<M> {
        Lazy {
            name,
            start,
            on_ready,
            retry,
            unavailable,
            load: Rc::new(RefCell::new(Load::Idle)),
        }
    }

    /// The loaded module, if it is.
    pub fn ready(&self) -> Option<M> {
        match &*self.load.borrow() {
            Load::Ready(m) => Some(m.clone()),
            _ => None,
        }
    }

    /// Runs `f` with the module: at once when loaded, else once it is (or with the reason it
    /// could not be).
    pub fn with(&self, f: impl FnOnce(Result<M, String>) + 'static) {
        self.with_boxed(Box::new(f));
    }

    /// [`Lazy::with`] of a boxed `f`: one copy of this code for all the callers, however many
    /// kinds of closure they pass.
    fn with_boxed(&self, f: Done<M>) {
        let mut f = Some(f);
        let now = {
            let mut l = self.load.borrow_mut();
            match &mut *l {
                Load::Ready(m) => Some(Ok(m.clone())),
                Load::Failed(e) if !self.retry => Some(Err(e.clone())),
                Load::Loading(w) => {
                    w.extend(f.take());
                    return;
                }
                Load::Idle | Load::Failed(_) => {
                    *l = Load::Loading(f.take().into_iter().collect());
                    None
                }
            }
        };
        match (now, f) {
            (Some(m), Some(f)) => f(m),
            _ => self.start(),
        }
    }

    /// The module no longer works (a worker that died): the next need loads it again.
    pub fn lost(&self, why: &str) {
        let mut l = self.load.borrow_mut();
        if matches!(&*l, Load::Ready(_)) {
            *l = Load::Failed(why.to_string());
        }
    }

    fn start(&self) {
        let me = self.clone();
        let done: Done<M> = Box::new(move |r| me.finish(r));
        match Files::of(self.name) {
            Some(files) => (self.start)(files, done),
            None => done(Err(self.unavailable.into())),
        }
    }

    fn finish(&self, result: Result<M, String>) {
        let result = result.map_err(|e| {
            if e.is_empty() {
                self.unavailable.to_string()
            } else {
                e
            }
        });
        let next = match &result {
            Ok(m) => Load::Ready(m.clone()),
            Err(e) => Load::Failed(e.clone()),
        };
        let waiters = match std::mem::replace(&mut *self.load.borrow_mut(), next) {
            Load::Loading(w) => w,
            _ => Vec::new(),
        };
        if let Ok(m) = &result {
            (self.on_ready)(m);
        }
        for w in waiters {
            w(result.clone());
        }
    }
}

/// Loads a module in the page: static/boot.js gives the page the dynamic `import()` of its
/// wasm-bindgen JavaScript (which WebAssembly cannot write itself) and starts its wasm; `done`
/// gets the module's exports, or an empty reason (the loader's own words) when it fails.
pub fn import_in_page(files: Files, done: Done<JsValue>) {
    let promise = files
        .code()
        .and_then(|(js, wasm)| boot_call("unbrokenImport", &[js.into(), wasm.into()]))
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok());
    let Some(promise) = promise else {
        done(Err(String::new()));
        return;
    };
    // Either of the two is called, once: the other is dropped with its closure unused.
    let done = Rc::new(RefCell::new(Some(done)));
    let d2 = done.clone();
    when_settled(
        &promise,
        move |m| {
            if let Some(d) = d2.borrow_mut().take() {
                d(Ok(m))
            }
        },
        move |_| {
            if let Some(d) = done.borrow_mut().take() {
                d(Err(String::new()))
            }
        },
    );
}

/// Calls a function static/boot.js puts on `window` with `args` (`None` when there is none: a
/// page without boot.js).
pub fn boot_call(name: &str, args: &[JsValue]) -> Option<JsValue> {
    let w = web_sys::window()?;
    js_sys::Reflect::get(&w, &JsValue::from_str(name))
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?
        .apply(&JsValue::NULL, &args.iter().collect())
        .ok()
}

/// Runs `ok` with a promise's value or `err` with its reason, once it settles.
pub fn when_settled(
    promise: &js_sys::Promise,
    ok: impl FnOnce(JsValue) + 'static,
    err: impl FnOnce(JsValue) + 'static,
) {
    let (ok, err) = (Closure::once_into_js(ok), Closure::once_into_js(err));
    if let Ok(then) = js_sys::Reflect::get(promise, &JsValue::from_str("then"))
        .and_then(|t| t.dyn_into::<js_sys::Function>())
    {
        let _ = then.call2(promise, &ok, &err);
    }
}

/// What a JavaScript error says.
pub fn describe(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into())
}
