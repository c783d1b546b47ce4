//! C++ string literals decoded into the bytes the compiler sees, with the
//! place in the C++ file that every byte comes from.
//!
//! Adjacent literals (`"mov.u32 %0, " "%1;"`) are joined; escapes (`\n`,
//! `\t`, `\"`, `\\`, octal, `\x`, `\u`) are decoded; a backslash-newline
//! inside a literal disappears, as in translation phase 2; raw literals
//! (`R"(...)"`) are taken verbatim.

use std::ops::Range;

/// A decoded text and, for each of its bytes, the byte range in the C++
/// file it was written as (`\n` is one byte written as two).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MappedText {
    /// The decoded bytes (lossy: invalid UTF-8 from `\x` escapes becomes U+FFFD).
    pub text: String,
    /// For every byte of `text`, where it is written in the C++ file.
    pub origins: Vec<Range<usize>>,
}

impl MappedText {
    /// Appends one byte written at `origin`.
    fn push_byte(&mut self, byte: u8, origin: Range<usize>, pending: &mut Vec<(u8, Range<usize>)>) {
        pending.push((byte, origin));
        if std::str::from_utf8(&pending.iter().map(|(b, _)| *b).collect::<Vec<_>>()).is_ok() {
            self.flush(pending);
        } else if pending.len() >= 4 {
            self.flush_lossy(pending);
        }
    }

    fn flush(&mut self, pending: &mut Vec<(u8, Range<usize>)>) {
        let bytes: Vec<u8> = pending.iter().map(|(b, _)| *b).collect();
        if let Ok(text) = std::str::from_utf8(&bytes) {
            self.text.push_str(text);
            self.origins.extend(pending.drain(..).map(|(_, o)| o));
        } else {
            self.flush_lossy(pending);
        }
    }

    fn flush_lossy(&mut self, pending: &mut Vec<(u8, Range<usize>)>) {
        for (_, origin) in pending.drain(..) {
            let replacement = '\u{FFFD}';
            self.text.push(replacement);
            for _ in 0..replacement.len_utf8() {
                self.origins.push(origin.clone());
            }
        }
    }

    /// Appends another mapped text.
    pub fn extend(&mut self, other: &MappedText) {
        self.text.push_str(&other.text);
        self.origins.extend(other.origins.iter().cloned());
    }
}

/// Why a literal could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LiteralError {
    /// The text is not a string literal.
    #[error("not a string literal")]
    NotALiteral,
    /// The literal has no closing quote.
    #[error("unterminated string literal")]
    Unterminated,
}

/// Decodes one string literal written at `start..start + written.len()` in
/// the C++ file (`written` is its text, prefix and quotes included).
///
/// ```
/// use ptxkit_inline::literal::decode_literal;
/// let decoded = decode_literal(r#""a\n\x41""#, 10).unwrap();
/// assert_eq!(decoded.text, "a\nA");
/// assert_eq!(decoded.origins[1], 12..14);
/// ```
pub fn decode_literal(written: &str, start: usize) -> Result<MappedText, LiteralError> {
    let quote = written.find('"').ok_or(LiteralError::NotALiteral)?;
    let prefix = &written[..quote];
    if !matches!(prefix, "" | "u8" | "u" | "U" | "L" | "R" | "u8R" | "uR" | "UR" | "LR") {
        return Err(LiteralError::NotALiteral);
    }
    if prefix.ends_with('R') {
        return decode_raw(written, quote, start);
    }
    let bytes = written.as_bytes();
    let mut out = MappedText::default();
    let mut pending = Vec::new();
    let mut i = quote + 1;
    loop {
        let Some(&b) = bytes.get(i) else {
            return Err(LiteralError::Unterminated);
        };
        match b {
            b'"' => break,
            b'\\' => {
                let from = i;
                let (decoded, next) = decode_escape(bytes, i + 1);
                i = next;
                for byte in decoded {
                    out.push_byte(byte, start + from..start + next, &mut pending);
                }
            }
            _ => {
                out.push_byte(b, start + i..start + i + 1, &mut pending);
                i += 1;
            }
        }
    }
    if !pending.is_empty() {
        out.flush_lossy(&mut pending);
    }
    Ok(out)
}

