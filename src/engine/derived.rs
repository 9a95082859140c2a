//! Derived values, computed on read (passives never change state, p. 12). Validation, execution
//! and the UI all read them from here, so a rule is written once.

use super::event::{CombatRoll, RollModifier, Source};
use super::state::{State, Step};
use crate::content::cards::{AttackKind, Effect, Passive, Weapon, When};
use crate::content::res::{Bundle, Res};
use crate::content::CardDb;

/// Visits every passive in play, in a fixed order (monster, active conditions, skills, weapon),
/// until `f` returns true; returns whether it did. A visitor rather than a list: the smart bot
/// reads these for every valuation of a sampled future, and collecting them into a `Vec` was
/// 8 % of the balance report's time; one body serves every caller (an iterator, inlined into
/// each, grew the page's WebAssembly by 2 KB gzip, over its 250 KB budget).
pub fn any_passive(s: &State, db: &CardDb, f: &mut dyn FnMut(&Passive) -> bool) -> bool {
    if let Some(m) = s.monster.as_ref().and_then(|m| db.monster(m.card)) {
        if m.passives.iter().any(&mut *f) {
            return true;
        }
    }
    for c in s.conditions.iter().filter(|c| c.active()) {
        if let Some(card) = db.condition(c.card) {
            if card.passives.iter().any(&mut *f) {
                return true;
            }
        }
    }
    for k in s.skills.iter() {
        if let Some(card) = db.skill(*k) {
            if card.passives.iter().any(&mut *f) {
                return true;
            }
        }
    }
    weapon(s, db).is_some_and(|w| w.passives.iter().any(f))
}

/// Calls `f` on every passive in play, in [`any_passive`]'s order.
pub fn each_passive(s: &State, db: &CardDb, mut f: impl FnMut(&Passive)) {
    any_passive(s, db, &mut |p| {
        f(p);
        false
    });
}

/// The weapon in hand (the top sheet, p. 15).
pub fn weapon<'d>(s: &State, db: &'d CardDb) -> Option<&'d Weapon> {
    s.weapons.last().and_then(|w| db.weapon(*w))
}

/// The card index of the weapon in hand.
pub fn weapon_id(s: &State) -> u16 {
    s.weapons.last().copied().unwrap_or(0)
}

/// Whether the battle (not only the combat phase) is under way.
pub fn in_battle(s: &State) -> bool {
    s.step == Step::Battle
}

/// Whether it is the Travel Phase (Preparation, Decision, Exploration).
pub fn in_travel(s: &State) -> bool {
    matches!(s.step, Step::Preparation | Step::Exploration)
}

/// A cost as it must actually be paid: with the Time token off the track (Level IV combat),
/// Time is paid as Small Effort (p. 29).
pub fn effective_cost(s: &State, cost: &Bundle) -> Bundle {
    let mut c = *cost;
    if s.time_removed && c.time > 0 {
        c.small = c.small.saturating_add(c.time);
        c.time = 0;
    }
    c
}

/// Whether a voluntary cost can be paid: every resource held, effort with substitution (p. 10),
/// and Time no more than the Time left ([`time_short`]).
pub fn can_pay(s: &State, cost: &Bundle) -> bool {
    let c = effective_cost(s, cost);
    s.stock.plan_payment(&Bundle { time: 0, ..c }).is_some() && !time_short(s, cost)
}

/// Whether a voluntary cost asks for more Time than is left. Time is a resource (p. 11), and
/// p. 20 says "If you don't have the resources, you cannot take the action": an action whose
/// Time cost is larger than the Time left is refused ([`super::RuleError::NotEnoughTime`]).
/// One that brings Time exactly to 0 is taken, and the monster then ambushes (p. 21: "unless
/// taking an action causes your Time Tracker to reach 0"). Time lost to an encounter's Time
/// value or to a monster is a loss, not a cost, and may run past 0 (p. 23). With the token off
/// the track (Level IV combat) Time is paid as Small Effort and is never short (p. 29).
pub fn time_short(s: &State, cost: &Bundle) -> bool {
    let c = effective_cost(s, cost);
    c.time as i16 > s.time.max(0) as i16
}

