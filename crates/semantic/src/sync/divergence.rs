//! Barriers and warp collectives under thread-dependent control flow: an aligned CTA barrier
//! (`bar.sync`, `barrier.sync.aligned`; every form below sm_70) that some threads of the block
//! reach while others, still running, do not (§9.7.13.1: "In conditionally executed code, an
//! aligned barrier should only be used if it is known that all threads in CTA evaluate the
//! condition identically"), and a warp collective with a member mask (`shfl.sync`,
//! `vote.sync`, `bar.warp.sync`, `.aligned` warp instructions) that some lanes of the mask skip.
//!
//! A finding names two threads that take different sides of the branch (evaluated for each
//! thread of the block shape; a comparison with a value all threads share counts when the two
//! threads' sides differ for some such value) and says where the other thread goes. Threads
//! that leave the kernel before the barrier are allowed by the non-`.aligned` forms and work
//! on current hardware for the others: those findings are kept apart ([`Divergence::exits`]).

use ptxkit_isa::signature::semantics::{BinaryOp, Completion, Space, Sync};
use rustc_hash::FxHashMap as HashMap;

use super::expr::{Evaluator, ExprId, Linear, Node, Terms, Thread};
use super::kernel::{Executes, ExecutesMemo, Kernel, Shape, ShapeSource};
use crate::flow::cfg::{BlockId, InsnId};

/// A condition a barrier or collective runs under: (deciding instruction, condition, where
/// the other side goes).
type Condition = (InsnId, ExprId, OtherSide);

/// Where a thread goes that a condition keeps from a barrier or collective.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OtherSide {
    /// The other successor of a branch.
    Block(BlockId),
    /// The instruction after a guarded barrier.
    Next,
    /// Out of the function (a guarded `exit` or `ret`).
    Leaves,
}

impl OtherSide {
    /// The other side of the edge `(c, s)` of branch block `c`.
    fn of_edge(kernel: &Kernel<'_, '_>, c: BlockId, s: BlockId) -> OtherSide {
        match kernel.flow.succs(c).iter().copied().find(|&x| x != s) {
            Some(b) => OtherSide::Block(b),
            None => OtherSide::Leaves,
        }
    }
}
/// Each thread's side of a condition (`None`: the thread does not reach it).
type Sides = Vec<Option<(Side, Thread)>>;

/// What kind of instruction diverges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collective {
    /// A CTA barrier.
    Barrier,
    /// A warp collective with a member mask (or over the whole warp).
    Warp,
}

/// A barrier or collective that two threads reach differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// The barrier or collective.
    pub insn: InsnId,
    /// What it is.
    pub kind: Collective,
    /// The branch (its last instruction) or guard that separates the threads.
    pub branch: InsnId,
    /// A thread that executes it.
    pub reaching: Thread,
    /// A thread that does not.
    pub skipping: Thread,
    /// When the two threads part: always, or only for some values all threads share.
    pub when: Parting,
    /// Whether every path of the skipping thread leaves the kernel before any barrier (early
    /// `return`).
    pub exits: bool,
    /// The barrier or collective the skipping thread reaches instead, if any.
    pub elsewhere: Option<InsnId>,
    /// For a barrier without `.aligned` that a thread skips to go on working: an access of a
    /// skipping thread after it that meets one another thread makes before the barrier
    /// ([`super::races::past_skipped_barrier`]), which the barrier no longer orders.
    pub unordered: Option<super::races::Race>,
    /// The block shape the threads are of.
    pub shape: Shape,
}

/// The divergent barriers and collectives of a kernel; `lockstep` when warps run in
/// lockstep (targets below sm_70: every barrier form acts as `.aligned`). An inferred shape
/// over two or three dimensions is tried again as a line of as many threads (a block any
/// kernel may be launched with): `%tid.x < 32` parts no threads of 8 × 4 × 2. The kernel's
/// shape is left as it was.
pub fn divergences(kernel: &mut Kernel<'_, '_>, lockstep: bool) -> Vec<Divergence> {
    let mut out = divergences_in_shape(kernel, lockstep);
    let shape = kernel.shape;
    if shape.source == ShapeSource::Inferred && shape.dims[1..] != [1, 1] {
        kernel.shape.dims = [shape.threads(), 1, 1];
        for d in divergences_in_shape(kernel, lockstep) {
            if !out.iter().any(|o| o.insn == d.insn) {
                out.push(d);
            }
        }
        kernel.shape = shape;
        out.sort_by_key(|d| d.insn);
    }
    out
}

