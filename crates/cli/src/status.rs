//! The exit status, the same in every tool: 0 clean, 1 findings (would
//! reformat, lint violations, would rewrite, refused), 2 the tool could not
//! do its job (bad arguments or configuration, unreadable input).

use std::process::ExitCode;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Nothing to report.
    Clean = 0,
    /// Findings: files to reformat, lint violations, files to rewrite or
    /// refused.
    Findings = 1,
    /// The tool failed on some input or was used wrongly.
    Failure = 2,
}

impl Status {
    /// The process exit code.
    pub fn code(self) -> ExitCode {
        ExitCode::from(self as u8)
    }
}

/// What a command line does with arguments clap refused, or with `--help` and `--version`:
/// prints clap's text (to stdout for help and version, to stderr for errors) and returns the
/// exit code (0 for help and version, 2 for usage errors), without exiting the process, so
/// that the tools also run inside another program (the Python package's commands).
pub fn usage(err: &clap::Error) -> u8 {
    let _ = err.print();
    if err.use_stderr() {
        Status::Failure as u8
    } else {
        Status::Clean as u8
    }
}

/// `code`, once standard output is flushed: a tool that runs inside another process (the
/// Python package's commands) leaves no partial line unwritten when it returns.
pub fn flushed(code: u8) -> u8 {
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    code
}

/// Whether `err` is a write to a closed pipe (`ptxlint … | head`): the reader
/// went away, which is not the tool's failure.
pub fn is_broken_pipe(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut source = Some(err);
    while let Some(err) = source {
        if err
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        source = err.source();
    }
    false
}
