//! PTX's operand type-checking rules (PTX ISA §"Type Information for
//! Instructions and Operands", Tables 23–25): which register types agree with
//! an instruction type, and where `ld`, `st` and `cvt` accept wider registers.

/// The class of a type suffix, as the type-checking rules see it.
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

/// A type suffix resolved to its class and width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypeShape {
    /// Its class.
    pub class: TypeClass,
    /// Its width in bits (a packed type counts all lanes; `.pred` is 1).
    pub bits: u32,
}

/// Resolves a type suffix such as `.u32` or `.f16x2` (with its dot).
pub fn type_shape(name: &str) -> Option<TypeShape> {
    let shape = |class, bits| Some(TypeShape { class, bits });
    match name {
        ".pred" => return shape(TypeClass::Predicate, 1),
        ".texref" | ".samplerref" | ".surfref" => return shape(TypeClass::Opaque, 64),
        ".bf16" => return shape(TypeClass::Float, 16),
        ".tf32" => return shape(TypeClass::Float, 32),
        ".bf16x2" => return shape(TypeClass::Float, 32),
        _ => {}
    }
    let body = name.strip_prefix('.')?;
    // Packed: `<elem>x<lanes>`.
    if let Some((elem, lanes)) = body.rsplit_once('x')
        && let Ok(lanes) = lanes.parse::<u32>()
    {
        let inner = type_shape(&format!(".{elem}"))?;
        let class = match inner.class {
            TypeClass::Signed | TypeClass::Unsigned => TypeClass::PackedInt,
            other => other,
        };
        return shape(class, inner.bits * lanes);
    }
    if body.starts_with('e') || body.starts_with("ue") {
        // FP8/6/4 formats: e4m3, e5m2, e2m3, e3m2, e2m1, ue8m0.
        let digits: u32 = body
            .trim_start_matches('u')
            .trim_start_matches('e')
            .split('m')
            .map(|p| p.parse::<u32>().ok())
            .sum::<Option<u32>>()?;
        let sign = u32::from(!body.starts_with('u'));
        return shape(TypeClass::Float, digits + sign);
    }
    let (class, digits) = if let Some(d) = body.strip_prefix('b') {
        (TypeClass::Bits, d)
    } else if let Some(d) = body.strip_prefix('s') {
        (TypeClass::Signed, d)
    } else if let Some(d) = body.strip_prefix('u') {
        (TypeClass::Unsigned, d)
    } else if let Some(d) = body.strip_prefix('f') {
        (TypeClass::Float, d)
    } else {
        return None;
    };
    let bits: u32 = digits.parse().ok()?;
    let valid = match class {
        TypeClass::Bits => matches!(bits, 1 | 8 | 16 | 32 | 64 | 128),
        TypeClass::Float => matches!(bits, 16 | 32 | 64),
        _ => matches!(bits, 2 | 4 | 8 | 16 | 32 | 64),
    };
    if valid { shape(class, bits) } else { None }
}

/// Whether a register of type `operand` may be used where an instruction of
/// type `instruction` expects an operand of the same size (Table 23): bit
/// types agree with every type of their size, signed and unsigned integers
/// agree with each other, floats only with floats (and bits).
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

/// Whether a register of type `operand` may hold a value of instruction type
/// `instruction` for `ld`, `st` and `cvt` (Tables 24 and 25): like
/// [`agrees`], but bit and integer instruction types also accept wider
/// registers, and float instruction types accept wider bit registers.
pub fn agrees_relaxed(instruction: TypeShape, operand: TypeShape) -> bool {
    use TypeClass::*;
    if agrees(instruction, operand) {
        return true;
    }
    if instruction.class == Predicate || operand.class == Predicate || operand.bits < instruction.bits {
        return false;
    }
    // Wider registers: integer and bit instruction types take any wider bit
    // or integer register; bit types also take wider floats (Table 24).
    matches!(
        (instruction.class, operand.class),
        (Bits | Signed | Unsigned, Bits | Signed | Unsigned) | (Bits, Float) | (Float, Bits)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> TypeShape {
        type_shape(name).unwrap()
    }

    #[test]
    fn shapes() {
        assert_eq!(s(".f16x2").bits, 32);
        assert_eq!(s(".s64").class, TypeClass::Signed);
        assert!(type_shape(".global").is_none());
        assert_eq!(s(".e4m3x2").bits, 16);
        assert_eq!(s(".ue8m0x2").bits, 16);
        assert_eq!(s(".u16x2").class, TypeClass::PackedInt);
        assert_eq!(s(".b128").bits, 128);
        assert!(type_shape(".v4").is_none());
        assert!(type_shape(".sync").is_none());
        assert!(type_shape(".f8").is_none());
    }

    #[test]
    fn table_23() {
        assert!(agrees(s(".f32"), s(".b32")));
        assert!(agrees(s(".s32"), s(".u32")));
        assert!(!agrees(s(".f32"), s(".u32")));
        assert!(!agrees(s(".u32"), s(".f32")));
        assert!(!agrees(s(".s64"), s(".s32")));
        assert!(agrees(s(".f16x2"), s(".b32")));
    }

    #[test]
    fn tables_24_25() {
        assert!(agrees_relaxed(s(".u8"), s(".u32")));
        assert!(agrees_relaxed(s(".s16"), s(".b64")));
        assert!(!agrees_relaxed(s(".u64"), s(".u32")));
        assert!(!agrees_relaxed(s(".f32"), s(".f64")));
        assert!(agrees_relaxed(s(".f32"), s(".b64")));
        assert!(!agrees_relaxed(s(".u32"), s(".f64")));
    }
}
