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

use crate::feature::{Feature, TargetReq};
use crate::version::Version;

pub(crate) const fn v(major: u8, minor: u8) -> Version {
    Version::new(major, minor)
}

pub(crate) const ANY: TargetReq = TargetReq::Any;

pub(crate) const fn sm(n: u16) -> TargetReq {
    TargetReq::AtLeast(n)
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

/// Every row not yet moved into a signature file's `require` records (see [`all_features`]).
pub const FEATURES: &[Feature] = &[];

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
