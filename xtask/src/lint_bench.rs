//! `cargo xtask lint-bench`: ptxlint's throughput on the whole corpus with
//! `-j 2` (files/s, MB/s), against ptxas assembling the same files (each with
//! the newest ptxas that accepted it, two at a time). A benchmark to read,
//! not a timed test.

use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use rayon::prelude::*;

use crate::ptxas::{arch_for, assemble, installed};

pub fn run(args: &[String]) -> Result<ExitCode> {
    let mut corpus = std::env::var_os("PTX_CORPUS_DIR")
        .map_or_else(|| crate::workspace_root().join("../shared/corpus"), PathBuf::from);
    let mut with_ptxas = true;
    for arg in args {
        match arg.as_str() {
            "--no-ptxas" => with_ptxas = false,
            other if other.starts_with('-') => bail!("usage: cargo xtask lint-bench [--no-ptxas] [CORPUS_DIR]"),
            other => corpus = PathBuf::from(other),
        }
    }
    let root = crate::workspace_root();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "-p", "ptx-toolkit", "--bin", "ptxlint"])
        .current_dir(&root)
        .status()
        .context("cannot run cargo build")?;
    if !status.success() {
        bail!("cargo build --release -p ptxkit-lint failed");
    }
    let target_dir = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let binary = target_dir.join("release/ptxlint");
    let files: Vec<PathBuf> = ptxkit_syntax::discover::discover(&[corpus.clone()], &Default::default())?
        .into_iter()
        .filter_map(Result::ok)
        .collect();
    let bytes: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let mb = bytes as f64 / 1e6;
    println!("corpus: {} files, {mb:.1} MB ({})", files.len(), corpus.display());

    let started = Instant::now();
    let out = Command::new(&binary)
        .args(["-j", "2", "--format", "concise", "--quiet", "--exit-zero", "--isolated"])
        .arg(&corpus)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .context("cannot run ptxlint")?;
    let lint_secs = started.elapsed().as_secs_f64();
    println!(
        "ptxlint -j 2: {lint_secs:.2} s, {:.0} files/s, {:.1} MB/s (exit {})",
        files.len() as f64 / lint_secs,
        mb / lint_secs,
        out.code().unwrap_or(-1)
    );
    if !with_ptxas {
        return Ok(ExitCode::SUCCESS);
    }
    let ptxas = installed()?;
    let jobs: Vec<(PathBuf, usize, String)> = crate::corpus_index::read(&corpus)?
        .into_iter()
        .filter_map(|row| {
            let p = ptxas
                .iter()
                .position(|p| row.accepted_by(p.column) || row.verdict(p.column) == Some("fail"))?;
            Some((corpus.join(&row.file), p, row.target))
        })
        .collect();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build()?;
    let started = Instant::now();
    let assembled: usize = pool.install(|| {
        jobs.par_iter()
            .filter(|(path, p, target)| assemble(&ptxas[*p], &arch_for(&ptxas[*p], target), path).is_ok())
            .count()
    });
    let ptxas_secs = started.elapsed().as_secs_f64();
    let ptxas_bytes: u64 = jobs
        .iter()
        .filter_map(|(f, _, _)| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    println!(
        "ptxas, 2 at a time: {ptxas_secs:.2} s for {assembled} files ({:.1} MB), {:.0} files/s, {:.1} MB/s",
        ptxas_bytes as f64 / 1e6,
        assembled as f64 / ptxas_secs,
        ptxas_bytes as f64 / 1e6 / ptxas_secs
    );
    println!(
        "ptxlint is {:.1}x faster than ptxas on this corpus",
        ptxas_secs / lint_secs
    );
    Ok(ExitCode::SUCCESS)
}
