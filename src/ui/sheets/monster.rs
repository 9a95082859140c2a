//! The monster card: face down until revealed; then its art, name, Armor and Health (icon +
//! number, now of printed), DEFEND, the six-row combat table with the row of the current roll
//! lit and the die beside it, and its rules (ambush, trickery, passives, responses, reward) —
//! flavour folded away. On a phone a strip (name, Armor, Health, DEFEND, last roll) stands for
//! it and opens the whole card as a bottom sheet.

use crate::engine::cards::{Monster, Trigger};
use crate::engine::state::MonsterState;
use crate::engine::{text, view as derived, Action, Pending};
use crate::ui::panels::dice::die_face;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{ctl_btn, roman, sentence, term, Ctl, Db, Glossary};
use crate::ui::widgets::delta::Delta;
use crate::ui::widgets::icon::{emblem, icon, ArtKind, IconKind};
use yew::prelude::*;

/// The roll the card shows: the die as rolled and the row it lands on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shown {
    pub die: u8,
    pub row: u8,
    /// The roll is waiting for responses (not applied yet).
    pub pending: bool,
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub db: Db,
    pub level: u8,
    /// The monster on the table (None: face down).
    pub monster: Option<MonsterState>,
    /// The monster's own actions (some sheets have one).
    pub actions: Vec<Ctl>,
    pub on_act: Callback<Action>,
    /// The roll to show and light, if any.
    pub rolled: Option<Shown>,
    /// Travel Phase: the combat table folds away (the tray needs the room).
    pub folded: bool,
    /// The card is open as a bottom sheet (phones).
    pub open: bool,
    pub on_open: Callback<bool>,
}

impl Props {
    /// `last`: the monster's last applied roll in this battle (die, row), from the events.
    pub fn of(
        v: &View,
        on_act: &Callback<Action>,
        last: Option<(u8, u8)>,
        open: bool,
        on_open: &Callback<bool>,
    ) -> Props {
        let s = v.s();
        let db = v.db();
        let n = s
            .monster
            .as_ref()
            .and_then(|m| db.monster(m.card))
            .map(|m| m.actions.len())
            .unwrap_or(0);
        // In the window after the monster's roll, the roll on the table is the engine's
        // current one (responses may have changed it); otherwise the last one applied.
        let rolled = match &s.pending {
            Pending::Respond {
                trigger: Trigger::MonsterRoll,
                ..
            } => Some(Shown {
                die: s.combat.roll.clamp(0, 99) as u8,
                row: derived::final_roll(s, db),
                pending: true,
            }),
            _ => last.map(|(die, row)| Shown {
                die,
                row,
                pending: false,
            }),
        };
        Props {
            db: Db(v.game.db_arc()),
            level: s.level,
            monster: s.monster.clone(),
            actions: (0..n)
                .map(|i| Ctl::of(v, Action::MonsterAction(i as u8)))
                .collect(),
            on_act: on_act.clone(),
            rolled,
            folded: derived::in_travel(s),
            open,
            on_open: on_open.clone(),
        }
    }
}

#[function_component(MonsterSheet)]
pub fn monster_sheet(p: &Props) -> Html {
    let db = &p.db.0;
    let Some(ms) = p.monster.as_ref() else {
        return html! {
            <section class="monster-zone face-down" aria-labelledby="monster-h">
                <div class="card monster-card card-back" data-sheet="monster">
                    <div class="card-back-art" aria-hidden="true"></div>
                    <h2 id="monster-h" class="card-title">{ format!("Monster of level {}", roman(p.level)) }</h2>
                    <p class="small">{ "Face down. Scout reveals it now; otherwise it shows itself when you face it, or when it ambushes you." }</p>
                </div>
            </section>
        };
    };
    let Some(m) = db.monster(ms.card) else {
        return html! {};
    };
    let open = {
        let on = p.on_open.clone();
        Callback::from(move |_: MouseEvent| on.emit(true))
    };
    let close = {
        let on = p.on_open.clone();
        Callback::from(move |_: MouseEvent| on.emit(false))
    };
    let onkeydown = {
        let on = p.on_open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                on.emit(false)
            }
        })
    };
    let last = p
        .rolled
        .map(|r| html! { <span class="strip-roll">{ format!("rolled {}", r.row) }</span> });
    html! {
        <section class={classes!("monster-zone", p.open.then_some("open"))} aria-label={format!("Monster: {}", m.name)}>
            <button type="button" class="monster-strip" onclick={open} aria-haspopup="dialog" aria-expanded={p.open.to_string()}>
                <span class="strip-name">{ m.name.clone() }</span>
                <span class="strip-stat strip-armor">{ icon(IconKind::Armor) }{ ms.armor }</span>
                <span class="strip-stat strip-health">{ icon(IconKind::Health) }{ ms.health }</span>
                if ms.defending { <span class="badge defend">{ "DEFEND" }</span> }
                { for last }
            </button>
            <div class="card monster-card" data-sheet="monster" aria-labelledby="monster-h"
                role={p.open.then_some("dialog")} aria-modal={p.open.then_some("true")} {onkeydown}>
                { card_head(m, ms, close) }
                { rules(db, m, p) }
                if p.folded && !p.open {
                    <details class="table-fold"><summary>{ "Combat table" }</summary>{ table(db, m, p.rolled) }</details>
                } else {
                    { table(db, m, p.rolled) }
                }
            </div>
        </section>
    }
}

