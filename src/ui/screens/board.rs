//! The board: the table during a game and in a replay. One screen, no page
//! scroll: the top bar (HUD, undo, records, leave); on a desk three zones — the hero (character,
//! resources, weapon), the centre (the monster card with its die, then the stage: what just
//! happened, the decision and the tray of every control), and the tracks, cards and log — with
//! the Actions Guide and glossary in drawers. On a phone (styles only: the same elements) the
//! centre is the screen and every other sheet is a bottom sheet opened from the dock.

use crate::engine::{Action, SaveGame};
use crate::records::markup::Markup;
use crate::ui::hooks::focus;
use crate::ui::hooks::idle::when_idle;
use crate::ui::hooks::keys::shortcuts;
use crate::ui::hooks::narrow::use_narrow;
use crate::ui::keymap::Command;
use crate::ui::panels::notices::{live, notices};
use crate::ui::panels::parts::{Kept, Part};
use crate::ui::panels::{
    banner, coach, decks, hint, hud, last_move, log, prompt, settings, share, step_guide, tray,
};
use crate::ui::records;
use crate::ui::reducer::{Model, Msg};
use crate::ui::screens::replay;
use crate::ui::sheets::{
    actions_guide, character, monster, resource_tracker, skills, time_tracker, weapon,
};
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::{plain_btn_keys, Glossary};
use crate::ui::widgets::icon;
use crate::ui::widgets::markup::show;
use crate::ui::widgets::words_file;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub model: UseReducerHandle<Model>,
    pub on_replay: Callback<SaveGame>,
}

/// The drawers and bottom sheets, by key: what the dock opens, and its label.
const SHEETS: [(&str, &str); 7] = [
    ("hero", "Hero"),
    ("weapon", "Weapon"),
    ("cards", "Skills"),
    ("track", "Tracks"),
    ("log", "Log"),
    ("guide", "Guide"),
    ("glossary", "Glossary"),
];

/// The dialogs of the top bar: the list of keys and the settings.
const PANELS: [(&str, &str); 2] = [("keys", "Keys"), ("settings", "Settings")];

/// A sheet of the table that becomes a bottom sheet on a phone (or a drawer on any screen, for
/// `guide` and `glossary`): when open it is a modal dialog with its own Close button.
fn sheet(
    key: &'static str,
    open: Option<&'static str>,
    close: &Callback<MouseEvent>,
    body: Html,
) -> Html {
    let is_open = open == Some(key);
    let label = SHEETS
        .iter()
        .chain(PANELS.iter())
        .find(|(k, _)| *k == key)
        .map(|(_, l)| *l)
        .unwrap_or(key);
    classed(
        if is_open {
            "sheet-wrap open"
        } else {
            "sheet-wrap"
        },
        html! {
            <div class="sheet-wrap" data-sheet={key}
                role={is_open.then_some("dialog")} aria-modal={is_open.then_some("true")}
                aria-label={is_open.then_some(label)}>
                if is_open {
                    <button type="button" class="small sheet-close" id="sheet-close" onclick={close.clone()}>{ format!("Close {label}") }</button>
                }
                { body }
            </div>
        },
    )
}

