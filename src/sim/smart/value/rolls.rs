//! What a monster roll costs the player who keeps it: the row, the battle after it, and the loss a
//! character's WOUND response (Just a Scratch, p. 16) would still take off. The responses that
//! change the roll itself (a reroll, Dodge's lowered roll) are weighed against this, since they
//! take the same ability use.

use super::super::{Brain, Fight, Table};
use crate::engine::cards::{Effect, Trigger};
use crate::engine::{derived, State};

/// What a monster roll will cost the player who keeps it, with the ability uses left: the row
/// (`row_value`) and, on a WOUND, the character's own loss cut (Just a Scratch, p. 16) when a use
/// is left for it and taking it pays. Weighing a reroll or a lowered roll against keeping the
/// roll *and cutting its loss* is the real choice: both take the same use.
pub(in crate::sim::smart) struct Keep {
    /// Table uses and ability uses left before this roll's responses.
    u: u8,
    left: u8,
    /// The most a later loss response takes off a loss (0: none usable), and the verb it
    /// answers (`None`: any).
    cut: u8,
    verb: Option<String>,
    /// The price of the use it takes.
    use_cost: f64,
}

impl Keep {
    pub(in crate::sim::smart) fn new(b: &Brain, s: &State, t: &Table) -> Keep {
        let best =
            b.db.character(s.character)
                .filter(|_| b.abilities_usable(s))
                .and_then(|c| {
                    c.abilities
                        .iter()
                        .filter_map(|a| a.response.as_ref())
                        .filter(|r| r.trigger == Trigger::WoundLoss && r.cost.is_empty())
                        .filter_map(|r| {
                            r.effects.iter().find_map(|e| match e {
                                Effect::ReduceLoss(n) => Some((*n, r.verb.clone())),
                                _ => None,
                            })
                        })
                        .max_by_key(|(n, _)| *n)
                });
        let (cut, verb) = best.unwrap_or((0, None));
        Keep {
            u: t.uses(),
            left: s.uses,
            cut,
            verb,
            use_cost: b.use_cost(s),
        }
    }

    /// Roll `fin` kept after `spent` uses went on this roll's responses.
    pub(in crate::sim::smart) fn value(
        &self,
        b: &Brain,
        s: &State,
        f: &Fight,
        t: &Table,
        fin: u8,
        spent: u8,
    ) -> f64 {
        let u = self.u.saturating_sub(spent);
        let v = row_value(b, s, f, t, fin, u);
        if self.cut == 0 || self.left <= spent {
            return v;
        }
        let loss = effort_loss(b, s, fin, self.verb.as_deref());
        let cut = self.cut.min(loss.saturating_sub(1));
        if cut == 0 {
            return v;
        }
        v.min(row_value(b, s, f, t, fin, u.saturating_sub(1)) - cut as f64 + self.use_cost)
    }
}

/// The row of the monster's table a final roll of `fin` picks (1–6, p. 28).
fn rolled_row<'a>(b: &'a Brain, s: &State, fin: u8) -> Option<&'a crate::content::cards::Row> {
    let m = b.db.monster(s.monster.as_ref()?.card)?;
    m.table.get((fin.clamp(1, 6) - 1) as usize)
}

/// Effort a roll of `fin` takes under `verb` (any verb when `None`; 0 for another verb or one
/// the player ignores).
fn effort_loss(b: &Brain, s: &State, fin: u8, verb: Option<&str>) -> u8 {
    let Some(row) = rolled_row(b, s, fin) else {
        return 0;
    };
    if verb.is_some_and(|v| v != row.verb) || derived::verb_ignored(s, &b.db, &row.verb) {
        return 0;
    }
    derived::row_effects(s, row)
        .iter()
        .map(|e| match e {
            Effect::Lose(x) => x.small + x.medium + x.large,
            _ => 0,
        })
        .sum()
}

/// Loss of a table row plus the battle still to fight after it (from the next player turn,
/// with `u` ability uses left).
pub(in crate::sim::smart) fn row_value(
    b: &Brain,
    s: &State,
    f: &Fight,
    t: &Table,
    fin: u8,
    u: u8,
) -> f64 {
    let (Some(ms), Some(row)) = (s.monster.as_ref(), rolled_row(b, s, fin)) else {
        return 0.0;
    };
    if derived::verb_ignored(s, &b.db, &row.verb) {
        return t.cost_at(ms.armor, ms.health, ms.defending, u);
    }
    let out = b.effects_out(s, derived::row_effects(s, row));
    let h2 = (ms.health as u16 + out.heal as u16 + f.heal_end as u16).min(f.max_h as u16) as u8;
    out.loss + t.cost_at(ms.armor, h2, ms.defending || out.defend, u)
}

#[cfg(test)]
mod tests {
    use super::super::game_cache::Cache;
    use super::{row_value, Keep};
    use crate::content::CardDb;
    use crate::sim::smart::Brain;
    use std::sync::Arc;

    /// The Brawler at Level III with the Maul, against an Orc one blow from death (row 6: WOUND 3;
    /// row 5: MISS), `uses` left.
    fn orc_battle(db: &Arc<CardDb>, uses: u8) -> crate::engine::game::Game {
        crate::engine::scenario::test_game(
            db,
            serde_json::json!({
                "setup": {"seed": 5, "character": "brawler", "side": 0, "difficulty": "normal"},
                "level": 3,
                "step": "battle",
                "uses": uses,
                "resources": {"small": 12},
                "weapons": ["club", "maul"],
                "monster": {"id": "orc", "armor": 0, "health": 2}
            }),
        )
    }

    #[test]
    fn a_kept_wound_counts_the_loss_just_a_scratch_would_take_off() {
        let db = Arc::new(CardDb::builtin().expect("builtin box"));
        let b = Brain::new(db.clone());
        let g = orc_battle(&db, 1);
        let s = g.state();
        let ft = Cache::default().table(&b, s).expect("a battle table");
        let (f, t) = (&ft.0, &ft.1);
        let k = Keep::new(&b, s, t);
        assert_eq!(k.cut, 1, "Just a Scratch takes 1 off a WOUND");
        let u = t.uses();
        // WOUND 3 kept with the use still there: the cut (1 Small for one use) is counted.
        let plain = row_value(&b, s, f, t, 6, u);
        let cut = row_value(&b, s, f, t, 6, u.saturating_sub(1)) - 1.0 + k.use_cost;
        assert!((k.value(&b, s, f, t, 6, 0) - plain.min(cut)).abs() < 1e-9);
        assert!(
            k.value(&b, s, f, t, 6, 0) < plain,
            "cutting a WOUND 3 pays: {plain} {cut} {} u={u}",
            k.use_cost
        );
        // The use already spent on this roll (a reroll): nothing left to cut with.
        assert!(
            (k.value(&b, s, f, t, 6, 1) - row_value(&b, s, f, t, 6, u.saturating_sub(1))).abs()
                < 1e-9
        );
        // A MISS loses nothing to cut.
        assert!((k.value(&b, s, f, t, 5, 0) - row_value(&b, s, f, t, 5, u)).abs() < 1e-9);
        // Without uses, a kept roll is the row alone.
        let g0 = orc_battle(&db, 0);
        let s0 = g0.state();
        let ft0 = Cache::default().table(&b, s0).expect("a battle table");
        let k0 = Keep::new(&b, s0, &ft0.1);
        let r0 = row_value(&b, s0, &ft0.0, &ft0.1, 6, ft0.1.uses());
        assert!((k0.value(&b, s0, &ft0.0, &ft0.1, 6, 0) - r0).abs() < 1e-9);
    }
}
