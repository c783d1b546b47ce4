//! What an instruction does besides computing its result, in the terms
//! the asm rules need: does it write memory, order memory, depend on other
//! lanes or on time?
//!
//! Read from the signature forms the chain matches
//! (`ptxkit_isa::analyze_chain`): their `memory` lines (a write; a load's
//! semantics: `.acquire` and `.volatile` order memory, `.relaxed` is only
//! strong), their `sync` lines (barriers, fences, waits and mbarrier
//! operations order memory unless `.relaxed`; warp collectives, `exit` and
//! `trap` do not), and the `@effects` header of forms that have neither.

use ptxkit_isa::analyze_chain;
use ptxkit_isa::signature::semantics::{Order, Space, SpaceSpec, SyncEffect};
use ptxkit_isa::signature::{Form, Shape};

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

/// The effects of an instruction given its dotted chain
/// (`st.global.u32`, `mbarrier.try_wait.parity.shared::cta.b64`). A chain no
/// form matches is read from the opcode's closest forms (a modifier newer
/// than the signatures); an unknown opcode is taken to have an effect
/// (`other`), though not to touch memory.
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
/// assert!(effects("frobnicate.u32").other);
/// ```
pub fn effects(chain: &str) -> Effects {
    let Ok(analysed) = analyze_chain(chain) else {
        return Effects::default();
    };
    let forms: Vec<&Form> = if analysed.forms.is_empty() {
        analysed.closest.clone()
    } else {
        analysed.forms.iter().map(|m| m.form).collect()
    };
    if forms.is_empty() {
        return Effects {
            other: true,
            ..Effects::default()
        };
    }
    let modifiers: Vec<String> = analysed.parts[1..].iter().map(|p| format!(".{p}")).collect();
    let mut effects = Effects::default();
    for form in forms {
        effects.add(form, &modifiers);
    }
    effects
}

impl Effects {
    /// Adds what `form` says, for an instruction with these modifiers.
    fn add(&mut self, form: &Form, modifiers: &[String]) {
        let written = |part: u8| {
            form.parts
                .get(usize::from(part))
                .is_some_and(|p| modifiers.iter().any(|m| p.takes(m)))
        };
        // The semantics the chain writes (`.acquire`, `.relaxed`, `.volatile`, ...).
        let written_order = modifiers.iter().find_map(|m| Order::of_modifier(m));
        // An mbarrier object is synchronisation state, not data the C++ code
        // reads: its accesses are the `sync mbarrier` line's.
        let objects: Vec<u8> = form
            .sync
            .iter()
            .filter_map(|s| match s {
                SyncEffect::Mbarrier { object, .. } => Some(*object),
                _ => None,
            })
            .collect();
        for access in form.memory {
            if access.when.is_some_and(|p| !written(p)) || objects.contains(&access.position) {
                continue;
            }
            // Tensor Memory (`tcgen05`) is not memory the C++ code reads or writes: a write
            // there is a side effect, which no "memory" clobber is needed for.
            if access.space == SpaceSpec::Fixed(Space::Tensor) {
                self.other |= access.access.writes();
                continue;
            }
            self.writes_memory |= access.access.writes();
            match written_order.unwrap_or(access.order) {
                Order::Weak => {}
                // A strong access must not be merged or dropped, but orders nothing.
                Order::Relaxed => self.other = true,
                _ => self.orders_memory = true,
            }
        }
        for sync in form.sync {
            match sync {
                SyncEffect::Collective { .. }
                | SyncEffect::Elect { .. }
                | SyncEffect::ActiveMask
                | SyncEffect::TensorFree
                | SyncEffect::Exit
                | SyncEffect::Trap => self.other = true,
                SyncEffect::Barrier { .. } | SyncEffect::Mbarrier { .. } if written_order == Some(Order::Relaxed) => {
                    self.other = true;
                }
                _ => self.orders_memory = true,
            }
        }
        if form.memory.is_empty() && form.sync.is_empty() {
            // What only the `@effects` header says; a memory write needs an
            // address to write (`alloca` and `stackrestore` move the stack
            // pointer, §9.7.17).
            // A synchronisation without a `sync` line is a side effect, but
            // not taken to order memory: one form may stand for values that
            // do and values that do not (`griddepcontrol.wait` waits for the
            // prerequisite grids' memory, `.launch_dependents` orders nothing,
            // §9.7.13.13), and a false "memory" clobber finding costs more
            // than a missed one.
            let said = form.effects;
            let addressed = form.positions.iter().any(|p| matches!(p.shape, Shape::Address(_)));
            self.writes_memory |= said.write && addressed;
            self.other |= said.sync || said.collective || said.asynchronous;
        }
    }
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
            "mbarrier.arrive.shared.b64",
        ] {
            assert!(effects(chain).orders_memory, "{chain}");
        }
        for chain in [
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16",
            "setmaxnreg.inc.sync.aligned.u32",
            "elect.sync",
            "vote.sync.ballot.b32",
            // .sync.aligned: the lanes of the warp wait for each other (§9.7.14.5.15).
            "ldmatrix.sync.aligned.m8n8.x4.shared.b16",
            // One form for both: `.launch_dependents` orders no memory (§9.7.13.13).
            "griddepcontrol.launch_dependents",
            "griddepcontrol.wait",
            // Tensor Memory is not memory the C++ code sees.
            "tcgen05.mma.cta_group::1.kind::f16",
            "tcgen05.st.sync.aligned.32x32b.x1.b32",
        ] {
            let e = effects(chain);
            assert!(e.other && !e.needs_memory_clobber(), "{chain}");
        }
        for chain in ["add.s32", "mov.u32", "ld.global.nc.v4.u32"] {
            assert!(!effects(chain).any(), "{chain}");
        }
        assert!(is_time_varying_register("%clock64"));
        assert!(!is_time_varying_register("%laneid"));
    }
}
