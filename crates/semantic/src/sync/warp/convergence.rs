//! Which points every lane of a warp reaches together: no branch whose condition may differ
//! between the lanes of one warp leads there, and every loop around the point runs as many
//! times in every lane. Lanes that take a branch side that leaves the kernel (without a
//! barrier or collective on the way) do not count.

use ptxkit_isa::signature::semantics::Sync;
use rustc_hash::FxHashMap as HashMap;

use super::lanes::warps;
use super::{Cause, NotConverged, Point};
use crate::flow::cfg::{BlockId, InsnId};
use crate::sync::expr::{Evaluator, ExprId, Exprs, Linear, Node};
use crate::sync::kernel::{Kernel, Shape};

/// The convergence of a kernel's points, decided once per branch.
pub(super) struct Convergence<'k, 'f, 't> {
    kernel: &'k Kernel<'f, 't>,
    shapes: &'k [Shape],
    /// Per condition (a branch's or a guard's), whether the lanes of every warp agree.
    conditions: HashMap<(InsnId, ExprId), Result<(), NotConverged>>,
    /// Per block, whether every lane of a warp reaches it together.
    blocks: HashMap<BlockId, Result<(), NotConverged>>,
}

impl<'k, 'f, 't> Convergence<'k, 'f, 't> {
    pub fn new(kernel: &'k Kernel<'f, 't>, shapes: &'k [Shape]) -> Self {
        Convergence {
            kernel,
            shapes,
            conditions: HashMap::default(),
            blocks: HashMap::default(),
        }
    }

    /// Where a `bar.warp.sync` between `first` and `second` (on every path from one to the
    /// other) is reached by whole warps: before `second`, else after `first`.
    pub fn point_between(&mut self, first: InsnId, second: InsnId) -> Result<Point, NotConverged> {
        let before = self.block(self.kernel.block_of(second));
        if before.is_ok() {
            return Ok(Point::Before(second));
        }
        if self.block(self.kernel.block_of(first)).is_ok() {
            return Ok(Point::After(first));
        }
        before.map(|()| Point::Before(second))
    }

    /// Whether every lane of a warp executes instruction `i` together (its block, and its guard).
    pub fn instruction(&mut self, i: InsnId) -> Result<(), NotConverged> {
        self.block(self.kernel.block_of(i))?;
        match self.kernel.values.guards[i as usize] {
            Some(guard) => self.condition(i, guard, true),
            None => Ok(()),
        }
    }

    /// Whether every lane of a warp reaches block `b` together, as often.
    pub fn block(&mut self, b: BlockId) -> Result<(), NotConverged> {
        if !self.kernel.flow.is_entry {
            return Err(NotConverged::Function);
        }
        if let Some(found) = self.blocks.get(&b) {
            return *found;
        }
        let result = self.block_uncached(b);
        self.blocks.insert(b, result);
        result
    }

