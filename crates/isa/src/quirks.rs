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
        probe: "directive 'enable_smem_spilling': rejected at 8.7 sm_72",
        observed: "ptxas 12.9 accepts the `enable_smem_spilling` pragma on any target; 13.5 says \"Feature \
            'enable_smem_spilling' requires .target sm_75 or higher\", as the manual (§12.3) does.",
        evidence: "cargo xtask isa-probes --filter \"directive 'enable_smem_spilling'\" --verbose",
    },
];

/// The quirk recorded for this ptxas release and probe, if any.
pub fn quirk(ptxas: &str, probe: &str) -> Option<&'static Quirk> {
    QUIRKS.iter().find(|q| q.probe == probe && q.ptxas.contains(&ptxas))
}
