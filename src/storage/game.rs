//! The game in progress, autosaved in `localStorage` after every change.
//!
//! A save is the engine's [`SaveGame`] (setup + action log) as JSON (read and written by
//! [`crate::json`], serde_json's format without its code) under a versioned key; loading
//! replays it through the rules ([`Game::load`]), so a save can never hold an illegal position.
//! A save that cannot be read is never deleted: its text is moved aside under [`BAD_KEY`] and
//! the player is told. When storage is unavailable (private mode, disabled, full) every
//! function returns an `Err` with a sentence for the player, and the game stays playable.

use crate::engine::{Game, SaveGame};
use crate::json;
use std::sync::Arc;

/// Where the game in progress lives.
pub const KEY: &str = "unbroken.game.v1";
/// Where an unreadable save is kept aside (the newest one; older ones are kept under
/// `BAD_KEY` + a number).
pub const BAD_KEY: &str = "unbroken.game.v1.unreadable";

/// What the save slot holds.
pub enum Slot {
    Empty,
    /// A save that loads: the game, replayed.
    Saved(Box<Game>),
    /// A save that does not load; its text was moved aside under the key given.
    Unreadable {
        error: String,
        kept_as: String,
    },
}

const UNAVAILABLE: &str = "Your browser does not let this page store anything (private mode, \
disabled storage or a full disk): you can play, but the game will not be saved.";

/// Storage is there and readable, but refuses writes: a full disk or quota.
pub const FULL: &str = "This browser's storage is full: your saved game and records can still \
be read, but your moves are not being saved. Saving is tried again after every move.";

/// The local storage, if this browser lets the page use it.
fn storage() -> Result<web_sys::Storage, String> {
    super::local().ok_or_else(|| UNAVAILABLE.to_string())
}

/// Whether saving works at all: writes and removes a probe value.
pub fn check_available() -> Result<(), String> {
    let s = storage()?;
    let probe = "unbroken.probe";
    s.set_item(probe, "1").map_err(|_| FULL.to_string())?;
    let _ = s.remove_item(probe);
    Ok(())
}

/// Whether the slot or the lesson holds a game to go on with, without reading it: the title
/// screen's own module (`unbroken-title`) cannot replay a game, so with one kept the page goes
/// straight to the table's module, whose title screen offers it (Continue, Continue the lesson).
pub fn has_game_to_continue() -> bool {
    storage().is_ok_and(|s| {
        [KEY, LESSON_KEY]
            .iter()
            .any(|k| s.get_item(k).ok().flatten().is_some())
    })
}

/// Reads the slot. A save that cannot be parsed or replayed is moved aside, never lost.
pub fn read(db: &Arc<crate::content::CardDb>) -> Result<Slot, String> {
    let s = storage()?;
    let Some(text) = s.get_item(KEY).map_err(|_| UNAVAILABLE.to_string())? else {
        return Ok(Slot::Empty);
    };
    let loaded = json::from_str::<SaveGame>(&text)
        // Where it stopped: the codec keeps no messages.
        .map_err(|e| {
            let (line, column) = e.line_column(&text);
            format!("the save cannot be read (line {line}, column {column})")
        })
        .and_then(|save| Game::load(&save, db.clone()).map_err(|e| e.to_string()));
    match loaded {
        Ok(g) => Ok(Slot::Saved(Box::new(g))),
        Err(error) => {
            let kept_as = set_aside(&s, &text)?;
            Ok(Slot::Unreadable { error, kept_as })
        }
    }
}

/// Moves an unreadable save to a free aside key and removes it from the slot.
fn set_aside(s: &web_sys::Storage, text: &str) -> Result<String, String> {
    let mut key = BAD_KEY.to_string();
    let mut n = 1;
    while s.get_item(&key).ok().flatten().is_some() {
        n += 1;
        key = format!("{BAD_KEY}.{n}");
    }
    s.set_item(&key, text)
        .map_err(|_| "the unreadable save could not be kept aside (storage is full)".to_string())?;
    let _ = s.remove_item(KEY);
    Ok(key)
}

/// Said when another tab saved a different game in the slot: its player is told rather than overwritten.
pub const OTHER_TAB: &str = "Another tab has saved its game in this browser since this one was \
last saved. To keep that game, this tab stops saving: you can play on here, but this game will \
not be kept.";

std::thread_local! {
    /// What this tab last wrote to the slot: the deal's seed and the text.
    static LAST: std::cell::RefCell<Option<(u64, String)>> = const { std::cell::RefCell::new(None) };
}

/// Saves the game (setup + action log), unless another tab wrote the slot since this tab last
/// did, for the same game: then nothing is written and `Err(OTHER_TAB)` says why. A new deal
/// started in this tab replaces the slot as the player asked.
pub fn write(game: &Game) -> Result<(), String> {
    let s = storage()?;
    let text = json::to_string(&game.save()).map_err(|_| FULL.to_string())?;
    let seed = game.state().setup.seed;
    let theirs = LAST.with(|l| match &*l.borrow() {
        Some((last_seed, last)) if *last_seed == seed => s
            .get_item(KEY)
            .ok()
            .flatten()
            .is_some_and(|now| now != *last),
        _ => false,
    });
    if theirs {
        return Err(OTHER_TAB.to_string());
    }
    s.set_item(KEY, &text).map_err(|_| FULL.to_string())?;
    LAST.with(|l| *l.borrow_mut() = Some((seed, text)));
    Ok(())
}

/// Forgets the saved game if the slot still holds `save` (a finished game, once its record is
/// stored: a game started since in another tab is left alone).
pub fn clear_if_holds(save: &SaveGame) {
    let held = storage()
        .ok()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|t| json::from_str::<SaveGame>(&t).ok());
    if held.as_ref() == Some(save) {
        clear();
    }
}

/// Forgets the saved game.
pub fn clear() {
    if let Ok(s) = storage() {
        let _ = s.remove_item(KEY);
    }
}

/// Where the lesson (Learn to play) left half-way lives: never the game slot, so a
/// lesson can be left and resumed without touching the saved game.
pub const LESSON_KEY: &str = "unbroken.lesson.v1";

/// Keeps the lesson's position (a finished one is forgotten: there is nothing to resume).
pub fn write_lesson(game: &Game) -> Result<(), String> {
    let s = storage()?;
    if game.is_over() {
        let _ = s.remove_item(LESSON_KEY);
        return Ok(());
    }
    let text = json::to_string(&game.save()).map_err(|_| FULL.to_string())?;
    s.set_item(LESSON_KEY, &text).map_err(|_| FULL.to_string())
}

/// The lesson left half-way, if one is kept and still replays (a lesson that does not, after
/// a change of the box, is simply started again).
pub fn read_lesson(db: &Arc<crate::content::CardDb>) -> Option<Game> {
    let text = storage().ok()?.get_item(LESSON_KEY).ok()??;
    let save: SaveGame = json::from_str(&text).ok()?;
    Game::load(&save, db.clone())
        .ok()
        .filter(|g| crate::learn::is_lesson(g) && !g.is_over())
}
