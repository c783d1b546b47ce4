//! Dominators, post-dominators and control dependence of a function's blocks (Cooper,
//! Harvey and Kennedy's iterative algorithm over the reverse post-order).

use crate::flow::cfg::{BlockId, FunctionFlow};

/// The dominator and post-dominator trees of a function, and the branches each block is
/// control dependent on.
#[derive(Debug, Clone)]
pub struct Dominance {
    /// The immediate dominator of each block (the entry's is itself; unreachable blocks:
    /// `u32::MAX`).
    pub idom: Vec<BlockId>,
    /// The immediate post-dominator of each block (`EXIT` for blocks whose paths end in
    /// different exits; `u32::MAX` for blocks that reach no exit).
    pub ipdom: Vec<BlockId>,
    /// For each block, the blocks ending in a branch it is control dependent on, with the
    /// successor taken from that branch towards it.
    pub control: Vec<Vec<(BlockId, BlockId)>>,
    /// Each block's position in the reverse post-order (`u32::MAX`: unreachable).
    order: Vec<u32>,
    /// For each block, the heads of the natural loops containing it, outermost first.
    pub loops: Vec<Vec<BlockId>>,
}

/// The virtual exit the post-dominator tree is rooted at.
pub const EXIT: BlockId = u32::MAX - 1;
const NONE: BlockId = u32::MAX;

impl Dominance {
    /// The trees of `flow`.
    pub fn of(flow: &FunctionFlow<'_>) -> Dominance {
        let n = flow.blocks.len();
        let mut order = vec![NONE; n];
        for (i, &b) in flow.rpo.iter().enumerate() {
            order[b as usize] = i as u32;
        }
        let idom = dominators(n, &flow.rpo, &order, |b| flow.preds(b));
        // Post-dominators: the same algorithm on the reversed graph from a virtual exit whose
        // predecessors are the blocks without successors and those ending in a guarded
        // `ret`/`exit` (an edge to the exit besides the fall-through).
        let leaves = |b: BlockId| flow.succs(b).is_empty() || flow.leaves_when_guarded(b);
        let exits: Vec<BlockId> = flow.rpo.iter().copied().filter(|&b| leaves(b)).collect();
        let mut post_order: Vec<BlockId> = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        for &e in &exits {
            let mut stack = vec![(e, 0usize)];
            seen[e as usize] = true;
            while let Some((b, next)) = stack.last_mut() {
                let preds = flow.preds(*b);
                if let Some(&p) = preds.get(*next) {
                    *next += 1;
                    if !seen[p as usize] && order[p as usize] != NONE {
                        seen[p as usize] = true;
                        stack.push((p, 0));
                    }
                } else {
                    post_order.push(*b);
                    stack.pop();
                }
            }
        }
        post_order.reverse();
        // Index n is the virtual exit.
        let mut rorder = vec![NONE; n + 1];
        rorder[n] = 0;
        let mut rpo_rev = vec![n as BlockId];
        for (i, &b) in post_order.iter().enumerate() {
            rorder[b as usize] = i as u32 + 1;
            rpo_rev.push(b);
        }
        let exit_set: Vec<bool> = (0..n).map(|b| leaves(b as BlockId)).collect();
        let virtual_exit = n as BlockId;
        let rev_preds = |b: BlockId| -> Vec<BlockId> {
            if b == virtual_exit {
                return Vec::new();
            }
            let mut v: Vec<BlockId> = flow.succs(b).to_vec();
            if exit_set[b as usize] {
                v.push(virtual_exit);
            }
            v
        };
        let ipdom_raw = dominators_owned(n + 1, &rpo_rev, &rorder, rev_preds);
        let ipdom: Vec<BlockId> = (0..n)
            .map(|b| match ipdom_raw[b] {
                NONE => NONE,
                p if p == virtual_exit => EXIT,
                p => p,
            })
            .collect();
        // Control dependence: for each edge a → s where s does not post-dominate a, every block
        // on the post-dominator path from s up to (not including) ipdom(a) depends on a.
        let mut control = vec![Vec::new(); n];
        for &a in &flow.rpo {
            let succs = flow.succs(a);
            if succs.len() + usize::from(flow.leaves_when_guarded(a)) < 2 {
                continue;
            }
            let stop = ipdom[a as usize];
            for &s in succs {
                let mut runner = s;
                let mut guard = 0;
                while runner != stop && runner != EXIT && runner != NONE && guard <= n {
                    if !control[runner as usize].contains(&(a, s)) {
                        control[runner as usize].push((a, s));
                    }
                    runner = ipdom[runner as usize];
                    guard += 1;
                }
            }
        }
        let mut dominance = Dominance {
            idom,
            ipdom,
            control,
            order,
            loops: Vec::new(),
        };
        dominance.loops = natural_loops(flow, &dominance);
        dominance
    }

