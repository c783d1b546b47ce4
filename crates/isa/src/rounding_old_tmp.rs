#![allow(dead_code, missing_docs, clippy::all)]
//! TEMPORARY: the hand-written rounding tables before they moved into the signature files.

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
    /// What ptxas says of a rounding mode the form does not allow: `"Illegal rounding
    /// modifier"`, or for the half-precision `ex2`/`tanh` forms `"Illegal modifier
    /// 'rounding'"`.
    pub illegal: &'static str,
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
const RN_RZ_RS: &[&str] = &[".rn", ".rz", ".rs"];
const RS: &[&str] = &[".rs"];
const RZ_RP: &[&str] = &[".rz", ".rp"];
const RN_RZ_RP: &[&str] = &[".rn", ".rz", ".rp"];
const NONE: &[&str] = &[];

const MSG_ROUNDING: &str = "Rounding modifier required";
const MSG_OR_APPROX: &str = "Rounding modifier or '.approx' modifier required";
const MSG_APPROX: &str = ".approx modifier required";
const MSG_RCP_APPROX_FTZ: &str = "'.ftz' modifier required for instruction 'rcp.approx.f64'";

const MSG_ILLEGAL: &str = "Illegal rounding modifier";
const MSG_ILLEGAL_HALF: &str = "Illegal modifier 'rounding'";

const fn rule(need: Need, allowed: &'static [&'static str], missing: &'static str) -> RoundingRule {
    RoundingRule {
        need,
        allowed,
        missing,
        illegal: MSG_ILLEGAL,
    }
}

impl RoundingRule {
    const fn illegal_as(self, illegal: &'static str) -> RoundingRule {
        RoundingRule { illegal, ..self }
    }
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

/// From this version ptxas warns about `mad.f32` without a rounding modifier on sm_20 and
/// newer ("Rounding modifier required for mad.f32 if .target is sm_20 or later"; ptxas
/// 11.8 at 3.1 on sm_35) but still accepts it.
#[allow(dead_code)]
pub const MAD_F32_ROUNDING_WARNED_FROM: Version = Version::new(3, 1);

/// From this version ptxas rejects `mad.f32` without a rounding modifier on sm_20 and newer
/// ("Rounding modifier required for instruction 'mad'"; ptxas 11.8 at 3.2 on sm_35).
pub const MAD_F32_ROUNDING_REQUIRED_FROM: Version = Version::new(3, 2);

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
    let f16 = matches!(first, ".f16" | ".f16x2");
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
            } else if (first == ".f32" && !target.at_least(20)) || (first == ".f64" && !target.at_least(13)) {
                // ptxas: "Illegal rounding modifier" for .rm/.rp on .f32 before sm_20 and on
                // .f64 before sm_13 (rounding and signature probes).
                RN_RZ
            } else {
                FLOAT_ROUNDING
            };
            rule(Need::Optional, allowed, "")
        }
        // ptxas: "Illegal rounding modifier" for .rm/.rp on fma.f64 before sm_13.
        "fma" if first == ".f64" && !target.at_least(13) => rule(Need::Required, RN_RZ, MSG_ROUNDING),
        // ptxas takes every IEEE mode on `.bf16`/`.bf16x2` (the manual says `.rn` only).
        "fma" if float => rule(Need::Required, if f16 { RN } else { FLOAT_ROUNDING }, MSG_ROUNDING),
        "mad" if first == ".f32" && !target.at_least(20) => rule(Need::Forbidden, NONE, ""),
        "mad" if first == ".f32" => {
            optional_or_required(version >= MAD_F32_ROUNDING_REQUIRED_FROM, FLOAT_ROUNDING, MSG_ROUNDING)
        }
        "mad" if first == ".f64" && !target.at_least(13) => optional_or_required(explicit_era, RN_RZ, MSG_ROUNDING),
        "mad" if first == ".f64" => optional_or_required(explicit_era, FLOAT_ROUNDING, MSG_ROUNDING),
        "div" if first == ".f32" => optional_or_required(explicit_era, DIV_F32, MSG_OR_APPROX),
        "div" if first == ".f64" => optional_or_required(explicit_era, FLOAT_ROUNDING, MSG_ROUNDING),
        "rcp" | "sqrt" if first == ".f32" => optional_or_required(explicit_era, RCP_SQRT_F32, MSG_OR_APPROX),
        // Before 1.4 ptxas reads a bare `rcp.f64` as `rcp.approx.f64`, which needs `.ftz`.
        "rcp" if first == ".f64" && !explicit_era => rule(Need::Required, RCP_F64, MSG_RCP_APPROX_FTZ),
        "rcp" if first == ".f64" => rule(Need::Required, RCP_F64, MSG_ROUNDING),
        "sqrt" if first == ".f64" => optional_or_required(explicit_era, FLOAT_ROUNDING, MSG_ROUNDING),
        "ex2" | "tanh" if f16 => rule(Need::Required, APPROX, MSG_APPROX).illegal_as(MSG_ILLEGAL_HALF),
        "ex2" | "tanh" if is_half(first) => rule(Need::Required, APPROX, MSG_APPROX),
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
        (true, true) if dst.starts_with(".ue8m0") => required(RZ_RP),
        // ptxas 13.5 (9.4, sm_107f) also takes `.rp` into `.ue5m3x2` (not with
        // `.scaled::n1::ue8m0`: the signature's slot says so).
        (true, true) if dst.starts_with(".ue5m3") => required(RN_RZ_RP),
        // The x4 forms exist only with stochastic rounding (and its random-bits operand).
        (true, true) if is_mini_float(dst) && dst.ends_with("x4") => required(RS),
        // `.rz` from PTX 9.4 on sm_107f (a feature row), `.rn` always.
        (true, true) if is_mini_float(dst) => required(RN_RZ),
        (true, true) if is_mini_float(src) => required(RN),
        (true, true) if matches!(dst, ".f16x2" | ".bf16x2") => required(RN_RZ_RS),
        (true, true) if dst == ".tf32" => required(TO_TF32),
        (true, true) if dst == src => rule(Need::Optional, INTEGER_ROUNDING, ""),
        // ptxas takes a rounding mode on the exact `.bf16` widenings too.
        (true, true) if src == ".bf16" && precision(dst) > precision(src) => rule(Need::Optional, FLOAT_ROUNDING, ""),
        (true, true) if precision(dst) < precision(src) => required(FLOAT_ROUNDING),
        (true, true) if precision(dst) == precision(src) => rule(Need::Optional, FLOAT_ROUNDING, ""),
        (true, true) => FORBIDDEN,
        (false, true) if dst_int => required(INTEGER_ROUNDING),
        (true, false) if src_int => required(FLOAT_ROUNDING),
        _ => FORBIDDEN,
    }
}

