//! `cargo xtask bench --dataflow` (or `lint-bench`): the cost of the dataflow rules
//! (misaligned-vector-access, constant-address-out-of-bounds, register-read-before-written)
//! on the largest corpus files. A benchmark to read, not a timed test.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result};

/// The dataflow rules: what they cost is measured by linting without them.
const DATAFLOW_RULES: &str = "PTX301,PTX307,PTX421";

/// Lints each of the five largest files with every rule, without the dataflow rules, and
/// with the dataflow rules alone (best of three runs, one file per process), and prints
/// MB/s and the ratio.
pub fn dataflow_cost(binary: &std::path::Path, files: &[PathBuf]) -> Result<()> {
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
