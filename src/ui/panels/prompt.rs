//! "What now": the decision the game waits for (the engine's `Pending`), with its controls —
//! the revealed encounter cards (Resolve / Rest), the Trickery Step, the battle turn's Skip,
//! the response window (mandatory and optional responses, used in the order clicked, Pass),
//! choose a roll, a skill, a condition or a free upgrade's weapon, and the Hunger Step with each
//! choice's penalty.

use crate::engine::cards::Effect;
use crate::engine::res::Bundle;
use crate::engine::{self, game_response, words, Action, Pending};
use crate::ui::panels::decision::decision;
use crate::ui::panels::hint;
use crate::ui::reducer::View;
use crate::ui::sheets::monster::row_words;
use crate::ui::sheets::skills::{condition_card, skill_card};
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::{choice_btn, glossed, mark, roman, sentence, term};
use crate::ui::widgets::icon::{amount, icon_labelled, IconKind};
use crate::ui::widgets::words_file;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub view: View,
    pub on_act: Callback<Action>,
    /// The hint asked in this position, and how to ask (see [`hint`]).
    #[prop_or_default]
    pub hint: hint::Hint,
}

/// A bundle as icon + number per resource ("2 Wood, 1 Metal").
fn bundle_icons(b: &Bundle) -> Html {
    html! { <span class="bundle">{ for b.entries().map(|(r, n)| amount(IconKind::of(r), n as i64)) }</span> }
}

/// One decision button with its preview (see [`decision`]).
fn dec(v: &View, on: &Callback<Action>, a: Action, class: &'static str) -> Html {
    decision(v, on, a, None, class)
}

fn dec_labelled(
    v: &View,
    on: &Callback<Action>,
    a: Action,
    label: String,
    class: &'static str,
) -> Html {
    decision(v, on, a, Some(label), class)
}

/// A choice drawn on its card (a skill, a condition): no preview beside it.
fn choice(v: &View, on: &Callback<Action>, a: Action, class: &'static str) -> Html {
    choice_btn(v, on, a, v.label(&a), class, None, mark(v, &a, None))
}

/// A Rest control's words: the card's number on the table and what resting on it gains.
pub fn rest_label(i: usize, time: impl std::fmt::Display) -> String {
    format!("Rest on card {} (gain {time} Small Effort)", i + 1)
}

fn encounters(v: &View, on: &Callback<Action>, revealed: &[u16], committed: bool) -> Html {
    let db = v.db();
    let cards = revealed.iter().enumerate().filter_map(|(i, c)| {
        let e = db.encounter(*c)?;
        let spend = if e.spend.is_empty() {
            html! { <span class="muted">{ "nothing" }</span> }
        } else {
            bundle_icons(&e.spend)
        };
        // Plain gains as icon + number; anything richer (a skill, a condition) in words.
        let gain = match e.gain.as_slice() {
            [Effect::Gain(b)] => bundle_icons(b),
            _ => html! { { sentence(&words::effects(db, &e.gain)) } },
        };
        // Keeping this card runs Time out (p. 23): the card says so, beside its Time value.
        let ambush = [Action::Resolve(i as u8), Action::Rest(i as u8)]
            .iter()
            .filter_map(|a| engine::threats::ambush(&v.game, a))
            .map(|t| t.likelihood)
            .min_by_key(|l| *l != engine::threats::Likelihood::Will);
        let mark = ambush.map(|l| match l {
            engine::threats::Likelihood::Will => "Ambush",
            engine::threats::Likelihood::May => "Ambush?",
        });
        Some(classed(if mark.is_some() { "card encounter-card ambush" } else { "card encounter-card" }, html! {
            <article class="card encounter-card" aria-labelledby={format!("enc-{i}")}>
                <div class="art-band enc-band">
                    <h3 class="card-title" id={format!("enc-{i}")}>{ format!("{}. {}", i + 1, e.name) }</h3>
                    if let Some(m) = mark {
                        <span class="ambush-mark">{ m }</span>
                    }
                    <span class="time-value">{ icon_labelled(IconKind::Time, "Time value") }<strong>{ e.time }</strong></span>
                </div>
                <p class="exchange"><span class="ex-k">{ "Spend" }</span>{ spend }</p>
                <p class="exchange"><span class="ex-k">{ "Gain" }</span>{ gain }</p>
                { words_file::flavour_tap("encounters", &e.id) }
                <div class="card-actions">
                    { dec(v, on, Action::Resolve(i as u8), "primary small") }
                    { dec_labelled(v, on, Action::Rest(i as u8), rest_label(i, e.time), "small") }
                </div>
            </article>
        }))
    });
    html! {
        <>
            if committed {
                <p class="notice">{ term("commit", "Committed", "-p") }{ ": you must resolve this card; if you cannot pay, you gain nothing and still lose its Time." }</p>
            } else {
                <p>{ "Keep one card: resolve its exchange, or " }{ term("rest", "", "-p") }{ " on it. Either way, you lose its Time." }</p>
            }
            <div class="cards encounter-cards">{ for cards }</div>
        </>
    }
}

