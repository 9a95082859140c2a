//! The title screen: the game's name, a menu (Continue when a saved game exists, New game,
//! Daily challenge, Records), and the new game's setup — the characters as cards (emblem, name,
//! motto, abilities, and on the chosen card its two sides), difficulty (Easy
//! shows the 15-effort toggle), an optional seed, and "Start the game", which stays in view
//! (a sticky bar on phones). Everything a first visit needs fits 1280×720 and 390×844.
//!
//! The Hard radio carries `data-bench-action`: the cheap, repeatable action whose click latency
//! scripts/budgets.mjs measures (in-game actions are measured by tests/e2e/game-perf.test.mjs).

use crate::engine::cards::{Ability, Character};
use crate::engine::{Difficulty, Setup};
use crate::markup;
use crate::records::markup::Markup;
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::term;
use crate::ui::widgets::icon::{emblem_markup, ArtKind};
use crate::ui::widgets::markup::show;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The box's character cards, compared by pointer (made once per page).
#[derive(Clone)]
pub struct Characters(pub Rc<Vec<Character>>);

impl PartialEq for Characters {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
    }
}

#[derive(Properties, PartialEq)]
pub struct Props {
    /// The character cards to choose from (all the screen needs of the box).
    pub characters: Characters,
    /// A one-line summary of the saved game, if there is one to continue.
    pub saved: Option<AttrValue>,
    pub on_start: Callback<Setup>,
    pub on_continue: Callback<()>,
    /// Starts today's daily challenge.
    pub on_daily: Callback<()>,
    /// The menu's Records entry: the records button (the table's module), or a button that
    /// hands the page to the table's module to open them (the title screen's own module).
    pub records: Html,
    /// Where the lesson left half-way stands ("step 5 of 17: Rest"), if one is kept.
    #[prop_or_default]
    pub lesson: Option<AttrValue>,
    /// Learn to play: `false` goes on with the lesson kept (or starts it), `true` starts it again.
    pub on_learn: Callback<bool>,
    /// The player's choice is on its way to the table (the table's module still loading):
    /// "Start the game" says so and takes no second press.
    #[prop_or_default]
    pub waiting: bool,
    /// Notices shown under the title (storage, links, errors).
    #[prop_or_default]
    pub children: Html,
}

/// The screen's head (text: it never changes).
const TITLE: &str =
    "<header class=\"title\"><h1>Unbroken</h1><p class=\"tagline\">A solo card game of \
    survival and revenge. Four levels, four monsters, no way back.</p></header>";

fn difficulty_text(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "13 Small Effort, one extra resource by a die roll, a skill to start with; you strike first.",
        Difficulty::Normal => "13 Small Effort; you strike first.",
        Difficulty::Hard => "10 Small Effort; the monster strikes first.",
    }
}

/// Moves focus to the element with this id (the menu's "New game" goes to the setup).
fn focus(id: &str) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

/// One ability: its name, and its words (shown where there is room; always the card's
/// description for assistive technology). The words say its cost.
fn ability_line(a: &Ability) -> Markup {
    markup!(
        "<li><span class=\"ab-name\">{}</span> <span class=\"ab-text\">{}</span></li>",
        a.name,
        a.text
    )
}

/// A character card's face, as [`Markup`] (far less wasm than `html!`): art, name, motto, and
/// the abilities (the card's radio is described by them).
fn card_face(c: &Character) -> Html {
    let mut abilities = Markup::new();
    for a in &c.abilities {
        abilities.push(ability_line(a));
    }
    show(markup!(
        "<div class=\"char-body\"><label for=\"char-{}\" class=\"char-face\"><span class=\"char-art\">{}</span>\
         <span class=\"char-words\"><span class=\"choice-title\">{}</span>\
         <span class=\"motto\">“{}”</span></span></label>\
         <ul class=\"abilities\" id=\"char-{}-about\" aria-label=\"{}'s abilities\">{}</ul></div>",
        c.id,
        emblem_markup(ArtKind::Character, &c.id, None),
        c.name,
        c.motto,
        c.id,
        c.name,
        abilities
    ))
}

