//! The `ptxlint` command line. Exit status: 0 clean, 1 error-severity
//! findings (or warnings with `--deny-warnings`), 2 when ptxlint could not do
//! its job (bad arguments or configuration, unreadable input).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use ptxkit_lint::fix::fix_source;
use ptxkit_lint::report::{
    FileReport, Format, Totals, render_github, render_json, render_sarif, render_statistics, render_text,
};
use ptxkit_lint::{Settings, find_rule, lint_text};
use ptxkit_syntax::Diagnostic;
use ptxkit_syntax::source::read_source;
use ptxkit_workspace::config::{ConfigError, Loaded};
use ptxkit_workspace::lint::{CONFIG_FILE_NAME, Config, LintConfig, Overrides};
use ptxkit_workspace::resolver::ConfigResolver;

use crate::cache::{Cache, CacheArgs};
use crate::inputs::{Discovery, Input, display};
use crate::shared::{ConfigArgs, SharedArgs};
use crate::status::{Status, is_broken_pipe};

/// ptxlint lints NVIDIA PTX: it finds what ptxas would reject (versions,
/// targets, rounding, types, undeclared names, state spaces, deprecated
/// syntax) and what ptxas accepts but fails at run time (misaligned vector
/// access, registers read before written), in `*.ptx` files and in the inline
/// PTX of C, C++ and CUDA files. Options come from the nearest `ptxlint.toml`
/// above each file (or `--config`).
///
/// Exit status: 0 when no error-severity finding; 1 on error findings (or
/// warnings with --deny-warnings; --diff with changes); 2 when ptxlint could
/// not do its job (bad arguments or configuration, unreadable input).
#[derive(Parser, Debug)]
#[command(name = "ptxlint", version, max_term_width = 100)]
struct Cli {
    /// Files and directories to lint (directories: every `*.ptx`, and the
    /// C, C++ and CUDA files `*.cu *.cuh *.h *.hpp *.cpp *.cc` for their
    /// inline PTX, honouring .gitignore); `-` reads standard input, and so
    /// does no path when standard input is not a terminal.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Output format: full, concise, json, sarif or github.
    #[arg(long, value_name = "FORMAT", default_value = "full", alias = "output-format")]
    format: Format,

    /// Print a count of findings per rule instead of the findings.
    #[arg(long)]
    statistics: bool,

    /// Rules to run: names, codes or code prefixes (comma-separated; `ALL`).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    select: Vec<String>,

    /// Rules to run in addition to the selected ones.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    extend_select: Vec<String>,

    /// Rules to skip: names, codes or code prefixes (comma-separated).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    ignore: Vec<String>,

    /// Lint as if the files said `.target TARGET` (e.g. sm_90a).
    #[arg(long, value_name = "TARGET")]
    target: Option<String>,

    /// Lint as if the files said `.version VERSION` (e.g. 8.0).
    #[arg(long, value_name = "VERSION")]
    ptx_version: Option<String>,

    /// Apply safe fixes (atomically; a fix that would add errors is dropped).
    #[arg(long)]
    fix: bool,

    /// With --fix or --diff, apply unsafe fixes too.
    #[arg(long)]
    unsafe_fixes: bool,

    /// Print the fixes as a unified diff instead of applying them.
    #[arg(long, conflicts_with = "fix")]
    diff: bool,

    /// Exit 1 on warnings too, not only on errors.
    #[arg(long)]
    deny_warnings: bool,

    /// Exit 0 even when there are findings (2 still means ptxlint failed).
    #[arg(long)]
    exit_zero: bool,

    /// Allow preview rules.
    #[arg(long)]
    preview: bool,

    /// Print a rule's documentation and exit.
    #[arg(long, value_name = "RULE", exclusive = true)]
    explain: Option<String>,

    /// Explain an instruction chain (`mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`): the
    /// forms it matches, its operands, the version and target it needs, its effects; for a near
    /// miss, what is wrong and the closest valid chains. Exit 1 when nothing matches.
    #[arg(long, value_name = "CHAIN", exclusive = true)]
    explain_instruction: Option<String>,

