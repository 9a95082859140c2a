//! The keyboard's one table: every key the game answers to, what it does and where it works.
//! The key handler (`hooks::keys`) looks keys up here, the `?`/F1 help lists the lines of this
//! table that work where focus is, and every control's `aria-keyshortcuts` is read from it, so
//! the three can never disagree. The player's settings (`Settings`: single-key shortcuts on or
//! off, keys remapped, reduced motion, how much the live region says) are applied here too.
//!
//! After the accessible card-game mods (Hearthstone Access, Say the Spire) and WCAG 2.1.4:
//! single-character keys work only while focus is in the game, never in a text field, and can be
//! turned off or given other keys. Compiled natively so its rules have unit tests.

use serde::{Deserialize, Serialize};

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Take the decision's choice with this number (1–10 by the digits, `0` for 10; 11–15 by
    /// Shift and a digit).
    Choice(u8),
    /// Move to the next / previous available choice (wrapping), the first, the last.
    Next,
    Prev,
    First,
    Last,
    Undo,
    Hint,
    /// List the keys that work now.
    Help,
    /// Open the settings (keys, motion, verbosity).
    Settings,
    /// Read a piece of the state into the live region (Shift: in detail).
    Read(Readout),
    /// Say the last move again.
    Repeat,
    /// Read the history one entry back / forward, without leaving the decision.
    HistoryBack,
    HistoryForward,
    /// Arrows also stop on the choices the rules refuse now (and say why).
    Unavailable,
}

/// The pieces of state a key reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Readout {
    /// Small and Large Effort, wood, metal, food.
    Effort,
    /// The monster: armor, health, DEFEND; in detail its combat table.
    Monster,
    /// The last roll and the row it lit.
    Roll,
    /// Time and the ambush threat.
    Time,
    /// The weapon in hand; in detail its attacks and upgrades.
    Weapon,
    /// Skills and conditions.
    Skills,
    /// The decision: its prompt and every choice with its number.
    Prompt,
}

/// Where focus is when a key is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A text field, select or anything editable: no shortcut works (typing wins).
    TextField,
    /// On the game's page (a game on the table), outside the choices.
    Game,
    /// On one of the decision's choices.
    Choices,
}

/// Where a binding works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Anywhere in the game (not in a text field).
    Game,
    /// Only while focus is on the choices (the arrows of the composite widget).
    Choices,
}

/// One line of the table: a command, its stable name (what settings store), its words, where
/// it works and its default keys.
pub struct Entry {
    pub command: Command,
    pub id: &'static str,
    pub what: &'static str,
    pub scope: Scope,
    pub keys: &'static [&'static str],
}

const fn e(
    command: Command,
    id: &'static str,
    what: &'static str,
    scope: Scope,
    keys: &'static [&'static str],
) -> Entry {
    Entry {
        command,
        id,
        what,
        scope,
        keys,
    }
}

use Command::*;
use Readout as R;

