//! The bridge to `ptxkit-isa`: every ISA issue of one instruction, computed
//! once and shared by the version, target, rounding, type and opcode rules,
//! and the issues of every module-level construct (ptxkit-isa's construct
//! table) and of operands that have a first version.

use ptxkit_isa::{Feature, Issue, Target, Version};
use ptxkit_semantic::{Instruction, RegisterLookup, SymbolTable, elements};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::Span;
use ptxkit_syntax::ast::text;

use ptxkit_syntax::tree_sitter::Node;

use crate::checker::Checker;

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

/// Every module-level construct of the file (directives, function-header
/// attributes, debugging directives, pragmas, declarations, special
/// registers: ptxkit-isa's construct table) with what is wrong with it under
/// `destination`, each with the span ptxas reports it at.
pub fn construct_issues(
    parsed: &ptxkit_syntax::ParsedSource,
    destination: Option<(Version, Target)>,
) -> Vec<(Span, Issue)> {
    let Some((version, target)) = destination else {
        return Vec::new();
    };
    issues_of_uses(
        &ptxkit_isa::constructs::uses_that_can_fail(parsed, version, target),
        destination,
    )
}

/// What is wrong with each construct use under `destination` (nothing when it is not
/// known), each with the use's span.
pub fn issues_of_uses<'u>(
    uses: impl IntoIterator<Item = &'u ptxkit_isa::constructs::Use>,
    destination: Option<(Version, Target)>,
) -> Vec<(Span, Issue)> {
    let Some((version, target)) = destination else {
        return Vec::new();
    };
    uses.into_iter()
        .flat_map(|u| u.issues(version, target).into_iter().map(move |i| (u.span, i)))
        .collect()
}

/// The operand forms of an instruction that have a first version or target:
/// a texture or surface handle held in a register ("indirect texture
/// access"), as opposed to a `.texref`/`.surfref` name.
pub fn operand_features(insn: &Instruction<'_>, symbols: &SymbolTable, source: &str) -> Vec<&'static Feature> {
    let Some(row) = ptxkit_isa::directives::register_handle_row(insn.opcode()) else {
        return Vec::new();
    };
    let Some(address) = insn.address_operand() else {
        return Vec::new();
    };
    let Some(handle) = elements(address).next().filter(|e| e.kind_name() == "identifier") else {
        return Vec::new();
    };
    match symbols.register(handle.start_byte(), text(handle, source)) {
        RegisterLookup::Declared(_) | RegisterLookup::InRange(_) => vec![row],
        _ => Vec::new(),
    }
}

/// Every version and target issue of the instruction at `node` (its form, and texture or
/// surface handles in registers), with the span to report it at.
pub fn instruction_issues<'a>(checker: &Checker<'a>, node: Node<'a>) -> Vec<(Span, Issue)> {
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
}

/// Issues grouped by where they are reported and by `key` (issues it gives no key are
/// left out), in the order each group first appears. Several table rows may ask one
/// instruction for the same thing (`tcgen05.commit.cta_group::1.mbarrier::arrive::one`
/// needs PTX 8.6 for its opcode and for each of two modifiers): ptxas names each feature
/// in its own message, a linter says it once and quotes every feature in the note.
pub fn grouped<'i, K: PartialEq>(
    issues: impl IntoIterator<Item = &'i (Span, Issue)>,
    key: impl Fn(&Issue) -> Option<K>,
) -> Vec<(Span, K, Vec<&'i Issue>)> {
    let mut groups: Vec<(Span, K, Vec<&'i Issue>)> = Vec::new();
    for (span, issue) in issues {
        let Some(k) = key(issue) else { continue };
        match groups.iter_mut().find(|(s, g, _)| s == span && *g == k) {
            Some((_, _, members)) => members.push(issue),
            None => groups.push((*span, k, vec![issue])),
        }
    }
    groups
}

/// The note quoting ptxas for several issues reported as one: each distinct note once,
/// in order.
pub fn ptxas_notes(issues: &[&Issue]) -> String {
    let mut notes: Vec<String> = Vec::new();
    for issue in issues {
        let note = ptxas_note(issue);
        if !notes.contains(&note) {
            notes.push(note);
        }
    }
    notes.join("; ")
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

#[cfg(test)]
mod tests {
    #[test]
    fn directives_and_special_registers_have_requirements() {
        let parsed = ptxkit_syntax::parse(
            ".version 2.1\n.target sm_20\n.address_size 64\n.entry k()\n{\n\t.reg .b32 %r1;\n\tmov.u32 %r1, %clusterid.x;\n\tret;\n}\n",
        );
        let header = ptxkit_semantic::ModuleHeader::read(&parsed);
        let destination = Some((header.version().unwrap(), header.target().unwrap()));
        let issues: Vec<String> = super::construct_issues(&parsed, destination)
            .iter()
            .map(|(_, i)| i.message())
            .collect();
        assert!(issues.iter().any(|m| m.contains(".address_size")), "{issues:?}");
        assert!(issues.iter().any(|m| m.contains("%clusterid")), "{issues:?}");
    }
}
