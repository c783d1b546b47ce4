//! What every register holds at every instruction of a function, as an expression over the
//! thread id, the block shape, uniform values and variable addresses ([`expr`](super::expr)),
//! computed from the instruction model's `value` lines by a forward dataflow analysis.
//!
//! Where paths with different values meet, the register holds a join (a [`Node::Phi`]
//! leaf): *uniform* when every value is the same for all threads and the paths part at a
//! branch all threads take alike, *varying* otherwise. A loop-carried register that every
//! iteration moves by a uniform amount (`add %r8, %r8, 32`) is an induction: its entry value
//! plus a uniform leaf.

use std::rc::Rc;

use ptxkit_isa::signature::semantics::{Access, BarrierMode, BinaryOp, Semantics, Space, Step, Sync, UnaryOp};
use ptxkit_isa::special_registers::{ThreadValue, thread_value};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node as SyntaxNode;
use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

use super::descriptor::{DescriptorRead, decode};
use super::dominance::Dominance;
use super::expr::{ExprId, Exprs, Node};
use crate::flow::cfg::{BlockId, FunctionFlow, InsnId};
use crate::symbols::SymbolTable;

/// A variable whose address the analysis met (`Node::Symbol` indexes this list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariableRef {
    /// Its name.
    pub name: String,
    /// Its state space.
    pub space: Space,
    /// Its size in bytes, when known.
    pub size: Option<u64>,
    /// Where it is declared (to tell two variables of one name apart).
    pub declared_at: usize,
}

/// The values of a function's registers and operands.
#[derive(Debug, Clone)]
pub struct ValueFlow {
    /// The expressions.
    pub exprs: Exprs,
    /// The variables `Node::Symbol` leaves name.
    pub variables: Vec<VariableRef>,
    /// Each instruction's semantics from the instruction model (`None`: no form matches).
    pub semantics: Vec<Option<Rc<Semantics>>>,
    /// The value of each operand of each instruction, before it executes (addresses: the
    /// address they compute; `None`: not a value the analysis follows).
    pub operands: Vec<SmallVec<[Option<ExprId>; 4]>>,
    /// The value of each instruction's guard (`!` applied), if it has one.
    pub guards: Vec<Option<ExprId>>,
    /// Where each uniform leaf that can change during the kernel gets its value: the
    /// instruction that computes it (`false`: after it), or the first instruction of the block
    /// a join is at (`true`: from it). Parameters, special registers and constants are not
    /// here: they hold one value for the whole kernel.
    pub origins: HashMap<ExprId, (InsnId, bool)>,
    /// The values a thread loads from global memory at an address that depends on the thread
    /// (an input element of its own, `in[i]`), with the load: some launch's input holds any
    /// value there, in each thread independently of the others' elements
    /// ([`crate::sync::inputs`]).
    pub inputs: HashMap<ExprId, InsnId>,
    /// The values a thread loads from shared memory at an address that depends on the thread,
    /// with the load: data the threads exchange, which decides compare-and-swap stores.
    pub shared_loads: HashMap<ExprId, InsnId>,
    /// Values the values do not compute (a floating-point comparison) from operands built on
    /// [`ValueFlow::shared_loads`], with those operands.
    pub shared_derived: HashMap<ExprId, SmallVec<[ExprId; 4]>>,
    /// The value each join at a loop's head holds in the loop's first iteration (its value
    /// from outside the loop; an induction's leaf: 0), for the accesses inside the loop.
    pub first_iteration: HashMap<ExprId, ExprId>,
    /// What each such join holds in the next iteration: the value its back edge brings (in
    /// terms of the joins' current values).
    pub next_iteration: HashMap<ExprId, ExprId>,
    /// For each induction's leaf (what it adds to the entry value, 0 in the first iteration),
    /// its value in the next iteration (in terms of the current one: the leaf plus the step).
    pub inductions: HashMap<ExprId, ExprId>,
    /// For each block, the block whose branch decides it last (its innermost control
    /// dependence), with the value of that branch's condition towards it: computed by
    /// [`ValueFlow::branch_condition`].
    pub dominance: Dominance,
    /// The matrices instructions read through descriptors, where the descriptor could be
    /// read back ([`descriptor`](super::descriptor)): by instruction.
    pub descriptor_reads: HashMap<InsnId, SmallVec<[DescriptorRead; 2]>>,
}

/// The values of a vector operand's elements (empty for an operand that is not a vector).
type Elements = SmallVec<[Option<ExprId>; 4]>;

/// Why the analysis gave up on a function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GiveUp {
    /// Too many registers × blocks to hold the states.
    TooLarge,
    /// The fixpoint did not settle.
    NoFixpoint,
}

/// A stable key for a leaf: what created it.
fn key(parts: &[u64]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    parts.hash(&mut h);
    h.finish()
}

/// The matrices each instruction reads through descriptors whose start can be read back.
fn descriptor_reads(
    semantics: &[Option<Rc<Semantics>>],
    operands: &[SmallVec<[Option<ExprId>; 4]>],
    exprs: &mut Exprs,
) -> HashMap<InsnId, SmallVec<[DescriptorRead; 2]>> {
    let mut out = HashMap::default();
    for (i, s) in semantics.iter().enumerate() {
        let Some(s) = s else { continue };
        let reads: SmallVec<[DescriptorRead; 2]> = s
            .descriptor_memory
            .iter()
            .filter_map(|m| {
                let descriptor = operands[i].get(m.operand).copied().flatten()?;
                let (start, swizzle) = decode(exprs, descriptor, m.descriptor?)?;
                Some(DescriptorRead {
                    operand: m.operand,
                    start,
                    swizzle,
                })
            })
            .collect();
        if !reads.is_empty() {
            out.insert(i as InsnId, reads);
        }
    }
    out
}

/// A hash of every block's entry and exit state, to recognise a round that repeats an
/// earlier one.
fn states_hash(entry: &[Option<Vec<ExprId>>], exit: &[Option<Vec<ExprId>>]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = rustc_hash::FxHasher::default();
    entry.hash(&mut hasher);
    exit.hash(&mut hasher);
    hasher.finish()
}

/// The most states (registers × blocks) the analysis holds.
const MAX_STATE: usize = 40_000_000;

impl ValueFlow {
    /// The values of `flow`'s registers; `Err` when the function is too large or the
    /// analysis does not settle.
    pub fn of(flow: &FunctionFlow<'_>, symbols: &SymbolTable) -> Result<ValueFlow, GiveUp> {
        Self::following(flow, symbols, false)
    }

    /// [`ValueFlow::of`], following global addresses too when `global`.
    pub fn following(flow: &FunctionFlow<'_>, symbols: &SymbolTable, global: bool) -> Result<ValueFlow, GiveUp> {
        match Self::settled(flow, symbols, global, false) {
            // A join can swing between an induction and a plain join value from one round to
            // the next (its back edge brings the join's own value in one round, a value built
            // on the induction in the next). Widening makes each join's choice final once it
            // has been a plain join (an opaque value, never less sound), so that it settles.
            Err(GiveUp::NoFixpoint) => Self::settled(flow, symbols, global, true),
            other => other,
        }
    }

    /// [`ValueFlow::following`], widening when `widen` (see there).
    fn settled(flow: &FunctionFlow<'_>, symbols: &SymbolTable, global: bool, widen: bool) -> Result<ValueFlow, GiveUp> {
        let semantics = flow.semantics(symbols);
        // Only the registers guards, branches, shared and generic addresses (and global ones
        // when asked) and synchronisation operands are computed from are followed (each in a
        // slot).
        let slots = followed_registers(flow, semantics, global);
        let regs = slots.iter().filter(|&&s| s != u32::MAX).count();
        if regs.saturating_mul(flow.blocks.len()) > MAX_STATE {
            return Err(GiveUp::TooLarge);
        }
        let mut reg_at = HashMap::default();
        for i in 0..flow.insns.len() as InsnId {
            for access in flow.defs(i).iter().chain(flow.uses(i)) {
                let slot = slots[access.reg as usize];
                if slot != u32::MAX {
                    reg_at.insert(access.node.start_byte(), slot);
                }
            }
        }
        let thread_dependent = thread_dependent_registers(flow, semantics);
        let mut builder = Builder {
            flow,
            symbols,
            exprs: Exprs::default(),
            variables: Vec::new(),
            semantics: semantics.to_vec(),
            dominance: Dominance::of(flow),
            reg_at: Rc::new(reg_at),
            thread_dependent,
            origins: HashMap::default(),
            inputs: HashMap::default(),
            shared_loads: HashMap::default(),
            shared_derived: HashMap::default(),
            first_iteration: HashMap::default(),
            next_iteration: HashMap::default(),
            inductions: HashMap::default(),
            widened: widen.then(HashMap::default),
            steps: Vec::new(),
            loop_writes: HashMap::default(),
        };
        builder.steps.resize_with(flow.insns.len(), || None);
        let rounds = if widen { 24 } else { 12 };
        let entry = builder.settle(regs, rounds).ok_or(GiveUp::NoFixpoint)?;
        // Replay each block from its settled entry, recording operand values.
        let mut operands = vec![SmallVec::new(); flow.insns.len()];
        let mut guards = vec![None; flow.insns.len()];
        let mut exit = vec![None; flow.blocks.len()];
        for &b in &flow.rpo {
            let Some(mut state) = entry[b as usize].clone() else {
                continue;
            };
            for i in flow.range(b) {
                let mut record = Record::default();
                builder.step(i, &mut state, Some(&mut record));
                operands[i as usize] = record.operands;
                guards[i as usize] = record.guard;
            }
            exit[b as usize] = Some(state);
        }
        builder.gate_joins(&entry, &exit);
        let mut exprs = builder.exprs;
        let descriptor_reads = descriptor_reads(&builder.semantics, &operands, &mut exprs);
        Ok(ValueFlow {
            exprs,
            descriptor_reads,
            variables: builder.variables,
            semantics: builder.semantics,
            operands,
            guards,
            origins: builder.origins,
            inputs: builder.inputs,
            shared_loads: builder.shared_loads,
            shared_derived: builder.shared_derived,
            first_iteration: builder.first_iteration,
            next_iteration: builder.next_iteration,
            inductions: builder.inductions,
            dominance: builder.dominance,
        })
    }