/// The default bindings, in the order help lists them. A key is the browser's
/// `KeyboardEvent.key` (letters lowercase; Shift is read separately, for detail).
pub const TABLE: &[Entry] = &[
    e(Choice(1), "choice-1", "Take choice 1", Scope::Game, &["1"]),
    e(Choice(2), "choice-2", "Take choice 2", Scope::Game, &["2"]),
    e(Choice(3), "choice-3", "Take choice 3", Scope::Game, &["3"]),
    e(Choice(4), "choice-4", "Take choice 4", Scope::Game, &["4"]),
    e(Choice(5), "choice-5", "Take choice 5", Scope::Game, &["5"]),
    e(Choice(6), "choice-6", "Take choice 6", Scope::Game, &["6"]),
    e(Choice(7), "choice-7", "Take choice 7", Scope::Game, &["7"]),
    e(Choice(8), "choice-8", "Take choice 8", Scope::Game, &["8"]),
    e(Choice(9), "choice-9", "Take choice 9", Scope::Game, &["9"]),
    e(
        Choice(10),
        "choice-10",
        "Take choice 10",
        Scope::Game,
        &["0"],
    ),
    e(
        Choice(11),
        "choice-11",
        "Take choice 11",
        Scope::Game,
        &["Shift+1"],
    ),
    e(
        Choice(12),
        "choice-12",
        "Take choice 12",
        Scope::Game,
        &["Shift+2"],
    ),
    e(
        Choice(13),
        "choice-13",
        "Take choice 13",
        Scope::Game,
        &["Shift+3"],
    ),
    e(
        Choice(14),
        "choice-14",
        "Take choice 14",
        Scope::Game,
        &["Shift+4"],
    ),
    e(
        Choice(15),
        "choice-15",
        "Take choice 15",
        Scope::Game,
        &["Shift+5"],
    ),
    e(
        Next,
        "next",
        "Next choice",
        Scope::Choices,
        &["ArrowRight", "ArrowDown"],
    ),
    e(
        Prev,
        "prev",
        "Previous choice",
        Scope::Choices,
        &["ArrowLeft", "ArrowUp"],
    ),
    e(First, "first", "First choice", Scope::Choices, &["Home"]),
    e(Last, "last", "Last choice", Scope::Choices, &["End"]),
    e(
        Unavailable,
        "unavailable",
        "Arrows also stop on unavailable choices (on or off)",
        Scope::Game,
        &["x"],
    ),
    e(
        Read(R::Prompt),
        "prompt",
        "Say the decision and every choice",
        Scope::Game,
        &["p"],
    ),
    e(
        Repeat,
        "repeat",
        "Say the last move again",
        Scope::Game,
        &["l"],
    ),
    e(
        HistoryBack,
        "history-back",
        "History: one entry back",
        Scope::Game,
        &["["],
    ),
    e(
        HistoryForward,
        "history-forward",
        "History: one entry forward",
        Scope::Game,
        &["]"],
    ),
    e(
        Read(R::Effort),
        "effort",
        "Say Effort and supplies (Shift: in detail)",
        Scope::Game,
        &["e"],
    ),
    e(
        Read(R::Monster),
        "monster",
        "Say the monster (Shift: its table)",
        Scope::Game,
        &["m"],
    ),
    e(
        Read(R::Roll),
        "roll",
        "Say the last roll and its row",
        Scope::Game,
        &["r"],
    ),
    e(
        Read(R::Time),
        "time",
        "Say Time and the ambush threat",
        Scope::Game,
        &["t"],
    ),
    e(
        Read(R::Weapon),
        "weapon",
        "Say the weapon (Shift: its attacks and upgrades)",
        Scope::Game,
        &["w"],
    ),
    e(
        Read(R::Skills),
        "skills",
        "Say skills and conditions (Shift: in detail)",
        Scope::Game,
        &["s"],
    ),
    e(Undo, "undo", "Undo the last move", Scope::Game, &["u"]),
    e(Hint, "hint", "Ask for a hint", Scope::Game, &["h"]),
    e(Help, "help", "List the keys", Scope::Game, &["?", "F1"]),
    e(
        Settings,
        "settings",
        "Open the settings",
        Scope::Game,
        &[","],
    ),
];

/// How much the live region says after a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verbosity {
    /// What the move decided: its outcome lines (a headline such as a defeat, a level, and
    /// the resources gained and lost).
    Outcomes,
    /// Every event of the move, in the engine's order.
    #[default]
    Everything,
}

/// The player's settings, kept in local storage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Single-character shortcuts (digits, letters, `?`) on at all (WCAG 2.1.4).
    pub single_keys: bool,
    /// A command's id → the one key that replaces its defaults.
    pub remap: Remap,
    /// No banners or counter animations, whatever the system says.
    pub reduced_motion: bool,
    pub verbosity: Verbosity,
    /// Arrows also stop on choices the rules refuse now.
    pub hear_unavailable: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            single_keys: true,
            remap: Remap::default(),
            reduced_motion: false,
            verbosity: Verbosity::Everything,
            hear_unavailable: false,
        }
    }
}

/// The player's remapped keys: a command's id → its one key, kept sorted by id. Stored as a
/// JSON object (`{"undo":"z"}`), exactly as a `BTreeMap` would write and read it; a sorted list
/// because a `BTreeMap<String, String>` cost the page about 6 KB of code for a handful of
/// entries.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remap(Vec<(String, String)>);

