//! A forward dataflow framework: a worklist over the blocks in reverse post-order.

use super::cfg::{BlockId, FunctionFlow};

/// A lattice value: the state of every register at a program point.
pub trait Lattice: Clone {
    /// Joins `other` into `self` (the state where paths merge); whether `self` changed.
    fn join(&mut self, other: &Self) -> bool;
}

/// A forward analysis over a [`FunctionFlow`].
pub trait Analysis<'t> {
    /// The state at a program point.
    type State: Lattice;
    /// The state before the first instruction of the function.
    fn entry(&self, flow: &FunctionFlow<'t>) -> Self::State;
    /// The state of a block no path has reached yet (the join's identity).
    fn bottom(&self, flow: &FunctionFlow<'t>) -> Self::State;
    /// Applies block `b`'s instructions to `state` (the block's in-state on entry).
    fn transfer(&self, flow: &FunctionFlow<'t>, b: BlockId, state: &mut Self::State);
    /// Whether [`Analysis::edge`] refines states along edges (a conditional branch tells
    /// each successor which way its predicate went).
    const REFINES_EDGES: bool = false;
    /// Refines `state` (the out-state of `from`) for the edge `from → to`.
    fn edge(&self, _flow: &FunctionFlow<'t>, _from: BlockId, _to: BlockId, _state: &mut Self::State) {}
}

/// The in-state of every block at the fixed point (unreachable blocks keep
/// [`Analysis::bottom`]). Blocks are visited in reverse post-order, and a block is
/// visited again only when its in-state changed; every state lives in one vector
/// allocated up front, plus one scratch state.
pub fn forward<'t, A: Analysis<'t>>(flow: &FunctionFlow<'t>, analysis: &A) -> Vec<A::State> {
    let n = flow.blocks.len();
    let bottom = analysis.bottom(flow);
    let mut states = vec![bottom; n];
    if n == 0 {
        return states;
    }
    states[0].join(&analysis.entry(flow));
    let mut order = vec![u32::MAX; n];
    for (i, &b) in flow.rpo.iter().enumerate() {
        order[b as usize] = i as u32;
    }
    let mut dirty = vec![false; flow.rpo.len()];
    dirty[0] = true;
    let mut pending = 1usize;
    let mut scratch = states[0].clone();
    let mut along = states[0].clone();
    while pending > 0 {
        for i in 0..flow.rpo.len() {
            if !dirty[i] {
                continue;
            }
            dirty[i] = false;
            pending -= 1;
            let b = flow.rpo[i];
            scratch.clone_from(&states[b as usize]);
            analysis.transfer(flow, b, &mut scratch);
            let succs = flow.succs(b);
            for &s in succs {
                let out = if A::REFINES_EDGES && succs.len() > 1 {
                    along.clone_from(&scratch);
                    analysis.edge(flow, b, s, &mut along);
                    &along
                } else {
                    &scratch
                };
                if states[s as usize].join(out) {
                    let at = order[s as usize] as usize;
                    if !dirty[at] {
                        dirty[at] = true;
                        pending += 1;
                    }
                }
            }
        }
    }
    states
}
