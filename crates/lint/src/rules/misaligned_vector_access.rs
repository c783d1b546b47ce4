//! # misaligned-vector-access (PTX301)
//!
//! ## What it does
//! Reports a memory access whose address is provably not a multiple of the
//! alignment it needs: a vector (`.v2`, `.v4`, `.v8`) or 128-bit (`.b128`)
//! `ld`, `st`, `ldu`, `atom` or `red` (its full size), a `cp.async` (its
//! cp-size), a bulk copy (16 bytes), an `ldmatrix`/`stmatrix` row (16
//! bytes), an `mbarrier` object (8 bytes).
//!
//! The address is followed through the function's control flow: `mov` and
//! `cvta` of a variable, `ld.param` of a pointer parameter, `add`, `sub`,
//! `mul`/`mul.wide`, `mad`, `shl` by constants, `and` with masks, `selp`,
//! across blocks and around loops (what is known is the address modulo a
//! power of two, relative to its base).
//!
//! - Relative to a variable of known alignment (its `.align`, or its type's
//!   natural alignment) or a parameter declared `.ptr .align N` (N at least
//!   the access size; nvcc writes `.ptr .align 1` by default): an error.
//! - Relative to a pointer parameter of unknown alignment: a warning, assuming
//!   the pointer is aligned to the access size (as a `float4*` is in C++).
//! - Two accesses off the same value whose offsets disagree modulo their
//!   sizes (one of them is misaligned whatever the value): a warning.
//!
//! ## Why it matters
//! ptxas accepts misaligned accesses silently (checked with 11.8, 12.9 and
//! 13.5), and the kernel then dies at run time with "misaligned address".
//!
//! ## Example
//! ```ptx
//! .shared .align 16 .b8 smem[1024];
//! .reg .b32 %r<5>;
//! .reg .b64 %rd<3>;
//! mov.u64 %rd1, smem;
//! add.s64 %rd2, %rd1, 4;
//! ld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [%rd2];
//! ```
//!
//! ## Use instead
//! ```ptx
//! .shared .align 16 .b8 smem[1024];
//! .reg .b32 %r<5>;
//! .reg .b64 %rd<3>;
//! mov.u64 %rd1, smem;
//! add.s64 %rd2, %rd1, 16;
//! ld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [%rd2];
//! ```
//!
//! ## Fix safety
//! No fix: the right offset depends on the data layout.

use ptxkit_semantic::flow::FunctionFlow;
use ptxkit_semantic::flow::alignment::{ABSOLUTE, Alignment, Base, Congruence, EXACT, OPAQUE};
use ptxkit_syntax::{Severity, Span};

use crate::checker::Checker;
use crate::memory_access::Requirement;
use crate::rule::{Rule, Visits};
use ptxkit_syntax::tree_sitter::Node;

pub(crate) const NAME: &str = "misaligned-vector-access";

pub(crate) const RULE: Rule = Rule {
    code: "PTX301",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "vector access at a provably misaligned address (ptxas misses it)",
    visits: Visits::nodes(&["function_definition"], check),
};

fn check<'a>(checker: &mut Checker<'a>, function: Node<'a>) {
    let accesses = checker.addressed_accesses(function);
    let flow = checker.flow_of(function);
    if let (Some(flow), Some((alignment, accesses))) = (flow.as_ref(), accesses.as_ref()) {
        check_function(checker, flow, alignment, accesses);
    }
}

/// The first access seen off an opaque base or a parameter: (base, value, requirement).
type Seen<'t> = (u32, Congruence, Requirement<'t>);