impl Remap {
    /// The key of a command, if the player gave it one.
    pub fn get(&self, id: &str) -> Option<&String> {
        self.find(id).ok().map(|i| &self.0[i].1)
    }

    /// Gives a command its key (replacing the one it had).
    pub fn insert(&mut self, id: String, key: String) {
        match self.find(&id) {
            Ok(i) => self.0[i].1 = key,
            Err(i) => self.0.insert(i, (id, key)),
        }
    }

    /// Gives a command back its default keys.
    pub fn remove(&mut self, id: &str) {
        if let Ok(i) = self.find(id) {
            self.0.remove(i);
        }
    }

    /// Every command back to its default keys.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The keys given, in the order of the commands' ids.
    pub fn values(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(_, k)| k)
    }

    fn find(&self, id: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(i, _)| i.as_str().cmp(id))
    }
}

impl Serialize for Remap {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(i, k)| (i, k)))
    }
}

impl<'de> Deserialize<'de> for Remap {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Remap, D::Error> {
        struct Entries;
        impl<'de> serde::de::Visitor<'de> for Entries {
            type Value = Remap;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of keys")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Remap, A::Error> {
                // A command named twice keeps its last key, as a map would.
                let mut r = Remap::default();
                while let Some((id, key)) = m.next_entry::<String, String>()? {
                    r.insert(id, key);
                }
                Ok(r)
            }
        }
        d.deserialize_map(Entries)
    }
}

/// A key as the table names it: `KeyboardEvent.key`, a letter in lower case.
pub fn normalize(key: &str) -> String {
    let mut c = key.chars();
    match (c.next(), c.next()) {
        (Some(ch), None) if ch.is_ascii_alphabetic() => ch.to_ascii_lowercase().to_string(),
        _ => key.to_string(),
    }
}

/// Whether a key is one printable character, alone or with Shift (what WCAG 2.1.4 is about).
pub fn single_char(key: &str) -> bool {
    key.trim_start_matches("Shift+").chars().count() == 1
}

/// The key the table looks up for a browser key event: `KeyboardEvent.key`, except that Shift
/// with a digit key (`code` `Digit1`) is `Shift+1` on every keyboard layout.
pub fn event_key(key: &str, code: &str, shift: bool) -> String {
    match code.strip_prefix("Digit") {
        Some(d) if shift => format!("Shift+{d}"),
        Some(d) => d.to_string(),
        None => key.to_string(),
    }
}

/// The key that takes choice `n`, as the choice shows it (`1`…`9`, `0`, `⇧1`…), from the
/// keymap in force.
pub fn choice_key_label(k: &Keymap, n: usize) -> Option<String> {
    let c = Command::Choice(u8::try_from(n).ok()?);
    let keys = k.shortcuts(c);
    let first = keys.split(' ').next().filter(|s| !s.is_empty())?;
    Some(first.replace("Shift+", "⇧"))
}

/// The table with the player's settings applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Keymap {
    /// Per table entry, its keys now.
    keys: Vec<Vec<String>>,
    single_keys: bool,
}

/// One line of help: the keys and what they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    pub keys: String,
    pub what: String,
}

impl Keymap {
    pub fn new(s: &Settings) -> Keymap {
        // A remapped key is taken away from any other command that had it.
        let taken: Vec<String> = s.remap.values().map(|k| normalize(k)).collect();
        let keys = TABLE
            .iter()
            .map(|e| match s.remap.get(e.id) {
                Some(k) if !k.is_empty() => vec![normalize(k)],
                _ => e
                    .keys
                    .iter()
                    .map(|k| k.to_string())
                    .filter(|k| !taken.contains(k))
                    .collect(),
            })
            .collect();
        Keymap {
            keys,
            single_keys: s.single_keys,
        }
    }

    /// Whether a key is live at all (single-character keys can be turned off).
    fn live(&self, key: &str) -> bool {
        self.single_keys || !single_char(key)
    }

