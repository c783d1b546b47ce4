//! What the three command lines share, checked on all three at once: usage
//! errors, missing paths, diffs, `NO_COLOR`, configuration lookup and keys,
//! and a bare command line at a terminal.

use std::path::Path;

mod common;
use common::{Run, temp_tree};

const TOOLS: [(&str, &str); 3] = [
    ("ptxfmt", env!("CARGO_BIN_EXE_ptxfmt")),
    ("ptxlint", env!("CARGO_BIN_EXE_ptxlint")),
    ("ptxrewrite", env!("CARGO_BIN_EXE_ptxrewrite")),
];

/// Arguments each tool needs besides the shared ones.
fn needed(tool: &str) -> &'static [&'static str] {
    if tool == "ptxrewrite" { &["--to", "7.8"] } else { &[] }
}

fn run(bin: &str, dir: &Path, tool: &str, args: &[&str], stdin: &str) -> Run {
    let mut all: Vec<&str> = needed(tool).to_vec();
    all.extend_from_slice(args);
    common::run(bin, dir, &all, stdin.as_bytes())
}

const UNFORMATTED: &str = ".version 8.0\n.target sm_80\n.address_size 64\n\n.visible .entry k()\n{\nret;\n}\n";

#[test]
fn usage_errors_and_missing_paths_are_exit_2_in_every_tool() {
    let dir = temp_tree(&[("k.ptx", UNFORMATTED.as_bytes())]);
    for (tool, bin) in TOOLS {
        for args in [&["-j", "0", "k.ptx"][..], &["--color", "sometimes", "k.ptx"][..]] {
            let out = run(bin, dir.path(), tool, args, "");
            assert_eq!(out.code, 2, "{tool} {args:?}:\n{}", out.render());
        }
        let out = run(bin, dir.path(), tool, &["missing.ptx", "k.ptx"], "");
        assert_eq!(out.code, 2, "{tool}:\n{}", out.render());
        assert!(
            out.stderr.contains("error: missing.ptx: no such file or directory\n"),
            "{tool}:\n{}",
            out.render()
        );
    }
}

#[test]
fn diffs_have_git_style_headers_in_every_tool() {
    // ptxfmt reformats, ptxlint --fix --diff fixes (.maxnctapersm is
    // deprecated), ptxrewrite moves it to 7.8: all three print a diff of k.ptx.
    let text = ".version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry k() .maxnctapersm 2\n{\n    ret;\n}\n";
    let dir = temp_tree(&[("k.ptx", text.as_bytes())]);
    for (tool, bin) in TOOLS {
        let extra: &[&str] = if tool == "ptxlint" { &["--unsafe-fixes"] } else { &[] };
        let mut args = vec!["--diff", "k.ptx"];
        args.extend_from_slice(extra);
        let out = run(bin, dir.path(), tool, &args, "");
        assert!(
            out.stdout.starts_with("--- a/k.ptx\n+++ b/k.ptx\n@@ "),
            "{tool}:\n{}",
            out.render()
        );
        assert_eq!(out.code, 1, "{tool}:\n{}", out.render());
    }
}

/// Runs `command` (a shell line) at a terminal (`script` gives the tool one)
/// in `dir`; returns what the terminal showed.
fn at_terminal(dir: &Path, command: &str, no_color: Option<&str>) -> String {
    let mut script = std::process::Command::new("script");
    script.args(["-qec", command, "/dev/null"]).current_dir(dir);
    match no_color {
        Some(value) => script.env("NO_COLOR", value),
        None => script.env_remove("NO_COLOR"),
    };
    let out = script
        .output()
        .expect("`script` (util-linux) runs the tools at a terminal");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn colors_at_a_terminal_unless_no_color_is_set_and_not_empty() {
    // no-color.org: NO_COLOR disables colors when set to a non-empty value.
    // Each tool colors something here: ptxfmt and ptxlint a syntax error,
    // ptxrewrite a refusal.
    let dir = temp_tree(&[
        ("broken.ptx", b".version 8.0\n.target sm_80\n.entry k() { ret }\n"),
        (
            "elect.ptx",
            b".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\t.reg .pred %p<2>;\n\telect.sync %r1|%p1, 0xffffffff;\n\tret;\n}\n",
        ),
    ]);
    for (tool, bin) in TOOLS {
        let file = if tool == "ptxrewrite" {
            "elect.ptx"
        } else {
            "broken.ptx"
        };
        let command = format!("{bin} {} {file}", needed(tool).join(" "));
        for (no_color, colored) in [(None, true), (Some(""), true), (Some("1"), false)] {
            let shown = at_terminal(dir.path(), &command, no_color);
            assert!(shown.contains("error"), "{tool} NO_COLOR={no_color:?}:\n{shown}");
            assert_eq!(
                shown.contains("\x1b["),
                colored,
                "{tool} NO_COLOR={no_color:?}:\n{shown}"
            );
        }
        let forced = at_terminal(dir.path(), &format!("{command} --color never"), None);
        assert!(!forced.contains("\x1b["), "{tool} --color never:\n{forced}");
    }
}

#[test]
fn a_bare_command_line_at_a_terminal_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    for (tool, bin) in TOOLS {
        let command = format!("{bin} {} </dev/tty; echo \"exit=$?\"", needed(tool).join(" "));
        let text = at_terminal(dir.path(), &command, Some("1"));
        assert!(
            text.contains("error: no input: give files or directories") && text.contains("exit=2"),
            "{tool}:\n{text}"
        );
    }
}

