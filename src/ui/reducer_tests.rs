//! The reducer's rules, checked natively: starting, acting (legal and not), leaving and
//! resuming, deal links (started at once, or asked about when a game is saved), notices and
//! warnings, replays (read-only, clamped), the lesson (Learn to play) and the words file.

use super::*;
use crate::engine::{Difficulty, Pending};
use crate::ui::keymap::{Settings, Verbosity};
use crate::ui::link::read_link;

fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("the built-in box loads"))
}

fn setup(seed: u64) -> Setup {
    Setup {
        seed,
        character: "hunter".into(),
        side: 0,
        difficulty: Difficulty::Normal,
        easy_toggle: false,
    }
}

fn step(m: &Model, msg: Msg) -> Model {
    m.reduce(msg).expect("the message changes the model")
}

fn started(seed: u64) -> Model {
    step(&Model::new(db(), None), Msg::Start(setup(seed)))
}

fn game(m: &Model) -> &Game {
    &m.view.as_ref().expect("a game is on screen").game
}

/// The first action the position offers that the rules accept.
fn legal(m: &Model) -> Action {
    let v = m.view.as_ref().expect("a game is on screen");
    *v.candidates()
        .iter()
        .find(|a| v.status(a).is_ok() && **a != Action::Undo)
        .expect("some action is possible")
}

#[test]
fn start_shows_the_deal_and_its_first_log_line() {
    let m = started(7);
    assert_eq!(game(&m).state().setup.seed, 7);
    assert_eq!(m.log.len(), 1);
    assert!(m.log[0].head.contains("seed 7"), "{}", m.log[0].head);
    assert!(!m.announce.is_empty());
    assert!(m.saved.is_none() && m.last_error.is_none());
}

#[test]
fn an_action_changes_the_game_logs_it_and_announces_it() {
    let m = started(11);
    let a = legal(&m);
    let n = step(&m, Msg::Act(a));
    assert_ne!(game(&n).state(), game(&m).state());
    assert_eq!(n.log.len(), 2);
    assert_eq!(
        n.log[1].head,
        m.view.as_ref().map(|v| v.label(&a)).unwrap_or_default()
    );
    assert!(n.rev > m.rev && n != m);
    assert!(n.last_error.is_none());
}

#[test]
fn a_refused_action_keeps_the_game_and_says_why() {
    let m = started(12);
    assert!(matches!(game(&m).state().pending, Pending::Prepare));
    // Keeping a skill is not something the Preparation Step allows.
    let n = step(&m, Msg::Act(Action::KeepSkill(0)));
    assert_eq!(game(&n).state(), game(&m).state());
    assert!(n.last_error.is_some());
    assert!(n.announce.starts_with("Not possible"), "{}", n.announce);
    // The next message clears the error.
    let d = step(&n, Msg::Dismiss);
    assert!(d.last_error.is_none());
}

#[test]
fn nothing_to_act_on_changes_nothing() {
    let m = Model::new(db(), None);
    assert!(m.reduce(Msg::Act(Action::Explore)).is_none());
    assert!(m.reduce(Msg::Resume).is_none());
    assert!(m.reduce(Msg::ReplayTo(3)).is_none());
    assert!(m.reduce(Msg::AcceptLink).is_none());
}

#[test]
fn leave_keeps_the_game_and_resume_brings_it_back_with_its_log() {
    let mut m = started(21);
    for _ in 0..3 {
        let a = legal(&m);
        m = step(&m, Msg::Act(a));
    }
    let before = game(&m).clone();
    let log = m.log.len();
    let left = step(&m, Msg::Leave);
    assert!(left.view.is_none());
    assert!(left.saved.is_some());
    let back = step(&left, Msg::Resume);
    assert_eq!(game(&back).state(), before.state());
    assert_eq!(back.log.len(), log);
    assert!(back.saved.is_none());
}

#[test]
fn a_deal_link_starts_at_once_without_a_saved_game() {
    let db = db();
    let q = crate::share::link::deal_query(&setup(99));
    let ask = read_link(&q, &db.characters).expect("a deal link");
    assert_eq!(ask, LinkAsk::Deal(setup(99)));
    let m = step(&Model::new(db, None), Msg::Link(ask));
    assert_eq!(game(&m).state().setup, setup(99));
}