    fn works(scope: Scope, place: Place) -> bool {
        match (scope, place) {
            (_, Place::TextField) => false,
            (Scope::Game, _) => true,
            (Scope::Choices, p) => p == Place::Choices,
        }
    }

    /// The command of a key pressed at `place` (`key` as the browser gives it); `shift` asks
    /// for detail. `None` for keys the game leaves alone, and always with Ctrl, Alt or Meta.
    pub fn lookup(&self, key: &str, modified: bool, place: Place) -> Option<Command> {
        if modified {
            return None;
        }
        let key = normalize(key);
        if !self.live(&key) {
            return None;
        }
        TABLE
            .iter()
            .zip(&self.keys)
            .find(|(e, ks)| Self::works(e.scope, place) && ks.contains(&key))
            .map(|(e, _)| e.command)
    }

    /// The keys of a command now, for `aria-keyshortcuts` (space-separated, as ARIA wants;
    /// empty when it has none, e.g. turned off).
    pub fn shortcuts(&self, c: Command) -> String {
        TABLE
            .iter()
            .zip(&self.keys)
            .filter(|(e, _)| e.command == c)
            .flat_map(|(_, ks)| ks.iter().filter(|k| self.live(k)))
            .map(|k| aria_key(k))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The help: every binding that works at `place`, in the table's order; the choices'
    /// keys, one each, are one line ("1 2 3 … 0: Take choice 1 to 10, by its number").
    pub fn help(&self, place: Place) -> Vec<HelpLine> {
        let mut out: Vec<HelpLine> = Vec::new();
        // The run of choice keys being gathered: (keys, first and last choice).
        let mut run: Option<(Vec<String>, u8, u8)> = None;
        let flush = |run: &mut Option<(Vec<String>, u8, u8)>, out: &mut Vec<HelpLine>| {
            if let Some((keys, a, b)) = run.take() {
                out.push(HelpLine {
                    keys: keys.join(" "),
                    what: if a == b {
                        format!("Take choice {a}")
                    } else {
                        format!("Take choice {a} to {b}, by its number")
                    },
                });
            }
        };
        for (e, ks) in TABLE.iter().zip(&self.keys) {
            if !(Self::works(e.scope, place) || place == Place::Game) {
                continue;
            }
            let live: Vec<&str> = ks
                .iter()
                .filter(|k| self.live(k))
                .map(|k| key_name(k))
                .collect();
            if live.is_empty() {
                flush(&mut run, &mut out);
                continue;
            }
            if let (Command::Choice(n), [k]) = (e.command, live.as_slice()) {
                // Choices 1–10 and 11–15 are two lines (the second needs Shift).
                match &mut run {
                    Some((keys, _, b)) if *b + 1 == n && n != 11 => {
                        keys.push(k.to_string());
                        *b = n;
                    }
                    _ => {
                        flush(&mut run, &mut out);
                        run = Some((vec![k.to_string()], n, n));
                    }
                }
                continue;
            }
            flush(&mut run, &mut out);
            out.push(HelpLine {
                keys: live.join(" or "),
                what: e.what.to_string(),
            });
        }
        flush(&mut run, &mut out);
        out
    }

    /// The help as one text, a line a binding ("1: Take choice 1").
    pub fn help_text(&self, place: Place) -> String {
        self.help(place)
            .iter()
            .map(|l| format!("{}: {}", l.keys, l.what))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A key's name as `aria-keyshortcuts` spells it.
fn aria_key(k: &str) -> String {
    match k {
        " " => "Space".into(),
        k => k.to_string(),
    }
}

/// A key's name as the help shows it.
pub fn key_name(k: &str) -> &str {
    match k {
        "ArrowRight" => "Right arrow",
        "ArrowLeft" => "Left arrow",
        "ArrowUp" => "Up arrow",
        "ArrowDown" => "Down arrow",
        k => k,
    }
}

/// The command id of every entry, for the settings panel's remapping list.
pub fn remappable() -> impl Iterator<Item = &'static Entry> {
    TABLE.iter().filter(|e| {
        e.keys
            .iter()
            .all(|k| single_char(k) && !k.starts_with("Shift+"))
    })
}

#[cfg(test)]
#[path = "keymap_tests.rs"]
mod tests;
