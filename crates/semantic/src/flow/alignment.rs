//! Known alignment: each register's value as a congruence `base + c (mod 2^k)`.
//!
//! A base is a symbol (`mov %rd, smem`, `cvta.shared %rd, smem`), a parameter loaded with
//! `ld.param` (a kernel's pointer argument), or the value some instruction the analysis
//! does not follow produced (a load, a call result): two addresses off one such value can
//! still be compared. Absolute values (constants and arithmetic on them) have no base.
//! Transfer: `mov`, `cvta`/`cvta.to`, integer `cvt`, `add`, `sub`, `mul`/`mul.wide`,
//! `mad`/`mad.wide`, `shl`, `and`/`or`/`xor` with constants, `selp`; anything else makes
//! a fresh opaque base. A guarded write joins with the old value; joins keep the low
//! bits both sides agree on, so loops reach a fixed point in at most 33 steps per register.

use ptxkit_syntax::NodeKind as _;
// Fx: the keys are names and small integers, hashed at every operand; no iteration
// order is relied on.
use rustc_hash::FxHashMap as HashMap;

use ptxkit_isa::signature::analyze;
use ptxkit_isa::signature::semantics::{Access, BinaryOp, Semantics, Step};
use ptxkit_syntax::tree_sitter::Node;

use crate::symbols::{SymbolTable, Variable};

use super::cfg::{BlockId, FunctionFlow, InsnId, RegId};
use super::solve::{Analysis, Lattice, forward};

/// The widest modulus tracked: values are known modulo at most 2^32.
pub const EXACT: u8 = 32;

/// What is known of one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Congruence {
    /// No path reaches here yet (the join's identity).
    Unreached,
    /// `base + residue (mod 2^shift)`; `shift == EXACT` means the offset is known exactly
    /// (modulo 2^32).
    Known {
        /// The base, an index into [`Alignment::bases`]; [`ABSOLUTE`] for none.
        base: u32,
        /// log2 of the modulus.
        shift: u8,
        /// The offset from the base, below 2^shift.
        residue: u32,
    },
    /// Nothing is known.
    Unknown,
}

/// The base of absolute values (constants).
pub const ABSOLUTE: u32 = 0;
/// Bases from this value on are opaque: `OPAQUE + i` is what instruction `i` produced.
pub const OPAQUE: u32 = 1 << 31;

fn mask(shift: u8) -> u64 {
    if shift >= 64 { u64::MAX } else { (1u64 << shift) - 1 }
}

impl Congruence {
    /// A value known exactly relative to `base`.
    pub fn exact(base: u32, offset: i64) -> Congruence {
        Congruence::Known {
            base,
            shift: EXACT,
            residue: (offset as u64 & mask(EXACT)) as u32,
        }
    }

    fn known(base: u32, shift: u8, residue: u64) -> Congruence {
        let shift = shift.min(EXACT);
        Congruence::Known {
            base,
            shift,
            residue: (residue & mask(shift)) as u32,
        }
    }

    /// This value plus a constant.
    pub fn offset(self, by: i64) -> Congruence {
        match self {
            Congruence::Known { base, shift, residue } => {
                Congruence::known(base, shift, u64::from(residue).wrapping_add(by as u64))
            }
            other => other,
        }
    }

    /// The exact offset from the base, as a signed 32-bit number, if known.
    pub fn exact_offset(self) -> Option<(u32, i64)> {
        match self {
            Congruence::Known {
                base,
                shift: EXACT,
                residue,
            } => Some((base, i64::from(residue as i32))),
            _ => None,
        }
    }

    fn join(self, other: Congruence) -> Congruence {
        match (self, other) {
            (Congruence::Unreached, x) | (x, Congruence::Unreached) => x,
            (
                Congruence::Known {
                    base: b1,
                    shift: s1,
                    residue: r1,
                },
                Congruence::Known {
                    base: b2,
                    shift: s2,
                    residue: r2,
                },
            ) if b1 == b2 => {
                let agree = (r1 ^ r2).trailing_zeros().min(32) as u8;
                Congruence::known(b1, s1.min(s2).min(agree), u64::from(r1))
            }
            _ => Congruence::Unknown,
        }
    }
}

/// The low-bit valuation of a known value: trailing zeros of the residue, or the shift
/// when the residue is 0.
fn zeros(shift: u8, residue: u32) -> u8 {
    if residue == 0 {
        shift
    } else {
        (residue.trailing_zeros() as u8).min(shift)
    }
}