    /// Print the minimum `.version` and `.target` each file needs, the
    /// lines that force them, and the oldest CUDA toolkit whose ptxas
    /// assembles the file and the oldest driver that JIT-compiles it (as
    /// written, and lowered to that minimum), instead of linting.
    #[arg(long)]
    requirements: bool,

    /// List every rule with its code, severity, fix availability and status.
    #[arg(long, exclusive = true)]
    list_rules: bool,

    #[command(flatten)]
    config: ConfigArgs,

    #[command(flatten)]
    cache: CacheArgs,

    #[command(flatten)]
    shared: SharedArgs,
}

/// Runs `ptxlint` with the process's arguments.
pub fn main() -> ExitCode {
    ExitCode::from(main_with(std::env::args_os()))
}

/// Runs `ptxlint` with `args` (the program name first); returns the exit code.
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => return crate::status::usage(&err),
    };
    let status = match run(cli) {
        Ok(status) => status,
        // `ptxlint ... | head`: the reader went away; nothing left to say.
        Err(err) if is_broken_pipe(err.as_ref()) => Status::Clean,
        Err(err) => {
            eprintln!("error: {err:#}");
            Status::Failure
        }
    };
    crate::status::flushed(status as u8)
}

/// What happened to one input.
struct Outcome {
    /// For C, C++ and CUDA files: the asm statements looked at.
    asm: Option<ptxkit_lint::inline::AsmStats>,
    path: String,
    text: String,
    lines: ptxkit_syntax::LineIndex,
    diagnostics: Vec<Diagnostic>,
    fixed: usize,
    original: Option<String>,
    error: Option<String>,
    /// The file's configuration says `deny-warnings`.
    deny_warnings: bool,
}

impl Outcome {
    /// An input that could not be linted (exit 2): `message` says why.
    fn failed(path: String, message: String) -> Outcome {
        Outcome {
            asm: None,
            path,
            text: String::new(),
            lines: ptxkit_syntax::LineIndex::new(""),
            diagnostics: Vec::new(),
            fixed: 0,
            original: None,
            error: Some(message),
            deny_warnings: false,
        }
    }
}

/// A failure of ptxlint itself (exit 2), as a message for the user.
type CliResult<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

fn run(cli: Cli) -> CliResult<Status> {
    if let Some(status) = explain_or_list(&cli)? {
        return Ok(status);
    }
    let configs = lint_configs(&cli)?;
    // Discovery (include and exclude globs) follows the configuration of the
    // current directory (or --config); rules follow each file's own.
    let here = configs.for_path(Path::new("."))?.0;
    for warning in configs.take_warnings() {
        eprintln!("warning: {warning}");
    }
    let discovery = Discovery {
        include: &here.include,
        exclude: &here.exclude,
        noun: "PTX, C or C++ files",
    };
    let collected = crate::inputs::collect(&cli.paths, &cli.shared, &discovery)?;
    if cli.requirements {
        return requirements(&collected.inputs, collected.errors, &configs);
    }
    let mode = Mode {
        fix: cli.fix,
        diff: cli.diff,
        unsafe_fixes: cli.unsafe_fixes,
    };
    let stdin_name = cli.shared.stdin_name();
    // The project root: where the configuration of the current directory is (or --config's).
    let root = configs
        .file_for(Path::new("."))
        .and_then(|f| f.parent().map(Path::to_path_buf));
    let cache = Cache::open(&cli.cache, "ptxlint", root.as_deref());
    let work = |input: &Input| process(input, &configs, mode, &stdin_name, cache.as_ref());
    let outcomes: Vec<Outcome> = crate::parallel::map_ordered(&collected.inputs, cli.shared.jobs, work)?;
    for warning in configs.take_warnings() {
        eprintln!("warning: {warning}");
    }
    let stdin_fixed = cli.fix && collected.inputs.iter().any(|i| matches!(i, Input::Stdin));
    report(
        &cli,
        &outcomes,
        collected.errors,
        stdin_fixed.then(|| stdin_name.display().to_string()),
    )
}

