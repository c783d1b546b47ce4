//! Which declared register types ptxas accepts for an operand of each type: a table probed
//! with ptxas 11.8, 12.9 and 13.5, not derived from the manual's type-checking tables (which it
//! contradicts: a `.f16x2` register is accepted wherever an integer instruction type or
//! `.pred` gives the operand its type, so `set.gtu.u32.f16x2` may write a `.reg .f16x2`
//! register; a `.f16` register is not accepted for `.bf16`, nor a `.f64` one for `.f32x2`).
//!
//! What ptxas accepts depends on the operand's type and on how the operand gets it
//! ([`Typing`]): from the instruction's type part (`add.u32 d, a, b`), fixed by the form
//! (`shl`'s shift amount is `.u32`; `setp`'s destination `.pred`), or from a type part under the
//! relaxed rules of `ld`, `st` and `cvt` (the `wide` operands of the signatures), where
//! wider registers are accepted too.
//!
//! Source of every row: the register-type grid of `cargo xtask isa-probes` (`--only
//! register-types`), which writes every declarable register type into every kind of
//! register operand the signatures describe (several instructions each), assembles them with
//! the three ptxas and checks this table; disagreements of one ptxas release are in
//! [`crate::quirks`].

/// How an operand gets its type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Typing {
    /// From the instruction's type part (`add.u32`, `mul.wide.u16`'s `.u32` result,
    /// `and.pred`).
    Instruction,
    /// A type the form fixes, whatever the type part (`shl`'s shift amount `.u32`,
    /// `setp`'s `.pred` destination, `popc`'s `.u32` result).
    Fixed,
    /// From a type part under the relaxed rules of `ld`, `st` and `cvt`: wider registers too.
    Wide,
}

/// How `spec`, an operand of `form`, gets its type: [`Typing::Wide`] for a `wide` operand; from
/// the instruction when a type part gives it, or when its type is one the chain spells
/// literally (`and.pred d, a, b`: `d` is the instruction's `.pred`, which takes a `.f16x2`
/// register as `and.type` would); else fixed (`bfe.u32 d, a, b, c`: `b` and `c` are `.u32`
/// whatever the type part, and take no `.f16x2` register).
pub fn operand_typing(form: &Form, spec: &Operand) -> Typing {
    if spec.wide {
        return Wide;
    }
    // A predicate-only operand is `.pred`, whatever type its legend would inherit.
    let fixed = if spec.kinds.contains(Kinds::PRED) && !spec.kinds.contains(Kinds::REG) {
        ".pred"
    } else {
        match spec.ty {
            TypeSpec::Fixed(t) => t,
            TypeSpec::Part { .. } | TypeSpec::Map { .. } | TypeSpec::Unchecked => return Instruction,
        }
    };
    let spelled = form
        .parts
        .iter()
        .any(|part| part.is_type && !part.slot && part.values.contains(&fixed));
    if spelled { Instruction } else { Fixed }
}

/// The register types a declaration can give (`.reg .bf16` is a syntax error, `.reg .e4m3`
/// "may only be used as an instruction type").
pub const DECLARABLE_REGISTER_TYPES: &[&str] = &[
    ".pred", ".b8", ".u8", ".s8", ".b16", ".u16", ".s16", ".b32", ".u32", ".s32", ".b64", ".u64", ".s64", ".b128",
    ".f16", ".f16x2", ".f32", ".f64",
];

use super::model::{Form, Kinds, Operand, TypeSpec};
use Typing::{Fixed, Instruction, Wide};

/// Every integer and bit register, 8 to 128 bits, with the packed `.f16x2` (which ptxas
/// treats as an integer register of its size).
const INT8_UP: &str = ".b8 .u8 .s8 .b16 .u16 .s16 .b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16x2";

