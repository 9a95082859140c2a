//! Response windows (p. 12): when a trigger happens, every matching response is offered.
//! Monster and condition responses are mandatory, character and skill responses optional; each
//! fires at most once per trigger; the player orders them. Mandatory responses with nothing
//! optional beside them resolve by themselves, in the printed order, unless their order changes
//! the outcome; then the player orders them. On the monster's combat roll, a response that only
//! moves or re-rolls it is not offered while the roll points at a row that does nothing to the
//! player (a MISS: every other row harms). An optional response that can change
//! nothing is shown after the others and refused by `check` (see [`crate::engine::useful`]); a window
//! with nothing that can change anything does not open.

use super::{each, not_now};
use crate::content::cards::{Effect, Passive, Response, Trigger};
use crate::content::CardDb;
use crate::engine::action::Action;
use crate::engine::derived;
use crate::engine::error::RuleError;
use crate::engine::event::{Event, Source};
use crate::engine::flow::Task;
use crate::engine::pending::{Pending, ResponseOption};
use crate::engine::runner::Ctx;
use crate::engine::state::State;

/// The response an option points at.
pub fn response<'d>(db: &'d CardDb, s: &State, o: &ResponseOption) -> Option<&'d Response> {
    let i = o.index as usize;
    match o.source {
        Source::Monster(m) => db.monster(m)?.responses.get(i),
        Source::Condition(c) => db.condition(c)?.responses.get(i),
        Source::Ability(a) => db
            .character(s.character)?
            .abilities
            .get(a as usize)?
            .response
            .as_ref(),
        Source::Skill(k) => db.skill(k)?.responses.get(i),
        _ => None,
    }
}

fn grants_extra(r: &Response) -> bool {
    r.effects
        .iter()
        .any(|e| matches!(e, Effect::ExtraAttack | Effect::ExtraTurn))
}

/// Whether a response would do anything now (an optional one that cannot help is not offered):
/// a bypass needs a condition's roll in the same window to skip; every other effect is put to
/// the one test of [`crate::engine::useful`] (Dodge on a 1, a loss already down to 1 ...).
fn useful(
    db: &CardDb,
    s: &State,
    source: Source,
    r: &Response,
    has_condition_option: bool,
) -> bool {
    // A bypass played on a copy changes no position (only the window it empties), so the other
    // effects are tested with it, as printed, without a copy of the list.
    let bypass = r.effects.iter().any(|e| matches!(e, Effect::Bypass));
    if r.trigger == Trigger::MonsterRoll
        && !s.legacy_windows
        && only_moves_the_roll(r)
        && derived::row_is_harmless(s, db)
    {
        // The roll points at a row that does nothing to the player (a MISS): moving or
        // re-rolling it can only make it worse (no row of a table helps the player, p. 28).
        return false;
    }
    (bypass && has_condition_option)
        || crate::engine::useful::changes_something(s, db, source, &r.effects)
}

/// Whether a response does nothing but move or re-roll this combat roll (Dodge, I've Seen
/// Worse; p. 16, p. 28).
fn only_moves_the_roll(r: &Response) -> bool {
    r.effects
        .iter()
        .all(|e| matches!(e, Effect::ModifyRoll(_) | Effect::Reroll))
}

/// Orders of mandatory responses tried at most (n!: a guard; no window comes near it).
const MAX_ORDERED: usize = 4;

/// Whether the order in which these mandatory responses are used can change the outcome
/// (p. 12: "the player chooses the order"). Every order is played on a copy of the position,
/// through the same executor as play, and the copies compared as the player sees them
/// ([`crate::engine::useful`]). An order that rolls a die, reveals a card, asks the player
/// something or ends the game counts as mattering: the player is asked.
fn order_matters(cx: &Ctx, trigger: Trigger, options: &[ResponseOption]) -> bool {
    if options.len() < 2 {
        return false;
    }
    if options.len() > MAX_ORDERED {
        return true;
    }
    let mut first: Option<State> = None;
    let mut matters = false;
    let mut idx: Vec<usize> = (0..options.len()).collect();
    derived::each_order(&mut idx, 0, &mut |order| {
        if matters {
            return;
        }
        let mut copy = cx.s.copy();
        copy.tasks.clear();
        let mut ev = Vec::new();
        let mut c = Ctx::new(&mut copy, cx.db, &mut ev);
        for i in order {
            c.use_response(trigger, options[*i].clone(), Vec::new());
            c.run();
            if c.paused || c.over() {
                matters = true;
                return;
            }
        }
        if ev.iter().any(Event::is_random) {
            matters = true;
            return;
        }
        match &first {
            None => first = Some(copy),
            Some(f) => matters = !crate::engine::useful::same_for_player(&copy, f, cx.db),
        }
    });
    matters
}

