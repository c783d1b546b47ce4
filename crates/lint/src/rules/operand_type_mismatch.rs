//! # operand-type-mismatch (PTX407)
//!
//! ## What it does
//! Reports a register whose declared type ptxas does not accept for the type
//! the instruction gives its operand: the register types ptxas 11.8, 12.9 and
//! 13.5 accept for each operand type, probed (`ptxkit_isa::signature::register_fits`).
//! Bit types take every type of their size, signed and unsigned integers of
//! the same size each other (and `.f16x2` registers, where the instruction's
//! type part gives the operand its type), floats their own type and bits;
//! `ld`, `st` and `cvt` also accept wider integer and bit registers. Constants
//! have types too: an integer constant where a `.f32`/`.f64` operand goes
//! (`add.f32 %f1, %f2, 1`), a float constant where an integer goes, any
//! constant where a half-precision operand goes. Shift
//! amounts and `bfe`/`bfi` positions are `.u32`; `mul.wide`/`mad.wide`
//! results are twice as wide; comparisons write predicates.
//!
//! ## Why it matters
//! ptxas rejects the instruction with "Arguments mismatch for instruction
//! 'add'". The usual cause is a type suffix changed without the registers
//! (`add.s64` on `%r` registers) or the reverse.
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<4>;
//! add.s64 %r1, %r2, %r3;
//! ```
//!
//! ## Use instead
//! ```ptx
//! add.s32 %r1, %r2, %r3;
//! ```
//!
//! ## Fix safety
//! No fix: either the suffix or the registers may be what is wrong.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::Span;
use ptxkit_syntax::tree_sitter::Node;

use crate::checker::Checker;
use ptxkit_isa::signature::{Found, Problem};

use crate::rule::{Rule, Visits};
use crate::signature_problems::operand_node;
use crate::types::type_shape;
use ptxkit_isa::signature::{Typing, register_fits};
use ptxkit_semantic::Instruction;

pub(crate) const NAME: &str = "operand-type-mismatch";

pub(crate) const RULE: Rule = Rule {
    code: "PTX407",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "register type disagrees with the instruction type",
    visits: Visits::nodes(&["instruction", "call_instruction"], check),
};

/// What type an operand position has.
#[derive(Clone, Copy)]
enum Slot {
    /// The instruction type (the only or last type modifier).
    Ty,
    /// Twice the instruction type (`mul.wide` results).
    Wide,
    /// `.u32` (shift amounts, bit positions, counts).
    U32,
    /// `.pred`.
    Pred,
    /// The first of two type modifiers (`cvt`, `set`, `slct` destinations).
    First,
    /// The second of two type modifiers.
    Second,
    /// Not checked.
    Skip,
}

struct Signature {
    slots: Vec<Slot>,
    /// `ld`/`st`/`cvt`: wider registers allowed (Tables 24 and 25).
    relaxed: bool,
}

fn signature(insn: &Instruction<'_>, types: &[&str]) -> Option<Signature> {
    use Slot::*;
    let plain = |slots: Vec<Slot>| Some(Signature { slots, relaxed: false });
    let single = types.len() == 1;
    match insn.opcode() {
        "mul" | "mad" if insn.has(".wide") && single => plain(if insn.opcode() == "mul" {
            vec![Wide, Ty, Ty]
        } else {
            vec![Wide, Ty, Ty, Wide]
        }),
        "add" | "sub" | "mul" | "mad" | "min" | "max" | "and" | "or" | "xor" | "not" | "cnot" | "neg" | "abs"
        | "rem" | "div" | "mul24" | "mad24" | "sad" | "addc" | "subc" | "madc" | "copysign" | "fma" | "rcp"
        | "sqrt" | "rsqrt" | "sin" | "cos" | "lg2" | "ex2" | "tanh" | "brev" | "prmt"
            if single =>
        {
            plain(vec![Ty; insn.operands().len()])
        }
        "shl" | "shr" if single => plain(vec![Ty, Ty, U32]),
        "mov" if single => plain(vec![Ty, Ty]),
        "setp" if single => plain(vec![Pred, Ty, Ty, Pred]),
        "selp" if single => plain(vec![Ty, Ty, Ty, Pred]),
        "set" if types.len() == 2 => plain(vec![First, Second, Second, Pred]),
        "slct" if types.len() == 2 => plain(vec![First, First, First, Second]),
        "cvt" if types.len() == 2 && !insn.has(".pack") => Some(Signature {
            slots: vec![First, Second, Second],
            relaxed: true,
        }),
        "ld" | "ldu" if single => Some(Signature {
            slots: vec![Ty, Skip],
            relaxed: true,
        }),
        "st" if single => Some(Signature {
            slots: vec![Skip, Ty],
            relaxed: true,
        }),
        "bfe" if single => plain(vec![Ty, Ty, U32, U32]),
        "bfi" if single => plain(vec![Ty, Ty, Ty, U32, U32]),
        "popc" | "clz" | "bfind" if single => plain(vec![U32, Ty]),
        "testp" if single => plain(vec![Pred, Ty]),
        _ => None,
    }
}

