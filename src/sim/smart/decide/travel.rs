//! The smart bot's Travel Phase decisions: free actions (crafting, scouting, abilities), exploring
//! or confronting with effort prepared first, which encounter to take, and trick or fight.

use super::super::{general_index, Brain, SmartBot};
use crate::engine::cards::{Effect, Timing};
use crate::engine::game::Game;
use crate::engine::res::Res;
use crate::engine::{apply, derived, legal_actions, Action, Pending};

impl SmartBot {
    pub(in crate::sim::smart) fn prepare(
        &mut self,
        b: &Brain,
        g: &Game,
        legal: &[Action],
    ) -> Action {
        // A plan in progress (effort prepared for the battle, then Confront).
        while let Some(a) = self.plan.first().copied() {
            self.plan.remove(0);
            if legal.contains(&a) {
                return a;
            }
            self.plan.clear();
        }
        let s = g.state();
        let db = g.db();
        let seeds = self.seeds(self.samples);
        let now = b.value(s, &mut self.cache);
        // Free actions: crafting, scouting, abilities and skill actions usable in travel.
        let mut best: Option<(f64, Action)> = None;
        for a in legal {
            let consider = match a {
                Action::Craft(_) | Action::Scout => true,
                Action::Ability(i) => db
                    .character(s.character)
                    .and_then(|c| c.abilities.get(*i as usize))
                    .and_then(|x| x.action.as_ref())
                    .is_some_and(|d| d.timing != Timing::Combat),
                Action::SkillAction { skill, action } => s
                    .skills
                    .get(*skill as usize)
                    .and_then(|k| db.skill(*k))
                    .and_then(|c| c.actions.get(*action as usize))
                    .is_some_and(|d| d.timing != Timing::Combat),
                _ => false,
            };
            if !consider {
                continue;
            }
            let v = self.eval_seq(b, g, &[*a], &seeds) - now;
            if self.debug() {
                eprintln!("    free {:?} = {:+.2} (now {:.2})", a, v, now);
            }
            // Crafting is taken unless it clearly hurts; other actions must clearly help.
            // Scouting's worth shows only in later choices, so its sampled gain is small and
            // noisy, and the best of a few noisy estimates is biased upwards: with fewer than 16
            // samples it must clear a higher bar (4 samples: `scout_noise_bar` more).
            let bar = match a {
                Action::Craft(_) => b.t.craft_bar,
                Action::Scout => {
                    let few = (16.0 / self.samples as f64 - 1.0).max(0.0) / 3.0;
                    b.t.free_action_bar + b.t.scout_noise_bar * few
                }
                _ => b.t.free_action_bar,
            };
            if v > bar && best.is_none_or(|(x, _)| v > x) {
                best = Some((v, *a));
            }
        }
        if let Some((_, a)) = best {
            return a;
        }
        if s.committed {
            return Action::Explore;
        }
        // Explore, or Orienteer first, or confront (with effort prepared first).
        let mut options: Vec<(f64, Vec<Action>)> = Vec::new();
        if legal.contains(&Action::Explore) {
            let v = self.explore_value(b, g, &[], &seeds);
            options.push((v, vec![Action::Explore]));
            if let Some(o) = general_index(db, |d| {
                d.effects
                    .iter()
                    .any(|e| matches!(e, Effect::ExploreBonus(_)))
            }) {
                let a = Action::General(o);
                if legal.contains(&a) && s.explore_bonus == 0 && s.time >= 2 {
                    let v = self.explore_value(b, g, &[a], &seeds);
                    options.push((v, vec![a, Action::Explore]));
                }
            }
        }
        if legal.contains(&Action::Confront) {
            for plan in self.confront_plans(b, g) {
                let v = self.eval_seq(b, g, &plan, &seeds);
                options.push((v, plan));
            }
        }
        if self.debug() {
            for (v, p) in &options {
                eprintln!("    plan {:?} = {:.2}", p, v);
            }
        }
        let Some((_, mut plan)) = options
            .into_iter()
            .filter(|(v, _)| v.is_finite())
            .max_by(|x, y| x.0.total_cmp(&y.0))
        else {
            return if legal.contains(&Action::Explore) {
                Action::Explore
            } else {
                legal[0]
            };
        };
        let first = plan.remove(0);
        self.plan = plan;
        first
    }

