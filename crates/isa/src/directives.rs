//! Directives, function-header attributes, debugging directives, pragmas, declarations and
//! special registers: what each needs. Together with the removal rows of
//! [`deprecations`](crate::deprecations) these are the module-level construct table;
//! [`constructs`](crate::constructs) maps every construct of the grammar onto it.
//!
//! The rows use the same [`Feature`] record as the instruction table; `pattern` is the
//! directive (`.weak`) or special register (`%clock64`) itself, or for [`DECLARATIONS`] a name
//! for the construct (`opaque type`). Check one with
//! [`check_features`](crate::check_features). Every row is re-checked at its boundaries by
//! `cargo xtask isa-probes` (probe names start with `directive`). Source keys as in
//! [`instructions`](crate::instructions).

use crate::feature::Feature;
use crate::instructions::{ANY, r, sm, v};

/// A legacy `@@DWARF` block as old nvcc wrote it (a `.section` line first).
pub const DWARF_PROBE: &str = "@@DWARF .section .debug_abbrev, \"\",@progbits\n@@DWARF .byte 0x00";

/// Module-scope directives, function-header attributes, debugging directives and pragmas:
/// every directive keyword of the grammar, each with its first version and target (rows at
/// PTX 1.0 on every target are the baseline, probed like the rest). `pattern` is the directive
/// as written (`.weak`), a pragma's first word (`used_bytes_mask`), or a name for a variant
/// (`.file timestamp`).
pub const DIRECTIVES: &[Feature] = &[
    r(".address_size", v(2, 3), ANY, "", "§11.1.3 L31-37")
        .setup(".address_size 64")
        .ptxas("Feature '.address_size directive'", ""),
    r(".file", v(1, 0), ANY, "", "§11.5.3").setup(".file 1 \"a.cu\""),
    r(".file timestamp", v(3, 2), ANY, "", "§11.5.3; RN 3.2; ptxas 11.8/12.9/13.5 probe")
        .setup(".file 1 \"a.cu\", 1700000000, 4096")
        .ptxas("Feature 'timestamp and filesize in .file directive'", ""),
    r(".loc", v(1, 0), ANY, ".loc 1 1 1", "§11.5.4").setup(".file 1 \"a.cu\""),
    r(".section", v(2, 0), ANY, "", "§11.5.2; RN 2.0 (replaces @@DWARF); ptxas 11.8/12.9/13.5 probe")
        .setup(".section .debug_abbrev { .b8 0 }")
        .ptxas("Feature '.section directive'", ""),
    r(".section offset expression", v(3, 2), ANY, "", "§11.5.2; RN 3.2 (label + imm in .section); ptxas 11.8/12.9/13.5 probe")
        .setup(".section .debug_abbrev { .b8 0, 1 }\n.section .debug_info { .b32 .debug_abbrev+1 }")
        .ptxas("Feature 'labels + imm expression in .section'", ""),
    r("@@DWARF", v(1, 0), ANY, "", "§11.5.1 (removed from 2.0: see `deprecations`); ptxas 11.8/12.9/13.5 probe (accepted at 1.0; a DWARF line before any `.section` line crashes ptxas)")
        .setup(DWARF_PROBE),
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
    r(".extern", v(1, 0), ANY, "", "§11.6.1").setup(".extern .global .b32 externvar"),
    r(".visible", v(1, 0), ANY, "", "§11.6.2").setup(".visible .global .b32 visiblevar"),
    r(".entry", v(1, 0), ANY, "", "§11.2.1"),
    r(".func", v(1, 0), ANY, "", "§11.2.2").setup(".func plainf\n{\n\tret;\n}"),
    r(".alias", v(6, 3), sm(30), "", "§11.2.3; ptxas 11.8/12.9/13.5 probe")
        .setup(".func aliasee()\n{\n\tret;\n}\n.func aliasf();\n.alias aliasf, aliasee;")
        .ptxas("Feature '.alias'", "Feature '.alias'"),
    r(".maxnreg", v(1, 3), ANY, "", "§11.4.1 L28")
        .ptxas("Feature '.maxnreg'", "")
        .attrs(".maxnreg 32"),
    r(".maxntid", v(1, 3), ANY, "", "§11.4.2 L32")
        .ptxas("Feature '.maxntid'", "")
        .attrs(".maxntid 64"),
    r(".maxnctapersm", v(1, 3), ANY, "", "§11.4.5 L28 (removed from 2.1: see `deprecations`); ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature '.maxnctapersm'", "")
        .attrs(".maxntid 64 .maxnctapersm 2"),
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
    r(".blocksareclusters", v(9, 0), sm(90), "", "§11.8.1; RN 9.0; ptxas 13.5 probe (needs .reqntid and .reqnctapercluster)")
        .ptxas("Feature '.blocksareclusters'", "Feature '.blocksareclusters'")
        .attrs(".reqntid 32 .reqnctapercluster 2 .blocksareclusters"),
    r(".abi_preserve", v(9, 0), sm(80), "", "§11.4.8; RN 9.0; ptxas 13.5 probe (12.9: \"unknown attribute\"; .func and .callprototype only)")
        .ptxas("Feature '.abi_preserve'", "Feature '.abi_preserve'")
        .setup(".func abipf() .abi_preserve 4\n{\n\tret;\n}"),
    r(".abi_preserve_control", v(9, 0), sm(80), "", "§11.4.9; RN 9.0; ptxas 13.5 probe")
        .ptxas("Feature '.abi_preserve_control'", "Feature '.abi_preserve_control'")
        .setup(".func abipcf() .abi_preserve_control 2\n{\n\tret;\n}"),
    r(
        ".noreturn",
        v(6, 4),
        sm(30),
        "",
        "§11.4.6; ptxas 11.8/12.9/13.5 probe (sm_30)",
    )
    .ptxas("Feature '.noreturn'", "Feature '.noreturn'")
    .setup(".func nrf()\n.noreturn\n{\n\ttrap;\n}"),
    r(".callprototype", v(2, 1), sm(20), "cproto: .callprototype ()_ (.param .b32 _)", "§11.3.3; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature '.callprototype directive'", "Feature '.callprototype directive'"),
    r(".calltargets", v(2, 1), sm(20), "ctgts: .calltargets ctf", "§11.3.2; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature '.calltargets directive'", "Feature '.calltargets directive'")
        .setup(".func ctf()\n{\n\tret;\n}"),
    r(
        ".branchtargets",
        v(6, 0),
        sm(30),
        "btgts: .branchtargets BT0; BT0: add.s32 %r1, %r1, 1",
        "§11.3.1 (manual: 2.1); ptxas 11.8/12.9/13.5 probe: \"Feature '.branchtargets directive' requires PTX ISA .version 6.0\" and sm_30 (brx.idx arrived then)",
    )
    .ptxas("Feature '.branchtargets directive'", "Feature '.branchtargets directive'"),
    r(".pragma", v(2, 0), ANY, ".pragma \"nounroll\"", "§11.4.7; §12.1").ptxas("Feature '.pragma directive'", ""),
    r("nounroll", v(2, 0), ANY, ".pragma \"nounroll\"", "§12.1 (manual: sm_20; ptxas 11.8/12.9/13.5 accept sm_13)"),
    r(
        "used_bytes_mask",
        v(8, 3),
        sm(50),
        ".pragma \"used_bytes_mask 0xf\"; ld.global.u32 %r1, [gbuf]",
        "§12.2; ptxas 12.9/13.5 probe (ptxas 11.8 only warns \"Pragma unsupported\")",
    )
    .ptxas("Feature 'used_bytes_mask'", "Feature 'used_bytes_mask'"),
    r(
        "enable_smem_spilling",
        v(8, 7),
        sm(75),
        ".pragma \"enable_smem_spilling\"",
        "§12.3 (manual: 9.0); ptxas 12.9/13.5 probe: \"Feature 'enable_smem_spilling' requires PTX ISA .version 8.7\"; sm_75 (13.5; 12.9 does not check the target)",
    )
        .ptxas("Feature 'enable_smem_spilling'", "Feature 'enable_smem_spilling'"),
    r("frequency", v(9, 0), ANY, "@%p1 bra FREQ; FREQ: .pragma \"frequency 2\"", "§12.4; RN 9.0; ptxas 13.5 probe (12.9 only warns \"Pragma unsupported\")")
        .ptxas("Feature 'frequency'", ""),
    r(".attribute(.managed)", v(4, 0), sm(30), "", "§5.4.8 L32/L38")
        .ptxas("Feature '.attribute'", "Feature '.managed'")
        .setup(".global .attribute(.managed) .b32 managedvar"),
    r(".attribute(.unified)", v(8, 0), sm(90), "", "§5.4.8 L34/L40; ptxas 12.9/13.5 probe (11.8: syntax error)")
        .ptxas("Feature '.unified'", "Feature '.unified'")
        .setup(".global .attribute(.unified(0x1, 0x2)) .b32 unifiedvar"),
];