/// `--explain`, `--explain-instruction` and `--list-rules`: what they print, and the exit
/// status; `None` for a lint run.
fn explain_or_list(cli: &Cli) -> CliResult<Option<Status>> {
    if let Some(name) = &cli.explain {
        let rule = find_rule(name).ok_or_else(|| format!("unknown rule '{name}' (see `ptxlint --list-rules`)"))?;
        writeln!(std::io::stdout(), "{}", rule.doc())?;
        return Ok(Some(Status::Clean));
    }
    if let Some(chain) = &cli.explain_instruction {
        let chain = chain.trim().trim_end_matches(';');
        if chain.is_empty() || chain.split('.').any(str::is_empty) || chain.contains(char::is_whitespace) {
            return Err(format!("'{chain}' is not an instruction chain (write e.g. ld.global.v4.f32)").into());
        }
        let explanation = ptxkit_isa::signature::explain(chain);
        write!(std::io::stdout(), "{explanation}")?;
        return Ok(Some(if explanation.matches.is_empty() {
            Status::Findings
        } else {
            Status::Clean
        }));
    }
    if cli.list_rules {
        write!(std::io::stdout(), "{}", ptxkit_lint::registry::rules_list())?;
        return Ok(Some(Status::Clean));
    }
    Ok(None)
}

/// The lint configuration of each file: its `ptxlint.toml` (found as `--config` and
/// `--isolated` say) merged with the command line.
fn lint_configs(cli: &Cli) -> CliResult<ConfigResolver<LintConfig>> {
    let cwd = std::env::current_dir().map_err(|err| format!("cannot read the current directory: {err}"))?;
    let overrides = Overrides {
        select: cli.select.clone(),
        extend_select: cli.extend_select.clone(),
        ignore: cli.ignore.clone(),
        target: cli.target.clone(),
        ptx_version: cli.ptx_version.clone(),
        preview: cli.preview,
        deny_warnings: cli.deny_warnings,
    };
    Ok(ConfigResolver::new(
        CONFIG_FILE_NAME,
        cli.config.lookup(),
        move |file: Option<&Path>| {
            let loaded = match file {
                Some(file) => Config::load_with_warnings(file)?,
                None => Loaded {
                    value: Config::default(),
                    warnings: Vec::new(),
                },
            };
            let origin = file.map_or_else(|| "defaults".to_string(), |p| p.display().to_string());
            let base = match file.and_then(Path::parent) {
                Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
                _ => cwd.clone(),
            };
            Ok::<_, ConfigError>(Loaded {
                value: loaded.value.resolve(&origin, &overrides, base)?,
                warnings: loaded.warnings,
            })
        },
    ))
}

/// `--requirements`: the minimum `.version` and `.target` of each input, instead of linting.
fn requirements(inputs: &[Input], mut failed: Vec<String>, configs: &ConfigResolver<LintConfig>) -> CliResult<Status> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for input in inputs {
        let Input::File(path) = input else {
            failed.push("--requirements reads files, not standard input".to_string());
            continue;
        };
        let shown = display(path);
        if !ptxkit_lint::inline::is_cpp_path(path) {
            match read_source(path) {
                Ok(text) => {
                    let parsed = ptxkit_syntax::parse(text);
                    let report = ptxkit_lint::requirements::file_requirements(&parsed);
                    write!(out, "{}", report.render(&shown))?;
                }
                Err(err) => failed.push(err.to_string()),
            }
            continue;
        }
        let text = match read_cpp_source(path) {
            Ok(Some(text)) => text,
            Ok(None) => continue,
            Err(err) => {
                failed.push(err.to_string());
                continue;
            }
        };
        let config = match configs.for_path(path) {
            Ok((config, _)) => config,
            Err(err) => {
                failed.push(err);
                continue;
            }
        };
        let destination = ptxkit_lint::inline::configured_destination(&config.settings);
        let report = ptxkit_lint::inline::requirements::cpp_requirements(&text, &destination);
        if !report.statements.is_empty() {
            write!(out, "{}", report.render(&shown, &text))?;
        }
    }
    for err in &failed {
        eprintln!("error: {err}");
    }
    Ok(if failed.is_empty() {
        Status::Clean
    } else {
        Status::Failure
    })
}

