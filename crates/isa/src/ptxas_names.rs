//! The names ptxas gives instructions in its messages ("Arguments mismatch for instruction
//! 'multimem.st'"): the entries of its instruction table, which are an opcode alone (`atom`,
//! `mma`, `shfl`) or an opcode with the leading modifiers that select a table entry
//! (`multimem.st`, `mul.wide`, `cp.async.bulk.tensor`, `tcgen05.mma.ws`).
//!
//! Source: `../shared/spec/ptxas-parser-notes.txt` (the instruction table builder's opcode
//! lists), with `tcgen05.ld.red.spcompress` from ptxas 13.5's messages.

/// Every table entry longer than its opcode word, as ptxas spells it.
const DOTTED: &[&str] = &[
    // Arithmetic.
    "div.full",
    "dp2a.hi",
    "dp2a.lo",
    "mad.hi",
    "mad.lo",
    "mad.wide",
    "mad24.hi",
    "mad24.lo",
    "madc.hi",
    "madc.lo",
    "mul.hi",
    "mul.lo",
    "mul.wide",
    "mul24.hi",
    "mul24.lo",
    "shf.l",
    "shf.r",
    // Conversion and data movement.
    "cvt.pack",
    "cvta.to",
    "createpolicy.cvt",
    "createpolicy.fractional",
    "createpolicy.range",
    "st.async",
    "st.bulk",
    "red.async",
    // Barriers, fences, mbarrier.
    "bar.arrive",
    "bar.cta",
    "bar.cta.arrive",
    "bar.cta.red",
    "bar.red",
    "bar.warp",
    "barrier.arrive",
    "barrier.cta",
    "barrier.cta.arrive",
    "barrier.cta.red",
    "barrier.red",
    "barrier.cluster.arrive",
    "barrier.cluster.wait",
    "fence.proxy",
    "membar.proxy",
    "mbarrier.init",
    "mbarrier.inval",
    "mbarrier.complete_tx",
    "mbarrier.expect_tx",
    "mbarrier.pending_count",
    "mbarrier.test_wait",
    "mbarrier.test_wait.parity",
    "mbarrier.try_wait",
    "mbarrier.try_wait.parity",
    "mbarrier.arrive",
    "mbarrier.arrive.expect_tx",
    "mbarrier.arrive_drop",
    "mbarrier.arrive_drop.expect_tx",
    "setmaxnreg.dec",
    "setmaxnreg.inc",
    // Control flow, warp collectives.
    "brx.idx",
    "pmevent.mask",
    // Texture and surface.
    "suld.b",
    "sured.b",
    "sured.p",
    "sust.b",
    "sust.p",
    "tex.base",
    "tex.grad",
    "tex.level",
    "txq.level",
    // Asynchronous copies, multimem, tensormap.
    "clusterlaunchcontrol.query_cancel",
    "clusterlaunchcontrol.try_cancel.async",
    "cp.async",
    "cp.async.bulk",
    "cp.async.bulk.commit_group",
    "cp.async.bulk.prefetch",
    "cp.async.bulk.prefetch.tensor",
    "cp.async.bulk.tensor",
    "cp.async.bulk.wait_group",
    "cp.async.commit_group",
    "cp.async.mbarrier.arrive",
    "cp.async.wait_all",
    "cp.async.wait_group",
    "cp.reduce.async.bulk",
    "cp.reduce.async.bulk.tensor",
    "multimem.ld_reduce",
    "multimem.red",
    "multimem.st",
    "tensormap.cp_fenceproxy",
    "tensormap.replace",
    // Matrix instructions.
    "tcgen05.alloc",
    "tcgen05.commit",
    "tcgen05.cp",
    "tcgen05.dealloc",
    "tcgen05.fence",
    "tcgen05.ld",
    "tcgen05.ld.red",
    "tcgen05.ld.red.spcompress",
    "tcgen05.mma",
    "tcgen05.mma.ws",
    "tcgen05.relinquish_alloc_permit",
    "tcgen05.shift",
    "tcgen05.st",
    "tcgen05.wait",
    "wgmma.commit_group",
    "wgmma.fence",
    "wgmma.mma_async",
    "wgmma.wait_group",
    "wmma.load.a",
    "wmma.load.b",
    "wmma.load.c",
    "wmma.mma",
    "wmma.store.d",
];

/// The name ptxas gives an instruction with this opcode and these modifiers (in source order,
/// with their dots): the longest table entry that is the opcode followed by the first
/// modifiers (`multimem.st.global.f32` → `multimem.st`, `mul.wide.s32` → `mul.wide`,
/// `tcgen05.wait::ld.sync.aligned` → `tcgen05.wait`), else the opcode alone.
pub fn ptxas_instruction_name(opcode: &str, modifiers: &[&str]) -> String {
    let mut name = opcode.to_string();
    let mut best = name.clone();
    for modifier in modifiers {
        // `tcgen05.wait::ld`, `tcgen05.fence::before_thread_sync`: the entry is the part before `::`.
        let (word, qualified) = match modifier.split_once("::") {
            Some((word, _)) => (word, true),
            None => (*modifier, false),
        };
        name.push_str(word);
        if DOTTED.contains(&name.as_str()) {
            best.clone_from(&name);
        }
        if qualified {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::ptxas_instruction_name;

    #[test]
    fn names_follow_the_ptxas_instruction_table() {
        for (opcode, modifiers, name) in [
            ("multimem", &[".st", ".global", ".f16x2"][..], "multimem.st"),
            ("mul", &[".wide", ".s32"], "mul.wide"),
            ("mul", &[".s32"], "mul"),
            ("cp", &[".async", ".ca", ".shared", ".global"], "cp.async"),
            ("cp", &[".async", ".bulk", ".tensor", ".1d"], "cp.async.bulk.tensor"),
            ("mma", &[".sp", ".sync", ".aligned"], "mma"),
            ("griddepcontrol", &[".wait"], "griddepcontrol"),
            ("tcgen05", &[".mma", ".ws", ".cta_group::1"], "tcgen05.mma.ws"),
            ("tcgen05", &[".wait::ld", ".sync", ".aligned"], "tcgen05.wait"),
            ("fence", &[".proxy", ".tensormap::generic"], "fence.proxy"),
            (
                "mbarrier",
                &[".arrive", ".expect_tx", ".shared", ".b64"],
                "mbarrier.arrive.expect_tx",
            ),
            ("shfl", &[".sync", ".idx", ".b32"], "shfl"),
            ("atom", &[".global", ".add", ".u32"], "atom"),
        ] {
            assert_eq!(
                ptxas_instruction_name(opcode, modifiers),
                name,
                "{opcode}{}",
                modifiers.concat()
            );
        }
    }
}

const GENERATED: &[&str] = include!(concat!(env!("OUT_DIR"), "/ptxas_names.rs"));

#[cfg(test)]
mod generated_equal {
    #[test]
    fn generated_names_equal_the_rust_ones() {
        let mut old = super::DOTTED.to_vec();
        old.sort_unstable();
        assert_eq!(super::GENERATED, old.as_slice());
    }
}
