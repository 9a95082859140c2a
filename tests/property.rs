//! Random legal play over many seeded games: every legal action applies, every other candidate
//! is refused with the game unchanged, nothing panics, every tracker stays within its bar, undo
//! restores the position, and replaying the log from the seed gives the same final state.

mod common;
use common::*;
use proptest::prelude::*;
use unbroken::engine::cards::Effect;
use unbroken::engine::res::Res;
use unbroken::engine::useful::changes_something;
use unbroken::engine::{
    apply, candidate_actions, check, game_response, legal_actions, Action, Difficulty, Game,
    Pending, RuleError, State,
};

const CHARACTERS: [&str; 4] = ["sneak", "sage", "hunter", "brawler"];

fn assert_bars(s: &State, db: &unbroken::content::CardDb) {
    let bars = db.params.bars;
    for r in Res::ALL {
        if r == Res::Time {
            continue;
        }
        assert!(
            s.stock.get(r) <= bars.max(r),
            "{r:?} past its bar: {}",
            s.stock.get(r)
        );
    }
    assert!((0..=bars.time as i8).contains(&s.time), "time {}", s.time);
    assert!((1..=4).contains(&s.level));
    assert!(s.uses <= 4);
    if let Some(m) = &s.monster {
        assert!(m.armor <= m.max_armor && m.max_armor <= bars.armor);
        assert!(m.health <= m.max_health && m.max_health <= bars.health);
    }
    assert!(!s.weapons.is_empty());
}

/// Every optional response a window offers can change something (engine::useful), and every
/// one that cannot is refused by `check` with its reason: a window never lets a move that would
/// only cost be played. (Card actions are refused by `check` itself.)
fn assert_offered_are_useful(g: &Game, db: &unbroken::content::CardDb) {
    if let Pending::Respond { options, .. } = g.pending() {
        for (i, o) in options.iter().enumerate().filter(|(_, o)| !o.mandatory) {
            let r = game_response(db, g.state(), o).expect("an offered response exists");
            let effects: Vec<Effect> = r
                .effects
                .iter()
                .filter(|e| !matches!(e, Effect::Bypass))
                .cloned()
                .collect();
            let bypass = effects.len() < r.effects.len();
            let changes = changes_something(g.state(), db, o.source, &effects);
            let verdict = check(g, &Action::Respond(i as u8));
            if o.changes_nothing {
                assert!(
                    !changes && matches!(verdict, Err(RuleError::ChangesNothing { .. })),
                    "{o:?} flagged idle but changes something, or not refused ({verdict:?}) at {:?}",
                    g.pending()
                );
            } else {
                assert!(
                    (bypass || changes) && verdict.is_ok(),
                    "{o:?} offered but changes nothing ({verdict:?}) at {:?}",
                    g.pending()
                );
            }
        }
    }
}

fn play(seed: u64, character: &str, difficulty: Difficulty) {
    let db = db();
    let (mut g, _) = Game::new(setup(character, difficulty, seed), db.clone()).expect("setup");
    let mut pick = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = |n: usize| {
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        (pick % n as u64) as usize
    };
    for _ in 0..3000 {
        if g.is_over() {
            break;
        }
        // Every candidate that check refuses is refused by apply too, and changes nothing.
        let legal = legal_actions(&g);
        for a in candidate_actions(&g) {
            if let Err(e) = check(&g, &a) {
                assert!(!legal.contains(&a));
                let mut probe = g.clone();
                assert_eq!(apply(&mut probe, a), Err(e));
                assert_eq!(probe.state(), g.state());
            }
        }
        assert!(!legal.is_empty(), "no legal action at {:?}", g.pending());
        let moves: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| *a != Action::Undo)
            .collect();
        assert!(!moves.is_empty(), "only undo at {:?}", g.pending());
        assert_offered_are_useful(&g, &db);
        let a = moves[next(moves.len())];
        let before = g.clone();
        let events = apply(&mut g, a).expect("a legal action applies");
        assert_bars(g.state(), &db);
        // Undo goes back exactly one decision, unless that decision rolled or revealed.
        if g.can_undo() && next(8) == 0 {
            let after = g.clone();
            apply(&mut g, Action::Undo).expect("undo");
            assert_eq!(g.state(), before.state(), "undo after {a:?} ({events:?})");
            // Play the same move again to continue from where we were.
            apply(&mut g, a).expect("the same move again");
            assert_eq!(g.state(), after.state(), "replaying {a:?} after undo");
        }
    }
    let saved = g.save();
    let again = Game::load(&saved, db).expect("the log replays");
    assert_eq!(again.state(), g.state(), "replay from seed + log");
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 10_000,
        failure_persistence: None,
        // Fixed in CI so a run is reproducible; set PROPTEST_RNG_SEED to explore other games.
        rng_seed: proptest::test_runner::RngSeed::Fixed(
            std::env::var("PROPTEST_RNG_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20261121),
        ),
        ..ProptestConfig::default()
    })]
    #[test]
    fn random_legal_play(seed in any::<u64>(), ch in 0usize..4, d in 0usize..3) {
        play(seed, CHARACTERS[ch], Difficulty::ALL[d]);
    }
}

/// Value stability: a fixed seed gives fixed shuffles and fixed dice, whatever the cards are. If
/// this changes, every shared deal link and every saved game changes with it.
#[test]
fn fixed_seed_fixed_streams() {
    let mut rng = unbroken::engine::rng::Rngs::new(2024);
    let mut deck: Vec<u16> = (0..88).collect();
    unbroken::engine::rng::shuffle(&mut rng.encounter, &mut deck);
    let mut skills: Vec<u16> = (0..24).collect();
    unbroken::engine::rng::shuffle(&mut rng.skill, &mut skills);
    let dice: Vec<u8> = (0..8)
        .map(|_| unbroken::engine::rng::Dice::d6(&mut rng))
        .collect();
    let monsters: Vec<u8> = (0..4).map(|_| rng.monster_die()).collect();
    let got = format!(
        "{:?} {:?} {dice:?} {monsters:?}",
        &deck[deck.len() - 6..],
        &skills[skills.len() - 3..]
    );
    let pinned = include_str!("fixed_seed.txt").trim();
    assert_eq!(got, pinned, "the streams of seed 2024 changed");
}

/// The same seed deals the same game whatever the player does first: scouting uses the
/// monster stream only, so the encounter deck is untouched.
#[test]
fn seed_deals_the_same_whatever_the_choices() {
    let a = new_game("sneak", Difficulty::Normal, 77);
    let mut b = new_game("sneak", Difficulty::Normal, 77);
    let mut c = new_game("sage", Difficulty::Hard, 77);
    act(&mut b, Action::Scout);
    act(&mut c, Action::General(0));
    assert_eq!(a.state().encounter_deck, b.state().encounter_deck);
    assert_eq!(a.state().encounter_deck, c.state().encounter_deck);
    assert_eq!(a.state().skill_deck, c.state().skill_deck);
    assert_eq!(a.state().rng.dice, b.state().rng.dice);
}
