//! Policy experiments played as branches of one game: a policy that only restricts moves
//! ([`Policy::binds_moves_only`]) leaves the game exactly as the free bot plays it (same moves,
//! same draws from the bot's stream and the game's) until the first move where it changes the
//! legal actions. So the free bot plays the game once, and at each policy's first such move the
//! game, its record so far and the bot (stream, caches, plan) are copied and the copy is played
//! on under the policy: the same games as replaying each policy from the start, without
//! replaying the common beginning once per policy.

use super::runs::{batch_setup, Batch, Recorder};
use crate::sim::{BotKind, Policy, SmartBot};

/// Outcomes of the branching policies on some of a batch's games.
pub(super) struct Branches<'a> {
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
        for m in 0..super::runs::MAX_MOVES {
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
