//! # asm-side-effects-without-volatile (PTX607)
//!
//! ## What it does
//! Reports an asm statement with outputs, no `volatile` and no `"memory"`
//! clobber whose template has side effects: it writes or orders memory,
//! synchronises or exchanges data between lanes (`shfl`, `vote`, `elect`,
//! `bar`), changes machine state (`setmaxnreg`, `nanosleep`), or reads a
//! clock (`%clock64`, `%globaltimer`).
//!
//! ## Why it matters
//! A statement with outputs and without `volatile` is a pure function of
//! its inputs to the compiler: two identical ones are merged, one whose
//! outputs are unused is deleted, and it may be hoisted out of a loop or a
//! branch. A clock read hoisted out of the timed loop, or a `shfl` moved
//! out of the branch all lanes had to reach, gives wrong results without a
//! warning. (Statements without outputs are implicitly volatile; a
//! `"memory"` clobber also keeps the statement in place.)
//!
//! ## Example
//! ```cpp
//! asm("mov.u64 %0, %%clock64;" : "=l"(t));
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm volatile("mov.u64 %0, %%clock64;" : "=l"(t));
//! ```
//!
//! ## Fix safety
//! Safe: `volatile` only keeps the compiler from merging, deleting or
//! moving the statement.

use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "asm-side-effects-without-volatile";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX607",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "asm with outputs and side effects that is not `volatile`",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    let statement = asm.statement;
    if statement.volatile || !statement.operands.iter().any(|o| o.output) || statement.clobbers_memory() {
        return;
    }
    let Some(first) = asm
        .analysis
        .instructions
        .iter()
        .find(|i| i.effects.any() || i.reads_clock.is_some())
    else {
        return;
    };
    let why = match &first.reads_clock {
        Some(register) if !first.effects.any() => format!("reads `{register}`, which changes over time"),
        _ if first.effects.writes_memory => "writes memory".to_string(),
        _ if first.effects.orders_memory => "orders memory".to_string(),
        _ => "synchronises or depends on other lanes or the machine's state".to_string(),
    };
    let keyword = Span::new(statement.keyword.start, statement.keyword.end);
    let diagnostic = checker
        .diagnostic(
            keyword,
            format!("asm statement is not `volatile`, but `{}` {why}", first.chain),
        )
        .with_label("not volatile")
        .with_secondary(Span::new(first.cpp.start, first.cpp.end), why)
        .with_note("with outputs and without `volatile` the compiler may merge, hoist or delete the statement")
        .with_help("write `asm volatile(...)`")
        .with_fix(Fix {
            message: "make the statement volatile".to_string(),
            applicability: Applicability::Safe,
            edits: vec![TextEdit::insert(keyword.end, " volatile")],
        });
    checker.report(diagnostic);
}
