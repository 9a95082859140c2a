//! Held skills and conditions (active, and waiting for the next level, with tokens and rounds).

use crate::content::CardDb;
use crate::engine::cards::{ConditionCard, Skill};
use crate::engine::words;
use crate::markup;
use crate::records::markup::Markup;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{sentence, term_markup};
use crate::ui::widgets::markup::show;
use crate::ui::widgets::words_file;
use yew::prelude::*;

pub struct Props {
    pub view: View,
}

/// The rules of a skill card in the engine's words.
pub fn skill_rules(db: &CardDb, k: &Skill) -> Vec<String> {
    let mut out = Vec::new();
    for x in &k.passives {
        out.push(format!("Passive: {}", sentence(&words::passive(x))));
    }
    for r in &k.responses {
        out.push(format!("Response: {}", words::response(db, r)));
    }
    for a in &k.actions {
        out.push(format!(
            "Action — {}: {}",
            a.name,
            sentence(&words::action_def(db, a))
        ));
    }
    out
}

pub fn condition_rules(db: &CardDb, c: &ConditionCard) -> Vec<String> {
    let mut out = Vec::new();
    for x in &c.passives {
        out.push(format!("Passive: {}", sentence(&words::passive(x))));
    }
    for r in &c.responses {
        out.push(format!("Response (mandatory): {}", words::response(db, r)));
    }
    if c.permanent {
        out.push("Stays past the end of the level.".into());
    }
    out
}

// The cards are written as markup (text costs the first download far less than element-by-
// element code, and Yew leaves it as it is while it is unchanged); a card to choose from gets
// its button as `extra`, after the markup.

/// Rules as list items.
fn rules_markup(rules: Vec<String>) -> Markup {
    let mut m = Markup::lit("<ul class=\"rules small\">");
    for r in rules {
        markup!(m, "<li>{}</li>", r);
    }
    m.lit_push("</ul>");
    m
}

/// A skill card's text, from its title to its flavour.
fn skill_body(db: &CardDb, k: &Skill) -> Markup {
    markup!(
        "<h3 class=\"card-title\">{}</h3><p class=\"card-text\">{}</p>{}{}",
        k.name,
        k.text,
        rules_markup(skill_rules(db, k)),
        words_file::flavour_tap_markup("skills", &k.id)
    )
}

/// A condition card's text under its status badge, to its flavour.
fn condition_text(db: &CardDb, c: &ConditionCard) -> Markup {
    markup!(
        "<p class=\"card-text\">{}</p>{}{}",
        c.text,
        rules_markup(condition_rules(db, c)),
        words_file::flavour_tap_markup("conditions", &c.id)
    )
}

/// A skill card to choose from, with its button. (Built by Yew, as the cards of a choice are:
/// see `words_file::flavour_tap`.)
pub fn skill_card(db: &CardDb, k: &Skill, extra: Html) -> Html {
    html! {
        <article class="card skill-card" aria-label={format!("Skill: {}", k.name)}>
            <h3 class="card-title">{ k.name.clone() }</h3>
            <p class="card-text">{ k.text.clone() }</p>
            { show(rules_markup(skill_rules(db, k))) }
            { words_file::flavour_tap("skills", &k.id) }
            { extra }
        </article>
    }
}

/// A condition card to choose from, with its button.
pub fn condition_card(db: &CardDb, c: &ConditionCard, status: String, extra: Html) -> Html {
    html! {
        <article class="card condition-card" aria-label={format!("Condition: {}", c.name)}>
            <h3 class="card-title">{ c.name.clone() }</h3>
            <p class="badge">{ status }</p>
            <p class="card-text">{ c.text.clone() }</p>
            { show(rules_markup(condition_rules(db, c))) }
            { words_file::flavour_tap("conditions", &c.id) }
            { extra }
        </article>
    }
}

pub fn skills(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    // The skill's actions are on the tray when they can be taken: the sheet is text only.
    let mut m = markup!(
        "<section class=\"panel skills\" aria-labelledby=\"skills-h\"><h2 id=\"skills-h\" class=\"sheet-title\">\
         {} ({})</h2>",
        term_markup("skill", "Skills", "-h"),
        s.skills.len()
    );
    if s.skills.is_empty() {
        m.lit_push("<p class=\"muted\">No skills yet. Defeat a monster to gain one.</p>");
    } else {
        m.lit_push("<div class=\"cards\">");
        for card in s.skills.iter().filter_map(|k| db.skill(*k)) {
            markup!(
                m,
                "<article class=\"card skill-card\" aria-label=\"Skill: {}\">{}</article>",
                card.name,
                skill_body(db, card)
            );
        }
        m.lit_push("</div>");
    }
    m.lit_push("</section>");
    show(m)
}

/// The held conditions. Each card's words are markup, which Yew leaves as it is while its text
/// is unchanged; what moves change, the counts and a card's status (its rounds left, which
/// count down every round of a battle), is Yew's, so a round patches a text instead of parsing
/// the sheet again.
pub fn conditions(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    let cards = |next: bool| -> Html {
        s.conditions
            .iter()
            .filter(|h| h.next_level == next)
            .filter_map(|h| {
                let c = db.condition(h.card)?;
                let mut st = Vec::new();
                if h.tokens > 0 {
                    st.push(format!(
                        "{} token{}",
                        h.tokens,
                        if h.tokens == 1 { "" } else { "s" }
                    ));
                }
                if let Some(r) = h.rounds {
                    st.push(format!("{r} round{} left", if r == 1 { "" } else { "s" }));
                }
                st.push(if next {
                    "waits for the next level".into()
                } else {
                    "active".into()
                });
                Some(html! {
                    <article class="card condition-card" aria-label={format!("Condition: {}", c.name)}>
                        { show(markup!("<h3 class=\"card-title\">{}</h3>", c.name)) }
                        <p class="badge">{ st.join(", ") }</p>
                        { show(condition_text(db, c)) }
                    </article>
                })
            })
            .collect()
    };
    let active = s.conditions.iter().filter(|h| !h.next_level).count();
    let next = s.conditions.len() - active;
    let part = |n: usize, next: bool| {
        if n == 0 {
            show(Markup::lit("<p class=\"muted\">None.</p>"))
        } else {
            html! { <div class="cards">{ cards(next) }</div> }
        }
    };
    html! {
        <section class="panel conditions" aria-labelledby="cond-h">
            { show(markup!("<h2 id=\"cond-h\" class=\"sheet-title\">{}</h2>", term_markup("condition", "Conditions", "-h"))) }
            <h3>{ format!("Active ({active})") }</h3>
            { part(active, false) }
            <h3>{ format!("For the next level ({next})") }</h3>
            { part(next, true) }
        </section>
    }
}
