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

/// Every row not yet moved into a signature file's `require` records (see [`all_features`]).
pub const FEATURES: &[Feature] = &[
    // ---------------------------------------------------------------- E. data movement
    // ---------------------------------------------------------------- F. async copies
    // ---------------------------------------------------------------- I. synchronisation
    // ---------------------------------------------------------------- J. matrix
    r("tcgen05", v(8, 6), BW_100_101, "tcgen05.fence::before_thread_sync", "§9.7.16.7 L61/L65; T72 (every tcgen05 op)"),
    r("tcgen05 .fence::before_thread_sync|.fence::after_thread_sync", v(8, 6), BW_100_101, "tcgen05.fence::after_thread_sync", "§9.7.16.7 L61/L65; T72")
        .ptxas("Feature 'tcgen05.fence'", "Instruction 'tcgen05.fence'"),
    r("tcgen05.alloc", v(8, 6), BW_100_101, "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [sbuf], 32", "§9.7.16.7; T72")
        .ptxas("Feature 'tcgen05.alloc'", "Instruction 'tcgen05.alloc'"),
    r("tcgen05.ld", v(8, 6), BW_100_101, "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r1}, [%r2]", "§9.7.16.8 L116/L122")
        .ptxas("Feature 'tcgen05.ld'", "Instruction 'tcgen05.ld'|Instruction 'tcgen05.ld.red.spcompress'"),
    r("tcgen05.mma", v(8, 6), BW_100_101, "tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1", "§9.7.16.10 L964/L972")
        .ptxas("Feature 'tcgen05.mma'", "Instruction 'tcgen05.mma'"),
    // ---------------------------------------------------------------- G. texture and surface
    // ---------------------------------------------------------------- more memory, sync, tensor rows
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
    // ---------------------------------------------------------------- L. 9.1-9.4 additions
    r("tcgen05.mma .kind::ti16", v(9, 4), TargetReq::Listed(&[(f(107), v(9, 4))]),
        "tcgen05.mma.cta_group::1.kind::ti16 [%r1], %rd1, %rd2, %r2, %p1", "T72 (9.4, sm_107f); ptxas 13.5 probe")
        .ptxas("Feature '.kind::ti16'", "Feature '.kind::ti16'"),
    r(
        "tcgen05.mma .collector::b::*|.collector::b0::*|.collector::b1::*|.collector::b2::*|.collector::b3::*",
        v(9, 4),
        TargetReq::Listed(&[(f(107), v(9, 4))]),
        "tcgen05.mma.cta_group::1.kind::f16.collector::a::fill.collector::b::use [%r1], %rd1, %rd2, %r2, {%r3, %r4, %r5, %r6}, %p1, 5",
        "T72 (9.4, sm_107f); ptxas 13.5 probe (too old a target: \"Illegal modifier '.collector::b::use' for instruction 'tcgen05.mma'\")",
    )
    .ptxas("Feature 'tcgen05.mma'", ""),
    r("tcgen05.mma .decompress::lut::b", v(9, 4), TargetReq::Listed(&[(f(107), v(9, 4))]),
        "tcgen05.mma.cta_group::1.kind::f8f6f4.decompress::lut::b [%r1], %rd1, %rd2, [%r3], %r2, %p1", "T72 (9.4, sm_107f); ptxas 13.5 probe")
        .ptxas("Feature '.decompress::lut::b'", "Feature '.decompress::lut::b'"),
    r("tcgen05.alloc .exclusive", v(9, 4), TargetReq::Listed(&[(f(107), v(9, 4))]),
        "tcgen05.alloc.cta_group::1.exclusive.sync.aligned.shared::cta.b32 [%r1], 32", "T72 (9.4, sm_107f); ptxas 13.5 probe")
        .ptxas("Modifier '.exclusive'", ""),
    r("tcgen05.commit .multicast::cluster::32b", v(9, 4), TargetReq::Listed(&[(f(107), v(9, 4))]),
        "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.multicast::cluster::32b.b64 [%rd1], %r1", "T72 (9.4, sm_107f); ptxas 13.5 probe")
        .ptxas(
            "Feature 'tcgen05.commit.multicast::cluster::32b'",
            "Feature 'tcgen05.commit.multicast::cluster::32b'",
        ),
    r("tcgen05.ld .spcompress", v(9, 4), TargetReq::Listed(&[(a(107), v(9, 4))]),
        "tcgen05.ld.red.spcompress.sync.aligned.32x32b.x4.max.sp::2:4.abs.NaN.f32.b2 {%r1}, {%r2, %r3}, %r4, [%r5]", "T72 (9.4, sm_107a); ptxas 13.5 probe")
        .ptxas("Feature 'tcgen05.ld.red.spcompress'", "Instruction 'tcgen05.ld.red.spcompress'"),
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
