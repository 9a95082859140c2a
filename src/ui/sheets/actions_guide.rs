//! The Actions Guide: Focus, Inspiration, Plan, Craft, Orienteer and Scout (p. 21), plus the
//! Decision Step's choice: Explore or Face the monster (p. 22). A reference card in a drawer:
//! the tray holds the buttons of the actions the rules allow now.

use crate::engine::cards::Timing;
use crate::engine::words;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{sentence, term};
use yew::prelude::*;

pub struct Props {
    pub view: View,
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

/// An action's name, with its glossary tooltip when the glossary has the word.
fn name_cell(name: &str, term_id: Option<&str>) -> Html {
    match term_id {
        Some(id) => term(id, name, "-guide"),
        None => html! { <span class="guide-name">{ name.to_string() }</span> },
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
    let mut rows = Vec::new();
    for (i, g) in db.params.general_actions.iter().enumerate() {
        let _ = i;
        let kind = match g.timing {
            Timing::Travel => "Travel action",
            Timing::Combat => "Combat action",
            Timing::General => "General action",
        };
        rows.push(row(
            kind,
            name_cell(&g.name, term_id(&g.name)),
            g.cost.describe(),
            sentence(&words::effects(db, &g.effects)),
        ));
        // Craft sits after Plan on the printed guide.
        if g.name == "Plan" {
            rows.push(craft_row(&row));
        }
    }
    if !db.params.general_actions.iter().any(|g| g.name == "Plan") {
        rows.push(craft_row(&row));
    }
    let scout = db
        .params
        .scout
        .get(s.level.saturating_sub(1) as usize)
        .copied()
        .unwrap_or_default();
    rows.push(row(
        "Travel action",
        name_cell("Scout", Some("scout")),
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
        </section>
    }
}

/// Craft: the costs are on the weapon sheet; the tray offers each path the player can pay for.
fn craft_row(row: &dyn Fn(&str, Html, String, String) -> Html) -> Html {
    row(
        "General action",
        html! { <span class="guide-name">{ "Craft" }</span> },
        "As shown on your weapon sheet".into(),
        "Upgrade your weapon".into(),
    )
}
