//! Figures read from the box itself, with no game played: the shape of the encounter exchanges,
//! how alike the monster tables are, how hard each level hits, the verbs, and defects in the
//! rendered card text. The balance report shows them beside the simulated goals of issue 12.

use crate::content::CardDb;
use crate::engine::cards::{Effect, Encounter, Monster, Row};
use crate::engine::res::{Bundle, Res};
use crate::engine::words;
use std::collections::BTreeMap;

/// The verbs of the retail monster sheets.
pub const RETAIL_VERBS: [&str; 9] = [
    "WOUND", "STEAL", "DAZE", "CONFUSE", "DISARM", "THREATEN", "GAZE", "DEFEND", "MISS",
];

/// The glossary, for the verbs it defines.
const GLOSSARY: &str = include_str!("../../../../content/glossary.json");

/// The encounter deck's shape.
#[derive(Clone, Debug, Default)]
pub struct EncounterShape {
    pub cards: usize,
    /// Pairs (better, worse) where the first is strictly better: same Time, spends no more of
    /// anything, gains no less of anything (cards whose gains are resources only).
    pub dominated: Vec<(String, String)>,
    /// The largest number of cards sharing one exchange shape (what is spent, what is gained,
    /// amounts aside), and that shape's cards.
    pub largest_shape: Vec<String>,
    /// Shapes shared by more than two cards.
    pub crowded_shapes: usize,
    /// Cards spending Medium or Large Effort.
    pub medium_or_large: usize,
    /// Cards spending at most one unit.
    pub at_most_one: usize,
    /// Cards spending nothing.
    pub free: usize,
    /// Mean Time of the free cards minus that of the others.
    pub free_time_extra: f64,
}

/// Everything a card gains, if its gains are resources only.
fn plain_gain(e: &Encounter) -> Option<Bundle> {
    let mut b = Bundle::default();
    for x in &e.gain {
        match x {
            Effect::Gain(g) => b = b.plus(g),
            _ => return None,
        }
    }
    Some(b)
}

fn covers(a: &Bundle, b: &Bundle) -> bool {
    Res::ALL.iter().all(|r| a.get(*r) >= b.get(*r))
}

/// The kinds of resource in a bundle, amounts aside ("small+food").
fn kinds(b: &Bundle) -> String {
    let v: Vec<String> = b.entries().map(|(r, _)| format!("{r:?}")).collect();
    v.join("+")
}

/// An effect's kind: its variant name, or for a gain the kinds gained.
fn effect_kind(e: &Effect) -> String {
    match e {
        Effect::Gain(b) => format!("gain {}", kinds(b)),
        other => {
            let d = format!("{other:?}");
            d.split(['(', ' ', '{']).next().unwrap_or("").to_string()
        }
    }
}

pub fn encounter_shape(db: &CardDb) -> EncounterShape {
    let cards = &db.encounters;
    let mut out = EncounterShape {
        cards: cards.len(),
        ..EncounterShape::default()
    };
    for a in cards {
        for b in cards {
            if a.id == b.id || a.time != b.time {
                continue;
            }
            if let (Some(ga), Some(gb)) = (plain_gain(a), plain_gain(b)) {
                let better = covers(&b.spend, &a.spend) && covers(&ga, &gb);
                if better && (a.spend != b.spend || ga != gb) {
                    out.dominated.push((a.id.clone(), b.id.clone()));
                }
            }
        }
    }
    let mut shapes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for c in cards {
        let gains: Vec<String> = c.gain.iter().map(effect_kind).collect();
        let key = format!("{} -> {}", kinds(&c.spend), gains.join(", "));
        shapes.entry(key).or_default().push(c.id.clone());
    }
    out.crowded_shapes = shapes.values().filter(|v| v.len() > 2).count();
    out.largest_shape = shapes
        .into_values()
        .max_by_key(|v| v.len())
        .unwrap_or_default();
    let units = |c: &Encounter| c.spend.entries().map(|(_, n)| n as u32).sum::<u32>();
    out.medium_or_large = cards
        .iter()
        .filter(|c| c.spend.medium > 0 || c.spend.large > 0)
        .count();
    out.at_most_one = cards.iter().filter(|c| units(c) <= 1).count();
    let (free, paid): (Vec<&Encounter>, Vec<&Encounter>) =
        cards.iter().partition(|c| c.spend.is_empty());
    out.free = free.len();
    let mean =
        |v: &[&Encounter]| v.iter().map(|c| c.time as f64).sum::<f64>() / v.len().max(1) as f64;
    out.free_time_extra = mean(&free) - mean(&paid);
    out
}

/// The monster sheets' shape.
#[derive(Clone, Debug, Default)]
pub struct MonsterShape {
    /// Pairs within a level sharing four or more rows with identical effects.
    pub alike: Vec<(String, String, usize)>,
    /// Monsters with no rule of their own (no passive, response or action on the sheet).
    pub plain: Vec<String>,
    /// Per level: mean effort tokens lost per monster roll.
    pub effort_per_roll: [f64; 4],
    /// Rows that take effort, and those of them whose verb is WOUND.
    pub effort_rows: usize,
    pub wound_rows: usize,
    /// Verbs on the sheets that are not retail verbs, and those the glossary does not define.
    pub other_verbs: Vec<String>,
    pub undefined_verbs: Vec<String>,
}

