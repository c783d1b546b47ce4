//! `cargo xtask pre-commit-hooks`: shows that pre-commit installs and runs the
//! `ptxfmt` and `ptxlint` hooks of `.pre-commit-hooks.yaml` on a sample
//! repository.
//!
//! Needs `pre-commit` (`pip install pre-commit`) and a Rust toolchain. The
//! sample repository's `.pre-commit-config.yaml` points at this repository's
//! committed `HEAD`; pre-commit builds the hooks with `cargo install --path .`
//! (a few minutes the first time, cached by pre-commit for that commit), then
//! runs them three times: the first run reformats a file (and so fails, as
//! pre-commit hooks that modify files do), the second passes, and the third,
//! after a kernel with a lint error is added, fails on ptxlint.

use std::path::Path;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};

const UNFORMATTED: &str = ".version 7.8\n.target sm_80\n.entry k()\n{\n.reg .b32 %r<2>;\nmov.u32 %r1,1;\nret;\n}\n";
const FORMATTED: &str =
    ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    .reg .b32 %r<2>;\n    mov.u32 %r1, 1;\n    ret;\n}\n";
/// Formatted, but `mad.f32` lacks the rounding modifier ptxas requires.
const LINT_ERROR: &str = ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    .reg .f32 %f<4>;\n    mad.f32 %f1, %f2, %f3, %f3;\n    ret;\n}\n";

pub fn run(args: &[String]) -> Result<ExitCode> {
    if !args.is_empty() {
        bail!("usage: cargo xtask pre-commit-hooks");
    }
    let version = Command::new("pre-commit").arg("--version").output();
    match version {
        Ok(output) if output.status.success() => {
            print!("{}", String::from_utf8_lossy(&output.stdout));
        }
        _ => bail!("pre-commit is not installed: run `pip install pre-commit`"),
    }
    let temp = tempfile::tempdir()?;
    let sample = temp.path();
    std::fs::create_dir_all(sample.join("kernels"))?;
    std::fs::write(sample.join("kernels/messy.ptx"), UNFORMATTED)?;
    std::fs::write(sample.join("kernels/tidy.ptx"), FORMATTED)?;
    std::fs::write(sample.join("README.md"), "not PTX\n")?;
    git(sample, &["init", "-q"])?;
    let root = crate::workspace_root();
    let head = String::from_utf8(
        Command::new("git")
            .args(["rev-parse", "HEAD"])
            .current_dir(&root)
            .output()
            .context("running git rev-parse")?
            .stdout,
    )?;
    let dirty = !Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .current_dir(&root)
        .output()?
        .stdout
        .is_empty();
    if dirty {
        println!(
            "note: uncommitted changes are not tested: the hook is built from HEAD {}",
            head.trim()
        );
    }
    let config = format!(
        "repos:\n  - repo: {}\n    rev: {}\n    hooks:\n      - id: ptxfmt\n      - id: ptxlint\n",
        root.display(),
        head.trim()
    );
    std::fs::write(sample.join(".pre-commit-config.yaml"), &config)?;
    print!(".pre-commit-config.yaml:\n{config}");
    git(sample, &["add", "."])?;
    let try_repo = |label: &str| -> Result<i32> {
        println!("==> {label}: pre-commit run --all-files");
        let output = Command::new("pre-commit")
            .args(["run", "--all-files", "--color", "never"])
            .current_dir(sample)
            .output()
            .context("running pre-commit")?;
        print!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        Ok(output.status.code().unwrap_or(-1))
    };
    let first = try_repo("first run")?;
    let messy = std::fs::read_to_string(sample.join("kernels/messy.ptx"))?;
    if first != 1 || messy != FORMATTED {
        bail!("first run: expected the hook to fail and reformat kernels/messy.ptx (exit {first})\n{messy}");
    }
    let second = try_repo("second run")?;
    if second != 0 {
        bail!("second run: expected the hooks to pass (exit {second})");
    }
    std::fs::write(sample.join("kernels/rounding.ptx"), LINT_ERROR)?;
    git(sample, &["add", "."])?;
    let third = try_repo("third run, with a lint error")?;
    let rounding = std::fs::read_to_string(sample.join("kernels/rounding.ptx"))?;
    if third != 1 || rounding != LINT_ERROR {
        bail!("third run: expected ptxlint to fail on kernels/rounding.ptx and leave it alone (exit {third})");
    }
    println!(
        "pre-commit ran both hooks: ptxfmt reformatted 1 file on the first run, both passed on the second, \
         ptxlint rejected the rounding error on the third"
    );
    Ok(ExitCode::SUCCESS)
}

fn git(dir: &Path, args: &[&str]) -> Result<()> {
    let status = Command::new("git")
        .args(["-c", "user.name=ptxfmt", "-c", "user.email=ptxfmt@example.com"])
        .args(args)
        .current_dir(dir)
        .status()
        .context("running git")?;
    if !status.success() {
        bail!("git {} failed", args.join(" "));
    }
    Ok(())
}
