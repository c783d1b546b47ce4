//! End-to-end tests of the `ptxlint` binary: exit code, stdout and stderr
//! snapshotted for each mode, bad inputs, configuration and fixes. JSON
//! output is parsed and SARIF output is validated against the SARIF 2.1.0
//! schema.

use std::path::Path;

mod common;
use common::{Run, temp_tree as workspace};

const CLEAN: &str = ".version 7.8\n.target sm_80\n.address_size 64\n.entry k()\n{\n\t.reg .b32 %r<3>;\n\tmov.u32 %r2, %tid.x;\n\tadd.s32 %r1, %r2, 1;\n\tret;\n}\n";

const BAD: &str = "\
.version 7.8
.target sm_80
.address_size 64
.tex .u32 tex_ref;
.entry k()
{
	.reg .b32 %r<3>;
	.reg .pred %p<2>;
	shfl.bfly.b32 %r1, %r2, 1, 31;
	add.s32 %r1, %q2, 1;
	ret;
}
";

const WARN_ONLY: &str = ".version 7.8\n.target sm_80\n.func f(.param .f16 a) { ret; }\n";

fn ptxlint(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    common::run(env!("CARGO_BIN_EXE_ptxlint"), dir, args, stdin.unwrap_or_default())
}

#[test]
fn clean_file_exits_0() {
    let dir = workspace(&[("k.ptx", CLEAN.as_bytes())]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["k.ptx"], None).render());
}

#[test]
fn findings_exit_1_with_code_frames() {
    let dir = workspace(&[("bad.ptx", BAD.as_bytes())]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["bad.ptx"], None).render());
}

#[test]
fn concise_and_github_and_statistics() {
    let dir = workspace(&[("bad.ptx", BAD.as_bytes())]);
    insta::assert_snapshot!(
        "concise",
        ptxlint(dir.path(), &["--format", "concise", "bad.ptx"], None).render()
    );
    insta::assert_snapshot!(
        "github",
        ptxlint(dir.path(), &["--format", "github", "bad.ptx"], None).render()
    );
    insta::assert_snapshot!(
        "statistics",
        ptxlint(dir.path(), &["--statistics", "bad.ptx"], None).render()
    );
}

#[test]
fn json_output_is_valid_and_complete() {
    let dir = workspace(&[("bad.ptx", BAD.as_bytes())]);
    let run = ptxlint(dir.path(), &["--format", "json", "bad.ptx"], None);
    assert_eq!(run.code, 1);
    let value: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let findings = value.as_array().unwrap();
    assert_eq!(findings.len(), 4, "three errors and the never-written `%r2` warning");
    for f in findings {
        for key in [
            "filename",
            "code",
            "rule",
            "severity",
            "message",
            "location",
            "end_location",
        ] {
            assert!(f.get(key).is_some(), "missing {key} in {f}");
        }
    }
    assert_eq!(findings[0]["code"], "PTX201");
    assert_eq!(findings[0]["location"]["line"], 4);
    assert_eq!(findings[0]["fix"]["applicability"], "safe");
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn sarif_output_matches_the_2_1_0_schema() {
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/schemas/sarif-2.1.0-rtm.5.json");
    let schema: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::draft4::new(&schema).unwrap();
    let dir = workspace(&[("bad.ptx", BAD.as_bytes()), ("ok.ptx", CLEAN.as_bytes())]);
    for args in [
        &["--format", "sarif", "bad.ptx"][..],
        &["--format", "sarif", "ok.ptx"][..],
    ] {
        let run = ptxlint(dir.path(), args, None);
        let log: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&log)
            .map(|e| format!("{e} at {}", e.instance_path))
            .collect();
        assert!(errors.is_empty(), "SARIF does not validate:\n{}", errors.join("\n"));
        assert_eq!(log["version"], "2.1.0");
    }
    // The validator does reject a broken log (the test can fail).
    let broken = serde_json::json!({ "version": "2.1.0", "runs": [{ "tool": {} }] });
    assert!(!validator.is_valid(&broken));
}

