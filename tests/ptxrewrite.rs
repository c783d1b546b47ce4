//! End-to-end tests of the `ptxrewrite` binary: exit code, stdout and stderr
//! as snapshots, files on disk, and bad input.

use std::path::Path;

mod common;
use common::{Run, temp_tree as temp_with};

const K80: &str = "\
.version 8.0
.target sm_90a
.address_size 64

// A kernel that uses 7.8 and 8.0 spellings.
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<3>;
	.shared .align 8 .b64 bar;

	mbarrier.init.shared::cta.b64 [bar], 32;
	mbarrier.arrive.release.cta.shared::cta.b64 %rd1, [bar]; // arrive
	bar.cta.sync 0;
	ld.param.u64 %rd2, [out];
	st.global.u32 [%rd2], %r1;
	ret;
}
";

const WGMMA: &str = "\
.version 8.0
.target sm_90a
.address_size 64

.visible .entry k()
{
	wgmma.fence.sync.aligned;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 0;
	ret;
}
";

fn ptxrewrite(args: &[&str], cwd: &Path, stdin: Option<&str>) -> Run {
    common::run(
        env!("CARGO_BIN_EXE_ptxrewrite"),
        cwd,
        args,
        stdin.unwrap_or_default().as_bytes(),
    )
}

#[test]
fn rewrites_in_place_and_second_run_is_a_no_op() {
    let dir = temp_with(&[("k.ptx", K80.as_bytes())]);
    let first = ptxrewrite(&["--to", "7.7", "k.ptx"], dir.path(), None);
    let after = std::fs::read_to_string(dir.path().join("k.ptx")).unwrap();
    let second = ptxrewrite(&["--to", "7.7", "k.ptx"], dir.path(), None);
    assert_eq!(std::fs::read_to_string(dir.path().join("k.ptx")).unwrap(), after);
    insta::assert_snapshot!(format!(
        "{}\n--- k.ptx\n{after}\n=== second run\n{}",
        first.render(),
        second.render()
    ));
}

