//! The `ptxfmt` command line.

mod args;
mod process;
mod report;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use ptxkit_fmt::{CONFIG_FILE_NAME, Options};

pub use args::{Args, LineRange, Mode};
use process::{FileResult, Job, Outcome, process_path, process_stdin};
use report::Reporter;

pub use process::Configs;

use crate::inputs::{Discovery, Input};

/// Runs `ptxfmt` with the process's arguments; returns the exit status.
pub fn main() -> ExitCode {
    ExitCode::from(main_with(std::env::args_os()))
}

/// Runs `ptxfmt` with `args` (the program name first); returns 0, 1 or 2 as [`run`] does
/// (2 for bad arguments, 0 for `--help` and `--version`).
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> u8 {
    match Args::try_parse_from(args) {
        Ok(args) => crate::status::flushed(run(&args)),
        Err(err) => crate::status::usage(&err),
    }
}

/// Runs `ptxfmt`; returns 0, 1 (files would change) or 2 (errors).
pub fn run(args: &Args) -> u8 {
    let started = Instant::now();
    let stderr_color = args.shared.color.enabled(std::io::stderr().is_terminal());
    let stdout_color = args.shared.color.enabled(std::io::stdout().is_terminal());
    let mut reporter = Reporter::new(args, stdout_color, stderr_color);
    let configs = Configs::new(
        CONFIG_FILE_NAME,
        args.config.lookup(),
        |file: Option<&Path>| match file {
            Some(file) => ptxkit_workspace::fmt::load(file),
            None => Ok(ptxkit_workspace::config::Loaded {
                value: Options::default(),
                warnings: Vec::new(),
            }),
        },
    );
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
    let discovery = Discovery {
        include: &["*.ptx".to_string()],
        exclude: &[],
        noun: "PTX files",
    };
    let inputs = match crate::inputs::collect(&args.paths, &args.shared, &discovery) {
        Ok(inputs) => inputs,
        Err(err) => {
            reporter.error(&err);
            return 2;
        }
    };
    let stdin_name = args.shared.stdin_name();
    // The project root: where the configuration of the current directory is (or --config's).
    let root = configs
        .file_for(Path::new("."))
        .and_then(|f| f.parent().map(Path::to_path_buf));
    let cache = crate::cache::Cache::open(&args.cache, "ptxfmt", root.as_deref());
    let work = |input: &Input| match input {
        Input::File(path) => process_path(path, job, &configs, cache.as_ref()),
        Input::Stdin => process_stdin(&stdin_name, job, &configs),
    };
    let mut results: Vec<FileResult> = inputs
        .errors
        .iter()
        .map(|error| FileResult {
            display: String::new(),
            outcome: Outcome::Failed(vec![error.clone()]),
            bytes: 0,
            warnings: Vec::new(),
        })
        .collect();
    match crate::parallel::map_ordered(&inputs.inputs, args.shared.jobs, work) {
        Ok(formatted) => results.extend(formatted),
        Err(err) => {
            reporter.error(&err);
            return 2;
        }
    };
    for warning in configs.take_warnings() {
        reporter.warning(&warning);
    }
    for result in &results {
        reporter.file(result);
    }
    if !inputs.inputs.contains(&Input::Stdin) {
        reporter.summary(&results, started.elapsed());
    }
    reporter.exit_code()
}

fn print_config(args: &Args, configs: &Configs, reporter: &mut Reporter) -> u8 {
    let target = args
        .paths
        .first()
        .filter(|p| p.as_os_str() != "-")
        .cloned()
        .or_else(|| args.shared.stdin_filename.clone())
        .unwrap_or_else(|| PathBuf::from("."));
    let options = configs.for_path(&target);
    for warning in configs.take_warnings() {
        reporter.warning(&warning);
    }
    match options {
        Ok((options, _)) => {
            let _ = std::io::stdout().write_all(ptxkit_workspace::fmt::to_toml(&options).as_bytes());
            0
        }
        Err(err) => {
            reporter.error(&err);
            2
        }
    }
}
