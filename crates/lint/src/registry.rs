//! The registry: one table of every rule's stable code, name, category,
//! default severity, status and fix availability, and where its
//! implementation lives.

use ptxkit_syntax::Severity;

use crate::checker::RuleImpl;
use crate::rules as rule_impls;

include!(concat!(env!("OUT_DIR"), "/rule_docs.rs"));

/// How mature a rule is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// New; enabled only with `--preview`.
    Preview,
    /// Enabled by default.
    Stable,
    /// Kept for compatibility; will be removed.
    Deprecated,
}

/// Whether a rule's diagnostics carry fixes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FixAvailability {
    /// Never.
    None,
    /// Safe fixes (`--fix`).
    Safe,
    /// Unsafe fixes (`--fix --unsafe-fixes`).
    Unsafe,
    /// Safe in some cases, unsafe in others.
    Sometimes,
}

/// One rule.
pub struct RuleInfo {
    /// Stable code, e.g. `PTX101`.
    pub code: &'static str,
    /// Stable name saying what is wrong, e.g. `missing-rounding-modifier`.
    pub name: &'static str,
    /// Default severity.
    pub severity: Severity,
    /// Maturity.
    pub status: Status,
    /// Whether fixes are offered.
    pub fix: FixAvailability,
    /// One line for `--list-rules`.
    pub summary: &'static str,
    pub(crate) imp: RuleImpl,
}

impl std::fmt::Debug for RuleInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.code, self.name)
    }
}

impl RuleInfo {
    /// The rule's documentation: the `//!` doc comment of its file.
    pub fn doc(&self) -> &'static str {
        let stem = self.name.replace('-', "_");
        RULE_DOCS.iter().find(|(s, _)| *s == stem).map_or("", |(_, doc)| doc)
    }

    /// The category, from the code's hundreds digit.
    pub fn category(&self) -> &'static str {
        match self.code.as_bytes().get(3) {
            Some(b'0') => "version and target",
            Some(b'1') => "rounding",
            Some(b'2') => "deprecated",
            Some(b'3') => "memory",
            Some(b'4') => "types and symbols",
            Some(b'5') => "ABI",
            Some(b'6') => "inline asm",
            _ => "meta",
        }
    }
}

macro_rules! rule {
    ($code:literal, $module:ident, $severity:ident, $fix:ident, $summary:literal) => {
        RuleInfo {
            code: $code,
            name: rule_impls::$module::NAME,
            severity: Severity::$severity,
            status: Status::Stable,
            fix: FixAvailability::$fix,
            summary: $summary,
            imp: rule_impls::$module::RULE,
        }
    };
}

