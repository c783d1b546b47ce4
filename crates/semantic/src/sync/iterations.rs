//! Loop iterations for the evaluation of addresses: a loop join evaluated as in its loop's
//! first iteration (its entry value), and the next iteration's joins as the back edge brings
//! them from the first. The race search places accesses in the first two iterations of their
//! innermost loop; the protocols place the matrices a multiply in flight reads and the writes
//! that may meet them the same way.

use rustc_hash::{FxHashMap as HashMap, FxHashSet};

use super::expr::{Evaluator, ExprId, Node, Thread};
use super::kernel::{ExecutesMemo, Kernel};
use crate::flow::cfg::InsnId;

/// The substitutes of loop joins, per nest of loops (outermost first).
pub(super) type NestSubstitutes = HashMap<Vec<u32>, HashMap<ExprId, ExprId>>;

/// For each nest of loops in `nest_of`, the joins' substitutes for an access in it: its
/// loops' joins as in the first iteration; and, for a nest in a loop, those of the next
/// iteration of the innermost loop: the outer loops' joins in their first iteration (the
/// innermost's are given as its back edge brings them, [`start_next_iteration`]).
pub(super) fn nest_substitutes(kernel: &Kernel<'_, '_>, nest_of: &[Vec<u32>]) -> (NestSubstitutes, NestSubstitutes) {
    let mut nests: NestSubstitutes = HashMap::default();
    for nest in nest_of {
        nests
            .entry(nest.clone())
            .or_insert_with(|| first_iteration_joins(kernel, nest));
    }
    let mut outer_nests: NestSubstitutes = HashMap::default();
    for nest in nest_of {
        if let Some(&inner) = nest.last() {
            outer_nests
                .entry(nest.clone())
                .or_insert_with(|| outer_joins(kernel, &nests[nest], inner));
        }
    }
    (nests, outer_nests)
}

/// The block of the loop join `leaf` is, if it is one.
pub(super) fn join_of(kernel: &Kernel<'_, '_>, leaf: ExprId) -> Option<u32> {
    match kernel.values.exprs.node(leaf) {
        Node::Phi { block, .. } => Some(block),
        _ => None,
    }
}

/// The first-iteration values of the joins of the loops in `nest`.
pub(super) fn first_iteration_joins(kernel: &Kernel<'_, '_>, nest: &[u32]) -> HashMap<ExprId, ExprId> {
    kernel
        .values
        .first_iteration
        .iter()
        .filter(|(leaf, _)| join_of(kernel, **leaf).is_some_and(|block| nest.contains(&block)))
        .map(|(&leaf, &value)| (leaf, value))
        .collect()
}

/// The substitutes of `first` (a nest's first-iteration joins) but those of loop `inner`: the
/// outer loops' joins, which stay in their first iteration while `inner` starts its next.
fn outer_joins(kernel: &Kernel<'_, '_>, first: &HashMap<ExprId, ExprId>, inner: u32) -> HashMap<ExprId, ExprId> {
    first
        .iter()
        .filter(|(leaf, _)| join_of(kernel, **leaf) != Some(inner))
        .map(|(&leaf, &value)| (leaf, value))
        .collect()
}

/// Whether the innermost loop of `nest` brings a join a new value in its next iteration.
pub(super) fn advances(kernel: &Kernel<'_, '_>, nest: &[u32]) -> bool {
    nest.last().is_some_and(|&inner| {
        let values = &kernel.values;
        values
            .next_iteration
            .keys()
            .chain(values.inductions.keys())
            .any(|&leaf| join_of(kernel, leaf) == Some(inner))
    })
}

/// A join at a loop's head and what its back edge brings it (in terms of the joins' current
/// values; for an induction's leaf, what it adds to the entry value), and whether threads may
/// hold different values of it.
pub(super) type BackEdgeValue = (ExprId, ExprId, bool);

/// The joins of loop `inner` with the values its back edges bring them.
pub(super) fn back_edge_values(kernel: &Kernel<'_, '_>, inner: u32) -> Vec<BackEdgeValue> {
    let values = &kernel.values;
    values
        .next_iteration
        .iter()
        .chain(&values.inductions)
        .filter(|&(&leaf, _)| join_of(kernel, leaf) == Some(inner))
        .map(|(&leaf, &back)| (leaf, back, values.exprs.is_thread_dependent(leaf)))
        .collect()
}

