//! The last word before writing: every instruction of the rewritten text is
//! checked against the destination version and target with `ptxkit-isa`. What
//! no pass could rewrite becomes a refusal, one per construct, with what it
//! is and what it needs.

use ptxkit_isa::{Issue, Target, Version, check, requirements};
use ptxkit_semantic::{Instruction, RegisterLookup, SymbolTable};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{Diagnostic, ParsedSource, Severity, Span, preorder};

use crate::migration::Move;

/// Rule name of refusals for constructs that have no equivalent.
pub const NO_EQUIVALENT: &str = "no-equivalent";

/// One instruction that the destination rejects.
pub struct Leftover {
    /// The opcode's span (where the caret goes).
    pub opcode_span: Span,
    /// The instruction as written, opcode and modifiers.
    pub full_opcode: String,
    /// The complaints, in ptxas's words.
    pub issues: Vec<String>,
    /// What the instruction needs.
    pub needs: String,
}

/// Whether an issue means the destination rejects the instruction because of
/// the move (version or target), rather than a table gap.
fn is_move_issue(issue: &Issue) -> bool {
    matches!(
        issue,
        Issue::NeedsVersion { .. }
            | Issue::NeedsTarget { .. }
            | Issue::NotOnTarget { .. }
            | Issue::Removed(_)
            | Issue::MissingRounding { .. }
    )
}

/// The version and target issues of `form` under `version`/`target`.
pub fn move_issues(form: &ptxkit_isa::InstructionForm<'_>, version: Version, target: Target) -> Vec<String> {
    check(form, version, target)
        .iter()
        .filter(|i| is_move_issue(i))
        .map(Issue::message)
        .collect()
}

/// What an instruction form (with more table rows, e.g. a texture handle in a
/// register) needs, in words: `PTX 8.0 and sm_90a`.
pub fn needs_text(form: &ptxkit_isa::InstructionForm<'_>, more: &[&'static ptxkit_isa::Feature]) -> String {
    let mut r = requirements(form);
    r.add(more.iter().copied());
    match r.min_target {
        Some(t) => format!("PTX {} and {t}", r.min_ptx.max(t.min_ptx().unwrap_or(r.min_ptx))),
        None => format!("PTX {} and a target that has all of its features", r.min_ptx),
    }
}

/// Every instruction of `parsed` that the destination of `movement` rejects,
/// except those whose complaints the source already had under its own
/// version and target (`already` answers that for an instruction's text).
pub fn leftovers(parsed: &ParsedSource, movement: &Move, already: &dyn Fn(Span, &str) -> Vec<String>) -> Vec<Leftover> {
    let text = parsed.text();
    let symbols = SymbolTable::build(parsed);
    let mut out = Vec::new();
    for node in preorder(parsed.root()) {
        let Some(instruction) = Instruction::cast(node, text) else {
            continue;
        };
        let form = instruction.form();
        let mut issues = move_issues(&form, movement.to, movement.to_target);
        let handle_row = ptxkit_isa::directives::register_handle_row(instruction.opcode())
            .filter(|_| handle_register(&instruction, &symbols, text).is_some());
        issues.extend(
            ptxkit_isa::check_features(handle_row, movement.to, movement.to_target)
                .iter()
                .map(Issue::message),
        );
        let block = instruction.form_features(&symbols);
        for issue in ptxkit_isa::check_features(block.iter().copied(), movement.to, movement.to_target) {
            let issue = issue.message();
            if !issues.contains(&issue) {
                issues.push(issue);
            }
        }
        if issues.is_empty() {
            continue;
        }
        let before = already(Span::of(node), &text[node.byte_range()]);
        issues.retain(|i| !before.contains(i));
        if issues.is_empty() {
            continue;
        }
        out.push(Leftover {
            opcode_span: instruction.opcode_span(),
            full_opcode: instruction.full_opcode().to_string(),
            issues,
            needs: needs_text(&form, &handle_row.into_iter().chain(block).collect::<Vec<_>>()),
        });
    }
    out
}

/// The texture or surface handle of `instruction` when it is a register (the
/// first element of its address operand), not a `.texref`/`.surfref` name.
fn handle_register<'t>(instruction: &Instruction<'t>, symbols: &SymbolTable, text: &'t str) -> Option<&'t str> {
    let address = instruction.address_operand()?;
    let mut cursor = address.walk();
    let handle = address.fields("element", &mut cursor).next()?;
    let name = &text[handle.byte_range()];
    let declared = matches!(
        symbols.register(handle.start_byte(), name),
        RegisterLookup::Declared(_) | RegisterLookup::InRange(_)
    );
    (handle.kind_name() == "identifier" && declared).then_some(name)
}

/// The refusal for one leftover instruction, at `span`.
pub fn refusal(leftover: &Leftover, span: Span, movement: &Move) -> Diagnostic {
    Diagnostic::new(
        "",
        NO_EQUIVALENT,
        Severity::Error,
        format!(
            "`{}` has no equivalent in PTX {} for {}",
            leftover.full_opcode, movement.to, movement.to_target
        ),
        span,
    )
    .with_label(format!("needs {}", leftover.needs))
    .with_note(format!(
        "ptxas would say: {}",
        leftover.issues.iter().take(2).cloned().collect::<Vec<_>>().join("; ")
    ))
    .with_help(format!(
        "keep this kernel at {} or rewrite it by hand; the file was not changed",
        leftover.needs
    ))
}