/// Declarations and operand forms that need a version or target: the parameter and type
/// rules of §5 and §7, and the debugging directives of §11.5. `pattern` names the construct;
/// [`declaration`] finds a row by it. Where ptxas has no `Feature '…'` wording the subjects
/// are empty and `source` quotes what ptxas says.
pub const DECLARATIONS: &[Feature] = &[
    r("kernel parameter list", v(1, 4), ANY, "", "§11.2.1 L37; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'kernel parameter list'", "")
        .setup(".entry kpl(.param .u32 kp)\n{\n\tret;\n}"),
    r(
        ".func .param parameter",
        v(2, 0),
        sm(20),
        "",
        "§11.2.2 (ABI `.param` parameters need 2.0 and sm_20); ptxas 11.8/12.9/13.5 probe: below 2.0 \"Parameter variables must be declared within .entry function\", below sm_20 \"Function parameter 'p' has illegal state space\"",
    )
    .setup(".func fpp(.param .u32 fp)\n{\n\tret;\n}"),
    r(
        "opaque type",
        v(1, 5),
        ANY,
        "",
        "§9.7.10.3 L153 (.texref/.samplerref/.surfref, versions.md 1.5); ptxas 11.8/12.9/13.5 probe",
    )
    .ptxas("Feature 'opaque type'", "")
    .setup(".global .texref optex"),
    r("unsized array parameter", v(6, 0), sm(30), "", "§11.2.2 L58/L70; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'Unsized Array Parameter'", "Feature 'Unsized Array Parameter'")
        .setup(".func uap(.param .b8 ua[])\n{\n\tret;\n}"),
    r(".f16x2 variable", v(4, 2), sm(53), ".reg .f16x2 %hx", "ptxas 11.8/12.9/13.5 probe (a .f16x2 variable; the .f16x2 instructions of §9.7.4 need the same)")
        .ptxas("Feature '.f16x2 packed data-type'", "Feature '.f16x2 packed data-type'"),
    r(".b128 variable", v(8, 3), sm(70), ".reg .b128 %qx", "versions.md 8.3 (.b128, sm_70); ptxas 12.9/13.5 probe (ptxas 11.8: \"Type .b128 may only be used as an instruction type\")")
        .ptxas("Feature 'Type .b128'", "Feature 'Type .b128'"),
    r(
        "indirect texture access",
        v(3, 1),
        sm(20),
        "tex.1d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5}]",
        "§9.7.10.3 L159-161/L181-183 (texture handle in a register: tex, tld4, txq); ptxas 11.8/12.9/13.5 probe",
    )
    .ptxas("Feature 'indirect texture access'", "Instruction 'indirect texture access'"),
    r(
        "indirect surface access",
        v(3, 1),
        sm(20),
        "suld.b.1d.b32.trap {%r1}, [%rd1, {%r2}]",
        "ptxas 11.8/12.9/13.5 probe (surface handle in a register: suld, sust, sured, suq, as §9.7.10.3 for textures)",
    )
    .ptxas("Feature 'indirect surface access'", "Instruction 'indirect surface access'"),
    r(
        ".loc inlined_at",
        v(7, 0),
        ANY,
        ".loc 1 7 3; .loc 1 5 2, function_name $L__info_string0, inlined_at 1 7 3",
        "§11.5.2 (.loc function_name/inlined_at); ptxas 11.8/12.9/13.5 probe",
    )
    .ptxas("Feature 'Line information of inline functions'", "")
    .setup(".file 1 \"a.cu\"\n.section .debug_str { $L__info_string0: .b8 95,0 }"),
    r(".reg", v(1, 0), ANY, ".reg .b32 regvar", "§5.1.1"),
    r(".const", v(1, 0), ANY, "", "§5.1.3").setup(".const .b32 constvar"),
    r(".const[N]", v(1, 5), ANY, "", "§5.1.3.1 (removed from 2.2: see `deprecations`); ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'banked constants'", "")
        .setup(".extern .const[2] .b32 bankvar[]"),
    r(".global", v(1, 0), ANY, "", "§5.1.4").setup(".global .b32 globalvar"),
    r(".local", v(1, 0), ANY, ".local .b32 localvar", "§5.1.5"),
    r(".param", v(1, 0), ANY, ".param .b32 paramvar", "§5.1.6 (kernel parameters in the body before 1.4)"),
    r(".shared", v(1, 0), ANY, ".shared .b32 sharedvar", "§5.1.7"),
    r(".tex", v(1, 0), ANY, "", "§5.1.8 (removed from 1.5: see `deprecations`)").setup(".tex .u32 texvar"),
    r(".align", v(1, 0), ANY, "", "§5.4.5").setup(".global .align 8 .b32 alignedvar"),
    r("vector variable", v(1, 0), ANY, "", "§5.4.2 (.v2/.v4)").setup(".global .v4 .b32 vectorvar"),
    r("parameterized variable names", v(1, 0), ANY, ".reg .b32 %pv<4>", "§5.4.6"),
    r("array variable", v(1, 0), ANY, "", "§5.4.3").setup(".global .b32 arrayvar[2] = {1, 2};"),
    r("constant expression", v(1, 0), ANY, "", "§4.6 (casts: only (.s64) and (.u64), ptxas \"Unsupported cast operation\")")
        .setup(".global .s64 exprvar = (.s64) ((1 + 2) * 3 ? 4 : 5)"),
    r(".ptr", v(2, 2), ANY, "", "§5.1.6.3; RN 2.2; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'kernel parameter pointer attribute'", "")
        .setup(".entry ptrk(.param .u64 .ptr .global .align 8 ptrp)\n{\n\tret;\n}"),
    r("address initializer", v(2, 1), ANY, "", "§5.4.4; RN 2.1; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'addresses as initial values'", "")
        .setup(".global .b32 addrvar;\n.global .u32 addrinit = addrvar"),
    r("generic()", v(3, 1), ANY, "", "§5.4.4; RN 3.1; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'generic() operator'", "")
        .setup(".global .b32 genvar;\n.global .u64 geninit = generic(genvar)"),
    r("mask()", v(7, 1), ANY, "", "§5.4.4; RN 7.1; ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'mask operator in initializer'", "")
        .setup(".global .b32 maskvar;\n.global .u8 maskinit[1] = {0xff(maskvar)};"),
    r("opaque type initializer", v(1, 5), ANY, "", "§5.3 (texture, sampler and surface fields); ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'opaque type initializers'", "")
        .setup(".global .texref texinit = { filter_mode = nearest };"),
    r(".section label", v(7, 0), ANY, "", "§11.5.3 (labels in .section); ptxas 11.8/12.9/13.5 probe")
        .ptxas("Feature 'Defining labels in .section'", "")
        .setup(".section .debug_str { $L__sl0: .b8 95,0 }"),
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
    r("%lanemask_le", v(2, 0), sm(20), "mov.u32 %r1, %lanemask_le", "§10.19")
        .ptxas("Feature '%lanemask_le'", "Feature '%lanemask_le'"),
    r("%lanemask_lt", v(2, 0), sm(20), "mov.u32 %r1, %lanemask_lt", "§10.20")
        .ptxas("Feature '%lanemask_lt'", "Feature '%lanemask_lt'"),
    r("%lanemask_ge", v(2, 0), sm(20), "mov.u32 %r1, %lanemask_ge", "§10.21")
        .ptxas("Feature '%lanemask_ge'", "Feature '%lanemask_ge'"),
    r("%lanemask_gt", v(2, 0), sm(20), "mov.u32 %r1, %lanemask_gt", "§10.22")
        .ptxas("Feature '%lanemask_gt'", "Feature '%lanemask_gt'"),
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
        "%globaltimer_lo",
        v(3, 1),
        sm(30),
        "mov.u32 %r1, %globaltimer_lo",
        "§10.28 L38/L42",
    )
    .ptxas("Feature '%globaltimer_lo'", "Feature '%globaltimer_lo'"),
    r(
        "%globaltimer_hi",
        v(3, 1),
        sm(30),
        "mov.u32 %r1, %globaltimer_hi",
        "§10.28 L38/L42",
    )
    .ptxas("Feature '%globaltimer_hi'", "Feature '%globaltimer_hi'"),
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
    r(
        "%reserved_smem_offset_end",
        v(7, 6),
        sm(80),
        "mov.u32 %r1, %reserved_smem_offset_end",
        "§10.29 L45/L49",
    )
    .ptxas(
        "Feature '%reserved_smem_offset_end'",
        "Feature '%reserved_smem_offset_end'",
    ),
    r(
        "%reserved_smem_offset_cap",
        v(7, 6),
        sm(80),
        "mov.u32 %r1, %reserved_smem_offset_cap",
        "§10.29 L45/L49",
    )
    .ptxas(
        "Feature '%reserved_smem_offset_cap'",
        "Feature '%reserved_smem_offset_cap'",
    ),
    r("%clusterid", v(7, 8), sm(90), "mov.u32 %r1, %clusterid.x", "§10.12")
        .ptxas("Feature '%clusterid'", "Feature '%clusterid'"),
    r("%nclusterid", v(7, 8), sm(90), "mov.u32 %r1, %nclusterid.x", "§10.13")
        .ptxas("Feature '%nclusterid'", "Feature '%nclusterid'"),
    r(
        "%cluster_ctaid",
        v(7, 8),
        sm(90),
        "mov.u32 %r1, %cluster_ctaid.x",
        "§10.14",
    )
    .ptxas("Feature '%cluster_ctaid'", "Feature '%cluster_ctaid'"),
    r(
        "%cluster_nctaid",
        v(7, 8),
        sm(90),
        "mov.u32 %r1, %cluster_nctaid.x",
        "§10.15",
    )
    .ptxas("Feature '%cluster_nctaid'", "Feature '%cluster_nctaid'"),
    r(
        "%cluster_nctarank",
        v(7, 8),
        sm(90),
        "mov.u32 %r1, %cluster_nctarank",
        "§10.17",
    )
    .ptxas("Feature '%cluster_nctarank'", "Feature '%cluster_nctarank'"),
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

