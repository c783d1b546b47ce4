//! End-to-end tests of the `ptxfmt` binary: exit code, stdout and stderr
//! snapshotted, and what happened to the files on disk checked.

use std::path::Path;

mod common;

const UNFORMATTED: &str = ".version 7.8\n.target sm_80\n.entry k()\n{\nmov.u32 %r1,1;\nret;\n}\n";
const FORMATTED: &str = ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    mov.u32 %r1, 1;\n    ret;\n}\n";

/// Runs ptxfmt in `dir` with `args` and `stdin`; returns the snapshot text
/// (exit code, stdout, stderr, with `dir` shown as `[TMP]`).
fn run(dir: &Path, args: &[&str], stdin: &str) -> String {
    common::run(env!("CARGO_BIN_EXE_ptxfmt"), dir, args, stdin.as_bytes()).render()
}

fn write(dir: &Path, name: &str, text: &[u8]) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[test]
fn formats_files_and_directories_in_place() {
    use std::os::unix::fs::PermissionsExt;
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    write(dir, "a.ptx", UNFORMATTED.as_bytes());
    write(dir, "b.ptx", FORMATTED.as_bytes());
    write(dir, "sub/c.ptx", UNFORMATTED.as_bytes());
    write(dir, "gen/d.ptx", UNFORMATTED.as_bytes());
    write(dir, "skip/e.ptx", UNFORMATTED.as_bytes());
    write(dir, ".gitignore", b"gen/\n");
    std::fs::set_permissions(dir.join("a.ptx"), std::fs::Permissions::from_mode(0o640)).unwrap();
    insta::assert_snapshot!(run(dir, &[".", "--exclude", "skip"], ""), @r"
    exit: 0
    --- stdout
    --- stderr
    2 files reformatted, 1 file left unchanged
    ");
    assert_eq!(read(dir, "a.ptx"), FORMATTED);
    assert_eq!(read(dir, "sub/c.ptx"), FORMATTED);
    assert_eq!(read(dir, "gen/d.ptx"), UNFORMATTED, ".gitignore honoured");
    assert_eq!(read(dir, "skip/e.ptx"), UNFORMATTED, "--exclude honoured");
    let mode = std::fs::metadata(dir.join("a.ptx")).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640, "permissions kept");
    write(dir, "real.ptx", UNFORMATTED.as_bytes());
    std::os::unix::fs::symlink(dir.join("real.ptx"), dir.join("link.ptx")).unwrap();
    run(dir, &["link.ptx"], "");
    assert_eq!(read(dir, "real.ptx"), FORMATTED, "written through the link");
    assert!(
        std::fs::symlink_metadata(dir.join("link.ptx"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let verbose = run(dir, &["-v", "a.ptx", "sub"], "");
    let (head, stats) = verbose.trim_end().rsplit_once('\n').unwrap();
    assert!(stats.contains(" MB/s") && stats.contains("peak memory"), "{stats}");
    insta::assert_snapshot!(head, @r"
    exit: 0
    --- stdout
    --- stderr
    unchanged: a.ptx
    unchanged: sub/c.ptx
    0 files reformatted, 2 files left unchanged
    ");
}

#[test]
fn check_lists_files_and_diff_shows_changes() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    write(dir, "a.ptx", UNFORMATTED.as_bytes());
    write(dir, "b.ptx", FORMATTED.as_bytes());
    insta::assert_snapshot!(run(dir, &["--check", "a.ptx", "b.ptx"], ""));
    insta::assert_snapshot!(run(dir, &["--diff", "a.ptx", "b.ptx"], ""));
    insta::assert_snapshot!(run(dir, &["--check", "--quiet", "b.ptx"], ""));
    assert_eq!(read(dir, "a.ptx"), UNFORMATTED, "--check and --diff write nothing");
}

#[test]
fn stdin_to_stdout() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    insta::assert_snapshot!(run(dir, &[], UNFORMATTED));
    insta::assert_snapshot!(run(dir, &["-", "--check", "--stdin-filename", "k.ptx"], UNFORMATTED));
    insta::assert_snapshot!(run(dir, &["--check"], FORMATTED));
    insta::assert_snapshot!(run(
        dir,
        &["--stdin-filename", "in.ptx"],
        ".version 7.8\n.entry k() { ret }\n"
    ));
}

#[test]
fn syntax_errors_leave_the_file_alone_and_others_are_done() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let broken = ".version 7.8\n.entry k()\n{\nmov.u32 %r1, 1\nret;\n}\n";
    write(dir, "broken.ptx", broken.as_bytes());
    write(dir, "good.ptx", UNFORMATTED.as_bytes());
    write(dir, "notes.ptx", b"This is a README, not PTX.\nIt has two lines.\n");
    insta::assert_snapshot!(run(dir, &["."], ""));
    assert_eq!(read(dir, "broken.ptx"), broken);
    assert_eq!(read(dir, "good.ptx"), FORMATTED);
}

#[test]
fn format_with_errors_formats_the_clean_items_and_warns() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let broken =
        ".version 7.8\n.target sm_80\n.entry ok()\n{\nmov.u32 %r1,1;\n}\n.entry bad()\n{\nmov.u32 %r1, 1\nret;\n}\n";
    write(dir, "broken.ptx", broken.as_bytes());
    insta::assert_snapshot!(run(dir, &["--check", "--format-with-errors", "broken.ptx"], ""));
    assert_eq!(read(dir, "broken.ptx"), broken, "--check writes nothing");
    insta::assert_snapshot!(run(dir, &["--format-with-errors", "broken.ptx"], ""));
    assert_eq!(
        read(dir, "broken.ptx"),
        ".version 7.8\n.target sm_80\n\n.entry ok()\n{\n    mov.u32 %r1, 1;\n}\n.entry bad()\n{\nmov.u32 %r1, 1\nret;\n}\n"
    );
    insta::assert_snapshot!(run(dir, &["--format-with-errors", "--stdin-filename", "k.ptx"], broken));
}

