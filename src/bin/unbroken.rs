//! The headless CLI over the engine: `play`, `legal`, `simulate`, `cards`. See README.md.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::scenario::Scenario;
use unbroken::engine::{apply, legal_actions, text, Action, Difficulty, Event, Game, Setup};
use unbroken::sim::report::ReportSettings;
use unbroken::sim::{simulate_with, BotKind, BotSpec, Policy};

const USAGE: &str = "usage:
  unbroken play     [setup | --scenario FILE] [--dice 6,2,..] [--actions FILE|-] [--content DIR]
  unbroken legal    [setup | --scenario FILE] [--dice ..] [--actions FILE|-] [--content DIR]
  unbroken simulate --games N --bot random|smart --difficulty easy|normal|hard
                    [--character ID] --seed S [--threads T] [--samples N] [--policy P]
                    [--content DIR]
  unbroken report   [--games N] [--random-games N] [--seed S] [--threads T] [--out DIR]
                    [--samples N] [--strong-samples N] [--lab-games N] [--screen-games N]
                    [--four-rules P] [--content DIR]   (the balance report; scripts/balance.sh)
  unbroken report   --lab [--games N] [--difficulty D] [--character ID] [--bot B] [--seed S]
                    [--samples N] [--policy P]   (a quick text summary for balance work)
  unbroken report   --model   (the smart bot's battle prices per weapon and monster)
  unbroken trace    [setup] [--bot random|smart] [--samples N] [--policy P]
  unbroken cards    [--content DIR]
setup: --seed S --character sneak|sage|hunter|brawler --side 0|1
       --difficulty easy|normal|hard [--easy-toggle]";

struct Args {
    words: Vec<String>,
}

impl Args {
    fn value(&self, name: &str) -> Option<&str> {
        self.words
            .iter()
            .position(|w| w == name)
            .and_then(|i| self.words.get(i + 1))
            .map(|s| s.as_str())
    }
    fn flag(&self, name: &str) -> bool {
        self.words.iter().any(|w| w == name)
    }
    fn num<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.value(name) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| format!("{name} needs a number, not `{v}`")),
        }
    }
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("{}", serde_json::json!({ "error": msg.to_string() }));
    ExitCode::from(2)
}

fn load_db(a: &Args) -> Result<Arc<CardDb>, String> {
    let db = match a.value("--content") {
        Some(dir) => CardDb::from_dir(std::path::Path::new(dir)),
        None => CardDb::builtin(),
    };
    db.map(Arc::new).map_err(|e| e.to_string())
}

fn difficulty(a: &Args) -> Result<Difficulty, String> {
    let d = a.value("--difficulty").unwrap_or("normal");
    Difficulty::parse(d).ok_or_else(|| format!("no difficulty `{d}`"))
}

/// The bot `--bot`, `--samples` and `--policy` describe (`--policy`: rules joined by `+`, see
/// src/sim/policy.rs).
fn bot_spec(a: &Args, db: &CardDb, default_bot: &str) -> Result<BotSpec, String> {
    let kind = match a.value("--bot").unwrap_or(default_bot) {
        "random" => BotKind::Random,
        "smart" => BotKind::Smart,
        b => return Err(format!("no bot `{b}` (random, smart)")),
    };
    let mut spec = BotSpec::new(kind);
    if let Some(n) = a.num::<usize>("--samples")? {
        if n == 0 {
            return Err("--samples needs at least 1".into());
        }
        spec.samples = n;
    }
    if let Some(p) = a.value("--policy") {
        spec.policy = Policy::parse(db, p)?;
    }
    Ok(spec)
}

fn read_text(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| e.to_string())?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