fn responses(
    v: &View,
    on: &Callback<Action>,
    trigger: &str,
    options: &[engine::ResponseOption],
) -> Html {
    let db = v.db();
    let s = v.s();
    let items = options.iter().enumerate().map(|(i, o)| {
        let rule = game_response(db, s, o)
            .map(|r| words::response(db, r))
            .unwrap_or_default();
        let from = words::source_name(db, s, o.source);
        // A skill's name carries its own glossary entry (build.rs: `skill_<id>`).
        let from = match o.source {
            engine::Source::Skill(k) => match db.skill(k) {
                Some(card) => term(&format!("skill_{}", card.id), &from, &format!("-resp{i}")),
                None => html! { { from } },
            },
            _ => html! { { from } },
        };
        classed(
            if o.mandatory {
                "response mandatory"
            } else {
                "response"
            },
            html! {
                <li>
                    <span class="tag">{ if o.mandatory { "Mandatory" } else { "Optional" } }</span>
                    { " " }<strong>{ from }</strong>{ ": " }{ glossed(&rule, &format!("-resp{i}")) }
                    <div>{ dec(v, on, Action::Respond(i as u8), "small") }</div>
                </li>
            },
        )
    });
    html! {
        <>
            <p>{ format!("{}: use these one at a time, in the order you want; mandatory ones must be used.", sentence(trigger)) }</p>
            <ul class="responses">{ for items }</ul>
            { dec(v, on, Action::Pass, "") }
        </>
    }
}

fn hunger(v: &View, on: &Callback<Action>, requirement: u8) -> Html {
    let s = v.s();
    let food = s.stock.get(engine::res::Res::Food);
    let items = (0..=requirement).rev().map(|n| {
        html! { <li class="eat">{ dec(v, on, Action::Eat(n), "small") }</li> }
    });
    html! {
        <>
            <p>{ term("hunger", "Food requirement", "-p") }{ format!(": {requirement}. You have {food} Food. Each Food eaten gives 1 Small Effort; each Food not eaten costs more Small Effort than the last.") }</p>
            <ul class="eats">{ for items }</ul>
        </>
    }
}

