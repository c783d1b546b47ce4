//! Cutting PTX text into top-level items without parsing it, so that a large
//! file can be handled one item (or one group of items) at a time: each piece
//! parsed on its own gives the nodes the whole file's parse has at the top
//! level, in bounded memory and on several threads.
//!
//! The cut is lexical: `{}`, `()` and `[]` depth, `//` and `/* */` comments,
//! string literals, preprocessor lines (with `\` continuations) and `@@DWARF`
//! lines are tracked, and an item ends at a `;` or a closing `}` at depth 0
//! (a `}` followed by `;`, as in `= {1, 2};`, ends at the `;`), together with
//! the comments that follow on the same line. Directives that end without
//! either (`.version 7.8`, `.target sm_80`, `.file 1 "a.cu"`, a label) belong
//! to the item after them; text after the last item is part of it.
//!
//! Where the text cannot be cut with certainty (an unclosed comment, string
//! or bracket, a closing bracket with nothing open) there is no answer, and
//! the caller handles the text whole.

use std::ops::Range;

/// One top-level item: a contiguous byte range of the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// Its bytes. The items of a text cover it exactly, in order; leading
    /// whitespace belongs to the item it precedes.
    pub range: Range<usize>,
    /// Whether it ends with a closing `}` at depth 0 (a function body or a
    /// `.section`) rather than a `;` (or the end of the text).
    pub ends_with_brace: bool,
}

/// The bytes [`top_level_items`] acts on: brackets, `;`, and the first bytes of comments,
/// strings, preprocessor lines and `@@DWARF` lines.
const ACTS_ON: [bool; 256] = {
    let mut table = [false; 256];
    let bytes = b"/\"#@{}()[];";
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
};

/// The top-level items of `text`, or `None` when it cannot be cut with
/// certainty (see the module documentation).
///
/// ```
/// let text = ".version 7.8\n.target sm_80\n.global .u32 a[2] = {1, 2};\n.entry k() { ret; } // k\n.entry j() { ret; }\n";
/// let items = ptxkit_syntax::split::top_level_items(text).unwrap();
/// let pieces: Vec<&str> = items.iter().map(|item| &text[item.range.clone()]).collect();
/// assert_eq!(pieces, [
///     ".version 7.8\n.target sm_80\n.global .u32 a[2] = {1, 2};",
///     "\n.entry k() { ret; } // k",
///     "\n.entry j() { ret; }",
///     "\n",
/// ]);
/// assert!(items[1].ends_with_brace && !items[0].ends_with_brace);
/// assert_eq!(ptxkit_syntax::split::top_level_items(".entry k() { ret;\n"), None);
/// ```
pub fn top_level_items(text: &str) -> Option<Vec<Item>> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let mut start = 0;
    let mut braces = 0usize;
    let mut brackets = 0usize;
    let mut at = 0;
    while at < bytes.len() {
        let next = match bytes[at] {
            b'/' | b'"' | b'#' | b'@' => skip_token(bytes, at)?,
            b'{' => {
                braces += 1;
                at + 1
            }
            b'(' | b'[' => {
                brackets += 1;
                at + 1
            }
            b')' | b']' => {
                brackets = brackets.checked_sub(1)?;
                at + 1
            }
            b'}' => {
                braces = braces.checked_sub(1)?;
                let after = at + 1;
                if braces == 0 && brackets == 0 && bytes.get(skip_trivia(bytes, after)?) != Some(&b';') {
                    let end = same_line_comments(bytes, after)?;
                    items.push(Item {
                        range: start..end,
                        ends_with_brace: true,
                    });
                    start = end;
                    end
                } else {
                    after
                }
            }
            b';' if braces == 0 && brackets == 0 => {
                let end = same_line_comments(bytes, at + 1)?;
                items.push(Item {
                    range: start..end,
                    ends_with_brace: false,
                });
                start = end;
                end
            }
            // A run of bytes the cut does not depend on, read in one tight loop.
            _ => {
                let run = bytes[at + 1..].iter().position(|&b| ACTS_ON[usize::from(b)]);
                run.map_or(bytes.len(), |run| at + 1 + run)
            }
        };
        at = next;
    }
    if braces != 0 || brackets != 0 {
        return None;
    }
    if start < bytes.len() || items.is_empty() {
        items.push(Item {
            range: start..bytes.len(),
            ends_with_brace: false,
        });
    }
    Some(items)
}

/// Where the token starting at `at` ends, for the bytes that may start a
/// comment, a string, a preprocessor line or an `@@DWARF` line (any other
/// `/` or `@` is one byte). `None` for an unclosed comment or string.
fn skip_token(bytes: &[u8], at: usize) -> Option<usize> {
    let rest = &bytes[at..];
    if rest.starts_with(b"//") {
        Some(line_end(bytes, at))
    } else if rest.starts_with(b"/*") {
        // An unclosed `/*` is a syntax error that tree-sitter ends at its line.
        find(bytes, at + 2, b"*/").map(|close| close + 2)
    } else if rest[0] == b'"' {
        string_end(bytes, at)
    } else if rest[0] == b'#' {
        Some(preprocessor_end(bytes, at))
    } else if rest.starts_with(b"@@DWARF") {
        Some(line_end(bytes, at))
    } else {
        Some(at + 1)
    }
}

/// The end of the string literal opening at `at` (past its closing quote);
/// `None` when a line break or the end of the text comes first.
fn string_end(bytes: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => return Some(i + 1),
            b'\\' if bytes.get(i + 1).is_some_and(|&b| b != b'\n' && b != b'\r') => i += 2,
            b'\n' | b'\r' | b'\\' => return None,
            _ => i += 1,
        }
    }
    None
}

