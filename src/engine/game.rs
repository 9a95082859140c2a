//! The game as the outside world sees it: set up, apply an action, undo, save and load.

use super::action::Action;
use super::error::{LoadError, RuleError, SetupError};
use super::event::{Event, Source};
use super::flow::Task;
use super::legal;
use super::pending::Pending;
use super::preview::Preview;
use super::res::{Bundle, Res, Stock};
use super::rng::{shuffle, Rngs};
use super::runner::Ctx;
use super::state::{Combat, Difficulty, Setup, State, Stats, Step};
use crate::content::CardDb;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Save format version; loading migrates anything older. Version 2: a free upgrade asks which
/// printed path to take ([`Action::ChooseUpgrade`]); a version 1 log, made when it took the
/// first path by itself, has no such move, and loading puts it back ([`Game::load`]).
pub const SAVE_VERSION: u32 = 2;

/// A game in progress: the position, the cards, the way back (undo) and the action log.
#[derive(Clone, Debug)]
pub struct Game {
    state: State,
    db: Arc<CardDb>,
    /// Positions before each decision since the last roll or reveal.
    undo: Vec<State>,
    log: Vec<Action>,
    /// Scripted dice given at setup (kept so a save replays them).
    script: Vec<u8>,
    keep_undo: bool,
}

/// A save: the setup and the action log. Loading replays it through the rules, so a save can
/// never hold an illegal position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveGame {
    /// The format version ([`SAVE_VERSION`] when written).
    pub version: u32,
    /// The card database's fingerprint: a save made with other cards is replayed with care.
    pub fingerprint: u64,
    /// The setup the moves are replayed from.
    pub setup: Setup,
    /// Scripted dice given at setup (tests, scenarios).
    #[serde(default)]
    pub script: Vec<u8>,
    /// Every move, in order, undos included.
    pub actions: Vec<Action>,
}

/// Events that are die rolls or card reveals: undo never goes past one.
fn is_checkpoint(e: &Event) -> bool {
    e.is_random()
}

impl Game {
    /// Sets up a new game (p. 8, p. 18).
    pub fn new(setup: Setup, db: Arc<CardDb>) -> Result<(Game, Vec<Event>), SetupError> {
        Game::with_script(setup, db, Vec::new())
    }

    /// A new game whose die rolls come from `script` first (tests, scenarios).
    pub fn with_script(
        setup: Setup,
        db: Arc<CardDb>,
        script: Vec<u8>,
    ) -> Result<(Game, Vec<Event>), SetupError> {
        let character = db
            .character_index(&setup.character)
            .ok_or_else(|| SetupError::NoSuchCharacter(setup.character.clone()))?;
        if setup.side > 1 {
            return Err(SetupError::NoSuchSide(setup.side));
        }
        let p = &db.params;
        let mut rng = Rngs::new(setup.seed);
        rng.script.extend(script.iter().copied());
        let mut encounter_deck: Vec<u16> = db
            .encounters
            .iter()
            .enumerate()
            .flat_map(|(i, e)| std::iter::repeat_n(i as u16, e.copies as usize))
            .collect();
        shuffle(&mut rng.encounter, &mut encounter_deck);
        let mut skill_deck: Vec<u16> = (0..db.skills.len() as u16).collect();
        shuffle(&mut rng.skill, &mut skill_deck);
        let small = match (setup.difficulty, setup.easy_toggle) {
            (Difficulty::Easy, true) => p.start_effort.easy_toggle,
            (Difficulty::Easy, false) => p.start_effort.easy,
            (Difficulty::Normal, _) => p.start_effort.normal,
            (Difficulty::Hard, _) => p.start_effort.hard,
        };
        let time = p.time_per_level[0] as i8;
        let state = State {
            setup: setup.clone(),
            character,
            level: 1,
            step: Step::Preparation,
            stock: Stock(Bundle::of(Res::Small, small.min(p.bars.small))),
            time,
            time_removed: false,
            uses: 1,
            weapons: vec![db.start_weapon],
            skills: Vec::new(),
            spent_actions: Vec::new(),
            conditions: Vec::new(),
            encounter_deck,
            encounter_discard: Vec::new(),
            skill_deck,
            skill_discard: Vec::new(),
            monster: None,
            monsters_faced: Vec::new(),
            explore_bonus: 0,
            reveal_extra: 0,
            committed: false,
            ambushed: false,
            combat: Combat::default(),
            pending: Pending::Prepare,
            tasks: Vec::new(),
            rng,
            stats: Stats {
                lowest_time: time,
                level_reached: 1,
                ..Stats::default()
            },
        };
        let mut game = Game {
            state,
            db,
            undo: Vec::new(),
            log: Vec::new(),
            script,
            keep_undo: true,
        };
        let mut events = vec![Event::GameStarted {
            character,
            side: setup.side,
        }];
        {
            let db = game.db.clone();
            let mut cx = Ctx::new(&mut game.state, &db, &mut events);
            let mut flow = Vec::new();
            if setup.difficulty == Difficulty::Easy {
                flow.push(Task::EasyBonus);
                flow.push(Task::Window {
                    trigger: super::cards::Trigger::SkillDraw,
                    options: None,
                });
                flow.push(Task::DrawSkills);
            }
            flow.push(Task::LevelStart);
            cx.then(flow);
            cx.run();
        }
        Ok((game, events))
    }

