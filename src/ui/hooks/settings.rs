//! The player's settings (keys, reduced motion, verbosity; `ui::keymap::Settings`) in local
//! storage: read once at start, written after every change, and reduced motion applied to the
//! page (a class on `<html>` the stylesheets read, beside the system's
//! `prefers-reduced-motion`).

use crate::json;
use crate::storage::local as storage;
use crate::ui::keymap::Settings;
use crate::ui::reducer::Model;
use yew::prelude::*;

const KEY: &str = "unbroken.settings.v1";

/// The saved settings; `None` when none are saved, they cannot be read, or there is no storage.
pub fn read() -> Option<Settings> {
    let text = storage()?.get_item(KEY).ok()??;
    json::from_str(&text).ok()
}

#[hook]
pub fn use_settings(model: &UseReducerHandle<Model>) {
    let s = model.settings.clone();
    let first = use_mut_ref(|| true);
    use_effect_with(s, move |s| {
        // The first render shows the defaults before the saved settings arrive: not written.
        if !std::mem::replace(&mut *first.borrow_mut(), false) {
            if let (Some(st), Ok(text)) = (storage(), json::to_string(&**s)) {
                let _ = st.set_item(KEY, &text);
            }
        }
        apply(s);
    });
}

/// Puts the settings that the page's stylesheets read on `<html>` (reduced motion).
pub fn apply(s: &Settings) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root
            .class_list()
            .toggle_with_force("reduce-motion", s.reduced_motion);
    }
}
