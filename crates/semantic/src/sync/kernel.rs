//! One function as the threads of a CTA run it: its values, its block shape, its CTA
//! barriers and the barrier intervals between them, and which threads execute each
//! instruction.

use ptxkit_isa::signature::semantics::{BarrierMode, BarrierScope, BinaryOp, MbarrierOp, Sync, UnaryOp};
use ptxkit_syntax::NodeKind as _;
use rustc_hash::FxHashMap as HashMap;

use super::expr::{Evaluator, ExprId, Node, Thread};
use super::values::{GiveUp, ValueFlow};
use crate::flow::cfg::{BlockId, FunctionFlow, InsnId};
use crate::symbols::SymbolTable;

/// Where the block shape comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeSource {
    /// `.reqntid`: exactly this shape.
    Required,
    /// `.maxntid`: at most this shape (the analysis takes the largest).
    Maximum,
    /// Neither: a shape in which every plain shared-memory write of the kernel writes
    /// different bytes in different threads (the shape the kernel is written for), over the
    /// dimensions it reads.
    Inferred,
}

/// The block shape the analysis runs the threads of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Threads along x, y, z.
    pub dims: [u32; 3],
    /// Where it comes from.
    pub source: ShapeSource,
}

impl Shape {
    /// How many threads.
    pub fn threads(&self) -> u32 {
        self.dims.iter().product()
    }

    /// The dimension of `dims` with the most threads (the last of equals: z before x in a
    /// cube), the one an inferred shape is halved along.
    pub fn largest_dimension(dims: [u32; 3]) -> usize {
        (0..3).max_by_key(|&d| dims[d]).unwrap_or(0)
    }

    /// Every thread of the block, x fastest.
    pub fn all(&self) -> impl Iterator<Item = Thread> + '_ {
        let [x, y, z] = self.dims;
        (0..z).flat_map(move |k| {
            (0..y).flat_map(move |j| {
                (0..x).map(move |i| Thread {
                    tid: [i, j, k],
                    ntid: [x, y, z],
                })
            })
        })
    }

    /// How a thread of this shape is written in messages: `thread 3`, `thread (3, 1)`.
    pub fn describe(&self, t: Thread) -> String {
        Thread { ntid: self.dims, ..t }.describe()
    }
}

/// A CTA barrier instruction, or an mbarrier wait every thread reaches alike, which the
/// interval model treats as one ([`Kernel::barriers`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Barrier {
    /// The instruction.
    pub insn: InsnId,
    /// Wait, arrive or reduce.
    pub mode: BarrierMode,
    /// Whether `.aligned` (every thread executes this very instruction).
    pub aligned: bool,
    /// Whether it names a thread count (a named barrier for part of the CTA).
    pub counted: bool,
    /// The thread count when it is a constant: the block has at least that many threads.
    pub count: Option<u32>,
    /// The barrier's number when it is a constant (0 when the form names none).
    pub number: Option<u32>,
    /// Whether its guard is false in every thread of the shape ([`Kernel::drop_dead_barriers`]):
    /// it orders nothing.
    pub dead: bool,
}

/// Per block, whether one thread reaches it ([`Kernel::block_executes`]): what a search
/// that evaluates thread after thread remembers for the current thread, cleared between
/// threads (a vector by block, cheaper than hashing on that path).
#[derive(Debug, Default, Clone)]
pub struct ExecutesMemo {
    /// Per block, the answer when known.
    slots: Vec<Option<Executes>>,
    /// The blocks with an answer (what [`ExecutesMemo::clear`] forgets).
    known: Vec<BlockId>,
}

impl ExecutesMemo {
    /// The answer for block `b`, when known.
    pub fn get(&self, b: BlockId) -> Option<Executes> {
        self.slots.get(b as usize).copied().flatten()
    }

    /// Records the answer for block `b`.
    pub fn insert(&mut self, b: BlockId, answer: Executes) {
        let at = b as usize;
        if at >= self.slots.len() {
            self.slots.resize(at + 1, None);
        }
        if self.slots[at].replace(answer).is_none() {
            self.known.push(b);
        }
    }

    /// Forgets every answer (for another thread).
    pub fn clear(&mut self) {
        for &b in &self.known {
            self.slots[b as usize] = None;
        }
        self.known.clear();
    }
}

/// Whether a thread executes an instruction, as far as the analysis can tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Executes {
    /// Yes.
    Yes,
    /// No.
    No,
    /// It depends on values all threads share (some inputs make it yes).
    IfUniform,
    /// It depends on one comparison of values the thread loaded from shared memory (with
    /// each other or with known values: a compare-and-swap's store; some contents make it
    /// yes).
    IfData,
    /// It depends on values the analysis does not follow.
    Unknown,
}