    /// A game from a position built by hand (scenarios); undo starts empty.
    pub(crate) fn from_state(state: State, db: Arc<CardDb>) -> Game {
        Game {
            state,
            db,
            undo: Vec::new(),
            log: Vec::new(),
            script: Vec::new(),
            keep_undo: true,
        }
    }

    /// The position as it stands (read-only: it changes only through [`apply`]).
    pub fn state(&self) -> &State {
        &self.state
    }
    /// The cards this game is played with.
    pub fn db(&self) -> &CardDb {
        &self.db
    }
    /// The cards, shared (to set up another game with the same box).
    pub fn db_arc(&self) -> Arc<CardDb> {
        self.db.clone()
    }
    /// What the game waits for.
    pub fn pending(&self) -> &Pending {
        &self.state.pending
    }
    /// Every move applied so far (what a save stores).
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// Whether [`Action::Undo`] would take something back (never past a roll or reveal).
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    /// Whether the game has ended, won or lost.
    pub fn is_over(&self) -> bool {
        matches!(self.state.pending, Pending::Over(_))
    }

    /// Bots and the simulator do not need undo snapshots; turning them off makes games faster.
    pub fn set_undo(&mut self, on: bool) {
        self.keep_undo = on;
        if !on {
            self.undo.clear();
        }
    }

    /// The save: setup and moves only, so loading replays it through the rules.
    pub fn save(&self) -> SaveGame {
        SaveGame {
            version: SAVE_VERSION,
            fingerprint: self.db.fingerprint,
            setup: self.state.setup.clone(),
            script: self.script.clone(),
            actions: self.log.clone(),
        }
    }

    /// Loads a save by replaying it: every move goes through the rules again. A save made with
    /// other cards (an older release) still loads if every move is legal with these cards, so
    /// a new release never throws away a game in progress that it can still play.
    pub fn load(save: &SaveGame, db: Arc<CardDb>) -> Result<Game, LoadError> {
        if save.version > SAVE_VERSION {
            return Err(LoadError::TooNew {
                version: save.version,
            });
        }
        let same_cards = save.fingerprint == db.fingerprint;
        let (mut g, _) = Game::with_script(save.setup.clone(), db, save.script.clone())
            .map_err(LoadError::Setup)?;
        for (at, a) in save.actions.iter().enumerate() {
            let old_free_upgrade = save.version < 2
                && matches!(g.pending(), Pending::ChooseUpgrade { replace: false, .. })
                && !matches!(a, Action::ChooseUpgrade(_));
            if old_free_upgrade {
                // Version 1 took the sheet's first path without asking.
                let _ = apply(&mut g, Action::ChooseUpgrade(0));
            }
            if let Err(error) = apply(&mut g, *a) {
                return Err(if same_cards {
                    LoadError::IllegalAction { at, error }
                } else {
                    LoadError::OtherContent
                });
            }
        }
        Ok(g)
    }
}

/// Checks an action without changing anything.
pub fn check(g: &Game, a: &Action) -> Result<(), RuleError> {
    if *a == Action::Undo {
        return if g.undo.is_empty() {
            Err(RuleError::NothingToUndo)
        } else {
            Ok(())
        };
    }
    legal::validate(&g.state, &g.db, a)
}

