//! The monster sheet: face down until revealed; then its name, Armor/Health, ambush, trickery,
//! passives and responses, actions, the six-row combat table with alternatives (the row just
//! rolled highlighted), reward and flavour.

use crate::engine::state::MonsterState;
use crate::engine::words;
use crate::ui::panels::dice::die_face;
use crate::ui::panels::hud::delta;
use crate::ui::reducer::{Counter, Model, View};
use crate::ui::widgets::controls::{glossed, roman, sentence, term, term_text, Db, Glossary};
use crate::ui::widgets::icon::{emblem, icon_labelled, ArtKind, IconKind};
use crate::ui::widgets::words_file;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub db: Db,
    pub level: u8,
    /// The monster on the table (None: face down).
    pub monster: Option<MonsterState>,
    /// The final combat roll just made, if any (highlighted).
    pub rolled: Option<u8>,
    /// The roll term by term ("3 + 1 = 4") while a response window reacts to it.
    pub roll_text: Option<AttrValue>,
    /// On a phone the card is a strip; the full sheet opens as a bottom sheet.
    pub open: bool,
    pub on_toggle: Callback<()>,
    /// The counters the last move changed (armor and health show theirs).
    pub deltas: Rc<Vec<(Counter, i16)>>,
    pub rev: u64,
}

impl Props {
    /// `last`: the row of the monster's last roll applied in this battle. In the window after
    /// its roll the row lit is the engine's current one (responses may have changed it).
    pub fn of(v: &View, last: Option<u8>, m: &Model) -> Props {
        let s = v.s();
        let (rolled, roll_text) = match &s.pending {
            crate::engine::Pending::Respond { about: Some(r), .. } => (
                Some(r.result),
                Some(AttrValue::from(words::combat_roll(v.db(), s, r))),
            ),
            _ => (last, None),
        };
        Props {
            db: Db(v.game.db_arc()),
            level: s.level,
            monster: s.monster.clone(),
            rolled,
            roll_text,
            open: false,
            on_toggle: Callback::noop(),
            deltas: m.deltas.clone(),
            rev: m.rev,
        }
    }
}

/// A monster keyword's glossary id (its name in `content/monsters.json`), for the passives a
/// monster sheet prints; build.rs makes sure each has an entry.
fn keyword(p: &crate::content::cards::Passive) -> Option<&'static str> {
    use crate::content::cards::Passive;
    match p {
        Passive::WoundCap(_) => Some("wound_cap"),
        Passive::WeakWounding { .. } => Some("weak_wounding"),
        Passive::Surcharge(_) => Some("surcharge"),
        _ => None,
    }
}