impl Executes {
    fn or(self, other: Executes) -> Executes {
        use Executes::*;
        match (self, other) {
            (Yes, _) | (_, Yes) => Yes,
            (No, x) | (x, No) => x,
            (IfUniform, _) | (_, IfUniform) => IfUniform,
            (IfData, _) | (_, IfData) => IfData,
            _ => Unknown,
        }
    }

    /// Whether the thread executes both.
    pub fn and(self, other: Executes) -> Executes {
        use Executes::*;
        match (self, other) {
            (No, _) | (_, No) => No,
            (Yes, x) | (x, Yes) => x,
            (Unknown, _) | (_, Unknown) => Unknown,
            // Two conditions on data may exclude each other.
            (IfData, _) | (_, IfData) => Unknown,
            _ => IfUniform,
        }
    }

    /// Whether some input lets the thread execute it, for a witness.
    pub fn possible(self) -> bool {
        matches!(self, Executes::Yes | Executes::IfUniform)
    }

    /// Whether some input, or some contents of shared memory, lets the thread execute it:
    /// [`Executes::possible`] or [`Executes::IfData`] (for the race search, whose witness
    /// then says which comparison has to go which way).
    pub fn possible_for_some_data(self) -> bool {
        self.possible() || self == Executes::IfData
    }
}

/// A function, its values and its synchronisation structure.
pub struct Kernel<'f, 't> {
    /// The control flow.
    pub flow: &'f FunctionFlow<'t>,
    /// The values.
    pub values: ValueFlow,
    /// The block shape.
    pub shape: Shape,
    /// The CTA barriers, and the mbarrier waits every thread reaches alike, in instruction
    /// order.
    pub barriers: Vec<Barrier>,
    /// For each instruction, the barrier intervals it is in: bit 0 the one from the
    /// function's start, bit `j + 1` the one from barrier `j`.
    pub intervals: Vec<Vec<u64>>,
    /// Per block, the barriers in it (indices into `barriers`).
    block_barriers: Vec<Vec<usize>>,
    /// The condition of each control-dependence edge, (branch block, successor) → value.
    conditions: HashMap<(BlockId, BlockId), Option<ExprId>>,
    /// Per block, the branches that decide whether a thread reaches it (its control
    /// dependences but loop back edges) with the condition of each towards it.
    deciders: Vec<Vec<(BlockId, Option<ExprId>)>>,
    /// Edges no thread takes in this block shape: branches whose condition every thread
    /// shares and that the shape decides (see [`Kernel::settle_shape`]).
    dead_edges: rustc_hash::FxHashSet<(BlockId, BlockId)>,
    /// [`Kernel::loaded_data`] of each value asked so far (the same in every thread; asked
    /// per thread and access).
    loaded_data: std::cell::RefCell<rustc_hash::FxHashMap<ExprId, bool>>,
}

/// The most threads the analysis runs.
pub const MAX_THREADS: u32 = 1024;

impl<'f, 't> Kernel<'f, 't> {
    /// The kernel of `flow`; `Err` when its values cannot be followed.
    pub fn of(flow: &'f FunctionFlow<'t>, symbols: &SymbolTable) -> Result<Kernel<'f, 't>, GiveUp> {
        Ok(Self::with_values(flow, ValueFlow::of(flow, symbols)?))
    }

    /// The kernel of `flow` with its values computed already.
    pub fn with_values(flow: &'f FunctionFlow<'t>, mut values: ValueFlow) -> Kernel<'f, 't> {
        let mut conditions = HashMap::default();
        for c in 0..flow.blocks.len() as BlockId {
            if flow.succs(c).len() == 2 || flow.leaves_when_guarded(c) {
                for &s in flow.succs(c) {
                    conditions.insert((c, s), values.branch_condition(flow, c, s));
                }
            }
        }
        let mut barriers = Vec::new();
        let mut block_barriers = vec![Vec::new(); flow.blocks.len()];
        for (b, block) in flow.blocks.iter().enumerate() {
            for i in block.start..block.end {
                let Some(semantics) = values.semantics[i as usize].as_ref() else {
                    continue;
                };
                for sync in &semantics.sync {
                    if let Sync::Barrier {
                        scope: BarrierScope::Cta,
                        mode,
                        threads,
                        aligned,
                        id,
                        ..
                    } = *sync
                    {
                        let constant = |operand: usize| {
                            values.operands[i as usize]
                                .get(operand)
                                .copied()
                                .flatten()
                                .and_then(|e| match values.exprs.node(e) {
                                    Node::Const(n) => u32::try_from(n).ok(),
                                    _ => None,
                                })
                        };
                        let count = threads.and_then(constant);
                        let number = id.map_or(Some(0), constant);
                        block_barriers[b].push(barriers.len());
                        barriers.push(Barrier {
                            insn: i,
                            mode,
                            aligned,
                            counted: threads.is_some(),
                            count,
                            number,
                            dead: false,
                        });
                    }
                }
            }
        }
        let shape = Shape {
            dims: [1, 1, 1],
            source: ShapeSource::Inferred,
        };
        let mut kernel = Kernel {
            flow,
            values,
            shape,
            barriers,
            intervals: Vec::new(),
            block_barriers,
            conditions,
            deciders: Vec::new(),
            dead_edges: Default::default(),
            loaded_data: Default::default(),
        };
        // Dependences on a branch a block dominates are loop back edges: the first iteration
        // runs.
        kernel.deciders = (0..flow.blocks.len() as BlockId)
            .map(|b| {
                let dominance = &kernel.values.dominance;
                dominance.control[b as usize]
                    .iter()
                    .filter(|&&(c, _)| !dominance.dominates(b, c))
                    .map(|&(c, s)| (c, kernel.condition(c, s)))
                    .collect()
            })
            .collect();
        kernel.add_rendezvous_waits();
        kernel.intervals = intervals(flow, &kernel.barriers, &kernel.block_barriers);
        kernel.shape = kernel.declared_shape().unwrap_or(Shape {
            dims: kernel.used_dims(),
            source: ShapeSource::Inferred,
        });
        kernel
    }

