//! The Actions Guide: Focus, Inspiration, Plan, Craft, Orienteer and Scout (p. 21), plus the
//! Decision Step's choice: Explore or Face the monster (p. 22). Each is a button enabled
//! exactly when the rules allow it.

use crate::engine::cards::Timing;
use crate::engine::{text, view as derived, Action};
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{act_btn, act_btn_full, plain_btn, sentence, Glossary};
use yew::prelude::*;

pub struct Props {
    pub view: View,
    pub on_act: Callback<Action>,
}

fn term_id(name: &str) -> Option<&'static str> {
    match name {
        "Focus" => Some("focus"),
        "Inspiration" => Some("inspiration"),
        "Plan" => Some("plan"),
        "Orienteer" => Some("orienteer"),
        _ => None,
    }
}

pub fn actions_guide(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    let row = |kind: &str, control: Html, spend: String, gain: String| {
        html! {
            <tr>
                <th scope="row">{ control }<span class="kind">{ kind.to_string() }</span></th>
                <td data-label="Spend">{ spend }</td>
                <td data-label="Gain">{ gain }</td>
            </tr>
        }
    };
    let help = |id: &str| Glossary::get(id).map(|(_, d)| d.to_string());
    let mut rows = Vec::new();
    for (i, g) in db.params.general_actions.iter().enumerate() {
        let a = Action::General(i as u8);
        let kind = match g.timing {
            Timing::Travel => "Travel action",
            Timing::Combat => "Combat action",
            Timing::General => "General action",
        };
        rows.push(row(
            kind,
            act_btn_full(
                v,
                &p.on_act,
                a,
                g.name.clone(),
                "small",
                term_id(&g.name).and_then(help),
            ),
            g.cost.describe(),
            sentence(&text::effects(db, &g.effects)),
        ));
        // Craft sits after Plan on the printed guide.
        if g.name == "Plan" {
            rows.push(craft_row(v, &row));
        }
    }
    if !db.params.general_actions.iter().any(|g| g.name == "Plan") {
        rows.push(craft_row(v, &row));
    }
    let scout = db
        .params
        .scout
        .get(s.level.saturating_sub(1) as usize)
        .copied()
        .unwrap_or_default();
    rows.push(row(
        "Travel action",
        act_btn_full(
            v,
            &p.on_act,
            Action::Scout,
            "Scout".into(),
            "small",
            help("scout"),
        ),
        format!("{} (level {})", scout.describe(), s.level),
        "Reveal this level's monster".into(),
    ));
    html! {
        <section class="panel actions-guide" aria-labelledby="guide-h">
            <h2 id="guide-h" class="sheet-title">{ "Actions Guide" }</h2>
            <table class="guide">
                <thead><tr><th scope="col">{ "Action" }</th><th scope="col">{ "Spend" }</th><th scope="col">{ "Gain" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <div class="decision">
                <h3>{ "Decision" }</h3>
                <p class="muted small">{ format!("Exploring reveals {} encounter card{}.", derived::explore_count(s, db), if derived::explore_count(s, db) == 1 { "" } else { "s" }) }</p>
                <div class="row">
                    { act_btn(v, &p.on_act, Action::Explore, "primary") }
                    { act_btn(v, &p.on_act, Action::Confront, "danger") }
                </div>
            </div>
        </section>
    }
}

/// Craft: the costs are on the weapon sheet; this button takes the player there.
fn craft_row(v: &View, row: &dyn Fn(&str, Html, String, String) -> Html) -> Html {
    let w = derived::weapon(v.s(), v.db());
    let n = w.map(|w| w.upgrades.len()).unwrap_or(0);
    let statuses: Vec<Result<(), String>> =
        (0..n).map(|i| v.status(&Action::Craft(i as u8))).collect();
    let reason = if n == 0 {
        Some("your weapon sheet shows no upgrade".to_string())
    } else if statuses.iter().any(|r| r.is_ok()) {
        None
    } else {
        statuses.into_iter().find_map(|r| r.err())
    };
    let go = Callback::from(|_| {
        if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| {
            d.query_selector("#upgrades button:not([aria-disabled='true'])")
                .ok()
                .flatten()
        }) {
            use wasm_bindgen::JsCast;
            if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                let _ = el.focus();
                el.scroll_into_view();
            }
        }
    });
    row(
        "General action",
        plain_btn("craft-go", "Craft…", reason, "small", go),
        "As shown on your weapon sheet (choose there)".into(),
        "Upgrade your weapon".into(),
    )
}