/// The end of the preprocessor line starting at `at`: its line, and the
/// lines after each backslash that ends one.
fn preprocessor_end(bytes: &[u8], at: usize) -> usize {
    let mut i = at;
    loop {
        let end = line_end(bytes, i);
        let continued = end > at && bytes[end - 1] == b'\\';
        if !continued || end >= bytes.len() {
            return end;
        }
        // Past `\r\n` or `\n`.
        i = if bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n') {
            end + 2
        } else if bytes[end] == b'\n' {
            end + 1
        } else {
            // A lone `\r`: tree-sitter's continuation needs the `\n`.
            return end;
        };
    }
}

/// The offset of the first `\r` or `\n` at or after `at`, or the text's end.
fn line_end(bytes: &[u8], at: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |offset| at + offset)
}

/// The first occurrence of `needle` at or after `at`.
fn find(bytes: &[u8], at: usize, needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(&bytes[at..], needle).map(|offset| at + offset)
}

/// Past the whitespace, comments and preprocessor lines from `at`; `None`
/// for an unclosed comment.
fn skip_trivia(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        match bytes.get(at) {
            Some(b) if b.is_ascii_whitespace() => at += 1,
            Some(b'/') if matches!(bytes.get(at + 1), Some(b'/' | b'*')) => at = skip_token(bytes, at)?,
            Some(b'#') => at = preprocessor_end(bytes, at),
            _ => return Some(at),
        }
    }
}

/// Past the comments that start on the line of `at` after only spaces and
/// tabs (a `/* */` comment may end on a later line; what follows it there
/// continues the line). Stops before the line break.
fn same_line_comments(bytes: &[u8], mut at: usize) -> Option<usize> {
    loop {
        let mut i = at;
        while matches!(bytes.get(i), Some(b' ' | b'\t')) {
            i += 1;
        }
        let rest = &bytes[i..];
        if rest.starts_with(b"//") {
            return Some(line_end(bytes, i));
        }
        if !rest.starts_with(b"/*") {
            return Some(at);
        }
        at = skip_token(bytes, i)?;
    }
}

/// The bytes of consecutive `items` of `text` in groups of at least `group_bytes` (the last may be
/// smaller), each but the last ending with an item closed by a `}`; text
/// after the last such item that is only whitespace joins the last group.
pub fn groups(items: &[Item], text: &str, group_bytes: usize) -> Vec<Range<usize>> {
    let mut groups = Vec::new();
    let mut start = 0;
    for item in items {
        if item.ends_with_brace && item.range.end - start >= group_bytes {
            groups.push(start..item.range.end);
            start = item.range.end;
        }
    }
    if !text[start..].trim().is_empty() || groups.is_empty() {
        groups.push(start..text.len());
    } else if let Some(last) = groups.last_mut() {
        last.end = text.len();
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_end_at_functions_and_keep_trailing_whitespace() {
        let text = ".version 7.8\n.entry a() { ret; }\n.global .u32 x;\n.entry b() { ret; }\n\n";
        let items = top_level_items(text).unwrap();
        let first = text.find('}').unwrap() + 1;
        assert_eq!(groups(&items, text, 1), [0..first, first..text.len()]);
        assert_eq!(groups(&items, text, 40), vec![(0..text.len())]);
    }

    fn pieces(text: &str) -> Option<Vec<&str>> {
        top_level_items(text).map(|items| items.iter().map(|item| &text[item.range.clone()]).collect())
    }

    #[test]
    fn braces_and_semicolons_inside_tokens_do_not_cut() {
        let text = "#define A { ; \\\n } ;\n.file 1 \"a{;}\\\"b\"\n// { ;\n/* } ; */ .global .u32 x;\n@@DWARF .byte 1; {\n.entry k() { ret; }\n";
        assert_eq!(
            pieces(text).unwrap(),
            [
                "#define A { ; \\\n } ;\n.file 1 \"a{;}\\\"b\"\n// { ;\n/* } ; */ .global .u32 x;",
                "\n@@DWARF .byte 1; {\n.entry k() { ret; }",
                "\n"
            ]
        );
    }

    #[test]
    fn same_line_comments_stay_with_their_item() {
        let text = ".entry k() { ret; } /* a\n b */ // c\n// d\n.global .u32 x; // e\n";
        assert_eq!(
            pieces(text).unwrap(),
            [
                ".entry k() { ret; } /* a\n b */ // c",
                "\n// d\n.global .u32 x; // e",
                "\n"
            ]
        );
    }

    #[test]
    fn initializers_and_parameters_stay_whole() {
        let text = ".global .u32 a[2][2] = {{1, 2}, {3, 4}} /* x */ ;\n.func (.param .b32 r) f(.param .b32 a);";
        assert_eq!(
            pieces(text).unwrap(),
            [
                ".global .u32 a[2][2] = {{1, 2}, {3, 4}} /* x */ ;",
                "\n.func (.param .b32 r) f(.param .b32 a);"
            ]
        );
        assert_eq!(pieces(".version 7.8\n").unwrap(), [".version 7.8\n"]);
        assert_eq!(pieces("").unwrap(), [""]);
    }

    #[test]
    fn unsure_texts_have_no_answer() {
        for text in [
            ".entry k() { ret;",
            ".entry k() { ret; }}",
            ".entry k() ( { ret; }",
            "/* open",
            ".file 1 \"open\n.entry k() { ret; }",
            ".entry k() { ret; } /* open",
        ] {
            assert_eq!(top_level_items(text), None, "{text:?}");
        }
    }
}
