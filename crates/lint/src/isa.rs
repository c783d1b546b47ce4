//! The bridge to `ptxkit-isa`: every ISA issue of one instruction, computed
//! once and shared by the version, target, rounding, type and opcode rules,
//! and the features that declarations, directives and operands use.

use ptxkit_isa::directives::{declaration, directive};
use ptxkit_isa::{Feature, Issue, Target, Version};
use ptxkit_semantic::{Instruction, RegisterLookup, SymbolTable, elements};
use ptxkit_syntax::Span;
use ptxkit_syntax::ast::{field_children, text};
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::{Captures, Checker};

/// Every ISA issue of an instruction under `destination` (the version and
/// target the checks use, when both are known).
pub fn issues(insn: &Instruction<'_>, destination: Option<(Version, Target)>) -> Vec<Issue> {
    let Some((version, target)) = destination else {
        // Without a known destination only the opcode can be checked.
        if !ptxkit_isa::is_known_opcode(insn.opcode()) {
            return vec![Issue::UnknownOpcode {
                opcode: insn.opcode().to_string(),
                closest: ptxkit_isa::closest_opcode(insn.opcode()),
            }];
        }
        return Vec::new();
    };
    ptxkit_isa::check(&insn.form(), version, target)
}

/// The ISA issues of a directive (`.address_size`, `.weak`, `.noreturn`,
/// ...) or special register (`%clusterid`) captured as `@directive` or
/// `@special`, under `destination`.
pub fn feature_issues(name: &str, is_special: bool, destination: Option<(Version, Target)>) -> Vec<Issue> {
    let Some((version, target)) = destination else {
        return Vec::new();
    };
    let feature = if is_special {
        ptxkit_isa::directives::special_register(name)
    } else {
        ptxkit_isa::directives::directive(name)
    };
    feature.map_or_else(Vec::new, |f| ptxkit_isa::check_features([f], version, target))
}

/// The declarations, debugging directives and pragmas at `node` that have a
/// first version or target (ptxkit-isa's `DECLARATIONS`, `.pragma` and
/// `used_bytes_mask`), each with the span ptxas reports it at. `node` is a
/// `@construct` capture: a pragma, `.loc`, a label in a `.section`, a
/// function definition, a parameter or a variable declaration.
pub fn construct_features(node: Node<'_>, source: &str) -> Vec<(&'static Feature, Span)> {
    let mut found = Vec::new();
    let mut add = |feature: Option<&'static Feature>, at: Node<'_>| {
        if let Some(feature) = feature {
            found.push((feature, Span::of(at)));
        }
    };
    match node.kind() {
        "pragma_directive" => {
            add(directive(".pragma"), node);
            let values = field_children(node, "value");
            if values.iter().any(|v| {
                text(*v, source)
                    .trim_matches('"')
                    .trim_start()
                    .starts_with("used_bytes_mask")
            }) {
                add(directive("used_bytes_mask"), node);
            }
        }
        "loc_directive" => {
            let mut cursor = node.walk();
            let inlined = node
                .named_children(&mut cursor)
                .any(|c| matches!(c.kind(), "loc_function_name" | "loc_inlined_at"));
            if inlined {
                add(declaration(".loc inlined_at"), node);
            }
        }
        "label" if node.parent().is_some_and(|p| p.kind() == "section_body") => {
            add(declaration(".section label"), node);
        }
        "function_definition" => {
            let is_entry = node
                .child_by_field_name("kind")
                .is_some_and(|k| text(k, source) == ".entry");
            if let Some(list) = node.child_by_field_name("parameters")
                && is_entry
                && !field_children(list, "parameter").is_empty()
            {
                add(declaration("kernel parameter list"), list);
            }
        }
        "parameter_declaration" => {
            // Parameters of function definitions only: ptxas does not check
            // prototypes (`.func f(.param .b32 a);`) the same way.
            let function = node.parent().and_then(|list| list.parent());
            let Some(function) = function.filter(|f| f.kind() == "function_definition") else {
                return found;
            };
            let is_func = function
                .child_by_field_name("kind")
                .is_some_and(|k| text(k, source) == ".func");
            let space = node.child_by_field_name("state_space").map(|n| text(n, source));
            if is_func && space == Some(".param") {
                add(declaration(".func .param parameter"), node);
            }
            if let Some(declarator) = node.child_by_field_name("declarator")
                && field_children(declarator, "dimension").iter().any(|d| {
                    text(*d, source)
                        .chars()
                        .all(|c| c == '[' || c == ']' || c.is_whitespace())
                })
            {
                add(declaration("unsized array parameter"), node);
            }
            type_features(node, source, &mut add);
        }
        "variable_declaration" => type_features(node, source, &mut add),
        _ => {}
    }
    found
}

