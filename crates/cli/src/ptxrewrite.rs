//! The `ptxrewrite` command line: move PTX files between ISA versions and
//! targets. The binary only calls [`main`].
//!
//! Exit status: 0 when every file was rewritten (or needed nothing); 1 when a
//! file has constructs with no equivalent at the destination (refused, not
//! written) or, with `--check` or `--diff`, when a file would change; 2 when
//! ptxrewrite could not do its job (bad arguments, unreadable or invalid
//! input).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;

use ptxkit_rewrite::{Options, OptionsError, Rewrite, RewriteError, migrations, rewrite};
use ptxkit_syntax::diagnostic::{render_concise, render_rich};
use ptxkit_syntax::source::read_source;
use ptxkit_syntax::{Diagnostic, LineIndex, SourceRef};

use crate::inputs::{Discovery, Input, display};
use crate::shared::SharedArgs;
use crate::status::Status;

/// ptxrewrite moves NVIDIA PTX between ISA versions and targets, in place, or
/// refuses with one reason per construct that has no equivalent at the
/// destination. Untouched lines keep their bytes, and nothing is written
/// unless the result parses.
///
/// Exit status: 0 when every file is rewritten or already there; 1 when a file
/// was refused (nothing written) or --check/--diff found a file to change; 2
/// when ptxrewrite could not do its job (bad arguments, unreadable input, a
/// file with syntax errors).
#[derive(Parser, Debug)]
#[command(name = "ptxrewrite", version, max_term_width = 100)]
struct Cli {
    /// Files and directories to rewrite in place (directories: every `*.ptx`,
    /// honouring .gitignore); `-` reads standard input and writes the result
    /// to standard output, and so does no path when standard input is not a
    /// terminal.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// The destination: a PTX ISA version (7.8), a CUDA toolkit (cuda-11.8:
    /// the newest version its ptxas assembles) or a driver (driver-520: the
    /// newest version it JIT-compiles).
    #[arg(long, value_name = "VERSION|cuda-X.Y|driver-N", required_unless_present_any = ["list_passes", "explain"])]
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

    /// List every pass with its boundary, tag and summary.
    #[arg(long, exclusive = true)]
    list_passes: bool,

    /// Print a pass's documentation.
    #[arg(long, value_name = "PASS", exclusive = true)]
    explain: Option<String>,

    #[command(flatten)]
    shared: SharedArgs,
}

/// Runs `ptxrewrite` with the process's arguments and returns its exit code.
pub fn main() -> ExitCode {
    ExitCode::from(main_with(std::env::args_os()))
}

/// Runs `ptxrewrite` with `args` (the program name first); returns the exit code.
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => return crate::status::usage(&err),
    };
    let status = match run(cli) {
        Ok(status) => status,
        // `ptxrewrite … | head`: the reader went away (see `io`); nothing left to say.
        Err(err) if err.is_empty() => Status::Clean,
        Err(err) => {
            eprintln!("error: {err}");
            Status::Failure
        }
    };
    crate::status::flushed(status as u8)
}

