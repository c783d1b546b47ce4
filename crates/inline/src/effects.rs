//! What an instruction does besides computing its result, in the terms
//! the asm rules need: does it write memory, order memory, depend on other
//! lanes or on time?
//!
//! Derived from `ptxkit_isa::analyze_chain`'s side effects, refined with the
//! chain's own parts: address computations and hints (`cvta`, `mapa`,
//! `prefetch`) touch no memory; loads only read it unless they order it
//! (`.acquire`, `.volatile`); a `.relaxed` barrier orders nothing. When
//! ptxkit-isa gains instruction signatures with side effects, this module
//! reads them instead.

use ptxkit_isa::{ResultType, analyze_chain};

/// The effects of one instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effects {
    /// Writes memory the C++ code may read (`st`, `atom`, `red`, `cp.async`,
    /// bulk copies, `stmatrix`, `sust`, ...).
    pub writes_memory: bool,
    /// Orders memory or waits for other threads or asynchronous copies
    /// (`bar`, `barrier`, `fence`, `membar`, `mbarrier`, `cp.async.wait_group`,
    /// `wgmma.wait_group`, acquire loads, ...).
    pub orders_memory: bool,
    /// Synchronises or depends on other lanes or on the machine's state
    /// without touching memory (`shfl`, `vote`, `elect`, `setmaxnreg`,
    /// `wgmma.mma_async`, `nanosleep`, `exit`, ...).
    pub other: bool,
}

impl Effects {
    /// Whether the statement needs a `"memory"` clobber for this
    /// instruction.
    pub fn needs_memory_clobber(&self) -> bool {
        self.writes_memory || self.orders_memory
    }

    /// Whether removing, duplicating or moving the instruction changes what
    /// the program does.
    pub fn any(&self) -> bool {
        self.writes_memory || self.orders_memory || self.other
    }
}

/// Address computations and cache hints: "memory" instructions that
/// neither read nor write it.
const NO_ACCESS: &[&str] = &[
    "cvta",
    "mapa",
    "getctarank",
    "createpolicy",
    "prefetch",
    "prefetchu",
    "applypriority",
    "isspacep",
    "alloca",
    "stacksave",
    "stackrestore",
];

/// Memory instructions that write it although they return a value.
const RETURNING_WRITES: &[&str] = &["atom", "tensormap"];

/// Parts of a synchronising chain that only wait for or order memory
/// (the rest of `wgmma`, `elect`, `setmaxnreg`, ... do not touch memory).
fn orders(parts: &[&str]) -> bool {
    let has = |p: &str| parts.contains(&p);
    match parts[0] {
        "bar" | "barrier" | "membar" | "fence" | "mbarrier" => !has("relaxed") || has("fence"),
        "wgmma" => has("fence") || has("commit_group") || has("wait_group"),
        "griddepcontrol" => has("wait"),
        "tcgen05" => has("wait") || has("fence") || has("commit"),
        _ => false,
    }
}

/// The effects of an instruction given its dotted chain
/// (`st.global.u32`, `mbarrier.try_wait.parity.shared::cta.b64`).
///
/// ```
/// use ptxkit_inline::effects::effects;
/// assert!(effects("st.global.u32").writes_memory);
/// assert!(effects("mbarrier.try_wait.parity.shared::cta.b64").orders_memory);
/// assert!(!effects("ld.global.u32").needs_memory_clobber());
/// assert!(effects("ld.acquire.gpu.global.u32").orders_memory);
/// assert!(!effects("cvta.to.shared.u64").any());
/// assert!(!effects("barrier.cluster.arrive.relaxed").needs_memory_clobber());
/// assert!(effects("shfl.sync.idx.b32").other);
/// ```
pub fn effects(chain: &str) -> Effects {
    let Ok(analysed) = analyze_chain(chain) else {
        return Effects::default();
    };
    let parts = &analysed.parts;
    let opcode = analysed.opcode;
    let side = analysed.side_effects;
    let has = |p: &str| parts.contains(&p);
    let mut effects = Effects::default();
    if side.memory && !NO_ACCESS.contains(&opcode) {
        let returns = analysed.result != ResultType::None;
        if !returns || RETURNING_WRITES.contains(&opcode) {
            // `cp.async.wait_group` and friends are `cp` chains that copy
            // nothing: they wait.
            if has("wait_group") || has("wait_all") || has("commit_group") {
                effects.orders_memory = true;
            } else {
                effects.writes_memory = true;
            }
        } else if has("acquire") || has("volatile") || has("mmio") || (has("relaxed") && opcode != "ld") {
            effects.orders_memory = true;
        } else if has("relaxed") {
            // `ld.relaxed.scope` is a strong load: it must not be merged or
            // dropped, but orders nothing.
            effects.other = true;
        }
    }
    if side.barrier {
        if orders(parts) {
            effects.orders_memory = true;
        } else {
            effects.other = true;
        }
    }
    if side.warp_collective {
        effects.other = true;
    }
    effects
}

/// Special registers whose value changes while a thread runs: reading one
/// is a side effect (two reads must not be merged).
pub fn is_time_varying_register(name: &str) -> bool {
    matches!(
        name,
        "%clock" | "%clock64" | "%globaltimer" | "%globaltimer_lo" | "%globaltimer_hi" | "%smid" | "%warpid"
    ) || name.starts_with("%pm")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        for chain in [
            "atom.global.add.u32",
            "red.global.add.u32",
            "cp.async.ca.shared.global",
            "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes",
            "stmatrix.sync.aligned.m8n8.x4.shared.b16",
            "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32",
        ] {
            assert!(effects(chain).writes_memory, "{chain}");
        }
        for chain in [
            "bar.sync",
            "barrier.cluster.wait.acquire",
            "fence.proxy.async.shared::cta",
            "membar.gl",
            "cp.async.wait_group",
            "cp.async.bulk.wait_group.read",
            "wgmma.wait_group.sync.aligned",
            "griddepcontrol.wait",
            "mbarrier.arrive.shared.b64",
        ] {
            assert!(effects(chain).orders_memory, "{chain}");
        }
        for chain in [
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",
            "setmaxnreg.inc.sync.aligned.u32",
            "elect.sync",
            "vote.sync.ballot.b32",
        ] {
            let e = effects(chain);
            assert!(e.other && !e.needs_memory_clobber(), "{chain}");
        }
        for chain in [
            "add.s32",
            "mov.u32",
            "ld.global.nc.v4.u32",
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
        ] {
            assert!(!effects(chain).any(), "{chain}");
        }
        assert!(is_time_varying_register("%clock64"));
        assert!(!is_time_varying_register("%laneid"));
    }
}