    /// The shape `.reqntid` or `.maxntid` gives.
    fn declared_shape(&self) -> Option<Shape> {
        let function = self.flow.body.parent()?;
        let source = self.flow.insns.first().map(|i| i.source())?;
        for child in ptxkit_syntax::children(function) {
            let node = child.node;
            if node.kind_name() != "function_directive" {
                continue;
            }
            let name = node.field("name").map(|n| &source[n.byte_range()])?;
            let kind = match name {
                ".reqntid" => ShapeSource::Required,
                ".maxntid" => ShapeSource::Maximum,
                _ => continue,
            };
            let mut dims = [1u32; 3];
            let mut cursor = node.walk();
            for (d, value) in node.fields("value", &mut cursor).take(3).enumerate() {
                dims[d] = ptxkit_syntax::literal::eval_integer(value, source)
                    .and_then(|v| u32::try_from(v).ok())?
                    .max(1);
            }
            if dims.iter().product::<u32>() > MAX_THREADS {
                return None;
            }
            return Some(Shape { dims, source: kind });
        }
        None
    }

    /// A default shape over the dimensions the kernel reads (`%tid`, `%ntid`): two warps (64
    /// threads along x, 16 × 4, 16 × 1 × 4 or 8 × 4 × 2; callers shrink it), or as many
    /// threads as its largest constant barrier count, along x. Enough for a witness in two
    /// warps, small enough not to take the kernel past the shape it is written for.
    fn used_dims(&self) -> [u32; 3] {
        let mut used = [false; 3];
        for id in 0..self.values.exprs.len() as ExprId {
            if let Node::Tid(d) | Node::Ntid(d) = self.values.exprs.node(id) {
                used[usize::from(d.min(2))] = true;
            }
        }
        let mut dims = match used {
            [_, false, false] => [64, 1, 1],
            [_, true, false] => [16, 4, 1],
            [_, false, true] => [16, 1, 4],
            _ => [8, 4, 2],
        };
        // A barrier for n threads (`bar.sync 1, 256`): the block has at least n.
        if let Some(n) = self.barriers.iter().filter_map(|b| b.count).max()
            && n <= MAX_THREADS
        {
            while dims.iter().product::<u32>() < n {
                dims[0] *= 2;
            }
        }
        dims
    }

    /// Fixes the block shape (again, after it changed): the edges of branches whose condition
    /// is the same for every thread and known in this shape (`%ntid.x > 0`) that no thread
    /// takes are pruned from the paths [`Kernel::reach`] follows, and the guarded barriers no
    /// thread of the shape executes are dropped ([`Kernel::drop_dead_barriers`]).
    pub fn settle_shape(&mut self) {
        self.settle_edges();
        self.barriers.iter_mut().for_each(|b| b.dead = false);
        self.drop_dead_barriers();
    }

    /// The edges part of [`Kernel::settle_shape`].
    fn settle_edges(&mut self) {
        self.dead_edges.clear();
        let t = Thread {
            tid: [0, 0, 0],
            ntid: self.shape.dims,
        };
        let mut eval = Evaluator::new(&self.values.exprs, t);
        for (&(c, s), &cond) in &self.conditions {
            let Some(cond) = cond else { continue };
            if self.values.exprs.is_thread_dependent(cond) {
                continue;
            }
            if eval.eval(cond).and_then(|l| l.known()) == Some(0) {
                self.dead_edges.insert((c, s));
            }
        }
    }

