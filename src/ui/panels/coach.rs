//! The lesson's coach mark (Learn to play): above the decision, the step's
//! heading and words, and the move it asks for — whose control is the only one open and is
//! outlined on the table (styles: `[data-lesson]`), with the place the words are about
//! (`data-look`: the Time Tracker, the monster, …). After the last step, a closing word until the
//! next move; a finished practice game gets its own end screen, which records nothing.
//!
//! The words and the moves are content (`content/tutorial.json`, via `crate::learn`; the longer
//! words via the words file, `widgets::words_file`); nothing here knows what a step teaches.

use crate::engine::{Action, Game, Outcome, Pending};
use crate::learn;
use crate::ui::panels::notices::live;
use crate::ui::panels::prompt;
use crate::ui::reducer::{Model, Msg, View};
use crate::ui::widgets::words_file;
use yew::prelude::*;

/// The table's `data-lesson` and `data-look` while a step waits for its move.
pub fn marks(g: &Game) -> (Option<&'static str>, Option<&'static str>) {
    match learn::step_of(g) {
        Some((_, s)) => (Some("on"), Some(s.look).filter(|l| !l.is_empty())),
        None => (None, None),
    }
}

/// The coach mark for the position on the table (nothing outside the lesson).
pub fn coach(v: &View) -> Html {
    let g = &v.game;
    let total = learn::steps().len();
    let (head, title, at, play) = match learn::step_of(g) {
        Some((i, s)) => (
            format!("{} · step {} of {total}", s.lesson, i + 1),
            s.title,
            i,
            Some(s.play),
        ),
        None if learn::is_lesson(g) && g.log().len() == total && !g.is_over() => (
            "Learn to play · done".to_string(),
            learn::done_title(),
            total,
            None,
        ),
        None => return Html::default(),
    };
    // The longer words come with the words file, asked for when a game is first on the table.
    let say = words_file::lesson(at);
    html! {
        <section class="coach" id="coach" aria-labelledby="coach-h">
            <p class="coach-head">{ head }</p>
            <h2 id="coach-h" tabindex="-1">{ learn::words(g, title) }</h2>
            if !say.is_empty() { <p class="coach-say">{ learn::words(g, &say) }</p> }
            if let Some(a) = play {
                <p class="coach-do">{ "Your move: " }<strong>{ control_label(v, a) }</strong></p>
            }
        </section>
    }
}

/// The move in the words of its control on the table (a Rest control names the card's place).
fn control_label(v: &View, a: Action) -> String {
    if let (Action::Rest(i), Pending::Encounter { revealed, .. }) = (a, v.game.pending()) {
        if let Some(e) = revealed.get(i as usize).and_then(|c| v.db().encounter(*c)) {
            return prompt::rest_label(i as usize, e.time);
        }
    }
    v.label(&a)
}

/// The end of a practice game played on from the lesson: won or lost, nothing is recorded.
pub fn practice_end(model: &UseReducerHandle<Model>, v: &View) -> Html {
    let leave = {
        let d = model.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(Msg::Leave))
    };
    let verdict = match v.game.pending() {
        Pending::Over(Outcome::Victory { score, .. }) => {
            format!("You won the practice game, with {score} points.")
        }
        _ => "The practice game is over: the catacombs won this time.".to_string(),
    };
    html! {
        <main class="app end" data-ready="end" data-rev={v.rev.to_string()}>
            <header class="topbar"><h1 class="brand">{ "Unbroken" }</h1></header>
            <section class="panel coach-end" aria-labelledby="end-h">
                <h2 id="end-h" tabindex="-1">{ verdict }</h2>
                <p>{ "A practice game from the lesson is not recorded, and your saved game is as you left it. Every real game starts from the title screen." }</p>
                <button type="button" class="primary" id="leave" onclick={leave}>{ "Title screen" }</button>
            </section>
            { live(model) }
        </main>
    }
}