/// What a run's outcomes add up to.
#[derive(Default)]
struct Summary {
    totals: Totals,
    asm: ptxkit_lint::inline::AsmStats,
    cpp_files: usize,
    fixed: usize,
    diffs: usize,
    denied_warnings: usize,
}

/// Prints the outcomes (diffs, the fixed standard input named `stdin_fixed`, the findings
/// in the chosen format, the summary lines) and the errors; the exit status.
fn report(
    cli: &Cli,
    outcomes: &[Outcome],
    mut tool_errors: Vec<String>,
    stdin_fixed: Option<String>,
) -> CliResult<Status> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut summary = Summary::default();
    for outcome in outcomes {
        if let Some(err) = &outcome.error {
            tool_errors.push(err.clone());
        }
        summary.totals.add(&outcome.diagnostics);
        if outcome.deny_warnings {
            summary.denied_warnings += outcome
                .diagnostics
                .iter()
                .filter(|d| d.severity == ptxkit_syntax::Severity::Warning)
                .count();
        }
        if let Some(stats) = outcome.asm {
            summary.asm.add(stats);
            summary.cpp_files += 1;
        }
        summary.fixed += outcome.fixed;
        if cli.diff
            && let Some(original) = &outcome.original
            && original != &outcome.text
        {
            summary.diffs += 1;
            write!(
                out,
                "{}",
                crate::diff::unified_diff(&outcome.path, original, &outcome.text)
            )?;
        }
        if outcome.original.is_some() && stdin_fixed.as_ref() == Some(&outcome.path) {
            write!(out, "{}", outcome.text)?;
        }
    }
    // With --fix on stdin the fixed text owns stdout; findings go to stderr.
    let mut sink: Box<dyn Write> = if stdin_fixed.is_some() || cli.diff {
        Box::new(std::io::stderr())
    } else {
        Box::new(out)
    };
    write_findings(cli, outcomes, &mut sink)?;
    let text_format = matches!(cli.format, Format::Full | Format::Concise) || cli.statistics;
    if !cli.shared.quiet && (text_format || cli.diff) {
        write_summary(cli, &summary, tool_errors.len(), &mut sink)?;
    }
    sink.flush()?;
    drop(sink);
    for err in &tool_errors {
        eprintln!("error: {err}");
    }
    Ok(if !tool_errors.is_empty() {
        Status::Failure
    } else if cli.exit_zero {
        Status::Clean
    } else if (cli.diff && summary.diffs > 0) || summary.totals.errors > 0 || summary.denied_warnings > 0 {
        Status::Findings
    } else {
        Status::Clean
    })
}

/// The findings of the outcomes that were linted, in the chosen format (nothing with
/// `--diff`; the counts per rule with `--statistics`).
fn write_findings(cli: &Cli, outcomes: &[Outcome], sink: &mut dyn Write) -> CliResult<()> {
    let reports: Vec<FileReport<'_>> = outcomes
        .iter()
        .filter(|o| o.error.is_none())
        .map(|o| FileReport {
            path: &o.path,
            text: &o.text,
            lines: &o.lines,
            diagnostics: &o.diagnostics,
        })
        .collect();
    if cli.statistics {
        write!(
            sink,
            "{}",
            render_statistics(reports.iter().flat_map(|r| r.diagnostics.iter()))
        )?;
    } else if !cli.diff {
        let color = cli.shared.color.enabled(std::io::stdout().is_terminal());
        match cli.format {
            Format::Full | Format::Concise => {
                for report in &reports {
                    write!(sink, "{}", render_text(report, cli.format == Format::Concise, color))?;
                }
            }
            Format::Json => write!(sink, "{}", render_json(&reports))?,
            Format::Sarif => write!(sink, "{}", render_sarif(&reports))?,
            Format::Github => {
                for report in &reports {
                    write!(sink, "{}", render_github(report))?;
                }
            }
        }
    }
    Ok(())
}

