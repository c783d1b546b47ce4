//! Legal instruction type suffixes per opcode, and the opcode list.
//!
//! The type sets follow the operand encodings of ptxas's instruction table (1,141
//! registrations; `spec/ptxas-parser-notes.txt`, "Catalog -- 1,141 Registrations": e.g. `add`
//! = F16, H32, F32, F64, I, E16, E32, N32, H64, F32F16, F32E16) read together with each
//! instruction's "Syntax" section in the PTX ISA manual (§9.7, 9.1 edition). ptxas rejects
//! other types with `Unexpected instruction types specified for 'add'`. Every (opcode, type)
//! pair of the probe universe below is checked by `cargo xtask isa-probes`.

/// Every opcode word of the PTX ISA: the manual's "Reserved Instruction Keywords" table
/// (`spec/ptxkit-isa-syntax-chapter-newer.md` L100-141), sorted, and the later `clmad` (9.3,
/// ptxas 13.5).
pub const KNOWN_OPCODES: &[&str] = &[
    "abs",
    "activemask",
    "add",
    "addc",
    "alloca",
    "and",
    "applypriority",
    "atom",
    "bar",
    "barrier",
    "bfe",
    "bfi",
    "bfind",
    "bmsk",
    "bra",
    "brev",
    "brkpt",
    "brx",
    "call",
    "clmad",
    "clusterlaunchcontrol",
    "clz",
    "cnot",
    "copysign",
    "cos",
    "cp",
    "createpolicy",
    "cvt",
    "cvta",
    "discard",
    "div",
    "dp2a",
    "dp4a",
    "elect",
    "ex2",
    "exit",
    "fence",
    "fma",
    "fns",
    "getctarank",
    "griddepcontrol",
    "isspacep",
    "istypep",
    "ld",
    "ldmatrix",
    "ldu",
    "lg2",
    "lop3",
    "mad",
    "mad24",
    "madc",
    "mapa",
    "match",
    "max",
    "mbarrier",
    "membar",
    "min",
    "mma",
    "mov",
    "movmatrix",
    "mul",
    "mul24",
    "multimem",
    "nanosleep",
    "neg",
    "not",
    "or",
    "pmevent",
    "popc",
    "prefetch",
    "prefetchu",
    "prmt",
    "rcp",
    "red",
    "redux",
    "rem",
    "ret",
    "rsqrt",
    "sad",
    "selp",
    "set",
    "setmaxnreg",
    "setp",
    "shf",
    "shfl",
    "shl",
    "shr",
    "sin",
    "slct",
    "sqrt",
    "st",
    "stackrestore",
    "stacksave",
    "stmatrix",
    "sub",
    "subc",
    "suld",
    "suq",
    "sured",
    "sust",
    "szext",
    "tanh",
    "tcgen05",
    "tensormap",
    "testp",
    "tex",
    "tld4",
    "trap",
    "txq",
    "vabsdiff",
    "vabsdiff2",
    "vabsdiff4",
    "vadd",
    "vadd2",
    "vadd4",
    "vavrg2",
    "vavrg4",
    "vmad",
    "vmax",
    "vmax2",
    "vmax4",
    "vmin",
    "vmin2",
    "vmin4",
    "vote",
    "vset",
    "vset2",
    "vset4",
    "vshl",
    "vshr",
    "vsub",
    "vsub2",
    "vsub4",
    "wgmma",
    "wmma",
    "xor",
];

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

const INT: [&str; 6] = [".s16", ".s32", ".s64", ".u16", ".u32", ".u64"];

macro_rules! types {
    ($($t:literal),* $(,)?) => { &[$($t),*] };
}

