//! Formatting one file: read, find options, parse, format, verify, then
//! write, check or diff. Every failure becomes a message; nothing panics and
//! nothing is written unless every check passed.

use std::path::Path;

use ptxkit_fmt::{Formatted, Options, SyntaxError, Verification};
use ptxkit_syntax::source::read_source;
use ptxkit_workspace::resolver::ConfigResolver;

use super::args::{LineRange, Mode};
use crate::cache::Cache;
use crate::cache::fmt::Entry;
use crate::inputs::display;

/// The settings of one file: its options.
pub type Configs = ConfigResolver<Options>;

/// What to do with each input.
#[derive(Debug, Clone, Copy)]
pub struct Job {
    /// Write, check, diff or print.
    pub mode: Mode,
    /// `--range`: format only these lines.
    pub range: Option<LineRange>,
    /// `--format-with-errors`.
    pub format_with_errors: bool,
}

/// What happened to one input.
#[derive(Debug)]
pub enum Outcome {
    /// Already formatted.
    Unchanged,
    /// Rewritten in place.
    Reformatted,
    /// Would change (`--check`, `--diff`); carries the diff for `--diff`.
    WouldReformat(Option<String>),
    /// Text for stdout: formatted stdin, a tree or a document.
    Printed(String),
    /// Errors, one line each, without the `error: ` prefix.
    Failed(Vec<String>),
}

/// The outcome for one input, with the name used in messages.
#[derive(Debug)]
pub struct FileResult {
    /// The path as shown.
    pub display: String,
    /// What happened.
    pub outcome: Outcome,
    /// Bytes read.
    pub bytes: usize,
    /// Warnings, one line each, without the `warning: ` prefix.
    pub warnings: Vec<String>,
}

/// At most this many syntax errors are listed per file.
const MAX_LISTED_ERRORS: usize = 10;

/// Formats the file at `path`; with a cache, a file known to be formatted (or, with
/// `--check`, known not to be) under its options is not formatted again.
pub fn process_path(path: &Path, job: Job, configs: &Configs, cache: Option<&Cache>) -> FileResult {
    let display = display(path);
    let text = match read_source(path) {
        Ok(text) => text,
        Err(err) => return failed(display, vec![err.to_string()], 0),
    };
    let cacheable = job.range.is_none() && matches!(job.mode, Mode::Write | Mode::Check | Mode::Diff);
    let Some(cache) = cache.filter(|_| cacheable) else {
        return process_text(path, display, text, job, configs, false);
    };
    let options = match configs.for_path(path) {
        Ok((options, _)) => options,
        Err(err) => return failed(display, vec![err], text.len()),
    };
    let key = crate::cache::fmt::key(&text, &options, job.format_with_errors);
    let known = cache.get(&key).and_then(|payload| crate::cache::fmt::decode(&payload));
    let outcome = match (known, job.mode) {
        (Some(Entry::Formatted), _) => Some(Outcome::Unchanged),
        (Some(Entry::Unformatted), Mode::Check) => Some(Outcome::WouldReformat(None)),
        _ => None,
    };
    if let Some(outcome) = outcome {
        return FileResult {
            display,
            outcome,
            bytes: text.len(),
            warnings: Vec::new(),
        };
    }
    let result = process_text(path, display, text, job, configs, false);
    // Only clean results: one with warnings (syntax errors kept as written) prints them.
    let entry = match (&result.outcome, result.warnings.is_empty()) {
        (Outcome::Unchanged, true) => Some(Entry::Formatted),
        (Outcome::WouldReformat(_) | Outcome::Reformatted, true) => Some(Entry::Unformatted),
        _ => None,
    };
    if let Some(entry) = entry {
        cache.put(&key, crate::cache::fmt::encode(entry));
    }
    result
}

/// Formats standard input; `name` is `--stdin-filename` or `-`.
pub fn process_stdin(name: &Path, job: Job, configs: &Configs) -> FileResult {
    let display = name.display().to_string();
    let text = match crate::inputs::read_stdin(name) {
        Ok(text) => text,
        Err(err) => return failed(display, vec![err.to_string()], 0),
    };
    process_text(name, display, text, job, configs, true)
}

fn failed(display: String, errors: Vec<String>, bytes: usize) -> FileResult {
    FileResult {
        display,
        outcome: Outcome::Failed(errors),
        bytes,
        warnings: Vec::new(),
    }
}