/// The lines after the findings: fixes made, asm statements checked, and the totals (or
/// the files that would change, with `--diff`).
fn write_summary(cli: &Cli, summary: &Summary, errors: usize, sink: &mut dyn Write) -> CliResult<()> {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if summary.fixed > 0 {
        let verb = if cli.diff { "Would fix" } else { "Fixed" };
        writeln!(sink, "{verb} {} finding{}.", summary.fixed, plural(summary.fixed))?;
    }
    if summary.cpp_files > 0 && !cli.diff {
        writeln!(sink, "{}", asm_summary(summary.asm, summary.cpp_files))?;
    }
    if cli.diff {
        writeln!(
            sink,
            "{} file{} would be changed.",
            summary.diffs,
            plural(summary.diffs)
        )?;
    } else if summary.totals.is_empty() && errors > 0 {
        // Not "All checks passed!": some files were not checked.
        writeln!(
            sink,
            "No findings in the files that were read; {errors} path{} could not be linted.",
            plural(errors)
        )?;
    } else {
        writeln!(sink, "{}", summary.totals.summary())?;
    }
    Ok(())
}

#[derive(Clone, Copy)]
struct Mode {
    fix: bool,
    diff: bool,
    unsafe_fixes: bool,
}

fn process(
    input: &Input,
    configs: &ConfigResolver<LintConfig>,
    mode: Mode,
    stdin_name: &Path,
    cache: Option<&Cache>,
) -> Outcome {
    let path = input.path(stdin_name);
    let cpp = ptxkit_lint::inline::is_cpp_path(&path);
    let display = match input {
        Input::File(path) => display(path),
        Input::Stdin => stdin_name.display().to_string(),
    };
    let failed = |message: String| Outcome::failed(display.clone(), message);
    let read = match input {
        Input::File(path) if cpp => read_cpp_source(path).map(Option::unwrap_or_default),
        Input::File(path) => read_source(path),
        Input::Stdin => match crate::inputs::read_stdin(stdin_name) {
            Err(ptxkit_syntax::source::SourceError::Empty(_)) if cpp => Ok(String::new()),
            other => other,
        },
    };
    let text = match read {
        Ok(text) => text,
        Err(err) => return failed(err.to_string()),
    };
    let config: Arc<LintConfig> = match configs.for_path(&path) {
        Ok((config, _)) => config,
        Err(err) => return failed(err),
    };
    let settings = config.settings_for(&config.relative(&path));
    // Standard input is never cached.
    let cache = cache.filter(|_| matches!(input, Input::File(_)));
    let mut outcome = match cache {
        Some(cache) => cached_process_text(cache, input, &path, display, text, &settings, mode, cpp),
        None => process_text(input, &path, display, text, &settings, mode, cpp),
    };
    outcome.deny_warnings = config.deny_warnings;
    outcome
}

/// [`process_text`] through the result cache. A file whose findings are cached is not linted
/// again; with --fix or --diff, only a result that fixed nothing is cached (and reused: the
/// file is as it was), so a file that a fix changes is always linted again.
#[allow(clippy::too_many_arguments)]
fn cached_process_text(
    cache: &Cache,
    input: &Input,
    path: &Path,
    display: String,
    text: String,
    settings: &Settings,
    mode: Mode,
    cpp: bool,
) -> Outcome {
    let job = if mode.fix || mode.diff {
        crate::cache::lint::Job::Fix {
            unsafe_fixes: mode.unsafe_fixes,
        }
    } else {
        crate::cache::lint::Job::Lint
    };
    let key = crate::cache::lint::key(&text, settings, job, cpp);
    if let Some(entry) = cache.get(&key).and_then(|payload| crate::cache::lint::decode(&payload)) {
        return Outcome {
            asm: entry.asm,
            path: display,
            lines: ptxkit_syntax::LineIndex::new(&text),
            diagnostics: entry.diagnostics,
            original: (job != crate::cache::lint::Job::Lint).then(|| text.clone()),
            text,
            fixed: 0,
            error: None,
            deny_warnings: false,
        };
    }
    let outcome = process_text(input, path, display, text, settings, mode, cpp);
    let unchanged = outcome.fixed == 0 && outcome.original.as_ref().is_none_or(|o| *o == outcome.text);
    if outcome.error.is_none() && unchanged {
        let entry = crate::cache::lint::Entry {
            diagnostics: outcome.diagnostics.clone(),
            asm: outcome.asm,
        };
        cache.put(&key, &crate::cache::lint::encode(&entry));
    }
    outcome
}