/// [`divergences`] in the kernel's shape.
fn divergences_in_shape(kernel: &Kernel<'_, '_>, lockstep: bool) -> Vec<Divergence> {
    let threads: Vec<Thread> = kernel.shape.all().collect();
    if threads.len() < 2 {
        return Vec::new();
    }
    let candidates: Vec<Candidate> = (0..kernel.flow.insns.len() as InsnId)
        .filter_map(|i| candidate(kernel, i, lockstep))
        .collect();
    if candidates.is_empty() {
        return Vec::new();
    }
    let (sides, masks) = evaluate_candidates(kernel, &candidates, &threads);
    let mut out = Vec::new();
    for ((c, sides), masks) in candidates.iter().zip(&sides).zip(&masks) {
        let in_mask =
            |t: Thread, of: Thread| masks[of.linear() as usize].is_some_and(|m| m & (1 << (t.linear() % 32)) != 0);
        let meet = |a: Thread, b: Thread| match c.kind {
            Collective::Barrier => true,
            Collective::Warp => a.linear() / 32 == b.linear() / 32 && in_mask(a, b) && in_mask(b, a),
        };
        if let Some(found) = divergence(kernel, c.insn, c.kind, c.convergent, &c.conds, sides, &meet) {
            out.push(found);
        }
    }
    out
}

/// A barrier or collective with the thread-dependent conditions it runs under.
struct Candidate {
    /// The instruction.
    insn: InsnId,
    /// What it is.
    kind: Collective,
    /// The conditions that may differ between threads (a condition all threads share cannot
    /// part them).
    conds: Vec<Condition>,
    /// For a collective, its member mask's operand (`None`: the whole warp).
    mask_operand: Option<usize>,
    /// Whether its lanes must execute it in convergence (`.aligned`; every form below sm_70),
    /// so that no lane may skip it even to leave. A CTA barrier without `.aligned` may be
    /// reached through different instructions; it is a candidate only for a skipping thread
    /// that executes fewer barriers ([`count_mismatch`]).
    convergent: bool,
}

/// Instruction `i` as a [`Candidate`], when it is a barrier or collective under a condition
/// that may differ between threads.
fn candidate(kernel: &Kernel<'_, '_>, i: InsnId, lockstep: bool) -> Option<Candidate> {
    let semantics = kernel.values.semantics[i as usize].as_ref()?;
    let kind = semantics.sync.iter().find_map(|s| match *s {
        Sync::Barrier {
            scope: ptxkit_isa::signature::semantics::BarrierScope::Cta,
            threads: None,
            ..
        } => Some(Collective::Barrier),
        Sync::Collective { legacy: false, .. } | Sync::WarpBarrier { .. } => Some(Collective::Warp),
        _ => None,
    })?;
    let mask_operand = semantics.sync.iter().find_map(|s| match *s {
        Sync::Collective { mask, .. } => mask,
        Sync::WarpBarrier { mask } => Some(mask),
        _ => None,
    });
    let convergent = lockstep
        || semantics.sync.iter().any(|s| match *s {
            Sync::Barrier { aligned, .. } | Sync::Collective { aligned, .. } => aligned,
            _ => false,
        });
    let conds: Vec<_> = conditions(kernel, i)
        .into_iter()
        .filter(|&(_, cond, _)| kernel.values.exprs.is_thread_dependent(cond))
        .collect();
    (!conds.is_empty()).then_some(Candidate {
        insn: i,
        kind,
        conds,
        mask_operand,
        convergent,
    })
}

