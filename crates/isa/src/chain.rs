//! Opcode-chain analysis in the manner of the PTX.jl `ptx"..."` DSL
//! (`spec/ptx-jl-chain-dsl.txt`): split a dotted chain into parts, name the opcode and its
//! data type, infer the result type, classify side effects and the operand shape.

use crate::form::InstructionForm;
use crate::types::{TypeInfo, TypeKind, type_info};

/// What an instruction returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultType {
    /// A value of this type (`.f32`, `.b64`, `.f16x2`, …).
    Value(&'static TypeInfo),
    /// A predicate (`setp`, which always returns `.pred`).
    Predicate,
    /// Nothing (the chain has no trailing type, or is a no-return family).
    None,
}

/// Why an instruction must not be treated as a pure function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideEffects {
    /// Reads or writes memory, or is a memory hint (`ld`, `st`, `atom`, `cp`, `prefetch`, …).
    pub memory: bool,
    /// Orders or synchronises threads (`bar`, `fence`, `mbarrier`, `setmaxnreg`, …).
    pub barrier: bool,
    /// Each lane's result depends on other lanes (`vote`, `shfl`, `match`, `redux`,
    /// `activemask`).
    pub warp_collective: bool,
}

impl SideEffects {
    /// Whether any side effect applies (the DSL's "nonpure" + `~{memory}` clobber).
    pub fn any(&self) -> bool {
        self.memory || self.barrier || self.warp_collective
    }
}

/// How operands are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperandShape {
    /// Whether the first operand is a destination (false for no-return forms).
    pub has_result: bool,
    /// Whether address operands are written in brackets (`[addr]`).
    pub bracketed_address: bool,
}

/// The analysis of one opcode chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chain<'a> {
    /// The chain as given.
    pub text: &'a str,
    /// The parts, split on `.` (`::` and digit-led parts such as `3d` or `m16n8k16` kept whole).
    pub parts: Vec<&'a str>,
    /// The opcode (first part).
    pub opcode: &'a str,
    /// The data type the chain names: the destination type of `cvt`, otherwise the last type
    /// part.
    pub data_type: Option<&'static TypeInfo>,
    /// What the instruction returns.
    pub result: ResultType,
    /// Side-effect classification.
    pub side_effects: SideEffects,
    /// Operand layout.
    pub operands: OperandShape,
}

impl<'a> Chain<'a> {
    /// The chain as an [`InstructionForm`] for the requirement tables.
    pub fn form(&self) -> InstructionForm<'a> {
        InstructionForm::parse(self.text)
    }
}

/// Why a chain is malformed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    /// Empty string, consecutive dots, or a leading/trailing dot.
    #[error("empty part in opcode chain '{0}'")]
    EmptyPart(String),
}

const MEMORY: &[&str] = &[
    "ld",
    "ldu",
    "st",
    "atom",
    "red",
    "cp",
    "prefetch",
    "prefetchu",
    "tensormap",
    "ldmatrix",
    "stmatrix",
    "tcgen05",
    "multimem",
    "mapa",
    "getctarank",
    "applypriority",
    "discard",
    "createpolicy",
    "cvta",
    "suld",
    "sust",
    "sured",
    "tex",
    "tld4",
    "wmma",
    "alloca",
    "stacksave",
    "stackrestore",
];
const BARRIER: &[&str] = &[
    "bar",
    "barrier",
    "mbarrier",
    "fence",
    "membar",
    "wgmma",
    "setmaxnreg",
    "elect",
    "griddepcontrol",
    "clusterlaunchcontrol",
    "exit",
    "nanosleep",
    "trap",
];
const COLLECTIVE: &[&str] = &["vote", "shfl", "match", "redux", "activemask", "elect"];
const BRACKETED: &[&str] = &[
    "ld",
    "ldu",
    "st",
    "atom",
    "red",
    "cp",
    "mbarrier",
    "ldmatrix",
    "stmatrix",
    "prefetch",
    "prefetchu",
    "tcgen05",
    "tensormap",
    "fence",
    "multimem",
    "applypriority",
    "discard",
    "suld",
    "sust",
    "sured",
    "tex",
    "tld4",
    "wmma",
];

