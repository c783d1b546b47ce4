//! `cargo xtask bench-parse [DIR]`: parse throughput over a corpus and peak
//! memory on its largest files. Run it in release mode for real figures:
//! `cargo run --release -p xtask -- bench-parse ../shared/corpus`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use ptxkit_syntax::source::read_source;
use ptxkit_workspace::discover::{DiscoverOptions, discover};

/// How many of the largest files get a peak-memory measurement.
const LARGEST: usize = 5;
/// Rounds over the whole corpus; the best round is reported.
const ROUNDS: usize = 3;

pub fn run(args: &[String]) -> Result<ExitCode> {
    match args {
        [flag, file] if flag == "--one" => measure_one(Path::new(file)),
        [dir] => bench(Path::new(dir)),
        [] => bench(&crate::workspace_root().join("../shared/corpus")),
        _ => bail!("usage: cargo xtask bench-parse [DIR]"),
    }
}

fn bench(dir: &Path) -> Result<ExitCode> {
    if cfg!(debug_assertions) {
        eprintln!("note: debug build; use `cargo run --release -p xtask -- bench-parse` for real figures");
    }
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    for found in discover(&[dir.to_path_buf()], &DiscoverOptions::default())? {
        let path = found?;
        if let Ok(text) = read_source(&path) {
            files.push((path, text));
        }
    }
    if files.is_empty() {
        bail!("no PTX files under {}", dir.display());
    }
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    let mut parser = ptxkit_syntax::new_parser();
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let started = Instant::now();
        for (_, text) in &files {
            let tree = parser.parse(text, None).context("parser returned no tree")?;
            std::hint::black_box(tree);
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "corpus: {} files, {:.1} MB, best of {ROUNDS}: {best:.2} s, {:.1} MB/s (one core)",
        files.len(),
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / best
    );
    files.sort_by_key(|(_, text)| std::cmp::Reverse(text.len()));
    let exe = std::env::current_exe()?;
    for (path, _) in files.iter().take(LARGEST) {
        let output = Command::new(&exe).args(["bench-parse", "--one"]).arg(path).output()?;
        if !output.status.success() {
            bail!(
                "measuring {} failed: {}",
                path.display(),
                String::from_utf8_lossy(&output.stderr)
            );
        }
        print!("{}", String::from_utf8_lossy(&output.stdout));
    }
    Ok(ExitCode::SUCCESS)
}

/// In a fresh process: parse one file (as the tools do, with the line index)
/// and report throughput and the process's peak resident memory.
fn measure_one(path: &Path) -> Result<ExitCode> {
    let baseline = peak_rss_kib()?;
    let text = read_source(path)?;
    let size = text.len();
    let started = Instant::now();
    let parsed = ptxkit_syntax::parse(text);
    let seconds = started.elapsed().as_secs_f64();
    let peak = peak_rss_kib()?;
    std::hint::black_box(&parsed);
    println!(
        "{}: {:.1} MB in {:.3} s ({:.1} MB/s), peak RSS {:.0} MB ({:.0} MB above start, {:.1}x the file)",
        path.display(),
        size as f64 / 1e6,
        seconds,
        size as f64 / 1e6 / seconds,
        peak as f64 / 1024.0,
        (peak - baseline) as f64 / 1024.0,
        (peak - baseline) as f64 * 1024.0 / size as f64
    );
    Ok(ExitCode::SUCCESS)
}

/// `VmHWM` (peak resident set) of this process, in KiB (Linux).
fn peak_rss_kib() -> Result<u64> {
    let status = std::fs::read_to_string("/proc/self/status").context("reading /proc/self/status")?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .context("no VmHWM in /proc/self/status")
}
