//! # register-read-before-written (PTX421)
//!
//! ## What it does
//! Reports a read of a register that some path from the start of the function
//! reaches without writing it, following the function's control flow
//! (branches, `brx.idx` tables, loops). A register the function never writes
//! at all is reported as "never written". Guards count: after
//! `@%p mov %r1, …` a read under the same `@%p` is fine, and writes under
//! `@%p` and `@!%p` together write it. A `.func`'s `.reg` parameters,
//! special registers, `call` results and the destinations of every
//! instruction (vectors, `d|p` pairs) are writes. One finding per register:
//! its first such read. A never-written register stored into a call's
//! `.param` argument, or stored as one byte anywhere, is not reported (nvcc
//! passes empty structs that way, and with `-G` copies empty objects, a
//! functor or a tag, through the stack frame as one unwritten byte).
//!
//! By default only registers the function never writes are reported; the
//! "may be read before it is written" findings need `--preview` (old nvcc
//! code writes and reads registers under different predicates that are true
//! together at run time: a path the graph has and the program never takes).
//!
//! ## Why it matters
//! ptxas accepts such code; the register then holds whatever was left in it,
//! and the kernel computes garbage on that path, often only on some GPUs or
//! driver versions.
//!
//! ## Example
//! ```ptx
//! .reg .pred %p1;
//! .reg .b32 %r<4>;
//! mov.u32 %r1, %tid.x;
//! setp.eq.s32 %p1, %r1, 0;
//! @%p1 bra DONE;
//! mov.u32 %r2, 1;
//! DONE:
//! add.s32 %r3, %r2, 1;   // %r2 is unwritten when %p1 held
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .pred %p1;
//! .reg .b32 %r<4>;
//! mov.u32 %r1, %tid.x;
//! mov.u32 %r2, 0;
//! setp.eq.s32 %p1, %r1, 0;
//! @%p1 bra DONE;
//! mov.u32 %r2, 1;
//! DONE:
//! add.s32 %r3, %r2, 1;
//! ```
//!
//! ## Fix safety
//! No fix: which value the register should hold is the author's choice.

use ptxkit_semantic::RegisterLookup;
use ptxkit_semantic::flow::cfg::{FunctionFlow, InsnId, RegId};
use ptxkit_semantic::flow::undefined::MaybeUndefined;
use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{InAsm, Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "register-read-before-written";

pub(crate) const RULE: Rule = Rule {
    code: "PTX421",
    name: NAME,
    severity: ptxkit_syntax::Severity::Warning,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "register read but never written (with `--preview`: read on some path before any write)",
    visits: Visits::nodes(&["function_definition"], check).in_asm(InAsm::NotReported),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    let flow = checker.flow_of(function);
    if let Some(flow) = flow.as_ref() {
        if flow.body.has_error() {
            return;
        }
        // A `.func`'s register parameters hold the caller's values.
        let mut defined_at_entry = Vec::new();
        if let Some(name) = flow.name
            && let Some(function) = checker.symbols.function(checker.node_text(name))
        {
            for parameter in function.parameters.iter().chain(&function.returns) {
                if let Some(reg) = flow.registers.id(&parameter.name) {
                    defined_at_entry.push(reg);
                }
            }
        }
        let analysis = MaybeUndefined { defined_at_entry };
        for read in analysis.reads(flow) {
            // "May be read on some path": preview only. Old nvcc code writes
            // and reads registers under different predicates that are true
            // together at run time, a path the graph has and the program
            // never takes (166 such warnings on ptxas-clean corpus files).
            if !read.never_written && !checker.settings.preview() {
                continue;
            }
            let insn = &flow.insns[read.insn as usize];
            if read.never_written
                && insn.opcode() == "st"
                && (insn.has(".param") || stores_byte(insn, read.access.node))
            {
                // nvcc passes an empty struct argument as an unwritten byte, and with -G
                // copies empty objects through the stack frame the same way
                continue;
            }
            let name = flow.registers.name(read.access.reg);
            let span = Span::of(read.access.node);
            // An undeclared or out-of-range register is already an error
            // (undeclared-register, register-out-of-range): not reported twice.
            let declared = match checker.symbols.register(read.access.node.start_byte(), name) {
                RegisterLookup::Declared(r) => r.span,
                RegisterLookup::InRange(r) => r.span,
                RegisterLookup::OutOfRange(..) | RegisterLookup::Special | RegisterLookup::Undeclared => continue,
            };
            let diagnostic = if read.never_written {
                checker
                    .diagnostic(span, format!("`{name}` is read but never written"))
                    .with_label("no instruction of this function writes it")
                    .with_secondary(declared, "declared here")
                    .with_note("ptxas accepts this; the register holds an unspecified value")
                    .with_help(format!(
                        "write `{name}` before reading it, or read the register you meant"
                    ))
            } else {
                checker
                    .diagnostic(span, format!("`{name}` may be read before it is written"))
                    .with_label("some path from the function's start reaches this read without a write")
                    .with_secondary(
                        first_write(flow, read.access.reg).unwrap_or(span),
                        "written here, but not on every path to the read",
                    )
                    .with_note("ptxas accepts this; on that path the register holds an unspecified value")
                    .with_help(format!("write `{name}` on every path before this read"))
            };
            checker.report(diagnostic);
        }
    }
}

/// The first write of `reg` in the function, in source order.
fn first_write(flow: &FunctionFlow<'_>, reg: RegId) -> Option<Span> {
    (0..flow.insns.len() as InsnId)
        .find(|&i| flow.defs(i).iter().any(|d| d.reg == reg))
        .map(|i| Span::of(flow.insns[i as usize].node()))
}

/// Whether `insn` stores one byte (`st.u8`, `st.b8`, `st.s8`) whose value, not its address,
/// is `read`.
fn stores_byte(insn: &ptxkit_semantic::instruction::Instruction<'_>, read: Node<'_>) -> bool {
    let byte = insn.types().iter().any(|t| matches!(*t, ".u8" | ".b8" | ".s8"));
    let in_address = insn
        .address_operand()
        .is_some_and(|a| a.start_byte() <= read.start_byte() && read.end_byte() <= a.end_byte());
    byte && !in_address
}
