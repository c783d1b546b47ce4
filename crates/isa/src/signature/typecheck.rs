//! PTX's operand type-checking rules (PTX ISA §6.4 "Operand Type Information" tables): which
//! register types agree with the type an instruction gives an operand, and where `ld`, `st` and
//! `cvt` accept wider registers.

use crate::types::{TYPES, TypeKind, type_info};

/// The class of a type, as the type-checking rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeClass {
    /// `.b8` … `.b128`: agrees with any type of the same size.
    Bits,
    /// `.s8` … `.s64`.
    Signed,
    /// `.u8` … `.u64`.
    Unsigned,
    /// Floating point, scalar or packed (`.f32`, `.f16x2`, `.bf16`, `.e4m3x2`).
    Float,
    /// Packed integers (`.u16x2`, `.s8x4`).
    PackedInt,
    /// `.pred`.
    Predicate,
    /// `.texref`, `.samplerref`, `.surfref`.
    Opaque,
}

/// A type resolved to its class and width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypeShape {
    /// Its class.
    pub class: TypeClass,
    /// Its width in bits (a packed type counts all its lanes; `.pred` is 1).
    pub bits: u32,
}

/// Resolves a type name such as `.u32`, `.f16x2` or `.texref` (with its dot).
///
/// ```
/// use ptxkit_isa::signature::{TypeClass, type_shape};
/// assert_eq!(type_shape(".f16x2").unwrap().bits, 32);
/// assert_eq!(type_shape(".s64").unwrap().class, TypeClass::Signed);
/// assert!(type_shape(".global").is_none());
/// ```
pub fn type_shape(name: &str) -> Option<TypeShape> {
    if matches!(name, ".texref" | ".samplerref" | ".surfref") {
        return Some(TypeShape {
            class: TypeClass::Opaque,
            bits: 64,
        });
    }
    let info = type_info(name)?;
    let class = match info.kind {
        TypeKind::Predicate => TypeClass::Predicate,
        TypeKind::Bits => TypeClass::Bits,
        TypeKind::Unsigned => TypeClass::Unsigned,
        TypeKind::Signed => TypeClass::Signed,
        TypeKind::Float | TypeKind::PackedFloat => TypeClass::Float,
        TypeKind::PackedInt => TypeClass::PackedInt,
    };
    Some(TypeShape {
        class,
        bits: u32::from(info.bits),
    })
}

/// Whether a register of type `operand` may be used where an instruction expects an operand
/// of type `instruction` (same size): bit types agree with every type of their size, signed
/// and unsigned integers with each other, floats only with floats (and bits).
pub fn agrees(instruction: TypeShape, operand: TypeShape) -> bool {
    use TypeClass::*;
    if instruction.class == Predicate || operand.class == Predicate {
        return instruction.class == operand.class;
    }
    if instruction.bits != operand.bits {
        return false;
    }
    matches!(
        (instruction.class, operand.class),
        (Bits, _)
            | (_, Bits)
            | (Signed | Unsigned | PackedInt, Signed | Unsigned | PackedInt)
            | (Float, Float)
            | (Opaque, Opaque)
    )
}

/// Like [`agrees`], for the operands of `ld`, `st` and `cvt` (relaxed rules): bit and integer
/// instruction types also accept wider integer and bit registers, bit types wider floats, and
/// float types wider bit registers.
pub fn agrees_relaxed(instruction: TypeShape, operand: TypeShape) -> bool {
    use TypeClass::*;
    if agrees(instruction, operand) {
        return true;
    }
    if instruction.class == Predicate || operand.class == Predicate || operand.bits < instruction.bits {
        return false;
    }
    matches!(
        (instruction.class, operand.class),
        (Bits | Signed | Unsigned, Bits | Signed | Unsigned) | (Bits, Float) | (Float, Bits)
    )
}

/// The type of the same kind as `name` with its width times `num / den` (`.s32` × 2 → `.s64`,
/// `.b64` / 2 → `.b32`), if there is one.
pub fn scale_type(name: &str, num: u8, den: u8) -> Option<&'static str> {
    let info = type_info(name)?;
    let bits = u32::from(info.bits) * u32::from(num) / u32::from(den);
    TYPES
        .iter()
        .find(|t| t.kind == info.kind && u32::from(t.bits) == bits && !(t.name.contains('x') ^ name.contains('x')))
        .map(|t| t.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> TypeShape {
        type_shape(name).unwrap()
    }

    #[test]
    fn shapes() {
        assert_eq!(s(".e4m3x2").bits, 16);
        assert_eq!(s(".u16x2").class, TypeClass::PackedInt);
        assert_eq!(s(".b128").bits, 128);
        assert!(type_shape(".v4").is_none());
        assert!(type_shape(".sync").is_none());
    }

    #[test]
    fn same_size_rules() {
        assert!(agrees(s(".f32"), s(".b32")));
        assert!(agrees(s(".s32"), s(".u32")));
        assert!(!agrees(s(".f32"), s(".u32")));
        assert!(!agrees(s(".u32"), s(".f32")));
        assert!(!agrees(s(".s64"), s(".s32")));
        assert!(agrees(s(".f16x2"), s(".b32")));
    }

    #[test]
    fn relaxed_rules() {
        assert!(agrees_relaxed(s(".u8"), s(".u32")));
        assert!(agrees_relaxed(s(".s16"), s(".b64")));
        assert!(!agrees_relaxed(s(".u64"), s(".u32")));
        assert!(!agrees_relaxed(s(".f32"), s(".f64")));
        assert!(agrees_relaxed(s(".f32"), s(".b64")));
        assert!(!agrees_relaxed(s(".u32"), s(".f64")));
    }

    #[test]
    fn scaling() {
        assert_eq!(scale_type(".s32", 2, 1), Some(".s64"));
        assert_eq!(scale_type(".u16", 2, 1), Some(".u32"));
        assert_eq!(scale_type(".b64", 1, 2), Some(".b32"));
        assert_eq!(scale_type(".f32", 1, 2), Some(".f16"));
        assert_eq!(scale_type(".u64", 2, 1), None);
    }
}