/// The trickery cost of the monster on the table, or None if it cannot be tricked: no cost on
/// its sheet (p. 25), or the last level, whatever the sheet says — trickery escapes a level, and
/// only defeating the Level IV monster wins (p. 5; Win Step, pp. 33–34).
pub fn trickery_cost(s: &State, db: &CardDb) -> Option<Bundle> {
    if s.level >= crate::content::cards::LAST_LEVEL {
        return None;
    }
    s.monster
        .as_ref()
        .and_then(|m| db.monster(m.card))
        .and_then(|m| m.trick_cost())
}

/// The Scout travel action's cost at the current level (p. 21).
pub fn scout_cost(s: &State, db: &CardDb) -> Bundle {
    db.params
        .scout
        .get(s.level.saturating_sub(1) as usize)
        .copied()
        .unwrap_or_default()
}

/// Whether a mandatory loss can apply: every non-effort resource in it is held (p. 28).
pub fn can_lose(s: &State, b: &Bundle) -> bool {
    b.entries()
        .filter(|(r, _)| !r.is_effort() && *r != Res::Time)
        .all(|(r, n)| s.stock.get(r) >= n)
}

/// Whether an effect can apply as printed, or its bracketed alternative applies (p. 28).
pub fn effect_applicable(s: &State, e: &Effect) -> bool {
    match e {
        Effect::Lose(b) => can_lose(s, b),
        Effect::Reduce { lose, .. } => lose
            .entries()
            .all(|(r, n)| r == Res::Time || s.stock.get(r) >= n),
        Effect::Downgrade { .. } => s.weapons.len() > 1,
        Effect::Tokens { id, .. } => s.conditions.iter().any(|c| c.card == id.idx && c.active()),
        Effect::DiscardCondition => !s.conditions.is_empty(),
        _ => true,
    }
}

/// Whether a monster's table row must be rolled again: it would give a condition the player
/// already holds (p. 17: a duplicate condition makes the monster re-roll; p. 28). A condition
/// for the next level is a duplicate of one already waiting for it; one for a number of rounds
/// never is.
pub fn must_reroll(s: &State, effects: &[Effect]) -> bool {
    effects.iter().any(|e| match e {
        Effect::Condition { id, when, .. } => match when {
            When::NextLevel => s
                .conditions
                .iter()
                .any(|c| c.card == id.idx && c.next_level),
            When::Now => s
                .conditions
                .iter()
                .any(|c| c.card == id.idx && c.active() && c.rounds.is_none()),
            When::Rounds(_) => false,
        },
        _ => false,
    })
}

/// Crafting cost after discounts.
pub fn craft_cost(s: &State, db: &CardDb, base: &Bundle) -> Bundle {
    let mut c = *base;
    each_passive(s, db, |p| {
        if let Passive::CraftDiscount(d) = p {
            for r in Res::ALL {
                let v = c.slot(r);
                *v = v.saturating_sub(d.get(r));
            }
        }
    });
    c
}

/// Extra cost of a weapon attack (monster surcharges, p. 27).
pub fn attack_cost(s: &State, db: &CardDb, base: &Bundle) -> Bundle {
    let mut c = *base;
    each_passive(s, db, |p| {
        if let Passive::Surcharge(b) = p {
            c = c.plus(b);
        }
    });
    c
}

/// Every passive in play with the card it is printed on, in the order of [`any_passive`].
pub fn sourced_passives<'d>(s: &State, db: &'d CardDb) -> Vec<(Source, &'d Passive)> {
    let mut out = Vec::new();
    if let Some(ms) = s.monster.as_ref() {
        if let Some(m) = db.monster(ms.card) {
            out.extend(m.passives.iter().map(|p| (Source::Monster(ms.card), p)));
        }
    }
    for c in s.conditions.iter().filter(|c| c.active()) {
        if let Some(card) = db.condition(c.card) {
            out.extend(card.passives.iter().map(|p| (Source::Condition(c.card), p)));
        }
    }
    for k in &s.skills {
        if let Some(card) = db.skill(*k) {
            out.extend(card.passives.iter().map(|p| (Source::Skill(*k), p)));
        }
    }
    if let Some(w) = weapon(s, db) {
        let id = weapon_id(s);
        out.extend(w.passives.iter().map(|p| (Source::Weapon(id), p)));
    }
    out
}

/// An attack's power after the passives, and how their order mattered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Power {
    /// The power in the order best for the player.
    pub power: u8,
    /// The power in the order worst for the player (equal to `power` when order is moot).
    pub worse: u8,
    /// The cards whose passives were applied, in the order used; empty when every order gives
    /// the same power.
    pub order: Vec<Source>,
}

