//! The instruction table: instruction forms → minimum PTX version and target, with how ptxas
//! names each feature, a probe instruction and the source of every fact.
//!
//! Source keys: `§x.y.z Lp/Lt` = the "PTX ISA Notes"/"Target ISA Notes" lines of that
//! section of the PTX ISA manual (9.1 edition, see `../shared/reference/instructions.md`);
//! `T72` = table "Arch-specific/Family-specific PTX Features Release History" (9.4 release
//! notes); `RN x.y` = "Changes in PTX ISA Version x.y"; `ptxas` = observed with ptxas 11.8 /
//! 12.9 / 13.5 (every row is re-checked at its boundaries by `cargo xtask isa-probes`).
//!
//! Rows are additive: a form needs the maximum over every row it matches. Pattern syntax is in
//! the `form` module documentation. Where the manual names a target that ptxas does not
//! enforce (e.g. `.f64` arithmetic "requires sm_13"; ptxas accepts it on sm_10), the table
//! follows ptxas and says so in the source.

use crate::requirements::{Feature, TargetReq};
use crate::target::{Target, Variant};
use crate::version::Version;

pub(crate) const fn v(major: u8, minor: u8) -> Version {
    Version::new(major, minor)
}

pub(crate) const ANY: TargetReq = TargetReq::Any;

pub(crate) const fn sm(n: u16) -> TargetReq {
    TargetReq::AtLeast(n)
}

const fn a(n: u16) -> Target {
    Target::new(n, Variant::Arch)
}

const fn f(n: u16) -> Target {
    Target::new(n, Variant::Family)
}

/// A row: pattern, first version, targets, probe instruction(s), source.
pub(crate) const fn r(
    pattern: &'static str,
    ptx: Version,
    target: TargetReq,
    probe: &'static str,
    source: &'static str,
) -> Feature {
    Feature {
        pattern,
        ptx,
        target,
        version_subject: "",
        target_subject: "",
        probe,
        setup: "",
        attrs: "",
        not_supported_wording: false,
        source,
    }
}

impl Feature {
    /// Sets how ptxas names the feature (version message, target message).
    pub(crate) const fn ptxas(self, version_subject: &'static str, target_subject: &'static str) -> Feature {
        Feature {
            version_subject,
            target_subject,
            ..self
        }
    }

    /// Sets entry-function attributes for the probe.
    pub(crate) const fn attrs(self, attrs: &'static str) -> Feature {
        Feature { attrs, ..self }
    }

    /// ptxas says `… not supported on .target 'sm_89'` for a too-old target.
    const fn not_supported(self) -> Feature {
        Feature {
            not_supported_wording: true,
            ..self
        }
    }

    /// Sets module-scope declarations for the probe.
    pub(crate) const fn setup(self, setup: &'static str) -> Feature {
        Feature { setup, ..self }
    }
}

/// Blackwell "a then f" availability: `sm_100a`/`sm_101a` from 8.6, `sm_100f`/`sm_101f` from
/// 8.8 (sm_101 is sm_110 from 9.0).
const BW_100_101: TargetReq = TargetReq::Listed(&[
    (a(100), v(8, 6)),
    (a(101), v(8, 6)),
    (f(100), v(8, 8)),
    (f(101), v(8, 8)),
]);
/// `sm_90a` only.
const SM90A: TargetReq = TargetReq::Listed(&[(a(90), v(8, 0))]);

