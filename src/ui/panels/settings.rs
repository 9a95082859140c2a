//! The Keys list (`?` or F1) and the Settings panel (`,`), both drawn from the keymap table
//! (`ui::keymap`): the list is the table's lines with the player's keys, so it never disagrees
//! with what the keys do; the settings turn single-key shortcuts off (WCAG 2.1.4), give a
//! command another key, make the arrows stop on unavailable choices, reduce motion and choose
//! how much the live region says. Saved in local storage (`hooks::settings`).

use crate::markup;
use crate::records::markup::Markup;
use crate::ui::hooks::keys::keymap;
use crate::ui::keymap::{remappable, Place, Settings, Verbosity};
use crate::ui::widgets::markup::show;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The keys that work now, one line a binding. Markup, not `html!`: nothing in it is
/// interactive, and text costs the first download far less than element-by-element code.
pub fn keys_panel() -> Html {
    let mut m = Markup::lit(
        "<section class=\"panel keys-help\" aria-labelledby=\"keys-h\">\
         <h2 id=\"keys-h\" class=\"sheet-title\">Keys</h2>\
         <p class=\"muted small\">They work anywhere on the table except in a text field; the \
         arrows, Home and End on the choices. Change them in Settings.</p>\
         <table class=\"keys-table\" id=\"keys-table\"><thead><tr><th scope=\"col\">Key</th>\
         <th scope=\"col\">What it does</th></tr></thead><tbody>",
    );
    for l in keymap().help(Place::Game) {
        markup!(
            m,
            "<tr><td><kbd>{}</kbd></td><td>{}</td></tr>",
            l.keys,
            l.what
        );
    }
    m.lit_push("</tbody></table></section>");
    show(m)
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub settings: Rc<Settings>,
    pub on_change: Callback<Settings>,
}

fn checked(e: &Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

fn value(e: &Event) -> String {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

#[function_component(SettingsPanel)]
pub fn settings_panel(p: &Props) -> Html {
    let s = p.settings.clone();
    let set = |f: fn(&mut Settings, &Event)| {
        let s = s.clone();
        let on = p.on_change.clone();
        Callback::from(move |e: Event| {
            let mut n = (*s).clone();
            f(&mut n, &e);
            on.emit(n);
        })
    };
    let km = keymap();
    let rows = remappable().map(|entry| {
        let id = entry.id;
        let now = km.shortcuts(entry.command);
        let onchange = {
            let s = s.clone();
            let on = p.on_change.clone();
            Callback::from(move |e: Event| {
                let mut n = (*s).clone();
                let k: String = value(&e).trim().chars().take(1).collect();
                if k.is_empty() {
                    n.remap.remove(id);
                } else {
                    n.remap.insert(id.to_string(), k);
                }
                on.emit(n);
            })
        };
        html! {
            <tr>
                <td><label for={format!("key-{id}")}>{ entry.what }</label></td>
                <td><input type="text" id={format!("key-{id}")} class="key-input" maxlength="1" size="2"
                    autocomplete="off" value={now} {onchange} /></td>
            </tr>
        }
    });
    let reset = {
        let s = s.clone();
        let on = p.on_change.clone();
        Callback::from(move |_: MouseEvent| {
            let mut n = (*s).clone();
            n.remap.clear();
            on.emit(n);
        })
    };
    html! {
        <section class="panel settings" aria-labelledby="settings-h">
            <h2 id="settings-h" class="sheet-title">{ "Settings" }</h2>
            <fieldset>
                <legend>{ "Keys" }</legend>
                <p><label><input type="checkbox" id="set-single-keys" checked={s.single_keys}
                    onchange={set(|n, e| n.single_keys = checked(e))} />
                    { " Single-key shortcuts (digits, letters, ?)" }</label></p>
                <p><label><input type="checkbox" id="set-unavailable" checked={s.hear_unavailable}
                    onchange={set(|n, e| n.hear_unavailable = checked(e))} />
                    { " Arrows also stop on unavailable choices" }</label></p>
            </fieldset>
            <fieldset>
                <legend>{ "Screen reader" }</legend>
                <p><label><input type="radio" name="verbosity" id="set-verbose-all"
                    checked={s.verbosity == Verbosity::Everything}
                    onchange={set(|n, _| n.verbosity = Verbosity::Everything)} />{ " Say every event of a move" }</label></p>
                <p><label><input type="radio" name="verbosity" id="set-verbose-outcomes"
                    checked={s.verbosity == Verbosity::Outcomes}
                    onchange={set(|n, _| n.verbosity = Verbosity::Outcomes)} />{ " Say only the outcomes" }</label></p>
            </fieldset>
            <fieldset>
                <legend>{ "Motion" }</legend>
                <p><label><input type="checkbox" id="set-motion" checked={s.reduced_motion}
                    onchange={set(|n, e| n.reduced_motion = checked(e))} />{ " Reduce motion (no banners or animations)" }</label></p>
            </fieldset>
            <fieldset>
                <legend>{ "Change a key" }</legend>
                <p class="muted small">{ "Type one character; leave empty for the default." }</p>
                <div class="keys-scroll" tabindex="0" role="region" aria-label="Keys to change">
                <table class="keys-table">
                    <tbody>{ for rows }</tbody>
                </table>
                </div>
                <button type="button" class="small" id="keys-reset" onclick={reset}>{ "Default keys" }</button>
            </fieldset>
        </section>
    }
}