/// For each candidate, each thread's side of each of its conditions, and each thread's member
/// mask (`None`: not known); one evaluator, reset for each thread.
fn evaluate_candidates(
    kernel: &Kernel<'_, '_>,
    candidates: &[Candidate],
    threads: &[Thread],
) -> (Vec<Vec<Sides>>, Vec<Vec<Option<u32>>>) {
    let mut sides: Vec<Vec<Sides>> = candidates
        .iter()
        .map(|c| vec![Vec::with_capacity(threads.len()); c.conds.len()])
        .collect();
    let mut masks: Vec<Vec<Option<u32>>> = vec![Vec::with_capacity(threads.len()); candidates.len()];
    let mut eval = Evaluator::new(&kernel.values.exprs, threads[0]);
    let mut memo = ExecutesMemo::default();
    for &t in threads {
        eval.reset(t);
        memo.clear();
        for (k, c) in candidates.iter().enumerate() {
            masks[k].push(member_mask(kernel, &mut eval, c));
        }
        for (k, c) in candidates.iter().enumerate() {
            for (n, &(branch, cond, _)) in c.conds.iter().enumerate() {
                let side = side_where_reached(kernel, &mut eval, &mut memo, (c.insn, branch), cond);
                sides[k][n].push(side.map(|s| (s, t)));
            }
        }
    }
    (sides, masks)
}

/// Candidate `c`'s member mask in the evaluator's thread: every lane for a barrier or a
/// collective over the whole warp; `None` when the mask is not known.
fn member_mask(kernel: &Kernel<'_, '_>, eval: &mut Evaluator<'_>, c: &Candidate) -> Option<u32> {
    match (c.kind, c.mask_operand) {
        (Collective::Barrier, _) | (Collective::Warp, None) => Some(u32::MAX),
        (Collective::Warp, Some(operand)) => kernel.values.operands[c.insn as usize]
            .get(operand)
            .copied()
            .flatten()
            .and_then(|m| eval.eval(m))
            .and_then(|l| l.known())
            .map(|m| m as u32),
    }
}

/// The evaluator's thread's side of condition `cond` of instruction `i`, decided at `branch`,
/// if the thread reaches it (a guard, `branch == i`, decides for the threads that reach its
/// instruction's block).
fn side_where_reached(
    kernel: &Kernel<'_, '_>,
    eval: &mut Evaluator<'_>,
    memo: &mut ExecutesMemo,
    (i, branch): (InsnId, InsnId),
    cond: ExprId,
) -> Option<Side> {
    let reaches = if branch == i {
        kernel.block_executes(eval, kernel.block_of(i), memo)
    } else {
        kernel.executes(eval, branch, memo)
    };
    if reaches.possible() {
        side(eval, &kernel.values.exprs, cond)
    } else {
        None
    }
}

/// The condition under which instruction `i` runs, as (deciding instruction, condition).
fn conditions(kernel: &Kernel<'_, '_>, i: InsnId) -> Vec<Condition> {
    let mut out = Vec::new();
    if let Some(g) = kernel.values.guards[i as usize] {
        out.push((i, g, OtherSide::Next));
    }
    let block = kernel.block_of(i);
    for &(c, s) in &kernel.values.dominance.control[block as usize] {
        if kernel.values.dominance.dominates(block, c) {
            // A loop's back edge: the loop's own condition decides the next iteration.
            continue;
        }
        if let Some(cond) = kernel.condition(c, s) {
            let last = kernel.flow.blocks[c as usize].end - 1;
            out.push((last, cond, OtherSide::of_edge(kernel, c, s)));
        }
    }
    // The loop around it: a thread that leaves the loop earlier skips the next iteration.
    for &(c, s) in &kernel.values.dominance.control[block as usize] {
        if kernel.values.dominance.dominates(block, c)
            && let Some(cond) = kernel.condition(c, s)
        {
            let last = kernel.flow.blocks[c as usize].end - 1;
            out.push((last, cond, OtherSide::of_edge(kernel, c, s)));
        }
    }
    out
}