/// The row of a declaration or operand form (`"opaque type"`, `".f16x2 variable"`) in
/// [`DECLARATIONS`].
///
/// ```
/// let t = ptxkit_isa::directives::declaration("opaque type").unwrap();
/// assert_eq!(t.ptx, ptxkit_isa::Version::new(1, 5));
/// assert!(ptxkit_isa::directives::declaration("nonsense").is_none());
/// ```
pub fn declaration(name: &str) -> Option<&'static Feature> {
    DECLARATIONS.iter().find(|f| f.pattern == name)
}

/// The row for an instruction whose texture or surface handle (the first element of its
/// address operand) is a register rather than a `.texref`/`.surfref` name: `tex`, `tld4` and
/// `txq` need "indirect texture access", `suld`, `sust`, `sured` and `suq` "indirect surface
/// access" (3.1, sm_20). The caller decides whether the handle is a register.
///
/// ```
/// let row = ptxkit_isa::directives::register_handle_row("tld4").unwrap();
/// assert_eq!(row.ptx, ptxkit_isa::Version::new(3, 1));
/// assert!(ptxkit_isa::directives::register_handle_row("ld").is_none());
/// ```
pub fn register_handle_row(opcode: &str) -> Option<&'static Feature> {
    // Every instruction asks, so the answer is found once per opcode (walking an opcode's
    // forms took a tenth of ptxlint's time).
    static ROWS: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static Feature>> =
        std::sync::OnceLock::new();
    ROWS.get_or_init(|| {
        crate::signature::opcodes()
            .into_iter()
            .filter_map(|opcode| handle_row_of(opcode).map(|row| (opcode, row)))
            .collect()
    })
    .get(opcode)
    .copied()
}

