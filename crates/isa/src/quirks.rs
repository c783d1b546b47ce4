//! Known ptxas quirks: probes where a ptxas release does something other than what the
//! tables (which follow the manual and the other ptxas releases) predict, with the evidence.
//! `cargo xtask isa-probes` reports these disagreements but does not fail on them.

/// One recorded quirk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quirk {
    /// The ptxas releases showing it (`"11.8"`, `"12.9"`, `"13.5"`).
    pub ptxas: &'static [&'static str],
    /// The probe name (as printed by `cargo xtask isa-probes`); a `*` matches any text, so
    /// that one record covers the same probe of several forms (`shape ld.sig:* valid, …`).
    pub probe: &'static str,
    /// What ptxas does instead, and why the tables keep their answer.
    pub observed: &'static str,
    /// How to reproduce it.
    pub evidence: &'static str,
}

const MACRO: &str = "ptxas 11.8 expands div/rcp/sqrt with a rounding modifier from its built-in macro library and \
    skips the .version/.target compatibility check for the file: `.version 1.5` + `.target sm_20` (sm_20 needs 2.0) \
    assembles. 12.9 and 13.5 reject it (reported at `<macro util>, line 2`), as the tables predict.";
const MACRO_EVIDENCE: &str = "ptxas-observations.md ('lower-version below the target's minimum: 7 accepted'); \
    reproduce: `cargo xtask isa-probes --filter \"rejected at 1.5 sm_20\" --verbose`";
const MODULE_REG: &str = "ptxas 12.9 warns 'Use of module scoped .local or .reg variable ... disabling ABI' and then \
    aborts with 'Internal error: no regcount?'; 11.8 and 13.5 accept the module with the warning.";

const VIDEO_CONSTANT_DESTINATION: &str = "A constant as the destination of a scalar video instruction (`vadd.u32.u32.u32 1, %r2, %r3`) \
    assembles on the architectures where ptxas emits the instruction natively and is rejected where it expands \
    it ('Result register required for instruction 'mov''): every release rejects it from sm_70, 13.5 from sm_60 \
    (vmad: 11.8 and 12.9 too). The shape probes run at .target sm_20, which 11.8 and 12.9 assemble for sm_35 and \
    sm_50 (accepted) and 13.5 for sm_75 (rejected); the signatures keep the destination a register.";
const VIDEO_CONSTANT_EVIDENCE: &str = "`.version 6.0` / `.target sm_52`: `vadd.u32.u32.u32 1, %r2, %r3;` assembles with all three; \
    `.target sm_70`: 'Result register required for instruction 'mov''";
const MEMBAR_PROXY_ASYNC: &str = "ptxas 12.9 rejects `membar.proxy.async` at every version (\"Illegal modifier '.async' for \
    instruction 'membar.proxy'\"); 13.5 accepts it from `.version 8.0` on sm_90 (without a state space), as the manual's \
    `membar.proxy.proxykind` with `.proxykind = { .alias, .async, … }` says.";

const VOTE_WITHOUT_MODE: &str = "ptxas 11.8 and 12.9 accept `vote.pred` and `vote.sync.pred` without a mode (.all, .any, \
    .uni); 13.5 rejects them with \".mode modifier required for instruction 'vote'\", as the manual's syntax (a required \
    `.mode`) says.";
const V8_NARROW: &str = "ptxas 12.9 and 13.5 parse ld/st `.v8` with 8- and 16-bit types (64 or 128 bits in all) in \
    every state space and at every PTX version (even 7.0 on sm_70), where the manual allows .v8 only with 32-bit types \
    on .global (8.8, sm_100); code generation then goes wrong: 12.9 turns `ld.v8.b8` into one LD.E.U8 (a single \
    byte), 13.5 stops with '(C7907) Internal compiler error' or a segmentation fault (not every run: the probe may \
    agree). 11.8 rejects .v8 ('Unknown modifier'). The signatures keep the manual's rule.";
