//! The `ptxfmt` command line. The binary's `main` is [`main`]; it lives in
//! the library so that the repository root's pre-commit package can install
//! the same program.

mod args;
mod config;
mod process;
mod report;

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use ptxkit_syntax::discover::{DiscoverOptions, discover};

pub use args::{Args, ColorChoice, LineRange, Mode};
use config::ConfigResolver;
use process::{FileResult, Job, Outcome, process_path, process_stdin};
use report::Reporter;

/// Stack size of the formatting threads: layout recurses once per level of
/// the syntax tree, whose depth is capped by [`crate::tree::MAX_TREE_DEPTH`].
const STACK_SIZE: usize = 64 * 1024 * 1024;

/// Runs `ptxfmt` with the process's arguments; returns the exit status.
pub fn main() -> ExitCode {
    let args = Args::parse();
    ExitCode::from(run(&args))
}

/// Runs `ptxfmt`; returns 0, 1 (files would change) or 2 (errors).
pub fn run(args: &Args) -> u8 {
    let started = Instant::now();
    let stderr_color = use_color(args.color, std::io::stderr().is_terminal());
    let stdout_color = use_color(args.color, std::io::stdout().is_terminal());
    let mut reporter = Reporter::new(args, stdout_color, stderr_color);
    let configs = match ConfigResolver::new(args.config.as_deref()) {
        Ok(configs) => configs,
        Err(err) => {
            reporter.error(&err);
            return 2;
        }
    };
    if args.print_config {
        return print_config(args, &configs, &mut reporter);
    }
    let job = Job {
        mode: args.mode(),
        range: args.range,
        format_with_errors: args.format_with_errors,
    };
    if args.range.is_some() && !args.reads_stdin() && (args.paths.len() > 1 || args.paths[0].is_dir()) {
        reporter.error("--range formats one file: give a single file, or use stdin");
        return 2;
    }
    let results = if args.reads_stdin() {
        let name = args.stdin_filename.clone().unwrap_or_else(|| PathBuf::from("-"));
        let mut bytes = Vec::new();
        if let Err(err) = std::io::stdin().lock().read_to_end(&mut bytes) {
            reporter.error(&format!("-: cannot read stdin: {err}"));
            return 2;
        }
        vec![on_big_stack(move || process_stdin(&name, bytes, job, &configs))]
    } else {
        let options = DiscoverOptions {
            exclude: args.exclude.clone(),
            no_ignore: args.no_ignore,
        };
        let found = match discover(&args.paths, &options) {
            Ok(found) => found,
            Err(err) => {
                reporter.error(&err.to_string());
                return 2;
            }
        };
        match format_all(found, args.jobs, job, &configs) {
            Ok(results) => results,
            Err(err) => {
                reporter.error(&err);
                return 2;
            }
        }
    };
    for result in &results {
        reporter.file(result);
    }
    if !args.reads_stdin() {
        reporter.summary(&results, started.elapsed());
    }
    reporter.exit_code()
}

/// Formats the discovered files on `jobs` threads; results keep the order.
fn format_all(
    found: Vec<Result<PathBuf, ptxkit_syntax::discover::DiscoverError>>,
    jobs: Option<u16>,
    job: Job,
    configs: &ConfigResolver,
) -> Result<Vec<FileResult>, String> {
    use rayon::prelude::*;
    let mut builder = rayon::ThreadPoolBuilder::new().stack_size(STACK_SIZE);
    if let Some(jobs) = jobs {
        builder = builder.num_threads(usize::from(jobs));
    }
    let pool = builder
        .build()
        .map_err(|err| format!("cannot start worker threads: {err}"))?;
    Ok(pool.install(|| {
        found
            .into_par_iter()
            .with_max_len(1)
            .map(|entry| match entry {
                Ok(path) => process_path(&path, job, configs),
                Err(err) => FileResult {
                    display: String::new(),
                    outcome: Outcome::Failed(vec![err.to_string()]),
                    bytes: 0,
                    warnings: Vec::new(),
                },
            })
            .collect()
    }))
}

/// Runs `work` on a thread with a large stack.
fn on_big_stack<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, work)
            .expect("spawning a thread")
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

fn print_config(args: &Args, configs: &ConfigResolver, reporter: &mut Reporter) -> u8 {
    let target = args
        .paths
        .first()
        .filter(|p| p.as_os_str() != "-")
        .cloned()
        .or_else(|| args.stdin_filename.clone())
        .unwrap_or_else(|| PathBuf::from("."));
    match configs.for_path(&target) {
        Ok(options) => {
            let _ = std::io::stdout().write_all(options.to_toml().as_bytes());
            0
        }
        Err(err) => {
            reporter.error(&err);
            2
        }
    }
}

fn use_color(choice: ColorChoice, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}
