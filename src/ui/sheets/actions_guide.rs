//! The Actions Guide: Focus, Inspiration, Plan, Craft, Orienteer and Scout (p. 21), plus the
//! Decision Step's choice: Explore or Face the monster (p. 22). A reference card in a drawer:
//! the tray holds the buttons of the actions the rules allow now.

use crate::engine::cards::Timing;
use crate::engine::words;
use crate::markup;
use crate::records::markup::Markup;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{sentence, term_markup};
use crate::ui::widgets::markup::show;
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
fn name_cell(name: &str, term_id: Option<&str>) -> Markup {
    match term_id {
        Some(id) => term_markup(id, name, "-guide"),
        None => markup!("<span class=\"guide-name\">{}</span>", name),
    }
}

/// One row of the guide.
fn row(m: &mut Markup, kind: &str, control: Markup, spend: &str, gain: &str) {
    markup!(
        m,
        "<tr><th scope=\"row\">{}<span class=\"kind\">{}</span></th><td data-label=\"Spend\">{}</td>\
         <td data-label=\"Gain\">{}</td></tr>",
        control,
        kind,
        spend,
        gain
    );
}

/// The guide, written as markup: a reference card with nothing interactive but its tooltips
/// (text costs the first download far less than element-by-element code).
pub fn actions_guide(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    let mut m = Markup::lit(
        "<section class=\"panel actions-guide\" aria-labelledby=\"guide-h\">\
         <h2 id=\"guide-h\" class=\"sheet-title\">Actions Guide</h2><table class=\"guide\"><thead><tr>\
         <th scope=\"col\">Action</th><th scope=\"col\">Spend</th><th scope=\"col\">Gain</th></tr></thead><tbody>",
    );
    for g in &db.params.general_actions {
        let kind = match g.timing {
            Timing::Travel => "Travel action",
            Timing::Combat => "Combat action",
            Timing::General => "General action",
        };
        row(
            &mut m,
            kind,
            name_cell(&g.name, term_id(&g.name)),
            &g.cost.describe(),
            &sentence(&words::effects(db, &g.effects)),
        );
        if g.name == "Plan" {
            craft_row(&mut m);
        }
    }
    if !db.params.general_actions.iter().any(|g| g.name == "Plan") {
        craft_row(&mut m);
    }
    let scout = db
        .params
        .scout
        .get(s.level.saturating_sub(1) as usize)
        .copied()
        .unwrap_or_default();
    row(
        &mut m,
        "Travel action",
        name_cell("Scout", Some("scout")),
        &format!("{} (level {})", scout.describe(), s.level),
        "Reveal this level's monster",
    );
    m.lit_push("</tbody></table></section>");
    show(m)
}

/// Craft: the costs are on the weapon sheet; the tray offers each path the player can pay for.
fn craft_row(m: &mut Markup) {
    row(
        m,
        "General action",
        name_cell("Craft", None),
        "As shown on your weapon sheet",
        "Upgrade your weapon",
    );
}
