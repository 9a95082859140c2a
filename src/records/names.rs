//! The few names of the box the records show: each character's id, class name and the
//! adventurers of its two sides, and the rank scale (Rules Reference p. 34). `build.rs` writes
//! them from the validated `content/` (`$OUT_DIR/records_names.rs`), so the records module of
//! the browser build carries neither the card database nor a decoder for it (nor `rules.json`
//! and a JSON reader for its ranks), and they are never a second copy to keep in step.

include!(concat!(env!("OUT_DIR"), "/records_names.rs"));

/// The rank of `score` by the box's table (p. 34): the last rank whose lowest score it reaches;
/// empty below the first.
pub fn rank_of(score: u32) -> &'static str {
    RANKS
        .iter()
        .rev()
        .find(|(min, _)| score >= *min)
        .map_or("", |(_, name)| name)
}
