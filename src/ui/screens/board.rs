//! The board: one table, no page scroll. On a wide screen three zones — you (character and
//! weapon cards), the monster card with the action tray under it, and your skills, conditions
//! and the log — under a heads-up display. On a phone the HUD and the monster strip stay on
//! top, the tray is the only thing that scrolls, and a bar at the bottom opens the cards, the
//! log and the guide as bottom sheets. Reference (the guide, the glossary, the time track)
//! lives in a drawer. The same elements serve both: CSS places them, the board only knows
//! which sheet is open.

use crate::engine::{Action, SaveGame};
use crate::ui::app::{banner, live, notices};
use crate::ui::panels::prompt::{Open, Prompt};
use crate::ui::panels::{decks, hud, log, share, step_guide};
use crate::ui::records;
use crate::ui::reducer::{Model, Msg};
use crate::ui::screens::replay;
use crate::ui::sheets::{actions_guide, character, monster, skills, time_tracker, weapon};
use crate::ui::widgets::controls::{plain_btn, Glossary};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What can be open over the table: a bottom sheet (phones) or the guide drawer (everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    Character,
    Weapon,
    Cards,
    Log,
    Monster,
    Guide,
}

impl Sheet {
    fn id(self) -> &'static str {
        match self {
            Sheet::Character => "character",
            Sheet::Weapon => "weapon",
            Sheet::Cards => "cards",
            Sheet::Log => "log",
            Sheet::Monster => "monster",
            Sheet::Guide => "guide",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Sheet::Character => "Character",
            Sheet::Weapon => "Weapon",
            Sheet::Cards => "Skills and conditions",
            Sheet::Log => "Game log",
            Sheet::Monster => "Monster",
            Sheet::Guide => "Guide",
        }
    }
}

/// Whether the table is laid out for a phone (bottom sheets) rather than in three zones.
fn phone() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(max-width: 979px)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Focuses the first of these elements that can take focus (a hidden one cannot).
fn focus_first(ids: &[String]) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for id in ids {
        if let Some(el) = doc
            .get_element_by_id(id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
            if doc.active_element().is_some_and(|a| a.id() == *id) {
                return;
            }
        }
    }
}

#[derive(Properties, PartialEq)]
struct PieceProps {
    sheet: Sheet,
    open: Option<Sheet>,
    on_close: Callback<MouseEvent>,
    children: Html,
}

