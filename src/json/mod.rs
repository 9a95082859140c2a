//! A small JSON reader and writer, through serde, for what the page itself keeps as text: the
//! saved game and the lesson, the settings, a finished game's record and the tooltip ids of
//! actions.
//!
//! Why not serde_json: the page would ship its number parser and writer, its error messages
//! and, through serde's "invalid type: floating point …" messages, the whole float formatting
//! machinery — about 50 KB of the first download for values that hold only integers, strings,
//! booleans, lists, maps and enums. This codec reads and writes exactly those (a number with a
//! fraction or an exponent is refused; nothing stored by the page has one), and its errors say
//! only where reading stopped ([`Error::at`](crate::json::Error::at)); serde's messages are never formatted.
//!
//! What it writes is byte for byte what `serde_json::to_string` writes (compact, members in
//! declaration order, the same escapes), and it reads everything serde_json writes for these
//! types and what a browser's `JSON.stringify` writes, so a save from either is read by
//! either; the tests (`tests.rs`) compare the two.
//!
//! Why no crate: `serde_json` is what this replaces; `serde-json-core`, the small no_std one,
//! reads only C-like enums (a save's actions are enums with data) and keeps escaped strings in
//! caller-sized buffers; `serde-wasm-bindgen` through the browser's `JSON.parse` still formats
//! serde's error messages, and so brings the float formatting back.
//!
//! Reading is in `read`, writing in `write`.

use serde::de::{self, DeserializeOwned};
use serde::ser::{self, Serialize};
use std::fmt;

mod read;
mod write;

/// Reading or writing failed. When reading: the byte offset in the text where it stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    /// Byte offset in the text read (0 when writing).
    pub at: usize,
}

/// A failure with no place (writing, or a value the reader refuses as a whole).
const FAIL: Error = Error { at: 0 };

impl Error {
    /// The 1-based line and column of [`Error::at`] in `text` (columns counted in bytes, as
    /// serde_json counts them).
    pub fn line_column(&self, text: &str) -> (usize, usize) {
        let before = &text.as_bytes()[..self.at.min(text.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        (line, before.len() - start + 1)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not valid JSON for this value")
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    // The message is dropped unread: formatting it is what would bring serde's messages in.
    fn custom<T: fmt::Display>(_: T) -> Self {
        Error { at: 0 }
    }
}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Error { at: 0 }
    }
}

/// Reads a `T` from JSON text (whitespace around values allowed, nothing after the value).
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
    read::from_str(text)
}

/// Writes `v` as compact JSON, exactly as `serde_json::to_string` does. Fails only on what
/// this codec does not write (floats, maps with keys that are not strings).
pub fn to_string<T: Serialize + ?Sized>(v: &T) -> Result<String, Error> {
    write::to_string(v)
}

#[cfg(test)]
mod tests;