/// Every rule, ordered by code.
static RULES: &[RuleInfo] = &[
    rule!(
        "PTX001",
        target_needs_newer_version,
        Error,
        Unsafe,
        "`.target` newer than the module's `.version` supports"
    ),
    rule!(
        "PTX002",
        feature_needs_newer_version,
        Error,
        None,
        "instruction, modifier or declaration needs a newer `.version`"
    ),
    rule!(
        "PTX003",
        feature_needs_newer_target,
        Error,
        None,
        "instruction, modifier or declaration needs a newer `.target`"
    ),
    rule!(
        "PTX004",
        arch_specific_feature_on_generic_target,
        Error,
        None,
        "arch-specific feature without the `a`/`f` target"
    ),
    rule!(
        "PTX005",
        unknown_target,
        Error,
        None,
        "`.target` entry that is not a known architecture or option"
    ),
    rule!(
        "PTX006",
        missing_version_or_target,
        Error,
        None,
        "no `.version` or no `.target` directive"
    ),
    rule!(
        "PTX007",
        misplaced_module_directive,
        Error,
        None,
        "`.version`/`.target`/`.address_size` out of order"
    ),
    rule!(
        "PTX008",
        duplicate_version_directive,
        Error,
        None,
        "a second `.version` directive"
    ),
    rule!(
        "PTX009",
        unknown_version,
        Error,
        None,
        "`.version` that is not a PTX ISA version"
    ),
    rule!(
        "PTX101",
        missing_rounding_modifier,
        Error,
        Unsafe,
        "float instruction without the rounding modifier ptxas requires"
    ),
    rule!(
        "PTX102",
        illegal_rounding_modifier,
        Error,
        Safe,
        "rounding modifier the instruction form does not allow"
    ),
    rule!(
        "PTX201",
        deprecated_tex_state_space,
        Error,
        Safe,
        "`.tex` state space (removed after PTX 1.4)"
    ),
    rule!(
        "PTX202",
        shfl_vote_without_sync,
        Error,
        Unsafe,
        "`shfl`/`vote` without `.sync` (removed for sm_70+ from PTX 6.4)"
    ),
    rule!(
        "PTX203",
        deprecated_maxnctapersm,
        Error,
        Unsafe,
        "`.maxnctapersm` (removed after PTX 2.0)"
    ),
    rule!(
        "PTX204",
        deprecated_banked_constant,
        Error,
        Sometimes,
        "`.const[N]` banks (removed after PTX 2.1)"
    ),
    rule!(
        "PTX205",
        module_scope_register_or_local,
        Error,
        None,
        "module-scope `.reg`/`.local` (not allowed with the ABI)"
    ),
    rule!(
        "PTX206",
        deprecated_dwarf_directive,
        Error,
        Unsafe,
        "`@@DWARF` debug lines (removed in PTX 2.0)"
    ),
    rule!(
        "PTX301",
        misaligned_vector_access,
        Error,
        None,
        "vector access at a provably misaligned address (ptxas misses it)"
    ),
    rule!(
        "PTX302",
        state_space_mismatch,
        Error,
        Unsafe,
        "instruction state space differs from the variable's"
    ),
    rule!(
        "PTX303",
        nc_outside_global,
        Error,
        Safe,
        "`ld.nc` outside the global space"
    ),
    rule!(
        "PTX304",
        store_to_constant_space,
        Error,
        None,
        "store or atomic on the read-only `.const` space"
    ),
    rule!(
        "PTX305",
        address_width_mismatch,
        Error,
        None,
        "generic address in a 32-bit register in a 64-bit module"
    ),
    rule!(
        "PTX306",
        invalid_address_expression,
        Error,
        Sometimes,
        "address ptxas cannot read (`[smem+%r1]`, `[%rd1-4]`, a constant outside `.local`)"
    ),
    rule!(
        "PTX307",
        constant_address_out_of_bounds,
        Error,
        None,
        "constant address outside a variable of known size (ptxas misses it)"
    ),
    rule!(
        "PTX401",
        undeclared_register,
        Error,
        None,
        "register used but never declared"
    ),
    rule!(
        "PTX402",
        undeclared_label,
        Error,
        None,
        "branch to a label the function does not define"
    ),
    rule!(
        "PTX403",
        undeclared_symbol,
        Error,
        None,
        "variable, parameter or function used but never declared"
    ),
    rule!(
        "PTX404",
        register_out_of_range,
        Error,
        None,
        "register index outside its `%r<N>` range"
    ),
    rule!(
        "PTX405",
        duplicate_declaration,
        Error,
        None,
        "name declared twice in one scope"
    ),
    rule!(
        "PTX406",
        duplicate_label,
        Error,
        None,
        "label defined twice in one function"
    ),
    rule!(
        "PTX407",
        operand_type_mismatch,
        Error,
        None,
        "register type disagrees with the instruction type"
    ),
    rule!(
        "PTX408",
        illegal_instruction_type,
        Error,
        None,
        "type suffix the instruction does not accept (`add.u8`)"
    ),
    rule!(
        "PTX409",
        unknown_instruction,
        Error,
        None,
        "opcode that is not a PTX instruction"
    ),
    rule!(
        "PTX410",
        unknown_modifier,
        Error,
        Unsafe,
        "modifier no PTX instruction has (a misspelling)"
    ),
    rule!(
        "PTX411",
        illegal_modifier,
        Error,
        Safe,
        "modifier the instruction does not take, or not in this combination"
    ),
    rule!(
        "PTX412",
        missing_modifier,
        Error,
        None,
        "instruction without a modifier every form of it requires"
    ),
    rule!(
        "PTX413",
        operand_count_mismatch,
        Error,
        None,
        "fewer or more operands than the instruction takes"
    ),
    rule!(
        "PTX414",
        operand_kind_mismatch,
        Error,
        None,
        "constant, address, name or sink where the instruction takes something else"
    ),
    rule!(
        "PTX415",
        vector_size_mismatch,
        Error,
        None,
        "braced vector with the wrong number of elements"
    ),
    rule!(
        "PTX416",
        special_register_not_allowed,
        Error,
        None,
        "special register used by an instruction that cannot read one"
    ),
    rule!(
        "PTX417",
        immediate_out_of_range,
        Error,
        None,
        "constant outside the range its operand allows"
    ),
    rule!(
        "PTX418",
        invalid_operand_expression,
        Error,
        None,
        "operand expression ptxas rejects (`-%r2`, `!%r1`, `%r1.x`, `buf+%rd2`)"
    ),
    rule!(
        "PTX419",
        undeclarable_type,
        Error,
        Safe,
        "declaration with a type only instructions take (`.bf16`, `.e4m3`, `.f32x2`)"
    ),
    rule!(
        "PTX420",
        illegal_declaration_specifier,
        Error,
        None,
        "state space, vector width or cast no ptxas accepts in a declaration"
    ),
    rule!(
        "PTX421",
        register_read_before_written,
        Warning,
        None,
        "register read on some path before any write, or never written"
    ),
    rule!(
        "PTX501",
        invalid_parameter_alignment,
        Error,
        None,
        "`.align` not a power of two, or a parameter above 128"
    ),
    rule!(
        "PTX502",
        f16_parameter,
        Warning,
        Safe,
        "`.f16` parameter or return value (cannot be accessed)"
    ),
    rule!(
        "PTX503",
        system_call_prototype_mismatch,
        Error,
        None,
        "`vprintf`/`malloc`/`free`/`__assertfail` prototype differs from the ABI"
    ),
    rule!(
        "PTX601",
        asm_operand_index_out_of_range,
        Error,
        None,
        "asm template `%N` that names no operand"
    ),
    rule!(
        "PTX602",
        unused_asm_operand,
        Warning,
        None,
        "asm operand the template never uses"
    ),
    rule!(
        "PTX603",
        asm_output_read_before_written,
        Warning,
        None,
        "`=` asm output read before the template writes it"
    ),
    rule!(
        "PTX604",
        asm_constraint_mismatch,
        Error,
        None,
        "asm constraint whose register the instruction cannot take there"
    ),
    rule!(
        "PTX605",
        asm_register_where_immediate_required,
        Error,
        None,
        "register asm operand where the instruction takes only a constant"
    ),
    rule!(
        "PTX606",
        asm_missing_memory_clobber,
        Warning,
        Safe,
        "asm that writes or orders memory without a \"memory\" clobber"
    ),
    rule!(
        "PTX607",
        asm_side_effects_without_volatile,
        Warning,
        Safe,
        "asm with outputs and side effects that is not `volatile`"
    ),
    rule!(
        "PTX608",
        unsupported_asm_syntax,
        Error,
        None,
        "asm syntax nvcc rejects in device code (`%[x]`, `%c1`, \"m\", \"cc\")"
    ),
    rule!(
        "PTX609",
        asm_definition_outside_braces,
        Warning,
        None,
        "`.reg` or label outside `{ }` in an asm template"
    ),
    rule!(
        "PTX610",
        asm_input_written,
        Warning,
        None,
        "asm input operand the template writes"
    ),
    rule!("PTX900", syntax_error, Error, None, "the file does not parse"),
    rule!(
        "PTX901",
        unused_suppression,
        Warning,
        Safe,
        "a suppression comment that suppresses nothing"
    ),
    rule!(
        "PTX902",
        invalid_suppression,
        Warning,
        None,
        "a suppression comment naming no known rule"
    ),
];