#[test]
fn range_formats_only_the_statements_on_those_lines() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let text = ".version 7.8\n.target sm_80\n.entry k()\n{\nmov.u32 %r1,1;\nmov.u32 %r2,2;\nret;\n}\n";
    write(dir, "k.ptx", text.as_bytes());
    insta::assert_snapshot!(run(dir, &["--diff", "--range", "6:6", "k.ptx"], ""));
    insta::assert_snapshot!(run(dir, &["--range", "5:6", "k.ptx"], ""));
    assert_eq!(
        read(dir, "k.ptx"),
        ".version 7.8\n.target sm_80\n.entry k()\n{\n    mov.u32 %r1, 1;\n    mov.u32 %r2, 2;\nret;\n}\n"
    );
    insta::assert_snapshot!(run(dir, &["--range", "7:7"], text));
    let usage = run(dir, &["--range", "6:5", "k.ptx"], "");
    assert!(
        usage.starts_with("exit: 2\n") && usage.contains("expected START:END"),
        "{usage}"
    );
    insta::assert_snapshot!(run(dir, &["--range", "1:2", "k.ptx", "k.ptx"], ""));
}

#[test]
fn bad_inputs_get_one_clear_error_each() {
    use std::os::unix::fs::PermissionsExt;
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    write(dir, "empty.ptx", b"");
    write(dir, "binary.ptx", b"\x7fELF\x02\x01\x01\x00\x00");
    write(dir, "latin1.ptx", b".version 7.8\n// caf\xe9\n");
    write(dir, "readonly.ptx", UNFORMATTED.as_bytes());
    std::fs::set_permissions(dir.join("readonly.ptx"), std::fs::Permissions::from_mode(0o444)).unwrap();
    let deep = format!(
        ".version 7.8\n.target sm_80\n.entry k()\n{}{}\n",
        "{".repeat(10_000),
        "}".repeat(10_000)
    );
    write(dir, "deep.ptx", deep.as_bytes());
    let huge = std::fs::File::create(dir.join("huge.ptx")).unwrap();
    huge.set_len(600 * 1024 * 1024).unwrap();
    std::fs::create_dir(dir.join("folder.ptx")).unwrap();
    write(dir, "good.ptx", UNFORMATTED.as_bytes());
    let args = [
        "empty.ptx",
        "binary.ptx",
        "latin1.ptx",
        "readonly.ptx",
        "deep.ptx",
        "huge.ptx",
        "missing.ptx",
        "good.ptx",
    ];
    insta::assert_snapshot!(run(dir, &args, ""));
    assert_eq!(read(dir, "readonly.ptx"), UNFORMATTED);
    assert_eq!(read(dir, "deep.ptx"), deep);
    assert_eq!(read(dir, "good.ptx"), FORMATTED);
    assert_eq!(
        std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name() != ".ptxkit_cache")
            .count(),
        8,
        "no temporary file left behind"
    );
}

#[test]
fn configuration_is_found_per_file_and_printed() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    write(dir, "tabs/ptxfmt.toml", b"indent-style = \"tabs\"\n");
    write(dir, "tabs/k.ptx", UNFORMATTED.as_bytes());
    write(dir, "plain/k.ptx", UNFORMATTED.as_bytes());
    write(dir, "bad/ptxfmt.toml", b"line_widht = 80\n");
    write(dir, "bad/k.ptx", UNFORMATTED.as_bytes());
    insta::assert_snapshot!(run(dir, &["tabs", "plain", "bad"], ""));
    assert!(read(dir, "tabs/k.ptx").contains("\n\tmov.u32 %r1, 1;\n"));
    assert_eq!(read(dir, "plain/k.ptx"), FORMATTED);
    assert_eq!(read(dir, "bad/k.ptx"), UNFORMATTED);
    insta::assert_snapshot!(run(dir, &["--print-config", "tabs/k.ptx"], ""));
    write(dir, "wide.toml", b"line_width = 120\nalign_comments = false\n");
    insta::assert_snapshot!(run(dir, &["--print-config", "--config", "wide.toml"], ""));
    insta::assert_snapshot!(run(dir, &["--stdin-filename", "tabs/x.ptx"], UNFORMATTED));
}