/// Every row not yet moved into a signature file's `require` records (see [`all_features`]).
pub const FEATURES: &[Feature] = &[
    // ---------------------------------------------------------------- E. data movement
    r("ld .volatile", v(1, 1), ANY, "ld.volatile.global.b32 %r1, [gbuf]", "§9.7.9.8 L150")
        .ptxas("Feature '.volatile'", ""),
    r("st .volatile", v(1, 1), ANY, "st.volatile.global.b32 [gbuf], %r1", "§9.7.9.11 L134")
        .ptxas("Feature '.volatile'", ""),
    r("ld .ca|.cg|.cs|.lu|.cv", v(2, 0), sm(20), "ld.global.cg.b32 %r1, [gbuf]", "§9.7.9.8 L152/L184")
        .ptxas("Feature 'cache operation'", "Instruction 'ld'"),
    r("st .wb|.cg|.cs|.wt", v(2, 0), sm(20), "st.global.wt.b32 [gbuf], %r1", "§9.7.9.11")
        .ptxas("Feature 'cache operation'", "Instruction 'st'"),
    r("ld !.global|.shared|.shared::cta|.shared::cluster|.local|.const|.param|.param::entry|.param::func", v(2, 0), sm(20),
        "ld.b32 %r1, [%rd1]", "§9.7.9.8 L152/L186 (generic addressing)")
        .ptxas("Feature 'generic addressing'", "Feature 'generic addressing'"),
    r("st !.global|.shared|.shared::cta|.shared::cluster|.local|.param|.param::func", v(2, 0), sm(20),
        "st.b32 [%rd1], %r1", "§9.7.9.11 (generic addressing)")
        .ptxas("Feature 'generic addressing'", "Feature 'generic addressing'"),
    r("ld .relaxed", v(6, 0), sm(70), "ld.relaxed.gpu.global.b32 %r1, [gbuf]", "§9.7.9.8 L154/L182")
        .ptxas("Feature '.relaxed'", "Feature '.relaxed'"),
    r("ld .acquire", v(6, 0), sm(70), "ld.acquire.gpu.global.b32 %r1, [gbuf]", "§9.7.9.8 L154/L182")
        .ptxas("Feature '.acquire'", "Feature '.acquire'"),
    r("st .relaxed", v(6, 0), sm(70), "st.relaxed.gpu.global.b32 [gbuf], %r1", "§9.7.9.11 L138/L162")
        .ptxas("Feature '.relaxed'", "Feature '.relaxed'"),
    r("st .release", v(6, 0), sm(70), "st.release.gpu.global.b32 [gbuf], %r1", "§9.7.9.11 L138/L162")
        .ptxas("Feature '.release'", "Feature '.release'"),
    r("ld .L1::evict_normal", v(7, 4), sm(70), "ld.global.L1::evict_normal.b32 %r1, [gbuf]", "§9.7.9.8 L158/L188")
        .ptxas("Modifier '.evict_normal' on 'ld'", "Modifier '.evict_normal' on 'ld'"),
    r("ld .L1::evict_unchanged", v(7, 4), sm(70), "ld.global.L1::evict_unchanged.b32 %r1, [gbuf]", "§9.7.9.8 L158/L188")
        .ptxas("Modifier '.evict_unchanged' on 'ld'", "Modifier '.evict_unchanged' on 'ld'"),
    r("ld .L1::evict_first", v(7, 4), sm(70), "ld.global.L1::evict_first.b32 %r1, [gbuf]", "§9.7.9.8 L158/L188")
        .ptxas("Modifier '.evict_first' on 'ld'", "Modifier '.evict_first' on 'ld'"),
    r("ld .L1::evict_last", v(7, 4), sm(70), "ld.global.L1::evict_last.b32 %r1, [gbuf]", "§9.7.9.8 L158/L188")
        .ptxas("Modifier '.evict_last' on 'ld'", "Modifier '.evict_last' on 'ld'"),
    r("ld .L1::no_allocate", v(7, 4), sm(70), "ld.global.L1::no_allocate.b32 %r1, [gbuf]", "§9.7.9.8 L158/L188")
        .ptxas("Modifier '.no_allocate' on 'ld'", "Modifier '.no_allocate' on 'ld'"),
    r("ld .L2::64B|.L2::128B", v(7, 4), sm(75), "ld.global.L2::128B.b32 %r1, [gbuf]", "§9.7.9.8 L158/L190")
        .ptxas("Feature 'cache prefetching'", "Feature 'cache prefetching'"),
    r("ld .L2::256B", v(7, 4), sm(80), "ld.global.L2::256B.b32 %r1, [gbuf]", "§9.7.9.8 L158/L192")
        .ptxas("Feature 'cache prefetching'", "Modifier '.L2::256B'"),
    r("ld .L2::cache_hint", v(7, 4), sm(80), "ld.global.L2::cache_hint.b32 %r1, [gbuf], %rd1", "§9.7.9.8 L158/L192")
        .ptxas("Modifier '.L2::cache_hint'", "Modifier '.L2::cache_hint'"),
    r("st .L2::cache_hint", v(7, 4), sm(80), "st.global.L2::cache_hint.b32 [gbuf], %r1, %rd1", "§9.7.9.11")
        .ptxas("Modifier '.L2::cache_hint'", "Modifier '.L2::cache_hint'"),
    r("ld .shared::cta", v(7, 8), ANY, "ld.shared::cta.b32 %r1, [sbuf]", "§9.7.9.8 L160/L196")
        .ptxas("Feature '::cta'", ""),
    r("ld .shared::cluster", v(7, 8), sm(90), "ld.shared::cluster.b32 %r1, [sbuf]", "§9.7.9.8 L160/L194")
        .ptxas("Feature '::cluster'", "Feature '::cluster'"),
    r("st .shared::cluster", v(7, 8), sm(90), "st.shared::cluster.b32 [sbuf], %r1", "§9.7.9.11")
        .ptxas("Feature '::cluster'", "Feature '::cluster'"),
    r("ld .cluster", v(7, 8), sm(90), "ld.relaxed.cluster.global.b32 %r1, [gbuf]", "§9.7.9.8 L160/L194")
        .ptxas("Feature '.cluster scope'", "Feature '.cluster scope'"),
    r("ld .mmio", v(8, 2), sm(70), "ld.mmio.relaxed.sys.global.b32 %r1, [gbuf]", "§9.7.9.8 L166/L202")
        .ptxas("Feature '.mmio'", "Feature '.mmio'"),
    r("st .mmio", v(8, 2), sm(70), "st.mmio.relaxed.sys.global.b32 [gbuf], %r1", "§9.7.9.11")
        .ptxas("Feature '.mmio'", "Feature '.mmio'"),
    r("ld .b128", v(8, 3), sm(70), "ld.global.b128 %q1, [gbuf]", "§9.7.9.8 L170/L204")
        .ptxas("Feature 'Instruction type .b128 for instruction ld'", "Feature 'Instruction type .b128 for instruction ld'"),
    r("st .b128", v(8, 3), sm(70), "st.global.b128 [gbuf], %q1", "§9.7.9.11")
        .ptxas("Feature 'Instruction type .b128 for instruction st'", "Feature 'Instruction type .b128 for instruction st'"),
    r("ld .v8", v(8, 8), sm(100), "ld.global.v8.b32 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]", "§9.7.9.8 L174/L206")
        .ptxas("Feature '256 bit wide load/store'", "Feature '256 bit wide load/store'"),
    r("st .v8", v(8, 8), sm(100), "st.global.v8.b32 [gbuf], {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}", "§9.7.9.11 L154/L182")
        .ptxas("Feature '256 bit wide load/store'", "Feature '256 bit wide load/store'"),
    r("ld .global .nc", v(3, 1), sm(32), "ld.global.nc.b32 %r1, [gbuf]", "§9.7.9.9 L100/L110")
        .ptxas("Feature '.nc'", "Instruction 'ld.nc'"),
    r("st.async", v(8, 1), sm(90), "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r1], %r2, [%r3]", "§9.7.9.12 L110/L116")
        .ptxas("Feature 'st.async'", "Feature 'st.async'"),
    r("st.bulk", v(8, 6), sm(100), "st.bulk.weak.shared::cta [%rd1], 64, 0", "§9.7.9.13 L32/L38")
        .ptxas("Feature 'st.bulk'", "Feature 'st.bulk'"),
    r("multimem.ld_reduce", v(8, 1), sm(90), "multimem.ld_reduce.relaxed.sys.global.add.u32 %r1, [%rd1]", "§9.7.9.14 L114/L124")
        .ptxas("Feature 'multimem.ld_reduce'", "Feature 'multimem.ld_reduce'"),
    r("multimem.st", v(8, 1), sm(90), "multimem.st.relaxed.sys.global.b32 [%rd1], %r1", "§9.7.9.14 L114/L124")
        .ptxas("Feature 'multimem.st'", "Feature 'multimem.st'"),
    r("multimem.red", v(8, 1), sm(90), "multimem.red.relaxed.sys.global.add.u32 [%rd1], %r1", "§9.7.9.14 L114/L124")
        .ptxas("Feature 'multimem.red'", "Feature 'multimem.red'"),
    r("multimem.cp.async.bulk", v(9, 1), sm(90), "multimem.cp.async.bulk.global.shared::cta.bulk_group [%rd1], [sbuf], 16", "§9.7.9.26 L37/L41")
        .ptxas("Feature 'multimem.cp.async.bulk'", "Feature 'multimem.cp.async.bulk'"),
    r("prefetch", v(2, 0), sm(20), "prefetch.global.L2 [gbuf]", "§9.7.9.15 L48/L56")
        .ptxas("Feature 'prefetch'", "Instruction 'prefetch'"),
    r("prefetchu", v(2, 0), sm(20), "prefetchu.L1 [%rd1]", "§9.7.9.15 L48/L56")
        .ptxas("Feature 'prefetchu'", "Instruction 'prefetchu'"),
    r("prefetch .L2::evict_last|.L2::evict_normal", v(7, 4), sm(80), "prefetch.global.L2::evict_last [gbuf]", "§9.7.9.15 L50/L58")
        .ptxas("Modifier 'cache eviction priority' on 'prefetch'", "Modifier 'cache eviction priority' on 'prefetch'"),
    r("prefetch .tensormap", v(8, 0), sm(90), "prefetch.tensormap [%rd1]", "§9.7.9.15 L52/L60")
        .ptxas("Modifier '.tensormap'", "Modifier '.tensormap'"),
    r("applypriority", v(7, 4), sm(80), "applypriority.global.L2::evict_normal [gbuf], 128", "§9.7.9.16")
        .ptxas("Feature 'applypriority'", "Feature 'applypriority'"),
    r("discard", v(7, 4), sm(80), "discard.global.L2 [gbuf], 128", "§9.7.9.17")
        .ptxas("Feature 'discard'", "Feature 'discard'"),
    r("createpolicy", v(7, 4), sm(80), "createpolicy.fractional.L2::evict_last.b64 %rd1, 1.0", "§9.7.9.18")
        .ptxas("Feature 'createpolicy.fractional'", "Feature 'createpolicy.fractional'"),
    r("isspacep", v(2, 0), sm(20), "isspacep.global %p1, %rd1", "§9.7.9.19 L36/L48")
        .ptxas("Feature 'isspacep'", "Instruction 'isspacep'"),
    r("isspacep .const", v(3, 1), sm(20), "isspacep.const %p1, %rd1", "§9.7.9.19 L38")
        .ptxas("Feature 'cvta/isspacep with .const state space'", "Instruction 'isspacep'"),
    r("isspacep .param", v(7, 7), sm(70), "isspacep.param %p1, %rd1", "§9.7.9.19 L40/L50")
        .ptxas("Feature 'cvta/isspacep with .param state space'", "Feature 'cvta/isspacep with .param state space'"),
    r("isspacep .shared::cluster", v(7, 8), sm(90), "isspacep.shared::cluster %p1, %rd1", "§9.7.9.19 L42/L54")
        .ptxas("Feature '::cluster'", "Feature '::cluster'"),
    r("cvta", v(2, 0), sm(20), "cvta.global.u64 %rd1, %rd2", "§9.7.9.20 L41/L55")
        .ptxas("Feature 'cvta'", "Instruction 'cvta'"),
    r("cvta .const", v(3, 1), sm(20), "cvta.const.u64 %rd1, %rd2", "§9.7.9.20 L43")
        .ptxas("Feature 'cvta/isspacep with .const state space'", "Instruction 'cvta'"),
    r("cvta .param", v(7, 7), sm(70), "cvta.param.u64 %rd1, %rd2", "§9.7.9.20 L45/L57")
        .ptxas("Feature 'cvta/isspacep with .param state space'", "Feature 'cvta/isspacep with .param state space'"),
    r("cvta .shared::cluster", v(7, 8), sm(90), "cvta.shared::cluster.u64 %rd1, %rd2", "§9.7.9.20 L49/L61")
        .ptxas("Feature '::cluster'", "Feature '::cluster'"),
    r("mapa", v(7, 8), sm(90), "mapa.shared::cluster.u32 %r1, %r2, %r3", "§9.7.9.23 L47/L51")
        .ptxas("Feature 'mapa'", "Feature 'mapa'"),
    r("getctarank", v(7, 8), sm(90), "getctarank.shared::cluster.u32 %r1, %r2", "§9.7.9.24 L43/L47")
        .ptxas("Feature 'getctarank'", "Feature 'getctarank'"),
    r("tensormap.replace", v(8, 3),
        TargetReq::Listed(&[(a(90), v(8, 3)), (a(100), v(8, 6)), (a(101), v(8, 6)), (a(120), v(8, 7)), (f(100), v(8, 8)), (f(101), v(8, 8)), (f(120), v(8, 8))]),
        "tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd2", "§9.7.9.28 L73/L83-101")
        .ptxas("Feature 'tensormap.replace'", "Instruction 'tensormap.replace'"),
    r("alloca", v(7, 3), sm(52), "alloca.u64 %rd1, 16", "§9.7.17.1; S78 L630")
        .ptxas("Feature 'alloca'", "Feature 'alloca'"),
    r("stacksave", v(7, 3), sm(52), "stacksave.u64 %rd1", "§9.7.17.2")
        .ptxas("Feature 'stacksave'", "Feature 'stacksave'"),
    r("stackrestore", v(7, 3), sm(52), "stackrestore.u64 %rd1", "§9.7.17.3")
        .ptxas("Feature 'stackrestore'", "Feature 'stackrestore'"),
    // ---------------------------------------------------------------- F. async copies
    r("cp.async !.bulk|.commit_group|.wait_group|.wait_all|.mbarrier", v(7, 0), sm(80), "cp.async.ca.shared.global [sbuf], [gbuf], 4", "§9.7.9.25 L134/L144")
        .ptxas("Feature 'cp.async'", "Feature 'cp.async'"),
    r("cp.async.commit_group", v(7, 0), sm(80), "cp.async.commit_group", "§9.7.9.25 L188/L192")
        .ptxas("Feature 'cp.async.commit_group'", "Feature 'cp.async.commit_group'"),
    r("cp.async.wait_group", v(7, 0), sm(80), "cp.async.wait_group 0", "§9.7.9.25 L252/L256")
        .ptxas("Feature 'cp.async.wait_group'", "Feature 'cp.async.wait_group'"),
    r("cp.async.wait_all", v(7, 0), sm(80), "cp.async.wait_all", "§9.7.9.25 L252/L256")
        .ptxas("Feature 'cp.async.wait_all'", "Feature 'cp.async.wait_all'"),
    r("cp.async.mbarrier.arrive", v(7, 0), sm(80), "cp.async.mbarrier.arrive.shared.b64 [sbuf]", "§9.7.13.15 L630/L636")
        .ptxas("Feature 'cp.async.mbarrier.arrive'", "Feature 'cp.async.mbarrier.arrive'"),
    r("cp.async .L2::cache_hint", v(7, 4), sm(80), "cp.async.cg.shared.global.L2::cache_hint [sbuf], [gbuf], 16, %rd1", "§9.7.9.25 L136")
        .ptxas("Modifier '.L2::cache_hint'", "Feature 'cp.async'"),
    r("cp.async.bulk !.tensor|.prefetch|.commit_group|.wait_group", v(8, 0), sm(90),
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [sbuf], [gbuf], 16, [sbuf+1024]", "§9.7.9.25 L369/L377")
        .ptxas("Feature 'cp.async.bulk'", "Feature 'cp.async.bulk'"),
    r("cp.async.bulk.shared::cta", v(8, 6), sm(90),
        "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [sbuf], [gbuf], 16, [sbuf+1024]", "§9.7.9.25 L371")
        .ptxas("Feature 'cp.async.bulk with destination state space as .shared::cta'", "Feature 'cp.async.bulk'"),
    r("cp.async.bulk .multicast::cluster", v(8, 0), sm(90),
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [sbuf], [gbuf], 16, [sbuf+1024], %h1", "§9.7.9.25 L379")
        .ptxas("Feature 'cp.async.bulk'", "Feature 'cp.async.bulk'"),
    r("cp.reduce.async.bulk !.tensor", v(8, 0), sm(90), "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [gbuf], [sbuf], 16", "§9.7.9.25 L508/L512")
        .ptxas("Feature 'cp.reduce.async.bulk'", "Feature 'cp.reduce.async.bulk'"),
    r("cp.async.bulk.prefetch !.tensor", v(8, 0), sm(90), "cp.async.bulk.prefetch.L2.global [gbuf], 16", "§9.7.9.25 L559/L563")
        .ptxas("Feature 'cp.async.bulk.prefetch'", "Feature 'cp.async.bulk.prefetch'"),
    r("cp.async.bulk.tensor", v(8, 0), sm(90),
        "cp.async.bulk.tensor.1d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1}], [sbuf+1024]", "§9.7.9.27 L306/L318")
        .ptxas("Feature 'cp.async.bulk.tensor'", "Feature 'cp.async.bulk.tensor'"),
    r("cp.async.bulk.tensor .tile::gather4|.tile::scatter4|.im2col::w|.im2col::w::128", v(8, 6), BW_100_101,
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1, %r2, %r3, %r4, %r5}], [sbuf+1024]",
        "§9.7.9.27 L310-314/L322-371; T72")
        .ptxas("Feature '.tile::gather4'", "Feature '.tile::gather4 with destination state space as .shared::cluster'"),
    r("cp.reduce.async.bulk.tensor", v(8, 0), sm(90), "cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group [%rd1, {%r1}], [sbuf]", "§9.7.9.27 L465/L469")
        .ptxas("Feature 'cp.reduce.async.bulk.tensor'", "Feature 'cp.reduce.async.bulk.tensor'"),
    r("cp.async.bulk.prefetch.tensor", v(8, 0), sm(90), "cp.async.bulk.prefetch.tensor.1d.L2.global.tile [%rd1, {%r1}]", "§9.7.9.27 L538/L546")
        .ptxas("Feature 'cp.async.bulk.prefetch.tensor'", "Feature 'cp.async.bulk.prefetch.tensor'"),
    r("cp.async.bulk.commit_group", v(8, 0), sm(90), "cp.async.bulk.commit_group", "§9.7.9.27 L631/L635")
        .ptxas("Feature 'cp.async.bulk.commit_group'", "Feature 'cp.async.bulk.commit_group'"),
    r("cp.async.bulk.wait_group", v(8, 0), sm(90), "cp.async.bulk.wait_group.read 0", "§9.7.9.27 L679/L683")
        .ptxas("Feature 'cp.async.bulk.wait_group'", "Feature 'cp.async.bulk.wait_group'"),
    // ---------------------------------------------------------------- I. synchronisation
    r("atom", v(1, 0), sm(11), "atom.global.add.u32 %r1, [gbuf], %r2", "§9.7.13.5 L120/L156 (manual: 1.1); ptxas 11.8 accepts it at 1.0")
        .ptxas("", "Instruction 'atom'"),
    r("atom .shared", v(1, 2), sm(12), "atom.shared.add.u32 %r1, [sbuf], %r2", "§9.7.13.5 L122/L158")
        .ptxas("", "Feature 'shared storage'"),
    r("atom .u64|.s64|.b64", v(1, 2), sm(12), "atom.global.add.u64 %rd1, [gbuf], %rd2", "§9.7.13.5 L122/L160")
        .ptxas("Instruction 'atom.add.u64.global'", "Instruction 'atom.add.u64.global'"),
    r("atom .add .f32", v(2, 0), sm(20), "atom.global.add.f32 %r1, [gbuf], %r2", "§9.7.13.5 L124/L162")
        .ptxas("Instruction 'atom.add.f32.global'", "Instruction 'atom.add.f32.global'"),
    r("atom !.global|.shared|.shared::cta|.shared::cluster", v(2, 0), sm(20), "atom.add.u32 %r1, [%rd1], %r2", "§9.7.13.5 L124/L174")
        .ptxas("Feature 'generic addressing'", "Feature 'generic addressing'"),
    r("atom .and|.or|.xor|.min|.max .b64|.u64|.s64", v(3, 1), sm(32), "atom.global.and.b64 %rd1, [gbuf], %rd2", "§9.7.13.5 L126/L164")
        .ptxas("Instruction 'atom.and.b64.global'", "Instruction 'atom.and.b64.global'"),
    r("atom .add .f64", v(5, 0), sm(60), "atom.global.add.f64 %rd1, [gbuf], %rd2", "§9.7.13.5 L128/L168")
        .ptxas("Instruction 'atom.add.f64.global'", "Instruction 'atom.add.f64.global'"),
    r("atom .cta|.gpu|.sys", v(5, 0), sm(60), "atom.sys.global.add.u32 %r1, [gbuf], %r2", "§9.7.13.5 L130/L170")
        .ptxas("Feature 'scopes on atomic operations'", "Feature 'scopes on atomic operations'"),
    r("atom .relaxed|.acquire|.release|.acq_rel", v(6, 0), sm(70), "atom.relaxed.gpu.global.add.u32 %r1, [gbuf], %r2", "§9.7.13.5 L132/L172")
        .ptxas("Feature '.relaxed'", "Feature '.relaxed'"),
    r("atom .noftz .f16x2", v(6, 2), sm(60), "atom.global.add.noftz.f16x2 %r1, [gbuf], %r2", "§9.7.13.5 L134/L176")
        .ptxas("Instruction 'atom.add.f16x2.global'", "Instruction 'atom.add.f16x2.global'"),
    r("atom .noftz .f16", v(6, 3), sm(70), "atom.global.add.noftz.f16 %h1, [gbuf], %h2", "§9.7.13.5 L136/L178")
        .ptxas("Instruction 'atom.add.f16.global'", "Instruction 'atom.add.f16.global'"),
    r("atom .cas .b16", v(6, 3), sm(70), "atom.global.cas.b16 %h1, [gbuf], %h2, %h3", "§9.7.13.5 L136/L178")
        .ptxas("Instruction 'atom.cas.b16.global'", "Instruction 'atom.cas.b16.global'"),
    r("atom .L2::cache_hint", v(7, 4), sm(80), "atom.global.L2::cache_hint.add.u32 %r1, [gbuf], %r2, %rd1", "§9.7.13.5 L140/L180")
        .ptxas("Modifier '.L2::cache_hint'", "Modifier '.L2::cache_hint'"),
    r("atom .bf16|.bf16x2", v(7, 8), sm(90), "atom.global.add.noftz.bf16 %h1, [gbuf], %h2", "§9.7.13.5 L142/L182")
        .ptxas("Instruction 'atom.add.bf16.global'", "Instruction 'atom.add.bf16.global'"),
    r("atom .cluster|.shared::cluster", v(7, 8), sm(90), "atom.relaxed.cluster.global.add.u32 %r1, [gbuf], %r2", "§9.7.13.5 L144/L184")
        .ptxas("Feature '.cluster scope'", "Feature '.cluster scope'"),
    r("atom .v2|.v4|.v8", v(8, 1), sm(90), "atom.global.v2.f32.add {%r1, %r2}, [gbuf], {%r3, %r4}", "§9.7.13.5 L148/L190")
        .ptxas("Feature 'atom instruction with vector types'", "Feature 'atom instruction with vector types'"),
    r("atom .b128", v(8, 3), sm(90), "atom.global.cas.b128 %q1, [gbuf], %q2, %q3", "§9.7.13.5 L150/L192")
        .ptxas("Instruction 'atom.cas.b128.global'", "Instruction 'atom.cas.b128.global'"),
    r("red !.async", v(1, 2), sm(11), "red.global.add.u32 [gbuf], %r1", "§9.7.13.6 L108/L138")
        .ptxas("Feature 'red'", "Instruction 'red.add.u32.global'"),
    r("red .shared", v(1, 2), sm(12), "red.shared.add.u32 [sbuf], %r1", "§9.7.13.6 L108/L140")
        .ptxas("Feature 'red'", "Feature 'shared storage'"),
    r("red .add .f32", v(2, 0), sm(20), "red.global.add.f32 [gbuf], %r1", "§9.7.13.6 L110/L144")
        .ptxas("Instruction 'red.add.f32.global'", "Instruction 'red.add.f32.global'"),
    r("red .add .f64", v(5, 0), sm(60), "red.global.add.f64 [gbuf], %rd1", "§9.7.13.6 L112-134")
        .ptxas("Instruction 'red.add.f64.global'", "Instruction 'red.add.f64.global'"),
    r("red .relaxed|.release", v(6, 0), sm(70), "red.relaxed.gpu.global.add.u32 [gbuf], %r1", "§9.7.13.6 L112-134")
        .ptxas("Feature '.relaxed'", "Feature '.relaxed'"),
    r("red.async", v(8, 1), sm(90), "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r1], %r2, [%r3]", "§9.7.13.7 L139/L145")
        .ptxas("Feature 'red.async'", "Feature 'red.async'"),
    r("tensormap.cp_fenceproxy", v(8, 3), sm(90), "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%rd1], [sbuf], 128", "§9.7.13.16 L43/L47")
        .not_supported()
        .ptxas("Feature 'tensormap.cp_fenceproxy'", "Instruction 'tensormap.cp_fenceproxy'"),
    // ---------------------------------------------------------------- J. matrix
    r("wmma", v(6, 0), sm(70), "wmma.load.a.sync.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]", "§9.7.14.4 L284/L300")
        .ptxas("Feature 'WMMA with floating point types'", "Feature 'WMMA with floating point types'"),
    r("wmma .aligned", v(6, 3), sm(70), "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]", "§9.7.14.4 L296")
        .ptxas("Feature '.aligned modifier for wmma'", "Feature 'WMMA with floating point types'"),
    r("wmma .m8n32k16|.m32n8k16", v(6, 1), sm(70), "wmma.load.a.sync.row.m32n8k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [gbuf]", "§9.7.14.4; RN 6.1")
        .ptxas("Feature '.m32n8k16'", "Modifier '.m32n8k16'"),
    r("wmma .s8|.u8", v(6, 3), sm(72), "wmma.load.a.sync.aligned.row.m16n16k16.global.s8 {%r1, %r2}, [gbuf]", "§9.7.14.4; RN 6.3")
        .ptxas("Feature '.aligned modifier for wmma'", "Feature 'WMMA with integer types'"),
    r("wmma .s4|.u4|.b1", v(6, 3), sm(75), "wmma.load.a.sync.aligned.row.m8n8k32.global.s4 {%r1}, [gbuf]", "§9.7.14.4; RN 6.3")
        .ptxas("Feature '.aligned modifier for wmma'", "Feature '.s4'"),
    r("wmma .f64|.bf16|.tf32", v(7, 0), sm(80), "wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {%rd1}, [gbuf]", "§9.7.14.4; RN 7.0")
        .ptxas("Feature 'WMMA with fp64 types'", "Feature 'WMMA with fp64 types'"),
    r("wgmma", v(8, 0), SM90A, "wgmma.fence.sync.aligned", "§9.7.15.5 L605/L611; T72 (sm_90a only; every wgmma op)"),
    r("wgmma.fence", v(8, 0), SM90A, "wgmma.fence.sync.aligned", "§9.7.15.5 L605/L611; T72")
        .ptxas("Feature 'WGMMA'", "Instruction 'wgmma.fence'"),
    r("wgmma.commit_group", v(8, 0), SM90A, "wgmma.commit_group.sync.aligned", "§9.7.15.5; T72")
        .ptxas("Feature 'WGMMA'", "Instruction 'wgmma.commit_group'"),
    r("wgmma.wait_group", v(8, 0), SM90A, "wgmma.wait_group.sync.aligned 0", "§9.7.15.5; T72")
        .ptxas("Feature 'WGMMA'", "Instruction 'wgmma.wait_group'"),
    r("wgmma.mma_async !.sp|.s32", v(8, 0), SM90A,
        "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd1, %rd2, 1, 1, 1, 0, 0", "§9.7.15.5; T72")
        .ptxas("Feature 'WGMMA with floating point types'", "Instruction 'wgmma.mma_async with floating point types'"),
    r("wgmma.mma_async.sp", v(8, 2), SM90A,
        "wgmma.mma_async.sp.sync.aligned.m64n8k32.f32.f16.f16 {%r1, %r2, %r3, %r4}, %rd1, %rd2, %r5, 0, 1, 1, 1, 0, 0", "§9.7.15.6 L358/L364")
        .ptxas("Feature 'Sparse WGMMA with floating point types'", "Instruction 'Sparse wgmma.mma_async with floating point types'"),
    r("tcgen05", v(8, 6), BW_100_101, "tcgen05.fence::before_thread_sync", "§9.7.16.7 L61/L65; T72 (every tcgen05 op)"),
    r("tcgen05 .fence::before_thread_sync|.fence::after_thread_sync", v(8, 6), BW_100_101, "tcgen05.fence::after_thread_sync", "§9.7.16.7 L61/L65; T72")
        .ptxas("Feature 'tcgen05.fence'", "Instruction 'tcgen05.fence'"),
    r("tcgen05.alloc", v(8, 6), BW_100_101, "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [sbuf], 32", "§9.7.16.7; T72")
        .ptxas("Feature 'tcgen05.alloc'", "Instruction 'tcgen05.alloc'"),
    r("tcgen05.ld", v(8, 6), BW_100_101, "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r1}, [%r2]", "§9.7.16.8 L116/L122")
        .ptxas("Feature 'tcgen05.ld'", "Instruction 'tcgen05.ld'"),
    r("tcgen05.mma", v(8, 6), BW_100_101, "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1", "§9.7.16.10 L964/L972")
        .ptxas("Feature 'tcgen05.mma'", "Instruction 'tcgen05.mma'"),
    // ---------------------------------------------------------------- G. texture and surface
    r("tex .a1d|.a2d", v(2, 3), ANY, "tex.a1d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}]", "§9.7.10.3 L155")
        .ptxas("Feature 'array geometry'", "")
        .setup(".global .texref tex0"),
    r("tex .cube", v(3, 0), ANY, "tex.cube.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}]", "§9.7.10.3 L157")
        .ptxas("Feature 'cubemap textures'", "")
        .setup(".global .texref tex0"),
    r("tex .acube", v(3, 0), sm(20), "tex.acube.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}]", "§9.7.10.3 L157/L179")
        .ptxas("Feature 'cubemap textures'", "Feature 'cubemap array'")
        .setup(".global .texref tex0"),
    r("tex .level", v(3, 1), sm(20), "tex.level.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}], %r7", "§9.7.10.3 L159/L181")
        .ptxas("Feature 'tex.level'", "Instruction 'tex.level'")
        .setup(".global .texref tex0"),
    r("tex .grad", v(3, 1), sm(20), "tex.grad.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}], {%r7, %r8}, {%r9, %r10}", "§9.7.10.3 L159/L181")
        .ptxas("Feature 'tex.grad'", "Instruction 'tex.grad'")
        .setup(".global .texref tex0"),
    r("tld4", v(2, 2), sm(20), "tld4.r.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6}]", "§9.7.10.4 L69/L83")
        .ptxas("Feature 'tld4'", "Instruction 'tld4'")
        .setup(".global .texref tex0"),
    r("tld4 .a2d|.cube|.acube", v(4, 3), sm(30), "tld4.r.cube.v4.f32.f32 {%r1, %r2, %r3, %r4}, [tex0, {%r5, %r6, %r7, %r8}]", "§9.7.10.4 L73/L87")
        .ptxas("Feature 'tld4 instruction with .cube'", "Feature 'tld4 instruction with .cube'")
        .setup(".global .texref tex0"),
    r("txq", v(1, 5), ANY, "txq.width.b32 %r1, [tex0]", "§9.7.10.5 L59/L73")
        .ptxas("Feature 'txq'", "")
        .setup(".global .texref tex0"),
    r("txq .level", v(4, 3), sm(30), "txq.level.width.b32 %r1, [tex0], %r2", "§9.7.10.5 L69/L81")
        .ptxas("Feature 'txq.level'", "Instruction 'txq.level'")
        .setup(".global .texref tex0"),
    r("istypep", v(4, 0), sm(30), "istypep.texref %p1, %rd1", "§9.7.10.6 L26/L30")
        .ptxas("Feature 'istypep'", "Instruction 'istypep'")
        .setup(".global .texref tex0"),
    r("suld", v(1, 5), ANY, "suld.b.2d.b32.trap {%r1}, [surf0, {%r2, %r3}]", "§9.7.11.1 L65/L75")
        .ptxas("Feature 'suld.b'", "")
        .setup(".global .surfref surf0"),
    r("suld .3d|.a1d|.a2d", v(3, 0), sm(20), "suld.b.3d.b32.trap {%r1}, [surf0, {%r2, %r3, %r4, %r5}]", "§9.7.11.1 L69/L79")
        .ptxas("Feature 'surface instruction with .3d geometry'", "Feature 'surface instruction with .3d geometry'")
        .setup(".global .surfref surf0"),
    r("sust", v(1, 5), ANY, "sust.b.2d.b32.trap [surf0, {%r2, %r3}], {%r1}", "§9.7.11.2 L71")
        .ptxas("Feature 'sust.b'", "")
        .setup(".global .surfref surf0"),
    r("sust .p", v(2, 0), sm(20), "sust.p.2d.b32.trap [surf0, {%r2, %r3}], {%r1, %r4, %r5, %r6}", "§9.7.11.2 L71/L85")
        .ptxas("Feature 'sust.p'", "Instruction 'sust.p'")
        .setup(".global .surfref surf0"),
    r("sured", v(2, 0), sm(20), "sured.b.add.2d.trap.u32 [surf0, {%r2, %r3}], %r1", "§9.7.11.3 L58/L66")
        .ptxas("Feature 'sured.b'", "Instruction 'sured.b'")
        .setup(".global .surfref surf0"),
    r("suq", v(1, 5), ANY, "suq.width.b32 %r1, [surf0]", "§9.7.11.4 L40")
        .ptxas("Feature 'suq'", "")
        .setup(".global .surfref surf0"),
    // ---------------------------------------------------------------- more memory, sync, tensor rows
    r("ld .v4 .b64|.u64|.s64|.f64", v(8, 8), sm(100), "ld.global.v4.b64 {%rd1, %rd2, %rd3, %rd4}, [gbuf]", "§9.7.9.8 L174/L206 (256-bit)")
        .ptxas("Feature '256 bit wide load/store'", "Feature '256 bit wide load/store'"),
    r("st .v4 .b64|.u64|.s64|.f64", v(8, 8), sm(100), "st.global.v4.b64 [gbuf], {%rd1, %rd2, %rd3, %rd4}", "§9.7.9.11 L154/L182 (256-bit)")
        .ptxas("Feature '256 bit wide load/store'", "Feature '256 bit wide load/store'"),
    r("st .shared::cta", v(7, 8), ANY, "st.shared::cta.b32 [sbuf], %r1", "§9.7.9.11; RN 7.8")
        .ptxas("Feature '::cta'", ""),
    r("atom .shared::cta", v(7, 8), sm(12), "atom.shared::cta.add.u32 %r1, [sbuf], %r2", "§9.7.13.5 L146/L186")
        .ptxas("Feature '::cta'", "Feature 'shared storage'"),
    r("red .shared::cta", v(7, 8), sm(12), "red.shared::cta.add.u32 [sbuf], %r1", "§9.7.13.6")
        .ptxas("Feature '::cta'", "Feature 'shared storage'"),
    r("isspacep .shared::cta", v(7, 8), sm(20), "isspacep.shared::cta %p1, %rd1", "§9.7.9.19 L42/L52")
        .ptxas("Feature '::cta'", ""),
    r("cvta .shared::cta", v(7, 8), sm(20), "cvta.shared::cta.u64 %rd1, %rd2", "§9.7.9.20 L49/L59")
        .ptxas("Feature '::cta'", ""),
    r("isspacep .param::entry", v(8, 3), sm(70), "isspacep.param::entry %p1, %rd1", "§9.7.9.19 L44/L50")
        .ptxas("Feature '::entry'", ""),
    r("cp.async.bulk.tensor .shared::cta .mbarrier::complete_tx::bytes", v(8, 6), sm(90),
        "cp.async.bulk.tensor.1d.shared::cta.global.tile.mbarrier::complete_tx::bytes [sbuf], [%rd1, {%r1}], [sbuf+1024]", "§9.7.9.27 L308/L322-326")
        .ptxas("Feature 'cp.async.bulk.tensor with destination state space as .shared::cta'", ""),
    r("cp.async.bulk .cp_mask", v(8, 6), sm(100), "cp.async.bulk.global.shared::cta.bulk_group.cp_mask [gbuf], [sbuf], 16, %h1", "§9.7.9.25 L373/L381")
        .ptxas("Feature '.cp_mask'", "Feature '.cp_mask'"),
    r("st.async .release|.mmio|.global", v(8, 7), sm(100), "st.async.release.gpu.global.b32 [gbuf], %r2", "§9.7.9.12 L112/L118")
        .ptxas("Feature 'st.async/red.async with .global state space'", "Feature 'st.async/red.async with .global state space'"),
    r("red.async .release|.mmio|.global", v(8, 7), sm(100), "red.async.release.gpu.global.add.u32 [gbuf], %r2", "§9.7.13.7 L141/L147")
        .ptxas("Feature 'st.async/red.async with .global state space'", "Feature 'st.async/red.async with .global state space'"),
    r("red .u64|.s64|.b64", v(1, 2), sm(12), "red.global.add.u64 [gbuf], %rd1", "§9.7.13.6 L108-134")
        .ptxas("Instruction 'red.add.u64.global'", "Instruction 'red.add.u64.global'"),
    r("red .and|.or|.xor|.min|.max .b64|.u64|.s64", v(3, 1), sm(32), "red.global.and.b64 [gbuf], %rd1", "§9.7.13.6 L112-134")
        .ptxas("Instruction 'red.and.b64.global'", "Instruction 'red.and.b64.global'"),
    r("red .cta|.gpu|.sys", v(5, 0), sm(60), "red.sys.global.add.u32 [gbuf], %r1", "§9.7.13.6 L112-134")
        .ptxas("Feature 'scopes on atomic operations'", "Feature 'scopes on atomic operations'"),
    r("red .noftz .f16x2", v(6, 2), sm(60), "red.global.add.noftz.f16x2 [gbuf], %r1", "§9.7.13.6 L112-134")
        .ptxas("Instruction 'red.add.f16x2.global'", "Instruction 'red.add.f16x2.global'"),
    r("red .L2::cache_hint", v(7, 4), sm(80), "red.global.L2::cache_hint.add.u32 [gbuf], %r1, %rd1", "§9.7.13.6 L112-134")
        .ptxas("Modifier '.L2::cache_hint'", "Modifier '.L2::cache_hint'"),
    r("red .bf16|.bf16x2", v(7, 8), sm(90), "red.global.add.noftz.bf16 [gbuf], %h1", "§9.7.13.6 L112-134")
        .ptxas("Instruction 'red.add.bf16.global'", "Instruction 'red.add.bf16.global'"),
    r("red .cluster|.shared::cluster", v(7, 8), sm(90), "red.relaxed.cluster.global.add.u32 [gbuf], %r1", "§9.7.13.6 L112-134")
        .ptxas("Feature '.cluster scope'", "Feature '.cluster scope'"),
    r("red .v2|.v4|.v8", v(8, 1), sm(90), "red.global.v2.f32.add [gbuf], {%r1, %r2}", "§9.7.13.6 L112-134")
        .ptxas("Feature 'red instruction with vector types'", "Feature 'red instruction with vector types'"),
    r("tcgen05.st", v(8, 6), BW_100_101, "tcgen05.st.sync.aligned.32x32b.x1.b32 [%r2], {%r1}", "§9.7.16.8")
        .ptxas("Feature 'tcgen05.st'", "Instruction 'tcgen05.st'"),
    r("tcgen05 .wait::ld|.wait::st", v(8, 6), BW_100_101, "tcgen05.wait::ld.sync.aligned", "§9.7.16.8")
        .ptxas("Feature 'tcgen05.wait'", "Instruction 'tcgen05.wait'"),
    r("tcgen05.dealloc", v(8, 6), BW_100_101, "tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r1, 32", "§9.7.16.7")
        .ptxas("Feature 'tcgen05.dealloc'", "Instruction 'tcgen05.dealloc'"),
    r("tcgen05.relinquish_alloc_permit", v(8, 6), BW_100_101, "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned", "§9.7.16.7")
        .ptxas("Feature 'tcgen05.relinquish_alloc_permit'", "Instruction 'tcgen05.relinquish_alloc_permit'"),
    r("tcgen05.commit", v(8, 6), BW_100_101, "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%rd1]", "§9.7.16.11")
        .ptxas("Feature 'tcgen05.commit'", "Instruction 'tcgen05.commit'"),
    r("tcgen05.cp", v(8, 6), BW_100_101, "tcgen05.cp.cta_group::1.128x256b [%r1], %rd1", "§9.7.16.9")
        .ptxas("Feature 'tcgen05.cp'", "Instruction 'tcgen05.cp'"),
    r("tcgen05.shift", v(8, 6), TargetReq::Listed(&[(a(100), v(8, 6)), (a(101), v(8, 6)), (a(103), v(8, 8)), (a(107), v(9, 4))]),
        "tcgen05.shift.cta_group::1.down [%r1]", "§9.7.16.9 L150/L154; T72 (a targets only)")
        .ptxas("Feature 'tcgen05.shift'", "Instruction 'tcgen05.shift'"),
    r("tcgen05.mma .kind::i8", v(8, 6), TargetReq::Listed(&[(a(100), v(8, 6)), (a(101), v(8, 6))]),
        "tcgen05.mma.cta_group::1.kind::i8 [%r1], %rd1, %rd2, %r2, %p1", "§9.7.16.10 L987-993 (a targets only)"),
    r("wgmma.mma_async .s32 !.sp", v(8, 0), SM90A, "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%r1, %r2, %r3, %r4}, %rd1, %rd2, 1", "§9.7.15.5")
        .ptxas("Feature 'WGMMA with integer types'", "Instruction 'wgmma.mma_async with integer types'"),
];

/// Every instruction-table row: the signature files' `require` records, then the rows above.
pub fn all_features() -> impl Iterator<Item = &'static Feature> {
    crate::signature::signature_features().iter().chain(FEATURES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::Pattern;
    use crate::probe::body_forms;

    #[test]
    fn every_pattern_compiles_and_every_probe_uses_its_row() {
        for row in FEATURES {
            let patterns = Pattern::compile_all(row.pattern).unwrap_or_else(|e| panic!("{e:?}"));
            let forms = body_forms(row.probe);
            assert!(
                forms.iter().any(|form| Pattern::any_matches(&patterns, form)),
                "the probe of '{}' does not match its pattern",
                row.pattern
            );
            assert!(!row.source.is_empty(), "'{}' has no source", row.pattern);
            if let TargetReq::Listed(list) = row.target {
                assert!(list.iter().all(|(t, _)| t.is_known()), "'{}'", row.pattern);
            }
        }
    }

    #[test]
    fn patterns_are_unique() {
        for (i, row) in FEATURES.iter().enumerate() {
            assert!(
                FEATURES[..i].iter().all(|other| other.pattern != row.pattern),
                "duplicate '{}'",
                row.pattern
            );
        }
    }
}
