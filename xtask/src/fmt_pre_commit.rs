//! `cargo xtask fmt-pre-commit`: shows that pre-commit installs and runs the
//! `ptxfmt` hook of `.pre-commit-hooks.yaml` on a sample repository.
//!
//! Needs `pre-commit` (`pip install pre-commit`) and a Rust toolchain; the
//! hook is built by pre-commit with `cargo install --path .` (a few minutes
//! the first time). Runs `pre-commit try-repo`, which also picks up
//! uncommitted changes of this repository.

use std::path::Path;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};

const UNFORMATTED: &str = ".version 7.8\n.target sm_80\n.entry k()\n{\nmov.u32 %r1,1;\nret;\n}\n";
const FORMATTED: &str = ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    mov.u32 %r1, 1;\n    ret;\n}\n";

pub fn run(args: &[String]) -> Result<ExitCode> {
    if !args.is_empty() {
        bail!("usage: cargo xtask fmt-pre-commit");
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
    git(sample, &["add", "."])?;
    let root = crate::workspace_root();
    let try_repo = |label: &str| -> Result<i32> {
        println!("==> {label}: pre-commit try-repo {} ptxfmt --all-files", root.display());
        let output = Command::new("pre-commit")
            .args(["try-repo"])
            .arg(&root)
            .args(["ptxfmt", "--all-files", "--color", "never"])
            .current_dir(sample)
            .output()
            .context("running pre-commit")?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        // try-repo first prints the generated config; show the hook's part.
        let shown = stdout.find("ptxfmt...").map_or(&*stdout, |at| &stdout[at..]);
        print!("{shown}{}", String::from_utf8_lossy(&output.stderr));
        Ok(output.status.code().unwrap_or(-1))
    };
    let first = try_repo("first run")?;
    let messy = std::fs::read_to_string(sample.join("kernels/messy.ptx"))?;
    if first != 1 || messy != FORMATTED {
        bail!("first run: expected the hook to fail and reformat kernels/messy.ptx (exit {first})\n{messy}");
    }
    let second = try_repo("second run")?;
    if second != 0 {
        bail!("second run: expected the hook to pass (exit {second})");
    }
    println!("pre-commit ran the ptxfmt hook: 1 file reformatted on the first run, clean on the second");
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
