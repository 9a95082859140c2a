//! A small JSON reader and writer for the records' own types.
//!
//! The records are read item by item from one tree, with messages a player can act on; one
//! small parser serves every type, which keeps the browser build far smaller than a derived
//! deserializer per type. Numbers keep their text, so 64-bit seeds round-trip exactly.

use std::fmt::Write;

/// A JSON value. Objects keep their members in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum J {
    Null,
    Bool(bool),
    /// The number as written.
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

/// Where and why a text is not JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

const MAX_DEPTH: usize = 200;

struct Parser<'a> {
    b: &'a [u8],
    i: usize,
    depth: usize,
}

impl Parser<'_> {
    fn err(&self, message: &str) -> ParseError {
        let upto = &self.b[..self.i.min(self.b.len())];
        let line = upto.iter().filter(|c| **c == b'\n').count() + 1;
        let column = upto.iter().rev().take_while(|c| **c != b'\n').count() + 1;
        ParseError {
            line,
            column,
            message: message.to_string(),
        }
    }

    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.b.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<J, ParseError> {
        self.ws();
        let Some(&c) = self.b.get(self.i) else {
            return Err(self.err("unexpected end of the text"));
        };
        match c {
            b'{' | b'[' => {
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(self.err("nested too deeply"));
                }
                self.i += 1;
                let v = if c == b'{' {
                    self.object()?
                } else {
                    self.array()?
                };
                self.depth -= 1;
                Ok(v)
            }
            b'"' => Ok(J::Str(self.string()?)),
            b't' => self.word("true", J::Bool(true)),
            b'f' => self.word("false", J::Bool(false)),
            b'n' => self.word("null", J::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(self.err("expected a value")),
        }
    }

    fn word(&mut self, w: &str, v: J) -> Result<J, ParseError> {
        if self.b[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err("expected a value"))
        }
    }

    fn number(&mut self) -> Result<J, ParseError> {
        let start = self.i;
        if self.b[self.i] == b'-' {
            self.i += 1;
        }
        let digits = |p: &mut Self| {
            let s = p.i;
            while p.i < p.b.len() && p.b[p.i].is_ascii_digit() {
                p.i += 1;
            }
            p.i > s
        };
        if self.b.get(self.i) == Some(&b'0') {
            self.i += 1;
            if self.b.get(self.i).is_some_and(u8::is_ascii_digit) {
                return Err(self.err("a number cannot start with 0"));
            }
        } else if !digits(self) {
            return Err(self.err("expected a digit"));
        }
        if self.b.get(self.i) == Some(&b'.') {
            self.i += 1;
            if !digits(self) {
                return Err(self.err("expected a digit"));
            }
        }
        if matches!(self.b.get(self.i), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.b.get(self.i), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return Err(self.err("expected a digit"));
            }
        }
        Ok(J::Num(
            String::from_utf8_lossy(&self.b[start..self.i]).into_owned(),
        ))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let h = self
            .b
            .get(self.i..self.i + 4)
            .and_then(|s| std::str::from_utf8(s).ok())
            .and_then(|s| u32::from_str_radix(s, 16).ok())
            .ok_or_else(|| self.err("bad \\u escape"))?;
        self.i += 4;
        Ok(h)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.i += 1; // the opening quote
        let mut out: Vec<u8> = Vec::new();
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return Err(self.err("unterminated string"));
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.b.get(self.i) else {
                        return Err(self.err("unterminated string"));
                    };
                    self.i += 1;
                    let ch = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let mut u = self.hex4()?;
                            if (0xD800..0xDC00).contains(&u) && self.b[self.i..].starts_with(b"\\u")
                            {
                                self.i += 2;
                                let lo = self.hex4()?;
                                u = 0x10000
                                    + ((u - 0xD800) << 10)
                                    + (lo.wrapping_sub(0xDC00) & 0x3FF);
                            }
                            char::from_u32(u).unwrap_or('\u{FFFD}')
                        }
                        _ => return Err(self.err("bad escape")),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                c if c < 0x20 => {
                    self.i -= 1;
                    return Err(self.err("control character in a string"));
                }
                c => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| self.err("invalid UTF-8"))
    }

    fn array(&mut self) -> Result<J, ParseError> {
        let mut v = Vec::new();
        if self.eat(b']') {
            return Ok(J::Arr(v));
        }
        loop {
            v.push(self.value()?);
            if self.eat(b',') {
                continue;
            }
            if self.eat(b']') {
                return Ok(J::Arr(v));
            }
            return Err(self.err("expected `,` or `]`"));
        }
    }

    fn object(&mut self) -> Result<J, ParseError> {
        let mut v = Vec::new();
        if self.eat(b'}') {
            return Ok(J::Obj(v));
        }
        loop {
            self.ws();
            if self.b.get(self.i) != Some(&b'"') {
                return Err(self.err("expected a key in quotes"));
            }
            let k = self.string()?;
            if !self.eat(b':') {
                return Err(self.err("expected `:`"));
            }
            let val = self.value()?;
            v.push((k, val));
            if self.eat(b',') {
                continue;
            }
            if self.eat(b'}') {
                return Ok(J::Obj(v));
            }
            return Err(self.err("expected `,` or `}`"));
        }
    }
}

/// Parses a whole JSON text.
pub fn parse(text: &str) -> Result<J, ParseError> {
    let mut p = Parser {
        b: text.as_bytes(),
        i: 0,
        depth: 0,
    };
    let v = p.value()?;
    p.ws();
    if p.i < p.b.len() {
        return Err(p.err("trailing characters"));
    }
    Ok(v)
}

