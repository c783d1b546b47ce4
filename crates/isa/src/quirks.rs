//! Known ptxas quirks: probes where a ptxas release does something other than what the
//! tables (which follow the manual and the other ptxas releases) predict, with the evidence.
//! `cargo xtask isa-probes` reports these disagreements but does not fail on them.

/// One recorded quirk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quirk {
    /// The ptxas releases showing it (`"11.8"`, `"12.9"`, `"13.5"`).
    pub ptxas: &'static [&'static str],
    /// The probe name (as printed by `cargo xtask isa-probes`).
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

const MEMBAR_PROXY_ASYNC: &str = "ptxas 12.9 rejects `membar.proxy.async` at every version (\"Illegal modifier '.async' for \
    instruction 'membar.proxy'\"); 13.5 accepts it from `.version 8.0` on sm_90 (without a state space), as the manual's \
    `membar.proxy.proxykind` with `.proxykind = { .alias, .async, … }` says.";

const VOTE_WITHOUT_MODE: &str = "ptxas 11.8 and 12.9 accept `vote.pred` and `vote.sync.pred` without a mode (.all, .any, \
    .uni); 13.5 rejects them with \".mode modifier required for instruction 'vote'\", as the manual's syntax (a required \
    `.mode`) says.";

/// Every recorded quirk.
pub const QUIRKS: &[Quirk] = &[
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
        ptxas: &["11.8"],
        probe: "feature 'suq': accepted at 1.5 sm_10",
        observed: "ptxas 11.8 fails on `suq` with `.target sm_10` at `.version 1.5` and prints no error at all \
            (exit status 255); 12.9 and 13.5 assemble the same module.",
        evidence: "cargo xtask isa-probes --filter \"feature 'suq'\" --verbose",
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
        probe: "shape membar.sig:56 valid: membar.proxy.async",
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
];

/// The quirk recorded for this ptxas release and probe, if any.
pub fn quirk(ptxas: &str, probe: &str) -> Option<&'static Quirk> {
    QUIRKS.iter().find(|q| q.probe == probe && q.ptxas.contains(&ptxas))
}