/// Rows of `a` whose effects (with their alternative) appear in `b`, matched one to one.
fn shared_rows(a: &Monster, b: &Monster) -> usize {
    let mut left: Vec<&Row> = b.table.iter().collect();
    let mut n = 0;
    for r in &a.table {
        if let Some(i) = left
            .iter()
            .position(|x| x.effects == r.effects && x.alt == r.alt)
        {
            left.remove(i);
            n += 1;
        }
    }
    n
}

fn effort_lost(list: &[Effect]) -> u32 {
    list.iter()
        .map(|e| match e {
            Effect::Lose(b) => (b.small + b.medium + b.large) as u32,
            _ => 0,
        })
        .sum()
}

pub fn monster_shape(db: &CardDb) -> MonsterShape {
    let mut out = MonsterShape::default();
    let ms = &db.monsters;
    for (i, a) in ms.iter().enumerate() {
        for b in ms.iter().skip(i + 1).filter(|b| b.level == a.level) {
            let n = shared_rows(a, b);
            if n >= 4 {
                out.alike.push((a.id.clone(), b.id.clone(), n));
            }
        }
        if a.passives.is_empty() && a.responses.is_empty() && a.actions.is_empty() {
            out.plain.push(a.id.clone());
        }
    }
    for l in 1..=4u8 {
        let rows: Vec<&Row> = ms
            .iter()
            .filter(|m| m.level == l)
            .flat_map(|m| m.table.iter())
            .collect();
        let lost: u32 = rows.iter().map(|r| effort_lost(&r.effects)).sum();
        out.effort_per_roll[l as usize - 1] = lost as f64 / rows.len().max(1) as f64;
    }
    let rows = ms.iter().flat_map(|m| m.table.iter());
    for r in rows.clone().filter(|r| effort_lost(&r.effects) > 0) {
        out.effort_rows += 1;
        out.wound_rows += (r.verb == "WOUND") as usize;
    }
    let glossary: Vec<String> = serde_json::from_str::<serde_json::Value>(GLOSSARY)
        .ok()
        .and_then(|v| v.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .flat_map(|e| {
            ["id", "term"]
                .iter()
                .filter_map(|k| e[k].as_str().map(str::to_uppercase))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut verbs: Vec<String> = rows.map(|r| r.verb.clone()).collect();
    verbs.sort();
    verbs.dedup();
    for v in verbs {
        if !RETAIL_VERBS.contains(&v.as_str()) {
            if !glossary.contains(&v) {
                out.undefined_verbs.push(v.clone());
            }
            out.other_verbs.push(v);
        }
    }
    out
}

/// Card texts as the engine renders them that show a known defect (a verb repeated, "1 more
/// cards"), with the card.
pub fn text_defects(db: &CardDb) -> Vec<String> {
    let mut texts: Vec<(String, String)> = Vec::new();
    for m in &db.monsters {
        for r in &m.table {
            let t = format!("{}: {}", r.verb, words::effects(db, &r.effects));
            texts.push((m.id.clone(), t));
        }
    }
    for e in &db.encounters {
        texts.push((e.id.clone(), words::effects(db, &e.gain)));
    }
    for k in &db.skills {
        for r in &k.responses {
            texts.push((k.id.clone(), words::response(db, r)));
        }
        for a in &k.actions {
            texts.push((k.id.clone(), words::action_def(db, a)));
        }
        for p in &k.passives {
            texts.push((k.id.clone(), words::passive(p)));
        }
    }
    let mut out = Vec::new();
    for (card, t) in texts {
        let words: Vec<&str> = t.split_whitespace().collect();
        let repeated = words
            .windows(2)
            .any(|w| w[0] == w[1] && w[0].ends_with(':'));
        let plural = words
            .windows(3)
            .any(|w| w[0] == "1" && w[2].ends_with('s') && w[1] == "more");
        if repeated || plural {
            out.push(format!("{card}: \"{t}\""));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn builtin() -> CardDb {
        CardDb::builtin().expect("the built-in box")
    }

    #[test]
    fn a_card_costing_more_for_the_same_is_dominated() {
        let mut db = builtin();
        let mut worse = db.encounters[0].clone();
        worse.id = "worse_copy".into();
        worse.gain = vec![Effect::Gain(Bundle::of(Res::Food, 1))];
        let mut better = worse.clone();
        better.id = "better_copy".into();
        worse.spend = better.spend.plus(&Bundle::of(Res::Small, 1));
        db.encounters.push(worse);
        db.encounters.push(better);
        let shape = encounter_shape(&db);
        assert!(shape
            .dominated
            .contains(&("better_copy".to_string(), "worse_copy".to_string())));
        assert!(!shape
            .dominated
            .contains(&("worse_copy".to_string(), "better_copy".to_string())));
    }

    #[test]
    fn a_monster_with_another_ones_table_is_alike() {
        let mut db = builtin();
        let level = db.monsters[0].level;
        let other = db
            .monsters
            .iter()
            .position(|m| m.level == level && m.id != db.monsters[0].id)
            .expect("two monsters at a level");
        db.monsters[other].table = db.monsters[0].table.clone();
        let a = (db.monsters[0].id.clone(), db.monsters[other].id.clone(), 6);
        assert!(monster_shape(&db).alike.contains(&a));
    }
}