fn start(a: &Args, db: Arc<CardDb>) -> Result<(Game, Vec<Event>), String> {
    let dice: Vec<u8> = match a.value("--dice") {
        Some(d) => d
            .split(',')
            .filter(|x| !x.trim().is_empty())
            .map(|x| x.trim().parse().map_err(|_| format!("bad die `{x}`")))
            .collect::<Result<_, _>>()?,
        None => Vec::new(),
    };
    if let Some(path) = a.value("--scenario") {
        let mut sc: Scenario =
            serde_json::from_str(&read_text(path)?).map_err(|e| format!("{path}: {e}"))?;
        sc.dice.extend(dice);
        return sc.build(db).map_err(|e| e.to_string());
    }
    let setup = Setup {
        seed: a
            .num("--seed")?
            .unwrap_or_else(unbroken::engine::rng::fresh_seed),
        character: a.value("--character").unwrap_or("sneak").to_string(),
        side: a.num("--side")?.unwrap_or(0),
        difficulty: difficulty(a)?,
        easy_toggle: a.flag("--easy-toggle"),
    };
    Game::with_script(setup, db, dice).map_err(|e| e.to_string())
}

fn events_json(g: &Game, events: &[Event]) -> Vec<serde_json::Value> {
    events
        .iter()
        .map(|e| {
            serde_json::json!({
                "event": e,
                "text": text::event(g.db(), g.state(), e),
            })
        })
        .collect()
}

fn legal_json(g: &Game) -> Vec<serde_json::Value> {
    legal_actions(g)
        .iter()
        .map(|a| serde_json::json!({ "action": a, "label": text::action(g.db(), g.state(), a) }))
        .collect()
}

fn play(a: &Args, only_legal: bool) -> ExitCode {
    let db = match load_db(a) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let (mut g, mut events) = match start(a, db) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let mut all = events_json(&g, &events);
    if let Some(path) = a.value("--actions") {
        let actions: Vec<Action> = match read_text(path)
            .and_then(|t| serde_json::from_str(&t).map_err(|e| format!("actions: {e}")))
        {
            Ok(v) => v,
            Err(e) => return fail(e),
        };
        for (i, act) in actions.into_iter().enumerate() {
            match apply(&mut g, act) {
                Ok(ev) => {
                    events = ev;
                    all.extend(events_json(&g, &events));
                }
                Err(e) => {
                    eprintln!(
                        "{}",
                        serde_json::json!({
                            "error": e.to_string(),
                            "rule_error": e,
                            "action_index": i,
                            "action": act,
                            "events": all,
                        })
                    );
                    return ExitCode::from(1);
                }
            }
        }
    }
    let out = if only_legal {
        serde_json::json!(legal_json(&g))
    } else {
        serde_json::json!({
            "events": all,
            "pending": g.pending(),
            "legal": legal_json(&g),
            "state": g.state(),
        })
    };
    let _ = writeln!(
        std::io::stdout(),
        "{}",
        serde_json::to_string_pretty(&out).unwrap_or_default()
    );
    ExitCode::SUCCESS
}