fn divergence(
    kernel: &Kernel<'_, '_>,
    i: InsnId,
    kind: Collective,
    aligned: bool,
    conds: &[Condition],
    sides: &[Sides],
    meet: &dyn Fn(Thread, Thread) -> bool,
) -> Option<Divergence> {
    for (&(branch, cond, other), sides) in conds.iter().zip(sides) {
        let Some((mut reaching, mut skipping, undecided)) = split(sides, meet) else {
            continue;
        };
        let when = match undecided {
            None => Parting::Always,
            Some(terms) if !terms.is_empty() && terms.iter().all(|&(leaf, _)| loop_carried(kernel, leaf, i)) => {
                match iteration_parting(kernel, cond, &terms, sides, meet) {
                    // Every thread leaves in the same iteration: they do not part.
                    Some(None) => continue,
                    Some(Some((a, b))) => (reaching, skipping) = (a, b),
                    None => {}
                }
                Parting::InLaterIteration
            }
            Some(_) => Parting::ForSomeInputs,
        };
        // Where the skipping thread goes: the other side of the branch, or the instruction
        // after a guarded barrier.
        let start = match other {
            OtherSide::Block(b) => Some(kernel.flow.blocks[b as usize].start),
            OtherSide::Next => (i + 1 < kernel.flow.insns.len() as InsnId).then_some(i + 1),
            OtherSide::Leaves => None,
        };
        let (exits, elsewhere) = match start {
            None => (true, None),
            Some(from) => next_barrier(kernel, from, kind, aligned),
        };
        let mut unordered = None;
        if kind == Collective::Barrier && !aligned && !count_mismatch(kernel, i, branch, exits, elsewhere) {
            // The form allows a thread to skip it; what the skipping thread does next may
            // still need it.
            unordered = start.and_then(|from| super::races::past_skipped_barrier(kernel, i, from));
            if unordered.is_none() {
                continue;
            }
        }
        // A thread that meets others' accesses on its way out has not just left.
        let exits = exits && unordered.is_none();
        return Some(Divergence {
            insn: i,
            kind,
            branch,
            reaching,
            skipping,
            when,
            exits,
            elsewhere,
            unordered,
            shape: kernel.shape,
        });
    }
    None
}

/// For a CTA barrier without `.aligned` (§9.7.13.1: its threads may reach it through different
/// instructions), whether the thread that skips barrier `i` at `branch` executes fewer
/// barriers than the one that waits at it, so that from then on the two wait at barriers of
/// different phases: it does not leave, and the barrier it reaches instead (`elsewhere`) is
/// `i` itself in a later iteration or one the waiting thread goes on to after `i` without
/// coming back through the branch (`if (tid < 32) __syncthreads(); ...; __syncthreads();`).
/// One barrier on each side of the branch (`if (c) { ...; bar } else { ...; bar }`) is what
/// the form allows; a guarded barrier instead is not judged (its guard may be the
/// complement).
fn count_mismatch(kernel: &Kernel<'_, '_>, i: InsnId, branch: InsnId, exits: bool, elsewhere: Option<InsnId>) -> bool {
    let Some(e) = elsewhere.filter(|_| !exits) else {
        return false;
    };
    if e == i {
        return true;
    }
    if kernel.values.guards[e as usize].is_some() {
        return false;
    }
    let flow = kernel.flow;
    let (from, target) = (kernel.block_of(i), kernel.block_of(e));
    if from == target && e > i {
        return true;
    }
    let parting = kernel.block_of(branch);
    let mut seen = vec![false; flow.blocks.len()];
    let mut stack: Vec<BlockId> = flow.succs(from).to_vec();
    while let Some(b) = stack.pop() {
        if (b == parting && branch != i) || std::mem::replace(&mut seen[b as usize], true) {
            continue;
        }
        if b == target {
            return true;
        }
        stack.extend_from_slice(flow.succs(b));
    }
    false
}

/// When two threads go different ways at a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Parting {
    /// Whatever the inputs.
    Always,
    /// For some values of the kernel's inputs (the condition compares the thread id with a
    /// value all threads share, e.g. `%tid.x < n`).
    ForSomeInputs,
    /// In a later iteration of a loop around the barrier (the condition compares the thread
    /// id with a value the loop changes, e.g. a trip count that depends on the thread).
    InLaterIteration,
}

/// Which way a thread goes at a condition.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Side {
    /// Known.
    Known(bool),
    /// A comparison whose sides differ by this linear form (`a - b` for `a < b`): threads with
    /// the same undecided part and different constants go different ways for some value.
    Compare(BinaryOp, Linear),
}

