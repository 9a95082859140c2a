//! The monster sheet: face down until revealed; then its name, Armor/Health, ambush, trickery,
//! passives and responses, actions, the six-row combat table with alternatives (the row just
//! rolled highlighted), reward and flavour.

use crate::engine::cards::Effect;
use crate::engine::state::MonsterState;
use crate::engine::{text, Action};
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{ctl_btn, roman, sentence, term, Ctl, Db, Glossary};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub db: Db,
    pub level: u8,
    /// The monster on the table (None: face down).
    pub monster: Option<MonsterState>,
    /// The monster's own actions (Scout's reveal aside, some sheets have one).
    pub actions: Vec<Ctl>,
    pub on_act: Callback<Action>,
    /// The final combat roll just made, if any (highlighted).
    pub rolled: Option<u8>,
}

impl Props {
    /// `last`: the row of the monster's last roll applied in this battle. In the window after
    /// its roll the row lit is the engine's current one (responses may have changed it).
    pub fn of(v: &View, on_act: &Callback<Action>, last: Option<u8>) -> Props {
        let s = v.s();
        let rolled = match &s.pending {
            crate::engine::Pending::Respond { about: Some(r), .. } => Some(r.result),
            _ => last,
        };
        let n = s
            .monster
            .as_ref()
            .and_then(|m| v.db().monster(m.card))
            .map(|m| m.actions.len())
            .unwrap_or(0);
        Props {
            db: Db(v.game.db_arc()),
            level: s.level,
            monster: s.monster.clone(),
            actions: (0..n)
                .map(|i| Ctl::of(v, Action::MonsterAction(i as u8)))
                .collect(),
            on_act: on_act.clone(),
            rolled,
        }
    }
}

/// Glossary chips for the keywords a row's effects use (Reduce, Downgrade, Condition).
fn keywords(effects: &[Effect], row: usize) -> Vec<Html> {
    let mut out = Vec::new();
    let mut add = |id: &str, word: &str| {
        out.push(html! { <span class="tag">{ term(id, word, &format!("-k{row}-{id}")) }</span> });
    };
    if effects.iter().any(|e| matches!(e, Effect::Reduce { .. })) {
        add("reduce", "Reduce");
    }
    if effects
        .iter()
        .any(|e| matches!(e, Effect::Downgrade { .. }))
    {
        add("downgrade", "Downgrade");
    }
    if effects
        .iter()
        .any(|e| matches!(e, Effect::Condition { .. }))
    {
        add("condition", "Condition");
    }
    out
}
#[function_component(MonsterSheet)]
pub fn monster_sheet(p: &Props) -> Html {
    let db = &p.db.0;
    let s = p;
    let Some(ms) = s.monster.as_ref() else {
        return html! {
            <section class="panel sheet monster-sheet face-down" aria-labelledby="monster-h">
                <h2 id="monster-h" class="sheet-title">{ format!("Monster of level {} (face down)", roman(s.level)) }</h2>
                <p>{ "Not revealed yet. Scout to reveal it now; otherwise it is revealed when you face it or when it ambushes you." }</p>
            </section>
        };
    };
    let Some(m) = db.monster(ms.card) else {
        return html! {};
    };
    let rows = m.table.iter().enumerate().map(|(i, r)| {
        let roll = i as u8 + 1;
        let hit = p.rolled == Some(roll);
        let eff = if r.effects.is_empty() {
            "no effect".to_string()
        } else {
            text::effects(db, &r.effects)
        };
        html! {
            <tr class={hit.then_some("rolled")} aria-current={hit.then_some("true")}>
                <th scope="row">{ roll }</th>
                <td class="verb">{ if Glossary::get(&r.verb.to_ascii_lowercase()).is_some() {
                    term(&r.verb.to_ascii_lowercase(), &r.verb, &format!("-row{i}"))
                } else { html! { { r.verb.clone() } } } }</td>
                <td>{ sentence(&eff) }
                    if !r.alt.is_empty() { <span class="alt">{ format!(" [if it cannot apply: {}]", text::effects(db, &r.alt)) }</span> }
                    { for keywords(&r.effects, i) }
                    if hit { <strong class="rolled-tag">{ " ← just rolled" }</strong> }
                </td>
            </tr>
        }
    });
    let ambush = if m.ambush.is_empty() {
        "— (no ambush effect)".to_string()
    } else {
        sentence(&text::effects(db, &m.ambush))
    };
    let trick = match &m.trickery {
        Some(c) => format!("pay {}", c.describe()),
        None => "— (cannot be tricked)".into(),
    };
    html! {
        <section class="panel sheet monster-sheet" aria-labelledby="monster-h">
            <h2 id="monster-h" class="sheet-title">{ format!("{} — level {} monster", m.name, roman(m.level)) }</h2>
            if !m.epithet.is_empty() { <p class="epithet">{ format!("“{}”, number {}", m.epithet, m.number) }</p> }
            <dl class="stats">
                <dt>{ term("armor", "", "-m") }</dt><dd>{ format!("{} (now {})", m.armor, ms.armor) }</dd>
                <dt>{ term("health", "", "-m") }</dt><dd>{ format!("{} (now {})", m.health, ms.health) }</dd>
                <dt>{ term("ambush", "", "-m") }</dt><dd>{ ambush }</dd>
                <dt>{ term("trickery", "", "-m") }</dt><dd>{ trick }</dd>
                <dt>{ "Reward" }</dt><dd>{ m.reward.describe() }</dd>
            </dl>
            if !m.passives.is_empty() {
                <ul class="rules">
                    { for m.passives.iter().enumerate().map(|(i, x)| html! { <li><span class="tag">{ term("passive", "Passive", &format!("-mp{i}")) }</span>{ " " }{ sentence(&text::passive(x)) }</li> }) }
                </ul>
            }
            if !m.responses.is_empty() {
                <ul class="rules">
                    { for m.responses.iter().enumerate().map(|(i, r)| {
                        let mandatory = !r.optional.unwrap_or(false);
                        html! { <li><span class="tag">{ term("response", "Response", &format!("-mr{i}")) }{ if mandatory { " (mandatory)" } else { " (optional)" } }</span>{ " " }{ text::response(db, r) }</li> }
                    }) }
                </ul>
            }
            if !m.actions.is_empty() {
                <div class="row">
                    { for p.actions.iter().map(|c| ctl_btn(c, &p.on_act, "small", None)) }
                </div>
            }
            <table class="combat-table">
                <caption>{ "Combat actions (the monster's roll, 1–6)" }</caption>
                <thead><tr><th scope="col">{ "Roll" }</th><th scope="col">{ "Action" }</th><th scope="col">{ "Effect" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p class="flavour">{ m.flavour.clone() }</p>
        </section>
    }
}
