//! Which rounding modifiers an instruction needs or allows.
//!
//! Facts (all checked by `cargo xtask isa-probes`):
//! - `add/sub/mul` on floats: rounding optional (`.rn .rz .rm .rp`; f16/bf16 forms only `.rn`;
//!   `.f32` and `.f64` on sm_1x only `.rn .rz`); on integers illegal (`Illegal rounding modifier for
//!   instruction 'add'`). §9.7.3.3-5 (".rm/.rp need sm_20").
//! - `add/sub/mul` rounding two `.f32x2` values down to `.f16x2`/`.bf16x2` (PTX 9.4): only
//!   `.rz`, required by `mul`; `mul.bf16x2.bf16x2.f16x2` takes none.
//! - `fma` on floats: required (`Rounding modifier required for instruction 'fma'`); `.f64` takes
//!   only `.rn .rz` before sm_13. §9.7.3.6.
//! - `mad.f32`: required on sm_20+ from PTX 3.2; ptxas accepts it without one at ≤ 3.1 (and
//!   warns at 3.1); illegal on sm_1x (`mad.rnd.f32` needs sm_20). `mad.f64`: required from
//!   1.4. §9.7.3.7 L92-102; RN 3.1.
//! - `div.f32`, `rcp.f32`, `sqrt.f32`: `.approx`, `.full` (div only) or a rounding mode, from
//!   1.4 (`Rounding modifier or '.approx' modifier required …`); before 1.4 they had implicit
//!   defaults. `div/rcp/sqrt .f64`: a rounding mode from 1.4 (`rcp.approx.ftz.f64` is also
//!   legal; bare `rcp.f64` is rejected at every version). §9.7.3.8 L83-87, §9.7.3.13 L86-90,
//!   §9.7.3.15 L87-91.
//! - `rsqrt sin cos lg2 ex2 tanh`: `.approx` required (from 1.4; `tanh` always), rounding
//!   illegal (`.approx modifier required for instruction 'sin'`). §9.7.3.16-22.
//! - `cvt`: float→int needs `.rni/.rzi/.rmi/.rpi`; int→float and narrowing float→float need
//!   `.rn/.rz/.rm/.rp` (tf32 also `.rna`, some packed forms `.rs`); widening float→float takes
//!   none; float→same float takes an optional integer rounding; int→int takes none; the 8/6/4-bit
//!   float formats always need one. §9.7.9.21 "Rounding modifiers".

use crate::target::Target;
use crate::types::{TypeKind, is_float, is_integer, type_info};
use crate::version::Version;

/// Whether an instruction form takes a rounding modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// None may be written.
    Forbidden,
    /// One of [`RoundingRule::allowed`] may be written.
    Optional,
    /// One of [`RoundingRule::allowed`] must be written.
    Required,
}

/// The rounding rule for one instruction form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundingRule {
    /// Forbidden, optional or required.
    pub need: Need,
    /// The modifiers that satisfy the rule (`.rn`, `.rzi`, `.approx`, `.full`, …).
    pub allowed: &'static [&'static str],
    /// What ptxas says when the modifier is missing, e.g. `"Rounding modifier required"`.
    pub missing: &'static str,
}

/// IEEE rounding modes.
pub const FLOAT_ROUNDING: &[&str] = &[".rn", ".rz", ".rm", ".rp"];
/// Round-to-integer modes (float→int and float→same-float `cvt`).
pub const INTEGER_ROUNDING: &[&str] = &[".rni", ".rzi", ".rmi", ".rpi"];
/// Every rounding-like modifier: what "a rounding modifier is present" means.
pub const ALL_ROUNDING: &[&str] = &[
    ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi", ".rna", ".rs",
];