/// Lints (and with --fix/--diff, fixes) one input's text.
fn process_text(
    input: &Input,
    path: &Path,
    display: String,
    text: String,
    settings: &Settings,
    mode: Mode,
    cpp: bool,
) -> Outcome {
    let failed = |message: String| Outcome::failed(display.clone(), message);
    if cpp {
        return process_cpp(input, path, display, text, settings, mode);
    }
    if mode.fix || mode.diff {
        let fixed = fix_source(&text, settings, mode.unsafe_fixes);
        let new_text = fixed.result.parsed.text().to_string();
        if mode.fix
            && new_text != text
            && matches!(input, Input::File(_))
            && let Err(err) = ptxkit_syntax::write_atomic(path, &new_text)
        {
            return failed(err.to_string());
        }
        return Outcome {
            asm: None,
            path: display,
            lines: fixed.result.parsed.lines().clone(),
            text: new_text,
            diagnostics: fixed.result.diagnostics,
            fixed: fixed.applied,
            original: Some(text),
            error: None,
            deny_warnings: false,
        };
    }
    let found = lint_text(&text, settings);
    Outcome {
        asm: None,
        path: display,
        lines: std::sync::Arc::unwrap_or_clone(found.lines),
        diagnostics: found.diagnostics,
        text,
        fixed: 0,
        original: None,
        error: None,
        deny_warnings: false,
    }
}

/// Reads a C, C++ or CUDA file: `None` when it has no asm statement to
/// look at (empty, or no `asm` in it, whatever its encoding), an error for
/// binary or non-UTF-8 files that do mention `asm`.
fn read_cpp_source(path: &Path) -> Result<Option<String>, ptxkit_syntax::source::SourceError> {
    match read_source(path) {
        Ok(text) => Ok(Some(text)),
        Err(ptxkit_syntax::source::SourceError::Empty(_)) => Ok(None),
        Err(
            err @ (ptxkit_syntax::source::SourceError::NotUtf8 { .. }
            | ptxkit_syntax::source::SourceError::Binary { .. }),
        ) => {
            let bytes = std::fs::read(path).map_err(|source| ptxkit_syntax::source::SourceError::Io {
                path: path.to_path_buf(),
                source,
            })?;
            if bytes.windows(3).any(|w| w == b"asm") {
                Err(err)
            } else {
                Ok(None)
            }
        }
        Err(err) => Err(err),
    }
}

/// Lints (and with --fix/--diff, fixes) the asm statements of a C++ text.
fn process_cpp(input: &Input, path: &Path, display: String, text: String, settings: &Settings, mode: Mode) -> Outcome {
    if mode.fix || mode.diff {
        let fixed = ptxkit_lint::inline::fix::fix_cpp_source(&text, settings, mode.unsafe_fixes);
        if mode.fix
            && fixed.text != text
            && matches!(input, Input::File(_))
            && let Err(err) = ptxkit_syntax::write_atomic(path, &fixed.text)
        {
            return Outcome::failed(display, err.to_string());
        }
        return Outcome {
            asm: Some(fixed.result.stats),
            path: display,
            lines: fixed.result.lines,
            diagnostics: fixed.result.diagnostics,
            text: fixed.text,
            fixed: fixed.applied,
            original: Some(text),
            error: None,
            deny_warnings: false,
        };
    }
    let result = ptxkit_lint::inline::lint_cpp_source(&text, settings);
    Outcome {
        asm: Some(result.stats),
        path: display,
        lines: result.lines,
        diagnostics: result.diagnostics,
        text,
        fixed: 0,
        original: None,
        error: None,
        deny_warnings: false,
    }
}

/// `Checked 12 asm statements in 3 C/C++ files (2 not analysed).`
fn asm_summary(stats: ptxkit_lint::inline::AsmStats, files: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let mut line = format!(
        "Checked {} in {}",
        plural(stats.analysed, "asm statement"),
        plural(files, "C/C++ file")
    );
    if stats.skipped > 0 {
        line.push_str(&format!(
            " ({} not analysed: host code, or templates built from macros defined elsewhere)",
            stats.skipped
        ));
    }
    line.push('.');
    line
}
