//! The action tray: what just happened, the decision the game waits for (the engine's
//! `Pending`) and every control for it — the Preparation Step's actions with Explore and Face
//! the monster, the revealed encounter cards (Resolve / Rest), the Trickery Step, the battle
//! turn's attacks, actions and Skip, the response window (with the roll or event it reacts to;
//! mandatory and optional responses, used in the order clicked, Pass), choose a roll, a skill, a
//! condition or a free upgrade's weapon, and the Hunger Step with each choice's result (a choice
//! that ends the game asks to confirm). Reference material stays in the drawers, never between a prompt and its buttons.

use crate::engine::cards::{AttackKind, Timing, Trigger};
use crate::engine::event::Event;
use crate::engine::{self, game_response, text, view as derived, Action, Pending};
use crate::ui::panels::dice::die_face;
use crate::ui::reducer::{LogGroup, View};
use crate::ui::sheets::skills::{condition_card, skill_card};
use crate::ui::widgets::controls::{
    act_btn, act_btn_full, act_btn_labelled, plain_btn, roman, sentence, term, Glossary,
};
use std::rc::Rc;
use yew::prelude::*;

/// The drawers and sheets the tray can open (the board holds which one is open).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Open {
    Guide,
    Weapon,
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub view: View,
    pub on_act: Callback<Action>,
    /// The last decision and what it did (the log's last group).
    pub last: Option<Rc<LogGroup>>,
    pub on_open: Callback<Open>,
}