#[function_component(Board)]
pub fn board(p: &Props) -> Html {
    let model = &p.model;
    // On a phone the sheets around the stage are bottom sheets, hidden until opened.
    let narrow = use_narrow();
    // The open drawer or bottom sheet (`monster`: the full monster sheet on a phone).
    let open = use_state_eq(|| None::<&'static str>);
    // One callback for the life of the board, so the sheets see equal props.
    let on_act = {
        let d = model.dispatcher();
        let open = open.clone();
        use_callback((), move |a: Action, _| {
            open.set(None);
            d.dispatch(Msg::Act(a))
        })
    };
    // Once a game is on the table and the player is idle the records module is fetched: the
    // game's end, which records it, then never depends on the network. Not at once: fetching
    // and compiling it while moves are played would slow them on a phone.
    use_effect_with((), |_| when_idle(|| records::loader::with(|_| {})));
    // The cards' flavour lines and the lesson's words are not in the first download: asked for
    // when a game is first on the table, which is then drawn again with them.
    {
        let d = model.dispatcher();
        use_effect_with((), move |_| {
            words_file::when_ready(move || d.dispatch(Msg::Words))
        });
    }
    // The monsters' drawings are fetched once a move is played, when the browser is next idle:
    // the monster's reveal, already a heavy move, then neither waits for its sheet nor parses
    // it. Not with the first screen, which never shows a monster's face.
    let played = model
        .view
        .as_ref()
        .is_some_and(|v| !v.game.log().is_empty());
    use_effect_with(played, |p| {
        if *p {
            icon::prefetch(icon::Sheet::Monsters);
        }
    });
    // What a confirm deep in the table says as it opens (`notices::say`).
    {
        let d = model.dispatcher();
        use_effect_with((), move |_| {
            crate::ui::panels::notices::set_say(Callback::from(move |w| d.dispatch(Msg::Say(w))))
        });
    }
    // The phone's monster sheet opens and closes; one callback per state of the sheet, so the
    // sheet sees equal props.
    let on_monster = {
        let open = open.clone();
        use_callback(*open, move |_, now| {
            open.set(if *now == Some("monster") {
                None
            } else {
                Some("monster")
            })
        })
    };
    let Some(v) = model.view.clone() else {
        return html! {};
    };
    let on_replay = p.on_replay.clone();
    let s = v.s();
    let over = v.game.is_over();
    let send = |msg: fn() -> Msg| {
        let d = model.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(msg()))
    };
    let close = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(None))
    };
    let opener = |key: &'static str| {
        let open = open.clone();
        let now = *open;
        Callback::from(move |_: MouseEvent| {
            open.set(if now == Some(key) { None } else { Some(key) });
        })
    };
    // Escape closes a sheet (and the banner skips itself).
    let onkeydown = {
        let open = open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                open.set(None);
            }
        })
    };
    // A dialog takes focus when it opens (its Close button), the page behind it is inert while
    // it is open, and focus goes back to the control that opened it when it closes.
    {
        let opener = use_mut_ref(|| None::<web_sys::Element>);
        use_effect_with(*open, move |now| {
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(doc) = doc {
                focus::uninert(&doc);
                if now.is_some() {
                    if opener.borrow().is_none() {
                        *opener.borrow_mut() = doc.active_element();
                    }
                    focus::into_dialog(&doc);
                } else if let Some(back) = opener.borrow_mut().take() {
                    focus::back_to(&doc, back);
                }
            }
        });
    }
    let undo = {
        let on = on_act.clone();
        plain_btn_keys(
            "undo",
            "Undo",
            v.status(&Action::Undo).err(),
            "small",
            Callback::from(move |_| on.emit(Action::Undo)),
            shortcuts(Command::Undo),
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
            <div class="top-actions">{ undo }<records::RecordsButton on_replay={Some(on_replay.clone())} />
                <button type="button" class="small quiet" id="keys-open" aria-haspopup="dialog"
                    aria-keyshortcuts={shortcuts(Command::Help)} onclick={opener("keys")}>{ "Keys" }</button>
                <button type="button" class="small quiet" id="settings-open" aria-haspopup="dialog"
                    aria-keyshortcuts={shortcuts(Command::Settings)} onclick={opener("settings")}>{ "Settings" }</button>
                { leave }</div>
        },
    };
    let hint = prompt_hint(model);
    // The bot's move while its hint for this position is on screen (the tray keeps it unfolded).
    let hinted = hint.action(&v);
    let stage = match &replaying {
        Some(info) => {
            let d = model.dispatcher();
            replay::replay_panel(&replay::Props {
                info: info.clone(),
                view: v.clone(),
                last_move: model.log.last().map(|l| l.head.clone()),
                on_step: {
                    let d = d.clone();
                    Callback::from(move |n| d.dispatch(Msg::ReplayTo(n)))
                },
                review: model.review.clone(),
                on_review: {
                    let d = d.clone();
                    Callback::from(move |_| d.dispatch(Msg::AskReview))
                },
                on_open: Callback::from(move |at| d.dispatch(Msg::OpenReviewed(at))),
            })
        }
        None => html! {
            <>
                { coach::coach(&v) }
                <last_move::LastMove group={model.log.last().cloned()} />
                // The decision's choices: one composite widget (one Tab stop, arrows inside,
                // digits take a choice; hooks::keys).
                <div id="choices" role="toolbar" aria-label="Choices">
                    <prompt::Prompt view={v.clone()} on_act={on_act.clone()} {hint} />
                    <tray::Tray view={v.clone()} on_act={on_act.clone()} {hinted} />
                </div>
            </>
        },
    };
    // On a phone a sheet not open is a hidden bottom sheet (`display: none`): its body is not
    // built, so a move draws only what shows; it is built as the sheet opens.
    let shown = |key: &str| !narrow || *open == Some(key);
    let weapon = if shown("weapon") {
        weapon::weapon_sheet(&weapon::Props {
            view: v.clone(),
            on_act: on_act.clone(),
        })
    } else {
        Html::default()
    };
    let cards = if shown("cards") {
        let cards = skills::Props { view: v.clone() };
        html! { <>{ skills::skills(&cards) }{ skills::conditions(&cards) }</> }
    } else {
        Html::default()
    };
    let guide = if *open == Some("guide") {
        actions_guide::actions_guide(&actions_guide::Props { view: v.clone() })
    } else {
        Html::default()
    };
    let mut monster_props = monster::Props::of(&v, model.monster_roll, model);
    monster_props.open = *open == Some("monster");
    monster_props.on_toggle = on_monster;
    let dock = SHEETS.iter().map(|(key, label)| {
        let on = *open == Some(*key);
        classed(
            format!("dock-btn dock-{key}"),
            html! {
                <button type="button" class="dock-btn" aria-expanded={on.to_string()}
                    aria-haspopup="dialog" onclick={opener(key)}>{ *label }</button>
            },
        )
    });
    let open_now = *open;
    let on_settings = {
        let d = model.dispatcher();
        Callback::from(move |s| d.dispatch(Msg::Settings(s)))
    };
    let (lesson, look) = coach::marks(&v.game);
    // The HUD's own counters (the monster's are on its sheet), and the move that changed them:
    // a move that changed none of them leaves the HUD as it was.
    let (hud_deltas, hud_rev) = crate::ui::moments::deltas_for(&model.deltas, model.rev, false);
    html! {
        <main class="app game table" data-ready={ready} data-rev={v.rev.to_string()} data-open={open_now.unwrap_or("")}
            data-lesson={lesson} data-look={look} {onkeydown}>
            <header class="topbar">
                <h1 class="brand">{ "Unbroken" }</h1>
                <Kept part={Part::Hud(hud::Props { level: s.level, time: s.time, time_removed: s.time_removed,
                    stock: s.stock, deltas: hud_deltas, rev: hud_rev })} />
                { top_actions }
            </header>
            { notices(model) }
            if let Some(e) = &model.last_error {
                <div class="notice error" role="alert"><p>{ e.clone() }</p><button type="button" class="small" onclick={send(|| Msg::Dismiss)}>{ "Dismiss" }</button></div>
            }
            <div class="felt">
                <aside class="zone zone-left" aria-label="Your hero">
                    { sheet("hero", open_now, &close, if shown("hero") {
                        html! { <Kept part={Part::Character(character::Props::of(&v))} /> }
                    } else {
                        Html::default()
                    }) }
                    { sheet("weapon", open_now, &close, weapon) }
                </aside>
                <section class="zone zone-centre" aria-label="The table">
                    <monster::MonsterSheet ..monster_props />
                    <div class="stage" id="stage">{ stage }</div>
                </section>
                <aside class="zone zone-right" aria-label="Tracks, cards and log">
                    // Its Time and resources always: they are drawn again only when they change,
                    // and what a player or a test reads of the Time left is there on a phone too.
                    // The rest (drawn again on every move) only where the sheet shows.
                    { sheet("track", open_now, &close, html! {
                        <>
                            <Kept part={Part::Time(time_tracker::Props::of(&v))} />
                            <Kept part={Part::Resources(resource_tracker::Props::of(&v))} />
                            if shown("track") {
                                { step_guide::step_guide(s.level, s.step, step_guide::waiting(&s.pending)) }
                                { decks::decks(&v) }
                                { share::deal_link_line(&s.setup) }
                            }
                        </>
                    }) }
                    { sheet("cards", open_now, &close, cards) }
                    { sheet("log", open_now, &close, if shown("log") {
                        html! { <log::Log log={model.log.clone()} /> }
                    } else {
                        Html::default()
                    }) }
                </aside>
                <div class="drawers">
                    // Drawers are built only while open: nothing to redo on every move.
                    if open_now == Some("guide") {
                        { sheet("guide", open_now, &close, guide.clone()) }
                    }
                    if open_now == Some("glossary") {
                        { sheet("glossary", open_now, &close, glossary_panel()) }
                    }
                    if open_now == Some("keys") {
                        { sheet("keys", open_now, &close, settings::keys_panel()) }
                    }
                    if open_now == Some("settings") {
                        { sheet("settings", open_now, &close, html! {
                            <settings::SettingsPanel settings={model.settings.clone()} on_change={on_settings} />
                        }) }
                    }
                </div>
            </div>
            if open_now.is_some() {
                <div class="scrim" aria-hidden="true" onclick={close.clone()}></div>
            }
            <nav class="dock" aria-label="Sheets">{ for dock }</nav>
            { banner::banner(model.banner.as_ref()) }
            { live(model) }
        </main>
    }
}

/// The prompt's Hint: the hint asked, and the message that asks.
fn prompt_hint(model: &UseReducerHandle<Model>) -> hint::Hint {
    let d = model.dispatcher();
    hint::Hint {
        asked: model.hint.clone(),
        on_ask: Callback::from(move |_| d.dispatch(Msg::AskHint)),
    }
}

/// Every keyword, in our own words: the Glossary drawer, shown open (the drawer is opened to
/// read it, so a folded list would cost a second click). Markup, not `html!`: nothing in it is
/// interactive, and text costs the first download far less than element-by-element code.
fn glossary_panel() -> Html {
    let mut m = Markup::lit(
        "<section class=\"panel glossary\" aria-labelledby=\"gloss-h\">\
         <h2 id=\"gloss-h\" class=\"sheet-title\">Glossary</h2><dl>",
    );
    for (_, t, d) in Glossary::all() {
        crate::markup!(m, "<dt>{}</dt><dd>{}</dd>", t, d);
    }
    m.lit_push("</dl></section>");
    show(m)
}
