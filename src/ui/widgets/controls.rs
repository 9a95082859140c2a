//! Shared pieces: the action button (enabled exactly when the rules allow it, otherwise
//! focusable with the rule's reason as a tooltip), keyword tooltips from the glossary, and small
//! formatting helpers.

use crate::content::CardDb;
use crate::engine::res::Res;
use crate::engine::Action;
use crate::records::markup::Markup;
use crate::ui::reducer::View;
use crate::ui::widgets::class::classed;
use crate::ui::widgets::markup::show;
use crate::ui::widgets::words_file;
use std::sync::Arc;
use yew::prelude::*;

/// The card database, compared by pointer (it never changes while the app runs).
#[derive(Clone)]
pub struct Db(pub Arc<CardDb>);

impl PartialEq for Db {
    fn eq(&self, o: &Self) -> bool {
        Arc::ptr_eq(&self.0, &o.0)
    }
}

/// One engine action as a control shows it: its label and whether the rules allow it now (the
/// rule's reason when not). Sheets take these as props, so they re-render only when a label or
/// a status changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Ctl {
    pub action: Action,
    pub label: String,
    pub status: Result<(), String>,
}

impl Ctl {
    pub fn of(v: &View, a: Action) -> Ctl {
        Ctl {
            action: a,
            label: v.label(&a),
            status: v.status(&a),
        }
    }
}

/// A stable id for an action's tooltip (actions are unique on screen).
pub fn action_id(a: &Action) -> String {
    // From the action's serde form (`{"craft":1}`), which the app carries anyway: `Debug`
    // would add its formatting code to the first download.
    // Words joined by single dashes: `{"skill_action":{"skill":0,"action":1}}` gives
    // `tip-skill-action-skill-0-action-1`.
    let mut id = String::from("tip");
    for c in crate::json::to_string(a).unwrap_or_default().chars() {
        if c.is_ascii_alphanumeric() {
            id.push(c.to_ascii_lowercase());
        } else if !id.ends_with('-') {
            id.push('-');
        }
    }
    id.trim_end_matches('-').to_string()
}

/// Capitalises the first letter (rule errors are lowercase sentences).
pub fn sentence(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

/// A button for one engine action. Enabled exactly when [`View::status`] is `Ok`; otherwise it
/// stays focusable (`aria-disabled`), ignores clicks and explains why in a tooltip shown on
/// hover and focus, linked with `aria-describedby`.
pub fn act_btn(v: &View, on: &Callback<Action>, a: Action, class: &'static str) -> Html {
    act_btn_labelled(v, on, a, v.label(&a), class)
}

pub fn act_btn_labelled(
    v: &View,
    on: &Callback<Action>,
    a: Action,
    label: String,
    class: &'static str,
) -> Html {
    act_btn_full(v, on, a, label, class, None)
}

/// The full form: `help` is shown as the tooltip while the control is enabled (a glossary
/// definition); a disabled control shows the rule's reason instead.
pub fn act_btn_full(
    v: &View,
    on: &Callback<Action>,
    a: Action,
    label: String,
    class: &'static str,
    help: Option<String>,
) -> Html {
    ctl_btn(
        &Ctl {
            action: a,
            label,
            status: v.status(&a),
        },
        on,
        class,
        help,
    )
}

/// The button of a [`Ctl`]; `help` as in [`act_btn_full`].
pub fn ctl_btn(c: &Ctl, on: &Callback<Action>, class: &'static str, help: Option<String>) -> Html {
    ctl_btn_in(c, on, class, help, None)
}

/// How a button sits in the decision's choices widget (`crate::ui::choices`): its number
/// (none when the rules refuse it now), the key that takes it, and what else describes it
/// (its preview; on the first choice also the last move and the prompt).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Mark {
    pub n: Option<usize>,
    pub key: Option<String>,
    pub described: Vec<String>,
}

/// The mark of action `a` on the stage: its number in [`View::choices`], and the description
/// every choice carries (the first one: the last move's headline and the prompt too).
pub fn mark(v: &View, a: &Action, preview: Option<String>) -> Mark {
    let n = v.choice_number(a);
    let mut described: Vec<String> = Vec::new();
    if n == Some(1) {
        if !v.game.log().is_empty() {
            described.push("just-head".into());
        }
        // In the lesson the coach mark says what the move is for.
        if v.only.is_some() {
            described.push("coach-h".into());
        }
        described.push("now-h".into());
    }
    described.extend(preview);
    Mark {
        n,
        key: n.and_then(crate::ui::hooks::keys::choice_key),
        described,
    }
}

/// A button of the choices widget: [`act_btn_full`] with its number and place in the widget.
pub fn choice_btn(
    v: &View,
    on: &Callback<Action>,
    a: Action,
    label: String,
    class: &'static str,
    help: Option<String>,
    m: Mark,
) -> Html {
    let c = Ctl {
        action: a,
        label,
        status: v.status(&a),
    };
    choice_ctl(&c, on, class, help, m)
}