#[function_component(MonsterSheet)]
pub fn monster_sheet(p: &Props) -> Html {
    let db = &p.db.0;
    let s = p;
    let Some(ms) = s.monster.as_ref() else {
        return html! {
            <section class="panel sheet monster-sheet face-down" aria-labelledby="monster-h">
                <div class="monster-top">
                    <div class="card-back" aria-hidden="true">{ "?" }</div>
                    <div class="monster-name">
                        <h2 id="monster-h" class="sheet-title">{ format!("Monster of level {} (face down)", roman(s.level)) }</h2>
                        <p class="small muted">{ "Not revealed yet. Scout to reveal it now; otherwise it is revealed when you face it or when it ambushes you." }</p>
                    </div>
                </div>
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
            words::effects(db, &r.effects)
        };
        html! {
            <tr class={hit.then_some("rolled")} aria-current={hit.then_some("true")}>
                <th scope="row">{ roll }</th>
                <td class="verb">{ if Glossary::get(&r.verb.to_ascii_lowercase()).is_some() {
                    term(&r.verb.to_ascii_lowercase(), &r.verb, &format!("-row{i}"))
                } else {
                    // A monster's own verb: its tooltip names it for the cards that react to it.
                    term_text(&r.verb, format!("{}: this monster's name for the result of a {roll}. \
                        What it does is written beside it; a card that ignores {} results makes it do nothing.", r.verb, r.verb),
                        format!("tip-verb-{i}"))
                } }</td>
                <td>{ glossed(&sentence(&eff), &format!("-r{i}")) }
                    if !r.alt.is_empty() { <span class="alt">{ glossed(&format!(" [if it cannot apply: {}]", words::effects(db, &r.alt)), &format!("-ra{i}")) }</span> }
                    if hit { <strong class="rolled-tag">{ " ← just rolled" }</strong> }
                </td>
            </tr>
        }
    });
    let ambush = if m.ambush.is_empty() {
        "— (no ambush effect)".to_string()
    } else {
        sentence(&words::effects(db, &m.ambush))
    };
    let trick = match &m.trickery {
        Some(c) => format!("pay {}", c.describe()),
        None => "— (cannot be tricked)".into(),
    };
    let toggle = {
        let t = p.on_toggle.clone();
        Callback::from(move |_: MouseEvent| t.emit(()))
    };
    let die = p.rolled.map(|r| {
        html! {
            <div class="monster-die" id="monster-die">
                { die_face(r) }
                <span class="die-text">{ match &p.roll_text {
                    Some(t) => format!("Rolled {t}"),
                    None => format!("Last roll {r}"),
                } }</span>
            </div>
        }
    });
    html! {
        <section class={classes!("panel", "sheet", "monster-sheet", p.open.then_some("open"))} aria-labelledby="monster-h">
            <div class="monster-top">
                <div class="art-band">{ emblem(ArtKind::Monster, &m.id, None) }</div>
                <div class="monster-name">
                    <h2 id="monster-h" class="sheet-title">{ m.name.clone() }<span class="kind">{ format!(" · level {}", roman(m.level)) }</span></h2>
                    if !m.epithet.is_empty() { <p class="epithet">{ format!("“{}”", m.epithet) }</p> }
                </div>
                <ul class="monster-stats">
                    <li class="stat">{ icon_labelled(IconKind::Armor, "Armor") }<span class="stat-n" id="m-armor">{ ms.armor }</span><span class="muted small">{ format!("/{}", ms.max_armor) }</span>{ delta(&p.deltas, Counter::Armor, p.rev) }</li>
                    <li class="stat">{ icon_labelled(IconKind::Health, "Health") }<span class="stat-n" id="m-health">{ ms.health }</span><span class="muted small">{ format!("/{}", ms.max_health) }</span>{ delta(&p.deltas, Counter::Health, p.rev) }</li>
                    if ms.defending { <li class="badge defend">{ term("defend", "DEFEND", "-m") }</li> }
                </ul>
                { for die }
                <button type="button" class="small quiet monster-more-btn" aria-expanded={p.open.to_string()} aria-controls="monster-more" onclick={toggle}>
                    { if p.open { "Close the sheet" } else { "Monster sheet" } }</button>
            </div>
            <div class="monster-more" id="monster-more">
            <table class="combat-table">
                <caption>{ "Combat actions (the monster's roll, 1–6)" }</caption>
                <thead><tr><th scope="col">{ "Roll" }</th><th scope="col">{ "Action" }</th><th scope="col">{ "Effect" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <dl class="stats">
                <dt>{ term("ambush", "", "-m") }</dt><dd>{ ambush }</dd>
                <dt>{ term("trickery", "", "-m") }</dt><dd>{ trick }</dd>
                <dt>{ "Reward" }</dt><dd>{ m.reward.describe() }</dd>
            </dl>
            if !m.passives.is_empty() {
                <ul class="rules">
                    { for m.passives.iter().enumerate().map(|(i, x)| html! { <li><span class="tag">{ match keyword(x) {
                        Some(k) => term(k, "", &format!("-mp{i}")),
                        None => term("passive", "Passive", &format!("-mp{i}")),
                    } }</span>{ " " }{ sentence(&words::passive(x)) }</li> }) }
                </ul>
            }
            if !m.responses.is_empty() {
                <ul class="rules">
                    { for m.responses.iter().enumerate().map(|(i, r)| {
                        let mandatory = !r.optional.unwrap_or(false);
                        html! { <li><span class="tag">{ term("response", "Response", &format!("-mr{i}")) }{ if mandatory { " (mandatory)" } else { " (optional)" } }</span>{ " " }{ words::response(db, r) }</li> }
                    }) }
                </ul>
            }
            <p class="flavour">{ words_file::flavour("monsters", &m.id) }</p>
            </div>
        </section>
    }
}
