//! Policy experiments played as branches of one game: a policy that only restricts moves
//! ([`Policy::binds_moves_only`]) leaves the game exactly as the free bot plays it (same moves,
//! same draws from the bot's stream and the game's) until the first move where it changes the
//! legal actions. So the free bot plays the game once, and at each policy's first such move the
//! game, its record so far and the bot (stream, caches, plan) are copied and the copy is played
//! on under the policy: the same games as replaying each policy from the start, without
//! replaying the common beginning once per policy.

use crate::sim::report::play::runs::{batch_setup, Batch, Recorder};
use crate::sim::{BotKind, Policy, SmartBot};

/// Outcomes of the branching policies on some of a batch's games.
pub(in crate::sim::report) struct Branches<'a> {
    /// The free bot's batch (its spec has no policy; its brain is the one the policies use).
    pub batch: &'a Batch<'a>,
    pub policies: &'a [Policy],
}

impl Branches<'_> {
    /// Game `i` of the batch, branched for the policies `which`.
    pub fn game(&self, i: u64, which: &[usize]) -> Vec<Option<bool>> {
        let b = self.batch;
        let mut out: Vec<Option<bool>> = vec![None; which.len()];
        let Some(brain) = b.brain.filter(|_| b.spec.kind == BotKind::Smart) else {
            return out;
        };
        let setup = batch_setup(i, b.seed, b.difficulty, b.characters);
        let Some((mut g, mut rec)) = Recorder::start(b.db, setup) else {
            return out;
        };
        let mut bot = SmartBot::with_settings(
            brain.clone(),
            b.seed ^ i,
            b.spec.samples,
            b.spec.policy.clone(),
        );
        // The policies still playing as the free bot.
        let mut waiting: Vec<usize> = (0..which.len()).collect();
        for m in 0..crate::sim::report::play::runs::MAX_MOVES {
            if waiting.is_empty() {
                break;
            }
            let Some(legal) = rec.before(&g) else {
                break;
            };
            waiting.retain(|k| {
                let p = &self.policies[which[*k]];
                if p.restrict(&g, &legal) == legal {
                    return true;
                }
                let mut g2 = g.clone();
                let mut rec2 = rec.clone();
                let mut bot2 = bot.restricted_by(p.clone());
                let a = crate::sim::Bot::choose(&mut bot2, &g2, &legal);
                if rec2.apply(&mut g2, a) {
                    rec2.play(&mut g2, &mut bot2, m + 1);
                }
                out[*k] = Some(rec2.finish(b.db, &g2).won);
                false
            });
            let a = crate::sim::Bot::choose(&mut bot, &g, &legal);
            if !rec.apply(&mut g, a) {
                break;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::CardDb;
    use crate::engine::Difficulty;
    use crate::sim::{BotSpec, Brain};
    use std::sync::Arc;

    /// A branched policy's game is the game that policy plays from the start, whether the
    /// policy changes a move at once, later, or never (then its outcome is the free game's).
    #[test]
    fn a_branch_is_the_game_its_policy_plays_from_the_start() {
        let db = Arc::new(CardDb::builtin().expect("the built-in box loads"));
        let brain = Arc::new(Brain::new(db.clone()));
        let chars: Vec<String> = db.characters.iter().map(|c| c.id.clone()).collect();
        let mut names: Vec<String> = [
            "alwaystrick",
            "nevertrick",
            crate::sim::report::measure::experiment::NOAMB_PEEK,
        ]
        .map(String::from)
        .to_vec();
        names.extend(
            db.encounters
                .iter()
                .take(6)
                .map(|c| format!("noenc:{}", c.id)),
        );
        for rule in ["noskill", "forceskill"] {
            names.extend(db.skills.iter().take(3).map(|c| format!("{rule}:{}", c.id)));
        }
        let policies: Vec<Policy> = names
            .iter()
            .map(|p| Policy::parse(&db, p).expect("a policy"))
            .collect();
        assert!(policies.iter().all(Policy::binds_moves_only));
        let free = BotSpec::new(BotKind::Smart);
        let free_batch = Batch {
            db: &db,
            brain: Some(&brain),
            spec: &free,
            difficulty: Difficulty::Normal,
            characters: &chars,
            seed: 11,
        };
        let branches = Branches {
            batch: &free_batch,
            policies: &policies,
        };
        let all: Vec<usize> = (0..policies.len()).collect();
        let (mut changed, mut unchanged) = (0, 0);
        for i in 0..12 {
            let base = free_batch.game(i).expect("dealt").won;
            let got = branches.game(i, &all);
            for (p, w) in policies.iter().zip(got) {
                let spec = BotSpec {
                    policy: p.clone(),
                    ..free.clone()
                };
                let whole = Batch {
                    spec: &spec,
                    ..free_batch
                }
                .game(i)
                .expect("dealt")
                .won;
                match w {
                    Some(w) => {
                        changed += 1;
                        assert_eq!(w, whole, "game {i}, {p:?}");
                    }
                    None => {
                        unchanged += 1;
                        assert_eq!(base, whole, "game {i}, {p:?} changed no move");
                    }
                }
            }
        }
        assert!(changed > 0 && unchanged > 0, "{changed} {unchanged}");
    }
}
