//! Browser entry point of Unbroken (`unbroken-web`, built by Trunk for wasm32).
//!
//! PLACEHOLDER written by the build harness only to prove the pipeline; the UI owns this file
//! and will replace it. The one contract the tests and budgets rely on: once a screen is
//! interactive, its root element carries `data-ready="<screen>"`, and the new-game screen is
//! `data-ready="new-game"`.

#[cfg(target_arch = "wasm32")]
mod web {
    use yew::prelude::*;

    #[function_component(App)]
    pub fn app() -> Html {
        html! {
            <main class="app" data-ready="new-game">
                <h1>{ "Unbroken" }</h1>
                <p>{ "A solo card game of survival and revenge." }</p>
            </main>
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    yew::Renderer::<web::App>::new().render();
}

/// Native builds of this binary do nothing: the game's native entry point is `unbroken` (the CLI).
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
