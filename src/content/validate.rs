//! Resolves references and checks the box: counts, ranges, unique ids, dangling ids.

use super::super::cards::{
    ActionDef, Character, Effect, Encounter, Monster, Passive, Ref, Response, Skill, Test, Weapon,
    LAST_LEVEL,
};
use super::super::res::Bars;
use super::{CardDb, ContentError};
use std::collections::HashMap;

/// How many cards of each kind the box holds (encounters counted with their copies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// Character cards.
    pub characters: usize,
    /// Weapon sheets, Bare Hands included.
    pub weapons: usize,
    /// Monster sheets.
    pub monsters: usize,
    /// Encounter cards, each copy counted.
    pub encounters: usize,
    /// Skill cards.
    pub skills: usize,
    /// Condition cards.
    pub conditions: usize,
}

/// The counts of the retail box (RULINGS.md, "Box counts").
pub const BOX: Counts = Counts {
    characters: 4,
    weapons: 7,
    monsters: 24,
    encounters: 88,
    skills: 24,
    conditions: 10,
};

struct Ctx<'a> {
    file: &'a str,
    card: String,
    conditions: &'a HashMap<String, u16>,
}

impl Ctx<'_> {
    fn err(&self, field: &str, message: impl Into<String>) -> ContentError {
        ContentError {
            file: self.file.to_string(),
            card: self.card.clone(),
            field: field.to_string(),
            message: message.into(),
        }
    }

    fn cond(&self, r: &mut Ref, field: &str) -> Result<(), ContentError> {
        match self.conditions.get(&r.id) {
            Some(i) => {
                r.idx = *i;
                Ok(())
            }
            None => Err(self.err(field, format!("no condition has the id `{}`", r.id))),
        }
    }

    fn effects(&self, list: &mut [Effect], field: &str) -> Result<(), ContentError> {
        for (i, e) in list.iter_mut().enumerate() {
            let f = format!("{field}[{i}]");
            match e {
                Effect::Condition { id, when, .. } => {
                    self.cond(id, &f)?;
                    if let super::super::cards::When::Rounds(0) = when {
                        return Err(self.err(&f, "a condition for 0 rounds never takes hold"));
                    }
                }
                Effect::Tokens { id, n } => {
                    self.cond(id, &f)?;
                    if *n == 0 {
                        return Err(self.err(&f, "placing 0 tokens does nothing"));
                    }
                }
                Effect::If {
                    test,
                    then,
                    otherwise,
                } => {
                    if let Test::RollAtLeast(n) = test {
                        if !(1..=6).contains(n) {
                            return Err(self.err(&f, "a die roll test needs a number from 1 to 6"));
                        }
                    }
                    self.effects(then, &format!("{f}.then"))?;
                    self.effects(otherwise, &format!("{f}.otherwise"))?;
                }
                Effect::ModifyRoll(0)
                | Effect::AttackBonus(0)
                | Effect::RevealExtra(0)
                | Effect::BattleRollBonus(0) => {
                    return Err(self.err(&f, "a modifier of 0 does nothing"));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn responses(&self, list: &mut [Response], field: &str) -> Result<(), ContentError> {
        for (i, r) in list.iter_mut().enumerate() {
            if r.effects.is_empty() {
                return Err(self.err(
                    &format!("{field}[{i}].effects"),
                    "a response must do something",
                ));
            }
            self.effects(&mut r.effects, &format!("{field}[{i}].effects"))?;
        }
        Ok(())
    }

    fn actions(&self, list: &mut [ActionDef], field: &str) -> Result<(), ContentError> {
        for (i, a) in list.iter_mut().enumerate() {
            let f = format!("{field}[{i}]");
            if a.name.trim().is_empty() {
                return Err(self.err(&format!("{f}.name"), "an action needs a name"));
            }
            if a.effects.is_empty() {
                return Err(self.err(&format!("{f}.effects"), "an action must do something"));
            }
            self.effects(&mut a.effects, &format!("{f}.effects"))?;
        }
        Ok(())
    }

    fn passives(&self, list: &[Passive], field: &str) -> Result<(), ContentError> {
        for (i, p) in list.iter().enumerate() {
            if let Passive::IgnoreVerb(v) = p {
                if v.trim().is_empty() {
                    return Err(self.err(&format!("{field}[{i}]"), "names no combat action"));
                }
            }
        }
        Ok(())
    }
}

fn unique<'a>(
    file: &str,
    ids: impl Iterator<Item = &'a String>,
) -> Result<HashMap<String, u16>, ContentError> {
    let mut map = HashMap::new();
    for (i, id) in ids.enumerate() {
        if id.trim().is_empty() {
            return Err(ContentError {
                file: file.to_string(),
                card: format!("#{i}"),
                field: "id".to_string(),
                message: "every card needs an id".to_string(),
            });
        }
        if map.insert(id.clone(), i as u16).is_some() {
            return Err(ContentError {
                file: file.to_string(),
                card: id.clone(),
                field: "id".to_string(),
                message: "this id is used twice".to_string(),
            });
        }
    }
    Ok(map)
}

fn count_err(file: &str, what: &str, got: usize, want: usize) -> ContentError {
    ContentError {
        file: file.to_string(),
        card: String::new(),
        field: String::new(),
        message: format!("the box holds {want} {what}, this file has {got}"),
    }
}

/// Counts of a loaded database.
pub fn counts(db: &CardDb) -> Counts {
    Counts {
        characters: db.characters.len(),
        weapons: db.weapons.len(),
        monsters: db.monsters.len(),
        encounters: db.encounters.iter().map(|e| e.copies as usize).sum(),
        skills: db.skills.len(),
        conditions: db.conditions.len(),
    }
}

/// Resolves every reference of the box to an index and checks it, file by file in load order:
/// ids unique, the box's counts, then each file's cards. The first problem found comes back as
/// a [`ContentError`] naming the file, the card and the field.
pub fn resolve_and_check(db: &mut CardDb) -> Result<(), ContentError> {
    let conditions = unique("conditions.json", db.conditions.iter().map(|c| &c.id))?;
    let weapons = unique("weapons.json", db.weapons.iter().map(|w| &w.id))?;
    unique("characters.json", db.characters.iter().map(|c| &c.id))?;
    unique("monsters.json", db.monsters.iter().map(|m| &m.id))?;
    unique("encounters.json", db.encounters.iter().map(|e| &e.id))?;
    unique("skills.json", db.skills.iter().map(|s| &s.id))?;
    check_counts(&counts(db))?;

    let mut ctx = Ctx {
        file: "rules.json",
        card: String::new(),
        conditions: &conditions,
    };
    ctx.params(db, &weapons)?;
    ctx.file = "characters.json";
    for ch in &mut db.characters {
        ctx.character(ch)?;
    }
    ctx.file = "weapons.json";
    for w in &mut db.weapons {
        ctx.weapon(w, &weapons)?;
    }
    ctx.file = "monsters.json";
    let mut seen = HashMap::new();
    for m in &mut db.monsters {
        ctx.monster(m, &db.params.bars, &mut seen)?;
    }
    ctx.file = "encounters.json";
    for e in &mut db.encounters {
        ctx.encounter(e)?;
    }
    ctx.file = "skills.json";
    for s in &mut db.skills {
        ctx.skill(s)?;
    }
    ctx.file = "conditions.json";
    for cnd in &mut db.conditions {
        ctx.card = cnd.id.clone();
        ctx.passives(&cnd.passives, "passives")?;
        ctx.responses(&mut cnd.responses, "responses")?;
    }
    Ok(())
}

/// Each file holds as many cards as the retail box ([`BOX`]).
fn check_counts(c: &Counts) -> Result<(), ContentError> {
    let checks = [
        (
            "characters.json",
            "characters",
            c.characters,
            BOX.characters,
        ),
        ("weapons.json", "weapons", c.weapons, BOX.weapons),
        ("monsters.json", "monsters", c.monsters, BOX.monsters),
        (
            "encounters.json",
            "encounter cards",
            c.encounters,
            BOX.encounters,
        ),
        ("skills.json", "skills", c.skills, BOX.skills),
        (
            "conditions.json",
            "conditions",
            c.conditions,
            BOX.conditions,
        ),
    ];
    for (file, what, got, want) in checks {
        if got != want {
            return Err(count_err(file, what, got, want));
        }
    }
    Ok(())
}

/// The checks of one card each, run with `file` set by [`resolve_and_check`].
impl Ctx<'_> {
    /// `rules.json`: the starting weapon resolved (and copied to [`CardDb::start_weapon`]), the
    /// Time per level within its track, every bar with room, cards to reveal, rising ranks, and
    /// the general actions.
    fn params(
        &mut self,
        db: &mut CardDb,
        weapons: &HashMap<String, u16>,
    ) -> Result<(), ContentError> {
        let p = &mut db.params;
        match weapons.get(&p.start_weapon.id) {
            Some(i) => p.start_weapon.idx = *i,
            None => {
                return Err(self.err(
                    "start_weapon",
                    format!("no weapon has the id `{}`", p.start_weapon.id),
                ))
            }
        }
        db.start_weapon = p.start_weapon.idx;
        if p.time_per_level.iter().any(|t| *t == 0 || *t > p.bars.time) {
            return Err(self.err(
                "time_per_level",
                "each level starts with 1 to the Time track's maximum",
            ));
        }
        if p.bars.small == 0 || p.bars.resource == 0 || p.bars.armor == 0 || p.bars.health == 0 {
            return Err(self.err("bars", "every bar needs room"));
        }
        if p.explore_cards == 0 || p.skill_cards == 0 {
            return Err(self.err("explore_cards", "at least one card must be revealed"));
        }
        if p.ranks.first().map(|r| r.min) != Some(0) {
            return Err(self.err("ranks", "the first rank must start at 0"));
        }
        if p.ranks.windows(2).any(|w| w[0].min >= w[1].min) {
            return Err(self.err("ranks", "ranks must rise"));
        }
        self.actions(&mut p.general_actions, "general_actions")
    }

    /// A character: three abilities (p. 16), each either an action or a response.
    fn character(&mut self, ch: &mut Character) -> Result<(), ContentError> {
        self.card = ch.id.clone();
        for (i, a) in ch.abilities.iter_mut().enumerate() {
            let f = format!("abilities[{i}]");
            match (&mut a.action, &mut a.response) {
                (Some(act), None) => self.actions(std::slice::from_mut(act), &f)?,
                (None, Some(r)) => self.responses(std::slice::from_mut(r), &f)?,
                _ => return Err(self.err(&f, "an ability is either an action or a response")),
            }
        }
        if ch.abilities.len() != 3 {
            return Err(self.err("abilities", "a character has 3 abilities"));
        }
        Ok(())
    }

    /// A weapon sheet: at least one attack, and every upgrade path resolved (p. 15).
    fn weapon(
        &mut self,
        w: &mut Weapon,
        weapons: &HashMap<String, u16>,
    ) -> Result<(), ContentError> {
        self.card = w.id.clone();
        if w.attacks.is_empty() {
            return Err(self.err("attacks", "a weapon needs at least one attack"));
        }
        for (i, u) in w.upgrades.iter_mut().enumerate() {
            match weapons.get(&u.to.id) {
                Some(t) => u.to.idx = *t,
                None => {
                    return Err(self.err(
                        &format!("upgrades[{i}].to"),
                        format!("no weapon has the id `{}`", u.to.id),
                    ))
                }
            }
        }
        self.passives(&w.passives, "passives")
    }

    /// A monster sheet (p. 13): its level and number unique, its trackers within the bars, no
    /// trickery at Level IV, and every effect, passive, response, action and table row.
    fn monster(
        &mut self,
        m: &mut Monster,
        bars: &Bars,
        seen: &mut HashMap<(u8, u8), String>,
    ) -> Result<(), ContentError> {
        self.card = m.id.clone();
        if !(1..=4).contains(&m.level) {
            return Err(self.err("level", "levels run from 1 to 4"));
        }
        if !(1..=6).contains(&m.number) {
            return Err(self.err("number", "monster numbers run from 1 to 6"));
        }
        if let Some(other) = seen.insert((m.level, m.number), m.id.clone()) {
            return Err(self.err("number", format!("`{other}` has the same level and number")));
        }
        if m.armor > bars.armor {
            return Err(self.err("armor", "past the Armor track"));
        }
        if m.health == 0 || m.health > bars.health {
            return Err(self.err("health", "Health must be 1 to the Health track's maximum"));
        }
        // Trickery escapes a level (p. 25); only defeating the Level IV monster wins (p. 5,
        // pp. 33–34), so the last monster has no trickery cost.
        if m.level >= LAST_LEVEL && (m.trickery.is_some() || !m.trickery_price.is_empty()) {
            return Err(self.err(
                "trickery",
                "a Level IV monster cannot be tricked (only defeating it wins): remove its trickery cost",
            ));
        }
        self.effects(&mut m.ambush, "ambush")?;
        self.effects(&mut m.trickery_price, "trickery_price")?;
        self.effects(&mut m.reward_effects, "reward_effects")?;
        self.passives(&m.passives, "passives")?;
        self.responses(&mut m.responses, "responses")?;
        self.actions(&mut m.actions, "actions")?;
        for (i, row) in m.table.iter_mut().enumerate() {
            if row.verb.trim().is_empty() {
                return Err(self.err(&format!("table[{i}].verb"), "every row needs a verb"));
            }
            self.effects(&mut row.effects, &format!("table[{i}].effects"))?;
            self.effects(&mut row.alt, &format!("table[{i}].alt"))?;
        }
        Ok(())
    }

    /// An encounter card (p. 22): a Time value of 1–5, at least one copy, no Time in its spend
    /// field (Time is paid by the time value, p. 23).
    fn encounter(&mut self, e: &mut Encounter) -> Result<(), ContentError> {
        self.card = e.id.clone();
        if !(1..=5).contains(&e.time) {
            return Err(self.err("time", "a time value runs from 1 to 5"));
        }
        if e.copies == 0 {
            return Err(self.err("copies", "at least one copy"));
        }
        if e.spend.time > 0 {
            return Err(self.err(
                "spend",
                "time is paid by the time value, not the spend field",
            ));
        }
        self.effects(&mut e.gain, "gain")
    }

    /// A skill card (p. 14): its passives, responses and actions, at least one of them.
    fn skill(&mut self, s: &mut Skill) -> Result<(), ContentError> {
        self.card = s.id.clone();
        self.passives(&s.passives, "passives")?;
        self.responses(&mut s.responses, "responses")?;
        self.actions(&mut s.actions, "actions")?;
        if s.passives.is_empty() && s.responses.is_empty() && s.actions.is_empty() {
            return Err(self.err("", "a skill must do something"));
        }
        Ok(())
    }
}
