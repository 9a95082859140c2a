//! Writing serde values as compact JSON, byte for byte what `serde_json::to_string` writes
//! (a record's id hashes that text).

use super::{Error, FAIL};
use serde::ser::{self, Serialize};

/// Writes `v` as compact JSON (see [`super::to_string`]).
pub(super) fn to_string<T: Serialize + ?Sized>(v: &T) -> Result<String, Error> {
    let mut s = Ser { out: String::new() };
    v.serialize(&mut s)?;
    Ok(s.out)
}

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

/// The serializer's integer methods: each writes its number through `Ser::int` or `Ser::uint`
/// (the signed and unsigned writers), widened losslessly.
macro_rules! integers {
    ($($method:ident($t:ty) $write:ident),*) => {$(
        fn $method(self, v: $t) -> Result<(), Error> {
            self.$write(v.into());
            Ok(())
        }
    )*};
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
    integers!(
        serialize_i8(i8) int,
        serialize_i16(i16) int,
        serialize_i32(i32) int,
        serialize_i64(i64) int,
        serialize_u8(u8) uint,
        serialize_u16(u16) uint,
        serialize_u32(u32) uint,
        serialize_u64(u64) uint
    );
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

/// The four kinds of list serde writes alike: each item after a comma, then the closing bracket.
macro_rules! lists {
    ($($kind:ident :: $item:ident),*) => {$(
        impl ser::$kind for Items<'_> {
            type Ok = ();
            type Error = Error;
            fn $item<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
                self.item(v)
            }
            fn end(self) -> Result<(), Error> {
                Items::end(self)
            }
        }
    )*};
}

lists!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

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

/// The two kinds of object serde writes alike: each member as `"key":value` after a comma.
macro_rules! objects {
    ($($kind:ident),*) => {$(
        impl ser::$kind for Items<'_> {
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
    )*};
}

objects!(SerializeStruct, SerializeStructVariant);