fn absolute(v: Congruence) -> Option<(u8, u64)> {
    match v {
        Congruence::Known {
            base: ABSOLUTE,
            shift,
            residue,
        } => Some((shift, u64::from(residue))),
        _ => None,
    }
}

/// An opaque value used as a number (an index, a size): an unknown absolute value.
fn as_number(v: Congruence) -> Congruence {
    match v {
        Congruence::Known { base, .. } if base >= OPAQUE => Congruence::known(ABSOLUTE, 0, 0),
        other => other,
    }
}

fn is_opaque(v: Congruence) -> bool {
    matches!(v, Congruence::Known { base, .. } if base >= OPAQUE)
}

fn add(a: Congruence, b: Congruence) -> Congruence {
    // a pointer plus an index the analysis does not follow: the index is a number
    let (a, b) = match (is_opaque(a), is_opaque(b)) {
        (true, false) => (as_number(a), b),
        (false, true) => (a, as_number(b)),
        _ => (a, b),
    };
    match (a, b) {
        (
            Congruence::Known {
                base: b1,
                shift: s1,
                residue: r1,
            },
            Congruence::Known {
                base: b2,
                shift: s2,
                residue: r2,
            },
        ) if b1 == ABSOLUTE || b2 == ABSOLUTE => Congruence::known(
            if b1 == ABSOLUTE { b2 } else { b1 },
            s1.min(s2),
            u64::from(r1) + u64::from(r2),
        ),
        _ => Congruence::Unknown,
    }
}

fn negate(a: Congruence) -> Congruence {
    match absolute(a) {
        Some((shift, residue)) => Congruence::known(ABSOLUTE, shift, residue.wrapping_neg()),
        None => Congruence::Unknown,
    }
}

fn sub(a: Congruence, b: Congruence) -> Congruence {
    match (a, b) {
        (
            Congruence::Known {
                base: b1,
                shift: s1,
                residue: r1,
            },
            Congruence::Known {
                base: b2,
                shift: s2,
                residue: r2,
            },
        ) if b1 == b2 && b1 != ABSOLUTE => {
            Congruence::known(ABSOLUTE, s1.min(s2), u64::from(r1).wrapping_sub(u64::from(r2)))
        }
        _ => add(a, negate(b)),
    }
}

fn mul(a: Congruence, b: Congruence) -> Congruence {
    let (a, b) = (as_number(a), as_number(b));
    let (Some((s1, r1)), Some((s2, r2))) = (absolute(a), absolute(b)) else {
        // a based value times exactly 1
        return match (absolute(a), absolute(b)) {
            (_, Some((EXACT, 1))) => a,
            (Some((EXACT, 1)), _) => b,
            _ => Congruence::Unknown,
        };
    };
    let shift = (s1 + zeros(s2, r2 as u32)).min(s2 + zeros(s1, r1 as u32)).min(EXACT);
    Congruence::known(ABSOLUTE, shift, r1.wrapping_mul(r2))
}

fn shl(a: Congruence, n: u32) -> Congruence {
    match absolute(as_number(a)) {
        Some((shift, residue)) if n < 32 => Congruence::known(ABSOLUTE, shift + n as u8, residue << n),
        _ if n >= 32 => Congruence::exact(ABSOLUTE, 0),
        _ => Congruence::Unknown,
    }
}

fn bitwise(a: Congruence, imm: u64, op: BinaryOp) -> Congruence {
    let Some((shift, residue)) = absolute(as_number(a)) else {
        return Congruence::Unknown;
    };
    match op {
        // Bits at or above `shift` are unknown unless the mask clears them: known up to
        // the lowest unknown bit the mask keeps.
        BinaryOp::And => {
            let kept_unknown = imm & !mask(shift);
            let known = if kept_unknown == 0 {
                EXACT
            } else {
                kept_unknown.trailing_zeros() as u8
            };
            Congruence::known(ABSOLUTE, known, residue & imm)
        }
        BinaryOp::Or => Congruence::known(ABSOLUTE, shift, residue | imm),
        _ => Congruence::known(ABSOLUTE, shift, residue ^ imm),
    }
}

/// `and`/`or`/`xor` of two numbers: the low bits both know, and for `and` also the low
/// zeros either has.
fn bitwise2(a: Congruence, b: Congruence, op: BinaryOp) -> Congruence {
    let (Some((s1, r1)), Some((s2, r2))) = (absolute(as_number(a)), absolute(as_number(b))) else {
        return Congruence::Unknown;
    };
    match op {
        BinaryOp::And => {
            let shift = s1.min(s2).max(zeros(s1, r1 as u32)).max(zeros(s2, r2 as u32));
            Congruence::known(ABSOLUTE, shift, r1 & r2)
        }
        BinaryOp::Or => Congruence::known(ABSOLUTE, s1.min(s2), r1 | r2),
        _ => Congruence::known(ABSOLUTE, s1.min(s2), r1 ^ r2),
    }
}

