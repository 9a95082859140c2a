//! tests/e2e/fixtures/victory-save.json: a won game, for the browser tests of the end screen
//! (tests/e2e/end.test.mjs puts it in the save slot without its last move, continues it and
//! makes that move). The smart bot plays Easy deals from seed 1 up; the first game it wins is
//! the fixture. When the committed file no longer replays to a victory (the rules or cards
//! changed), `the_victory_fixture_replays_to_a_victory` writes a fresh one and fails, saying so:
//! commit the new file. (`UPDATE_FIXTURES=1 cargo test --release --test victory_fixture`
//! rewrites it in any case.) The other tests use a fresh won game when the file is stale.

mod common;
use common::*;
use unbroken::engine::derived::{rank, rank_scale, score, score_lines};
use unbroken::engine::{Difficulty, Game, Outcome, Pending};
use unbroken::sim::{play_step, SmartBot};

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/e2e/fixtures/victory-save.json"
);

fn won_game() -> Game {
    for seed in 1..60 {
        let mut g = new_game("brawler", Difficulty::Easy, seed);
        let mut bot = SmartBot::new();
        while play_step(&mut g, &mut bot) {}
        if matches!(g.pending(), Pending::Over(Outcome::Victory { .. })) {
            return g;
        }
    }
    panic!("the smart bot won none of 59 Easy Brawler deals");
}

/// The committed fixture, if it still replays to a victory with these cards.
fn fixture() -> Option<Game> {
    let text = std::fs::read_to_string(PATH).ok()?;
    let g = Game::load(&serde_json::from_str(&text).ok()?, db()).ok()?;
    matches!(g.pending(), Pending::Over(Outcome::Victory { .. })).then_some(g)
}

/// The fixture, or a fresh won game when it is stale.
fn won() -> Game {
    fixture().unwrap_or_else(won_game)
}

fn write_fixture(g: &Game) {
    let text = serde_json::to_string(&g.save()).expect("a save serializes");
    std::fs::write(PATH, text + "\n").expect("fixture written");
}

#[test]
fn the_victory_fixture_replays_to_a_victory() {
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        write_fixture(&won_game());
    }
    if fixture().is_none() {
        write_fixture(&won_game());
        panic!(
            "tests/e2e/fixtures/victory-save.json no longer replayed to a victory with these cards; \
             a fresh one was written: commit it"
        );
    }
}

/// The end screen's breakdown (derived::score_lines) adds up to the score the game ended with, one
/// line per resource that scores, and the rank is the highest step of the scale it reaches.
#[test]
fn the_score_breakdown_adds_up() {
    let g = won();
    let Pending::Over(Outcome::Victory {
        score: won,
        rank: named,
    }) = g.pending()
    else {
        panic!("not a victory");
    };
    let (s, db) = (g.state(), g.db());
    let lines = score_lines(s, db);
    assert_eq!(
        lines.len(),
        7,
        "Medium, Large, Cunning, Food, Wood, Metal, Treasure score"
    );
    for l in &lines {
        assert_eq!(l.count, s.stock.get(l.res));
        assert_eq!(l.subtotal, l.count as u32 * l.points as u32);
        assert!(l.points > 0);
    }
    let sum: u32 = lines.iter().map(|l| l.subtotal).sum();
    assert_eq!(sum, *won);
    assert_eq!(sum, score(s, db));
    assert!(
        sum > 0,
        "the fixture scores something, so the breakdown is worth showing"
    );
    let scale = rank_scale(db);
    let reached = scale
        .iter()
        .rev()
        .find(|(_, min)| sum >= *min)
        .map(|(n, _)| n.clone());
    assert_eq!(reached.as_deref(), Some(named.as_str()));
    assert_eq!(rank(db, sum), *named);
}

/// The end screen's report (written by the records module) shows every breakdown line, the
/// total and the rank marked on its scale, and offers the three actions by their ids.
#[test]
fn the_end_report_shows_the_breakdown() {
    use unbroken::records::report::{
        end_report, share_details, EndFacts, COPY_RESULT, NEW_GAME, REPLAY_GAME,
    };
    let g = won();
    let Pending::Over(Outcome::Victory {
        score: won,
        rank: named,
    }) = g.pending()
    else {
        panic!("not a victory");
    };
    let facts = EndFacts::of(&g, "https://example.org/unbroken/").expect("over");
    let rec =
        unbroken::records::GameRecord::from_game(&g, "2026-01-01T00:00:00.000Z").expect("over");
    let h = end_report(&rec, &facts);
    for id in [NEW_GAME, COPY_RESULT, REPLAY_GAME] {
        assert!(h.contains(&format!("id=\"{id}\"")), "no button {id}");
    }
    for l in score_lines(g.state(), g.db()) {
        assert!(h.contains(&format!(
            "<td class=\"num count\">{}</td><td class=\"op\" aria-hidden=\"true\">×</td>\
             <td class=\"num pts\">{}</td><td class=\"op\" aria-hidden=\"true\">=</td>\
             <td class=\"num sub\">{}</td>",
            l.count, l.points, l.subtotal
        )));
    }
    assert!(h.contains(&format!("id=\"score-total\">{won}<")));
    assert_eq!(h.matches("aria-current=\"true\"").count(), 1);
    assert!(h.contains(&format!(
        "<li class=\"here\" aria-current=\"true\"><span class=\"rank-name\">{named}</span>"
    )));
    let share = share_details(&facts);
    let seed = g.state().setup.seed;
    assert!(
        share.contains(&format!(
            "https://example.org/unbroken/?v=1&amp;seed={seed}"
        )),
        "{share:?}"
    );
}