/// [`choice_btn`] of a [`Ctl`] already worked out.
pub fn choice_ctl(
    c: &Ctl,
    on: &Callback<Action>,
    class: &'static str,
    help: Option<String>,
    m: Mark,
) -> Html {
    ctl_btn_in(c, on, class, help, Some(m))
}

fn ctl_btn_in(
    c: &Ctl,
    on: &Callback<Action>,
    class: &'static str,
    help: Option<String>,
    mark: Option<Mark>,
) -> Html {
    let (a, label, status) = (c.action, c.label.clone(), c.status.clone());
    let enabled = status.is_ok();
    let id = action_id(&a);
    let onclick = {
        let on = on.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            if enabled {
                on.emit(a);
            }
        })
    };
    let tip = match status {
        Err(e) => Some(format!("Not available: {e}.")),
        Ok(()) => help,
    };
    let mut described: Vec<String> = tip.iter().map(|_| id.clone()).collect();
    // In the choices widget: one Tab stop (the first choice; the arrows move it), a number.
    let (n, tabindex, key) = match &mark {
        Some(m) => {
            described.extend(m.described.iter().cloned());
            let t = if m.n == Some(1) { "0" } else { "-1" };
            (m.n, Some(t), m.key.clone())
        }
        None => (None, None, None),
    };
    let describedby = (!described.is_empty()).then(|| described.join(" "));
    let shortcut = key.as_ref().map(|k| {
        if let Some(d) = k.strip_prefix('⇧') {
            format!("Shift+{d}")
        } else {
            k.clone()
        }
    });
    let button = classed(
        act_class(class),
        html! {
            <button type="button" class="act" id={format!("btn-{}", &id[4..])}
                aria-disabled={(!enabled).then_some("true")}
                aria-describedby={describedby}
                data-choice={n.map(|n| n.to_string())}
                data-choice-off={(mark.is_some() && n.is_none()).then_some("")}
                tabindex={tabindex}
                aria-keyshortcuts={shortcut}
                {onclick}>
                if let Some(k) = &key { <kbd class="choice-n" aria-hidden="true">{ k.clone() }</kbd> }
                { label }
                if !enabled { <span class="state-tag" aria-hidden="true">{ " (unavailable)" }</span> }
            </button>
        },
    );
    html! {
        <span class="ctl">
            { button }
            if let Some(t) = tip {
                <span role="tooltip" id={id} class="tip">{ t }</span>
            }
        </span>
    }
}

/// An action button's classes: `act` and the caller's (none when `class` is empty).
fn act_class(class: &'static str) -> String {
    let mut s = String::from("act");
    if !class.is_empty() {
        s.push(' ');
        s.push_str(class);
    }
    s
}

/// A plain button that is not an engine action (navigation, menus), with the same
/// disabled/tooltip behaviour.
pub fn plain_btn(
    id: &str,
    label: &str,
    reason: Option<String>,
    class: &'static str,
    onclick: Callback<()>,
) -> Html {
    plain_btn_keys(id, label, reason, class, onclick, None)
}

/// [`plain_btn`] with the keys that press it (`aria-keyshortcuts`, from the keymap).
pub fn plain_btn_keys(
    id: &str,
    label: &str,
    reason: Option<String>,
    class: &'static str,
    onclick: Callback<()>,
    keys: Option<String>,
) -> Html {
    let enabled = reason.is_none();
    let tip_id = format!("tip-{id}");
    let click = Callback::from(move |e: MouseEvent| {
        e.prevent_default();
        if enabled {
            onclick.emit(());
        }
    });
    let button = classed(
        act_class(class),
        html! {
            <button type="button" class="act" id={id.to_string()}
                aria-disabled={(!enabled).then_some("true")}
                aria-describedby={reason.as_ref().map(|_| tip_id.clone())}
                aria-keyshortcuts={keys}
                onclick={click}>
                { label }
                if !enabled { <span class="state-tag" aria-hidden="true">{ " (unavailable)" }</span> }
            </button>
        },
    );
    html! {
        <span class="ctl">
            { button }
            if let Some(r) = reason {
                <span role="tooltip" id={tip_id} class="tip">{ format!("Not available: {r}.") }</span>
            }
        </span>
    }
}

/// One glossary entry: id, word, definition.
pub type GlossaryEntry = (&'static str, &'static str, String);

// `GLOSSARY_TABLE`: content/glossary.json's ids and words (in our own words), checked and
// sorted by word at build time (build.rs); `GLOSSARY_IN_PAGE`: the words and definitions the
// title screen shows. The other definitions come with the words file (`words_file::glossary`).
include!(concat!(env!("OUT_DIR"), "/glossary.rs"));

/// The glossary of every keyword the screens explain.
pub struct Glossary;

impl Glossary {
    /// The word of a term.
    pub fn word(id: &str) -> Option<&'static str> {
        GLOSSARY_TABLE.iter().find(|e| e.0 == id).map(|e| e.1)
    }

    /// The definition of a term: empty until the words file is there, but for the title
    /// screen's.
    pub fn def(id: &str) -> String {
        match GLOSSARY_IN_PAGE.iter().find(|e| e.0 == id) {
            Some(e) => e.2.to_string(),
            None => words_file::glossary(id),
        }
    }

    /// The word and definition of a term.
    pub fn get(id: &str) -> Option<(&'static str, String)> {
        Glossary::word(id).map(|w| (w, Glossary::def(id)))
    }

    /// Every entry but the step descriptions, alphabetical.
    pub fn all() -> Vec<GlossaryEntry> {
        GLOSSARY_TABLE
            .iter()
            .filter(|e| !e.0.starts_with("step_"))
            .map(|e| (e.0, e.1, Glossary::def(e.0)))
            .collect()
    }
}

