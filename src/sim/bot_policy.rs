//! Policies that restrict a bot, for balance experiments (`unbroken report --lab --policy P`):
//! "what does this choice cost or gain?" is answered by playing the same games with the bot
//! forced or forbidden to make it.
//!
//! A policy is a list of rules joined by `+`, e.g. `rush:axe+nevertrick`:
//! - `rush:WEAPON` crafts towards WEAPON as soon as a step of its path can be paid, and never
//!   crafts off that path;
//! - `commit:WEAPON` never crafts off WEAPON's path (nor takes a free upgrade off it when one on
//!   it is offered) but crafts when its own judgement says: the cost of choosing the weapon
//!   before seeing any monster, without `rush`'s cost of paying for it at the first chance;
//! - `noenc:CARD` never resolves encounter CARD (resting on it stays allowed);
//! - `forceskill:SKILL` always keeps SKILL when it is offered; `noskill:SKILL` never keeps it;
//! - `noamb:LEVEL` is never ambushed at LEVEL: no Explore unless every draw the deck could deal
//!   holds a card that keeps Time above 0 (its contents are known, not their order), and no
//!   action that runs Time out;
//! - `noambpeek:LEVEL` is the same with a peek at the deck: it explores whenever the cards about
//!   to turn up hold one that keeps Time above 0. No honest player can do better without being
//!   ambushed, so its cost bounds what never being ambushed must cost;
//! - `scout:LEVEL` scouts at LEVEL as soon as it can (what knowing the monster is worth);
//! - `noability` never uses a character ability (action or response);
//! - `alwaystrick` tricks whenever it can; `nevertrick` never tricks;
//! - `eatall` always eats the full requirement (or all the food held).
//!
//! A rule that would leave no legal action is set aside for that decision (the game must go on).
//! A policy binds the bot's own moves, not the futures it imagines while choosing them. Two
//! rules also change what the bot knows of its own position: a bot committed to a weapon
//! (`rush`, `commit`) values Wood and Metal for its path alone, and a never-ambushed bot
//! (`noamb`) values the Time it may no longer explore with at nothing, since it is lost at the
//! level's end (p. 24). Without that it kept short cards to save Time it could never use.

use crate::content::CardDb;
use crate::engine::{apply, Action, Game, Pending, Source};

/// One restriction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The weapon sheets from the starting weapon to the target, in order.
    Rush(Vec<u16>),
    /// The same path, crafted when the bot judges best (`commit:WEAPON`).
    Commit(Vec<u16>),
    NoEncounter(u16),
    ForceSkill(u16),
    NoSkill(u16),
    NoAmbush(u8),
    /// `noambpeek:LEVEL`: never ambushed, seeing the next cards (a bound, not a way to play).
    NoAmbushPeek(u8),
    /// `scout:LEVEL`: scout at LEVEL as soon as it can.
    Scout(u8),
    NoAbility,
    AlwaysTrick,
    NeverTrick,
    EatAll,
}

/// A set of rules restricting a bot; the empty policy restricts nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    pub rules: Vec<Rule>,
    /// The text it was parsed from ("" for none).
    pub spec: String,
}

/// The weapon sheets from the starting weapon to `w` (None if no upgrade path leads there).
fn path_to(db: &CardDb, w: u16) -> Option<Vec<u16>> {
    let mut path = vec![w];
    let mut cur = w;
    while cur != db.start_weapon {
        let from = db
            .weapons
            .iter()
            .position(|x| x.upgrades.iter().any(|u| u.to.idx == cur))?;
        cur = from as u16;
        if path.contains(&cur) || path.len() > db.weapons.len() {
            return None;
        }
        path.push(cur);
    }
    path.reverse();
    Some(path)
}

fn find(ids: impl Iterator<Item = String>, id: &str, kind: &str) -> Result<u16, String> {
    let ids: Vec<String> = ids.collect();
    ids.iter()
        .position(|x| x == id)
        .map(|i| i as u16)
        .ok_or_else(|| format!("no {kind} `{id}` (one of: {})", ids.join(", ")))
}

