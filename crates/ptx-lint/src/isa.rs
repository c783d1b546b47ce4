//! The bridge to `ptx-isa`: the module's version and target as ptx-isa
//! values, and every ISA issue of one instruction, computed once and shared
//! by the version, target, rounding, type and opcode rules.

use ptx_isa::{InstructionForm, Issue, Target, Version};

use crate::facts::ModuleFacts;
use crate::insn::Insn;

/// The version and architecture the ISA checks use, when both are known.
pub fn destination(facts: &ModuleFacts) -> Option<(Version, Target)> {
    let version = ptx_isa::version(&facts.version?.to_string()).ok()?;
    let target = ptx_isa::target(&facts.sm?.to_string()).ok()?;
    Some((version, target))
}

/// The instruction as ptx-isa sees it.
pub fn form<'t>(insn: &Insn<'t>) -> InstructionForm<'t> {
    InstructionForm::new(insn.opcode, insn.modifiers.iter().map(|(m, _)| *m).collect())
        .with_operands(insn.operands.len())
}

/// Every ISA issue of an instruction under the module's destination.
pub fn issues(insn: &Insn<'_>, facts: &ModuleFacts) -> Vec<Issue> {
    let Some((version, target)) = destination(facts) else {
        // Without a known destination only the opcode can be checked.
        if !ptx_isa::is_known_opcode(insn.opcode) {
            return vec![Issue::UnknownOpcode {
                opcode: insn.opcode.to_string(),
                closest: ptx_isa::closest_opcode(insn.opcode),
            }];
        }
        return Vec::new();
    };
    ptx_isa::check(&form(insn), version, target)
}

/// The ISA issues of a directive (`.address_size`, `.weak`, `.noreturn`,
/// ...) or special register (`%clusterid`) captured as `@directive` or
/// `@special`.
pub fn feature_issues(name: &str, is_special: bool, facts: &ModuleFacts) -> Vec<Issue> {
    let Some((version, target)) = destination(facts) else {
        return Vec::new();
    };
    let feature = if is_special {
        ptx_isa::directives::special_register(name)
    } else {
        ptx_isa::directives::directive(name)
    };
    feature.map_or_else(Vec::new, |f| ptx_isa::check_features([f], version, target))
}

/// The name a `@directive` capture stands for in ptx-isa's table.
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
        let parsed = ptx_syntax::parse(".version 2.1\n.target sm_20\n.address_size 64\n");
        let facts = crate::facts::ModuleFacts::read(&parsed, None, None);
        assert!(super::destination(&facts).is_some());
        let issues = super::feature_issues(".address_size", false, &facts);
        assert!(!issues.is_empty(), "{issues:?}");
        let issues = super::feature_issues("%clusterid", true, &facts);
        assert!(!issues.is_empty(), "{issues:?}");
    }
}