    /// The value of the condition under which block `from`'s last instruction (a guarded
    /// branch) goes to `to`: its guard, negated for the other successor. `None` when `from`
    /// does not end in a guarded branch or the guard is not followed.
    pub fn branch_condition(&mut self, flow: &FunctionFlow<'_>, from: BlockId, to: BlockId) -> Option<ExprId> {
        let block = flow.blocks[from as usize];
        if block.end == block.start {
            return None;
        }
        let last = block.end - 1;
        let guard = self.guards[last as usize]?;
        let succs = flow.succs(from);
        if flow.leaves_when_guarded(from) {
            // `@p exit`: the threads that go on are those whose guard is false.
            return (succs == [to]).then(|| self.exprs.add(Node::Unary(UnaryOp::LogicalNot, guard, 1, false)));
        }
        if succs.len() != 2 {
            return None;
        }
        // The fall-through successor is the next block; the branch target is the other.
        if flow.branch_target(from).is_none_or(|target| to == target) {
            Some(guard)
        } else {
            Some(self.exprs.add(Node::Unary(UnaryOp::LogicalNot, guard, 1, false)))
        }
    }
}

#[derive(Default)]
struct Record {
    operands: SmallVec<[Option<ExprId>; 4]>,
    guard: Option<ExprId>,
}

struct Builder<'f, 't> {
    flow: &'f FunctionFlow<'t>,
    symbols: &'f SymbolTable,
    exprs: Exprs,
    variables: Vec<VariableRef>,
    semantics: Vec<Option<Rc<Semantics>>>,
    dominance: Dominance,
    /// The register each identifier node (by its start byte) names.
    reg_at: Rc<HashMap<usize, u32>>,
    /// Registers some instruction writes with a thread-dependent value.
    thread_dependent: Vec<bool>,
    /// See [`ValueFlow::origins`].
    origins: HashMap<ExprId, (InsnId, bool)>,
    /// See [`ValueFlow::inputs`].
    inputs: HashMap<ExprId, InsnId>,
    /// See [`ValueFlow::shared_loads`].
    shared_loads: HashMap<ExprId, InsnId>,
    /// See [`ValueFlow::shared_derived`].
    shared_derived: HashMap<ExprId, SmallVec<[ExprId; 4]>>,
    /// See [`ValueFlow::first_iteration`].
    first_iteration: HashMap<ExprId, ExprId>,
    /// See [`ValueFlow::next_iteration`].
    next_iteration: HashMap<ExprId, ExprId>,
    /// See [`ValueFlow::inductions`].
    inductions: HashMap<ExprId, ExprId>,
    /// When widening: the joins (block, register) that have been plain joins, and whether
    /// their value has differed between threads.
    widened: Option<HashMap<(BlockId, u32), bool>>,
    /// Each instruction's last step: the values of the slots it reads or writes before and
    /// after it (see [`Builder::step`]).
    steps: Vec<Option<StepMemo>>,
    /// Per loop head, the register slots some instruction of its loop writes
    /// ([`Builder::written_in_loop`]), found when first asked.
    loop_writes: HashMap<BlockId, Rc<[bool]>>,
}

/// One instruction's step, to replay when its slots hold the same values again.
struct StepMemo {
    /// The slots the instruction reads or writes (its registers that are followed).
    slots: SmallVec<[u32; 6]>,
    /// Their values before the step.
    before: SmallVec<[ExprId; 6]>,
    /// Their values after it.
    after: SmallVec<[ExprId; 6]>,
}