/// A keyword with its glossary tooltip, shown on hover and keyboard focus. `label` empty: the
/// glossary's own word; `at` tells apart several tooltips of one term on a screen. (Markup: the
/// tooltips are opened by the document's listeners, `hooks::tips`, not by Yew's.)
pub fn term(id: &str, label: &str, at: &str) -> Html {
    show(term_markup(id, label, at))
}

/// [`term`] for a term the title screen shows (`GLOSSARY_IN_PAGE`): the same markup, from the
/// page's own copy of its word and definition, so the title screen's module ships neither the
/// glossary's table nor the words file's reader. Another id is drawn as its plain text.
pub fn page_term(id: &str, at: &str) -> Html {
    show(match GLOSSARY_IN_PAGE.iter().find(|e| e.0 == id) {
        Some((id, word, def)) => tip_with(
            word,
            def,
            &format!("gl-{id}{at}"),
            crate::markup!(" data-gl=\"{}\"", id),
        ),
        None => crate::markup!("<span>{}</span>", id),
    })
}

/// [`term`] as [`Markup`], for views written as text.
pub fn term_markup(id: &str, label: &str, at: &str) -> Markup {
    let Some((word, def)) = Glossary::get(id) else {
        return crate::markup!("<span>{}</span>", if label.is_empty() { id } else { label });
    };
    let label = if label.is_empty() { word } else { label };
    // `data-gl`: boot.js fills in a tooltip drawn before the words file came.
    tip_with(
        label,
        &def,
        &format!("gl-{id}{at}"),
        crate::markup!(" data-gl=\"{}\"", id),
    )
}

/// A word's button and its tooltip, `tip` its id.
pub fn tip_markup(label: &str, def: &str, tip: &str) -> Markup {
    tip_with(label, def, tip, Markup::new())
}

/// [`tip_markup`] with more attributes on the tooltip (`attrs`, each with its leading space).
fn tip_with(label: &str, def: &str, tip: &str, attrs: Markup) -> Markup {
    crate::markup!(
        "<span class=\"term ctl\"><button type=\"button\" class=\"term-btn\" aria-describedby=\"{}\">{}</button>\
         <span role=\"tooltip\" id=\"{}\" class=\"tip\"{}>{}</span></span>",
        tip,
        label,
        tip,
        attrs,
        def
    )
}

/// Running text with the box's own terms in it (conditions, monster verbs and keywords, as
/// build.rs lists them) given their glossary tooltips: "gain Amnesia now" explains Amnesia
/// where the player reads it. Each term once per text; `at` tells its tooltips apart from
/// others of the screen. Never inside a button (its tooltips are buttons).
pub fn glossed(text: &str, at: &str) -> Html {
    show(glossed_markup(text, at))
}

/// [`glossed`] as [`Markup`], for views written as text.
pub fn glossed_markup(text: &str, at: &str) -> Markup {
    let mut parts = Markup::new();
    let mut rest = text;
    let mut used: Vec<&str> = Vec::new();
    loop {
        // The earliest whole-word match of a term not yet explained in this text.
        let hit = GLOSSED_IDS
            .iter()
            .filter(|id| !used.contains(id))
            .filter_map(|id| {
                let word = Glossary::word(id)?;
                let i = find_word(rest, word)?;
                Some((i, *id, word))
            })
            .min_by_key(|(i, _, _)| *i);
        let Some((i, id, word)) = hit else { break };
        used.push(id);
        parts.push(&rest[..i]);
        parts.push(term_markup(id, word, at));
        rest = &rest[i + word.len()..];
    }
    parts.push(rest);
    parts
}

/// Where `word` stands in `text` as a whole word (not inside a longer one). Letters and digits
/// are ASCII ones: the box's texts are written in plain English (their only other characters
/// are dashes and ellipses), and Unicode's letter tables would cost the page 2 KB.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word).map(|i| i + from) {
        let end = i + word.len();
        let before = text[..i].bytes().next_back();
        let after = text[end..].bytes().next();
        if !before.is_some_and(|b| b.is_ascii_alphanumeric())
            && !after.is_some_and(|b| b.is_ascii_alphanumeric())
        {
            return Some(i);
        }
        from = end;
    }
    None
}

/// A word with a tooltip of its own text (not from the glossary), shown on hover and focus.
pub fn term_text(label: &str, def: String, tip: String) -> Html {
    show(tip_markup(label, &def, &tip))
}

/// The glossary id of a resource: its content key.
pub fn res_term(r: Res) -> &'static str {
    r.key()
}

/// A level as the sheets write it (the box's one writer of Roman numerals).
pub use crate::content::cards::roman;
