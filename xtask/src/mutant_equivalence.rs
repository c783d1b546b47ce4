//! Mutants of `cp.async` group waits and commits that change nothing a kernel can observe
//! (equivalent mutants), proved on the control-flow graph, so that `sync-mutants` can count
//! them apart from the misses it should read.
//!
//! - A dropped `cp.async.wait_group N` (or `wait_all`) is equivalent when, on every path, the
//!   next instruction that could tell is a wait at least as strong (nvcc and Triton repeat
//!   waits), or when nothing can be pending where it stood: on every path into it, a
//!   `wait_group 0`/`wait_all` follows the last copy or commit.
//! - A dropped `cp.async.commit_group` is equivalent when its copies join the next group and
//!   that group is waited in full: on every path, a commit comes before any wait (or a
//!   `wait_all` does, maybe right after another wait), and the first wait after it is a
//!   `wait_group 0`/`wait_all`, or a `wait_group N` that such a wait follows before anything
//!   could tell.
//!
//! - A dropped CTA barrier that every thread passes, in a function whose barriers all wait
//!   for every thread, is equivalent when one side of it (the paths back to the barrier
//!   before it or the kernel's start, or on to the barrier after it or the kernel's end)
//!   touches no memory other threads may touch: nothing but parameters, locals, constants and
//!   read-only global data (`.nc`, `ldu`, textures), no synchronisation but the warp's.
//!
//! - A barrier made divergent is equivalent when dropping it is, it has no `.aligned`, and
//!   the threads that skip it meet no other barrier before they leave.
//!
//! "Could tell": a memory access to shared or generic memory, a barrier or other
//! synchronisation, a call. A path that leaves a kernel counts as telling nothing; a path
//! that leaves any other function, or meets a guarded wait, is not proved.

use ptxkit_isa::signature::semantics::{
    Access, BarrierMode, BarrierScope, Completion, Group, Proxy, Semantics, Space, Sync,
};
use ptxkit_semantic::flow::{FunctionFlow, InsnId};
use std::rc::Rc;

/// What an instruction is to one async-group protocol (`cp.async` or bulk groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A copy that joins the group's next commit.
    Copy,
    /// An unguarded commit.
    Commit,
    /// An unguarded wait.
    Wait(Waits),
    /// Something else that could observe the copies or order them (a shared or generic
    /// access, a barrier, a fence).
    Tells,
    /// What may issue, commit or wait for copies itself: a call, a guarded commit or wait.
    Opaque,
    /// Nothing the protocol sees.
    Quiet,
}

/// What an instruction does to a group protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Protocol {
    Commit,
    Wait(Waits),
    /// A wait whose count is not a constant.
    Unknown,
}

/// What a wait completes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Waits {
    /// At most this many groups stay pending; `None`: `wait_all`, which commits first.
    pending: Option<u64>,
    /// `.read`: only the copies' reads of their sources.
    read: bool,
}

impl Waits {
    /// Whether this wait completes at least what `other` does.
    fn covers(self, other: Waits) -> bool {
        let count = match (self.pending, other.pending) {
            (None, _) => true,
            (Some(n), Some(p)) => n <= p,
            (Some(_), None) => false,
        };
        count && (!self.read || other.read)
    }

    /// Whether nothing `other` waits for stays pending after this wait.
    fn drains(self, other: Waits) -> bool {
        matches!(self.pending, None | Some(0)) && (!self.read || other.read)
    }
}

/// The mutant's instruction and the function it is in.
pub struct Site<'f, 't> {
    flow: &'f FunctionFlow<'t>,
    semantics: &'f [Option<Rc<Semantics>>],
}

/// How a path walk goes on after one instruction.
enum Step {
    Continue,
    Proved,
    Unproved,
}

impl<'f, 't> Site<'f, 't> {
    /// The function `flow` with its instructions' semantics.
    pub fn new(flow: &'f FunctionFlow<'t>, semantics: &'f [Option<Rc<Semantics>>]) -> Self {
        Site { flow, semantics }
    }