fn no_return(parts: &[&str]) -> bool {
    matches!(
        parts,
        ["setmaxnreg", ..]
            | ["tensormap", "replace", ..]
            | [
                "tcgen05",
                "alloc"
                    | "dealloc"
                    | "commit"
                    | "relinquish_alloc_permit"
                    | "st"
                    | "fence"
                    | "wait"
                    | "mma"
                    | "cp"
                    | "shift",
                ..
            ]
            | [
                "st" | "red"
                    | "prefetch"
                    | "prefetchu"
                    | "bar"
                    | "barrier"
                    | "fence"
                    | "membar"
                    | "trap"
                    | "exit"
                    | "ret"
                    | "bra"
                    | "call",
                ..
            ]
            | ["cp", ..]
            | ["mbarrier", "init" | "inval" | "expect_tx" | "complete_tx", ..]
            | ["wgmma", "fence" | "commit_group" | "wait_group", ..]
            | [
                "stmatrix"
                    | "griddepcontrol"
                    | "nanosleep"
                    | "applypriority"
                    | "discard"
                    | "sust"
                    | "sured"
                    | "pmevent",
                ..
            ]
            | ["multimem", "st" | "red", ..]
            | ["wmma", "store", ..]
    )
}

/// Analyses a dotted opcode chain.
///
/// ```
/// use ptxkit_isa::{analyze_chain, ResultType};
/// let c = analyze_chain("cp.async.bulk.tensor.3d.shared::cta.global.tile.mbarrier::complete_tx::bytes").unwrap();
/// assert_eq!(c.parts[4], "3d");
/// assert_eq!(c.parts[5], "shared::cta");
/// assert_eq!(c.result, ResultType::None);
/// assert!(c.side_effects.memory && c.operands.bracketed_address);
///
/// let m = analyze_chain("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32").unwrap();
/// assert_eq!(m.data_type.unwrap().name, ".f32");
///
/// let cvt = analyze_chain("cvt.rn.f16.f32").unwrap();
/// assert!(matches!(cvt.result, ResultType::Value(t) if t.name == ".f16"));
/// assert_eq!(analyze_chain("setp.lt.f32").unwrap().result, ResultType::Predicate);
/// assert_eq!(analyze_chain("setmaxnreg.inc.sync.aligned.u32").unwrap().result, ResultType::None);
/// assert!(analyze_chain("shfl.sync.idx.b32").unwrap().side_effects.warp_collective);
/// assert!(!analyze_chain("add.f32").unwrap().side_effects.any());
/// assert!(analyze_chain("add..f32").is_err());
/// ```
pub fn analyze_chain(chain: &str) -> Result<Chain<'_>, ChainError> {
    let parts: Vec<&str> = chain.split('.').collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(ChainError::EmptyPart(chain.to_string()));
    }
    let opcode = parts[0];
    let type_of = |p: &str| type_info(&format!(".{p}"));
    let data_type = if opcode == "cvt" && parts.len() >= 3 {
        // cvt.<modifiers>.<dst>.<src>: the destination is the second-to-last part (the DSL's
        // rule; for the three-type cvt.pack forms that is the source pair's type).
        type_of(parts[parts.len() - 2])
    } else {
        parts.iter().rev().find_map(|p| type_of(p))
    };
    let result = if opcode == "setp" {
        ResultType::Predicate
    } else if no_return(&parts) {
        ResultType::None
    } else if opcode == "cvt" {
        data_type.map_or(ResultType::None, ResultType::Value)
    } else {
        match parts.last().and_then(|p| type_of(p)) {
            Some(t) if t.kind == TypeKind::Predicate => ResultType::Predicate,
            Some(t) => ResultType::Value(t),
            None => ResultType::None,
        }
    };
    let side_effects = SideEffects {
        memory: MEMORY.contains(&opcode),
        barrier: BARRIER.contains(&opcode),
        warp_collective: COLLECTIVE.contains(&opcode),
    };
    let operands = OperandShape {
        has_result: result != ResultType::None,
        bracketed_address: BRACKETED.contains(&opcode)
            && (opcode != "fence" || parts.iter().any(|p| p.starts_with("proxy"))),
    };
    Ok(Chain {
        text: chain,
        parts,
        opcode,
        data_type,
        result,
        side_effects,
        operands,
    })
}
