//! The choices the simulator reads from the engine's events (src/sim/report/choices.rs), and the
//! policies that restrict the bots (src/sim/bot_policy.rs), checked against the engine's own stats.

mod common;
use common::*;
use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::{apply, legal_actions, Difficulty, Game};
use unbroken::sim::report::{batch_setup, run_batch_with, Choices, Record, Tally};
use unbroken::sim::{simulate_with, Bot, BotKind, BotSpec, Policy, SmartBot};

fn characters(db: &unbroken::content::CardDb) -> Vec<String> {
    db.characters.iter().map(|c| c.id.clone()).collect()
}

/// A few smart-bot games: every count of the tally agrees with what the engine counted itself.
#[test]
fn a_games_tally_sums_to_the_engines_stats() {
    let db = db();
    let chars = characters(&db);
    for i in 0..6 {
        let (mut g, _) =
            Game::new(batch_setup(i, 11, Difficulty::Normal, &chars), db.clone()).expect("setup");
        g.set_undo(false);
        let mut bot = SmartBot::new();
        let mut t = Tally::new(g.state());
        while !g.is_over() {
            let legal = legal_actions(&g);
            let a = bot.choose(&g, &legal);
            t.observe(&apply(&mut g, a).expect("the bot plays legal moves"));
        }
        let st = &g.state().stats;
        let kept: u32 = t.encounters.values().map(|n| n[1]).sum();
        let resolved: u32 = t.encounters.values().map(|n| n[2]).sum();
        let shown: u32 = t.encounters.values().map(|n| n[0]).sum();
        assert_eq!(t.rests, st.rests as u32, "rests, game {i}");
        assert_eq!(resolved, st.encounters as u32, "resolved, game {i}");
        assert!(resolved + t.rests <= kept && kept <= shown, "game {i}");
        let won: u32 = t.battles.iter().flatten().map(|x| x[1]).sum();
        let fought: u32 = t.battles.iter().flatten().map(|x| x[0]).sum();
        assert_eq!(won, st.defeated.len() as u32, "battles won, game {i}");
        assert_eq!(fought, t.weapon_battles.values().sum::<u32>(), "game {i}");
        let uses: u32 = t.abilities.values().sum();
        assert_eq!(uses, st.abilities_used as u32, "ability uses, game {i}");
        let kept_skills: u32 = t.skills.values().map(|n| n[1]).sum();
        assert_eq!(
            kept_skills,
            g.state().skills.len() as u32,
            "skills, game {i}"
        );
    }
}

/// Large Effort paid is counted by what it paid for (the Inspiration goal's "Large Effort has
/// another use"), and nothing else counts: Small Effort paid for an attack, or Large gained.
#[test]
fn large_effort_paid_is_counted_by_what_it_bought() {
    use unbroken::content::res::Bundle;
    use unbroken::engine::{Event, Source};
    let db = db();
    let chars = characters(&db);
    let (g, _) =
        Game::new(batch_setup(0, 11, Difficulty::Normal, &chars), db.clone()).expect("setup");
    let mut t = Tally::new(g.state());
    let large = |n| Bundle {
        large: n,
        ..Bundle::default()
    };
    let small = Bundle {
        small: 3,
        ..Bundle::default()
    };
    t.observe(&[
        Event::Paid {
            source: Source::Weapon(2),
            paid: large(1),
        },
        Event::Paid {
            source: Source::Weapon(2),
            paid: small,
        },
        Event::Paid {
            source: Source::Encounter(5),
            paid: large(2),
        },
        Event::Paid {
            source: Source::Skill(1),
            paid: large(1),
        },
        Event::Gained {
            source: Source::General(1),
            gained: large(1),
        },
    ]);
    assert_eq!(t.large_paid, [1, 2, 1]);
    let c = Choices::from_tallies(&db, [&t, &Tally::new(g.state())]);
    assert_eq!(c.large_paid_per_game, [0.5, 1.0, 0.5]);
}

/// `simulate`'s `choices` has exactly the keys, and its shares add up.
#[test]
fn simulate_prints_exactly_the_choices_keys() {
    let db = db();
    let chars = characters(&db);
    let spec = BotSpec::new(BotKind::Smart);
    let s = simulate_with(db.clone(), 12, &spec, Difficulty::Normal, &chars, 5, 1);
    let v = serde_json::to_value(&s).expect("json");
    let c = v["choices"].as_object().expect("a choices object");
    let mut keys: Vec<&str> = c.keys().map(|k| k.as_str()).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "abilities",
            "ambushed_share",
            "ambushed_win_rate",
            "conditions",
            "encounters",
            "other_win_rate",
            "rest_share",
            "skills",
            "weapon_at_battle"
        ]
    );
    let levels: Vec<&str> = c["weapon_at_battle"]
        .as_object()
        .expect("levels")
        .keys()
        .map(|k| k.as_str())
        .collect();
    assert_eq!(levels, ["1", "2", "3", "4"]);
    let l1: f64 = c["weapon_at_battle"]["1"]
        .as_object()
        .expect("weapons")
        .values()
        .map(|x| x.as_f64().unwrap_or(0.0))
        .sum();
    assert!((l1 - 1.0).abs() < 1e-9, "level I shares sum to {l1}");
    for k in ["ambushed_share", "ambushed_win_rate", "other_win_rate"] {
        let a = c[k].as_array().expect("four levels");
        assert_eq!(a.len(), 4, "{k}");
        assert!(a
            .iter()
            .all(|x| (0.0..=1.0).contains(&x.as_f64().unwrap_or(-1.0))));
    }
    let enc = c["encounters"].as_object().expect("encounters");
    assert_eq!(enc.len(), db.encounters.len());
    for (id, n) in enc {
        let mut k: Vec<&str> = n
            .as_object()
            .expect("counts")
            .keys()
            .map(|k| k.as_str())
            .collect();
        k.sort_unstable();
        assert_eq!(k, ["kept", "resolved", "shown"], "{id}");
    }
    let sk = c["skills"].as_object().expect("skills");
    assert_eq!(sk.len(), db.skills.len());
    let mut k: Vec<&str> = sk
        .values()
        .next()
        .and_then(|n| n.as_object())
        .expect("counts")
        .keys()
        .map(|k| k.as_str())
        .collect();
    k.sort_unstable();
    assert_eq!(k, ["kept", "offered", "used"]);
    let abilities: usize = db.characters.iter().map(|c| c.abilities.len()).sum();
    assert_eq!(
        c["abilities"].as_object().expect("abilities").len(),
        abilities
    );
    assert_eq!(
        c["conditions"].as_object().expect("conditions").len(),
        db.conditions.len()
    );
}