    /// The edges of branches in blocks `branch` accepts whose condition depends on the thread
    /// and holds in no thread of the shape: code only threads beyond it run
    /// (`if ((t ^ 128) > t)` in a block of 64), a sign the kernel is written for more threads.
    pub fn edges_beyond_the_shape(
        &self,
        branch: impl Fn(BlockId) -> bool,
    ) -> rustc_hash::FxHashSet<(BlockId, BlockId)> {
        let mut candidates: Vec<((BlockId, BlockId), ExprId)> = self
            .conditions
            .iter()
            .filter_map(|(&edge, &cond)| cond.map(|c| (edge, c)))
            .filter(|&((from, _), c)| branch(from) && self.values.exprs.is_thread_dependent(c))
            .collect();
        let Some(first) = self.shape.all().next() else {
            return Default::default();
        };
        let mut eval = Evaluator::new(&self.values.exprs, first);
        for t in self.shape.all() {
            if candidates.is_empty() {
                break;
            }
            eval.reset(t);
            candidates.retain(|&(_, c)| eval.eval(c).and_then(|l| l.known()) == Some(0));
        }
        candidates.into_iter().map(|(edge, _)| edge).collect()
    }

    /// Adds, as barriers, the unguarded mbarrier waits (`test_wait`, `try_wait`) every thread
    /// of the block reaches alike: blocks whose control dependences, up to the entry, are on
    /// conditions every thread shares. The interval model then treats such a wait as a CTA
    /// barrier: accesses on either side of it are taken as ordered, which can only hide a
    /// race (when the wait is not a rendezvous of the whole block), never make one up; and
    /// the accesses between two such waits, or a wait and a barrier, are searched instead of
    /// left out with the whole barrier interval.
    fn add_rendezvous_waits(&mut self) {
        let flow = self.flow;
        let mut added = false;
        for b in 0..flow.blocks.len() as BlockId {
            let mut reached_alike = None;
            for i in flow.range(b) {
                let waits =
                    self.values.guards[i as usize].is_none() && self.mbarrier_op(i, MbarrierOp::waits_for_phase);
                if !waits
                    || self.barrier_at(i).is_some()
                    || !*reached_alike.get_or_insert_with(|| self.reached_alike(b, 0))
                {
                    continue;
                }
                added = true;
                self.barriers.push(Barrier {
                    insn: i,
                    mode: BarrierMode::Wait,
                    aligned: false,
                    counted: false,
                    count: None,
                    number: None,
                    dead: false,
                });
            }
        }
        if added {
            self.barriers.sort_by_key(|b| b.insn);
            let blocks: Vec<BlockId> = self.barriers.iter().map(|b| self.block_of(b.insn)).collect();
            self.block_barriers.iter_mut().for_each(Vec::clear);
            for (j, b) in blocks.into_iter().enumerate() {
                self.block_barriers[b as usize].push(j);
            }
        }
    }

    /// Whether every thread reaches block `b` alike (in its loops' first iteration): each
    /// control dependence, up to the entry, is on a condition every thread shares.
    fn reached_alike(&self, b: BlockId, depth: usize) -> bool {
        depth < 64
            && self.deciders[b as usize].iter().all(|&(c, condition)| {
                condition.is_some_and(|e| !self.values.exprs.is_thread_dependent(e)) && self.reached_alike(c, depth + 1)
            })
    }

    /// For each block, the heads of the loops it is in (natural loops of the back edges,
    /// outermost first).
    pub fn loops(&self) -> &[Vec<BlockId>] {
        &self.values.dominance.loops
    }

    /// Whether the function calls another (but for the ABI's system calls): a callee may
    /// synchronise (wait, arrive, fence) in ways the function's own instructions do not show.
    pub fn has_calls(&self) -> bool {
        (0..self.flow.insns.len() as InsnId).any(|i| self.calls_out(i))
    }

    /// Whether instruction `i` calls a function that may synchronise: any callee but the
    /// ABI's system calls (`vprintf`, `malloc`, ...), whose body the analysis does not see.
    pub fn calls_out(&self, i: InsnId) -> bool {
        let insn = &self.flow.insns[i as usize];
        insn.call().is_some()
            && !insn
                .callee()
                .is_some_and(|c| ptxkit_isa::special_registers::SYSTEM_CALLS.contains(&c))
    }

    /// Whether instruction `i` is a CTA barrier (one some thread of the shape may execute).
    pub fn barrier_at(&self, i: InsnId) -> Option<&Barrier> {
        self.barriers.iter().find(|b| b.insn == i && !b.dead)
    }

    /// Whether instruction `a` comes before instruction `b` on every path to `b` (not `b`
    /// itself).
    pub fn precedes(&self, a: InsnId, b: InsnId) -> bool {
        let (ba, bb) = (self.block_of(a), self.block_of(b));
        if ba == bb {
            a < b
        } else {
            self.values.dominance.dominates(ba, bb)
        }
    }

