//! The monster sheet: face down until revealed; then its name, Armor/Health, ambush, trickery,
//! passives and responses, actions, the six-row combat table with alternatives (the row just
//! rolled highlighted), reward and flavour.

use crate::engine::state::MonsterState;
use crate::engine::words;
use crate::markup;
use crate::ui::panels::dice::die_face;
use crate::ui::panels::hud::delta;
use crate::ui::reducer::{Counter, Model, View};
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::{
    glossed, glossed_markup, roman, sentence, term, term_markup, tip_markup, Db, Glossary,
};
use crate::ui::widgets::icon::{emblem, icon_labelled, ArtKind, IconKind};
use crate::ui::widgets::markup::show;
use crate::ui::widgets::words_file;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub db: Db,
    pub level: u8,
    /// The monster on the table (None: face down).
    pub monster: Option<MonsterState>,
    /// The final combat roll just made, if any (highlighted); while a window is about a roll,
    /// that roll.
    pub rolled: Option<u8>,
    /// The re-roll beside it while the player chooses between the two (both rows lit).
    pub second: Option<u8>,
    /// The roll term by term ("3 + 1 = 4") while a response window reacts to it.
    pub roll_text: Option<AttrValue>,
    /// A window is about this roll: its effect in words on the phone's strip
    /// ("Rolled 1 → DAZE: gain Amnesia now").
    pub roll_effect: Option<AttrValue>,
    /// On a phone the card is a strip; the full sheet opens as a bottom sheet.
    pub open: bool,
    pub on_toggle: Callback<()>,
    /// The monster's counters the last move changed (armor and health show theirs).
    pub deltas: Rc<Vec<(Counter, i16)>>,
    /// The move that changed them (0 when none did), so a new change plays again and a move
    /// that changed neither does not draw the sheet again.
    pub rev: u64,
    /// Whether the words file (its flavour line) is there.
    pub words: bool,
    /// The decision is not about the monster's roll (its own turn, exploring, a reward …): on a desk
    /// its table folds to the lit row, leaving the decision room; one click unfolds it.
    pub fold: bool,
}

