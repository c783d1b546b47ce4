//! Semantic tokens (the whole document): what each name *is*, which colours by syntax
//! alone cannot tell: registers, parameters, module variables, labels, functions and
//! special registers, resolved with the symbol table; opcodes, modifiers, types,
//! directives, numbers, strings and comments from the syntax tree.

use lsp_types::{SemanticToken, SemanticTokenModifier, SemanticTokenType, SemanticTokens, SemanticTokensLegend};
use ptxkit_semantic::Symbol;
use ptxkit_syntax::preorder;
use ptxkit_syntax::tree_sitter::Node;

use crate::document::Document;
use crate::position::Encoding;

/// The token types, in legend order.
const TYPES: &[&str] = &[
    "keyword",   // directives, state spaces, linkage
    "function",  // opcodes, kernels and functions
    "modifier",  // instruction modifiers
    "type",      // .u32, .pred, …
    "variable",  // registers, module and local variables, special registers
    "parameter", // parameters
    "label",     // labels
    "number",
    "string",
    "comment",
];

/// The token modifiers, in legend order (bits).
const MODIFIERS: &[&str] = &["declaration", "defaultLibrary", "readonly"];

const KEYWORD: u32 = 0;
const FUNCTION: u32 = 1;
const MODIFIER: u32 = 2;
const TYPE: u32 = 3;
const VARIABLE: u32 = 4;
const PARAMETER: u32 = 5;
const LABEL: u32 = 6;
const NUMBER: u32 = 7;
const STRING: u32 = 8;
const COMMENT: u32 = 9;

const DECLARATION: u32 = 1;
const DEFAULT_LIBRARY: u32 = 2;

/// The legend announced at `initialize`.
pub fn legend() -> SemanticTokensLegend {
    SemanticTokensLegend {
        token_types: TYPES.iter().map(|t| SemanticTokenType::new(t)).collect(),
        token_modifiers: MODIFIERS.iter().map(|m| SemanticTokenModifier::new(m)).collect(),
    }
}

/// The tokens of the whole document, each on one line (a comment over several lines is
/// one token per line), none inside another.
pub fn full(document: &mut Document, encoding: Encoding) -> SemanticTokens {
    let lines = document.lines().clone();
    let text = document.text().to_string();
    let analysis = document.analysis();
    let parsed = &analysis.parsed;
    let symbols = &analysis.model.symbols;
    let mut spans: Vec<(usize, usize, u32, u32)> = Vec::new();
    for node in preorder(parsed.root()) {
        if let Some((ty, modifiers)) = classify(node, &text, symbols) {
            spans.push((node.start_byte(), node.end_byte(), ty, modifiers));
        }
    }
    spans.sort_by_key(|s| s.0);
    // A classified node's own tokens (the anonymous `.const` of a `state_space`) lie in
    // it: the outer node, first in preorder and so first among equal starts, wins.
    let mut covered = 0;
    spans.retain(|&(start, end, _, _)| {
        let outside = start >= covered;
        if outside {
            covered = end;
        }
        outside
    });
    let mut data = Vec::with_capacity(spans.len());
    let (mut last_line, mut last_start) = (0u32, 0u32);
    for (start, end, ty, modifiers) in spans {
        // One token per line of the span (lines end at `\n`, `\r\n` or a lone `\r`).
        let mut from = start;
        while from < end {
            let line = lines.line_of(from);
            let piece_end = end.min(lines.line(&text, line).end);
            if piece_end > from {
                let begin = lines.position(&text, from, encoding);
                let finish = lines.position(&text, piece_end, encoding);
                let delta_line = begin.line - last_line;
                let delta_start = if delta_line == 0 {
                    begin.character - last_start
                } else {
                    begin.character
                };
                data.push(SemanticToken {
                    delta_line,
                    delta_start,
                    length: finish.character - begin.character,
                    token_type: ty,
                    token_modifiers_bitset: modifiers,
                });
                last_line = begin.line;
                last_start = begin.character;
            }
            match lines.line_start(line + 1) {
                Some(next) => from = next,
                None => break,
            }
        }
    }
    SemanticTokens { result_id: None, data }
}