    /// The branch edges no thread of the shape takes ([`Kernel::settle_shape`]): code the
    /// shape does not run.
    pub fn dead_edges(&self) -> &rustc_hash::FxHashSet<(BlockId, BlockId)> {
        &self.dead_edges
    }

    /// Marks the guarded barriers no thread of the shape executes (`@%p bar.sync 1, 64` whose
    /// guard is false in every thread that reaches it): they order nothing.
    fn drop_dead_barriers(&mut self) {
        let dead: Vec<usize> = (0..self.barriers.len())
            .filter(|&k| {
                let i = self.barriers[k].insn;
                self.values.guards[i as usize].is_some() && self.never_executed_by(i).iter().all(|&never| never)
            })
            .collect();
        for k in dead {
            self.barriers[k].dead = true;
        }
    }

    /// Per thread of the shape (in [`Shape::all`] order), whether it never executes
    /// instruction `i`.
    pub fn never_executed_by(&self, i: InsnId) -> Vec<bool> {
        let threads: Vec<Thread> = self.shape.all().collect();
        let Some(&first) = threads.first() else {
            return Vec::new();
        };
        let mut eval = Evaluator::new(&self.values.exprs, first);
        let mut memo = ExecutesMemo::default();
        threads
            .iter()
            .map(|&t| {
                eval.reset(t);
                memo.clear();
                self.executes(&mut eval, i, &mut memo).never()
            })
            .collect()
    }

    /// The barriers of block `b`.
    pub fn barriers_in(&self, b: BlockId) -> impl Iterator<Item = &Barrier> {
        self.block_barriers[b as usize].iter().map(|&j| &self.barriers[j])
    }

    /// The head of the innermost loop instruction `i` is in, if any.
    pub fn innermost_loop(&self, i: InsnId) -> Option<BlockId> {
        self.loops()[self.block_of(i) as usize].last().copied()
    }

    /// The block instruction `i` is in.
    pub fn block_of(&self, i: InsnId) -> BlockId {
        self.flow.block_of(i)
    }

    /// Whether instructions `a` and `b` can run between the same two barrier instances.
    pub fn same_interval(&self, a: InsnId, b: InsnId) -> bool {
        self.intervals[a as usize]
            .iter()
            .zip(&self.intervals[b as usize])
            .any(|(x, y)| x & y != 0)
    }

    /// The value of the condition under which branch block `from` goes to `to` (for the
    /// control-dependence edges of the function).
    pub fn condition(&self, from: BlockId, to: BlockId) -> Option<ExprId> {
        self.conditions.get(&(from, to)).copied().flatten()
    }

    /// The one condition block `b` runs under, when a single branch decides it (`@!p bra`
    /// around an elected thread's store): `None` when several or none do.
    pub fn sole_condition(&self, b: BlockId) -> Option<ExprId> {
        match self.deciders[b as usize].as_slice() {
            [(_, Some(condition))] => Some(*condition),
            _ => None,
        }
    }

    /// Whether `thread` executes instruction `i` only when values it loaded from shared memory
    /// compare one way ([`Executes::IfData`]: a compare-and-swap's store), for a witness's note.
    pub fn runs_only_if_data(&self, i: InsnId, thread: Thread) -> bool {
        let mut eval = Evaluator::new(&self.values.exprs, thread);
        self.executes(&mut eval, i, &mut ExecutesMemo::default()) == Executes::IfData
    }

    /// Whether `thread` executes instruction `i` (its block's control dependences and its
    /// guard).
    pub fn executes(&self, eval: &mut Evaluator<'_>, i: InsnId, memo: &mut ExecutesMemo) -> Executes {
        let guard = match self.values.guards[i as usize] {
            None => Executes::Yes,
            // A guarded branch, return or exit executes for every thread that reaches it.
            Some(_)
                if (self.flow.succs(self.block_of(i)).len() > 1 || self.flow.leaves_when_guarded(self.block_of(i)))
                    && self.flow.blocks[self.block_of(i) as usize].end == i + 1 =>
            {
                Executes::Yes
            }
            Some(g) => self.truth(eval, g),
        };
        let block = self.block_of(i);
        guard.and(self.block_executes(eval, block, memo))
    }