#[test]
fn debugging_printers() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    insta::assert_snapshot!(run(dir, &["--print-tree"], ".version 7.8\n.entry k() { ret; }\n"));
    insta::assert_snapshot!(run(
        dir,
        &["--print-doc"],
        ".version 7.8\n.entry k() { ret; } // done\n"
    ));
}

#[test]
fn parallel_jobs_give_the_same_results() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    for i in 0..12 {
        write(dir, &format!("k{i:02}.ptx"), UNFORMATTED.as_bytes());
    }
    let one = run(dir, &["--check", "-j", "1", "."], "");
    let two = run(dir, &["--check", "-j", "2", "."], "");
    assert_eq!(one, two);
    assert!(
        one.starts_with("exit: 1\n") && one.contains("would reformat: k11.ptx"),
        "{one}"
    );
    assert!(run(dir, &["-j", "2", "."], "").contains("12 files reformatted"));
}

#[test]
fn usage_errors_and_colors() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let unknown = run(dir, &["--frobnicate"], "");
    assert!(
        unknown.starts_with("exit: 2\n") && unknown.contains("unexpected argument '--frobnicate'"),
        "{unknown}"
    );
    insta::assert_snapshot!(run(dir, &["--exclude", "[", "."], ""));
    let colored = run(dir, &["--color", "always", "missing.ptx"], "");
    assert!(colored.contains("\x1b[1;31merror\x1b[0m: missing.ptx"), "{colored}");
    let plain = run(dir, &["missing.ptx"], "");
    assert!(
        plain.contains("\nerror: missing.ptx: no such file or directory"),
        "{plain}"
    );
}

/// A file larger than a few groups of top-level items is formatted group by
/// group, on two threads: the file written is the whole-file formatter's,
/// and a syntax error far into it is reported at its line in the file.
#[test]
fn large_files_are_formatted_in_groups_as_whole() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let mut text = String::from(".version 7.8\n.target sm_80\n.address_size 64\n");
    let mut k = 0;
    while text.len() < 3 * ptxkit_fmt::groups::GROUP_BYTES {
        text.push_str(&format!(
            "// kernel {k}\n.visible .entry k{k}(.param .u64 p)\n{{\n.reg .b32 %r<3>; // regs\nmov.u32 %r1,{k};\nadd.s32 %r2,%r1,%r1;\nret;\n}} // end {k}\n.global .u32 g{k}[2] = {{1,2}};\n"
        ));
        k += 1;
        if k == 500 {
            // Nested blocks: the groups run on threads with the stack this needs.
            let depth = 100;
            text.push_str(&format!(
                ".entry deep()\n{}ret;{}\n",
                "{\n".repeat(depth),
                "}\n".repeat(depth)
            ));
        }
    }
    let parsed = ptxkit_syntax::parse(text.as_str());
    let expected = ptxkit_fmt::format_parsed(&parsed, &ptxkit_fmt::Options::default()).unwrap();
    write(dir, "big.ptx", text.as_bytes());
    let check = common::run(env!("CARGO_BIN_EXE_ptxfmt"), dir, &["--check", "big.ptx"], b"");
    assert_eq!(check.code, 1, "{}", check.render());
    let written = common::run(env!("CARGO_BIN_EXE_ptxfmt"), dir, &["-j", "2", "big.ptx"], b"");
    assert_eq!(written.code, 0, "{}", written.render());
    assert!(
        read(dir, "big.ptx") == expected,
        "the grouped output differs from the whole file's"
    );
    let again = common::run(env!("CARGO_BIN_EXE_ptxfmt"), dir, &["--check", "big.ptx"], b"");
    assert_eq!(again.code, 0, "{}", again.render());

    let line = text.lines().count() + 3;
    write(
        dir,
        "broken.ptx",
        format!("{text}.entry broken()\n{{\nmov.u32 %r1, 1\nret;\n}}\n").as_bytes(),
    );
    let broken = common::run(env!("CARGO_BIN_EXE_ptxfmt"), dir, &["broken.ptx"], b"").render();
    assert!(
        broken.contains(&format!("broken.ptx:{line}:14: syntax error near")),
        "{broken}"
    );
}
