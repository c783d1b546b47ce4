//! An open document: its text as the editor has it, and its parse and
//! semantic model, built when first asked for after a change.
//!
//! Changes are applied to the text and, as tree-sitter edits, to the last
//! syntax tree; the next request or diagnostics run re-parses with that tree,
//! so that only the edited part is parsed again. Diagnostics come from an
//! [`IncrementalLinter`], which lints again only the top-level items an edit
//! changed (the findings are those of a full lint).

use std::path::PathBuf;

use lsp_types::TextDocumentContentChangeEvent;
use ptxkit_lint::{IncrementalLinter, Settings};
use ptxkit_semantic::{SemanticModel, SymbolCache};
use ptxkit_syntax::tree_sitter::Tree;
use ptxkit_syntax::{Diagnostic, ParsedSource};

use crate::position::{Encoding, LineMap};

/// What the server knows of an open document.
pub struct Document {
    /// The file it is, for `file:` URIs (used to find `ptxlint.toml` and
    /// `ptxfmt.toml`).
    pub path: Option<PathBuf>,
    /// The version the client gave with the last change.
    pub version: i32,
    text: String,
    lines: LineMap,
    analysis: Option<Analysis>,
    /// The last syntax tree with the changes since applied as edits, to
    /// re-parse from (`None` after a whole-text change).
    edited: Option<Tree>,
    /// The functions of the last semantic model, replayed into the next when unchanged.
    symbols: SymbolCache,
    linter: IncrementalLinter,
}

/// A parse of the current text and its semantic model.
pub struct Analysis {
    /// The syntax tree (which holds a copy of the text).
    pub parsed: ParsedSource,
    /// Header and symbol table.
    pub model: SemanticModel,
}

impl Document {
    /// A document opened with `text`.
    pub fn new(path: Option<PathBuf>, version: i32, text: String) -> Document {
        Document {
            path,
            version,
            lines: LineMap::new(&text),
            text,
            analysis: None,
            edited: None,
            symbols: SymbolCache::default(),
            linter: IncrementalLinter::new(),
        }
    }

    /// The current text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The line starts of the current text.
    pub fn lines(&self) -> &LineMap {
        &self.lines
    }

    /// Applies the changes of one `didChange`, in order: a change without a
    /// range replaces the whole text; a range is clamped to the text. The
    /// stale analysis's function bodies go to the symbol cache, to be moved
    /// into the next model instead of copied.
    pub fn apply_changes(&mut self, version: i32, changes: Vec<TextDocumentContentChangeEvent>, encoding: Encoding) {
        if let Some(Analysis { parsed, model }) = self.analysis.take() {
            self.edited = Some(parsed.tree().clone());
            self.symbols.adopt(model.symbols);
        }
        for change in changes {
            match change.range {
                None => {
                    self.text = change.text;
                    self.edited = None;
                }
                Some(range) => {
                    let bytes = self.lines.bytes(&self.text, range, encoding);
                    if let Some(tree) = &mut self.edited {
                        tree.edit(&ptxkit_syntax::input_edit(bytes.clone(), &change.text, |at| {
                            self.lines.point(at)
                        }));
                    }
                    self.text.replace_range(bytes, &change.text);
                }
            }
            self.lines = LineMap::new(&self.text);
        }
        self.version = version;
    }

    /// The parse and semantic model of the current text.
    pub fn analysis(&mut self) -> &Analysis {
        analyse(&mut self.analysis, &mut self.edited, &mut self.symbols, &self.text)
    }

    /// ptxlint's findings on the current text with `settings`: those of
    /// `ptxkit_lint::lint_parsed`, with the items the edits since the last
    /// run left alone not linted again.
    pub fn lint(&mut self, settings: &Settings) -> Vec<Diagnostic> {
        let analysis = analyse(&mut self.analysis, &mut self.edited, &mut self.symbols, &self.text);
        self.linter.lint_with_model(&analysis.parsed, &analysis.model, settings)
    }

    /// Drops the parse, model and lint results, to rebuild them from the
    /// text when next asked for.
    pub fn forget_analysis(&mut self) {
        self.analysis = None;
        self.edited = None;
        self.symbols = SymbolCache::default();
        self.linter = IncrementalLinter::new();
    }

    /// The LSP range of a byte range of the current text.
    pub fn range(&self, bytes: std::ops::Range<usize>, encoding: Encoding) -> lsp_types::Range {
        self.lines.range(&self.text, bytes, encoding)
    }

    /// The byte offset of an LSP position in the current text (clamped).
    pub fn offset(&self, position: lsp_types::Position, encoding: Encoding) -> usize {
        self.lines.offset(&self.text, position, encoding)
    }
}

/// The analysis of `text`, built when missing: re-parsed from the `edited`
/// tree when there is one, with the functions `symbols` recorded replayed when unchanged.
fn analyse<'d>(
    analysis: &'d mut Option<Analysis>,
    edited: &mut Option<Tree>,
    symbols: &mut SymbolCache,
    text: &str,
) -> &'d Analysis {
    analysis.get_or_insert_with(|| {
        let parsed = match edited.take() {
            Some(tree) => ptxkit_syntax::reparse(text, &tree),
            None => ptxkit_syntax::parse(text),
        };
        let model = SemanticModel::build_reusing(&parsed, symbols);
        Analysis { parsed, model }
    })
}

#[cfg(test)]
mod tests {
    use lsp_types::{Position, Range};

    use super::*;

    fn change(range: Option<Range>, text: &str) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range,
            range_length: None,
            text: text.to_string(),
        }
    }

    #[test]
    fn incremental_changes_apply_in_order() {
        let mut doc = Document::new(None, 1, "mov.u32 %r1, 1;\nret;\n".to_string());
        let first = Range::new(Position::new(0, 13), Position::new(0, 14));
        let second = Range::new(Position::new(1, 0), Position::new(1, 0));
        doc.apply_changes(
            2,
            vec![change(Some(first), "42"), change(Some(second), "exit;\n")],
            Encoding::Utf16,
        );
        assert_eq!(doc.text(), "mov.u32 %r1, 42;\nexit;\nret;\n");
        assert_eq!(doc.version, 2);
    }

    #[test]
    fn ranges_past_the_end_append() {
        let mut doc = Document::new(None, 1, "ret;".to_string());
        let past = Range::new(Position::new(7, 3), Position::new(9, 9));
        doc.apply_changes(2, vec![change(Some(past), "\nexit;")], Encoding::Utf16);
        assert_eq!(doc.text(), "ret;\nexit;");
        doc.apply_changes(3, vec![change(None, "")], Encoding::Utf16);
        assert_eq!(doc.text(), "");
    }

    #[test]
    fn analysis_follows_the_text() {
        let mut doc = Document::new(None, 1, ".entry k()\n{\nret;\n}\n".to_string());
        assert!(doc.analysis().model.symbols.function("k").is_some());
        doc.apply_changes(2, vec![change(None, ".entry j()\n{\nret;\n}\n")], Encoding::Utf16);
        assert!(doc.analysis().model.symbols.function("k").is_none());
        assert!(doc.analysis().model.symbols.function("j").is_some());
    }
}
