//! The player's settings (keys, reduced motion, verbosity; `ui::keymap::Settings`) in local
//! storage: read once at start, written after every change, and reduced motion applied to the
//! page (a class on `<html>` the stylesheets read, beside the system's
//! `prefers-reduced-motion`).

use crate::ui::keymap::Settings;
use crate::ui::reducer::Model;
use gloo_storage::{LocalStorage, Storage};
use yew::prelude::*;

const KEY: &str = "unbroken.settings.v1";

/// Whether the browser lets the page use local storage at all (gloo-storage panics when it
/// does not, e.g. with storage disabled).
fn available() -> bool {
    web_sys::window().is_some_and(|w| matches!(w.local_storage(), Ok(Some(_))))
}

/// The saved settings; `None` when none are saved, they cannot be read, or there is no storage.
pub fn read() -> Option<Settings> {
    if !available() {
        return None;
    }
    LocalStorage::get::<Settings>(KEY).ok()
}

#[hook]
pub fn use_settings(model: &UseReducerHandle<Model>) {
    let s = model.settings.clone();
    let first = use_mut_ref(|| true);
    use_effect_with(s, move |s| {
        // The first render shows the defaults before the saved settings arrive: not written.
        if !std::mem::replace(&mut *first.borrow_mut(), false) && available() {
            let _ = LocalStorage::set(KEY, &**s);
        }
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root
                .class_list()
                .toggle_with_force("reduce-motion", s.reduced_motion);
        }
    });
}