fn process_text(path: &Path, display: String, text: String, job: Job, configs: &Configs, stdin: bool) -> FileResult {
    let bytes = text.len();
    let options = match configs.for_path(path) {
        Ok((options, _)) => options,
        Err(err) => return failed(display, vec![err], bytes),
    };
    // `--check` shows and writes nothing: its output needs no second parse.
    let verification = if job.mode == Mode::Check {
        Verification::Text
    } else {
        Verification::Reparse
    };
    if job.range.is_none()
        && matches!(job.mode, Mode::Write | Mode::Check | Mode::Diff)
        && let Some(formatted) =
            ptxkit_fmt::groups::format_in_groups_with(&text, &options, ptxkit_fmt::groups::GROUP_BYTES, verification)
    {
        // A large error-free file, formatted one group of top-level items at a time.
        let outcome = outcome(path, &display, &text, formatted, job.mode, stdin);
        return FileResult {
            display,
            outcome,
            bytes,
            warnings: Vec::new(),
        };
    }
    // The whole-file path: its tree takes tens of times the text.
    if let Err(err) = ptxkit_fmt::check_size(&text) {
        return failed(display.clone(), vec![format!("{display}: {err}")], bytes);
    }
    let parsed = ptxkit_syntax::parse(text);
    let printed = |text: String| FileResult {
        display: display.clone(),
        outcome: Outcome::Printed(text),
        bytes,
        warnings: Vec::new(),
    };
    if job.mode == Mode::PrintTree {
        return printed(ptxkit_fmt::tree::print_tree(&parsed));
    }
    let errors = SyntaxError::all(&parsed);
    if !errors.is_empty() && !job.format_with_errors {
        return failed(
            display.clone(),
            syntax_errors(&display, &errors, "file left unchanged"),
            bytes,
        );
    }
    if job.mode == Mode::PrintDoc {
        return match ptxkit_fmt::build_doc(&parsed, &options) {
            Ok(doc) => printed(doc.to_string()),
            Err(err) => failed(display.clone(), vec![format!("{display}: {err}")], bytes),
        };
    }
    let result = match job.range {
        Some(lines) => {
            let range = ptxkit_fmt::range::line_range(parsed.text(), lines.start, lines.end);
            ptxkit_fmt::format_parsed_range(&parsed, range, &options)
        }
        None => ptxkit_fmt::format_parsed_document_with(&parsed, &options, verification),
    };
    let formatted = match result {
        Ok(Formatted {
            left_unchanged: true, ..
        }) => {
            let error = format!(
                "{display}: cannot format around its syntax errors without changing how the rest parses (file left unchanged)"
            );
            return failed(display.clone(), vec![error], bytes);
        }
        Ok(formatted) => formatted.text,
        Err(err) => return failed(display.clone(), vec![format!("{display}: {err}")], bytes),
    };
    let outcome = outcome(path, &display, parsed.text(), formatted, job.mode, stdin);
    FileResult {
        warnings: syntax_errors(&display, &errors, "kept as written; the rest is formatted"),
        display,
        outcome,
        bytes,
    }
}

/// What becomes of `formatted`, the result for `original`: printed (stdin),
/// nothing (unchanged), reported (`--check`, `--diff`) or written.
fn outcome(path: &Path, display: &str, original: &str, formatted: String, mode: Mode, stdin: bool) -> Outcome {
    match mode {
        Mode::Write if stdin => Outcome::Printed(formatted),
        _ if formatted == original => Outcome::Unchanged,
        Mode::Check => Outcome::WouldReformat(None),
        Mode::Diff => Outcome::WouldReformat(Some(crate::diff::unified_diff(display, original, &formatted))),
        _ => write(path, display, &formatted),
    }
}

/// Writes `formatted` over `path` (through a symbolic link, not over it);
/// errors name the file as the user did.
fn write(path: &Path, display: &str, formatted: &str) -> Outcome {
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    match ptxkit_syntax::write_atomic(&target, formatted) {
        Ok(()) => Outcome::Reformatted,
        Err(ptxkit_syntax::WriteError::PermissionDenied(_)) => Outcome::Failed(vec![format!(
            "{display}: cannot write: permission denied (file left unchanged)"
        )]),
        Err(ptxkit_syntax::WriteError::Io { source, .. }) => {
            Outcome::Failed(vec![format!("{display}: cannot write: {source} (file left unchanged)")])
        }
    }
}

/// `path:line:col: syntax error near '…'` for each error (at most
/// [`MAX_LISTED_ERRORS`], then a count of the rest); the first ends with
/// `(note)`.
fn syntax_errors(display: &str, errors: &[SyntaxError], note: &str) -> Vec<String> {
    let mut lines: Vec<String> = errors
        .iter()
        .take(MAX_LISTED_ERRORS)
        .map(|error| format!("{display}:{error}"))
        .collect();
    if errors.len() > MAX_LISTED_ERRORS {
        lines.push(format!(
            "{display}: {} more syntax errors",
            errors.len() - MAX_LISTED_ERRORS
        ));
    }
    if let Some(first) = lines.first_mut() {
        first.push_str(&format!(" ({note})"));
    }
    lines
}
