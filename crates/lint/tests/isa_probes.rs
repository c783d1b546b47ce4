//! ptxlint agrees with ptxkit-isa's own probe kernels: every probe that the
//! tables (checked against ptxas by `cargo xtask isa-probes`) say ptxas
//! rejects gets an error finding, and every probe ptxas accepts gets none.
//! A construct the tables learn but the linter does not look at fails here.
//! The synchronisation rules are left out: they report what ptxas accepts (a
//! probe's lone `wgmma.mma_async` has no `wgmma.fence` before it), not whether
//! it assembles.

use ptxkit_isa::probe::{Expect, probes};
use ptxkit_lint::{Settings, find_rule, lint_source};
use ptxkit_syntax::Severity;

#[test]
fn lint_agrees_with_every_probe() {
    let settings = Settings::default();
    let mut disagreements = Vec::new();
    let all = probes();
    for probe in &all {
        let result = lint_source(&probe.text, &settings);
        let errors: Vec<String> = result
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .filter(|d| find_rule(&d.code).is_none_or(|r| r.category() != "synchronisation"))
            .map(|d| format!("{} {}", d.code, d.message))
            .collect();
        let rejected = matches!(probe.expect, Expect::Reject { .. });
        if rejected == errors.is_empty() {
            disagreements.push(format!("{} — ptxlint: {errors:?}", probe.name));
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} probes: ptxlint disagrees with the tables:\n{}",
        disagreements.len(),
        all.len(),
        disagreements.join("\n")
    );
}
