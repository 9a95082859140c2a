//! The balance report (src/sim/report/) on a handful of games: it opens with the goals of a
//! box worth replaying for both bots, and writes the weapon chart.

mod common;
use common::*;
use unbroken::sim::report::experiments::{NOENC_AIM, SKILL_AIM};
use unbroken::sim::report::{collect_with, write, ReportSettings};

#[test]
fn the_report_opens_with_the_goals_for_both_bots() {
    let db = db();
    let settings = ReportSettings {
        random_games: 8,
        lab_games: 8,
        screen_games: 8,
        ..ReportSettings::new(16, 3, 2)
    };
    let data = collect_with(&db, &settings);
    assert!(data.experiments.iter().any(|e| e.strong));
    // A per-card screening that misses its goal is measured again on every Normal game, so
    // what the report shows for a card on 8 games passed its goal.
    let mut again = 0;
    for e in data.experiments.iter().filter(|e| e.error.is_none()) {
        let aim = match e.policy.split_once(':').map(|x| x.0) {
            Some("noenc") => Some(e.gain <= NOENC_AIM),
            Some("forceskill" | "noskill") => Some(e.gain.abs() <= SKILL_AIM),
            _ => None,
        };
        match (aim, e.games) {
            (Some(ok), 8) => assert!(ok, "{e:?} was not measured again"),
            (Some(_), 16) => again += 1,
            (Some(_), n) => panic!("{e:?}: {n} games"),
            _ => {}
        }
    }
    assert!(
        again > 0,
        "some screening on 8 games misses its goal and is measured again"
    );
    let dir = std::env::temp_dir().join(format!("unbroken-report-{}", std::process::id()));
    write(&db, &data, &dir, "unbroken report --games 8", 1.0).expect("written");
    let md = std::fs::read_to_string(dir.join("README.md")).expect("README.md");
    let goals = md
        .find("## Goals of a box worth replaying")
        .expect("a goals section");
    let aims = md.find("## How far the aims are met").expect("the aims");
    assert!(goals < aims, "the goals come first");
    let table: Vec<&str> = md[goals..aims]
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| area"))
        .collect();
    assert!(table.len() >= 40, "{} goal rows", table.len());
    for area in [
        "Weapons",
        "Time and ambush",
        "Difficulty",
        "Encounters",
        "Skills",
        "Abilities",
        "Monsters",
        "Verbs and text",
    ] {
        assert!(
            table.iter().any(|l| l.starts_with(&format!("| {area} |"))),
            "{area}"
        );
    }
    // Each row: area, goal, target, then value and met for the default and the strongest bot.
    assert!(
        table.iter().all(|l| l.matches(" | ").count() == 6),
        "{table:?}"
    );
    assert!(md.contains("(weapons.svg)"));
    let svg = std::fs::read_to_string(dir.join("weapons.svg")).expect("weapons.svg");
    assert!(
        svg.starts_with("<svg") && svg.contains("Level IV") && svg.trim_end().ends_with("</svg>")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