#[test]
fn bad_inputs_are_one_line_errors_and_others_still_linted() {
    let deep = format!(
        ".version 7.8\n.target sm_80\n.entry k()\n{}\nret;\n{}\n",
        "{".repeat(10_000),
        "}".repeat(10_000)
    );
    let dir = workspace(&[
        ("empty.ptx", b""),
        ("binary.ptx", b"\x7fELF\x00\x01\x02"),
        ("latin1.ptx", b".version 7.8\n// caf\xe9\n"),
        ("bad.ptx", BAD.as_bytes()),
        ("deep.ptx", deep.as_bytes()),
    ]);
    let run = ptxlint(
        dir.path(),
        &[
            "--format",
            "concise",
            "empty.ptx",
            "binary.ptx",
            "latin1.ptx",
            "missing.ptx",
            "deep.ptx",
            "bad.ptx",
        ],
        None,
    );
    insta::assert_snapshot!(run.render());
}

#[test]
fn syntax_errors_are_findings_and_the_rest_is_linted() {
    let text = ".version 7.8\n.target sm_80\n.tex .u32 t;\n.entry k()\n{\n\tadd.s32 %r1, %r2\n\tret;\n}\n";
    let dir = workspace(&[("s.ptx", text.as_bytes())]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["--format", "concise", "s.ptx"], None).render());
}

#[test]
fn directories_gitignore_and_exclude() {
    let dir = workspace(&[
        ("src/a.ptx", CLEAN.as_bytes()),
        ("src/gen/b.ptx", BAD.as_bytes()),
        ("build/c.ptx", BAD.as_bytes()),
        ("notes.txt", b"not ptx"),
        (".gitignore", b"build/\n"),
    ]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["--format", "concise", "--exclude", "gen", "."], None).render());
    let run = ptxlint(dir.path(), &["--format", "concise", "-j", "2", "."], None);
    assert_eq!(run.code, 1);
    assert!(run.stdout.contains("src/gen/b.ptx"), "{}", run.stdout);
    assert!(!run.stdout.contains("build/c.ptx"), "{}", run.stdout);
}

#[test]
fn stdin_and_stdin_filename() {
    let dir = workspace(&[]);
    insta::assert_snapshot!(
        ptxlint(
            dir.path(),
            &["--format", "concise", "--stdin-filename", "kernel.ptx", "-"],
            Some(BAD.as_bytes())
        )
        .render()
    );
}

#[test]
fn select_ignore_and_deny_warnings() {
    let dir = workspace(&[("bad.ptx", BAD.as_bytes()), ("warn.ptx", WARN_ONLY.as_bytes())]);
    let only = ptxlint(
        dir.path(),
        &["--format", "concise", "--select", "PTX2", "bad.ptx"],
        None,
    );
    insta::assert_snapshot!("select", only.render());
    let ignored = ptxlint(
        dir.path(),
        &["--format", "concise", "--ignore", "PTX2,undeclared-register", "bad.ptx"],
        None,
    );
    assert_eq!(ignored.code, 0, "{}", ignored.render());
    assert_eq!(ptxlint(dir.path(), &["warn.ptx"], None).code, 0);
    assert_eq!(ptxlint(dir.path(), &["--deny-warnings", "warn.ptx"], None).code, 1);
    assert_eq!(ptxlint(dir.path(), &["--exit-zero", "bad.ptx"], None).code, 0);
    let unknown = ptxlint(dir.path(), &["--select", "PTX777", "bad.ptx"], None);
    insta::assert_snapshot!("unknown_selector", unknown.render());
}

#[test]
fn target_and_version_overrides() {
    let dir = workspace(&[(
        "k.ptx",
        b".version 6.3\n.target sm_60\n.entry k()\n{\n\t.reg .b32 %r<3>;\n\tshfl.idx.b32 %r1, %r2, 0, 31;\n\tret;\n}\n",
    )]);
    let as_is = ptxlint(dir.path(), &["--format", "concise", "k.ptx"], None);
    assert_eq!(as_is.code, 0, "{}", as_is.render());
    let moved = ptxlint(
        dir.path(),
        &[
            "--format",
            "concise",
            "--target",
            "sm_80",
            "--ptx-version",
            "7.0",
            "k.ptx",
        ],
        None,
    );
    insta::assert_snapshot!(moved.render());
}

