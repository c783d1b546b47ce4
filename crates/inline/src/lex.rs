//! Just enough C++ lexing to find preprocessor lines, parentheses and
//! top-level commas outside comments, strings and character literals.

use std::ops::Range;

/// The end of the line at `i`, following backslash continuations and
/// block comments that span lines (not including the newline).
pub(crate) fn line_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\n' if i > 0 && bytes[i - 1] == b'\\' => i += 1,
            b'\n' if i > 1 && bytes[i - 1] == b'\r' && bytes[i - 2] == b'\\' => i += 1,
            b'\n' => return if i > 0 && bytes[i - 1] == b'\r' { i - 1 } else { i },
            _ => i += 1,
        }
    }
    bytes.len()
}

pub(crate) fn quoted_end(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return i,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

pub(crate) fn raw_end(text: &str, start: usize) -> usize {
    let after = &text[start + 1..];
    let Some(open) = after.find('(') else {
        return start + 1;
    };
    let closing = format!("){}\"", &after[..open]);
    after[open..]
        .find(&closing)
        .map_or(text.len(), |k| start + 1 + open + k + closing.len())
}

/// The index after the token that starts at `i` if it is a comment, a
/// string or a character literal; `None` for anything else.
pub(crate) fn skip_literal_or_comment(text: &str, i: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    match bytes[i] {
        b'/' if bytes.get(i + 1) == Some(&b'/') => Some(line_end(bytes, i)),
        b'/' if bytes.get(i + 1) == Some(&b'*') => {
            Some(text[i + 2..].find("*/").map_or(bytes.len(), |k| i + 2 + k + 2))
        }
        b'"' if i > 0 && bytes[i - 1] == b'R' => Some(raw_end(text, i)),
        b'"' | b'\'' => Some(quoted_end(bytes, i)),
        _ => None,
    }
}

/// What a token of a template expression is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// A string literal (any prefix, raw or not).
    Literal,
    /// An identifier (a macro name).
    Identifier,
    /// Anything else.
    Other,
}

/// A token of a template expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: TokenKind,
    pub range: Range<usize>,
}

/// The tokens of `range`, comments and whitespace left out; a string
/// literal's prefix (`u8`, `R`) belongs to it.
pub(crate) fn template_tokens(text: &str, range: Range<usize>) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = range.start;
    while i < range.end {
        let b = bytes[i];
        if b.is_ascii_whitespace() || (b == b'\\' && matches!(bytes.get(i + 1), Some(b'\n' | b'\r'))) {
            i += 1;
            continue;
        }
        if b == b'/' && matches!(bytes.get(i + 1), Some(b'/' | b'*')) {
            i = skip_literal_or_comment(text, i).unwrap_or(i + 1);
            continue;
        }
        if b == b'"' {
            let end = quoted_end(bytes, i).min(range.end);
            out.push(Token {
                kind: TokenKind::Literal,
                range: i..end,
            });
            i = end;
            continue;
        }
        if b.is_ascii_alphabetic() || b == b'_' {
            let mut end = i;
            while end < range.end && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
                end += 1;
            }
            let word = &text[i..end];
            if bytes.get(end) == Some(&b'"')
                && matches!(word, "u8" | "u" | "U" | "L" | "R" | "u8R" | "uR" | "UR" | "LR")
            {
                let close = if word.ends_with('R') {
                    raw_end(text, end)
                } else {
                    quoted_end(bytes, end)
                };
                out.push(Token {
                    kind: TokenKind::Literal,
                    range: i..close.min(range.end),
                });
                i = close;
                continue;
            }
            out.push(Token {
                kind: TokenKind::Identifier,
                range: i..end,
            });
            i = end;
            continue;
        }
        out.push(Token {
            kind: TokenKind::Other,
            range: i..i + 1,
        });
        i += 1;
    }
    out
}

/// How many `:` separators stand at the top level of `range` (inside an
/// asm statement's parentheses, after its template).
pub(crate) fn count_sections(text: &str, range: Range<usize>) -> usize {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut count = 0;
    let mut i = range.start;
    while i < range.end {
        if let Some(next) = skip_literal_or_comment(text, i) {
            i = next.max(i + 1);
            continue;
        }
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b':' if depth == 0 => count += 1,
            _ => {}
        }
        i += 1;
    }
    count.min(3)
}

/// The arguments of a parenthesised list: `range` starts at `(` and ends
/// after `)`; each argument is split at top-level commas.
pub fn split_arguments(text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut i = range.start;
    let mut start = range.start + 1;
    while i < range.end {
        if let Some(next) = skip_literal_or_comment(text, i) {
            i = next.max(i + 1);
            continue;
        }
        match bytes[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    out.push(start..i);
                    return out;
                }
            }
            b',' if depth == 1 => {
                out.push(start..i);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    out.push(start..range.end);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_tokens_split_literals_macros_and_comments() {
        let text = r#" "a\"b" PREFIX /* c */ R"x(d)x" u8"e" // f
  "g" "#;
        let tokens = template_tokens(text, 0..text.len());
        let shown: Vec<(TokenKind, &str)> = tokens.iter().map(|t| (t.kind, &text[t.range.clone()])).collect();
        assert_eq!(
            shown,
            [
                (TokenKind::Literal, r#""a\"b""#),
                (TokenKind::Identifier, "PREFIX"),
                (TokenKind::Literal, r#"R"x(d)x""#),
                (TokenKind::Literal, r#"u8"e""#),
                (TokenKind::Literal, r#""g""#),
            ]
        );
    }

    #[test]
    fn splits_top_level_commas() {
        let text = "M(a, (b, c), \"d,e\", /* , */ f)";
        let args: Vec<&str> = split_arguments(text, 1..text.len())
            .into_iter()
            .map(|r| text[r].trim())
            .collect();
        assert_eq!(args, ["a", "(b, c)", "\"d,e\"", "/* , */ f"]);
    }
}
