//! `preview` tells the certain part of every choice: over seeded random games, for every legal
//! action of every position, the preview equals what `apply` then does — followed by passing
//! every window where only the player's own optional responses wait (p. 12: the preview is "if
//! you use no response") — up to the first die roll or card reveal, and everything when no
//! chance is involved (positions, events, game end).

mod common;
use common::*;
use unbroken::engine::{
    apply, candidate_actions, check, legal_actions, preview, Action, Chance, Difficulty, Event,
    Game, Pending,
};

const CHARACTERS: [&str; 4] = ["sneak", "sage", "hunter", "brawler"];

/// Counts of what the run met, so the test proves it exercised each kind of preview.
#[derive(Default)]
struct Seen {
    certain: usize,
    chance: usize,
    ends: usize,
    /// Previews that passed a window of the player's own responses.
    passed: usize,
    /// Previews that named a cost paid with a higher Effort.
    paid_up: usize,
}

/// `apply`, then Pass at every window of optional responses only, as the preview assumes.
fn apply_passing(g: &mut Game, a: Action) -> (Vec<Event>, u8) {
    let mut events = apply(g, a).expect("a legal action applies");
    let mut passed = 0;
    while matches!(g.pending(), Pending::Respond { options, .. } if options.iter().all(|o| !o.mandatory))
        && !events.iter().any(Event::is_random)
    {
        passed += 1;
        events.extend(apply(g, Action::Pass).expect("an optional window passes"));
    }
    (events, passed)
}

fn play(seed: u64, character: &str, difficulty: Difficulty, seen: &mut Seen) {
    let (mut g, _) = Game::new(setup(character, difficulty, seed), db()).expect("setup");
    let mut pick = seed | 1;
    for _ in 0..3000 {
        if g.is_over() {
            break;
        }
        for a in candidate_actions(&g) {
            if let Err(e) = check(&g, &a) {
                assert_eq!(preview(&g, &a), Err(e), "{a:?} is refused alike");
            }
        }
        let legal = legal_actions(&g);
        for a in legal.iter().copied().filter(|a| *a != Action::Undo) {
            let p = preview(&g, &a).expect("a legal action previews");
            let mut after = g.clone();
            let (events, passed) = apply_passing(&mut after, a);
            seen.passed += usize::from(p.passed > 0);
            seen.paid_up += usize::from(!p.paid_up.is_empty());
            assert!(
                events.starts_with(&p.events),
                "{a:?}: the preview's events come first: {:?} vs {events:?}",
                p.events
            );
            if p.chance {
                seen.chance += 1;
                assert!(
                    events[p.events.len()].is_random(),
                    "{a:?}: chance begins where the preview stops"
                );
                assert_eq!(
                    p.chance_at,
                    Chance::of(&events[p.events.len()]),
                    "{a:?}: the preview names the roll or reveal that cut it"
                );
                continue;
            }
            seen.certain += 1;
            assert_eq!(p.chance_at, None, "{a:?}: nothing cut a certain preview");
            assert_eq!(p.passed, passed, "{a:?}: the windows passed");
            let s = after.state();
            assert_eq!(p.events, events, "{a:?}: all of it is certain");
            assert_eq!(p.stock, s.stock, "{a:?}: resources");
            assert_eq!(p.time, s.time, "{a:?}: Time");
            assert_eq!(
                p.monster.map(|m| (m.armor, m.health)),
                s.monster.as_ref().map(|m| (m.armor, m.health)),
                "{a:?}: the monster's trackers"
            );
            let held: Vec<u16> = s.conditions.iter().map(|c| c.card).collect();
            assert_eq!(p.conditions, held, "{a:?}: conditions");
            assert_eq!(p.weapon, s.weapons.last().copied(), "{a:?}: weapon");
            match s.pending.clone() {
                Pending::Over(o) => {
                    seen.ends += 1;
                    assert_eq!(p.ends_game, Some(o), "{a:?}: ends the game");
                }
                _ => assert_eq!(p.ends_game, None, "{a:?}: does not end the game"),
            }
        }
        let moves: Vec<Action> = legal.into_iter().filter(|a| *a != Action::Undo).collect();
        pick ^= pick << 13;
        pick ^= pick >> 7;
        pick ^= pick << 17;
        let a = moves[(pick % moves.len() as u64) as usize];
        apply(&mut g, a).expect("legal");
    }
}

/// 10,000 seeded games, every character and difficulty (about 8 s in a release build).
#[test]
fn preview_is_the_certain_part_of_apply() {
    let mut seen = Seen::default();
    for seed in 0..10_000u64 {
        let ch = CHARACTERS[(seed % 4) as usize];
        let d = Difficulty::ALL[(seed / 4 % 3) as usize];
        play(seed * 7919 + 3, ch, d, &mut seen);
    }
    assert!(seen.certain > 100_000, "certain previews: {}", seen.certain);
    assert!(
        seen.chance > 1000,
        "previews cut by chance: {}",
        seen.chance
    );
    assert!(seen.ends > 0, "no preview of a game's end was met");
    assert!(
        seen.passed > 1000,
        "previews through a window: {}",
        seen.passed
    );
    assert!(seen.paid_up > 100, "previews paid up: {}", seen.paid_up);
}

/// Undo previews the position it goes back to.
#[test]
fn undo_previews_the_position_before() {
    let mut g = new_game("sage", Difficulty::Normal, 5);
    let before = g.clone();
    let rest = legal_actions(&g)
        .into_iter()
        .find(|a| matches!(a, Action::General(0)))
        .expect("Focus is legal at the start");
    act(&mut g, rest);
    let p = preview(&g, &Action::Undo).expect("undo is legal");
    assert_eq!(p.stock, before.state().stock);
    assert_eq!(p.time, before.state().time);
}
