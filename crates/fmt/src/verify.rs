//! The checks that stand between the formatter and a file: the output must
//! hold the same non-whitespace text, parse to the same tree, and keep every
//! comment. A failure is an internal error and the file is left untouched.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Child, ParsedSource};

/// Whether `a` and `b` are equal once all whitespace (as [`char::is_whitespace`] has it) is
/// removed.
pub fn same_non_whitespace(a: &str, b: &str) -> bool {
    let equal = if a.is_ascii() && b.is_ascii() {
        // PTX is nearly always ASCII: compare bytes, without decoding characters. These are
        // the ASCII characters `char::is_whitespace` takes (with VT, which
        // `u8::is_ascii_whitespace` leaves out).
        let white = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r');
        a.bytes().filter(|b| !white(b)).eq(b.bytes().filter(|b| !white(b)))
    } else {
        a.chars()
            .filter(|c| !c.is_whitespace())
            .eq(b.chars().filter(|c| !c.is_whitespace()))
    };
    debug_assert_eq!(equal, {
        let strip = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        strip(a) == strip(b)
    });
    equal
}

/// Where two trees first differ, once whitespace is set aside: the same node
/// kinds at the same depths in the same order, leaves with the same text
/// (ignoring trailing whitespace). Returns the byte offset in `a` of the
/// first difference.
pub fn first_tree_difference(a: &ParsedSource, b: &ParsedSource) -> Option<usize> {
    tree_difference(a, b).map(|difference| difference.offset)
}

/// Where and how two trees first differ (see [`first_tree_difference`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeDifference {
    /// The byte offset in the first tree.
    pub offset: usize,
    /// The first tree's comment there, when the difference is a comment of
    /// the first tree that the second lacks or has changed.
    pub lost_comment: Option<String>,
}

/// [`first_tree_difference`] with what differs. Every comment is a leaf, so
/// equal trees have the same comments in the same order: this one walk also
/// checks that every comment is kept (and names the first that is not).
pub fn tree_difference(a: &ParsedSource, b: &ParsedSource) -> Option<TreeDifference> {
    // The same subtrees make the same nodes; only trees that may differ are compared node
    // by node, for where and how.
    if ptxkit_syntax::same_subtrees(a, b) {
        return None;
    }
    node_difference(a, b)
}

/// [`tree_difference`], node by node.
fn node_difference(a: &ParsedSource, b: &ParsedSource) -> Option<TreeDifference> {
    fn root(parsed: &ParsedSource) -> Child<'_> {
        Child {
            node: parsed.root(),
            field: None,
            has_children: parsed.root().child_count() > 0,
        }
    }
    // The pairs of nodes still to compare, the next one last; the children of the pair at
    // hand.
    let mut pending = vec![(root(a), root(b))];
    let (mut left, mut right): (Vec<Child<'_>>, Vec<Child<'_>>) = (Vec::new(), Vec::new());
    while let Some((l, r)) = pending.pop() {
        left.clear();
        right.clear();
        if l.has_children {
            ptxkit_syntax::extend_with_children(&mut left, l.node);
        }
        if r.has_children {
            ptxkit_syntax::extend_with_children(&mut right, r.node);
        }
        let same = l.node.kind_id() == r.node.kind_id()
            && l.field == r.field
            && left.len() == right.len()
            && (!left.is_empty() || a.node_text(l.node).trim_end() == b.node_text(r.node).trim_end());
        if !same {
            let l = l.node;
            return Some(TreeDifference {
                offset: l.start_byte(),
                lost_comment: is_comment(l).then(|| a.node_text(l).trim_end().chars().take(60).collect()),
            });
        }
        pending.extend(left.iter().copied().zip(right.iter().copied()).rev());
    }
    None
}