#[test]
fn a_deal_link_over_a_saved_game_is_asked_about() {
    let saved = step(&started(5), Msg::Leave);
    let ask = LinkAsk::Deal(setup(77));
    let asked = step(&saved, Msg::Link(ask.clone()));
    assert!(asked.view.is_none());
    assert_eq!(asked.ask_link, Some(setup(77)));
    // Keeping the game forgets the link and keeps the save.
    let kept = step(&asked, Msg::KeepGame);
    assert!(kept.ask_link.is_none() && kept.saved.is_some() && kept.view.is_none());
    // Playing it starts the linked deal.
    let played = step(&asked, Msg::AcceptLink);
    assert_eq!(game(&played).state().setup.seed, 77);
    assert!(played.ask_link.is_none() && played.saved.is_none());
}

#[test]
fn a_broken_link_is_an_error_to_dismiss() {
    let db = db();
    assert_eq!(read_link("", &db.characters), None);
    assert_eq!(read_link("?", &db.characters), None);
    let Some(LinkAsk::Error(e)) = read_link("?v=1&seed=x&character=hunter", &db.characters) else {
        panic!("a malformed link is an error");
    };
    let m = step(&Model::new(db, None), Msg::Link(LinkAsk::Error(e.clone())));
    assert_eq!(m.link_error.as_deref(), Some(e.as_str()));
    assert!(m.view.is_none());
    assert!(step(&m, Msg::DismissLinkError).link_error.is_none());
}

#[test]
fn notices_stay_until_dismissed_or_a_new_game_starts() {
    let m = step(&Model::new(db(), None), Msg::Notice("kept aside".into()));
    assert_eq!(m.notice.as_deref(), Some("kept aside"));
    let m = step(&m, Msg::Dismiss);
    assert_eq!(m.notice.as_deref(), Some("kept aside"));
    assert!(step(&m, Msg::DismissNotice).notice.is_none());
    assert!(step(&m, Msg::Start(setup(3))).notice.is_none());
    let w = step(&m, Msg::Warning("storage is off".into()));
    assert_eq!(w.warning.as_deref(), Some("storage is off"));
    assert!(step(&w, Msg::Start(setup(3))).warning.is_some());
}

#[test]
fn a_replay_is_read_only_and_clamped() {
    let mut m = started(31);
    for _ in 0..4 {
        let a = legal(&m);
        m = step(&m, Msg::Act(a));
    }
    let save = game(&m).save();
    let total = save.actions.len();
    let r = step(&m, Msg::Replay(Box::new(save)));
    assert!(r.view.as_ref().is_some_and(|v| v.read_only));
    assert_eq!(r.replay.as_ref().map(|i| i.step), Some(0));
    assert!(r.saved.is_some(), "the game in progress stays saved");
    assert!(r.reduce(Msg::Act(legal(&m))).is_none());
    let end = step(&r, Msg::ReplayTo(total + 10));
    assert_eq!(end.replay.as_ref().map(|i| i.step), Some(total));
    assert_eq!(game(&end).state(), game(&m).state());
    let closed = step(&end, Msg::CloseReplay);
    assert!(closed.view.is_none() && closed.replay.is_none());
}

/// Next in a replay applies one move to the position shown (no replay from
/// move 0 per step), and reaches the very position and log a jump to that step does.
#[test]
fn replay_steps_one_move_at_a_time_to_the_same_place_as_a_jump() {
    let mut m = started(32);
    for _ in 0..12 {
        let a = legal(&m);
        m = step(&m, Msg::Act(a));
    }
    let save = game(&m).save();
    let mut r = step(&m, Msg::Replay(Box::new(save.clone())));
    for i in 1..=save.actions.len() {
        let before = game(&r).clone();
        r = step(&r, Msg::ReplayTo(i));
        let jump = step(
            &step(&m, Msg::Replay(Box::new(save.clone()))),
            Msg::ReplayTo(i),
        );
        assert_eq!(game(&r).state(), game(&jump).state(), "step {i}");
        assert_eq!(r.log.len(), jump.log.len(), "step {i}");
        assert_eq!(
            r.log.last().map(|l| &l.head),
            jump.log.last().map(|l| &l.head)
        );
        // One move on from the position shown: its log grew by one line.
        assert_eq!(
            game(&r).save().actions.len(),
            before.save().actions.len() + 1
        );
    }
}