#[test]
fn untouched_lines_keep_their_bytes() {
    // CRLF line ends, trailing spaces, tabs and comments of every kind.
    let text = K80
        .replace('\n', "\r\n")
        .replace("bar.cta.sync 0;", "bar.cta.sync 0;   ")
        + "/* a block comment */\r\n";
    let dir = temp_with(&[("k.ptx", text.as_bytes())]);
    let run = ptxrewrite(&["--to", "7.7", "k.ptx"], dir.path(), None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let after = std::fs::read_to_string(dir.path().join("k.ptx")).unwrap();
    let before_lines: Vec<&str> = text.split_inclusive('\n').collect();
    let after_lines: Vec<&str> = after.split_inclusive('\n').collect();
    assert_eq!(before_lines.len(), after_lines.len());
    let changed: Vec<usize> = (0..before_lines.len())
        .filter(|&i| before_lines[i] != after_lines[i])
        .map(|i| i + 1)
        .collect();
    // .version, .target, the two mbarrier lines and the bar.cta line only.
    assert_eq!(changed, [1, 2, 12, 13, 14]);
    assert_eq!(after_lines[13], "\tbar.sync 0;   \r\n");
    for comment in ["// A kernel that uses", "// arrive", "/* a block comment */"] {
        assert!(after.contains(comment), "lost {comment}");
    }
}

#[test]
fn check_diff_and_stdout_write_nothing() {
    let dir = temp_with(&[("k.ptx", K80.as_bytes())]);
    let check = ptxrewrite(&["--to", "7.8", "--check", "k.ptx"], dir.path(), None);
    let diff = ptxrewrite(&["--to", "7.8", "--diff", "k.ptx"], dir.path(), None);
    let stdout = ptxrewrite(&["--to", "7.8", "--stdout", "-q", "k.ptx"], dir.path(), None);
    assert_eq!(std::fs::read_to_string(dir.path().join("k.ptx")).unwrap(), K80);
    let clean = ptxrewrite(&["--to", "8.0", "--check", "k.ptx"], dir.path(), None);
    insta::assert_snapshot!(format!(
        "=== --check\n{}\n=== --diff\n{}\n=== --stdout -q\n{}\n=== --check, nothing to do\n{}",
        check.render(),
        diff.render(),
        stdout.render(),
        clean.render()
    ));
}

#[test]
fn refusals_name_each_construct_and_leave_the_file() {
    let dir = temp_with(&[("w.ptx", WGMMA.as_bytes())]);
    let rich = ptxrewrite(&["--to", "7.8", "w.ptx"], dir.path(), None);
    let concise = ptxrewrite(&["--to", "7.8", "--format", "concise", "w.ptx"], dir.path(), None);
    assert_eq!(std::fs::read_to_string(dir.path().join("w.ptx")).unwrap(), WGMMA);
    insta::assert_snapshot!(format!("{}\n=== concise\n{}", rich.render(), concise.render()));
}

#[test]
fn approximate_passes_need_the_flag() {
    // A legacy shuffle only some lanes reach: no `.sync` form is exact (a full mask names
    // lanes that never arrive), so the move to sm_80 is approximate.
    let legacy = ".version 6.0\n.target sm_60\n.address_size 64\n.entry k()\n{\n\t.reg .b32 %r<3>;\n\t.reg .pred %p<2>;\n\tmov.u32 %r1, %tid.x;\n\tsetp.lt.u32 %p1, %r1, 7;\n\t@%p1 shfl.bfly.b32 %r2, %r1, 1, 31;\n\tret;\n}\n";
    let dir = temp_with(&[("old.ptx", legacy.as_bytes())]);
    let refused = ptxrewrite(
        &["--to", "8.8", "--target", "sm_80", "--format", "concise", "old.ptx"],
        dir.path(),
        None,
    );
    assert_eq!(std::fs::read_to_string(dir.path().join("old.ptx")).unwrap(), legacy);
    let kept = ptxrewrite(&["--to", "8.8", "--stdout", "old.ptx"], dir.path(), None);
    let allowed = ptxrewrite(
        &["--to", "8.8", "--target", "sm_80", "--allow-approximate", "old.ptx"],
        dir.path(),
        None,
    );
    let after = std::fs::read_to_string(dir.path().join("old.ptx")).unwrap();
    insta::assert_snapshot!(format!(
        "=== without --allow-approximate\n{}\n=== no --target: the file keeps sm_60\n{}\n=== with --allow-approximate\n{}\n--- old.ptx\n{after}",
        refused.render(),
        kept.render(),
        allowed.render()
    ));
}

#[test]
fn bad_input_is_reported_and_other_files_still_processed() {
    let dir = temp_with(&[
        ("good.ptx", K80.as_bytes()),
        ("binary.ptx", b"\x7fELF\x00\x01\x02"),
        ("latin1.ptx", b".version 8.0\n// caf\xe9\n"),
        ("empty.ptx", b""),
        (
            "syntax.ptx",
            b".version 8.0\n.target sm_90\n.entry k()\n{\n\tadd.s32 %r1, %r2,, %r3;\n}\n",
        ),
        ("noversion.ptx", b".target sm_90\n.entry k()\n{\n\tret;\n}\n"),
        ("readonly.ptx", K80.as_bytes()),
        ("sub/dir.ptx/inner.ptx", K80.as_bytes()),
    ]);
    let readonly = dir.path().join("readonly.ptx");
    let mut permissions = std::fs::metadata(&readonly).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&readonly, permissions).unwrap();
    let files = [
        "good.ptx",
        "binary.ptx",
        "latin1.ptx",
        "empty.ptx",
        "syntax.ptx",
        "noversion.ptx",
        "readonly.ptx",
        "missing.ptx",
        "sub/dir.ptx",
    ];
    let mut args = vec!["--to", "7.8", "-j", "1"];
    args.extend(files);
    let run = ptxrewrite(&args, dir.path(), None);
    assert_eq!(run.code, 2);
    assert_ne!(std::fs::read_to_string(dir.path().join("good.ptx")).unwrap(), K80);
    assert_eq!(std::fs::read_to_string(&readonly).unwrap(), K80);
    assert_ne!(
        std::fs::read_to_string(dir.path().join("sub/dir.ptx/inner.ptx")).unwrap(),
        K80
    );
    insta::assert_snapshot!(run.render());
}

#[test]
fn standard_input_goes_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let rewritten = ptxrewrite(&["--to", "7.8", "-"], dir.path(), Some(K80));
    let named = ptxrewrite(
        &[
            "--to",
            "7.8",
            "--stdin-filename",
            "kernels/w.ptx",
            "--format",
            "concise",
        ],
        dir.path(),
        Some(WGMMA),
    );
    let unchanged = ptxrewrite(&["--to", "8.0", "-q"], dir.path(), Some(K80));
    assert_eq!(unchanged.stdout, K80);
    insta::assert_snapshot!(format!(
        "{}\n=== refused, named\n{}\n=== unchanged (echoed)\n{}",
        rewritten.render(),
        named.render(),
        unchanged.code
    ));
}

