//! `cargo xtask parse PATH...`: parse PTX files and directories, report syntax
//! errors and lossless failures, and print throughput.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use ptx_syntax::discover::{DiscoverOptions, discover};
use ptx_syntax::source::read_source;

pub fn run(args: &[String]) -> Result<ExitCode> {
    if args.is_empty() {
        anyhow::bail!("usage: cargo xtask parse PATH...");
    }
    let paths: Vec<PathBuf> = args.iter().map(PathBuf::from).collect();
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
                continue;
            }
        };
        bytes += text.len();
        let started = Instant::now();
        let parsed = ptx_syntax::parse(text);
        parse_time += started.elapsed();
        if let Some(error) = parsed.syntax_errors().first() {
            with_errors += 1;
            let position = parsed.lines().line_column(parsed.text(), error.span.start);
            let near = match &error.missing {
                Some(kind) => format!("missing '{kind}'"),
                None => format!("near '{}'", excerpt(&parsed.text()[error.span.range()])),
            };
            println!("{}:{}:{}: syntax error {near}", path.display(), position.line, position.column);
        }
        if let Err(offset) = parsed.check_lossless() {
            not_lossless += 1;
            let position = parsed.lines().line_column(parsed.text(), offset);
            println!("{}:{}:{}: not lossless: no leaf covers this byte", path.display(), position.line, position.column);
        }
    }
    let megabytes = bytes as f64 / 1e6;
    let seconds = parse_time.as_secs_f64();
    println!(
        "{files} files, {with_errors} with errors, {not_lossless} not lossless, {megabytes:.1} MB in {seconds:.2} s ({:.1} MB/s)",
        if seconds > 0.0 { megabytes / seconds } else { 0.0 }
    );
    Ok(if with_errors > 0 || not_lossless > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// The first line of an error's text, shortened to 40 characters.
fn excerpt(text: &str) -> String {
    let line = text.trim_start().lines().next().unwrap_or("").trim_end();
    let mut short: String = line.chars().take(40).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    short
}
