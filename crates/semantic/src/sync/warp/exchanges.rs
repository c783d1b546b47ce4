//! Exchanges through memory: pairs of sites that lanes of one warp run in an order only
//! lockstep gives (no CTA barrier or `bar.warp.sync` between), whose bytes can overlap in two
//! different lanes.

use ptxkit_isa::signature::semantics::{Access, Sync};
use rustc_hash::FxHashMap as HashMap;

use super::apart::Apart;
use super::lanes::{Place, Placed, Sample, overlap, place, warps};
use super::sites::Site;
use super::{Exchange, NotConverged, Via};
use crate::flow::cfg::{BlockId, InsnId};
use crate::sync::expr::{Node, Terms, Thread};
use crate::sync::kernel::{Kernel, Reach, Shape};
use crate::sync::splits::Splits;

/// Whether two sites' accesses can touch the same bytes in two lanes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Meet {
    /// No.
    No,
    /// The analysis cannot tell.
    Unknown,
    /// Yes: these lanes (the first site's, the second's) at this address (in shared memory
    /// when `true`).
    Yes(Thread, Thread, String, bool),
}

/// The reach of points up to the instructions that order lanes of a warp: CTA barriers that
/// wait (with or without a thread count: a warp takes part as a whole) and `bar.warp.sync`.
pub(super) struct Paths<'k, 'f, 't> {
    kernel: &'k Kernel<'f, 't>,
    stops: Vec<bool>,
    cache: HashMap<(InsnId, bool, Option<BlockId>), Reach>,
}

impl<'k, 'f, 't> Paths<'k, 'f, 't> {
    pub fn new(kernel: &'k Kernel<'f, 't>) -> Self {
        let stops = (0..kernel.flow.insns.len() as InsnId)
            .map(|i| orders_the_warp(kernel, i))
            .collect();
        Paths {
            kernel,
            stops,
            cache: HashMap::default(),
        }
    }

    /// What `from` reaches (from it when `inclusive`) without an ordering instruction, and
    /// without entering block `fence` when given.
    pub fn reach(&mut self, from: InsnId, inclusive: bool, fence: Option<BlockId>) -> &Reach {
        let (kernel, stops) = (self.kernel, &self.stops);
        self.cache.entry((from, inclusive, fence)).or_insert_with(|| {
            let fence_start = fence.map(|b| kernel.flow.blocks[b as usize].start);
            kernel.reach_until(from, inclusive, |i| stops[i as usize] || Some(i) == fence_start)
        })
    }

    /// Whether some path runs `b` after `a` with nothing ordering the warp between.
    pub fn follows(&mut self, a: InsnId, b: InsnId) -> bool {
        self.reach(a, false, None).contains(b)
    }
}

/// Whether instruction `i` orders the lanes of a warp: a CTA barrier that waits,
/// `bar.warp.sync`, a wait on an mbarrier's phase (a split barrier: what the lanes did
/// before arriving is ordered before what they do after the phase completes; whether every
/// lane arrived is not followed, so the wait is taken to order them), or, likewise, the wait
/// of the cluster's split barrier (`barrier.cluster.wait`, §9.7.13.3: every thread of the
/// cluster, so every lane, arrived).
pub(super) fn orders_the_warp(kernel: &Kernel<'_, '_>, i: InsnId) -> bool {
    use ptxkit_isa::signature::semantics::{BarrierMode, BarrierScope, MbarrierOp};
    kernel.is_full_barrier(i)
        || kernel.mbarrier_op(i, MbarrierOp::waits_for_phase)
        || kernel.values.semantics[i as usize].as_ref().is_some_and(|s| {
            s.sync.iter().any(|sync| {
                matches!(
                    sync,
                    Sync::WarpBarrier { .. }
                        | Sync::Barrier {
                            scope: BarrierScope::Cluster,
                            mode: BarrierMode::Wait,
                            ..
                        }
                )
            })
        })
}

