//! Browser entry point of Unbroken (`unbroken-web`, built by Trunk for wasm32): starts the Yew
//! interface in [`unbroken::ui`]. Once a screen is interactive its root element carries
//! `data-ready="<screen>"` (`new-game`, `game`, `end`); the tests and budgets rely on it.

/// Talc instead of Rust's default wasm allocator: smaller code for the first download, and it
/// grows wasm memory itself (no `unsafe` here: the crate hands out a ready allocator).
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    unbroken::ui::start();
}

/// Native builds of this binary do nothing: the game's native entry point is `unbroken` (the CLI).
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
