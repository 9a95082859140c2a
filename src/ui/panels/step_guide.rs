//! The Quickstart step guide: the steps of a level, with the fox on the current one (p. 19).

use crate::engine::{Pending, Step};
use crate::markup;
use crate::records::markup::Markup;
use crate::ui::widgets::controls::{roman, term_markup};
use crate::ui::widgets::markup::show;
use yew::Html;

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
const FOX: &str = "<svg class=\"fox\" viewBox=\"0 0 24 24\" width=\"22\" height=\"22\" aria-hidden=\"true\" \
    focusable=\"false\"><path d=\"M3 3 L8 9 L16 9 L21 3 L20 12 L12 21 L4 12 Z\" fill=\"#e0a64f\"></path>\
    <path d=\"M8 13 L10 14 M16 13 L14 14\" stroke=\"#1a120a\" stroke-width=\"1.6\" stroke-linecap=\"round\"></path>\
    <path d=\"M12 21 L10.5 18 L13.5 18 Z\" fill=\"#1a120a\"></path></svg>";

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
/// Markup: nothing here is interactive but the tooltips (see `widgets::markup`).
pub fn step_guide(level: u8, here: Step, waiting: &str) -> Html {
    let items = |m: &mut Markup, steps: &[(Step, &'static str, &'static str)]| {
        for (step, num, gl) in steps {
            let cur = *step == here;
            m.lit_push(if cur {
                "<li class=\"step current\" aria-current=\"step\">"
            } else {
                "<li class=\"step\">"
            });
            // The step's number is read ("Step 1A"); the arrow of the closing step is not.
            if *num == "→" {
                markup!(
                    m,
                    "<span class=\"step-num\" aria-hidden=\"true\">{}</span>",
                    num
                );
            } else {
                markup!(
                    m,
                    "<span class=\"step-num\"><span class=\"visually-hidden\">Step </span>{}</span>",
                    num
                );
            }
            m.push(term_markup(gl, step.name(), ""));
            if cur {
                m.lit_push(FOX);
                m.lit_push("<span class=\"here\">you are here</span>");
            }
            m.lit_push("</li>");
        }
    };
    let mut m = markup!(
        "<section class=\"panel step-guide\" aria-labelledby=\"steps-h\"><h2 id=\"steps-h\" class=\"sheet-title\">\
         Level {} — {}{}</h2><div class=\"phases\"><div class=\"phase\"><h3>Travel Phase</h3><ol class=\"steps\">",
        roman(level),
        here.name(),
        waiting
    );
    items(&mut m, &TRAVEL);
    m.lit_push("</ol></div><div class=\"phase\"><h3>Combat Phase</h3><ol class=\"steps\">");
    items(&mut m, &COMBAT);
    m.lit_push("</ol></div></div></section>");
    show(m)
}
