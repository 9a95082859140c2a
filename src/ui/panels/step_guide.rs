//! The Quickstart step guide: the steps of a level, with the fox on the current one (p. 19).

use crate::engine::{Pending, Step};
use crate::markup;
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::{roman, term_markup};
use crate::ui::widgets::markup::show;
use yew::{html, Html};

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

/// The fox token and its words, in every step (shown on the current one): a small inline
/// drawing (no external icon).
const FOX: &str = "<svg class=\"fox\" viewBox=\"0 0 24 24\" width=\"22\" height=\"22\" aria-hidden=\"true\" \
    focusable=\"false\"><path d=\"M3 3 L8 9 L16 9 L21 3 L20 12 L12 21 L4 12 Z\" fill=\"#e0a64f\"></path>\
    <path d=\"M8 13 L10 14 M16 13 L14 14\" stroke=\"#1a120a\" stroke-width=\"1.6\" stroke-linecap=\"round\"></path>\
    <path d=\"M12 21 L10.5 18 L13.5 18 Z\" fill=\"#1a120a\"></path></svg>\
    <span class=\"here\">you are here</span>";

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
/// Each step's number and name are markup that never changes (nothing in them is interactive
/// but the tooltips, see `widgets::markup`); what a move changes, the heading, the current step
/// and so the fox on it, is Yew's, so a move patches a class and a text instead of parsing the
/// whole guide again.
pub fn step_guide(level: u8, here: Step, waiting: &str) -> Html {
    let items = |steps: &[(Step, &'static str, &'static str)]| -> Html {
        steps
            .iter()
            .map(|(step, num, gl)| {
                let cur = *step == here;
                // The step's number is read ("Step 1A"); the arrow of the closing step is not.
                let mut m = if *num == "→" {
                    markup!("<span class=\"step-num\" aria-hidden=\"true\">{}</span>", num)
                } else {
                    markup!(
                        "<span class=\"step-num\"><span class=\"visually-hidden\">Step </span>{}</span>",
                        num
                    )
                };
                m.push(term_markup(gl, step.name(), ""));
                // Every step holds the fox, shown on the current one only (the stylesheet): the
                // fox moving on is then a class changed, not a drawing parsed and inserted.
                m.lit_push(FOX);
                classed(if cur { "step current" } else { "step" }, html! {
                    <li class="step" aria-current={cur.then_some("step")}>
                        { show(m) }
                    </li>
                })
            })
            .collect()
    };
    html! {
        <section class="panel step-guide" aria-labelledby="steps-h">
            <h2 id="steps-h" class="sheet-title">{ format!("Level {} — {}{}", roman(level), here.name(), waiting) }</h2>
            <div class="phases">
                <div class="phase"><h3>{ "Travel Phase" }</h3><ol class="steps">{ items(&TRAVEL) }</ol></div>
                <div class="phase"><h3>{ "Combat Phase" }</h3><ol class="steps">{ items(&COMBAT) }</ol></div>
            </div>
        </section>
    }
}
