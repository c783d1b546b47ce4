//! Which rules run, at which severity, for which destination: the result of
//! `ptxlint.toml` and the command line together (merged by `ptxkit-workspace`). Settings
//! are plain values: two runs with equal settings report the same findings.

use ptxkit_syntax::Severity;

use crate::registry::{RuleInfo, Status, index_of, rules};
use ptxkit_isa::{Target, Version};

/// A rule selector: `ALL`, a code (`PTX101`), a code prefix (`PTX1`), or a
/// rule name (`missing-rounding-modifier`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Selector(String);

/// A selector that matches no rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule or code '{0}' (see `ptxlint --list-rules`)")]
pub struct UnknownSelector(pub String);

impl Selector {
    /// Parses a selector, refusing one that matches no rule.
    pub fn parse(text: &str) -> Result<Self, UnknownSelector> {
        let selector = Selector(text.trim().to_string());
        if rules().iter().any(|r| selector.matches(r)) {
            Ok(selector)
        } else {
            Err(UnknownSelector(text.to_string()))
        }
    }

    /// Whether it selects `rule`.
    pub fn matches(&self, rule: &RuleInfo) -> bool {
        let s = self.0.as_str();
        s.eq_ignore_ascii_case("ALL")
            || rule.name == s
            || (s.len() >= 3 && rule.code.len() >= s.len() && rule.code[..s.len()].eq_ignore_ascii_case(s))
    }

    /// How specific it is (longer codes win over prefixes; names are exact).
    fn specificity(&self, rule: &RuleInfo) -> usize {
        if self.0 == rule.name { 10 } else { self.0.len() }
    }
}

/// Everything that decides what a lint run reports.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Settings {
    enabled: Vec<bool>,
    severities: Vec<Severity>,
    overridden: Vec<bool>,
    /// Lint as if the file said `.version` this.
    pub version_override: Option<Version>,
    /// Lint as if the file said `.target` this.
    pub target_override: Option<Target>,
    preview: bool,
}

impl Default for Settings {
    /// Every stable rule at its default severity.
    fn default() -> Self {
        Self::new(&[], &[], &[], false)
    }
}

impl Settings {
    /// Settings from `select` (empty: every stable rule), `ignore`, severity
    /// overrides and whether preview rules may be selected. When selectors
    /// conflict, the more specific one wins (`ignore = ["PTX2"]` with
    /// `select = ["PTX201"]` keeps PTX201), as in Ruff.
    pub fn new(select: &[Selector], ignore: &[Selector], severity: &[(Selector, Severity)], preview: bool) -> Self {
        let all = rules();
        let mut enabled = Vec::with_capacity(all.len());
        let mut severities = Vec::with_capacity(all.len());
        let mut overridden = Vec::with_capacity(all.len());
        for rule in all {
            let allowed = match rule.status {
                Status::Stable => true,
                Status::Preview => preview,
                Status::Deprecated => false,
            };
            let selected = if select.is_empty() {
                Some(0)
            } else {
                select
                    .iter()
                    .filter(|s| s.matches(rule))
                    .map(|s| s.specificity(rule))
                    .max()
            }
            .filter(|_| allowed);
            let ignored = ignore
                .iter()
                .filter(|s| s.matches(rule))
                .map(|s| s.specificity(rule))
                .max();
            enabled.push(match (selected, ignored) {
                (Some(s), Some(i)) => s > i,
                (Some(_), None) => true,
                _ => false,
            });
            let chosen = severity
                .iter()
                .filter(|(s, _)| s.matches(rule))
                .max_by_key(|(s, _)| s.specificity(rule));
            overridden.push(chosen.is_some());
            severities.push(chosen.map_or(rule.severity, |(_, sev)| *sev));
        }
        Settings {
            enabled,
            severities,
            overridden,
            version_override: None,
            target_override: None,
            preview,
        }
    }

    /// Whether preview behaviour is on (`--preview`, or `Settings::only`):
    /// preview rules may be selected, and stable rules add their preview
    /// findings.
    pub fn preview(&self) -> bool {
        self.preview
    }

    /// Only the rules named (plus nothing else); used by tests and
    /// `--select`.
    pub fn only(rules: &[&str]) -> Result<Self, UnknownSelector> {
        let select = rules
            .iter()
            .map(|r| Selector::parse(r))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self::new(&select, &[], &[], true))
    }

    /// Turns off the rules `selectors` match (a file's per-file ignores).
    pub fn disable(&mut self, selectors: &[Selector]) {
        for (index, rule) in rules().iter().enumerate() {
            if selectors.iter().any(|s| s.matches(rule)) {
                self.enabled[index] = false;
            }
        }
    }

    /// Turns `rule` on (the inline-PTX driver runs the PTX type rules that
    /// `asm-constraint-mismatch` rewords, whether or not they are selected).
    pub(crate) fn enable(&mut self, rule: &RuleInfo) {
        self.enabled[index_of(rule)] = true;
    }

    /// Whether `rule` runs.
    pub fn is_enabled(&self, rule: &RuleInfo) -> bool {
        self.enabled[index_of(rule)]
    }

    /// The severity `rule` reports at.
    pub fn severity(&self, rule: &RuleInfo) -> Severity {
        self.severities[index_of(rule)]
    }

    /// Whether the configuration sets `rule`'s severity explicitly.
    pub fn severity_overridden(&self, rule: &RuleInfo) -> bool {
        self.overridden[index_of(rule)]
    }

    /// The enabled rules.
    pub fn enabled_rules(&self) -> impl Iterator<Item = &'static RuleInfo> + '_ {
        rules()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.enabled[*i])
            .map(|(_, r)| r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find_rule;

    fn sel(s: &str) -> Selector {
        Selector::parse(s).unwrap()
    }

    #[test]
    fn selection_and_specificity() {
        let tex = find_rule("PTX201").unwrap();
        let syntax = find_rule("syntax-error").unwrap();
        let settings = Settings::new(&[sel("PTX2")], &[], &[], false);
        assert!(settings.is_enabled(tex));
        assert!(!settings.is_enabled(syntax));
        let settings = Settings::new(&[], &[sel("PTX2")], &[], false);
        assert!(!settings.is_enabled(tex));
        let settings = Settings::new(
            &[sel("PTX201")],
            &[sel("PTX2")],
            &[(sel("PTX201"), Severity::Warning)],
            false,
        );
        assert!(settings.is_enabled(tex));
        assert_eq!(settings.severity(tex), Severity::Warning);
        assert!(Selector::parse("PTX777").is_err());
        assert!(Selector::parse("no-such-rule").is_err());
    }

    #[test]
    fn disabled_rules_and_equality_by_value() {
        let mut settings = Settings::default();
        assert_eq!(settings, Settings::default());
        settings.disable(&[sel("PTX2")]);
        let tex = find_rule("PTX201").unwrap();
        assert!(!settings.is_enabled(tex));
        assert!(settings.is_enabled(find_rule("PTX101").unwrap()));
        assert_ne!(settings, Settings::default());
    }
}
