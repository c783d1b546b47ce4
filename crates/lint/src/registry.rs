//! The registry: every rule's stable code, name, category, default
//! severity, status and fix availability. Each rule declares these once, in its own file
//! (`RULE`, a [`crate::rule::Rule`]); build.rs collects them in code order.

use ptxkit_syntax::Severity;

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

/// One rule's metadata.
#[derive(Clone, Copy)]
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
            Some(b'7') => "synchronisation",
            _ => "meta",
        }
    }
}

/// Every rule, ordered by code: the metadata of the `RULE` of each file in `src/rules/`,
/// listed by build.rs (a rule's metadata lives only in its file).
static RULES: &[RuleInfo] = include!(concat!(env!("OUT_DIR"), "/rule_infos.rs"));

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

/// README's rule table (Markdown), generated from the rules' metadata;
/// `cargo xtask docs` writes it and a test checks README is not stale.
pub fn rules_markdown_table() -> String {
    let mut table = String::from("| code | rule | severity | fix | what |\n|---|---|---|---|---|\n");
    for rule in RULES {
        let fix = match rule.fix {
            FixAvailability::None => "—",
            FixAvailability::Safe => "fix",
            FixAvailability::Unsafe => "unsafe-fix",
            FixAvailability::Sometimes => "fix (some)",
        };
        let preview = if rule.status == Status::Preview {
            " (preview)"
        } else {
            ""
        };
        table.push_str(&format!(
            "| {} | `{}` | {}{preview} | {fix} | {} |\n",
            rule.code,
            rule.name,
            rule.severity,
            rule.summary.replace('|', "\\|")
        ));
    }
    table
}

/// `ptxlint --list-rules`: one line per rule (code, name, severity, fix availability,
/// summary), generated from the rules' metadata.
pub fn rules_list() -> String {
    let mut out = String::new();
    for rule in RULES {
        let fix = match rule.fix {
            FixAvailability::None => "",
            FixAvailability::Safe => "fix",
            FixAvailability::Unsafe => "unsafe-fix",
            FixAvailability::Sometimes => "fix*",
        };
        out.push_str(&format!(
            "{}\t{:<40}\t{:<7}\t{:<10}\t{}\n",
            rule.code, rule.name, rule.severity, fix, rule.summary
        ));
    }
    out
}

/// The index of a rule in [`rules`].
pub(crate) fn index_of(rule: &RuleInfo) -> usize {
    // By address: the engine asks this for every rule at every match.
    let at = std::ptr::from_ref(rule).addr();
    let start = RULES.as_ptr().addr();
    let index = at.wrapping_sub(start) / std::mem::size_of::<RuleInfo>();
    assert!(
        index < RULES.len() && std::ptr::eq(&RULES[index], rule),
        "rule comes from the registry"
    );
    index
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
