//! The headless CLI as a user runs it: play, legal, simulate, cards.

use std::io::Write;
use std::process::{Command, Stdio};

fn cli(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_unbroken"));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the CLI runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("write");
    } else {
        drop(child.stdin.take());
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const SETUP: [&str; 9] = [
    "--seed",
    "5",
    "--character",
    "sage",
    "--side",
    "1",
    "--difficulty",
    "normal",
    "--actions",
];

#[test]
fn play_applies_actions_and_prints_json() {
    let mut args = vec!["play"];
    args.extend(SETUP);
    args.push("-");
    let (code, out, err) = cli(&args, Some(r#"[{"general": 0}, "explore", {"rest": 0}]"#));
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert!(v["events"].as_array().is_some_and(|e| e.len() > 3));
    assert_eq!(v["state"]["setup"]["seed"], 5);
    assert!(v["legal"].as_array().is_some_and(|l| !l.is_empty()));
}

#[test]
fn illegal_action_exits_non_zero_with_the_rule_error() {
    let mut args = vec!["play"];
    args.extend(SETUP);
    args.push("-");
    let (code, _, err) = cli(&args, Some(r#"["trick"]"#));
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(err.trim()).expect("json error");
    assert_eq!(
        v["error"],
        "not now: prepare, then explore or face the monster"
    );
    assert_eq!(v["action_index"], 0);
}

#[test]
fn scenario_with_scripted_dice() {
    let dir = std::env::temp_dir().join(format!("unbroken-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let path = dir.join("scenario.json");
    std::fs::write(
        &path,
        r#"{"setup": {"seed": 1, "character": "sage", "side": 0, "difficulty": "normal"},
            "level": 1, "step": "battle", "resources": {"small": 6}, "monster": {"id": "kobold"}}"#,
    )
    .expect("write");
    let p = path.to_string_lossy().to_string();
    let (code, out, err) = cli(
        &["play", "--scenario", &p, "--dice", "6", "--actions", "-"],
        Some(r#"["skip"]"#),
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    // Whatever the Kobold's 6 takes in the current box, the CLI applied exactly that.
    let db = unbroken::content::CardDb::builtin().expect("cards");
    let kobold = db
        .monsters
        .iter()
        .find(|m| m.id == "kobold")
        .expect("kobold");
    let loss: u64 = kobold.table[5]
        .effects
        .iter()
        .map(|e| match e {
            unbroken::engine::cards::Effect::Lose(b) => b.small as u64,
            _ => 0,
        })
        .sum();
    assert_eq!(v["state"]["stock"]["small"], 6 - loss);
}

#[test]
fn legal_lists_actions_with_labels() {
    let (code, out, _) = cli(&["legal", "--seed", "1", "--character", "hunter"], None);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let labels: Vec<&str> = v
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|a| a["label"].as_str())
        .collect();
    assert!(labels.contains(&"Explore"));
    assert!(labels.iter().any(|l| l.starts_with("Forage")));
}

#[test]
fn simulate_ends_with_one_json_line() {
    let (code, out, err) = cli(
        &[
            "simulate",
            "--games",
            "200",
            "--bot",
            "random",
            "--difficulty",
            "hard",
            "--seed",
            "3",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().expect("a line");
    let v: serde_json::Value = serde_json::from_str(last).expect("json");
    assert_eq!(v["games"], 200);
    for key in [
        "wins",
        "win_rate",
        "average_score",
        "ranks",
        "defeat_causes",
        "games_per_second",
    ] {
        assert!(v.get(key).is_some(), "{key}");
    }
}

#[test]
fn cards_reports_every_kind() {
    let (code, out, _) = cli(&["cards"], None);
    assert_eq!(code, 0);
    assert!(out.contains("encounters: 88/88 implemented"));
    assert!(out.contains("monsters: 24/24 implemented"));
}

#[test]
fn bad_arguments_are_refused() {
    let (code, _, err) = cli(&["simulate", "--bot", "genius"], None);
    assert_eq!(code, 2);
    assert!(err.contains("no bot"));
    let (code, _, _) = cli(&["frobnicate"], None);
    assert_eq!(code, 2);
}

#[test]
fn simulate_takes_samples_and_a_policy() {
    let (code, out, err) = cli(
        &[
            "simulate",
            "--games",
            "6",
            "--bot",
            "smart",
            "--seed",
            "2",
            "--samples",
            "2",
            "--policy",
            "nevertrick+noability",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("a line")).expect("json");
    let abilities = v["choices"]["abilities"].as_object().expect("abilities");
    assert!(
        abilities.values().all(|x| x.as_f64() == Some(0.0)),
        "{abilities:?}"
    );
    for bad in [
        vec!["--policy", "rush:spoon"],
        vec!["--policy", "fly"],
        vec!["--policy", "noamb:0"],
        vec!["--samples", "0"],
        vec!["--samples", "many"],
    ] {
        let mut args = vec!["simulate", "--games", "1", "--bot", "smart"];
        args.extend(bad.iter());
        let (code, _, err) = cli(&args, None);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains("error"), "{err}");
    }
    let (code, _, err) = cli(
        &["report", "--lab", "--games", "1", "--policy", "noskill:x"],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("no skill"), "{err}");
}

/// The CLI refuses what it does not understand (clap): an unknown option, a missing value or a
/// malformed number exits with code 2 and a message naming the option, never a run on defaults.
#[test]
fn unknown_options_missing_values_and_bad_numbers_exit_2() {
    for (args, names) in [
        (&["simulate", "--games", "5", "--bogus", "5"][..], "--bogus"),
        (&["play", "--sed", "5"][..], "--sed"),
        (&["simulate", "--games", "five"][..], "--games"),
        (&["simulate", "--games"][..], "--games"),
        (&["trace", "--side", "-1"][..], "-1"),
        (&["report", "--lab", "--threads", "2.5"][..], "--threads"),
        (&["cards", "--content"][..], "--content"),
    ] {
        let (code, out, err) = cli(args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(names), "{args:?} names {names}: {err}");
        assert!(out.is_empty(), "{args:?} ran anyway: {out}");
    }
}

/// `--help` of every command lists its options.
#[test]
fn every_command_lists_its_options() {
    for (cmd, options) in [
        (
            "play",
            &[
                "--seed",
                "--character",
                "--side",
                "--difficulty",
                "--easy-toggle",
                "--scenario",
                "--dice",
                "--actions",
                "--content",
            ][..],
        ),
        ("legal", &["--seed", "--scenario", "--actions"][..]),
        (
            "simulate",
            &[
                "--games",
                "--bot",
                "--difficulty",
                "--character",
                "--seed",
                "--threads",
                "--samples",
                "--policy",
                "--content",
            ][..],
        ),
        ("trace", &["--seed", "--bot", "--samples", "--policy"][..]),
        (
            "report",
            &[
                "--games",
                "--random-games",
                "--out",
                "--lab",
                "--model",
                "--samples",
                "--strong-samples",
                "--lab-games",
                "--screen-games",
                "--four-rules",
            ][..],
        ),
        ("cards", &["--content"][..]),
    ] {
        let (code, out, err) = cli(&[cmd, "--help"], None);
        assert_eq!(code, 0, "{cmd}: {err}");
        for o in options {
            assert!(out.contains(o), "{cmd} --help lists {o}:\n{out}");
        }
    }
}