#[test]
fn config_file_select_severity_and_per_file_ignores() {
    let config = b"ignore = [\"PTX401\"]\n[severity]\nshfl-vote-without-sync = \"warning\"\n[per-file-ignores]\n\"legacy/**\" = [\"PTX2\"]\n";
    let dir = workspace(&[
        ("ptxlint.toml", config),
        ("bad.ptx", BAD.as_bytes()),
        ("legacy/old.ptx", BAD.as_bytes()),
    ]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["--format", "concise", "."], None).render());
    let bad = workspace(&[("ptxlint.toml", b"selekt = []\n"), ("k.ptx", CLEAN.as_bytes())]);
    insta::assert_snapshot!("bad_config", ptxlint(bad.path(), &["k.ptx"], None).render());
    let isolated = ptxlint(bad.path(), &["--isolated", "k.ptx"], None);
    assert_eq!(isolated.code, 0, "{}", isolated.render());
}

#[test]
fn fix_diff_and_unsafe_fixes() {
    let dir = workspace(&[("bad.ptx", BAD.as_bytes())]);
    let diff = ptxlint(dir.path(), &["--diff", "bad.ptx"], None);
    insta::assert_snapshot!("diff", diff.render());
    assert_eq!(
        std::fs::read_to_string(dir.path().join("bad.ptx")).unwrap(),
        BAD,
        "--diff writes nothing"
    );
    let fixed = ptxlint(dir.path(), &["--fix", "--format", "concise", "bad.ptx"], None);
    insta::assert_snapshot!("fix", fixed.render());
    let after_safe = std::fs::read_to_string(dir.path().join("bad.ptx")).unwrap();
    assert!(after_safe.contains(".global .texref tex_ref;"));
    assert!(
        after_safe.contains("shfl.bfly"),
        "unsafe fix not applied without --unsafe-fixes"
    );
    let fixed = ptxlint(
        dir.path(),
        &["--fix", "--unsafe-fixes", "--format", "concise", "bad.ptx"],
        None,
    );
    insta::assert_snapshot!("fix_unsafe", fixed.render());
    let after = std::fs::read_to_string(dir.path().join("bad.ptx")).unwrap();
    assert!(
        after.contains("shfl.sync.bfly.b32 %r1, %r2, 1, 31, 0xffffffff;"),
        "{after}"
    );
    assert!(ptxkit_syntax::parse(after).syntax_errors().is_empty());
}

#[test]
fn explain_and_list_rules() {
    let dir = workspace(&[]);
    insta::assert_snapshot!("explain", ptxlint(dir.path(), &["--explain", "PTX301"], None).render());
    let unknown = ptxlint(dir.path(), &["--explain", "nope"], None);
    assert_eq!(unknown.code, 2);
    assert_eq!(
        unknown.stderr,
        "error: unknown rule 'nope' (see `ptxlint --list-rules`)\n"
    );
    insta::assert_snapshot!("list_rules", ptxlint(dir.path(), &["--list-rules"], None).render());
}

#[test]
fn requirements_lists_the_forcing_lines() {
    let text = ".version 8.0\n.target sm_90a\n.address_size 64\n.entry k()\n{\n\t.reg .b32 %r<4>;\n\tshfl.sync.bfly.b32 %r1, %r2, 1, 31, 0xffffffff;\n\twgmma.fence.sync.aligned;\n\tret;\n}\n";
    let dir = workspace(&[("k.ptx", text.as_bytes()), ("old.ptx", CLEAN.as_bytes())]);
    insta::assert_snapshot!(ptxlint(dir.path(), &["--requirements", "k.ptx", "old.ptx", "missing.ptx"], None).render());
}