/// One batch under a policy, merged.
fn batch(policy: &str, kind: BotKind, games: u64) -> (Vec<Record>, Choices) {
    let db = db();
    let chars = characters(&db);
    let policy = if policy.is_empty() {
        Policy::default()
    } else {
        Policy::parse(&db, policy).expect("a valid policy")
    };
    let spec = BotSpec {
        kind,
        samples: 2,
        policy,
    };
    let (recs, _) = run_batch_with(&db, &spec, Difficulty::Normal, &chars, games, 3, 1);
    let c = Choices::from_tallies(&db, recs.iter().map(|r| &r.tally));
    (recs, c)
}

/// An encounter card's index.
fn idx_of(db: &CardDb, card: &str) -> u16 {
    db.encounters
        .iter()
        .position(|e| e.id == card)
        .expect("card") as u16
}

/// How often a card can have been resolved against a `noenc` rule: a committed draw shows one
/// card that must be resolved (p. 23), so the rule is set aside there. Draws of other than two
/// cards bound those.
fn forced_at_most(recs: &[Record], card: u16) -> u64 {
    recs.iter()
        .map(|r| {
            let shown = r.tally.encounters.get(&card).map_or(0, |n| n[0]);
            let in_pairs = r.tally.pairs.get(&card).map_or(0, |n| n[0]);
            u64::from(shown - in_pairs)
        })
        .sum()
}

/// Each policy does what it says, with either bot.
#[test]
fn policies_restrict_the_bots() {
    let db: Arc<_> = db();
    for kind in [BotKind::Smart, BotKind::Random] {
        let (recs, c) = batch(
            "nevertrick+noability+noenc:cave_spring+noskill:butcher",
            kind,
            16,
        );
        assert!(recs.iter().all(|r| r
            .monsters
            .iter()
            .all(|m| m.2 != unbroken::sim::report::Fate::Tricked)));
        assert!(c.abilities.values().all(|x| *x == 0.0), "{:?}", c.abilities);
        let spring = idx_of(&db, "cave_spring");
        assert!(c.encounters["cave_spring"].resolved <= forced_at_most(&recs, spring));
        assert_eq!(c.skills["butcher"].kept, 0);
        let (_, c) = batch("forceskill:butcher+noamb:1", kind, 16);
        let b = &c.skills["butcher"];
        assert_eq!(b.kept, b.offered, "{kind:?} left Butcher");
        assert_eq!(c.ambushed_share[0], 0.0, "{kind:?} ambushed at Level I");
    }
    // Rushing the Axe: no other advanced weapon is ever in hand.
    let (_, c) = batch("rush:axe", BotKind::Smart, 16);
    for l in ["1", "2", "3", "4"] {
        for w in ["knife", "spear", "sword", "maul"] {
            assert_eq!(c.weapon_at_battle[l][w], 0.0, "{w} at level {l}");
        }
    }
    assert!(Policy::parse(&db, "rush:axe+bogus").is_err());
}

/// A policy binds only the bot's own moves: every game where the bot never made the forbidden
/// move replays identically (what lets the report replay only the games a policy can change).
#[test]
fn a_policy_changes_only_the_games_it_binds() {
    let db = db();
    let (base, c) = batch("", BotKind::Smart, 24);
    let (card, _) = c
        .encounters
        .iter()
        .max_by_key(|(_, n)| n.resolved)
        .expect("cards");
    let (with, c2) = batch(&format!("noenc:{card}"), BotKind::Smart, 24);
    let idx = idx_of(&db, card);
    assert!(c2.encounters[card].resolved <= forced_at_most(&with, idx));
    let mut untouched = 0;
    for (b, w) in base.iter().zip(&with) {
        if b.tally.encounters.get(&idx).is_none_or(|n| n[2] == 0) {
            untouched += 1;
            assert_eq!((b.won, b.score, b.level), (w.won, w.score, w.level));
            assert_eq!(b.tally.encounters, w.tally.encounters);
        }
    }
    assert!(
        untouched > 0 && untouched < base.len(),
        "{untouched} of {}",
        base.len()
    );
}
