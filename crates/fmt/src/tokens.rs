//! The whitespace rule between two adjacent pieces of syntax.
//!
//! The formatter may only change whitespace, and whitespace is not always
//! insignificant: `ld.global`, `%r<10>`, `%tid.x`, `0xff(sym)` and `@!%p` are
//! glued, and a `//` comment runs to the end of its line. So between two
//! tokens the formatter inserts a space only where that is known to be safe
//! (after a comma, around `=`), removes one only next to punctuation that
//! cannot merge with a neighbour (`,` `;` and brackets), and otherwise keeps
//! what the author wrote: nothing stays nothing, any whitespace becomes one
//! space.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

/// What goes between two adjacent pieces of syntax on one logical line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sep {
    /// Nothing: the pieces stay glued.
    None,
    /// One space (or a list's line break, where the caller allows one).
    Space,
    /// A line break is required (after a `//` comment or a preprocessor line,
    /// before a preprocessor line, or before a comment the author put on its
    /// own line).
    Break,
}

/// The first leaf (token) of `node`.
pub fn first_leaf(node: Node<'_>) -> Node<'_> {
    let mut node = node;
    while let Some(child) = node.child(0) {
        node = child;
    }
    node
}

/// The last leaf (token) of `node`.
pub fn last_leaf(node: Node<'_>) -> Node<'_> {
    let mut node = node;
    while let Some(child) = node.child(node.child_count().saturating_sub(1)) {
        node = child;
    }
    node
}

/// Whether `node` is a comment (`//` or `/* */`).
pub fn is_comment(node: Node<'_>) -> bool {
    node.kind_name() == "comment"
}

/// Whether `node` is an extra that may appear between any two tokens.
pub fn is_extra(node: Node<'_>) -> bool {
    matches!(node.kind_name(), "comment" | "preprocessor" | "unterminated_comment")
}

/// Whether the text after `node` must start on a new line: it ends with a
/// `//` comment, an unclosed `/*` (a syntax error that runs to the end of
/// its line), a preprocessor line or a legacy `@@DWARF` line.
pub fn ends_line(node: Node<'_>, source: &str) -> bool {
    let leaf = last_leaf(node);
    leaf_ends_line(leaf, leaf.kind_name(), source)
}

/// [`ends_line`] of a last leaf whose kind is `kind`.
fn leaf_ends_line(leaf: Node<'_>, kind: &str, source: &str) -> bool {
    match kind {
        "comment" => source[leaf.byte_range()].starts_with("//"),
        "preprocessor" | "dwarf_directive" | "unterminated_comment" => true,
        _ => false,
    }
}

/// Number of line breaks in the whitespace between two pieces.
pub fn newlines_between(prev: Node<'_>, next: Node<'_>, source: &str) -> usize {
    line_breaks(gap(prev, next, source))
}

/// Number of line breaks in `whitespace`: `\n`, `\r\n`, and a lone `\r` (which ends a `//`
/// comment in the grammar, and a line in LSP).
pub fn line_breaks(whitespace: &str) -> usize {
    let bytes = whitespace.as_bytes();
    bytes
        .iter()
        .enumerate()
        .filter(|&(at, &b)| b == b'\n' || (b == b'\r' && bytes.get(at + 1) != Some(&b'\n')))
        .count()
}

/// How many bytes `nodes` (adjacent siblings) span as written, from the first's start to
/// the last's end: the capacity for the text they print as.
pub fn written_len(nodes: &[Node<'_>]) -> usize {
    match (nodes.first(), nodes.last()) {
        (Some(first), Some(last)) => last.end_byte().saturating_sub(first.start_byte()),
        _ => 0,
    }
}

/// The whitespace between two adjacent pieces.
pub fn gap<'s>(prev: Node<'_>, next: Node<'_>, source: &'s str) -> &'s str {
    let (start, end) = (prev.end_byte(), next.start_byte());
    if start <= end { &source[start..end] } else { "" }
}

/// The whitespace rule between `prev` and `next`, adjacent in the source.
pub fn between(prev: Node<'_>, next: Node<'_>, source: &str) -> Sep {
    let last = last_leaf(prev);
    let first_kind = first_leaf(next).kind_name();
    between_leaves(last, last.kind_name(), first_kind, gap(prev, next, source), source)
}

/// [`between`] told the pieces' facts: `last` is the last leaf of the piece
/// before (of kind `last_kind`), `first_kind` the kind of the first leaf of
/// the piece after, `gap` the whitespace between the pieces ([`gap`]). The
/// callers that walk leaves, or need the leaves themselves, find each leaf
/// and kind once.
pub fn between_leaves(last: Node<'_>, last_kind: &str, first_kind: &str, gap: &str, source: &str) -> Sep {
    if leaf_ends_line(last, last_kind, source) {
        return Sep::Break;
    }
    match first_kind {
        "preprocessor" | "dwarf_directive" => return Sep::Break,
        "comment" if line_breaks(gap) > 0 => return Sep::Break,
        "comment" => return Sep::Space,
        _ => {}
    }
    if matches!(first_kind, "," | ";" | ")" | "]" | "}") {
        return Sep::None;
    }
    // A token that must touch what precedes it (a modifier, a member `.x`, the `<` of
    // `%r<4>`, the `(` of a call) reads as one only while nothing separates it from the
    // comment before it: a space there would make it a syntax error.
    if last_kind == "comment" && gap.is_empty() && matches!(first_kind, "modifier" | "member" | "<" | "(") {
        return Sep::None;
    }
    if last_kind == "comment" {
        return Sep::Space;
    }
    // ptxas takes `mov .u32` (and the grammar parses it) as `mov.u32`: glued, as written.
    if first_kind == "modifier" {
        return Sep::None;
    }
    if last_kind == "," || last_kind == "=" || first_kind == "=" {
        return Sep::Space;
    }
    if matches!(last_kind, "(" | "[" | "{") {
        return Sep::None;
    }
    if gap.is_empty() { Sep::None } else { Sep::Space }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule between each pair of adjacent leaves of `text`.
    fn seps(text: &str) -> Vec<(String, Sep)> {
        let parsed = ptxkit_syntax::parse(text);
        let leaves: Vec<_> = ptxkit_syntax::preorder(parsed.root())
            .filter(|n| n.child_count() == 0)
            .collect();
        leaves
            .windows(2)
            .map(|w| (parsed.node_text(w[1]).to_string(), between(w[0], w[1], text)))
            .collect()
    }

    #[test]
    fn a_token_glued_to_a_comment_before_it_stays_glued() {
        let text = ".entry k() { .reg .b32 %r/*n*/<4>; ld.param/*a*/.u64 /*b*/.u32 %r1, %tid/*c*/.x; \
                    mov.u32 /*d*/ %r2, 1; }";
        let seps = seps(text);
        let get = |token: &str| seps.iter().find(|(t, _)| t == token).unwrap().1;
        assert_eq!(get("<"), Sep::None);
        assert_eq!(get(".u64"), Sep::None);
        assert_eq!(get(".u32"), Sep::None);
        assert_eq!(get(".x"), Sep::None);
        assert_eq!(get("%r2"), Sep::Space);
    }

    #[test]
    fn glued_tokens_stay_glued() {
        let text = ".entry k() { @!%p bra L; ld.global.u32 %r1, [a+4]; mov.u32 %r2, %tid.x; }";
        let seps = seps(text);
        let get = |token: &str| seps.iter().find(|(t, _)| t == token).unwrap().1;
        assert_eq!(get("!"), Sep::None);
        assert_eq!(get("%p"), Sep::None);
        assert_eq!(get(".global"), Sep::None);
        assert_eq!(get(".x"), Sep::None);
        assert_eq!(get("+"), Sep::None);
        assert_eq!(get("bra"), Sep::Space);
    }

    #[test]
    fn punctuation_is_canonical_and_comments_break() {
        let text = ".entry k() { add.s32 %r1 ,%r2, // c\n %r3 ; }";
        let seps = seps(text);
        assert!(seps.contains(&(",".into(), Sep::None)));
        assert!(seps.contains(&("%r2".into(), Sep::Space)));
        assert!(seps.contains(&("// c".into(), Sep::Space)));
        assert!(seps.contains(&("%r3".into(), Sep::Break)));
        assert!(seps.contains(&(";".into(), Sep::None)));
    }
}
