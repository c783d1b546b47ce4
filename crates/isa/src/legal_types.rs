//! Legal instruction type suffixes per opcode, and the opcode list, both read from the
//! signature files (`crates/isa/signatures/*.sig`) by `build.rs`.
//!
//! The type sets (the files' `types` records) follow the operand encodings of ptxas's
//! instruction table (1,141 registrations; `spec/ptxas-parser-notes.txt`, "Catalog -- 1,141
//! Registrations": e.g. `add` = F16, H32, F32, F64, I, E16, E32, N32, H64, F32F16, F32E16) read
//! together with each instruction's "Syntax" section in the PTX ISA manual (§9.7, 9.1 edition).
//! ptxas rejects other types with `Unexpected instruction types specified for 'add'`. Every
//! (opcode, type) pair of the probe universe below is checked by `cargo xtask isa-probes`.

/// Every opcode word of the PTX ISA, sorted: the opcodes of the signature files' forms. They
/// cover the manual's "Reserved Instruction Keywords" table (§4.3.2, Table 2) and the later
/// `clmad` (9.3, ptxas 13.5).
pub const KNOWN_OPCODES: &[&str] = include!(concat!(env!("OUT_DIR"), "/known_opcodes.rs"));

/// The closest known opcode to an unknown one (Levenshtein distance ≤ 2, or a prefix match),
/// for "unknown instruction, did you mean …" messages.
///
/// ```
/// assert_eq!(ptxkit_isa::closest_opcode("fam"), Some("fma"));
/// assert_eq!(ptxkit_isa::closest_opcode("mbarier"), Some("mbarrier"));
/// assert_eq!(ptxkit_isa::closest_opcode("xyzzyq"), None);
/// ```
pub fn closest_opcode(unknown: &str) -> Option<&'static str> {
    let limit = if unknown.len() <= 3 {
        2
    } else {
        (unknown.len() / 3).max(2)
    };
    let mut best: Option<(usize, &'static str)> = None;
    for &known in KNOWN_OPCODES {
        let Some(d) = crate::spelling::distance_within(unknown, known, limit) else {
            continue;
        };
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, known));
        }
    }
    best.map(|(_, k)| k)
}

/// The legal instruction types of one opcode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TypeRule {
    /// The opcode (a leading-modifier path such as `"mul24"` or `"cvt"` is not used here).
    pub opcode: &'static str,
    /// Which type modifier is the instruction type: 0 = the first one.
    pub position: usize,
    /// The legal types.
    pub types: &'static [&'static str],
    /// A probe template: `{T}` is the type, `{d} {a} {b} {c}` registers of its width, `{rn}`
    /// `.rn` for float types, `{lo}` `.lo` for integer types, `{r}` a 32-bit register.
    pub probe: &'static str,
    /// Where the facts come from.
    pub source: &'static str,
}

/// Per-opcode legal types: the signature files' `types` records, in file order.
pub const TYPE_RULES: &[TypeRule] = include!(concat!(env!("OUT_DIR"), "/type_rules.rs"));

/// The probe universe of types for [`TYPE_RULES`].
pub const PROBED_TYPES: &[&str] = &[
    ".pred", ".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16",
    ".f16x2", ".bf16", ".bf16x2", ".f32", ".f64",
];

/// The legal instruction types of `opcode`, if the tables know them.
///
/// ```
/// let add = ptxkit_isa::legal_types("add").unwrap();
/// assert!(add.contains(&".s32") && add.contains(&".bf16x2"));
/// assert!(!add.contains(&".u8"));
/// assert!(ptxkit_isa::legal_types("wgmma").is_none());
/// ```
pub fn legal_types(opcode: &str) -> Option<&'static [&'static str]> {
    type_rule(opcode).map(|rule| rule.types)
}

/// The type rule of `opcode`, if any.
pub fn type_rule(opcode: &str) -> Option<&'static TypeRule> {
    TYPE_RULES.iter().find(|rule| rule.opcode == opcode)
}
