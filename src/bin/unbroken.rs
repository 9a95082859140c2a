//! The headless CLI over the engine: `play`, `legal`, `simulate`, `trace`, `report`, `cards`
//! (README.md). The options are clap derive structs, one per command, so anything the program
//! does not understand is refused instead of silently ignored.

use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::scenario::Scenario;
use unbroken::engine::{apply, legal_actions, words, Action, Difficulty, Event, Game, Setup};
use unbroken::sim::report::ReportSettings;
use unbroken::sim::{simulate_with, BotKind, BotSpec, Policy};

/// mimalloc rather than the system's allocator: the simulator's many small lists (sampled
/// positions, events) made glibc's malloc and free about a quarter of a balance report's time.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The commands over a saved game: `hint` and `review`.
#[path = "unbroken/advice.rs"]
mod advice;
use advice::HintOpts;

/// The `report` command.
#[path = "unbroken/report_cmd.rs"]
mod report_cmd;
use report_cmd::report;

/// The headless game, its bots and its balance tools.
#[derive(Parser)]
#[command(name = "unbroken", version, about, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Start a game, apply a JSON list of actions, print every event, the pending decision, the
    /// legal actions and the final state as JSON.
    Play(GameOpts),
    /// The legal actions of the position reached, with their labels, as JSON.
    Legal(GameOpts),
    /// Play many games with a bot; ends with one JSON line of figures.
    Simulate(SimOpts),
    /// One bot game in plain words, move by move.
    Trace(TraceOpts),
    /// The balance report (docs/balance; scripts/balance.sh), or with --lab a quick text
    /// summary, or with --model the smart bot's battle prices.
    Report(ReportOpts),
    /// How many cards of each kind the box holds against the retail counts.
    Cards(ContentOpt),
    /// The smart bot's move for a saved game's position and its reason (the browser's Hint),
    /// as JSON.
    Hint(HintOpts),
    /// Every decision of a saved game beside the smart bot's choice, with its estimates of the
    /// chance to win (the browser's Review), as JSON.
    Review(HintOpts),
}

#[derive(clap::Args)]
struct ContentOpt {
    /// Load the cards from this folder (like content/).
    #[arg(long, value_name = "DIR")]
    content: Option<String>,
}

/// How a game is set up.
#[derive(clap::Args)]
struct SetupOpts {
    /// The deal's seed (default: a fresh one).
    #[arg(long)]
    seed: Option<u64>,
    /// sneak, sage, hunter or brawler.
    #[arg(long, default_value = "sneak")]
    character: String,
    /// The side of the character sheet, 0 or 1.
    #[arg(long, default_value_t = 0)]
    side: u8,
    /// easy, normal or hard.
    #[arg(long, default_value = "normal")]
    difficulty: String,
    /// Easy only: start with 15 Small Effort.
    #[arg(long)]
    easy_toggle: bool,
    /// Start from a position built by hand (JSON) instead of a new game.
    #[arg(long, value_name = "FILE")]
    scenario: Option<String>,
    /// The next die results, before the seeded dice: 6,2,5.
    #[arg(long, value_name = "D,D,...", value_delimiter = ',')]
    dice: Vec<u8>,
}

/// Which bot plays, and how.
#[derive(clap::Args)]
struct BotOpts {
    /// random or smart.
    #[arg(long)]
    bot: Option<String>,
    /// The smart bot's sampled futures per decision (at least 1).
    #[arg(long, value_name = "N")]
    samples: Option<usize>,
    /// Rules restricting the bot, joined by + (rush:WEAPON, commit:WEAPON, noenc:CARD, forceskill:SKILL,
    /// noskill:SKILL, noamb:LEVEL, noambpeek:LEVEL, scout:LEVEL, noability, alwaystrick, nevertrick, eatall).
    #[arg(long, value_name = "P")]
    policy: Option<String>,
}

#[derive(clap::Args)]
struct GameOpts {
    #[command(flatten)]
    setup: SetupOpts,
    /// A JSON list of actions to apply, from a file or - for standard input.
    #[arg(long, value_name = "FILE|-")]
    actions: Option<String>,
    #[command(flatten)]
    content: ContentOpt,
}

#[derive(clap::Args)]
struct SimOpts {
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// The first game's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// easy, normal or hard.
    #[arg(long, default_value = "normal")]
    difficulty: String,
    /// Only this character (default: the four take turns).
    #[arg(long)]
    character: Option<String>,
    /// Threads to play on.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[command(flatten)]
    bot: BotOpts,
    #[command(flatten)]
    content: ContentOpt,
}

#[derive(clap::Args)]
struct TraceOpts {
    #[command(flatten)]
    setup: SetupOpts,
    #[command(flatten)]
    bot: BotOpts,
    #[command(flatten)]
    content: ContentOpt,
}

#[derive(clap::Args)]
struct ReportOpts {
    /// Smart-bot games per difficulty.
    #[arg(long, default_value_t = 5000)]
    games: u64,
    /// Random-bot games per difficulty (default: --games).
    #[arg(long)]
    random_games: Option<u64>,
    /// The first game's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Where the report goes.
    #[arg(long, default_value = "docs/balance")]
    out: String,
    /// The strongest bot's sampled futures.
    #[arg(long, value_name = "N")]
    strong_samples: Option<usize>,
    /// Games per experiment.
    #[arg(long, value_name = "N")]
    lab_games: Option<u64>,
    /// Games per per-card screening.
    #[arg(long, value_name = "N")]
    screen_games: Option<u64>,
    /// The policy of the four simple rules.
    #[arg(long, value_name = "P")]
    four_rules: Option<String>,
    /// A quick text summary per difficulty instead of the report.
    #[arg(long)]
    lab: bool,
    /// The smart bot's battle prices per weapon and monster.
    #[arg(long)]
    model: bool,
    /// Fit the review's chance-to-win curves (src/sim/smart/chance.rs) on --games smart-bot
    /// games (Normal) and print them with their Brier scores.
    #[arg(long)]
    chance: bool,
    /// --lab: only this difficulty.
    #[arg(long)]
    difficulty: Option<String>,
    /// --lab: only this character.
    #[arg(long)]
    character: Option<String>,
    #[command(flatten)]
    bot: BotOpts,
    #[command(flatten)]
    content: ContentOpt,
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("{}", serde_json::json!({ "error": msg.to_string() }));
    ExitCode::from(2)
}

