//! The weapon sheet in hand (the tray holds its attack and craft buttons): its attack options (with costs after monster surcharges and power
//! after passives), its upgrade paths with their costs, and the permanent downgrade (p. 15).

use crate::engine::cards::AttackKind;
use crate::engine::res::Bundle;
use crate::engine::{derived, words, Action};
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{ctl_btn, term, Ctl, Db, Glossary};
use crate::ui::widgets::icon::{emblem, ArtKind};
use crate::ui::widgets::words_file;
use yew::prelude::*;

/// What the sheet shows, the engine's figures already worked out (compared: the sheet is drawn
/// again only when one of them changed).
#[derive(PartialEq)]
pub struct Props {
    pub db: Db,
    /// The weapon in hand (none before the game has one).
    pub weapon: Option<u16>,
    /// Each attack's power and cost now (passives and surcharges applied).
    pub attacks: Vec<(u8, Bundle)>,
    /// Each upgrade path's cost now.
    pub upgrades: Vec<Bundle>,
    /// Weapons set aside in this battle, and for how many more turns.
    pub set_aside: Vec<u16>,
    pub set_aside_turns: u8,
    /// The permanent downgrade, in words and with the rule's verdict.
    pub downgrade: Ctl,
    pub on_act: Callback<Action>,
    /// Whether the words file (the weapon's flavour line) is there.
    pub words: bool,
}

impl Props {
    pub fn of(v: &View, on_act: Callback<Action>) -> Props {
        let db = v.db();
        let s = v.s();
        let w = derived::weapon(s, db);
        let attacks = w
            .map(|w| {
                w.attacks
                    .iter()
                    .map(|at| {
                        let power = derived::attack_power(s, db, at.kind, at.power, 0);
                        (power, derived::attack_cost(s, db, &at.cost))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let upgrades = w
            .map(|w| {
                w.upgrades
                    .iter()
                    .map(|u| derived::craft_cost(s, db, &u.cost))
                    .collect()
            })
            .unwrap_or_default();
        let below = if s.weapons.len() > 1 {
            db.weapon(s.weapons[s.weapons.len() - 2])
                .map(|w| w.name.clone())
        } else {
            None
        };
        let label = match below {
            Some(b) => format!("Downgrade to the {b} for good"),
            None => v.label(&Action::Downgrade),
        };
        Props {
            db: Db(v.game.db_arc()),
            weapon: s.weapons.last().copied(),
            attacks,
            upgrades,
            set_aside: s.combat.set_aside.clone(),
            set_aside_turns: s.combat.set_aside_turns,
            downgrade: Ctl {
                action: Action::Downgrade,
                label,
                status: v.status(&Action::Downgrade),
            },
            on_act,
            words: crate::ui::widgets::words_file::ready(),
        }
    }
}

pub fn weapon_sheet(p: &Props) -> Html {
    let db = &p.db.0;
    let Some(w) = p.weapon.and_then(|w| db.weapon(w)) else {
        return html! {};
    };
    let attacks = w.attacks.iter().enumerate().map(|(i, at)| {
        let (power, cost) = p.attacks.get(i).copied().unwrap_or((at.power, at.cost));
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
    let upgrades = w.upgrades.iter().enumerate().map(|(i, u)| {
        let to = db.weapon(u.to.idx);
        let name = to.map(|t| t.name.clone()).unwrap_or_default();
        let cost = p.upgrades.get(i).copied().unwrap_or(u.cost);
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
    let set_aside: Vec<String> = p
        .set_aside
        .iter()
        .filter_map(|w| db.weapon(*w).map(|w| w.name.clone()))
        .collect();
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
                <p class="notice">{ format!("Set aside for {} more turn(s): {}", p.set_aside_turns, set_aside.join(", ")) }</p>
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
                { ctl_btn(&p.downgrade, &p.on_act, "small quiet",
                    Glossary::get("downgrade").map(|(_, d)| d.to_string())) }
            </div>
        </section>
    }
}