    /// Every condition that decides whether a thread executes some instruction: the guards and
    /// the conditions of the branches blocks depend on.
    pub fn all_conditions(&self) -> impl Iterator<Item = ExprId> + '_ {
        self.values
            .guards
            .iter()
            .flatten()
            .copied()
            .chain(self.deciders.iter().flatten().filter_map(|&(_, condition)| condition))
    }

    /// The conditions that decide whether a thread executes instruction `i`: its guard and
    /// the conditions of the branches its block depends on, up to the entry (at most a few
    /// hundred).
    pub fn deciding_conditions(&self, i: InsnId) -> Vec<ExprId> {
        let mut out: Vec<ExprId> = self.values.guards[i as usize].into_iter().collect();
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![self.block_of(i)];
        while let Some(b) = stack.pop() {
            if !seen.insert(b) || seen.len() > 256 {
                continue;
            }
            for &(c, condition) in &self.deciders[b as usize] {
                out.extend(condition);
                stack.push(c);
            }
        }
        out
    }

    /// Whether the evaluator's thread, in the iteration its injected joins describe, may go
    /// round loop `head` again: some back edge to `head` leaves a block the thread may reach
    /// on a branch that may be taken. `false` only when every back edge is surely not taken
    /// (a counted `do`-`while` loop in its last iteration), so that the iterations after it
    /// are not placed: they do not run.
    pub fn may_go_round(&self, eval: &mut Evaluator<'_>, head: BlockId, memo: &mut ExecutesMemo) -> bool {
        let dominance = &self.values.dominance;
        self.flow
            .preds(head)
            .iter()
            .filter(|&&latch| dominance.dominates(head, latch))
            .any(|&latch| {
                let taken = if self.flow.succs(latch).len() == 2 {
                    match self.condition(latch, head) {
                        Some(cond) => self.truth(eval, cond),
                        None => Executes::Unknown,
                    }
                } else {
                    Executes::Yes
                };
                taken != Executes::No && self.block_executes(eval, latch, memo) != Executes::No
            })
    }

    /// Whether `thread` reaches block `b` (its control dependences).
    pub fn block_executes(&self, eval: &mut Evaluator<'_>, b: BlockId, memo: &mut ExecutesMemo) -> Executes {
        self.block_executes_at(eval, b, memo, 0)
    }

    fn block_executes_at(
        &self,
        eval: &mut Evaluator<'_>,
        b: BlockId,
        memo: &mut ExecutesMemo,
        depth: usize,
    ) -> Executes {
        if let Some(found) = memo.get(b) {
            return found;
        }
        if depth > 64 {
            return Executes::Unknown;
        }
        let deciders = &self.deciders[b as usize];
        let result = if deciders.is_empty() {
            Executes::Yes
        } else {
            let mut any = Executes::No;
            for &(c, condition) in deciders {
                let here = match condition {
                    Some(cond) => self.truth(eval, cond),
                    None => Executes::Unknown,
                };
                let up = self.block_executes_at(eval, c, memo, depth + 1);
                any = any.or(here.and(up));
            }
            any
        };
        memo.insert(b, result);
        result
    }
}

impl Kernel<'_, '_> {
    /// Whether condition `cond` holds for the evaluator's thread ([`truth`]); a condition
    /// unknown only through one comparison of values the thread loaded from shared memory
    /// ([`ValueFlow::shared_loads`](super::values::ValueFlow::shared_loads)) is
    /// [`Executes::IfData`]: whichever way the comparison goes, it decides the condition.
    fn truth(&self, eval: &mut Evaluator<'_>, cond: ExprId) -> Executes {
        match truth(eval, &self.values.exprs, cond) {
            Executes::Unknown if self.one_data_comparison(eval, cond) => Executes::IfData,
            other => other,
        }
    }

    /// Whether `cond`, unknown in the evaluator's thread, is unknown only through one
    /// comparison of shared-memory loads (and values known in the thread): predicate logic
    /// (`and`, `or`, `xor`, `not`) over known values and that comparison.
    fn one_data_comparison(&self, eval: &mut Evaluator<'_>, cond: ExprId) -> bool {
        if self.values.shared_loads.is_empty() {
            return false;
        }
        let exprs = &self.values.exprs;
        let mut comparisons = 0;
        let mut stack = vec![cond];
        while let Some(id) = stack.pop() {
            if eval.eval(id).is_some_and(|v| v.known().is_some()) {
                continue;
            }
            match exprs.node(id) {
                Node::Binary(op, a, b, ..) if super::expr::is_comparison(op) => {
                    comparisons += 1;
                    if comparisons > 1 || !self.loaded_data(a) || !self.loaded_data(b) {
                        return false;
                    }
                }
                Node::Varying(_) if self.values.shared_derived.contains_key(&id) => {
                    comparisons += 1;
                    if comparisons > 1 || !self.values.shared_derived[&id].iter().all(|&x| self.loaded_data(x)) {
                        return false;
                    }
                }
                Node::Binary(
                    BinaryOp::And | BinaryOp::Or | BinaryOp::Xor | BinaryOp::LogicalAnd | BinaryOp::LogicalOr,
                    a,
                    b,
                    ..,
                ) => stack.extend([a, b]),
                Node::Unary(UnaryOp::Not | UnaryOp::LogicalNot, a, ..) | Node::Convert(a, ..) => stack.push(a),
                _ => return false,
            }
        }
        comparisons == 1
    }

