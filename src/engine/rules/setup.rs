//! Setup (p. 8, p. 18): the position a new game starts from (decks shuffled by the seed, starting
//! Effort by difficulty, Level I's Time), the Easy bonus and skill draw, and the start of each
//! level's Travel Phase.

use crate::content::cards::Trigger;
use crate::content::res::{Bundle, Res, Stock};
use crate::content::CardDb;
use crate::engine::error::SetupError;
use crate::engine::event::{Event, RollFor, Source};
use crate::engine::flow::Task;
use crate::engine::pending::Pending;
use crate::engine::rng::{shuffle, Rngs};
use crate::engine::runner::Ctx;
use crate::engine::state::{Combat, Difficulty, Setup, State, Stats, Step};

/// Both decks, shuffled by their own streams of the seed (p. 8).
fn decks(db: &CardDb, rng: &mut Rngs) -> (Vec<u16>, Vec<u16>) {
    let mut encounter_deck: Vec<u16> = db
        .encounters
        .iter()
        .enumerate()
        .flat_map(|(i, e)| std::iter::repeat_n(i as u16, e.copies as usize))
        .collect();
    shuffle(&mut rng.encounter, &mut encounter_deck);
    let mut skill_deck: Vec<u16> = (0..db.skills.len() as u16).collect();
    shuffle(&mut rng.skill, &mut skill_deck);
    (encounter_deck, skill_deck)
}

/// The position before the first task: the chosen character and side, Small Effort by
/// difficulty (p. 18), Level I's Time, the starting weapon, decks shuffled; dice from `script`
/// first (tests, scenarios).
pub(crate) fn new_state(setup: &Setup, db: &CardDb, script: &[u8]) -> Result<State, SetupError> {
    let character = db
        .character_index(&setup.character)
        .ok_or_else(|| SetupError::NoSuchCharacter(setup.character.clone()))?;
    if setup.side > 1 {
        return Err(SetupError::NoSuchSide(setup.side));
    }
    let p = &db.params;
    let mut rng = Rngs::new(setup.seed);
    rng.script.extend(script.iter().copied());
    let (encounter_deck, skill_deck) = decks(db, &mut rng);
    let small = match (setup.difficulty, setup.easy_toggle) {
        (Difficulty::Easy, true) => p.start_effort.easy_toggle,
        (Difficulty::Easy, false) => p.start_effort.easy,
        (Difficulty::Normal, _) => p.start_effort.normal,
        (Difficulty::Hard, _) => p.start_effort.hard,
    };
    let time = p.time_per_level[0] as i8;
    Ok(State {
        setup: setup.clone().into(),
        character,
        level: 1,
        step: Step::Preparation,
        stock: Stock(Bundle::of(Res::Small, small.min(p.bars.small))),
        time,
        time_removed: false,
        uses: 1,
        weapons: vec![db.start_weapon].into(),
        skills: Default::default(),
        spent_actions: Vec::new(),
        conditions: Vec::new(),
        encounter_deck: encounter_deck.into(),
        encounter_discard: Default::default(),
        skill_deck: skill_deck.into(),
        skill_discard: Default::default(),
        monster: None,
        monsters_faced: Default::default(),
        explore_bonus: 0,
        reveal_extra: 0,
        committed: false,
        ambushed: false,
        combat: Combat::default(),
        pending: Pending::Prepare,
        tasks: Vec::new(),
        legacy_windows: false,
        rng,
        stats: Stats {
            lowest_time: time,
            level_reached: 1,
            ..Stats::default()
        },
    })
}

/// Starts the game from [`new_state`]'s position: on Easy the bonus resource and a skill
/// (p. 18), then Level I. Returns what happened, the start first.
pub(crate) fn begin(s: &mut State, db: &CardDb) -> Vec<Event> {
    let mut events = vec![Event::GameStarted {
        character: s.character,
        side: s.setup.side,
    }];
    let easy = s.setup.difficulty == Difficulty::Easy;
    let mut cx = Ctx::new(s, db, &mut events);
    let mut flow = Vec::new();
    if easy {
        flow.push(Task::EasyBonus);
        flow.push(Task::Window {
            trigger: Trigger::SkillDraw,
            options: None,
        });
        flow.push(Task::DrawSkills);
    }
    flow.push(Task::LevelStart);
    cx.then(flow);
    cx.run();
    events
}

impl Ctx<'_> {
    /// Easy: one extra starting resource by the die (p. 18).
    pub fn easy_bonus(&mut self) {
        let v = self.roll(RollFor::EasyBonus);
        let b = self.db.params.easy_bonus[(v.clamp(1, 6) - 1) as usize];
        self.gain(Source::Rules, &b);
    }

    /// The start of a level's Travel Phase.
    pub fn level_start(&mut self) {
        self.s.step = Step::Preparation;
        self.s.stats.level_reached = self.s.stats.level_reached.max(self.s.level);
        if self.s.time < self.s.stats.lowest_time {
            self.s.stats.lowest_time = self.s.time;
        }
        self.emit(Event::LevelStarted {
            level: self.s.level,
            time: self.s.time,
        });
        self.then([
            Task::Window {
                trigger: Trigger::LevelStart,
                options: None,
            },
            Task::ToPrepare,
        ]);
    }
}