/// Every response this trigger offers now, in a fixed order: monster, conditions, character,
/// skills.
pub fn candidates(db: &CardDb, s: &State, trigger: Trigger) -> Vec<ResponseOption> {
    let mut raw: Vec<(ResponseOption, &Response)> = Vec::new();
    let matches = |r: &Response| {
        r.trigger == trigger
            && r.verb
                .as_ref()
                .is_none_or(|v| v.eq_ignore_ascii_case(&s.combat.verb))
    };
    threat_responses(db, s, &matches, &mut raw);
    player_responses(db, s, &matches, &mut raw);
    let has_cond = raw
        .iter()
        .any(|(o, _)| matches!(o.source, Source::Condition(_)));
    let kept = raw.into_iter().filter(|(o, r)| {
        derived::can_pay(s, &r.cost)
            && !(grants_extra(r) && s.combat.extra_sources.contains(&o.source))
    });
    sort_useful(
        kept.map(|(mut o, r)| {
            o.changes_nothing = !o.mandatory && !useful(db, s, o.source, r, has_cond);
            o
        })
        .collect(),
    )
}

/// The monster's and the active conditions' matching responses: mandatory unless printed
/// optional.
fn threat_responses<'d>(
    db: &'d CardDb,
    s: &State,
    matches: &impl Fn(&Response) -> bool,
    raw: &mut Vec<(ResponseOption, &'d Response)>,
) {
    if let Some(ms) = &s.monster {
        if let Some(m) = db.monster(ms.card) {
            for (i, r) in m.responses.iter().enumerate().filter(|(_, r)| matches(r)) {
                let o = ResponseOption {
                    source: Source::Monster(ms.card),
                    index: i as u8,
                    mandatory: !r.optional.unwrap_or(false),
                    changes_nothing: false,
                };
                raw.push((o, r));
            }
        }
    }
    for h in s.conditions.iter().filter(|c| c.active()) {
        if let Some(c) = db.condition(h.card) {
            for (i, r) in c.responses.iter().enumerate().filter(|(_, r)| matches(r)) {
                let o = ResponseOption {
                    source: Source::Condition(h.card),
                    index: i as u8,
                    mandatory: !r.optional.unwrap_or(false),
                    changes_nothing: false,
                };
                raw.push((o, r));
            }
        }
    }
}

/// The character's abilities (while a use is left and no condition blocks them) and the skills'
/// matching responses: optional unless printed mandatory.
fn player_responses<'d>(
    db: &'d CardDb,
    s: &State,
    matches: &impl Fn(&Response) -> bool,
    raw: &mut Vec<(ResponseOption, &'d Response)>,
) {
    let abilities_ok = s.uses > 0 && !derived::has_passive(s, db, &Passive::NoAbilities);
    if abilities_ok {
        if let Some(ch) = db.character(s.character) {
            for (i, a) in ch.abilities.iter().enumerate() {
                if let Some(r) = a.response.as_ref().filter(|r| matches(r)) {
                    let o = ResponseOption {
                        source: Source::Ability(i as u8),
                        index: 0,
                        mandatory: r.optional == Some(false),
                        changes_nothing: false,
                    };
                    raw.push((o, r));
                }
            }
        }
    }
    for k in &s.skills {
        if let Some(card) = db.skill(*k) {
            for (i, r) in card
                .responses
                .iter()
                .enumerate()
                .filter(|(_, r)| matches(r))
            {
                let o = ResponseOption {
                    source: Source::Skill(*k),
                    index: i as u8,
                    mandatory: r.optional == Some(false),
                    changes_nothing: false,
                };
                raw.push((o, r));
            }
        }
    }
}

/// The options that can change something first, in their fixed order, then those that cannot
/// (flagged, so `check` refuses them with their reason): the indices of the useful ones are
/// those of a window that never showed the others, so saved games replay as they were played.
fn sort_useful(options: Vec<ResponseOption>) -> Vec<ResponseOption> {
    let (mut useful, idle): (Vec<_>, Vec<_>) =
        options.into_iter().partition(|o| !o.changes_nothing);
    useful.extend(idle);
    useful
}

/// Checks Respond and Pass: an option that can change nothing is refused, and a window with a
/// mandatory response left cannot be passed.
pub(crate) fn check(s: &State, db: &CardDb, a: &Action) -> Result<(), RuleError> {
    let p = &s.pending;
    let Pending::Respond { options, .. } = p else {
        return Err(not_now(p));
    };
    match a {
        Action::Respond(i) => {
            let o = options.get(*i as usize).ok_or(RuleError::NoSuchChoice)?;
            if o.changes_nothing {
                Err(RuleError::ChangesNothing {
                    name: crate::engine::words::source_name(db, s, o.source),
                })
            } else {
                Ok(())
            }
        }
        Action::Pass if options.iter().any(|o| o.mandatory) => Err(RuleError::MandatoryLeft),
        Action::Pass => Ok(()),
        _ => Err(not_now(p)),
    }
}

