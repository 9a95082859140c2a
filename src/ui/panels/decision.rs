//! One decision control: the engine's action button, its preview beside it, and — when the
//! choice ends the game at once — a first press that only asks to confirm. The tray and the
//! prompt draw every choice of the decision with it.
//!
//! Its props are what it shows, worked out from the position by [`props`] (label, the rules'
//! verdict, number and key, tooltip, preview), not the position itself: after a move, a control
//! whose every one of these stayed the same is not drawn again, nor diffed. A battle round
//! leaves most of the tray as it was (the Actions Guide, crafting, Skip), and a tap then costs
//! only what changed.

use crate::engine::Action;
use crate::ui::panels::tray::{help, preview_line};
use crate::ui::reducer::View;
use crate::ui::widgets::class::classed;
use crate::ui::widgets::controls::{action_id, choice_ctl, mark, Ctl, Mark};
use yew::prelude::*;

/// What a decision control shows (see the module's doc).
#[derive(Properties, PartialEq)]
pub struct DecisionProps {
    pub on_act: Callback<Action>,
    /// The action, its label and whether the rules allow it now.
    pub ctl: Ctl,
    pub class: &'static str,
    /// Its glossary definition, shown as its tooltip while it is enabled.
    pub help: Option<String>,
    /// Its number and key in the choices widget, and what describes it.
    pub mark: Mark,
    /// The engine's preview of its certain result (`None`: nothing certain changes).
    pub preview: Option<Html>,
    /// Taking it ends the game at once: a first press asks to confirm.
    pub ends: bool,
    /// The position, for a choice that ends the game (its confirm holds for this position
    /// alone); 0 for any other, so that a move does not make it differ.
    pub rev: u64,
}

/// The props of the control of action `a` in the position `v`: `label` in place of the
/// engine's, and the button's classes besides `act` (`small` when none is asked).
pub fn props(
    v: &View,
    on: &Callback<Action>,
    a: Action,
    label: Option<String>,
    class: &'static str,
) -> DecisionProps {
    let pv = preview_line(v, &a);
    let ends = pv.as_ref().is_some_and(|(_, e)| *e);
    let pv_id = pv.as_ref().map(|_| format!("pv-{}", &action_id(&a)[4..]));
    DecisionProps {
        on_act: on.clone(),
        ctl: Ctl {
            action: a,
            label: label.unwrap_or_else(|| v.label(&a)),
            status: v.status(&a),
        },
        class,
        help: help(v, &a),
        mark: mark(v, &a, pv_id),
        preview: pv.map(|(line, _)| line),
        ends,
        rev: if ends { v.rev } else { 0 },
    }
}

/// The control of action `a` (see [`props`]).
pub fn decision(
    v: &View,
    on: &Callback<Action>,
    a: Action,
    label: Option<String>,
    class: &'static str,
) -> Html {
    html! { <Decision ..props(v, on, a, label, class) /> }
}

#[function_component(Decision)]
pub fn decision_control(p: &DecisionProps) -> Html {
    let a = p.ctl.action;
    let armed = use_state_eq(|| None::<u64>);
    let label = &p.ctl.label;
    let pv_id = format!("pv-{}", &action_id(&a)[4..]);
    let confirming = p.ends && *armed == Some(p.rev);
    let question = format!("{label}: this ends the game. Are you sure?");
    // The confirm takes focus when it opens (its question is read with it, and said through the
    // live region too), and gives it back to the choice when it closes.
    {
        let btn = format!("btn-{}", &action_id(&a)[4..]);
        let mounted = use_mut_ref(|| false);
        let question = question.clone();
        use_effect_with(confirming, move |on| {
            // Not when the control is first drawn: only when the confirm opens or closes.
            if std::mem::replace(&mut *mounted.borrow_mut(), true) {
                crate::ui::hooks::focus::focus_id(if *on { "confirm-end" } else { &btn });
                if *on {
                    crate::ui::panels::notices::say(question);
                }
            }
        });
    }
    // A game-ending choice: the first press arms it (this position only), the second takes it.
    if confirming {
        let on = p.on_act.clone();
        let go = Callback::from(move |_: MouseEvent| on.emit(a));
        let back = {
            let armed = armed.clone();
            Callback::from(move |_: MouseEvent| armed.set(None))
        };
        let q_id = format!("{pv_id}-q");
        // Escape is "Go back" (the board's Escape closes sheets; this one stops there).
        let onkeydown = {
            let armed = armed.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Escape" {
                    e.stop_propagation();
                    armed.set(None);
                }
            })
        };
        return html! {
            <div class="decision confirm" role="alertdialog" aria-modal="false" aria-labelledby={q_id.clone()} {onkeydown}>
                <p class="pv pv-end" id={q_id.clone()}>{ question }</p>
                <button type="button" class="act danger small" id="confirm-end" aria-describedby={q_id}
                    onclick={go}>{ format!("Yes: {label}") }</button>
                <button type="button" class="small quiet" id="confirm-back" onclick={back}>{ "Go back" }</button>
            </div>
        };
    }
    let button = if p.ends {
        let armed = armed.clone();
        let rev = p.rev;
        let arm = Callback::from(move |_: Action| armed.set(Some(rev)));
        choice_ctl(&p.ctl, &arm, p.class, p.help.clone(), p.mark.clone())
    } else {
        choice_ctl(&p.ctl, &p.on_act, p.class, p.help.clone(), p.mark.clone())
    };
    classed(
        if p.ends { "decision ends" } else { "decision" },
        html! {
            <div>
                { button }
                if let Some(line) = &p.preview {
                    <span class="pv" id={pv_id}>{ line.clone() }</span>
                }
            </div>
        },
    )
}
