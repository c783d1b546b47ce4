//! Parsing PTX text into a lossless concrete syntax tree.

use crate::NodeKind as _;
use std::ops::Range;
use std::sync::Arc;

use tree_sitter::{Node, Parser, Point, Tree};

use crate::span::{LineIndex, Span};

/// A parsed PTX source: the text and its concrete syntax tree.
///
/// ```
/// let parsed = ptxkit_syntax::parse(".version 7.8\n.target sm_80\n");
/// assert!(parsed.syntax_errors().is_empty());
/// assert_eq!(parsed.root().kind(), "source_file");
/// ```
///
/// Cloning is cheap: the text, its line index and the tree are shared.
///
/// A source is either a whole text's parse ([`parse`]) or the parse of one group of its
/// top-level items ([`parse_group`]): the text and line index are then the whole text's,
/// shared between the groups, and node positions count from the start of the text.
#[derive(Clone)]
pub struct ParsedSource {
    text: Arc<String>,
    tree: Tree,
    lines: Arc<LineIndex>,
    /// The bytes the tree covers: the whole text, or one group of it.
    covered: Range<usize>,
}

/// Parses PTX text. Parsing never fails: syntax errors become `ERROR` and
/// `MISSING` nodes in the tree, listed by [`ParsedSource::syntax_errors`].
pub fn parse(text: impl Into<String>) -> ParsedSource {
    let text = text.into();
    let mut parser = new_parser();
    let tree = parser
        .parse(&text, None)
        .expect("a parser with a language and no timeout always returns a tree");
    ParsedSource::whole(text, tree)
}

/// Parses the bytes `range` of `text` on their own, as if they were a file, with node
/// positions (bytes, lines, columns) counted from the start of `text`. `range` must be
/// a run of whole top-level items ([`crate::split::top_level_items`]): each then parses
/// to the nodes the whole text's parse has, and the groups of a text can be parsed one
/// at a time (bounded memory) or on several threads. `lines` is `text`'s line index.
///
/// ```
/// use std::sync::Arc;
/// let text = Arc::new(String::from(".version 7.8\n.target sm_80\n.entry k()\n{\n\tret;\n}\n"));
/// let lines = Arc::new(ptxkit_syntax::LineIndex::new(&text));
/// let start = text.find(".entry").unwrap();
/// let group = ptxkit_syntax::parse_group(&text, &lines, start..text.len());
/// let function = group.root().named_child(0).unwrap();
/// assert_eq!((function.kind(), function.start_byte()), ("function_definition", start));
/// assert_eq!(function.start_position().row, 2);
/// assert_eq!(group.covered(), start..text.len());
/// ```
pub fn parse_group(text: &Arc<String>, lines: &Arc<LineIndex>, range: Range<usize>) -> ParsedSource {
    let point = |offset: usize| {
        let row = lines.line_of(offset);
        Point::new(row, offset - lines.line_start(row))
    };
    let included = tree_sitter::Range {
        start_byte: range.start,
        end_byte: range.end,
        start_point: point(range.start),
        end_point: point(range.end),
    };
    let mut parser = new_parser();
    parser
        .set_included_ranges(&[included])
        .expect("one range within the text is a valid set of included ranges");
    let tree = parser
        .parse(text.as_str(), None)
        .expect("a parser with a language and no timeout always returns a tree");
    ParsedSource {
        text: Arc::clone(text),
        tree,
        lines: Arc::clone(lines),
        covered: range,
    }
}

/// Parses `text` again after an edit, reusing the unchanged parts of `old`:
/// the tree of the previous text with every edit since applied to it
/// ([`Tree::edit`]), as an editor re-parses on each keystroke. The result
/// is the tree [`parse`] would build.
pub fn reparse(text: impl Into<String>, old: &Tree) -> ParsedSource {
    let text = text.into();
    let mut parser = new_parser();
    let tree = parser
        .parse(&text, Some(old))
        .expect("a parser with a language and no timeout always returns a tree");
    ParsedSource::whole(text, tree)
}

/// The tree-sitter edit that replaces the bytes `replaced` of a text with `inserted`;
/// `point` gives the row and byte column of an offset of the text before the edit.
pub fn input_edit(replaced: Range<usize>, inserted: &str, point: impl Fn(usize) -> Point) -> tree_sitter::InputEdit {
    let start_position = point(replaced.start);
    let new_end_position = match inserted.rfind('\n') {
        None => Point::new(start_position.row, start_position.column + inserted.len()),
        Some(last) => Point::new(
            start_position.row + inserted.bytes().filter(|&b| b == b'\n').count(),
            inserted.len() - last - 1,
        ),
    };
    tree_sitter::InputEdit {
        start_byte: replaced.start,
        old_end_byte: replaced.end,
        new_end_byte: replaced.start + inserted.len(),
        start_position,
        old_end_position: point(replaced.end),
        new_end_position,
    }
}