    /// What instruction `i` does to a group protocol, guard or not.
    fn protocol(&self, i: InsnId) -> Option<(Group, Protocol)> {
        let s = self.semantics[i as usize].as_ref()?;
        let commits = s.sync.iter().find_map(|sync| match sync {
            Sync::Commit { group, .. } if matches!(group, Group::CpAsync | Group::Bulk) => Some(*group),
            _ => None,
        });
        let wait = s.sync.iter().find_map(|sync| match sync {
            Sync::Wait { group, pending, read } if matches!(group, Group::CpAsync | Group::Bulk) => Some((
                *group,
                match *pending {
                    // `wait_all`: a commit, then a wait for every group.
                    Some(0) if commits.is_some() => Protocol::Wait(Waits {
                        pending: None,
                        read: *read,
                    }),
                    Some(n) => Protocol::Wait(Waits {
                        pending: Some(n),
                        read: *read,
                    }),
                    None => Protocol::Unknown,
                },
            )),
            _ => None,
        });
        wait.or(commits.map(|g| (g, Protocol::Commit)))
    }

    fn role(&self, i: InsnId, group: Group) -> Role {
        let insn = &self.flow.insns[i as usize];
        if insn.call().is_some() {
            return Role::Opaque;
        }
        let Some(s) = &self.semantics[i as usize] else {
            return Role::Quiet;
        };
        match self.protocol(i) {
            Some((g, p)) if g == group => {
                return match p {
                    _ if insn.guard().is_some() => Role::Opaque,
                    Protocol::Wait(w) => Role::Wait(w),
                    Protocol::Commit => Role::Commit,
                    Protocol::Unknown => Role::Opaque,
                };
            }
            _ => {}
        }
        if s.memory.iter().any(|m| m.completion == Completion::Group(group)) {
            return Role::Copy;
        }
        let shared = s
            .memory
            .iter()
            .chain(&s.descriptor_memory)
            .any(|m| matches!(m.space, Space::Generic | Space::SharedCta | Space::SharedCluster));
        if shared || !s.sync.is_empty() {
            Role::Tells
        } else {
            Role::Quiet
        }
    }

    /// Whether `step` proves every path from `from` (after it, or before it when
    /// `backward`); a path that ends proves itself only when it leaves (or enters) a kernel,
    /// and a path that comes back to `from` was walked on from there already.
    fn every_path(&self, from: InsnId, backward: bool, step: &mut dyn FnMut(InsnId) -> Step) -> bool {
        let flow = self.flow;
        let mut seen = vec![false; flow.blocks.len()];
        // (block, the instructions of it to walk, in order)
        let first = flow.block_of(from);
        let range = flow.range(first);
        let mut step = |i: InsnId| if i == from { Step::Proved } else { step(i) };
        let mut work: Vec<Vec<InsnId>> = vec![if backward {
            (range.start..from).rev().collect()
        } else {
            (from + 1..range.end).collect()
        }];
        let mut ends_at = vec![first];
        while let (Some(insns), Some(block)) = (work.pop(), ends_at.pop()) {
            let mut done = false;
            for i in insns {
                match step(i) {
                    Step::Continue => {}
                    Step::Proved => {
                        done = true;
                        break;
                    }
                    Step::Unproved => return false,
                }
            }
            if done {
                continue;
            }
            let next = if backward { flow.preds(block) } else { flow.succs(block) };
            if next.is_empty() && !flow.is_entry {
                return false;
            }
            if backward && block == 0 && !flow.is_entry {
                return false;
            }
            for &b in next {
                if std::mem::replace(&mut seen[b as usize], true) {
                    continue;
                }
                let r = flow.range(b);
                work.push(if backward { r.rev().collect() } else { r.collect() });
                ends_at.push(b);
            }
        }
        true
    }

    /// Whether the next instruction that could tell, on every path after `at`, is a wait
    /// that completes at least what `waits` does.
    fn stronger_wait_follows(&self, at: InsnId, group: Group, waits: Waits) -> bool {
        self.every_path(at, false, &mut |i| match self.role(i, group) {
            Role::Quiet => Step::Continue,
            Role::Wait(w) if w.covers(waits) => Step::Proved,
            _ => Step::Unproved,
        })
    }

