//! The records module's work (wasm32 only): it owns the records in storage
//! ([`unbroken::storage::records`]) and draws their views ([`unbroken::records::html`]). The
//! app (`unbroken::ui::records`) loads the module on first need and sends it
//! [`Request`]s through its one export, [`call`], which answers with [`Response`]s
//! ([`unbroken::records::bridge`]): no call by name, and every failure is an answer the app
//! shows.
//!
//! Nothing here is in the app's own module, so none of it is in the first download. Nor is the
//! engine or the card database here: a finished game comes as its record and end-screen facts,
//! read by the app, and the names the views show are compiled in
//! ([`unbroken::records::names`]).

use unbroken::records::bridge::{self, Imported, Recorded, Request, Response, Status};
use unbroken::records::html::{self, Names, PanelState, Tab};
use unbroken::records::report::{self, EndFacts};
use unbroken::records::stats::SortKey;
use unbroken::records::{Achievements, GameRecord};
use unbroken::storage::records as store;
use wasm_bindgen::JsValue;

/// The one entry point: `request` is a [`Request`] as JSON text; `reply` is called with each
/// [`Response`] as JSON text — at once, or later for [`Request::Import`] and again after every
/// change for [`Request::Subscribe`].
pub fn call(request: &str, reply: js_sys::Function) {
    let answer = move |r: Response| {
        let _ = reply.call1(&JsValue::NULL, &JsValue::from_str(&r.to_json()));
    };
    let req: Request = match serde_json::from_str(request) {
        Ok(r) => r,
        Err(e) => {
            return answer(Response::Failed(format!(
                "the records module could not read the request ({e})"
            )))
        }
    };
    match req {
        Request::Status => answer(Response::Status(status())),
        Request::Panel {
            tab,
            sort,
            descending,
            closable,
        } => {
            let (head, body) = panel(tab, sort, descending, closable);
            answer(Response::Panel { head, body })
        }
        Request::Record { game, end } => answer(Response::Recorded(record(*game, &end))),
        Request::Export => answer(Response::Told(export())),
        Request::Import => import_input(move |i| answer(Response::Told(i))),
        Request::Aside { key, remove } => {
            aside(&key, remove);
            answer(Response::Done)
        }
        Request::ReplaySave { id } => answer(match replay_save(&id) {
            Some(s) => Response::ReplaySave(s),
            None => Response::Failed(
                "This game's moves were not kept, so it cannot be replayed.".into(),
            ),
        }),
        Request::Subscribe => {
            std::mem::forget(store::subscribe(move || answer(Response::Status(status()))))
        }
    }
}

thread_local! {
    /// The box's names for the views (compiled in: the module holds no cards).
    static NAMES: Names = Names::builtin();
}

/// A stored date (ISO 8601, UTC) in the player's local time: "2025-03-01 14:05"; a date
/// alone (old scorepad lines) as it is.
fn local_date(iso: &str) -> String {
    let ms = js_sys::Date::parse(iso);
    if ms.is_nan() || iso.len() <= 10 {
        return iso.to_string();
    }
    let d = js_sys::Date::new(&JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes()
    )
}

/// The day only: "2025-03-01".
fn local_day(iso: &str) -> String {
    local_date(iso).chars().take(10).collect()
}

/// Links the records' styles (tables, charts, scoped under `.records`) into the page once: a
/// file of the release (`src/ui/records/records.css`, named by scripts/post-build.mjs in the
/// records meta's `data-css`), never an injected `<style>`, which a strict CSP blocks.
fn ensure_style() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if doc.get_element_by_id("records-style").is_some() {
        return;
    }
    let Some(href) = doc
        .query_selector("meta[name=\"unbroken-records\"]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("data-css"))
    else {
        return;
    };
    if let (Ok(el), Some(head)) = (doc.create_element("link"), doc.head()) {
        el.set_id("records-style");
        let _ = el.set_attribute("rel", "stylesheet");
        let _ = el.set_attribute("href", &href);
        let _ = head.append_child(&el);
    }
}

/// Loads the records (on first call) and tells their state.
fn status() -> Status {
    ensure_style();
    let s = store::snapshot();
    Status {
        rev: s.rev,
        warning: s.warning,
        notices: s.notices,
        games: s.records.games.len(),
    }
}

/// The records panel as HTML: its head (count, warnings, export and import, data kept aside)
/// and its body, the view `tab` sorted by `sort`.
fn panel(tab: Tab, sort: SortKey, descending: bool, closable: bool) -> (String, String) {
    ensure_style();
    let snap = store::snapshot();
    let st = PanelState {
        tab,
        sort,
        descending,
        warning: snap.warning.as_deref(),
        notices: &snap.notices,
        kept: &store::kept_aside(),
        closable,
    };
    let head = html::panel_head(&snap.records, &st).into_string();
    let body = NAMES.with(|names| {
        html::panel_body(
            &snap.records,
            &st,
            Achievements::builtin(),
            names,
            &local_date,
            &local_day,
        )
        .into_string()
    });
    (head, body)
}