/// Whether `node` is a comment.
fn is_comment(node: Node<'_>) -> bool {
    node.kind_name() == "comment"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_set_aside() {
        assert!(same_non_whitespace("add.s32 %r1, %r2;", "add.s32\t%r1,%r2 ;\n"));
        // Every ASCII character is whitespace to the byte comparison exactly when it is to
        // `char::is_whitespace`, which the comparison of other texts uses.
        for byte in 0u8..128 {
            let white = char::from(byte).is_whitespace();
            let spaced = format!("a{}b", char::from(byte));
            assert_eq!(same_non_whitespace(&spaced, "ab"), white, "{byte:#x}");
            assert_eq!(same_non_whitespace("ab", &spaced), white, "{byte:#x}");
            assert_eq!(
                same_non_whitespace(&format!("{spaced}\u{a0}"), "ab\u{2003}"),
                white,
                "{byte:#x}"
            );
        }
        assert!(!same_non_whitespace("ab", "abc"));
        assert!(!same_non_whitespace("a\u{e9}", "a e"));
        assert!(!same_non_whitespace("add.s32 %r1;", "add.s32 %r2;"));
        let a = ptxkit_syntax::parse(".version 7.8\n.target sm_80 // t\n");
        let b = ptxkit_syntax::parse(".version   7.8 .target sm_80 // t   \n");
        assert_eq!(first_tree_difference(&a, &b), None);
        let c = ptxkit_syntax::parse(".version 7.8\n.target sm_90\n");
        assert!(first_tree_difference(&a, &c).is_some());
        let lost = ptxkit_syntax::parse(".version 7.8\n.target sm_80 // u\n");
        let difference = tree_difference(&a, &lost).unwrap();
        assert_eq!(difference.lost_comment.as_deref(), Some("// t"));
        assert_eq!(difference.offset, a.text().find("// t").unwrap());
        assert_eq!(tree_difference(&a, &c).unwrap().lost_comment, None);
        assert_eq!(node_difference(&a, &b), None);
        assert!(node_difference(&a, &c).is_some());
    }

    /// The subtree comparison never calls trees the same that the node comparison finds
    /// different, and it calls the formatter's outputs the same as their inputs (so that the
    /// check takes its fast path): corpus files against their formatted text, and against
    /// texts with whitespace taken out, doubled or turned into line breaks (which can glue
    /// tokens, end comments or break them).
    #[test]
    fn same_subtrees_means_no_node_difference() {
        let Some(dir) = ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "subtree comparison test") else {
            return;
        };
        let files = ptxkit_syntax::corpus::ptx_files(&dir).expect("the corpus is readable");
        let (mut formatted, mut mutants, mut differ) = (0, 0, 0);
        for path in files.into_iter().step_by(3) {
            let Ok(text) = ptxkit_syntax::source::read_source(&path) else {
                continue;
            };
            if text.len() > 200_000 {
                continue;
            }
            let input = ptxkit_syntax::parse(text.as_str());
            if let Ok(output) = crate::format_parsed(&input, &crate::Options::default()) {
                let output = ptxkit_syntax::parse(output);
                assert!(ptxkit_syntax::same_subtrees(&input, &output), "{}", path.display());
                assert_eq!(node_difference(&input, &output), None, "{}", path.display());
                formatted += 1;
            }
            let spaces: Vec<usize> = text.match_indices([' ', '\t', '\n']).map(|(at, _)| at).collect();
            for k in 1..8 {
                let Some(&at) = spaces.get(spaces.len() * k / 8) else {
                    continue;
                };
                for replacement in ["", "  ", "\n"] {
                    let mutant = ptxkit_syntax::parse(format!("{}{replacement}{}", &text[..at], &text[at + 1..]));
                    let same = ptxkit_syntax::same_subtrees(&input, &mutant);
                    let difference = node_difference(&input, &mutant);
                    assert!(!same || difference.is_none(), "{} at byte {at}", path.display());
                    mutants += 1;
                    differ += usize::from(difference.is_some());
                }
            }
        }
        assert!(
            formatted > 300 && mutants > 5000 && differ > 100,
            "{formatted} formatted, {mutants} mutants, {differ} differ"
        );
    }
}
