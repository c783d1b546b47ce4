//! Types as the type check sees them: a class and a width ([`type_shape`]), and widths scaled
//! (`mul.wide`'s result). Which register types agree with which operand types is the probed
//! table of [`super::register_types`].

use crate::types::{TYPES, TypeKind, type_info};

/// The class of a type, as the type-checking rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeClass {
    /// `.b8` … `.b128`.
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
    fn scaling() {
        assert_eq!(scale_type(".s32", 2, 1), Some(".s64"));
        assert_eq!(scale_type(".u16", 2, 1), Some(".u32"));
        assert_eq!(scale_type(".b64", 1, 2), Some(".b32"));
        assert_eq!(scale_type(".f32", 1, 2), Some(".f16"));
        assert_eq!(scale_type(".u64", 2, 1), None);
    }
}