struct Mismatch<'t> {
    node: Node<'t>,
    register: String,
    expected: String,
}

fn check<'a>(checker: &mut Checker<'a>, node: Node<'a>) {
    if node.has_error() {
        return;
    }
    let Some(insn) = checker.insn(node) else { return };
    let found = signature_mismatches(checker, node).or_else(|| table_mismatches(checker, &insn, node));
    let Some((mismatches, checked)) = found else {
        return;
    };
    if mismatches.is_empty() {
        return;
    }
    let modifiers: Vec<&str> = insn.modifiers().iter().map(|m| m.text).collect();
    let opcode = ptxkit_isa::ptxas_names::ptxas_instruction_name(insn.opcode(), &modifiers);
    let note = format!("ptxas: \"Arguments mismatch for instruction '{opcode}'\"");
    if mismatches.len() >= 2 && mismatches.len() == checked {
        let type_node = insn.type_modifiers().last().map_or(node, |m| m.node);
        let registers: Vec<_> = mismatches.iter().map(|m| m.register.clone()).collect();
        let diagnostic = checker
            .diagnostic(
                Span::of(type_node),
                format!("`{}` does not match the types of its registers", insn.full_opcode()),
            )
            .with_label(registers.join(", "))
            .with_note(note)
            .with_help("change the type suffix to the registers' type, or use registers of the instruction's type");
        checker.report(diagnostic);
        return;
    }
    for m in mismatches {
        // `.bf16` elements take no constant, `.f16` ones no decimal float, registers or not.
        let judged_by_type =
            m.expected.starts_with(".bf16") || (m.expected.starts_with(".f16") && m.node.kind_name() == "float");
        if !judged_by_type && let Some(register) = beside_register(checker, node, m.node) {
            // A constant in a braced vector with registers: ptxas judges it against them.
            let diagnostic = checker
                .diagnostic(
                    Span::of(m.node),
                    format!(
                        "{} beside `{register}` registers in the braced vector of `{}`",
                        m.register,
                        insn.full_opcode()
                    ),
                )
                .with_label(format!("not a `{register}` constant"))
                .with_note(format!(
                    "ptxas judges a constant element against the vector's registers: \"Vector with elements of \
                     different types are not allowed in {opcode} instruction\""
                ))
                .with_help(if register.starts_with(".f") || register.starts_with(".bf") {
                    "write the constant as a float (`1.0`, `0f3F800000`)"
                } else {
                    "write the constant as an integer"
                });
            checker.report(diagnostic);
            continue;
        }
        let diagnostic = checker
            .diagnostic(
                Span::of(m.node),
                format!(
                    "{} but `{}` expects a `{}` operand here",
                    m.register,
                    insn.full_opcode(),
                    m.expected
                ),
            )
            .with_label(format!("expected `{}`", m.expected))
            .with_note(note.clone())
            .with_help(help_for(&m.expected));
        checker.report(diagnostic);
    }
}

/// What to write instead: for an operand type no register can be declared with (`.e4m3x2`,
/// `.bf16`), the register types ptxas takes for it.
fn help_for(expected: &str) -> String {
    if ptxkit_isa::signature::DECLARABLE_REGISTER_TYPES.contains(&expected) {
        return "use a register of a matching type (bit types match any type of their size)".to_string();
    }
    match ptxkit_isa::signature::accepted_registers(expected, Typing::Instruction) {
        Some(registers) => {
            let names: Vec<String> = registers.map(|r| format!("`{r}`")).collect();
            format!("a `{expected}` value lives in a {} register", names.join(" or "))
        }
        None => "use a register of a matching type (bit types match any type of their size)".to_string(),
    }
}

/// The declared type of the register a constant element of a braced vector is judged against
/// (the first register after it, else the nearest before it), when `constant` is one.
fn beside_register<'a>(checker: &Checker<'a>, instruction: Node<'a>, constant: Node<'a>) -> Option<&'a str> {
    if !matches!(constant.kind_name(), "integer" | "float") {
        return None;
    }
    let vector = constant.parent().filter(|p| p.kind_name() == "vector_operand")?;
    let mut cursor = vector.walk();
    let elements: Vec<Node<'a>> = vector.fields("element", &mut cursor).collect();
    let at = elements.iter().position(|e| e.id() == constant.id())?;
    let typed = |e: &Node<'a>| {
        (e.kind_name() == "identifier")
            .then(|| {
                checker
                    .symbols
                    .register_type(instruction.start_byte(), checker.node_text(*e))
            })
            .flatten()
            .map(|(t, _)| t)
    };
    elements[at + 1..]
        .iter()
        .find_map(typed)
        .or_else(|| elements[..at].iter().rev().find_map(typed))
}