/// One character card; the chosen one also holds the side choice.
fn char_card(
    c: &Character,
    i: usize,
    chosen: bool,
    side: u8,
    on_pick: Callback<usize>,
    on_side: Callback<u8>,
) -> Html {
    let id = format!("char-{}", c.id);
    let onchange = Callback::from(move |_: Event| on_pick.emit(i));
    let sides = if chosen {
        let radios = (0..c.sides.len() as u8).map(|j| {
            let on = on_side.clone();
            let name = c.adventurer(j).unwrap_or("").to_string();
            let sid = format!("side-{j}");
            classed(if side == j { "side selected" } else { "side" }, html! {
                <li>
                    <input type="radio" name="side" id={sid.clone()} checked={side == j}
                        onchange={Callback::from(move |_: Event| on.emit(j))} aria-describedby="side-about" />
                    <label for={sid}>{ name }</label>
                </li>
            })
        });
        html! {
            <fieldset class="sides">
                <legend>{ "Side" }</legend>
                <ul>{ for radios }</ul>
            </fieldset>
        }
    } else {
        html! { <p class="side-names small">{ format!("{} · {}", c.adventurer(0).unwrap_or(""), c.adventurer(1).unwrap_or("")) }</p> }
    };
    let class = if chosen {
        "choice char-choice char-card selected"
    } else {
        "choice char-choice char-card"
    };
    classed(
        class,
        html! {
            <li>
                <input type="radio" name="character" id={id.clone()} value={c.id.clone()} checked={chosen} {onchange}
                    aria-describedby={format!("{id}-about")} />
                { card_face(c) }
                { sides }
            </li>
        },
    )
}