const V8_NARROW_EVIDENCE: &str = "`ld.v8.b8 {%h1, ..., %h8}, [%rd1]` + a store of the result, .version 8.8, .target \
    sm_100: `ptxas -arch=sm_100` 12.9 exits 0 (cuobjdump: LD.E.U8), 13.5 exits 255 (C7907) or 139; \
    cargo xtask isa-probes --only signatures --filter \".vec=.v8\" --verbose";

const ATOM_BF16_SINK: &str = "ptxas 11.8 and 12.9 crash (segmentation fault) on `atom.add.noftz` of .bf16 or .bf16x2 \
    (scalar or vector) whose destination is the sink `_`; with a register destination they assemble it, and 13.5 \
    assembles the sink too. atom has result discard mode (`atom.global.add.u32 _, [a], 1` and .f16 assemble with \
    all three), so the signature allows the sink.";
const ATOM_BF16_SINK_EVIDENCE: &str = "`.version 7.8` / `.target sm_90` kernel with `.reg .b16 %h<4>; .reg .b64 %rd<4>; \
    cvta.to.global.u64 %rd1, %rd3; atom.add.noftz.bf16 _, [%rd1], %h2;`: `ptxas -arch=sm_90 -c` 11.8 and 12.9 exit \
    139, 13.5 exits 0; with `%h3` as the destination all three exit 0";
const ATOM_CAS_B128_CONSTANT: &str = "ptxas 12.9 and 13.5 crash (segmentation fault) on `atom.cas.b128` whose new value \
    (the fourth operand) is a constant; a constant compare value (the third) assembles, and so does a register. \
    The manual does not restrict the operand and ptxas parses it, so the signature allows it.";
const MULTIMEM_ST_BF16X2_CONSTANT: &str = "ptxas 12.9 accepts a constant as the value of `multimem.st` .bf16x2 \
    (`multimem.st.global.bf16x2 [a], 1`, also as a vector element); 13.5 rejects it (\"Arguments mismatch for \
    instruction 'multimem.st'\"), as every release does for .f16x2 and for half-precision operands elsewhere.";

const SUQ_SM35: &str = "ptxas 11.8 crashes (segmentation fault) on every `suq` when it assembles for sm_35, the \
    architecture it uses for targets below sm_35 (the probes of `.target sm_10`, at every version from 1.5); with \
    `-arch=sm_52` it assembles the same module, and 12.9 and 13.5 assemble it. The signature keeps suq valid.";

const WMMA_UNTYPED_LOAD: &str = "ptxas 11.8 and 12.9 accept `wmma.load.a`/`wmma.load.b` without the multiplicand type \
    (`wmma.load.a.sync.row.m16n16k16 {8 registers}, [p]`, read as .f16); 13.5 rejects it ('Unexpected instruction \
    types specified for 'wmma.load.a''), as the manual's Syntax (a required .atype/.btype) says.";

