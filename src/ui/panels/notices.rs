//! What sits above the table on every screen: the storage warning, the save notice, the deal
//! link's question or error, and the live region that says in words what the last action did.
//! Kept apart from the app shell so the screens that show them import them from below.

use crate::ui::reducer::{Model, Msg};
use crate::ui::widgets::icon::{emblem, ArtKind};
use yew::prelude::*;

/// The storage warning, the notice about the save, and the deal link's question or error.
pub fn notices(model: &UseReducerHandle<Model>) -> Html {
    let send = |msg: fn() -> Msg| {
        let d = model.dispatcher();
        Callback::from(move |_: MouseEvent| d.dispatch(msg()))
    };
    let link_dialog = model.ask_link.as_ref().map(|setup| {
        let question = crate::ui::link::link_question(&model.db.characters, setup, true);
        link_dialog(
            setup,
            question,
            send(|| Msg::AcceptLink),
            "Keep my game",
            send(|| Msg::KeepGame),
            false,
        )
    });
    html! {
        <>
            if let Some(w) = &model.warning { { storage_warning(w) } }
            if let Some(n) = &model.notice {
                <div class="notice error" role="alert" id="save-notice">
                    <p>{ n.clone() }</p>
                    <button type="button" class="small" onclick={send(|| Msg::DismissNotice)}>{ "Dismiss" }</button>
                </div>
            }
            if let Some(e) = &model.link_error { { link_error(e, send(|| Msg::DismissLinkError)) } }
            { link_dialog.unwrap_or_default() }
        </>
    }
}

/// A deal link's question (`ui::link`), on the title screen of either module: the deal named
/// beside its character's emblem, Play it, or the other answer (`keep`: keep the saved game, or choose one's own). An
/// alertdialog, so a screen reader says the question as focus lands on Play; `waiting` while
/// the table's module is still on its way (Play then says so and does nothing).
pub fn link_dialog(
    setup: &crate::engine::Setup,
    question: String,
    on_play: Callback<MouseEvent>,
    keep: &'static str,
    on_keep: Callback<MouseEvent>,
    waiting: bool,
) -> Html {
    let art = emblem(ArtKind::Character, &setup.character, None);
    html! {
        <section class="panel notice link-ask" role="alertdialog" aria-labelledby="link-h" aria-describedby="link-p" id="link-ask">
            <div class="link-deal">
                <span class="link-art">{ art }</span>
                <div>
                    <h2 id="link-h">{ "A shared deal" }</h2>
                    <p id="link-p">{ question }</p>
                </div>
            </div>
            <p class="row">
                <button type="button" class="primary" id="link-play" aria-disabled={waiting.then_some("true")} onclick={on_play}>
                    { if waiting { "Setting the table…" } else { "Play the linked deal" } }
                </button>
                { " " }
                <button type="button" id="link-keep" onclick={on_keep}>{ keep }</button>
            </p>
        </section>
    }
}

/// Why the page's deal link could not be opened, until dismissed.
pub fn link_error(e: &str, on_dismiss: Callback<MouseEvent>) -> Html {
    html! {
        <div class="notice error" role="alert" id="link-error">
            <p>{ e.to_string() }</p>
            <button type="button" class="small" onclick={on_dismiss}>{ "Dismiss" }</button>
        </div>
    }
}

/// The storage warning (storage does not work; shown until a save works again), on every
/// title screen: the table's and the title module's (`ui::front`).
pub fn storage_warning(w: &str) -> Html {
    html! { <p class="notice error" role="alert" id="storage-warning">{ w.to_string() }</p> }
}

thread_local! {
    static SAY: std::cell::RefCell<Option<Callback<String>>> = const { std::cell::RefCell::new(None) };
}

/// Gives [`say`] its way to the live region: the table sets it once it is drawn (a dispatch of
/// the app's one reducer, the same for the life of the page).
pub fn set_say(to: Callback<String>) {
    SAY.with(|s| *s.borrow_mut() = Some(to));
}

/// Says words through the live region (a confirm's question as it opens), for the controls
/// deep in the table that do not hold the model. A global rather than a Yew context: the
/// context's provider and consumer cost the page about 4 KB of code for this one callback.
pub fn say(words: String) {
    if let Some(to) = SAY.with(|s| s.borrow().clone()) {
        to.emit(words);
    }
}

/// The live region: what the last action did, in words (or what a status key read). Every
/// announcement is a new paragraph, built whole before it is put in (so it changes the region
/// once) and numbered (so the same words said again are a new node, heard again). The region
/// reads additions only: the paragraph taken out is not said, and nothing is said twice.
pub fn live(model: &Model) -> Html {
    let mut p = crate::records::markup::Markup::new();
    crate::markup!(
        p,
        "<p data-said=\"{}\">{}</p>",
        model.said,
        model.announce.as_str()
    );
    html! {
        <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="false"
            aria-relevant="additions" id="announce">{ Html::from_html_unchecked(AttrValue::from(p.into_string())) }</div>
    }
}
