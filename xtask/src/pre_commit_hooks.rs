//! `cargo xtask pre-commit-hooks [--wheel DIR]`: shows that pre-commit installs the hooks of
//! `.pre-commit-hooks.yaml` (`language: python`) and runs `ptxfmt-check`, `ptxfmt`,
//! `ptxlint` and `ptxlint-cuda` on a sample repository.
//!
//! Needs `pre-commit` (`pip install pre-commit`). Without `--wheel`, the sample's
//! `.pre-commit-config.yaml` points at this repository's committed `HEAD` and pre-commit
//! runs `pip install .` there, which builds the wheel with maturin (Rust needed; minutes
//! the first time, cached by pre-commit for that commit). With `--wheel DIR` (a directory
//! holding the `ptxkit` wheel built once, as CI does), the hooks repository is a scratch
//! one with this repository's `.pre-commit-hooks.yaml` byte for byte and a stub package
//! that only requires `ptxkit` (as ruff-pre-commit requires `ruff`); pip installs the wheel
//! from DIR with no index. Then three runs: the first reformats a file (so `ptxfmt-check`
//! and `ptxfmt` fail, as hooks that find or change files do), the second passes, and the
//! third, after a kernel with a lint error and a CUDA file with a bad asm operand are
//! added, fails on `ptxlint` and `ptxlint-cuda`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};

const UNFORMATTED: &str = ".version 7.8\n.target sm_80\n.entry k()\n{\n.reg .b32 %r<2>;\nmov.u32 %r1,1;\nret;\n}\n";
const FORMATTED: &str =
    ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    .reg .b32 %r<2>;\n    mov.u32 %r1, 1;\n    ret;\n}\n";
/// Formatted, but `mad.f32` lacks the rounding modifier ptxas requires.
const LINT_ERROR: &str = ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    .reg .f32 %f<4>;\n    mad.f32 %f1, %f2, %f3, %f3;\n    ret;\n}\n";
/// A CUDA file whose asm is right.
const CUDA_CLEAN: &str =
    "__global__ void k(int* p) {\n  int d;\n  asm(\"add.s32 %0, %1, 1;\" : \"=r\"(d) : \"r\"(p[0]));\n  p[1] = d;\n}\n";
/// A CUDA file whose asm names an operand it does not have (`%2`).
const CUDA_ERROR: &str = "__global__ void k(int* p) {\n  int d;\n  asm(\"add.s32 %0, %1, %2;\" : \"=r\"(d) : \"r\"(p[0]));\n  p[1] = d;\n}\n";

/// The hooks the sample uses, in the order they run.
const HOOKS: &[&str] = &["ptxfmt-check", "ptxfmt", "ptxlint", "ptxlint-cuda"];

/// The stub package of the scratch hooks repository: a PEP 517 backend with no build
/// requirements that makes a wheel whose only content is `Requires-Dist: ptxkit==VERSION`.
const STUB_BACKEND: &str = r#"import base64, hashlib, os, zipfile

NAME, VERSION = "ptxkit_pre_commit_hooks", "0.0.0"