/// A register's slot in [`Registers`] when the analysis does not follow it.
const UNTRACKED: u32 = u32::MAX;

/// An operand of a transfer: a register, or a constant.
#[derive(Debug, Clone, Copy)]
enum Value {
    Reg(RegId),
    Imm(i64),
}

/// What one instruction does to its (single) destination.
#[derive(Debug, Clone, Copy)]
enum Transfer {
    /// Writes nothing the analysis tracks (its destinations become unknown).
    Clobber,
    /// `base + offset`.
    Base(u32, i64),
    Copy(Value),
    Add(Value, Value),
    Sub(Value, Value),
    Mul(Value, Value),
    Mad(Value, Value, Value),
    Shl(Value, u32),
    /// `and`, `or` or `xor` with a constant mask.
    Bitwise(Value, u64, BinaryOp),
    Bitwise2(Value, Value, BinaryOp),
    Select(Value, Value),
    /// A value the analysis does not follow: a fresh opaque base.
    Opaque,
}

impl Transfer {
    /// The registers the written value is computed from.
    fn sources(self) -> impl Iterator<Item = RegId> {
        let values = match self {
            Transfer::Clobber | Transfer::Base(..) | Transfer::Opaque => [None, None, None],
            Transfer::Copy(a) | Transfer::Shl(a, _) | Transfer::Bitwise(a, ..) => [Some(a), None, None],
            Transfer::Add(a, b)
            | Transfer::Sub(a, b)
            | Transfer::Mul(a, b)
            | Transfer::Bitwise2(a, b, _)
            | Transfer::Select(a, b) => [Some(a), Some(b), None],
            Transfer::Mad(a, b, c) => [Some(a), Some(b), Some(c)],
        };
        values.into_iter().flatten().filter_map(|v| match v {
            Value::Reg(r) => Some(r),
            Value::Imm(_) => None,
        })
    }
}

/// A base of addresses.
#[derive(Debug, Clone, Copy)]
pub enum Base<'s> {
    /// No base: constants.
    Absolute,
    /// A variable: its address (for a parameter, the address of the parameter itself, as
    /// in `ld.param.v2.u32 {%r1, %r2}, [s+8]`).
    Symbol(&'s Variable),
    /// The value of a parameter, loaded with `ld.param`; the alignment its `.ptr .align N`
    /// states, if any.
    Parameter(&'s Variable, Option<u64>),
}

/// The alignment analysis of one function.
pub struct Alignment<'s> {
    /// The bases of the function; index [`ABSOLUTE`] is [`Base::Absolute`].
    pub bases: Vec<Base<'s>>,
    transfers: Vec<Transfer>,
    /// The base of each variable named directly in an address (`[smem+16]`), by the byte
    /// offset of the name.
    direct: HashMap<usize, u32>,
    /// Each register's slot in a state, or [`UNTRACKED`].
    slots: Vec<u32>,
    /// How many registers are followed (the length of a state).
    tracked: usize,
}

/// The state of every followed register at a program point, by slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registers(Vec<Congruence>);

impl Lattice for Registers {
    fn join(&mut self, other: &Self) -> bool {
        let mut changed = false;
        for (a, &b) in self.0.iter_mut().zip(&other.0) {
            let joined = a.join(b);
            changed |= joined != *a;
            *a = joined;
        }
        changed
    }
}

