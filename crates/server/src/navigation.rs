//! Go to definition, find references, document highlight and document
//! symbols, from ptxkit-semantic's symbol table (which knows `{ }` scopes and
//! `%r<N>` ranges: `%r5` resolves to the `%r<10>` that declares it).

use lsp_types::{DocumentHighlight, DocumentHighlightKind, DocumentSymbol, Location, SymbolKind, Uri};
use ptxkit_semantic::{Symbol, Variable};
use ptxkit_syntax::Span;

use crate::document::Document;
use crate::position::Encoding;

/// Where the name at byte `offset` is declared (a function: its definition
/// when it has one; a member of a range: the `%r<N>` declarator).
pub fn definition(uri: &Uri, document: &mut Document, offset: usize, encoding: Encoding) -> Option<Location> {
    let analysis = document.analysis();
    let (_, symbol) = analysis.model.symbols.symbol_at(&analysis.parsed, offset)?;
    let declaration = symbol.declarator()?;
    Some(Location::new(
        uri.clone(),
        document.range(declaration.range(), encoding),
    ))
}

/// Every place that names the symbol at byte `offset` (its declaration
/// included when `with_declaration`: for a member of a range, the `%r<N>`
/// declarator), in source order.
pub fn references(
    uri: &Uri,
    document: &mut Document,
    offset: usize,
    with_declaration: bool,
    encoding: Encoding,
) -> Option<Vec<Location>> {
    let (spans, declaration) = occurrences(document, offset)?;
    Some(
        spans
            .into_iter()
            .filter(|span| with_declaration || Some(*span) != declaration)
            .map(|span| Location::new(uri.clone(), document.range(span.range(), encoding)))
            .collect(),
    )
}

/// The symbol at byte `offset` highlighted where it is named: the
/// declaration as a write, every use as a read.
pub fn highlight(document: &mut Document, offset: usize, encoding: Encoding) -> Option<Vec<DocumentHighlight>> {
    let (spans, declaration) = occurrences(document, offset)?;
    Some(
        spans
            .into_iter()
            .map(|span| DocumentHighlight {
                range: document.range(span.range(), encoding),
                kind: Some(if Some(span) == declaration {
                    DocumentHighlightKind::WRITE
                } else {
                    DocumentHighlightKind::READ
                }),
            })
            .collect(),
    )
}

/// The spans naming the symbol at `offset` in source order, its declaration among them,
/// and the declaration's span (a range member's `%r<N>` declarator, which the member's
/// name does not spell).
fn occurrences(document: &mut Document, offset: usize) -> Option<(Vec<Span>, Option<Span>)> {
    let analysis = document.analysis();
    let symbols = &analysis.model.symbols;
    let (_, symbol) = symbols.symbol_at(&analysis.parsed, offset)?;
    if matches!(symbol, Symbol::Special) {
        return None;
    }
    let mut spans = symbols.references(&analysis.parsed, &symbol);
    let declaration = symbol.declarator();
    if let Some(declared) = declaration
        && !spans.contains(&declared)
    {
        let at = spans.partition_point(|span| span.start < declared.start);
        spans.insert(at, declared);
    }
    Some((spans, declaration))
}

/// The outline: kernels and functions (with their labels), and module
/// variables, in source order.
pub fn document_symbols(document: &mut Document, encoding: Encoding) -> Vec<DocumentSymbol> {
    let analysis = document.analysis();
    let symbols = &analysis.model.symbols;
    let mut found: Vec<Outlined> = Vec::new();
    for function in symbols.functions().values().flatten() {
        let detail = match (function.is_entry, function.is_definition) {
            (true, true) => ".entry",
            (true, false) => ".entry (declaration)",
            (false, true) => ".func",
            (false, false) => ".func (declaration)",
        };
        let mut labels: Vec<(Span, String)> = symbols
            .bodies()
            .iter()
            .filter(|body| function.node_span.start <= body.span.start && body.span.end <= function.node_span.end)
            .flat_map(|body| body.declarations.labels.values().flatten())
            .map(|label| (label.span, label.name.clone()))
            .collect();
        labels.sort_by_key(|(span, _)| span.start);
        found.push(Outlined {
            whole: function.node_span,
            name_span: function.span,
            name: function.name.clone(),
            kind: SymbolKind::FUNCTION,
            detail: detail.to_string(),
            labels,
        });
    }
    for variable in symbols.module().variables.values().flatten() {
        let whole = declaration_line_span(analysis.parsed.text(), variable.span);
        found.push(Outlined {
            whole,
            name_span: variable.span,
            name: variable.name.clone(),
            kind: SymbolKind::VARIABLE,
            detail: variable_detail(variable),
            labels: Vec::new(),
        });
    }
    found.sort_by_key(|item| (item.whole.start, item.name_span.start));
    found
        .into_iter()
        .map(|item| {
            let children: Vec<DocumentSymbol> = item
                .labels
                .into_iter()
                .map(|(span, label)| {
                    let range = document.range(span.range(), encoding);
                    symbol(label, "label".to_string(), SymbolKind::KEY, range, range, None)
                })
                .collect();
            symbol(
                item.name,
                item.detail,
                item.kind,
                document.range(item.whole.range(), encoding),
                document.range(item.name_span.range(), encoding),
                (!children.is_empty()).then_some(children),
            )
        })
        .collect()
}

/// One entry of the outline before it becomes a [`DocumentSymbol`].
struct Outlined {
    /// The whole function, or the declaration's line.
    whole: Span,
    /// The name.
    name_span: Span,
    name: String,
    kind: SymbolKind,
    detail: String,
    /// A function's labels, in source order.
    labels: Vec<(Span, String)>,
}

#[allow(deprecated)] // `deprecated` is a required field of the LSP type.
fn symbol(
    name: String,
    detail: String,
    kind: SymbolKind,
    range: lsp_types::Range,
    selection_range: lsp_types::Range,
    children: Option<Vec<DocumentSymbol>>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail: Some(detail),
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children,
    }
}

/// `.global .align 4 .u32` for a module variable.
fn variable_detail(variable: &Variable) -> String {
    let mut detail = variable.space.clone();
    if let Some(align) = variable.align {
        detail.push_str(&format!(" .align {align}"));
    }
    if let Some(n) = variable.vector {
        detail.push_str(&format!(" .v{n}"));
    }
    if let Some(ty) = &variable.ty {
        detail.push(' ');
        detail.push_str(ty);
    }
    detail
}

/// The span of the line (without its line ending) that holds `name`: the
/// outline's range for a module variable, which must contain its name.
fn declaration_line_span(text: &str, name: Span) -> Span {
    let start = text[..name.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[name.end..].find('\n').map_or(text.len(), |i| name.end + i);
    let end = if text[..end].ends_with('\r') { end - 1 } else { end };
    Span::new(start, end.max(name.end))
}