/// Every action the current step offers, legal or not, with Undo last.
pub fn candidate_actions(g: &Game) -> Vec<Action> {
    let mut v = legal::candidates(&g.state, &g.db);
    if !g.is_over() {
        v.push(Action::Undo);
    }
    v
}

/// Exactly the actions [`check`] accepts.
pub fn legal_actions(g: &Game) -> Vec<Action> {
    candidate_actions(g)
        .into_iter()
        .filter(|a| check(g, a).is_ok())
        .collect()
}

/// Applies one action. On `Err` the game is unchanged.
pub fn apply(g: &mut Game, a: Action) -> Result<Vec<Event>, RuleError> {
    check(g, &a)?;
    if a == Action::Undo {
        if let Some(prev) = g.undo.pop() {
            g.state = prev;
        }
        g.log.push(a);
        return Ok(vec![Event::Undone]);
    }
    let before = if g.keep_undo {
        Some(g.state.clone())
    } else {
        None
    };
    let mut events = Vec::new();
    let db = g.db.clone();
    {
        let pending = g.state.pending.clone();
        let mut cx = Ctx::new(&mut g.state, &db, &mut events);
        exec(&mut cx, &pending, a);
    }
    g.log.push(a);
    if events.iter().any(is_checkpoint) {
        g.undo.clear();
    } else if let Some(b) = before {
        g.undo.push(b);
    }
    Ok(events)
}

/// The certain part of what `a` would do, without doing it (for the screen's previews): the
/// same executor as [`apply`] runs on a copy of the position, which is read at the first die
/// roll or card reveal ([`Preview::chance`]) or at the end. Refused exactly as `apply` refuses.
pub fn preview(g: &Game, a: &Action) -> Result<Preview, RuleError> {
    check(g, a)?;
    if *a == Action::Undo {
        let back = g.undo.last().unwrap_or(&g.state);
        return Ok(Preview::of(back, vec![Event::Undone], false));
    }
    let mut s = g.state.clone();
    let mut events = Vec::new();
    let cut = {
        let pending = s.pending.clone();
        let mut cx = Ctx::new(&mut s, &g.db, &mut events);
        cx.watch = true;
        exec(&mut cx, &pending, *a);
        cx.cut.take()
    };
    Ok(match cut {
        Some(at) => {
            let certain = events.iter().take_while(|e| !e.is_random()).count();
            events.truncate(certain);
            Preview::of(&at, events, true)
        }
        None => Preview::of(&s, events, false),
    })
}

