//! # asm-missing-memory-clobber (PTX606)
//!
//! ## What it does
//! Reports an asm statement whose template writes memory (`st`, `atom`,
//! `red`, `cp.async`, bulk copies, `stmatrix`, ...) or orders it (`bar`,
//! `barrier`, `fence`, `membar`, `mbarrier`, `cp.async.wait_group`,
//! `wgmma.wait_group`, acquire loads, ...) without a `"memory"` clobber.
//! Loads, address arithmetic (`cvta`, `mapa`), hints (`prefetch`) and
//! `.relaxed` barriers are not reported.
//!
//! ## Why it matters
//! Without the clobber the compiler assumes the statement touches no memory
//! but its operands: it keeps values in registers across it and moves C++
//! loads and stores past it. A barrier that C++ stores can cross, or an
//! `mbarrier` wait after which a stale register is read, fails rarely and
//! far from the cause. Large libraries have added these clobbers in bulk
//! after such bugs. Some code orders memory another way (a
//! `__syncthreads()` next to it); suppress the finding there with a
//! reason.
//!
//! ## Example
//! ```cpp
//! asm volatile("bar.sync 0;");
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm volatile("bar.sync 0;" ::: "memory");
//! ```
//!
//! ## Fix safety
//! Safe: adding `"memory"` only makes the compiler more careful. No fix is
//! offered for a statement without operands whose template has `%` (the
//! colons would make nvcc substitute `%%`).

use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::asm::AsmOrigin;
use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "asm-missing-memory-clobber";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX606",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "asm that writes or orders memory without a `\"memory\"` clobber",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    let statement = asm.statement;
    if statement.clobbers_memory() {
        return;
    }
    let Some(first) = asm
        .analysis
        .instructions
        .iter()
        .find(|i| i.effects.needs_memory_clobber())
    else {
        return;
    };
    let what = if first.effects.writes_memory {
        "writes memory"
    } else {
        "orders memory"
    };
    let mut diagnostic = checker
        .diagnostic(
            Span::new(first.cpp.start, first.cpp.end),
            format!(
                "`{}` {what}, but the asm statement does not clobber \"memory\"",
                first.chain
            ),
        )
        .with_label(what)
        .with_secondary(
            Span::new(statement.keyword.start, statement.keyword.end),
            "no \"memory\" clobber",
        )
        .with_note(
            "the compiler may keep values in registers across the statement and move C++ loads and stores past it",
        )
        .with_help(
            "add \"memory\" to the clobber list (code that orders memory another way can suppress this with a reason)",
        );
    if let Some(fix) = add_clobber(asm) {
        diagnostic = diagnostic.with_fix(fix);
    }
    checker.report(diagnostic);
}

/// Inserts `"memory"` before the statement's closing parenthesis, with the
/// colons it needs.
fn add_clobber(asm: &AsmOrigin<'_>) -> Option<Fix> {
    let statement = asm.statement;
    let close = statement.span.end.checked_sub(1)?;
    if !asm.text[close..].starts_with(')') {
        return None;
    }
    let (at, insert) = match statement.sections {
        0 if statement.template.text.contains('%') => return None,
        0 => (close, " : : : \"memory\"".to_string()),
        1 => (close, " : : \"memory\"".to_string()),
        2 => (close, " : \"memory\"".to_string()),
        _ => match statement.clobbers.last() {
            Some(last) => (last.span.end, ", \"memory\"".to_string()),
            None => (close, " \"memory\"".to_string()),
        },
    };
    let insert = if asm.text[..at].ends_with(char::is_whitespace) {
        insert.trim_start().to_string()
    } else {
        insert
    };
    Some(Fix {
        message: "add a \"memory\" clobber".to_string(),
        applicability: Applicability::Safe,
        edits: vec![TextEdit::insert(at, insert)],
    })
}