/// The token type and modifiers of a node, or `None` for nodes left to their children (or
/// to the editor's syntax colours).
fn classify(node: Node<'_>, text: &str, symbols: &ptxkit_semantic::SymbolTable) -> Option<(u32, u32)> {
    let kind = node.kind();
    Some(match kind {
        "comment" => (COMMENT, 0),
        "integer" | "float" => (NUMBER, 0),
        "string" => (STRING, 0),
        "opcode" => (FUNCTION, DEFAULT_LIBRARY),
        "modifier" if ptxkit_isa::type_info(&text[node.byte_range()]).is_some() => (TYPE, 0),
        "modifier" => (MODIFIER, 0),
        "type" | "vector_type" if node.child_count() == 0 => (TYPE, 0),
        "state_space" | "linkage" | "function_kind" => (KEYWORD, 0),
        "identifier" => {
            let name = &text[node.byte_range()];
            let declaration = |span: Option<ptxkit_syntax::Span>| {
                if span.is_some_and(|s| s.start == node.start_byte()) {
                    DECLARATION
                } else {
                    0
                }
            };
            match symbols.resolve(node.start_byte(), name)? {
                Symbol::Register(r) => (VARIABLE, declaration(Some(r.span))),
                Symbol::RangeMember(r, _) | Symbol::Range(r) => (VARIABLE, declaration(Some(r.span))),
                Symbol::Variable(v) if v.is_parameter => (PARAMETER, declaration(Some(v.span))),
                Symbol::Variable(v) => (VARIABLE, declaration(Some(v.span))),
                Symbol::Label(l) => (LABEL, declaration(Some(l.span))),
                Symbol::Function(f) => (FUNCTION, declaration(Some(f.span))),
                Symbol::Special => (VARIABLE, DEFAULT_LIBRARY),
            }
        }
        // Directive keywords are anonymous tokens (`.version`, `.reg`, `.entry`).
        _ if !node.is_named() && kind.starts_with('.') => (KEYWORD, 0),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (line, character, length, type name) of every token, decoded.
    fn decoded(text: &str) -> Vec<(u32, u32, u32, &'static str)> {
        let mut document = Document::new(None, 0, text.to_string());
        let tokens = full(&mut document, Encoding::Utf16);
        let (mut line, mut start) = (0, 0);
        tokens
            .data
            .iter()
            .map(|t| {
                if t.delta_line > 0 {
                    line += t.delta_line;
                    start = t.delta_start;
                } else {
                    start += t.delta_start;
                }
                (line, start, t.length, TYPES[t.token_type as usize])
            })
            .collect()
    }

    #[test]
    fn names_are_told_apart_by_what_they_declare() {
        let text = ".version 8.0\n.target sm_90\n.entry k(.param .u64 p)\n{\n.reg .b64 %rd<2>;\nL: ld.param.u64 %rd1, [p]; // x\nbra L;\n}\n";
        let tokens = decoded(text);
        let line5: Vec<_> = tokens.iter().filter(|t| t.0 == 5).map(|t| (t.1, t.3)).collect();
        assert_eq!(
            line5,
            [
                (0, "label"),
                (3, "function"),
                (5, "modifier"),
                (11, "type"),
                (16, "variable"),
                (23, "parameter"),
                (27, "comment")
            ]
        );
        assert!(tokens.contains(&(6, 4, 1, "label")), "{tokens:?}");
        assert!(tokens.contains(&(2, 7, 1, "function")), "{tokens:?}");
    }

    #[test]
    fn a_keyword_node_and_its_keyword_token_make_one_token() {
        // `state_space`, `linkage`, `function_kind` and `type` nodes hold the anonymous
        // `.const`, `.visible`, `.entry`, `.v2` tokens that are keywords themselves.
        let text = ".version 8.0\n.target sm_90\n.const .b32 c[];\n.visible .entry k(.param .align 8 .b8 p[8])\n{\n.reg .v2 .f32 %f<2>;\n.shared .align 4 .b8 s[4];\nret;\n}\n.extern .func (.reg .b32 r) f();\n";
        let tokens = decoded(text);
        for pair in tokens.windows(2) {
            let ((line, start, length, _), (next_line, next_start, _, _)) = (pair[0], pair[1]);
            assert!(
                next_line > line || next_start >= start + length,
                "{:?} overlaps {:?}",
                pair[1],
                pair[0]
            );
        }
        assert!(tokens.contains(&(2, 0, 6, "keyword")), "{tokens:?}");
        assert!(tokens.contains(&(3, 0, 8, "keyword")), "{tokens:?}");
    }
}
