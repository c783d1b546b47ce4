//! # target-needs-newer-version (PTX001)
//!
//! ## What it does
//! Reports a `.target` architecture that the module's `.version` predates,
//! e.g. `.version 7.4` with `.target sm_89` (sm_89 arrived in PTX 7.8), and
//! a `.target` option it predates (`texmode_independent`: 1.5, `debug`:
//! 3.0).
//!
//! ## Why it matters
//! ptxas rejects the module: "PTX .version 7.4 does not support .target
//! sm_89". Newer ptxas versions sometimes report it inside their macro
//! library instead of the file, which makes it hard to find.
//!
//! ## Example
//! ```ptx
//! .version 7.4
//! .target sm_89
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 7.8
//! .target sm_89
//! ```
//!
//! ## Fix safety
//! Unsafe: the fix raises `.version` to the target's first version, which
//! needs a newer driver to load.

use ptxkit_isa::Issue;
use ptxkit_syntax::{Applicability, Fix, TextEdit};

use crate::checker::Checker;
use crate::rule::{InAsm, Rule, Visits};

pub(crate) const NAME: &str = "target-needs-newer-version";

pub(crate) const RULE: Rule = Rule {
    code: "PTX001",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "`.target` newer than the module's `.version` supports",
    visits: Visits::module(check).in_asm(InAsm::NotReported),
};

fn check(checker: &mut Checker<'_>) {
    let Some(version) = checker.version() else {
        return;
    };
    let entries = if checker.settings.target_override.is_some() {
        &[]
    } else {
        checker.header.target_entries()
    };
    for entry in entries {
        if let Ok(ptxkit_isa::TargetEntry::Option(option)) = ptxkit_isa::target_entry(&entry.name) {
            let min = option.min_ptx();
            if version < min {
                let diagnostic = checker
                    .diagnostic(
                        entry.span,
                        format!(
                            "`{}` needs PTX {min}, but the module is `.version {version}`",
                            option.name()
                        ),
                    )
                    .with_label(format!("first supported in PTX {min}"))
                    .with_note(format!(
                        "ptxas: \"Feature '{}' requires PTX ISA .version {min} or later\"",
                        option.name()
                    ))
                    .with_help(format!("raise `.version` to {min}, or drop the option"));
                checker.report(diagnostic);
            }
            continue;
        }
        let Some(Issue::TargetNeedsVersion { target, min, .. }) = ptxkit_isa::check_target(version, &entry.name) else {
            continue;
        };
        let issue = ptxkit_isa::check_target(version, &entry.name).expect("just matched");
        let mut diagnostic = checker
            .diagnostic(
                entry.span,
                format!("`{target}` needs PTX {min}, but the module is `.version {version}`"),
            )
            .with_label(format!("first supported in PTX {min}"))
            .with_note(format!("ptxas: \"{issue}\""))
            .with_help(format!("raise `.version` to {min}, or target an older architecture"));
        if let Some(file_version) = checker.header.version_directive()
            && checker.settings.version_override.is_none()
        {
            diagnostic = diagnostic
                .with_secondary(file_version.number_span, "declared here")
                .with_fix(Fix {
                    message: format!("raise `.version` to {min}"),
                    applicability: Applicability::Unsafe,
                    edits: vec![TextEdit::replace(file_version.number_span, min.to_string())],
                });
        }
        checker.report(diagnostic);
    }
}