fn side(eval: &mut Evaluator<'_>, exprs: &super::expr::Exprs, cond: ExprId) -> Option<Side> {
    if let Some(k) = eval.eval(cond).and_then(|l| l.known()) {
        return Some(Side::Known(k != 0));
    }
    // Through conversions and negations, to a comparison.
    let mut at = cond;
    let mut negated = false;
    loop {
        match exprs.node(at) {
            Node::Convert(inner, ..) => at = inner,
            Node::Unary(ptxkit_isa::signature::semantics::UnaryOp::LogicalNot, inner, ..) => {
                negated = !negated;
                at = inner;
            }
            _ => break,
        }
    }
    let Node::Binary(op, a, b, ..) = exprs.node(at) else {
        return None;
    };
    if !super::expr::is_comparison(op) {
        return None;
    }
    let (a, b) = (eval.eval(a)?, eval.eval(b)?);
    let mut diff = a;
    for &(leaf, c) in &b.terms {
        match diff.terms.iter_mut().find(|(l, _)| *l == leaf) {
            Some((_, existing)) => *existing -= c,
            None => diff.terms.push((leaf, -c)),
        }
    }
    diff.terms.retain(|(_, c)| *c != 0);
    diff.terms.sort_unstable();
    diff.constant -= b.constant;
    let _ = negated;
    Some(Side::Compare(op, diff))
}

/// The most iterations [`iteration_parting`] follows a loop for.
const ITERATIONS_FOLLOWED: i64 = 64;

/// For a condition whose only undecided part is one induction of a loop around the
/// instruction, with a constant step (`for (i = tid; i < n; i += 256)`): the iteration in
/// which each thread of `sides` first takes the other way (the induction is `j × step` in
/// iteration `j`). `Some(None)` when every thread does so in the same iteration (they never
/// part); `Some(Some((stays, leaves)))`, two threads that must meet and leave in different
/// iterations, the first staying longer; `None` when it cannot be told (another kind of
/// condition, a step not known, a thread still in the loop after [`ITERATIONS_FOLLOWED`]).
fn iteration_parting(
    kernel: &Kernel<'_, '_>,
    cond: ExprId,
    terms: &Terms,
    sides: &[Option<(Side, Thread)>],
    meet: &dyn Fn(Thread, Thread) -> bool,
) -> Option<Option<(Thread, Thread)>> {
    let exprs = &kernel.values.exprs;
    let [(leaf, _)] = terms.as_slice() else {
        return None;
    };
    let next = *kernel.values.inductions.get(leaf)?;
    let threads: Vec<Thread> = sides.iter().flatten().map(|&(_, t)| t).collect();
    let first = *threads.first()?;
    let mut eval = Evaluator::new(exprs, first);
    eval.inject(*leaf, Some(Linear::constant(0)));
    let step = eval.eval(next)?.known()?;
    let mut leaves_at: Vec<(i64, Thread)> = Vec::with_capacity(threads.len());
    for &t in &threads {
        let mut j = 0;
        loop {
            if j == ITERATIONS_FOLLOWED {
                return None;
            }
            eval.reset(t);
            eval.inject(*leaf, Some(Linear::constant(j.checked_mul(step)?)));
            if eval.eval(cond)?.known()? == 0 {
                break;
            }
            j += 1;
        }
        leaves_at.push((j, t));
    }
    for (n, &(j1, t1)) in leaves_at.iter().enumerate() {
        for &(j2, t2) in &leaves_at[n + 1..] {
            if j1 != j2 && meet(t1, t2) {
                return Some(Some(if j1 > j2 { (t1, t2) } else { (t2, t1) }));
            }
        }
    }
    Some(None)
}

/// Whether `leaf` is the value of a register at the head of a loop around instruction `i`.
fn loop_carried(kernel: &Kernel<'_, '_>, leaf: ExprId, i: InsnId) -> bool {
    match kernel.values.exprs.node(leaf) {
        Node::Phi { block, .. } => kernel.loops()[kernel.block_of(i) as usize].contains(&block),
        _ => false,
    }
}

