//! The lanes of each warp, and where each site's access lands in each lane, loop iteration by
//! loop iteration.

use rustc_hash::{FxHashMap as HashMap, FxHashSet};

use super::ITERATIONS;
use super::sites::Site;
use crate::flow::cfg::BlockId;
use crate::sync::expr::{Evaluator, ExprId, Exprs, Linear, Node, Terms, Thread};
use crate::sync::iterations;
use crate::sync::kernel::{ExecutesMemo, Kernel, Shape};
use ptxkit_isa::signature::semantics::Space;

/// The warps of a shape: each its lanes' threads, lane 0 first.
pub(super) fn warps(shape: &Shape) -> Vec<Vec<Thread>> {
    let threads: Vec<Thread> = shape.all().collect();
    threads.chunks(32).map(<[Thread]>::to_vec).collect()
}

/// Where an access lands for one lane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Place {
    /// In the CTA's shared memory: the address's undecided part and its known offset.
    Shared(Terms, i64),
    /// In global memory (a generic address outside the shared window).
    Global(Terms, i64),
    /// Not known.
    Unknown,
    /// Where it lands, in a lane whose running it depends on values the analysis does not
    /// follow (loaded from memory, another lane's): it may meet other lanes there, but it is
    /// no witness that it does.
    Uncertain(Box<Place>),
}

/// Which iteration of its innermost loop a sample evaluates a site in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sample {
    /// Outside loops.
    Once,
    /// Iteration `k` (0: the first).
    Iteration(usize),
    /// Any iteration: the loop's changing values are left undecided.
    Symbolic,
}

/// For every site of a warp: per sample, per lane, where it lands (`None`: the lane does not
/// execute it there).
pub(super) struct Placed {
    /// `[site][sample][lane]`.
    pub places: Vec<Vec<Vec<Option<Place>>>>,
    /// `[site][sample]`.
    pub samples: Vec<Vec<Sample>>,
    /// `[site][sample]`: the first sample the site lands in every lane as in this one.
    pub classes: Vec<Vec<usize>>,
}

/// The loops of a site and what the values of their joins are in each iteration.
struct Nest {
    /// The loop heads, outermost first.
    heads: Vec<BlockId>,
    /// The outer loops' joins in their first iteration (the leaf and its value).
    outer: HashMap<ExprId, ExprId>,
    /// The innermost loop's joins that change from one iteration to the next and that where
    /// the sites land may depend on ([`relevant_joins`]): each leaf, its first value and its
    /// next value in terms of the current ones.
    inner: Vec<(ExprId, ExprId, ExprId)>,
    /// Whether some join of the innermost loop changes from one iteration to the next (the
    /// sites are then placed iteration by iteration, even when none of those joins matters).
    iterates: bool,
    /// Per join of `inner`, whether lanes may hold different values of it.
    varying: Vec<bool>,
}

impl Nest {
    fn of(kernel: &Kernel<'_, '_>, heads: &[BlockId], relevant: &FxHashSet<ExprId>) -> Nest {
        let values = &kernel.values;
        let (outer_heads, inner_head) = match heads.split_last() {
            Some((inner, outer)) => (outer, Some(*inner)),
            None => (heads, None),
        };
        let outer = iterations::first_iteration_joins(kernel, outer_heads);
        let mut inner = Vec::new();
        let mut iterates = false;
        if let Some(h) = inner_head {
            for (leaf, next, _) in iterations::back_edge_values(kernel, h) {
                if let Some(&first) = values.first_iteration.get(&leaf) {
                    iterates = true;
                    if relevant.contains(&leaf) {
                        inner.push((leaf, first, next));
                    }
                }
            }
            inner.sort_unstable();
        }
        let varying = inner
            .iter()
            .map(|&(leaf, ..)| values.exprs.is_thread_dependent(leaf))
            .collect();
        Nest {
            heads: heads.to_vec(),
            outer,
            inner,
            iterates,
            varying,
        }
    }

    fn samples(&self) -> Vec<Sample> {
        if self.heads.is_empty() {
            vec![Sample::Once]
        } else if !self.iterates {
            vec![Sample::Symbolic]
        } else {
            (0..ITERATIONS).map(Sample::Iteration).collect()
        }
    }
}