    /// Whether every value `x` is built on but uniform ones and constants is a load from
    /// shared memory ([`ValueFlow::shared_loads`](super::values::ValueFlow::shared_loads)),
    /// or the thread id.
    fn loaded_data(&self, x: ExprId) -> bool {
        if let Some(&known) = self.loaded_data.borrow().get(&x) {
            return known;
        }
        let exprs = &self.values.exprs;
        let loaded = exprs.leaves(x).iter().all(|&leaf| match leaf {
            Node::Varying(_) => exprs
                .get(leaf)
                .is_some_and(|l| self.values.shared_loads.contains_key(&l)),
            Node::Phi { varying: true, .. } | Node::Elected(_) => false,
            _ => true,
        });
        self.loaded_data.borrow_mut().insert(x, loaded);
        loaded
    }
}

/// Whether a condition holds for the evaluator's thread.
pub fn truth(eval: &mut Evaluator<'_>, exprs: &super::expr::Exprs, cond: ExprId) -> Executes {
    match eval.eval(cond).and_then(|l| l.known()) {
        Some(0) => Executes::No,
        Some(_) => Executes::Yes,
        None if exprs.has_varying(cond) => Executes::Unknown,
        None => Executes::IfUniform,
    }
}

/// For each instruction, the barrier intervals it is in (see [`Kernel::intervals`]).
fn intervals(flow: &FunctionFlow<'_>, barriers: &[Barrier], block_barriers: &[Vec<usize>]) -> Vec<Vec<u64>> {
    let words = (barriers.len() + 1).div_ceil(64);
    let n = flow.blocks.len();
    let mut entry = vec![vec![0u64; words]; n];
    let mut exit = vec![vec![0u64; words]; n];
    if n > 0 {
        entry[0][0] = 1;
    }
    let full = |j: usize| barriers[j].mode != BarrierMode::Arrive;
    let transfer = |b: usize, state: &mut Vec<u64>| {
        for &j in &block_barriers[b] {
            if full(j) {
                state.iter_mut().for_each(|w| *w = 0);
                let bit = j + 1;
                state[bit / 64] |= 1 << (bit % 64);
            }
        }
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &b in &flow.rpo {
            let mut state = entry[b as usize].clone();
            for &p in flow.preds(b) {
                for (w, x) in state.iter_mut().zip(&exit[p as usize]) {
                    *w |= x;
                }
            }
            if b == 0 {
                state[0] |= 1;
            }
            entry[b as usize].clone_from(&state);
            transfer(b as usize, &mut state);
            if state != exit[b as usize] {
                exit[b as usize] = state;
                changed = true;
            }
        }
    }
    let mut out = vec![vec![0u64; words]; flow.insns.len()];
    for &b in &flow.rpo {
        let mut state = entry[b as usize].clone();
        for i in flow.range(b) {
            out[i as usize].clone_from(&state);
            if let Some(&j) = block_barriers[b as usize].iter().find(|&&j| barriers[j].insn == i)
                && full(j)
            {
                state.iter_mut().for_each(|w| *w = 0);
                let bit = j + 1;
                state[bit / 64] |= 1 << (bit % 64);
            }
        }
    }
    out
}

/// The instructions reachable from a point without passing a full CTA barrier, and whether
/// the point is on a cycle without one.
#[derive(Debug, Clone)]
pub struct Reach {
    /// One bit per instruction.
    bits: Vec<u64>,
    /// Whether the point can be reached again without passing a barrier.
    pub cyclic: bool,
}

impl Reach {
    /// Nothing reached, among `n` instructions.
    #[cfg(test)]
    pub(crate) fn empty(n: usize) -> Reach {
        Reach {
            bits: vec![0; n.div_ceil(64).max(1)],
            cyclic: false,
        }
    }

    /// Marks instruction `i` reached.
    #[cfg(test)]
    pub(crate) fn insert(&mut self, i: InsnId) {
        self.bits[i as usize / 64] |= 1 << (i % 64);
    }

    /// Whether instruction `i` is reached.
    pub fn contains(&self, i: InsnId) -> bool {
        self.bits.get(i as usize / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
    }

    /// Adds what `other` reaches.
    pub fn union(&mut self, other: &Reach) {
        for (w, o) in self.bits.iter_mut().zip(&other.bits) {
            *w |= o;
        }
        self.cyclic |= other.cyclic;
    }
}

impl Kernel<'_, '_> {
    /// Whether instruction `i` is an operation on an mbarrier object of a kind `op` accepts.
    pub fn mbarrier_op(&self, i: InsnId, op: impl Fn(MbarrierOp) -> bool) -> bool {
        self.values.semantics[i as usize].as_ref().is_some_and(|s| {
            s.sync
                .iter()
                .any(|x| matches!(*x, Sync::Mbarrier { op: o, .. } if op(o)))
        })
    }

