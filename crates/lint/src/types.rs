//! Type suffixes resolved to a class and a width, for the rules that reason about sizes
//! (which register types agree with which operand types is ptxkit-isa's probed table,
//! `ptxkit_isa::signature::register_fits`).

/// The class of a type suffix, as the type-checking rules see it.
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
}
