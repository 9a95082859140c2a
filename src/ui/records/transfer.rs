//! Export (a JSON file downloaded through a Blob URL) and import (a file input; merged without
//! duplicates; a malformed file is refused whole with the reason and nothing changes).

use crate::storage::records as store;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Files larger than this are refused before reading (a records file is far smaller).
const MAX_BYTES: f64 = 20.0 * 1024.0 * 1024.0;

/// Offers `text` as a file download; false when the browser refused.
fn download(name: &str, text: &str) -> bool {
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
        if let Some(body) = doc.body() {
            body.append_child(&a)?;
            a.click();
            body.remove_child(&a)?;
        }
        // Revoke after the download has started.
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

#[derive(Clone, PartialEq)]
enum Message {
    Ok(String),
    Error(String),
}

#[derive(Properties, PartialEq)]
pub struct Props {
    /// Unreadable data is kept aside: offer it for download.
    pub set_aside: bool,
}

#[function_component(Transfer)]
pub fn transfer(p: &Props) -> Html {
    let message = use_state(|| None::<Message>);
    let export = {
        let message = message.clone();
        Callback::from(move |_: MouseEvent| {
            let day: String = store::now_iso().chars().take(10).collect();
            let name = format!("unbroken-records-{day}.json");
            if download(&name, &store::export_text()) {
                message.set(Some(Message::Ok(format!(
                    "Your records were exported as {name}."
                ))));
            } else {
                message.set(Some(Message::Error(
                    "The browser refused the download.".into(),
                )));
            }
        })
    };
    let export_aside = Callback::from(move |_: MouseEvent| {
        download("unbroken-records-unreadable.json", &store::set_aside_text());
    });
    let import = {
        let message = message.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
            else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let name = file.name();
            if file.size() > MAX_BYTES {
                message.set(Some(Message::Error(format!(
                    "Nothing was imported: “{name}” is too large to be a records file."
                ))));
                return;
            }
            let Ok(reader) = web_sys::FileReader::new() else {
                return;
            };
            let r2 = reader.clone();
            let (message2, name2) = (message.clone(), name.clone());
            let done = wasm_bindgen::closure::Closure::once_into_js(move || {
                let text = r2.result().ok().and_then(|v| v.as_string());
                let msg = match text {
                    None => Message::Error(format!(
                        "Nothing was imported: “{name2}” could not be read."
                    )),
                    Some(t) => match store::import_text(&t) {
                        Ok(s) => {
                            let games = match s.games_added {
                                0 => "no new game".to_string(),
                                1 => "1 game".to_string(),
                                n => format!("{n} games"),
                            };
                            let ach = match s.achievements_added {
                                0 => String::new(),
                                1 => " and 1 achievement".to_string(),
                                n => format!(" and {n} achievements"),
                            };
                            Message::Ok(format!("Imported “{name2}”: {games}{ach} added; records already here were kept once."))
                        }
                        Err(e) => Message::Error(format!(
                            "Nothing was imported: “{name2}” is not a valid records file: {e}."
                        )),
                    },
                };
                message2.set(Some(msg));
            });
            reader.set_onloadend(Some(done.unchecked_ref()));
            if reader.read_as_text(&file).is_err() {
                message.set(Some(Message::Error(format!(
                    "Nothing was imported: “{name}” could not be read."
                ))));
            }
        })
    };
    html! {
        <div class="records-transfer">
            <button type="button" class="small" id="records-export" onclick={export}>{ "Export records" }</button>
            <label class="records-import button small" for="records-import">
                { "Import records" }
                <input type="file" id="records-import" class="visually-hidden" accept=".json,application/json" onchange={import} />
            </label>
            if p.set_aside {
                <button type="button" class="small quiet" id="records-export-unreadable" onclick={export_aside}>{ "Download unreadable data" }</button>
            }
            <div role="status" aria-live="polite" id="records-transfer-status">
                { match &*message {
                    Some(Message::Ok(m)) => html! { <p class="notice ok">{ m.clone() }</p> },
                    Some(Message::Error(m)) => html! { <p class="notice error" id="records-import-error">{ m.clone() }</p> },
                    None => html! {},
                } }
            </div>
        </div>
    }
}
