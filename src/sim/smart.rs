//! The smart bot: one-step lookahead over sampled futures, judged by the model in [`super::model`].
//!
//! Each decision is tried on copies of the game whose hidden parts (deck order, dice, the monster
//! die) are re-drawn from the bot's own stream, so the bot never peeks at the real deal. After the
//! action, small decisions (responses, skill picks, eating) are settled by the same policy without
//! lookahead, and the position is valued in Small Effort. Battle turns use the battle model's
//! expected costs directly; the Travel Phase compares exploring, confronting (with effort prepared
//! beforehand) and the free actions.

use super::model::{Brain, Cache, Fight, Table};
use super::Bot;
use crate::engine::cards::{Effect, Limit, Passive, Timing, Trigger};
use crate::engine::game::Game;
use crate::engine::res::{Bundle, Res};
use crate::engine::rng::{shuffle, Rngs};
use crate::engine::{apply, legal_actions, view, Action, Event, Pending, State, Step};
use rand_core::RngCore;
use rand_pcg::Pcg32;
use std::collections::HashMap;
use std::sync::Arc;

pub struct SmartBot {
    brain: Option<Arc<Brain>>,
    rng: Pcg32,
    cache: Cache,
    /// Sampled futures per uncertain choice.
    samples: usize,
    /// Actions decided together (effort prepared, then Confront).
    plan: Vec<Action>,
    skill_values: HashMap<(u16, u16, u8, bool), f64>,
    /// Prints the value of each option considered (UNBROKEN_BOT_DEBUG=1, for `trace`).
    debug: bool,
}

impl SmartBot {
    /// A bot that builds its model from the first game it sees.
    pub fn new() -> SmartBot {
        SmartBot::build(None, 7)
    }

    /// A bot sharing a model already built for the card set.
    pub fn with_brain(brain: Arc<Brain>, seed: u64) -> SmartBot {
        SmartBot::build(Some(brain), seed)
    }

    fn build(brain: Option<Arc<Brain>>, seed: u64) -> SmartBot {
        SmartBot {
            brain,
            rng: Pcg32::new(seed, 0x5eed),
            cache: Cache::default(),
            samples: 4,
            plan: Vec::new(),
            skill_values: HashMap::new(),
            debug: std::env::var_os("UNBROKEN_BOT_DEBUG").is_some(),
        }
    }

    fn brain(&mut self, g: &Game) -> Arc<Brain> {
        match &self.brain {
            Some(b) if b.db.fingerprint == g.db().fingerprint => b.clone(),
            _ => {
                let b = Arc::new(Brain::new(g.db_arc()));
                self.brain = Some(b.clone());
                b
            }
        }
    }
}

impl Default for SmartBot {
    fn default() -> Self {
        SmartBot::new()
    }
}

/// A copy of the game whose hidden information is re-drawn from `seed`.
fn sample(g: &Game, seed: u64) -> Game {
    let mut st = g.state().clone();
    st.rng = Rngs::new(seed);
    shuffle(&mut st.rng.encounter, &mut st.encounter_deck);
    shuffle(&mut st.rng.skill, &mut st.skill_deck);
    let mut c = Game::from_state(st, g.db_arc());
    c.set_undo(false);
    c
}

fn random_event(ev: &[Event]) -> bool {
    ev.iter().any(Event::is_random)
}

/// Whether the game waits for one of the decisions the lookahead stops at.
fn settled(p: &Pending) -> bool {
    matches!(
        p,
        Pending::Prepare
            | Pending::Encounter { .. }
            | Pending::Trickery
            | Pending::Battle { .. }
            | Pending::Over(_)
    )
}

