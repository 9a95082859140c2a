//! The board: the table during a game, at its end, and in a replay — the top bar (summary,
//! undo, records, leave), the prompt, the sheets and the panels.

use crate::engine::{res::Res, Action, SaveGame, Step};
use crate::ui::app::{live, notices};
use crate::ui::panels::{decks, dice, log, prompt, share, step_guide};
use crate::ui::records;
use crate::ui::reducer::{Model, Msg};
use crate::ui::screens::replay;
use crate::ui::sheets::{
    actions_guide, character, monster, resource_tracker, skills, time_tracker, weapon,
};
use crate::ui::widgets::controls::{plain_btn, roman, Glossary};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub model: UseReducerHandle<Model>,
    pub on_replay: Callback<SaveGame>,
}

#[function_component(Board)]
pub fn board(p: &Props) -> Html {
    let model = &p.model;
    let Some(v) = model.view.clone() else {
        return html! {};
    };
    // One callback for the life of the board, so the sheets see equal props.
    let on_act = {
        let d = model.dispatcher();
        use_callback((), move |a: Action, _| d.dispatch(Msg::Act(a)))
    };
    let on_replay = p.on_replay.clone();
    let s = v.s();
    let over = v.game.is_over();
    let fighting = matches!(s.step, Step::Battle | Step::Trickery);
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
    let monster_line = s.monster.as_ref().and_then(|m| {
        v.db()
            .monster(m.card)
            .map(|d| format!("{}: Armor {}, Health {}", d.name, m.armor, m.health))
    });
    let summary = html! {
        <p class="summary" aria-label="Summary">
            <span>{ format!("Level {}", roman(s.level)) }</span>
            <span>{ if s.time_removed { "Time: off track".to_string() } else { format!("Time {}", s.time) } }</span>
            <span>{ format!("Effort {}/{}/{}", s.stock.get(Res::Small), s.stock.get(Res::Medium), s.stock.get(Res::Large)) }</span>
            <span>{ format!("Food {}", s.stock.get(Res::Food)) }</span>
            if let Some(m) = monster_line { <span>{ m }</span> }
        </p>
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
            <div class="top-actions">{ undo }<records::RecordsButton on_replay={Some(on_replay.clone())} />{ leave }</div>
        },
    };
    let main_panel = match &replaying {
        Some(info) => {
            let d = model.dispatcher();
            replay::replay_panel(&replay::Props {
                info: info.clone(),
                view: v.clone(),
                last_move: model.log.last().map(|l| l.head.clone()),
                on_step: Callback::from(move |n| d.dispatch(Msg::ReplayTo(n))),
            })
        }
        None => html! { <prompt::Prompt view={v.clone()} on_act={on_act.clone()} /> },
    };
    let sheet = weapon::Props {
        view: v.clone(),
        on_act: on_act.clone(),
    };
    let weapon = weapon::weapon_sheet(&sheet);
    let cards = skills::Props {
        view: v.clone(),
        on_act: on_act.clone(),
    };
    let guide = actions_guide::actions_guide(&actions_guide::Props {
        view: v.clone(),
        on_act: on_act.clone(),
    });
    html! {
        <main class="app game" data-ready={ready} data-rev={v.rev.to_string()}>
            <header class="topbar">
                <h1 class="brand">{ "Unbroken" }</h1>
                { summary }
                { top_actions }
                { share::deal_link_line(&s.setup) }
            </header>
            { notices(model) }
            if let Some(e) = &model.last_error {
                <div class="notice error" role="alert"><p>{ e.clone() }</p><button type="button" class="small" onclick={send(|| Msg::Dismiss)}>{ "Dismiss" }</button></div>
            }
            <div class="board">
                <div class="col col-main">
                    { step_guide::step_guide(s.level, s.step, step_guide::waiting(&s.pending)) }
                    { main_panel }
                    // In battle the weapon is what you reach for first.
                    if fighting { { weapon.clone() } { guide.clone() } } else { { guide } { weapon } }
                    { character::character_sheet(&character::Props { view: v.clone(), on_act: on_act.clone() }) }
                </div>
                <div class="col col-track">
                    <time_tracker::TimeTracker ..time_tracker::Props::of(&v) />
                    <resource_tracker::ResourceTracker ..resource_tracker::Props::of(&v) />
                    { dice::dice(&dice::Props { dice: model.dice.clone() }) }
                    { decks::decks(&v) }
                </div>
                <div class="col col-side">
                    <monster::MonsterSheet ..monster::Props::of(&v, &on_act, model.monster_roll) />
                    { skills::skills(&cards) }
                    { skills::conditions(&cards) }
                    <log::Log log={model.log.clone()} />
                    { glossary_panel() }
                </div>
            </div>
            { live(model) }
        </main>
    }
}

/// Every keyword, in our own words.
fn glossary_panel() -> Html {
    html! {
        <section class="panel glossary" aria-labelledby="gloss-h">
            <details>
                <summary><h2 id="gloss-h" class="sheet-title inline">{ "Glossary" }</h2></summary>
                <dl>
                    { for Glossary::all().into_iter().map(|(_, t, d)| html! { <><dt>{ t }</dt><dd>{ d }</dd></> }) }
                </dl>
            </details>
        </section>
    }
}