/// Every rule, ordered by code.
pub fn rules() -> &'static [RuleInfo] {
    RULES
}

/// The rule with this code or name.
///
/// ```
/// let rule = ptxkit_lint::find_rule("PTX900").unwrap();
/// assert_eq!(rule.name, "syntax-error");
/// assert_eq!(ptxkit_lint::find_rule("syntax-error").unwrap().code, "PTX900");
/// ```
pub fn find_rule(code_or_name: &str) -> Option<&'static RuleInfo> {
    RULES
        .iter()
        .find(|r| r.code.eq_ignore_ascii_case(code_or_name) || r.name == code_or_name)
}

/// The index of a rule in [`rules`].
pub(crate) fn index_of(rule: &RuleInfo) -> usize {
    RULES
        .iter()
        .position(|r| std::ptr::eq(r, rule))
        .expect("rule comes from the registry")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_names_are_unique_and_ordered() {
        let mut seen = std::collections::HashSet::new();
        for pair in RULES.windows(2) {
            assert!(pair[0].code < pair[1].code, "{} before {}", pair[0].code, pair[1].code);
        }
        for rule in RULES {
            assert!(seen.insert(rule.name), "duplicate name {}", rule.name);
            assert!(rule.code.starts_with("PTX") && rule.code.len() == 6, "{}", rule.code);
            assert!(
                rule.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit()),
                "{}",
                rule.name
            );
        }
    }

    #[test]
    fn every_rule_is_documented_with_the_fixed_sections() {
        for rule in RULES {
            let doc = rule.doc();
            for section in [
                "## What it does",
                "## Why it matters",
                "## Example",
                "## Use instead",
                "## Fix safety",
            ] {
                assert!(doc.contains(section), "{} lacks `{section}`", rule.name);
            }
            assert!(
                doc.starts_with(&format!("# {} ({})", rule.name, rule.code)),
                "{}: doc title",
                rule.name
            );
        }
        assert_eq!(RULE_DOCS.len(), RULES.len(), "one rule file per registered rule");
    }
}
