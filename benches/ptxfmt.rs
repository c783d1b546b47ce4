//! `cargo bench --bench ptxfmt`: ptxfmt's speed over the
//! corpus against bare parsing, its peak memory on the largest corpus file,
//! and the speed-up of `-j 2` over `-j 1`. Prints figures; asserts nothing
//! about time (a benchmark, not a timed test).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::locate(Path::new(env!("CARGO_MANIFEST_DIR"))).ok()
}

fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(work());
            started.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn main() {
    let Some(dir) = corpus_dir() else {
        eprintln!("!!!!! PTX corpus not found — benchmark SKIPPED. Set PTX_CORPUS_DIR. !!!!!");
        return;
    };
    let files: Vec<(PathBuf, String)> = ptxkit_syntax::corpus::ptx_files(&dir)
        .expect("walking the corpus")
        .into_iter()
        .filter_map(|path| {
            let text = ptxkit_syntax::source::read_source(&path).ok()?;
            ptxkit_syntax::parse(text.as_str())
                .syntax_errors()
                .is_empty()
                .then_some((path, text))
        })
        .collect();
    let bytes: usize = files.iter().map(|(_, text)| text.len()).sum();
    let megabytes = bytes as f64 / 1e6;
    let options = ptxkit_fmt::Options::default();
    println!("corpus: {} files without syntax errors, {megabytes:.1} MB", files.len());

    let parse = best_of(2, || {
        files
            .iter()
            .map(|(_, t)| ptxkit_syntax::parse(t.as_str()).root().child_count() as usize)
            .sum::<usize>()
    });
    let format = best_of(2, || {
        files
            .iter()
            .map(|(_, t)| {
                let parsed = ptxkit_syntax::parse(t.as_str());
                ptxkit_fmt::format_parsed(&parsed, &options)
                    .expect("corpus files format")
                    .len()
            })
            .sum::<usize>()
    });
    let rate = |d: Duration| megabytes / d.as_secs_f64();
    println!(
        "parse only:                 {:6.2} s  {:6.1} MB/s",
        parse.as_secs_f64(),
        rate(parse)
    );
    println!(
        "parse + format + checks:    {:6.2} s  {:6.1} MB/s  ({:.1}x the time of parsing)",
        format.as_secs_f64(),
        rate(format),
        format.as_secs_f64() / parse.as_secs_f64()
    );

    let ptxfmt = env!("CARGO_BIN_EXE_ptxfmt");
    let (largest, text) = files.iter().max_by_key(|(_, t)| t.len()).expect("files");
    let output = Command::new(ptxfmt)
        .args(["--check", "-v"])
        .arg(largest)
        .output()
        .expect("running ptxfmt");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let peak = stderr
        .lines()
        .find(|l| l.contains("peak memory"))
        .unwrap_or("(no peak memory reported)");
    println!(
        "largest file {} ({:.1} MB): {}",
        largest.strip_prefix(&dir).unwrap_or(largest).display(),
        text.len() as f64 / 1e6,
        peak.trim()
    );

    let run_jobs = |jobs: &str| {
        best_of(2, || {
            Command::new(ptxfmt)
                .args(["--check", "--quiet", "-j", jobs])
                .arg(&dir)
                .output()
                .expect("running ptxfmt")
        })
    };
    let one = run_jobs("1");
    let two = run_jobs("2");
    println!(
        "ptxfmt --check over the corpus: -j 1 {:.2} s ({:.1} MB/s), -j 2 {:.2} s ({:.1} MB/s): speed-up {:.2}x",
        one.as_secs_f64(),
        rate(one),
        two.as_secs_f64(),
        rate(two),
        one.as_secs_f64() / two.as_secs_f64()
    );
}