fn card_head(m: &Monster, ms: &MonsterState, close: Callback<MouseEvent>) -> Html {
    html! {
        <header class="card-band monster-band">
            <div class="band-art">{ emblem(ArtKind::Monster, &m.id, None) }</div>
            <div class="band-text">
                <h2 id="monster-h" class="card-title">{ m.name.clone() }</h2>
                <p class="epithet small">{ format!("Level {} monster{}", roman(m.level), if m.epithet.is_empty() { String::new() } else { format!(" · “{}”", m.epithet) }) }</p>
            </div>
            <dl class="monster-stats">
                <div class="stat"><dt>{ icon(IconKind::Armor) }{ term("armor", "", "-m") }</dt>
                    <dd><strong class="value" id="armor-value">{ format!("{} of {}", ms.armor, ms.max_armor) }</strong><Delta value={i64::from(ms.armor)} /></dd></div>
                <div class="stat"><dt>{ icon(IconKind::Health) }{ term("health", "", "-m") }</dt>
                    <dd><strong class="value" id="health-value">{ format!("{} of {}", ms.health, ms.max_health) }</strong><Delta value={i64::from(ms.health)} /></dd></div>
            </dl>
            if ms.defending { <p class="badge defend" role="note">{ term("defend", "DEFENDING", "-m") }{ ": your next weapon attack misses" }</p> }
            <button type="button" class="sheet-close small quiet" onclick={close}>{ "Close" }</button>
        </header>
    }
}

fn rules(db: &crate::content::CardDb, m: &Monster, p: &Props) -> Html {
    let ambush = if m.ambush.is_empty() {
        "none".to_string()
    } else {
        sentence(&text::effects(db, &m.ambush))
    };
    let trick = match &m.trickery {
        Some(c) => format!("pay {}", c.describe()),
        None => "cannot be tricked".into(),
    };
    html! {
        <div class="monster-rules small">
            <dl class="chips">
                <div><dt>{ term("ambush", "", "-m") }</dt><dd>{ ambush }</dd></div>
                <div><dt>{ term("trickery", "", "-m") }</dt><dd>{ trick }</dd></div>
                <div><dt>{ "Reward" }</dt><dd>{ m.reward.describe() }</dd></div>
            </dl>
            <details class="flavour-more"><summary>{ "Lore" }</summary><p class="flavour">{ m.flavour.clone() }</p></details>
            if !m.passives.is_empty() || !m.responses.is_empty() {
                <ul class="rules">
                    { for m.passives.iter().enumerate().map(|(i, x)| html! { <li><span class="tag">{ term("passive", "Passive", &format!("-mp{i}")) }</span>{ " " }{ sentence(&text::passive(x)) }</li> }) }
                    { for m.responses.iter().enumerate().map(|(i, r)| {
                        let mandatory = !r.optional.unwrap_or(false);
                        html! { <li><span class="tag">{ term("response", "Response", &format!("-mr{i}")) }{ if mandatory { " (mandatory)" } else { " (optional)" } }</span>{ " " }{ text::response(db, r) }</li> }
                    }) }
                </ul>
            }
            if !p.actions.is_empty() {
                <div class="row">{ for p.actions.iter().map(|c| ctl_btn(c, &p.on_act, "small", None)) }</div>
            }
        </div>
    }
}

fn table(db: &crate::content::CardDb, m: &Monster, rolled: Option<Shown>) -> Html {
    let rows = m.table.iter().enumerate().map(|(i, r)| {
        let roll = i as u8 + 1;
        let hit = rolled.is_some_and(|x| x.row == roll);
        let eff = if r.effects.is_empty() {
            "no effect".to_string()
        } else {
            text::effects(db, &r.effects)
        };
        let verb = r.verb.to_ascii_lowercase();
        html! {
            <tr class={hit.then_some("rolled")} aria-current={hit.then_some("true")}>
                <th scope="row">{ roll }</th>
                <td class="verb">{ if Glossary::get(&verb).is_some() {
                    term(&verb, &r.verb, &format!("-row{i}"))
                } else { html! { { r.verb.clone() } } } }</td>
                <td>{ sentence(&eff) }
                    if !r.alt.is_empty() { <span class="alt">{ format!(" [if it cannot apply: {}]", text::effects(db, &r.alt)) }</span> }
                    if hit { <strong class="rolled-tag">{ " ← this roll" }</strong> }
                </td>
            </tr>
        }
    });
    let die = match rolled {
        Some(r) => html! {
            <div class={classes!("table-die", r.pending.then_some("pending"))} aria-live="off">
                { die_face(r.die) }
                <p class="die-caption small">
                    { if r.die == r.row { format!("Rolled {}", r.die) } else { format!("Rolled {} → row {}", r.die, r.row) } }
                    if r.pending { <span>{ " (waiting for responses)" }</span> }
                </p>
            </div>
        },
        None => {
            html! { <div class="table-die empty"><p class="die-caption small muted">{ "No roll yet" }</p></div> }
        }
    };
    html! {
        <div class="combat">
            <table class="combat-table">
                <caption class="visually-hidden">{ "Combat table: the monster's roll, 1–6" }</caption>
                <thead><tr><th scope="col">{ "Roll" }</th><th scope="col">{ "Action" }</th><th scope="col">{ "Effect" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            { die }
        </div>
    }
}