    /// Ways to confront: at once, or after Focus / Inspiration / Plan to prepare the effort the
    /// battle (or the trick) wants.
    fn confront_plans(&self, b: &Brain, g: &Game) -> Vec<Vec<Action>> {
        let s = g.state();
        let db = g.db();
        let mut plans = vec![vec![Action::Confront]];
        let focus = general_index(db, |d| {
            d.effects
                .iter()
                .any(|e| matches!(e, Effect::Gain(x) if x.medium > 0))
        });
        let inspire = general_index(db, |d| {
            d.effects
                .iter()
                .any(|e| matches!(e, Effect::Gain(x) if x.large > 0))
        });
        let plan_i = general_index(db, |d| {
            d.effects
                .iter()
                .any(|e| matches!(e, Effect::Gain(x) if x.cunning > 0))
        });
        let small = s.stock.get(Res::Small);
        if let Some(f) = focus {
            let uses_medium = derived::weapon(s, db).is_some_and(|w| {
                w.attacks
                    .iter()
                    .any(|a| a.cost.medium > 0 && a.cost.large == 0)
            });
            let uses_large =
                derived::weapon(s, db).is_some_and(|w| w.attacks.iter().any(|a| a.cost.large > 0));
            let fc = db.params.general_actions[f as usize].cost.small;
            if uses_medium && s.stock.get(Res::Medium) == 0 && small >= fc + 2 {
                plans.push(vec![Action::General(f), Action::Confront]);
                if small >= 2 * fc + 3 {
                    plans.push(vec![
                        Action::General(f),
                        Action::General(f),
                        Action::Confront,
                    ]);
                }
            }
            if let (true, Some(i)) = (uses_large, inspire) {
                if s.stock.get(Res::Large) == 0 {
                    let have_m = s.stock.get(Res::Medium);
                    let need = 2u8.saturating_sub(have_m);
                    if small >= need * fc + 3 {
                        let mut p = vec![Action::General(f); need as usize];
                        p.push(Action::General(i));
                        p.push(Action::Confront);
                        plans.push(p);
                    }
                }
            }
        }
        // A trick that needs Cunning the player can plan for (monster known).
        if let (Some(p), Some(ms)) = (plan_i, &s.monster) {
            if let Some(cost) = db.monster(ms.card).and_then(|m| m.trick_cost()) {
                let short = cost.cunning.saturating_sub(s.stock.get(Res::Cunning));
                let pc = db.params.general_actions[p as usize].cost.small;
                if short > 0 && (small as u16) >= short as u16 * pc as u16 + cost.small as u16 {
                    let mut plan = vec![Action::General(p); short as usize];
                    plan.push(Action::Confront);
                    plans.push(plan);
                }
            }
        }
        let _ = b;
        plans
    }

    pub(in crate::sim::smart) fn encounter(
        &mut self,
        b: &Brain,
        g: &Game,
        legal: &[Action],
    ) -> Action {
        let seeds = self.seeds(self.samples);
        let mut best: Option<(f64, Action)> = None;
        for a in legal.iter().filter(|a| **a != Action::Undo) {
            let v = self.eval_seq(b, g, &[*a], &seeds);
            if self.debug() {
                eprintln!("    {:?} = {:.2}", a, v);
            }
            if best.is_none_or(|(x, _)| v > x) {
                best = Some((v, *a));
            }
        }
        best.map(|(_, a)| a).unwrap_or(legal[0])
    }

    /// Trick or fight, both valued where they meet: at the next level's Preparation Step (or
    /// the game's end). Valued at once, a fight would be priced by the battle table for this
    /// level only, while a trick is priced with the next level's monster and the chance it kills
    /// from what is left (`Brain::value` counts that risk only for the level at hand): a fight
    /// that leaves the player spent for the next battle looked cheaper than it is. So the fight
    /// is played out on each sampled future, the bot choosing its turns as in a real battle
    /// (p. 25: a trick skips the battle and its rewards).
    pub(in crate::sim::smart) fn trickery(
        &mut self,
        b: &Brain,
        g: &Game,
        legal: &[Action],
    ) -> Action {
        if !legal.contains(&Action::Trick) {
            return Action::Fight;
        }
        let seeds = self.seeds(self.samples + 3);
        let n = seeds.len() as f64;
        let mut t = 0.0;
        let mut f = 0.0;
        for seed in &seeds {
            t += self.play_out(b, g, Action::Trick, *seed);
            f += self.play_out(b, g, Action::Fight, *seed);
        }
        let (t, f) = (t / n, f / n);
        if self.debug() {
            eprintln!("    trick {:.2} fight {:.2}", t, f);
        }
        if t > f {
            Action::Trick
        } else {
            Action::Fight
        }
    }

    /// The value of `first` on the future sampled from `seed`, played on (battle turns by the
    /// bot's battle judgement, the rest by its small decisions) until the next level's
    /// preparation or the game's end.
    fn play_out(&mut self, b: &Brain, g: &Game, first: Action, seed: u64) -> f64 {
        let mut c = self.sample(g, seed);
        if apply(&mut c, first).is_err() {
            return f64::NEG_INFINITY;
        }
        for _ in 0..400 {
            self.settle(b, &mut c);
            if !matches!(c.pending(), Pending::Battle { .. }) {
                break;
            }
            let legal = legal_actions(&c);
            let a = self.battle(b, &c, &legal);
            let a = if legal.contains(&a) {
                a
            } else {
                super::super::first_move(&legal)
            };
            if apply(&mut c, a).is_err() {
                break;
            }
        }
        b.value(c.state(), &mut self.cache)
    }
}