/// A tree-sitter parser set up for PTX.
pub fn new_parser() -> Parser {
    let mut parser = Parser::new();
    parser
        .set_language(&language())
        .expect("the PTX grammar matches the tree-sitter runtime ABI");
    parser
}

/// The tree-sitter language for PTX.
pub fn language() -> tree_sitter::Language {
    tree_sitter_ptx::LANGUAGE.into()
}

/// The grammar's `node-types.json`: each node kind's fields, children and subtypes.
pub fn node_types() -> &'static str {
    tree_sitter_ptx::NODE_TYPES
}

/// A syntax error found in the tree: an `ERROR` node or a `MISSING` token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where the error is.
    pub span: Span,
    /// What is wrong there.
    pub kind: SyntaxErrorKind,
}

/// What a [`SyntaxError`] is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// Text the grammar cannot place (an `ERROR` node).
    Unexpected,
    /// A token that should be there and is not (a `MISSING` node): its kind, e.g. `;`.
    Missing(String),
    /// A `/*` comment that is never closed.
    UnclosedComment,
    /// An instruction, label or `{ }` block at module scope: the grammar reads it (for
    /// inline-PTX templates and editors), a module cannot have it.
    OutsideFunction,
}

impl SyntaxError {
    /// The missing token's kind, for [`SyntaxErrorKind::Missing`] (`*/` for an unclosed
    /// comment).
    pub fn missing(&self) -> Option<&str> {
        match &self.kind {
            SyntaxErrorKind::Missing(token) => Some(token),
            SyntaxErrorKind::UnclosedComment => Some("*/"),
            SyntaxErrorKind::Unexpected | SyntaxErrorKind::OutsideFunction => None,
        }
    }

    /// What the tools print after `syntax error`: `missing ';'`, or `near '…'` with the
    /// first line of the error's text in `text` (at most 40 characters).
    pub fn detail(&self, text: &str) -> String {
        if let Some(token) = self.missing() {
            return format!("missing '{token}'");
        }
        let line = text[self.span.range()]
            .trim_start()
            .lines()
            .next()
            .unwrap_or("")
            .trim_end();
        let mut near: String = line.chars().take(40).collect();
        if near.len() < line.len() {
            near.push('…');
        }
        format!("near '{near}'")
    }
}

impl ParsedSource {
    /// The source of a whole text and its tree.
    fn whole(text: String, tree: Tree) -> ParsedSource {
        let lines = LineIndex::new(&text);
        let covered = 0..text.len();
        ParsedSource {
            text: Arc::new(text),
            tree,
            lines: Arc::new(lines),
            covered,
        }
    }

    /// The source text (the whole text, also for a group: see [`parse_group`]).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The bytes of the text the tree covers: all of them, or one group's.
    pub fn covered(&self) -> Range<usize> {
        self.covered.clone()
    }

    /// The text the tree covers.
    pub fn covered_text(&self) -> &str {
        &self.text[self.covered.clone()]
    }

    /// The text with `edits` applied ([`crate::apply_edits`]), parsed again reusing the
    /// parts of this tree the edits leave alone (a whole text's parse; a group's is parsed
    /// from scratch as a whole text). The tree is the one [`parse`] would build.
    ///
    /// ```
    /// use ptxkit_syntax::{Span, TextEdit};
    /// let parsed = ptxkit_syntax::parse(".version 7.8\n.target sm_80\n.global .u32 g;\n");
    /// let edited = parsed.edited(&[TextEdit::replace(Span::new(35, 39), ".f32")]).unwrap();
    /// assert_eq!(edited.text(), ".version 7.8\n.target sm_80\n.global .f32 g;\n");
    /// assert_eq!(edited.root().to_sexp(), ptxkit_syntax::parse(edited.text()).root().to_sexp());
    /// ```
    pub fn edited(&self, edits: &[crate::TextEdit]) -> Result<ParsedSource, crate::EditError> {
        let text = crate::apply_edits(&self.text, edits)?;
        let (Some(start), Some(old_end)) = (
            edits.iter().map(|e| e.span.start).min(),
            edits.iter().map(|e| e.span.end).max(),
        ) else {
            return Ok(ParsedSource::whole(text, self.tree.clone()));
        };
        if self.covered != (0..self.text.len()) {
            return Ok(parse(text));
        }
        // One edit that covers them all: the text before the first and after the last is
        // the old text's, whatever the edits between them do.
        let new_end = old_end + text.len() - self.text.len();
        let point = |offset: usize| {
            let row = self.lines.line_of(offset);
            Point::new(row, offset - self.lines.line_start(row))
        };
        let mut tree = self.tree.clone();
        tree.edit(&input_edit(start..old_end, &text[start..new_end], point));
        Ok(reparse(text, &tree))
    }