/// The rounding-like modifiers every [`ROUNDED_FORMS`] entry is probed with: none, each IEEE
/// and round-to-integer mode, `.rna`, `.rs`, `.approx` and `.full`.
pub const PROBED_ROUNDING: &[&str] = &[
    "", ".rn", ".rz", ".rm", ".rp", ".rni", ".rzi", ".rmi", ".rpi", ".rna", ".rs", ".approx", ".full",
];

/// One instruction whose rounding legality [`rounding_rule`] decides, as a probe template with
/// the types it is probed with. `cargo xtask isa-probes` assembles every template × type ×
/// [`PROBED_ROUNDING`] modifier (see [`crate::probe`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundedForm {
    /// The instruction: `{r}` is the rounding modifier, `{T}` the type (for `cvt` the
    /// destination and source types, `.f16.f32`), `{d}` a destination register of the first
    /// type, `{a} {b} {c}` source registers of the last type, `{rs}` the random-bits operand
    /// that `.rs` adds (nothing for other modifiers).
    pub template: &'static str,
    /// The types (for `cvt`, `dst.src` pairs).
    pub types: &'static [&'static str],
    /// Also probe at the legacy points (PTX 1.3/1.4 on sm_13, 3.1/3.2 on sm_20), where the
    /// implicit defaults, sm_1x single precision and `mad.f32` change the rule.
    pub legacy: bool,
}