impl Props {
    /// `last`: the row of the monster's last roll applied in this battle. In the window after
    /// its roll the row lit is the engine's current one (responses may have changed it).
    pub fn of(v: &View, last: Option<u8>, m: &Model) -> Props {
        let s = v.s();
        let (deltas, rev) = crate::ui::moments::deltas_for(&m.deltas, m.rev, true);
        let card = s.monster.as_ref().map(|m| m.card);
        let effect = |row: u8| card.and_then(|c| row_words(v.db(), c, row));
        let (rolled, second, roll_text, roll_effect) = match &s.pending {
            crate::engine::Pending::Respond { about: Some(r), .. } => {
                let text = words::combat_roll(v.db(), s, r);
                let effect = effect(r.result).map(|e| format!("Rolled {text} → {e}"));
                (Some(r.result), None, Some(AttrValue::from(text)), effect)
            }
            // Choosing between the roll and its re-roll: both, never the last round's.
            crate::engine::Pending::ChooseRoll { first, second } => {
                let words = [(*first, "Roll"), (*second, "Re-roll")]
                    .iter()
                    .filter_map(|(r, k)| Some(format!("{k} {r} → {}", effect(*r)?)))
                    .collect::<Vec<_>>()
                    .join(" · ");
                (
                    Some(*first),
                    Some(*second),
                    None,
                    Some(words).filter(|w| !w.is_empty()),
                )
            }
            _ => (last, None, None, None),
        };
        Props {
            db: Db(v.game.db_arc()),
            level: s.level,
            monster: s.monster.clone(),
            rolled,
            second,
            roll_text,
            roll_effect: roll_effect.map(AttrValue::from),
            open: false,
            on_toggle: Callback::noop(),
            deltas,
            rev,
            words: words_file::ready(),
            // About the monster's roll: a response window or the choice of a roll. On the
            // player's own turn the lit row (its last roll) stays, the rest folds away.
            fold: !matches!(
                s.pending,
                crate::engine::Pending::Respond { .. } | crate::engine::Pending::ChooseRoll { .. }
            ),
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

/// A row of a monster's combat table in words: "DAZE: gain Amnesia now" (the alternative in
/// brackets when it has one).
pub fn row_words(db: &crate::content::CardDb, monster: u16, row: u8) -> Option<String> {
    let m = db.monster(monster)?;
    let r = m.table.get((row as usize).checked_sub(1)?)?;
    let mut out = format!("{}: {}", r.verb, words::effects(db, &r.effects));
    if !r.alt.is_empty() {
        out.push_str(&format!(
            " [if it cannot apply: {}]",
            words::effects(db, &r.alt)
        ));
    }
    Some(out)
}

#[function_component(MonsterSheet)]
pub fn monster_sheet(p: &Props) -> Html {
    // The player unfolded the table (kept until folded again).
    let unfolded = use_state(|| false);
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
    let folded = p.fold && !*unfolded;
    let fold_btn = p.fold.then(|| {
        let unfolded = unfolded.clone();
        let now = *unfolded;
        html! {
            <button type="button" class="small quiet table-fold" aria-expanded={now.to_string()}
                onclick={Callback::from(move |_| unfolded.set(!now))}>
                { if now { "Fold the table" } else { "Show the whole table" } }
            </button>
        }
    });
    // The combat table: each cell's words are markup that stays the same for the monster (nothing
    // in them is interactive; the tooltips are the document's), which Yew leaves as it is while
    // its text is unchanged. What a move changes, the fold and the row lit with its tag, is
    // Yew's: a roll patches a class and a tag instead of parsing the whole table again. (The
    // rows themselves cannot be markup: Yew parses markup inside a `<div>`, where a bare `<tr>`
    // is dropped.)
    let rows = m.table.iter().enumerate().map(|(i, r)| {
        let roll = i as u8 + 1;
        let hit = p.rolled == Some(roll) || p.second == Some(roll);
        // While choosing, each lit row says which roll landed on it.
        let tag = match (p.second, p.rolled == Some(roll), p.second == Some(roll)) {
            (None, _, _) => " ← just rolled",
            (Some(_), true, true) => " ← roll and re-roll",
            (Some(_), true, false) => " ← roll",
            (Some(_), false, _) => " ← re-roll",
        };
        let eff = if r.effects.is_empty() {
            "no effect".to_string()
        } else {
            words::effects(db, &r.effects)
        };
        let verb = if Glossary::word(&r.verb.to_ascii_lowercase()).is_some() {
            term_markup(&r.verb.to_ascii_lowercase(), &r.verb, &format!("-row{i}"))
        } else {
            // A monster's own verb: its tooltip names it for the cards that react to it.
            tip_markup(&r.verb, &format!("{}: this monster's name for the result of a {roll}. \
                What it does is written beside it; a card that ignores {} results makes it do nothing.", r.verb, r.verb),
                &format!("tip-verb-{i}"))
        };
        let mut cell = glossed_markup(&sentence(&eff), &format!("-r{i}"));
        if !r.alt.is_empty() {
            markup!(
                cell,
                "<span class=\"alt\">{}</span>",
                glossed_markup(
                    &format!(" [if it cannot apply: {}]", words::effects(db, &r.alt)),
                    &format!("-ra{i}")
                )
            );
        }
        // `rolled` is the base class replaced (by none on the other rows).
        classed(if hit { "rolled" } else { "" }, html! {
            <tr class="rolled" aria-current={hit.then_some("true")}>
                <th scope="row">{ roll }</th>
                <td class="verb">{ show(verb) }</td>
                <td>{ show(cell) }if hit { <strong class="rolled-tag">{ tag }</strong> }</td>
            </tr>
        })
    });
    let table = classed(
        if folded {
            "combat-table folded"
        } else {
            "combat-table"
        },
        html! {
            <table>
                <caption>{ "Combat actions (the monster's roll, 1–6)" }</caption>
                <thead><tr><th scope="col">{ "Roll" }</th><th scope="col">{ "Action" }</th><th scope="col">{ "Effect" }</th></tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        },
    );
    // The monster's rules and its flavour: markup, the same for the whole battle.
    let ambush = if m.ambush.is_empty() {
        "— (no ambush effect)".to_string()
    } else {
        sentence(&words::effects(db, &m.ambush))
    };
    let trick = match &m.trickery {
        Some(c) => format!("pay {}", c.describe()),
        None => "— (cannot be tricked)".into(),
    };
    let mut rules = markup!(
        "<dl class=\"stats\"><dt>{}</dt><dd>{}</dd><dt>{}</dt><dd>{}</dd><dt>Reward</dt><dd>{}</dd></dl>",
        term_markup("ambush", "", "-m"),
        ambush,
        term_markup("trickery", "", "-m"),
        trick,
        m.reward.describe()
    );
    if !m.passives.is_empty() {
        rules.lit_push("<ul class=\"rules\">");
        for (i, x) in m.passives.iter().enumerate() {
            let tag = match keyword(x) {
                Some(k) => term_markup(k, "", &format!("-mp{i}")),
                None => term_markup("passive", "Passive", &format!("-mp{i}")),
            };
            markup!(
                rules,
                "<li><span class=\"tag\">{}</span> {}</li>",
                tag,
                sentence(&words::passive(x))
            );
        }
        rules.lit_push("</ul>");
    }
    if !m.responses.is_empty() {
        rules.lit_push("<ul class=\"rules\">");
        for (i, r) in m.responses.iter().enumerate() {
            let mandatory = !r.optional.unwrap_or(false);
            markup!(
                rules,
                "<li><span class=\"tag\">{}{}</span> {}</li>",
                term_markup("response", "Response", &format!("-mr{i}")),
                if mandatory {
                    " (mandatory)"
                } else {
                    " (optional)"
                },
                words::response(db, r)
            );
        }
        rules.lit_push("</ul>");
    }
    markup!(
        rules,
        "<p class=\"flavour\">{}</p>",
        words_file::flavour("monsters", &m.id)
    );
    let toggle = {
        let t = p.on_toggle.clone();
        Callback::from(move |_: MouseEvent| t.emit(()))
    };
    let die = p.rolled.map(|r| {
        html! {
            <div class="monster-die" id="monster-die" data-rolls={
                p.second.map_or_else(|| r.to_string(), |b| format!("{r},{b}"))
            }>
                { die_face(r) }
                if let Some(b) = p.second { { die_face(b) } }
                <span class="die-text">{ match (&p.roll_text, p.second) {
                    (Some(t), _) => format!("Rolled {t}"),
                    (None, Some(b)) => format!("Roll {r}, re-roll {b}: choose one"),
                    (None, None) => format!("Last roll {r}"),
                } }</span>
            </div>
        }
    });
    let body = html! {
        <>
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
                // One slot whether or not there is a die (an empty list when not): Yew pairs
                // unkeyed children from the end, so a child that came and went in the middle
                // would make it rebuild the siblings before it.
                { die.unwrap_or_default() }
                <button type="button" class="small quiet monster-more-btn" aria-expanded={p.open.to_string()} aria-controls="monster-more" onclick={toggle}>
                    { if p.open { "Close the sheet" } else { "Monster sheet" } }</button>
            </div>
            if let Some(e) = &p.roll_effect {
                <p class="roll-effect" id="roll-effect">{ glossed(e, "-strip") }</p>
            }
            <div class="monster-more" id="monster-more">
            { table }
            { fold_btn.unwrap_or_default() }
            { show(rules) }
            </div>
        </>
    };
    if p.open {
        html! { <section class="panel sheet monster-sheet open" aria-labelledby="monster-h">{ body }</section> }
    } else {
        html! { <section class="panel sheet monster-sheet" aria-labelledby="monster-h">{ body }</section> }
    }
}
