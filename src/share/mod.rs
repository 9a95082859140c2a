//! Sharing: deal links, the daily challenge, result summaries and replays. Pure Rust, tested
//! natively; the browser only reads `location.search` and writes the clipboard.

pub mod daily;
pub mod link;
pub mod replay;
pub mod summary;