/// Carries out a validated action.
fn exec(cx: &mut Ctx, pending: &Pending, a: Action) {
    let battle = matches!(pending, Pending::Battle { .. });
    // After a turn action: back to preparation, or the turn passes. Card effects are
    // scheduled on top of this, so they run first.
    let next = if battle {
        Task::AfterPlayer
    } else {
        Task::ToPrepare
    };
    let finish = |cx: &mut Ctx, source: Source, effects: &[super::cards::Effect]| {
        cx.then([next.clone()]);
        cx.then_effects(source, effects);
        cx.run();
    };
    match a {
        Action::General(i) => {
            let Some(def) = cx.db.params.general_actions.get(i as usize).cloned() else {
                return;
            };
            cx.pay(Source::General(i), &def.cost);
            cx.emit(Event::ActionTaken {
                source: Source::General(i),
                name: def.name.clone(),
            });
            finish(cx, Source::General(i), &def.effects);
        }
        Action::Craft(i) => {
            let up = super::view::weapon(cx.s, cx.db).and_then(|w| w.upgrades.get(i as usize));
            let Some(up) = up.cloned() else {
                return;
            };
            let cost = super::view::craft_cost(cx.s, cx.db, &up.cost);
            cx.pay(Source::Weapon(up.to.idx), &cost);
            cx.upgrade_to(up.to.idx);
            finish(cx, Source::Rules, &[]);
        }
        Action::Downgrade => {
            cx.downgrade(0);
            finish(cx, Source::Rules, &[]);
        }
        Action::Scout => {
            let cost = super::view::scout_cost(cx.s, cx.db);
            cx.pay(Source::Rules, &cost);
            cx.emit(Event::ActionTaken {
                source: Source::Rules,
                name: "Scout".into(),
            });
            cx.reveal_monster();
            finish(cx, Source::Rules, &[]);
        }
        Action::Ability(i) => {
            let def = cx
                .db
                .character(cx.s.character)
                .and_then(|c| c.abilities.get(i as usize))
                .and_then(|a| a.action.clone());
            let Some(def) = def else {
                return;
            };
            cx.pay(Source::Ability(i), &def.cost);
            cx.s.uses = cx.s.uses.saturating_sub(1);
            cx.s.stats.abilities_used += 1;
            cx.emit(Event::ActionTaken {
                source: Source::Ability(i),
                name: def.name.clone(),
            });
            let uses = cx.s.uses;
            cx.emit(Event::AbilityUsesLeft { uses });
            finish(cx, Source::Ability(i), &def.effects);
        }
        Action::SkillAction { skill, action } => {
            let Some(&k) = cx.s.skills.get(skill as usize) else {
                return;
            };
            let Some(def) = cx
                .db
                .skill(k)
                .and_then(|c| c.actions.get(action as usize))
                .cloned()
            else {
                return;
            };
            cx.pay(Source::Skill(k), &def.cost);
            if def.limit != super::cards::Limit::None {
                cx.s.spent_actions
                    .push((k, action, def.limit == super::cards::Limit::Once));
            }
            cx.note_skill(k);
            cx.emit(Event::ActionTaken {
                source: Source::Skill(k),
                name: def.name.clone(),
            });
            finish(cx, Source::Skill(k), &def.effects);
        }
        Action::MonsterAction(i) => {
            let Some(card) = cx.s.monster.as_ref().map(|m| m.card) else {
                return;
            };
            let Some(def) = cx
                .db
                .monster(card)
                .and_then(|m| m.actions.get(i as usize))
                .cloned()
            else {
                return;
            };
            cx.pay(Source::Monster(card), &def.cost);
            cx.emit(Event::ActionTaken {
                source: Source::Monster(card),
                name: def.name.clone(),
            });
            finish(cx, Source::Monster(card), &def.effects);
        }
        Action::Explore => cx.explore(),
        Action::Confront => {
            cx.then([Task::Confront]);
            cx.run();
        }
        Action::Resolve(i) => {
            if let Pending::Encounter { revealed, .. } = pending {
                cx.resolve(revealed, i as usize);
            }
        }
        Action::Rest(i) => {
            if let Pending::Encounter { revealed, .. } = pending {
                cx.rest(revealed, i as usize);
            }
        }
        Action::Trick => cx.trick(),
        Action::Fight => {
            cx.then([Task::StartBattle]);
            cx.run();
        }
        Action::Attack(i) => cx.attack(i),
        Action::Skip => cx.skip(),
        Action::Respond(i) => cx.respond(i as usize),
        Action::Pass => cx.pass(),
        Action::KeepRoll(i) => {
            if let Pending::ChooseRoll { .. } = pending {
                cx.keep_roll(i);
            }
        }
        Action::KeepSkill(i) => {
            if let Pending::ChooseSkill { cards } = pending {
                cx.keep_skill(cards, i as usize);
            }
        }
        Action::DiscardCondition(i) => {
            if let Pending::ChooseCondition { options } = pending {
                if let Some(&c) = options.get(i as usize) {
                    let next =
                        cx.s.conditions
                            .iter()
                            .find(|h| h.card == c)
                            .map(|h| h.next_level)
                            .unwrap_or(false);
                    cx.discard_condition(c, next);
                }
                cx.run();
            }
        }
        Action::ChooseUpgrade(i) => {
            if let Pending::ChooseUpgrade { options, replace } = pending {
                match options.get(i as usize) {
                    Some(&to) if *replace => {
                        let in_hand = super::view::weapon_id(cx.s);
                        cx.take_weapon(to, in_hand);
                    }
                    Some(&to) => cx.upgrade_to(to),
                    None => {}
                }
                cx.run();
            }
        }
        Action::Eat(n) => {
            if let Pending::Hunger { requirement } = pending {
                cx.eat(n, *requirement);
            }
        }
        Action::Undo => {}
    }
}