impl<'t> Builder<'_, 't> {
    /// Each block's entry state (`None`: unreached) once a round over the blocks changes no
    /// exit state, within `rounds` rounds; `None` if it does not settle.
    fn settle(&mut self, regs: usize, rounds: usize) -> Option<Vec<Option<Vec<ExprId>>>> {
        let flow = self.flow;
        let n = flow.blocks.len();
        let mut entry: Vec<Option<Vec<ExprId>>> = vec![None; n];
        let mut exit: Vec<Option<Vec<ExprId>>> = vec![None; n];
        let initial: Vec<ExprId> = (0..regs)
            .map(|r| self.exprs.add(Node::Varying(key(&[0xE17, r as u64]))))
            .collect();
        // When each block's exit last changed, and when each block was last joined (one clock
        // for both): a block none of whose predecessors changed since its last join keeps
        // its entry (joining the same exits again gives the same state: checked by asserting
        // it over the whole corpus), so it is not joined again.
        let mut exit_changed: Vec<u64> = vec![0; n];
        let mut joined: Vec<u64> = vec![0; n];
        let mut clock: u64 = 0;
        let mut seen = rustc_hash::FxHashSet::default();
        for _round in 0..rounds {
            let mut changed = false;
            for &b in &flow.rpo {
                clock += 1;
                let settled = b != 0
                    && entry[b as usize].is_some()
                    && exit[b as usize].is_some()
                    && flow
                        .preds(b)
                        .iter()
                        .all(|&p| exit_changed[p as usize] < joined[b as usize]);
                if settled {
                    continue;
                }
                joined[b as usize] = clock;
                let state = if b == 0 {
                    initial.clone()
                } else {
                    match self.join(b, &exit, &entry) {
                        Some(s) => s,
                        None => continue,
                    }
                };
                if entry[b as usize].as_ref() == Some(&state) && exit[b as usize].is_some() {
                    continue;
                }
                let mut out = state.clone();
                for i in flow.range(b) {
                    self.step(i, &mut out, None);
                }
                entry[b as usize] = Some(state);
                if exit[b as usize].as_ref() != Some(&out) {
                    exit[b as usize] = Some(out);
                    exit_changed[b as usize] = clock;
                    changed = true;
                }
            }
            if !changed {
                return Some(entry);
            }
            // Without widening, a round is a function of the states it starts from (joins
            // and steps only hash-cons nodes, which gives the same ids for the same nodes):
            // once the states repeat an earlier round's, they cycle and never settle, so stop
            // there. (Widening remembers each join's choice, which changes later rounds.)
            if self.widened.is_none() && !seen.insert(states_hash(&entry, &exit)) {
                return None;
            }
        }
        None
    }

    /// The entry state of block `b` from its predecessors' exits; `None` if none has one.
    fn join(&mut self, b: BlockId, exit: &[Option<Vec<ExprId>>], entry: &[Option<Vec<ExprId>>]) -> Option<Vec<ExprId>> {
        let preds: Vec<BlockId> = self
            .flow
            .preds(b)
            .iter()
            .copied()
            .filter(|&p| exit[p as usize].is_some())
            .collect();
        let first = exit[preds.first().copied()? as usize].as_ref()?;
        let mut state = first.clone();
        if preds.len() == 1 {
            return Some(state);
        }
        let previous = entry[b as usize].as_ref();
        let loop_writes = preds
            .iter()
            .any(|&p| self.dominance.dominates(b, p))
            .then(|| self.written_in_loop(b, state.len()));
        // Back edges: predecessors b dominates.
        let is_back = |p: BlockId| self.dominance.dominates(b, p);
        let exits: SmallVec<[&Vec<ExprId>; 4]> = preds
            .iter()
            .map(|&p| exit[p as usize].as_ref().expect("filtered"))
            .collect();
        for r in 0..state.len() {
            let v0 = exits[0][r];
            if exits.iter().all(|e| e[r] == v0) {
                state[r] = v0;
                continue;
            }
            let values: SmallVec<[(BlockId, ExprId); 4]> = preds
                .iter()
                .map(|&p| (p, exit[p as usize].as_ref().expect("filtered")[r]))
                .collect();
            if values.iter().all(|(_, v)| *v == values[0].1) {
                state[r] = values[0].1;
                continue;
            }
            // An induction: one value from outside the loop, and back edges that move the
            // current value (or that entry value) by uniform amounts.
            let outside: SmallVec<[ExprId; 2]> = values.iter().filter(|(p, _)| !is_back(*p)).map(|(_, v)| *v).collect();
            // A register no instruction of the loop writes keeps the value it enters with
            // (what the back edges bring is that value, once the rounds have settled).
            if let Some(&init) = outside.first()
                && outside.iter().all(|&v| v == init)
                && loop_writes.as_ref().is_some_and(|w| !w[r])
            {
                state[r] = init;
                continue;
            }
            let current = previous.map(|s| s[r]);
            let plain_before = self.widened.as_ref().and_then(|w| w.get(&(b, r as u32)).copied());
            if let Some(&init) = outside.first()
                && plain_before.is_none()
                && outside.iter().all(|&v| v == init)
                && values.iter().any(|(p, _)| is_back(*p))
                && values
                    .iter()
                    .filter(|(p, _)| is_back(*p))
                    .all(|&(_, v)| self.is_step_of(v, current, init))
            {
                let leaf = self.exprs.add(Node::Phi {
                    block: b,
                    reg: r as u32,
                    varying: false,
                });
                self.origins.insert(leaf, (self.flow.blocks[b as usize].start, true));
                let zero = self.exprs.add(Node::Const(0));
                self.first_iteration.insert(leaf, zero);
                // The back edge brings the entry value plus the leaf plus the step.
                if let Some(&(_, back)) = values.iter().find(|(p, _)| is_back(*p)) {
                    let next = self.exprs.add(Node::Binary(BinaryOp::Sub, back, init, 64, false));
                    self.inductions.insert(leaf, next);
                }
                state[r] = self.exprs.add(Node::Binary(BinaryOp::Add, init, leaf, 64, false));
                continue;
            }
            let varying = plain_before == Some(true)
                || values.iter().any(|(_, v)| self.exprs.is_thread_dependent(*v))
                || self.divergent_join(&preds, exit);
            if let Some(widened) = &mut self.widened {
                widened.insert((b, r as u32), varying);
            }
            state[r] = self.exprs.add(Node::Phi {
                block: b,
                reg: r as u32,
                varying,
            });
            self.origins
                .insert(state[r], (self.flow.blocks[b as usize].start, true));
            // At a loop's head, the first iteration holds the one value from outside, and
            // the second what the back edge brings.
            if let Some(&init) = outside.first()
                && outside.iter().all(|&v| v == init)
                && values.iter().any(|(p, _)| is_back(*p))
            {
                self.first_iteration.insert(state[r], init);
                let back: SmallVec<[ExprId; 2]> = values.iter().filter(|(p, _)| is_back(*p)).map(|(_, v)| *v).collect();
                if back.iter().all(|&v| v == back[0]) {
                    self.next_iteration.insert(state[r], back[0]);
                }
            }
        }
        Some(state)
    }

    /// Per register slot (of `regs`), whether some instruction of the loop headed by `head`
    /// (the blocks that reach one of its back edges without passing the head) writes it.
    fn written_in_loop(&mut self, head: BlockId, regs: usize) -> Rc<[bool]> {
        if !self.loop_writes.contains_key(&head) {
            let flow = self.flow;
            let loops = &self.dominance.loops;
            let mut written = vec![false; regs];
            for b in (0..flow.blocks.len()).filter(|&b| loops[b].contains(&head)) {
                for i in flow.range(b as BlockId) {
                    for access in flow.defs(i) {
                        if let Some(&slot) = self.reg_at.get(&access.node.start_byte()) {
                            written[slot as usize] = true;
                        }
                    }
                }
            }
            self.loop_writes.insert(head, written.into());
        }
        Rc::clone(&self.loop_writes[&head])
    }

    /// Whether `value` is `base ± uniform` (through conversions) for `base` the register's
    /// current join value or its entry value.
    fn is_step_of(&self, value: ExprId, current: Option<ExprId>, init: ExprId) -> bool {
        let mut v = value;
        while let Node::Convert(inner, ..) = self.exprs.node(v) {
            v = inner;
        }
        let is_base = |x: ExprId| {
            let mut x = x;
            while let Node::Convert(inner, ..) = self.exprs.node(x) {
                x = inner;
            }
            Some(x) == current || x == init
        };
        match self.exprs.node(v) {
            Node::Binary(BinaryOp::Add, a, b, ..) => {
                (is_base(a) && !self.exprs.is_thread_dependent(b)) || (is_base(b) && !self.exprs.is_thread_dependent(a))
            }
            Node::Binary(BinaryOp::Sub, a, b, ..) => is_base(a) && !self.exprs.is_thread_dependent(b),
            _ => is_base(v),
        }
    }

    /// Whether the paths into a join part at a branch whose condition differs between
    /// threads: the nearest common dominator of two predecessors with different values ends
    /// in a thread-dependent branch (or a branch the analysis does not follow).
    fn divergent_join(&self, preds: &[BlockId], _exit: &[Option<Vec<ExprId>>]) -> bool {
        let mut splits = Vec::new();
        for (i, &a) in preds.iter().enumerate() {
            for &b in &preds[i + 1..] {
                if let Some(d) = self.dominance.common_dominator(a, b) {
                    splits.push(d);
                }
            }
        }
        splits.into_iter().any(|d| self.branch_is_thread_dependent(d))
    }

    /// Gives the joins right after a two-way branch their arms ([`Exprs::gate`]): a block
    /// with two predecessors, each the branching block itself or a block only it leads to,
    /// one on each side of the branch. Which arm a thread came by is then the branch's
    /// condition at the end of the branching block.
    fn gate_joins(&mut self, entry: &[Option<Vec<ExprId>>], exit: &[Option<Vec<ExprId>>]) {
        let flow = self.flow;
        for b in 0..flow.blocks.len() as BlockId {
            let (Some(state), &[p, q]) = (entry[b as usize].as_ref(), flow.preds(b)) else {
                continue;
            };
            let Some((condition, taken, other)) = self.two_way_split(b, [p, q], exit) else {
                continue;
            };
            let (Some(taken), Some(other)) = (exit[taken as usize].as_ref(), exit[other as usize].as_ref()) else {
                continue;
            };
            for (r, &v) in state.iter().enumerate() {
                if matches!(self.exprs.node(v), Node::Phi { block, .. } if block == b) && taken[r] != other[r] {
                    self.exprs.set_gate(v, condition, taken[r], other[r]);
                }
            }
        }
    }

    /// For block `b` with predecessors `preds`: the condition of the two-way branch that
    /// splits the ways to it, and its predecessor on the taken side and on the other, when
    /// each predecessor is the branching block or an arm only the branch leads to.
    fn two_way_split(
        &mut self,
        b: BlockId,
        preds: [BlockId; 2],
        exit: &[Option<Vec<ExprId>>],
    ) -> Option<(ExprId, BlockId, BlockId)> {
        let flow = self.flow;
        let d = self.dominance.common_dominator(preds[0], preds[1])?;
        let block = flow.blocks[d as usize];
        if block.end == block.start || flow.leaves_when_guarded(d) {
            return None;
        }
        flow.guards[(block.end - 1) as usize].as_ref()?;
        let target = flow.branch_target(d)?;
        // Whether predecessor `p` came by the taken side.
        let side = |p: BlockId| -> Option<bool> {
            if p == d {
                return Some(b == target);
            }
            (flow.preds(p) == [d]).then_some(p == target)
        };
        let (first, second) = (side(preds[0])?, side(preds[1])?);
        if first == second {
            return None;
        }
        let (taken, other) = if first {
            (preds[0], preds[1])
        } else {
            (preds[1], preds[0])
        };
        // The guard's value at the end of the branching block.
        let insn = flow.insns[(block.end - 1) as usize].clone();
        let g = insn.guard()?;
        let slot = *self.reg_at.get(&g.field("predicate")?.start_byte())? as usize;
        let value = *exit[d as usize].as_ref()?.get(slot)?;
        let condition = if g.field("negated").is_some() {
            self.exprs.add(Node::Unary(UnaryOp::LogicalNot, value, 1, false))
        } else {
            value
        };
        Some((condition, taken, other))
    }

    /// Whether block `d` ends in a branch whose guard may differ between threads (a guard
    /// register written with a thread-dependent value anywhere, or an unguarded multi-way
    /// branch).
    fn branch_is_thread_dependent(&self, d: BlockId) -> bool {
        let block = self.flow.blocks[d as usize];
        if block.end == block.start || self.flow.succs(d).len() < 2 {
            return false;
        }
        let last = (block.end - 1) as usize;
        let Some(guard) = self.flow.guards[last] else {
            return true;
        };
        self.thread_dependent.get(guard.reg as usize).copied().unwrap_or(true)
    }

    /// Applies instruction `i` to `state`, recording its operand values when asked.
    ///
    /// A step is a function of the values of the slots the instruction reads or writes (every
    /// register it resolves is one of its defs or uses, and the nodes it adds are hash-consed),
    /// so while settling, a step whose slots hold the values of its last step is replayed
    /// from its memo: the same state and the same graph, without building it again.
    fn step(&mut self, i: InsnId, state: &mut [ExprId], record: Option<&mut Record>) {
        let flow = self.flow;
        if record.is_none() {
            if flow
                .defs(i)
                .iter()
                .all(|d| !self.reg_at.contains_key(&d.node.start_byte()))
            {
                return;
            }
            if let Some(memo) = &self.steps[i as usize]
                && memo
                    .slots
                    .iter()
                    .zip(&memo.before)
                    .all(|(&s, &v)| state[s as usize] == v)
            {
                for (&s, &v) in memo.slots.iter().zip(&memo.after) {
                    state[s as usize] = v;
                }
                return;
            }
            // The slots are the instruction's: found once, kept by the memo.
            let slots = match self.steps[i as usize].take() {
                Some(memo) => memo.slots,
                None => {
                    let mut slots: SmallVec<[u32; 6]> = SmallVec::new();
                    for access in flow.defs(i).iter().chain(flow.uses(i)) {
                        if let Some(&slot) = self.reg_at.get(&access.node.start_byte())
                            && !slots.contains(&slot)
                        {
                            slots.push(slot);
                        }
                    }
                    slots
                }
            };
            let before = slots.iter().map(|&s| state[s as usize]).collect();
            self.step_once(i, state, None);
            let after = slots.iter().map(|&s| state[s as usize]).collect();
            self.steps[i as usize] = Some(StepMemo { slots, before, after });
            return;
        }
        self.step_once(i, state, record);
    }

    /// [`Builder::step`] without the memo.
    fn step_once(&mut self, i: InsnId, state: &mut [ExprId], record: Option<&mut Record>) {
        let flow = self.flow;
        let insn = flow.insns[i as usize].clone();
        let source = insn.source();
        let at = insn.node().start_byte();
        let reg_at = Rc::clone(&self.reg_at);
        let resolve = |node: SyntaxNode<'_>| reg_at.get(&node.start_byte()).map(|&r| r as usize);
        let guard = insn.guard().and_then(|g| {
            let predicate = g.field("predicate")?;
            let r = resolve(predicate)?;
            let v = state[r];
            Some(if g.field("negated").is_some() {
                self.exprs.add(Node::Unary(UnaryOp::LogicalNot, v, 1, false))
            } else {
                v
            })
        });
        let operand_values: SmallVec<[Option<ExprId>; 4]> = insn
            .operands()
            .iter()
            .enumerate()
            .map(|(index, &node)| self.operand_value(i, index, node, state, at, source))
            .collect();
        // The settle rounds' values are replaced by the replay's: what is only read after the
        // build is noted then.
        let replaying = record.is_some();
        if let Some(record) = record {
            record.operands = operand_values.clone();
            record.guard = guard;
        }
        let semantics = self.semantics[i as usize].clone();
        // The elements of vector operands, for the value lines that take one apart (`mov`'s
        // pack).
        let takes_elements = semantics.as_ref().is_some_and(|s| {
            s.values
                .iter()
                .any(|v| v.steps.iter().any(|step| matches!(step, Step::Element(..))))
        });
        let elements: SmallVec<[Elements; 2]> = if takes_elements {
            insn.operands()
                .iter()
                .map(|&node| match node.kind_name() {
                    "vector_operand" => crate::instruction::elements(node)
                        .map(|e| self.expression(i, e, state, at, source))
                        .collect(),
                    _ => SmallVec::new(),
                })
                .collect()
        } else {
            SmallVec::new()
        };
        let defs: SmallVec<[(usize, usize); 4]> = {
            // (register, operand index) of each written register.
            let mut out = SmallVec::new();
            for access in flow.defs(i) {
                let Some(&slot) = self.reg_at.get(&access.node.start_byte()) else {
                    continue;
                };
                let index = insn.operands().iter().position(|&o| spans(o, access.node));
                let index = index.unwrap_or(usize::MAX);
                out.push((slot as usize, index));
            }
            out
        };
        let mut sources = None; // read_operands, asked only by opaque defs
        for (d, &(reg, index)) in defs.iter().enumerate() {
            let whole_operand = insn
                .operands()
                .get(index)
                .and_then(|&o| written_whole(o, |n| resolve(n) == Some(reg)));
            let computed = semantics.as_ref().and_then(|s| {
                let predicate = whole_operand?;
                let value = s.values.iter().find(|v| v.dest == index && v.predicate == predicate)?;
                self.build(
                    &value.steps,
                    (&operand_values, &elements),
                    &s.operand_types,
                    s.operand_types.get(index).copied().flatten(),
                )
            });
            let value = match computed {
                Some(v) => v,
                None => {
                    let sources = sources.get_or_insert_with(|| read_operands(flow, i, &operand_values, &defs));
                    let value = self.opaque(i, d, semantics.as_deref(), sources, state);
                    if replaying {
                        self.note_shared_derived(value, &operand_values, &defs);
                    }
                    value
                }
            };
            let value = match guard {
                Some(g) => self.exprs.add(Node::Select(g, value, state[reg])),
                None => value,
            };
            state[reg] = value;
        }
    }

    /// The value of a def the model gives no `value` line for.
    fn opaque(
        &mut self,
        i: InsnId,
        d: usize,
        semantics: Option<&Semantics>,
        operands: &[Option<ExprId>],
        state: &[ExprId],
    ) -> ExprId {
        let k = |salt: u64| key(&[salt, u64::from(i), d as u64]);
        let Some(s) = semantics else {
            return self.exprs.add(Node::Varying(k(1)));
        };
        // A load: the parameter space and constant banks hold the same for every thread; a
        // load of one address all threads share gives them the same value (when no write
        // races with it, which the race rules check), but in local memory, which is each
        // thread's own.
        if let Some(m) = s.memory.iter().find(|m| m.access == Access::Read) {
            let address = operands.get(m.operand).copied().flatten();
            return match address {
                Some(a) if !self.exprs.is_thread_dependent(a) && !self.is_private(m.space, a) => match m.space {
                    // A function's parameters are its caller's per-thread arguments; a kernel's
                    // are the launch's, the same for every thread.
                    Space::Param if !self.flow.is_entry => self.exprs.add(Node::Varying(k(2))),
                    Space::Param | Space::Const => self.exprs.add(Node::Uniform(key(&[2, u64::from(a), d as u64]))),
                    _ => self.changing(Node::Uniform(k(3)), i),
                },
                _ => {
                    let loaded = self.exprs.add(Node::Varying(k(4)));
                    match m.space {
                        Space::Global => {
                            self.inputs.insert(loaded, i);
                        }
                        Space::SharedCta => {
                            self.shared_loads.insert(loaded, i);
                        }
                        _ => {}
                    }
                    loaded
                }
            };
        }
        if s.memory.iter().any(|m| m.access == Access::Modify) {
            return self.exprs.add(Node::Varying(k(5)));
        }
        for sync in &s.sync {
            match sync {
                Sync::Barrier {
                    mode: BarrierMode::Reduce,
                    ..
                } => return self.changing(Node::Uniform(k(6)), i),
                Sync::Collective { .. } | Sync::Elect { .. } | Sync::ActiveMask | Sync::Mbarrier { .. } => {
                    return self.exprs.add(Node::Varying(k(7)));
                }
                _ => {}
            }
        }
        let inputs: SmallVec<[u64; 6]> = operands.iter().flatten().map(|&v| u64::from(v)).collect();
        let dependent = operands.iter().flatten().any(|&v| self.exprs.is_thread_dependent(v));
        let _ = state;
        let mut parts = vec![8, u64::from(i), d as u64];
        parts.extend(inputs);
        if dependent {
            self.exprs.add(Node::Varying(key(&parts)))
        } else {
            self.changing(Node::Uniform(key(&parts)), i)
        }
    }

    /// Whether an access to `space` at `address` (the same in every thread) is to memory each
    /// thread has its own of: local memory, or a generic address built on a local variable or
    /// the local window (a `-G` build's stack frame, `cvta.local` of its depot).
    fn is_private(&self, space: Space, address: ExprId) -> bool {
        match space {
            Space::Local => true,
            Space::Generic => self.exprs.leaves(address).into_iter().any(|leaf| match leaf {
                Node::Window(Space::Local) => true,
                Node::Symbol(v) => self.variables[v as usize].space == Space::Local,
                _ => false,
            }),
            _ => false,
        }
    }

    /// Records `value`, which the values do not compute (a floating-point comparison), in
    /// [`ValueFlow::shared_derived`] when a source operand (not one of `defs`' operands) is
    /// built on a load from shared memory.
    fn note_shared_derived(&mut self, value: ExprId, operands: &[Option<ExprId>], defs: &[(usize, usize)]) {
        if self.shared_loads.is_empty() || !matches!(self.exprs.node(value), Node::Varying(_)) {
            return;
        }
        let sources: SmallVec<[ExprId; 4]> = operands
            .iter()
            .enumerate()
            .filter(|(k, _)| !defs.iter().any(|&(_, index)| index == *k))
            .filter_map(|(_, v)| *v)
            .collect();
        let from_shared = |v: ExprId| {
            self.exprs
                .leaves(v)
                .iter()
                .any(|&l| self.exprs.get(l).is_some_and(|l| self.shared_loads.contains_key(&l)))
        };
        if sources.iter().any(|&v| from_shared(v)) {
            self.shared_derived.insert(value, sources);
        }
    }

    /// A uniform leaf instruction `i` computes (recorded in [`ValueFlow::origins`]).
    fn changing(&mut self, leaf: Node, i: InsnId) -> ExprId {
        let id = self.exprs.add(leaf);
        self.origins.entry(id).or_insert((i, false));
        id
    }

    /// The expression of a `value` line's steps.
    fn build(
        &mut self,
        steps: &[Step],
        (operands, elements): (&[Option<ExprId>], &[Elements]),
        types: &[Option<&'static str>],
        dest: Option<&'static str>,
    ) -> Option<ExprId> {
        let int = |t: Option<&str>| {
            let info = ptxkit_isa::type_info(t?)?;
            matches!(
                info.kind,
                ptxkit_isa::TypeKind::Signed
                    | ptxkit_isa::TypeKind::Unsigned
                    | ptxkit_isa::TypeKind::Bits
                    | ptxkit_isa::TypeKind::Predicate
            )
            .then(|| (info.bits as u8, info.kind == ptxkit_isa::TypeKind::Signed))
        };
        let (dest_bits, dest_signed) = int(dest)?;
        // The operation's width and signedness: the first source operand's type.
        let op_type = steps
            .iter()
            .find_map(|s| match s {
                Step::Operand(i) | Step::Element(i, _) => Some(types.get(*i).copied().flatten()),
                _ => None,
            })
            .flatten();
        let (op_bits, op_signed) = int(op_type).unwrap_or((dest_bits, dest_signed));
        // A wider destination holds the whole result (`mul.wide`, `mad.wide`).
        let op_bits = op_bits.max(dest_bits);
        let mut stack: SmallVec<[ExprId; 8]> = SmallVec::new();
        for step in steps {
            let node = match *step {
                // An operand (or a vector operand's element), at its type's width.
                Step::Operand(_) | Step::Element(..) => {
                    let (i, v) = match *step {
                        Step::Element(i, k) => (i, elements.get(i)?.get(usize::from(k)).copied().flatten()?),
                        Step::Operand(i) => (i, operands.get(i).copied().flatten()?),
                        _ => unreachable!("matched above"),
                    };
                    match int(types.get(i).copied().flatten()) {
                        Some((bits, signed)) if bits < 64 => self.exprs.add(Node::Convert(v, bits, signed)),
                        Some(_) => v,
                        None => return None,
                    }
                }
                Step::Const(k) => self.exprs.add(Node::Const(k)),
                Step::Window(space) => self.exprs.add(Node::Window(space)),
                Step::Binary(op) => {
                    let b = stack.pop()?;
                    let a = stack.pop()?;
                    self.exprs.add(Node::Binary(op, a, b, op_bits, op_signed))
                }
                Step::Unary(op) => {
                    let a = stack.pop()?;
                    self.exprs.add(Node::Unary(op, a, op_bits, op_signed))
                }
                Step::Select => {
                    let b = stack.pop()?;
                    let a = stack.pop()?;
                    let c = stack.pop()?;
                    self.exprs.add(Node::Select(c, a, b))
                }
                Step::Lane => self.exprs.add(Node::Lane),
                Step::InLane => {
                    let lane = stack.pop()?;
                    let a = stack.pop()?;
                    self.exprs.in_lane(a, lane)?
                }
                // Only a constant mask names its pick.
                Step::Elected => match self.exprs.node(stack.pop()?) {
                    Node::Const(mask) => self.exprs.add(Node::Elected(mask as u32)),
                    _ => return None,
                },
            };
            stack.push(node);
        }
        let value = stack.pop()?;
        Some(if dest_bits < 64 {
            self.exprs.add(Node::Convert(value, dest_bits, dest_signed))
        } else {
            value
        })
    }

    /// The value of operand `index` (`node`) of instruction `i` before it executes.
    fn operand_value(
        &mut self,
        i: InsnId,
        index: usize,
        node: SyntaxNode<'t>,
        state: &[ExprId],
        at: usize,
        source: &str,
    ) -> Option<ExprId> {
        match node.kind_name() {
            "address_operand" => {
                let mut sum: Option<ExprId> = None;
                for element in crate::instruction::elements(node) {
                    let v = self.expression(i, element, state, at, source)?;
                    sum = Some(match sum {
                        None => v,
                        Some(s) => self.exprs.add(Node::Binary(BinaryOp::Add, s, v, 64, false)),
                    });
                }
                let _ = index;
                sum
            }
            "vector_operand" => None,
            _ => self.expression(i, node, state, at, source),
        }
    }

    fn expression(
        &mut self,
        i: InsnId,
        node: SyntaxNode<'t>,
        state: &[ExprId],
        at: usize,
        source: &str,
    ) -> Option<ExprId> {
        let text = &source[node.byte_range()];
        match node.kind_name() {
            "integer" => {
                let value = ptxkit_syntax::literal::eval_integer(node, source)?;
                Some(self.exprs.add(Node::Const(value)))
            }
            "float" => Some(
                self.exprs
                    .add(Node::Uniform(key(&[9, text.len() as u64, hash_text(text)]))),
            ),
            "identifier" => {
                if let Some(&r) = self.reg_at.get(&node.start_byte()) {
                    return Some(state[r as usize]);
                }
                if let Some(v) = self.special(text, None, i) {
                    return Some(v);
                }
                self.variable(text, at)
            }
            "member_operand" => {
                let object = node.field("object").map(|n| &source[n.byte_range()])?;
                let member = node
                    .field("member")
                    .map(|n| source[n.byte_range()].trim_start_matches('.'));
                self.special(object, member, i)
            }
            "unary_expression" => {
                let operator = node.field("operator").map(|n| &source[n.byte_range()])?;
                let argument = self.expression(i, node.field("argument")?, state, at, source)?;
                let op = match operator {
                    "!" => UnaryOp::LogicalNot,
                    "-" => UnaryOp::Neg,
                    "~" => UnaryOp::Not,
                    _ => return None,
                };
                Some(self.exprs.add(Node::Unary(op, argument, 64, true)))
            }
            "binary_expression" => {
                let operator = node.field("operator").map(|n| &source[n.byte_range()])?;
                let left = self.expression(i, node.field("left")?, state, at, source)?;
                let right = self.expression(i, node.field("right")?, state, at, source)?;
                let op = match operator {
                    "+" => BinaryOp::Add,
                    "-" => BinaryOp::Sub,
                    "*" => BinaryOp::Mul,
                    _ => return None,
                };
                Some(self.exprs.add(Node::Binary(op, left, right, 64, true)))
            }
            "parenthesized_expression" => {
                let inner = ptxkit_syntax::children(node)
                    .into_iter()
                    .find(|c| c.node.is_named())?
                    .node;
                self.expression(i, inner, state, at, source)
            }
            _ => None,
        }
    }

    /// The value of special register `name` (component `member`).
    fn special(&mut self, name: &str, member: Option<&str>, i: InsnId) -> Option<ExprId> {
        let dim = match member {
            Some("x") | None => 0u8,
            Some("y") => 1,
            Some("z") => 2,
            Some(_) => 3,
        };
        Some(match thread_value(name)? {
            ThreadValue::ThreadId if dim < 3 => self.exprs.add(Node::Tid(dim)),
            ThreadValue::BlockSize if dim < 3 => self.exprs.add(Node::Ntid(dim)),
            ThreadValue::Lane => self.exprs.add(Node::Lane),
            ThreadValue::Shared => self
                .exprs
                .add(Node::Uniform(key(&[10, hash_text(name), u64::from(dim)]))),
            _ => self
                .exprs
                .add(Node::Varying(key(&[11, hash_text(name), u64::from(dim), u64::from(i)]))),
        })
    }

    /// The address of variable `name` (seen at byte `at`), numbered on first sight.
    fn variable(&mut self, name: &str, at: usize) -> Option<ExprId> {
        let variable = self.symbols.variable(at, name)?;
        let space = Space::of_modifier(variable.base_space()).unwrap_or(Space::Generic);
        let declared_at = variable.span.start;
        let index = match self
            .variables
            .iter()
            .position(|v| v.name == name && v.declared_at == declared_at)
        {
            Some(i) => i,
            None => {
                let size = variable_size(variable);
                self.variables.push(VariableRef {
                    name: name.to_string(),
                    space,
                    size,
                    declared_at,
                });
                self.variables.len() - 1
            }
        };
        Some(self.exprs.add(Node::Symbol(index as u32)))
    }
}

