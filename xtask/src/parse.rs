//! `cargo xtask parse PATH...`: parse PTX files and directories, report syntax
//! errors and lossless failures, and print throughput.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use ptxkit_syntax::source::read_source;
use ptxkit_workspace::discover::{DiscoverOptions, discover};

const USAGE: &str = "usage: cargo xtask parse [--expect-errors LIST.tsv] PATH...";

pub fn run(args: &[String]) -> Result<ExitCode> {
    let (expected, args) = match args {
        [flag, list, rest @ ..] if flag == "--expect-errors" => (Some(read_expected(Path::new(list))?), rest),
        _ => (None, args),
    };
    if args.is_empty() || args.iter().any(|a| a.starts_with('-')) {
        anyhow::bail!(USAGE);
    }
    let paths: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
    let mut failed_files = BTreeSet::new();
    let mut files = 0usize;
    let mut with_errors = 0usize;
    let mut not_lossless = 0usize;
    let mut bytes = 0usize;
    let mut parse_time = std::time::Duration::ZERO;
    for found in discover(&paths, &DiscoverOptions::default())? {
        files += 1;
        let path = match found {
            Ok(path) => path,
            Err(err) => {
                println!("{err}");
                with_errors += 1;
                continue;
            }
        };
        let text = match read_source(&path) {
            Ok(text) => text,
            Err(err) => {
                println!("{err}");
                with_errors += 1;
                failed_files.insert(path.display().to_string());
                continue;
            }
        };
        bytes += text.len();
        let started = Instant::now();
        let parsed = ptxkit_syntax::parse(text);
        parse_time += started.elapsed();
        if let Some(error) = parsed.syntax_errors().first() {
            with_errors += 1;
            failed_files.insert(path.display().to_string());
            let position = parsed.lines().line_column(parsed.text(), error.span.start);
            let near = error.detail(parsed.text());
            println!(
                "{}:{}:{}: syntax error {near}",
                path.display(),
                position.line,
                position.column
            );
        }
        if let Err(offset) = parsed.check_lossless() {
            not_lossless += 1;
            let position = parsed.lines().line_column(parsed.text(), offset);
            println!(
                "{}:{}:{}: not lossless: no leaf covers this byte",
                path.display(),
                position.line,
                position.column
            );
        }
    }
    let megabytes = bytes as f64 / 1e6;
    let seconds = parse_time.as_secs_f64();
    println!(
        "{files} files, {with_errors} with errors, {not_lossless} not lossless, {megabytes:.1} MB in {seconds:.2} s ({:.1} MB/s)",
        if seconds > 0.0 { megabytes / seconds } else { 0.0 }
    );
    if not_lossless > 0 {
        return Ok(ExitCode::FAILURE);
    }
    let Some(expected) = expected else {
        return Ok(if with_errors > 0 {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        });
    };
    // With a list of expected failures (paths relative to a walked directory),
    // succeed when exactly those files fail.
    let failed: BTreeSet<String> = failed_files
        .iter()
        .map(|f| {
            expected
                .iter()
                .find(|e| f.ends_with(&format!("/{e}")) || f == *e)
                .cloned()
                .unwrap_or_else(|| f.clone())
        })
        .collect();
    let unexpected: Vec<_> = failed.difference(&expected).collect();
    let fixed: Vec<_> = expected.difference(&failed).collect();
    for file in &unexpected {
        println!("unexpected syntax error: {file}");
    }
    for file in &fixed {
        println!("listed as failing but parses cleanly: {file}");
    }
    println!(
        "{} expected failures, {} unexpected, {} no longer failing",
        expected.len(),
        unexpected.len(),
        fixed.len()
    );
    Ok(if unexpected.is_empty() && fixed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The first column of a TSV list of expected failures (`#` lines are comments).
fn read_expected(path: &Path) -> Result<BTreeSet<String>> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .map(str::to_string)
        .collect())
}