/// (operand type, typing, the register types ptxas accepts, separated by spaces).
const ROWS: &[(&str, Typing, &str)] = &[
    // The instruction's type part.
    (".pred", Instruction, ".pred .f16x2"),
    (".b8", Instruction, ".b8 .u8 .s8"),
    (".u8", Instruction, ".b8 .u8 .s8"),
    (".s8", Instruction, ".b8 .u8 .s8"),
    (".b16", Instruction, ".b16 .u16 .s16 .f16"),
    (".u16", Instruction, ".b16 .u16 .s16"),
    (".s16", Instruction, ".b16 .u16 .s16"),
    (".b32", Instruction, ".b32 .u32 .s32 .f16x2 .f32"),
    (".u32", Instruction, ".b32 .u32 .s32 .f16x2"),
    (".s32", Instruction, ".b32 .u32 .s32 .f16x2"),
    (".b64", Instruction, ".b64 .u64 .s64 .f64"),
    (".u64", Instruction, ".b64 .u64 .s64"),
    (".s64", Instruction, ".b64 .u64 .s64"),
    (".b128", Instruction, ".b128"),
    (".f16", Instruction, ".b16 .f16"),
    (".f16x2", Instruction, ".b32 .f16x2"),
    (".f32", Instruction, ".b32 .f32"),
    (".f64", Instruction, ".b64 .f64"),
    (".bf16", Instruction, ".b16"),
    (".bf16x2", Instruction, ".b32"),
    (".tf32", Instruction, ".b32"),
    (".u16x2", Instruction, ".b32 .f16x2"),
    (".s16x2", Instruction, ".b32 .f16x2"),
    (".u8x4", Instruction, ".b32 .f16x2"),
    (".s8x4", Instruction, ".b32 .f16x2"),
    (".f32x2", Instruction, ".b64"),
    (".e4m3", Instruction, ".b8"),
    (".e5m2", Instruction, ".b8"),
    (".e4m3x2", Instruction, ".b16"),
    (".e5m2x2", Instruction, ".b16"),
    (".e4m3x4", Instruction, ".b32"),
    (".e5m2x4", Instruction, ".b32"),
    (".e2m3x4", Instruction, ".b32"),
    (".e3m2x4", Instruction, ".b32"),
    (".e2m1x4", Instruction, ".b16"),
    (".ue8m0x2", Instruction, ".b16"),
    (".s2f6x2", Instruction, ".b16"),
    (".ue5m3x2", Instruction, ".b16"),
    (".e2m3x2", Instruction, ".b16"),
    (".e3m2x2", Instruction, ".b16"),
    (".e2m1x2", Instruction, ".b8"),
    // A type the form fixes: no `.f16x2` for integers and predicates. Bit types take the
    // floats of their size, as the instruction's bit types do: the signatures write `.b32`
    // for "any 32-bit value" (`tex`'s coordinates, which ptxas types by `.ctype`); the
    // operands ptxas types as integers (`bar.warp.sync`'s member mask, `mbarrier`'s state)
    // are recorded quirks.
    (".pred", Fixed, ".pred"),
    (".b8", Fixed, ".b8 .u8 .s8"),
    (".b16", Fixed, ".b16 .u16 .s16 .f16"),
    (".u16", Fixed, ".b16 .u16 .s16"),
    (".b32", Fixed, ".b32 .u32 .s32 .f16x2 .f32"),
    (".u32", Fixed, ".b32 .u32 .s32"),
    (".s32", Fixed, ".b32 .u32 .s32"),
    (".b64", Fixed, ".b64 .u64 .s64 .f64"),
    (".b128", Fixed, ".b128"),
    (".f16", Fixed, ".b16 .f16"),
    (".f16x2", Fixed, ".b32 .f16x2"),
    (".f32", Fixed, ".b32 .f32"),
    (".f64", Fixed, ".b64 .f64"),
    (".bf16", Fixed, ".b16"),
    (".f32x2", Fixed, ".b64"),
    (".ue8m0", Fixed, ".b8"),
    // The relaxed rules of `ld`, `st` and `cvt`: bit and integer types take every integer
    // and bit register at least as wide (bit types also wider floats), float types their own
    // register and every bit register at least as wide.
    (
        ".b8",
        Wide,
        ".b8 .u8 .s8 .b16 .u16 .s16 .b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16 .f16x2 .f32 .f64",
    ),
    (".u8", Wide, INT8_UP),
    (".s8", Wide, INT8_UP),
    (
        ".b16",
        Wide,
        ".b16 .u16 .s16 .b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16 .f16x2 .f32 .f64",
    ),
    (
        ".u16",
        Wide,
        ".b16 .u16 .s16 .b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16x2",
    ),
    (
        ".s16",
        Wide,
        ".b16 .u16 .s16 .b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16x2",
    ),
    (".b32", Wide, ".b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16x2 .f32 .f64"),
    (".u32", Wide, ".b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16x2"),
    (".s32", Wide, ".b32 .u32 .s32 .b64 .u64 .s64 .b128 .f16x2"),
    (".b64", Wide, ".b64 .u64 .s64 .b128 .f64"),
    (".u64", Wide, ".b64 .u64 .s64 .b128"),
    (".s64", Wide, ".b64 .u64 .s64 .b128"),
    (".b128", Wide, ".b128"),
    (".f16", Wide, ".b16 .b32 .b64 .b128 .f16"),
    (".f16x2", Wide, ".b32 .b64 .b128 .f16x2"),
    // `cvt` to `.bf16`/`.bf16x2` takes no wider register.
    (".bf16", Wide, ".b16"),
    (".bf16x2", Wide, ".b32"),
    (".f32", Wide, ".b32 .b64 .b128 .f32"),
    (".f64", Wide, ".b64 .b128 .f64"),
];

