//! Hover: what the thing under the cursor is.
//!
//! - On an opcode or its modifiers (`ld.global.v4.f32`): the forms the chain
//!   matches, each operand's kind and type, and the PTX version and target
//!   it needs ([`ptxkit_isa::signature::explain`], the same text as
//!   `ptxlint --explain-instruction`).
//! - On a register, variable, parameter, label or function: its declaration
//!   line and, for registers and variables, its type.
//! - On a special register: what it holds, and the PTX version and target it needs.
//! - On `.version`: the CUDA release that introduced the version, what the file needs
//!   (the lines that force its minimum), and the oldest CUDA toolkit whose ptxas assembles
//!   it and the oldest driver that JIT-compiles it — as `ptxlint --requirements` says.

use std::fmt::Write as _;

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};
use ptxkit_semantic::{Instruction, Symbol};
use ptxkit_syntax::{ParsedSource, Span};

use crate::document::Document;
use crate::position::Encoding;

/// The longest declaration shown (a function header with many parameters).
const MAX_DECLARATION_LINES: usize = 12;

/// The hover at byte `offset`, or `None` where there is nothing to say.
pub fn hover(document: &mut Document, offset: usize, encoding: Encoding) -> Option<Hover> {
    let analysis = document.analysis();
    let parsed = &analysis.parsed;
    let version_directive = analysis
        .model
        .header
        .version_directive()
        .filter(|d| (d.span.start..=d.span.end).contains(&offset))
        .map(|d| (d.span, d.version));
    let (span, markdown) = if let Some((span, Some(version))) = version_directive {
        (span, describe_version(parsed, version))
    } else if let Some((span, symbol)) = analysis.model.symbols.symbol_at(parsed, offset) {
        (span, describe_symbol(parsed, span, &symbol))
    } else {
        let instruction = Instruction::at(parsed, offset)?;
        let chain = instruction.opcode_span();
        if instruction.opcode_node().is_none() || !(chain.start..=chain.end).contains(&offset) {
            return None;
        }
        (chain, describe_chain(&instruction.full_opcode()))
    };
    let range = document.range(span.range(), encoding);
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: Some(range),
    })
}

/// An opcode chain explained, in a code block (its columns line up).
fn describe_chain(chain: &str) -> String {
    let explanation = ptxkit_isa::signature::explain(chain);
    format!("```text\n{}```", explanation)
}

/// The lines of the file's requirements shown at most in a hover.
const MAX_REASONS: usize = 5;

/// `.version X.Y`: the release that introduced it, and what the file needs (minimum version
/// and target with the lines that force them, the oldest toolkit and driver).
fn describe_version(parsed: &ParsedSource, version: ptxkit_isa::Version) -> String {
    let mut out = format!("PTX ISA {version}");
    match ptxkit_isa::toolkit::first_release_of(version) {
        Some(release) => {
            let _ = write!(out, ": first in {}", release.toolkit);
            if let Some(driver) = release.driver {
                let _ = write!(out, " (driver {driver})");
            }
        }
        None => out.push_str(": in no CUDA release the release history lists"),
    }
    let needs = ptxkit_lint::requirements::file_requirements(parsed);
    let target = needs
        .min_target
        .map_or_else(|| "no single target".to_string(), |t| t.to_string());
    let _ = write!(out, "\n\nthis file needs PTX {} and {target}", needs.min_ptx);
    if let Some((below, _)) = &needs.removed {
        let _ = write!(out, ", and a PTX version below {below}");
    }
    for reason in needs.reasons.iter().take(MAX_REASONS) {
        let _ = write!(
            out,
            "\n- line {}: `{}` ({}: PTX {})",
            reason.line, reason.text, reason.feature, reason.ptx
        );
    }
    if needs.reasons.len() > MAX_REASONS {
        let _ = write!(out, "\n- … and {} more lines", needs.reasons.len() - MAX_REASONS);
    }
    for line in needs.toolchain_lines() {
        let _ = write!(out, "\n\n{line}");
    }
    out
}

