//! The `ptxlint` command line. Exit status: 0 clean, 1 error-severity
//! findings (or warnings with `--deny-warnings`), 2 when ptxlint could not do
//! its job (bad arguments or configuration, unreadable input).

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::config::{CONFIG_FILE_NAME, Config, Overrides};
use crate::fix::fix_source;
use crate::report::{
    FileReport, Format, Totals, render_github, render_json, render_sarif, render_statistics, render_text,
};
use crate::{Settings, find_rule, lint_source, rules};
use clap::Parser;
use ptxkit_syntax::Diagnostic;
use ptxkit_syntax::discover::{DiscoverOptions, discover_matching};
use ptxkit_syntax::source::{decode_source, read_source};
use rayon::prelude::*;

/// Lint NVIDIA PTX: catch what ptxas would reject, and what it misses.
#[derive(Parser, Debug)]
#[command(name = "ptxlint", version, about, max_term_width = 100)]
struct Cli {
    /// Files and directories to lint (directories: every `*.ptx`, and the
    /// C, C++ and CUDA files `*.cu *.cuh *.h *.hpp *.cpp *.cc` for their
    /// inline PTX, honouring .gitignore); `-` reads standard input.
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

    /// Use this configuration file instead of the nearest ptxlint.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "isolated")]
    config: Option<PathBuf>,

    /// Ignore every configuration file.
    #[arg(long)]
    isolated: bool,

    /// Apply safe fixes (atomically; a fix that would add errors is dropped).
    #[arg(long)]
    fix: bool,

    /// With --fix or --diff, apply unsafe fixes too.
    #[arg(long)]
    unsafe_fixes: bool,

    /// Print the fixes as a unified diff instead of applying them.
    #[arg(long, conflicts_with = "fix")]
    diff: bool,

    /// Paths to skip (globs; repeatable).
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,

    /// Lint files that .gitignore excludes too.
    #[arg(long)]
    no_ignore: bool,

    /// Worker threads (default: the number of cores).
    #[arg(short = 'j', long, value_name = "N")]
    jobs: Option<usize>,

    /// Exit 1 on warnings too, not only on errors.
    #[arg(long)]
    deny_warnings: bool,

    /// Exit 0 even when there are findings (2 still means ptxlint failed).
    #[arg(long)]
    exit_zero: bool,

    /// Allow preview rules.
    #[arg(long)]
    preview: bool,

    /// The file name to report for standard input (its extension says
    /// whether it is PTX or C++: `--stdin-filename kernel.cu`).
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<String>,

    /// Colors: auto, always or never.
    #[arg(long, value_name = "WHEN", default_value = "auto")]
    color: String,

    /// Print only findings, no summary line.
    #[arg(short, long)]
    quiet: bool,

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
}

/// Runs `ptxlint` with the process's arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        // `ptxlint ... | head`: the reader went away; nothing left to say.
        Err(err)
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// One input: a file or standard input.
enum Input {
    File(PathBuf),
    Stdin,
}

/// What happened to one input.
struct Outcome {
    /// For C, C++ and CUDA files: the asm statements looked at.
    asm: Option<crate::inline::AsmStats>,
    path: String,
    text: String,
    lines: ptxkit_syntax::LineIndex,
    diagnostics: Vec<Diagnostic>,
    fixed: usize,
    original: Option<String>,
    error: Option<String>,
}

/// A failure of ptxlint itself (exit 2), as a message for the user.
type CliResult<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

