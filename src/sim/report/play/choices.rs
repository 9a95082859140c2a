//! What the player chose, read from the engine's events in one place: the weapon each battle
//! was fought with, ambushes and their outcome, encounters shown, kept and resolved, skills
//! offered, kept and used, ability uses and conditions gained. One [`Tally`] per game; a batch's
//! tallies merge into the [`Choices`] that `simulate` prints and the balance report measures.

use crate::content::CardDb;
use crate::engine::{derived, Event, Source, State};
use serde::Serialize;
use std::collections::BTreeMap;

/// One game's choices, counted as its events arrive.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// The character (card index).
    pub character: u16,
    level: u8,
    weapon: u16,
    /// Time ran out at this level (an ambush, with or without an effect).
    ambushed: bool,
    /// The battle on: (level, ambushed).
    battle: Option<(u8, bool)>,
    /// Battles fought, `[level − 1][ambushed]`: `[fought, won]`.
    pub battles: [[[u32; 2]; 2]; 4],
    /// Battles fought per (level, weapon in hand when it started).
    pub weapon_battles: BTreeMap<(u8, u16), u32>,
    /// Per encounter card: [shown, kept (resolved, forfeited or rested on), resolved].
    pub encounters: BTreeMap<u16, [u32; 3]>,
    /// Cards rested on.
    pub rests: u32,
    /// Per skill card: [offered, kept, used (action taken or response used)].
    pub skills: BTreeMap<u16, [u32; 3]>,
    /// Uses of each of the character's abilities, by index.
    pub abilities: BTreeMap<u8, u32>,
    /// Conditions gained, by card.
    pub conditions: BTreeMap<u16, u32>,
    /// General actions taken (Focus, Inspiration …), by index.
    pub general: BTreeMap<u8, u32>,
    /// Per encounter card: [shown in a two-card draw, kept from it].
    pub pairs: BTreeMap<u16, [u32; 2]>,
    /// Large Effort paid, by what it paid for: [weapon attacks, encounter cards, anything
    /// else] (the Inspiration goal's "Large Effort has another use").
    pub large_paid: [u32; 3],
    /// The cards of the last draw.
    revealed: Vec<u16>,
}

impl Tally {
    /// A tally for the game starting in `s`.
    pub fn new(s: &State) -> Tally {
        Tally {
            character: s.character,
            level: s.level,
            weapon: derived::weapon_id(s),
            ..Tally::default()
        }
    }

    /// Counts what the events of one move say.
    pub fn observe(&mut self, events: &[Event]) {
        for e in events {
            self.event(e);
        }
    }

    fn event(&mut self, e: &Event) {
        let lvl = (self.level.clamp(1, 4) - 1) as usize;
        match e {
            Event::LevelStarted { level, .. } => {
                self.level = *level;
                self.ambushed = false;
                self.battle = None;
            }
            Event::WeaponUpgraded { to, .. } | Event::WeaponDowngraded { to, .. } => {
                self.weapon = *to
            }
            Event::WeaponRestored { weapon } => self.weapon = *weapon,
            Event::Ambushed { .. } | Event::NoAmbushEffect { .. } => self.ambushed = true,
            Event::BattleStarted { .. } => {
                self.battles[lvl][self.ambushed as usize][0] += 1;
                *self
                    .weapon_battles
                    .entry((self.level, self.weapon))
                    .or_default() += 1;
                self.battle = Some((self.level, self.ambushed));
            }
            Event::MonsterDefeated { .. } => {
                if let Some((l, a)) = self.battle.take() {
                    self.battles[(l.clamp(1, 4) - 1) as usize][a as usize][1] += 1;
                }
            }
            Event::EncountersRevealed { cards } => {
                for c in cards {
                    self.encounters.entry(*c).or_default()[0] += 1;
                    if cards.len() == 2 {
                        self.pairs.entry(*c).or_default()[0] += 1;
                    }
                }
                self.revealed = cards.clone();
            }
            Event::EncounterResolved { card } => {
                self.kept(*card);
                self.encounters.entry(*card).or_default()[2] += 1;
            }
            Event::EncounterForfeited { card } => self.kept(*card),
            Event::Rested { card } => {
                self.kept(*card);
                self.rests += 1;
            }
            Event::SkillsRevealed { cards } => {
                for c in cards {
                    self.skills.entry(*c).or_default()[0] += 1;
                }
            }
            Event::SkillKept { card } => self.skills.entry(*card).or_default()[1] += 1,
            Event::ActionTaken { source, .. } | Event::ResponseUsed { source, .. } => {
                match source {
                    Source::Skill(c) => self.skills.entry(*c).or_default()[2] += 1,
                    Source::Ability(i) => *self.abilities.entry(*i).or_default() += 1,
                    Source::General(i) if matches!(e, Event::ActionTaken { .. }) => {
                        *self.general.entry(*i).or_default() += 1
                    }
                    _ => {}
                }
            }
            Event::ConditionGained { condition, .. } => {
                *self.conditions.entry(*condition).or_default() += 1
            }
            Event::Paid { source, paid } if paid.large > 0 => {
                let kind = match source {
                    Source::Weapon(_) => 0,
                    Source::Encounter(_) => 1,
                    _ => 2,
                };
                self.large_paid[kind] += paid.large as u32;
            }
            _ => {}
        }
    }
}