impl SmartBot {
    fn seeds(&mut self, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| ((self.rng.next_u32() as u64) << 32) | self.rng.next_u32() as u64)
            .collect()
    }

    /// Plays the small decisions until the game waits for a big one. Returns whether chance
    /// took part.
    fn settle(&mut self, b: &Brain, g: &mut Game) -> bool {
        let mut random = false;
        for _ in 0..200 {
            if settled(g.pending()) {
                break;
            }
            let legal = legal_actions(g);
            let a = self.minor(b, g, &legal);
            match apply(g, a) {
                Ok(ev) => random |= random_event(&ev),
                Err(_) => break,
            }
        }
        random
    }

    /// Value after applying `seq` to a sampled copy, settled.
    fn try_seq(&mut self, b: &Brain, g: &Game, seq: &[Action], seed: u64) -> (f64, bool) {
        self.try_seq_inner(b, g, seq, seed)
    }

    fn try_seq_inner(&mut self, b: &Brain, g: &Game, seq: &[Action], seed: u64) -> (f64, bool) {
        let mut c = sample(g, seed);
        let mut random = false;
        for (i, a) in seq.iter().enumerate() {
            if i > 0 && !settled(c.pending()) {
                random |= self.settle(b, &mut c);
            }
            match apply(&mut c, *a) {
                Ok(ev) => random |= random_event(&ev),
                Err(_) => return (f64::NEG_INFINITY, random),
            }
        }
        random |= self.settle(b, &mut c);
        if self.debug {
            eprintln!("      {:?}: {}", seq, b.explain(c.state(), &mut self.cache));
        }
        (b.value(c.state(), &mut self.cache), random)
    }

    /// Expected value of an action sequence: one sample if nothing random happened, else
    /// the mean over the given seeds.
    fn eval_seq(&mut self, b: &Brain, g: &Game, seq: &[Action], seeds: &[u64]) -> f64 {
        let (v0, random) = self.try_seq(b, g, seq, seeds[0]);
        if !random || !v0.is_finite() {
            return v0;
        }
        let mut sum = v0;
        for s in &seeds[1..] {
            sum += self.try_seq(b, g, seq, *s).0;
        }
        sum / seeds.len() as f64
    }

    /// The value of exploring: over sampled reveals, the best card to take.
    fn explore_value(&mut self, b: &Brain, g: &Game, pre: &[Action], seeds: &[u64]) -> f64 {
        let mut total = 0.0;
        for seed in seeds {
            let mut c = sample(g, *seed);
            let mut ok = true;
            for a in pre.iter().chain(std::iter::once(&Action::Explore)) {
                if !settled(c.pending()) {
                    self.settle(b, &mut c);
                }
                if apply(&mut c, *a).is_err() {
                    ok = false;
                    break;
                }
            }
            if !ok {
                return f64::NEG_INFINITY;
            }
            self.settle(b, &mut c);
            let legal = legal_actions(&c);
            let mut best = f64::NEG_INFINITY;
            for a in legal.iter().filter(|a| **a != Action::Undo) {
                let mut d = c.clone();
                if apply(&mut d, *a).is_err() {
                    continue;
                }
                self.settle(b, &mut d);
                let v = b.value(d.state(), &mut self.cache);
                if self.debug {
                    eprintln!(
                        "      explore {:?}: {}",
                        a,
                        b.explain(d.state(), &mut self.cache)
                    );
                }
                best = best.max(v);
            }
            total += best;
        }
        total / seeds.len() as f64
    }

    // ----- Travel Phase --------------------------------------------------------------------------

    fn prepare(&mut self, b: &Brain, g: &Game, legal: &[Action]) -> Action {
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
            if self.debug {
                eprintln!("    free {:?} = {:+.2} (now {:.2})", a, v, now);
            }
            // Crafting is taken unless it clearly hurts; other actions must clearly help.
            let bar = if matches!(a, Action::Craft(_)) {
                b.t.craft_bar
            } else {
                0.25
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
        if self.debug {
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
            let uses_medium = view::weapon(s, db).is_some_and(|w| {
                w.attacks
                    .iter()
                    .any(|a| a.cost.medium > 0 && a.cost.large == 0)
            });
            let uses_large =
                view::weapon(s, db).is_some_and(|w| w.attacks.iter().any(|a| a.cost.large > 0));
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

    fn encounter(&mut self, b: &Brain, g: &Game, legal: &[Action]) -> Action {
        let seeds = self.seeds(self.samples);
        let mut best: Option<(f64, Action)> = None;
        for a in legal.iter().filter(|a| **a != Action::Undo) {
            let v = self.eval_seq(b, g, &[*a], &seeds);
            if self.debug {
                eprintln!("    {:?} = {:.2}", a, v);
            }
            if best.is_none_or(|(x, _)| v > x) {
                best = Some((v, *a));
            }
        }
        best.map(|(_, a)| a).unwrap_or(legal[0])
    }

    fn trickery(&mut self, b: &Brain, g: &Game, legal: &[Action]) -> Action {
        if !legal.contains(&Action::Trick) {
            return Action::Fight;
        }
        let seeds = self.seeds(self.samples + 3);
        let t = self.eval_seq(b, g, &[Action::Trick], &seeds);
        let f = self.eval_seq(b, g, &[Action::Fight], &seeds);
        if self.debug {
            eprintln!("    trick {:.2} fight {:.2}", t, f);
        }
        if t > f {
            Action::Trick
        } else {
            Action::Fight
        }
    }

    // ----- Battle ------------------------------------------------------------------------------------

    fn battle(&mut self, b: &Brain, g: &Game, legal: &[Action]) -> Action {
        let s = g.state();
        let db = g.db();
        let Some(ms) = s.monster.clone() else {
            return Action::Skip;
        };
        let Some(ft) = self.cache.table(b, s) else {
            return Action::Skip;
        };
        let (f, t) = (&ft.0, &ft.1);
        let (a, h, d) = (ms.armor, ms.health, ms.defending);
        // Score: expected cost from now (lower is better).
        let mut best: Option<(f64, Action)> = None;
        let consider = |q: f64, act: Action, best: &mut Option<(f64, Action)>| {
            if best.is_none_or(|(x, _)| q < x) {
                *best = Some((q, act));
            }
        };
        let skip_q = f.monster(t, a, h, d).0;
        if legal.contains(&Action::Skip) {
            consider(skip_q + 0.05, Action::Skip, &mut best);
        }
        let w = view::weapon(s, db);
        let mut convert_need: Option<(f64, Bundle)> = None;
        if let Some(w) = w {
            for (i, at) in w.attacks.iter().enumerate() {
                let cost = view::attack_cost(s, db, &at.cost);
                let power = view::attack_power(s, db, at.kind, at.power, 0);
                let (ab, wound) = match at.kind {
                    crate::engine::cards::AttackKind::ArmorBreaking => (power, 0),
                    crate::engine::cards::AttackKind::Wounding => (0, power),
                };
                let o = super::model::Opt {
                    price: b.battle_price(s, &cost),
                    ab,
                    wound,
                    pierce: at.pierce,
                    weapon: true,
                    extra: false,
                    conv: 0,
                };
                // Useless attacks (no armor to break, armor unbroken) are not legal anyway.
                let q = f.q(t, &o, a, h, d).0;
                let act = Action::Attack(i as u8);
                if legal.contains(&act) {
                    consider(q, act, &mut best);
                    // The same attack raised by a wounding-chosen response, as the battle model
                    // counts it (the response is then taken in its window, priced alike).
                    if at.kind == crate::engine::cards::AttackKind::Wounding {
                        for (extra, bonus) in b.wounding_boosts(s, &cost) {
                            let ob = super::model::Opt {
                                price: o.price + extra,
                                wound: view::attack_power(s, db, at.kind, at.power, bonus),
                                ..o
                            };
                            consider(f.q(t, &ob, a, h, d).0, act, &mut best);
                        }
                    }
                } else if Brain::conversions(s, &cost) > 0
                    && (at.kind == crate::engine::cards::AttackKind::Wounding
                        && (a == 0 || at.pierce)
                        || at.kind == crate::engine::cards::AttackKind::ArmorBreaking && a > 0)
                {
                    // Affordable after converting effort: a turn spent on Focus / Inspiration.
                    let turns = Brain::conversions(s, &cost) as f64;
                    let qc = q + turns * (f.turn_loss + 0.5);
                    if convert_need.is_none_or(|(x, _)| qc < x) {
                        convert_need = Some((qc, cost));
                    }
                }
            }
        }
        // Card actions that wound or break armor.
        for act in legal {
            let def = match act {
                Action::SkillAction { skill, action } => s
                    .skills
                    .get(*skill as usize)
                    .and_then(|k| db.skill(*k))
                    .and_then(|c| c.actions.get(*action as usize))
                    .map(|d| (d.clone(), 0.0)),
                Action::Ability(i) => db
                    .character(s.character)
                    .and_then(|c| c.abilities.get(*i as usize))
                    .and_then(|x| x.action.clone())
                    .map(|d| (d, b.use_cost(s))),
                Action::MonsterAction(i) => db
                    .monster(ms.card)
                    .and_then(|m| m.actions.get(*i as usize))
                    .map(|d| (d.clone(), 0.0)),
                _ => None,
            };
            let Some((def, extra_price)) = def else {
                continue;
            };
            let mut o = super::model::Opt {
                price: b.battle_price(s, &def.cost) + extra_price,
                ab: 0,
                wound: 0,
                pierce: false,
                weapon: false,
                extra: false,
                conv: 0,
            };
            let mut gain = Bundle::default();
            for e in &def.effects {
                match e {
                    Effect::Wound { n, pierce } => {
                        o.wound += *n;
                        o.pierce |= *pierce;
                    }
                    Effect::BreakArmor(n) => o.ab += *n,
                    Effect::ExtraTurn => o.extra = true,
                    Effect::Gain(x) => gain = gain.plus(x),
                    _ => {}
                }
            }
            if o.ab > 0 || o.wound > 0 {
                let q = f.q(t, &o, a, h, d).0;
                consider(q, *act, &mut best);
            } else if !gain.is_empty() {
                // Effort-giving actions: worth it when they pay for themselves.
                let gv = b.stock_cost(s, &gain) - b.pay_cost(s, &def.cost) - extra_price - 0.5;
                let cont = if o.extra { t.cost(a, h, d) } else { skip_q };
                let limited = def.limit != Limit::None;
                let low = s.stock.effort_total() < 6;
                if gv > 0.0 && (!limited || low || o.extra) {
                    consider(cont - gv, *act, &mut best);
                }
            }
        }
        // Other actions (crafting in battle, …): judged on sampled futures, on the same scale.
        let mut generic: Vec<Action> = Vec::new();
        for act in legal {
            let other = match act {
                Action::Craft(_) => true,
                Action::SkillAction { skill, action } => s
                    .skills
                    .get(*skill as usize)
                    .and_then(|k| db.skill(*k))
                    .and_then(|c| c.actions.get(*action as usize))
                    .is_some_and(|d| {
                        !d.effects.iter().any(|e| {
                            matches!(
                                e,
                                Effect::Wound { .. } | Effect::BreakArmor(_) | Effect::Gain(_)
                            )
                        })
                    }),
                _ => false,
            };
            if other {
                generic.push(*act);
            }
        }
        if !generic.is_empty() {
            let seeds = self.seeds(self.samples);
            let v_now = b.value(s, &mut self.cache);
            let c_now = t.cost(a, h, d);
            for act in generic {
                let v = self.eval_seq(b, g, &[act], &seeds);
                if v.is_finite() {
                    let q = v_now + c_now - v;
                    if best.is_none_or(|(x, _)| q < x) {
                        best = Some((q, act));
                    }
                }
            }
        }
        // Converting effort for a stronger attack next turn.
        if let Some((qc, cost)) = convert_need {
            if best.is_none_or(|(x, _)| qc < x) {
                if let Some(a) = conversion_action(g, &cost, legal) {
                    return a;
                }
            }
        }
        best.map(|(_, a)| a).unwrap_or(Action::Skip)
    }

    // ----- Small decisions ------------------------------------------------------------------------

    /// Responses, rerolls, skills, conditions, hunger: no lookahead.
    fn minor(&mut self, b: &Brain, g: &Game, legal: &[Action]) -> Action {
        let s = g.state();
        match g.pending() {
            Pending::Respond { options, trigger } => self.respond(b, g, options, *trigger, legal),
            Pending::ChooseRoll { first, second } => {
                let (fa, fb) = (*first, *second);
                match self.battle_tables(b, s) {
                    Some(ft) => {
                        let (f, t) = (&ft.0, &ft.1);
                        let m = view::roll_modifier(s, &b.db);
                        let ra = row_value(b, s, f, t, clamp_roll(fa as i16 + m as i16));
                        let rb = row_value(b, s, f, t, clamp_roll(fb as i16 + m as i16));
                        Action::KeepRoll(if rb < ra { 1 } else { 0 })
                    }
                    None => Action::KeepRoll(0),
                }
            }
            Pending::ChooseSkill { cards } => {
                let cards = cards.clone();
                let mut best = (f64::NEG_INFINITY, 0u8);
                for (i, c) in cards.iter().enumerate() {
                    let v = self.skill_value(b, s, *c);
                    if v > best.0 {
                        best = (v, i as u8);
                    }
                }
                Action::KeepSkill(best.1)
            }
            Pending::ChooseCondition { options } => {
                let mut best = (f64::NEG_INFINITY, 0u8);
                for (i, c) in options.iter().enumerate() {
                    let h = s.conditions.iter().find(|h| h.card == *c);
                    let (tokens, next) = h.map(|h| (h.tokens, h.next_level)).unwrap_or((0, false));
                    let v = if next {
                        b.condition_cost(s, *c, 4.0, 3.0, tokens)
                    } else {
                        b.condition_cost(s, *c, 3.0, 1.0, tokens)
                    };
                    if v > best.0 {
                        best = (v, i as u8);
                    }
                }
                Action::DiscardCondition(best.1)
            }
            Pending::Hunger { requirement } => {
                // Each choice played on to the next level, where the model can weigh what the
                // effort (or the food kept) is worth against the next monster.
                let req = *requirement;
                let food = s.stock.get(Res::Food);
                let mut best = (f64::NEG_INFINITY, req.min(food));
                for n in (0..=req.min(food)).rev() {
                    let mut c = g.clone();
                    c.set_undo(false);
                    if apply(&mut c, Action::Eat(n)).is_err() {
                        continue;
                    }
                    let mut guard = 0;
                    while !settled(c.pending()) && guard < 50 {
                        guard += 1;
                        let legal = legal_actions(&c);
                        let a = match c.pending() {
                            Pending::Hunger { .. } => break,
                            _ => self.minor(b, &c, &legal),
                        };
                        if apply(&mut c, a).is_err() {
                            break;
                        }
                    }
                    let v = b.value(c.state(), &mut self.cache);
                    if v > best.0 + 1e-9 {
                        best = (v, n);
                    }
                }
                Action::Eat(best.1)
            }
            _ => legal
                .iter()
                .copied()
                .find(|a| *a != Action::Undo)
                .unwrap_or(Action::Undo),
        }
    }

    fn respond(
        &mut self,
        b: &Brain,
        g: &Game,
        options: &[crate::engine::ResponseOption],
        trigger: Trigger,
        legal: &[Action],
    ) -> Action {
        let s = g.state();
        let db = &b.db;
        let mandatory = options.iter().position(|o| o.mandatory);
        // Conditions' responses still waiting in this window (a Bypass skips them).
        let waiting_conditions: Vec<u16> = options
            .iter()
            .filter_map(|o| match o.source {
                crate::engine::Source::Condition(c) => Some(c),
                _ => None,
            })
            .collect();
        let tables = self.battle_tables(b, s);
        let mut best: Option<(f64, Action)> = None;
        for (i, o) in options.iter().enumerate() {
            let act = Action::Respond(i as u8);
            if !legal.contains(&act) {
                continue;
            }
            let Some(r) = crate::engine::game_response(db, s, o) else {
                continue;
            };
            let ability = matches!(o.source, crate::engine::Source::Ability(_));
            let use_cost = if ability { b.use_cost(s) } else { 0.0 };
            // A power bonus is priced as the battle model prices it, so the attack chosen for
            // it is followed through.
            let boost = r
                .effects
                .iter()
                .any(|e| matches!(e, Effect::AttackBonus(_)));
            let price = if boost {
                b.battle_price(s, &r.cost) + use_cost
            } else {
                b.pay_cost(s, &r.cost) + use_cost
            };
            let mut benefit = 0.0;
            for e in &r.effects {
                benefit += match e {
                    Effect::ModifyRoll(dv) => match tables.as_deref() {
                        Some((f, t)) => {
                            let now = view::final_roll(s, db);
                            let then = clamp_roll(now as i16 + *dv as i16);
                            row_value(b, s, f, t, now) - row_value(b, s, f, t, then)
                        }
                        None => 0.0,
                    },
                    Effect::Reroll => match tables.as_deref() {
                        Some((f, t)) => {
                            let now = view::final_roll(s, db);
                            let here = row_value(b, s, f, t, now);
                            let m = view::roll_modifier(s, db);
                            let base = s.combat.roll;
                            let _ = base;
                            let mut e = 0.0;
                            for x in 1..=6i16 {
                                let r2 = clamp_roll(x + m as i16);
                                e += here.min(row_value(b, s, f, t, r2)) / 6.0;
                            }
                            here - e
                        }
                        None => 0.0,
                    },
                    Effect::ReduceLoss(n) => {
                        let l = &s.combat.loss;
                        let total = (l.small + l.medium + l.large) as f64;
                        (*n as f64).min(total - 1.0).max(0.0)
                    }
                    Effect::AttackBonus(dv) => match tables.as_deref() {
                        Some((f, t)) => {
                            // The attack about to resolve: its power with and without the bonus.
                            let ms = s.monster.as_ref();
                            let (a, h, d) = ms
                                .map(|m| (m.armor, m.health, m.defending))
                                .unwrap_or((0, 0, false));
                            let p0 = current_attack_power(g, db, 0);
                            let p1 = current_attack_power(g, db, *dv);
                            let v = |p: u8| {
                                let o = super::model::Opt {
                                    price: 0.0,
                                    ab: 0,
                                    wound: p,
                                    pierce: false,
                                    weapon: false,
                                    extra: false,
                                    conv: 0,
                                };
                                f.q(t, &o, a, h, d).0
                            };
                            if d {
                                0.0
                            } else {
                                v(p0) - v(p1)
                            }
                        }
                        None => 0.0,
                    },
                    Effect::ExtraAttack | Effect::ExtraTurn => 0.6,
                    Effect::RevealExtra(n) => *n as f64 * b.t.peek,
                    Effect::Bypass => {
                        // Skip the conditions' turn-start checks still to come (paralysis): a
                        // lost turn costs a monster turn for nothing.
                        let skip: f64 = s
                            .conditions
                            .iter()
                            .filter(|c| c.active() && waiting_conditions.contains(&c.card))
                            .map(|c| c.tokens as f64 / 6.0)
                            .sum::<f64>()
                            .min(1.0);
                        let lost_turn = match (tables.as_deref(), s.monster.as_ref()) {
                            (Some((f, t)), Some(m)) => {
                                let (a, h, d) = (m.armor, m.health, m.defending);
                                (f.monster(t, a, h, d).0 - t.cost(a, h, d)).max(0.0)
                            }
                            _ => 2.0,
                        };
                        skip * lost_turn
                    }
                    Effect::Gain(x) => b.stock_cost(s, x),
                    Effect::GainPerLevel(x) => b.stock_cost(s, x) * s.level as f64,
                    Effect::DiscardCondition => 2.0,
                    _ => 0.0,
                };
            }
            let net = benefit - price;
            if net > 0.05 && best.is_none_or(|(x, _)| net > x) {
                best = Some((net, act));
            }
        }
        let _ = trigger;
        if let Some(i) = mandatory {
            // Mandatory responses first, unless a chosen one must come before them (a Bypass
            // skips the conditions' responses only while they are still waiting).
            let first = best.and_then(|(_, a)| match a {
                Action::Respond(j) => options.get(j as usize).and_then(|o| {
                    crate::engine::game_response(db, s, o)
                        .filter(|r| r.effects.contains(&Effect::Bypass))
                        .map(|_| a)
                }),
                _ => None,
            });
            return first.unwrap_or(Action::Respond(i as u8));
        }
        best.map(|(_, a)| a).unwrap_or(Action::Pass)
    }

    /// The battle model for the position, if a battle is on.
    fn battle_tables(&mut self, b: &Brain, s: &State) -> Option<Arc<(Fight, Table)>> {
        if s.step != Step::Battle {
            return None;
        }
        self.cache.table(b, s)
    }

    /// What a skill is worth to this player for the rest of the game.
    fn skill_value(&mut self, b: &Brain, s: &State, card: u16) -> f64 {
        let key = (
            card,
            view::weapon_id(s) | (s.character << 8),
            s.level + 8 * matches!(s.step, Step::Rewards | Step::Hunger) as u8,
            s.setup.difficulty == crate::engine::Difficulty::Hard,
        );
        if let Some(v) = self.skill_values.get(&key) {
            return *v;
        }
        let memo = b.skill_memo.lock().ok().and_then(|m| m.get(&key).copied());
        let v = match memo {
            Some(v) => v,
            None => {
                let v = skill_value(b, &b.canonical(s), card);
                if let Ok(mut m) = b.skill_memo.lock() {
                    m.insert(key, v);
                }
                v
            }
        };
        self.skill_values.insert(key, v);
        v
    }
}

fn clamp_roll(x: i16) -> u8 {
    x.clamp(1, 6) as u8
}

fn general_index(
    db: &crate::content::CardDb,
    f: impl Fn(&crate::engine::cards::ActionDef) -> bool,
) -> Option<u8> {
    db.params
        .general_actions
        .iter()
        .position(f)
        .map(|i| i as u8)
}

/// The general action that converts effort towards paying `cost`.
fn conversion_action(g: &Game, cost: &Bundle, legal: &[Action]) -> Option<Action> {
    let s = g.state();
    let db = g.db();
    let focus = general_index(db, |d| {
        d.effects
            .iter()
            .any(|e| matches!(e, Effect::Gain(x) if x.medium > 0))
    })?;
    let inspire = general_index(db, |d| {
        d.effects
            .iter()
            .any(|e| matches!(e, Effect::Gain(x) if x.large > 0))
    });
    let m = s.stock.get(Res::Medium);
    let l = s.stock.get(Res::Large);
    if cost.large > l {
        if let Some(i) = inspire {
            if m >= 2 && legal.contains(&Action::General(i)) {
                return Some(Action::General(i));
            }
        }
        if legal.contains(&Action::General(focus)) {
            return Some(Action::General(focus));
        }
        return None;
    }
    if cost.medium > m && legal.contains(&Action::General(focus)) {
        return Some(Action::General(focus));
    }
    None
}

/// Loss of a table row plus the battle still to fight after it (from the next player turn).
fn row_value(b: &Brain, s: &State, f: &Fight, t: &Table, fin: u8) -> f64 {
    let Some(ms) = s.monster.as_ref() else {
        return 0.0;
    };
    let Some(m) = b.db.monster(ms.card) else {
        return 0.0;
    };
    let row = &m.table[(fin.clamp(1, 6) - 1) as usize];
    if view::verb_ignored(s, &b.db, &row.verb) {
        return t.cost(ms.armor, ms.health, ms.defending);
    }
    let applicable = row.effects.iter().all(|e| view::effect_applicable(s, e));
    let list = if applicable { &row.effects } else { &row.alt };
    let out = b.effects_out(s, list);
    let h2 = (ms.health as u16 + out.heal as u16 + f.heal_end as u16).min(f.max_h as u16) as u8;
    out.loss + t.cost(ms.armor, h2, ms.defending || out.defend)
}

/// Power of the wounding attack being resolved (the last attack chosen), with an extra bonus.
fn current_attack_power(g: &Game, db: &crate::content::CardDb, extra: i8) -> u8 {
    let s = g.state();
    let Some(w) = view::weapon(s, db) else {
        return 0;
    };
    let chosen = g.log().iter().rev().find_map(|a| match a {
        Action::Attack(i) => Some(*i as usize),
        _ => None,
    });
    let strongest = w
        .attacks
        .iter()
        .filter(|a| a.kind == crate::engine::cards::AttackKind::Wounding)
        .map(|a| a.power)
        .max()
        .unwrap_or(0);
    let base = chosen
        .and_then(|i| w.attacks.get(i))
        .map(|a| a.power)
        .unwrap_or(strongest);
    view::attack_power(
        s,
        db,
        crate::engine::cards::AttackKind::Wounding,
        base,
        s.combat.attack_bonus + extra,
    )
}

/// A skill's worth for the rest of the game, from what it does.
fn skill_value(b: &Brain, s: &State, card: u16) -> f64 {
    let db = &b.db;
    let Some(k) = db.skill(card) else {
        return 0.0;
    };
    let levels_left = (5 - s.level.min(4)) as f64;
    let battles_left = levels_left;
    let mut v = 0.0;
    // Battle effects: priced by the battle model against the level's monsters.
    let battle_relevant = !k.passives.is_empty()
        && k.passives.iter().any(|p| {
            matches!(
                p,
                Passive::MonsterRoll(_)
                    | Passive::AttackPower { .. }
                    | Passive::IgnoreDefend
                    | Passive::IgnoreVerb(_)
                    | Passive::Surcharge(_)
                    | Passive::WoundCap(_)
                    | Passive::WeakWounding { .. }
            )
        })
        || k.actions.iter().any(|a| {
            a.timing != Timing::Travel
                && a.effects
                    .iter()
                    .any(|e| matches!(e, Effect::Wound { .. } | Effect::BreakArmor(_)))
        });
    if battle_relevant {
        let level = (s.level
            + if s.step == Step::Rewards || s.step == Step::Hunger {
                1
            } else {
                0
            })
        .min(4);
        let mut total = 0.0;
        let mut n = 0.0;
        for (mi, m) in db.monsters.iter().enumerate() {
            if m.level != level {
                continue;
            }
            let mut st = s.clone();
            st.step = Step::Battle;
            st.level = level;
            st.monster = Some(crate::engine::state::MonsterState {
                card: mi as u16,
                armor: m.armor,
                max_armor: m.armor,
                health: m.health,
                max_health: m.health,
                defending: false,
            });
            st.conditions.clear();
            let without = b.battle_from_start(&st).cost;
            st.skills.push(card);
            let with = b.battle_from_start(&st).cost;
            total += (without - with).max(-5.0);
            n += 1.0;
        }
        if n > 0.0 {
            v += total / n * battles_left;
        }
    }
    for p in &k.passives {
        v += match p {
            Passive::ExploreCards(n) => 1.2 * *n as f64 * levels_left,
            Passive::CraftDiscount(_)
                if view::weapon(s, db).is_some_and(|w| !w.upgrades.is_empty()) =>
            {
                2.5
            }
            Passive::CraftDiscount(_) => 0.0,
            Passive::Hunger(n) => -2.5 * *n as f64,
            Passive::NoRest => -2.0 * levels_left,
            _ => 0.0,
        };
    }
    for r in &k.responses {
        let gains: f64 = r
            .effects
            .iter()
            .map(|e| match e {
                Effect::Gain(x) => b.stock_cost(s, x),
                Effect::GainPerLevel(x) => b.stock_cost(s, x) * 2.5,
                _ => 0.0,
            })
            .sum();
        v += match r.trigger {
            Trigger::LevelStart => gains * (levels_left - 1.0).max(0.0),
            Trigger::MonsterDefeated => gains * battles_left * 0.8,
            Trigger::Ambushed => gains * levels_left * 0.4,
            Trigger::BattleStart => gains * battles_left,
            Trigger::MonsterRoll => {
                let c = b.stock_cost(s, &r.cost);
                let helps = r
                    .effects
                    .iter()
                    .any(|e| matches!(e, Effect::Reroll | Effect::ModifyRoll(_)));
                if helps && (r.cost.is_empty() || view::can_pay(s, &r.cost)) {
                    (2.0 - c * 0.3).max(0.3) * battles_left
                } else {
                    0.3
                }
            }
            Trigger::ArmorBreakingDone => 1.2 * battles_left,
            _ => gains,
        };
    }
    for a in &k.actions {
        let gain: f64 = a
            .effects
            .iter()
            .map(|e| match e {
                Effect::Gain(x) => b.stock_cost(s, x),
                Effect::DiscardCondition => 1.5,
                Effect::ExtraTurn => 1.0,
                _ => 0.0,
            })
            .sum();
        let net = gain - b.stock_cost(s, &a.cost);
        v += match a.limit {
            Limit::PerLevel => net.max(0.0) * levels_left,
            Limit::Once => net.max(0.0),
            Limit::None => net.max(0.0) * levels_left * 0.7,
        };
    }
    v
}

impl Bot for SmartBot {
    fn choose(&mut self, g: &Game, legal: &[Action]) -> Action {
        let b = self.brain(g);
        self.cache.clear();
        let a = match g.pending() {
            Pending::Prepare => self.prepare(&b, g, legal),
            Pending::Encounter { .. } => {
                self.plan.clear();
                self.encounter(&b, g, legal)
            }
            Pending::Trickery => {
                self.plan.clear();
                self.trickery(&b, g, legal)
            }
            Pending::Battle { .. } => {
                self.plan.clear();
                self.battle(&b, g, legal)
            }
            _ => self.minor(&b, g, legal),
        };
        if legal.contains(&a) {
            a
        } else {
            legal
                .iter()
                .copied()
                .find(|x| *x != Action::Undo)
                .unwrap_or(Action::Undo)
        }
    }
}
