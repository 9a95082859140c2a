//! The balance report (src/sim/report/) on a handful of games: it opens with the goals of
//! issue 12 for both bots, and writes the weapon chart.

mod common;
use common::*;
use unbroken::sim::report::{collect_with, write, ReportSettings};

#[test]
fn the_report_opens_with_the_goals_for_both_bots() {
    let db = db();
    let settings = ReportSettings {
        random_games: 8,
        lab_games: 8,
        screen_games: 8,
        ..ReportSettings::new(8, 3, 2)
    };
    let data = collect_with(&db, &settings);
    assert!(data.experiments.iter().any(|e| e.strong));
    let dir = std::env::temp_dir().join(format!("unbroken-report-{}", std::process::id()));
    write(&db, &data, &dir, "unbroken report --games 8", 1.0).expect("written");
    let md = std::fs::read_to_string(dir.join("README.md")).expect("README.md");
    let goals = md.find("## Goals of issue 12").expect("a goals section");
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
