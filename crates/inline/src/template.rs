//! The `%` sequences of an asm template, as nvcc substitutes them.
//!
//! Observed with nvcc 13.5: substitution happens only when the statement
//! has at least one operand; then `%N` is operand N, `%%` is `%`, `%=` a
//! number unique to the statement, `%{` `%|` `%}` disappear, `%` followed
//! by a letter and a digit (`%c1`, `%r1`) is an error ("Asm operand
//! modifier not supported"), `%[name]` is an error ("symbolic operand
//! reference not supported"), a `%` at the end is an error, and any other
//! `%` (`%laneid`, `%tid.x`) is kept. Without operands the template is
//! copied verbatim, `%%` included.

use std::ops::Range;

/// One piece of a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// Text copied as is.
    Text(Range<usize>),
    /// `%N`.
    Operand {
        /// N.
        index: usize,
        /// Where `%N` is in the template.
        span: Range<usize>,
    },
    /// `%%`: one `%`.
    Percent(Range<usize>),
    /// `%=`: a number unique to the statement.
    UniqueId(Range<usize>),
    /// `%{`, `%|`, `%}`: removed.
    Dialect(Range<usize>),
    /// Something nvcc rejects.
    Unsupported {
        /// What it is.
        problem: Unsupported,
        /// Where.
        span: Range<usize>,
    },
}

/// A `%` sequence nvcc rejects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsupported {
    /// `%[name]`.
    Symbolic(String),
    /// `%c1`: an operand modifier.
    Modifier(char),
    /// A `%` at the very end.
    Trailing,
    /// `%%` in a statement without operands: nvcc leaves it as `%%`.
    Percent,
}

/// Splits `template` into pieces; `extended` says whether the statement has
/// operands (only then is `%` special).
///
/// ```
/// use ptxkit_inline::template::{Piece, scan};
/// let pieces = scan("mov.u32 %0, %%laneid;", true);
/// assert!(matches!(pieces[1], Piece::Operand { index: 0, .. }));
/// assert!(matches!(pieces[3], Piece::Percent(_)));
/// ```
pub fn scan(template: &str, extended: bool) -> Vec<Piece> {
    if !extended {
        return if template.is_empty() {
            Vec::new()
        } else {
            vec![Piece::Text(0..template.len())]
        };
    }
    let bytes = template.as_bytes();
    let mut pieces = Vec::new();
    let mut text_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        let start = i;
        let next = bytes.get(i + 1).copied();
        let piece = match next {
            None => Some((
                Piece::Unsupported {
                    problem: Unsupported::Trailing,
                    span: start..start + 1,
                },
                start + 1,
            )),
            Some(b'%') => Some((Piece::Percent(start..start + 2), start + 2)),
            Some(b'=') => Some((Piece::UniqueId(start..start + 2), start + 2)),
            Some(b'{' | b'|' | b'}') => Some((Piece::Dialect(start..start + 2), start + 2)),
            Some(b'0'..=b'9') => {
                let mut end = i + 1;
                while end < bytes.len() && bytes[end].is_ascii_digit() {
                    end += 1;
                }
                let index = template[i + 1..end].parse().unwrap_or(usize::MAX);
                Some((
                    Piece::Operand {
                        index,
                        span: start..end,
                    },
                    end,
                ))
            }
            Some(b'[') => {
                let close = template[i..].find(']').map(|k| i + k);
                let end = close.map_or(bytes.len(), |c| c + 1);
                let name = template[i + 2..close.unwrap_or(bytes.len())].to_string();
                Some((
                    Piece::Unsupported {
                        problem: Unsupported::Symbolic(name),
                        span: start..end,
                    },
                    end,
                ))
            }
            Some(c) if c.is_ascii_alphabetic() && bytes.get(i + 2).is_some_and(u8::is_ascii_digit) => {
                let mut end = i + 2;
                while end < bytes.len() && bytes[end].is_ascii_digit() {
                    end += 1;
                }
                Some((
                    Piece::Unsupported {
                        problem: Unsupported::Modifier(c as char),
                        span: start..end,
                    },
                    end,
                ))
            }
            _ => None,
        };
        match piece {
            Some((piece, end)) => {
                if text_start < start {
                    pieces.push(Piece::Text(text_start..start));
                }
                pieces.push(piece);
                i = end;
                text_start = end;
            }
            None => i += 1,
        }
    }
    if text_start < bytes.len() {
        pieces.push(Piece::Text(text_start..bytes.len()));
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sequence() {
        let t = "a %12 %% %= %{ %[x] %c1 %laneid %";
        let p = scan(t, true);
        let kinds: Vec<_> = p.iter().filter(|p| !matches!(p, Piece::Text(_))).cloned().collect();
        assert_eq!(
            kinds,
            vec![
                Piece::Operand { index: 12, span: 2..5 },
                Piece::Percent(6..8),
                Piece::UniqueId(9..11),
                Piece::Dialect(12..14),
                Piece::Unsupported {
                    problem: Unsupported::Symbolic("x".into()),
                    span: 15..19
                },
                Piece::Unsupported {
                    problem: Unsupported::Modifier('c'),
                    span: 20..23
                },
                Piece::Unsupported {
                    problem: Unsupported::Trailing,
                    span: 32..33
                },
            ]
        );
        assert!(p.contains(&Piece::Text(23..32)), "%laneid stays text: {p:?}");
    }

    #[test]
    fn basic_asm_is_verbatim() {
        assert_eq!(scan("mov %%r1 %0;", false), vec![Piece::Text(0..12)]);
        assert!(scan("", false).is_empty());
    }
}