const RN: &[&str] = &[".rn"];
const RN_RZ: &[&str] = &[".rn", ".rz"];
const RZ: &[&str] = &[".rz"];
const APPROX: &[&str] = &[".approx"];
const DIV_F32: &[&str] = &[".approx", ".full", ".rn", ".rz", ".rm", ".rp"];
const RCP_SQRT_F32: &[&str] = &[".approx", ".rn", ".rz", ".rm", ".rp"];
const RCP_F64: &[&str] = &[".rn", ".rz", ".rm", ".rp", ".approx"];
const TO_TF32: &[&str] = &[".rn", ".rz", ".rna"];
const FLOAT_OR_RS: &[&str] = &[".rn", ".rz", ".rm", ".rp", ".rs"];
const NONE: &[&str] = &[];

const MSG_ROUNDING: &str = "Rounding modifier required";
const MSG_OR_APPROX: &str = "Rounding modifier or '.approx' modifier required";
const MSG_APPROX: &str = ".approx modifier required";

const fn rule(need: Need, allowed: &'static [&'static str], missing: &'static str) -> RoundingRule {
    RoundingRule { need, allowed, missing }
}

const FORBIDDEN: RoundingRule = rule(Need::Forbidden, NONE, "");

fn is_half(t: &str) -> bool {
    matches!(t, ".f16" | ".f16x2" | ".bf16" | ".bf16x2")
}

fn is_mini_float(t: &str) -> bool {
    // FP8/FP6/FP4 and block-scale formats, scalar or packed.
    t.starts_with(".e") || t.starts_with(".ue") || t == ".s2f6x2"
}

/// Precision rank of a float type's element, for narrowing/widening decisions.
fn precision(t: &str) -> u16 {
    match t {
        ".f64" => 64,
        ".f32" | ".f32x2" => 32,
        ".tf32" => 19,
        ".f16" | ".f16x2" | ".bf16" | ".bf16x2" => 16,
        _ => type_info(t).map(|i| i.bits).unwrap_or(0),
    }
}