/// Records a finished game (its record and end-screen facts, read from the game by the app)
/// and writes the end screen's body.
fn record(game: GameRecord, end: &EndFacts) -> Recorded {
    ensure_style();
    let report_html = report::end_report(&game, end).into_string();
    let earned = store::record_finished(game);
    Recorded {
        earned_html: html::earned_now(&earned, Achievements::builtin()).into_string(),
        report_html,
        share_html: report::share_details(end).into_string(),
        warning: store::snapshot().warning,
    }
}

/// Imports the text of the file `name`: merged in, or refused whole with the reason.
fn import(name: &str, text: &str) -> Imported {
    bridge::import_message(
        name,
        store::import_text(text).map(|s| (s.games_added, s.achievements_added)),
    )
}

/// Offers `text` as a file download; false when the browser refused. (Here, not in the app,
/// so the first download carries none of it.)
fn download(name: &str, text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let go = || -> Result<(), JsValue> {
        let doc = web_sys::window()
            .and_then(|w| w.document())
            .ok_or(JsValue::NULL)?;
        let parts = js_sys::Array::of1(&JsValue::from_str(text));
        let opts = web_sys::BlobPropertyBag::new();
        opts.set_type("application/json");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let a: web_sys::HtmlAnchorElement = doc.create_element("a")?.dyn_into()?;
        a.set_href(&url);
        a.set_download(name);
        a.set_hidden(true);
        let body = doc.body().ok_or(JsValue::NULL)?;
        body.append_child(&a)?;
        a.click();
        body.remove_child(&a)?;
        // Revoked once the download has started.
        let revoke = wasm_bindgen::closure::Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                revoke.unchecked_ref(),
                10_000,
            );
        }
        Ok(())
    };
    go().is_ok()
}

/// Every record, downloaded as an export file named for today; what happened, in words.
fn export() -> Imported {
    let day: String = String::from(js_sys::Date::new_0().to_iso_string())
        .chars()
        .take(10)
        .collect();
    let name = format!("unbroken-records-{day}.json");
    if download(&name, &store::export_text()) {
        Imported {
            ok: true,
            message: format!("Your records were exported as {name}."),
        }
    } else {
        Imported {
            ok: false,
            message: "The browser refused the download.".into(),
        }
    }
}

/// Files larger than this are refused before reading: a records file in the old version 1 form
/// takes ~1 KB a game, so 40,000 games (the largest import planned for) are ~40 MB.
const MAX_BYTES: f64 = 64.0 * 1024.0 * 1024.0;

/// Reads the file chosen in the panel's `#records-import` input, imports it, and tells `say`
/// what happened.
fn import_input(say: impl FnOnce(Imported) + 'static) {
    use wasm_bindgen::JsCast;
    let input = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("records-import"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok());
    let Some((input, file)) = input.and_then(|i| {
        let f = i.files().and_then(|f| f.get(0))?;
        Some((i, f))
    }) else {
        return say(Imported {
            ok: false,
            message: "Nothing was imported: no file was chosen.".into(),
        });
    };
    input.set_value("");
    let name = file.name();
    let refuse = |name: &str, why: &str| Imported {
        ok: false,
        message: format!("Nothing was imported: “{name}” {why}."),
    };
    if file.size() > MAX_BYTES {
        return say(refuse(&name, "is too large to be a records file"));
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        return say(refuse(&name, "could not be read"));
    };
    let r2 = reader.clone();
    let on_read = wasm_bindgen::closure::Closure::once_into_js(move || {
        say(match r2.result().ok().and_then(|v| v.as_string()) {
            Some(text) => import(&name, &text),
            None => refuse(&name, "could not be read"),
        })
    });
    reader.set_onloadend(Some(on_read.unchecked_ref()));
    let _ = reader.read_as_text(&file);
}

/// The data kept aside under `key`: downloaded as a file, or with `remove`, removed.
fn aside(key: &str, remove: bool) {
    if remove {
        store::remove_aside(key);
    } else if let Some(text) = store::aside_text(key) {
        download(&format!("{key}.txt"), &text);
    }
}

/// The save (JSON) of the recorded game `id`, for the app's replay viewer; `None` when the game
/// is unknown or its moves were not kept.
fn replay_save(id: &str) -> Option<String> {
    store::snapshot()
        .records
        .games
        .iter()
        .find(|g| g.id == id)
        .and_then(|g| g.replay.clone())
}
