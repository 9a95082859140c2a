//! Scoring (p. 34): a win scores the resources left times their points, broken down line by
//! line, and the score names a rank.

use crate::content::CardDb;
use crate::engine::res::Res;
use crate::engine::state::State;

/// Score of a win: resources left times their points (p. 34).
pub fn score(s: &State, db: &CardDb) -> u32 {
    s.stock.score(&db.params.points)
}

/// One line of a score's breakdown: a resource left, its point value and their product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// The resource.
    pub res: Res,
    /// How many are left.
    pub count: u8,
    /// Points each (p. 34).
    pub points: u8,
    /// `count` × `points`.
    pub subtotal: u32,
}

/// The breakdown of [`score`] (p. 34): every resource that scores points, in tracker order,
/// with how many are left; the subtotals add up to the score.
pub fn score_lines(s: &State, db: &CardDb) -> Vec<ScoreLine> {
    let points = &db.params.points;
    Res::ALL
        .iter()
        .filter(|r| points.get(**r) > 0)
        .map(|&res| {
            let (count, pts) = (s.stock.get(res), points.get(res));
            ScoreLine {
                res,
                count,
                points: pts,
                subtotal: count as u32 * pts as u32,
            }
        })
        .collect()
}

/// The rank scale (p. 34): each rank's name with the lowest score that reaches it, lowest first.
pub fn rank_scale(db: &CardDb) -> Vec<(String, u32)> {
    db.params
        .ranks
        .iter()
        .map(|r| (r.name.clone(), r.min))
        .collect()
}

/// The rank of a score (p. 34).
pub fn rank(db: &CardDb, score: u32) -> String {
    db.params
        .ranks
        .iter()
        .rev()
        .find(|r| score >= r.min)
        .map(|r| r.name.clone())
        .unwrap_or_default()
}
