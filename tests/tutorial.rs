//! The guided first game (issue 14, item 1): `content/tutorial.json` played through the engine.
//! Every step's move is legal where the step stands, the lessons the issue names happen where
//! the words say they do (the ambush is a real ambush, the Trickery Step a real one, …), the
//! words name no card that is not on the table (a lesson never spoils the face-down monster or
//! the deck), and a lesson is told apart from every other game. When the box changes and this
//! fails, re-script the lesson (see the file's `about`).

use std::collections::BTreeSet;
use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::{apply, candidate_actions, check, Action, Game, Pending};
use unbroken::learn::{self, Step};

fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("the box"))
}

/// Plays the lesson, calling `at` before each step's move with the game as the step shows it.
fn play_lesson(mut at: impl FnMut(usize, &Step, &Game)) -> Game {
    let (mut g, _) = learn::start(db()).expect("the lesson's setup");
    for (i, step) in learn::steps().iter().enumerate() {
        assert_eq!(
            learn::step_of(&g),
            Some((i, step)),
            "the lesson should stand at step {}",
            i + 1
        );
        at(i, step, &g);
        let offered = candidate_actions(&g);
        assert!(
            offered.contains(&step.play) && check(&g, &step.play).is_ok(),
            "step {} ({}): {:?} is not a legal move here (pending {:?}; offered {:?}). \
             Re-script content/tutorial.json.",
            i + 1,
            step.title,
            step.play,
            g.pending(),
            offered
        );
        apply(&mut g, step.play).expect("a legal move applies");
    }
    g
}

#[test]
fn the_lesson_plays_to_its_end_by_the_rules() {
    let g = play_lesson(|_, _, _| {});
    assert_eq!(learn::step_of(&g), None, "every step is done");
    assert!(!g.is_over(), "the lesson ends with the game still to play");
    assert!(learn::is_lesson(&g));
}

#[test]
fn each_lesson_happens_where_its_words_say() {
    let mut seen = BTreeSet::new();
    play_lesson(|i, step, g| {
        let s = g.state();
        let at = format!("step {} ({})", i + 1, step.title);
        let pending = g.pending();
        let ok = match step.lesson {
            "Preparation" => matches!(pending, Pending::Prepare) && s.level == 1,
            "The Decision" => {
                matches!(pending, Pending::Prepare)
                    && matches!(step.play, Action::Explore | Action::Confront)
            }
            "Exploration" => {
                matches!(pending, Pending::Encounter { .. })
                    || (matches!(pending, Pending::Prepare) && step.play == Action::Explore)
            }
            // A real ambush: Time ran out and the monster struck first.
            "Ambush" => s.ambushed && matches!(pending, Pending::Battle { .. }),
            "Trickery" => matches!(pending, Pending::Trickery) && step.play == Action::Fight,
            "Battle" => matches!(
                pending,
                Pending::Battle { .. } | Pending::Respond { .. } | Pending::ChooseRoll { .. }
            ),
            "Rewards and a skill" => matches!(pending, Pending::ChooseSkill { .. }),
            "Hunger" => matches!(pending, Pending::Hunger { .. }),
            "Advance" => s.level == 2 && matches!(pending, Pending::Prepare),
            other => panic!("{at}: unknown lesson {other}"),
        };
        assert!(
            ok,
            "{at}: the game is not where the lesson says (pending {pending:?})"
        );
        // The battle lessons the issue names: breaking armor, then wounding, the monster's
        // roll answered by one response.
        match step.play {
            Action::Scout => {
                seen.insert("scout");
            }
            Action::Resolve(_) => {
                seen.insert("resolve");
            }
            Action::Rest(_) => {
                seen.insert("rest");
            }
            Action::Respond(_) => {
                if matches!(pending, Pending::Respond { .. }) {
                    seen.insert("response to the monster's roll");
                }
            }
            Action::Attack(_) => match &s.monster {
                Some(m) if m.armor > 0 => {
                    seen.insert("break armor");
                }
                Some(_) => {
                    seen.insert("wound");
                }
                None => {}
            },
            Action::General(0) => {
                seen.insert("focus");
            }
            _ => {}
        }
    });
    for want in [
        "focus",
        "scout",
        "resolve",
        "rest",
        "break armor",
        "wound",
        "response to the monster's roll",
    ] {
        assert!(seen.contains(want), "no step teaches: {want}");
    }
}

/// The names of the cards a player cannot see yet: monsters, encounter and skill cards.
fn hidden_kinds(db: &CardDb) -> Vec<(u8, u16, String)> {
    let mut out = Vec::new();
    for (i, m) in db.monsters.iter().enumerate() {
        out.push((0, i as u16, m.name.clone()));
    }
    for (i, e) in db.encounters.iter().enumerate() {
        out.push((1, i as u16, e.name.clone()));
    }
    for (i, k) in db.skills.iter().enumerate() {
        out.push((2, i as u16, k.name.clone()));
    }
    out
}

/// Whether `text` names `name` as a whole phrase.
fn names(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

#[test]
fn the_words_name_only_what_is_on_the_table() {
    let db = db();
    let cards = hidden_kinds(&db);
    play_lesson(|i, step, g| {
        let s = g.state();
        let mut visible: BTreeSet<(u8, u16)> = BTreeSet::new();
        if let Some(m) = &s.monster {
            visible.insert((0, m.card));
        }
        match g.pending() {
            Pending::Encounter { revealed, .. } => {
                visible.extend(revealed.iter().map(|c| (1, *c)));
            }
            Pending::ChooseSkill { cards } => visible.extend(cards.iter().map(|c| (2, *c))),
            _ => {}
        }
        visible.extend(s.skills.iter().map(|c| (2, *c)));
        let text = format!(
            "{} {}",
            learn::words(g, step.title),
            learn::words(g, learn::say(i))
        );
        assert!(!learn::say(i).is_empty(), "step {}: no words", i + 1);
        assert!(
            !text.contains('{') && !text.contains('}'),
            "step {}: unfilled words: {text}",
            i + 1
        );
        for (kind, card, name) in &cards {
            if names(&text, name) {
                assert!(
                    visible.contains(&(*kind, *card))
                        // A name shared by a visible card (two copies of a card).
                        || cards.iter().any(|(k, c, n)| {
                            n == name && *k == *kind && visible.contains(&(*k, *c))
                        }),
                    "step {} ({}) names {name}, which is not on the table",
                    i + 1,
                    step.title
                );
            }
        }
    });
}

#[test]
fn a_lesson_is_told_apart_and_survives_a_save() {
    let db = db();
    let (g, _) = learn::start(db.clone()).expect("the lesson");
    assert!(learn::is_lesson(&g));
    assert_eq!(learn::step_of(&g).map(|(i, _)| i), Some(0));
    // The same deal without the lesson's dice is an ordinary game.
    let (plain, _) = Game::new(learn::setup(), db.clone()).expect("the deal");
    assert!(!learn::is_lesson(&plain));
    assert_eq!(learn::step_of(&plain), None);
    // Left after three steps and resumed from its save: the same step.
    let mut g = g;
    for step in &learn::steps()[..3] {
        apply(&mut g, step.play).expect("legal");
    }
    let back = Game::load(&g.save(), db).expect("the lesson's save loads");
    assert!(learn::is_lesson(&back));
    assert_eq!(learn::step_of(&back).map(|(i, _)| i), Some(3));
}
