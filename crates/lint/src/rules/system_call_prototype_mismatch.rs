//! # system-call-prototype-mismatch (PTX503)
//!
//! ## What it does
//! Checks the declarations of the driver's system calls `vprintf`,
//! `malloc`, `free` and `__assertfail` against the ABI ("PTX Writer's Guide
//! to Interoperability", System Calls): the number of parameters and return
//! values, the state space, and the widths of pointers (`.address_size`) and
//! of the other arguments.
//!
//! ## Why it matters
//! ptxas accepts any prototype, because system calls are resolved by the
//! driver. A wrong one passes arguments in the wrong slots: `printf` prints
//! garbage or the kernel faults, and `malloc` returns a truncated pointer.
//!
//! ## Example
//! ```ptx
//! .address_size 64
//! .extern .func (.param .b32 r) malloc (.param .b32 size);
//! ```
//!
//! ## Use instead
//! ```ptx
//! .address_size 64
//! .extern .func (.param .b64 r) malloc (.param .b64 size);
//! ```
//!
//! ## Fix safety
//! No fix: the calls must change along with the prototype.

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use crate::types::type_shape;
use ptxkit_semantic::Variable;

pub(crate) const NAME: &str = "system-call-prototype-mismatch";

pub(crate) const RULE: Rule = Rule {
    code: "PTX503",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "`vprintf`/`malloc`/`free`/`__assertfail` prototype differs from the ABI",
    visits: Visits::module(check),
};

/// Parameter width: a pointer (the address size), `size_t` (also the
/// address size), or a fixed number of bits.
#[derive(Clone, Copy)]
enum Width {
    Pointer,
    Fixed(u32),
}

/// (name, returns, parameters) as the ABI writes them.
const CALLS: &[(&str, &[Width], &[Width])] = &[
    ("vprintf", &[Width::Fixed(32)], &[Width::Pointer, Width::Pointer]),
    ("malloc", &[Width::Pointer], &[Width::Pointer]),
    ("free", &[], &[Width::Pointer]),
    (
        "__assertfail",
        &[],
        &[
            Width::Pointer,
            Width::Pointer,
            Width::Fixed(32),
            Width::Pointer,
            Width::Pointer,
        ],
    ),
];

fn signature(returns: &[Width], params: &[Width], pointer: u32) -> String {
    let show = |w: &[Width], name: &str| {
        w.iter()
            .enumerate()
            .map(|(i, w)| {
                let bits = match w {
                    Width::Pointer => pointer,
                    Width::Fixed(b) => *b,
                };
                format!(".param .b{bits} {name}{i}")
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let ret = if returns.is_empty() {
        String::new()
    } else {
        format!("({}) ", show(returns, "r"))
    };
    format!("{ret}(…)({})", show(params, "p"))
}

fn check(checker: &mut Checker<'_>) {
    let pointer = checker.header.address_size();
    let mut found = Vec::new();
    for (name, returns, params) in CALLS {
        let Some(functions) = checker.symbols.functions().get(*name) else {
            continue;
        };
        for function in functions.iter().filter(|f| !f.is_definition && !f.is_entry) {
            let problem = mismatch(&function.returns, returns, pointer, "return value")
                .or_else(|| mismatch(&function.parameters, params, pointer, "parameter"));
            if let Some(problem) = problem {
                found.push((
                    *name,
                    function.node_span,
                    function.span,
                    problem,
                    signature(returns, params, pointer),
                ));
            }
        }
    }
    for (name, _, span, problem, expected) in found {
        let expected = expected.replacen("(…)", &format!(" {name} "), 1);
        let diagnostic = checker
            .diagnostic(span, format!("`{name}` does not match the ABI's system-call prototype: {problem}"))
            .with_label("system call declared here")
            .with_note("ptxas accepts any prototype; the driver passes the arguments as the ABI says, so a mismatch misbehaves at run time")
            .with_help(format!("declare `.extern .func {}`", expected.trim()));
        checker.report(diagnostic);
    }
}

fn mismatch(actual: &[Variable], expected: &[Width], pointer: u32, what: &str) -> Option<String> {
    if actual.len() != expected.len() {
        return Some(format!("{} {what}s where the ABI has {}", actual.len(), expected.len()));
    }
    for (index, (param, width)) in actual.iter().zip(expected).enumerate() {
        let want = match width {
            Width::Pointer => pointer,
            Width::Fixed(bits) => *bits,
        };
        if !param.space.starts_with(".param") {
            return Some(format!("{what} {} is `{}`, not `.param`", index + 1, param.space));
        }
        let bits = param.ty.as_deref().and_then(type_shape).map(|s| s.bits);
        let total = bits.map(|b| b * u32::try_from(param.elements.unwrap_or(1)).unwrap_or(1));
        if total != Some(want) {
            let shown = param.ty.as_deref().unwrap_or("untyped");
            return Some(format!("{what} {} is `{shown}`, the ABI needs {want} bits", index + 1));
        }
    }
    None
}
