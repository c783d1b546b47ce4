//! Which rounding modifiers an instruction needs or allows.
//!
//! The facts are the `rounding` records of the signature files (`signatures/*.sig`, notation in
//! `signatures/README.md`): per opcode, in order, which types (and targets and versions) need,
//! allow or forbid which modifiers, with ptxas's words and the manual's line. Where ptxas (the
//! oracle) and the manual disagree the records follow ptxas and say so. Every record is probed
//! by `cargo xtask isa-probes` (probes named `rounding …`): every [`ROUNDED_FORMS`] template
//! (the `rounding-probe` records) × type × [`PROBED_ROUNDING`] modifier, at the lowest modern
//! point that has the form, at `sm_90`/7.8 for the half types, and at the legacy points; the
//! reproducer is `cargo xtask isa-probes --filter "rounding fma.rz.bf16" --verbose`.
//!
//! What is not per opcode stays here: the type classes and precision order the records'
//! `when` conditions name, and what counts as a rounding modifier.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::form::{InstructionForm, Pattern};
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

const MSG_ILLEGAL: &str = "Illegal rounding modifier";

const FORBIDDEN: RoundingRule = RoundingRule {
    need: Need::Forbidden,
    allowed: &[],
    missing: "",
    illegal: MSG_ILLEGAL,
};

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
pub const MAD_F32_ROUNDING_WARNED_FROM: Version = Version::new(3, 1);

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
    if types.is_empty() {
        return FORBIDDEN;
    }
    let form = InstructionForm::new(opcode, types.to_vec());
    records(opcode)
        .iter()
        .find(|(record, pattern)| pattern.matches(&form) && record.when.iter().all(|w| w.holds(types, target, version)))
        .map_or(FORBIDDEN, |(record, _)| RoundingRule {
            need: match record.since {
                Some(since) if version < since => Need::Optional,
                _ => record.need,
            },
            allowed: record.allowed,
            missing: record.missing,
            illegal: record.illegal,
        })
}

/// Whether `opcode`'s rounding modifiers are checked: its signature file has `rounding`
/// records (others may carry rounding modes this crate does not model, e.g. `wmma.mma … .f64
/// .rn`).
pub fn is_rounding_checked(opcode: &str) -> bool {
    !records(opcode).is_empty()
}

/// How ptxas treats two modifiers on `opcode` (its bare `rounding` record's `approx` and `rs`
/// keys): whether a stray `.approx` counts as a rounding modifier (on `cvt` it does not: ptxas
/// also says one is required), and whether ptxas names the types with an illegal `.rs`.
pub fn rounding_quirks(opcode: &str) -> (bool, bool) {
    records(opcode)
        .iter()
        .find(|(record, pattern)| pattern.conditions.is_empty() && record.when.is_empty())
        .map_or((true, false), |(record, _)| {
            (record.approx_counted, record.rs_with_types)
        })
}

/// A type class a `when` condition names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// A float type, scalar or packed.
    Float,
    /// An integer or bit type.
    Int,
}

impl Class {
    fn holds(self, t: &str) -> bool {
        match self {
            Class::Float => is_float(t),
            Class::Int => is_integer(t) || type_info(t).is_some_and(|i| i.kind == TypeKind::Bits),
        }
    }
}

/// A `when` condition of a `rounding` record, on the types (first: destination, last:
/// source), the target and the version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum When {
    /// `target <sm_NN`.
    TargetBelow(u16),
    /// `ptx <X.Y`.
    PtxBelow(Version),
    /// `types N`: that many type parts.
    Types(u8),
    /// `dst float|int`.
    Dst(Class),
    /// `src float|int`.
    Src(Class),
    /// `same-type`.
    SameType,
    /// `narrowing`: the destination is less precise than the source.
    Narrowing,
    /// `widening`.
    Widening,
    /// `same-precision`.
    SamePrecision,
}

impl When {
    fn holds(self, types: &[&str], target: Target, version: Version) -> bool {
        let (dst, src) = (types[0], types[types.len() - 1]);
        match self {
            When::TargetBelow(sm) => !target.at_least(sm),
            When::PtxBelow(v) => version < v,
            When::Types(n) => types.len() == usize::from(n),
            When::Dst(class) => class.holds(dst),
            When::Src(class) => class.holds(src),
            When::SameType => dst == src,
            When::Narrowing => precision(dst) < precision(src),
            When::Widening => precision(dst) > precision(src),
            When::SamePrecision => precision(dst) == precision(src),
        }
    }
}

/// A `rounding` record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RoundingRecord {
    pub opcode: &'static str,
    /// The types it matches, in the pattern language of the require records.
    pub pattern: &'static str,
    pub when: &'static [When],
    pub need: Need,
    /// `need required since X.Y`: optional before.
    pub since: Option<Version>,
    pub allowed: &'static [&'static str],
    pub missing: &'static str,
    pub illegal: &'static str,
    /// `approx uncounted` not written.
    pub approx_counted: bool,
    /// `rs with-types`.
    pub rs_with_types: bool,
    pub source: &'static str,
}