    /// The text, shared (to parse another group of it with [`parse_group`]).
    pub fn shared_text(&self) -> &Arc<String> {
        &self.text
    }

    /// The line index, shared.
    pub fn shared_lines(&self) -> &Arc<LineIndex> {
        &self.lines
    }

    /// The concrete syntax tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The root `source_file` node.
    pub fn root(&self) -> Node<'_> {
        self.tree.root_node()
    }

    /// Line and column lookup for byte offsets of this text.
    pub fn lines(&self) -> &LineIndex {
        &self.lines
    }

    /// The text a node covers.
    pub fn node_text(&self, node: Node<'_>) -> &str {
        &self.text[node.byte_range()]
    }

    /// The text of every comment, in source order.
    ///
    /// A comment starts with `/`, so the walk goes only into nodes whose text holds one
    /// (most statements hold none): a few scans of the text instead of a visit of every node.
    ///
    /// ```
    /// let parsed = ptxkit_syntax::parse(".version 7.8 // v\n.entry k()\n{\n\tadd.s32 %r1, /* a */ %r2, 1;\n\tret; // r\n}\n");
    /// assert_eq!(parsed.comments(), ["// v", "/* a */", "// r"]);
    /// ```
    pub fn comments(&self) -> Vec<&str> {
        let mut found = Vec::new();
        crate::walk::visit_pruned(self.root(), |node| {
            let text = self.node_text(node);
            if node.kind_name() == "comment" {
                found.push(text);
                false
            } else {
                text.contains('/')
            }
        });
        found
    }

    /// Every `ERROR` node (outermost only), `MISSING` token, unclosed `/*`
    /// comment and statement outside a function, in source order.
    ///
    /// The grammar parses instructions, labels and `{ }` blocks at module scope
    /// (an inline-PTX template is made of them), but a module cannot have them:
    /// each is an error here, as ptxas says.
    ///
    /// ```
    /// let parsed = ptxkit_syntax::parse("mov.u32 %r1, 1;\n");
    /// assert_eq!(parsed.syntax_errors().len(), 1);
    /// assert_eq!(parsed.root().child(0).unwrap().kind(), "instruction");
    /// ```
    pub fn syntax_errors(&self) -> Vec<SyntaxError> {
        let may_have_unclosed_comment = may_have_unclosed_comment(self.covered_text());
        let mut errors = if self.root().has_error() || may_have_unclosed_comment {
            self.tree_errors(may_have_unclosed_comment)
        } else {
            // Checked in debug builds: the walk that looks everywhere finds nothing either.
            debug_assert_eq!(
                self.tree_errors(true),
                Vec::new(),
                "an unclosed comment the text test missed"
            );
            Vec::new()
        };
        let stray = self.statements_outside_functions();
        if !stray.is_empty() {
            // A stray statement is one error: a `MISSING ;` inside it adds nothing.
            errors.retain(|e| {
                !stray
                    .iter()
                    .any(|s| s.span.start <= e.span.start && e.span.end <= s.span.end)
            });
            errors.extend(stray);
            errors.sort_by_key(|e| (e.span.start, e.span.end));
        }
        errors
    }

    /// The module-scope instructions, labels and blocks (see [`Self::syntax_errors`]).
    fn statements_outside_functions(&self) -> Vec<SyntaxError> {
        let root = self.root();
        let mut cursor = root.walk();
        root.named_children(&mut cursor)
            .filter(|n| is_statement_outside_function(n.kind_name()))
            .map(|n| SyntaxError {
                span: Span::of(n),
                kind: SyntaxErrorKind::OutsideFunction,
            })
            .collect()
    }

    /// The `ERROR` and `MISSING` nodes and unclosed comments of the tree.
    fn tree_errors(&self, may_have_unclosed_comment: bool) -> Vec<SyntaxError> {
        let mut errors = Vec::new();
        crate::walk::visit_pruned(self.tree.root_node(), |node| {
            if node.is_error() {
                errors.push(SyntaxError {
                    span: Span::of(node),
                    kind: SyntaxErrorKind::Unexpected,
                });
                false
            } else if node.is_missing() {
                errors.push(SyntaxError {
                    span: Span::of(node),
                    kind: SyntaxErrorKind::Missing(node.kind_name().to_string()),
                });
                false
            } else if node.kind_name() == "unterminated_comment" {
                errors.push(SyntaxError {
                    span: Span::of(node),
                    kind: SyntaxErrorKind::UnclosedComment,
                });
                false
            } else {
                node.has_error() || may_have_unclosed_comment
            }
        });
        errors
    }

    /// Checks that the tree loses nothing: the leaves, in order, with the
    /// whitespace gaps between them, rebuild the text byte for byte. Returns
    /// the first byte offset that no leaf covers and that is not whitespace
    /// (Unicode whitespace, as the grammar's `/\s/` extra skips it).
    pub fn check_lossless(&self) -> Result<(), usize> {
        let text = &self.text[..self.covered.end];
        let mut covered = self.covered.start;
        let mut cursor = self.tree.walk();
        let check_gap = |from: usize, to: usize| -> Result<(), usize> {
            let Some(gap) = text.get(from..to) else {
                // A leaf boundary inside a character.
                return Err(from);
            };
            match gap.char_indices().find(|(_, c)| !c.is_whitespace()) {
                Some((at, _)) => Err(from + at),
                None => Ok(()),
            }
        };
        loop {
            let node = cursor.node();
            if node.child_count() == 0 {
                let range = node.byte_range();
                if range.start < covered {
                    // Overlapping leaves would duplicate text.
                    return Err(range.start);
                }
                check_gap(covered, range.start)?;
                covered = range.end;
            } else if cursor.goto_first_child() {
                continue;
            }
            loop {
                if cursor.goto_next_sibling() {
                    break;
                }
                if !cursor.goto_parent() {
                    return check_gap(covered, text.len());
                }
            }
        }
    }
}

