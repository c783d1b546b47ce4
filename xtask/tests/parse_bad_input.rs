//! `cargo xtask parse` on bad and extreme input: a clear line per problem,
//! no panic, no hang.

use std::path::Path;
use std::process::Command;

fn parse(paths: &[&Path]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("parse")
        .args(paths)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "xtask panicked:\n{stderr}");
    (output.status.code().unwrap(), stdout)
}

const KERNEL: &str =
    ".entry k{i}(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\tld.param.u32 %r1, [p];\n\tadd.s32 %r2, %r1, 1;\n\tret;\n}\n";

#[test]
fn bad_files_are_reported_one_line_each() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let binary = write("binary.ptx", b"\x7fELF\x02\x01\x01\x00\x00");
    let latin1 = write("latin1.ptx", b".version 7.8\n// \xe9t\xe9\n");
    let empty = write("empty.ptx", b"");
    let missing = dir.path().join("missing.ptx");
    let good = write("good.ptx", b".version 7.8\n.target sm_80\n");
    let (code, out) = parse(&[&binary, &latin1, &empty, &missing, &good]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("binary.ptx: binary file (NUL byte at offset 7), not PTX text"),
        "{out}"
    );
    assert!(
        out.contains("latin1.ptx: not UTF-8 text (invalid byte at line 2, column 4)"),
        "{out}"
    );
    assert!(out.contains("empty.ptx: empty file, nothing to do"), "{out}");
    assert!(out.contains("missing.ptx: no such file or directory"), "{out}");
    assert!(out.trim_end().ends_with(")"), "{out}");
    assert!(
        out.lines()
            .last()
            .unwrap()
            .starts_with("5 files, 4 with errors, 0 not lossless"),
        "{out}"
    );
}

#[test]
fn extreme_but_valid_input_parses() {
    let dir = tempfile::tempdir().unwrap();
    // 10,000 nested blocks.
    let nested = dir.path().join("nested.ptx");
    std::fs::write(
        &nested,
        format!(".entry k()\n{}ret;{}\n", "{".repeat(10_000), "}".repeat(10_000)),
    )
    .unwrap();
    // One line of about 1 MB.
    let long_line = dir.path().join("long_line.ptx");
    let values: Vec<String> = (0..250_000).map(|i| (i % 256).to_string()).collect();
    std::fs::write(
        &long_line,
        format!(".global .b8 data[250000] = {{{}}};\n", values.join(",")),
    )
    .unwrap();
    // About 100 MB of kernels.
    let huge = dir.path().join("huge.ptx");
    let mut text = String::from(".version 7.8\n.target sm_80\n.address_size 64\n");
    let mut i = 0;
    while text.len() < 100_000_000 {
        text.push_str(&KERNEL.replace("{i}", &i.to_string()));
        i += 1;
    }
    std::fs::write(&huge, text).unwrap();
    let (code, out) = parse(&[&nested, &long_line, &huge]);
    assert_eq!(code, 0, "{out}");
    let summary = out.lines().last().unwrap();
    assert!(
        summary.starts_with("3 files, 0 with errors, 0 not lossless, 100."),
        "{summary}"
    );
}

#[test]
fn a_syntax_error_is_reported_with_its_position() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ptx");
    std::fs::write(
        &path,
        ".version 7.8\n.target sm_80\n.entry k()\n{\n\tmov.u32 %r1 ^^ %r2;\n}\n",
    )
    .unwrap();
    let (code, out) = parse(&[&path]);
    assert_eq!(code, 1);
    assert!(out.contains("broken.ptx:5:15: syntax error near '^'"), "{out}");
}