/// Every recorded quirk.
pub const QUIRKS: &[Quirk] = &[
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape wmma.sig:* .f16 left out: wmma.load.*",
        observed: WMMA_UNTYPED_LOAD,
        evidence: "`.version 6.0` / `.target sm_70` kernel with `wmma.load.a.sync.row.m16n16k16 {%r1, ..., %r8}, [%rd1];`: \
            `ptxas -arch=sm_70` 12.9 exits 0, 13.5 (`-arch=sm_75`) exits 255",
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "shape suq.sig:* valid*: suq.*",
        observed: SUQ_SM35,
        evidence: "`.version 1.5` / `.target sm_10` kernel with `.global .surfref psurf;` and `suq.width.b32 %r1, [psurf];`: \
            `ptxas -arch=sm_35` 11.8 exits 139, `-arch=sm_52` exits 0 (also at .version 3.1 / sm_20)",
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "feature 'suq*': accepted at * sm_10",
        observed: SUQ_SM35,
        evidence: "`.version 1.5` / `.target sm_10` kernel with `.global .surfref psurf;` and `suq.width.b32 %r1, [psurf];`: \
            `ptxas -arch=sm_35` 11.8 exits 139, `-arch=sm_52` exits 0 (also at .version 3.1 / sm_20)",
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape atom.sig:* valid, operand 1 the sink*: atom*.bf16* _, *",
        observed: ATOM_BF16_SINK,
        evidence: ATOM_BF16_SINK_EVIDENCE,
    },
    Quirk {
        ptxas: &["12.9", "13.5"],
        probe: "shape atom.sig:* valid, operand 4 a constant: atom*.cas.b128 *",
        observed: ATOM_CAS_B128_CONSTANT,
        evidence: "`.version 8.3` / `.target sm_90` kernel with `.reg .b64 %rd<4>; .reg .b128 %q<4>; \
            atom.cas.b128 %q1, [%rd1], %q2, 1;`: `ptxas -arch=sm_90 -c` 12.9 and 13.5 exit 139; with `1, %q2` they \
            exit 0",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "shape multimem.sig:* valid, operand 2 a constant: multimem.st*.bf16x2 *",
        observed: MULTIMEM_ST_BF16X2_CONSTANT,
        evidence: "`.version 8.8` / `.target sm_100f`: `multimem.st.global.bf16x2 [%rd1], 1;` assembles with 12.9, \
            13.5 says 'Arguments mismatch'; cargo xtask isa-probes --only signatures --filter \"shape multimem.sig\"",
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "feature 'div .rn|.rz|.rm|.rp .f32': rejected at 1.5 sm_20",
        observed: MACRO,
        evidence: MACRO_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "feature 'div .rz|.rm|.rp .f64': rejected at 1.5 sm_20",
        observed: MACRO,
        evidence: MACRO_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "feature 'rcp .rn|.rz|.rm|.rp .f32': rejected at 1.5 sm_20",
        observed: MACRO,
        evidence: MACRO_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "feature 'rcp .rz|.rm|.rp .f64': rejected at 1.5 sm_20",
        observed: MACRO,
        evidence: MACRO_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "feature 'sqrt .rn|.rz|.rm|.rp .f32': rejected at 1.5 sm_20",
        observed: MACRO,
        evidence: MACRO_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "feature 'sqrt .rz|.rm|.rp .f64': rejected at 1.5 sm_20",
        observed: MACRO,
        evidence: MACRO_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "unknown target sm_90f: rejected at 7.8 sm_90f",
        observed: "ptxas 11.8 ignores any letter after `.target sm_90`: it accepts `sm_90f`, `sm_90q` and even \
            `sm_90a` at `.version 7.8` (12.9 and 13.5: `Unsupported .target 'sm_90f'`; `sm_90a` needs 8.0).",
        evidence: "`.version 7.8` / `.target sm_90q` / empty kernel assembles with `ptxas -arch=sm_90` 11.8.89",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "deprecation '.reg': accepted at 2.3 sm_20",
        observed: MODULE_REG,
        evidence: "cargo xtask isa-probes --filter \"deprecation '.reg'\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "deprecation '.local': accepted at 2.3 sm_20",
        observed: MODULE_REG,
        evidence: "cargo xtask isa-probes --filter \"deprecation '.local'\" --verbose",
    },
    Quirk {
        ptxas: &["12.9", "13.5"],
        probe: "shape ld.sig:* valid, .vec=.v8: ld*.v8.b8 *",
        observed: V8_NARROW,
        evidence: V8_NARROW_EVIDENCE,
    },
    Quirk {
        ptxas: &["12.9", "13.5"],
        probe: "shape st.sig:* valid, .vec=.v8: st*.v8.b8 *",
        observed: V8_NARROW,
        evidence: V8_NARROW_EVIDENCE,
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "feature 'st.async .gpu|.sys': rejected at 8.6 sm_90",
        observed: "ptxas 12.9 assembles `st.async.sys.b32 [%rd1], %r1` (a scope without .release) for sm_90 at any \
            version from 8.1; 13.5 parses it too but fails in code generation ('(C7907) Internal compiler error'). \
            The scope exists with .release from PTX 8.7 on sm_100 (§9.7.9.12); on sm_100 both assemble it.",
        evidence: "cargo xtask isa-probes --only tables --filter \"'st.async .gpu|.sys'\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "directive 'enable_smem_spilling': rejected at 8.7 sm_72",
        observed: "ptxas 12.9 accepts the `enable_smem_spilling` pragma on any target; 13.5 says \"Feature \
            'enable_smem_spilling' requires .target sm_75 or higher\", as the manual (§12.3) does.",
        evidence: "cargo xtask isa-probes --filter \"directive 'enable_smem_spilling'\" --verbose",
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape vop.sig:* operand 1 a constant: *",
        observed: VIDEO_CONSTANT_DESTINATION,
        evidence: VIDEO_CONSTANT_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape vsh.sig:* operand 1 a constant: *",
        observed: VIDEO_CONSTANT_DESTINATION,
        evidence: VIDEO_CONSTANT_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape vmad.sig:* operand 1 a constant: *",
        observed: VIDEO_CONSTANT_DESTINATION,
        evidence: VIDEO_CONSTANT_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape vset.sig:* operand 1 a constant: *",
        observed: VIDEO_CONSTANT_DESTINATION,
        evidence: VIDEO_CONSTANT_EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "shape lop3.sig:10 valid, operand 1 the sink: lop3.b32 _, %r2, %r3, %r4, 0x96",
        observed: "ptxas 11.8 rejects the sink as the destination of the plain `lop3.b32` form \
            ('Result discard mode is not allowed for instruction 'lop3''), at every .version it knows; \
            12.9 and 13.5 accept it at the same .version (4.3 and up), so the signature allows it.",
        evidence: "cargo xtask isa-probes --only signatures --filter \"lop3.sig:10 valid, operand 1 the sink\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "shape membar.sig:9 .op_restrict left out: fence.release.cluster",
        observed: "ptxas 12.9 accepts `fence.release.cluster` (and `.acquire`) at `.version 8.0`; 13.5 rejects it with \
            \"Modifier '.release' on 'fence' requires PTX ISA .version 8.6 or later\", as the manual (§9.7.13.4: \
            .acquire/.release on fence from 8.6) and the tables say.",
        evidence: "cargo xtask isa-probes --only signatures --filter \"shape membar.sig\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "shape membar.sig:72 valid: membar.proxy.async",
        observed: MEMBAR_PROXY_ASYNC,
        evidence: "cargo xtask isa-probes --only signatures --filter \"shape membar.sig\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "feature 'membar.proxy.async': accepted at 8.0 sm_90",
        observed: MEMBAR_PROXY_ASYNC,
        evidence: "cargo xtask isa-probes --only tables --filter \"'membar.proxy.async\" --verbose",
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape vote.sig:11 .mode left out: vote.pred %p1, %p2",
        observed: VOTE_WITHOUT_MODE,
        evidence: "cargo xtask isa-probes --only signatures --filter \"shape vote.sig\" --verbose",
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape vote.sig:23 .mode left out: vote.sync.pred %p1, %p2, %r1",
        observed: VOTE_WITHOUT_MODE,
        evidence: "cargo xtask isa-probes --only signatures --filter \"shape vote.sig\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "shape tcgen05.sig:* .aligned left out: tcgen05.*",
        observed: "ptxas 12.9 accepts `tcgen05.ld.sync` and `tcgen05.st.sync` without `.aligned`; 13.5 rejects them \
            with \".aligned modifier required for instruction 'tcgen05.ld'\", as the manual's syntax (a mandatory \
            `.aligned`) says.",
        evidence: "cargo xtask isa-probes --only signatures --filter \"shape tcgen05.sig\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "shape tcgen05.sig:* valid, operand 2 a constant: tcgen05.commit.*",
        observed: "ptxas 12.9 rejects a constant ctaMask in `tcgen05.commit….multicast::cluster.b64 [mbar], 1` \
            (\"Arguments mismatch for instruction 'tcgen05.commit'\"); 13.5 accepts it, as it accepts a constant \
            for every other tcgen05 operand the manual calls a register, so the signature allows it.",
        evidence: "cargo xtask isa-probes --only signatures --filter \"shape tcgen05.sig\" --verbose",
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "shape tcgen05.sig:* valid*: tcgen05.mma.sp.cta_group::1.kind::mxf4.block_scale [*",
        observed: "ptxas 12.9 reads `tcgen05.mma.sp….kind::mxf4.block_scale` without a scale vector size as `.block32` \
            and rejects it before PTX 8.8 (\"Feature '.block32' requires PTX ISA .version 8.8 or later\"), also on \
            sm_100a; 13.5 accepts it at 8.6 (the dense form too, with both releases), as the manual says (.kind::mxf4 \
            from 8.6; the size defaults to .block32 only in meaning).",
        evidence: "cargo xtask isa-probes --only signatures --filter \"shape tcgen05.sig\" --verbose",
    },
];

