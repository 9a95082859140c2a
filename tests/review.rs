//! The review: every decision of a game beside the smart bot's choice, with
//! the bot's estimate of the chance to win; and that estimate itself, which must predict the
//! box's games better than the plain win rate (a changed box or bot that breaks the fitted
//! curves fails here: `unbroken report --chance` fits them again).

use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::{apply, legal_moves, Action, Difficulty, Game, Setup};
use unbroken::sim::smart::chance;
use unbroken::sim::{hint, review, turning_point, Brain};

fn db() -> Arc<CardDb> {
    Arc::new(CardDb::builtin().expect("the box"))
}

#[test]
fn the_chance_curves_predict_fresh_games_better_than_the_win_rate() {
    // Seeds far from the ones the constants were fitted on (report --chance --seed 1).
    let data = chance::samples(db(), 160, 7_000_000, Difficulty::Normal);
    assert!(data.len() > 5_000, "{} positions", data.len());
    let (curves, plain) = chance::brier(&data, &chance::CURVES);
    assert!(
        curves < plain * 0.92,
        "Brier score {curves:.4} with the curves, {plain:.4} with the plain win rate"
    );
}

/// A game played with a few odd moves of its own: the review lists every decision that had a
/// choice, in order, names both moves as the table does, marks the bot's own choices as the
/// same, agrees with the hint of each position, and is the same review in chunks as in one go.
#[test]
fn a_review_lists_every_decision_beside_the_bots_choice() {
    let setup = Setup {
        seed: 44,
        character: "brawler".into(),
        side: 0,
        difficulty: Difficulty::Easy,
        easy_toggle: false,
    };
    let (mut g, _) = Game::new(setup, db()).expect("setup");
    let brain = Arc::new(Brain::new(g.db_arc()));
    let mut decisions = Vec::new();
    for n in 0..2000 {
        if g.is_over() {
            break;
        }
        let legal: Vec<Action> = legal_moves(&g);
        let bot = hint(&brain, &g).expect("a move").action;
        // Every seventh decision, the last offered move instead of the bot's.
        let a = if n % 7 == 3 {
            *legal.last().expect("a move")
        } else {
            bot
        };
        if legal.len() > 1 {
            decisions.push((g.log().len(), a == bot));
        }
        apply(&mut g, a).expect("legal");
    }
    assert!(g.is_over());
    let save = g.save();
    let all = review(&brain, &save, 0, save.actions.len()).expect("review");
    assert_eq!(
        all.iter().map(|r| (r.at, r.same)).collect::<Vec<_>>(),
        decisions
    );
    assert!(all.iter().any(|r| !r.same) && all.iter().any(|r| r.same));
    for r in &all {
        assert!((0.0..=1.0).contains(&r.before) && (0.0..=1.0).contains(&r.after_played));
        assert!(!r.played.is_empty() && !r.bot.is_empty());
        assert_eq!(r.same, r.played == r.bot, "{r:?}");
        assert!((1..=4).contains(&r.level), "{r:?}");
        // Every disagreement says why, in the hint's words; an agreement needs no reason.
        match (&r.why, r.same) {
            (Some(why), false) => assert!(
                why.ends_with('.') && why.contains(&r.bot) && why.contains(&r.played),
                "{why}"
            ),
            (None, true) => assert!(r.bot_then.is_none()),
            _ => panic!("a reason where there should be none, or none where one is due: {r:?}"),
        }
    }
    assert!(
        all.iter().any(|r| r.bot_then.is_some()),
        "the bot's next move is never told"
    );
    assert!(all.windows(2).all(|w| w[0].level <= w[1].level));
    // The turning point is the largest fall between two decisions (or to the end).
    let won = matches!(
        g.pending(),
        unbroken::engine::Pending::Over(unbroken::engine::Outcome::Victory { .. })
    );
    let t = turning_point(&all, Some(won)).expect("a game that never loses ground");
    let falls: Vec<f64> = all
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.before
                - all
                    .get(i + 1)
                    .map_or(f64::from(u8::from(won)), |n| n.before)
        })
        .collect();
    let most = falls.iter().copied().fold(f64::MIN, f64::max);
    assert!((t.from - t.to - most).abs() < 1e-12, "{t:?}");
    assert!(t.text.contains(&format!("move {}", t.at + 1)), "{}", t.text);
    let mut chunks = Vec::new();
    for from in (0..save.actions.len()).step_by(10) {
        chunks.extend(review(&brain, &save, from, from + 10).expect("chunk"));
    }
    assert_eq!(chunks, all);
}
