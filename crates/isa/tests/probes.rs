//! Probe kernels are well-formed PTX for the toolkit's own grammar, and the probe set covers
//! every table (ptxas itself judges them in `cargo xtask isa-probes`).

use ptxkit_isa::probe::{Expect, probes};

#[test]
fn every_probe_kernel_parses() {
    let all = probes();
    let mut bad = Vec::new();
    for probe in &all {
        let parsed = ptxkit_syntax::parse(probe.text.as_str());
        if let Some(error) = parsed.syntax_errors().first() {
            let at = parsed.lines().line_column(parsed.text(), error.span.start);
            bad.push(format!("{} (line {}:{})", probe.name, at.line, at.column));
        }
    }
    assert!(
        bad.is_empty(),
        "{} probe kernels do not parse:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn probes_cover_every_table() {
    let all = probes();
    let count = |prefix: &str| all.iter().filter(|p| p.name.starts_with(prefix)).count();
    for prefix in [
        "version ",
        "target ",
        "unknown target ",
        "feature ",
        "rounding ",
        "type ",
        "deprecation ",
    ] {
        assert!(count(prefix) > 0, "no '{prefix}' probes");
    }
    assert!(all.len() >= 500, "only {} probe kernels", all.len());
    let rejects = all.iter().filter(|p| matches!(p.expect, Expect::Reject { .. })).count();
    assert!(
        rejects * 4 > all.len(),
        "too few rejection probes: {rejects} of {}",
        all.len()
    );
    for feature in ptxkit_isa::instructions::all_features() {
        let name = format!("feature '{}'", feature.pattern);
        assert!(
            all.iter().any(|p| p.name.starts_with(&name))
                || all
                    .iter()
                    .any(|p| p.text.contains(feature.probe.split(';').next().unwrap_or_default())),
            "no probe for {name}"
        );
    }
}