    /// The live CTA barriers that wait (each ends a barrier interval).
    pub fn full_barriers(&self) -> impl Iterator<Item = &Barrier> {
        self.barriers
            .iter()
            .filter(|b| !b.dead && b.mode != BarrierMode::Arrive)
    }

    /// Whether instruction `i` is a full CTA barrier (one that ends a barrier interval).
    pub fn is_full_barrier(&self, i: InsnId) -> bool {
        self.full_barriers().any(|b| b.insn == i)
    }

    /// Some way from instruction `from` (after it) round the back edge of a loop headed by one
    /// of `heads` and on to `to` in that loop's next iteration, staying in the loop, with no
    /// instruction on it for which `stop` holds: the last instruction before the first back
    /// edge it takes (a witness's "round the loop here").
    pub fn round_the_loop(
        &self,
        from: InsnId,
        to: InsnId,
        heads: &[BlockId],
        stop: impl Fn(InsnId) -> bool,
    ) -> Option<InsnId> {
        let flow = self.flow;
        let inside = |b: BlockId| self.loops()[b as usize].iter().any(|h| heads.contains(h));
        // (block, the back edge's last instruction once the way went round, the first
        // instruction to look at).
        let mut seen = rustc_hash::FxHashSet::default();
        let mut work: Vec<(BlockId, Option<InsnId>, InsnId)> = vec![(self.block_of(from), None, from + 1)];
        while let Some((b, round, start)) = work.pop() {
            let range = flow.range(b);
            let mut stopped = false;
            for i in start..range.end {
                if round.is_some() && i == to {
                    return round;
                }
                if stop(i) {
                    stopped = true;
                    break;
                }
            }
            if stopped || range.is_empty() {
                continue;
            }
            for &next in flow.succs(b) {
                let round = round.or((heads.contains(&next) && inside(b)).then_some(range.end - 1));
                if inside(next) && seen.insert((next, round.is_some())) {
                    work.push((next, round, flow.range(next).start));
                }
            }
        }
        None
    }

    /// What is reachable from instruction `from` (from it when `inclusive`, else from the
    /// one after it) without passing a full CTA barrier.
    pub fn reach(&self, from: InsnId, inclusive: bool) -> Reach {
        self.reach_until(from, inclusive, |i| self.is_full_barrier(i))
    }

    /// What is reachable from instruction `from` (from it when `inclusive`, else from the
    /// one after it) without passing an instruction for which `stop` holds.
    pub fn reach_until(&self, from: InsnId, inclusive: bool, stop: impl Fn(InsnId) -> bool) -> Reach {
        let flow = self.flow;
        let n = flow.insns.len();
        let mut bits = vec![0u64; n.div_ceil(64).max(1)];
        let set = |bits: &mut Vec<u64>, i: InsnId| bits[i as usize / 64] |= 1 << (i % 64);
        let mut cyclic = false;
        // Walks instructions from `start` in block `b`; returns whether the block's end was
        // reached without a barrier.
        let walk = |bits: &mut Vec<u64>, b: BlockId, start: InsnId, cyclic: &mut bool| -> bool {
            for i in start..flow.blocks[b as usize].end {
                if i == from && (start != from || !inclusive) {
                    *cyclic = true;
                }
                if stop(i) {
                    return false;
                }
                set(bits, i);
            }
            true
        };
        let first = self.block_of(from);
        let start = if inclusive { from } else { from + 1 };
        let through = if inclusive && stop(from) {
            false
        } else {
            walk(
                &mut bits,
                first,
                start.max(flow.blocks[first as usize].start),
                &mut cyclic,
            )
        };
        if through {
            let live = |from: BlockId| {
                flow.succs(from)
                    .iter()
                    .copied()
                    .filter(move |&s| !self.dead_edges.contains(&(from, s)))
            };
            let mut seen = vec![false; flow.blocks.len()];
            let mut stack: Vec<BlockId> = live(first).collect();
            while let Some(b) = stack.pop() {
                if std::mem::replace(&mut seen[b as usize], true) {
                    continue;
                }
                let block = flow.blocks[b as usize];
                if b == first && block.start <= from {
                    // Back into the starting block: its instructions up to the point.
                    for i in block.start..block.end {
                        if i == from {
                            cyclic = true;
                        }
                        if stop(i) {
                            break;
                        }
                        set(&mut bits, i);
                    }
                    continue;
                }
                if walk(&mut bits, b, block.start, &mut cyclic) {
                    stack.extend(live(b));
                }
            }
        }
        Reach { bits, cyclic }
    }
}