const fn rounded(template: &'static str, types: &'static [&'static str], legacy: bool) -> RoundedForm {
    RoundedForm {
        template,
        types,
        legacy,
    }
}

const HALF_AND_UP: &[&str] = &[".f16", ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64", ".f32x2"];
const CLASSIC: &[&str] = &[".f32", ".f64"];
const SFU: &[&str] = &[".f32", ".f16", ".f16x2", ".bf16", ".bf16x2"];
const INTEGER: &[&str] = &[".s32"];

/// Every `dst.src` pair of the scalar `cvt` probe universe: `.f16 .bf16 .f32 .f64` and the
/// integers `.s8 .u16 .s32 .u64`, each to each, except `.bf16` ↔ 8-bit integers, which ptxas
/// does not have ("Arguments mismatch for instruction 'cvt'", 11.8/12.9/13.5), and `.tf32.f32`.
pub const CVT_SCALAR_PAIRS: &[&str] = &[
    ".f16.f16",
    ".f16.bf16",
    ".f16.f32",
    ".f16.f64",
    ".f16.s8",
    ".f16.u16",
    ".f16.s32",
    ".f16.u64",
    ".bf16.f16",
    ".bf16.bf16",
    ".bf16.f32",
    ".bf16.f64",
    ".bf16.u16",
    ".bf16.s32",
    ".bf16.u64",
    ".f32.f16",
    ".f32.bf16",
    ".f32.f32",
    ".f32.f64",
    ".f32.s8",
    ".f32.u16",
    ".f32.s32",
    ".f32.u64",
    ".f64.f16",
    ".f64.bf16",
    ".f64.f32",
    ".f64.f64",
    ".f64.s8",
    ".f64.u16",
    ".f64.s32",
    ".f64.u64",
    ".s8.f16",
    ".s8.f32",
    ".s8.f64",
    ".s8.s8",
    ".s8.u16",
    ".s8.s32",
    ".s8.u64",
    ".u16.f16",
    ".u16.bf16",
    ".u16.f32",
    ".u16.f64",
    ".u16.s8",
    ".u16.u16",
    ".u16.s32",
    ".u16.u64",
    ".s32.f16",
    ".s32.bf16",
    ".s32.f32",
    ".s32.f64",
    ".s32.s8",
    ".s32.u16",
    ".s32.s32",
    ".s32.u64",
    ".u64.f16",
    ".u64.bf16",
    ".u64.f32",
    ".u64.f64",
    ".u64.s8",
    ".u64.u16",
    ".u64.s32",
    ".u64.u64",
    ".tf32.f32",
];

/// The legacy `cvt` pairs (types PTX 1.x has).
const CVT_LEGACY_PAIRS: &[&str] = &[
    ".f32.f32", ".f32.f64", ".f64.f32", ".f32.s32", ".s32.f32", ".f64.s32", ".s32.f64", ".f16.f32", ".f32.f16",
];

/// Every instruction whose rounding modifiers are checked (the opcodes `check` judges
/// rounding for), with the types probed: every float type the opcode has and one integer
/// type where it has integers.
pub const ROUNDED_FORMS: &[RoundedForm] = &[
    rounded("add{r}{T} {d}, {a}, {b}", HALF_AND_UP, false),
    rounded("add{r}{T} {d}, {a}, {b}", INTEGER, false),
    rounded("sub{r}{T} {d}, {a}, {b}", HALF_AND_UP, false),
    rounded("mul{r}{T} {d}, {a}, {b}", HALF_AND_UP, false),
    rounded("mul.lo{r}{T} {d}, {a}, {b}", INTEGER, false),
    rounded("add{r}{T} {d}, {a}, {b}", CLASSIC, true),
    rounded("sub{r}{T} {d}, {a}, {b}", CLASSIC, true),
    rounded("mul{r}{T} {d}, {a}, {b}", CLASSIC, true),
    // mixed precision (PTX 8.6): `.f32` result, `.f16`/`.bf16` source
    rounded("add{r}.f32.f16 %r1, %h1, %r2", &[".f32.f16"], false),
    rounded("sub{r}.f32.bf16 %r1, %h1, %r2", &[".f32.bf16"], false),
    rounded("fma{r}.f32.f16 %r1, %h1, %h2, %r2", &[".f32.f16"], false),
    rounded("fma{r}{T} {d}, {a}, {b}, {c}", HALF_AND_UP, false),
    rounded("fma{r}{T} {d}, {a}, {b}, {c}", CLASSIC, true),
    rounded("mad{r}{T} {d}, {a}, {b}, {c}", CLASSIC, true),
    rounded("mad.lo{r}{T} {d}, {a}, {b}, {c}", INTEGER, false),
    rounded("div{r}{T} {d}, {a}, {b}", CLASSIC, true),
    rounded("div{r}{T} {d}, {a}, {b}", INTEGER, false),
    rounded("rem{r}{T} {d}, {a}, {b}", INTEGER, false),
    rounded("rcp{r}{T} {d}, {a}", CLASSIC, true),
    rounded("sqrt{r}{T} {d}, {a}", CLASSIC, true),
    rounded("rsqrt{r}{T} {d}, {a}", CLASSIC, true),
    rounded("sin{r}{T} {d}, {a}", &[".f32"], true),
    rounded("cos{r}{T} {d}, {a}", &[".f32"], true),
    rounded("lg2{r}{T} {d}, {a}", &[".f32"], true),
    rounded("ex2{r}{T} {d}, {a}", &[".f32", ".f16", ".f16x2"], false),
    // ptxas: ".ftz modifier required for instruction 'ex2.bf16'"
    rounded("ex2{r}.ftz{T} {d}, {a}", &[".bf16", ".bf16x2"], false),
    rounded("ex2{r}{T} {d}, {a}", &[".f32"], true),
    rounded("tanh{r}{T} {d}, {a}", SFU, false),
    rounded("cvt{r}{T} {d}, {a}", CVT_SCALAR_PAIRS, false),
    rounded("cvt{r}{T} {d}, {a}", CVT_LEGACY_PAIRS, true),
    // packed conversions: two `.f32` sources into one packed register, and back
    rounded("cvt{r}.f16x2.f32 %r1, %r2, %r3{rs}", &[".f16x2.f32"], false),
    rounded("cvt{r}.bf16x2.f32 %r1, %r2, %r3{rs}", &[".bf16x2.f32"], false),
    rounded(
        "cvt{r}.satfinite.e4m3x4.f32 %r1, {%r2, %r3, %r4, %r5}, %r6",
        &[".e4m3x4.f32"],
        false,
    ),
    rounded("cvt{r}.bf16x2.e4m3x2 %r1, %h2", &[".bf16x2.e4m3x2"], false),
    rounded("cvt{r}.satfinite.e4m3x2.f32 %h1, %r2, %r3", &[".e4m3x2.f32"], false),
    rounded("cvt{r}.satfinite.e5m2x2.f16x2 %h1, %r2", &[".e5m2x2.f16x2"], false),
    rounded("cvt{r}.f16x2.e4m3x2 %r1, %h2", &[".f16x2.e4m3x2"], false),
    rounded("cvt{r}.satfinite.e2m1x2.f32 %b1, %r2, %r3", &[".e2m1x2.f32"], false),
    rounded("cvt{r}.satfinite.ue8m0x2.f32 %h1, %r2, %r3", &[".ue8m0x2.f32"], false),
    rounded("cvt{r}.bf16x2.ue8m0x2 %r1, %h2", &[".bf16x2.ue8m0x2"], false),
    rounded("cvt{r}.satfinite.ue5m3x2.f32 %h1, %r2, %r3", &[".ue5m3x2.f32"], false),
    rounded("cvt{r}.ue5m3x2.bf16x2 %h1, %r2", &[".ue5m3x2.bf16x2"], false),
];

/// A modifier ptxas requires alongside others: `.ftz` on `rcp.approx.f64` and on every
/// `ex2.bf16`/`ex2.bf16x2`. Returns the modifier and ptxas's message when `modifiers` (of an
/// `opcode` with these types) lack it.
///
/// ```
/// use ptxkit_isa::rounding::missing_companion;
/// assert_eq!(missing_companion("rcp", &[".f64"], &[".approx", ".f64"]).unwrap().0, ".ftz");
/// assert!(missing_companion("rcp", &[".f64"], &[".approx", ".ftz", ".f64"]).is_none());
/// assert!(missing_companion("ex2", &[".bf16"], &[".approx", ".bf16"]).is_some());
/// ```
pub fn missing_companion(opcode: &str, types: &[&str], modifiers: &[&str]) -> Option<(&'static str, &'static str)> {
    let has = |m: &str| modifiers.contains(&m);
    let first = types.first().copied().unwrap_or("");
    let needed = match opcode {
        "rcp" if first == ".f64" && has(".approx") => Some(MSG_RCP_APPROX_FTZ),
        "ex2" if first == ".bf16" => Some(".ftz modifier required for instruction 'ex2.bf16'"),
        "ex2" if first == ".bf16x2" => Some(".ftz modifier required for instruction 'ex2.bf16x2'"),
        _ => None,
    };
    needed.filter(|_| !has(".ftz")).map(|message| (".ftz", message))
}

/// Which rounding-like modifiers a form carries.
pub fn rounding_modifiers<'a>(modifiers: &[&'a str]) -> Vec<&'a str> {
    modifiers
        .iter()
        .copied()
        .filter(|m| ALL_ROUNDING.contains(m) || *m == ".approx" || *m == ".full")
        .collect()
}


pub(crate) const ROUNDING_CHECKED: &[&str] = &[
    "add", "sub", "mul", "mad", "fma", "div", "rem", "rcp", "sqrt", "rsqrt", "sin", "cos", "lg2", "ex2", "tanh", "cvt",
];
