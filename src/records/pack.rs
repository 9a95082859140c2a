//! The compact form of a stored game record, so that ≥ 20,000 finished games with
//! their replays fit in the browser's local storage, which Chromium caps at 5,242,880 UTF-16
//! code units (keys and values) per origin.
//!
//! A record's JSON text (the version 1 object, replay included: ~1.5–2 K characters) is
//! compressed with raw deflate, primed with [`PRIMER`] — a typical record — as if it were a
//! preset dictionary: the compressor is fed the primer, flushed to a byte boundary, and only
//! what it writes after that is kept. To read, the primer goes back in front as a stored
//! (uncompressed) deflate block, so every back-reference into it resolves. Records repeat the
//! primer's keys, card ids and moves, so a whole record comes out at ~150–250 bytes.
//!
//! The bytes are then written 15 bits to a character, U+1000..U+8FFF (no surrogate, no
//! control character, nothing JSON escapes): localStorage counts characters, not bytes, so
//! that is 1.9× denser than the same bytes in Base64. The text starts with [`TAG`] (the
//! primer's version) and one character for the byte count mod 15.
//!
//! The primer is part of the format: it must never change. A new primer would get a new tag,
//! and this one would stay to read the old records (a test pins its hash).

/// The version-1 primer: one typical record, as [`super::GameRecord::to_json`] writes it.
pub const PRIMER: &str = include_str!("primer-v1.json");
/// The first character of a packed record made with [`PRIMER`].
pub const TAG: char = 'p';
/// The first code point of the 15-bit alphabet.
const BASE: u32 = 0x1000;
/// A record unpacks to at most this many bytes (a hostile import cannot inflate without end).
pub const MAX_UNPACKED: usize = 16 << 20;

std::thread_local! {
    /// One compressor, reset for each record: allocating its tables anew took most of the time.
    static COMPRESSOR: std::cell::RefCell<Box<miniz_oxide::deflate::core::CompressorOxide>> =
        std::cell::RefCell::new(Box::default());
}

/// Raw deflate of `data` at `level`, primed with `dict` (see the module docs); `None` if the
/// compressor failed.
fn deflate_primed(dict: &[u8], data: &[u8], level: u8) -> Option<Vec<u8>> {
    use miniz_oxide::deflate::core::{compress_to_output, TDEFLFlush, TDEFLStatus};
    COMPRESSOR.with(|c| {
        let mut c = c.try_borrow_mut().ok()?;
        let c: &mut miniz_oxide::deflate::core::CompressorOxide = &mut c;
        // Raw deflate (no zlib header). The primer goes in at level 2, which still indexes every
        // position (level 1 does not) at a sixth of level 9's time; then the data at `level`.
        // (~80 µs a record natively, most of it the reset of the compressor's tables: a batch
        // of records packed together costs far less a record, see `super::items`.)
        c.reset();
        c.set_format_and_level(miniz_oxide::DataFormat::Raw, 2);
        let (st, _) = compress_to_output(c, dict, TDEFLFlush::Sync, |_| true);
        if st != TDEFLStatus::Okay {
            return None;
        }
        c.set_compression_level_raw(level);
        let mut out = Vec::with_capacity(data.len() / 4);
        let (st, _) = compress_to_output(c, data, TDEFLFlush::Finish, |b| {
            out.extend_from_slice(b);
            true
        });
        (st == TDEFLStatus::Done).then_some(out)
    })
}

/// Undoes [`deflate_primed`].
fn inflate_primed(dict: &[u8], rest: &[u8]) -> Option<Vec<u8>> {
    let n = u16::try_from(dict.len()).ok()?;
    let mut stream = Vec::with_capacity(dict.len() + 5 + rest.len());
    // A stored block, not the last: 3 header bits (then padding to the byte), LEN, NLEN.
    stream.push(0);
    stream.extend(n.to_le_bytes());
    stream.extend((!n).to_le_bytes());
    stream.extend_from_slice(dict);
    stream.extend_from_slice(rest);
    let out =
        miniz_oxide::inflate::decompress_to_vec_with_limit(&stream, dict.len() + MAX_UNPACKED)
            .ok()?;
    out.get(dict.len()..).map(<[u8]>::to_vec)
}