/// Whether the sites of each pair meet in two lanes of one warp, comparing the samples
/// `Combos` says, in every warp of `shapes`.
pub(super) fn search(
    kernel: &Kernel<'_, '_>,
    sites: &[Site],
    pairs: &[(usize, usize, Combos)],
    shapes: &[Shape],
) -> Vec<Meet> {
    let mut meets: Vec<Meet> = vec![Meet::No; pairs.len()];
    if pairs.is_empty() {
        return meets;
    }
    // The joins every pair's sites may depend on (following more than a shape's open pairs
    // need changes nothing they compare).
    let named = |keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
        let mut used: Vec<usize> = pairs
            .iter()
            .enumerate()
            .filter(|&(k, _)| keep(k))
            .flat_map(|(_, &(a, b, _))| [a, b])
            .collect();
        used.sort_unstable();
        used.dedup();
        used
    };
    let all: Vec<Site> = named(&|_| true).iter().map(|&s| sites[s].clone()).collect();
    let relevant = super::lanes::relevant_joins(kernel, &all);
    for shape in shapes {
        if meets.iter().all(|m| matches!(m, Meet::Yes(..))) {
            return meets;
        }
        // The pairs whose lanes may meet in this shape (the others never do: [`Apart`]); only
        // the sites they name are placed.
        let mut apart = Apart::new(kernel, shape);
        let open: Vec<bool> = pairs
            .iter()
            .map(|&(a, b, _)| {
                !apart
                    .as_mut()
                    .is_some_and(|x| x.never_meet(kernel, &sites[a], &sites[b]))
            })
            .collect();
        let used = named(&|k| open[k]);
        let index: HashMap<usize, usize> = used.iter().enumerate().map(|(k, &s)| (s, k)).collect();
        let subset: Vec<Site> = used.iter().map(|&s| sites[s].clone()).collect();
        for lanes in warps(shape) {
            if meets
                .iter()
                .zip(&open)
                .all(|(m, &open)| !open || matches!(m, Meet::Yes(..)))
            {
                break;
            }
            let placed = place(kernel, &subset, &lanes, &relevant);
            let landings: Vec<Vec<Landing<'_>>> = placed
                .places
                .iter()
                .map(|samples| samples.iter().map(|p| Landing::of(p)).collect())
                .collect();
            for ((&(a, b, combos), found), _) in
                pairs.iter().zip(meets.iter_mut()).zip(&open).filter(|(_, open)| **open)
            {
                if matches!(found, Meet::Yes(..)) {
                    continue;
                }
                let here = meet_in_warp(
                    kernel,
                    (&sites[a], index[&a]),
                    (&sites[b], index[&b]),
                    combos,
                    &placed,
                    &landings,
                    &lanes,
                );
                if matches!(here, Meet::Yes(..)) || (here == Meet::Unknown && *found == Meet::No) {
                    *found = here;
                }
            }
        }
    }
    meets
}

/// How two sites are ordered under lockstep.
struct Relation {
    /// `a` then `b` on some path.
    ab: bool,
    /// `b` then `a`.
    ba: bool,
    /// Neither, but on two sides of this branch (its last instruction).
    sides: Option<InsnId>,
    /// Which iterations of their loops can meet.
    combos: Combos,
}

/// Which samples of two sites to compare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Combos {
    /// Every sample of one with every sample of the other.
    All,
    /// The same iteration of their loop.
    SameIteration,
    /// Iterations of their loop one apart (when something orders the warp on every way round
    /// the loop): the second's next iteration after the first's when `a_then_b`, the reverse
    /// when `b_then_a`, and the same iteration when `same`.
    Neighbours { same: bool, a_then_b: bool, b_then_a: bool },
    /// Different iterations of their loop (one site with itself).
    OtherIterations,
    /// One site in a loop the other is outside of, with something ordering the warp on every
    /// way round it ([`across_loop`]): the loop's site meets the other unordered in its first
    /// iteration when `entering` (the other runs before the loop), in its last when
    /// `leaving` (after it). The last iteration is not sampled: it is judged only when every
    /// sample lands alike, as the loop's changing values then change nothing.
    AcrossLoop {
        a_in_loop: bool,
        entering: bool,
        leaving: bool,
    },
}

