//! The CLI's `report` command: the balance report (docs/balance), or `--lab` a quick text summary,
//! `--model` the smart bot's battle prices, `--chance` the review's chance curves fitted again.

use super::*;

/// The balance report (docs/balance); `--lab` a quick text summary; `--model` the smart bot's
/// battle prices; `--chance` the review's chance curves fitted again.
pub(super) fn report(a: &ReportOpts) -> ExitCode {
    let db = match load_db(&a.content) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    if a.model {
        let b = unbroken::sim::Brain::new(db);
        print!("{}", b.model_text());
        return ExitCode::SUCCESS;
    }
    if a.chance {
        use unbroken::sim::smart::chance;
        let data = chance::samples(db, a.games, a.seed, Difficulty::Normal);
        let curves = chance::fit(&data);
        let (now, plain) = chance::brier(&data, &chance::CURVES);
        let (fitted, _) = chance::brier(&data, &curves);
        println!(
            "{} positions of {} smart-bot games (Normal)",
            data.len(),
            a.games
        );
        println!("Brier score: plain win rate {plain:.4}, CURVES {now:.4}, fitted {fitted:.4}");
        let c: Vec<String> = curves
            .iter()
            .map(|(x, y)| format!("({x:.3}, {y:.4})"))
            .collect();
        println!("pub const CURVES: [(f64, f64); 4] = [{}];", c.join(", "));
        return ExitCode::SUCCESS;
    }
    let (games, seed) = (a.games, a.seed);
    let random_games = a.random_games.unwrap_or(games);
    let threads = a.threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    if a.lab {
        let spec = match bot_spec(&a.bot, &db, "smart") {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        let chars = match characters(&db, &a.character) {
            Ok(c) => c,
            Err(e) => return fail(e),
        };
        let diffs: Vec<Difficulty> = match a.difficulty.as_deref() {
            Some(d) => match Difficulty::parse(d) {
                Some(d) => vec![d],
                None => return fail(format!("no difficulty `{d}`")),
            },
            None => Difficulty::ALL.to_vec(),
        };
        for d in diffs {
            let text = unbroken::sim::report::lab_run(&db, &spec, d, &chars, games, seed, threads);
            println!("== {}", d.name());
            print!("{text}");
        }
        return ExitCode::SUCCESS;
    }
    if a.bot.policy.is_some() {
        return fail("--policy goes with --lab (the report plays its own experiments)");
    }
    let out = a.out.as_str();
    let start = std::time::Instant::now();
    let settings = match report_settings(a, &db, games, random_games, seed, threads) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let data = unbroken::sim::report::collect_with(&db, &settings);
    let mut command = format!("unbroken report --games {games}");
    if random_games != games {
        command.push_str(&format!(" --random-games {random_games}"));
    }
    let plain = ReportSettings::new(games, seed, threads);
    for (name, v, d) in [
        ("--samples", settings.samples as u64, plain.samples as u64),
        (
            "--strong-samples",
            settings.strong_samples as u64,
            plain.strong_samples as u64,
        ),
        ("--lab-games", settings.lab_games, plain.lab_games),
        ("--screen-games", settings.screen_games, plain.screen_games),
    ] {
        if v != d {
            command.push_str(&format!(" {name} {v}"));
        }
    }
    if settings.four_rules != plain.four_rules {
        command.push_str(&format!(" --four-rules {}", settings.four_rules));
    }
    if seed != 1 {
        command.push_str(&format!(" --seed {seed}"));
    }
    command.push_str(&format!(" --out {out}"));
    let secs = start.elapsed().as_secs_f64();
    if let Err(e) =
        unbroken::sim::report::write(&db, &data, std::path::Path::new(out), &command, secs)
    {
        return fail(format!("{out}: {e}"));
    }
    let summary: Vec<serde_json::Value> = data
        .smart
        .iter()
        .zip(data.random.iter())
        .map(|((d, s, _), (_, r, _))| {
            let rate = |v: &[unbroken::sim::report::Record]| {
                v.iter().filter(|x| x.won).count() as f64 / v.len().max(1) as f64
            };
            serde_json::json!({
                "difficulty": d.name(),
                "smart_win_rate": rate(s),
                "random_win_rate": rate(r),
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::json!({ "out": out, "seconds": secs, "win_rates": summary })
    );
    ExitCode::SUCCESS
}

/// The report's sizes: `--samples`, `--strong-samples`, `--lab-games`, `--screen-games`,
/// `--four-rules` over the defaults for `games`.
fn report_settings(
    a: &ReportOpts,
    db: &CardDb,
    games: u64,
    random_games: u64,
    seed: u64,
    threads: usize,
) -> Result<ReportSettings, String> {
    let mut s = ReportSettings::new(games, seed, threads);
    s.random_games = random_games;
    if let Some(n) = a.bot.samples {
        s.samples = n.max(1);
    }
    if let Some(n) = a.strong_samples {
        s.strong_samples = n.max(1);
    }
    if let Some(n) = a.lab_games {
        s.lab_games = n;
    }
    if let Some(n) = a.screen_games {
        s.screen_games = n;
    }
    if let Some(p) = &a.four_rules {
        Policy::parse(db, p)?;
        s.four_rules = p.clone();
    }
    Ok(s)
}
