//! # deprecated-dwarf-directive (PTX206)
//!
//! ## What it does
//! Reports `@@DWARF` lines (the debug information of PTX 1.x, as old nvcc
//! and open64 wrote it) in a module whose `.version` is 2.0 or later. One
//! finding per file, at the first line; the fix removes every one.
//!
//! ## Why it matters
//! ptxas 11.8, 12.9 and 13.5 reject the module: "Deprecated feature:
//! '@@DWARF directive' not supported as of PTX version 2.0". It happens when
//! the `.version` of a legacy debug build is raised by hand.
//!
//! ## Example
//! ```ptx
//! .version 2.0
//! .target sm_20
//! @@DWARF .section .debug_abbrev, "",@progbits
//! @@DWARF .byte 0x01, 0x11, 0x01
//! ```
//!
//! ## Use instead
//! ```ptx
//! .version 2.0
//! .target sm_20
//! ```
//! (`.file` and `.loc` keep the line information; `.section .debug_*`
//! blocks are the 2.0 way to write DWARF.)
//!
//! ## Fix safety
//! Unsafe: the DWARF data goes. ptxas 11.8, 12.9 and 13.5 make the same
//! cubin for a 1.x module with and without its `@@DWARF` lines (by default,
//! with `-g` and with `-lineinfo`), so the code does not change, but a tool
//! reading the PTX itself would miss them.

use ptxkit_isa::Issue;
use ptxkit_isa::deprecations::Construct;
use ptxkit_syntax::{Applicability, Fix, Span};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "deprecated-dwarf-directive";

pub(crate) const RULE: Rule = Rule {
    code: "PTX206",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "`@@DWARF` debug lines (removed in PTX 2.0)",
    visits: Visits::module(check),
};

fn check(checker: &mut Checker<'_>) {
    let removed: Vec<(Span, Issue)> = checker
        .construct_issues()
        .iter()
        .filter(|(_, issue)| matches!(issue, Issue::Removed(d) if d.construct == Construct::Directive("@@DWARF")))
        .cloned()
        .collect();
    let Some((first, issue)) = removed.first() else {
        return;
    };
    let text = checker.text();
    let edits = removed
        .iter()
        .map(|(span, _)| crate::fix::delete_statement(text, *span))
        .collect();
    let more = match removed.len() {
        1 => String::new(),
        n => format!(" and {} more", n - 1),
    };
    let diagnostic = checker
        .diagnostic(*first, "`@@DWARF` was removed in PTX 2.0")
        .with_label(format!("legacy debug information{more}"))
        .with_note(format!("ptxas: \"{issue}\""))
        .with_help("remove the @@DWARF lines (`.file`/`.loc` keep the line information) or keep `.version` below 2.0")
        .with_fix(Fix {
            message: format!("remove the {} @@DWARF lines", removed.len()),
            applicability: Applicability::Unsafe,
            edits,
        });
    checker.report(diagnostic);
}