/// The exchanges of a kernel's sites, found in the lanes of every warp of `shapes`.
pub(super) fn exchanges(kernel: &Kernel<'_, '_>, sites: &[Site], shapes: &[Shape]) -> Vec<Exchange> {
    let mut paths = Paths::new(kernel);
    let mut splits = divergent_splits(kernel, &mut paths);
    let mut pairs: Vec<(usize, usize, Relation)> = Vec::new();
    for a in 0..sites.len() {
        for b in a..sites.len() {
            let (sa, sb) = (&sites[a], &sites[b]);
            let compatible = (sa.may_be_shared && sb.may_be_shared) || (sa.may_be_global && sb.may_be_global);
            if !compatible || !sa.may_exchange_with(sb) || !sa.may_share_a_buffer_with(sb) {
                continue;
            }
            if let Some(relation) = relation(kernel, &mut paths, &mut splits, sa, sb) {
                pairs.push((a, b, relation));
            }
        }
    }
    let combos: Vec<(usize, usize, Combos)> = pairs.iter().map(|(a, b, r)| (*a, *b, r.combos)).collect();
    let meets = search(kernel, sites, &combos, shapes);
    let mut out = Vec::new();
    for ((a, b, relation), found) in pairs.iter().zip(meets) {
        let (lanes, address, shared) = match found {
            Meet::No => continue,
            Meet::Unknown => (None, None, false),
            Meet::Yes(t1, t2, address, shared) => (Some((t1, t2)), Some(address), shared),
        };
        let (sa, sb) = (&sites[*a], &sites[*b]);
        let exchange = |first: &Site, second: &Site, lanes: Option<(Thread, Thread)>, via: Via| Exchange {
            first: first.insn,
            first_access: first.access,
            second: second.insn,
            second_access: second.access,
            lanes,
            data_guarded: super::data_guarded(kernel, (first.insn, second.insn), lanes),
            address: address.clone(),
            shared,
            via,
            fix: Err(NotConverged::Sides),
        };
        let swapped = lanes.map(|(x, y)| (y, x));
        if let Some(branch) = relation.sides {
            out.push(exchange(sa, sb, lanes, Via::Sides(branch)));
            continue;
        }
        if relation.ab {
            out.push(exchange(sa, sb, lanes, Via::Order));
        }
        if relation.ba && a != b {
            out.push(exchange(sb, sa, swapped, Via::Order));
        }
    }
    out
}

/// How `a` and `b` are ordered, if lockstep orders them at all.
fn relation(
    kernel: &Kernel<'_, '_>,
    paths: &mut Paths<'_, '_, '_>,
    splits: &mut Splits,
    a: &Site,
    b: &Site,
) -> Option<Relation> {
    let loop_of = |site: &Site| kernel.innermost_loop(site.insn);
    let same_loop = loop_of(a).is_some() && loop_of(a) == loop_of(b);
    if a.insn == b.insn {
        // One instruction in two lanes runs at once; in two iterations, one after the other.
        return paths.reach(a.insn, false, None).cyclic.then_some(Relation {
            ab: true,
            ba: false,
            sides: None,
            combos: Combos::OtherIterations,
        });
    }
    let (ab, ba) = (paths.follows(a.insn, b.insn), paths.follows(b.insn, a.insn));
    if !ab && !ba {
        return splits.apart(a.insn, b.insn).map(|branch| Relation {
            ab,
            ba,
            sides: Some(branch),
            combos: Combos::All,
        });
    }
    let combos = if same_loop {
        let head = loop_of(a);
        let start = kernel.flow.blocks[head.unwrap_or(0) as usize].start;
        let around = |paths: &mut Paths<'_, '_, '_>, x: InsnId, y: InsnId| {
            paths.reach(x, false, None).contains(start) && paths.reach(start, true, None).contains(y)
        };
        let (a_then_b, b_then_a) = (around(paths, a.insn, b.insn), around(paths, b.insn, a.insn));
        if !a_then_b && !b_then_a {
            Combos::SameIteration
        } else if paths.reach(start, false, None).contains(start) {
            // The loop goes round without anything ordering the warp: any two iterations.
            Combos::All
        } else {
            // Something orders the warp on every way round: only the next iteration, and the
            // same one when they follow within it.
            let within = |paths: &mut Paths<'_, '_, '_>, x: InsnId, y: InsnId| paths.reach(x, false, head).contains(y);
            Combos::Neighbours {
                same: within(paths, a.insn, b.insn) || within(paths, b.insn, a.insn),
                a_then_b,
                b_then_a,
            }
        }
    } else {
        across_loop(kernel, paths, a, b).unwrap_or(Combos::All)
    };
    Some(Relation {
        ab,
        ba,
        sides: None,
        combos,
    })
}

