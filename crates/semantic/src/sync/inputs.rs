//! Instructions a thread runs only for some values of its own input: `if (in[i] > 0)
//! atomicAdd(&count, 1)`. The guard depends on what the thread loads from global memory at
//! an address of its own ([`ValueFlow::inputs`](super::values::ValueFlow::inputs)), so the
//! analysis cannot evaluate it; but some launch's input holds, at that address, a value that
//! makes the guard true. The race search places such an access where it goes for such a
//! value, against an access of another thread that does not depend on inputs (so the two
//! threads' inputs never have to agree), and says which load the witness chooses.

use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

use super::expr::{Evaluator, ExprId, Linear};
use super::kernel::{Executes, Kernel};
use crate::flow::cfg::InsnId;

/// The values tried for each loaded value: enough for the comparisons compilers emit against
/// zero and one (`> 0`, `== 0`, `!= 0`, `< 0`, `>= 1`).
const CANDIDATES: [i64; 3] = [1, 0, -1];

/// At most this many loaded values decide an instruction for it to be tried.
const MAX_INPUTS: usize = 2;

/// The loaded input values that take part in deciding whether a thread executes `i` (its
/// guard and the branches it depends on): none when no input decides it, or when more than
/// [`MAX_INPUTS`] do.
pub(super) fn deciding_inputs(kernel: &Kernel<'_, '_>, i: InsnId) -> SmallVec<[ExprId; 2]> {
    let inputs = &kernel.values.inputs;
    if inputs.is_empty() {
        return SmallVec::new();
    }
    let mut found: SmallVec<[ExprId; 2]> = SmallVec::new();
    for condition in kernel.deciding_conditions(i) {
        let exprs = &kernel.values.exprs;
        for leaf in exprs.leaves(condition).into_iter().filter_map(|node| exprs.get(node)) {
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

/// Whether some values of the loaded `inputs` make the thread of `eval` execute `i`: the
/// load of the first value that does, with `eval` left holding those values (to place the
/// access for them). `eval` forgets what it had evaluated either way.
pub(super) fn executes_for_some_input(
    kernel: &Kernel<'_, '_>,
    eval: &mut Evaluator<'_>,
    i: InsnId,
    inputs: &[ExprId],
) -> Option<InsnId> {
    let combinations = CANDIDATES.len().pow(inputs.len() as u32);
    let mut memo = HashMap::default();
    for mut n in 0..combinations {
        eval.forget();
        for &leaf in inputs {
            eval.inject(leaf, Some(Linear::constant(CANDIDATES[n % CANDIDATES.len()])));
            n /= CANDIDATES.len();
        }
        memo.clear();
        if kernel.executes(eval, i, &mut memo) == Executes::Yes {
            return inputs.first().and_then(|leaf| kernel.values.inputs.get(leaf)).copied();
        }
    }
    eval.forget();
    None
}
