//! Accesses a thread makes only for some values of its own input: `if (in[i] > 0)
//! atomicAdd(&count, 1)` (a guard), `atomicAdd(&h[in[i]], 1)` (an address). What decides
//! them is what the thread loads from global memory at an address of its own
//! ([`ValueFlow::inputs`](super::values::ValueFlow::inputs)), which the analysis cannot
//! evaluate; but some launch's input holds, at that address, a value that runs the access and
//! puts it somewhere. The race search places such an access for such a value, against an
//! access of another thread that depends on no input (so the two threads' inputs never have
//! to agree), and the finding says which value of which load the witness takes.

use smallvec::SmallVec;

use super::expr::{Evaluator, ExprId, Linear};
use super::kernel::Kernel;
use crate::flow::cfg::InsnId;

/// The values tried for each loaded value: enough for the comparisons compilers emit against
/// zero and one (`> 0`, `== 0`, `!= 0`, `< 0`, `>= 1`) and for a first bin or slot.
const CANDIDATES: [i64; 3] = [0, 1, -1];

/// At most this many loaded values decide an access for it to be tried.
const MAX_INPUTS: usize = 2;

/// The values a witness takes for what a thread loads: each load with its value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The loads and the values taken for them.
    pub loads: SmallVec<[(InsnId, i64); 2]>,
}

/// The loaded input values that take part in deciding whether a thread executes `i` (its
/// guard and the branches it depends on) and where it accesses (`address`): none when no
/// input does, or when more than [`MAX_INPUTS`] do.
pub(super) fn deciding_inputs(kernel: &Kernel<'_, '_>, i: InsnId, address: ExprId) -> SmallVec<[ExprId; 2]> {
    let (inputs, exprs) = (&kernel.values.inputs, &kernel.values.exprs);
    if inputs.is_empty() {
        return SmallVec::new();
    }
    let mut found: SmallVec<[ExprId; 2]> = SmallVec::new();
    for value in kernel.deciding_conditions(i).into_iter().chain([address]) {
        for leaf in exprs.leaves(value).into_iter().filter_map(|node| exprs.get(node)) {
            if inputs.contains_key(&leaf) && !found.contains(&leaf) {
                found.push(leaf);
            }
        }
        if found.len() > MAX_INPUTS {
            return SmallVec::new();
        }
    }
    found
}

/// The first values of the loaded `inputs` (in [`CANDIDATES`] order) for which `works` gives
/// something for the thread of `eval`, with what it gives: `eval` holds those values while
/// `works` runs. `eval` forgets what it had evaluated for the thread, and the values, either
/// way. The inputs are loaded values, leaves that differ from thread to thread
/// ([`ValueFlow::inputs`](super::values::ValueFlow::inputs)), so what every thread shares
/// does not depend on them and is kept, as are the forms, which evaluate an injected value
/// per thread ([`Evaluator::reset`]): only the thread's own values are evaluated again for
/// each choice.
pub(super) fn for_some_input<T>(
    kernel: &Kernel<'_, '_>,
    eval: &mut Evaluator<'_>,
    inputs: &[ExprId],
    mut works: impl FnMut(&mut Evaluator<'_>) -> Option<T>,
) -> Option<(Choice, T)> {
    let forget = |eval: &mut Evaluator<'_>| eval.reset(eval.thread());
    let combinations = CANDIDATES.len().pow(inputs.len() as u32);
    for n in 0..combinations {
        forget(eval);
        let mut rest = n;
        let mut loads = SmallVec::new();
        for &leaf in inputs {
            let value = CANDIDATES[rest % CANDIDATES.len()];
            rest /= CANDIDATES.len();
            eval.inject(leaf, Some(Linear::constant(value)));
            loads.extend(kernel.values.inputs.get(&leaf).map(|&load| (load, value)));
        }
        if let Some(found) = works(eval) {
            forget(eval);
            return Some((Choice { loads }, found));
        }
    }
    forget(eval);
    None
}
