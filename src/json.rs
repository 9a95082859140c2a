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
//! either; the tests at the bottom compare the two.

use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};
use serde::ser::{self, Serialize};
use std::fmt;

/// Reading or writing failed. When reading: the byte offset in the text where it stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    /// Byte offset in the text read (0 when writing).
    pub at: usize,
}

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
    let mut d = De {
        s: text.as_bytes(),
        i: 0,
        scratch: String::new(),
    };
    let v = T::deserialize(&mut d).map_err(|_| Error { at: d.i })?;
    match d.peek() {
        None => Ok(v),
        Some(_) => Err(Error { at: d.i }),
    }
}

/// Writes `v` as compact JSON, exactly as `serde_json::to_string` does. Fails only on what
/// this codec does not write (floats, maps with keys that are not strings).
pub fn to_string<T: Serialize + ?Sized>(v: &T) -> Result<String, Error> {
    let mut s = Ser { out: String::new() };
    v.serialize(&mut s)?;
    Ok(s.out)
}

// ---------------------------------------------------------------------------------------------
// Reading

struct De<'a> {
    s: &'a [u8],
    i: usize,
    /// The last string read (keys and values are handed to visitors from here).
    scratch: String,
}

const FAIL: Error = Error { at: 0 };

impl<'a> De<'a> {
    /// The next byte after whitespace, not consumed.
    fn peek(&mut self) -> Option<u8> {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.s.get(self.i) {
            self.i += 1;
        }
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> Result<(), Error> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(FAIL)
        }
    }

    fn word(&mut self, w: &[u8]) -> Result<(), Error> {
        if self.s[self.i..].starts_with(w) {
            self.i += w.len();
            Ok(())
        } else {
            Err(FAIL)
        }
    }

    fn hex4(&mut self) -> Result<u32, Error> {
        let mut n = 0;
        for _ in 0..4 {
            let d = self.s.get(self.i).and_then(|&b| (b as char).to_digit(16));
            n = n * 16 + d.ok_or(FAIL)?;
            self.i += 1;
        }
        Ok(n)
    }

    /// Reads a string (the opening quote next) into `scratch`.
    fn string(&mut self) -> Result<(), Error> {
        self.eat(b'"')?;
        self.scratch.clear();
        loop {
            let start = self.i;
            while let Some(&b) = self.s.get(self.i) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.i += 1;
            }
            // Cut at ASCII bytes of valid UTF-8 text: always whole characters.
            self.scratch
                .push_str(std::str::from_utf8(&self.s[start..self.i]).map_err(|_| FAIL)?);
            let b = *self.s.get(self.i).ok_or(FAIL)?;
            self.i += 1;
            match b {
                b'"' => return Ok(()),
                b'\\' => {
                    let e = *self.s.get(self.i).ok_or(FAIL)?;
                    self.i += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let mut n = self.hex4()?;
                            if (0xD800..0xDC00).contains(&n) {
                                self.word(b"\\u")?;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(FAIL);
                                }
                                n = 0x10000 + ((n - 0xD800) << 10) + (lo - 0xDC00);
                            }
                            char::from_u32(n).ok_or(FAIL)?
                        }
                        _ => return Err(FAIL),
                    };
                    self.scratch.push(c);
                }
                // A control character inside a string.
                _ => return Err(FAIL),
            }
        }
    }

    /// Skips any value, floats included (an unknown member's).
    fn skip(&mut self) -> Result<(), Error> {
        match self.peek().ok_or(FAIL)? {
            b'"' => self.string(),
            b'[' | b'{' => {
                let close = if self.s[self.i] == b'[' { b']' } else { b'}' };
                self.i += 1;
                if self.peek() == Some(close) {
                    self.i += 1;
                    return Ok(());
                }
                loop {
                    if close == b'}' {
                        self.string()?;
                        self.eat(b':')?;
                    }
                    self.skip()?;
                    match self.peek() {
                        Some(b',') => self.i += 1,
                        Some(c) if c == close => {
                            self.i += 1;
                            return Ok(());
                        }
                        _ => return Err(FAIL),
                    }
                }
            }
            b't' => self.word(b"true"),
            b'f' => self.word(b"false"),
            b'n' => self.word(b"null"),
            _ => {
                let start = self.i;
                while let Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E') = self.s.get(self.i)
                {
                    self.i += 1;
                }
                if self.i == start {
                    Err(FAIL)
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Reads an integer (a fraction or an exponent is refused: nothing the page stores has one).
    fn integer(&mut self) -> Result<(bool, u64), Error> {
        let negative = self.peek() == Some(b'-');
        if negative {
            self.i += 1;
        }
        let start = self.i;
        let mut n: u64 = 0;
        while let Some(&b @ b'0'..=b'9') = self.s.get(self.i) {
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(u64::from(b - b'0')))
                .ok_or(FAIL)?;
            self.i += 1;
        }
        if self.i == start || matches!(self.s.get(self.i), Some(b'.' | b'e' | b'E')) {
            return Err(FAIL);
        }
        Ok((negative, n))
    }

    /// An integer, handed to `v` as `u64`, or as `i64` when negative.
    fn number<'de, V: Visitor<'de>>(&mut self, v: V) -> Result<V::Value, Error> {
        match self.integer()? {
            (false, n) => v.visit_u64(n),
            (true, n) if n <= 1 << 63 => v.visit_i64((n as i64).wrapping_neg()),
            _ => Err(FAIL),
        }
    }

    /// Reads `,` or the closing byte after an item; true when the list or map goes on.
    fn more(&mut self, close: u8, first: &mut bool) -> Result<bool, Error> {
        if self.peek() == Some(close) {
            return Ok(false);
        }
        if !std::mem::replace(first, false) {
            self.eat(b',')?;
        }
        Ok(true)
    }
}

impl<'de> de::Deserializer<'de> for &mut De<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.peek().ok_or(FAIL)? {
            b'n' => {
                self.word(b"null")?;
                v.visit_unit()
            }
            b't' => {
                self.word(b"true")?;
                v.visit_bool(true)
            }
            b'f' => {
                self.word(b"false")?;
                v.visit_bool(false)
            }
            b'"' => {
                self.string()?;
                v.visit_str(&self.scratch)
            }
            b'[' => self.deserialize_seq(v),
            b'{' => self.deserialize_map(v),
            _ => self.number(v),
        }
    }

    // What a value of each kind asks for is read directly: each visitor's instance then holds
    // only its own kind's reading, not every kind's (`deserialize_any`).

    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.peek() {
            Some(b't') => {
                self.word(b"true")?;
                v.visit_bool(true)
            }
            _ => {
                self.word(b"false")?;
                v.visit_bool(false)
            }
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.string()?;
        v.visit_str(&self.scratch)
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_str(v)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_str(v)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.peek();
        self.word(b"null")?;
        v.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(v)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.eat(b'[')?;
        let out = v.visit_seq(List {
            d: &mut *self,
            first: true,
        })?;
        self.eat(b']')?;
        Ok(out)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Error> {
        self.deserialize_seq(v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(v)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.eat(b'{')?;
        let out = v.visit_map(List {
            d: &mut *self,
            first: true,
        })?;
        self.eat(b'}')?;
        Ok(out)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(v)
    }

    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_i64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.number(v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        if self.peek() == Some(b'n') {
            self.word(b"null")?;
            v.visit_none()
        } else {
            v.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        if self.peek() == Some(b'"') {
            // A unit variant: its name alone.
            self.string()?;
            let name = std::mem::take(&mut self.scratch);
            return v.visit_enum(name.as_str().into_deserializer());
        }
        // Any other variant: `{"name": value}`.
        self.eat(b'{')?;
        let out = v.visit_enum(&mut *self)?;
        self.eat(b'}')?;
        Ok(out)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.skip()?;
        v.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        i128 u128 f32 f64 char bytes byte_buf
    }
}

/// The items of a list or the members of an object being read.
struct List<'a, 'b> {
    d: &'a mut De<'b>,
    first: bool,
}

impl<'de> de::SeqAccess<'de> for List<'_, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if !self.d.more(b']', &mut self.first)? {
            return Ok(None);
        }
        seed.deserialize(&mut *self.d).map(Some)
    }
}