/// Two threads that go different ways and must both execute the instruction (`meet`: any
/// two threads for a barrier; for a warp collective, lanes of one warp each in the other's
/// member mask): (reaching, skipping, and when the sides depend on values all threads share,
/// the undecided part of the comparison).
fn split(
    sides: &[Option<(Side, Thread)>],
    meet: &dyn Fn(Thread, Thread) -> bool,
) -> Option<(Thread, Thread, Option<Terms>)> {
    let mut known: [Vec<Thread>; 2] = [Vec::new(), Vec::new()];
    let mut compares: HashMap<(BinaryOp, Terms), Vec<(i64, Thread)>> = HashMap::default();
    for (s, t) in sides.iter().flatten() {
        match s {
            Side::Known(v) => known[usize::from(*v)].push(*t),
            Side::Compare(op, diff) => compares
                .entry((*op, diff.terms.clone()))
                .or_default()
                .push((diff.constant, *t)),
        }
    }
    // Known sides: the first pair that must meet.
    let [no, yes] = &known;
    for &y in yes {
        if let Some(&n) = no.iter().find(|&&n| meet(y, n)) {
            return Some((y, n, None));
        }
    }
    // Comparisons with shared values: two threads with different constants.
    for ((_, terms), list) in &compares {
        for (i, &(k1, t1)) in list.iter().enumerate() {
            for &(k2, t2) in &list[i + 1..] {
                if k1 != k2 && meet(t1, t2) {
                    return Some((t1, t2, Some(terms.clone())));
                }
            }
        }
    }
    None
}

/// From instruction `from`, whether every path leaves the kernel before any barrier (or
/// collective of the same kind) without touching shared memory or synchronising on the way,
/// and the first such instruction some path reaches instead.
fn next_barrier(kernel: &Kernel<'_, '_>, from: InsnId, kind: Collective, aligned: bool) -> (bool, Option<InsnId>) {
    let flow = kernel.flow;
    let is_stop = |i: InsnId| {
        kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
            s.sync.iter().any(|sync| match kind {
                Collective::Barrier => matches!(sync, Sync::Barrier { .. }),
                Collective::Warp => matches!(
                    sync,
                    Sync::Barrier { .. } | Sync::Collective { .. } | Sync::WarpBarrier { .. }
                ),
            })
        })
    };
    // What the threads that the barrier waited for would see: shared memory, asynchronous
    // operations, any synchronisation. A thread that does none of it before leaving has left
    // early (`if (i >= n) return;`); one that does has skipped the barrier and gone on. A
    // non-`.aligned` collective waits for the lanes of its mask until they execute it or exit
    // (§9.7.13.9: "wait until all non-exited threads corresponding to membermask have
    // executed"): a lane that leaves is only a problem if on the way it waits for others
    // (synchronisation, an asynchronous operation, memory read in a loop: a spin).
    let works = |i: InsnId| {
        kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
            let in_loop = !kernel.loops()[kernel.block_of(i) as usize].is_empty();
            // Leaving (`exit`) is what an early exit does, not work on the way.
            s.sync.iter().any(|sync| *sync != Sync::Exit)
                || !s.async_operands.is_empty()
                || s.memory.iter().any(|m| {
                    (matches!(m.space, Space::SharedCta | Space::SharedCluster | Space::Generic)
                        && (aligned || in_loop))
                        || m.completion != Completion::Immediate
                })
        })
    };
    let mut seen = vec![false; flow.blocks.len()];
    let mut stack = vec![(kernel.block_of(from), from)];
    let mut found = None;
    let mut worked = false;
    while let Some((b, start)) = stack.pop() {
        let block = flow.blocks[b as usize];
        let mut stopped = false;
        for i in start..block.end {
            if is_stop(i) {
                found.get_or_insert(i);
                stopped = true;
                break;
            }
            worked |= works(i);
        }
        if stopped {
            continue;
        }
        for &s in flow.succs(b) {
            if !std::mem::replace(&mut seen[s as usize], true) {
                stack.push((s, flow.blocks[s as usize].start));
            }
        }
    }
    // A `.func` returning to its caller is taken as leaving too (its caller is not known).
    (found.is_none() && !worked, found)
}

impl Executes {
    /// Whether it is known not to run.
    pub fn never(self) -> bool {
        self == Executes::No
    }
}
