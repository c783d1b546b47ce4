//! # shfl-vote-without-sync (PTX202)
//!
//! ## What it does
//! Reports `shfl` and `vote` without `.sync` (and without a member mask).
//!
//! ## Why it matters
//! The non-`.sync` forms assume that a warp executes in lock step, which
//! Volta's independent thread scheduling broke. They are deprecated since
//! PTX 6.0, and for `.target sm_70` and later ptxas rejects them from PTX 6.4
//! on: "Instruction 'shfl' without '.sync' is not supported on .target sm_70
//! and higher from PTX ISA version 6.4". For older targets they are a
//! warning.
//!
//! ## Example
//! ```ptx
//! shfl.bfly.b32 %r1, %r2, 1, 31;
//! vote.ballot.b32 %r3, %p1;
//! ```
//!
//! ## Use instead
//! ```ptx
//! shfl.sync.bfly.b32 %r1, %r2, 1, 31, 0xffffffff;
//! vote.sync.ballot.b32 %r3, %p1, 0xffffffff;
//! ```
//!
//! ## Fix safety
//! Unsafe: the fix adds `.sync` with the full member mask `0xffffffff`, which
//! is right only when every lane of the warp reaches the instruction (the
//! usual case for code written for lock-step warps). Offered from PTX 6.0,
//! where the `.sync` forms exist.

use ptxkit_syntax::{Applicability, Fix, Severity, Span, TextEdit};

use crate::checker::{Captures, Checker, RuleImpl};
use crate::migration::{Boundary, Finder, Migration, Since, Tag};
use ptxkit_isa::deprecations::{self, Status};

pub(crate) const NAME: &str = "shfl-vote-without-sync";

pub(crate) const RULE: crate::RuleInfo = crate::RuleInfo {
    code: "PTX202",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::Unsafe,
    summary: "`shfl`/`vote` without `.sync` (removed for sm_70+ from PTX 6.4)",
    imp: RuleImpl {
        query: Some(query!("shfl_vote_without_sync")),
        on_match: Some(check),
        on_module: None,
    },
};

/// `ptxrewrite` moves the construct with this rule's fixes (see [`MIGRATION_DOC`]).
pub(crate) const MIGRATION: Migration = Migration {
    name: "shfl-vote-sync",
    boundary: Boundary::FromOnTarget(
        Since::Fact(deprecations::SHFL_WITHOUT_SYNC.rejected_version()),
        deprecations::SHFL_WITHOUT_SYNC.rejected_on_sm,
    ),
    tag: Tag::Approximate,
    same_code: true,
    summary: "`shfl.MODE` / `vote.MODE` → `shfl.sync.MODE` / `vote.sync.MODE` with mask 0xffffffff (sm_70+)",
    doc: MIGRATION_DOC,
    finder: Finder::Rule(&RULE),
};

const MIGRATION_DOC: &str = r#"
## What it does

For a destination target of `sm_70` or newer:
`shfl.MODE.b32 d{|p}, a, b, c;` → `shfl.sync.MODE.b32 d{|p}, a, b, c, 0xffffffff;`
and `vote.MODE.TYPE d, p;` → `vote.sync.MODE.TYPE d, p, 0xffffffff;`.

## Why

PTX 6.4 removed `shfl` and `vote` without `.sync` for `sm_70` and newer
targets (ptxas: "Instruction 'shfl' without '.sync' is not supported on
.target sm_70 and higher from PTX ISA version 6.4"). Below `sm_70` the old
forms stay legal and this pass does nothing.

## Example

`ptxrewrite --to 7.0 --target sm_80 --allow-approximate`:

```ptx
.version 6.0
.target sm_70
.entry k()
{
	.reg .b32 %r<3>;
	.reg .pred %p<3>;
	shfl.bfly.b32 %r2, %r1, 1, 31;
	vote.any.pred %p2, %p1;
	ret;
}
```

becomes

```ptx
.version 7.0
.target sm_80
.entry k()
{
	.reg .b32 %r<3>;
	.reg .pred %p<3>;
	shfl.sync.bfly.b32 %r2, %r1, 1, 31, 0xffffffff;
	vote.sync.any.pred %p2, %p1, 0xffffffff;
	ret;
}
```

## Safety

Approximate. Where the whole warp executes the instruction together (the
usual warp-reduction and warp-vote code), ptxas produces the same machine
code for both forms (checked on sm_70, sm_80 and sm_90). Where only part of
the warp reaches it (inside a divergent branch), the old form read the
active threads' values; the `.sync` form with a full mask requires all 32
threads to execute it, and ptxas emits a different, reconverging sequence.
NVIDIA's migration advice applies: "Don't just use FULL_MASK if not all
threads in the warp can reach the primitive."
"#;

fn check<'a>(checker: &mut Checker<'a>, captures: &Captures<'a>) {
    let Some((node, insn)) = checker.captured_opcode(captures, &["shfl", "vote"]) else {
        return;
    };
    if insn.has(".sync") || node.has_error() {
        return;
    }
    let Some(opcode_node) = insn.opcode_node() else {
        return;
    };
    let opcode = insn.opcode();
    // The row of `shfl !.sync` or `vote !.sync`: deprecated when the `.sync`
    // forms appeared, rejected later on targets with independent scheduling.
    let row = if opcode == "vote" {
        &deprecations::VOTE_WITHOUT_SYNC
    } else {
        &deprecations::SHFL_WITHOUT_SYNC
    };
    let version = checker.version();
    let rejected = match (version, checker.target()) {
        (Some(version), Some(target)) => row.status(version, target) == Status::Rejected,
        _ => false,
    };
    let severity = if rejected { Severity::Error } else { Severity::Warning };
    let note = if rejected {
        format!("ptxas: \"{}\"", row.error)
    } else {
        format!(
            "deprecated since PTX {}; rejected for sm_{} and later from PTX {}",
            row.deprecated_in,
            row.rejected_on_sm,
            row.rejected_from.unwrap_or(row.deprecated_in)
        )
    };
    let mut diagnostic = checker
        .diagnostic_with(severity, Span::of(opcode_node), format!("`{opcode}` without `.sync`"))
        .with_label("assumes lock-step warps")
        .with_note(note)
        .with_help(format!(
            "use `{opcode}.sync` with a member mask (`0xffffffff` for the whole warp)"
        ));
    if version.is_none_or(|v| row.deprecated_at(v))
        && let Some(last) = insn.operands().last()
    {
        diagnostic = diagnostic.with_fix(Fix {
            message: format!("use `{opcode}.sync` with the full member mask"),
            applicability: Applicability::Unsafe,
            edits: vec![
                TextEdit::insert(opcode_node.end_byte(), ".sync"),
                TextEdit::insert(last.end_byte(), ", 0xffffffff"),
            ],
        });
    }
    checker.report(diagnostic);
}