impl Policy {
    /// Parses `rule+rule+…`; unknown rules and ids are errors naming what exists.
    pub fn parse(db: &CardDb, spec: &str) -> Result<Policy, String> {
        let mut rules = Vec::new();
        for part in spec.split('+').map(str::trim) {
            let (name, arg) = match part.split_once(':') {
                Some((n, a)) => (n, Some(a.trim())),
                None => (part, None),
            };
            let need = |what: &str| arg.ok_or_else(|| format!("`{name}` needs :{what}"));
            let rule = match name {
                "rush" | "commit" => {
                    let id = need("WEAPON")?;
                    let w = find(db.weapons.iter().map(|x| x.id.clone()), id, "weapon")?;
                    let path =
                        path_to(db, w).ok_or_else(|| format!("no upgrade path leads to `{id}`"))?;
                    if name == "rush" {
                        Rule::Rush(path)
                    } else {
                        Rule::Commit(path)
                    }
                }
                "noenc" => Rule::NoEncounter(find(
                    db.encounters.iter().map(|x| x.id.clone()),
                    need("CARD")?,
                    "encounter",
                )?),
                "forceskill" | "noskill" => {
                    let k = find(
                        db.skills.iter().map(|x| x.id.clone()),
                        need("SKILL")?,
                        "skill",
                    )?;
                    if name == "forceskill" {
                        Rule::ForceSkill(k)
                    } else {
                        Rule::NoSkill(k)
                    }
                }
                "noamb" | "noambpeek" | "scout" => {
                    let l = need("LEVEL")?;
                    match l.parse::<u8>() {
                        Ok(n @ 1..=4) if name == "noamb" => Rule::NoAmbush(n),
                        Ok(n @ 1..=4) if name == "noambpeek" => Rule::NoAmbushPeek(n),
                        Ok(n @ 1..=4) => Rule::Scout(n),
                        _ => return Err(format!("{name} needs a level 1–4, not `{l}`")),
                    }
                }
                "noability" | "alwaystrick" | "nevertrick" | "eatall" if arg.is_some() => {
                    return Err(format!("`{name}` takes no argument"))
                }
                "noability" => Rule::NoAbility,
                "alwaystrick" => Rule::AlwaysTrick,
                "nevertrick" => Rule::NeverTrick,
                "eatall" => Rule::EatAll,
                _ => {
                    return Err(format!(
                        "no policy `{part}` (rush:WEAPON, commit:WEAPON, noenc:CARD, forceskill:SKILL, \
                         noskill:SKILL, noamb:LEVEL, noambpeek:LEVEL, scout:LEVEL, noability, alwaystrick, \
                         nevertrick, eatall; \
                         join with +)"
                    ))
                }
            };
            rules.push(rule);
        }
        Ok(Policy {
            rules,
            spec: spec.to_string(),
        })
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether the policy forbids character abilities (`noability`): the bot then plans and
    /// values positions without them as well.
    pub fn forbids_abilities(&self) -> bool {
        self.rules.contains(&Rule::NoAbility)
    }

    /// Whether the policy changes nothing but the moves it restricts: a bot bound by it plays
    /// exactly as the free bot until the first move where [`Policy::restrict`] changes the
    /// legal actions (`rush` and `commit` also change how the bot values materials, `noamb`
    /// how it values Time, `noability` its model).
    pub fn binds_moves_only(&self) -> bool {
        !self.rules.iter().any(|r| {
            matches!(
                r,
                Rule::Rush(_) | Rule::Commit(_) | Rule::NoAbility | Rule::NoAmbush(_)
            )
        })
    }

    /// The levels a `noamb` rule forbids ambushes at, as a bit mask (bit `l` for level `l`):
    /// there the bot values the Time it can no longer spend safely at nothing.
    pub fn never_ambushed_levels(&self) -> u8 {
        self.rules.iter().fold(0, |m, r| match r {
            Rule::NoAmbush(l) => m | (1u8 << l),
            _ => m,
        })
    }

    /// The weapon path a `rush` or `commit` rule binds the bot to (empty: none).
    pub fn committed_path(&self) -> &[u16] {
        self.rules
            .iter()
            .find_map(|r| match r {
                Rule::Rush(p) | Rule::Commit(p) => Some(p.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }

    /// The legal actions this policy allows now (never empty when `legal` has an action).
    pub fn restrict(&self, g: &Game, legal: &[Action]) -> Vec<Action> {
        let mut out: Vec<Action> = legal.to_vec();
        for rule in &self.rules {
            let next = apply_rule(rule, g, &out);
            if next.iter().any(|a| *a != Action::Undo) {
                out = next;
            }
        }
        out
    }
}

/// `legal` with one rule applied (possibly empty: the caller then sets the rule aside).
fn apply_rule(rule: &Rule, g: &Game, legal: &[Action]) -> Vec<Action> {
    let s = g.state();
    let db = g.db();
    let keep = |f: &dyn Fn(&Action) -> bool| legal.iter().copied().filter(|a| f(a)).collect();
    let force = |a: Action| {
        if legal.contains(&a) {
            vec![a]
        } else {
            legal.to_vec()
        }
    };
    match (rule, g.pending()) {
        // A free upgrade takes the rushed path when it is on offer.
        (Rule::Rush(path) | Rule::Commit(path), Pending::ChooseUpgrade { options, .. }) => {
            match options.iter().position(|w| path.contains(w)) {
                Some(i) => force(Action::ChooseUpgrade(i as u8)),
                None => legal.to_vec(),
            }
        }
        (Rule::Rush(path) | Rule::Commit(path), _) => {
            let on_path = |a: &Action| match a {
                Action::Craft(i) => crate::engine::derived::weapon(s, db)
                    .and_then(|w| w.upgrades.get(*i as usize))
                    .is_some_and(|u| path.contains(&u.to.idx)),
                _ => true,
            };
            let allowed: Vec<Action> = keep(&on_path);
            match allowed.iter().find(|a| matches!(a, Action::Craft(_))) {
                Some(c) if matches!(rule, Rule::Rush(_)) => vec![*c],
                _ => allowed,
            }
        }
        (Rule::NoEncounter(card), Pending::Encounter { revealed, .. }) => {
            keep(&|a| !matches!(a, Action::Resolve(i) if revealed.get(*i as usize) == Some(card)))
        }
        (Rule::ForceSkill(k), Pending::ChooseSkill { cards }) => {
            match cards.iter().position(|c| c == k) {
                Some(i) => force(Action::KeepSkill(i as u8)),
                None => legal.to_vec(),
            }
        }
        (Rule::NoSkill(k), Pending::ChooseSkill { cards }) => {
            keep(&|a| !matches!(a, Action::KeepSkill(i) if cards.get(*i as usize) == Some(k)))
        }
        (Rule::NoAmbush(level), Pending::Prepare | Pending::Encounter { .. })
            if s.level == *level =>
        {
            let safe = |c: &Game| safe_for_any_draw(c.state(), c.db());
            let safe_now = safe(g);
            keep(&|a| match a {
                // A committed encounter must be explored (p. 23): the guarantee was given when
                // the committing card was resolved (below), so Explore stays allowed.
                Action::Explore => s.committed || safe_now,
                Action::Undo => true,
                _ => stays_unambushed(g, *a, &safe, !s.committed || safe_now),
            })
        }
        (Rule::NoAmbushPeek(level), Pending::Prepare | Pending::Encounter { .. })
            if s.level == *level =>
        {
            let safe_now = safe_draw(g);
            keep(&|a| match a {
                Action::Explore => s.committed || safe_now,
                Action::Undo => true,
                _ => stays_unambushed(g, *a, &safe_draw, !s.committed || safe_now),
            })
        }
        (Rule::Scout(level), Pending::Prepare) if s.level == *level => force(Action::Scout),
        (Rule::NoAbility, Pending::Respond { options, .. }) => keep(&|a| match a {
            Action::Respond(i) => !matches!(
                options.get(*i as usize).map(|o| o.source),
                Some(Source::Ability(_))
            ),
            _ => true,
        }),
        (Rule::NoAbility, _) => keep(&|a| !matches!(a, Action::Ability(_))),
        (Rule::AlwaysTrick, Pending::Trickery) => force(Action::Trick),
        (Rule::NeverTrick, Pending::Trickery) => keep(&|a| *a != Action::Trick),
        (Rule::EatAll, Pending::Hunger { requirement }) => {
            let food = s.stock.get(crate::engine::res::Res::Food);
            force(Action::Eat((*requirement).min(food)))
        }
        _ => legal.to_vec(),
    }
}

/// Whether every draw an Explore could deal now holds a card shorter than the Time left, so the
/// player can always take one without being ambushed (p. 22). The deck's contents are known,
/// not their order; when it holds fewer cards than the draw, all of it turns up and the rest
/// comes from the discard pile shuffled (p. 7).
pub(crate) fn safe_for_any_draw(s: &crate::engine::State, db: &CardDb) -> bool {
    let n = crate::engine::derived::explore_count(s, db) as usize;
    let long = |cards: &[u16]| {
        cards
            .iter()
            .filter(|c| {
                db.encounter(**c)
                    .is_none_or(|e| e.time as i16 >= s.time as i16)
            })
            .count()
    };
    let d = s.encounter_deck.len();
    if d >= n {
        long(&s.encounter_deck) < n
    } else {
        long(&s.encounter_deck) < d || long(&s.encounter_discard) < n - d
    }
}

/// Whether the cards an Explore would turn up now (the real deck, peeked at) hold one that
/// can be taken without running Time out.
fn safe_draw(g: &Game) -> bool {
    let mut c = g.clone();
    c.set_undo(false);
    if apply(&mut c, Action::Explore).is_err() {
        return false;
    }
    match c.pending() {
        Pending::Encounter { .. } => crate::engine::legal_actions(&c)
            .iter()
            .any(|a| *a != Action::Undo && !runs_time_out(&c, *a)),
        _ => true,
    }
}

/// Whether a never-ambushed player may take `a` (neither Explore nor Undo): it must not run
/// Time out before the next decision of the Travel Phase, nor leave the player committed to an
/// encounter (p. 23: one card, no choice, no Rest) that `safe` cannot promise to take without
/// running Time out when it could before (`could_promise`: not yet committed, or committed
/// with a safe Explore): resolving a committing card too late, or spending Time while
/// committed. Without the second check a never-ambushed player would be stuck before an
/// Explore it may not take. One copy of the game serves both checks.
fn stays_unambushed(
    g: &Game,
    a: Action,
    safe: &dyn Fn(&Game) -> bool,
    could_promise: bool,
) -> bool {
    let mut c = g.clone();
    c.set_undo(false);
    if apply(&mut c, a).is_err() {
        return true;
    }
    if c.state().ambushed && !g.state().ambushed {
        return false;
    }
    let stuck = could_promise
        && c.state().committed
        && matches!(c.pending(), Pending::Prepare)
        && !safe(&c);
    !stuck
}

/// Whether taking `a` now leads the monster to ambush (Time run out) before the next decision
/// of the Travel Phase.
fn runs_time_out(g: &Game, a: Action) -> bool {
    let mut c = g.clone();
    c.set_undo(false);
    apply(&mut c, a).is_ok() && c.state().ambushed && !g.state().ambushed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::whatif::WhatIf;

    #[test]
    fn parses_and_rejects() {
        let db = CardDb::builtin().expect("builtin box");
        let p = Policy::parse(&db, "rush:axe+nevertrick+noamb:1+eatall").expect("valid");
        assert_eq!(p.rules.len(), 4);
        assert!(matches!(&p.rules[0], Rule::Rush(path) if path.len() >= 2));
        let p = Policy::parse(&db, "noambpeek:2+scout:3").expect("valid");
        assert_eq!(p.rules, vec![Rule::NoAmbushPeek(2), Rule::Scout(3)]);
        for bad in [
            "rush:spoon",
            "commit:spoon",
            "commit",
            "noenc:nothing",
            "noamb:5",
            "noambpeek:0",
            "scout:9",
            "noability:1",
            "fly",
            "forceskill",
        ] {
            assert!(Policy::parse(&db, bad).is_err(), "{bad} accepted");
        }
    }

    /// `rush` crafts at the first chance; `commit` only forbids crafting off the path.
    #[test]
    fn commit_forbids_the_other_path_without_forcing_the_craft() {
        let db = std::sync::Arc::new(CardDb::builtin().expect("builtin box"));
        let g = crate::engine::scenario::test_game(
            &db,
            serde_json::json!({
                "setup": {"seed": 3, "character": "brawler", "side": 0, "difficulty": "normal"},
                "level": 1,
                "step": "prepare",
                "resources": {"small": 10, "wood": 1, "metal": 1}
            }),
        );
        let legal = crate::engine::legal_actions(&g);
        let crafts = |acts: &[Action]| -> Vec<u16> {
            let w = crate::engine::derived::weapon(g.state(), &db).expect("a weapon in hand");
            acts.iter()
                .filter_map(|a| match a {
                    Action::Craft(i) => w.upgrades.get(*i as usize).map(|u| u.to.idx),
                    _ => None,
                })
                .collect()
        };
        let id = |w: &str| db.weapons.iter().position(|x| x.id == w).expect("weapon") as u16;
        assert_eq!(crafts(&legal).len(), 2, "Club and Knife are both on offer");
        let commit = Policy::parse(&db, "commit:sword")
            .expect("valid")
            .restrict(&g, &legal);
        assert_eq!(crafts(&commit), vec![id("knife")]);
        assert!(
            commit.len() > 1,
            "the bot may still do something else first"
        );
        let rush = Policy::parse(&db, "rush:sword")
            .expect("valid")
            .restrict(&g, &legal);
        assert_eq!(
            rush,
            vec![
                commit[commit
                    .iter()
                    .position(|a| matches!(a, Action::Craft(_)))
                    .expect("craft")]
            ]
        );
    }

    /// A never-ambushed player resolves a committing card only when the single card it must
    /// then take cannot run Time out; once committed it explores (it would otherwise be left
    /// with nothing to do but spend its stock).
    #[test]
    fn never_ambushed_commits_only_when_the_forced_card_is_safe() {
        use crate::content::cards::Effect;
        let db = std::sync::Arc::new(CardDb::builtin().expect("builtin box"));
        let commit = db
            .encounters
            .iter()
            .find(|e| e.spend.is_empty() && e.gain.contains(&Effect::Commit))
            .expect("a free committing card");
        let longest = db.encounters.iter().map(|e| e.time).max().expect("cards");
        let after = |time: u8| {
            let mut g = crate::engine::scenario::test_game(
                &db,
                serde_json::json!({
                    "setup": {"seed": 3, "character": "brawler", "side": 0, "difficulty": "normal"},
                    "level": 1,
                    "step": "prepare",
                    "time": time,
                    "resources": {"small": 10},
                    "encounter_top": [commit.id, commit.id]
                }),
            );
            apply(&mut g, Action::Explore).expect("explore");
            let legal = crate::engine::legal_actions(&g);
            let allowed = Policy::parse(&db, "noamb:1")
                .expect("valid")
                .restrict(&g, &legal);
            (g, allowed)
        };
        // Too little Time: the forced card could be any of the long ones.
        let (_, allowed) = after(commit.time + 2);
        assert!(!allowed.contains(&Action::Resolve(0)), "{allowed:?}");
        assert!(allowed.contains(&Action::Rest(0)));
        // Time to spare after any card: resolving is safe.
        let (mut g, allowed) = after(commit.time + longest + 1);
        assert!(allowed.contains(&Action::Resolve(0)), "{allowed:?}");
        apply(&mut g, Action::Resolve(0)).expect("resolve");
        assert!(g.state().committed);
        let legal = crate::engine::legal_actions(&g);
        let allowed = Policy::parse(&db, "noamb:1")
            .expect("valid")
            .restrict(&g, &legal);
        assert!(allowed.contains(&Action::Explore), "{allowed:?}");
    }

    /// Exploring is safe exactly when no draw the deck could deal is all too long.
    #[test]
    fn the_exact_guarantee_counts_the_long_cards() {
        let db = std::sync::Arc::new(CardDb::builtin().expect("builtin box"));
        let setup = crate::engine::Setup {
            seed: 7,
            character: "sneak".into(),
            side: 0,
            difficulty: crate::engine::Difficulty::Normal,
            easy_toggle: false,
        };
        let (g, _) = Game::new(setup, db.clone()).expect("setup");
        let card = |t: u8| {
            db.encounters
                .iter()
                .position(|e| e.time == t)
                .expect("a card of that Time") as u16
        };
        let (short, long) = (card(2), card(4));
        let mut s = WhatIf::of(g.state());
        s.set_time(3);
        assert_eq!(crate::engine::derived::explore_count(&s, &db), 2);
        let safe = |deck: Vec<u16>, discard: Vec<u16>| {
            let mut t = s.clone();
            t.set_encounter_decks(&db, &deck, &discard)
                .expect("encounter cards of the box");
            safe_for_any_draw(&t, &db)
        };
        assert!(
            !safe(vec![long, long, short], vec![]),
            "two long cards can turn up"
        );
        assert!(
            safe(vec![long, short, short], vec![long, long]),
            "one long card cannot fill a draw"
        );
        assert!(
            !safe(vec![long], vec![long, short]),
            "the reshuffle can bring the second"
        );
        assert!(
            safe(vec![long], vec![short]),
            "the reshuffle brings a short one"
        );
        assert!(
            safe(vec![short], vec![long]),
            "the deck's last card is short"
        );
    }
}