#[test]
fn a_100000_move_save_resumes_with_its_whole_log() {
    // A move and its undo, 50,000 times: the log keeps every one of them.
    let (mut g, _) = Game::new(setup(5), db()).expect("setup");
    while g.log().len() < 100_000 {
        let a = crate::engine::legal_actions(&g)
            .into_iter()
            .find(|a| *a != Action::Undo)
            .expect("a move");
        crate::engine::apply(&mut g, a).expect("legal");
        crate::engine::apply(&mut g, Action::Undo).expect("undo");
    }
    let before = g.clone();
    let m = Model::new(db(), Some(Rc::new(g)));
    let t = std::time::Instant::now();
    let back = step(&m, Msg::Resume);
    eprintln!("resumed 100,000 moves in {:?}", t.elapsed());
    assert_eq!(game(&back).state(), before.state());
    assert_eq!(back.log.len(), 100_001);
}

/// Plays legal moves until `done` holds (or gives up); returns the model reached.
fn play_until(mut m: Model, done: impl Fn(&Model) -> bool) -> Option<Model> {
    for _ in 0..3000 {
        if done(&m) {
            return Some(m);
        }
        if game(&m).is_over() {
            return None;
        }
        let a = legal(&m);
        m = step(&m, Msg::Act(a));
    }
    None
}

#[test]
fn a_move_that_changes_counters_reports_each_change() {
    let m = started(11);
    let m = play_until(m, |m| !m.deltas.is_empty()).expect("some move changes a counter");
    for (c, d) in m.deltas.iter() {
        assert_ne!(*d, 0, "{c:?} is listed without a change");
    }
    // Deltas are per move: the next model made from a non-move message has none.
    let m2 = step(&m, Msg::Dismiss);
    assert!(m2.deltas.is_empty());
}

#[test]
fn a_banner_is_shown_and_announced_when_its_moment_comes() {
    let m = started(5);
    let m = play_until(m, |m| m.banner.is_some()).expect("some banner in this deal");
    let b = m.banner.clone().expect("a banner");
    // Said once, in its event's place among the move's events (never first, before its cause).
    assert_eq!(m.announce.matches(&b.text).count(), 1, "{}", m.announce);
    assert_eq!(m.announce, m.log.last().unwrap().lines.join(" "));
    // The next model made by a message that is not a move shows none.
    assert!(step(&m, Msg::Dismiss).banner.is_none());
}

#[test]
fn each_moment_has_its_banner_and_the_last_one_wins() {
    let m = started(5);
    let g = game(&m);
    let kind = |events: &[Event]| banner_of(g, events, 9).map(|b| b.kind);
    assert_eq!(
        kind(&[Event::Ambushed { monster: 0 }]),
        Some(BannerKind::Ambush)
    );
    assert_eq!(
        kind(&[Event::MonsterDefeated { monster: 0 }]),
        Some(BannerKind::Defeated)
    );
    assert_eq!(
        kind(&[Event::LevelStarted { level: 2, time: 9 }]),
        Some(BannerKind::Level)
    );
    // The first level's start is the game's start: no banner.
    assert_eq!(kind(&[Event::LevelStarted { level: 1, time: 9 }]), None);
    assert_eq!(
        kind(&[Event::GameLost {
            cause: "starved".into()
        }]),
        Some(BannerKind::Defeat)
    );
    assert_eq!(
        kind(&[
            Event::MonsterDefeated { monster: 0 },
            Event::LevelStarted { level: 3, time: 9 }
        ]),
        Some(BannerKind::Level)
    );
    assert_eq!(kind(&[Event::Committed]), None);
}

#[test]
fn a_save_that_works_again_clears_the_storage_warning() {
    let m = started(3);
    let m = step(&m, Msg::Warning("full".into()));
    assert_eq!(m.warning.as_deref(), Some("full"));
    let m = step(&m, Msg::SavingWorks);
    assert_eq!(m.warning, None);
    assert!(m.announce.contains("saved again"), "{}", m.announce);
    // Without a warning there is nothing to clear: no new model, no render.
    assert!(m.reduce(Msg::SavingWorks).is_none());
}

