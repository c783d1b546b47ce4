//! Directives, kernel attributes and special registers: what each needs.
//!
//! The rows use the same [`Feature`] record as the instruction table; `pattern` is the
//! directive (`.weak`) or special register (`%clock64`) itself. Check one with
//! [`check_features`](crate::check_features). Every row is re-checked at its boundaries by
//! `cargo xtask isa-probes` (probe names start with `directive`). Source keys as in
//! [`instructions`](crate::instructions).

use crate::instructions::{ANY, r, sm, v};
use crate::requirements::Feature;

/// Module-scope directives and kernel attributes.
pub const DIRECTIVES: &[Feature] = &[
    r(".address_size", v(2, 3), ANY, "", "§11.1.3 L31-37")
        .setup(".address_size 64")
        .ptxas("Feature '.address_size directive'", ""),
    r(".weak", v(3, 1), ANY, "", "§11.6.3")
        .setup(".weak .global .b32 weakvar")
        .ptxas("Feature '.weak directive'", ""),
    r(
        ".common",
        v(5, 0),
        ANY,
        "",
        "§11.6.4 (manual: sm_20; ptxas accepts sm_13)",
    )
    .ptxas("Feature '.common directive'", "")
    .setup(".common .global .b32 commonvar"),
    r(".maxnreg", v(1, 3), ANY, "", "§11.4.1 L28")
        .ptxas("Feature '.maxnreg'", "")
        .attrs(".maxnreg 32"),
    r(".maxntid", v(1, 3), ANY, "", "§11.4.2 L32")
        .ptxas("Feature '.maxntid'", "")
        .attrs(".maxntid 64"),
    r(".reqntid", v(2, 1), ANY, "", "§11.4.3")
        .ptxas("Feature '.reqntid directive'", "")
        .attrs(".reqntid 64"),
    r(".minnctapersm", v(2, 0), ANY, "", "§11.4.4")
        .ptxas("Feature '.minnctapersm directive'", "")
        .attrs(".maxntid 64 .minnctapersm 2"),
    r(".reqnctapercluster", v(7, 8), sm(90), "", "§11.7.1")
        .ptxas("Feature '.reqnctapercluster'", "Feature '.reqnctapercluster'")
        .attrs(".reqnctapercluster 2"),
    r(".explicitcluster", v(7, 8), sm(90), "", "§11.7.2")
        .ptxas("Feature '.explicitcluster'", "Feature '.explicitcluster'")
        .attrs(".explicitcluster"),
    r(".maxclusterrank", v(7, 8), sm(90), "", "§11.7.3")
        .ptxas("Feature '.maxclusterrank'", "Feature '.maxclusterrank'")
        .attrs(".maxclusterrank 2"),
    r(".pragma", v(2, 0), ANY, ".pragma \"nounroll\"", "§11.4.7; §12.1").ptxas("Feature '.pragma directive'", ""),
    r(".attribute(.managed)", v(4, 0), sm(30), "", "§5.4.8 L32/L38")
        .ptxas("Feature '.attribute'", "Feature '.managed'")
        .setup(".global .attribute(.managed) .b32 managedvar"),
];