/// Each register's slot in the analysis's states (`u32::MAX`: not followed): the registers
/// read as guards, by instructions that synchronise or touch shared or generic memory (or
/// global memory, when `global`), and the registers those are computed from.
fn followed_registers(flow: &FunctionFlow<'_>, semantics: &[Option<Rc<Semantics>>], global: bool) -> Vec<u32> {
    let n = flow.registers.len();
    let mut wanted = vec![false; n];
    let mut stack = Vec::new();
    let want = |r: u32, wanted: &mut Vec<bool>, stack: &mut Vec<u32>| {
        if !std::mem::replace(&mut wanted[r as usize], true) {
            stack.push(r);
        }
    };
    for i in 0..flow.insns.len() as InsnId {
        if let Some(g) = flow.guards[i as usize] {
            want(g.reg, &mut wanted, &mut stack);
        }
        let seeds = semantics[i as usize].as_ref().is_none_or(|s| {
            !s.sync.is_empty()
                || s.memory.iter().any(|m| {
                    matches!(m.space, Space::SharedCta | Space::SharedCluster | Space::Generic)
                        || (global && m.space == Space::Global)
                })
        });
        if seeds {
            for u in flow.uses(i) {
                want(u.reg, &mut wanted, &mut stack);
            }
        } else if let Some(s) = semantics[i as usize].as_ref() {
            // The descriptors a matrix is read through, and Tensor Memory addresses (a
            // multiply's accumulator, which a `tcgen05.ld` may read), not the registers beside
            // them.
            let followed = s
                .descriptor_memory
                .iter()
                .map(|m| m.operand)
                .chain(s.memory.iter().filter(|m| m.space == Space::Tensor).map(|m| m.operand));
            let operands = flow.insns[i as usize].operands();
            for operand in followed {
                let Some(node) = operands.get(operand) else { continue };
                for u in flow.uses(i) {
                    if spans(*node, u.node) {
                        want(u.reg, &mut wanted, &mut stack);
                    }
                }
            }
        }
    }
    // Backwards: what the followed registers are computed from.
    let mut writers: Vec<Vec<InsnId>> = vec![Vec::new(); n];
    for i in 0..flow.insns.len() as InsnId {
        for d in flow.defs(i) {
            writers[d.reg as usize].push(i);
        }
    }
    while let Some(r) = stack.pop() {
        for &i in &writers[r as usize] {
            for u in flow.uses(i) {
                want(u.reg, &mut wanted, &mut stack);
            }
        }
    }
    let mut next = 0;
    wanted
        .iter()
        .map(|&w| {
            if w {
                next += 1;
                next - 1
            } else {
                u32::MAX
            }
        })
        .collect()
}

