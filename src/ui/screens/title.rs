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
use crate::ui::widgets::controls::page_term;
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

/// What the player has chosen on the screen so far. One reducer holds it all: each kind of
/// state held apart (`use_state` per field) costs the page its own copy of Yew's hook code.
#[derive(Clone, PartialEq)]
struct Form {
    character: usize,
    side: u8,
    difficulty: Difficulty,
    /// Easy's "start with 15 Small Effort".
    toggle: bool,
    seed: String,
    seed_error: Option<String>,
    /// With a saved game, the first Start asks for confirmation: a new game replaces the save.
    confirm: bool,
    /// The same for the daily challenge.
    daily_confirm: bool,
}

impl Default for Form {
    fn default() -> Self {
        Form {
            character: 0,
            side: 0,
            difficulty: Difficulty::Normal,
            toggle: false,
            seed: String::new(),
            seed_error: None,
            confirm: false,
            daily_confirm: false,
        }
    }
}

/// One change of the [`Form`].
enum Set {
    /// A character, on its first side.
    Character(usize),
    Side(u8),
    Difficulty(Difficulty),
    Toggle(bool),
    Seed(String),
    SeedError(Option<String>),
    Confirm,
    DailyConfirm,
}

impl Reducible for Form {
    type Action = Set;

    fn reduce(self: std::rc::Rc<Self>, set: Set) -> std::rc::Rc<Self> {
        let mut f = (*self).clone();
        match set {
            Set::Character(i) => {
                f.character = i;
                f.side = 0;
            }
            Set::Side(j) => f.side = j,
            Set::Difficulty(d) => f.difficulty = d,
            Set::Toggle(t) => f.toggle = t,
            Set::Seed(s) => f.seed = s,
            Set::SeedError(e) => f.seed_error = e,
            Set::Confirm => f.confirm = true,
            Set::DailyConfirm => f.daily_confirm = true,
        }
        f.into()
    }
}

#[function_component(NewGame)]
pub fn new_game(p: &Props) -> Html {
    let characters = &p.characters.0;
    let form = use_reducer(Form::default);
    let set = form.dispatcher().to_callback();

    let start = {
        let (form, set) = (form.clone(), set.clone());
        let on = p.on_start.clone();
        let ids: Vec<String> = characters.iter().map(|c| c.id.clone()).collect();
        let has_save = p.saved.is_some();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if has_save && !form.confirm {
                set.emit(Set::Confirm);
                return;
            }
            let text = form.seed.trim();
            let value = if text.is_empty() {
                crate::engine::rng::fresh_seed()
            } else {
                match text.parse::<u64>() {
                    Ok(v) => v,
                    Err(_) => {
                        set.emit(Set::SeedError(Some(
                            "A seed is a whole number from 0 to 18446744073709551615.".into(),
                        )));
                        return;
                    }
                }
            };
            set.emit(Set::SeedError(None));
            on.emit(Setup {
                seed: value,
                character: ids.get(form.character).cloned().unwrap_or_default(),
                side: form.side,
                difficulty: form.difficulty,
                easy_toggle: form.difficulty == Difficulty::Easy && form.toggle,
            });
        })
    };

    let on_pick = set.reform(Set::Character);
    let on_side = set.reform(Set::Side);
    let cards = characters.iter().enumerate().map(|(i, c)| {
        char_card(
            c,
            i,
            form.character == i,
            form.side,
            on_pick.clone(),
            on_side.clone(),
        )
    });
    let chosen = characters.get(form.character);
    let side_about = chosen
        .and_then(|c| c.sides.get(form.side as usize))
        .map(|s| s.flavour.clone())
        .unwrap_or_default();
    let diffs = Difficulty::ALL.iter().map(|d| {
        let d = *d;
        let checked = form.difficulty == d;
        let onchange = {
            let set = set.clone();
            Callback::from(move |_: Event| set.emit(Set::Difficulty(d)))
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
    let on_toggle = set.reform(|e: Event| {
        let el: HtmlInputElement = e.target_unchecked_into();
        Set::Toggle(el.checked())
    });
    let on_seed = set.reform(|e: InputEvent| {
        let el: HtmlInputElement = e.target_unchecked_into();
        Set::Seed(el.value())
    });
    let daily = {
        let on = p.on_daily.clone();
        let has_save = p.saved.is_some();
        let (form, set) = (form.clone(), set.clone());
        Callback::from(move |_: MouseEvent| {
            if has_save && !form.daily_confirm {
                set.emit(Set::DailyConfirm);
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
                if form.daily_confirm && p.saved.is_some() {
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
                    <p class="small muted" id="diff-about">{ difficulty_text(form.difficulty) }</p>
                    if form.difficulty == Difficulty::Easy {
                        <p class="toggle">
                            <input type="checkbox" id="easy-toggle" checked={form.toggle} onchange={on_toggle} />
                            <label for="easy-toggle">{ "Easier still: start with 15 " }</label>{ page_term("small", "-ng") }
                        </p>
                    }
                </fieldset>
                <p class="seed">
                    <label for="seed">{ "Seed (optional)" }</label>
                    <input type="text" id="seed" inputmode="numeric" autocomplete="off" value={form.seed.clone()}
                        oninput={on_seed} aria-describedby="seed-help" aria-invalid={form.seed_error.is_some().then_some("true")} />
                    <span id="seed-help" class="small muted">
                        { match &form.seed_error { Some(e) => e.clone(), None => "Empty: a fresh deal. A seed deals the same cards and dice again.".into() } }
                    </span>
                </p>
                if form.confirm && p.saved.is_some() {
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
