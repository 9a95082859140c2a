//! The Actions Guide as printed (p. 21): Focus, Inspiration, Plan, Craft, Orienteer and Scout
//! with what each spends and gains, and the Decision Step's choice (p. 22). Reference only: it
//! opens in a drawer, and the action tray holds the buttons of the actions it lists.

use crate::engine::cards::Timing;
use crate::engine::{text, view as derived};
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{sentence, Glossary};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub view: View,
}

#[function_component(ActionsGuide)]
pub fn actions_guide(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    let row = |name: String, kind: &str, spend: String, gain: String| {
        let help = Glossary::get(&name.to_ascii_lowercase()).map(|(_, d)| d);
        html! {
            <tr>
                <th scope="row">{ name }<span class="kind">{ kind.to_string() }</span>
                    if let Some(h) = help { <span class="small muted guide-help">{ h }</span> }</th>
                <td data-label="Spend">{ spend }</td>
                <td data-label="Gain">{ gain }</td>
            </tr>
        }
    };
    let mut rows = Vec::new();
    for g in &db.params.general_actions {
        let kind = match g.timing {
            Timing::Travel => "Travel action",
            Timing::Combat => "Combat action",
            Timing::General => "General action",
        };
        rows.push(row(
            g.name.clone(),
            kind,
            g.cost.describe(),
            sentence(&text::effects(db, &g.effects)),
        ));
        // Craft sits after Plan on the printed guide.
        if g.name == "Plan" {
            rows.push(row(
                "Craft".into(),
                "General action",
                "As shown on your weapon card".into(),
                "Upgrade your weapon".into(),
            ));
        }
    }
    let scout = derived::scout_cost(s, db);
    rows.push(row(
        "Scout".into(),
        "Travel action",
        format!("{} (level {})", scout.describe(), s.level),
        "Reveal this level's monster".into(),
    ));
    let count = derived::explore_count(s, db);
    html! {
        <section class="actions-guide" aria-labelledby="guide-h">
            <h3 id="guide-h">{ "Actions Guide" }</h3>
            <table class="guide">
                <thead><tr><th scope="col">{ "Action" }</th><th scope="col">{ "Spend" }</th><th scope="col">{ "Gain" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p class="small">{ format!("Decision: Explore (reveal {count} encounter card{}, keep one) or Face the monster.", if count == 1 { "" } else { "s" }) }</p>
        </section>
    }
}
