//! Writing the report: the Markdown file and its tables (`markdown`), the hand-written SVG
//! charts (`charts`), and the quick text summary for balance work (`lab`).

pub(super) mod charts;
pub(super) mod lab;
pub(super) mod markdown;
