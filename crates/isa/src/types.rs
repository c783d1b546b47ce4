//! PTX fundamental type suffixes (`.b32`, `.f16x2`, `.e4m3x2`, …).
//!
//! Source: PTX ISA manual §5.2 "Types" (Table "Fundamental Type Specifiers"), §5.2.5
//! "Packed Data Types" and the per-instruction syntax of `cvt`, `mma` and `tcgen05` (9.1
//! edition); sub-byte and block-scale formats from RN 8.6/9.1/9.4.

/// What a type suffix denotes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// `.pred`
    Predicate,
    /// `.b8` … `.b128`: untyped bits.
    Bits,
    /// `.u8` … `.u64`, and sub-byte `.u4`/`.u2`.
    Unsigned,
    /// `.s8` … `.s64`, and sub-byte `.s4`/`.s2`.
    Signed,
    /// `.f16`, `.f32`, `.f64`, `.bf16`, `.tf32` and the 8/6/4-bit float formats.
    Float,
    /// Several floats packed in one register (`.f16x2`, `.f32x2`, `.e4m3x2`, …).
    PackedFloat,
    /// Several integers packed in one register (`.u16x2`, `.s8x4`).
    PackedInt,
}

/// One type suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypeInfo {
    /// The suffix with its dot, e.g. `".f16x2"`.
    pub name: &'static str,
    /// Width in bits of one value (a packed type counts all its lanes).
    pub bits: u16,
    /// What it denotes.
    pub kind: TypeKind,
}

const fn ty(name: &'static str, bits: u16, kind: TypeKind) -> TypeInfo {
    TypeInfo { name, bits, kind }
}

use TypeKind::*;

/// Every type suffix the tables know.
pub const TYPES: &[TypeInfo] = &[
    ty(".pred", 1, Predicate),
    ty(".b1", 1, Bits),
    ty(".b8", 8, Bits),
    ty(".b16", 16, Bits),
    ty(".b32", 32, Bits),
    ty(".b64", 64, Bits),
    ty(".b128", 128, Bits),
    ty(".u2", 2, Unsigned),
    ty(".u4", 4, Unsigned),
    ty(".u8", 8, Unsigned),
    ty(".u16", 16, Unsigned),
    ty(".u32", 32, Unsigned),
    ty(".u64", 64, Unsigned),
    ty(".s2", 2, Signed),
    ty(".s4", 4, Signed),
    ty(".s8", 8, Signed),
    ty(".s16", 16, Signed),
    ty(".s32", 32, Signed),
    ty(".s64", 64, Signed),
    ty(".f16", 16, Float),
    ty(".f32", 32, Float),
    ty(".f64", 64, Float),
    ty(".bf16", 16, Float),
    ty(".tf32", 32, Float),
    ty(".e4m3", 8, Float),
    ty(".e5m2", 8, Float),
    ty(".e2m3", 8, Float),
    ty(".e3m2", 8, Float),
    ty(".e2m1", 4, Float),
    ty(".ue8m0", 8, Float),
    ty(".ue4m3", 8, Float),
    ty(".f16x2", 32, PackedFloat),
    ty(".bf16x2", 32, PackedFloat),
    ty(".f32x2", 64, PackedFloat),
    ty(".e4m3x2", 16, PackedFloat),
    ty(".e5m2x2", 16, PackedFloat),
    ty(".e2m3x2", 16, PackedFloat),
    ty(".e3m2x2", 16, PackedFloat),
    ty(".e2m1x2", 8, PackedFloat),
    ty(".ue8m0x2", 16, PackedFloat),
    ty(".ue5m3x2", 16, PackedFloat),
    ty(".s2f6x2", 16, PackedFloat),
    ty(".e4m3x4", 32, PackedFloat),
    ty(".e5m2x4", 32, PackedFloat),
    ty(".e2m3x4", 32, PackedFloat),
    ty(".e3m2x4", 32, PackedFloat),
    ty(".e2m1x4", 16, PackedFloat),
    ty(".u16x2", 32, PackedInt),
    ty(".s16x2", 32, PackedInt),
    ty(".u8x4", 32, PackedInt),
    ty(".s8x4", 32, PackedInt),
];

/// Looks up a type suffix (with its dot).
///
/// ```
/// let t = ptxkit_isa::type_info(".e4m3x2").unwrap();
/// assert_eq!(t.bits, 16);
/// assert!(ptxkit_isa::type_info(".global").is_none());
/// ```
pub fn type_info(name: &str) -> Option<&'static TypeInfo> {
    TYPES.iter().find(|t| t.name == name)
}

/// Whether `name` (with its dot) is a type suffix.
pub fn is_type_name(name: &str) -> bool {
    type_info(name).is_some()
}

/// Whether a variable, parameter or register may be declared with this type. The others
/// (`.bf16`, `.tf32`, `.e4m3`, `.f32x2`, `.u16x2`, …) are instruction types only: ptxas 11.8–13.5
/// reject `.reg .bf16 r;` ("syntax error") and `.global .e4m3 x;` ("Type .e4m3 may only be used
/// as an instruction type") at every version. `.pred` is declarable in `.reg` only; `.b128` from
/// PTX 8.3 (a version requirement, not this rule).
///
/// ```
/// assert!(ptxkit_isa::types::is_declarable_type(".f16x2"));
/// assert!(!ptxkit_isa::types::is_declarable_type(".bf16"));
/// ```
pub fn is_declarable_type(name: &str) -> bool {
    matches!(
        name,
        ".pred"
            | ".b8"
            | ".b16"
            | ".b32"
            | ".b64"
            | ".b128"
            | ".u8"
            | ".u16"
            | ".u32"
            | ".u64"
            | ".s8"
            | ".s16"
            | ".s32"
            | ".s64"
            | ".f16"
            | ".f16x2"
            | ".f32"
            | ".f64"
    )
}

/// Whether the type is a floating-point type (scalar or packed).
pub fn is_float(name: &str) -> bool {
    type_info(name).is_some_and(|t| matches!(t.kind, Float | PackedFloat))
}

/// Whether the type is an integer type (`.u*`, `.s*`, packed integers).
pub fn is_integer(name: &str) -> bool {
    type_info(name).is_some_and(|t| matches!(t.kind, Unsigned | Signed | PackedInt))
}
