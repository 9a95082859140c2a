//! Held skills and conditions (active, and waiting for the next level, with tokens and rounds).

use crate::content::CardDb;
use crate::engine::cards::{ConditionCard, Skill};
use crate::engine::words;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{sentence, term};
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

/// A skill card (in hand or to choose from).
pub fn skill_card(db: &CardDb, k: &Skill, extra: Html) -> Html {
    html! {
        <article class="card skill-card" aria-label={format!("Skill: {}", k.name)}>
            <h3 class="card-title">{ k.name.clone() }</h3>
            <p class="card-text">{ k.text.clone() }</p>
            <ul class="rules small">{ for skill_rules(db, k).into_iter().map(|r| html! { <li>{ r }</li> }) }</ul>
            { words_file::flavour_tap("skills", &k.id) }
            { extra }
        </article>
    }
}

pub fn condition_card(db: &CardDb, c: &ConditionCard, status: String, extra: Html) -> Html {
    html! {
        <article class="card condition-card" aria-label={format!("Condition: {}", c.name)}>
            <h3 class="card-title">{ c.name.clone() }</h3>
            <p class="badge">{ status }</p>
            <p class="card-text">{ c.text.clone() }</p>
            <ul class="rules small">{ for condition_rules(db, c).into_iter().map(|r| html! { <li>{ r }</li> }) }</ul>
            { words_file::flavour_tap("conditions", &c.id) }
            { extra }
        </article>
    }
}

pub fn skills(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    let cards = s.skills.iter().enumerate().filter_map(|(i, k)| {
        let card = db.skill(*k)?;
        // The skill's actions are on the tray when they can be taken.
        let _ = i;
        Some(skill_card(db, card, html! {}))
    });
    html! {
        <section class="panel skills" aria-labelledby="skills-h">
            <h2 id="skills-h" class="sheet-title">{ term("skill", "Skills", "-h") }{ format!(" ({})", s.skills.len()) }</h2>
            if s.skills.is_empty() {
                <p class="muted">{ "No skills yet. Defeat a monster to gain one." }</p>
            } else {
                <div class="cards">{ for cards }</div>
            }
        </section>
    }
}

pub fn conditions(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    let show = |next: bool| {
        s.conditions
            .iter()
            .filter(move |h| h.next_level == next)
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
                Some(condition_card(db, c, st.join(", "), html! {}))
            })
            .collect::<Html>()
    };
    let active = s.conditions.iter().filter(|h| !h.next_level).count();
    let next = s.conditions.len() - active;
    html! {
        <section class="panel conditions" aria-labelledby="cond-h">
            <h2 id="cond-h" class="sheet-title">{ term("condition", "Conditions", "-h") }</h2>
            <h3>{ format!("Active ({active})") }</h3>
            if active == 0 { <p class="muted">{ "None." }</p> } else { <div class="cards">{ show(false) }</div> }
            <h3>{ format!("For the next level ({next})") }</h3>
            if next == 0 { <p class="muted">{ "None." }</p> } else { <div class="cards">{ show(true) }</div> }
        </section>
    }
}
