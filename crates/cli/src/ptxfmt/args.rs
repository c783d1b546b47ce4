//! The command line, declared once with clap; the doc comments are `--help`.

use std::path::PathBuf;

use clap::Parser;

use crate::cache::CacheArgs;
use crate::shared::{ConfigArgs, SharedArgs};

/// ptxfmt formats NVIDIA PTX. It changes only whitespace and line breaks:
/// never a token, never a comment. Options come from the nearest
/// `ptxfmt.toml` above each file (or `--config`).
///
/// Exit status: 0 when done (or, with --check/--diff, nothing to change);
/// 1 when --check/--diff found files to reformat; 2 on errors (syntax
/// errors, unreadable or unwritable files, bad options).
#[derive(Debug, Parser)]
#[command(name = "ptxfmt", version, max_term_width = 100)]
pub struct Args {
    /// Files and directories to format in place (directories: every `*.ptx`,
    /// honouring .gitignore); `-` reads standard input and writes standard
    /// output, and so does no path when standard input is not a terminal.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Write nothing; list the files that would change and exit 1 if any.
    #[arg(long)]
    pub check: bool,

    /// Write nothing; print a unified diff of the changes and exit 1 if any.
    #[arg(long)]
    pub diff: bool,

    /// Print the options that apply (to the first PATH, or the current
    /// directory) as TOML, and exit.
    #[arg(long)]
    pub print_config: bool,

    /// Format only the statements on lines START to END (1-based, inclusive)
    /// of the one file given (or stdin); the other lines keep their bytes.
    #[arg(long, value_name = "START:END", value_parser = parse_line_range)]
    pub range: Option<LineRange>,

    /// Format files with syntax errors too: the top-level items (functions,
    /// directives, declarations) that parse are formatted, those with errors
    /// are kept as written, and the errors are reported as warnings.
    #[arg(long)]
    pub format_with_errors: bool,

    /// Print each file's syntax tree instead of formatting (debugging).
    #[arg(long, conflicts_with_all = ["check", "diff", "print_doc"])]
    pub print_tree: bool,

    /// Print each file's layout document instead of formatting (debugging).
    #[arg(long, conflicts_with_all = ["check", "diff"])]
    pub print_doc: bool,

    /// Print every file's outcome, the time taken and peak memory.
    #[arg(short, long, conflicts_with = "quiet")]
    pub verbose: bool,

    /// `--config`, `--isolated`.
    #[command(flatten)]
    pub config: ConfigArgs,

    /// `--no-cache`, `--cache-dir`.
    #[command(flatten)]
    pub cache: CacheArgs,

    /// The arguments every tool takes.
    #[command(flatten)]
    pub shared: SharedArgs,
}

/// Lines `start..=end` (1-based), from `--range START:END`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineRange {
    /// The first line.
    pub start: usize,
    /// The last line.
    pub end: usize,
}

fn parse_line_range(text: &str) -> Result<LineRange, String> {
    let usage = || format!("expected START:END, two line numbers from 1 with START <= END, not '{text}'");
    let (start, end) = text.split_once(':').ok_or_else(usage)?;
    let start: usize = start.trim().parse().map_err(|_| usage())?;
    let end: usize = end.trim().parse().map_err(|_| usage())?;
    if start == 0 || end < start {
        return Err(usage());
    }
    Ok(LineRange { start, end })
}

/// What to do with each file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Rewrite files in place (stdin: write the result to stdout).
    Write,
    /// Report files that would change.
    Check,
    /// Print diffs.
    Diff,
    /// Print the syntax tree.
    PrintTree,
    /// Print the layout document.
    PrintDoc,
}

impl Args {
    /// The mode the flags select.
    pub fn mode(&self) -> Mode {
        if self.print_tree {
            Mode::PrintTree
        } else if self.print_doc {
            Mode::PrintDoc
        } else if self.diff {
            Mode::Diff
        } else if self.check {
            Mode::Check
        } else {
            Mode::Write
        }
    }

    /// Whether input comes from stdin.
    pub fn reads_stdin(&self) -> bool {
        self.paths.is_empty() || (self.paths.len() == 1 && self.paths[0].as_os_str() == "-")
    }
}