#[function_component(Prompt)]
pub fn prompt(p: &Props) -> Html {
    let v = &p.view;
    let on = &p.on_act;
    let db = v.db();
    let s = v.s();
    let monster = s
        .monster
        .as_ref()
        .and_then(|m| db.monster(m.card))
        .map(|m| m.name.clone())
        .unwrap_or_else(|| "the monster".into());
    let trick_cost = s
        .monster
        .as_ref()
        .and_then(|m| db.monster(m.card))
        .and_then(|m| m.trickery)
        .map(|c| c.describe());
    let (title, body) = match &s.pending {
        Pending::Prepare => (
            format!("Level {}: prepare", roman(s.level)),
            html! {
                <p>{ "Take any actions you can pay for, then decide: " }
                   <strong>{ "Explore" }</strong>{ " for supplies or " }<strong>{ "Face the monster" }</strong>{ "." }
                   if s.committed { { " You committed to the next encounter: you must explore." } }</p>
            },
        ),
        Pending::Encounter {
            revealed,
            committed,
        } => (
            "Exploration: choose an encounter".to_string(),
            encounters(v, on, revealed, *committed),
        ),
        Pending::Trickery => (
            format!("Trickery: {monster}"),
            html! {
                <>
                    <p>{ match trick_cost {
                        Some(c) => format!("Pay the trickery cost ({c}) to slip past: no reward, no skill. Or fight."),
                        None => "This monster cannot be tricked: fight.".to_string(),
                    } }</p>
                    <div class="row">{ dec(v, on, Action::Fight, "primary") }{ dec(v, on, Action::Trick, "") }</div>
                </>
            },
        ),
        Pending::Battle { attack_only } => (
            format!("Battle with {monster}: round {}", s.combat.round.max(1)),
            html! {
                <>
                    <p>{ if *attack_only {
                        "Extra attack: attack with your weapon, or skip."
                    } else {
                        "Your turn: attack with your weapon, take one action, or skip your turn."
                    } }</p>
                </>
            },
        ),
        Pending::Respond {
            trigger,
            options,
            about,
        } => (
            "Responses".to_string(),
            html! {
                <>
                    // The roll the window reacts to, term by term, as the engine has it now.
                    if let Some(r) = about {
                        <p class="notice" id="window-roll"><strong>{ format!("The monster rolled {}", words::combat_roll(db, s, r)) }</strong>
                            { match s.monster.as_ref().and_then(|m| row_words(db, m.card, r.result)) {
                                Some(w) => glossed(&format!(" → {w}."), "-win"),
                                None => html! { { "." } },
                            } }
                        </p>
                    }
                    { responses(v, on, words::trigger(*trigger), options) }
                </>
            },
        ),
        Pending::ChooseRoll { first, second } => (
            "Choose a roll".to_string(),
            html! {
                <>
                    <p>{ "The monster's roll and its re-roll: use either." }</p>
                    <ul class="roll-choice" id="window-roll">
                        { for [(*first, "Roll"), (*second, "Re-roll")].into_iter().enumerate().map(|(i, (r, k))| {
                            let w = s.monster.as_ref().and_then(|m| row_words(db, m.card, r)).unwrap_or_default();
                            html! { <li><strong>{ format!("{k} {r}") }</strong>{ glossed(&format!(" → {w}"), &format!("-choose{i}")) }</li> }
                        }) }
                    </ul>
                    <div class="row">{ dec(v, on, Action::KeepRoll(0), "") }{ dec(v, on, Action::KeepRoll(1), "") }</div>
                </>
            },
        ),
        Pending::ChooseSkill { cards } => (
            "Choose a skill to keep".to_string(),
            html! {
                <div class="cards skill-choice">
                    { for cards.iter().enumerate().filter_map(|(i, k)| {
                        let card = db.skill(*k)?;
                        Some(skill_card(db, card, choice(v, on, Action::KeepSkill(i as u8), "primary small")))
                    }) }
                </div>
            },
        ),
        Pending::ChooseCondition { options } => (
            "Choose a condition to discard".to_string(),
            html! {
                <div class="cards">
                    { for options.iter().enumerate().filter_map(|(i, c)| {
                        let card = db.condition(*c)?;
                        let held = s.conditions.iter().find(|h| h.card == *c);
                        let st = if held.is_some_and(|h| h.next_level) { "for the next level" } else { "active" };
                        Some(condition_card(db, card, st.into(), choice(v, on, Action::DiscardCondition(i as u8), "small")))
                    }) }
                </div>
            },
        ),
        Pending::ChooseUpgrade { options, replace } => (
            if *replace {
                "Reward: choose your weapon"
            } else {
                "Free upgrade: choose your weapon"
            }
            .to_string(),
            html! {
                <>
                    <p>{ if *replace {
                        "Take one of these weapons in place of the one in hand."
                    } else {
                        "Your weapon sheet prints these upgrade paths: take one of them for free."
                    } }</p>
                    <div class="row">
                        { for (0..options.len()).map(|i| dec(v, on, Action::ChooseUpgrade(i as u8), "primary")) }
                    </div>
                </>
            },
        ),
        Pending::Hunger { requirement } => (
            "Hunger: how much will you eat?".to_string(),
            hunger(v, on, *requirement),
        ),
        Pending::Over(_) => ("The game is over".to_string(), html! {}),
    };
    // The Hunger Step ahead (p. 32), on every decision before it.
    let hunger_ahead = matches!(
        s.pending,
        Pending::Prepare | Pending::Encounter { .. } | Pending::Trickery | Pending::Battle { .. }
    )
    .then(|| {
        let h = engine::threats::hunger(s, db);
        let text = words::threats::hunger(db, &h);
        if h.warn() {
            html! { <p class="hunger-ahead warn" id="hunger-ahead">{ text }</p> }
        } else {
            html! { <p class="hunger-ahead" id="hunger-ahead">{ text }</p> }
        }
    });
    html! {
        <section class="panel prompt" aria-labelledby="now-h">
            <div class="now-head">
                <h2 id="now-h" class="sheet-title" tabindex="-1">{ title }</h2>
                { hint::hint_button(v, &p.hint) }
            </div>
            { hint::hint_box(v, &p.hint) }
            { body }
            // One slot either way (an empty list when none): Yew pairs unkeyed children from
            // the end, so a last child that came and went would make it rebuild the whole prompt.
            { hunger_ahead.unwrap_or_default() }
        </section>
    }
}
