//! Facts about a module that rules share and the checker computes once, when a rule first
//! asks (see [`crate::checker::Checker::declaration_users`]).

use ptxkit_semantic::{RegisterLookup, SymbolTable};
use ptxkit_syntax::ast::Function;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{NodeKind as _, ParsedSource, Span, preorder};

/// Module-scope variable declarations (by span, in source order) with the functions that
/// use each.
pub type DeclarationUsers<'a> = Vec<(Span, Vec<Function<'a>>)>;

/// Every module-scope variable declaration of `parsed` (by span, in source order) with the
/// functions whose bodies name something it declares (an identifier `symbols` resolves to
/// it): one walk of the function bodies for all the declarations (old modules declare
/// dozens of module-scope registers).
pub(crate) fn declaration_users<'a>(parsed: &'a ParsedSource, symbols: &SymbolTable) -> DeclarationUsers<'a> {
    let text = parsed.text();
    let root = parsed.root();
    let mut cursor = root.walk();
    let items: Vec<Node<'a>> = root.named_children(&mut cursor).collect();
    let mut users: DeclarationUsers<'a> = items
        .iter()
        .filter(|n| n.kind_name() == "variable_declaration")
        .map(|n| (Span::of(*n), Vec::new()))
        .collect();
    if users.is_empty() {
        return users;
    }
    // The declaration whose span holds what a name resolves to.
    let declaring = |span: Span| {
        let at = users.partition_point(|(declared, _)| declared.start <= span.start);
        at.checked_sub(1).filter(|&at| span.end <= users[at].0.end)
    };
    let mut found: Vec<(usize, Function<'a>)> = Vec::new();
    for function in items.iter().filter_map(|n| Function::cast(*n, text)) {
        let Some(body) = function.body() else { continue };
        let mut used: Vec<usize> = Vec::new();
        for node in preorder(body).filter(|n| n.kind_name() == "identifier") {
            let (at, name) = (node.start_byte(), &text[node.byte_range()]);
            let resolved = match symbols.register(at, name) {
                RegisterLookup::Declared(register) => Some(register.span),
                RegisterLookup::InRange(range) => Some(range.span),
                _ => symbols.variable(at, name).map(|v| v.span),
            };
            if let Some(declaration) = resolved.and_then(declaring)
                && !used.contains(&declaration)
            {
                used.push(declaration);
            }
        }
        found.extend(used.into_iter().map(|declaration| (declaration, function)));
    }
    for (declaration, function) in found {
        users[declaration].1.push(function);
    }
    users
}
