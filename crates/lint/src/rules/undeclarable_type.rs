//! # undeclarable-type (PTX419)
//!
//! ## What it does
//! Reports a variable, register or parameter declared with a type that only instructions take:
//! `.bf16`, `.bf16x2`, `.tf32`, the 8/6/4-bit float formats (`.e4m3`, `.e2m1x2`, …) and packed
//! integer or `.f32x2` types. Registers and variables that hold such values are declared with
//! the bit type of the same size (`.b16` for `.bf16`, `.b32` for `.bf16x2`).
//!
//! ## Why it matters
//! ptxas rejects the declaration at every PTX version: "syntax error" for `.bf16`/`.tf32`,
//! "Type .e4m3 may only be used as an instruction type" for the others.
//!
//! ## Example
//! ```ptx
//! .reg .bf16 %h<4>;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b16 %h<4>;
//! ```
//!
//! ## Fix safety
//! Safe: the fix declares the bit type of the same width, which every instruction that reads the
//! value as `.bf16` accepts (bit types agree with any type of their size).

use ptxkit_isa::types::{is_declarable_type, type_info};
use ptxkit_syntax::{Applicability, Fix, Span, TextEdit};

use crate::checker::{Captures, Checker};
use crate::rule::{Rule, Visits};

pub(crate) const NAME: &str = "undeclarable-type";

pub(crate) const RULE: Rule = Rule {
    code: "PTX419",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Safe,
    summary: "declaration with a type only instructions take (`.bf16`, `.e4m3`, `.f32x2`)",
    visits: Visits::query(
        &["variable_declaration", "parameter_declaration"],
        query!("undeclarable_type"),
        check,
    ),
};

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some(node) = captures.get("type") else { return };
    let ty = checker.node_text(node);
    if is_declarable_type(ty) || matches!(ty, ".texref" | ".samplerref" | ".surfref") {
        return;
    }
    let span = Span::of(node);
    let bits = type_info(ty).map(|t| t.bits);
    let replacement = bits.map(|b| format!(".b{b}")).filter(|b| is_declarable_type(b));
    let mut diagnostic = checker
        .diagnostic(span, format!("`{ty}` cannot be the type of a declaration"))
        .with_label("an instruction type only")
        .with_note(format!(
            "ptxas: \"Type {ty} may only be used as an instruction type\" (or a syntax error)"
        ));
    diagnostic = match replacement {
        Some(b) => diagnostic
            .with_help(format!("declare it as `{b}`, the bit type of the same width"))
            .with_fix(Fix {
                message: format!("declare `{b}`"),
                applicability: Applicability::Safe,
                edits: vec![TextEdit::replace(span, b)],
            }),
        None => diagnostic.with_help("declare a bit type of the same width"),
    };
    checker.report(diagnostic);
}
