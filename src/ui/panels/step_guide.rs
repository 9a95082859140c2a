//! The Quickstart step guide: the steps of a level, with the fox on the current one (p. 19).

use crate::engine::{Pending, Step};
use crate::ui::widgets::controls::{roman, term};
use yew::prelude::*;

/// The choice a step waits for inside it, as a heading's tail.
pub fn waiting(p: &Pending) -> &'static str {
    match p {
        Pending::Respond { .. } => " — responses to settle",
        Pending::ChooseRoll { .. } => " — choose a roll",
        Pending::ChooseSkill { .. } => " — choose a skill",
        Pending::ChooseCondition { .. } => " — choose a condition",
        Pending::ChooseUpgrade { .. } => " — choose an upgrade",
        _ => "",
    }
}

/// The fox token: a small inline drawing (no external icon).
pub fn fox() -> Html {
    html! {
        <svg class="fox" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M3 3 L8 9 L16 9 L21 3 L20 12 L12 21 L4 12 Z" fill="#e0a64f"/>
            <path d="M8 13 L10 14 M16 13 L14 14" stroke="#1a120a" stroke-width="1.6" stroke-linecap="round"/>
            <path d="M12 21 L10.5 18 L13.5 18 Z" fill="#1a120a"/>
        </svg>
    }
}

const TRAVEL: [(Step, &str, &str); 2] = [
    (Step::Preparation, "1–2", "step_preparation"),
    (Step::Exploration, "3", "step_exploration"),
];
const COMBAT: [(Step, &str, &str); 6] = [
    (Step::Ambush, "1A", "step_ambush"),
    (Step::Trickery, "1B", "step_trickery"),
    (Step::Battle, "2", "step_battle"),
    (Step::Rewards, "3", "step_rewards"),
    (Step::Hunger, "4", "step_hunger"),
    (Step::Advance, "→", "step_advance"),
];

/// The steps of the level, the fox on `here`; `waiting`: the choice inside it ([`waiting`]).
pub fn step_guide(level: u8, here: Step, waiting: &str) -> Html {
    let item = |(step, num, gl): &(Step, &'static str, &'static str)| {
        let cur = *step == here;
        html! {
            <li class={if cur { "step current" } else { "step" }} aria-current={cur.then_some("step")}>
                // The step's number is read ("Step 1A"); the arrow of the closing step is not.
                if *num == "→" {
                    <span class="step-num" aria-hidden="true">{ *num }</span>
                } else {
                    <span class="step-num"><span class="visually-hidden">{ "Step " }</span>{ *num }</span>
                }
                { term(gl, step.name(), "") }
                if cur { { fox() } <span class="here">{ "you are here" }</span> }
            </li>
        }
    };
    html! {
        <section class="panel step-guide" aria-labelledby="steps-h">
            <h2 id="steps-h" class="sheet-title">
                { format!("Level {} — {}{}", roman(level), here.name(), waiting) }
            </h2>
            <div class="phases">
                <div class="phase">
                    <h3>{ "Travel Phase" }</h3>
                    <ol class="steps">{ for TRAVEL.iter().map(item) }</ol>
                </div>
                <div class="phase">
                    <h3>{ "Combat Phase" }</h3>
                    <ol class="steps">{ for COMBAT.iter().map(item) }</ol>
                </div>
            </div>
        </section>
    }
}
