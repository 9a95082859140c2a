//! The weapon sheet in hand (the tray holds its attack and craft buttons): its attack options (with costs after monster surcharges and power
//! after passives), its upgrade paths with their costs, and the permanent downgrade (p. 15).

use crate::engine::cards::AttackKind;
use crate::engine::{derived, words, Action};
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{act_btn_full, term, Glossary};
use crate::ui::widgets::icon::{emblem, ArtKind};
use crate::ui::widgets::words_file;
use yew::prelude::*;

pub struct Props {
    pub view: View,
    pub on_act: Callback<Action>,
}

pub fn weapon_sheet(p: &Props) -> Html {
    let v = &p.view;
    let db = v.db();
    let s = v.s();
    let Some(w) = derived::weapon(s, db) else {
        return html! {};
    };
    let attacks = w.attacks.iter().enumerate().map(|(i, at)| {
        let power = derived::attack_power(s, db, at.kind, at.power, 0);
        let cost = derived::attack_cost(s, db, &at.cost);
        let (kind, gl) = match at.kind {
            AttackKind::ArmorBreaking => ("Armor-Breaking", "armor_breaking"),
            AttackKind::Wounding => ("Wounding", "wounding"),
        };
        let note = if power != at.power {
            format!("power {power} now (printed {})", at.power)
        } else {
            format!("power {power}")
        };
        html! {
            <li class="attack">
                <span class="attack-kind">{ term(gl, kind, &format!("-w{i}")) }</span>
                <span class="attack-info">{ format!("{note}; costs {}{}", cost.describe(), if at.pierce { "; ignores armor" } else { "" }) }</span>
            </li>
        }
    });
    let upgrades = w.upgrades.iter().map(|u| {
        let to = db.weapon(u.to.idx);
        let name = to.map(|t| t.name.clone()).unwrap_or_default();
        let cost = derived::craft_cost(s, db, &u.cost);
        let preview = to
            .map(|t| {
                t.attacks
                    .iter()
                    .map(|at| {
                        format!(
                            "{} {} for {}",
                            match at.kind {
                                AttackKind::ArmorBreaking => "Armor-Breaking",
                                AttackKind::Wounding => "Wounding",
                            },
                            at.power,
                            at.cost.describe()
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            })
            .unwrap_or_default();
        html! {
            <li class="upgrade">
                <span class="upgrade-info">{ format!("→ {name}: costs {}. Attacks: {preview}.", cost.describe()) }</span>
            </li>
        }
    });
    let set_aside: Vec<String> = s
        .combat
        .set_aside
        .iter()
        .filter_map(|w| db.weapon(*w).map(|w| w.name.clone()))
        .collect();
    let below = if s.weapons.len() > 1 {
        db.weapon(s.weapons[s.weapons.len() - 2])
            .map(|w| w.name.clone())
    } else {
        None
    };
    html! {
        <section class="panel sheet weapon-sheet" aria-labelledby="weapon-h">
            <div class="card-head">
                <div class="art-band">{ emblem(ArtKind::Weapon, &w.id, None) }</div>
                <h2 id="weapon-h" class="sheet-title">{ format!("Weapon: {}", w.name) }
                    <span class="kind">{ if w.basic { " (basic)" } else { " (advanced)" } }</span></h2>
            </div>
            <p class="flavour">{ words_file::flavour("weapons", &w.id) }</p>
            if !w.passives.is_empty() {
                <p>{ term("passive", "", "-w") }{ ": " }{ w.passives.iter().map(words::passive).collect::<Vec<_>>().join("; ") }</p>
            }
            if !set_aside.is_empty() {
                <p class="notice">{ format!("Set aside for {} more turn(s): {}", s.combat.set_aside_turns, set_aside.join(", ")) }</p>
            }
            <h3>{ "Attack options" }</h3>
            <ul class="attacks">{ for attacks }</ul>
            <h3>{ term("craft", "Upgrade options", "-w") }</h3>
            if w.upgrades.is_empty() {
                <p class="muted">{ "This weapon cannot be upgraded." }</p>
            } else {
                <ul class="upgrades" id="upgrades">{ for upgrades }</ul>
            }
            <div class="downgrade">
                { act_btn_full(v, &p.on_act, Action::Downgrade,
                    match below { Some(b) => format!("Downgrade to the {b} for good"), None => v.label(&Action::Downgrade) }, "small quiet",
                    Glossary::get("downgrade").map(|(_, d)| d.to_string())) }
            </div>
        </section>
    }
}