/// The register types ptxas accepts for an operand of type `ty` typed as `typing`, when the
/// table has a row for them.
pub fn accepted_registers(ty: &str, typing: Typing) -> Option<impl Iterator<Item = &'static str>> {
    ROWS.iter()
        .find(|(t, how, _)| *t == ty && *how == typing)
        .map(|(_, _, registers)| registers.split_whitespace())
}

/// Whether ptxas accepts a register declared `register` for an operand of type `ty` typed as
/// `typing`: the table's answer; `true` when it has no row for `ty` or `register` is not a
/// declarable type (nothing is known, so nothing is reported).
///
/// ```
/// use ptxkit_isa::signature::{Typing, register_fits};
/// // `set.gtu.u32.f16x2 d, a, b` writing a `.f16x2` register: accepted.
/// assert!(register_fits(".u32", Typing::Instruction, ".f16x2"));
/// // `shl.b32 d, a, b` with a `.f16x2` shift amount: "Arguments mismatch".
/// assert!(!register_fits(".u32", Typing::Fixed, ".f16x2"));
/// assert!(!register_fits(".bf16", Typing::Instruction, ".f16"));
/// assert!(register_fits(".u16", Typing::Wide, ".u64"));
/// ```
pub fn register_fits(ty: &str, typing: Typing, register: &str) -> bool {
    if !DECLARABLE_REGISTER_TYPES.contains(&register) {
        return true;
    }
    match accepted_registers(ty, typing) {
        Some(mut registers) => registers.any(|r| r == register),
        None => true,
    }
}

/// Whether the table has a row for an operand of type `ty` typed as `typing`.
pub fn has_row(ty: &str, typing: Typing) -> bool {
    accepted_registers(ty, typing).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_unique_and_name_declarable_registers() {
        for (i, (ty, typing, registers)) in ROWS.iter().enumerate() {
            assert!(crate::types::type_info(ty).is_some(), "{ty}: not a type");
            assert!(
                !ROWS[..i].iter().any(|(t, h, _)| t == ty && h == typing),
                "{ty} {typing:?}: two rows"
            );
            for r in registers.split_whitespace() {
                assert!(DECLARABLE_REGISTER_TYPES.contains(&r), "{ty} {typing:?}: {r}");
            }
        }
    }

    #[test]
    fn the_relaxed_rules_take_at_least_the_strict_ones() {
        for (ty, typing, registers) in ROWS {
            if *typing != Instruction || !has_row(ty, Wide) {
                continue;
            }
            for r in registers.split_whitespace() {
                assert!(register_fits(ty, Wide, r), "{ty}: {r} strict but not wide");
            }
        }
    }

    #[test]
    fn every_operand_type_of_the_signatures_has_a_row() {
        use crate::signature::all_forms;
        for form in all_forms() {
            for position in form.positions {
                for operand in position.operands() {
                    if !operand.kinds.contains(Kinds::REG) {
                        continue;
                    }
                    let typing = operand_typing(form, operand);
                    let types: Vec<&str> = match operand.ty {
                        TypeSpec::Unchecked => Vec::new(),
                        TypeSpec::Fixed(t) => vec![t],
                        TypeSpec::Part { part, num, den } => form.parts[usize::from(part)]
                            .values
                            .iter()
                            .filter_map(|v| {
                                if num == den {
                                    Some(*v)
                                } else {
                                    crate::signature::scale_type(v, num, den)
                                }
                            })
                            .collect(),
                        TypeSpec::Map { entries, .. } => entries.iter().map(|(_, t)| *t).collect(),
                    };
                    for ty in types {
                        if crate::types::type_info(ty).is_some() {
                            assert!(
                                has_row(ty, typing),
                                "{}.sig:{}: {} operand {} of type {ty} ({typing:?}) has no row",
                                form.family,
                                form.line,
                                form.opcode,
                                operand.name
                            );
                        }
                    }
                }
            }
        }
    }
}
