//! # asm-output-read-before-written (PTX603)
//!
//! ## What it does
//! Reports an output operand declared write-only (`"=r"`) that the
//! template reads before any instruction writes it: as a source, in an
//! address, or in the instruction that first writes it
//! (`add.s32 %0, %0, 1`).
//!
//! ## Why it matters
//! nvcc gives a `=` output a fresh register and does not copy the C++
//! variable into it, so the read sees an undefined value. The code works
//! by chance until register allocation changes.
//!
//! ## Example
//! ```cpp
//! asm("add.s32 %0, %0, %1;" : "=r"(sum) : "r"(x));
//! ```
//!
//! ## Use instead
//! ```cpp
//! asm("add.s32 %0, %0, %1;" : "+r"(sum) : "r"(x));
//! ```
//!
//! ## Fix safety
//! No fix: `+` changes what the statement means; the template may be what
//! is wrong.

use ptxkit_inline::analysis::Access;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "asm-output-read-before-written";

/// Checked by the inline-PTX driver for each asm statement.
pub(crate) const RULE: Rule = Rule {
    code: "PTX603",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`=` asm output read before the template writes it",
    visits: Visits::asm(check),
};

fn check(checker: &mut Checker<'_>) {
    let Some(asm) = checker.asm() else { return };
    let statement = asm.statement;
    for operand in statement
        .operands
        .iter()
        .filter(|o| o.output && !o.constraint.read_write)
    {
        let uses: Vec<_> = asm
            .analysis
            .uses
            .iter()
            .filter(|u| u.operand == operand.index)
            .collect();
        let mut written = false;
        let mut instruction = usize::MAX;
        let mut writes_here = false;
        for u in &uses {
            if u.instruction != instruction {
                written |= writes_here;
                writes_here = false;
                instruction = u.instruction;
            }
            match u.access {
                Access::Write | Access::Unknown => writes_here = true,
                Access::Read if !written => {
                    let diagnostic = checker
                        .diagnostic(
                            Span::new(u.cpp.start, u.cpp.end),
                            format!(
                                "output {} is read before the template writes it",
                                asm.describe_operand(operand.index)
                            ),
                        )
                        .with_label("read here while undefined")
                        .with_note("a `=` output starts undefined: nvcc does not copy the C++ value in")
                        .with_help(format!(
                            "write `%{}` first, or declare it `\"+{}\"` if the template should start from the C++ value",
                            operand.index,
                            operand.constraint.text.trim_start_matches(['=', '&'])
                        ));
                    checker.report(diagnostic);
                    break;
                }
                Access::Read => {}
            }
        }
    }
}
