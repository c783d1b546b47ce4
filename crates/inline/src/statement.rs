//! One asm statement as the C++ file writes it: template, operands,
//! clobbers, qualifiers, and the conditions it is compiled under.

use std::ops::Range;

use crate::constraint::{Constraint, OperandKind};
use crate::guard::Cond;
use crate::literal::MappedText;

/// One operand of an asm statement.
#[derive(Debug, Clone)]
pub struct Operand {
    /// Its number in the template (`%N`): outputs first, then inputs.
    pub index: usize,
    /// Whether it is in the output list.
    pub output: bool,
    /// `[name]`, if given.
    pub name: Option<String>,
    /// The constraint.
    pub constraint: Constraint,
    /// Where the constraint string is written.
    pub constraint_span: Range<usize>,
    /// The C++ expression.
    pub value: String,
    /// Where the expression is written.
    pub value_span: Range<usize>,
    /// The value of an `n` operand when the expression is an integer literal.
    pub immediate: Option<i128>,
    /// The characters of a `C` operand when they can be found in the file.
    pub string: Option<MappedText>,
}

impl Operand {
    /// How diagnostics name the operand: `%1`.
    pub fn display(&self) -> String {
        format!("%{}", self.index)
    }

    /// Whether the template reads its value on entry.
    pub fn is_read_on_entry(&self) -> bool {
        !self.output || self.constraint.read_write
    }

    /// Whether the template must write it.
    pub fn is_written(&self) -> bool {
        self.output
    }

    /// Whether it becomes a register.
    pub fn is_register(&self) -> bool {
        matches!(self.constraint.kind, OperandKind::Register(_))
    }
}

/// One clobber.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clobber {
    /// The decoded text (`memory`).
    pub text: String,
    /// Where it is written.
    pub span: Range<usize>,
}

/// Where a statement sits: device code, or not known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// A `__device__`/`__global__` function, a `__CUDA_ARCH__` guard or an
    /// `NV_IF_TARGET` device branch.
    Device,
    /// Nothing says (a macro body, a function whose qualifiers are macros
    /// defined elsewhere); the template itself decided that it is PTX.
    Inferred,
}

/// An asm statement ready for analysis.
#[derive(Debug, Clone)]
pub struct AsmStatement {
    /// The whole `asm(...)` expression.
    pub span: Range<usize>,
    /// The `asm`/`__asm__` keyword.
    pub keyword: Range<usize>,
    /// `volatile`/`__volatile__`.
    pub volatile: bool,
    /// The template, decoded, with the origin of every byte.
    pub template: MappedText,
    /// Where the template's string literals are written.
    pub template_span: Range<usize>,
    /// The operands, numbered.
    pub operands: Vec<Operand>,
    /// The clobbers.
    pub clobbers: Vec<Clobber>,
    /// Whether nvcc substitutes `%` sequences (only with at least one operand).
    pub extended: bool,
    /// How many `:` sections are written (0 to 3: outputs, inputs, clobbers).
    pub sections: usize,
    /// What the preprocessor conditions around it say.
    pub guard: Cond,
    /// The conditions, as written, for messages (`__CUDA_ARCH__ >= 900`).
    pub guard_text: Vec<String>,
    /// How it is known to be device code.
    pub context: Context,
    /// Whether it is written in a macro body.
    pub in_macro: bool,
    /// The function (or lambda) it is written in, when known: its span.
    pub function: Option<Range<usize>>,
    /// Register declarations of a scope an earlier statement of the function opened and no
    /// statement has closed yet (see [`crate::scopes`]), `;`-terminated.
    pub carried: Vec<String>,
}

impl AsmStatement {
    /// Whether the clobber list has `"memory"`.
    pub fn clobbers_memory(&self) -> bool {
        self.clobbers.iter().any(|c| c.text == "memory")
    }

    /// Whether the template is empty or only whitespace and comments (the
    /// compiler-barrier idiom `asm volatile("" ::: "memory")`).
    pub fn is_empty_template(&self) -> bool {
        strip_comments(&self.template.text).trim().is_empty()
    }

    /// The number of operands.
    pub fn operand_count(&self) -> usize {
        self.operands.len()
    }
}

/// The text with `//` and `/* */` comments removed.
pub(crate) fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('/') {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        if let Some(body) = after.strip_prefix("//") {
            rest = body.find('\n').map_or("", |k| &body[k..]);
        } else if let Some(body) = after.strip_prefix("/*") {
            rest = body.find("*/").map_or("", |k| &body[k + 2..]);
        } else {
            out.push('/');
            rest = &after[1..];
        }
    }
    out.push_str(rest);
    out
}

/// Why an asm statement was found but not analysed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkipReason {
    /// Host code (`#ifndef __CUDA_ARCH__`, a function without
    /// `__device__`, an `NV_IS_HOST` branch) or dead code (`#if 0`).
    Host,
    /// The template is not PTX (host assembly in a function whose
    /// qualifiers are not known).
    NotPtx,
    /// The template is built from something other than string literals and
    /// string macros defined in the file.
    TemplateNotLiteral(String),
    /// A `C` operand whose string cannot be found in the file.
    StringOperand(usize),
    /// The statement does not parse.
    Malformed,
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SkipReason::Host => f.write_str("host or dead code"),
            SkipReason::NotPtx => f.write_str("not PTX (host assembly)"),
            SkipReason::TemplateNotLiteral(what) => {
                write!(f, "template uses `{what}`, which is not a string in this file")
            }
            SkipReason::StringOperand(index) => write!(f, "the string of \"C\" operand %{index} is not in this file"),
            SkipReason::Malformed => f.write_str("the statement does not parse"),
        }
    }
}

/// An asm statement that was not analysed, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The statement.
    pub span: Range<usize>,
    /// Why.
    pub reason: SkipReason,
}

#[cfg(test)]
mod tests {
    #[test]
    fn strips_comments() {
        assert_eq!(super::strip_comments("a // b\nc /* d */ e / f"), "a \nc  e / f");
    }
}
