//! Reading JSON text into serde values: the page's saves, lesson, settings and records (see
//! the module above for what is read and why this is not serde_json).

use super::{Error, FAIL};
use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, Visitor};

/// Reads a `T` from JSON text (see [`super::from_str`]).
pub(super) fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, Error> {
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

struct De<'a> {
    s: &'a [u8],
    i: usize,
    /// The last string read (keys and values are handed to visitors from here).
    scratch: String,
}

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

/// Deserializer methods that all read an integer the same way.
macro_rules! integers {
    ($($method:ident),*) => {$(
        fn $method<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            self.number(v)
        }
    )*};
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

    // Every integer is read by `number` (a `u64`, or an `i64` when negative); the visitor narrows it.
    integers!(
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64
    );

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