/// Special registers (read with `mov`), without their `.x/.y/.z` component.
pub const SPECIAL_REGISTERS: &[Feature] = &[
    r("%laneid", v(1, 3), ANY, "mov.u32 %r1, %laneid", "§10.3").ptxas("Feature '%laneid'", ""),
    r("%warpid", v(1, 3), ANY, "mov.u32 %r1, %warpid", "§10.4").ptxas("Feature '%warpid'", ""),
    r("%smid", v(1, 3), ANY, "mov.u32 %r1, %smid", "§10.8").ptxas("Feature '%smid'", ""),
    r("%nwarpid", v(2, 0), sm(20), "mov.u32 %r1, %nwarpid", "§10.5").ptxas("Feature '%nwarpid'", "Feature '%nwarpid'"),
    r("%nsmid", v(2, 0), sm(20), "mov.u32 %r1, %nsmid", "§10.9").ptxas("Feature '%nsmid'", "Feature '%nsmid'"),
    r("%lanemask_eq", v(2, 0), sm(20), "mov.u32 %r1, %lanemask_eq", "§10.18")
        .ptxas("Feature '%lanemask_eq'", "Feature '%lanemask_eq'"),
    r("%lanemask_lt", v(2, 0), sm(20), "mov.u32 %r1, %lanemask_lt", "§10.20")
        .ptxas("Feature '%lanemask_lt'", "Feature '%lanemask_lt'"),
    r("%clock64", v(2, 0), sm(20), "mov.u64 %rd1, %clock64", "§10.24")
        .ptxas("Feature '%clock64'", "Feature '%clock64'"),
    r("%clock_hi", v(5, 0), sm(20), "mov.u32 %r1, %clock_hi", "§10.23 L33-41")
        .ptxas("Feature '%clock_hi'", "Feature '%clock_hi'"),
    r(
        "%envreg0",
        v(1, 0),
        ANY,
        "mov.u32 %r1, %envreg0",
        "§10.27 (manual: 2.1; ptxas accepts it at 2.0 and below)",
    ),
    r("%pm4", v(3, 0), sm(20), "mov.u32 %r1, %pm4", "§10.25").ptxas("Feature '%pm4'", "Feature '%pm4'"),
    r("%pm0_64", v(4, 0), sm(50), "mov.u64 %rd1, %pm0_64", "§10.26").ptxas("Feature '%pm0_64'", "Feature '%pm0_64'"),
    r(
        "%globaltimer",
        v(3, 1),
        sm(30),
        "mov.u64 %rd1, %globaltimer",
        "§10.28 L38/L42",
    )
    .ptxas("Feature '%globaltimer'", "Feature '%globaltimer'"),
    r(
        "%total_smem_size",
        v(4, 1),
        sm(20),
        "mov.u32 %r1, %total_smem_size",
        "§10.30",
    )
    .ptxas("Feature '%total_smem_size'", "Feature '%total_smem_size'"),
    r(
        "%dynamic_smem_size",
        v(4, 1),
        sm(20),
        "mov.u32 %r1, %dynamic_smem_size",
        "§10.32",
    )
    .ptxas("Feature '%dynamic_smem_size'", "Feature '%dynamic_smem_size'"),
    r(
        "%reserved_smem_offset_begin",
        v(7, 6),
        sm(80),
        "mov.u32 %r1, %reserved_smem_offset_begin",
        "§10.29 L45/L49",
    )
    .ptxas(
        "Feature '%reserved_smem_offset_begin'",
        "Feature '%reserved_smem_offset_begin'",
    ),
    r("%clusterid", v(7, 8), sm(90), "mov.u32 %r1, %clusterid.x", "§10.12")
        .ptxas("Feature '%clusterid'", "Feature '%clusterid'"),
    r(
        "%cluster_ctarank",
        v(7, 8),
        sm(90),
        "mov.u32 %r1, %cluster_ctarank",
        "§10.16",
    )
    .ptxas("Feature '%cluster_ctarank'", "Feature '%cluster_ctarank'"),
    r(
        "%is_explicit_cluster",
        v(7, 8),
        sm(90),
        "mov.pred %p1, %is_explicit_cluster",
        "§10.11",
    )
    .ptxas("Feature '%is_explicit_cluster'", "Feature '%is_explicit_cluster'"),
    r(
        "%current_graph_exec",
        v(8, 0),
        sm(50),
        "mov.u64 %rd1, %current_graph_exec",
        "§10.33 L26/L30",
    )
    .ptxas("Feature '%current_graph_exec'", "Feature '%current_graph_exec'"),
    r(
        "%aggr_smem_size",
        v(8, 1),
        sm(90),
        "mov.u32 %r1, %aggr_smem_size",
        "§10.31 L24/L28",
    )
    .ptxas("Feature '%aggr_smem_size'", "Feature '%aggr_smem_size'"),
];

/// The row of a directive (`".weak"`) or kernel attribute (`".maxntid"`).
///
/// ```
/// let w = ptx_isa::directives::directive(".weak").unwrap();
/// assert_eq!(w.ptx, ptx_isa::Version::new(3, 1));
/// ```
pub fn directive(name: &str) -> Option<&'static Feature> {
    DIRECTIVES.iter().find(|f| f.pattern == name)
}

/// The row of a special register, given with or without its component
/// (`"%clusterid.x"` → `%clusterid`).
///
/// ```
/// let r = ptx_isa::directives::special_register("%clusterid.y").unwrap();
/// assert_eq!(r.target, ptx_isa::TargetReq::AtLeast(90));
/// ```
pub fn special_register(name: &str) -> Option<&'static Feature> {
    let base = name.split('.').next().unwrap_or(name);
    SPECIAL_REGISTERS.iter().find(|f| f.pattern == base)
}