#[test]
fn piped_standard_input_is_read_when_no_path_is_given() {
    let dir = tempfile::tempdir().unwrap();
    for (tool, bin) in TOOLS {
        let out = run(bin, dir.path(), tool, &[], UNFORMATTED);
        assert_ne!(out.code, 2, "{tool}:\n{}", out.render());
    }
}

#[test]
fn configuration_is_the_nearest_file_above_each_file_with_kebab_keys() {
    // ptxlint: the nested ptxlint.toml ignores PTX101 below it only; its
    // snake_case key is read with a warning. ptxfmt likewise per file.
    let unknown = ".version 8.0\n.target sm_80\n.entry k() { frob.s32 %r1, %r2; }\n";
    let dir = temp_tree(&[
        ("ptxlint.toml", b"deny-warnings = false\n"),
        (
            "quiet/ptxlint.toml",
            b"select = [\"ALL\"]\nper_file_ignores = { \"*.ptx\" = [\"PTX1\", \"PTX4\"] }\n",
        ),
        ("loud/k.ptx", unknown.as_bytes()),
        ("quiet/k.ptx", unknown.as_bytes()),
        ("quiet/ptxfmt.toml", b"indent_width = 2\n"),
    ]);
    let lint = common::run(TOOLS[1].1, dir.path(), &["--format", "concise", "loud", "quiet"], b"");
    assert!(lint.stdout.contains("loud/k.ptx:3:"), "{}", lint.render());
    assert!(!lint.stdout.contains("quiet/k.ptx:3:"), "{}", lint.render());
    assert!(
        lint.stderr
            .contains("quiet/ptxlint.toml: `per_file_ignores` is deprecated: write `per-file-ignores`"),
        "{}",
        lint.render()
    );
    let fmt = common::run(TOOLS[0].1, dir.path(), &["--print-config", "quiet/k.ptx"], b"");
    assert!(fmt.stdout.contains("indent-width = 2\n"), "{}", fmt.render());
    assert!(fmt.stderr.contains("`indent_width` is deprecated"), "{}", fmt.render());
    let isolated = common::run(
        TOOLS[0].1,
        dir.path(),
        &["--print-config", "--isolated", "quiet/k.ptx"],
        b"",
    );
    assert!(isolated.stdout.contains("indent-width = 4\n"), "{}", isolated.render());
}

/// Listings and explanations into a pipe whose reader has gone (`ptxrewrite --list-passes |
/// head -1` after head exits): exit 0 and nothing on stderr, never a panic.
#[test]
fn listings_into_a_closed_pipe_exit_0_quietly() {
    let listings: [(&str, &[&str]); 5] = [
        (env!("CARGO_BIN_EXE_ptxrewrite"), &["--list-passes"]),
        (
            env!("CARGO_BIN_EXE_ptxrewrite"),
            &["--explain", "implicit-float-modifiers"],
        ),
        (env!("CARGO_BIN_EXE_ptxlint"), &["--list-rules"]),
        (env!("CARGO_BIN_EXE_ptxlint"), &["--explain", "PTX101"]),
        (env!("CARGO_BIN_EXE_ptxlint"), &["--explain-instruction", "add.s32"]),
    ];
    for (bin, args) in listings {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = std::process::Command::new(bin)
            .args(args)
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!((out.status.code(), stderr.as_ref()), (Some(0), ""), "{bin} {args:?}");
    }
}
