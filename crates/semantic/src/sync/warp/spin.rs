//! Spin loops: a loop whose exit depends on a value it reads from memory that another lane of
//! the warp may write meanwhile. Under lockstep the writer cannot make progress while the
//! others spin (the loop hangs, or the write comes first); scheduled independently it can.

use super::exchanges::{Combos, Meet, Paths, divergent_splits, search};
use super::sites::Site;
use super::{Exchange, NotConverged, Via};
use crate::flow::cfg::{BlockId, InsnId};
use crate::sync::kernel::{Kernel, Shape};

/// The spin loops of a kernel, one exchange per (write, read) that may meet.
pub(super) fn spins(kernel: &Kernel<'_, '_>, sites: &[Site], shapes: &[Shape]) -> Vec<Exchange> {
    let mut candidates: Vec<(usize, usize, InsnId)> = Vec::new();
    let mut paths = Paths::new(kernel);
    let mut splits = divergent_splits(kernel, &mut paths);
    for (read, branch) in spin_reads(kernel, sites) {
        let r = &sites[read];
        for (w, site) in sites.iter().enumerate() {
            let compatible = (site.may_be_shared && r.may_be_shared) || (site.may_be_global && r.may_be_global);
            if !site.access.writes() || !compatible {
                continue;
            }
            // The write can run while the loop spins: nothing orders the warp between them.
            let concurrent = w == read
                || paths.follows(site.insn, r.insn)
                || paths.follows(r.insn, site.insn)
                || splits.apart(site.insn, r.insn).is_some();
            if concurrent {
                candidates.push((w, read, branch));
            }
        }
    }
    let pairs: Vec<(usize, usize, Combos)> = candidates.iter().map(|&(w, r, _)| (w, r, Combos::All)).collect();
    let meets = search(kernel, sites, &pairs, shapes);
    candidates
        .into_iter()
        .zip(meets)
        .filter_map(|((w, r, branch), meet)| {
            let (lanes, address, shared) = match meet {
                Meet::No => return None,
                Meet::Unknown => (None, None, false),
                Meet::Yes(t1, t2, address, shared) => (Some((t1, t2)), Some(address), shared),
            };
            Some(Exchange {
                first: sites[w].insn,
                first_access: sites[w].access,
                second: sites[r].insn,
                second_access: sites[r].access,
                lanes,
                data_guarded: super::data_guarded(kernel, (sites[w].insn, sites[r].insn), lanes),
                address,
                shared,
                via: Via::Spin(branch),
                fix: Err(NotConverged::Spin),
            })
        })
        .collect()
}

/// The sites a loop's exit condition is computed from (inside the loop), with the exit branch.
fn spin_reads(kernel: &Kernel<'_, '_>, sites: &[Site]) -> Vec<(usize, InsnId)> {
    let flow = kernel.flow;
    let mut out = Vec::new();
    let heads: Vec<BlockId> = {
        let mut h: Vec<BlockId> = kernel.loops().iter().flatten().copied().collect();
        h.sort_unstable();
        h.dedup();
        h
    };
    for head in heads {
        let body: Vec<BlockId> = (0..flow.blocks.len() as BlockId)
            .filter(|&b| kernel.loops()[b as usize].contains(&head))
            .collect();
        let in_body = |i: InsnId| body.contains(&kernel.block_of(i));
        for &c in &body {
            let leaves = flow.succs(c).iter().any(|s| !body.contains(s));
            let block = flow.blocks[c as usize];
            if !leaves || block.end == block.start {
                continue;
            }
            let last = block.end - 1;
            let Some(guard) = flow.guards[last as usize] else {
                continue;
            };
            // The registers the guard is computed from, inside the loop.
            let mut wanted = vec![guard.reg];
            let mut seen = vec![false; flow.registers.len()];
            let mut reads: Vec<InsnId> = Vec::new();
            while let Some(reg) = wanted.pop() {
                if std::mem::replace(&mut seen[reg as usize], true) {
                    continue;
                }
                for &b in &body {
                    for i in flow.range(b) {
                        if !flow.defs(i).iter().any(|d| d.reg == reg) {
                            continue;
                        }
                        reads.push(i);
                        wanted.extend(flow.uses(i).iter().map(|u| u.reg));
                    }
                }
            }
            for (s, site) in sites.iter().enumerate() {
                if reads.contains(&site.insn) && in_body(site.insn) && !out.contains(&(s, last)) {
                    out.push((s, last));
                }
            }
        }
    }
    out
}
