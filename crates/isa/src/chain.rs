//! Opcode-chain analysis in the manner of the PTX.jl `ptx"..."` DSL
//! (`spec/ptx-jl-chain-dsl.txt`): split a dotted chain into parts, name the opcode and its
//! data type, infer the result type, classify side effects and the operand shape.
//!
//! Every fact comes from the signature forms the chain matches (`signatures/*.sig`, the same
//! matching as `ptxlint --explain-instruction`): a result is the first operand when a form
//! writes it (`out`), side effects are the forms' `memory` and `sync` lines and `@effects`
//! headers, a bracketed address is an address operand.

use crate::form::InstructionForm;
use crate::signature::semantics::SyncEffect;
use crate::signature::{Direction, Explained, Form, Shape, explain};
use crate::types::{TypeInfo, TypeKind, type_info};

/// What an instruction returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultType {
    /// A value of this type (`.f32`, `.b64`, `.f16x2`, …).
    Value(&'static TypeInfo),
    /// A predicate (`setp`, whose destination is `.pred`).
    Predicate,
    /// Nothing (no form of the chain writes its first operand), or a destination of unknown
    /// type.
    None,
}

/// Why an instruction must not be treated as a pure function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SideEffects {
    /// Reads or writes memory, or is a memory hint: a form has a `memory` line or its
    /// `@effects` says `read` or `write` (`ld`, `st`, `atom`, `cp`, `prefetch`, …).
    pub memory: bool,
    /// Orders or synchronises threads: a form has a `sync` line other than a warp
    /// collective's (`bar`, `fence`, `mbarrier`, `exit`, …), or says `@effects sync` without
    /// `sync` lines or `collective` (`setmaxnreg`, `griddepcontrol`).
    pub barrier: bool,
    /// Each lane's result depends on other lanes: a form has a `sync collective`, `elect` or
    /// `active-mask` line, or says `@effects collective` (`vote`, `shfl`, `ldmatrix`, `mma`, …).
    pub warp_collective: bool,
}

impl SideEffects {
    /// Whether any side effect applies (the DSL's "nonpure" + `~{memory}` clobber).
    pub fn any(&self) -> bool {
        self.memory || self.barrier || self.warp_collective
    }

    /// Every side effect: what a chain no form matches is taken to have.
    const ALL: SideEffects = SideEffects {
        memory: true,
        barrier: true,
        warp_collective: true,
    };

    /// The side effects `form` states.
    fn of(form: &Form) -> SideEffects {
        let warp = |s: &SyncEffect| {
            matches!(
                s,
                SyncEffect::Collective { .. } | SyncEffect::Elect { .. } | SyncEffect::ActiveMask
            )
        };
        let effects = form.effects;
        SideEffects {
            memory: !form.memory.is_empty() || effects.read || effects.write,
            barrier: form.sync.iter().any(|s| !warp(s))
                || (effects.sync && !effects.collective && form.sync.is_empty()),
            warp_collective: form.sync.iter().any(warp) || effects.collective,
        }
    }

    fn union(self, other: SideEffects) -> SideEffects {
        SideEffects {
            memory: self.memory || other.memory,
            barrier: self.barrier || other.barrier,
            warp_collective: self.warp_collective || other.warp_collective,
        }
    }
}

/// How operands are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperandShape {
    /// Whether the first operand is a destination: every form the chain matches writes it
    /// (when none matches, every one of the opcode's closest forms does; for an unknown
    /// opcode, the chain ends in a type).
    pub has_result: bool,
    /// Whether address operands are written in brackets (`[addr]`): a form has an address
    /// operand.
    pub bracketed_address: bool,
}

/// The analysis of one opcode chain.
#[derive(Debug, Clone)]
pub struct Chain<'a> {
    /// The chain as given.
    pub text: &'a str,
    /// The parts, split on `.` (`::` and digit-led parts such as `3d` or `m16n8k16` kept whole).
    pub parts: Vec<&'a str>,
    /// The opcode (first part).
    pub opcode: &'a str,
    /// The data type the chain names: the type of the result (`cvt`'s destination type),
    /// otherwise the last type part.
    pub data_type: Option<&'static TypeInfo>,
    /// What the instruction returns.
    pub result: ResultType,
    /// Side-effect classification. When no form matches the chain (an unknown opcode, or
    /// modifiers no form takes), every side effect is assumed.
    pub side_effects: SideEffects,
    /// Operand layout.
    pub operands: OperandShape,
    /// The signature forms the chain matches, with the value each part takes; empty when
    /// none does.
    pub forms: Vec<Explained>,
    /// When no form matches but the opcode has forms: the closest ones (a modifier they do
    /// not take, or one missing).
    pub closest: Vec<&'static Form>,
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

/// Whether `form` writes its first operand.
fn writes_first(form: &Form) -> bool {
    form.positions
        .first()
        .and_then(|p| p.operands().first().map(|o| o.direction))
        .is_some_and(|d| d != Direction::In)
        || form.positions.first().is_some_and(|p| matches!(p.shape, Shape::Sink))
}

/// Whether `form` has an address operand.
fn has_address(form: &Form) -> bool {
    form.positions.iter().any(|p| matches!(p.shape, Shape::Address(_)))
}

/// The result a type names.
fn result_of(t: &'static TypeInfo) -> ResultType {
    if t.kind == TypeKind::Predicate {
        ResultType::Predicate
    } else {
        ResultType::Value(t)
    }
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
/// assert!(analyze_chain("frobnicate.u32").unwrap().side_effects.any());
/// assert!(analyze_chain("add..f32").is_err());
/// ```
pub fn analyze_chain(chain: &str) -> Result<Chain<'_>, ChainError> {
    let parts: Vec<&str> = chain.split('.').collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(ChainError::EmptyPart(chain.to_string()));
    }
    let opcode = parts[0];
    let type_of = |p: &str| type_info(&format!(".{p}"));
    let last_type = parts.iter().skip(1).rev().find_map(|p| type_of(p));
    let explanation = explain(chain);
    let forms = explanation.matches;
    // What the forms say; with none, what the opcode's closest forms say.
    let closest: Vec<&'static Form> = explanation.near.iter().map(|n| n.form).collect();
    let candidates: Vec<&Form> = if forms.is_empty() {
        closest.clone()
    } else {
        forms.iter().map(|m| m.form).collect()
    };
    let has_result = if candidates.is_empty() {
        last_type.is_some()
    } else {
        candidates.iter().all(|f| writes_first(f))
    };
    // The first operand's type with the chain's modifiers (`cvt.rn.f16.f32`: `.f16`).
    let first_type = forms
        .iter()
        .filter(|m| writes_first(m.form))
        .find_map(|m| m.operands.first().and_then(|o| o.ty).and_then(type_info));
    let result = match first_type.or(last_type) {
        Some(t) if has_result => result_of(t),
        _ => ResultType::None,
    };
    let data_type = match result {
        ResultType::Value(t) => Some(t),
        _ => last_type,
    };
    let side_effects = if forms.is_empty() {
        SideEffects::ALL
    } else {
        forms
            .iter()
            .map(|m| SideEffects::of(m.form))
            .fold(SideEffects::default(), SideEffects::union)
    };
    let operands = OperandShape {
        has_result,
        bracketed_address: candidates.iter().any(|f| has_address(f)),
    };
    Ok(Chain {
        text: chain,
        parts,
        opcode,
        data_type,
        result,
        side_effects,
        operands,
        forms,
        closest,
    })
}