/// More passives than this touching one attack are applied in the printed order (a guard on
/// the orders tried, n!; no card set comes near it).
const MAX_ORDERED: usize = 6;

/// Whether a passive changes the power of attacks of this kind.
fn touches_power(p: &Passive, kind: AttackKind) -> bool {
    match p {
        Passive::AttackPower { kind: k, .. } => *k == kind,
        Passive::WeakWounding { .. } => kind == AttackKind::Wounding,
        _ => false,
    }
}

/// Applies power passives one after the other, in the given order, clamped at the end.
fn power_in_order<'a>(start: i16, list: impl Iterator<Item = &'a Passive>) -> u8 {
    let mut p = start;
    for x in list {
        match x {
            Passive::AttackPower { plus, .. } => p += *plus as i16,
            Passive::WeakWounding { at_most, minus } if p <= *at_most as i16 => p -= *minus as i16,
            _ => {}
        }
    }
    p.clamp(0, u8::MAX as i16) as u8
}

/// Calls `f` with every order of `idx[k..]` (the identity first).
pub(crate) fn each_order(idx: &mut [usize], k: usize, f: &mut dyn FnMut(&[usize])) {
    if k + 1 >= idx.len() {
        f(idx);
        return;
    }
    for i in k..idx.len() {
        idx.swap(k, i);
        each_order(idx, k + 1, f);
        idx.swap(k, i);
    }
}

/// Attack power after the passives (p. 12: passives apply after every response, so `bonus`,
/// the power a response added, comes first).
///
/// **Ruling — the order of passives.** p. 12: "If several Passive effects are in play, the
/// player chooses the order in which these are applied." Of the passives the cards can print,
/// only those that change an attack's power can give different results in different orders:
/// a penalty that applies only up to a threshold (the Bugbear Warlord: Wounding attacks of 4 or
/// less lose 1, p. 13) against a plain bonus or malus (Weakened: -1). Every other passive adds
/// up, takes the lowest cap, or is clamped once at the end, so its order cannot matter. Power is
/// one number and more is never worse for the player (wounds past the monster's Health or a
/// wound cap are simply not dealt), so the engine tries every order, applies the highest, and
/// reports the order in [`super::Event::PassivesOrdered`] when another order would have given
/// less: an Axe's 5 under Weakened against the Bugbear Warlord is 4 (the Warlord's passive
/// first: 5 is above its threshold; then Weakened), not 3. No passive today makes "best" more
/// than one number, so none asks the player; a new one that does must come with a choice.
pub fn attack_power_ordered(
    s: &State,
    db: &CardDb,
    kind: AttackKind,
    base: u8,
    bonus: i8,
) -> Power {
    let start = base as i16 + bonus as i16;
    let list: Vec<(Source, &Passive)> = sourced_passives(s, db)
        .into_iter()
        .filter(|(_, p)| touches_power(p, kind))
        .collect();
    let threshold = list
        .iter()
        .any(|(_, p)| matches!(p, Passive::WeakWounding { .. }));
    if !threshold || list.len() < 2 || list.len() > MAX_ORDERED {
        let power = power_in_order(start, list.iter().map(|(_, p)| *p));
        return Power {
            power,
            worse: power,
            order: Vec::new(),
        };
    }
    let mut idx: Vec<usize> = (0..list.len()).collect();
    let mut best: Option<(u8, Vec<usize>)> = None;
    let mut worse = u8::MAX;
    each_order(&mut idx, 0, &mut |order| {
        let v = power_in_order(start, order.iter().map(|i| list[*i].1));
        worse = worse.min(v);
        if best.as_ref().is_none_or(|(b, _)| v > *b) {
            best = Some((v, order.to_vec()));
        }
    });
    let (power, order) = best.unwrap_or_default();
    Power {
        power,
        worse,
        order: if worse < power {
            order.iter().map(|i| list[*i].0).collect()
        } else {
            Vec::new()
        },
    }
}

/// Attack power after the passives, in the order best for the player
/// ([`attack_power_ordered`]).
pub fn attack_power(s: &State, db: &CardDb, kind: AttackKind, base: u8, bonus: i8) -> u8 {
    attack_power_ordered(s, db, kind, base, bonus).power
}