impl Tally {
    /// An encounter card kept (resolved, forfeited or rested on) from the last draw.
    fn kept(&mut self, card: u16) {
        self.encounters.entry(card).or_default()[1] += 1;
        if self.revealed.len() == 2 {
            self.pairs.entry(card).or_default()[1] += 1;
        }
        self.revealed.clear();
    }
}

/// Shown, kept and resolved: one encounter card over a batch.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EncounterCount {
    pub shown: u64,
    pub kept: u64,
    pub resolved: u64,
}

/// Offered, kept and used: one skill card over a batch.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SkillCount {
    pub offered: u64,
    pub kept: u64,
    pub used: u64,
}

/// A batch's choices, as `simulate` prints them (every card of the box is listed).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Choices {
    /// Per level ("1" … "4"): the share of that level's battles fought with each weapon.
    pub weapon_at_battle: BTreeMap<String, BTreeMap<String, f64>>,
    /// Per level: the share of battles that began with an ambush (Time ran out).
    pub ambushed_share: [f64; 4],
    /// Per level: the share of ambushed battles won.
    pub ambushed_win_rate: [f64; 4],
    /// Per level: the share of the other battles won.
    pub other_win_rate: [f64; 4],
    /// Rests among the encounter cards kept.
    pub rest_share: f64,
    pub encounters: BTreeMap<String, EncounterCount>,
    pub skills: BTreeMap<String, SkillCount>,
    /// Uses per game of each ability, over the games of its character.
    pub abilities: BTreeMap<String, f64>,
    /// Gains per game of each condition.
    pub conditions: BTreeMap<String, f64>,
    /// Per encounter card: the share (%) of the two-card draws showing it that kept it (for the
    /// report; not printed).
    #[serde(skip)]
    pub pair_take: BTreeMap<String, f64>,
    /// Uses per game of each general action, by index (the lab prints them; the Inspiration goal reads them).
    #[serde(skip)]
    pub general_per_game: Vec<f64>,
    /// Large Effort paid per game: [for weapon attacks, for encounter cards, for anything else]
    /// (the lab prints it; the Inspiration goal reads it).
    #[serde(skip)]
    pub large_paid_per_game: [f64; 3],
}

fn share(n: u64, d: u64) -> f64 {
    if d == 0 {
        0.0
    } else {
        n as f64 / d as f64
    }
}

/// An ability's name as an id: lower case, words joined by `_`, apostrophes dropped ("I've Seen
/// Worse" → `ive_seen_worse`).
pub fn ability_id(name: &str) -> String {
    let mut id = String::new();
    let name: String = name.chars().filter(|c| !matches!(c, '\'' | '’')).collect();
    for w in name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !id.is_empty() {
            id.push('_');
        }
        id.push_str(&w.to_lowercase());
    }
    id
}

/// A character's abilities with their uses per game in `uses` (keyed by [`ability_id`]): the
/// lab's abilities line and the goal "no ability takes most of its character's uses" read this.
pub fn character_ability_uses(
    ch: &crate::engine::cards::Character,
    uses: &std::collections::BTreeMap<String, f64>,
) -> Vec<(String, f64)> {
    ch.abilities
        .iter()
        .map(|a| {
            let id = ability_id(&a.name);
            let u = uses.get(&id).copied().unwrap_or(0.0);
            (id, u)
        })
        .collect()
}

/// A batch's choices counted game by game: what [`Choices::from_tallies`] adds up, kept as it
/// grows so a large batch folds each game's [`Tally`] in as the game ends instead of keeping
/// them all (20,000 random-bot games kept about 19 MB of tallies for a one-line summary).
#[derive(Clone, Debug)]
pub struct ChoiceCounts {
    battles: [[[u64; 2]; 2]; 4],
    weapons: Vec<[u64; 4]>,
    enc: Vec<[u64; 3]>,
    skills: Vec<[u64; 3]>,
    conditions: Vec<u64>,
    abilities: Vec<Vec<u64>>,
    games_of: Vec<u64>,
    pairs: Vec<[u64; 2]>,
    general: Vec<u64>,
    large: [u64; 3],
    games: u64,
    rests: u64,
}

impl ChoiceCounts {
    /// Nothing counted yet, sized for the box.
    pub fn new(db: &CardDb) -> ChoiceCounts {
        ChoiceCounts {
            battles: [[[0u64; 2]; 2]; 4],
            weapons: vec![[0u64; 4]; db.weapons.len()],
            enc: vec![[0u64; 3]; db.encounters.len()],
            skills: vec![[0u64; 3]; db.skills.len()],
            conditions: vec![0u64; db.conditions.len()],
            abilities: db
                .characters
                .iter()
                .map(|c| vec![0; c.abilities.len()])
                .collect(),
            games_of: vec![0u64; db.characters.len()],
            pairs: vec![[0u64; 2]; db.encounters.len()],
            general: vec![0u64; db.params.general_actions.len()],
            large: [0; 3],
            games: 0,
            rests: 0,
        }
    }

