//! The review (issue 14, item 3): every decision of a game beside the smart bot's choice, with
//! the bot's estimate of the chance to win; and that estimate itself, which must predict the
//! box's games better than the plain win rate (a changed box or bot that breaks the fitted
//! curves fails here: `unbroken report --chance` fits them again).

use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::{apply, legal_actions, Action, Difficulty, Game, Setup};
use unbroken::sim::smart::chance;
use unbroken::sim::{hint, review, Brain};

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
        let legal: Vec<Action> = legal_actions(&g)
            .into_iter()
            .filter(|a| *a != Action::Undo)
            .collect();
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
    }
    let mut chunks = Vec::new();
    for from in (0..save.actions.len()).step_by(10) {
        chunks.extend(review(&brain, &save, from, from + 10).expect("chunk"));
    }
    assert_eq!(chunks, all);
}