/// A `companion` record: a modifier ptxas requires with the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Companion {
    pub pattern: &'static str,
    pub modifier: &'static str,
    pub message: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/rounding.rs"));

/// `opcode`'s records in file order, each with its compiled pattern.
fn records(opcode: &str) -> &'static [(&'static RoundingRecord, Pattern)] {
    static BY_OPCODE: OnceLock<HashMap<&'static str, Vec<(&'static RoundingRecord, Pattern)>>> = OnceLock::new();
    let map = BY_OPCODE.get_or_init(|| {
        let mut map: HashMap<&'static str, Vec<_>> = HashMap::new();
        for record in RECORDS {
            let pattern = Pattern::compile(record.pattern).expect("rounding patterns compile (tested)");
            map.entry(record.opcode).or_default().push((record, pattern));
        }
        map
    });
    map.get(opcode).map_or(&[], Vec::as_slice)
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

/// A modifier ptxas requires alongside others: `.ftz` on `rcp.approx.f64` and on every
/// `ex2.bf16`/`ex2.bf16x2` (the `companion` records). Returns the modifier and ptxas's message
/// when `modifiers` (of an `opcode`, types included) lack it.
///
/// ```
/// use ptxkit_isa::rounding::missing_companion;
/// assert_eq!(missing_companion("rcp", &[".approx", ".f64"]).unwrap().0, ".ftz");
/// assert!(missing_companion("rcp", &[".approx", ".ftz", ".f64"]).is_none());
/// assert!(missing_companion("ex2", &[".approx", ".bf16"]).is_some());
/// ```
pub fn missing_companion(opcode: &str, modifiers: &[&str]) -> Option<(&'static str, &'static str)> {
    static COMPILED: OnceLock<Vec<(&'static Companion, Pattern)>> = OnceLock::new();
    let compiled = COMPILED.get_or_init(|| {
        COMPANIONS
            .iter()
            .map(|c| {
                (
                    c,
                    Pattern::compile(c.pattern).expect("companion patterns compile (tested)"),
                )
            })
            .collect()
    });
    let form = InstructionForm::new(opcode, modifiers.to_vec());
    compiled
        .iter()
        .find(|(c, pattern)| pattern.matches(&form) && !form.has(c.modifier))
        .map(|(c, _)| (c.modifier, c.message))
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
        assert_eq!(
            rounding_rule("cvt", &[".tf32", ".f32"], t, v).allowed,
            [".rn", ".rz", ".rna"]
        );
    }

    #[test]
    fn every_checked_opcode_and_modifier_is_probed() {
        for opcode in RECORDS.iter().map(|r| r.opcode) {
            assert!(
                ROUNDED_FORMS
                    .iter()
                    .any(|f| f.template.split(['{', '.', ' ']).next() == Some(opcode)),
                "no rounding probe for '{opcode}'"
            );
        }
        for m in ALL_ROUNDING.iter().chain(&[".approx", ".full"]) {
            assert!(PROBED_ROUNDING.contains(m), "{m} is not probed");
        }
        assert!(PROBED_ROUNDING.contains(&""));
    }

    #[test]
    fn ptxas_over_the_manual() {
        // ptxas 11.8/12.9/13.5 take every IEEE mode on fma.bf16 (the manual: `.rn` only).
        let t = target("sm_90").unwrap();
        let v = Version::new(7, 8);
        assert_eq!(rounding_rule("fma", &[".bf16x2"], t, v).allowed, FLOAT_ROUNDING);
        assert_eq!(rounding_rule("fma", &[".f16"], t, v).allowed, [".rn"]);
        assert_eq!(rounding_rule("cvt", &[".f32", ".bf16"], t, v).need, Need::Optional);
        assert_eq!(
            rounding_rule("cvt", &[".f16x2", ".f32"], t, v).allowed,
            [".rn", ".rz", ".rs"]
        );
    }

    #[test]
    fn cvt_to_ue5m3x2_takes_rp() {
        // ptxas 13.5 at 9.4 on sm_107f: `.rn .rz .rp` into `.ue5m3x2` (from `.f32` pairs and
        // from `.f16x2`/`.bf16x2`); `.rm`, `.rna` are "Illegal rounding modifier".
        let t = target("sm_107f").unwrap();
        let v = Version::new(9, 4);
        for src in [".f32", ".f16x2", ".bf16x2"] {
            let rule = rounding_rule("cvt", &[".ue5m3x2", src], t, v);
            assert_eq!(
                (rule.need, rule.allowed),
                (Need::Required, &[".rn", ".rz", ".rp"][..]),
                "{src}"
            );
        }
        assert_eq!(rounding_rule("cvt", &[".e4m3x2", ".f32"], t, v).allowed, [".rn", ".rz"]);
    }

    #[test]
    fn fma_f64_before_sm13_and_bare_rcp_f64() {
        let v = Version::new(1, 4);
        let fma = rounding_rule("fma", &[".f64"], target("sm_10").unwrap(), v);
        assert_eq!((fma.need, fma.allowed), (Need::Required, &[".rn", ".rz"][..]));
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
        assert_eq!((down.need, down.allowed), (Need::Optional, &[".rz"][..]));
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
            ".approx modifier required"
        );
    }
}
