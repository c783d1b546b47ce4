//! Rename a register, `%r<N>` range, variable, parameter, label or function
//! in one document.
//!
//! A rename is checked before it is offered: the renamed text is parsed
//! again, and it must have no more syntax errors than before and its new
//! name must be named at exactly as many places as the old one was (a name
//! the grammar does not take, or one that collides with another declaration
//! or hides one, fails that check and is refused with a reason).

use std::collections::HashMap;

use lsp_types::{TextEdit, Uri, WorkspaceEdit};
use ptxkit_semantic::{SemanticModel, Symbol};
use ptxkit_syntax::Span;

use crate::document::Document;
use crate::position::Encoding;

/// The span of the renamable name at byte `offset`, or why it cannot be
/// renamed (`Ok(None)`: nothing there).
pub fn prepare(document: &mut Document, offset: usize) -> Result<Option<Span>, String> {
    let analysis = document.analysis();
    let Some((span, symbol)) = analysis.model.symbols.symbol_at(&analysis.parsed, offset) else {
        return Ok(None);
    };
    renamable(&symbol, &analysis.parsed.text()[span.range()])?;
    Ok(Some(span))
}

/// The edits that rename the symbol at byte `offset` to `new_name`.
pub fn rename(
    uri: &Uri,
    document: &mut Document,
    offset: usize,
    new_name: &str,
    encoding: Encoding,
) -> Result<Option<WorkspaceEdit>, String> {
    let analysis = document.analysis();
    let parsed = &analysis.parsed;
    let symbols = &analysis.model.symbols;
    let Some((span, symbol)) = symbols.symbol_at(parsed, offset) else {
        return Ok(None);
    };
    let text = parsed.text();
    renamable(&symbol, &text[span.range()])?;
    let Some(declaration) = symbol.declaration() else {
        return Ok(None);
    };
    let references = symbols.references(parsed, &symbol);
    // A range's uses are `%r5` for `%r<10>`: only the prefix changes.
    let replaced = |span: Span| match symbol {
        Symbol::Range(range) => Span::new(span.start, span.start + range.prefix.len()),
        _ => span,
    };
    let edits: Vec<(Span, &str)> = references.iter().map(|&s| (replaced(s), new_name)).collect();

    // Check the result: parse it again, find the new declaration, count its references.
    let mut renamed = text.to_string();
    for (span, new) in edits.iter().rev() {
        renamed.replace_range(span.range(), new);
    }
    let shift: isize = edits
        .iter()
        .take_while(|(span, _)| span.start < declaration.start)
        .map(|(span, new)| new.len() as isize - (span.end - span.start) as isize)
        .sum();
    let new_declaration = declaration.start.saturating_add_signed(shift);
    let reparsed = ptxkit_syntax::parse(renamed);
    let model = SemanticModel::build(&reparsed);
    let same_errors = reparsed.syntax_errors().len() == parsed.syntax_errors().len();
    let same_uses = model
        .symbols
        .symbol_at(&reparsed, new_declaration)
        .map(|(_, s)| model.symbols.references(&reparsed, &s).len());
    if !same_errors || same_uses != Some(references.len()) {
        return Err(format!(
            "cannot rename `{}` to `{new_name}`: the new name is not a valid PTX name here, or it \
             collides with another declaration",
            &text[span.range()]
        ));
    }
    let edits = edits
        .into_iter()
        .map(|(span, new)| TextEdit::new(document.range(span.range(), encoding), new.to_string()))
        .collect();
    Ok(Some(WorkspaceEdit::new(HashMap::from([(uri.clone(), edits)]))))
}

/// Why `symbol` (written `name` under the cursor) cannot be renamed.
fn renamable(symbol: &Symbol<'_>, name: &str) -> Result<(), String> {
    match symbol {
        Symbol::Special => Err(format!("`{name}` is a special register: it cannot be renamed")),
        Symbol::RangeMember(range, _) => Err(format!(
            "`{name}` is one register of `{}<{}>`: rename the range where it is declared",
            range.prefix, range.count
        )),
        _ => Ok(()),
    }
}