    /// Adds one game's tally.
    pub fn add(&mut self, t: &Tally) {
        let ChoiceCounts {
            battles,
            weapons,
            enc,
            skills,
            conditions,
            abilities,
            games_of,
            pairs,
            general,
            large,
            games,
            rests,
        } = self;
        *games += 1;
        for (to, n) in large.iter_mut().zip(t.large_paid) {
            *to += n as u64;
        }
        *rests += t.rests as u64;
        if let Some(n) = games_of.get_mut(t.character as usize) {
            *n += 1;
        }
        for (l, by) in t.battles.iter().enumerate() {
            for (a, fw) in by.iter().enumerate() {
                battles[l][a][0] += fw[0] as u64;
                battles[l][a][1] += fw[1] as u64;
            }
        }
        for ((l, w), n) in &t.weapon_battles {
            if let Some(row) = weapons.get_mut(*w as usize) {
                row[(l.clamp(&1, &4) - 1) as usize] += *n as u64;
            }
        }
        let add3 = |to: &mut Vec<[u64; 3]>, from: &BTreeMap<u16, [u32; 3]>| {
            for (c, n) in from {
                if let Some(x) = to.get_mut(*c as usize) {
                    for k in 0..3 {
                        x[k] += n[k] as u64;
                    }
                }
            }
        };
        add3(enc, &t.encounters);
        for (c, n) in &t.pairs {
            if let Some(x) = pairs.get_mut(*c as usize) {
                x[0] += n[0] as u64;
                x[1] += n[1] as u64;
            }
        }
        for (i, n) in &t.general {
            if let Some(x) = general.get_mut(*i as usize) {
                *x += *n as u64;
            }
        }
        add3(skills, &t.skills);
        for (c, n) in &t.conditions {
            if let Some(x) = conditions.get_mut(*c as usize) {
                *x += *n as u64;
            }
        }
        if let Some(row) = abilities.get_mut(t.character as usize) {
            for (i, n) in &t.abilities {
                if let Some(x) = row.get_mut(*i as usize) {
                    *x += *n as u64;
                }
            }
        }
    }

    /// The shares and counts `simulate` prints.
    pub fn finish(self, db: &CardDb) -> Choices {
        let ChoiceCounts {
            battles,
            weapons,
            enc,
            skills,
            conditions,
            abilities,
            games_of,
            pairs,
            general,
            large,
            games,
            rests,
        } = self;
        let mut out = Choices {
            large_paid_per_game: large.map(|n| share(n, games)),
            ..Choices::default()
        };
        for l in 0..4 {
            let fought: u64 = weapons.iter().map(|w| w[l]).sum();
            let level = db
                .weapons
                .iter()
                .zip(&weapons)
                .map(|(w, n)| (w.id.clone(), share(n[l], fought)))
                .collect();
            out.weapon_at_battle.insert((l + 1).to_string(), level);
            let [other, amb] = battles[l];
            out.ambushed_share[l] = share(amb[0], amb[0] + other[0]);
            out.ambushed_win_rate[l] = share(amb[1], amb[0]);
            out.other_win_rate[l] = share(other[1], other[0]);
        }
        let kept: u64 = enc.iter().map(|n| n[1]).sum();
        out.rest_share = share(rests, kept);
        for (card, n) in db.encounters.iter().zip(&enc) {
            out.encounters.insert(
                card.id.clone(),
                EncounterCount {
                    shown: n[0],
                    kept: n[1],
                    resolved: n[2],
                },
            );
        }
        for (card, n) in db.encounters.iter().zip(&pairs) {
            if n[0] > 0 {
                out.pair_take
                    .insert(card.id.clone(), 100.0 * share(n[1], n[0]));
            }
        }
        out.general_per_game = general.iter().map(|n| share(*n, games)).collect();
        for (card, n) in db.skills.iter().zip(&skills) {
            out.skills.insert(
                card.id.clone(),
                SkillCount {
                    offered: n[0],
                    kept: n[1],
                    used: n[2],
                },
            );
        }
        for (card, n) in db.conditions.iter().zip(&conditions) {
            out.conditions.insert(card.id.clone(), share(*n, games));
        }
        for ((ch, uses), g) in db.characters.iter().zip(&abilities).zip(&games_of) {
            for (a, n) in ch.abilities.iter().zip(uses) {
                out.abilities.insert(ability_id(&a.name), share(*n, *g));
            }
        }
        out
    }
}

impl Choices {
    /// Merges one batch's tallies.
    pub fn from_tallies<'a>(db: &CardDb, tallies: impl IntoIterator<Item = &'a Tally>) -> Choices {
        let mut counts = ChoiceCounts::new(db);
        for t in tallies {
            counts.add(t);
        }
        counts.finish(db)
    }
}