/// The cards in play whose passives change the power of attacks of this kind (p. 12), in the
/// order [`sourced_passives`] reads them: what an attack's label names beside its power.
pub fn power_sources(s: &State, db: &CardDb, kind: AttackKind) -> Vec<Source> {
    let mut out: Vec<Source> = Vec::new();
    for (src, p) in sourced_passives(s, db) {
        if touches_power(p, kind) && !out.contains(&src) {
            out.push(src);
        }
    }
    out
}

/// Food requirement of the Hunger Step: the level, plus passives (p. 32).
pub fn food_requirement(s: &State, db: &CardDb) -> u8 {
    s.level.saturating_add(hunger_extra(s, db))
}

/// The Small Effort `missing` Food costs at the Hunger Step: 1 for the first, 2 for the second,
/// 3 for the third … (p. 32).
pub fn starvation_cost(missing: u8) -> u8 {
    (missing as u16 * (missing as u16 + 1) / 2).min(u8::MAX as u16) as u8
}

/// The Food the passives in play add to the requirement (p. 32).
pub fn hunger_extra(s: &State, db: &CardDb) -> u8 {
    let mut extra = 0u8;
    each_passive(s, db, |p| {
        if let Passive::Hunger(n) = p {
            extra = extra.saturating_add(*n);
        }
    });
    extra
}

/// Cards revealed when exploring (p. 22); a committed encounter reveals exactly 1 (p. 23).
pub fn explore_count(s: &State, db: &CardDb) -> u8 {
    if s.committed {
        return 1;
    }
    let mut n = db.params.explore_cards as i16 + s.explore_bonus as i16 + s.reveal_extra as i16;
    each_passive(s, db, |p| {
        if let Passive::ExploreCards(d) = p {
            n += *d as i16;
        }
    });
    n.clamp(1, 20) as u8
}

/// The passive modifiers to the monster's combat roll, each with the card that gives it, in the
/// order [`any_passive`] reads them (monster, conditions, skills, weapon), then the bonuses granted
/// for the whole battle ([`Effect::BattleRollBonus`]).
pub fn roll_passives(s: &State, db: &CardDb) -> Vec<RollModifier> {
    let mut out = Vec::new();
    let mut add = |source: Source, list: &[Passive]| {
        for p in list {
            if let Passive::MonsterRoll(n) = p {
                out.push(RollModifier { source, amount: *n });
            }
        }
    };
    if let Some(m) = &s.monster {
        if let Some(card) = db.monster(m.card) {
            add(Source::Monster(m.card), &card.passives);
        }
    }
    for c in s.conditions.iter().filter(|c| c.active()) {
        if let Some(card) = db.condition(c.card) {
            add(Source::Condition(c.card), &card.passives);
        }
    }
    for k in &s.skills {
        if let Some(card) = db.skill(*k) {
            add(Source::Skill(*k), &card.passives);
        }
    }
    if let Some(w) = weapon(s, db) {
        add(Source::Weapon(weapon_id(s)), &w.passives);
    }
    // A bonus a response granted for the whole battle reads like a passive (p. 13).
    out.extend(s.combat.battle_mods.iter().copied());
    out
}

/// The sum of passive modifiers to the monster's combat roll.
pub fn roll_modifier(s: &State, db: &CardDb) -> i8 {
    roll_passives(s, db).iter().map(|m| m.amount).sum()
}

/// The current monster combat roll term by term (p. 28): the die, what the monster's bonus and
/// the responses added, the passives, and the clamped result ([`final_roll`]).
pub fn combat_roll(s: &State, db: &CardDb) -> CombatRoll {
    let mut modifiers = s.combat.roll_mods.clone();
    modifiers.extend(roll_passives(s, db));
    modifiers.retain(|m| m.amount != 0);
    CombatRoll {
        die: s.combat.die,
        modifiers,
        result: final_roll(s, db),
    }
}

/// Whether the non-resource part of the trickery cost can be suffered as printed (the
/// Crazed Survivor's "Trickery: Downgrade Weapon" needs a weapon to downgrade, p. 13).
pub fn trickery_price_payable(s: &State, db: &CardDb) -> bool {
    s.monster
        .as_ref()
        .and_then(|m| db.monster(m.card))
        .is_none_or(|m| m.trickery_price.iter().all(|e| effect_applicable(s, e)))
}

/// The final combat roll: modified, then clamped to 1–6 (p. 28).
pub fn final_roll(s: &State, db: &CardDb) -> u8 {
    (s.combat.roll as i16 + roll_modifier(s, db) as i16).clamp(1, 6) as u8
}