/// [`back_edge_values`] of the innermost loop of `nest` for the joins of `relevant` (none
/// outside loops).
pub(super) fn relevant_back_edge_values(
    kernel: &Kernel<'_, '_>,
    nest: &[u32],
    relevant: &FxHashSet<ExprId>,
) -> Vec<BackEdgeValue> {
    let mut back = nest
        .last()
        .map_or_else(Vec::new, |&inner| back_edge_values(kernel, inner));
    back.retain(|(leaf, ..)| relevant.contains(leaf));
    back
}

/// Resets a nest's next-iteration evaluator (and its memo) for thread `t`, its innermost
/// loop's joins (`joins`) given the values the back edges bring in this thread's iteration
/// (`eval`): the joins that may differ between threads every time, the others only when
/// `uniform` (the evaluator keeps them from thread to thread).
pub(super) fn start_next_iteration(
    (next, memo): (&mut Evaluator<'_>, &mut ExecutesMemo),
    eval: &mut Evaluator<'_>,
    t: Thread,
    (joins, uniform): (&[BackEdgeValue], bool),
) {
    next.reset(t);
    memo.clear();
    for &(leaf, back, varying) in joins {
        if uniform || varying {
            next.inject(leaf, eval.eval(back));
        }
    }
}

/// `place` run for each of `items` in each of `threads`, in the first and in the second
/// iteration of the innermost loop around instruction `i` (`None` when `i` is in no loop whose
/// joins change from one iteration to the next): per item, per iteration, per thread. The
/// items share their evaluations.
pub(super) fn in_two_iterations<T>(
    kernel: &Kernel<'_, '_>,
    i: InsnId,
    threads: &[Thread],
    items: usize,
    mut place: impl FnMut(&mut Evaluator<'_>, usize) -> T,
) -> Option<Vec<[Vec<T>; 2]>> {
    let nest = &kernel.loops()[kernel.block_of(i) as usize];
    let &inner = nest.last()?;
    let &first_thread = threads.first()?;
    if !advances(kernel, nest) {
        return None;
    }
    let first = first_iteration_joins(kernel, nest);
    let outer = outer_joins(kernel, &first, inner);
    let back_edges = back_edge_values(kernel, inner);
    let exprs = &kernel.values.exprs;
    let mut eval = Evaluator::with_substitutes(exprs, first_thread, &first);
    let mut next = Evaluator::with_substitutes(exprs, first_thread, &outer);
    let mut memo = ExecutesMemo::default();
    let mut out: Vec<[Vec<T>; 2]> = (0..items)
        .map(|_| [Vec::with_capacity(threads.len()), Vec::with_capacity(threads.len())])
        .collect();
    for (k, &t) in threads.iter().enumerate() {
        eval.reset(t);
        for (item, placed) in out.iter_mut().enumerate() {
            placed[0].push(place(&mut eval, item));
        }
        start_next_iteration((&mut next, &mut memo), &mut eval, t, (&back_edges, k == 0));
        for (item, placed) in out.iter_mut().enumerate() {
            placed[1].push(place(&mut next, item));
        }
    }
    Some(out)
}

/// `place` run for `thread` in each iteration of loop `head`, its joins given their values
/// iteration by iteration and each of `leaves` standing for itself, until the thread surely
/// leaves the loop ([`Kernel::may_go_round`]): per iteration, in order. `None` when it may
/// still go round after `most` iterations.
pub(super) fn in_every_iteration<T>(
    kernel: &Kernel<'_, '_>,
    head: u32,
    thread: Thread,
    leaves: &[ExprId],
    most: usize,
    mut place: impl FnMut(&mut Evaluator<'_>) -> T,
) -> Option<Vec<T>> {
    let values = &kernel.values;
    let exprs = &values.exprs;
    let joins: Vec<(ExprId, ExprId, ExprId)> = back_edge_values(kernel, head)
        .into_iter()
        .filter_map(|(leaf, next, _)| Some((leaf, *values.first_iteration.get(&leaf)?, next)))
        .collect();
    let stand_for_themselves = |eval: &mut Evaluator<'_>| {
        for &leaf in leaves {
            eval.inject(
                leaf,
                Some(super::expr::Linear {
                    constant: 0,
                    terms: smallvec::smallvec![(leaf, 1)],
                }),
            );
        }
    };
    let mut eval = Evaluator::new(exprs, thread);
    stand_for_themselves(&mut eval);
    let mut current: Vec<Option<super::expr::Linear>> = joins.iter().map(|&(_, first, _)| eval.eval(first)).collect();
    let mut out = Vec::new();
    for _ in 0..most {
        eval.restart(thread, None);
        stand_for_themselves(&mut eval);
        for (&(leaf, ..), value) in joins.iter().zip(&current) {
            eval.inject(leaf, value.clone());
        }
        out.push(place(&mut eval));
        if !kernel.may_go_round(&mut eval, head, &mut ExecutesMemo::default()) {
            return Some(out);
        }
        current = joins.iter().map(|&(_, _, next)| eval.eval(next)).collect();
    }
    None
}

/// The loop joins that where `addresses` are, and whether threads run what, may depend on:
/// those the addresses and the kernel's conditions (guards, branches) are built on, and those
/// the next or first values of such joins are built on. The others (accumulators, loaded
/// data) need not be followed from one iteration to the next.
pub(super) fn relevant_joins(
    kernel: &Kernel<'_, '_>,
    addresses: impl IntoIterator<Item = ExprId>,
) -> FxHashSet<ExprId> {
    let values = &kernel.values;
    let mut stack: Vec<ExprId> = addresses.into_iter().collect();
    stack.extend(kernel.all_conditions());
    let mut seen = FxHashSet::default();
    let mut joins = FxHashSet::default();
    while let Some(id) = stack.pop() {
        if !seen.insert(id) {
            continue;
        }
        if matches!(values.exprs.node(id), Node::Phi { .. }) {
            joins.insert(id);
            stack.extend(values.next_iteration.get(&id));
            stack.extend(values.inductions.get(&id));
            stack.extend(values.first_iteration.get(&id));
        }
        stack.extend(values.exprs.operands(id));
    }
    joins
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SymbolTable;
    use crate::flow::FunctionFlow;

    /// (the loop joins `relevant_joins` keeps for the addresses of the kernel's loads, every
    /// loop join the values have).
    fn relevant_and_all(body: &str) -> (usize, usize) {
        let text = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u32 n)\n{{\n.reg .b32 %r<20>;\n.reg .f32 %f<9>;\n.reg .pred %p<4>;\n.shared .align 16 .b8 s[4096];\n{body}\nret;\n}}\n"
        );
        let parsed = ptxkit_syntax::parse(&text);
        let symbols = SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let kernel = Kernel::of(&flows[0], &symbols).unwrap();
        let loads: Vec<ExprId> = flows[0]
            .insns
            .iter()
            .enumerate()
            .filter(|(_, insn)| insn.opcode().starts_with("ld.shared"))
            .flat_map(|(i, _)| kernel.values.operands[i].iter().flatten().copied())
            .collect();
        let all: FxHashSet<ExprId> = kernel.values.first_iteration.keys().copied().collect();
        (relevant_joins(&kernel, loads).len(), all.len())
    }

    #[test]
    fn the_joins_an_address_or_a_condition_is_built_on_are_relevant_and_an_accumulator_is_not() {
        // The address is built on the index; the float sum is built into no address and no
        // guard or branch condition.
        let body = "ld.param.u32 %r10, [n];\nmov.u32 %r1, 0;\nmov.f32 %f1, 0f00000000;\n$L:\nshl.b32 %r2, %r1, 2;\nmov.u32 %r3, s;\nadd.s32 %r4, %r3, %r2;\nld.shared.f32 %f2, [%r4];\nadd.f32 %f1, %f1, %f2;\nadd.s32 %r1, %r1, 1;\nsetp.lt.u32 %p1, %r1, %r10;\n@%p1 bra $L;";
        let (relevant, all) = relevant_and_all(body);
        assert_eq!(relevant, 1, "of {all} joins");
        assert!(all > 1);
        // A join only a guard reads is relevant too.
        let guarded = body
            .replacen("mov.u32 %r1, 0;", "mov.u32 %r1, 0;\nmov.u32 %r5, 0;", 1)
            .replace(
                "ld.shared.f32 %f2, [%r4];",
                "add.s32 %r5, %r5, 3;\nsetp.lt.u32 %p2, %r5, 7;\n@%p2 ld.shared.f32 %f2, [%r4];",
            );
        let (relevant, all) = relevant_and_all(&guarded);
        assert_eq!(relevant, 2, "of {all} joins");
    }
}