fn encounters(v: &View, on: &Callback<Action>, revealed: &[u16], committed: bool) -> Html {
    let db = v.db();
    let cards = revealed.iter().enumerate().filter_map(|(i, c)| {
        let e = db.encounter(*c)?;
        let spend = if e.spend.is_empty() {
            "nothing".to_string()
        } else {
            e.spend.describe()
        };
        Some(html! {
            <article class="card encounter-card" aria-labelledby={format!("enc-{i}")}>
                <h3 class="card-title" id={format!("enc-{i}")}>{ format!("{}. {}", i + 1, e.name) }</h3>
                <p class="time-value">{ term("time", "Time value", &format!("-e{i}")) }{ format!(": {}", e.time) }</p>
                <p><strong>{ "Spend: " }</strong>{ spend }</p>
                <p><strong>{ "Gain: " }</strong>{ sentence(&text::effects(db, &e.gain)) }</p>
                <details class="flavour-more"><summary>{ "Lore" }</summary><p class="flavour">{ e.flavour.clone() }</p></details>
                <div class="card-actions">
                    { act_btn(v, on, Action::Resolve(i as u8), "primary small") }
                    { act_btn_labelled(v, on, Action::Rest(i as u8),
                        format!("Rest on card {} (gain {} Small Effort)", i + 1, e.time), "small") }
                </div>
            </article>
        })
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

/// What a response window reacts to: the monster's roll (die, row and its verb), the effort
/// about to be lost, or the event in words.
fn reacting_to(v: &View, trigger: Trigger) -> Html {
    let s = v.s();
    let db = v.db();
    match trigger {
        Trigger::MonsterRoll => {
            let row = derived::final_roll(s, db);
            let verb = s
                .monster
                .as_ref()
                .and_then(|m| db.monster(m.card))
                .and_then(|m| m.table.get(row.saturating_sub(1) as usize))
                .map(|r| r.verb.clone())
                .unwrap_or_default();
            let die = s.combat.roll.clamp(0, 99) as u8;
            html! {
                <div class="reacting roll" id="window-roll">
                    { die_face(die.clamp(1, 6)) }
                    <p><strong>{ if die == row { format!("The monster rolled {row}: {verb}") } else { format!("The monster rolled {die} → row {row}: {verb}") } }</strong>
                    <span class="small muted">{ " — not applied yet" }</span></p>
                </div>
            }
        }
        Trigger::WoundLoss => html! {
            <p class="reacting"><strong>{ format!("You are about to lose {}.", s.combat.loss.describe()) }</strong></p>
        },
        _ => html! {},
    }
}

fn responses(
    v: &View,
    on: &Callback<Action>,
    trigger: Trigger,
    options: &[engine::ResponseOption],
) -> Html {
    let db = v.db();
    let s = v.s();
    let said = text::trigger(trigger);
    let items = options.iter().enumerate().map(|(i, o)| {
        let rule = game_response(db, s, o)
            .map(|r| text::response(db, r))
            .unwrap_or_default();
        let from = text::source_name(db, s, o.source);
        html! {
            <li class={if o.mandatory { "response mandatory" } else { "response" }}>
                <span class="tag">{ if o.mandatory { "Mandatory" } else { "Optional" } }</span>
                <strong>{ format!(" {from}: ") }</strong>{ rule }
                <div>{ act_btn(v, on, Action::Respond(i as u8), "small") }</div>
            </li>
        }
    });
    html! {
        <>
            { reacting_to(v, trigger) }
            <p>{ format!("{}: these responses can fire. Use them one at a time, in the order you want them to happen; mandatory ones must be used.", sentence(said)) }</p>
            <ul class="responses">{ for items }</ul>
            { act_btn(v, on, Action::Pass, "") }
        </>
    }
}

/// What eating `n` would lead to, from the engine itself (a copy of the game takes the action),
/// and whether it ends the game.
fn hunger_outcome(v: &View, n: u8) -> (String, bool) {
    let mut g = (*v.game).clone();
    g.set_undo(false);
    let Ok(events) = engine::apply(&mut g, Action::Eat(n)) else {
        return (String::new(), false);
    };
    let ends = events.iter().any(|e| matches!(e, Event::GameLost { .. }));
    let mut parts = Vec::new();
    for e in &events {
        match e {
            Event::Gained { .. } | Event::Starved { .. } | Event::GameLost { .. } => {
                if let Some(t) = text::event(g.db(), g.state(), e) {
                    parts.push(t);
                }
            }
            Event::LevelCompleted { .. } => break,
            _ => {}
        }
    }
    let text = if parts.is_empty() {
        "No penalty.".into()
    } else {
        parts.join(" ")
    };
    (text, ends)
}

#[derive(Properties, PartialEq)]
struct HungerProps {
    view: View,
    on_act: Callback<Action>,
    requirement: u8,
}

/// The Hunger Step: each choice with its result; one that ends the game asks to confirm.
#[function_component(Hunger)]
fn hunger(p: &HungerProps) -> Html {
    let (v, on, requirement) = (&p.view, &p.on_act, p.requirement);
    let confirm = use_state(|| None::<u8>);
    let s = v.s();
    let food = s.stock.get(engine::res::Res::Food);
    let items = (0..=requirement).rev().map(|n| {
        let a = Action::Eat(n);
        let (outcome, ends) = if v.status(&a).is_ok() {
            hunger_outcome(v, n)
        } else {
            (String::new(), false)
        };
        let asking = *confirm == Some(n);
        let control = if ends && !asking {
            let confirm = confirm.clone();
            let ask = Callback::from(move |_: MouseEvent| confirm.set(Some(n)));
            html! { <button type="button" class="act small danger" id={format!("ask-eat-{n}")} onclick={ask}>{ v.label(&a) }</button> }
        } else {
            act_btn(v, on, a, if ends { "small danger" } else { "small" })
        };
        html! {
            <li class={classes!("eat", ends.then_some("ends"))}>
                { control }
                if !outcome.is_empty() { <span class="outcome">{ outcome }</span> }
                if ends && !asking { <strong class="ends-tag">{ " This ends the game." }</strong> }
                if asking {
                    <span class="confirm" role="group" aria-label="Confirm">
                        <strong>{ "This ends the game at once. Eat this and lose?" }</strong>
                        <button type="button" class="small quiet" onclick={ let c = confirm.clone(); Callback::from(move |_: MouseEvent| c.set(None)) }>{ "Cancel" }</button>
                    </span>
                }
            </li>
        }
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
            prepare(v, on, &p.on_open),
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
                    <div class="row">{ act_btn(v, on, Action::Fight, "primary") }{ act_btn(v, on, Action::Trick, "") }</div>
                </>
            },
        ),
        Pending::Battle { attack_only } => (
            format!("Battle with {monster}: round {}", s.combat.round.max(1)),
            battle(v, on, *attack_only),
        ),
        Pending::Respond {
            trigger, options, ..
        } => ("Responses".to_string(), responses(v, on, *trigger, options)),
        Pending::ChooseRoll { first, second } => (
            "Choose a roll".to_string(),
            html! {
                <>
                    <div class="reacting roll" id="window-roll">{ die_face((*first).clamp(1, 6)) }{ die_face((*second).clamp(1, 6)) }</div>
                    <p>{ format!("The monster's roll was {first}, the re-roll {second}: use either.") }</p>
                    <div class="row">{ act_btn(v, on, Action::KeepRoll(0), "") }{ act_btn(v, on, Action::KeepRoll(1), "") }</div>
                </>
            },
        ),
        Pending::ChooseSkill { cards } => (
            "Choose a skill to keep".to_string(),
            html! {
                <div class="cards">
                    { for cards.iter().enumerate().filter_map(|(i, k)| {
                        let card = db.skill(*k)?;
                        Some(skill_card(db, card, act_btn(v, on, Action::KeepSkill(i as u8), "primary small")))
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
                        Some(condition_card(db, card, st.into(), act_btn(v, on, Action::DiscardCondition(i as u8), "small")))
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
                        { for (0..options.len()).map(|i| act_btn(v, on, Action::ChooseUpgrade(i as u8), "primary")) }
                    </div>
                </>
            },
        ),
        Pending::Hunger { requirement } => (
            "Hunger: how much will you eat?".to_string(),
            html! { <Hunger view={v.clone()} on_act={on.clone()} requirement={*requirement} /> },
        ),
        Pending::Over(_) => ("The game is over".to_string(), html! {}),
    };
    let happened = p.last.as_ref().filter(|l| l.n > 0).map(|l| {
        html! {
            <div class="happened" role="region" tabindex="0" aria-label="What just happened">
                <p><strong class="happened-head">{ format!("{}. ", l.head) }</strong>{ l.lines.join(" ") }</p>
            </div>
        }
    });
    html! {
        <section class="panel prompt tray" aria-labelledby="now-h">
            { for happened }
            <h2 id="now-h" class="sheet-title" tabindex="-1">{ title }</h2>
            { body }
        </section>
    }
}

/// The Preparation Step: the Actions Guide's travel actions (the full guide is a drawer),
/// Craft, Scout, then the decision, Explore or Face the monster (pp. 21–22).
fn prepare(v: &View, on: &Callback<Action>, on_open: &Callback<Open>) -> Html {
    let s = v.s();
    let db = v.db();
    let help = |name: &str| Glossary::get(&name.to_ascii_lowercase()).map(|(_, d)| d.to_string());
    let general = db
        .params
        .general_actions
        .iter()
        .enumerate()
        .filter(|(_, g)| g.timing != Timing::Combat)
        .map(|(i, g)| {
            act_btn_full(
                v,
                on,
                Action::General(i as u8),
                v.label(&Action::General(i as u8)),
                "small",
                help(&g.name),
            )
        });
    let n = derived::weapon(s, db)
        .map(|w| w.upgrades.len())
        .unwrap_or(0);
    let can_craft = (0..n).any(|i| v.status(&Action::Craft(i as u8)).is_ok());
    let craft = {
        let on_open = on_open.clone();
        plain_btn(
            "craft-go",
            "Craft…",
            (!can_craft).then(|| {
                if n == 0 {
                    "your weapon cannot be upgraded".to_string()
                } else {
                    "you cannot pay for an upgrade now".to_string()
                }
            }),
            "small",
            Callback::from(move |_| on_open.emit(Open::Weapon)),
        )
    };
    let guide = {
        let on_open = on_open.clone();
        Callback::from(move |_: MouseEvent| on_open.emit(Open::Guide))
    };
    let count = derived::explore_count(s, db);
    html! {
        <>
            <p class="small">{ "Take the actions you can pay for — here, on your character card and on your skills — then decide." }
                if s.committed { <strong>{ " You committed to the next encounter: you must explore." }</strong> }</p>
            <div class="tray-actions" role="group" aria-label="Preparation actions">
                { for general }
                { act_btn_full(v, on, Action::Scout, v.label(&Action::Scout), "small", help("scout")) }
                { craft }
                <button type="button" class="small quiet" onclick={guide}>{ "Actions Guide" }</button>
            </div>
            <div class="tray-primary" role="group" aria-label="Decision">
                { act_btn_full(v, on, Action::Explore, "Explore".into(), "primary",
                    Some(format!("Reveal {count} encounter card{} and keep one.", if count == 1 { "" } else { "s" }))) }
                { act_btn(v, on, Action::Confront, "danger") }
            </div>
        </>
    }
}

/// A battle turn: the weapon's attacks (power and cost after passives), the combat actions
/// that can be taken now, and Skip.
fn battle(v: &View, on: &Callback<Action>, attack_only: bool) -> Html {
    let s = v.s();
    let db = v.db();
    let attacks = derived::weapon(s, db)
        .map(|w| {
            w.attacks
                .iter()
                .enumerate()
                .map(|(i, at)| {
                    let power = derived::attack_power(s, db, at.kind, at.power, 0);
                    let kind = match at.kind {
                        AttackKind::ArmorBreaking => "breaks Armor",
                        AttackKind::Wounding => "wounds",
                    };
                    let help = format!(
                        "Power {power}: {kind}{}.",
                        if at.pierce { ", ignores Armor" } else { "" }
                    );
                    act_btn_full(
                        v,
                        on,
                        Action::Attack(i as u8),
                        v.label(&Action::Attack(i as u8)),
                        "primary attack-btn",
                        Some(help),
                    )
                })
                .collect::<Html>()
        })
        .unwrap_or_default();
    let general: Vec<Html> = db
        .params
        .general_actions
        .iter()
        .enumerate()
        .filter(|(i, g)| g.timing != Timing::Travel && v.status(&Action::General(*i as u8)).is_ok())
        .map(|(i, _)| act_btn(v, on, Action::General(i as u8), "small"))
        .collect();
    html! {
        <>
            <p class="small">{ if attack_only {
                "Extra attack: attack with your weapon or skip."
            } else {
                "Your turn: attack with your weapon, take one action (here, on your character card or skills), or skip."
            } }</p>
            <div class="tray-primary" role="group" aria-label="Attacks">
                { attacks }
                { for general }
                { act_btn(v, on, Action::Skip, "quiet") }
            </div>
        </>
    }
}
