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

const V8_NARROW: &str = "ptxas 12.9 and 13.5 parse ld/st `.v8` with 8- and 16-bit types (64 or 128 bits in all) in \
    every state space and at every PTX version (even 7.0 on sm_70), where the manual allows .v8 only with 32-bit types \
    on .global (8.8, sm_100); code generation then goes wrong: 12.9 turns `ld.v8.b8` into one LD.E.U8 (a single \
    byte), 13.5 stops with '(C7907) Internal compiler error' or a segmentation fault (not every run: the probe may \
    agree). 11.8 rejects .v8 ('Unknown modifier'). The signatures keep the manual's rule.";
const V8_NARROW_EVIDENCE: &str = "`ld.v8.b8 {%h1, ..., %h8}, [%rd1]` + a store of the result, .version 8.8, .target \
    sm_100: `ptxas -arch=sm_100` 12.9 exits 0 (cuobjdump: LD.E.U8), 13.5 exits 255 (C7907) or 139; \
    cargo xtask isa-probes --only signatures --filter \".vec=.v8\" --verbose";

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
        ptxas: &["11.8"],
        probe: "feature 'suq': accepted at 1.5 sm_10",
        observed: "ptxas 11.8 fails on `suq` with `.target sm_10` at `.version 1.5` and prints no error at all \
            (exit status 255); 12.9 and 13.5 assemble the same module.",
        evidence: "cargo xtask isa-probes --filter \"feature 'suq'\" --verbose",
    },
];

/// The quirk recorded for this ptxas release and probe, if any.
pub fn quirk(ptxas: &str, probe: &str) -> Option<&'static Quirk> {
    QUIRKS
        .iter()
        .find(|q| glob_matches(q.probe, probe) && q.ptxas.contains(&ptxas))
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