    fn block_uncached(&mut self, b: BlockId) -> Result<(), NotConverged> {
        let kernel = self.kernel;
        let control = &kernel.values.dominance.control;
        let mut seen = vec![false; kernel.flow.blocks.len()];
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if std::mem::replace(&mut seen[x as usize], true) {
                continue;
            }
            for &(c, s) in &control[x as usize] {
                stack.push(c);
                if self.leaves_the_kernel(c, s, b) {
                    continue;
                }
                let block = kernel.flow.blocks[c as usize];
                let last = block.end - 1;
                match kernel.condition(c, s) {
                    Some(cond) => self.condition(last, cond, false)?,
                    None => {
                        return Err(NotConverged::Branch {
                            branch: last,
                            lanes: None,
                            cause: Cause::Data,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the lanes that do not take branch `c` towards `s` leave the kernel: every path
    /// from the other side reaches an exit without coming back to block `b`, without a loop and
    /// without touching memory, synchronising or calling (the early `return` of lanes past
    /// the end of the data).
    fn leaves_the_kernel(&self, c: BlockId, s: BlockId, b: BlockId) -> bool {
        let flow = self.kernel.flow;
        let mut seen = vec![false; flow.blocks.len()];
        let mut stack: Vec<BlockId> = flow.succs(c).iter().copied().filter(|&o| o != s).collect();
        if stack.is_empty() {
            return false;
        }
        while let Some(x) = stack.pop() {
            if x == b
                || x == c
                || self.kernel.loops()[x as usize]
                    .iter()
                    .any(|&h| !self.kernel.loops()[c as usize].contains(&h))
            {
                return false;
            }
            if std::mem::replace(&mut seen[x as usize], true) {
                continue;
            }
            let acts = flow.range(x).any(|i| {
                flow.insns[i as usize].call().is_some()
                    || self.kernel.values.semantics[i as usize]
                        .as_ref()
                        .is_none_or(|s| !s.memory.is_empty() || s.sync.iter().any(|sync| !matches!(sync, Sync::Exit)))
            });
            if acts {
                return false;
            }
            stack.extend_from_slice(flow.succs(x));
        }
        true
    }

    /// Whether condition `cond` of instruction `at` (a branch, or the guard of a `guarded`
    /// instruction) is the same in every lane of every warp that reaches `at`.
    fn condition(&mut self, at: InsnId, cond: ExprId, guarded: bool) -> Result<(), NotConverged> {
        if !self.kernel.values.exprs.is_thread_dependent(cond) {
            return Ok(());
        }
        if let Some(found) = self.conditions.get(&(at, cond)) {
            return *found;
        }
        let result = self.condition_uncached(at, cond, guarded);
        self.conditions.insert((at, cond), result);
        result
    }

    fn condition_uncached(&self, at: InsnId, cond: ExprId, guarded: bool) -> Result<(), NotConverged> {
        let kernel = self.kernel;
        let exprs = &kernel.values.exprs;
        for shape in self.shapes {
            for lanes in warps(shape) {
                let mut evals: Vec<Evaluator<'_>> = Vec::with_capacity(lanes.len());
                for &t in &lanes {
                    let mut eval = Evaluator::new(exprs, t);
                    let mut memo = crate::sync::kernel::ExecutesMemo::default();
                    let reaches = if guarded {
                        kernel.block_executes(&mut eval, kernel.block_of(at), &mut memo)
                    } else {
                        kernel.executes(&mut eval, at, &mut memo)
                    };
                    if !reaches.never() {
                        evals.push(eval);
                    }
                }
                if let Err((pair, cause)) = uniform(exprs, &mut evals, cond, 0) {
                    return Err(NotConverged::Branch {
                        branch: at,
                        lanes: pair.map(|(x, y)| (evals[x].thread(), evals[y].thread())),
                        cause,
                    });
                }
            }
        }
        Ok(())
    }
}

/// Two lanes (indices into the evaluators) that disagree, when known, and why.
type Disagreement = (Option<(usize, usize)>, Cause);

/// Whether `id` has the same value in every lane: the same linear form, or an operation whose
/// operands each have one (a comparison: whose operands differ by the same form).
fn uniform(exprs: &Exprs, evals: &mut [Evaluator<'_>], id: ExprId, depth: usize) -> Result<(), Disagreement> {
    let values: Vec<Option<Linear>> = evals.iter_mut().map(|e| e.eval(id)).collect();
    if values.iter().all(|v| v.is_some() && *v == values[0]) {
        return Ok(());
    }
    let differing = || {
        let first = values.iter().position(Option::is_some)?;
        let other = values.iter().position(|v| v.is_some() && *v != values[first])?;
        Some((first, other))
    };
    let cause = if exprs.has_varying(id) {
        Cause::Data
    } else if values.iter().all(|v| v.as_ref().is_some_and(|l| l.known().is_some())) {
        Cause::Thread
    } else {
        Cause::Inputs
    };
    let fail = Err((differing(), cause));
    if depth > 32 || (values.iter().any(Option::is_none) && cause == Cause::Data && !composite(exprs.node(id))) {
        return fail;
    }
    match exprs.node(id) {
        Node::Binary(op, a, b, ..) => {
            let both = uniform(exprs, evals, a, depth + 1).and_then(|()| uniform(exprs, evals, b, depth + 1));
            if both.is_ok() {
                return Ok(());
            }
            if crate::sync::expr::is_comparison(op) {
                // The operands differ by the same amount in every lane.
                let diffs: Vec<Option<Linear>> = evals
                    .iter_mut()
                    .map(|e| Some(difference(e.eval(a)?, e.eval(b)?)))
                    .collect();
                if diffs.iter().all(|d| d.is_some() && *d == diffs[0]) {
                    return Ok(());
                }
                let first = diffs.iter().position(Option::is_some);
                let other = first.and_then(|f| diffs.iter().position(|d| d.is_some() && *d != diffs[f]));
                // Two lanes whose outcomes differ name the split best; else two whose
                // operands differ by different amounts.
                return match (first, other) {
                    (Some(x), Some(y)) => Err((differing().or(Some((x, y))), cause)),
                    _ => both,
                };
            }
            both
        }
        Node::Unary(_, a, ..) | Node::Convert(a, ..) => uniform(exprs, evals, a, depth + 1),
        Node::Select(c, a, b) => {
            uniform(exprs, evals, c, depth + 1)?;
            uniform(exprs, evals, a, depth + 1)?;
            uniform(exprs, evals, b, depth + 1)
        }
        _ => fail,
    }
}

fn composite(node: Node) -> bool {
    matches!(
        node,
        Node::Binary(..) | Node::Unary(..) | Node::Convert(..) | Node::Select(..)
    )
}

/// `a - b`.
fn difference(a: Linear, b: Linear) -> Linear {
    let mut terms = a.terms;
    for &(leaf, c) in &b.terms {
        match terms.iter_mut().find(|(l, _)| *l == leaf) {
            Some((_, existing)) => *existing -= c,
            None => terms.push((leaf, -c)),
        }
    }
    terms.retain(|(_, c)| *c != 0);
    terms.sort_unstable();
    Linear {
        constant: a.constant.wrapping_sub(b.constant),
        terms,
    }
}
