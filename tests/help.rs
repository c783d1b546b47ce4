//! `--help` and `--version` of the four binaries: each help starts with what that tool does
//! (not a crate's description), and `--version` prints the tool's name and version.

mod common;

const TOOLS: [(&str, &str); 4] = [
    ("ptxfmt", env!("CARGO_BIN_EXE_ptxfmt")),
    ("ptxlint", env!("CARGO_BIN_EXE_ptxlint")),
    ("ptxrewrite", env!("CARGO_BIN_EXE_ptxrewrite")),
    ("ptxls", env!("CARGO_BIN_EXE_ptxls")),
];

/// The text before the first blank line.
fn first_paragraph(text: &str) -> &str {
    text.split("\n\n").next().unwrap_or(text)
}

#[test]
fn help_starts_with_what_each_tool_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut shown = String::new();
    for (tool, bin) in TOOLS {
        for flag in ["--help", "-h"] {
            let out = common::run(bin, dir.path(), &[flag], b"");
            assert_eq!(out.code, 0, "{tool} {flag}:\n{}", out.render());
            assert!(out.stderr.is_empty(), "{tool} {flag}:\n{}", out.render());
            let lead = first_paragraph(&out.stdout);
            assert!(
                lead.starts_with(&format!("{tool} ")),
                "{tool} {flag} should start with the tool's name and what it does:\n{lead}"
            );
            assert!(!lead.contains("ptxkit"), "{tool} {flag} names a crate:\n{lead}");
            assert!(
                out.stdout.contains(&format!("Usage: {tool}")),
                "{tool} {flag} has no usage line:\n{}",
                out.stdout
            );
            if flag == "--help" {
                shown.push_str(&format!("=== {tool} --help\n{lead}\n"));
            }
        }
    }
    insta::assert_snapshot!(shown);
}

#[test]
fn version_prints_the_tool_name_and_version() {
    let dir = tempfile::tempdir().unwrap();
    for (tool, bin) in TOOLS {
        for flag in ["--version", "-V"] {
            let out = common::run(bin, dir.path(), &[flag], b"");
            assert_eq!(out.code, 0, "{tool} {flag}:\n{}", out.render());
            assert_eq!(
                out.stdout,
                format!("{tool} {}\n", env!("CARGO_PKG_VERSION")),
                "{tool} {flag}"
            );
            assert!(out.stderr.is_empty(), "{tool} {flag}:\n{}", out.render());
        }
    }
}

#[test]
fn an_unknown_argument_is_a_usage_error_with_the_usage_line() {
    let dir = tempfile::tempdir().unwrap();
    for (tool, bin) in TOOLS {
        let out = common::run(bin, dir.path(), &["--frobnicate"], b"");
        assert_eq!(out.code, 2, "{tool}:\n{}", out.render());
        assert!(
            out.stderr.starts_with("error: unexpected argument '--frobnicate'")
                && out.stderr.contains(&format!("Usage: {tool}"))
                && out.stderr.contains("For more information, try '--help'."),
            "{tool}:\n{}",
            out.render()
        );
    }
}