#[function_component(NewGame)]
pub fn new_game(p: &Props) -> Html {
    let characters = &p.characters.0;
    let character = use_state(|| 0usize);
    let side = use_state(|| 0u8);
    let difficulty = use_state(|| Difficulty::Normal);
    let toggle = use_state(|| false);
    let seed = use_state(String::new);
    let seed_error = use_state(|| None::<String>);
    // With a saved game, the first Start asks for confirmation: a new game replaces the save.
    let confirm = use_state(|| false);

    let start = {
        let (character, side, difficulty, toggle, seed, seed_error) = (
            character.clone(),
            side.clone(),
            difficulty.clone(),
            toggle.clone(),
            seed.clone(),
            seed_error.clone(),
        );
        let on = p.on_start.clone();
        let ids: Vec<String> = characters.iter().map(|c| c.id.clone()).collect();
        let has_save = p.saved.is_some();
        let confirm = confirm.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if has_save && !*confirm {
                confirm.set(true);
                return;
            }
            let text = seed.trim();
            let value = if text.is_empty() {
                crate::engine::rng::fresh_seed()
            } else {
                match text.parse::<u64>() {
                    Ok(v) => v,
                    Err(_) => {
                        seed_error.set(Some(
                            "A seed is a whole number from 0 to 18446744073709551615.".into(),
                        ));
                        return;
                    }
                }
            };
            seed_error.set(None);
            on.emit(Setup {
                seed: value,
                character: ids.get(*character).cloned().unwrap_or_default(),
                side: *side,
                difficulty: *difficulty,
                easy_toggle: *difficulty == Difficulty::Easy && *toggle,
            });
        })
    };

    let on_pick = {
        let (character, side) = (character.clone(), side.clone());
        Callback::from(move |i: usize| {
            character.set(i);
            side.set(0);
        })
    };
    let on_side = {
        let side = side.clone();
        Callback::from(move |j: u8| side.set(j))
    };
    let cards = characters.iter().enumerate().map(|(i, c)| {
        char_card(
            c,
            i,
            *character == i,
            *side,
            on_pick.clone(),
            on_side.clone(),
        )
    });
    let chosen = characters.get(*character);
    let side_about = chosen
        .and_then(|c| c.sides.get(*side as usize))
        .map(|s| s.flavour.clone())
        .unwrap_or_default();
    let diffs = Difficulty::ALL.iter().map(|d| {
        let d = *d;
        let checked = *difficulty == d;
        let onchange = {
            let difficulty = difficulty.clone();
            Callback::from(move |_: Event| difficulty.set(d))
        };
        let id = format!("diff-{}", d.name().to_ascii_lowercase());
        classed(if checked { "seg selected" } else { "seg" }, html! {
            <li>
                <input type="radio" name="difficulty" id={id.clone()} {checked} {onchange} aria-describedby="diff-about"
                    data-bench-action={(d == Difficulty::Hard).then_some("difficulty")} />
                <label for={id}>{ d.name() }</label>
            </li>
        })
    });
    let on_toggle = {
        let toggle = toggle.clone();
        Callback::from(move |e: Event| {
            let el: HtmlInputElement = e.target_unchecked_into();
            toggle.set(el.checked());
        })
    };
    let on_seed = {
        let seed = seed.clone();
        Callback::from(move |e: InputEvent| {
            let el: HtmlInputElement = e.target_unchecked_into();
            seed.set(el.value());
        })
    };
    let daily_confirm = use_state(|| false);
    let daily = {
        let on = p.on_daily.clone();
        let has_save = p.saved.is_some();
        let daily_confirm = daily_confirm.clone();
        Callback::from(move |_: MouseEvent| {
            if has_save && !*daily_confirm {
                daily_confirm.set(true);
                return;
            }
            on.emit(())
        })
    };
    let today = crate::share::daily::utc_date(js_sys::Date::now());
    let cont = p.saved.as_ref().map(|summary| {
        let on = p.on_continue.clone();
        html! {
            <div class="menu-item continue">
                <button type="button" class="primary" id="continue" aria-describedby="cont-about"
                    onclick={Callback::from(move |_: MouseEvent| on.emit(()))}>{ "Continue" }</button>
                <p class="small muted" id="cont-about">{ summary.clone() }</p>
            </div>
        }
    });
    let to_setup = Callback::from(|_: MouseEvent| focus("ng-h"));
    let learn = |again: bool| {
        let on = p.on_learn.clone();
        Callback::from(move |_: MouseEvent| on.emit(again))
    };
    html! {
        <div class="title-layout">
            { show(Markup::lit(TITLE)) }
            <div class="notes">{ p.children.clone() }</div>
            <nav class="menu" aria-label="Main menu">
                { for cont }
                <div class="menu-item">
                    if p.saved.is_none() {
                        <button type="button" class="primary" id="menu-new" aria-controls="new-game" onclick={to_setup}>{ "New game" }</button>
                    } else {
                        <button type="button" id="menu-new" aria-controls="new-game" onclick={to_setup}>{ "New game" }</button>
                    }
                </div>
                <div class="menu-item learn">
                    <button type="button" id="learn" aria-describedby="learn-about"
                        onclick={learn(false)}>{ if p.lesson.is_some() { "Continue the lesson" } else { "Learn to play" } }</button>
                    <p class="small muted" id="learn-about">{
                        match &p.lesson {
                            Some(at) => format!("Learn to play, {at}."),
                            None => "A guided first game: each move shown and explained. It never touches your saved game or records.".to_string(),
                        }
                    }</p>
                    if p.lesson.is_some() {
                        <button type="button" class="small quiet" id="learn-again" onclick={learn(true)}>{ "Start the lesson again" }</button>
                    }
                </div>
                <div class="menu-item">
                    <button type="button" id="daily" aria-describedby="daily-about" onclick={daily}>{ "Daily challenge" }</button>
                    <p class="small muted" id="daily-about">{ format!("Today's deal ({today}, UTC): the same for everyone, marked on the scorepad.") }</p>
                </div>
                if *daily_confirm && p.saved.is_some() {
                    <p class="notice error" role="alert" id="daily-replace-warning">
                        { "The daily challenge replaces your saved game. Press “Daily challenge” again to confirm, or Continue the saved game." }
                    </p>
                }
                <div class="menu-item">
                    { p.records.clone() }
                </div>
            </nav>
            <form class="setup" id="new-game" onsubmit={start} aria-labelledby="ng-h">
                <h2 id="ng-h" tabindex="-1">{ "A new descent" }</h2>
                <fieldset class="chars-set">
                    <legend>{ "Character" }</legend>
                    <ul class="choices chars">{ for cards }</ul>
                    <p class="small muted side-about" id="side-about">{ side_about }</p>
                </fieldset>
                <fieldset class="diff-set">
                    <legend>{ "Difficulty" }</legend>
                    <ul class="segmented diffs">{ for diffs }</ul>
                    <p class="small muted" id="diff-about">{ difficulty_text(*difficulty) }</p>
                    if *difficulty == Difficulty::Easy {
                        <p class="toggle">
                            <input type="checkbox" id="easy-toggle" checked={*toggle} onchange={on_toggle} />
                            <label for="easy-toggle">{ "Easier still: start with 15 " }</label>{ term("small", "", "-ng") }
                        </p>
                    }
                </fieldset>
                <p class="seed">
                    <label for="seed">{ "Seed (optional)" }</label>
                    <input type="text" id="seed" inputmode="numeric" autocomplete="off" value={(*seed).clone()}
                        oninput={on_seed} aria-describedby="seed-help" aria-invalid={seed_error.is_some().then_some("true")} />
                    <span id="seed-help" class="small muted">
                        { match &*seed_error { Some(e) => e.clone(), None => "Empty: a fresh deal. A seed deals the same cards and dice again.".into() } }
                    </span>
                </p>
                if *confirm && p.saved.is_some() {
                    <p class="notice error" role="alert" id="replace-warning">
                        { "Starting a new game replaces your saved game. Press “Start the game” again to confirm, or Continue the saved game." }
                    </p>
                }
                <div class="start-bar">
                    <button type="submit" class="primary start" id="start" aria-disabled={p.waiting.then_some("true")}
                        aria-describedby={p.saved.as_ref().map(|_| "replace-note")}>
                        { if p.waiting { "Setting the table…" } else { "Start the game" } }
                    </button>
                    if p.saved.is_some() {
                        <span class="small muted" id="replace-note">{ "A new game replaces your saved game." }</span>
                    }
                </div>
            </form>
        </div>
    }
}