    /// Whether, on every path into `at`, a wait that completes at least what `waits` does
    /// comes after the last commit (nvcc and Triton repeat waits): with no group committed
    /// since, the groups pending at `at` are already few enough. A `wait_all` also asks
    /// that no copy came since.
    fn stronger_wait_precedes(&self, at: InsnId, group: Group, waits: Waits) -> bool {
        self.every_path(at, true, &mut |i| match self.role(i, group) {
            Role::Wait(w) if w.covers(waits) => Step::Proved,
            Role::Commit | Role::Opaque => Step::Unproved,
            Role::Copy if waits.pending.is_none() => Step::Unproved,
            _ => Step::Continue,
        })
    }

    /// Whether the group the commit at `at` closes is empty on every path: no copy since the
    /// last commit or the kernel's start. A guarded commit closes nothing for sure, so the
    /// walk goes past it.
    fn commits_nothing(&self, at: InsnId, group: Group) -> bool {
        self.every_path(at, true, &mut |i| {
            let guarded = self.flow.insns[i as usize].guard().is_some();
            match (self.role(i, group), self.protocol(i)) {
                (Role::Commit, _) | (Role::Wait(Waits { pending: None, .. }), _) => Step::Proved,
                (Role::Opaque, Some((_, Protocol::Commit))) if guarded => Step::Continue,
                (Role::Opaque, Some((_, Protocol::Wait(Waits { pending: Some(_), .. })))) if guarded => Step::Continue,
                (Role::Copy | Role::Opaque, _) => Step::Unproved,
                _ => Step::Continue,
            }
        })
    }

    /// Whether nothing `waits` waits for can be pending at `at`: on every path into it, a
    /// wait that drains it follows the last copy or the last commit of a copy.
    fn nothing_pending(&self, at: InsnId, group: Group, waits: Waits) -> bool {
        self.every_path(at, true, &mut |i| match self.role(i, group) {
            Role::Wait(w) if w.drains(waits) => Step::Proved,
            Role::Commit | Role::Opaque
                if matches!(self.protocol(i), Some((g, Protocol::Commit)) if g == group) && self.commits_nothing(i, group) =>
            {
                Step::Continue
            }
            // A guarded wait waits or not: either way it adds nothing pending.
            Role::Opaque if matches!(self.protocol(i), Some((g, Protocol::Wait(w))) if g == group && w.pending.is_some()) => {
                Step::Continue
            }
            Role::Copy | Role::Commit | Role::Opaque => Step::Unproved,
            _ => Step::Continue,
        })
    }

    /// Whether dropping the wait at `at` changes nothing observable.
    pub fn wait_is_redundant(&self, at: InsnId) -> bool {
        let Some((group, Protocol::Wait(waits))) = self.protocol(at) else {
            return false;
        };
        if self.nothing_pending(at, group, waits) {
            return true;
        }
        self.flow.insns[at as usize].guard().is_none()
            && (self.stronger_wait_follows(at, group, waits) || self.stronger_wait_precedes(at, group, waits))
    }

    /// The text of instruction `i`'s guard (`@%p`, `@!%p`).
    fn guard_text(&self, i: InsnId) -> Option<&str> {
        let insn = &self.flow.insns[i as usize];
        insn.guard().and_then(|g| g.utf8_text(insn.source().as_bytes()).ok())
    }

