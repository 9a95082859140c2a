//! The weapon sheet in hand (the tray holds its attack and craft buttons): its attack options (with costs after monster surcharges and power
//! after passives), its upgrade paths with their costs, and the permanent downgrade (p. 15).

use crate::engine::cards::AttackKind;
use crate::engine::{derived, words, Action};
use crate::markup;
use crate::ui::reducer::View;
use crate::ui::widgets::controls::{act_btn_full, term_markup, Glossary};
use crate::ui::widgets::icon::{emblem_markup, ArtKind};
use crate::ui::widgets::markup::show;
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
    // All but the downgrade button, as markup: text costs the first download far less than
    // element-by-element code, and Yew leaves it as it is while it is unchanged.
    let mut body = markup!(
        "<div class=\"card-head\"><div class=\"art-band\">{}</div><h2 id=\"weapon-h\" class=\"sheet-title\">\
         Weapon: {}<span class=\"kind\">{}</span></h2></div><p class=\"flavour\">{}</p>",
        emblem_markup(ArtKind::Weapon, &w.id, None),
        w.name,
        if w.basic { " (basic)" } else { " (advanced)" },
        words_file::flavour("weapons", &w.id)
    );
    if !w.passives.is_empty() {
        markup!(
            body,
            "<p>{}: {}</p>",
            term_markup("passive", "", "-w"),
            w.passives
                .iter()
                .map(words::passive)
                .collect::<Vec<_>>()
                .join("; ")
        );
    }
    let set_aside: Vec<String> = s
        .combat
        .set_aside
        .iter()
        .filter_map(|w| db.weapon(*w).map(|w| w.name.clone()))
        .collect();
    if !set_aside.is_empty() {
        markup!(
            body,
            "<p class=\"notice\">Set aside for {} more turn(s): {}</p>",
            s.combat.set_aside_turns,
            set_aside.join(", ")
        );
    }
    body.lit_push("<h3>Attack options</h3><ul class=\"attacks\">");
    for (i, at) in w.attacks.iter().enumerate() {
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
        markup!(
            body,
            "<li class=\"attack\"><span class=\"attack-kind\">{}</span><span class=\"attack-info\">\
             {}; costs {}{}</span></li>",
            term_markup(gl, kind, &format!("-w{i}")),
            note,
            cost.describe(),
            if at.pierce { "; ignores armor" } else { "" }
        );
    }
    markup!(
        body,
        "</ul><h3>{}</h3>",
        term_markup("craft", "Upgrade options", "-w")
    );
    if w.upgrades.is_empty() {
        body.lit_push("<p class=\"muted\">This weapon cannot be upgraded.</p>");
    } else {
        body.lit_push("<ul class=\"upgrades\" id=\"upgrades\">");
    }
    for u in &w.upgrades {
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
        markup!(
            body,
            "<li class=\"upgrade\"><span class=\"upgrade-info\">→ {}: costs {}. Attacks: {}.</span></li>",
            name,
            cost.describe(),
            preview
        );
    }
    if !w.upgrades.is_empty() {
        body.lit_push("</ul>");
    }
    let below = if s.weapons.len() > 1 {
        db.weapon(s.weapons[s.weapons.len() - 2])
            .map(|w| w.name.clone())
    } else {
        None
    };
    html! {
        <section class="panel sheet weapon-sheet" aria-labelledby="weapon-h">
            { show(body) }
            <div class="downgrade">
                { act_btn_full(v, &p.on_act, Action::Downgrade,
                    match below { Some(b) => format!("Downgrade to the {b} for good"), None => v.label(&Action::Downgrade) }, "small quiet",
                    Glossary::get("downgrade").map(|(_, d)| d).filter(|d| !d.is_empty())) }
            </div>
        </section>
    }
}