/// The manual's rule and pass references list every rule and pass, as generated.
#[test]
fn rule_and_pass_references_are_generated_from_the_rules() {
    // Every rule's code, name, severity, fix and summary are declared once,
    // in its file; docs/src/rules.md's table is generated from them.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/src/");
    let readme = std::fs::read_to_string(format!("{dir}rules.md")).unwrap();
    let table = ptxkit_lint::registry::rules_markdown_table();
    assert!(table.lines().count() > 50, "{table}");
    assert!(
        readme.contains(&format!("\n{table}\n")),
        "docs/src/rules.md is stale: run `cargo xtask docs`"
    );
    let readme = std::fs::read_to_string(format!("{dir}passes.md")).unwrap();
    let passes = ptxkit_rewrite::migrations::markdown_table();
    assert!(passes.lines().count() > 20, "{passes}");
    assert!(
        readme.contains(&format!("\n{passes}\n")),
        "docs/src/passes.md is stale: run `cargo xtask docs`"
    );
}

/// The toolchain lines of `--requirements`: the oldest toolkit and driver, as written and
/// lowered, for each kind of row of the release table (a version's own release, a target
/// that came later than its version, 32-bit code, releases with no recorded driver branch,
/// a version no release has).
#[test]
fn requirements_name_the_oldest_toolkit_and_driver() {
    let module = |header: &str, body: &str| format!("{header}\n.visible .entry k()\n{{\n{body}\tret;\n}}\n");
    let files = [
        ("ptx81.ptx", module(".version 8.1\n.target sm_90\n.address_size 64", "")),
        (
            "lowered.ptx",
            module(
                ".version 8.5\n.target sm_90a\n.address_size 64",
                "\twgmma.fence.sync.aligned;\n",
            ),
        ),
        ("sm30.ptx", module(".version 3.0\n.target sm_30\n.address_size 64", "")),
        (
            "bits32.ptx",
            module(
                ".version 7.0\n.target sm_80\n.address_size 32",
                "\t.reg .b32 %r<2>;\n\tld.global.u32 %r1, [%r0];\n",
            ),
        ),
        ("ptx14.ptx", module(".version 1.4\n.target sm_13", "")),
        (
            "ptx95.ptx",
            module(".version 9.5\n.target sm_100\n.address_size 64", ""),
        ),
        ("ptx51.ptx", module(".version 5.1\n.target sm_60\n.address_size 64", "")),
        // A feature that reaches an older target later: cvt to .e4m3x2 is 7.8 on sm_90, 8.1 on sm_89.
        (
            "e4m3.ptx",
            module(
                ".version 8.4\n.target sm_89\n.address_size 64",
                "\t.reg .b16 %h;\n\t.reg .f32 %f<3>;\n\tcvt.rn.satfinite.e4m3x2.f32 %h, %f1, %f2;\n",
            ),
        ),
        // No ptxas takes these as written: a newer version, an arch-specific target, a removed construct.
        (
            "raise.ptx",
            module(
                ".version 7.8\n.target sm_90\n.address_size 64",
                "\twgmma.fence.sync.aligned;\n",
            ),
        ),
        (
            "arch.ptx",
            module(
                ".version 8.0\n.target sm_90\n.address_size 64",
                "\twgmma.fence.sync.aligned;\n",
            ),
        ),
        (
            "tex.ptx",
            module(".version 8.0\n.target sm_90\n.address_size 64\n.tex .u32 t;", ""),
        ),
    ];
    let files: Vec<(&str, &[u8])> = files.iter().map(|(n, t)| (*n, t.as_bytes())).collect();
    let dir = workspace(&files);
    let names: Vec<&str> = files.iter().map(|(n, _)| *n).collect();
    let mut args = vec!["--requirements"];
    args.extend(names);
    let out = ptxlint(dir.path(), &args, None);
    assert_eq!(out.code, 0, "{}", out.render());
    assert!(
        out.stdout.contains(
            "as written (.version 8.1, .target sm_90): assembled by ptxas of CUDA 12.1 or newer, JIT-compiled by driver R530 or newer"
        ),
        "{}",
        out.stdout
    );
    insta::assert_snapshot!(out.render());
}