    /// Whether dropping the commit at `at` changes nothing observable.
    pub fn commit_is_redundant(&self, at: InsnId) -> bool {
        let Some((group, Protocol::Commit)) = self.protocol(at) else {
            return false;
        };
        let full = Waits {
            pending: Some(0),
            read: false,
        };
        // A group with no copy is complete at once, but it counts: only a full wait, before
        // any other commit, cannot tell it was there.
        if self.commits_nothing(at, group) {
            let judged = self.every_path(at, false, &mut |i| match self.role(i, group) {
                Role::Wait(w) if w.pending.is_none_or(|p| p == 0) => Step::Proved,
                // Triton's `@p commit_group; @p wait_group.read 0`: the wait runs when the
                // commit does.
                Role::Opaque
                    if i == at + 1
                        && self.flow.block_of(i) == self.flow.block_of(at)
                        && self.guard_text(i).is_some()
                        && self.guard_text(i) == self.guard_text(at)
                        && matches!(self.protocol(i), Some((g, Protocol::Wait(Waits { pending: Some(0), .. }))) if g == group) =>
                {
                    Step::Proved
                }
                Role::Wait(_) | Role::Commit | Role::Opaque => Step::Unproved,
                _ => Step::Continue,
            });
            if judged {
                return true;
            }
        }
        if self.role(at, group) != Role::Commit {
            return false;
        }
        self.every_path(at, false, &mut |i| match self.role(i, group) {
            Role::Copy | Role::Quiet | Role::Tells => Step::Continue,
            Role::Wait(Waits { pending: None, .. }) => Step::Proved,
            // A wait a `wait_all` follows before anything could tell: that commits and waits
            // the copies either way.
            Role::Wait(_)
                if self.stronger_wait_follows(
                    i,
                    group,
                    Waits {
                        pending: None,
                        read: false,
                    },
                ) =>
            {
                Step::Proved
            }
            Role::Commit => {
                let waited_in_full = self.every_path(i, false, &mut |j| match self.role(j, group) {
                    Role::Wait(w) if w.drains(full) => Step::Proved,
                    Role::Wait(_) if self.stronger_wait_follows(j, group, full) => Step::Proved,
                    Role::Wait(_) | Role::Opaque => Step::Unproved,
                    _ => Step::Continue,
                });
                if waited_in_full { Step::Proved } else { Step::Unproved }
            }
            _ => Step::Unproved,
        })
    }
}

impl Site<'_, '_> {
    /// Whether instruction `i` touches nothing another thread of the CTA may touch and
    /// synchronises with nothing beyond its warp.
    fn private(&self, i: InsnId) -> bool {
        let insn = &self.flow.insns[i as usize];
        if insn.call().is_some() {
            return false;
        }
        let Some(s) = &self.semantics[i as usize] else {
            return true;
        };
        let read_only = insn.has(".nc") || insn.opcode() == "ldu";
        let private_memory = s.memory.iter().chain(&s.descriptor_memory).all(|m| {
            matches!(m.space, Space::Param | Space::Local | Space::Const)
                || (m.access == Access::Read && (read_only || matches!(m.proxy, Proxy::Texture | Proxy::Constant)))
        });
        private_memory && s.sync.iter().all(warp_local)
    }

    /// Whether `i` is a CTA barrier every thread waits at, unguarded.
    fn full_barrier(&self, i: InsnId) -> bool {
        self.flow.insns[i as usize].guard().is_none()
            && self.semantics[i as usize].as_ref().is_some_and(|s| {
                s.sync.iter().any(|sync| {
                    matches!(
                        sync,
                        Sync::Barrier {
                            scope: BarrierScope::Cta,
                            mode: BarrierMode::Wait,
                            threads: None,
                            ..
                        }
                    )
                })
            })
    }

    /// Whether every thread that reaches the function's end passes the barrier at `at`:
    /// unguarded, and no path from the entry leaves the function (or reaches a guarded
    /// `ret`/`exit`) without its block.
    fn on_every_path(&self, at: InsnId) -> bool {
        let flow = self.flow;
        let own = flow.block_of(at);
        let mut seen = vec![false; flow.blocks.len()];
        let mut work = vec![0];
        while let Some(b) = work.pop() {
            if b == own || std::mem::replace(&mut seen[b as usize], true) {
                continue;
            }
            if flow.succs(b).is_empty() || flow.leaves_when_guarded(b) {
                return false;
            }
            work.extend(flow.succs(b));
        }
        true
    }

    /// Whether guarding the CTA barrier at `at` so that some threads skip it changes
    /// nothing observable: its dropping changes nothing, and no path after it meets another
    /// barrier (a skipping thread leaves the kernel without waiting anywhere else; a barrier
    /// waits only for threads that have not exited, §9.7.13.1). An `.aligned` barrier also
    /// asks that the guard be the same in every thread of a warp (`warp_uniform_guard`).
    pub fn skipping_barrier_is_harmless(&self, at: InsnId, warp_uniform_guard: bool) -> bool {
        let aligned = self.semantics[at as usize].as_ref().is_some_and(|s| {
            s.sync
                .iter()
                .any(|sync| matches!(sync, Sync::Barrier { aligned: true, .. }))
        });
        let no_barrier_after = self.every_path(at, false, &mut |i| {
            let barrier = self.semantics[i as usize]
                .as_ref()
                .is_some_and(|s| s.sync.iter().any(|sync| matches!(sync, Sync::Barrier { .. })));
            if barrier || self.flow.insns[i as usize].call().is_some() {
                Step::Unproved
            } else {
                Step::Continue
            }
        });
        (!aligned || warp_uniform_guard) && no_barrier_after && self.barrier_is_redundant(at)
    }

