//! The `ptxlint` command line. Exit status: 0 clean, 1 error-severity
//! findings (or warnings with `--deny-warnings`), 2 when ptxlint could not do
//! its job (bad arguments or configuration, unreadable input).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use ptxkit_lint::config::{CONFIG_FILE_NAME, Config, Overrides};
use ptxkit_lint::fix::fix_source;
use ptxkit_lint::report::{
    FileReport, Format, Totals, render_github, render_json, render_sarif, render_statistics, render_text,
};
use ptxkit_lint::{Settings, find_rule, lint_text, rules};
use ptxkit_syntax::Diagnostic;
use ptxkit_syntax::config::{ConfigError, Loaded};
use ptxkit_syntax::source::read_source;

use crate::config::ConfigResolver;
use crate::inputs::{Discovery, Input, display};
use crate::shared::{ConfigArgs, SharedArgs};
use crate::status::{Status, is_broken_pipe};

/// Lint NVIDIA PTX: catch what ptxas would reject, and what it misses.
#[derive(Parser, Debug)]
#[command(name = "ptxlint", version, about, max_term_width = 100)]
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

    /// Print the minimum `.version` and `.target` each file needs, and the
    /// lines that force them, instead of linting.
    #[arg(long)]
    requirements: bool,

    /// List every rule with its code, severity, fix availability and status.
    #[arg(long, exclusive = true)]
    list_rules: bool,

    #[command(flatten)]
    config: ConfigArgs,

    #[command(flatten)]
    shared: SharedArgs,
}

/// Runs `ptxlint` with the process's arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(status) => status.code(),
        // `ptxlint ... | head`: the reader went away; nothing left to say.
        Err(err) if is_broken_pipe(err.as_ref()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            Status::Failure.code()
        }
    }
}

/// The settings one configuration file (or none) gives.
struct LintConfig {
    settings: Settings,
    /// The directory per-file-ignores globs are relative to.
    base: PathBuf,
    deny_warnings: bool,
    exclude: Vec<String>,
    include: Vec<String>,
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
    if let Some(name) = &cli.explain {
        let rule = find_rule(name).ok_or_else(|| format!("unknown rule '{name}' (see `ptxlint --list-rules`)"))?;
        writeln!(std::io::stdout(), "{}", rule.doc())?;
        return Ok(Status::Clean);
    }
    if let Some(chain) = &cli.explain_instruction {
        let chain = chain.trim().trim_end_matches(';');
        if chain.is_empty() || chain.split('.').any(str::is_empty) || chain.contains(char::is_whitespace) {
            return Err(format!("'{chain}' is not an instruction chain (write e.g. ld.global.v4.f32)").into());
        }
        let explanation = ptxkit_isa::signature::explain(chain);
        write!(std::io::stdout(), "{explanation}")?;
        return Ok(if explanation.matches.is_empty() {
            Status::Findings
        } else {
            Status::Clean
        });
    }
    if cli.list_rules {
        for rule in rules() {
            let fix = match rule.fix {
                ptxkit_lint::FixAvailability::None => "",
                ptxkit_lint::FixAvailability::Safe => "fix",
                ptxkit_lint::FixAvailability::Unsafe => "unsafe-fix",
                ptxkit_lint::FixAvailability::Sometimes => "fix*",
            };
            writeln!(
                std::io::stdout(),
                "{}\t{:<40}\t{:<7}\t{:<10}\t{}",
                rule.code,
                rule.name,
                rule.severity,
                fix,
                rule.summary
            )?;
        }
        return Ok(Status::Clean);
    }

    let cwd = std::env::current_dir().map_err(|err| format!("cannot read the current directory: {err}"))?;
    let overrides = Overrides {
        select: cli.select.clone(),
        extend_select: cli.extend_select.clone(),
        ignore: cli.ignore.clone(),
        target: cli.target.clone(),
        ptx_version: cli.ptx_version.clone(),
        preview: cli.preview,
    };
    let deny_warnings_flag = cli.deny_warnings;
    let configs = ConfigResolver::new(CONFIG_FILE_NAME, &cli.config, move |file: Option<&Path>| {
        let loaded = match file {
            Some(file) => Config::load_with_warnings(file)?,
            None => Loaded {
                value: Config::default(),
                warnings: Vec::new(),
            },
        };
        let config = loaded.value;
        let origin = file.map_or_else(|| "defaults".to_string(), |p| p.display().to_string());
        let settings = config.settings(&origin, &overrides)?;
        let base = match file.and_then(Path::parent) {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => cwd.clone(),
        };
        Ok::<_, ConfigError>(Loaded {
            value: LintConfig {
                settings,
                base,
                deny_warnings: deny_warnings_flag || config.deny_warnings.unwrap_or(false),
                exclude: config.exclude.clone().unwrap_or_default(),
                include: config.include_globs(),
            },
            warnings: loaded.warnings,
        })
    });
    // Discovery (include and exclude globs) follows the configuration of the
    // current directory (or --config); rules follow each file's own.
    let here = configs.for_path(Path::new("."))?.0;
    for warning in configs.take_warnings() {
        eprintln!("warning: {warning}");
    }
    let color = cli.shared.color.enabled(std::io::stdout().is_terminal());
    let discovery = Discovery {
        include: &here.include,
        exclude: &here.exclude,
        noun: "PTX, C or C++ files",
    };
    let collected = crate::inputs::collect(&cli.paths, &cli.shared, &discovery)?;
    let inputs = collected.inputs;
    let mut tool_errors = collected.errors;

