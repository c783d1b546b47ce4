//! Every class of bad input, given to each of the three binaries on its own:
//! one clear `error: PATH: …` line on stderr and exit 2, never a panic, and
//! the file left as it was. Inputs that are valid but extreme (a 100,000-deep
//! nesting, a 300 kB line) are handled like any other file.

use std::path::Path;

mod common;
use common::{Run, run};

const KERNEL: &str = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";

/// The tools and the arguments that make each look at a file without
/// writing it (`ptxfmt --check`, `ptxlint`, `ptxrewrite --check`).
const TOOLS: [(&str, &str, &[&str]); 3] = [
    ("ptxfmt", env!("CARGO_BIN_EXE_ptxfmt"), &["--check"]),
    ("ptxlint", env!("CARGO_BIN_EXE_ptxlint"), &["--format", "concise"]),
    (
        "ptxrewrite",
        env!("CARGO_BIN_EXE_ptxrewrite"),
        &["--to", "7.8", "--check"],
    ),
];

fn tool(name: &str, dir: &Path, file: &str) -> Run {
    let (_, bin, args) = TOOLS.iter().find(|(n, _, _)| *n == name).unwrap();
    let mut args = args.to_vec();
    args.push(file);
    run(bin, dir, &args, b"")
}

/// Runs every tool on `file` and checks the contract for a bad input: exit 2,
/// exactly one `error: …` line on stderr that names the file, no panic.
fn assert_one_error(dir: &Path, file: &str, shown: &str) -> String {
    let mut rendered = String::new();
    for (name, _, _) in TOOLS {
        let result = tool(name, dir, file);
        let errors: Vec<&str> = result.stderr.lines().filter(|l| l.starts_with("error: ")).collect();
        assert_eq!(result.code, 2, "{name} {file}: exit code\n{}", result.render());
        assert_eq!(errors.len(), 1, "{name} {file}: one error line\n{}", result.render());
        assert!(
            errors[0].contains(shown),
            "{name} {file}: names {shown}\n{}",
            result.render()
        );
        assert!(
            !result.stderr.contains("panicked"),
            "{name} {file}: panicked\n{}",
            result.render()
        );
        assert!(
            !result.stdout.contains("All checks passed"),
            "{name} {file}: claims success\n{}",
            result.render()
        );
        rendered.push_str(&format!("{name} {file}: {}\n", errors[0]));
    }
    rendered
}

#[test]
fn each_bad_input_gets_one_clear_error_and_exit_2() {
    use std::os::unix::fs::PermissionsExt;
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path();
    let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).unwrap();
    write("empty.ptx", b"");
    write("binary.ptx", b"\x7fELF\x02\x01\x01\x00\x00\x00");
    write("latin1.ptx", b".version 8.0\n.target sm_90\n// caf\xe9\n");
    std::fs::File::create(dir.join("huge.ptx"))
        .unwrap()
        .set_len(600 * 1024 * 1024)
        .unwrap();
    std::os::unix::fs::symlink("loop.ptx", dir.join("loop.ptx")).unwrap();
    std::os::unix::fs::symlink("nowhere.ptx", dir.join("dangling.ptx")).unwrap();
    let _socket = std::os::unix::net::UnixListener::bind(dir.join("socket.ptx")).unwrap();
    std::fs::create_dir(dir.join("folder")).unwrap();
    write("folder/inner.ptx", b"\x00\x01");

    let mut rendered = String::new();
    for (file, shown) in [
        ("empty.ptx", "empty.ptx"),
        ("binary.ptx", "binary.ptx"),
        ("latin1.ptx", "latin1.ptx"),
        ("huge.ptx", "huge.ptx"),
        ("missing.ptx", "missing.ptx"),
        ("loop.ptx", "loop.ptx"),
        ("dangling.ptx", "dangling.ptx"),
        ("socket.ptx", "socket.ptx"),
        ("folder", "inner.ptx"),
    ] {
        rendered.push_str(&assert_one_error(dir, file, shown));
    }
    insta::assert_snapshot!(rendered);

    // A file nobody may read (root may, so the case only runs for others).
    write("secret.ptx", KERNEL.as_bytes());
    std::fs::set_permissions(dir.join("secret.ptx"), std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(dir.join("secret.ptx")).is_err() {
        assert_one_error(dir, "secret.ptx", "secret.ptx: permission denied");
    }
}

/// A run that did its job: no panic, no `error:` line, and the exit code the
/// tool gives for this content.
fn assert_handled(name: &str, dir: &Path, file: &str, code: i32) -> Run {
    let result = tool(name, dir, file);
    assert!(
        !result.stderr.contains("panicked"),
        "{name} {file}\n{}",
        result.render()
    );
    assert_eq!(result.code, code, "{name} {file}\n{}", result.render());
    result
}

#[test]
fn deep_nesting_is_refused_by_the_formatter_and_handled_by_the_others() {
    let deep = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{}\nret;\n{}\n",
        "{".repeat(100_000),
        "}".repeat(100_000)
    );
    let parens = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n.global .u32 a = {}1{};\n",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let temp = common::temp_tree(&[("deep.ptx", deep.as_bytes()), ("parens.ptx", parens.as_bytes())]);
    let dir = temp.path();
    for file in ["deep.ptx", "parens.ptx"] {
        let fmt = assert_handled("ptxfmt", dir, file, 2);
        assert!(
            fmt.stderr
                .starts_with(&format!("error: {file}: nested too deeply to format")),
            "{}",
            fmt.render()
        );
        assert_handled("ptxlint", dir, file, 0);
        let rewrite = assert_handled("ptxrewrite", dir, file, 1);
        assert!(rewrite.stderr.contains("would be rewritten"), "{}", rewrite.render());
    }
}

#[test]
fn huge_lines_are_handled() {
    let values = vec!["1"; 100_000].join(", ");
    let long_initializer = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n.global .u32 a[100000] = {{{values}}};\n{}",
        &KERNEL[KERNEL.find(".visible").unwrap()..]
    );
    let long_comment = format!("{KERNEL}// {}\n", "x".repeat(1_000_000));
    let statements = "add.u32 %r1, %r1, 1; ".repeat(5_000);
    let long_body = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{{\n.reg .u32 %r<2>; {statements}ret;\n}}\n"
    );
    let temp = common::temp_tree(&[
        ("initializer.ptx", long_initializer.as_bytes()),
        ("comment.ptx", long_comment.as_bytes()),
        ("statements.ptx", long_body.as_bytes()),
    ]);
    let dir = temp.path();
    for file in ["initializer.ptx", "comment.ptx", "statements.ptx"] {
        assert_handled("ptxfmt", dir, file, 1);
        assert_handled("ptxlint", dir, file, 0);
        assert_handled("ptxrewrite", dir, file, 1);
    }
    // Formatting in place gives a file that is then formatted.
    let fmt = env!("CARGO_BIN_EXE_ptxfmt");
    for file in ["initializer.ptx", "comment.ptx", "statements.ptx"] {
        assert_eq!(run(fmt, dir, &[file], b"").code, 0);
        assert_eq!(run(fmt, dir, &["--check", file], b"").code, 0);
    }
}