/// The message for a failed write of the output; empty when the reader of a pipe went away
/// (`ptxrewrite … | head`), which is not ptxrewrite's failure.
fn io(err: std::io::Error) -> String {
    if err.kind() == std::io::ErrorKind::BrokenPipe {
        return String::new();
    }
    format!("cannot write the output: {err}")
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Write,
    Stdout,
    Diff,
    Check,
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
    /// Rewritten (or would be, in check mode); `text` is the result, `notes` what the reader
    /// should know of it, rendered (why a retarget is exact, each approximation made).
    Rewritten {
        path: String,
        summary: String,
        notes: String,
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

fn run(cli: Cli) -> Result<Status, String> {
    if let Some(status) = explain_or_list(&cli)? {
        return Ok(status);
    }
    let to_text = cli.to.as_deref().unwrap_or_default();
    let options = Options::parse(to_text, cli.target.as_deref(), cli.allow_approximate).map_err(|err| match err {
        OptionsError::Destination(_) | OptionsError::NotAVersion | OptionsError::UnknownVersion => {
            format!("--to {to_text}: {err}")
        }
        OptionsError::BadTarget(_) => format!("--target {}: {err}", cli.target.as_deref().unwrap_or_default()),
        OptionsError::TargetNeedsVersion { .. } => format!("--target {err}: choose another --target or --to"),
    })?;
    let color = cli.shared.color.enabled(std::io::stderr().is_terminal());
    let discovery = Discovery {
        include: &["*.ptx".to_string()],
        exclude: &[],
        noun: "PTX files",
    };
    let collected = crate::inputs::collect(&cli.paths, &cli.shared, &discovery)?;
    let mode = if cli.check {
        Mode::Check
    } else if cli.diff {
        Mode::Diff
    } else if cli.stdout {
        Mode::Stdout
    } else {
        Mode::Write
    };
    let stdin_name = cli.shared.stdin_name();
    let concise = cli.format == "concise";
    let work = |input: &Input| process(input, &options, mode, &stdin_name, concise, color);
    let outcomes: Vec<Outcome> = crate::parallel::map_ordered(&collected.inputs, cli.shared.jobs, work)?;
    report(&cli, mode, &collected.inputs, &outcomes, collected.errors)
}

/// `--list-passes` and `--explain`: what they print, and the exit status; `None` for a
/// rewrite.
fn explain_or_list(cli: &Cli) -> Result<Option<Status>, String> {
    if cli.list_passes {
        let mut stdout = std::io::stdout().lock();
        for pass in migrations::MIGRATIONS {
            writeln!(
                stdout,
                "{:<30} {:<20} {:<12} {}",
                pass.name,
                pass.boundary.to_string(),
                pass.tag.as_str(),
                pass.summary
            )
            .map_err(io)?;
        }
        return Ok(Some(Status::Clean));
    }
    if let Some(name) = &cli.explain {
        let pass =
            migrations::find(name).ok_or_else(|| format!("unknown pass '{name}' (see `ptxrewrite --list-passes`)"))?;
        writeln!(std::io::stdout(), "{}", pass.explain()).map_err(io)?;
        return Ok(Some(Status::Clean));
    }
    Ok(None)
}

/// Prints each outcome (rewritten texts or diffs on standard output, summaries, refusals and
/// errors on standard error) and the totals; the exit status.
fn report(
    cli: &Cli,
    mode: Mode,
    inputs: &[Input],
    outcomes: &[Outcome],
    mut errors: Vec<String>,
) -> Result<Status, String> {
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    let (mut rewritten, mut unchanged, mut refused) = (0usize, 0usize, 0usize);
    for error in &errors {
        writeln!(stderr, "error: {error}").map_err(io)?;
    }
    for (outcome, input) in outcomes.iter().zip(inputs) {
        let is_stdin = matches!(input, Input::Stdin);
        let summary_line = match outcome {
            Outcome::Unchanged { path, summary, echo } => {
                unchanged += 1;
                if let Some(text) = echo
                    && matches!(mode, Mode::Write | Mode::Stdout)
                {
                    write!(stdout, "{text}").map_err(io)?;
                }
                Some((path, summary))
            }
            Outcome::Rewritten {
                path,
                summary,
                notes,
                original,
                text,
            } => {
                rewritten += 1;
                match mode {
                    Mode::Diff => write!(stdout, "{}", crate::diff::unified_diff(path, original, text)).map_err(io)?,
                    Mode::Stdout => write!(stdout, "{text}").map_err(io)?,
                    Mode::Write if is_stdin => write!(stdout, "{text}").map_err(io)?,
                    Mode::Write | Mode::Check => {}
                }
                if !cli.shared.quiet {
                    write!(stderr, "{notes}").map_err(io)?;
                }
                Some((path, summary))
            }
            Outcome::Refused { path, report, summary } => {
                refused += 1;
                write!(stderr, "{report}").map_err(io)?;
                Some((path, summary))
            }
            Outcome::Failed(message) => {
                errors.push(message.clone());
                writeln!(stderr, "error: {message}").map_err(io)?;
                None
            }
        };
        if let Some((path, summary)) = summary_line
            && !cli.shared.quiet
        {
            writeln!(stderr, "{path}: {summary}").map_err(io)?;
        }
    }
    if !cli.shared.quiet && outcomes.len() + errors.len() > 1 {
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
        Status::Failure
    } else if refused > 0 || (matches!(mode, Mode::Check | Mode::Diff) && rewritten > 0) {
        Status::Findings
    } else {
        Status::Clean
    })
}

fn process(input: &Input, options: &Options, mode: Mode, stdin_name: &Path, concise: bool, color: bool) -> Outcome {
    let (path, text) = match input {
        Input::File(path) => match read_source(path) {
            Ok(text) => (display(path), text),
            Err(err) => return Outcome::Failed(err.to_string()),
        },
        Input::Stdin => match crate::inputs::read_stdin(stdin_name) {
            Ok(text) => (stdin_name.display().to_string(), text),
            Err(err) => return Outcome::Failed(err.to_string()),
        },
    };
    let result = match rewrite(&text, options) {
        Ok(result) => result,
        Err(err) => return Outcome::Failed(describe_error(&path, &text, &err)),
    };
    let movement = format!(
        "{} {} → {} {}",
        result.movement.from, result.movement.from_target, result.movement.to, result.movement.to_target
    );
    let lines = LineIndex::new(&text);
    let source = SourceRef {
        path: &path,
        text: &text,
        lines: &lines,
    };
    let render = |diagnostics: &[Diagnostic]| {
        let mut report = String::new();
        for diagnostic in diagnostics {
            if concise {
                report.push_str(&render_concise(diagnostic, source));
                report.push('\n');
            } else {
                report.push_str(&render_rich(diagnostic, source, color));
                report.push_str("\n\n");
            }
        }
        report
    };
    if result.refused() {
        let report = render(&result.refusals);
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
        notes: render(&result.notes),
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