/// Registers some instruction writes with a thread-dependent value: from `%tid`, `%laneid`, a
/// per-thread special register, a load (but of a kernel's parameters and constants), an atomic, a
/// collective, an instruction the model does not describe, or another such register.
fn thread_dependent_registers(flow: &FunctionFlow<'_>, semantics: &[Option<Rc<Semantics>>]) -> Vec<bool> {
    // The instructions reading each register, to follow a register's dependence to the
    // registers written from it (each register is followed once).
    let mut readers: Vec<Vec<InsnId>> = vec![Vec::new(); flow.registers.len()];
    let mut dependent = vec![false; flow.registers.len()];
    let mut pending: Vec<InsnId> = Vec::new();
    for i in 0..flow.insns.len() as InsnId {
        for u in flow.uses(i) {
            readers[u.reg as usize].push(i);
        }
        let insn = &flow.insns[i as usize];
        let source = insn.source();
        // What an instruction reads that differs between threads before any register does:
        // a thread-dependent special register, memory, or a collective's or election's result.
        let seeds = insn.operands().iter().any(|&n| special_thread_dependent(n, source))
            || semantics[i as usize].as_ref().is_none_or(|s| {
                s.memory.iter().any(|m| {
                    m.access != Access::Write && (m.space != Space::Param || !flow.is_entry) && m.space != Space::Const
                }) || s
                    .sync
                    .iter()
                    .any(|sync| matches!(sync, Sync::Collective { .. } | Sync::Elect { .. } | Sync::ActiveMask))
            });
        if seeds {
            pending.push(i);
        }
    }
    while let Some(i) = pending.pop() {
        for d in flow.defs(i) {
            if !dependent[d.reg as usize] {
                dependent[d.reg as usize] = true;
                pending.extend_from_slice(&readers[d.reg as usize]);
            }
        }
    }
    dependent
}

