//! The `ptxrewrite` command line: move PTX files between ISA versions and
//! targets. The binary only calls [`main`].
//!
//! Exit status: 0 when every file was rewritten (or needed nothing); 1 when a
//! file has constructs with no equivalent at the destination (refused, not
//! written) or, with `--check` or `--diff`, when a file would change; 2 when
//! ptxrewrite could not do its job (bad arguments, unreadable or invalid
//! input).

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use crate::{Options, Rewrite, RewriteError, passes, rewrite};
use ptxkit_syntax::diagnostic::{render_concise, render_rich};
use ptxkit_syntax::discover::{DiscoverOptions, discover};
use ptxkit_syntax::source::{decode_source, read_source};
use ptxkit_syntax::{LineIndex, SourceRef};
use rayon::prelude::*;

/// Move PTX between ISA versions and targets, or refuse with a precise reason.
#[derive(Parser, Debug)]
#[command(name = "ptxrewrite", version, about, max_term_width = 100)]
struct Cli {
    /// Files and directories to rewrite in place (directories: every `*.ptx`,
    /// honouring .gitignore); `-` or no path reads standard input and writes
    /// the result to standard output.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// The destination PTX ISA version, e.g. 7.8.
    #[arg(long, value_name = "VERSION", required_unless_present_any = ["list_passes", "explain"])]
    to: Option<String>,

    /// The destination target, e.g. sm_80. Default: the file's target when the
    /// destination version has it, else the newest base target the version
    /// allows that is not newer than the file's.
    #[arg(long, value_name = "TARGET")]
    target: Option<String>,

    /// Also run approximate passes (observable results may differ).
    #[arg(long)]
    allow_approximate: bool,

    /// Print the rewritten text to standard output instead of writing files.
    #[arg(long, conflicts_with_all = ["diff", "check"])]
    stdout: bool,

    /// Print a unified diff instead of writing files; exit 1 when it is not
    /// empty.
    #[arg(long, conflicts_with = "check")]
    diff: bool,

    /// Write nothing; exit 1 when a file would change or is refused.
    #[arg(long)]
    check: bool,

    /// How to print refusals: full (with a code frame) or concise (one line).
    #[arg(long, value_name = "FORMAT", default_value = "full", value_parser = ["full", "concise"])]
    format: String,

    /// Paths to skip (globs; repeatable).
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,

    /// Rewrite files that .gitignore excludes too.
    #[arg(long)]
    no_ignore: bool,

    /// Worker threads (default: the number of cores).
    #[arg(short = 'j', long, value_name = "N")]
    jobs: Option<usize>,

    /// The file name to show for standard input.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<String>,

    /// Colors: auto, always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto", value_parser = ["auto", "always", "never"])]
    color: String,

    /// Print only refusals and errors, no per-file lines or summary.
    #[arg(short, long)]
    quiet: bool,

    /// List every pass with its boundary, tag and summary.
    #[arg(long, exclusive = true)]
    list_passes: bool,

    /// Print a pass's documentation.
    #[arg(long, value_name = "PASS", exclusive = true)]
    explain: Option<String>,
}

/// Runs `ptxrewrite` with the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
    }
}

fn io(err: std::io::Error) -> String {
    format!("cannot write the output: {err}")
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Write,
    Stdout,
    Diff,
    Check,
}

enum Input {
    File(PathBuf),
    Stdin,
}

/// What happened to one input.
enum Outcome {
    /// Nothing to change; `echo` holds standard input's text, which is
    /// printed back so that `ptxrewrite < a > b` always produces a file.
    Unchanged {
        path: String,
        summary: String,
        echo: Option<String>,
    },
    /// Rewritten (or would be, in check mode); `text` is the result.
    Rewritten {
        path: String,
        summary: String,
        original: String,
        text: String,
    },
    /// Refused: rendered refusals.
    Refused {
        path: String,
        report: String,
        summary: String,
    },
    /// Could not be processed.
    Failed(String),
}