fn run(cli: Cli) -> CliResult<ExitCode> {
    if let Some(name) = &cli.explain {
        let rule = find_rule(name).ok_or_else(|| format!("unknown rule '{name}' (see `ptxlint --list-rules`)"))?;
        writeln!(std::io::stdout(), "{}", rule.doc())?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(chain) = &cli.explain_instruction {
        let chain = chain.trim().trim_end_matches(';');
        if chain.is_empty() || chain.split('.').any(str::is_empty) || chain.contains(char::is_whitespace) {
            return Err(format!("'{chain}' is not an instruction chain (write e.g. ld.global.v4.f32)").into());
        }
        let explanation = ptxkit_isa::signature::explain(chain);
        write!(std::io::stdout(), "{explanation}")?;
        return Ok(if explanation.matches.is_empty() {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    if cli.list_rules {
        for rule in rules() {
            let fix = match rule.fix {
                crate::FixAvailability::None => "",
                crate::FixAvailability::Safe => "fix",
                crate::FixAvailability::Unsafe => "unsafe-fix",
                crate::FixAvailability::Sometimes => "fix*",
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
        return Ok(ExitCode::SUCCESS);
    }

    let cwd = std::env::current_dir().map_err(|err| format!("cannot read the current directory: {err}"))?;
    let config_path = if cli.isolated {
        None
    } else if let Some(path) = &cli.config {
        Some(path.clone())
    } else {
        ptxkit_syntax::config::find_config_file(&cwd, CONFIG_FILE_NAME)
    };
    let config = match &config_path {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    let origin = config_path
        .as_ref()
        .map_or_else(|| "defaults".to_string(), |p| p.display().to_string());
    let overrides = Overrides {
        select: cli.select.clone(),
        extend_select: cli.extend_select.clone(),
        ignore: cli.ignore.clone(),
        target: cli.target.clone(),
        ptx_version: cli.ptx_version.clone(),
        preview: cli.preview,
    };
    let settings = config.settings(&origin, &overrides)?;
    let base = config_path
        .as_deref()
        .and_then(Path::parent)
        .map_or(cwd.clone(), Path::to_path_buf);
    let deny_warnings = cli.deny_warnings || config.deny_warnings.unwrap_or(false);
    let color = match cli.color.as_str() {
        "always" => true,
        "never" => false,
        "auto" => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        other => return Err(format!("invalid --color '{other}' (expected auto, always or never)").into()),
    };

    let mut exclude = config.exclude.clone().unwrap_or_default();
    exclude.extend(cli.exclude.iter().cloned());
    let paths = if cli.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        cli.paths.clone()
    };
    let mut inputs = Vec::new();
    let mut tool_errors = Vec::new();
    let (stdin_paths, file_paths): (Vec<_>, Vec<_>) = paths.into_iter().partition(|p| p.as_os_str() == "-");
    if !stdin_paths.is_empty() {
        inputs.push(Input::Stdin);
    }
    let found = discover_matching(
        &file_paths,
        &DiscoverOptions {
            exclude,
            no_ignore: cli.no_ignore,
        },
        &config.include_globs(),
    )?;
    for entry in found {
        match entry {
            Ok(path) => inputs.push(Input::File(path)),
            Err(err) => tool_errors.push(err.to_string()),
        }
    }
    if inputs.is_empty() && tool_errors.is_empty() {
        return Err("no PTX, C or C++ files found under the given paths".into());
    }

    if cli.requirements {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        let mut failed = tool_errors;
        for input in &inputs {
            let Input::File(path) = input else {
                failed.push("--requirements reads files, not standard input".to_string());
                continue;
            };
            let shown = path.strip_prefix(".").unwrap_or(path).display().to_string();
            if crate::inline::is_cpp_path(path) {
                match read_cpp_source(path) {
                    Ok(Some(text)) => {
                        let report = crate::inline::requirements::cpp_requirements(
                            &text,
                            &crate::inline::configured_destination(&settings),
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
                        crate::requirements::file_requirements(&parsed).render(&shown)
                    )?;
                }
                Err(err) => failed.push(err.to_string()),
            }
        }
        for err in &failed {
            eprintln!("error: {err}");
        }
        return Ok(if failed.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(2)
        });
    }

    let mode = Mode {
        fix: cli.fix,
        diff: cli.diff,
        unsafe_fixes: cli.unsafe_fixes,
    };
    let stdin_name = cli.stdin_filename.clone().unwrap_or_else(|| "-".to_string());
    let work = |input: &Input| process(input, &settings, &base, mode, &stdin_name);
    let outcomes: Vec<Outcome> = match cli.jobs {
        Some(1) => inputs.iter().map(work).collect(),
        jobs => rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.unwrap_or(0))
            .build()
            .map_err(|err| format!("cannot start worker threads: {err}"))?
            .install(|| inputs.par_iter().map(work).collect()),
    };

    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut totals = Totals::default();
    let mut asm = crate::inline::AsmStats::default();
    let mut cpp_files = 0usize;
    let mut fixed = 0usize;
    let mut diffs = 0usize;
    let stdin_fixed = cli.fix && inputs.iter().any(|i| matches!(i, Input::Stdin));
    for outcome in &outcomes {
        if let Some(err) = &outcome.error {
            tool_errors.push(err.clone());
        }
        totals.add(&outcome.diagnostics);
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
            let diff = similar::TextDiff::from_lines(original.as_str(), outcome.text.as_str());
            write!(out, "{}", diff.unified_diff().header(&outcome.path, &outcome.path))?;
        }
        if stdin_fixed && outcome.original.is_some() && outcome.path == stdin_name {
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
    if !cli.quiet && (text_format || cli.diff) {
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
        ExitCode::from(2)
    } else if cli.exit_zero {
        ExitCode::SUCCESS
    } else if (cli.diff && diffs > 0) || totals.errors > 0 || (deny_warnings && totals.warnings > 0) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[derive(Clone, Copy)]
struct Mode {
    fix: bool,
    diff: bool,
    unsafe_fixes: bool,
}

fn process(input: &Input, settings: &Settings, base: &Path, mode: Mode, stdin_name: &str) -> Outcome {
    let cpp = match input {
        Input::File(path) => crate::inline::is_cpp_path(path),
        Input::Stdin => crate::inline::is_cpp_path(Path::new(stdin_name)),
    };
    let (path, display, read) = match input {
        Input::File(path) if cpp => {
            let shown = path.strip_prefix(".").unwrap_or(path);
            let read = match read_cpp_source(path) {
                Ok(text) => Ok(text.unwrap_or_default()),
                Err(err) => Err(err),
            };
            (path.clone(), shown.display().to_string(), read)
        }
        Input::File(path) => {
            let shown = path.strip_prefix(".").unwrap_or(path);
            (path.clone(), shown.display().to_string(), read_source(path))
        }
        Input::Stdin => {
            let mut bytes = Vec::new();
            let read = match std::io::stdin().read_to_end(&mut bytes) {
                Ok(_) if cpp && bytes.is_empty() => Ok(String::new()),
                Ok(_) => decode_source(Path::new(stdin_name), bytes),
                Err(err) => Err(ptxkit_syntax::source::SourceError::Io {
                    path: PathBuf::from(stdin_name),
                    source: err,
                }),
            };
            (PathBuf::from(stdin_name), stdin_name.to_string(), read)
        }
    };
    let failed = |message: String| Outcome {
        asm: None,
        path: display.clone(),
        text: String::new(),
        lines: ptxkit_syntax::LineIndex::new(""),
        diagnostics: Vec::new(),
        fixed: 0,
        original: None,
        error: Some(message),
    };
    let text = match read {
        Ok(text) => text,
        Err(err) => return failed(err.to_string()),
    };
    let absolute = if path.is_absolute() {
        path.clone()
    } else {
        base.join(&path)
    };
    let relative = path
        .canonicalize()
        .ok()
        .and_then(|p| p.strip_prefix(base.canonicalize().ok()?).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| absolute.strip_prefix(base).map_or(path.clone(), Path::to_path_buf));
    let settings = settings.for_file(&relative);
    if cpp {
        return process_cpp(input, &path, display, text, &settings, mode);
    }
    if mode.fix || mode.diff {
        let fixed = fix_source(&text, &settings, mode.unsafe_fixes);
        let new_text = fixed.result.parsed.text().to_string();
        if mode.fix
            && new_text != text
            && matches!(input, Input::File(_))
            && let Err(err) = ptxkit_syntax::write_atomic(&path, &new_text)
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
        };
    }
    let result = lint_source(&text, &settings);
    Outcome {
        asm: None,
        path: display,
        lines: result.parsed.lines().clone(),
        diagnostics: result.diagnostics,
        text,
        fixed: 0,
        original: None,
        error: None,
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
        let fixed = crate::inline::fix::fix_cpp_source(&text, settings, mode.unsafe_fixes);
        if mode.fix
            && fixed.text != text
            && matches!(input, Input::File(_))
            && let Err(err) = ptxkit_syntax::write_atomic(path, &fixed.text)
        {
            return Outcome {
                asm: None,
                path: display,
                text: String::new(),
                lines: ptxkit_syntax::LineIndex::new(""),
                diagnostics: Vec::new(),
                fixed: 0,
                original: None,
                error: Some(err.to_string()),
            };
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
        };
    }
    let result = crate::inline::lint_cpp_source(&text, settings);
    Outcome {
        asm: Some(result.stats),
        path: display,
        lines: result.lines,
        diagnostics: result.diagnostics,
        text,
        fixed: 0,
        original: None,
        error: None,
    }
}

/// `Checked 12 asm statements in 3 C/C++ files (2 not analysed).`
fn asm_summary(stats: crate::inline::AsmStats, files: usize) -> String {
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