/// The loop joins where `sites` land and whether lanes run them may depend on
/// ([`relevant_joins`](crate::sync::iterations::relevant_joins) of their addresses).
pub(super) fn relevant_joins(kernel: &Kernel<'_, '_>, sites: &[Site]) -> FxHashSet<ExprId> {
    iterations::relevant_joins(kernel, sites.iter().filter_map(|s| s.address))
}

/// Places every site in every lane of one warp; `relevant`: the joins that may matter
/// ([`relevant_joins`]).
pub(super) fn place(kernel: &Kernel<'_, '_>, sites: &[Site], lanes: &[Thread], relevant: &FxHashSet<ExprId>) -> Placed {
    let exprs = &kernel.values.exprs;
    let windows = Windows::of(exprs);
    let mut nests: Vec<(Vec<BlockId>, Nest)> = Vec::new();
    let mut nest_of = Vec::with_capacity(sites.len());
    for site in sites {
        let heads = &kernel.loops()[kernel.block_of(site.insn) as usize];
        let index = match nests.iter().position(|(h, _)| h == heads) {
            Some(i) => i,
            None => {
                nests.push((heads.clone(), Nest::of(kernel, heads, relevant)));
                nests.len() - 1
            }
        };
        nest_of.push(index);
    }
    let samples: Vec<Vec<Sample>> = nest_of.iter().map(|&n| nests[n].1.samples()).collect();
    let mut places: Vec<Vec<Vec<Option<Place>>>> = samples
        .iter()
        .map(|s| vec![Vec::with_capacity(lanes.len()); s.len()])
        .collect();
    let members: Vec<Vec<usize>> = (0..nests.len())
        .map(|n| (0..sites.len()).filter(|&s| nest_of[s] == n).collect())
        .collect();
    let place_in =
        |eval: &mut Evaluator<'_>, memo: &mut ExecutesMemo, site: &Site| place_site(kernel, windows, eval, memo, site);
    // The values the same in every lane (the loops' uniform joins among them) are evaluated
    // once per iteration: each evaluator restarts for the first lane and is only reset (which
    // keeps them) for the others.
    let Some(&first_lane) = lanes.first() else {
        let classes = samples.iter().map(|s| (0..s.len()).collect()).collect();
        return Placed {
            places,
            samples,
            classes,
        };
    };
    let mut eval = Evaluator::new(exprs, first_lane);
    let mut first = Evaluator::new(exprs, first_lane);
    for (n, (_, nest)) in nests.iter().enumerate() {
        let members = &members[n];
        if members.is_empty() {
            continue;
        }
        match nest.samples()[0] {
            Sample::Once | Sample::Symbolic => {
                eval.restart(first_lane, Some(&nest.outer));
                for &t in lanes {
                    eval.reset(t);
                    let mut memo = ExecutesMemo::default();
                    for &s in members {
                        places[s][0].push(place_in(&mut eval, &mut memo, &sites[s]));
                    }
                }
            }
            Sample::Iteration(_) => {
                // A lane past its loop's last iteration runs none of the loop's sites.
                let mut place_site = |eval: Option<(&mut Evaluator<'_>, &mut ExecutesMemo)>, k: usize| match eval {
                    Some((eval, memo)) => {
                        for &s in members {
                            places[s][k].push(place_in(eval, memo, &sites[s]));
                        }
                    }
                    None => {
                        for &s in members {
                            places[s][k].push(None);
                        }
                    }
                };
                iterate(kernel, nest, lanes, (&mut eval, &mut first), &mut place_site);
            }
        }
    }
    let classes = places
        .iter()
        .map(|per_sample| {
            (0..per_sample.len())
                .map(|k| (0..k).find(|&j| per_sample[j] == per_sample[k]).unwrap_or(k))
                .collect()
        })
        .collect();
    Placed {
        places,
        samples,
        classes,
    }
}

/// Where `site` lands in the evaluator's lane (`None`: the lane does not run it there).
fn place_site(
    kernel: &Kernel<'_, '_>,
    windows: Windows,
    eval: &mut Evaluator<'_>,
    memo: &mut ExecutesMemo,
    site: &Site,
) -> Option<Place> {
    // A lane whose address a collective does not use (`ldmatrix.x1` past lane 7) makes no
    // access there.
    if site.lanes.is_some_and(|n| eval.thread().linear() % 32 >= n) {
        return None;
    }
    let runs = kernel.executes(eval, site.insn, memo);
    if runs.never() {
        return None;
    }
    let decided = |place: Place| match place {
        Place::Shared(..) | Place::Global(..) if !runs.possible_for_some_data() => Place::Uncertain(Box::new(place)),
        place => place,
    };
    let Some(linear) = site.address.and_then(|a| eval.eval(a)) else {
        return Some(Place::Unknown);
    };
    Some(decided(windows.place(site, linear)))
}

