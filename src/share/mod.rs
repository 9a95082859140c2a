//! Sharing: deal links, the daily challenge and result summaries (replays are the reducer's:
//! `crate::ui::reducer`, a save stepped through the engine). Pure Rust, tested
//! natively; the browser only reads `location.search` and writes the clipboard.

pub mod daily;
pub mod link;
pub mod summary;
