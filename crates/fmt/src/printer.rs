//! The PTX layer's shared machinery: dispatch by node kind, tokens, and the
//! generic sequence and list layouts that the per-area modules build on.
//!
//! Every token of the input is emitted exactly once, in order; layouts only
//! choose what goes between tokens (see [`crate::tokens`]).

use std::borrow::Cow;
use std::cell::Cell;

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::doc::{Doc, Mark};
use crate::options::Options;
use crate::tokens::{Sep, between, between_leaves, ends_line, first_leaf, gap, is_comment, last_leaf, written_len};
use crate::tree::MAX_TREE_DEPTH;

/// The per-area layouts the printer hands nodes to (the table is [`crate::nodes::LAYOUTS`]):
/// given to the printer, so that its generic layouts and the areas built on them do not
/// import each other.
#[derive(Clone, Copy)]
pub struct Layouts {
    /// The document of a node with children, by its kind.
    pub node: for<'b> fn(&Printer<'b>, Node<'b>) -> Doc<'b>,
    /// A list filled in rows to the line width ([`ListStyle::Rows`]).
    pub rows: for<'b> fn(&Printer<'b>, &[Node<'b>]) -> Doc<'b>,
}

/// Builds the document for one parsed source.
pub struct Printer<'a> {
    /// The source text.
    pub source: &'a str,
    /// The options.
    pub options: &'a Options,
    layouts: Layouts,
    /// How many blocks enclose what is being built (statements start at
    /// `depth * indent_width`).
    pub depth: Cell<usize>,
    /// How many [`Printer::node`] calls enclose the one running.
    nesting: Cell<usize>,
    /// Whether a node lay too deep to lay out (see [`Printer::too_deep`]).
    too_deep: Cell<bool>,
}

impl<'a> Printer<'a> {
    /// A printer for `source` with the areas' `layouts`, at depth 0.
    pub fn new(source: &'a str, options: &'a Options, layouts: Layouts) -> Self {
        Printer {
            source,
            options,
            layouts,
            depth: Cell::new(0),
            nesting: Cell::new(0),
            too_deep: Cell::new(false),
        }
    }

    /// Whether the tree was nested too deeply to lay out: a node with
    /// children lay under [`MAX_TREE_DEPTH`] nested [`Printer::node`] calls
    /// (so the tree is deeper than that). It was not descended into, and the
    /// document built must not be used. This bounds the recursion of the
    /// layout (document building, lowering, rendering, dropping) without a
    /// walk of its own.
    pub fn too_deep(&self) -> bool {
        self.too_deep.get()
    }