fn load_db(c: &ContentOpt) -> Result<Arc<CardDb>, String> {
    let db = match &c.content {
        Some(dir) => CardDb::from_dir(std::path::Path::new(dir)),
        None => CardDb::builtin(),
    };
    db.map(Arc::new).map_err(|e| e.to_string())
}

fn difficulty(d: &str) -> Result<Difficulty, String> {
    Difficulty::parse(d).ok_or_else(|| format!("no difficulty `{d}`"))
}

/// The bot `--bot`, `--samples` and `--policy` describe (`--policy`: rules joined by `+`, see
/// src/sim/bot_policy.rs).
fn bot_spec(a: &BotOpts, db: &CardDb, default_bot: &str) -> Result<BotSpec, String> {
    let kind = match a.bot.as_deref().unwrap_or(default_bot) {
        "random" => BotKind::Random,
        "smart" => BotKind::Smart,
        b => return Err(format!("no bot `{b}` (random, smart)")),
    };
    let mut spec = BotSpec::new(kind);
    if let Some(n) = a.samples {
        if n == 0 {
            return Err("--samples needs at least 1".into());
        }
        spec.samples = n;
    }
    if let Some(p) = &a.policy {
        spec.policy = Policy::parse(db, p)?;
    }
    Ok(spec)
}

/// The characters to play: the one named (checked), or all four in turn.
fn characters(db: &CardDb, one: &Option<String>) -> Result<Vec<String>, String> {
    match one {
        Some(c) if db.character_index(c).is_none() => Err(format!("no character `{c}`")),
        Some(c) => Ok(vec![c.clone()]),
        None => Ok(db.characters.iter().map(|c| c.id.clone()).collect()),
    }
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

fn start(a: &SetupOpts, db: Arc<CardDb>) -> Result<(Game, Vec<Event>), String> {
    let dice = a.dice.clone();
    if let Some(path) = &a.scenario {
        let mut sc: Scenario =
            serde_json::from_str(&read_text(path)?).map_err(|e| format!("{path}: {e}"))?;
        sc.dice.extend(dice);
        return sc.build(db).map_err(|e| e.to_string());
    }
    let setup = Setup {
        seed: a.seed.unwrap_or_else(unbroken::engine::rng::fresh_seed),
        character: a.character.clone(),
        side: a.side,
        difficulty: difficulty(&a.difficulty)?,
        easy_toggle: a.easy_toggle,
    };
    Game::with_script(setup, db, dice).map_err(|e| e.to_string())
}

fn events_json(g: &Game, events: &[Event]) -> Vec<serde_json::Value> {
    events
        .iter()
        .map(|e| {
            serde_json::json!({
                "event": e,
                "text": words::event(g.db(), g.state(), e),
            })
        })
        .collect()
}

fn legal_json(g: &Game) -> Vec<serde_json::Value> {
    legal_actions(g)
        .iter()
        .map(|a| serde_json::json!({ "action": a, "label": words::action(g.db(), g.state(), a) }))
        .collect()
}

fn play(a: &GameOpts, only_legal: bool) -> ExitCode {
    let db = match load_db(&a.content) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let (mut g, mut events) = match start(&a.setup, db) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let mut all = events_json(&g, &events);
    if let Some(path) = &a.actions {
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

fn sim(a: &SimOpts) -> ExitCode {
    let db = match load_db(&a.content) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let spec = match bot_spec(&a.bot, &db, "random") {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let d = match difficulty(&a.difficulty) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let chars = match characters(&db, &a.character) {
        Ok(c) => c,
        Err(e) => return fail(e),
    };
    let s = simulate_with(db, a.games, &spec, d, &chars, a.seed, a.threads);
    println!("{}", serde_json::to_string(&s).unwrap_or_default());
    ExitCode::SUCCESS
}

fn cards(a: &ContentOpt) -> ExitCode {
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

/// Plays one game with a bot and prints its log in plain words.
fn trace(a: &TraceOpts) -> ExitCode {
    let db = match load_db(&a.content) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let (mut g, events) = match start(&a.setup, db) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let spec = match bot_spec(&a.bot, g.db(), "smart") {
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
        if let Some(t) = words::event(g.db(), g.state(), e) {
            let _ = writeln!(out, "  {t}");
        }
    }
    for _ in 0..5000 {
        if g.is_over() {
            break;
        }
        let legal = legal_actions(&g);
        let act = bot.choose(&g, &legal);
        let label = words::action(g.db(), g.state(), &act);
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
                    if let Some(t) = words::event(g.db(), g.state(), e) {
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

/// Unknown options, missing values and malformed numbers are refused by clap with exit code 2
/// and a message naming the option; `--help` lists every command's options.
fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Play(a) => play(&a, false),
        Command::Legal(a) => play(&a, true),
        Command::Simulate(a) => sim(&a),
        Command::Cards(a) => cards(&a),
        Command::Trace(a) => trace(&a),
        Command::Report(a) => report(&a),
        Command::Hint(a) => advice::hint(&a),
        Command::Review(a) => advice::review(&a),
    }
}
