//! The quick start's examples (`examples/`), run through the installed
//! binaries as the README's first command runs them: the clean kernels are
//! formatted and lint clean, the findings kernel shows its five findings,
//! and the legacy kernel is rewritten for today's ptxas.

use std::path::Path;

mod common;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn run(bin: &str, args: &[&str], stdin: &[u8]) -> common::Run {
    common::run(bin, root(), args, stdin)
}

#[test]
fn every_example_is_formatted() {
    let check = run(env!("CARGO_BIN_EXE_ptxfmt"), &["--check", "examples/"], b"");
    assert_eq!(check.code, 0, "{}", check.render());
}

#[test]
fn the_clean_and_legacy_examples_lint_without_errors() {
    let lint = run(
        env!("CARGO_BIN_EXE_ptxlint"),
        &["--format", "concise", "examples/clean/", "examples/legacy/"],
        b"",
    );
    insta::assert_snapshot!(lint.render());
}

#[test]
fn the_findings_example_shows_its_findings_without_failing() {
    let lint = run(
        env!("CARGO_BIN_EXE_ptxlint"),
        &["--format", "concise", "--exit-zero", "examples/findings/"],
        b"",
    );
    insta::assert_snapshot!(lint.render());
    let failing = run(
        env!("CARGO_BIN_EXE_ptxlint"),
        &["--format", "concise", "examples/findings/"],
        b"",
    );
    assert_eq!(failing.code, 1, "without --exit-zero the findings fail");
}

#[test]
fn the_legacy_example_is_rewritten_and_formatted() {
    let rewritten = run(
        env!("CARGO_BIN_EXE_ptxrewrite"),
        &[
            "--to",
            "7.8",
            "--target",
            "sm_52",
            "--stdout",
            "examples/legacy/scale_sm13.ptx",
        ],
        b"",
    );
    assert_eq!(rewritten.code, 0, "{}", rewritten.render());
    let formatted = run(env!("CARGO_BIN_EXE_ptxfmt"), &[], rewritten.stdout.as_bytes());
    insta::assert_snapshot!(format!("{}{}", rewritten.stderr, formatted.render()));
}

/// The manual's ptxfmt before/after pairs (docs/src/ptxfmt.md: a ```ptx block after a line
/// starting "Before", then one after "After `ptxfmt`") are what ptxfmt prints.
#[test]
fn the_manual_style_examples_are_what_ptxfmt_prints() {
    let readme = std::fs::read_to_string(root().join("docs/src/ptxfmt.md")).unwrap();
    let mut blocks = Vec::new();
    let mut label = "";
    let mut lines = readme.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("Before") || line.starts_with("After `ptxfmt`") {
            label = line;
        } else if line == "```ptx" {
            let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            blocks.push((label, block.join("\n") + "\n"));
        }
    }
    let pairs: Vec<_> = blocks
        .windows(2)
        .filter(|w| w[0].0.starts_with("Before") && w[1].0.starts_with("After"))
        .collect();
    assert!(pairs.len() >= 2, "found {} before/after pairs", pairs.len());
    for pair in pairs {
        let formatted = run(env!("CARGO_BIN_EXE_ptxfmt"), &[], pair[0].1.as_bytes());
        assert_eq!(
            formatted.stdout, pair[1].1,
            "docs/src/ptxfmt.md example after {:?}",
            pair[0].0
        );
    }
}