    /// Whether dropping the CTA barrier at `at` changes nothing observable. Only barriers
    /// that pair with themselves are judged: every CTA barrier of the function waits for
    /// all threads, and this one is on every path (a barrier in a branch, or a named
    /// barrier producers arrive at, orders other threads' paths).
    pub fn barrier_is_redundant(&self, at: InsnId) -> bool {
        let every_barrier_full = (0..self.flow.insns.len() as InsnId).all(|i| {
            self.full_barrier(i)
                || !self.semantics[i as usize]
                    .as_ref()
                    .is_some_and(|s| s.sync.iter().any(|sync| matches!(sync, Sync::Barrier { .. })))
        });
        if !every_barrier_full || !self.full_barrier(at) || !self.on_every_path(at) {
            return false;
        }
        let mut side = |i: InsnId| {
            if self.full_barrier(i) {
                Step::Proved
            } else if self.private(i) {
                Step::Continue
            } else {
                Step::Unproved
            }
        };
        if self.every_path(at, true, &mut side) || self.every_path(at, false, &mut side) {
            return true;
        }
        // Else: what each side touches, up to the barriers before and after it, conflicts
        // with nothing the other side touches (a read of shared memory before, an atomic to
        // global memory after).
        match (self.side_touches(at, true), self.side_touches(at, false)) {
            (Some(before), Some(after)) => !before.conflicts(after),
            _ => false,
        }
    }

    /// The memory the paths from `at` to the full barriers before it (`backward`) or after it
    /// touch; `None` when they synchronise beyond the warp or call.
    fn side_touches(&self, at: InsnId, backward: bool) -> Option<Touched> {
        let mut touched = Touched::default();
        let proved = self.every_path(at, backward, &mut |i| {
            if self.full_barrier(i) {
                return Step::Proved;
            }
            if self.private(i) {
                return Step::Continue;
            }
            let insn = &self.flow.insns[i as usize];
            let Some(s) = self.semantics[i as usize].as_ref() else {
                return Step::Continue;
            };
            // What orders nothing beyond the thread's warp: warp collectives, and the waits for
            // the thread's own Tensor Memory loads and stores. Freeing Tensor Memory touches it.
            let warp_only = s.sync.iter().all(|sync| {
                warp_local(sync)
                    || matches!(
                        sync,
                        Sync::TensorFree
                            | Sync::Wait {
                                group: Group::Tcgen05Ld | Group::Tcgen05St,
                                ..
                            }
                    )
            });
            if insn.call().is_some() || !warp_only {
                return Step::Unproved;
            }
            if s.sync.iter().any(|sync| matches!(sync, Sync::TensorFree)) {
                touched.writes |= Touched::TENSOR;
                touched.reads |= Touched::TENSOR;
            }
            for m in s.memory.iter().chain(&s.descriptor_memory) {
                let window = Touched::window(m.space);
                if m.access != Access::Read {
                    touched.writes |= window;
                }
                touched.reads |= window;
            }
            Step::Continue
        });
        proved.then_some(touched)
    }
}

/// Whether `sync` synchronises with nothing beyond the thread's warp: the warp's barrier,
/// collectives and elections.
fn warp_local(sync: &Sync) -> bool {
    matches!(
        sync,
        Sync::WarpBarrier { .. } | Sync::Collective { .. } | Sync::Elect { .. } | Sync::ActiveMask
    )
}

/// The windows of memory one side of a barrier touches, as bits: global, shared, Tensor
/// Memory.
#[derive(Debug, Default, Clone, Copy)]
struct Touched {
    reads: u8,
    writes: u8,
}

impl Touched {
    const GLOBAL: u8 = 1;
    const SHARED: u8 = 2;
    const TENSOR: u8 = 4;

    /// The windows an access to `space` may reach (none for a thread's own).
    fn window(space: Space) -> u8 {
        match space {
            Space::Global | Space::Texture => Self::GLOBAL,
            Space::SharedCta | Space::SharedCluster => Self::SHARED,
            Space::Generic => Self::GLOBAL | Self::SHARED,
            Space::Local | Space::Const | Space::Param => 0,
            Space::Tensor => Self::TENSOR,
        }
    }

