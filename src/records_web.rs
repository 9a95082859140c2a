//! The records module's side of the split browser build (wasm32 only): what the
//! `unbroken-records` module (src/records_main.rs) exports to the app. It owns the records in
//! storage ([`crate::storage::records`]) and draws their views ([`crate::records::html`]); the
//! app (`crate::ui::records`) loads it on first need and calls these through JavaScript, with
//! the values of [`crate::records::bridge`].
//!
//! Nothing here is used by the app's own module, so none of it is in the first download.

use crate::content::CardDb;
use crate::engine::{Game, SaveGame};
use crate::records::bridge::{self, Imported, Recorded, Status};
use crate::records::html::{self, Names, PanelState, Tab};
use crate::records::stats::SortKey;
use crate::records::{Achievements, GameKind};
use crate::storage::records as store;
use std::sync::Arc;
use wasm_bindgen::JsValue;

thread_local! {
    /// The box: names for the views, cards to replay a finished game.
    static DB: Option<Arc<CardDb>> = CardDb::builtin().ok().map(Arc::new);
    static NAMES: Names = DB.with(|db| db.as_deref().map(Names::from_db).unwrap_or_default());
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
pub fn status() -> Status {
    ensure_style();
    let s = store::snapshot();
    Status {
        rev: s.rev,
        warning: s.warning,
        notices: s.notices,
        games: s.records.games.len(),
    }
}

/// Calls `f` after every change of the records, this tab's or another's, for the page's life.
pub fn subscribe(f: js_sys::Function) {
    std::mem::forget(store::subscribe(move || {
        let _ = f.call0(&JsValue::NULL);
    }));
}

/// The records panel as HTML: head (count, warnings, export and import) and the view `tab`
/// (`scorepad`, `achievements`, `statistics`; unknown: the scorepad) sorted by `sort`.
pub fn panel(tab: &str, sort: &str, descending: bool, closable: bool) -> String {
    ensure_style();
    let snap = store::snapshot();
    let st = PanelState {
        tab: Tab::parse(tab).unwrap_or(Tab::Scorepad),
        sort: SortKey::parse(sort).unwrap_or(SortKey::Date),
        descending,
        warning: snap.warning.as_deref(),
        notices: &snap.notices,
        kept: &store::kept_aside(),
        closable,
    };
    let mut h = html::panel_head(&snap.records, &st);
    // The app keeps its own live region here, between the head and the views.
    h.push_str("<!--status-->");
    NAMES.with(|names| {
        h.push_str(&html::panel_body(
            &snap.records,
            &st,
            Achievements::builtin(),
            names,
            &local_date,
            &local_day,
        ))
    });
    h
}

/// Records a finished game given by its save (JSON, as the app stores it); `kind` is
/// `daily` or `standard`. A save that does not load or a game not over records nothing.
pub fn record(save_json: &str, kind: &str) -> Recorded {
    ensure_style();
    let game = DB.with(|db| {
        let db = db.clone()?;
        let save: SaveGame = serde_json::from_str(save_json).ok()?;
        Game::load(&save, db).ok()
    });
    let base = web_sys::window()
        .map(|w| {
            let l = w.location();
            format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            )
        })
        .unwrap_or_default();
    let (report_html, share_html) = game
        .as_ref()
        .map(|g| {
            (
                crate::records::report::end_report(g),
                crate::records::report::share_details(g, &base),
            )
        })
        .unwrap_or_default();
    let earned = match game {
        Some(g) => {
            let kind = if kind == GameKind::DAILY {
                GameKind::daily()
            } else {
                GameKind::standard()
            };
            store::record_finished_game_as(&g, &store::now_iso(), kind)
        }
        None => Vec::new(),
    };
    Recorded {
        earned_html: html::earned_now(&earned, Achievements::builtin()),
        report_html,
        share_html,
        warning: store::snapshot().warning,
    }
}

/// Imports the text of the file `name`: merged in, or refused whole with the reason.
pub fn import(name: &str, text: &str) -> Imported {
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
pub fn export() -> Imported {
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

/// Files larger than this are refused before reading (a records file is far smaller).
const MAX_BYTES: f64 = 20.0 * 1024.0 * 1024.0;

/// Reads the file chosen in `input` (the panel's "Import records"), imports it, and calls
/// `done` with what happened ([`Imported`] as JSON text).
pub fn import_input(input: web_sys::HtmlInputElement, done: js_sys::Function) {
    let say = move |i: Imported| {
        let _ = done.call1(
            &JsValue::NULL,
            &serde_json::to_string(&i).unwrap_or_default().into(),
        );
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
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
    use wasm_bindgen::JsCast;
    reader.set_onloadend(Some(on_read.unchecked_ref()));
    let _ = reader.read_as_text(&file);
}

/// The data kept aside under `key`: downloaded as a file, or with `remove`, removed.
pub fn aside(key: &str, remove: bool) {
    if remove {
        store::remove_aside(key);
    } else if let Some(text) = store::aside_text(key) {
        download(&format!("{key}.txt"), &text);
    }
}

/// The save (JSON) of the recorded game `id`, for the app's replay viewer; empty when the game
/// is unknown or its moves were not kept.
pub fn replay_save(id: &str) -> String {
    store::snapshot()
        .records
        .games
        .iter()
        .find(|g| g.id == id)
        .and_then(|g| g.replay.clone())
        .unwrap_or_default()
}