#[test]
fn another_tab_stops_saving_until_a_new_game_starts_here() {
    let m = step(&started(3), Msg::OtherTab("another tab".into()));
    assert!(m.other_tab);
    assert_eq!(m.warning.as_deref(), Some("another tab"));
    // Moves go on, unsaved.
    let a = legal(&m);
    let m = step(&m, Msg::Act(a));
    assert!(m.other_tab);
    // A new deal started in this tab owns the slot again.
    let m = step(&m, Msg::Start(setup(4)));
    assert!(!m.other_tab);
    assert_eq!(m.warning, None);
}

#[test]
fn the_lesson_offers_only_its_step_and_is_kept_apart_from_the_saved_game() {
    // A saved game on the title screen.
    let saved = step(&started(5), Msg::Leave);
    let kept = saved.saved.clone().expect("the game is saved");
    let m = step(&saved, Msg::Learn);
    let v = m.view.as_ref().expect("the lesson is on the table");
    let first = crate::learn::steps()[0].play;
    assert_eq!(v.only, Some(first));
    // Every other move is closed, with the reason; taking one changes nothing.
    let other = *v
        .candidates()
        .iter()
        .find(|a| **a != first)
        .expect("the position offers more than the lesson's move");
    assert!(v.status(&other).is_err());
    assert!(v.status(&first).is_ok());
    let refused = step(&m, Msg::Act(other));
    assert_eq!(game(&refused).log().len(), 0);
    assert!(refused.last_error.is_some());
    // The lesson's move is taken; leaving keeps the lesson apart, the saved game untouched.
    let m = step(&m, Msg::Act(first));
    assert_eq!(game(&m).log(), &[first]);
    let left = step(&m, Msg::Leave);
    assert!(Rc::ptr_eq(left.saved.as_ref().expect("still saved"), &kept));
    assert_eq!(left.lesson.as_ref().map(|g| g.log().len()), Some(1));
    // Learn goes on where it was left; Learn again starts it over.
    let back = step(&left, Msg::Learn);
    assert_eq!(game(&back).log(), &[first]);
    assert_eq!(
        back.view.as_ref().and_then(|v| v.only),
        Some(crate::learn::steps()[1].play)
    );
    let again = step(&step(&back, Msg::Leave), Msg::LearnAgain);
    assert_eq!(game(&again).log().len(), 0);
    assert!(Rc::ptr_eq(
        again.saved.as_ref().expect("still saved"),
        &kept
    ));
}

#[test]
fn the_words_file_arriving_redraws_the_table_but_keeps_the_moves_banner() {
    let mut m = started(3);
    // Play until a move calls for a banner (the first level's ambush or battle's end).
    for _ in 0..200 {
        if m.banner.is_some() {
            break;
        }
        let a = legal(&m);
        m = step(&m, Msg::Act(a));
    }
    let banner = m.banner.clone().expect("a banner within 200 moves");
    let after = step(&m, Msg::Words);
    assert_eq!(after.banner, Some(banner));
    assert_ne!(
        after.view.as_ref().map(|v| v.rev),
        m.view.as_ref().map(|v| v.rev)
    );
    assert_eq!(game(&after).log(), game(&m).log());
}

/// The last move keeps every line of every move, each with its mark; causes regroup exactly
/// those lines in order; a monster's combat roll is one cause with its row, and a headline.
#[test]
fn every_move_keeps_all_its_lines_grouped_by_cause() {
    let mut seen_roll = false;
    for seed in 1..6 {
        let mut m = started(seed);
        for _ in 0..300 {
            if matches!(game(&m).state().pending, Pending::Over(_)) {
                break;
            }
            m = step(&m, Msg::Act(legal(&m)));
            let g = m.log.last().expect("a move was logged");
            assert_eq!(g.lines.len(), g.marks.len());
            let flat: Vec<&str> = g.causes().into_iter().flatten().map(|(l, _)| l).collect();
            let lines: Vec<&str> = g.lines.iter().map(String::as_str).collect();
            assert_eq!(flat, lines, "causes regroup the move's lines, none cut");
            for (i, l) in g.lines.iter().enumerate() {
                if !l.starts_with("The monster rolls") {
                    continue;
                }
                assert!(g.marks[i].headline, "{l}");
                // The die and the row it lands on read as one cause.
                if i > 0 && g.lines[i - 1].starts_with("The monster's combat roll") {
                    assert!(!g.marks[i].opens, "{:?}", g.lines);
                    seen_roll = true;
                }
            }
        }
    }
    assert!(seen_roll, "some move rolled the monster's combat die");
}

