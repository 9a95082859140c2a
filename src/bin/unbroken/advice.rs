//! The CLI's commands over a saved game: `hint`, the smart bot's move for its
//! position, and `review`, every decision beside the bot's, why
//! where they differ, and the game's turning point. They print what the browser's Hint
//! and Review show for the same save.

use super::{fail, load_db, read_text, ContentOpt};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use unbroken::content::CardDb;
use unbroken::engine::Game;

#[derive(clap::Args)]
pub struct HintOpts {
    /// A saved game (the JSON the browser keeps), from a file or - for standard input.
    #[arg(long, value_name = "FILE|-")]
    pub save: String,
    #[command(flatten)]
    pub content: ContentOpt,
}

/// Another box instead of the built-in one.
fn read_save(a: &HintOpts) -> Result<(Arc<CardDb>, unbroken::engine::SaveGame), String> {
    let db = load_db(&a.content)?;
    let save = read_text(&a.save)
        .and_then(|t| serde_json::from_str(&t).map_err(|e| format!("save: {e}")))?;
    Ok((db, save))
}

pub fn review(a: &HintOpts) -> ExitCode {
    let (db, save) = match read_save(a) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let won = unbroken::sim::victory(&save, db.clone());
    let brain = Arc::new(unbroken::sim::Brain::new(db));
    match unbroken::sim::review(&brain, &save, 0, save.actions.len()) {
        Ok(moves) => {
            let turning = unbroken::sim::turning_point(&moves, won);
            let out = serde_json::json!({
                "total": save.actions.len(),
                "moves": moves,
                "turning_point": turning,
            });
            let _ = writeln!(std::io::stdout(), "{out}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

pub fn hint(a: &HintOpts) -> ExitCode {
    let (db, save) = match read_save(a) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let g = match Game::load(&save, db.clone()) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let brain = Arc::new(unbroken::sim::Brain::new(db));
    let out = match unbroken::sim::hint(&brain, &g) {
        Some(advice) => serde_json::json!(advice),
        None => serde_json::json!({ "over": true }),
    };
    let _ = writeln!(std::io::stdout(), "{out}");
    ExitCode::SUCCESS
}
