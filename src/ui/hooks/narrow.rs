//! Whether the table is laid out for a phone: the stylesheets' one breakpoint (`table.css`,
//! `max-width: 899.98px`), asked of the browser and followed as the window is resized or turned.
//! On a phone every sheet of the table but the open one is a hidden bottom sheet, and the board
//! does not build what is hidden (`screens::board`): a move then draws only what shows.

use wasm_bindgen::{closure::Closure, JsCast};
use yew::prelude::*;

/// The stylesheets' phone layout, as a media query.
const PHONE: &str = "(max-width: 899.98px)";

fn query() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?.match_media(PHONE).ok()?
}

/// Whether the page now has the phone's layout (false where the browser cannot say: then every
/// sheet is built, as on a desk).
#[hook]
pub fn use_narrow() -> bool {
    let narrow = use_state_eq(|| query().is_some_and(|q| q.matches()));
    {
        let narrow = narrow.clone();
        use_effect_with((), move |_| {
            let list = query();
            let on_change = Closure::<dyn Fn()>::new(move || {
                narrow.set(query().is_some_and(|q| q.matches()));
            });
            if let Some(q) = &list {
                let _ = q
                    .add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
            }
            move || {
                if let Some(q) = &list {
                    let _ = q.remove_event_listener_with_callback(
                        "change",
                        on_change.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    *narrow
}