def _record(files):
    lines = []
    for path, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{path},sha256={digest},{len(data)}")
    return "\n".join(lines) + "\n"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    with open(os.path.join(os.path.dirname(__file__), "requirement.txt")) as handle:
        requirement = handle.read().strip()
    info = f"{NAME}-{VERSION}.dist-info"
    files = [
        (f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\nRequires-Dist: {requirement}\n".encode()),
        (f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: ptxkit-xtask\nRoot-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = f"{info}/RECORD"
    name = f"{NAME}-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as wheel:
        for path, data in files:
            wheel.writestr(path, data)
        wheel.writestr(record, _record(files) + f"{record},,\n")
    return name
"#;

pub fn run(args: &[String]) -> Result<ExitCode> {
    let wheels = match args {
        [] => None,
        [flag, dir] if flag == "--wheel" => Some(PathBuf::from(dir).canonicalize().context(dir.clone())?),
        _ => bail!("usage: cargo xtask pre-commit-hooks [--wheel DIR]"),
    };
    let version = Command::new("pre-commit").arg("--version").output();
    match version {
        Ok(output) if output.status.success() => {
            print!("{}", String::from_utf8_lossy(&output.stdout));
        }
        _ => bail!("pre-commit is not installed: run `pip install pre-commit`"),
    }
    let temp = tempfile::tempdir()?;
    let root = crate::workspace_root();
    let (repo, rev) = match &wheels {
        None => head_of(&root)?,
        Some(dir) => stub_repository(&root, dir, &temp.path().join("hooks"))?,
    };
    let sample = temp.path().join("sample");
    std::fs::create_dir_all(sample.join("kernels"))?;
    std::fs::write(sample.join("kernels/messy.ptx"), UNFORMATTED)?;
    std::fs::write(sample.join("kernels/tidy.ptx"), FORMATTED)?;
    std::fs::write(sample.join("kernels/add.cu"), CUDA_CLEAN)?;
    std::fs::write(sample.join("README.md"), "not PTX\n")?;
    git(&sample, &["init", "-q"])?;
    let hooks: String = HOOKS.iter().map(|id| format!("      - id: {id}\n")).collect();
    let config = format!(
        "repos:\n  - repo: {}\n    rev: {rev}\n    hooks:\n{hooks}",
        repo.display()
    );
    std::fs::write(sample.join(".pre-commit-config.yaml"), &config)?;
    print!(".pre-commit-config.yaml:\n{config}");
    git(&sample, &["add", "."])?;
    // pre-commit's own cache, so that an earlier install from another wheel is not reused.
    let cache = temp.path().join("pre-commit-cache");
    let try_repo = |label: &str| -> Result<(i32, String)> {
        println!("==> {label}: pre-commit run --all-files");
        let mut command = Command::new("pre-commit");
        command
            .args(["run", "--all-files", "--color", "never"])
            .current_dir(&sample)
            .env("PRE_COMMIT_HOME", &cache);
        if let Some(dir) = &wheels {
            command.env("PIP_FIND_LINKS", dir).env("PIP_NO_INDEX", "1");
        }
        let started = std::time::Instant::now();
        let output = command.output().context("running pre-commit")?;
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        print!("{text}");
        println!("({label}: {:.1} s)", started.elapsed().as_secs_f64());
        Ok((output.status.code().unwrap_or(-1), text))
    };
    let (first, output) = try_repo("first run (installs the hooks)")?;
    let messy = std::fs::read_to_string(sample.join("kernels/messy.ptx"))?;
    if first != 1 || messy != FORMATTED {
        bail!("first run: expected the hook to fail and reformat kernels/messy.ptx (exit {first})\n{messy}");
    }
    expect_results(
        &output,
        &[("ptxfmt --check", false), ("ptxfmt", false), ("ptxlint", true)],
    )?;
    let (second, output) = try_repo("second run")?;
    if second != 0 {
        bail!("second run: expected the hooks to pass (exit {second})");
    }
    expect_results(&output, &[("ptxlint (inline PTX)", true)])?;
    std::fs::write(sample.join("kernels/rounding.ptx"), LINT_ERROR)?;
    std::fs::write(sample.join("kernels/operands.cu"), CUDA_ERROR)?;
    git(&sample, &["add", "."])?;
    let (third, output) = try_repo("third run, with a lint error in PTX and in CUDA")?;
    let rounding = std::fs::read_to_string(sample.join("kernels/rounding.ptx"))?;
    if third != 1 || rounding != LINT_ERROR {
        bail!("third run: expected ptxlint to fail on kernels/rounding.ptx and leave it alone (exit {third})");
    }
    expect_results(&output, &[("ptxlint", false), ("ptxlint (inline PTX)", false)])?;
    for expected in ["missing-rounding-modifier", "asm-operand-index-out-of-range"] {
        if !output.contains(expected) {
            bail!("third run: expected `{expected}` in the hooks' output");
        }
    }
    println!(
        "pre-commit ran the {} hooks ({}): ptxfmt reformatted 1 file on the first run, all passed on the second, \
         ptxlint and ptxlint-cuda rejected the rounding and asm operand errors on the third",
        HOOKS.len(),
        if wheels.is_some() {
            "installed from the prebuilt wheel"
        } else {
            "built from HEAD"
        }
    );
    Ok(ExitCode::SUCCESS)
}

/// Checks pre-commit's `NAME....Passed`/`Failed` line for each `(name, passed)`.
fn expect_results(output: &str, expected: &[(&str, bool)]) -> Result<()> {
    for (name, passed) in expected {
        let line = output
            .lines()
            .find(|line| line.starts_with(&format!("{name}.")) || line.starts_with(&format!("{name} .")))
            .with_context(|| format!("no result line for hook `{name}` in pre-commit's output"))?;
        let word = if *passed { "Passed" } else { "Failed" };
        if !line.ends_with(word) {
            bail!("hook `{name}`: expected {word}, got `{line}`");
        }
    }
    Ok(())
}

/// This repository and its committed `HEAD` (what pre-commit clones).
fn head_of(root: &Path) -> Result<(PathBuf, String)> {
    let head = String::from_utf8(
        Command::new("git")
            .args(["rev-parse", "HEAD"])
            .current_dir(root)
            .output()
            .context("running git rev-parse")?
            .stdout,
    )?;
    let dirty = !Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=no"])
        .current_dir(root)
        .output()?
        .stdout
        .is_empty();
    if dirty {
        println!(
            "note: uncommitted changes are not tested: the hooks are built from HEAD {}",
            head.trim()
        );
    }
    Ok((root.to_path_buf(), head.trim().to_string()))
}

/// A hooks repository at `dir`: this repository's `.pre-commit-hooks.yaml` and a stub package
/// requiring the `ptxkit` wheel found in `wheels`. Returns it and its commit.
fn stub_repository(root: &Path, wheels: &Path, dir: &Path) -> Result<(PathBuf, String)> {
    let version = env!("CARGO_PKG_VERSION");
    let wheel = std::fs::read_dir(wheels)?
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .find(|name| name.starts_with(&format!("ptxkit-{version}-")) && name.ends_with(".whl"))
        .with_context(|| format!("no ptxkit-{version}-*.whl in {}", wheels.display()))?;
    println!("hooks repository: .pre-commit-hooks.yaml of this checkout, installing {wheel}");
    std::fs::create_dir_all(dir)?;
    std::fs::copy(root.join(".pre-commit-hooks.yaml"), dir.join(".pre-commit-hooks.yaml"))?;
    std::fs::write(
        dir.join("pyproject.toml"),
        "[build-system]\nrequires = []\nbuild-backend = \"stub_backend\"\nbackend-path = [\".\"]\n",
    )?;
    std::fs::write(dir.join("stub_backend.py"), STUB_BACKEND)?;
    std::fs::write(dir.join("requirement.txt"), format!("ptxkit=={version}\n"))?;
    git(dir, &["init", "-q"])?;
    git(dir, &["add", "."])?;
    git(dir, &["commit", "-q", "-m", "hooks"])?;
    let rev = String::from_utf8(
        Command::new("git")
            .args(["rev-parse", "HEAD"])
            .current_dir(dir)
            .output()?
            .stdout,
    )?;
    Ok((dir.to_path_buf(), rev.trim().to_string()))
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