/// A part of a zone that is a bottom sheet on a phone: a dialog while open there.
#[function_component(Piece)]
fn piece(p: &PieceProps) -> Html {
    let open = p.open == Some(p.sheet);
    html! {
        <div class={classes!("piece", format!("piece-{}", p.sheet.id()), open.then_some("open"))}
            role={open.then_some("dialog")} aria-modal={open.then_some("true")}
            aria-label={open.then_some(p.sheet.title())}>
            <button type="button" class="sheet-close small quiet" id={format!("close-{}", p.sheet.id())}
                onclick={p.on_close.clone()}>{ format!("Close {}", p.sheet.title().to_lowercase()) }</button>
            { p.children.clone() }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct Props {
    pub model: UseReducerHandle<Model>,
    pub on_replay: Callback<SaveGame>,
}

#[function_component(Board)]
pub fn board(p: &Props) -> Html {
    let model = &p.model;
    let open = use_state(|| None::<Sheet>);
    // One callback for the life of the board, so the sheets see equal props.
    let on_act = {
        let d = model.dispatcher();
        use_callback((), move |a: Action, _| d.dispatch(Msg::Act(a)))
    };
    // Focus goes into a sheet when it opens and back to its opener when it closes.
    {
        let last = use_mut_ref(|| None::<Sheet>);
        use_effect_with(*open, move |now| {
            let was = last.replace(*now);
            match (was, now) {
                (_, Some(s)) => focus_first(&[format!("close-{}", s.id())]),
                (Some(s), None) => focus_first(&[
                    format!("open-{}", s.id()),
                    format!("open-{}-top", s.id()),
                    "now-h".into(),
                ]),
                _ => {}
            }
        });
    }
    // A move closes the sheet it was made from: its result shows on the table.
    {
        let open = open.clone();
        let rev = model.view.as_ref().map(|v| v.rev);
        use_effect_with(rev, move |_| open.set(None));
    }
    let Some(v) = model.view.clone() else {
        return html! {};
    };
    let set = |s: Option<Sheet>| {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(s))
    };
    let close = set(None);
    let on_open = {
        let open = open.clone();
        Callback::from(move |o: Open| match o {
            Open::Guide => open.set(Some(Sheet::Guide)),
            Open::Weapon if phone() => open.set(Some(Sheet::Weapon)),
            Open::Weapon => {
                if let Some(el) = web_sys::window().and_then(|w| w.document()).and_then(|d| {
                    d.query_selector("#upgrades button:not([aria-disabled='true'])")
                        .ok()
                        .flatten()
                }) {
                    if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                        let _ = el.focus();
                    }
                }
            }
        })
    };
    let on_monster = {
        let open = open.clone();
        Callback::from(move |b: bool| open.set(b.then_some(Sheet::Monster)))
    };
    let onkeydown = {
        let open = open.clone();
        let d = model.dispatcher();
        let banner = model.banner.is_some();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                if open.is_some() {
                    open.set(None)
                } else if banner {
                    d.dispatch(Msg::DismissBanner)
                }
            }
        })
    };
    let s = v.s();
    let over = v.game.is_over();
    let send = |msg: fn() -> Msg| {
        let d = model.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(msg()))
    };
    let undo = {
        let on = on_act.clone();
        plain_btn(
            "undo",
            "Undo",
            v.status(&Action::Undo).err(),
            "small",
            Callback::from(move |_| on.emit(Action::Undo)),
        )
    };
    let leave = html! {
        <button type="button" class="small quiet" id="leave" onclick={send(|| Msg::Leave)}>
            { if over { "Title screen" } else { "Leave (saved)" } }</button>
    };
    let replaying = model.replay.clone();
    let ready = match (&replaying, over) {
        (Some(_), _) => "replay",
        (None, true) => "end",
        (None, false) => "game",
    };
    let top_actions = match &replaying {
        Some(_) => html! {
            <div class="top-actions"><button type="button" class="small" id="replay-close" onclick={send(|| Msg::CloseReplay)}>{ "Close replay" }</button></div>
        },
        None => html! {
            <div class="top-actions">
                { undo }
                <button type="button" class="small quiet desk-only" id="open-guide-top" onclick={set(Some(Sheet::Guide))} aria-haspopup="dialog">{ "Guide" }</button>
                <records::RecordsButton on_replay={Some(p.on_replay.clone())} />
                { leave }
            </div>
        },
    };
    let centre = match &replaying {
        Some(info) => {
            let d = model.dispatcher();
            replay::replay_panel(&replay::Props {
                info: info.clone(),
                view: v.clone(),
                last_move: model.log.last().map(|l| l.head.clone()),
                on_step: Callback::from(move |n| d.dispatch(Msg::ReplayTo(n))),
            })
        }
        None => html! {
            <Prompt view={v.clone()} on_act={on_act.clone()} last={model.log.last().cloned()} on_open={on_open} />
        },
    };
    let opener = |sheet: Sheet, label: &'static str| {
        html! {
            <button type="button" id={format!("open-{}", sheet.id())} class={classes!("sheet-btn", (*open == Some(sheet)).then_some("on"))}
                aria-haspopup="dialog" aria-expanded={(*open == Some(sheet)).to_string()} onclick={set(Some(sheet))}>{ label }</button>
        }
    };
    let guide = (*open == Some(Sheet::Guide)).then(|| {
        html! {
            <div class="drawer-wrap">
                <div class="backdrop" onclick={close.clone()}></div>
                <section class="drawer" role="dialog" aria-modal="true" aria-labelledby="drawer-h">
                    <header class="drawer-head">
                        <h2 id="drawer-h" class="sheet-title">{ "Guide" }</h2>
                        <button type="button" class="sheet-close-always small quiet" id="close-guide" onclick={close.clone()}>{ "Close guide" }</button>
                    </header>
                    <step_guide::StepGuide level={s.level} step={s.step} waiting={step_guide::waiting(&s.pending)} />
                    <actions_guide::ActionsGuide view={v.clone()} />
                    <time_tracker::TimeTracker ..time_tracker::Props::of(&v) />
                    <decks::Decks view={v.clone()} />
                    <GlossaryPanel />
                    { share::deal_link_line(&s.setup) }
                </section>
            </div>
        }
    });
    html! {
        <main class="app game" data-ready={ready} data-rev={v.rev.to_string()}
            data-open={open.map(|s| s.id())} {onkeydown}>
            <header class="topbar">
                <h1 class="brand">{ "Unbroken" }</h1>
                <hud::Hud ..hud::Props::of(&v) />
                { top_actions }
            </header>
            { notices(model) }
            if let Some(e) = &model.last_error {
                <div class="notice error" role="alert"><p>{ e.clone() }</p><button type="button" class="small" onclick={send(|| Msg::Dismiss)}>{ "Dismiss" }</button></div>
            }
            <div class="table">
                <div class="zone zone-left">
                    <Piece sheet={Sheet::Character} open={*open} on_close={close.clone()}>
                        <character::CharacterSheet view={v.clone()} on_act={on_act.clone()} />
                    </Piece>
                    <Piece sheet={Sheet::Weapon} open={*open} on_close={close.clone()}>
                        <weapon::WeaponSheet view={v.clone()} on_act={on_act.clone()} />
                    </Piece>
                </div>
                <div class="zone zone-centre">
                    { banner(model) }
                    <monster::MonsterSheet ..monster::Props::of(&v, &on_act, model.monster_roll, *open == Some(Sheet::Monster), &on_monster) />
                    <div class="tray-scroll">{ centre }</div>
                </div>
                <div class="zone zone-right">
                    <Piece sheet={Sheet::Cards} open={*open} on_close={close.clone()}>
                        <skills::Skills view={v.clone()} on_act={on_act.clone()} />
                        <skills::Conditions view={v.clone()} on_act={on_act.clone()} />
                    </Piece>
                    <Piece sheet={Sheet::Log} open={*open} on_close={close.clone()}>
                        <log::Log log={model.log.clone()} />
                    </Piece>
                </div>
            </div>
            if open.is_some() && *open != Some(Sheet::Guide) { <div class="backdrop phone-only" onclick={close.clone()}></div> }
            <nav class="sheet-bar" aria-label="Cards and reference">
                { opener(Sheet::Character, "You") }
                { opener(Sheet::Weapon, "Weapon") }
                { opener(Sheet::Cards, "Skills") }
                { opener(Sheet::Log, "Log") }
                { opener(Sheet::Guide, "Guide") }
            </nav>
            { for guide }
            { live(model) }
        </main>
    }
}

/// Every keyword, in our own words (no props: rendered once).
#[function_component(GlossaryPanel)]
fn glossary_panel() -> Html {
    html! {
        <section class="glossary" aria-labelledby="gloss-h">
            <details>
                <summary><h3 id="gloss-h" class="inline">{ "Glossary" }</h3></summary>
                <dl>
                    { for Glossary::all().into_iter().map(|(_, t, d)| html! { <><dt>{ t }</dt><dd>{ d }</dd></> }) }
                </dl>
            </details>
        </section>
    }
}
