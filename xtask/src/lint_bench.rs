//! `cargo xtask lint-bench`: ptxlint's throughput on the whole corpus with
//! `-j 2` (files/s, MB/s), against ptxas assembling the same files (each with
//! the newest ptxas that accepted it, two at a time), and the cost of the
//! dataflow rules (misaligned-vector-access, constant-address-out-of-bounds,
//! register-read-before-written) on the largest files. A benchmark to read,
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
    dataflow_cost(&binary, &files)?;
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

/// The dataflow rules: what they cost is measured by linting without them.
const DATAFLOW_RULES: &str = "PTX301,PTX307,PTX421";

/// Lints each of the five largest files with every rule, without the dataflow rules, and
/// with the dataflow rules alone (best of three runs, one file per process), and prints
/// MB/s and the ratio.
fn dataflow_cost(binary: &std::path::Path, files: &[PathBuf]) -> Result<()> {
    let mut largest: Vec<(u64, &PathBuf)> = files
        .iter()
        .filter_map(|f| Some((std::fs::metadata(f).ok()?.len(), f)))
        .collect();
    largest.sort_by_key(|(bytes, _)| std::cmp::Reverse(*bytes));
    largest.truncate(5);
    let time = |path: &PathBuf, extra: &[&str]| -> Result<f64> {
        let mut best = f64::MAX;
        for _ in 0..3 {
            let started = Instant::now();
            Command::new(binary)
                .args(["--format", "concise", "--quiet", "--exit-zero", "--isolated"])
                .args(extra)
                .arg(path)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .context("cannot run ptxlint")?;
            best = best.min(started.elapsed().as_secs_f64());
        }
        Ok(best)
    };
    println!("dataflow rules ({DATAFLOW_RULES}) on the largest files, best of 3:");
    println!(
        "{:<48} {:>7} {:>10} {:>10} {:>10} {:>7}",
        "file", "MB", "all ms", "w/o ms", "only ms", "ratio"
    );
    let (mut all_total, mut without_total) = (0.0, 0.0);
    for (bytes, path) in &largest {
        let all = time(path, &[])?;
        let without = time(path, &["--ignore", DATAFLOW_RULES])?;
        let only = time(path, &["--select", DATAFLOW_RULES])?;
        all_total += all;
        without_total += without;
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        println!(
            "{:<48} {:>7.2} {:>10.1} {:>10.1} {:>10.1} {:>6.2}x",
            name.chars().take(48).collect::<String>(),
            *bytes as f64 / 1e6,
            all * 1e3,
            without * 1e3,
            only * 1e3,
            all / without
        );
    }
    let mb: f64 = largest.iter().map(|(b, _)| *b as f64 / 1e6).sum();
    println!(
        "all rules {:.1} MB/s, without the dataflow rules {:.1} MB/s: the dataflow rules cost {:.0}% more time",
        mb / all_total,
        mb / without_total,
        (all_total / without_total - 1.0) * 100.0
    );
    Ok(())
}