    /// The document for any node, dispatched on its kind.
    pub fn node(&self, node: Node<'a>) -> Doc<'a> {
        if node.child_count() == 0 || node.is_error() {
            return self.token(node);
        }
        let nesting = self.nesting.get();
        if nesting >= MAX_TREE_DEPTH {
            self.too_deep.set(true);
            return Doc::text("");
        }
        self.nesting.set(nesting + 1);
        let doc = (self.layouts.node)(self, node);
        self.nesting.set(nesting);
        doc
    }

    /// A token as written. `//` comments lose trailing whitespace and take
    /// no width (a comment never changes how the code before it is laid
    /// out); text that spans lines (block comments, preprocessor
    /// continuations, verbatim nodes) is kept verbatim; preprocessor lines
    /// start at column 0.
    pub fn token(&self, node: Node<'a>) -> Doc<'a> {
        let text = &self.source[node.byte_range()];
        if is_comment(node) && text.starts_with("//") {
            return Doc::sized(text.trim_end(), 0).marked(Mark::Comment);
        }
        let doc = if text.contains('\n') {
            Doc::verbatim(text)
        } else {
            Doc::Text(Cow::Borrowed(text))
        };
        if node.kind_name() == "preprocessor" {
            doc.marked(Mark::ColumnZero)
        } else {
            doc
        }
    }

    /// The text `nodes` print as on one line, or `None` when they cannot
    /// stay on one line (a `//` comment, a preprocessor line, text that
    /// spans lines).
    pub fn flat_text(&self, nodes: &[Node<'a>]) -> Option<String> {
        // About as long as written (a few spaces may be added after commas): one allocation,
        // not one per doubling.
        let mut text = String::with_capacity(written_len(nodes) + 8);
        self.flat_pieces(nodes, |piece| text.push_str(piece)).then_some(text)
    }

    /// Calls `emit` with each token of `nodes` and the space between tokens
    /// as they print on one line; false when they cannot. Each leaf's kind is
    /// read once.
    fn flat_pieces(&self, nodes: &[Node<'a>], mut emit: impl FnMut(&str)) -> bool {
        let mut prev: Option<(Node<'a>, &'static str)> = None;
        // The nodes still to read, the next one last.
        let mut pending: Vec<Node<'a>> = nodes.iter().rev().copied().collect();
        while let Some(node) = pending.pop() {
            if node.child_count() > 0 {
                pending.extend(ptxkit_syntax::children(node).iter().rev().map(|child| child.node));
                continue;
            }
            let leaf = node;
            let kind = leaf.kind_name();
            let token = &self.source[leaf.byte_range()];
            if matches!(kind, "preprocessor" | "dwarf_directive" | "unterminated_comment")
                || (kind == "comment" && token.starts_with("//"))
                || token.contains('\n')
            {
                return false;
            }
            if let Some((prev, prev_kind)) = prev {
                match between_leaves(prev, prev_kind, kind, gap(prev, leaf, self.source), self.source) {
                    Sep::None => {}
                    Sep::Space => emit(" "),
                    Sep::Break => return false,
                }
            }
            emit(token);
            prev = Some((leaf, kind));
        }
        true
    }

    /// The source text of a node.
    pub fn text(&self, node: Node<'_>) -> &'a str {
        &self.source[node.byte_range()]
    }

    /// `name:` with no space before the colon.
    pub fn label(&self, node: Node<'a>) -> Doc<'a> {
        let parts = children(node);
        if parts.iter().any(|n| crate::tokens::is_extra(*n)) {
            return self.sequence(&parts);
        }
        Doc::concat(parts.into_iter().map(|n| self.node(n)).collect())
    }

    /// The separator between two adjacent pieces (see [`between`]); a space
    /// after a comma becomes `space`, a list's line break, unless a comment
    /// follows (it stays on the comma's line).
    pub fn separator(&self, prev: Node<'a>, next: Node<'a>, space: &Doc<'a>) -> Doc<'a> {
        let last = last_leaf(prev);
        let (last_kind, first_kind) = (last.kind_name(), first_leaf(next).kind_name());
        match between_leaves(last, last_kind, first_kind, gap(prev, next, self.source), self.source) {
            Sep::None => Doc::text(""),
            Sep::Break => Doc::Hardline,
            Sep::Space if last_kind == "," && first_kind != "comment" => space.clone(),
            Sep::Space => Doc::text(" "),
        }
    }

    /// Pieces one after the other with the generic whitespace rule.
    pub fn sequence(&self, nodes: &[Node<'a>]) -> Doc<'a> {
        self.sequence_with(nodes, &Doc::text(" "))
    }

    /// Pieces one after the other; after each comma comes `after_comma`
    /// (a space, a soft line or a line).
    pub fn sequence_with(&self, nodes: &[Node<'a>], after_comma: &Doc<'a>) -> Doc<'a> {
        let mut docs = Vec::with_capacity(nodes.len() * 2);
        for (i, &node) in nodes.iter().enumerate() {
            if i > 0 {
                docs.push(self.separator(nodes[i - 1], node, after_comma));
            }
            docs.push(self.node(node));
        }
        Doc::concat(docs)
    }

    /// `default` unless `node` ends a line, in which case a hard line break.
    pub fn after(&self, node: Node<'a>, default: Doc<'a>) -> Doc<'a> {
        if ends_line(node, self.source) {
            Doc::Hardline
        } else {
            default
        }
    }

    /// `head`, then the comma-separated `rest`, then `end` (a `;`), in the
    /// Wadler style: all on one line (`pad` after the head) if it fits;
    /// otherwise a break after the head and `rest` on the following lines,
    /// indented one level: all on one line if they fit there, else one
    /// element per line (`list` [`ListStyle::OnePerLine`]) or in rows
    /// ([`ListStyle::Rows`]). A `//` comment on the head's line stays there;
    /// one after an element forces the broken layout.
    pub fn head_and_operands(&self, head: Doc<'a>, parts: HeadList<'a>, pad: Doc<'a>, style: ListStyle) -> Doc<'a> {
        let HeadList { head_last, rest, end } = parts;
        let mut docs = vec![head];
        let mut last = head_last;
        let mut rest = rest.as_slice();
        let mut comment_on_head_line = false;
        while let Some(&first) = rest.first()
            && is_comment(first)
            && ends_line(first, self.source)
            && between(last, first, self.source) == Sep::Space
        {
            docs.push(Doc::text(" "));
            docs.push(self.node(first));
            comment_on_head_line = true;
            last = first;
            rest = &rest[1..];
        }
        if let (Some(&first), Some(&final_piece)) = (rest.first(), rest.last()) {
            let gap = match between(last, first, self.source) {
                Sep::Break => Doc::Hardline,
                _ if comment_on_head_line => Doc::Hardline,
                _ => Doc::Hardline.flat_alt(pad),
            };
            let list = match style {
                ListStyle::OnePerLine => self.sequence_with(rest, &Doc::Line).group(),
                ListStyle::Rows => (self.layouts.rows)(self, rest),
            };
            docs.push(Doc::concat(vec![gap, list]).nest(self.indent()));
            last = final_piece;
        }
        if let Some(end) = end {
            docs.push(self.separator(last, end, &Doc::text(" ")));
            docs.push(self.node(end));
        }
        Doc::concat(docs).group()
    }

    /// `head`, then the list `rest` filled to the line width and aligned
    /// after the head, then `end` (a `;`). `pad` separates head and list.
    pub fn head_and_list(&self, head: Doc<'a>, parts: HeadList<'a>, pad: Doc<'a>) -> Doc<'a> {
        let HeadList { head_last, rest, end } = parts;
        let mut docs = vec![head];
        let mut last = head_last;
        if let Some(&first) = rest.first() {
            docs.push(match between(head_last, first, self.source) {
                Sep::Break => Doc::Hardline,
                _ => pad,
            });
            docs.push(self.sequence_with(&rest, &Doc::SoftLine).align());
            last = *rest.last().expect("rest is not empty");
        }
        if let Some(end) = end {
            docs.push(self.separator(last, end, &Doc::text(" ")));
            docs.push(self.node(end));
        }
        Doc::concat(docs)
    }

    /// The indentation unit in columns (tabs are expanded after layout).
    pub fn indent(&self) -> isize {
        self.options.indent_width as isize
    }

    /// The column where the statements being built start.
    pub fn statement_column(&self) -> usize {
        self.depth.get() * self.options.indent_width
    }

    /// `build`'s result, built one block deeper.
    pub fn nested<T>(&self, build: impl FnOnce() -> T) -> T {
        self.depth.set(self.depth.get() + 1);
        let result = build();
        self.depth.set(self.depth.get() - 1);
        result
    }
}

/// How the list after a head breaks when it does not fit on one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListStyle {
    /// One element per line (an instruction's operands).
    OnePerLine,
    /// Rows of equal count (declarators; see [`crate::rows`]).
    Rows,
}

/// The parts of a "head, list, end" construct (an instruction, a
/// declaration, a `.section` data line).
pub struct HeadList<'a> {
    /// The head's last token.
    pub head_last: Node<'a>,
    /// The list pieces: items, commas and comments.
    pub rest: Vec<Node<'a>>,
    /// The closing `;`, if any.
    pub end: Option<Node<'a>>,
}

/// All children of a node, extras included, in order.
pub fn children(node: Node<'_>) -> Vec<Node<'_>> {
    ptxkit_syntax::children(node).iter().map(|child| child.node).collect()
}
