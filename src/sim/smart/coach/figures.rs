//! How the coach writes a figure, shared by the general reasons (`explain`) and the battle
//! ones (`in_battle`), so both say "about 7 effort" the same way.

/// "about 7 effort": a whole number, never a false precision, never "about 0".
pub(super) fn effort(x: f64) -> String {
    format!("about {} effort", x.round().max(1.0) as i64)
}