/// Over whole games of random choices: the numbered choices are exactly the moves the rules
/// allow on the stage (nothing legal is left without a number, nothing refused gets one), and
/// a game is played to its end by choices alone.
#[test]
fn the_numbered_choices_are_the_legal_moves_of_the_stage() {
    let mut most = 0;
    let mut over_ten = 0;
    let mut decisions = 0;
    for seed in 0..40u64 {
        let mut m = started(seed);
        let mut r = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..400 {
            let v = m.view.clone().expect("a game is on screen");
            if v.game.is_over() {
                break;
            }
            let legal: Vec<Action> = engine::legal_actions(&v.game)
                .into_iter()
                .filter(|a| !matches!(a, Action::Undo | Action::Downgrade))
                .collect();
            let choices = v.choices().to_vec();
            let mut sorted = choices.clone();
            sorted.sort_by_key(|a| format!("{a:?}"));
            let mut want = legal.clone();
            want.sort_by_key(|a| format!("{a:?}"));
            assert_eq!(sorted, want, "seed {seed}");
            assert_eq!(v.choice_number(&choices[0]), Some(1));
            most = most.max(choices.len());
            decisions += 1;
            if choices.len() > 10 {
                over_ten += 1;
            }
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let a = choices[(r % choices.len() as u64) as usize];
            m = step(&m, Msg::Act(a));
        }
    }
    eprintln!("choices: at most {most}; {over_ten} of {decisions} decisions had more than 10");
}

/// The repeat key says the last move's words again (counted as a new announcement, so the
/// live region speaks it), and the history reads entry by entry, "entry n of m", without
/// changing the game.
#[test]
fn repeat_and_history_read_without_moving() {
    let m = started(5);
    let a = legal(&m);
    let moved = step(&m, Msg::Act(a));
    let said = moved.announce.clone();
    let r = step(&moved, Msg::Repeat);
    assert_eq!(r.announce, said);
    assert!(r.said > moved.said);
    assert_eq!(game(&r).state(), game(&moved).state());
    let back = step(&r, Msg::History(-1));
    assert!(
        back.announce.starts_with("Entry 2 of 2: "),
        "{}",
        back.announce
    );
    let back = step(&back, Msg::History(-1));
    assert!(
        back.announce.starts_with("Entry 1 of 2: "),
        "{}",
        back.announce
    );
    let back2 = step(&back, Msg::History(-1));
    assert!(back2.announce.starts_with("Entry 1 of 2: "));
    assert!(
        back2.said > back.said,
        "the first entry again is said again"
    );
    let fwd = step(&back2, Msg::History(1));
    assert!(fwd.announce.starts_with("Entry 2 of 2: "));
    // A move starts the history again from the newest entry.
    let next = step(&fwd, Msg::Act(legal(&fwd)));
    assert_eq!(next.history_at, None);
}

/// Every event line of a move is said once, in the engine's order, over whole games; with
/// "outcomes only" a subsequence of them, and never nothing.
#[test]
fn every_event_is_said_once_in_order_and_outcomes_say_less() {
    for verbosity in [Verbosity::Everything, Verbosity::Outcomes] {
        let mut m = step(
            &Model::new(db(), None),
            Msg::Settings(Settings {
                verbosity,
                ..Settings::default()
            }),
        );
        m = step(&m, Msg::Start(setup(9)));
        for _ in 0..300 {
            if game(&m).is_over() {
                break;
            }
            m = step(&m, Msg::Act(legal(&m)));
            let g = m.log.last().unwrap();
            if verbosity == Verbosity::Everything && !g.lines.is_empty() {
                assert_eq!(m.announce, g.lines.join(" "));
            } else {
                // A subsequence of the lines, in order (or the move's own words when none is
                // an outcome).
                let mut rest = m.announce.as_str();
                for l in &g.lines {
                    if let Some(r) = rest.strip_prefix(l.as_str()) {
                        rest = r.trim_start();
                    }
                }
                assert!(rest.is_empty() || m.announce == g.head, "{}", m.announce);
            }
        }
    }
}
