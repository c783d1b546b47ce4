//! Exchanges the memory model orders without a barrier (PTX ISA §8.8, message passing): a
//! lane waits in a loop on a flag another lane of its warp sets, both with strong operations,
//! and reads what that lane wrote before setting it. From sm_70 on a lane may wait for
//! another lane of its warp (independent thread scheduling gives each lane progress), and an
//! acquire that sees a release orders what follows it after what precedes the release.
//!
//! This is for a linter of sm_70+ code. For code written for lockstep warps (what ptxrewrite
//! moves across independent thread scheduling) it changes nothing: before sm_70 there are no
//! `.release`/`.acquire` operations, and a lane spinning on its own warp never finished.

use std::rc::Rc;

use ptxkit_isa::signature::semantics::{Semantics, Sync};

use super::{Exchange, Via};
use crate::flow::cfg::{BlockId, FunctionFlow, InsnId};
use crate::sync::dominance::Dominance;

/// Which exchanges of one function the memory model orders.
pub struct MessagePassing<'f, 't> {
    flow: &'f FunctionFlow<'t>,
    semantics: &'f [Option<Rc<Semantics>>],
    /// Each spin whose two accesses are strong.
    flags: Vec<Flag>,
}

/// A strong spin: lanes wait in a loop on a flag another lane of their warp writes.
struct Flag {
    write: InsnId,
    read: InsnId,
    /// The first instructions past the loop's exit edges (taken once the flag is seen).
    exits: Vec<InsnId>,
}

impl<'f, 't> MessagePassing<'f, 't> {
    /// The strong spins among `exchanges` of `flow`.
    pub fn new(flow: &'f FunctionFlow<'t>, semantics: &'f [Option<Rc<Semantics>>], exchanges: &[Exchange]) -> Self {
        let mut this = MessagePassing {
            flow,
            semantics,
            flags: Vec::new(),
        };
        let spins: Vec<(InsnId, InsnId, InsnId)> = exchanges
            .iter()
            .filter_map(|e| match e.via {
                Via::Spin(branch) if this.strong(e.first) && this.strong(e.second) => Some((e.first, e.second, branch)),
                _ => None,
            })
            .collect();
        if spins.is_empty() {
            return this;
        }
        let dominance = Dominance::of(flow);
        this.flags = spins
            .into_iter()
            .map(|(write, read, branch)| {
                // The loop the branch leaves: the innermost one around its block.
                let block = flow.block_of(branch);
                let head = dominance.loops[block as usize].last().copied();
                let exits = flow
                    .succs(block)
                    .iter()
                    .filter(|&&b| head.is_some_and(|h| !dominance.loops[b as usize].contains(&h)))
                    .flat_map(|&b| this.first_insns(b))
                    .collect();
                Flag { write, read, exits }
            })
            .collect();
        this
    }

    /// The first instructions of block `b`, through empty blocks.
    fn first_insns(&self, b: BlockId) -> Vec<InsnId> {
        let (mut out, mut work, mut seen) = (Vec::new(), vec![b], Vec::new());
        while let Some(b) = work.pop() {
            if seen.contains(&b) {
                continue;
            }
            seen.push(b);
            let range = self.flow.range(b);
            if range.is_empty() {
                work.extend_from_slice(self.flow.succs(b));
            } else {
                out.push(range.start);
            }
        }
        out
    }

    /// Whether `exchange` is ordered by the memory model: it is a strong spin (or the same
    /// two accesses seen across a branch, in either order), or its later access follows the exit of a strong
    /// spin whose flag read acquires (or an acquiring fence after that exit), and its earlier
    /// one precedes the releasing write of that flag (or a releasing fence before it). A read
    /// in the loop itself runs before the read that sees the flag: not ordered.
    pub fn orders(&self, exchange: &Exchange) -> bool {
        // The text may lay the reading lanes' side out first: either access may be the one
        // before the flag's write.
        [(exchange.first, exchange.second), (exchange.second, exchange.first)]
            .into_iter()
            .any(|(before, after)| self.orders_pair(before, after))
    }

    /// Whether `before` (in the flag writer's lane) is ordered before `after` (in a lane
    /// spinning on the flag) by one of the strong spins.
    fn orders_pair(&self, before: InsnId, after: InsnId) -> bool {
        self.flags.iter().any(|flag| {
            let acquired = self.acquires(flag.read);
            (before, after) == (flag.write, flag.read)
                || (flag
                    .exits
                    .iter()
                    .any(|&e| self.path(e, after, |i| acquired || self.fence(i, true)))
                    && self.path(before, flag.write, |i| {
                        i == flag.write && self.releases(i) || self.fence(i, false)
                    }))
        })
    }

    fn memory(&self, i: InsnId) -> &[ptxkit_isa::signature::semantics::MemoryAccess] {
        self.semantics[i as usize].as_ref().map_or(&[], |s| &s.memory)
    }

    /// Whether every memory access of `i` is strong (atomic, `.volatile`, `.relaxed` or
    /// stronger).
    fn strong(&self, i: InsnId) -> bool {
        let memory = self.memory(i);
        !memory.is_empty() && memory.iter().all(|m| m.atomic || m.order.is_strong())
    }

    fn acquires(&self, i: InsnId) -> bool {
        self.memory(i).iter().any(|m| m.order.acquires())
    }

    fn releases(&self, i: InsnId) -> bool {
        self.memory(i).iter().any(|m| m.order.releases())
    }

    /// Whether `i` is a fence that acquires (or releases), of any scope: the fence patterns
    /// of §8.8.
    fn fence(&self, i: InsnId, acquire: bool) -> bool {
        self.semantics[i as usize].as_ref().is_some_and(|s| {
            s.sync.iter().any(|sync| match *sync {
                Sync::Fence { order, proxy: None, .. } => {
                    if acquire {
                        order.acquires()
                    } else {
                        order.releases()
                    }
                }
                _ => false,
            })
        })
    }

    /// Whether a path runs from `from` to `to` through an instruction `through` holds for
    /// (both ends included).
    fn path(&self, from: InsnId, to: InsnId, through: impl Fn(InsnId) -> bool) -> bool {
        let flow = self.flow;
        // (instruction, whether `through` has held on the way)
        let mut seen = vec![[false; 2]; flow.insns.len()];
        let mut work = vec![(from, false)];
        while let Some((i, passed)) = work.pop() {
            let passed = passed || through(i);
            if i == to && (i != from || passed) {
                if passed {
                    return true;
                }
                continue;
            }
            if std::mem::replace(&mut seen[i as usize][usize::from(passed)], true) && i != from {
                continue;
            }
            let block = flow.block_of(i);
            if i + 1 < flow.range(block).end {
                work.push((i + 1, passed));
                continue;
            }
            // The next instructions: the first of each successor, through empty blocks.
            for &b in flow.succs(block) {
                work.extend(self.first_insns(b).into_iter().map(|next| (next, passed)));
            }
        }
        false
    }
}