#[test]
fn directories_honour_gitignore_and_exclude() {
    let dir = temp_with(&[
        ("src/a.ptx", K80.as_bytes()),
        ("src/b.txt", K80.as_bytes()),
        ("gen/c.ptx", K80.as_bytes()),
        ("vendor/d.ptx", K80.as_bytes()),
        (".gitignore", b"gen/\n"),
    ]);
    let run = ptxrewrite(
        &["--to", "7.8", "--check", "--exclude", "vendor", "."],
        dir.path(),
        None,
    );
    insta::assert_snapshot!(run.render());
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let runs = [
        ptxrewrite(&["k.ptx"], dir.path(), None),
        ptxrewrite(&["--to", "7.9", "k.ptx"], dir.path(), None),
        ptxrewrite(&["--to", "7.0", "--target", "sm_90", "k.ptx"], dir.path(), None),
        ptxrewrite(&["--to", "7.8", "--target", "sm_91", "k.ptx"], dir.path(), None),
        ptxrewrite(&["--explain", "no-such-pass"], dir.path(), None),
        ptxrewrite(&["--to", "7.8", "--check", "--stdout", "k.ptx"], dir.path(), None),
    ];
    let mut out = String::new();
    for run in &runs {
        assert_eq!(run.code, 2, "{}", run.stderr);
        out.push_str(run.stderr.lines().next().unwrap_or(""));
        out.push('\n');
    }
    insta::assert_snapshot!(out);
}

#[test]
fn list_passes_and_explain() {
    let dir = tempfile::tempdir().unwrap();
    let list = ptxrewrite(&["--list-passes"], dir.path(), None);
    let explain = ptxrewrite(&["--explain", "shared-cta-space"], dir.path(), None);
    assert_eq!(list.code, 0);
    assert_eq!(explain.code, 0);
    insta::assert_snapshot!(format!(
        "{}\n=== --explain shared-cta-space\n{}",
        list.stdout, explain.stdout
    ));
}

#[test]
fn deep_nesting_and_parallel_runs() {
    let deep = format!(
        ".version 7.8\n.target sm_80\n.entry k()\n{}bar.cta.sync 0;{}\n",
        "{".repeat(5000),
        "}".repeat(5000)
    );
    let dir = temp_with(&[
        ("deep.ptx", deep.as_bytes()),
        ("a.ptx", K80.as_bytes()),
        ("b.ptx", K80.as_bytes()),
    ]);
    let run = ptxrewrite(&["--to", "7.7", "-j", "2", "-q", "."], dir.path(), None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        std::fs::read_to_string(dir.path().join("deep.ptx"))
            .unwrap()
            .contains("{bar.sync 0;}")
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.ptx")).unwrap(),
        std::fs::read_to_string(dir.path().join("b.ptx")).unwrap()
    );
}

/// `--to` takes a CUDA toolkit or a driver as well as a PTX version: the newest version the
/// toolkit's ptxas assembles or the driver JIT-compiles; the result is the same as `--to`
/// that version, and what cannot be named is a usage error.
#[test]
fn to_accepts_a_toolkit_or_a_driver() {
    let dir = tempfile::tempdir().unwrap();
    let by_version = ptxrewrite(&["--to", "7.8", "-"], dir.path(), Some(K80));
    assert_eq!(by_version.code, 0, "{}", by_version.render());
    for to in ["cuda-11.8", "CUDA-11.8", "driver-520", "r520", "520.61.05"] {
        let run = ptxrewrite(&["--to", to, "-"], dir.path(), Some(K80));
        assert_eq!(run.stdout, by_version.stdout, "--to {to}:\n{}", run.render());
        assert_eq!(run.code, 0, "--to {to}:\n{}", run.render());
    }
    let mut shown = String::new();
    for to in [
        "cuda-12.1",
        "driver-530",
        "cuda-12.6",
        "driver-560",
        "cuda-9.2",
        "driver-396",
    ] {
        let run = ptxrewrite(&["--to", to, "-"], dir.path(), Some(K80));
        let header: Vec<&str> = run.stdout.lines().take(2).collect();
        shown.push_str(&format!("--to {to}: exit {} {}\n", run.code, header.join(" ")));
        shown.push_str(run.stderr.lines().next().unwrap_or_default());
        shown.push('\n');
    }
    for to in ["cuda-14.0", "driver-180", "cuda-x", "eleven"] {
        let run = ptxrewrite(&["--to", to, "k.ptx"], dir.path(), None);
        assert_eq!(run.code, 2, "--to {to}:\n{}", run.render());
        shown.push_str(&format!("--to {to}: exit 2 {}\n", run.stderr.trim_end()));
    }
    insta::assert_snapshot!(shown);
}
