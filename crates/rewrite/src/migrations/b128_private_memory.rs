//! `b128-private-memory`: `.b128` registers, and their loads and stores in
//! thread-private memory, split into `.b64` pairs below PTX 8.3.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::{Instruction, VariableDeclaration};
use ptxkit_syntax::{Diagnostic, Span, TextEdit, preorder};

use ptxkit_isa::snippet::Snippet;

use crate::migration::{Boundary, Finder, Migration, PassContext, Since, Tag};

pub(crate) const MIGRATION: Migration = Migration {
    name: "b128-private-memory",
    boundary: Boundary::Below(Since::Introduced(Snippet::body("ld.local.b128 %q1, [%rd1]", "sm_90"))),
    tag: Tag::Exact,
    same_code: true,
    summary: "`.b128` registers → `.b64` pairs; `ld/st.local/.param .b128` → `.v2.b64`; `mov.b128` → two `mov.b64`",
    doc: DOC,
    finder: Finder::Walk(run),
};

const DOC: &str = r#"
## What it does

For each function whose `.reg .b128` registers are used only by `ld` and
`st` in `.local` or `.param` memory and by `mov.b128` (packing, unpacking or
copying), declares each register as two `.b64` registers (low and high
halves) and rewrites the uses:

- `ld.local.b128 %q1, [a]` → `ld.local.v2.b64 {lo1, hi1}, [a]`;
- `st.param.b128 [a], %q1` → `st.param.v2.b64 [a], {lo1, hi1}`;
- `mov.b128 %q1, {%rd1, %rd2}` → `mov.b64 lo1, %rd1; mov.b64 hi1, %rd2;` and
  the reverse for unpacking.

Registers used anywhere else (global or shared memory, generic addresses,
atomics, other instructions) are left alone and refused by the destination
check; `.b128` parameters and variables are refused.

## Why

PTX 8.3 introduced the `.b128` type for `ld`, `st` and `mov` (sm_70). A
128-bit value in memory is its two 64-bit halves, the low half at the lower
address; `mov.b128 d, {a, b}` puts `a` in the low half (PTX ISA, "Fundamental
types", `mov`). In `.local` and `.param` memory no other thread can observe
the access, so one 128-bit access and a two-element vector access are
indistinguishable. In global or shared memory a single 128-bit access may be
observed differently from two 64-bit ones by concurrent threads, so those are
not rewritten.

## Example

`ptxrewrite --to 8.2`:

```ptx
.version 8.3
.target sm_80
.entry k()
{
	.reg .b64 %rd<5>;
	.reg .b128 %q<2>;
	.local .align 16 .b8 spill[16];
	mov.b128 %q1, {%rd1, %rd2};
	st.local.b128 [spill], %q1;
	ld.local.b128 %q1, [spill];
	mov.b128 {%rd3, %rd4}, %q1;
	ret;
}
```

becomes

```ptx
.version 8.2
.target sm_80
.entry k()
{
	.reg .b64 %rd<5>;
	.reg .b64 %ptxrwq_lo<2>, %ptxrwq_hi<2>;
	.local .align 16 .b8 spill[16];
	mov.b64 %ptxrwq_lo1, %rd1; mov.b64 %ptxrwq_hi1, %rd2;
	st.local.v2.b64 [spill], {%ptxrwq_lo1, %ptxrwq_hi1};
	ld.local.v2.b64 {%ptxrwq_lo1, %ptxrwq_hi1}, [spill];
	mov.b64 %rd3, %ptxrwq_lo1; mov.b64 %rd4, %ptxrwq_hi1;
	ret;
}
```

## Safety

Exact: the same bytes move between the same places, in thread-private memory
only.
"#;

/// One `.b128` declarator: its name, count (for `%q<N>`) and new names.
struct Split {
    name: String,
    count: Option<u64>,
    lo: String,
    hi: String,
}

impl Split {
    /// The halves of register `reg`, if this declarator declares it.
    fn halves(&self, reg: &str) -> Option<(String, String)> {
        match self.count {
            None => (reg == self.name).then(|| (self.lo.clone(), self.hi.clone())),
            Some(count) => {
                let index = reg.strip_prefix(&self.name)?;
                let ok = !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit());
                (ok && index.parse::<u64>().is_ok_and(|i| i < count))
                    .then(|| (format!("{}{index}", self.lo), format!("{}{index}", self.hi)))
            }
        }
    }
}

