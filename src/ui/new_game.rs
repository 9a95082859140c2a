//! The new-game screen: character (with its abilities) and side (both names shown), difficulty
//! (Easy shows the 15-effort toggle), an optional seed; "Continue" when a saved game exists.
//! The Hard radio carries `data-bench-action`: the cheap, repeatable action whose click latency
//! scripts/budgets.mjs measures (in-game actions are measured by tests/e2e/game-perf.test.mjs).

use crate::engine::{Difficulty, Setup};
use crate::ui::widgets::controls::term;
use web_sys::HtmlInputElement;
use yew::prelude::*;

pub use crate::ui::widgets::controls::Db;

#[derive(Properties, PartialEq)]
pub struct Props {
    pub db: Db,
    /// A one-line summary of the saved game, if there is one to continue.
    pub saved: Option<AttrValue>,
    pub on_start: Callback<Setup>,
    pub on_continue: Callback<()>,
    /// Starts today's daily challenge.
    pub on_daily: Callback<()>,
}

fn difficulty_text(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "13 Small Effort, one extra resource by a die roll, a skill to start with; you strike first.",
        Difficulty::Normal => "13 Small Effort; you strike first.",
        Difficulty::Hard => "10 Small Effort; the monster strikes first.",
    }
}

#[function_component(NewGame)]
pub fn new_game(p: &Props) -> Html {
    let db = &p.db.0;
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
        let ids: Vec<String> = db.characters.iter().map(|c| c.id.clone()).collect();
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

    let chars = db.characters.iter().enumerate().map(|(i, c)| {
        let checked = *character == i;
        let onchange = {
            let character = character.clone();
            let side = side.clone();
            Callback::from(move |_: Event| {
                character.set(i);
                side.set(0);
            })
        };
        let id = format!("char-{}", c.id);
        html! {
            <li class={if checked { "choice char-choice selected" } else { "choice char-choice" }}>
                <input type="radio" name="character" id={id.clone()} value={c.id.clone()} {checked} {onchange}
                    aria-describedby={format!("{id}-about")} />
                <label for={id.clone()}>
                    <span class="choice-title">{ c.name.clone() }</span>
                    <span class="muted">{ format!(" — “{}”", c.motto) }</span>
                </label>
                <div class="about" id={format!("{id}-about")}>
                    <p class="small">{ format!("Sides: {} or {}.", c.sides[0].name, c.sides[1].name) }</p>
                    <ul class="small abilities">
                        { for c.abilities.iter().map(|a| html! { <li><strong>{ format!("{}: ", a.name) }</strong>{ a.text.clone() }</li> }) }
                    </ul>
                </div>
            </li>
        }
    });
    let chosen = db.characters.get(*character);
    let sides = chosen.map(|c| {
        c.sides.iter().enumerate().map(|(i, sd)| {
            let checked = *side == i as u8;
            let onchange = {
                let side = side.clone();
                Callback::from(move |_: Event| side.set(i as u8))
            };
            let id = format!("side-{i}");
            html! {
                <li class={if checked { "choice selected" } else { "choice" }}>
                    <input type="radio" name="side" id={id.clone()} {checked} {onchange} aria-describedby={format!("{id}-about")} />
                    <label for={id.clone()}><span class="choice-title">{ sd.name.clone() }</span></label>
                    <p class="about small flavour" id={format!("{id}-about")}>{ sd.flavour.clone() }</p>
                </li>
            }
        }).collect::<Html>()
    });
    let diffs = Difficulty::ALL.iter().map(|d| {
        let d = *d;
        let checked = *difficulty == d;
        let onchange = {
            let difficulty = difficulty.clone();
            Callback::from(move |_: Event| difficulty.set(d))
        };
        let id = format!("diff-{}", d.name().to_ascii_lowercase());
        html! {
            <li class={if checked { "choice selected" } else { "choice" }}>
                <input type="radio" name="difficulty" id={id.clone()} {checked} {onchange} aria-describedby={format!("{id}-about")}
                    data-bench-action={(d == Difficulty::Hard).then_some("difficulty")} />
                <label for={id.clone()}><span class="choice-title">{ d.name() }</span></label>
                <p class="about small" id={format!("{id}-about")}>{ difficulty_text(d) }</p>
            </li>
        }
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
    let cont = p.saved.as_ref().map(|summary| {
        let on = p.on_continue.clone();
        html! {
            <section class="panel continue" aria-labelledby="cont-h">
                <h2 id="cont-h">{ "Your saved game" }</h2>
                <p>{ summary.clone() }</p>
                <button type="button" class="primary" id="continue" onclick={Callback::from(move |_: MouseEvent| on.emit(()))}>{ "Continue" }</button>
            </section>
        }
    });
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
    html! {
        <div class="new-game stack">
            { for cont }
            <section class="panel daily" aria-labelledby="daily-h">
                <h2 id="daily-h">{ "Daily challenge" }</h2>
                <p class="small">{ format!("Today's deal ({today}, UTC) is the same for everyone; its results have their own mark on the scorepad.") }</p>
                if *daily_confirm && p.saved.is_some() {
                    <p class="notice error" role="alert" id="daily-replace-warning">
                        { "The daily challenge replaces your saved game. Press “Daily challenge” again to confirm, or Continue the saved game." }
                    </p>
                }
                <button type="button" class="primary" id="daily" onclick={daily}>{ "Daily challenge" }</button>
            </section>
            <form class="panel stack" onsubmit={start} aria-labelledby="ng-h">
                <h2 id="ng-h">{ "A new descent" }</h2>
                <fieldset>
                    <legend>{ "Character" }</legend>
                    <ul class="choices chars">{ for chars }</ul>
                </fieldset>
                <fieldset>
                    <legend>{ format!("Side of the {} sheet", chosen.map(|c| c.name.as_str()).unwrap_or("character")) }</legend>
                    <ul class="choices sides">{ for sides }</ul>
                </fieldset>
                <fieldset>
                    <legend>{ "Difficulty" }</legend>
                    <ul class="choices diffs">{ for diffs }</ul>
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
                        { match &*seed_error { Some(e) => e.clone(), None => "Leave empty for a fresh deal. The same seed deals the same cards, monsters and dice.".into() } }
                    </span>
                </p>
                if *confirm && p.saved.is_some() {
                    <p class="notice error" role="alert" id="replace-warning">
                        { "Starting a new game replaces your saved game. Press “Start the game” again to confirm, or Continue the saved game." }
                    </p>
                }
                <button type="submit" class="primary" id="start"
                    aria-describedby={p.saved.as_ref().map(|_| "replace-note")}>{ "Start the game" }</button>
                if p.saved.is_some() {
                    <p class="small muted" id="replace-note">{ "You have a saved game: a new game replaces it." }</p>
                }
            </form>
        </div>
    }
}