/// The mismatches the instruction's signature finds, and how many registers it checked;
/// `None` when no signature describes the opcode.
fn signature_mismatches<'a>(checker: &Checker<'a>, node: Node<'a>) -> Option<(Vec<Mismatch<'a>>, usize)> {
    let check = checker.signature(node);
    let check = check.as_ref().as_ref()?;
    let mut mismatches = Vec::new();
    for problem in &check.analysis.problems {
        let Problem::OperandType {
            operand,
            element,
            expected,
            ..
        } = *problem
        else {
            continue;
        };
        let Some(register) = operand_node(check, operand, element) else {
            continue;
        };
        let name = checker.node_text(register);
        let special = ptxkit_isa::special_registers::scalar_type(name)
            .filter(|_| ptxkit_isa::special_registers::is_special_register(name.split('.').next().unwrap_or(name)));
        let what = match register.kind_name() {
            _ if let Some(ty) = special => format!("`{name}` is a `{ty}` special register"),
            "integer" => format!("`{name}` is an integer constant"),
            "float" => format!("`{name}` is a float constant"),
            _ if register.kind_name() != "identifier" => format!("`{name}` is a constant"),
            _ => {
                let declared = checker
                    .symbols
                    .register_type(node.start_byte(), name)
                    .map_or("?", |(t, _)| t);
                format!("`{name}` is `{declared}`")
            }
        };
        mismatches.push(Mismatch {
            node: register,
            register: what,
            expected: expected.to_string(),
        });
    }
    Some((mismatches, typed_registers(&check.instance.operands)))
}

/// How many registers with a declared type the operands hold.
fn typed_registers(operands: &[Found<'_>]) -> usize {
    operands
        .iter()
        .map(|found| match found {
            Found::Register { ty: Some(_), .. } | Found::RegisterOffset { ty: Some(_) } => 1,
            Found::Vector(inner) | Found::Address(inner) => typed_registers(inner),
            Found::Pair(a, b) => typed_registers(std::slice::from_ref(a)) + typed_registers(std::slice::from_ref(b)),
            Found::Negated(a) => typed_registers(std::slice::from_ref(a)),
            _ => 0,
        })
        .sum()
}

/// The mismatches of the fallback table, for opcodes no signature describes yet.
fn table_mismatches<'a>(
    checker: &Checker<'a>,
    insn: &Instruction<'a>,
    node: Node<'a>,
) -> Option<(Vec<Mismatch<'a>>, usize)> {
    let types = insn.types();
    let signature = signature(insn, &types)?;
    // The operand type (as shown) and how the operand gets it.
    let shape_of = |slot: Slot| -> Option<(String, Typing)> {
        let name = match slot {
            Slot::Ty | Slot::Wide => *types.last()?,
            Slot::U32 => ".u32",
            Slot::Pred => ".pred",
            Slot::First => types[0],
            Slot::Second => types[1],
            Slot::Skip => return None,
        };
        let shape = type_shape(name)?;
        let shown = if matches!(slot, Slot::Wide) {
            format!("{}{}", &name[..2], shape.bits * 2)
        } else {
            name.to_string()
        };
        let typing = match slot {
            Slot::U32 | Slot::Pred => Typing::Fixed,
            _ if signature.relaxed => Typing::Wide,
            _ => Typing::Instruction,
        };
        Some((shown, typing))
    };
    let at = node.start_byte();
    let mut mismatches = Vec::new();
    let mut checked = 0usize;
    let vectorized = insn.vector().is_some();
    for (operand, slot) in insn.operands().iter().zip(&signature.slots) {
        let Some((shown, typing)) = shape_of(*slot) else {
            continue;
        };
        let registers: Vec<Node<'_>> = match operand.kind_name() {
            "identifier" if !vectorized => vec![*operand],
            "vector_operand" if vectorized => {
                let mut cursor = operand.walk();
                operand
                    .fields("element", &mut cursor)
                    .filter(|e| e.kind_name() == "identifier")
                    .collect()
            }
            _ => continue,
        };
        for register in registers {
            let name = checker.node_text(register);
            let Some((declared, None)) = checker.symbols.register_type(at, name) else {
                continue;
            };
            if type_shape(declared).is_none() {
                continue;
            }
            checked += 1;
            if !register_fits(&shown, typing, declared) {
                mismatches.push(Mismatch {
                    node: register,
                    register: format!("`{name}` is `{declared}`"),
                    expected: shown.clone(),
                });
            }
        }
    }
    Some((mismatches, checked))
}