/// The name of the first active condition with this passive, if any.
pub fn blocking_condition(s: &State, db: &CardDb, want: &Passive) -> Option<String> {
    s.conditions
        .iter()
        .filter(|c| c.active())
        .filter_map(|c| db.condition(c.card))
        .find(|c| c.passives.iter().any(|p| p == want))
        .map(|c| c.name.clone())
}

/// Whether a card in play has this passive (skills, weapon, conditions, monster).
pub fn has_passive(s: &State, db: &CardDb, want: &Passive) -> bool {
    any_passive(s, db, &mut |p| p == want)
}

/// The effects a monster's rolled row applies: as printed when every one can apply, else its
/// bracketed alternative (p. 28; empty when it has none: nothing happens).
pub fn row_effects<'a>(s: &State, row: &'a crate::content::cards::Row) -> &'a [Effect] {
    if row.effects.iter().all(|e| effect_applicable(s, e)) {
        &row.effects
    } else {
        &row.alt
    }
}

/// The row of the monster's table the combat roll now points at (p. 28).
pub fn row_now<'d>(s: &State, db: &'d CardDb) -> Option<&'d crate::content::cards::Row> {
    let m = db.monster(s.monster.as_ref()?.card)?;
    m.table.get(final_roll(s, db) as usize - 1)
}

/// Whether the row the combat roll now points at does nothing to the player: a MISS, a row
/// whose effects cannot apply and has no alternative, or a verb a card ignores (p. 28). No
/// row of a monster's table helps the player, so such a row is the best there is.
pub fn row_is_harmless(s: &State, db: &CardDb) -> bool {
    row_now(s, db).is_some_and(|r| verb_ignored(s, db, &r.verb) || row_effects(s, r).is_empty())
}

/// Whether a combat verb is ignored by a card in play (p. 28).
pub fn verb_ignored(s: &State, db: &CardDb, verb: &str) -> bool {
    any_passive(
        s,
        db,
        &mut |p| matches!(p, Passive::IgnoreVerb(v) if v.eq_ignore_ascii_case(verb)),
    )
}

/// The fewest wounds a round allows (a WoundCap passive in play), if any does.
pub fn wound_cap(s: &State, db: &CardDb) -> Option<u8> {
    let mut cap: Option<u8> = None;
    each_passive(s, db, |p| {
        if let Passive::WoundCap(n) = p {
            cap = Some(cap.map_or(*n, |c| c.min(*n)));
        }
    });
    cap
}

/// The most wounds the monster can still suffer this round.
pub fn wound_room(s: &State, db: &CardDb) -> u8 {
    match wound_cap(s, db) {
        Some(c) => c.saturating_sub(s.combat.wounds_this_round),
        None => u8::MAX,
    }
}

// Scoring (p. 34) is a value read at the end, with no action to check or carry out: it is
// derived here, not a section of `rules/`.

/// Score of a win: resources left times their points (p. 34).
pub fn score(s: &State, db: &CardDb) -> u32 {
    s.stock.score(&db.params.points)
}

/// One line of a score's breakdown: a resource left, its point value and their product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// The resource.
    pub res: Res,
    /// How many are left.
    pub count: u8,
    /// Points each (p. 34).
    pub points: u8,
    /// `count` × `points`.
    pub subtotal: u32,
}

/// The breakdown of [`score`] (p. 34): every resource that scores points, in tracker order,
/// with how many are left; the subtotals add up to the score.
pub fn score_lines(s: &State, db: &CardDb) -> Vec<ScoreLine> {
    let points = &db.params.points;
    Res::ALL
        .iter()
        .filter(|r| points.get(**r) > 0)
        .map(|&res| {
            let (count, pts) = (s.stock.get(res), points.get(res));
            ScoreLine {
                res,
                count,
                points: pts,
                subtotal: count as u32 * pts as u32,
            }
        })
        .collect()
}

/// The rank scale (p. 34): each rank's name with the lowest score that reaches it, lowest first.
pub fn rank_scale(db: &CardDb) -> Vec<(String, u32)> {
    db.params
        .ranks
        .iter()
        .map(|r| (r.name.clone(), r.min))
        .collect()
}

/// The rank of a score (p. 34).
pub fn rank(db: &CardDb, score: u32) -> String {
    db.params
        .ranks
        .iter()
        .rev()
        .find(|r| score >= r.min)
        .map(|r| r.name.clone())
        .unwrap_or_default()
}