fn check_function<'a>(
    checker: &mut Checker<'a>,
    flow: &FunctionFlow<'a>,
    alignment: &Alignment<'a>,
    accesses: &[(Requirement<'a>, Congruence)],
) {
    let mut seen: Vec<Seen<'_>> = Vec::new();
    for (check, value) in accesses.iter().filter(|(check, _)| check.alignment > 1) {
        let Congruence::Known { base, shift, residue } = *value else {
            continue;
        };
        if base == ABSOLUTE {
            continue;
        }
        let need = check.alignment;
        let known = if base >= OPAQUE {
            None
        } else {
            match alignment.bases[base as usize] {
                Base::Symbol(variable) => variable.known_alignment().map(|a| (a, variable, true)),
                // `.ptr .align N` states at least N (nvcc writes `.align 1` by default): below
                // the access size it says nothing more than an unknown alignment.
                Base::Parameter(variable, Some(a)) if a >= need => Some((a, variable, true)),
                Base::Parameter(variable, _) => Some((need, variable, false)),
                Base::Absolute => None,
            }
        };
        if let Some((base_alignment, variable, sure)) = known {
            let provable = need.min(1 << shift.min(62)).min(base_alignment);
            if provable > 1 && u64::from(residue) % provable != 0 {
                let name = &variable.name;
                let offset = describe(shift, residue, provable);
                let why = match alignment.bases[base as usize] {
                    Base::Parameter(_, Some(a)) if sure => format!("`{name}` is declared `.ptr .align {a}`"),
                    Base::Parameter(..) => format!("`{name}` is a pointer parameter of unknown alignment"),
                    _ if variable.align.is_some() => format!("`{name}` is declared `.align {base_alignment}`"),
                    _ => format!("`{name}` is aligned to {base_alignment} bytes by its type"),
                };
                let message = format!("{need}-byte {} at `{name}{offset}` is misaligned", check.what);
                let mut diagnostic = if sure {
                    checker.diagnostic(Span::of(check.address), message)
                } else {
                    checker.diagnostic_with(Severity::Warning, Span::of(check.address), message)
                };
                diagnostic = diagnostic
                    .with_label(format!("not a multiple of {provable} from `{name}`"))
                    .with_secondary(variable.span, why);
                let note = if sure {
                    "ptxas accepts this, and the kernel faults at run time with \"misaligned address\"".to_string()
                } else {
                    format!(
                        "assuming the pointer in `{name}` is aligned to {need} bytes (as a pointer to a {need}-byte type is in C++); ptxas accepts this, and the kernel faults at run time with \"misaligned address\""
                    )
                };
                checker.report(diagnostic.with_note(note).with_help(format!(
                    "use an offset that is a multiple of {need}, or split the access into narrower ones"
                )));
                continue;
            }
        }
        if base >= OPAQUE || matches!(alignment.bases[base as usize], Base::Parameter(..)) {
            disagreement(checker, flow, &mut seen, base, *value, *check);
        }
    }
}

/// ` + 4`, or ` + 4 (mod 16)` when only the low bits are known.
fn describe(shift: u8, residue: u32, modulus: u64) -> String {
    if shift == EXACT {
        format!("{:+}", residue as i32)
    } else {
        format!(" + {} (mod {modulus})", u64::from(residue) % modulus)
    }
}

/// Reports `check` when an earlier access off the same `base` puts it at an offset that
/// disagrees with its own modulo both alignments.
fn disagreement<'a>(
    checker: &mut Checker<'a>,
    flow: &FunctionFlow<'a>,
    seen: &mut Vec<Seen<'a>>,
    base: u32,
    value: Congruence,
    check: Requirement<'a>,
) {
    let Congruence::Known { shift, residue, .. } = value else {
        return;
    };
    let Some(&(_, first, earlier)) = seen.iter().find(|(b, _, _)| *b == base) else {
        seen.push((base, value, check));
        return;
    };
    let Congruence::Known {
        shift: shift0,
        residue: residue0,
        ..
    } = first
    else {
        return;
    };
    let modulus = check
        .alignment
        .min(earlier.alignment)
        .min(1 << shift.min(shift0).min(62));
    if modulus <= 1 || (u64::from(residue).wrapping_sub(u64::from(residue0))) % modulus == 0 {
        return;
    }
    let what = if base >= OPAQUE {
        let insn = &flow.insns[(base - OPAQUE) as usize];
        format!("the value `{}` computes", insn.full_opcode())
    } else {
        "the same pointer".to_string()
    };
    let delta = u64::from(residue).wrapping_sub(u64::from(residue0)) % modulus;
    let mut diagnostic = checker
        .diagnostic_with(
            Severity::Warning,
            Span::of(check.address),
            format!(
                "{}-byte {} and an earlier {}-byte one off {what} are {delta} bytes apart (mod {modulus}): one of them is misaligned",
                check.alignment, check.what, earlier.alignment
            ),
        )
        .with_label(format!("offset {delta} (mod {modulus}) from the earlier access"))
        .with_secondary(Span::of(earlier.address), "the earlier access");
    if base >= OPAQUE {
        let insn = &flow.insns[(base - OPAQUE) as usize];
        diagnostic = diagnostic.with_secondary(Span::of(insn.node()), "the base is computed here");
    }
    checker.report(diagnostic.with_help("make both offsets multiples of the access size"));
}