    /// Whether `a` dominates `b`.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let mut runner = b;
        loop {
            if runner == a {
                return true;
            }
            let next = match self.idom.get(runner as usize) {
                Some(&d) if d != NONE => d,
                _ => return false,
            };
            if next == runner {
                return false;
            }
            runner = next;
        }
    }

    /// The nearest common dominator of `a` and `b`.
    pub fn common_dominator(&self, a: BlockId, b: BlockId) -> Option<BlockId> {
        intersect(&self.idom, &self.order, a, b)
    }

    /// Whether block `b` is reachable.
    pub fn reachable(&self, b: BlockId) -> bool {
        self.order.get(b as usize).is_some_and(|&o| o != NONE)
    }
}

fn intersect(idom: &[BlockId], order: &[u32], mut a: BlockId, mut b: BlockId) -> Option<BlockId> {
    let mut guard = 0usize;
    while a != b {
        guard += 1;
        if guard > 4 * idom.len() + 8 {
            return None;
        }
        while order[a as usize] > order[b as usize] {
            a = *idom.get(a as usize).filter(|&&d| d != NONE)?;
        }
        while order[b as usize] > order[a as usize] {
            b = *idom.get(b as usize).filter(|&&d| d != NONE)?;
        }
    }
    Some(a)
}

fn dominators<'p>(n: usize, rpo: &[BlockId], order: &[u32], preds: impl Fn(BlockId) -> &'p [BlockId]) -> Vec<BlockId> {
    dominators_owned(n, rpo, order, |b| preds(b).to_vec())
}

fn dominators_owned(n: usize, rpo: &[BlockId], order: &[u32], preds: impl Fn(BlockId) -> Vec<BlockId>) -> Vec<BlockId> {
    let mut idom = vec![NONE; n];
    let Some(&root) = rpo.first() else {
        return idom;
    };
    idom[root as usize] = root;
    let mut changed = true;
    while changed {
        changed = false;
        for &b in rpo.iter().skip(1) {
            let mut new = NONE;
            for p in preds(b) {
                if order.get(p as usize).is_none_or(|&o| o == NONE) || idom[p as usize] == NONE {
                    continue;
                }
                new = if new == NONE {
                    p
                } else {
                    intersect(&idom, order, p, new).unwrap_or(new)
                };
            }
            if new != NONE && idom[b as usize] != new {
                idom[b as usize] = new;
                changed = true;
            }
        }
    }
    idom
}

/// For each block, the heads of the natural loops containing it (in reverse post-order of
/// the heads: outermost first).
fn natural_loops(flow: &FunctionFlow<'_>, dominance: &Dominance) -> Vec<Vec<BlockId>> {
    let mut loops = vec![Vec::new(); flow.blocks.len()];
    for &h in &flow.rpo {
        let latches: Vec<BlockId> = flow
            .preds(h)
            .iter()
            .copied()
            .filter(|&p| dominance.dominates(h, p))
            .collect();
        if latches.is_empty() {
            continue;
        }
        let mut body = vec![false; flow.blocks.len()];
        body[h as usize] = true;
        let mut stack = latches;
        while let Some(b) = stack.pop() {
            if std::mem::replace(&mut body[b as usize], true) {
                continue;
            }
            stack.extend_from_slice(flow.preds(b));
        }
        for (b, inside) in body.iter().enumerate() {
            if *inside {
                loops[b].push(h);
            }
        }
    }
    loops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diamond_and_loop() {
        // 0: setp; @p bra A | 1: mov | 2 A: add; @q bra A2 ... ret
        let text = ".version 8.0\n.target sm_90\n.entry k()\n{\n.reg .b32 %r<4>;\n.reg .pred %p<3>;\n\
            mov.u32 %r1, %tid.x;\nsetp.eq.s32 %p1, %r1, 0;\n@%p1 bra A;\nmov.u32 %r2, 1;\n\
            A: add.s32 %r3, %r1, 1;\nL: add.s32 %r3, %r3, 1;\nsetp.lt.s32 %p2, %r3, 9;\n@%p2 bra L;\nret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let symbols = crate::SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let flow = &flows[0];
        let d = Dominance::of(flow);
        // blocks: 0 [mov setp bra] 1 [mov] 2 [A: add] 3 [L: add setp bra] 4 [ret]
        assert_eq!(flow.blocks.len(), 5);
        assert_eq!(d.idom[2], 0);
        assert!(d.dominates(0, 4));
        assert_eq!(d.ipdom[0], 2);
        assert_eq!(d.ipdom[1], 2);
        // Block 1 depends on block 0's branch (fall-through edge); block 2 on none.
        assert_eq!(d.control[1], vec![(0, 1)]);
        assert!(d.control[2].is_empty());
        // The loop body depends on its own back branch.
        assert_eq!(d.control[3], vec![(3, 3)]);
        assert_eq!(d.common_dominator(1, 2), Some(0));
    }
}