/// Each option of the open window, then Pass.
pub(crate) fn choices(options: &[ResponseOption], out: &mut Vec<Action>) {
    each(out, options.len(), Action::Respond);
    out.push(Action::Pass);
}

/// Carries out Respond or Pass.
pub(crate) fn exec(cx: &mut Ctx, a: Action) {
    match a {
        Action::Respond(i) => cx.respond(i as usize),
        Action::Pass => cx.pass(),
        _ => {}
    }
}

impl Ctx<'_> {
    /// Opens (or re-opens) a response window.
    pub fn window(&mut self, trigger: Trigger, options: Option<Vec<ResponseOption>>) {
        let mut options = match options {
            // Opening: `candidates` has just tested every option.
            None => candidates(self.db, self.s, trigger),
            // Re-opening: re-check what is left with the same test: an optional response must
            // still be payable, and one that can no longer do anything (a bypass with no
            // condition roll left to skip, a reduction of a loss already down to 1) is flagged.
            Some(mut options) => {
                let has_cond = options
                    .iter()
                    .any(|o| matches!(o.source, Source::Condition(_)));
                let (db, s) = (self.db, &*self.s);
                options.retain_mut(|o| {
                    response(db, s, o).is_some_and(|r| {
                        o.changes_nothing = !o.mandatory && !useful(db, s, o.source, r, has_cond);
                        o.mandatory || derived::can_pay(s, &r.cost)
                    })
                });
                sort_useful(options)
            }
        };
        // Only what can change something stops the game: a window of idle options stays shut.
        let live = options.iter().filter(|o| !o.changes_nothing).count();
        if live == 0 {
            return;
        }
        // Mandatory responses alone resolve by themselves, in the printed order, unless their
        // order changes the outcome (p. 12): then the player orders them.
        let mandatory: Vec<ResponseOption> =
            options.iter().filter(|o| o.mandatory).cloned().collect();
        let by_itself = if self.s.legacy_windows {
            live == 1 && mandatory.len() == 1
        } else {
            live == mandatory.len() && !order_matters(self, trigger, &mandatory)
        };
        if by_itself {
            let o = options.remove(0);
            self.use_response(trigger, o, options);
            return;
        }
        self.s.tasks.push(Task::Window {
            trigger,
            options: Some(options.clone()),
        });
        let about =
            (trigger == Trigger::MonsterRoll).then(|| derived::combat_roll(self.s, self.db));
        self.wait(Pending::Respond {
            trigger,
            options,
            about,
        });
    }

    /// Uses one response: pays, spends an ability use if it is the character's, applies it,
    /// then comes back to the window for the rest.
    pub fn use_response(&mut self, trigger: Trigger, o: ResponseOption, rest: Vec<ResponseOption>) {
        let Some(r) = response(self.db, self.s, &o) else {
            return;
        };
        let r = r.clone();
        // The idle options leave with the one used: the window re-opens on the others and
        // flags again what cannot help then (as the first opening did).
        let rest: Vec<ResponseOption> = rest.into_iter().filter(|o| !o.changes_nothing).collect();
        if !rest.is_empty() {
            self.s.tasks.push(Task::Window {
                trigger,
                options: Some(rest),
            });
        }
        self.pay(o.source, &r.cost);
        if let Source::Ability(_) = o.source {
            self.s.uses = self.s.uses.saturating_sub(1);
            self.s.stats.abilities_used += 1;
            let uses = self.s.uses;
            self.emit(Event::AbilityUsesLeft { uses });
        }
        if let Source::Skill(k) = o.source {
            self.note_skill(k);
        }
        if grants_extra(&r) {
            self.s.combat.extra_sources.push(o.source);
        }
        self.emit(Event::ResponseUsed {
            source: o.source,
            index: o.index,
        });
        self.then_effects(o.source, &r.effects);
    }

    /// The player picked response `i` of the open window.
    pub fn respond(&mut self, i: usize) {
        let Some(Task::Window {
            trigger,
            options: Some(mut options),
        }) = self.s.tasks.pop()
        else {
            return;
        };
        if i >= options.len() {
            return;
        }
        let o = options.remove(i);
        self.use_response(trigger, o, options);
        self.run();
    }

    /// The player declines the remaining optional responses.
    pub fn pass(&mut self) {
        if let Some(Task::Window { .. }) = self.s.tasks.last() {
            self.s.tasks.pop();
        }
        self.run();
    }
}