/// A declared name: what it is, its type, and its declaration.
fn describe_symbol(parsed: &ParsedSource, span: Span, symbol: &Symbol<'_>) -> String {
    let text = parsed.text();
    let name = &text[span.range()];
    let mut out = String::new();
    match symbol {
        Symbol::Register(r) => {
            let _ = write!(out, "register `{name}`{}", type_words(r.ty.as_deref(), r.vector));
        }
        Symbol::RangeMember(r, index) => {
            let _ = write!(
                out,
                "register `{name}`: number {index} of `{}<{}>`{}",
                r.prefix,
                r.count,
                type_words(r.ty.as_deref(), r.vector)
            );
        }
        Symbol::Range(r) => {
            let _ = write!(
                out,
                "registers `{}0` to `{}{}`{}",
                r.prefix,
                r.prefix,
                r.count.saturating_sub(1),
                type_words(r.ty.as_deref(), r.vector)
            );
        }
        Symbol::Variable(v) => {
            let what = if v.is_parameter { "parameter" } else { "variable" };
            let _ = write!(
                out,
                "{what} `{name}` in `{}`{}",
                v.space,
                type_words(v.ty.as_deref(), v.vector)
            );
            if v.is_array {
                match v.elements {
                    Some(n) => {
                        let _ = write!(out, ", an array of {n}");
                    }
                    None => out.push_str(", an array"),
                }
            }
            if let Some(align) = v.align {
                let _ = write!(out, ", aligned to {align} bytes");
            }
        }
        Symbol::Label(_) => {
            let _ = write!(out, "label `{name}`");
        }
        Symbol::Function(f) => {
            let kind = if f.is_entry { "kernel" } else { "function" };
            let _ = write!(
                out,
                "{kind} `{}`: {} parameter{}",
                f.name,
                f.parameters.len(),
                if f.parameters.len() == 1 { "" } else { "s" }
            );
            if !f.returns.is_empty() {
                let _ = write!(
                    out,
                    ", {} return value{}",
                    f.returns.len(),
                    if f.returns.len() == 1 { "" } else { "s" }
                );
            }
            if !f.is_definition {
                out.push_str(" (declared, not defined here)");
            }
        }
        Symbol::Special => return describe_special(name),
    }
    if let Some(declaration) = symbol.declaration() {
        let shown = match symbol {
            Symbol::Function(f) => function_header(text, f.node_span),
            _ => line_of(parsed, declaration.start).trim().to_string(),
        };
        let line = parsed.lines().line_of(declaration.start) + 1;
        let _ = write!(out, "\n\n```ptx\n{shown}\n```\ndeclared on line {line}");
    }
    out
}

fn type_words(ty: Option<&str>, vector: Option<u32>) -> String {
    match (ty, vector) {
        (Some(ty), Some(n)) => format!(", `.v{n} {ty}`"),
        (Some(ty), None) => format!(", `{ty}`"),
        (None, _) => String::new(),
    }
}

/// The text of the line holding byte `offset`.
fn line_of(parsed: &ParsedSource, offset: usize) -> &str {
    let line = parsed.lines().line_of(offset);
    parsed.lines().line_text(parsed.text(), line)
}

/// A function's header: its text up to the body's `{` (or the `;` of a
/// declaration), at most [`MAX_DECLARATION_LINES`] lines.
fn function_header(text: &str, span: Span) -> String {
    let whole = &text[span.range()];
    let header = whole.find('{').map_or(whole, |brace| &whole[..brace]).trim_end();
    let mut lines: Vec<&str> = header.lines().collect();
    if lines.len() > MAX_DECLARATION_LINES {
        lines.truncate(MAX_DECLARATION_LINES);
        lines.push("…");
    }
    lines.join("\n")
}

/// A special register (`%tid.x`, `%clock64`): what it holds, the version, target and
/// manual section of its row in the ISA tables.
fn describe_special(name: &str) -> String {
    let base = name.split('.').next().unwrap_or(name);
    let mut out = format!("special register `{base}`");
    if let Some(holds) = ptxkit_isa::special_registers::describe(base) {
        let _ = write!(out, ": {holds}");
    }
    match ptxkit_isa::directives::special_register(base) {
        Some(row) => {
            let mut needs = ptxkit_isa::Requirements::none();
            needs.add(std::iter::once(row));
            let target = needs
                .min_target
                .map_or("no target has it".to_string(), |t| format!(".target {t}"));
            let _ = write!(out, "\n\nneeds: PTX {}, {target} ({})", needs.min_ptx, row.source);
        }
        None if ptxkit_isa::special_registers::EVERYWHERE.contains(&base) => {
            out.push_str("\n\nevery PTX version and target has it")
        }
        None => out.push_str("\n\nno PTX version or target requirement is recorded for it"),
    }
    out
}