/// The rounding rule for `opcode` with the given type modifiers (in order, e.g. `[".f16",
/// ".f32"]` for `cvt.f16.f32`) under `.target target` / `.version version`.
///
/// ```
/// use ptxkit_isa::{rounding_rule, target, Need, Version};
/// let sm80 = target("sm_80").unwrap();
/// let v = Version::new(7, 0);
/// assert_eq!(rounding_rule("fma", &[".f32"], sm80, v).need, Need::Required);
/// assert_eq!(rounding_rule("add", &[".f32"], sm80, v).need, Need::Optional);
/// assert_eq!(rounding_rule("add", &[".s32"], sm80, v).need, Need::Forbidden);
/// assert_eq!(rounding_rule("cvt", &[".s32", ".f32"], sm80, v).allowed, [".rni", ".rzi", ".rmi", ".rpi"]);
/// // mad.f32 needs one on sm_20+ only from PTX 3.2
/// let sm20 = target("sm_20").unwrap();
/// assert_eq!(rounding_rule("mad", &[".f32"], sm20, Version::new(3, 1)).need, Need::Optional);
/// assert_eq!(rounding_rule("mad", &[".f32"], sm20, Version::new(3, 2)).need, Need::Required);
/// ```
pub fn rounding_rule(opcode: &str, types: &[&str], target: Target, version: Version) -> RoundingRule {
    let Some(&first) = types.first() else {
        return FORBIDDEN;
    };
    let float = is_float(first);
    let explicit_era = version >= Version::new(1, 4);
    let optional_or_required = |required: bool, allowed, missing| {
        rule(if required { Need::Required } else { Need::Optional }, allowed, missing)
    };
    match opcode {
        // PTX 9.4 mixed packed forms rounding two .f32 results down to a half-precision pair
        // (`add.rz.ftz.f16x2.f32x2.f32x2`): only `.rz`, which `mul` requires (signature probes).
        "add" | "sub" | "mul" if is_half(first) && types.get(1) == Some(&".f32x2") => {
            optional_or_required(opcode == "mul", RZ, MSG_ROUNDING)
        }
        // `mul.bf16x2.bf16x2.f16x2`, `mul.f16x2.f16x2.bf16x2` (PTX 9.4): no rounding modifier.
        "mul" if is_half(first) && types.len() == 3 => FORBIDDEN,
        "add" | "sub" | "mul" if float => {
            let allowed = if is_half(first) {
                RN
            } else if matches!(first, ".f32" | ".f64") && !target.at_least(20) {
                // ptxas: "Illegal rounding modifier" for .rm/.rp before sm_20 (signature probes).
                RN_RZ
            } else {
                FLOAT_ROUNDING
            };
            rule(Need::Optional, allowed, "")
        }
        // ptxas: "Illegal rounding modifier" for .rm/.rp on fma.f64 before sm_13.
        "fma" if first == ".f64" && !target.at_least(13) => rule(Need::Required, RN_RZ, MSG_ROUNDING),
        "fma" if float => rule(
            Need::Required,
            if is_half(first) { RN } else { FLOAT_ROUNDING },
            MSG_ROUNDING,
        ),
        "mad" if first == ".f32" && !target.at_least(20) => rule(Need::Forbidden, NONE, ""),
        "mad" if first == ".f32" => optional_or_required(version >= Version::new(3, 2), FLOAT_ROUNDING, MSG_ROUNDING),
        "mad" if first == ".f64" && !target.at_least(20) => optional_or_required(explicit_era, RN_RZ, MSG_ROUNDING),
        "mad" if first == ".f64" => optional_or_required(explicit_era, FLOAT_ROUNDING, MSG_ROUNDING),
        "div" if first == ".f32" => optional_or_required(explicit_era, DIV_F32, MSG_OR_APPROX),
        "div" if first == ".f64" => optional_or_required(explicit_era, FLOAT_ROUNDING, MSG_ROUNDING),
        "rcp" | "sqrt" if first == ".f32" => optional_or_required(explicit_era, RCP_SQRT_F32, MSG_OR_APPROX),
        // Bare `rcp.f64` was never legal: before 1.4 it meant `rcp.approx.f64`, which needs `.ftz`
        // (ptxas: "'.ftz' modifier required for instruction 'rcp.approx.f64'").
        "rcp" if first == ".f64" => rule(Need::Required, RCP_F64, MSG_ROUNDING),
        "sqrt" if first == ".f64" => optional_or_required(explicit_era, FLOAT_ROUNDING, MSG_ROUNDING),
        "ex2" if is_half(first) => rule(Need::Required, APPROX, MSG_OR_APPROX),
        "rsqrt" | "sin" | "cos" | "lg2" | "ex2" if float => optional_or_required(explicit_era, APPROX, MSG_APPROX),
        "tanh" if float => rule(Need::Required, APPROX, MSG_APPROX),
        "cvt" => cvt_rule(types),
        _ => FORBIDDEN,
    }
}

fn cvt_rule(types: &[&str]) -> RoundingRule {
    let (Some(&dst), Some(&src)) = (types.first(), types.last()) else {
        return FORBIDDEN;
    };
    let required = |allowed| rule(Need::Required, allowed, MSG_ROUNDING);
    let dst_kind = type_info(dst).map(|t| t.kind);
    let src_int = is_integer(src) || type_info(src).is_some_and(|t| t.kind == TypeKind::Bits);
    let dst_int = is_integer(dst) || dst_kind == Some(TypeKind::Bits);
    match (is_float(dst), is_float(src)) {
        (true, true) if is_mini_float(dst) || is_mini_float(src) => required(FLOAT_OR_RS),
        (true, true) if dst == ".tf32" => required(TO_TF32),
        (true, true) if dst == src => rule(Need::Optional, INTEGER_ROUNDING, ""),
        (true, true) if precision(dst) < precision(src) => required(FLOAT_OR_RS),
        (true, true) if precision(dst) == precision(src) => rule(Need::Optional, FLOAT_ROUNDING, ""),
        (true, true) => FORBIDDEN,
        (false, true) if dst_int => required(INTEGER_ROUNDING),
        (true, false) if src_int => required(FLOAT_ROUNDING),
        _ => FORBIDDEN,
    }
}