/// One escape sequence after its backslash at `i`: the bytes it stands for
/// and the index after it. A backslash-newline stands for nothing.
fn decode_escape(bytes: &[u8], i: usize) -> (Vec<u8>, usize) {
    let Some(&c) = bytes.get(i) else {
        return (vec![b'\\'], i);
    };
    let simple = |b: u8| (vec![b], i + 1);
    match c {
        b'n' => simple(b'\n'),
        b't' => simple(b'\t'),
        b'r' => simple(b'\r'),
        b'a' => simple(0x07),
        b'b' => simple(0x08),
        b'f' => simple(0x0c),
        b'v' => simple(0x0b),
        b'\\' | b'"' | b'\'' | b'?' => simple(c),
        b'\n' => (Vec::new(), i + 1),
        b'\r' if bytes.get(i + 1) == Some(&b'\n') => (Vec::new(), i + 2),
        b'0'..=b'7' => {
            let mut value = 0u32;
            let mut j = i;
            while j < i + 3 && j < bytes.len() && (b'0'..=b'7').contains(&bytes[j]) {
                value = value * 8 + u32::from(bytes[j] - b'0');
                j += 1;
            }
            (vec![(value & 0xff) as u8], j)
        }
        b'x' => {
            let mut value = 0u32;
            let mut j = i + 1;
            while j < bytes.len() && bytes[j].is_ascii_hexdigit() {
                value = value.wrapping_mul(16) + (bytes[j] as char).to_digit(16).unwrap_or(0);
                j += 1;
            }
            (vec![(value & 0xff) as u8], j)
        }
        b'u' | b'U' => {
            let digits = if c == b'u' { 4 } else { 8 };
            let end = (i + 1 + digits).min(bytes.len());
            let value = std::str::from_utf8(&bytes[i + 1..end])
                .ok()
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .and_then(char::from_u32)
                .unwrap_or('\u{FFFD}');
            let mut buffer = [0u8; 4];
            (value.encode_utf8(&mut buffer).as_bytes().to_vec(), end)
        }
        _ => {
            // An unknown escape keeps its character (compilers warn).
            let len = std::str::from_utf8(&bytes[i..])
                .ok()
                .and_then(|s| s.chars().next())
                .map_or(1, char::len_utf8);
            (bytes[i..i + len].to_vec(), i + len)
        }
    }
}

fn decode_raw(written: &str, quote: usize, start: usize) -> Result<MappedText, LiteralError> {
    let after = &written[quote + 1..];
    let open = after.find('(').ok_or(LiteralError::Unterminated)?;
    let delimiter = &after[..open];
    let closing = format!("){delimiter}\"");
    let body_start = quote + 1 + open + 1;
    let body_len = written[body_start..]
        .rfind(&closing)
        .ok_or(LiteralError::Unterminated)?;
    let body = &written[body_start..body_start + body_len];
    Ok(MappedText {
        text: body.to_string(),
        origins: (0..body.len())
            .map(|k| start + body_start + k..start + body_start + k + 1)
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_origins() {
        let written = r#""mov.u32 %0, %%laneid;\n\t" "#;
        let d = decode_literal(written.trim_end(), 100).unwrap();
        assert_eq!(d.text, "mov.u32 %0, %%laneid;\n\t");
        assert_eq!(d.origins.len(), d.text.len());
        let newline = d.text.find('\n').unwrap();
        assert_eq!(d.origins[newline], 100 + 22..100 + 24);
        assert_eq!(d.origins[0], 101..102);
    }

    #[test]
    fn octal_hex_unicode_and_continuation() {
        let d = decode_literal("\"\\101\\x42\\u00e9a\\\nb\"", 0).unwrap();
        assert_eq!(d.text, "ABéab");
        assert_eq!(d.origins[2], 9..15);
        assert_eq!(d.origins[3], 9..15);
        assert_eq!(d.origins[5], 18..19);
    }

    #[test]
    fn raw_and_prefixed() {
        let d = decode_literal("R\"x(a\\n\"b)x\"", 5).unwrap();
        assert_eq!(d.text, "a\\n\"b");
        assert_eq!(d.origins[0], 9..10);
        assert_eq!(decode_literal("u8\"ok\"", 0).unwrap().text, "ok");
        assert_eq!(decode_literal("abc", 0), Err(LiteralError::NotALiteral));
        assert_eq!(decode_literal("\"abc", 0), Err(LiteralError::Unterminated));
    }

    #[test]
    fn multibyte_characters_map_every_byte() {
        let d = decode_literal("\"é\"", 0).unwrap();
        assert_eq!(d.text, "é");
        assert_eq!(d.origins, vec![1..2, 2..3]);
    }
}