/// Whether `text` may hold an unclosed `/*` comment (an `unterminated_comment`
/// token): some `/*` is not followed by a `*/`. The lexer takes the longest
/// token, and a `/*` with a `*/` after it (not sharing its `*`) is the start
/// of a closed comment, which runs to that `*/` and so is longer than an
/// unclosed one (which stops at the end of its line, or before a `*/`). When
/// the last `/*` has a `*/` after it, every `/*` has: no unclosed comment,
/// and [`ParsedSource::syntax_errors`] need not walk an error-free tree.
fn may_have_unclosed_comment(text: &str) -> bool {
    // memchr's searches: every tool asks this of every file, which rarely holds a `/*`.
    let bytes = text.as_bytes();
    memchr::memmem::rfind(bytes, b"/*").is_some_and(|at| memchr::memmem::find(&bytes[at + 2..], b"*/").is_none())
}

/// Whether a node of this kind, directly under `source_file`, is a statement that belongs in a
/// function body (an instruction, a call, a label, a `{ }` block).
pub fn is_statement_outside_function(kind: &str) -> bool {
    matches!(kind, "instruction" | "call_instruction" | "label" | "block")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unclosed comments a walk of the whole tree finds.
    fn unclosed(text: &str) -> usize {
        let parsed = parse(text);
        parsed
            .tree_errors(true)
            .iter()
            .filter(|e| e.kind == SyntaxErrorKind::UnclosedComment)
            .count()
    }

    #[test]
    fn the_text_test_flags_every_unclosed_comment() {
        let cases = [
            (".entry k() { /* a */ ret; }\n", false),
            (".entry k() { /* a\n b */ ret; }\n", false),
            (".entry k() { ret; /* a\n", true),
            (".entry k() { /* a */ ret; } /* b\n", true),
            (".entry k() { /* a\n ret; }\n// */\n", false),
            (".entry k() { /*/ ret; }\n", true),
            (".entry k() { /**/ ret; }\n", false),
            (".entry k() { ret; }\n/* a /* b */\n", false),
        ];
        for (text, flagged) in cases {
            assert_eq!(may_have_unclosed_comment(text), flagged, "{text:?}");
            if !flagged {
                assert_eq!(unclosed(text), 0, "{text:?}");
            }
        }
        assert_eq!(unclosed(".entry k() { ret; /* a\n"), 1);
    }
}