/// `name`, `name+C`, `name-C`, `C+name` as an expression node.
fn name_plus<'t>(node: Node<'t>, source: &'t str) -> Option<(&'t str, i64)> {
    match node.kind_name() {
        "identifier" => Some((&source[node.byte_range()], 0)),
        "binary_expression" => {
            let left = node.field("left")?;
            let right = node.field("right")?;
            let operator = &source[node.field("operator")?.byte_range()];
            let constant = |n: Node<'_>| ptxkit_syntax::literal::eval_integer(n, source);
            match (left.kind_name(), operator) {
                ("identifier", "+") => Some((&source[left.byte_range()], constant(right)?)),
                ("identifier", "-") => Some((&source[left.byte_range()], constant(right)?.checked_neg()?)),
                (_, "+") if right.kind_name() == "identifier" => Some((&source[right.byte_range()], constant(left)?)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The alignment a `.ptr .align N` qualifier states for the parameter declared at `span`.
fn pointer_alignment(root: Node<'_>, source: &str, variable: &Variable) -> Option<u64> {
    let mut node = root.descendant_for_byte_range(variable.span.start, variable.span.end)?;
    while node.kind_name() != "parameter_declaration" {
        node = node.parent()?;
    }
    let value = node.field("pointer")?.field("align")?.field("value")?;
    ptxkit_syntax::literal::integer_value(&source[value.byte_range()]).and_then(|v| u64::try_from(v).ok())
}

/// The register instruction `i` reads at `node`, if `node` is one of its register reads.
fn register_read_at(flow: &FunctionFlow<'_>, i: InsnId, node: Node<'_>) -> Option<RegId> {
    flow.uses(i).iter().find(|u| u.node.id() == node.id()).map(|u| u.reg)
}

/// The register an address operand (`[reg]`, `[reg+C]`) of instruction `i` reads, if any.
fn address_register(flow: &FunctionFlow<'_>, i: InsnId, address: Node<'_>, source: &str) -> Option<RegId> {
    register_read_at(flow, i, crate::symbol_address(address, source)?.base)
}

/// The bases met while the analysis reads its transfers and addresses, numbered as met.
struct BaseTable<'s, 't> {
    bases: Vec<Base<'s>>,
    /// (declaration offset, whether the parameter's value) -> base.
    ids: HashMap<(usize, bool), u32>,
    /// The root of the tree (where a parameter's `.ptr .align` is looked up).
    root: Node<'t>,
    source: &'t str,
}

impl<'s> BaseTable<'s, '_> {
    /// The base of `variable`'s address, or of its value when `parameter`.
    fn of(&mut self, variable: &'s Variable, parameter: bool) -> u32 {
        let key = (variable.span.start, parameter);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        self.bases.push(if parameter {
            Base::Parameter(variable, pointer_alignment(self.root, self.source, variable))
        } else {
            Base::Symbol(variable)
        });
        let id = (self.bases.len() - 1) as u32;
        self.ids.insert(key, id);
        id
    }
}

/// What instruction `i` of `flow`, which writes one register, does to it (the register is
/// the first operand: `add.cc` and the like are read as their plain forms).
fn transfer_of<'s>(
    flow: &FunctionFlow<'_>,
    i: InsnId,
    symbols: &'s SymbolTable,
    source: &str,
    bases: &mut BaseTable<'s, '_>,
) -> Transfer {
    let insn = &flow.insns[i as usize];
    let at = insn.node().start_byte();
    let operands = insn.operands();
    let value = |k: usize| -> Option<Value> {
        let node = *operands.get(k)?;
        if let Some(reg) = register_read_at(flow, i, node) {
            return Some(Value::Reg(reg));
        }
        ptxkit_syntax::literal::eval_integer(node, source).map(Value::Imm)
    };
    let integer = insn
        .types()
        .iter()
        .all(|t| t.starts_with(".u") || t.starts_with(".s") || t.starts_with(".b"));
    let Some(semantics) = semantics(insn, symbols) else {
        return Transfer::Opaque;
    };
    // A load: of a parameter's value (a kernel's pointer argument) a base of its own.
    if semantics.memory.iter().any(|m| m.access == Access::Read) {
        let parameter = (operands.len() == 2 && insn.vector().is_none())
            .then(|| insn.space().filter(|s| s.text == ".param"))
            .flatten()
            .and_then(|_| insn.address_operand())
            .and_then(|a| crate::symbol_address(a, source))
            .filter(|a| a.offset == 0)
            .and_then(|a| symbols.variable(at, &source[a.base.byte_range()]))
            .filter(|v| v.is_parameter && !v.is_array);
        return match parameter {
            Some(variable) => Transfer::Base(bases.of(variable, true), 0),
            None => Transfer::Opaque,
        };
    }
    // What the model says the instruction computes into its first operand (its `value` line).
    let Some(computed) = semantics.values.iter().find(|v| v.dest == 0) else {
        return Transfer::Opaque;
    };
    let binary = |a: Value, b: Value, op: BinaryOp| match (op, a, b) {
        (BinaryOp::Add, ..) => Transfer::Add(a, b),
        (BinaryOp::Sub, ..) => Transfer::Sub(a, b),
        (BinaryOp::Mul, ..) => Transfer::Mul(a, b),
        (BinaryOp::Shl, _, Value::Imm(n)) if n >= 0 => Transfer::Shl(a, n.min(64) as u32),
        (BinaryOp::And | BinaryOp::Or | BinaryOp::Xor, _, Value::Imm(m)) => Transfer::Bitwise(a, m as u64, op),
        (BinaryOp::And | BinaryOp::Or | BinaryOp::Xor, Value::Imm(m), _) => Transfer::Bitwise(b, m as u64, op),
        (BinaryOp::And | BinaryOp::Or | BinaryOp::Xor, ..) => Transfer::Bitwise2(a, b, op),
        _ => Transfer::Opaque,
    };
    match computed.steps.as_slice() {
        // A copy, or a conversion between a state-space address and a generic one (the
        // windows start far above any alignment an access needs): the variable's address when
        // the operand names one.
        [Step::Operand(1)]
        | [
            Step::Operand(1),
            Step::Window(_),
            Step::Binary(BinaryOp::Add | BinaryOp::Sub),
        ] if integer => {
            let symbol = name_plus(operands[1], source).and_then(|(name, offset)| {
                let variable = symbols.variable(at, name)?;
                (!variable.is_parameter).then_some((variable, offset))
            });
            match (symbol, value(1)) {
                (Some((variable, offset)), _) => Transfer::Base(bases.of(variable, false), offset),
                (None, Some(v)) => Transfer::Copy(v),
                _ => Transfer::Opaque,
            }
        }
        [Step::Operand(a), Step::Operand(b), Step::Binary(op)] if integer => match (value(*a), value(*b)) {
            (Some(a), Some(b)) => binary(a, b, *op),
            _ => Transfer::Opaque,
        },
        [
            Step::Operand(a),
            Step::Operand(b),
            Step::Binary(BinaryOp::Mul),
            Step::Operand(c),
            Step::Binary(BinaryOp::Add),
        ] if integer => match (value(*a), value(*b), value(*c)) {
            (Some(a), Some(b), Some(c)) => Transfer::Mad(a, b, c),
            _ => Transfer::Opaque,
        },
        // A selection gives one of two values, whatever their type.
        [Step::Operand(_), Step::Operand(a), Step::Operand(b), Step::Select] => match (value(*a), value(*b)) {
            (Some(a), Some(b)) => Transfer::Select(a, b),
            _ => Transfer::Opaque,
        },
        _ => Transfer::Opaque,
    }
}

/// What the instruction model says `insn` does (`None`: it matches no form).
fn semantics(insn: &crate::Instruction<'_>, symbols: &SymbolTable) -> Option<Semantics> {
    if insn.call().is_some() || insn.node().has_error() {
        return None;
    }
    let instance = insn.signature_instance(symbols);
    analyze(&instance)
        .filter(|a| a.is_match())
        .map(|a| Semantics::of(&a, &instance))
}

impl<'s> Alignment<'s> {
    /// The analysis of every register of `flow` and every address operand (what
    /// [`Alignment::of_addresses`] computes for a few addresses, the whole of it).
    pub fn new<'t>(flow: &FunctionFlow<'t>, symbols: &'s SymbolTable, source: &'t str) -> Alignment<'s> {
        let addresses: Vec<(InsnId, Node<'t>)> = (0..flow.insns.len() as InsnId)
            .flat_map(|i| {
                flow.insns[i as usize]
                    .operands()
                    .iter()
                    .filter(|o| o.kind_name() == "address_operand")
                    .map(move |&o| (i, o))
            })
            .collect();
        Alignment::build(flow, symbols, source, &addresses, true)
    }

    /// The analysis of `addresses` (each an `address_operand` node of an instruction of
    /// `flow`): it follows only the registers these are computed from (the backward slice
    /// through the transfers), whose values are the same as when every register is
    /// followed. What a linter asks of a few accesses needs a fraction of a function's
    /// registers and instructions.
    pub fn of_addresses<'t>(
        flow: &FunctionFlow<'t>,
        symbols: &'s SymbolTable,
        source: &'t str,
        addresses: &[(InsnId, Node<'t>)],
    ) -> Alignment<'s> {
        Alignment::build(flow, symbols, source, addresses, false)
    }

    fn build<'t>(
        flow: &FunctionFlow<'t>,
        symbols: &'s SymbolTable,
        source: &'t str,
        addresses: &[(InsnId, Node<'t>)],
        every_register: bool,
    ) -> Alignment<'s> {
        let root = {
            let mut n = flow.body;
            while let Some(p) = n.parent() {
                n = p;
            }
            n
        };
        let mut bases = BaseTable {
            bases: vec![Base::Absolute],
            ids: HashMap::default(),
            root,
            source,
        };
        // The instructions that write each register (and nothing else), one list per register.
        let registers = flow.registers.len();
        let mut writer_at = vec![0u32; registers + 1];
        let single_def = |i: usize| match flow.defs(i as InsnId) {
            [only] => Some(only.reg),
            _ => None,
        };
        for i in 0..flow.insns.len() {
            if let Some(r) = single_def(i) {
                writer_at[r as usize + 1] += 1;
            }
        }
        for r in 0..registers {
            writer_at[r + 1] += writer_at[r];
        }
        let mut fill = writer_at.clone();
        let mut writers = vec![0 as InsnId; writer_at[registers] as usize];
        for i in 0..flow.insns.len() {
            if let Some(r) = single_def(i) {
                writers[fill[r as usize] as usize] = i as InsnId;
                fill[r as usize] += 1;
            }
        }
        // The followed registers, from the wanted ones back through their writers'
        // transfers; only those writers' transfers are read (the others write registers
        // no state holds).
        let mut transfers = vec![Transfer::Clobber; flow.insns.len()];
        let mut slots = vec![UNTRACKED; registers];
        let mut tracked = 0u32;
        let mut pending: Vec<RegId> = Vec::new();
        let mut follow = |r: RegId, slots: &mut Vec<u32>, pending: &mut Vec<RegId>| {
            if slots[r as usize] == UNTRACKED {
                slots[r as usize] = tracked;
                tracked += 1;
                pending.push(r);
            }
        };
        if every_register {
            for r in 0..registers as RegId {
                follow(r, &mut slots, &mut pending);
            }
        } else {
            for &(i, address) in addresses {
                if let Some(r) = address_register(flow, i, address, source) {
                    follow(r, &mut slots, &mut pending);
                }
            }
        }
        while let Some(r) = pending.pop() {
            let at = writer_at[r as usize] as usize..writer_at[r as usize + 1] as usize;
            for &i in &writers[at] {
                let transfer = transfer_of(flow, i, symbols, source, &mut bases);
                transfers[i as usize] = transfer;
                for source in transfer.sources() {
                    follow(source, &mut slots, &mut pending);
                }
            }
        }
        // Variables named directly in the addresses (`[smem+16]`).
        let mut direct = HashMap::default();
        for &(_, address) in addresses {
            let Some(found) = crate::symbol_address(address, source) else {
                continue;
            };
            let Some(variable) = symbols.variable(address.start_byte(), &source[found.base.byte_range()]) else {
                continue;
            };
            direct.insert(found.base.start_byte(), bases.of(variable, false));
        }
        Alignment {
            bases: bases.bases,
            transfers,
            direct,
            slots,
            tracked: tracked as usize,
        }
    }

    /// The in-state of every block.
    pub fn solve(&self, flow: &FunctionFlow<'_>) -> Vec<Registers> {
        forward(flow, self)
    }

    /// Calls `each` before every instruction of the reachable blocks, with the state there.
    pub fn replay(&self, flow: &FunctionFlow<'_>, states: &[Registers], mut each: impl FnMut(InsnId, &Registers)) {
        let mut scratch = Registers(Vec::with_capacity(self.tracked));
        for &b in &flow.rpo {
            scratch.0.clone_from(&states[b as usize].0);
            for i in flow.range(b) {
                each(i, &scratch);
                self.step(flow, i, &mut scratch);
            }
        }
    }

    /// The value of the address in `address` (an `address_operand` of instruction `i`) in
    /// `state`: `[reg]`, `[reg+C]`, `[symbol+C]`, `[C]`.
    pub fn address(
        &self,
        flow: &FunctionFlow<'_>,
        i: InsnId,
        address: Node<'_>,
        state: &Registers,
        source: &str,
    ) -> Congruence {
        if let Some(found) = crate::symbol_address(address, source) {
            if let Some(reg) = register_read_at(flow, i, found.base) {
                return match self.slots[reg as usize] {
                    UNTRACKED => Congruence::Unknown,
                    slot => state.0[slot as usize].offset(found.offset),
                };
            }
            return match self.direct.get(&found.base.start_byte()) {
                Some(&base) => Congruence::exact(base, found.offset),
                None => Congruence::Unknown,
            };
        }
        let mut elements = crate::elements(address);
        match (elements.next(), elements.next()) {
            (Some(only), None) => ptxkit_syntax::literal::eval_integer(only, source)
                .map_or(Congruence::Unknown, |c| Congruence::exact(ABSOLUTE, c)),
            _ => Congruence::Unknown,
        }
    }

    fn value(&self, state: &Registers, v: Value) -> Congruence {
        match v {
            Value::Reg(r) => match state.0[self.slots[r as usize] as usize] {
                Congruence::Unreached => Congruence::Unknown,
                known => known,
            },
            Value::Imm(c) => Congruence::exact(ABSOLUTE, c),
        }
    }

    fn step(&self, flow: &FunctionFlow<'_>, i: InsnId, state: &mut Registers) {
        let defs = flow.defs(i);
        if defs.iter().all(|d| self.slots[d.reg as usize] == UNTRACKED) {
            return;
        }
        // A followed register's value reads only followed registers (see `Alignment::of_addresses`).
        let get = |v| self.value(state, v);
        let new = match self.transfers[i as usize] {
            Transfer::Clobber => Congruence::Unknown,
            Transfer::Base(base, offset) => Congruence::exact(base, offset),
            Transfer::Copy(a) => get(a),
            Transfer::Add(a, b) => add(get(a), get(b)),
            Transfer::Sub(a, b) => sub(get(a), get(b)),
            Transfer::Mul(a, b) => mul(get(a), get(b)),
            Transfer::Mad(a, b, c) => add(mul(get(a), get(b)), get(c)),
            Transfer::Shl(a, n) => shl(get(a), n),
            Transfer::Bitwise(a, m, op) => bitwise(get(a), m, op),
            Transfer::Bitwise2(a, b, op) => bitwise2(get(a), get(b), op),
            Transfer::Select(a, b) => get(a).join(get(b)),
            Transfer::Opaque => Congruence::exact(OPAQUE + i, 0),
        };
        let guarded = flow.guards[i as usize].is_some() || flow.insns[i as usize].guard().is_some();
        for access in defs {
            let slot = self.slots[access.reg as usize];
            if slot == UNTRACKED {
                continue;
            }
            let slot = &mut state.0[slot as usize];
            let value = if defs.len() == 1 { new } else { Congruence::Unknown };
            *slot = if guarded { slot.join(value) } else { value };
        }
    }
}

impl<'t> Analysis<'t> for Alignment<'_> {
    type State = Registers;

    fn entry(&self, _flow: &FunctionFlow<'t>) -> Registers {
        Registers(vec![Congruence::Unknown; self.tracked])
    }

    fn bottom(&self, _flow: &FunctionFlow<'t>) -> Registers {
        Registers(vec![Congruence::Unreached; self.tracked])
    }

    fn transfer(&self, flow: &FunctionFlow<'t>, b: BlockId, state: &mut Registers) {
        for i in flow.range(b) {
            self.step(flow, i, state);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the address of the last `ld`/`st` of `body`, as (base kind, shift,
    /// residue), the same whether every register is followed or only the address's slice.
    fn last_address(body: &str) -> Option<(&'static str, u8, u32)> {
        let everything = address_of_last_access(body, false).map(|(value, _)| value);
        let slice = address_of_last_access(body, true).map(|(value, _)| value);
        assert_eq!(everything, slice, "{body}");
        slice
    }

    /// The value of the address of the last `ld`/`st` of `body`, and how many registers
    /// were followed.
    fn address_of_last_access(body: &str, slice: bool) -> Option<((&'static str, u8, u32), usize)> {
        let text = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 16 .b8 smem[256];\n.entry k(.param .u64 p)\n{{\n.reg .b32 %r<9>;\n.reg .b64 %rd<9>;\n.reg .pred %p<3>;\n{body}\n}}\n"
        );
        let parsed = ptxkit_syntax::parse(&text);
        let symbols = SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let flow = &flows[0];
        let last = (0..flow.insns.len() as InsnId)
            .rev()
            .find(|&i| matches!(flow.insns[i as usize].opcode(), "ld" | "st"))?;
        let address = flow.insns[last as usize].address_operand()?;
        let alignment = if slice {
            Alignment::of_addresses(flow, &symbols, parsed.text(), &[(last, address)])
        } else {
            Alignment::new(flow, &symbols, parsed.text())
        };
        let states = alignment.solve(flow);
        let mut found = None;
        let mut at = Vec::new();
        alignment.replay(flow, &states, |i, state| {
            if i == last {
                at.push((i, state.clone()));
            }
        });
        let (i, state) = at.pop()?;
        if let Congruence::Known { base, shift, residue } = alignment.address(flow, i, address, &state, parsed.text()) {
            let kind = match base {
                ABSOLUTE => "absolute",
                b if b >= OPAQUE => "opaque",
                b => match alignment.bases[b as usize] {
                    Base::Symbol(_) => "symbol",
                    Base::Parameter(..) => "parameter",
                    Base::Absolute => "absolute",
                },
            };
            found = Some(((kind, shift, residue), alignment.tracked));
        }
        found
    }

    #[test]
    fn only_the_registers_an_address_is_computed_from_are_followed() {
        // %rd2 <- %rd3 (smem), %rd1 <- %r5 (%tid.x); not %r7, %r8, %rd4 (a guarded write
        // to %rd4 from %rd2 reads it, but nothing reads %rd4), nor the predicate
        let body = "mov.u32 %r5, %tid.x;\nadd.s32 %r7, %r5, 1;\nmul.wide.u32 %rd1, %r5, 16;\nmov.u64 %rd3, smem;\nadd.s64 %rd2, %rd3, %rd1;\nsetp.eq.u32 %p1, %r7, 0;\n@%p1 add.s64 %rd4, %rd2, 8;\nmov.u32 %r8, %r7;\nld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [%rd2+4];";
        let (everything, all) = address_of_last_access(body, false).unwrap();
        let (slice, followed) = address_of_last_access(body, true).unwrap();
        assert_eq!(everything, ("symbol", 4, 4));
        assert_eq!(slice, everything);
        assert_eq!(followed, 4);
        assert!(all > followed, "{all}");
        // through a loop and a guarded write, the slice still reaches the base
        let looped = "mov.u64 %rd3, smem;\nmov.u64 %rd2, %rd3;\nL:\n@%p1 add.s64 %rd2, %rd2, 12;\nsetp.lt.u64 %p1, %rd2, 9;\n@%p1 bra L;\nld.shared.u32 %r1, [%rd2];\nld.shared.v2.u32 {%r1, %r2}, [%rd2];";
        assert_eq!(address_of_last_access(looped, true).unwrap(), (("symbol", 2, 0), 2));
        assert_eq!(last_address(looped), Some(("symbol", 2, 0)));
    }

    #[test]
    fn transfer_functions() {
        let ld = "ld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [%rd2+4];";
        assert_eq!(
            last_address(&format!("mov.u64 %rd2, smem;\n{ld}")),
            Some(("symbol", 32, 4))
        );
        assert_eq!(
            last_address(&format!("mov.u64 %rd1, smem;\ncvta.shared.u64 %rd2, %rd1;\n{ld}")),
            Some(("symbol", 32, 4))
        );
        assert_eq!(
            last_address(&format!(
                "ld.param.u64 %rd1, [p];\ncvta.to.global.u64 %rd2, %rd1;\n{ld}"
            )),
            Some(("parameter", 32, 4))
        );
        // base + tid * 16 (mul.wide) and + tid << 4 (shl)
        assert_eq!(
            last_address(&format!(
                "mov.u32 %r5, %tid.x;\nmul.wide.u32 %rd1, %r5, 16;\nmov.u64 %rd3, smem;\nadd.s64 %rd2, %rd3, %rd1;\n{ld}"
            )),
            Some(("symbol", 4, 4))
        );
        assert_eq!(
            last_address(&format!(
                "mov.u32 %r5, %tid.x;\ncvt.u64.u32 %rd1, %r5;\nshl.b64 %rd1, %rd1, 3;\nmov.u64 %rd3, smem;\nadd.s64 %rd2, %rd3, %rd1;\n{ld}"
            )),
            Some(("symbol", 3, 4))
        );
        // mad, and with a mask, sub
        assert_eq!(
            last_address(&format!(
                "mov.u32 %r5, %tid.x;\nand.b32 %r6, %r5, -32;\ncvt.u64.u32 %rd1, %r6;\nmov.u64 %rd3, smem;\nmad.lo.s64 %rd2, %rd1, 2, %rd3;\nsub.s64 %rd2, %rd2, 8;\n{ld}"
            )),
            Some(("symbol", 6, 60))
        );
        // a loop: +12 each trip keeps 4-byte alignment only
        assert_eq!(
            last_address(&format!(
                "mov.u64 %rd2, smem;\nL:\nadd.s64 %rd2, %rd2, 12;\nsetp.lt.u64 %p1, %rd2, 9;\n@%p1 bra L;\n{ld}"
            )),
            Some(("symbol", 2, 0))
        );
        // a guarded write joins; a load makes an opaque base
        assert_eq!(
            last_address(&format!("mov.u64 %rd2, smem;\n@%p1 add.s64 %rd2, %rd2, 8;\n{ld}")),
            Some(("symbol", 3, 4))
        );
        assert_eq!(
            last_address(&format!("ld.global.u64 %rd2, [%rd5];\n{ld}")),
            Some(("opaque", 32, 4))
        );
        assert_eq!(
            last_address("ld.shared.v2.u32 {%r1, %r2}, [smem+8];"),
            Some(("symbol", 32, 8))
        );
    }
}