/// [`Combos::AcrossLoop`] when one of `a` and `b` is in a loop (its innermost, and only that
/// one) the other is outside of, and something orders the warp on every way round that loop:
/// then the other meets it unordered only in the loop's first or last iteration.
fn across_loop(kernel: &Kernel<'_, '_>, paths: &mut Paths<'_, '_, '_>, a: &Site, b: &Site) -> Option<Combos> {
    let loops = |site: &Site| &kernel.loops()[kernel.block_of(site.insn) as usize];
    // The loop `x` alone is in, when it is `x`'s innermost.
    let only = |x: &[BlockId], y: &[BlockId]| {
        let mut extra = x.iter().filter(|l| !y.contains(l));
        match (extra.next(), extra.next()) {
            (Some(&head), None) if x.last() == Some(&head) => Some(head),
            _ => None,
        }
    };
    let (head, a_in_loop) = match (only(loops(a), loops(b)), only(loops(b), loops(a))) {
        (Some(head), None) => (head, true),
        (None, Some(head)) => (head, false),
        _ => return None,
    };
    let start = kernel.flow.blocks[head as usize].start;
    if paths.reach(start, false, None).contains(start) {
        // It goes round without anything ordering the warp: every iteration meets.
        return None;
    }
    let (inside, outside) = if a_in_loop { (a, b) } else { (b, a) };
    Some(Combos::AcrossLoop {
        a_in_loop,
        entering: paths.follows(outside.insn, inside.insn),
        leaving: paths.follows(inside.insn, outside.insn),
    })
}

/// For each branch the lanes of a warp may take differently (its condition depends on the
/// thread, or is not known), what each of its successors reaches before anything orders the
/// warp.
pub(super) fn divergent_splits(kernel: &Kernel<'_, '_>, paths: &mut Paths<'_, '_, '_>) -> Splits {
    let flow = kernel.flow;
    let mut branches = Vec::new();
    for c in 0..flow.blocks.len() as BlockId {
        let succs = flow.succs(c);
        let block = flow.blocks[c as usize];
        if succs.len() < 2 || block.end == block.start {
            continue;
        }
        let dependent = succs.iter().any(|&s| {
            kernel
                .condition(c, s)
                .is_none_or(|cond| kernel.values.exprs.is_thread_dependent(cond))
        });
        if !dependent {
            continue;
        }
        let sides = succs
            .iter()
            .map(|&s| paths.reach(flow.blocks[s as usize].start, true, None).clone())
            .collect();
        branches.push((block.end - 1, sides));
    }
    Splits::new(branches)
}

/// Known places by region (shared or not) and undecided part: (offset, lane), sorted.
type Known<'p> = Vec<((bool, &'p Terms), Vec<(i64, usize)>)>;

/// Where one site lands in the lanes of a warp, in one sample, indexed for the pair search.
struct Landing<'p> {
    /// Known places by region (shared or not) and undecided part: (offset, lane), sorted.
    known: Known<'p>,
    /// Whether some lane's place is not known.
    unknown: bool,
    /// The lanes that run it.
    lanes: u64,
    /// The lanes whose running it the analysis cannot decide ([`Place::Uncertain`]).
    uncertain: u64,
}