/// The expressions of the shared and the global window, looked up once per search.
#[derive(Clone, Copy)]
pub(super) struct Windows {
    shared: Option<ExprId>,
    global: Option<ExprId>,
}

impl Windows {
    /// The windows among `exprs` (either may be absent).
    pub(super) fn of(exprs: &Exprs) -> Windows {
        Windows {
            shared: exprs.get(Node::Window(Space::SharedCta)),
            global: exprs.get(Node::Window(Space::Global)),
        }
    }

    /// Where `site` lands when its address's value is `linear`: in shared memory when the
    /// shared window is among its terms (taken out; a site that can only be shared is there
    /// without it), else in global memory (the global window taken out); not known when a
    /// window is left.
    pub(super) fn place(self, site: &Site, linear: Linear) -> Place {
        let Windows { shared, global } = self;
        let mut terms = linear.terms;
        let take = |terms: &mut Terms, window: Option<ExprId>| {
            let at = terms.iter().position(|&(leaf, c)| Some(leaf) == window && c == 1);
            at.map(|at| terms.remove(at)).is_some()
        };
        let in_shared = if site.may_be_shared && site.may_be_global {
            if take(&mut terms, shared) {
                true
            } else {
                take(&mut terms, global);
                false
            }
        } else {
            site.may_be_shared
        };
        if terms
            .iter()
            .any(|&(leaf, _)| Some(leaf) == shared || Some(leaf) == global)
        {
            return Place::Unknown;
        }
        if in_shared {
            Place::Shared(terms, linear.constant)
        } else {
            Place::Global(terms, linear.constant)
        }
    }
}

/// Runs `place` in every lane, iteration by iteration of `nest`'s innermost loop (its
/// index), with its joins' values in that iteration injected into `eval` (`first`
/// evaluates their first values); with `None` for a lane that left the loop in an earlier
/// iteration (its back edges surely not taken: [`Kernel::may_go_round`]).
fn iterate<'e>(
    kernel: &Kernel<'_, '_>,
    nest: &'e Nest,
    lanes: &[Thread],
    (eval, first): (&mut Evaluator<'e>, &mut Evaluator<'e>),
    place: &mut impl FnMut(Option<(&mut Evaluator<'e>, &mut ExecutesMemo)>, usize),
) {
    let Some(&first_lane) = lanes.first() else { return };
    // Per lane, the innermost loop's joins in the iteration being placed.
    first.restart(first_lane, Some(&nest.outer));
    let mut current: Vec<Vec<Option<Linear>>> = lanes
        .iter()
        .map(|&t| {
            first.reset(t);
            nest.inner.iter().map(|&(_, value, _)| first.eval(value)).collect()
        })
        .collect();
    let mut running = vec![true; lanes.len()];
    let head = nest.heads.last().copied();
    for k in 0..ITERATIONS {
        eval.restart(first_lane, Some(&nest.outer));
        for (l, &t) in lanes.iter().enumerate() {
            eval.reset(t);
            for (j, &(leaf, _, _)) in nest.inner.iter().enumerate() {
                // A uniform join holds one value in every lane: given once.
                if l == 0 || nest.varying[j] {
                    eval.inject(leaf, current[l][j].clone());
                }
            }
            if !running[l] {
                place(None, k);
                continue;
            }
            let mut memo = ExecutesMemo::default();
            place(Some((&mut *eval, &mut memo)), k);
            if k + 1 < ITERATIONS {
                running[l] = head.is_none_or(|h| kernel.may_go_round(eval, h, &mut memo));
                current[l] = nest.inner.iter().map(|&(_, _, next)| eval.eval(next)).collect();
            }
        }
    }
}

/// Whether `[a, a + na)` and `[b, b + nb)` overlap.
pub(super) fn overlap(a: i64, na: u32, b: i64, nb: u32) -> bool {
    a < b + i64::from(nb) && b < a + i64::from(na)
}