/// The rows for a declaration's type: opaque types, `.f16x2`, `.b128`.
fn type_features(node: Node<'_>, source: &str, add: &mut impl FnMut(Option<&'static Feature>, Node<'_>)) {
    for ty in field_children(node, "type") {
        match text(ty, source) {
            ".texref" | ".samplerref" | ".surfref" => add(declaration("opaque type"), node),
            ".f16x2" => add(declaration(".f16x2 variable"), node),
            ".b128" => add(declaration(".b128 variable"), node),
            _ => {}
        }
    }
}

/// The operand forms of an instruction that have a first version or target:
/// a texture or surface handle held in a register ("indirect texture
/// access"), as opposed to a `.texref`/`.surfref` name.
pub fn operand_features(insn: &Instruction<'_>, symbols: &SymbolTable, source: &str) -> Vec<&'static Feature> {
    let row = match insn.opcode() {
        "tex" | "tld4" | "txq" => "indirect texture access",
        "suld" | "sust" | "sured" | "suq" => "indirect surface access",
        _ => return Vec::new(),
    };
    let Some(address) = insn.address_operand() else {
        return Vec::new();
    };
    let Some(handle) = elements(address).next().filter(|e| e.kind() == "identifier") else {
        return Vec::new();
    };
    match symbols.register(handle.start_byte(), text(handle, source)) {
        RegisterLookup::Declared(_) | RegisterLookup::InRange(_) => declaration(row).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// Every version and target issue of what a PTX002/PTX003 query captured
/// (`@instruction`, `@directive`, `@special` or `@construct`), each with
/// the span to report it at.
pub fn captured_issues<'a>(checker: &Checker<'a>, captures: &Captures<'a>) -> Vec<(Span, Issue)> {
    if let Some(node) = captures.get("instruction") {
        let span = checker.opcode_span(node);
        let mut issues: Vec<(Span, Issue)> = checker.isa_issues(node).iter().map(|i| (span, i.clone())).collect();
        if let (Some(insn), Some((version, target))) = (checker.insn(node), checker.destination())
            && !node.has_error()
        {
            let features = operand_features(&insn, checker.symbols, checker.text());
            issues.extend(
                ptxkit_isa::check_features(features, version, target)
                    .into_iter()
                    .map(|i| (span, i)),
            );
        }
        issues
    } else if let Some(node) = captures.get("directive").or_else(|| captures.get("special")) {
        let is_special = captures.get("special").is_some();
        let name = directive_name(node.kind(), checker.node_text(node));
        let span = match node.kind() {
            "address_size_directive" => Span::of(node.child(0).unwrap_or(node)),
            _ => Span::of(node),
        };
        feature_issues(name, is_special, checker.destination())
            .into_iter()
            .map(|i| (span, i))
            .collect()
    } else if let Some(node) = captures.get("construct") {
        let Some((version, target)) = checker.destination() else {
            return Vec::new();
        };
        if node.has_error() {
            return Vec::new();
        }
        construct_features(node, checker.text())
            .into_iter()
            .flat_map(|(feature, span)| {
                ptxkit_isa::check_features([feature], version, target)
                    .into_iter()
                    .map(move |i| (span, i))
            })
            .collect()
    } else {
        Vec::new()
    }
}

/// The note quoting ptxas for a version or target issue: its own words, or
/// (for rows where ptxas names no feature) the table row's source, which
/// quotes them.
pub fn ptxas_note(issue: &Issue) -> String {
    match issue {
        Issue::NeedsVersion { feature, .. }
        | Issue::NeedsTarget { feature, .. }
        | Issue::NotOnTarget { feature, .. }
            if issue.ptxas_wordings().is_none() =>
        {
            format!("ptxas rejects it ({})", feature.source)
        }
        _ => format!("ptxas: \"{issue}\""),
    }
}

/// The name a `@directive` capture stands for in ptxkit-isa's table.
pub fn directive_name<'s>(kind: &str, text: &'s str) -> &'s str {
    match kind {
        "address_size_directive" => ".address_size",
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn directives_and_special_registers_have_requirements() {
        let parsed = ptxkit_syntax::parse(".version 2.1\n.target sm_20\n.address_size 64\n");
        let header = ptxkit_semantic::ModuleHeader::read(&parsed);
        let destination = Some((header.version().unwrap(), header.target().unwrap()));
        let issues = super::feature_issues(".address_size", false, destination);
        assert!(!issues.is_empty(), "{issues:?}");
        let issues = super::feature_issues("%clusterid", true, destination);
        assert!(!issues.is_empty(), "{issues:?}");
    }
}