/// The size in bytes of a variable whose element count and type are known.
fn variable_size(variable: &crate::Variable) -> Option<u64> {
    if variable.is_extern {
        return None;
    }
    let bits = u64::from(ptxkit_isa::type_info(variable.ty.as_deref()?)?.bits);
    ((bits / 8).max(1) * u64::from(variable.vector.unwrap_or(1))).checked_mul(variable.elements?)
}

fn hash_text(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    text.hash(&mut h);
    h.finish()
}

/// Whether operand `node` reads a special register whose value differs between threads.
fn special_thread_dependent(node: SyntaxNode<'_>, source: &str) -> bool {
    let mut found = false;
    crate::instruction::identifiers_in(node, |n| {
        let text = &source[n.byte_range()];
        if matches!(
            thread_value(text),
            Some(ThreadValue::ThreadId | ThreadValue::Lane | ThreadValue::PerThread)
        ) {
            found = true;
        }
    });
    if node.kind_name() == "member_operand"
        && let Some(object) = node.field("object")
        && matches!(
            thread_value(&source[object.byte_range()]),
            Some(ThreadValue::ThreadId | ThreadValue::Lane | ThreadValue::PerThread)
        )
    {
        found = true;
    }
    found
}

/// Whether a register (`is_reg`) is written as the whole of `operand` or as one side of a
/// `d|p` pair there: `Some(true)` for the pair's predicate, `Some(false)` for the whole
/// operand or the pair's value, `None` when it is part of something else.
fn written_whole(operand: SyntaxNode<'_>, is_reg: impl Fn(SyntaxNode<'_>) -> bool) -> Option<bool> {
    let (part, predicate) = match operand.kind_name() {
        "identifier" => (operand, false),
        "predicate_pair" => [("value", false), ("predicate", true)]
            .into_iter()
            .find_map(|(field, predicate)| operand.field(field).filter(|&p| is_reg(p)).map(|p| (p, predicate)))?,
        _ => return None,
    };
    (part.kind_name() == "identifier" && is_reg(part)).then_some(predicate)
}

/// Whether syntax node `outer` spans `inner` (an operand and a register written in it).
fn spans(outer: SyntaxNode<'_>, inner: SyntaxNode<'_>) -> bool {
    outer.start_byte() <= inner.start_byte() && inner.end_byte() <= outer.end_byte()
}

