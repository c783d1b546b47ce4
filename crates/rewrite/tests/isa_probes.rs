//! The rewriter keeps its promise for every construct of ptxkit-isa's
//! module-level table: moving a module that has it to a destination where
//! ptxas rejects it (according to the tables, which `cargo xtask isa-probes`
//! checks against ptxas) either refuses, or writes a module that ptxlint
//! finds clean at the destination. The modules are the tables' own probe
//! kernels, so a construct the tables learn is covered here at once.

use ptxkit_isa::probe::{Expect, Probe, probes};
use ptxkit_lint::{Settings, lint_source};
use ptxkit_rewrite::{Options, rewrite};
use ptxkit_syntax::Severity;

/// The row a probe checks: its name up to the verdict (`directive '.weak'`).
fn row(probe: &Probe) -> &str {
    probe.name.split(':').next().unwrap_or(&probe.name)
}

fn module_level(probe: &Probe) -> bool {
    probe.name.starts_with("directive ") || probe.name.starts_with("deprecation ")
}

#[test]
fn every_module_construct_is_rewritten_or_refused() {
    let all: Vec<Probe> = probes().into_iter().filter(module_level).collect();
    let mut moves = 0;
    let mut broken = Vec::new();
    for source in all.iter().filter(|p| matches!(p.expect, Expect::Accept { .. })) {
        for destination in all
            .iter()
            .filter(|p| row(p) == row(source) && matches!(p.expect, Expect::Reject { .. }))
        {
            let options = Options {
                to: destination.version,
                target: Some(destination.target),
                allow_approximate: true,
            };
            // Destinations that are not a valid .version/.target pair are refused as usage errors.
            let Ok(result) = rewrite(&source.text, &options) else {
                continue;
            };
            moves += 1;
            if result.refused() {
                continue;
            }
            let errors: Vec<String> = lint_source(&result.output, &Settings::default())
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| format!("{} {}", d.code, d.message))
                .collect();
            if !errors.is_empty() {
                broken.push(format!(
                    "{} → {} {}: written, but {errors:?}",
                    source.name, destination.version, destination.target
                ));
            }
        }
    }
    assert!(moves > 100, "only {moves} moves were tried");
    assert!(
        broken.is_empty(),
        "{} of {moves} moves wrote PTX the destination rejects:\n{}",
        broken.len(),
        broken.join("\n")
    );
}
