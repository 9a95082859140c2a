//! Browser entry point of the title screen's own module (`unbroken-title`): a first visit's
//! first screen, small enough to arrive quickly on a phone; the table's module
//! (`unbroken-web`) takes the page over once the player chooses ([`unbroken::ui::start_title`]).
//! The root element carries `data-ready="new-game"` once the screen can be used.

/// Talc, as in the table's module: smaller code than Rust's default wasm allocator.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
fn main() {
    unbroken::ui::start_title();
}

/// Native builds of this binary do nothing: the game's native entry point is `unbroken` (the CLI).
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