/// The values of instruction `i`'s operands that it reads: an operand it only writes is
/// `None` (an unpacking `mov.b64 {_, %r}, %rd` reads `%rd` alone; the value a register held
/// before its first write is no input of what the instruction computes). `defs` pairs each
/// written register with its operand's index.
fn read_operands(
    flow: &FunctionFlow<'_>,
    i: InsnId,
    values: &[Option<ExprId>],
    defs: &[(usize, usize)],
) -> SmallVec<[Option<ExprId>; 4]> {
    let uses = flow.uses(i);
    values
        .iter()
        .zip(flow.insns[i as usize].operands())
        .enumerate()
        .map(|(index, (&value, &o))| {
            let written = defs.iter().any(|&(_, k)| k == index);
            let read = uses.iter().any(|u| spans(o, u.node));
            if written && !read { None } else { value }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sync::expr::{Evaluator, Thread};

    fn flow_of(body: &str) -> (ptxkit_syntax::ParsedSource, SymbolTable) {
        let text = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p, .param .u32 n)\n{{\n.reg .b32 %r<20>;\n.reg .b64 %rd<9>;\n.reg .pred %p<4>;\n.shared .align 4 .b8 s[1024];\n{body}\nret;\n}}\n"
        );
        let parsed = ptxkit_syntax::parse(&text);
        let symbols = SymbolTable::build(&parsed);
        (parsed, symbols)
    }

    /// The address of instruction `i`'s operand `o` for thread `x`, as (constant, leaves).
    fn address(values: &ValueFlow, i: usize, o: usize, x: u32) -> Option<(i64, usize)> {
        let e = values.operands[i][o]?;
        let l = Evaluator::new(
            &values.exprs,
            Thread {
                tid: [x, 0, 0],
                ntid: [128, 1, 1],
            },
        )
        .eval(e)?;
        Some((l.constant, l.terms.len()))
    }

    /// The value of `insn` (writing `%r6`, or `%rd6` when `wide`) for thread `x`, whose `%r5`
    /// and `%rd5` hold bits spread over the whole word (the thread id times an odd constant),
    /// as the low 32 (or 64) bits.
    fn value_of(insn: &str, wide: bool, x: u32) -> Option<u64> {
        let store = if wide {
            "st.shared.u64 [s], %rd6;"
        } else {
            "st.shared.u32 [s], %r6;"
        };
        let (parsed, symbols) = flow_of(&format!(
            "mov.u32 %r1, %tid.x;\nmul.lo.s32 %r5, %r1, -1640531535;\ncvt.u64.u32 %rd1, %r5;\nshl.b64 %rd2, %rd1, 29;\nxor.b64 %rd5, %rd2, %rd1;\n{insn}\n{store}"
        ));
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let values = ValueFlow::of(&flows[0], &symbols).unwrap();
        let e = values.operands[6][1]?;
        let thread = Thread {
            tid: [x, 0, 0],
            ntid: [128, 1, 1],
        };
        let k = Evaluator::new(&values.exprs, thread).eval(e)?.known()? as u64;
        Some(if wide { k } else { k & 0xffff_ffff })
    }

    #[test]
    fn shuffles_give_the_value_of_the_lane_the_manual_picks() {
        // §9.7.9.6's pseudo-code: the source lane j of each mode, or the thread's own lane
        // when j is out of range; `%r5` is the thread id times an odd constant.
        let r5 = |t: u32| t.wrapping_mul(-1640531535i32 as u32);
        let source = |mode: &str, lane: u32, b: u32, c: u32| -> u32 {
            let (bval, cval, segmask) = (b & 31, c & 31, (c >> 8) & 31);
            let max_lane = (lane & segmask) | (cval & !segmask);
            let min_lane = lane & segmask;
            let (j, pval) = match mode {
                "up" => (lane as i64 - bval as i64, lane as i64 - bval as i64 >= max_lane as i64),
                "down" => ((lane + bval) as i64, lane + bval <= max_lane),
                "bfly" => ((lane ^ bval) as i64, lane ^ bval <= max_lane),
                _ => (
                    (min_lane | (bval & !segmask)) as i64,
                    min_lane | (bval & !segmask) <= max_lane,
                ),
            };
            if pval { j as u32 } else { lane }
        };
        for mode in ["idx", "up", "down", "bfly"] {
            for (b, c) in [(0, 31), (3, 31), (1, 31), (4, 0), (5, 0x1807), (2, 0x1c03), (9, 0x101f)] {
                let insn = format!("shfl.sync.{mode}.b32 %r6, %r5, {b}, {c}, -1;");
                for x in [0, 1, 5, 31, 32, 37, 100, 127] {
                    let lane = x % 32;
                    let expected = r5(x - lane + source(mode, lane, b, c));
                    assert_eq!(
                        value_of(&insn, false, x).map(|v| v as u32),
                        Some(expected),
                        "{insn} in thread {x}"
                    );
                }
            }
        }
    }

    /// The value `selp` makes of predicate `%p1` after `insn`, in thread `x` of 128, with an
    /// evaluator that takes `elect.sync`'s pick (`electing`) or not.
    fn predicate_of(insn: &str, x: u32, electing: bool) -> Option<i64> {
        let (parsed, symbols) = flow_of(&format!(
            "mov.u32 %r1, %tid.x;\n{insn}\nselp.u32 %r6, 1, 0, %p1;\nst.shared.u32 [s], %r6;"
        ));
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let values = ValueFlow::of(&flows[0], &symbols).unwrap();
        let e = values.operands[3][1]?;
        let thread = Thread {
            tid: [x, 0, 0],
            ntid: [128, 1, 1],
        };
        let eval = Evaluator::new(&values.exprs, thread);
        let mut eval = if electing { eval.electing() } else { eval };
        eval.eval(e)?.known()
    }

    #[test]
    fn an_election_is_true_in_one_lane_of_its_mask_which_only_an_electing_evaluator_names() {
        // §9.7.13.14: p is true in the elected lane of membermask only; which lane is not
        // said. An electing evaluator takes the lowest lane of the mask.
        for (mask, lowest) in [("-1", 0), ("0xffff0000", 16), ("0x30", 4)] {
            let insn = format!("elect.sync %r2|%p1, {mask};");
            for x in [0, 4, 5, 16, 17, 32, 36, 48, 127] {
                assert_eq!(predicate_of(&insn, x, false), None, "{insn} in thread {x}");
                let expected = i64::from(x % 32 == lowest);
                assert_eq!(predicate_of(&insn, x, true), Some(expected), "{insn} in thread {x}");
            }
        }
        // A mask the analysis cannot read names no lane.
        assert_eq!(predicate_of("elect.sync %r2|%p1, %r1;", 0, true), None);
        // The predicate of a `d|p` pair is the pair's second register (`setp`'s first one).
        assert_eq!(predicate_of("setp.lt.u32 %p1|%p2, %r1, 5;", 3, false), Some(1));
        assert_eq!(predicate_of("setp.lt.u32 %p1|%p2, %r1, 5;", 7, false), Some(0));
        assert_eq!(predicate_of("setp.lt.u32 %p2|%p1, %r1, 5;", 3, false), None);
    }

    #[test]
    fn packs_put_the_first_element_in_the_low_bits() {
        // §9.7.9.4: d = a.x | (a.y << 32).
        let r5 = |t: u32| t.wrapping_mul(-1640531535i32 as u32);
        for x in [0, 1, 37, 127] {
            let wide = value_of("mov.b64 %rd6, {%r5, %r1};", true, x);
            assert_eq!(wide, Some(u64::from(r5(x)) | u64::from(x) << 32), "thread {x}");
        }
        let constant = value_of("mov.b64 %rd6, {%r1, 3};", true, 5);
        assert_eq!(constant, Some(5 | 3 << 32));
    }

    #[test]
    fn bit_field_and_logic_values_follow_the_manual() {
        // The manual's pseudo-code (§9.7.1.19, §9.7.1.20, §9.7.8.6, §9.7.8.7), bit by bit.
        let bit = |v: u64, i: u64| (v >> i) & 1;
        let bfe = |a: u64, pos: u64, len: u64, msb: u64, signed: bool| {
            let sbit = if !signed || len == 0 {
                0
            } else {
                bit(a, (pos + len - 1).min(msb))
            };
            (0..=msb).fold(0u64, |d, i| {
                d | (if i < len && pos + i <= msb {
                    bit(a, pos + i)
                } else {
                    sbit
                }) << i
            })
        };
        let bfi = |a: u64, b: u64, pos: u64, len: u64, msb: u64| {
            (0..len)
                .take_while(|i| pos + i <= msb)
                .fold(b, |f, i| (f & !(1 << (pos + i))) | bit(a, i) << (pos + i))
        };
        let lop3 = |a: u64, b: u64, c: u64, lut: u64| {
            (0..32).fold(0u64, |d, i| {
                d | bit(lut, bit(a, i) << 2 | bit(b, i) << 1 | bit(c, i)) << i
            })
        };
        let shf = |a: u64, b: u64, c: u64, left: bool, clamp: bool| {
            let n = if clamp { c.min(32) } else { c & 31 };
            let both = b << 32 | a;
            (if left { (both << n) >> 32 } else { both >> n }) & 0xffff_ffff
        };
        for x in [0, 1, 5, 37, 100, 127] {
            let a = value_of("mov.u32 %r6, %r5;", false, x).unwrap();
            let a64 = value_of("mov.u64 %rd6, %rd5;", true, x).unwrap();
            let b = value_of("mov.u32 %r6, %r1;", false, x).unwrap();
            for (pos, len) in [
                (0, 0),
                (0, 1),
                (2, 1),
                (3, 7),
                (5, 27),
                (20, 12),
                (20, 30),
                (31, 1),
                (31, 5),
                (32, 3),
                (40, 255),
                (258, 3),
            ] {
                for (ty, msb, signed) in [
                    ("u32", 31, false),
                    ("s32", 31, true),
                    ("u64", 63, false),
                    ("s64", 63, true),
                ] {
                    let wide = msb == 63;
                    let (d, src) = if wide { ("%rd6", "%rd5") } else { ("%r6", "%r5") };
                    let got = value_of(&format!("bfe.{ty} {d}, {src}, {pos}, {len};"), wide, x);
                    let want = bfe(if wide { a64 } else { a }, pos & 255, len & 255, msb, signed);
                    assert_eq!(got, Some(want), "bfe.{ty} pos {pos} len {len} thread {x}");
                }
                let got = value_of(&format!("bfi.b32 %r6, %r5, %r1, {pos}, {len};"), false, x);
                assert_eq!(
                    got,
                    Some(bfi(a, b, pos & 255, len & 255, 31)),
                    "bfi pos {pos} len {len}"
                );
                let got = value_of(&format!("bfi.b64 %rd6, %rd5, %rd1, {pos}, {len};"), true, x);
                let b64 = value_of("mov.u64 %rd6, %rd1;", true, x).unwrap();
                assert_eq!(
                    got,
                    Some(bfi(a64, b64, pos & 255, len & 255, 63)),
                    "bfi.b64 pos {pos} len {len}"
                );
            }
            // The whole product of mul.wide, as the .wide forms keep it.
            let (sa, sb) = (a as u32 as i32 as i64, b as u32 as i32 as i64);
            let got = value_of("mul.wide.s32 %rd6, %r5, %r5;", true, x);
            assert_eq!(got, Some((sa * sa) as u64), "mul.wide.s32 thread {x}");
            let got = value_of("mul.wide.u32 %rd6, %r5, 123456789;", true, x);
            assert_eq!(got, Some(a * 123_456_789), "mul.wide.u32 thread {x}");
            // The high half of .hi (§9.7.1.3), as division by a constant uses it.
            let got = value_of("mul.hi.s32 %r6, %r5, 1431655766;", false, x);
            assert_eq!(
                got,
                Some(((sa * 1_431_655_766) >> 32) as u64 & 0xffff_ffff),
                "mul.hi.s32 thread {x}"
            );
            let got = value_of("mul.hi.u32 %r6, %r5, %r1;", false, x);
            assert_eq!(got, Some((a * b) >> 32), "mul.hi.u32 thread {x}");
            let got = value_of("mul.hi.u64 %rd6, %rd5, %rd5;", true, x);
            assert_eq!(
                got,
                Some(((u128::from(a64) * u128::from(a64)) >> 64) as u64),
                "mul.hi.u64 thread {x}"
            );
            let got = value_of("mul.hi.s64 %rd6, %rd5, -7;", true, x);
            assert_eq!(
                got,
                Some(((i128::from(a64 as i64) * -7) >> 64) as u64),
                "mul.hi.s64 thread {x}"
            );
            let got = value_of("mad.wide.s32 %rd6, %r5, %r1, %rd5;", true, x);
            assert_eq!(
                got,
                Some((sa * sb).wrapping_add(a64 as i64) as u64),
                "mad.wide.s32 thread {x}"
            );
            for lut in [0x00, 0xff, 0x96, 0xe8, 0xf0, 0xcc, 0xaa, 0x3c, 0x80, 0x01, 0x6a] {
                let got = value_of(&format!("lop3.b32 %r6, %r5, %r1, 1431655765, {lut};"), false, x);
                assert_eq!(got, Some(lop3(a, b, 0x5555_5555, lut)), "lop3 {lut:#x} thread {x}");
            }
            for c in [0, 1, 7, 31, 32, 33, 63] {
                for (dir, left) in [("l", true), ("r", false)] {
                    for (mode, clamp) in [("clamp", true), ("wrap", false)] {
                        let got = value_of(&format!("shf.{dir}.{mode}.b32 %r6, %r5, %r1, {c};"), false, x);
                        assert_eq!(
                            got,
                            Some(shf(a, b, c, left, clamp)),
                            "shf.{dir}.{mode} by {c} thread {x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn addresses_follow_the_thread_id_through_arithmetic() {
        let (parsed, symbols) = flow_of(
            "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 2;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\nst.shared.u32 [%r4], %r1;\nbar.sync 0;\nld.shared.u32 %r5, [%r4+4];\nmad.lo.s32 %r6, %r1, 8, %r3;\nld.shared.u32 %r7, [%r6];",
        );
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let values = ValueFlow::of(&flows[0], &symbols).unwrap();
        assert_eq!(address(&values, 4, 0, 3), Some((12, 1)));
        assert_eq!(address(&values, 6, 1, 3), Some((16, 1)));
        assert_eq!(address(&values, 8, 1, 3), Some((24, 1)));
        assert_eq!(values.variables[0].name, "s");
        assert_eq!(values.variables[0].size, Some(1024));
    }

    #[test]
    fn a_join_that_swings_between_induction_and_plain_value_settles() {
        // The shape of the sdk 2.2 bitonic sort: an outer loop doubling `%r3` around an inner
        // loop. The joins at the heads swung between an induction and a plain join value
        // from one round to the next and the analysis gave up on the function (77 legacy
        // corpus files were refused by the move to sm_70+ for that reason alone).
        let (parsed, symbols) = flow_of(
            "mov.u32 %r1, %tid.x;\nmov.u32 %r3, 2;\nOUTER:\nshr.u32 %r4, %r3, 1;\nsetp.eq.u32 %p1, %r4, %r6;\n@%p1 bra NEXT;\nINNER:\nshl.b32 %r10, %r1, 2;\nst.shared.u32 [%r10], %r4;\n@%p2 bra INNER;\nNEXT:\nmul.lo.u32 %r3, %r3, 2;\n@%p3 bra OUTER;",
        );
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let values = ValueFlow::of(&flows[0], &symbols);
        assert!(values.is_ok(), "{:?}", values.err());
        // The store's address is still followed: it is %tid.x × 4.
        let values = values.unwrap();
        assert!(values.exprs.is_thread_dependent(values.operands[6][0].unwrap()));
    }

    #[test]
    fn loads_of_parameters_are_uniform_and_inductions_are_followed() {
        let (parsed, symbols) = flow_of(
            "ld.param.u32 %r1, [n];\nmov.u32 %r2, %tid.x;\nmov.u32 %r3, 0;\nL:\nadd.s32 %r4, %r2, %r3;\nst.shared.u32 [%r4], %r1;\nadd.s32 %r3, %r3, 32;\nsetp.lt.u32 %p1, %r3, %r1;\n@%p1 bra L;",
        );
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let flow = &flows[0];
        let values = ValueFlow::of(flow, &symbols).unwrap();
        let n = values.operands[4][1].unwrap();
        assert!(!values.exprs.is_thread_dependent(n));
        // In the loop: %tid.x plus the induction leaf.
        let (k, leaves) = address(&values, 4, 0, 5).unwrap();
        assert_eq!((k, leaves), (5, 1));
        // The loop's condition is uniform.
        let guard = values.guards[7].unwrap();
        assert!(!values.exprs.is_thread_dependent(guard));
        // The induction moves by 32 an iteration: its leaf is 0, then 32.
        let (&leaf, &next) = values.inductions.iter().next().unwrap();
        let thread = Thread {
            tid: [5, 0, 0],
            ntid: [128, 1, 1],
        };
        let mut second = Evaluator::new(&values.exprs, thread);
        second.inject(
            leaf,
            Some(
                Evaluator::new(&values.exprs, thread)
                    .eval(values.exprs.get(Node::Const(0)).unwrap())
                    .unwrap(),
            ),
        );
        assert_eq!(second.eval(next).and_then(|l| l.known()), Some(32));
    }

    #[test]
    fn a_functions_parameters_differ_between_threads() {
        // The caller passes each thread its own argument: a `.func`'s parameter is not uniform.
        let text = ".version 8.0\n.target sm_90\n.address_size 64\n.func f(.param .b32 i)\n{\n.reg .b32 %r<4>;\n.shared .align 4 .b8 s[1024];\nld.param.b32 %r1, [i];\nmov.u32 %r2, s;\nadd.s32 %r3, %r2, %r1;\nst.shared.u32 [%r3], %r1;\nret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let symbols = SymbolTable::build(&parsed);
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let values = ValueFlow::of(&flows[0], &symbols).unwrap();
        assert!(values.exprs.is_thread_dependent(values.operands[3][0].unwrap()));
    }

    #[test]
    fn joins_after_thread_dependent_branches_are_varying() {
        let (parsed, symbols) = flow_of(
            "mov.u32 %r1, %tid.x;\nsetp.lt.u32 %p1, %r1, 16;\nmov.u32 %r2, 0;\n@%p1 bra A;\nmov.u32 %r2, 1;\nA:\nst.shared.u32 [%r2], %r1;",
        );
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let values = ValueFlow::of(&flows[0], &symbols).unwrap();
        let guard = values.guards[3].unwrap();
        assert!(values.exprs.is_thread_dependent(guard));
        let address = values.operands[5][0].unwrap();
        assert!(values.exprs.is_thread_dependent(address));
        assert_eq!(
            super::super::expr::Evaluator::new(
                &values.exprs,
                Thread {
                    tid: [1, 0, 0],
                    ntid: [32, 1, 1]
                }
            )
            .eval(guard)
            .unwrap()
            .known(),
            Some(1)
        );
    }

    #[test]
    fn a_join_after_a_two_way_branch_takes_the_arm_the_thread_took() {
        // A triangle (the branching block is an arm) and a diamond (two one-block arms, as a
        // compiler's fast path for a 64-bit division has them).
        for body in [
            "mov.u32 %r1, %tid.x;\nsetp.lt.u32 %p1, %r1, 16;\nmov.u32 %r2, 0;\n@%p1 bra A;\nmov.u32 %r2, 1;\nA:\nshl.b32 %r3, %r2, 2;\nst.shared.u32 [%r3], %r1;",
            "mov.u32 %r1, %tid.x;\nsetp.ge.u32 %p1, %r1, 16;\n@%p1 bra B;\nmov.u32 %r2, 0;\nbra.uni A;\nB:\nmov.u32 %r2, 1;\nA:\nshl.b32 %r3, %r2, 2;\nst.shared.u32 [%r3], %r1;",
        ] {
            let (parsed, symbols) = flow_of(body);
            let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
            let values = ValueFlow::of(&flows[0], &symbols).unwrap();
            let store = flows[0].insns.iter().position(|insn| insn.opcode() == "st").unwrap();
            let address = values.operands[store][0].unwrap();
            let at = |x: u32| {
                let thread = Thread {
                    tid: [x, 0, 0],
                    ntid: [32, 1, 1],
                };
                Evaluator::new(&values.exprs, thread)
                    .eval(address)
                    .and_then(|l| l.known())
            };
            assert_eq!((at(3), at(20)), (Some(0), Some(4)), "{body}");
        }
        // A join whose ways do not part at one two-way branch stays a leaf.
        let (parsed, symbols) = flow_of(
            "mov.u32 %r1, %tid.x;\nsetp.lt.u32 %p1, %r1, 16;\nsetp.lt.u32 %p2, %r1, 8;\nmov.u32 %r2, 0;\n@%p1 bra A;\n@%p2 bra A;\nmov.u32 %r2, 1;\nA:\nst.shared.u32 [%r2], %r1;",
        );
        let flows = crate::flow::FunctionFlow::all(&parsed, &symbols);
        let values = ValueFlow::of(&flows[0], &symbols).unwrap();
        let store = flows[0].insns.iter().position(|insn| insn.opcode() == "st").unwrap();
        let address = values.operands[store][0].unwrap();
        let thread = Thread {
            tid: [3, 0, 0],
            ntid: [32, 1, 1],
        };
        assert_eq!(Evaluator::new(&values.exprs, thread).eval(address), None);
    }
}