/// The quirk recorded for this ptxas release and probe, if any. A `*` in a recorded probe name
/// matches any run of characters (one record for a family of shape probes).
pub fn quirk(ptxas: &str, probe: &str) -> Option<&'static Quirk> {
    all().find(|q| glob_matches(q.probe, probe) && q.ptxas.contains(&ptxas))
}

/// Every recorded quirk: [`QUIRKS`] and the register-type and address-width grids'
/// ([`crate::grid_quirks::GRID_QUIRKS`]).
pub fn all() -> impl Iterator<Item = &'static Quirk> {
    QUIRKS.iter().chain(crate::grid_quirks::GRID_QUIRKS)
}

/// Whether `text` matches `pattern`, where `*` stands for any run of characters.
fn glob_matches(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[cfg(test)]
mod tests {
    use super::glob_matches;

    #[test]
    fn globs() {
        assert!(glob_matches("abc", "abc"));
        assert!(!glob_matches("abc", "abcd"));
        assert!(glob_matches(
            "shape vop.sig:* operand 1 a constant: *",
            "shape vop.sig:16 operand 1 a constant: vadd.u32.u32.u32 1, %r2, %r3"
        ));
        assert!(!glob_matches(
            "shape vop.sig:* operand 1 a constant: *",
            "shape vop2.sig:16 operand 1 a constant: x"
        ));
        assert!(glob_matches("a*c*e", "abcde"));
        assert!(!glob_matches("a*c*e", "abcd"));
    }

    #[test]
    fn probe_names_match_with_stars() {
        assert!(glob_matches(
            "feature 'suq': accepted at 1.5 sm_10",
            "feature 'suq': accepted at 1.5 sm_10"
        ));
        assert!(!glob_matches("feature 'suq'", "feature 'suq': accepted"));
        let pattern = "shape ld.sig:* valid, .vec=.v8: ld*.v8.b8 *";
        assert!(glob_matches(
            pattern,
            "shape ld.sig:54 valid, .vec=.v8: ld.v8.b8 {%h1}, [%rd1]"
        ));
        assert!(glob_matches(
            pattern,
            "shape ld.sig:84 valid, .vec=.v8: ld.global.nc.v8.b8 {%h1}, [%rd1]"
        ));
        assert!(!glob_matches(
            pattern,
            "shape ld.sig:54 valid, .vec=.v8: ld.v8.b32 {%h1}, [%rd1]"
        ));
        assert!(!glob_matches(
            pattern,
            "shape st.sig:54 valid, .vec=.v8: st.v8.b8 [%rd1], {%h1}"
        ));
        assert!(glob_matches("a*b*c", "abc") && glob_matches("a*c", "ac") && !glob_matches("a*bc", "ab"));
    }
}
