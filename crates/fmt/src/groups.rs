//! Formatting a large text one group of top-level items at a time, so that
//! memory holds the syntax trees and layouts of the groups in flight only
//! (not the whole file's) and the groups run on rayon's thread pool.
//!
//! The text is cut by [`ptxkit_syntax::split`] into groups of about
//! [`GROUP_BYTES`], each ending with a function body or a `.section` (after
//! which the whole-file layout always leaves one blank line, and the comments
//! on the same line stay with it). Each group is formatted and checked on its
//! own like a whole file (same non-whitespace text, same tree, comments
//! kept), on the rayon pool of the calling thread if it has one; the results
//! are joined with that blank line, and the joins are checked to fall between
//! top-level items of the result. The output is the
//! whole-file formatter's, byte for byte.
//!
//! Whatever needs the whole file takes the whole-file path instead: a text
//! the splitter cannot cut, a group with a syntax error (the messages then
//! count lines from the file's start), a `// ptxfmt: off`, `on` or `skip`
//! among the top-level items (a region may run across groups), a group that
//! fails a check.

use std::ops::Range;

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::split::{Item, groups, top_level_items};
use rayon::prelude::*;

use crate::suppress::directive;
use crate::{Options, Verification};

/// The size of a group of top-level items formatted together.
pub const GROUP_BYTES: usize = 512 * 1024;

/// Formats the error-free `text` in groups of about `group_bytes` (see the
/// module documentation); `None` when the text takes the whole-file path
/// (it is no larger than one group, or needs the whole file).
///
/// ```
/// let text = ".version 7.8\n.target sm_80\n.entry k()\n{\nret;\n} // k\n.entry j()\n{\nret;\n}\n";
/// let options = ptxkit_fmt::Options::default();
/// let grouped = ptxkit_fmt::groups::format_in_groups(text, &options, 1).unwrap();
/// assert_eq!(grouped, ptxkit_fmt::format_text(text, &options).unwrap());
/// assert!(grouped.contains("} // k\n\n.entry j()"));
/// ```
pub fn format_in_groups(text: &str, options: &Options, group_bytes: usize) -> Option<String> {
    format_in_groups_with(text, options, group_bytes, Verification::Reparse)
}

/// [`format_in_groups`], each group's output checked as `verification` says.
pub fn format_in_groups_with(
    text: &str,
    options: &Options,
    group_bytes: usize,
    verification: Verification,
) -> Option<String> {
    if text.len() <= group_bytes {
        return None;
    }
    let items = top_level_items(text)?;
    let groups = groups(&items, text, group_bytes);
    if groups.len() < 2 {
        return None;
    }
    let crlf = crate::uses_crlf(text);
    let last = groups.len() - 1;
    let format = |(index, range): (usize, &Range<usize>)| {
        format_group(piece(text, range), options, crlf, index == last, verification)
    };
    // On the pool of the caller's thread (the command line's threads have the
    // stack deep nesting needs); a caller outside any pool formats the groups
    // one after the other on its own thread and stack, as it would the whole.
    // The first group that needs the whole file stops the others.
    let parts: Vec<String> = if rayon::current_thread_index().is_some() {
        groups
            .par_iter()
            .enumerate()
            .with_max_len(1)
            .map(format)
            .collect::<Option<_>>()?
    } else {
        groups.iter().enumerate().map(format).collect::<Option<_>>()?
    };
    let newline = if crlf { "\r\n" } else { "\n" };
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut joins = Vec::with_capacity(parts.len());
    for part in parts {
        if !out.is_empty() {
            // The blank line after a function or `.section`.
            out.push_str(newline);
            joins.push(out.len());
        }
        out.push_str(&part);
    }
    // An already formatted text is its own output: its items are those just cut.
    let out_items = if out == text {
        Some(items)
    } else {
        top_level_items(&out)
    };
    out_items
        .is_some_and(|out_items| joins_fall_between_items(&out, &out_items, &joins))
        .then_some(out)
}

/// The text of the group at `range` as it is formatted: without the whitespace before its
/// first item, with the line ending after its last (its output ends with one). Both are
/// the whole text's own characters, so an already formatted group is its own output, which
/// needs no second parse to check (see `verify`).
fn piece<'t>(text: &'t str, range: &Range<usize>) -> &'t str {
    let rest = &text[range.end..];
    let newline = if rest.starts_with("\r\n") {
        2
    } else {
        usize::from(rest.starts_with('\n'))
    };
    text[range.start..range.end + newline].trim_start()
}

/// One group formatted and checked; `None` when the whole-file path must
/// answer. A group but the last must end with a function or `.section`
/// (and the comments after it on its line).
fn format_group(piece: &str, options: &Options, crlf: bool, last: bool, verification: Verification) -> Option<String> {
    let parsed = ptxkit_syntax::parse(piece);
    if !parsed.syntax_errors().is_empty() {
        return None;
    }
    let root = parsed.root();
    let top: Vec<_> = ptxkit_syntax::children(root).iter().map(|child| child.node).collect();
    if top.iter().any(|node| directive(*node, piece).is_some()) {
        return None;
    }
    let closing = top.iter().rev().find(|node| node.kind_name() != "comment");
    let ends_big = closing.is_some_and(|node| matches!(node.kind_name(), "function_definition" | "section_directive"));
    if !last && !ends_big {
        return None;
    }
    crate::format_verified(&parsed, options, crlf, verification).ok()
}

/// Whether the splitter cuts `text`, whose items are `items`, at each of `joins`: only
/// whitespace lies between an item's end and the join.
fn joins_fall_between_items(text: &str, items: &[Item], joins: &[usize]) -> bool {
    let ends: Vec<usize> = items.iter().map(|item| item.range.end).collect();
    joins.iter().all(|&join| {
        let before = ends.partition_point(|&end| end <= join);
        before > 0 && text[ends[before - 1]..join].trim().is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_must_follow_an_item() {
        let text = ".entry a() { ret; }\n\n.entry b() { ret; }\n";
        let items = top_level_items(text).unwrap();
        assert!(joins_fall_between_items(text, &items, &[21]));
        assert!(!joins_fall_between_items(text, &items, &[5]));
    }

    /// A formatted text is its own output, checked with the items cut from it once.
    #[test]
    fn formatted_text_is_its_own_output_in_groups() {
        let options = Options::default();
        let text = ".version 7.8\n.target sm_80\n.entry a() { ret; } // a\n.entry b()\n{\n  ret;\n}\n.global .u32 g;\n.entry c() { ret; }\n";
        let once = format_in_groups(text, &options, 1).expect("formatted in groups");
        assert_ne!(once, text);
        assert_eq!(format_in_groups(&once, &options, 1).as_deref(), Some(once.as_str()));
        assert_eq!(Some(once.clone()), crate::format_text(&once, &options).ok());
    }

    #[test]
    fn what_needs_the_whole_file_takes_the_whole_file_path() {
        let options = Options::default();
        let function = ".entry k()\n{\nret;\n}\n";
        let with = |extra: &str| format!("{function}{extra}{function}");
        assert!(format_in_groups(&with(""), &options, 1).is_some());
        for text in [
            with("// ptxfmt: off\n"),
            with("// ptxfmt: skip\n"),
            with(".entry broken() { add.s32 %r1 }\n"),
            with("{ ret; }\n"),
            ".entry k() { ret;\n".to_string(),
        ] {
            assert_eq!(format_in_groups(&text, &options, 1), None, "{text:?}");
        }
        assert_eq!(format_in_groups(function, &options, 1 << 20), None);
    }
}