impl<'de> de::MapAccess<'de> for List<'_, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if !self.d.more(b'}', &mut self.first)? {
            return Ok(None);
        }
        // Keys are strings: read as one, whatever the key's type asks for.
        self.d.string()?;
        let key = std::mem::take(&mut self.d.scratch);
        let k = seed.deserialize(key.as_str().into_deserializer())?;
        self.d.eat(b':')?;
        Ok(Some(k))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.d)
    }
}

impl<'de> de::EnumAccess<'de> for &mut De<'_> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        self.string()?;
        let name = std::mem::take(&mut self.scratch);
        let v = seed.deserialize(name.as_str().into_deserializer())?;
        self.eat(b':')?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for &mut De<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(self, v)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_any(self, v)
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

struct Ser {
    out: String,
}

impl Ser {
    fn uint(&mut self, mut n: u64) {
        let mut buf = [0u8; 20];
        let mut i = buf.len();
        loop {
            i -= 1;
            buf[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &b in &buf[i..] {
            self.out.push(b as char);
        }
    }

    fn int(&mut self, n: i64) {
        if n < 0 {
            self.out.push('-');
        }
        self.uint(n.unsigned_abs());
    }

    /// A string with serde_json's escapes: `"`, `\`, and control characters (`\b \f \n \r
    /// \t` by name, the others as `\u00XX` in lower-case hex).
    fn string(&mut self, s: &str) {
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\u{8}' => self.out.push_str("\\b"),
                '\u{c}' => self.out.push_str("\\f"),
                '\n' => self.out.push_str("\\n"),
                '\r' => self.out.push_str("\\r"),
                '\t' => self.out.push_str("\\t"),
                c if (c as u32) < 0x20 => {
                    const HEX: &[u8; 16] = b"0123456789abcdef";
                    self.out.push_str("\\u00");
                    self.out.push(HEX[(c as usize) >> 4] as char);
                    self.out.push(HEX[(c as usize) & 15] as char);
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    /// Opens `{"name":` (a variant with data).
    fn variant(&mut self, name: &str) {
        self.out.push('{');
        self.string(name);
        self.out.push(':');
    }
}

/// A list, object or variant being written: its items go between commas, then `close`.
struct Items<'a> {
    s: &'a mut Ser,
    first: bool,
    close: &'static str,
}

impl Items<'_> {
    fn comma(&mut self) {
        if !std::mem::replace(&mut self.first, false) {
            self.s.out.push(',');
        }
    }

    fn item<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.comma();
        v.serialize(&mut *self.s)
    }

    fn member<T: Serialize + ?Sized>(&mut self, key: &str, v: &T) -> Result<(), Error> {
        self.comma();
        self.s.string(key);
        self.s.out.push(':');
        v.serialize(&mut *self.s)
    }

    fn end(self) -> Result<(), Error> {
        self.s.out.push_str(self.close);
        Ok(())
    }
}

impl<'a> ser::Serializer for &'a mut Ser {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Items<'a>;
    type SerializeTuple = Items<'a>;
    type SerializeTupleStruct = Items<'a>;
    type SerializeTupleVariant = Items<'a>;
    type SerializeMap = Items<'a>;
    type SerializeStruct = Items<'a>;
    type SerializeStructVariant = Items<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.int(v.into());
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.int(v.into());
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.int(v.into());
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.uint(v.into());
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.uint(v.into());
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.uint(v.into());
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.uint(v);
        Ok(())
    }
    fn serialize_f32(self, _: f32) -> Result<(), Error> {
        Err(FAIL)
    }
    fn serialize_f64(self, _: f64) -> Result<(), Error> {
        Err(FAIL)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        ser::Serialize::serialize(v, self)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
    ) -> Result<(), Error> {
        self.string(name);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.variant(name);
        v.serialize(&mut *self)?;
        self.out.push('}');
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Items<'a>, Error> {
        self.out.push('[');
        Ok(Items {
            s: self,
            first: true,
            close: "]",
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Items<'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
        _: usize,
    ) -> Result<Items<'a>, Error> {
        self.variant(name);
        self.out.push('[');
        Ok(Items {
            s: self,
            first: true,
            close: "]}",
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Items<'a>, Error> {
        self.out.push('{');
        Ok(Items {
            s: self,
            first: true,
            close: "}",
        })
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Items<'a>, Error> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
        _: usize,
    ) -> Result<Items<'a>, Error> {
        self.variant(name);
        self.out.push('{');
        Ok(Items {
            s: self,
            first: true,
            close: "}}",
        })
    }
}

impl ser::SerializeSeq for Items<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.item(v)
    }
    fn end(self) -> Result<(), Error> {
        Items::end(self)
    }
}