    /// Whether some access of one side and some of the other may meet, one of them a write
    /// (freeing Tensor Memory counts as a write of it).
    fn conflicts(self, other: Touched) -> bool {
        (self.writes & other.reads) != 0 || (self.reads & other.writes) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxkit_semantic::SymbolTable;

    fn with_site(text: &str, check: impl Fn(&Site<'_, '_>, &FunctionFlow<'_>)) {
        let parsed = ptxkit_syntax::parse(text);
        let symbols = SymbolTable::build(&parsed);
        let flows = FunctionFlow::all(&parsed, &symbols);
        let semantics = flows[0].semantics(&symbols);
        check(&Site::new(&flows[0], semantics), &flows[0]);
    }

    fn at(flow: &FunctionFlow<'_>, text: &str) -> InsnId {
        flow.insns
            .iter()
            .position(|i| i.node().utf8_text(i.source().as_bytes()).unwrap().starts_with(text))
            .unwrap() as InsnId
    }

    const HEAD: &str = ".version 8.0\n.target sm_80\n.address_size 64\n.entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\t.shared .align 16 .b8 s[64];\n\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, s;\n";

    #[test]
    fn a_wait_a_stronger_one_follows_is_redundant() {
        let text = format!(
            "{HEAD}\tcp.async.ca.shared.global [%r1], [%rd1], 4;\n\tcp.async.commit_group;\n\tcp.async.wait_group 1;\n\tcp.async.wait_all;\n\tbar.sync 0;\n\tld.shared.u32 %r2, [%r1];\n\tret;\n}}\n"
        );
        with_site(&text, |site, flow| {
            assert!(site.wait_is_redundant(at(flow, "cp.async.wait_group 1")));
            assert!(!site.wait_is_redundant(at(flow, "cp.async.wait_all")));
            assert!(site.commit_is_redundant(at(flow, "cp.async.commit_group")));
        });
    }

    #[test]
    fn a_wait_something_reads_after_is_not() {
        let text = format!(
            "{HEAD}\tcp.async.ca.shared.global [%r1], [%rd1], 4;\n\tcp.async.commit_group;\n\tcp.async.ca.shared.global [%r1+16], [%rd1], 4;\n\tcp.async.commit_group;\n\tcp.async.wait_group 1;\n\tbar.sync 0;\n\tld.shared.u32 %r2, [%r1];\n\tcp.async.wait_group 0;\n\tret;\n}}\n"
        );
        with_site(&text, |site, flow| {
            assert!(!site.wait_is_redundant(at(flow, "cp.async.wait_group 1")));
            assert!(!site.commit_is_redundant(at(flow, "cp.async.commit_group")));
        });
    }

    #[test]
    fn a_wait_an_as_strong_one_precedes_with_no_commit_between_is_redundant() {
        let text = format!(
            "{HEAD}\tcp.async.ca.shared.global [%r1], [%rd1], 4;\n\tcp.async.commit_group;\n\tcp.async.ca.shared.global [%r1+16], [%rd1], 4;\n\tcp.async.commit_group;\n\tcp.async.wait_group 1;\n\tld.shared.u32 %r3, [%r1+48];\n\tcp.async.wait_group 1;\n\tbar.sync 0;\n\tld.shared.u32 %r2, [%r1];\n\tcp.async.ca.shared.global [%r1+32], [%rd1], 4;\n\tcp.async.commit_group;\n\tcp.async.wait_group 1;\n\tbar.sync 0;\n\tld.shared.u32 %r2, [%r1+16];\n\tcp.async.wait_all;\n\tret;\n}}\n"
        );
        with_site(&text, |site, flow| {
            let waits: Vec<InsnId> = (0..flow.insns.len() as InsnId)
                .filter(|&i| matches!(site.protocol(i), Some((_, Protocol::Wait(_)))))
                .collect();
            assert_eq!(waits.len(), 4);
            assert!(!site.wait_is_redundant(waits[0]));
            assert!(site.wait_is_redundant(waits[1]));
            // A commit came between.
            assert!(!site.wait_is_redundant(waits[2]));
        });
    }

    #[test]
    fn an_empty_bulk_group_waited_in_full_is_redundant() {
        let text = format!(
            "{HEAD}\tsetp.eq.u32 %p1, %r1, 0;\n\t@%p1 cp.async.bulk.commit_group;\n\t@%p1 cp.async.bulk.wait_group.read 0;\n\tcp.async.bulk.global.shared::cta.bulk_group [%rd1], [%r1], 16;\n\tcp.async.bulk.commit_group;\n\tcp.async.bulk.commit_group;\n\tcp.async.bulk.wait_group.read 1;\n\tst.shared.u32 [%r1], %r1;\n\tcp.async.bulk.wait_group 0;\n\tret;\n}}\n"
        )
        .replace(".reg .b64 %rd<4>;", ".reg .b64 %rd<4>;\n\t.reg .pred %p<2>;")
        .replace(".target sm_80", ".target sm_90");
        with_site(&text, |site, flow| {
            let commits: Vec<InsnId> = (0..flow.insns.len() as InsnId)
                .filter(|&i| matches!(site.protocol(i), Some((Group::Bulk, Protocol::Commit))))
                .collect();
            assert_eq!(commits.len(), 3);
            assert!(site.commit_is_redundant(commits[0]));
            assert!(site.wait_is_redundant(at(flow, "@%p1 cp.async.bulk.wait_group.read 0")));
            // The copy's group.
            assert!(!site.commit_is_redundant(commits[1]));
            // Empty, but the `wait_group.read 1` after it counts it.
            assert!(!site.commit_is_redundant(commits[2]));
        });
    }

    #[test]
    fn a_barrier_between_sides_that_touch_different_memory_is_redundant() {
        let text = format!(
            "{HEAD}	st.shared.u32 [%r1], %r1;
	bar.sync 0;
	ld.shared.u32 %r2, [%r1+4];
	bar.sync 0;
	atom.global.add.u32 %r3, [%rd1], %r2;
	bar.sync 0;
	ld.global.u32 %r3, [%rd1+4];
	ret;
}}
"
        );
        with_site(&text, |site, flow| {
            let barriers: Vec<InsnId> = (0..flow.insns.len() as InsnId)
                .filter(|&i| site.full_barrier(i))
                .collect();
            assert_eq!(barriers.len(), 3);
            // The shared write before, the shared read after.
            assert!(!site.barrier_is_redundant(barriers[0]));
            // A shared read before, a global atomic after.
            assert!(site.barrier_is_redundant(barriers[1]));
            // The global atomic before, a global read after.
            assert!(!site.barrier_is_redundant(barriers[2]));
        });
    }