/// [`register_handle_row`] from the signatures: the instructions whose forms take a
/// `texref` (or `surfref`) operand.
fn handle_row_of(opcode: &str) -> Option<&'static Feature> {
    let takes = |kind| {
        crate::signature::forms(opcode)
            .iter()
            .flat_map(|form| form.positions)
            .any(|position| position.operands().iter().any(|o| o.kinds.intersects(kind)))
    };
    if takes(crate::signature::Kinds::TEXREF) {
        declaration("indirect texture access")
    } else if takes(crate::signature::Kinds::SURFREF) {
        declaration("indirect surface access")
    } else {
        None
    }
}

/// The row of a directive (`".weak"`) or kernel attribute (`".maxntid"`).
///
/// ```
/// let w = ptxkit_isa::directives::directive(".weak").unwrap();
/// assert_eq!(w.ptx, ptxkit_isa::Version::new(3, 1));
/// ```
pub fn directive(name: &str) -> Option<&'static Feature> {
    DIRECTIVES.iter().find(|f| f.pattern == name)
}

/// The row of a special register, given with or without its component
/// (`"%clusterid.x"` → `%clusterid`).
///
/// ```
/// let r = ptxkit_isa::directives::special_register("%clusterid.y").unwrap();
/// assert_eq!(r.target, ptxkit_isa::TargetReq::AtLeast(90));
/// ```
pub fn special_register(name: &str) -> Option<&'static Feature> {
    static BY_NAME: std::sync::OnceLock<std::collections::HashMap<&'static str, &'static Feature>> =
        std::sync::OnceLock::new();
    let by_name = BY_NAME.get_or_init(|| {
        let mut by_name = std::collections::HashMap::new();
        for row in SPECIAL_REGISTERS {
            // The first row of a name, as a search of the table finds.
            by_name.entry(row.pattern).or_insert(row);
        }
        by_name
    });
    let base = name.split('.').next().unwrap_or(name);
    by_name.get(base).copied()
}