fn run(cli: Cli) -> Result<ExitCode, String> {
    if cli.list_passes {
        for pass in passes::PASSES {
            println!(
                "{:<30} {:<20} {:<12} {}",
                pass.name,
                pass.boundary.to_string(),
                pass.tag.as_str(),
                pass.summary
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(name) = &cli.explain {
        let pass =
            passes::find(name).ok_or_else(|| format!("unknown pass '{name}' (see `ptxrewrite --list-passes`)"))?;
        println!("{}", pass.explain());
        return Ok(ExitCode::SUCCESS);
    }
    let to_text = cli.to.as_deref().unwrap_or_default();
    let to = ptxkit_isa::version(to_text).map_err(|_| format!("--to {to_text}: not a PTX ISA version (e.g. 7.8)"))?;
    if !to.is_known() {
        return Err(format!(
            "--to {to}: no such PTX ISA version (known: 1.0 to {})",
            ptxkit_isa::version::LATEST
        ));
    }
    let target = match &cli.target {
        Some(name) => Some(ptxkit_isa::target(name).map_err(|err| format!("--target {name}: {err}"))?),
        None => None,
    };
    if let Some(t) = target
        && !t.is_supported_by(to)
    {
        return Err(format!(
            "--target {t} needs PTX {} or later, not {to}: choose another --target or --to",
            t.min_ptx().map_or_else(|| "?".to_string(), |v| v.to_string())
        ));
    }
    let options = Options {
        to,
        target,
        allow_approximate: cli.allow_approximate,
    };
    let color = match cli.color.as_str() {
        "always" => true,
        "never" => false,
        _ => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };

    let mut inputs = Vec::new();
    let mut errors = Vec::new();
    let (stdin_paths, file_paths): (Vec<_>, Vec<_>) = cli.paths.iter().cloned().partition(|p| p.as_os_str() == "-");
    if cli.paths.is_empty() || !stdin_paths.is_empty() {
        inputs.push(Input::Stdin);
    }
    if !file_paths.is_empty() {
        let found = discover(
            &file_paths,
            &DiscoverOptions {
                exclude: cli.exclude.clone(),
                no_ignore: cli.no_ignore,
            },
        )
        .map_err(|err| err.to_string())?;
        for entry in found {
            match entry {
                Ok(path) => inputs.push(Input::File(path)),
                Err(err) => errors.push(err.to_string()),
            }
        }
        if inputs.is_empty() && errors.is_empty() {
            return Err("no PTX files found under the given paths".to_string());
        }
    }

    let mode = if cli.check {
        Mode::Check
    } else if cli.diff {
        Mode::Diff
    } else if cli.stdout {
        Mode::Stdout
    } else {
        Mode::Write
    };
    let stdin_name = cli.stdin_filename.clone().unwrap_or_else(|| "-".to_string());
    let concise = cli.format == "concise";
    let work = |input: &Input| process(input, &options, mode, &stdin_name, concise, color);
    let outcomes: Vec<Outcome> = match cli.jobs {
        Some(1) => inputs.iter().map(work).collect(),
        jobs => rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.unwrap_or(0))
            .build()
            .map_err(|err| format!("cannot start worker threads: {err}"))?
            .install(|| inputs.par_iter().map(work).collect()),
    };

    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let (mut rewritten, mut unchanged, mut refused) = (0usize, 0usize, 0usize);
    for error in &errors {
        writeln!(stderr, "error: {error}").map_err(io)?;
    }
    for (outcome, input) in outcomes.iter().zip(&inputs) {
        let is_stdin = matches!(input, Input::Stdin);
        match outcome {
            Outcome::Unchanged { path, summary, echo } => {
                unchanged += 1;
                if let Some(text) = echo
                    && matches!(mode, Mode::Write | Mode::Stdout)
                {
                    write!(stdout, "{text}").map_err(io)?;
                }
                if !cli.quiet {
                    writeln!(stderr, "{path}: {summary}").map_err(io)?;
                }
            }
            Outcome::Rewritten {
                path,
                summary,
                original,
                text,
            } => {
                rewritten += 1;
                match mode {
                    Mode::Diff => write!(stdout, "{}", unified_diff(path, original, text)).map_err(io)?,
                    Mode::Stdout => write!(stdout, "{text}").map_err(io)?,
                    Mode::Write if is_stdin => write!(stdout, "{text}").map_err(io)?,
                    Mode::Write | Mode::Check => {}
                }
                if !cli.quiet {
                    writeln!(stderr, "{path}: {summary}").map_err(io)?;
                }
            }
            Outcome::Refused { path, report, summary } => {
                refused += 1;
                write!(stderr, "{report}").map_err(io)?;
                if !cli.quiet {
                    writeln!(stderr, "{path}: {summary}").map_err(io)?;
                }
            }
            Outcome::Failed(message) => {
                errors.push(message.clone());
                writeln!(stderr, "error: {message}").map_err(io)?;
            }
        }
    }
    if !cli.quiet && outcomes.len() + errors.len() > 1 {
        let verb = if mode == Mode::Write {
            "rewritten"
        } else {
            "would be rewritten"
        };
        writeln!(
            stderr,
            "{} files: {rewritten} {verb}, {unchanged} unchanged, {refused} refused, {} errors",
            outcomes.len() + errors.len() - outcomes.iter().filter(|o| matches!(o, Outcome::Failed(_))).count(),
            errors.len()
        )
        .map_err(io)?;
    }
    stdout.flush().map_err(io)?;
    Ok(if !errors.is_empty() {
        ExitCode::from(2)
    } else if refused > 0 || (matches!(mode, Mode::Check | Mode::Diff) && rewritten > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn process(input: &Input, options: &Options, mode: Mode, stdin_name: &str, concise: bool, color: bool) -> Outcome {
    let (path, text) = match input {
        Input::File(path) => match read_source(path) {
            Ok(text) => (path.display().to_string(), text),
            Err(err) => return Outcome::Failed(err.to_string()),
        },
        Input::Stdin => {
            let mut bytes = Vec::new();
            if let Err(err) = std::io::stdin().read_to_end(&mut bytes) {
                return Outcome::Failed(format!("{stdin_name}: cannot read standard input: {err}"));
            }
            match decode_source(std::path::Path::new(stdin_name), bytes) {
                Ok(text) => (stdin_name.to_string(), text),
                Err(err) => return Outcome::Failed(err.to_string()),
            }
        }
    };
    let result = match rewrite(&text, options) {
        Ok(result) => result,
        Err(err) => return Outcome::Failed(describe_error(&path, &text, &err)),
    };
    let movement = format!(
        "{} {} → {} {}",
        result.movement.from, result.movement.from_target, result.movement.to, result.movement.to_target
    );
    if result.refused() {
        let lines = LineIndex::new(&text);
        let source = SourceRef {
            path: &path,
            text: &text,
            lines: &lines,
        };
        let mut report = String::new();
        for diagnostic in &result.refusals {
            if concise {
                report.push_str(&render_concise(diagnostic, source));
                report.push('\n');
            } else {
                report.push_str(&render_rich(diagnostic, source, color));
                report.push_str("\n\n");
            }
        }
        let count = result.refusals.len();
        return Outcome::Refused {
            path,
            report,
            summary: format!(
                "refused ({movement}): {count} construct{} cannot be rewritten; not written",
                if count == 1 { "" } else { "s" }
            ),
        };
    }
    if !result.changed(&text) {
        let echo = matches!(input, Input::Stdin).then(|| text.clone());
        return Outcome::Unchanged {
            path,
            summary: format!("unchanged ({movement})"),
            echo,
        };
    }
    let summary = format!("{} ({movement}{})", verb(mode), applied_list(&result));
    if mode == Mode::Write
        && let Input::File(file) = input
        && let Err(err) = ptxkit_syntax::write_atomic(file, &result.output)
    {
        return Outcome::Failed(err.to_string());
    }
    Outcome::Rewritten {
        path,
        summary,
        original: text,
        text: result.output,
    }
}

fn verb(mode: Mode) -> &'static str {
    match mode {
        Mode::Write => "rewritten",
        Mode::Stdout | Mode::Diff | Mode::Check => "would be rewritten",
    }
}

fn applied_list(result: &Rewrite) -> String {
    if result.applied.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = result
        .applied
        .iter()
        .map(|(name, count)| format!("{name} ×{count}"))
        .collect();
    format!("; {}", parts.join(", "))
}

fn describe_error(path: &str, text: &str, err: &RewriteError) -> String {
    match err {
        RewriteError::Syntax { offset, count } => {
            let lines = LineIndex::new(text);
            let at = lines.line_column(text, *offset);
            format!(
                "{path}:{}:{}: syntax error{}; the file was not rewritten",
                at.line,
                at.column,
                if *count > 1 {
                    format!(" (and {} more)", count - 1)
                } else {
                    String::new()
                }
            )
        }
        other => format!("{path}: {other}"),
    }
}

fn unified_diff(path: &str, original: &str, text: &str) -> String {
    similar::TextDiff::from_lines(original, text)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}