    #[test]
    fn skipping_the_last_aligned_barrier_is_harmless_only_for_whole_warps() {
        let text = format!(
            "{HEAD}	ld.shared.u32 %r2, [%r1];
	bar.sync 0;
	st.global.u32 [%rd1], %r2;
	bar.sync 0;
	ret;
}}
"
        );
        with_site(&text, |site, flow| {
            let barriers: Vec<InsnId> = (0..flow.insns.len() as InsnId)
                .filter(|&i| site.full_barrier(i))
                .collect();
            assert!(site.skipping_barrier_is_harmless(barriers[1], true));
            assert!(!site.skipping_barrier_is_harmless(barriers[1], false));
            // Threads that skip the first meet the second.
            assert!(!site.skipping_barrier_is_harmless(barriers[0], true));
        });
    }

    #[test]
    fn a_barrier_with_nothing_shared_on_one_side_is_redundant() {
        let text = format!(
            "{HEAD}	ld.global.nc.u32 %r2, [%rd1];
	bar.sync 0;
	st.shared.u32 [%r1], %r2;
	bar.sync 0;
	ld.shared.u32 %r3, [%r1+4];
	st.global.u32 [%rd1], %r3;
	ret;
}}
"
        );
        with_site(&text, |site, flow| {
            let barriers: Vec<InsnId> = (0..flow.insns.len() as InsnId)
                .filter(|&i| site.full_barrier(i))
                .collect();
            assert_eq!(barriers.len(), 2);
            assert!(site.barrier_is_redundant(barriers[0]));
            assert!(!site.barrier_is_redundant(barriers[1]));
        });
    }
}