/// Bytes as characters, 15 bits each, after [`TAG`] and the byte count mod 15.
fn to_chars(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(2 + bytes.len() * 8 / 15 * 3 + 3);
    s.push(TAG);
    s.push(char::from_u32(BASE + (bytes.len() % 15) as u32).unwrap_or('?'));
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = ((acc << 8) | b as u32) & 0x7f_ffff;
        bits += 8;
        if bits >= 15 {
            bits -= 15;
            s.push(char::from_u32(BASE + ((acc >> bits) & 0x7fff)).unwrap_or('?'));
        }
    }
    if bits > 0 {
        s.push(char::from_u32(BASE + ((acc << (15 - bits)) & 0x7fff)).unwrap_or('?'));
    }
    s
}

/// Undoes [`to_chars`]; `None` for any other text.
fn from_chars(s: &str) -> Option<Vec<u8>> {
    let mut it = s.chars();
    if it.next()? != TAG {
        return None;
    }
    let rem = (it.next()? as u32).checked_sub(BASE).filter(|r| *r < 15)? as usize;
    let mut out = Vec::with_capacity(s.len() / 3 * 15 / 8);
    let (mut acc, mut bits) = (0u32, 0u32);
    let mut chars = 0usize;
    for c in it {
        let v = (c as u32).checked_sub(BASE).filter(|v| *v < 0x8000)?;
        acc = ((acc << 15) | v) & 0x3f_ffff;
        bits += 15;
        chars += 1;
        while bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    // The last character may carry a padding byte: the count mod 15 says which length it was.
    let max = chars * 15 / 8;
    let len = (max.saturating_sub(14)..=max)
        .rev()
        .find(|n| n % 15 == rem)?;
    out.truncate(len);
    Some(out)
}

/// The packed form of a record's JSON text.
pub fn pack(text: &str) -> Option<String> {
    pack_at(text, 9)
}

/// [`pack`] at another deflate level (1 fastest … 9 smallest); [`unpack`] reads any.
pub fn pack_at(text: &str, level: u8) -> Option<String> {
    deflate_primed(PRIMER.as_bytes(), text.as_bytes(), level.clamp(1, 9)).map(|b| to_chars(&b))
}

/// The JSON text of a packed record; `None` when `packed` is not one this build can read.
pub fn unpack(packed: &str) -> Option<String> {
    let bytes = from_chars(packed)?;
    String::from_utf8(inflate_primed(PRIMER.as_bytes(), &bytes)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_round_trip_through_characters_at_every_length() {
        for n in 0..64usize {
            let bytes: Vec<u8> = (0..n).map(|i| (i * 37 + n) as u8).collect();
            let s = to_chars(&bytes);
            assert!(s
                .chars()
                .skip(1)
                .all(|c| (0x1000..0x9000).contains(&(c as u32))));
            assert_eq!(from_chars(&s).as_deref(), Some(&bytes[..]), "length {n}");
        }
    }

    #[test]
    fn texts_round_trip_and_anything_else_is_refused() {
        for t in [
            "",
            "{}",
            PRIMER,
            "é ✔ \u{1F600} \"quoted\" \\ \n",
            &"x".repeat(100_000),
        ] {
            let p = pack(t).expect("packs");
            assert_eq!(unpack(&p).as_deref(), Some(t));
        }
        assert_eq!(unpack(""), None);
        assert_eq!(unpack("{\"id\":1}"), None);
        assert_eq!(unpack("p\u{1000}\u{0041}"), None);
        let p = pack(PRIMER).unwrap();
        let cut: String = p.chars().take(p.chars().count() / 2).collect();
        assert_eq!(unpack(&cut), None);
    }

    #[test]
    fn the_primer_never_changes() {
        // Records packed with it must read forever: a new primer needs a new TAG.
        assert_eq!(
            format!("{:016x}", super::super::record::fnv1a(PRIMER.bytes())),
            "688aee49529c2cf3"
        );
    }
}