impl<'p> Landing<'p> {
    fn of(places: &'p [Option<Place>]) -> Landing<'p> {
        let mut known: Known<'p> = Vec::new();
        let (mut unknown, mut lanes, mut uncertain) = (false, 0u64, 0u64);
        for (l, p) in places.iter().enumerate() {
            let p = match p {
                Some(Place::Uncertain(inner)) => {
                    uncertain |= 1 << l;
                    Some(&**inner)
                }
                p => p.as_ref(),
            };
            let (shared, terms, offset) = match p {
                Some(Place::Shared(t, o)) => (true, t, *o),
                Some(Place::Global(t, o)) => (false, t, *o),
                Some(Place::Unknown | Place::Uncertain(_)) => {
                    unknown = true;
                    lanes |= 1 << l;
                    continue;
                }
                None => continue,
            };
            lanes |= 1 << l;
            match known.iter_mut().find(|(k, _)| *k == (shared, terms)) {
                Some((_, list)) => list.push((offset, l)),
                None => known.push(((shared, terms), vec![(offset, l)])),
            }
        }
        for (_, list) in &mut known {
            list.sort_unstable();
        }
        Landing {
            known,
            unknown,
            lanes,
            uncertain,
        }
    }
}

/// Whether two sites meet in two lanes of one warp, over the samples `combos` pairs.
fn meet_in_warp(
    kernel: &Kernel<'_, '_>,
    (a, ia): (&Site, usize),
    (b, ib): (&Site, usize),
    combos: Combos,
    placed: &Placed,
    landings: &[Vec<Landing<'_>>],
    lanes: &[Thread],
) -> Meet {
    let (samples_a, samples_b) = (&placed.samples[ia], &placed.samples[ib]);
    let (classes_a, classes_b) = (&placed.classes[ia], &placed.classes[ib]);
    let mut found = Meet::No;
    // Samples where a site lands as in an earlier one meet as that one did.
    let mut compared: Vec<(usize, usize)> = Vec::new();
    for (x, sx) in samples_a.iter().enumerate() {
        for (y, sy) in samples_b.iter().enumerate() {
            let wanted = match combos {
                Combos::All => true,
                Combos::SameIteration => x == y,
                Combos::Neighbours {
                    same,
                    a_then_b,
                    b_then_a,
                } => match (sx, sy) {
                    (Sample::Iteration(i), Sample::Iteration(j)) => {
                        (same && i == j) || (a_then_b && *j == i + 1) || (b_then_a && *i == j + 1)
                    }
                    _ => true,
                },
                Combos::OtherIterations => x != y || *sx == Sample::Symbolic,
                Combos::AcrossLoop {
                    a_in_loop,
                    entering,
                    leaving,
                } => {
                    let (k, classes) = if a_in_loop { (x, classes_a) } else { (y, classes_b) };
                    (entering && k == 0) || (leaving && classes.iter().all(|&c| c == 0))
                }
            };
            if !wanted {
                continue;
            }
            let class = (classes_a[x], classes_b[y]);
            if compared.contains(&class) {
                continue;
            }
            compared.push(class);
            // A symbolic sample stands for every iteration at once: across iterations its
            // loop's changing values are not the same in the two lanes' accesses.
            let across = combos != Combos::SameIteration
                && ((*sx == Sample::Symbolic && loop_variant(kernel, a))
                    || (*sy == Sample::Symbolic && loop_variant(kernel, b)));
            let here = meet_lanes(kernel, (a, &landings[ia][x]), (b, &landings[ib][y]), lanes, across);
            match here {
                Meet::Yes(..) => return here,
                Meet::Unknown => found = Meet::Unknown,
                Meet::No => {}
            }
        }
    }
    found
}

/// Whether `a` in one lane and `b` in another lane of the warp touch the same bytes.
/// `across`: the two are in different iterations of a loop whose changing values are left
/// undecided (known places say nothing then).
fn meet_lanes(
    kernel: &Kernel<'_, '_>,
    (a, la): (&Site, &Landing<'_>),
    (b, lb): (&Site, &Landing<'_>),
    lanes: &[Thread],
    across: bool,
) -> Meet {
    // Two lanes at least: one running each (a lane alone meets only itself).
    if la.lanes == 0 || lb.lanes == 0 || (la.lanes == lb.lanes && la.lanes.count_ones() == 1) {
        return Meet::No;
    }
    let mut unknown = (lb.unknown && unknown_meets(kernel, a, b)) || (la.unknown && unknown_meets(kernel, b, a));
    for &(key_a, ref list_a) in &la.known {
        for &(key_b, ref list_b) in &lb.known {
            if key_a.0 != key_b.0 {
                continue;
            }
            if key_a.1 == key_b.1 && !across {
                // The same undecided part: the offsets decide.
                for &(offset, l1) in list_a {
                    let lo = offset - i64::from(b.bytes) + 1;
                    let start = list_b.partition_point(|&(o, _)| o < lo);
                    for &(o, l2) in &list_b[start..] {
                        if !overlap(offset, a.bytes, o, b.bytes) {
                            break;
                        }
                        if l2 != l1 {
                            // A lane that may not run its access is no witness: they may meet.
                            if (la.uncertain >> l1) & 1 == 1 || (lb.uncertain >> l2) & 1 == 1 {
                                unknown = true;
                                continue;
                            }
                            // Two stores of one value: whichever lands last, the bytes hold it.
                            if a.access == Access::Write
                                && b.access == Access::Write
                                && !(a.strong || b.strong)
                                && crate::sync::stored::same_stored_values(
                                    kernel,
                                    (a.insn, lanes[l1]),
                                    (b.insn, lanes[l2]),
                                )
                            {
                                continue;
                            }
                            let address = crate::sync::races::describe_address(kernel, key_a.1, offset.max(o));
                            return Meet::Yes(lanes[l1], lanes[l2], address, key_a.0);
                        }
                    }
                }
                continue;
            }
            // Different undecided parts (or any, across iterations): the bytes may meet unless
            // they are distinct variables (or distinct buffers of two weak accesses).
            let weak_global = !(key_a.0 || a.strong || b.strong) && key_a.1 != key_b.1;
            if !weak_global && !distinct_variables(kernel, key_a.1, key_b.1) {
                unknown = true;
            }
        }
    }
    if unknown { Meet::Unknown } else { Meet::No }
}

/// Whether an access of `known` may meet `site`, whose address is not known.
fn unknown_meets(kernel: &Kernel<'_, '_>, known: &Site, site: &Site) -> bool {
    let shared = known.may_be_shared && site.may_be_shared;
    let global = known.may_be_global && site.may_be_global && (known.strong || site.strong);
    let distinct = match (known.variables.as_slice(), site.variables.as_slice()) {
        ([x], [y]) => x != y && !(unsized_variable(kernel, *x) && unsized_variable(kernel, *y)),
        _ => false,
    };
    (shared || global) && !distinct
}

/// Whether two undecided parts are two different variables (which never overlap, but for two
/// variables of unknown size: `.extern` shared arrays all start at the dynamic window).
fn distinct_variables(kernel: &Kernel<'_, '_>, a: &Terms, b: &Terms) -> bool {
    let exprs = &kernel.values.exprs;
    match (a.as_slice(), b.as_slice()) {
        ([(x, 1)], [(y, 1)]) => match (exprs.node(*x), exprs.node(*y)) {
            (Node::Symbol(v), Node::Symbol(w)) => {
                v != w && !(unsized_variable(kernel, v) && unsized_variable(kernel, w))
            }
            _ => false,
        },
        _ => false,
    }
}

/// Whether a site's address depends on a value its loops change.
fn loop_variant(kernel: &Kernel<'_, '_>, site: &Site) -> bool {
    let heads = &kernel.loops()[kernel.block_of(site.insn) as usize];
    site.address.is_none_or(|a| {
        kernel
            .values
            .exprs
            .contains(a, &|n| matches!(n, Node::Phi { block, .. } if heads.contains(&block)))
    })
}

fn unsized_variable(kernel: &Kernel<'_, '_>, v: u32) -> bool {
    kernel.values.variables[v as usize].size.is_none()
}
