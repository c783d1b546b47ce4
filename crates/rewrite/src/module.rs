//! Module-level constructs the destination may lack: `.target` options,
//! `.address_size` and 32-bit addressing, and every construct of
//! ptxkit-isa's module-level table (directives, function-header attributes,
//! debugging directives, pragmas, declarations, special registers), both
//! those the destination does not have yet and those it no longer has.

use ptxkit_isa::constructs::{Row, Use};
use ptxkit_isa::version::LAST_32BIT_VERSION;
use ptxkit_isa::{TargetOption, Version};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{Diagnostic, ParsedSource, Severity, Span, TextEdit, preorder};

use crate::header::Header;
use crate::migration::Move;
use crate::residual::NO_EQUIVALENT;

/// What the module-level check found: refusals, header edits and the names of
/// the header steps applied.
#[derive(Default)]
pub struct ModuleCheck {
    /// Constructs with no equivalent (spans in the checked text).
    pub refusals: Vec<Diagnostic>,
    /// Edits to the header.
    pub edits: Vec<TextEdit>,
    /// Header steps applied, with counts.
    pub applied: Vec<(&'static str, usize)>,
}

fn refusal(span: Span, message: String, needs: String, help: &str) -> Diagnostic {
    Diagnostic::new("", NO_EQUIVALENT, Severity::Error, message, span)
        .with_label(needs)
        .with_help(format!("{help}; the file was not changed"))
}

/// Checks the module-level constructs of `parsed` against the destination.
pub fn check(parsed: &ParsedSource, header: &Header, movement: &Move) -> ModuleCheck {
    let mut out = ModuleCheck::default();
    target_options(parsed, header, movement, &mut out);
    address_size(parsed, header, movement, &mut out);
    constructs(parsed, movement, &mut out);
    out
}

fn target_options(parsed: &ParsedSource, header: &Header, movement: &Move, out: &mut ModuleCheck) {
    let options = header.options();
    let entries: Vec<Span> = header
        .target_spans()
        .into_iter()
        .chain(options.iter().map(|(_, s)| *s))
        .collect();
    let previous_end = |span: Span| {
        entries
            .iter()
            .map(|s| s.end)
            .filter(|end| *end <= span.start)
            .max()
            .unwrap_or(span.start)
    };
    for (option, span) in &options {
        let min = option.min_ptx();
        match option {
            TargetOption::MapF64ToF32 if movement.to_target.sm >= 13 => match first_f64(parsed) {
                // Without double-precision code the option has nothing to map.
                None => {
                    out.edits.push(TextEdit::delete(Span::new(previous_end(*span), span.end)));
                    out.applied.push(("unused-map-f64-to-f32", 1));
                }
                Some(use_span) => out.refusals.push(
                    refusal(
                        *span,
                        format!("`map_f64_to_f32` has no equivalent on {}", movement.to_target),
                        "computes .f64 instructions in single precision".into(),
                        "ptxas rejects it from sm_13 on (\"Directive map_f64_to_f32 is not supported with SM 1.3 or higher\"); keep a target below sm_13",
                    )
                    .with_secondary(use_span, "double precision used here"),
                ),
            },
            TargetOption::TexmodeUnified if movement.to < min => {
                // The unified texturing mode is the default before 1.5.
                out.edits
                    .push(TextEdit::delete(Span::new(previous_end(*span), span.end)));
                out.applied.push(("texmode-unified", 1));
            }
            _ if movement.to < min => out.refusals.push(refusal(
                *span,
                format!("`.target {}` has no equivalent in PTX {}", option.name(), movement.to),
                format!("needs PTX {min}"),
                "keep the file at that version",
            )),
            _ => {}
        }
    }
}

/// The first `.f64` type in the module (instruction type or declaration).
fn first_f64(parsed: &ParsedSource) -> Option<Span> {
    let text = parsed.text();
    preorder(parsed.root())
        .find(|n| matches!(n.kind_name(), "modifier" | "type") && &text[n.byte_range()] == ".f64")
        .map(Span::of)
}

fn address_size(parsed: &ParsedSource, header: &Header, movement: &Move, out: &mut ModuleCheck) {
    let introduced = ptxkit_isa::directives::directive(".address_size").map_or(Version::new(1, 0), |row| row.ptx);
    if let Some((size, span)) = header.address_size()
        && movement.to < introduced
    {
        if size == 32 {
            // 32 is the default before `.address_size` existed.
            let end = line_end(parsed.text(), span.end);
            out.edits.push(TextEdit::delete(Span::new(span.start, end)));
            out.applied.push(("address-size-default", 1));
        } else {
            out.refusals.push(refusal(
                span,
                format!("`.address_size {size}` has no equivalent in PTX {}", movement.to),
                "needs PTX 2.3".into(),
                "keep the file at PTX 2.3 or later",
            ));
        }
    }
    if header.effective_address_size() != 32 {
        return;
    }
    let Some(use_span) = ptxkit_semantic::addressing::first_32bit_address(parsed, &header.module) else {
        return;
    };
    let span = header.address_size().map_or(use_span, |(_, s)| s);
    if movement.to_target.sm >= 90 {
        out.refusals.push(refusal(
            span,
            format!("32-bit addressing has no equivalent on {}", movement.to_target),
            "the 32-bit ABI stops at sm_89".into(),
            "choose a target below sm_90 with --target",
        ));
    } else if movement.to >= LAST_32BIT_VERSION.next().unwrap_or(Version::new(8, 0)) {
        out.refusals.push(refusal(
            span,
            format!(
                "32-bit addressing cannot be assembled at PTX {}: CUDA 12.0 and later, which PTX 8.0 and later need, removed 32-bit compilation",
                movement.to
            ),
            "pointers are 32-bit here".into(),
            "keep the file at PTX 7.8 or earlier, or port it to `.address_size 64` (its pointer parameters change size, so the host code changes too)",
        ));
    }
}

fn line_end(text: &str, from: usize) -> usize {
    text[from..].find('\n').map_or(text.len(), |i| from + i + 1)
}

/// The constructs of ptxkit-isa's module-level table that the destination
/// rejects and the source did not: one refusal per construct (its first
/// use). What the passes rewrite is gone by now, so what is left has no
/// equivalent. `.address_size` is judged by [`address_size`].
fn constructs(parsed: &ParsedSource, movement: &Move, out: &mut ModuleCheck) {
    let mut reported = std::collections::HashSet::new();
    for used in ptxkit_isa::constructs::uses(parsed) {
        let name = used.row.name();
        if name == ".address_size"
            || !used.rejected(movement.to, movement.to_target)
            || used.rejected(movement.from, movement.from_target)
            || !reported.insert(name)
        {
            continue;
        }
        out.refusals.push(construct_refusal(&used, movement));
    }
}

fn construct_refusal(used: &Use, movement: &Move) -> Diagnostic {
    let name = used.row.name();
    let ptxas: Vec<String> = used
        .issues(movement.to, movement.to_target)
        .iter()
        .filter(|i| i.is_error())
        .map(|i| i.message())
        .collect();
    let (message, label, help) = match used.row {
        Row::Removed(d) => {
            let from = d.rejected_from.unwrap_or(movement.to);
            (
                format!(
                    "`{name}` has no equivalent in PTX {}: removed in PTX {from}",
                    movement.to
                ),
                format!("removed in PTX {from}"),
                format!("keep the file below PTX {from}, or replace it with {}", d.replacement),
            )
        }
        Row::Introduced(feature) => {
            let needs = needs(feature);
            (
                format!(
                    "`{name}` has no equivalent in PTX {} for {}",
                    movement.to, movement.to_target
                ),
                format!("needs {needs}"),
                format!("keep the file at {needs}"),
            )
        }
        Row::Unsupported(u) => (
            format!("`{name}` is accepted by no ptxas"),
            "not PTX".to_string(),
            format!("fix the source first ({})", u.source),
        ),
    };
    refusal(used.span, message, label, &help).with_note(format!("ptxas would say: {}", ptxas.join("; ")))
}

/// `PTX 7.8 and sm_90`, or `PTX 2.0`: what a table row needs.
fn needs(feature: &ptxkit_isa::Feature) -> String {
    match feature.target.min_base() {
        Some(t) if t.sm > 10 => format!("PTX {} and {t}", feature.ptx.max(t.min_ptx().unwrap_or(feature.ptx))),
        Some(_) => format!("PTX {}", feature.ptx),
        None => format!("PTX {} and an arch-specific target", feature.ptx),
    }
}