/// Which rounding-like modifiers a form carries.
pub fn rounding_modifiers<'a>(modifiers: &[&'a str]) -> Vec<&'a str> {
    modifiers
        .iter()
        .copied()
        .filter(|m| ALL_ROUNDING.contains(m) || *m == ".approx" || *m == ".full")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::target;

    #[test]
    fn cvt_rules() {
        let t = target("sm_90").unwrap();
        let v = Version::new(9, 0);
        let need = |d, s| rounding_rule("cvt", &[d, s], t, v).need;
        assert_eq!(need(".f32", ".s32"), Need::Required);
        assert_eq!(need(".s32", ".f32"), Need::Required);
        assert_eq!(need(".f16", ".f32"), Need::Required);
        assert_eq!(need(".f32", ".f16"), Need::Forbidden);
        assert_eq!(need(".f64", ".f32"), Need::Forbidden);
        assert_eq!(need(".f32", ".f32"), Need::Optional);
        assert_eq!(need(".s32", ".s16"), Need::Forbidden);
        assert_eq!(need(".bf16", ".f16"), Need::Optional);
        assert_eq!(need(".f16x2", ".e4m3x2"), Need::Required);
        assert_eq!(rounding_rule("cvt", &[".tf32", ".f32"], t, v).allowed, TO_TF32);
    }

    #[test]
    fn fma_f64_before_sm13_and_bare_rcp_f64() {
        let v = Version::new(1, 4);
        let fma = rounding_rule("fma", &[".f64"], target("sm_10").unwrap(), v);
        assert_eq!((fma.need, fma.allowed), (Need::Required, RN_RZ));
        assert_eq!(
            rounding_rule("fma", &[".f64"], target("sm_13").unwrap(), v).allowed,
            FLOAT_ROUNDING
        );
        let old = Version::new(1, 3);
        assert_eq!(
            rounding_rule("rcp", &[".f64"], target("sm_13").unwrap(), old).need,
            Need::Required
        );
        assert_eq!(
            rounding_rule("rcp", &[".f32"], target("sm_13").unwrap(), old).need,
            Need::Optional
        );
    }

    #[test]
    fn mixed_packed_forms() {
        let t = target("sm_107f").unwrap();
        let v = Version::new(9, 4);
        let down = rounding_rule("add", &[".f16x2", ".f32x2", ".f32x2"], t, v);
        assert_eq!((down.need, down.allowed), (Need::Optional, RZ));
        assert_eq!(
            rounding_rule("mul", &[".bf16x2", ".f32x2", ".f32x2"], t, v).need,
            Need::Required
        );
        assert_eq!(
            rounding_rule("mul", &[".bf16x2", ".bf16x2", ".f16x2"], t, v).need,
            Need::Forbidden
        );
        let up = rounding_rule("sub", &[".f32x2", ".bf16x2", ".f32x2"], t, v);
        assert_eq!((up.need, up.allowed), (Need::Optional, FLOAT_ROUNDING));
    }

    #[test]
    fn legacy_defaults() {
        let t = target("sm_13").unwrap();
        assert_eq!(
            rounding_rule("div", &[".f32"], t, Version::new(1, 3)).need,
            Need::Optional
        );
        assert_eq!(
            rounding_rule("div", &[".f32"], t, Version::new(1, 4)).need,
            Need::Required
        );
        assert_eq!(
            rounding_rule("mad", &[".f32"], t, Version::new(7, 8)).need,
            Need::Forbidden
        );
        assert_eq!(
            rounding_rule("sin", &[".f32"], t, Version::new(1, 4)).missing,
            MSG_APPROX
        );
    }
}