fn sim(a: &Args) -> ExitCode {
    let db = match load_db(a) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let games: u64 = match a.num("--games") {
        Ok(v) => v.unwrap_or(1000),
        Err(e) => return fail(e),
    };
    let seed: u64 = match a.num("--seed") {
        Ok(v) => v.unwrap_or(1),
        Err(e) => return fail(e),
    };
    let spec = match bot_spec(a, &db, "random") {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let d = match difficulty(a) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let chars: Vec<String> = match a.value("--character") {
        Some(c) => {
            if db.character_index(c).is_none() {
                return fail(format!("no character `{c}`"));
            }
            vec![c.to_string()]
        }
        None => db.characters.iter().map(|c| c.id.clone()).collect(),
    };
    let threads: usize = match a.num("--threads") {
        Ok(v) => v.unwrap_or(1),
        Err(e) => return fail(e),
    };
    let s = simulate_with(db, games, &spec, d, &chars, seed, threads);
    println!("{}", serde_json::to_string(&s).unwrap_or_default());
    ExitCode::SUCCESS
}

fn cards(a: &Args) -> ExitCode {
    let db = match load_db(a) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let c = db.counts();
    let b = unbroken::content::BOX;
    for (kind, n, want) in [
        ("characters", c.characters, b.characters),
        ("weapons", c.weapons, b.weapons),
        ("monsters", c.monsters, b.monsters),
        ("encounters", c.encounters, b.encounters),
        ("skills", c.skills, b.skills),
        ("conditions", c.conditions, b.conditions),
    ] {
        println!("{kind}: {n}/{want} implemented");
    }
    ExitCode::SUCCESS
}

/// The balance report (docs/balance); `--lab` a quick text summary; `--model` the smart bot's
/// battle prices.
fn report(a: &Args) -> ExitCode {
    let db = match load_db(a) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    if a.flag("--model") {
        let b = unbroken::sim::Brain::new(db);
        print!("{}", b.model_text());
        return ExitCode::SUCCESS;
    }
    let nums = (|| -> Result<(u64, u64, u64, usize), String> {
        let games = a.num("--games")?.unwrap_or(5000);
        let random = a.num("--random-games")?.unwrap_or(games);
        let seed = a.num("--seed")?.unwrap_or(1);
        let threads = a.num("--threads")?.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        });
        Ok((games, random, seed, threads))
    })();
    let (games, random_games, seed, threads) = match nums {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    if a.flag("--lab") {
        let spec = match bot_spec(a, &db, "smart") {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        let chars: Vec<String> = match a.value("--character") {
            Some(c) if db.character_index(c).is_none() => {
                return fail(format!("no character `{c}`"))
            }
            Some(c) => vec![c.to_string()],
            None => db.characters.iter().map(|c| c.id.clone()).collect(),
        };
        let diffs: Vec<Difficulty> = match a.value("--difficulty") {
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
    if a.value("--policy").is_some() {
        return fail("--policy goes with --lab (the report plays its own experiments)");
    }
    let out = a.value("--out").unwrap_or("docs/balance");
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
    a: &Args,
    db: &CardDb,
    games: u64,
    random_games: u64,
    seed: u64,
    threads: usize,
) -> Result<ReportSettings, String> {
    let mut s = ReportSettings::new(games, seed, threads);
    s.random_games = random_games;
    if let Some(n) = a.num::<usize>("--samples")? {
        s.samples = n.max(1);
    }
    if let Some(n) = a.num::<usize>("--strong-samples")? {
        s.strong_samples = n.max(1);
    }
    if let Some(n) = a.num("--lab-games")? {
        s.lab_games = n;
    }
    if let Some(n) = a.num("--screen-games")? {
        s.screen_games = n;
    }
    if let Some(p) = a.value("--four-rules") {
        Policy::parse(db, p)?;
        s.four_rules = p.to_string();
    }
    Ok(s)
}

/// Plays one game with a bot and prints its log in plain words.
fn trace(a: &Args) -> ExitCode {
    let db = match load_db(a) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let (mut g, events) = match start(a, db) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let spec = match bot_spec(a, g.db(), "smart") {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    // The smart bot's stream as SmartBot::new seeds it; the random bot's as before.
    let smart = spec.kind == BotKind::Smart;
    let brain = smart.then(|| Arc::new(unbroken::sim::Brain::new(g.db_arc())));
    let seed = if smart { 7 } else { 1 };
    let mut bot = unbroken::sim::make_bot_for(&spec, seed, brain.as_ref());
    let mut out = std::io::stdout();
    for e in &events {
        if let Some(t) = text::event(g.db(), g.state(), e) {
            let _ = writeln!(out, "  {t}");
        }
    }
    for _ in 0..5000 {
        if g.is_over() {
            break;
        }
        let legal = legal_actions(&g);
        let act = bot.choose(&g, &legal);
        let label = text::action(g.db(), g.state(), &act);
        let s = g.state();
        let _ = writeln!(
            out,
            "[L{} T{} {}] > {label}",
            s.level,
            s.time,
            s.stock.0.describe()
        );
        match apply(&mut g, act) {
            Ok(ev) => {
                for e in &ev {
                    if let Some(t) = text::event(g.db(), g.state(), e) {
                        let _ = writeln!(out, "  {t}");
                    }
                }
            }
            Err(e) => {
                let _ = writeln!(out, "  refused: {e}");
                break;
            }
        }
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    let a = Args {
        words: words.clone(),
    };
    match words.first().map(|s| s.as_str()) {
        Some("play") => play(&a, false),
        Some("legal") => play(&a, true),
        Some("simulate") => sim(&a),
        Some("cards") => cards(&a),
        Some("trace") => trace(&a),
        Some("report") => report(&a),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