fn run(ctx: &PassContext<'_>, out: &mut Vec<Diagnostic>) {
    let text = ctx.text();
    // A `.b128` parameter or variable has no older type of the same ABI class.
    for node in preorder(ctx.parsed.root()) {
        if !matches!(node.kind_name(), "parameter_declaration" | "variable_declaration") {
            continue;
        }
        let is_b128 = ptxkit_syntax::ast::field_children(node, "type")
            .iter()
            .any(|t| ctx.node_text(*t) == ".b128");
        let is_reg = ptxkit_syntax::ast::field_children(node, "state_space")
            .iter()
            .any(|s| ctx.node_text(*s) == ".reg");
        if is_b128 && !is_reg {
            out.push(
                ctx.refuse(
                    Span::of(node),
                    format!("`{}` has no equivalent in PTX {}", ctx.node_text(node), ctx.movement.to),
                )
                .with_label("needs PTX 8.3")
                .with_note("a 128-bit scalar parameter or variable may be passed and laid out differently from a 16-byte array")
                .with_help("keep the file at PTX 8.3 or later, or declare it `.align 16 .b8 name[16]` by hand; the file was not changed"),
            );
        }
    }
    for function in ctx.functions() {
        let Some(body) = function.body() else { continue };
        let declarations: Vec<VariableDeclaration<'_>> = preorder(body)
            .filter_map(|n| VariableDeclaration::cast(n, text))
            .filter(|d| d.specifiers().state_space() == Some(".reg") && d.specifiers().type_name() == Some(".b128"))
            .collect();
        if declarations.is_empty() {
            continue;
        }
        let prefix = ctx.temp_prefix();
        let splits: Vec<Split> = declarations
            .iter()
            .flat_map(|d| d.declarators())
            .map(|d| {
                let bare = d.name().trim_start_matches('%');
                Split {
                    name: d.name().to_string(),
                    count: d.count(),
                    lo: format!("{prefix}{bare}_lo"),
                    hi: format!("{prefix}{bare}_hi"),
                }
            })
            .collect();
        let halves = |reg: &str| splits.iter().find_map(|s| s.halves(reg));
        // Every instruction that names one of the registers must be rewritable.
        let mut edits = Vec::new();
        let mut convertible = true;
        for node in preorder(body) {
            let Some(instruction) = Instruction::cast(node, text) else {
                continue;
            };
            let names: Vec<&str> = preorder(node)
                .filter(|n| n.kind_name() == "identifier")
                .map(|n| &text[n.byte_range()])
                .collect();
            if !names.iter().any(|n| halves(n).is_some()) {
                continue;
            }
            match rewrite_use(ctx, &instruction, &halves) {
                Some(mut e) => edits.append(&mut e),
                None => {
                    convertible = false;
                    break;
                }
            }
        }
        if !convertible {
            continue;
        }
        for declaration in &declarations {
            let names: Vec<String> = declaration
                .declarators()
                .iter()
                .map(|d| {
                    let bare = d.name().trim_start_matches('%');
                    match d.count() {
                        Some(n) => format!("{prefix}{bare}_lo<{n}>, {prefix}{bare}_hi<{n}>"),
                        None => format!("{prefix}{bare}_lo, {prefix}{bare}_hi"),
                    }
                })
                .collect();
            edits.push(TextEdit::replace(
                Span::of(declaration.node()),
                format!(".reg .b64 {};", names.join(", ")),
            ));
        }
        out.push(ctx.rewrite(
            Span::of(declarations[0].node()),
            format!("`.b128` registers of `{}` → `.b64` pairs", function.name()),
            edits,
        ));
    }
}

/// The edits for one instruction that uses a `.b128` register, or `None`
/// when it cannot be rewritten exactly.
fn rewrite_use(
    ctx: &PassContext<'_>,
    instruction: &Instruction<'_>,
    halves: &dyn Fn(&str) -> Option<(String, String)>,
) -> Option<Vec<TextEdit>> {
    let modifiers = instruction.modifiers();
    let operands = instruction.operands();
    let pair = |node: ptxkit_syntax::tree_sitter::Node<'_>| {
        (node.kind_name() == "identifier")
            .then(|| halves(ctx.node_text(node)))
            .flatten()
    };
    let elements = |node: ptxkit_syntax::tree_sitter::Node<'_>| -> Option<Vec<String>> {
        if node.kind_name() != "vector_operand" {
            return None;
        }
        let mut cursor = node.walk();
        let items: Vec<String> = node
            .fields("element", &mut cursor)
            .map(|e| ctx.node_text(e).to_string())
            .collect();
        (items.len() == 2).then_some(items)
    };
    match instruction.opcode() {
        "ld" | "st" => {
            let private = modifiers
                .iter()
                .any(|m| m.starts_with(".local") || m.starts_with(".param"));
            let type_node = ctx.modifier(instruction, ".b128")?;
            if !private || modifiers.iter().any(|m| m.starts_with(".v")) || operands.len() != 2 {
                return None;
            }
            let register = if instruction.opcode() == "ld" {
                operands[0]
            } else {
                operands[1]
            };
            let (lo, hi) = pair(register)?;
            Some(vec![
                TextEdit::replace(Span::of(type_node), ".v2.b64"),
                TextEdit::replace(Span::of(register), format!("{{{lo}, {hi}}}")),
            ])
        }
        "mov" if modifiers == [".b128"] && operands.len() == 2 => {
            let lines: Vec<String> = match (pair(operands[0]), pair(operands[1])) {
                (Some((dlo, dhi)), Some((slo, shi))) => {
                    vec![format!("mov.b64 {dlo}, {slo}"), format!("mov.b64 {dhi}, {shi}")]
                }
                (Some((dlo, dhi)), None) => {
                    let parts = elements(operands[1])?;
                    vec![
                        format!("mov.b64 {dlo}, {}", parts[0]),
                        format!("mov.b64 {dhi}, {}", parts[1]),
                    ]
                }
                (None, Some((slo, shi))) => {
                    let parts = elements(operands[0])?;
                    vec![
                        format!("mov.b64 {}, {slo}", parts[0]),
                        format!("mov.b64 {}, {shi}", parts[1]),
                    ]
                }
                (None, None) => return None,
            };
            Some(vec![ctx.expansion(instruction, "", &lines)])
        }
        _ => None,
    }
}