impl ser::SerializeTuple for Items<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.item(v)
    }
    fn end(self) -> Result<(), Error> {
        Items::end(self)
    }
}

impl ser::SerializeTupleStruct for Items<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.item(v)
    }
    fn end(self) -> Result<(), Error> {
        Items::end(self)
    }
}

impl ser::SerializeTupleVariant for Items<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        self.item(v)
    }
    fn end(self) -> Result<(), Error> {
        Items::end(self)
    }
}

impl ser::SerializeMap for Items<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Error> {
        self.comma();
        // Only string keys (serde_json would quote numbers too; nothing here has them).
        let at = self.s.out.len();
        k.serialize(&mut *self.s)?;
        if self.s.out.as_bytes().get(at) != Some(&b'"') {
            return Err(FAIL);
        }
        self.s.out.push(':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        v.serialize(&mut *self.s)
    }
    fn end(self) -> Result<(), Error> {
        Items::end(self)
    }
}

impl ser::SerializeStruct for Items<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.member(key, v)
    }
    fn end(self) -> Result<(), Error> {
        Items::end(self)
    }
}

impl ser::SerializeStructVariant for Items<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.member(key, v)
    }
    fn end(self) -> Result<(), Error> {
        Items::end(self)
    }
}

#[cfg(test)]
#[path = "json_tests.rs"]
mod tests;