    if cli.requirements {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let mut failed = tool_errors;
        for input in &inputs {
            let Input::File(path) = input else {
                failed.push("--requirements reads files, not standard input".to_string());
                continue;
            };
            let shown = display(path);
            if ptxkit_lint::inline::is_cpp_path(path) {
                match read_cpp_source(path) {
                    Ok(Some(text)) => {
                        let config = match configs.for_path(path) {
                            Ok((config, _)) => config,
                            Err(err) => {
                                failed.push(err);
                                continue;
                            }
                        };
                        let report = ptxkit_lint::inline::requirements::cpp_requirements(
                            &text,
                            &ptxkit_lint::inline::configured_destination(&config.settings),
                        );
                        if !report.statements.is_empty() {
                            write!(out, "{}", report.render(&shown, &text))?;
                        }
                    }
                    Ok(None) => {}
                    Err(err) => failed.push(err.to_string()),
                }
                continue;
            }
            match read_source(path) {
                Ok(text) => {
                    let parsed = ptxkit_syntax::parse(text);
                    write!(
                        out,
                        "{}",
                        ptxkit_lint::requirements::file_requirements(&parsed).render(&shown)
                    )?;
                }
                Err(err) => failed.push(err.to_string()),
            }
        }
        for err in &failed {
            eprintln!("error: {err}");
        }
        return Ok(if failed.is_empty() {
            Status::Clean
        } else {
            Status::Failure
        });
    }

    let mode = Mode {
        fix: cli.fix,
        diff: cli.diff,
        unsafe_fixes: cli.unsafe_fixes,
    };
    let stdin_name = cli.shared.stdin_name();
    let work = |input: &Input| process(input, &configs, mode, &stdin_name);
    let outcomes: Vec<Outcome> = crate::parallel::map_ordered(&inputs, cli.shared.jobs, work)?;
    for warning in configs.take_warnings() {
        eprintln!("warning: {warning}");
    }
    let stdin_display = stdin_name.display().to_string();

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut totals = Totals::default();
    let mut asm = ptxkit_lint::inline::AsmStats::default();
    let mut cpp_files = 0usize;
    let mut fixed = 0usize;
    let mut diffs = 0usize;
    let mut denied_warnings = 0usize;
    let stdin_fixed = cli.fix && inputs.iter().any(|i| matches!(i, Input::Stdin));
    for outcome in &outcomes {
        if let Some(err) = &outcome.error {
            tool_errors.push(err.clone());
        }
        totals.add(&outcome.diagnostics);
        if outcome.deny_warnings {
            denied_warnings += outcome
                .diagnostics
                .iter()
                .filter(|d| d.severity == ptxkit_syntax::Severity::Warning)
                .count();
        }
        if let Some(stats) = outcome.asm {
            asm.add(stats);
            cpp_files += 1;
        }
        fixed += outcome.fixed;
        if cli.diff
            && let Some(original) = &outcome.original
            && original != &outcome.text
        {
            diffs += 1;
            write!(
                out,
                "{}",
                crate::diff::unified_diff(&outcome.path, original, &outcome.text)
            )?;
        }
        if stdin_fixed && outcome.original.is_some() && outcome.path == stdin_display {
            write!(out, "{}", outcome.text)?;
        }
    }
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
    // With --fix on stdin the fixed text owns stdout; findings go to stderr.
    let mut sink: Box<dyn Write> = if stdin_fixed || cli.diff {
        Box::new(std::io::stderr())
    } else {
        Box::new(out)
    };
    if cli.statistics {
        write!(
            sink,
            "{}",
            render_statistics(reports.iter().flat_map(|r| r.diagnostics.iter()))
        )?;
    } else if !cli.diff {
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
    let text_format = matches!(cli.format, Format::Full | Format::Concise) || cli.statistics;
    if !cli.shared.quiet && (text_format || cli.diff) {
        if fixed > 0 {
            let verb = if cli.diff { "Would fix" } else { "Fixed" };
            writeln!(sink, "{verb} {fixed} finding{}.", if fixed == 1 { "" } else { "s" })?;
        }
        if cpp_files > 0 && !cli.diff {
            writeln!(sink, "{}", asm_summary(asm, cpp_files))?;
        }
        if cli.diff {
            writeln!(
                sink,
                "{diffs} file{} would be changed.",
                if diffs == 1 { "" } else { "s" }
            )?;
        } else if totals.is_empty() && !tool_errors.is_empty() {
            // Not "All checks passed!": some files were not checked.
            let count = tool_errors.len();
            writeln!(
                sink,
                "No findings in the files that were read; {count} path{} could not be linted.",
                if count == 1 { "" } else { "s" }
            )?;
        } else {
            writeln!(sink, "{}", totals.summary())?;
        }
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
    } else if (cli.diff && diffs > 0) || totals.errors > 0 || denied_warnings > 0 {
        Status::Findings
    } else {
        Status::Clean
    })
}

#[derive(Clone, Copy)]
struct Mode {
    fix: bool,
    diff: bool,
    unsafe_fixes: bool,
}

fn process(input: &Input, configs: &ConfigResolver<LintConfig>, mode: Mode, stdin_name: &Path) -> Outcome {
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
    let base = &config.base;
    let absolute = if path.is_absolute() {
        path.clone()
    } else {
        std::env::current_dir().map_or_else(|_| path.clone(), |cwd| cwd.join(&path))
    };
    let relative = absolute
        .canonicalize()
        .ok()
        .and_then(|p| p.strip_prefix(base.canonicalize().ok()?).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| absolute.strip_prefix(base).map_or(path.clone(), Path::to_path_buf));
    let settings = config.settings.for_file(&relative);
    let mut outcome = process_text(input, &path, display, text, &settings, mode, cpp);
    outcome.deny_warnings = config.deny_warnings;
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