impl J {
    pub fn get(&self, key: &str) -> Option<&J> {
        match self {
            J::Obj(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            J::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self {
            J::Num(n) => n.parse().ok(),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            J::Num(n) => n.parse().ok(),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[J]> {
        match self {
            J::Arr(a) => Some(a),
            _ => None,
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self, J::Obj(_))
    }

    /// The value as compact JSON text.
    pub fn text(&self) -> String {
        let mut o = String::new();
        self.write(&mut o);
        o
    }

    fn write(&self, o: &mut String) {
        match self {
            J::Null => o.push_str("null"),
            J::Bool(b) => o.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => o.push_str(n),
            J::Str(s) => str_to(o, s),
            J::Arr(a) => {
                o.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        o.push(',');
                    }
                    v.write(o);
                }
                o.push(']');
            }
            J::Obj(m) => {
                o.push('{');
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        o.push(',');
                    }
                    str_to(o, k);
                    o.push(':');
                    v.write(o);
                }
                o.push('}');
            }
        }
    }
}

/// Writes `s` as a JSON string.
pub fn str_to(o: &mut String, s: &str) {
    o.push('"');
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
}

/// Builds one JSON object: `Obj::new(&mut out).str("id", ..).num("side", 1).end()`.
pub struct Obj<'a> {
    o: &'a mut String,
    first: bool,
}

impl<'a> Obj<'a> {
    pub fn new(o: &'a mut String) -> Obj<'a> {
        o.push('{');
        Obj { o, first: true }
    }

    /// Starts a member and returns the buffer for its value.
    pub fn key(&mut self, k: &str) -> &mut String {
        if !self.first {
            self.o.push(',');
        }
        self.first = false;
        str_to(self.o, k);
        self.o.push(':');
        self.o
    }

    pub fn str(mut self, k: &str, v: &str) -> Self {
        let o = self.key(k);
        str_to(o, v);
        self
    }

    pub fn num(mut self, k: &str, v: impl std::fmt::Display) -> Self {
        let o = self.key(k);
        let _ = write!(o, "{v}");
        self
    }

    pub fn bool(mut self, k: &str, v: bool) -> Self {
        self.key(k).push_str(if v { "true" } else { "false" });
        self
    }

    pub fn strs(self, k: &str, v: &[String]) -> Self {
        self.list(k, v, |o, s| str_to(o, s))
    }

    /// A member holding an array: `write` writes each item.
    pub fn list<T>(mut self, k: &str, items: &[T], write: impl Fn(&mut String, &T)) -> Self {
        let o = self.key(k);
        o.push('[');
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                o.push(',');
            }
            write(o, x);
        }
        o.push(']');
        self
    }

    /// A member whose value the caller writes.
    pub fn with(mut self, k: &str, f: impl FnOnce(&mut String)) -> Self {
        f(self.key(k));
        self
    }

    pub fn end(self) {
        self.o.push('}');
    }
}

/// Reads the members of one object, with messages naming the field.
pub struct Fields<'a>(pub &'a J);

impl<'a> Fields<'a> {
    /// `v` must be an object.
    pub fn of(v: &'a J) -> Result<Fields<'a>, String> {
        if v.is_object() {
            Ok(Fields(v))
        } else {
            Err(format!("expected an object, found {}", kind(v)))
        }
    }

    /// The member, if present and not null.
    pub fn opt(&self, k: &str) -> Option<&'a J> {
        self.0.get(k).filter(|v| **v != J::Null)
    }

    pub fn req(&self, k: &str) -> Result<&'a J, String> {
        self.opt(k).ok_or_else(|| format!("missing field `{k}`"))
    }

    pub fn string(&self, k: &str) -> Result<String, String> {
        self.req(k)?
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| bad(k, "text"))
    }

    pub fn opt_string(&self, k: &str) -> Result<Option<String>, String> {
        match self.opt(k) {
            None => Ok(None),
            Some(v) => v
                .as_str()
                .map(|s| Some(s.to_string()))
                .ok_or_else(|| bad(k, "text")),
        }
    }

    /// A whole number in `lo..=hi`.
    pub fn int(&self, k: &str, lo: i64, hi: i64) -> Result<i64, String> {
        self.req(k)?
            .as_i64()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| format!("field `{k}` must be a whole number from {lo} to {hi}"))
    }

    /// Like [`Fields::int`], 0 when absent.
    pub fn int_or0(&self, k: &str, lo: i64, hi: i64) -> Result<i64, String> {
        if self.opt(k).is_none() {
            return Ok(0);
        }
        self.int(k, lo, hi)
    }

    pub fn opt_u64(&self, k: &str) -> Result<Option<u64>, String> {
        match self.opt(k) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| format!("field `{k}` must be a whole number from 0")),
        }
    }

    pub fn bool_or(&self, k: &str, default: bool) -> Result<bool, String> {
        match self.opt(k) {
            None => Ok(default),
            Some(J::Bool(b)) => Ok(*b),
            Some(_) => Err(bad(k, "true or false")),
        }
    }

    /// A list (empty when absent).
    pub fn list(&self, k: &str) -> Result<&'a [J], String> {
        match self.opt(k) {
            None => Ok(&[]),
            Some(v) => v.as_array().ok_or_else(|| format!("`{k}` is not a list")),
        }
    }

    pub fn strings(&self, k: &str) -> Result<Vec<String>, String> {
        self.list(k)?
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| bad(k, "a list of texts"))
            })
            .collect()
    }
}

fn bad(k: &str, want: &str) -> String {
    format!("field `{k}` must be {want}")
}

/// A JSON type's name, for messages.
pub fn kind(v: &J) -> &'static str {
    match v {
        J::Null => "null",
        J::Bool(_) => "true or false",
        J::Num(_) => "a number",
        J::Str(_) => "a text",
        J::Arr(_) => "a list",
        J::Obj(_) => "an object",
    }
}