/// Per-opcode legal types.
pub const TYPE_RULES: &[TypeRule] = &[
    TypeRule {
        opcode: "add",
        position: 0,
        types: types![
            ".s16", ".s32", ".s64", ".u16", ".u32", ".u64", ".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2",
            ".u16x2", ".s16x2", ".f32x2", ".u8x4", ".s8x4"
        ],
        probe: "add{T} {d}, {a}, {b}",
        source: "ptxas table `add` (F16 H32 F32 F64 I E16 E32 N32 H64 F32F16 F32E16); §9.7.1.1, §9.7.3.3, §9.7.4.1",
    },
    TypeRule {
        opcode: "sub",
        position: 0,
        types: types![
            ".s16", ".s32", ".s64", ".u16", ".u32", ".u64", ".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2",
            ".f32x2", ".u8x4", ".s8x4"
        ],
        probe: "sub{T} {d}, {a}, {b}",
        source: "ptxas table `sub`; §9.7.1.2, §9.7.3.4, §9.7.4.2",
    },
    TypeRule {
        opcode: "mul",
        position: 0,
        types: types![
            ".s16", ".s32", ".s64", ".u16", ".u32", ".u64", ".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2",
            ".f32x2"
        ],
        probe: "mul{lo}{T} {d}, {a}, {b}",
        source: "ptxas table `mul`, `mul.lo`; §9.7.1.3, §9.7.3.5, §9.7.4.3",
    },
    TypeRule {
        opcode: "mad",
        position: 0,
        types: types![".s16", ".s32", ".s64", ".u16", ".u32", ".u64", ".f32", ".f64"],
        probe: "mad{lo}{rn}{T} {d}, {a}, {b}, {c}",
        source: "ptxas table `mad` (F32, F64), `mad.lo` (I); §9.7.1.4, §9.7.3.7",
    },
    TypeRule {
        opcode: "fma",
        position: 0,
        types: types![".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".f32x2"],
        probe: "fma{rn}{T} {d}, {a}, {b}, {c}",
        source: "ptxas table `fma` (F16 H32 F32 F64 E16 E32 H64 F32F16 F32E16); §9.7.3.6, §9.7.4.4",
    },
    TypeRule {
        opcode: "div",
        position: 0,
        types: types![".s16", ".s32", ".s64", ".u16", ".u32", ".u64", ".f32", ".f64"],
        probe: "div{rn}{T} {d}, {a}, {b}",
        source: "ptxas table `div` (F32, F64, I); §9.7.1.6, §9.7.3.8",
    },
    TypeRule {
        opcode: "rem",
        position: 0,
        types: &INT,
        probe: "rem{T} {d}, {a}, {b}",
        source: "ptxas table `rem` (I); §9.7.1.7",
    },
    TypeRule {
        opcode: "abs",
        position: 0,
        types: types![
            ".s16", ".s32", ".s64", ".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2"
        ],
        probe: "abs{T} {d}, {a}",
        source: "ptxas table `abs` (F16 H32 E16 E32 F32 F64 I); §9.7.1.8, §9.7.3.9, §9.7.4.6",
    },
    TypeRule {
        opcode: "neg",
        position: 0,
        types: types![
            ".s16", ".s32", ".s64", ".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2", ".s8x4"
        ],
        probe: "neg{T} {d}, {a}",
        source: "ptxas table `neg`; §9.7.1.9, §9.7.3.10, §9.7.4.5; RN 9.2 (.s8x4)",
    },
    TypeRule {
        opcode: "min",
        position: 0,
        types: types![
            ".s16", ".s32", ".s64", ".u16", ".u32", ".u64", ".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2",
            ".u16x2", ".s16x2", ".u8x4", ".s8x4"
        ],
        probe: "min{T} {d}, {a}, {b}",
        source: "ptxas table `min` (F16 H32 E16 E32 F32 F64 I N32); §9.7.1.10, §9.7.3.11, §9.7.4.7",
    },
    TypeRule {
        opcode: "max",
        position: 0,
        types: types![
            ".s16", ".s32", ".s64", ".u16", ".u32", ".u64", ".f32", ".f64", ".f16", ".f16x2", ".bf16", ".bf16x2",
            ".u16x2", ".s16x2", ".u8x4", ".s8x4"
        ],
        probe: "max{T} {d}, {a}, {b}",
        source: "ptxas table `max`; §9.7.1.11, §9.7.3.12, §9.7.4.8",
    },
    TypeRule {
        opcode: "sad",
        position: 0,
        types: &INT,
        probe: "sad{T} {d}, {a}, {b}, {c}",
        source: "ptxas table `sad` (I); §9.7.1.5",
    },
    TypeRule {
        opcode: "popc",
        position: 0,
        types: types![".b32", ".b64"],
        probe: "popc{T} %r1, {a}",
        source: "ptxas table `popc` (B[32|64]); §9.7.1.14",
    },
    TypeRule {
        opcode: "clz",
        position: 0,
        types: types![".b32", ".b64"],
        probe: "clz{T} %r1, {a}",
        source: "ptxas table `clz` (B[32|64]); §9.7.1.15",
    },
    TypeRule {
        opcode: "brev",
        position: 0,
        types: types![".b32", ".b64"],
        probe: "brev{T} {d}, {a}",
        source: "ptxas table `brev` (B[32|64]); §9.7.1.19",
    },
    TypeRule {
        opcode: "bfind",
        position: 0,
        types: types![".u32", ".u64", ".s32", ".s64"],
        probe: "bfind{T} %r1, {a}",
        source: "ptxas table `bfind` (I[32|64]); §9.7.1.16",
    },
    TypeRule {
        opcode: "and",
        position: 0,
        types: types![".pred", ".b16", ".b32", ".b64"],
        probe: "and{T} {d}, {a}, {b}",
        source: "ptxas table `and` (B, P); §9.7.8.1",
    },
    TypeRule {
        opcode: "xor",
        position: 0,
        types: types![".pred", ".b16", ".b32", ".b64"],
        probe: "xor{T} {d}, {a}, {b}",
        source: "ptxas table `xor` (B, P); §9.7.8.3",
    },
    TypeRule {
        opcode: "not",
        position: 0,
        types: types![".pred", ".b16", ".b32", ".b64"],
        probe: "not{T} {d}, {a}",
        source: "ptxas table `not` (B, P); §9.7.8.4",
    },
    TypeRule {
        opcode: "shl",
        position: 0,
        types: types![".b16", ".b32", ".b64"],
        probe: "shl{T} {d}, {a}, %r9",
        source: "ptxas table `shl` (B); §9.7.8.8",
    },
    TypeRule {
        opcode: "shr",
        position: 0,
        types: types![".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64"],
        probe: "shr{T} {d}, {a}, %r9",
        source: "ptxas table `shr` (I, B); §9.7.8.9",
    },
    TypeRule {
        opcode: "copysign",
        position: 0,
        types: types![".f32", ".f64"],
        probe: "copysign{T} {d}, {a}, {b}",
        source: "ptxas table `copysign` (F[32|64]); §9.7.3.2",
    },
    TypeRule {
        opcode: "sin",
        position: 0,
        types: types![".f32"],
        probe: "sin.approx{T} {d}, {a}",
        source: "ptxas table `sin` (F32); §9.7.3.18",
    },
    TypeRule {
        opcode: "rsqrt",
        position: 0,
        types: types![".f32", ".f64"],
        probe: "rsqrt.approx{T} {d}, {a}",
        source: "ptxas table `rsqrt` (F32, F64); §9.7.3.16",
    },
    TypeRule {
        opcode: "mov",
        position: 0,
        types: types![
            ".pred", ".b16", ".b32", ".b64", ".b128", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"
        ],
        probe: "mov{T} {d}, {a}",
        source: "ptxas table `mov` (F, I, B, P, B128); §9.7.9.3",
    },
    TypeRule {
        opcode: "selp",
        position: 0,
        types: types![
            ".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64"
        ],
        probe: "selp{T} {d}, {a}, {b}, %p1",
        source: "ptxas table `selp` (F, I, B); §9.7.7.3",
    },
    TypeRule {
        opcode: "setp",
        position: 0,
        types: types![
            ".b16", ".b32", ".b64", ".u16", ".u32", ".u64", ".s16", ".s32", ".s64", ".f32", ".f64", ".f16", ".f16x2",
            ".bf16", ".bf16x2"
        ],
        probe: "setp.ne{T} %p1, {a}, {b}",
        source: "ptxas table `setp` (F16 H32 F32 F64 I B E16 E32); §9.7.7.2",
    },
    TypeRule {
        opcode: "ld",
        position: 0,
        types: types![
            ".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64",
            ".f32", ".f64"
        ],
        probe: "ld.global{T} {d}, [gbuf]",
        source: "§9.7.9.8 (no .f16/.f16x2/.bf16/.pred: use .b16/.b32); ptxas 11.8/12.9/13.5 probe \"Unexpected instruction types specified for 'ld'\"",
    },
    TypeRule {
        opcode: "st",
        position: 0,
        types: types![
            ".b8", ".b16", ".b32", ".b64", ".b128", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64",
            ".f32", ".f64"
        ],
        probe: "st.global{T} [gbuf], {a}",
        source: "§9.7.9.10 (no .f16/.f16x2/.bf16/.pred: use .b16/.b32); ptxas 11.8/12.9/13.5 probe \"Unexpected instruction types specified for 'st'\"",
    },
];

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

const GENERATED_KNOWN_OPCODES: &[&str] = include!(concat!(env!("OUT_DIR"), "/known_opcodes.rs"));
const GENERATED_TYPE_RULES: &[TypeRule] = include!(concat!(env!("OUT_DIR"), "/type_rules.rs"));

#[cfg(test)]
mod generated_equal {
    #[test]
    fn generated_tables_equal_the_rust_ones() {
        assert_eq!(super::GENERATED_KNOWN_OPCODES, super::KNOWN_OPCODES);
        let mut generated = super::GENERATED_TYPE_RULES.to_vec();
        let mut old = super::TYPE_RULES.to_vec();
        assert_eq!(generated.len(), old.len());
        generated.sort_by_key(|r| r.opcode);
        old.sort_by_key(|r| r.opcode);
        assert_eq!(generated, old);
    }
}
