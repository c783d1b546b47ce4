//! What `ptxfmt` prints: results on stdout, errors and the summary on
//! stderr, colors only when asked or on a terminal.

use std::io::Write;
use std::time::Duration;

use super::args::{Args, Mode};
use super::process::{FileResult, Outcome};

const RED: &str = "\x1b[1;31m";
const GREEN: &str = "\x1b[32m";
const CYAN: &str = "\x1b[36m";
const YELLOW: &str = "\x1b[1;33m";
const RESET: &str = "\x1b[0m";

/// Prints outcomes and tracks the exit status.
pub struct Reporter {
    mode: Mode,
    quiet: bool,
    verbose: bool,
    stdout_color: bool,
    stderr_color: bool,
    errors: bool,
    would_change: bool,
}

impl Reporter {
    /// A reporter for `args`.
    pub fn new(args: &Args, stdout_color: bool, stderr_color: bool) -> Self {
        Self {
            mode: args.mode(),
            quiet: args.shared.quiet,
            verbose: args.verbose,
            stdout_color,
            stderr_color,
            errors: false,
            would_change: false,
        }
    }

    /// `error: <message>` on stderr.
    pub fn error(&mut self, message: &str) {
        self.errors = true;
        let (on, off) = if self.stderr_color { (RED, RESET) } else { ("", "") };
        let _ = writeln!(std::io::stderr().lock(), "{on}error{off}: {message}");
    }

    /// `warning: <message>` on stderr (does not change the exit status).
    pub fn warning(&mut self, message: &str) {
        let (on, off) = if self.stderr_color { (YELLOW, RESET) } else { ("", "") };
        let _ = writeln!(std::io::stderr().lock(), "{on}warning{off}: {message}");
    }

    /// Prints one file's outcome.
    pub fn file(&mut self, result: &FileResult) {
        for warning in &result.warnings {
            self.warning(warning);
        }
        let mut out = std::io::stdout().lock();
        match &result.outcome {
            Outcome::Failed(errors) => {
                for error in errors {
                    self.error(error);
                }
            }
            Outcome::Printed(text) => {
                let _ = out.write_all(text.as_bytes());
            }
            Outcome::WouldReformat(diff) => {
                self.would_change = true;
                match diff {
                    Some(diff) => {
                        let _ = out.write_all(self.color_diff(diff).as_bytes());
                    }
                    None => {
                        let _ = writeln!(out, "would reformat: {}", result.display);
                    }
                }
            }
            Outcome::Reformatted if self.verbose => {
                let _ = writeln!(std::io::stderr(), "reformatted: {}", result.display);
            }
            Outcome::Unchanged if self.verbose => {
                let _ = writeln!(std::io::stderr(), "unchanged: {}", result.display);
            }
            Outcome::Reformatted | Outcome::Unchanged => {}
        }
    }

    fn color_diff(&self, diff: &str) -> String {
        if !self.stdout_color {
            return diff.to_string();
        }
        diff.split_inclusive('\n')
            .map(|line| {
                let color = match line.as_bytes().first() {
                    Some(b'+') => GREEN,
                    Some(b'-') => RED,
                    Some(b'@') => CYAN,
                    _ => return line.to_string(),
                };
                let body = line.trim_end_matches('\n');
                format!("{color}{body}{RESET}{}", &line[body.len()..])
            })
            .collect()
    }

    /// The closing summary on stderr (not with `--quiet`, not for stdin or
    /// the debugging printers).
    pub fn summary(&self, results: &[FileResult], elapsed: Duration) {
        let printed = results.iter().any(|r| matches!(r.outcome, Outcome::Printed(_)));
        if self.quiet || printed || matches!(self.mode, Mode::PrintDoc | Mode::PrintTree) {
            return;
        }
        let count = |f: fn(&Outcome) -> bool| results.iter().filter(|r| f(&r.outcome)).count();
        let changed = count(|o| matches!(o, Outcome::Reformatted | Outcome::WouldReformat(_)));
        let unchanged = count(|o| matches!(o, Outcome::Unchanged));
        let failed = count(|o| matches!(o, Outcome::Failed(_)));
        let files = |n: usize| {
            if n == 1 {
                "1 file".to_string()
            } else {
                format!("{n} files")
            }
        };
        let mut parts = Vec::new();
        match self.mode {
            Mode::Write => {
                parts.push(format!("{} reformatted", files(changed)));
                parts.push(format!("{} left unchanged", files(unchanged)));
            }
            _ => {
                parts.push(format!("{} would be reformatted", files(changed)));
                parts.push(format!("{} already formatted", files(unchanged)));
            }
        }
        if failed > 0 {
            parts.push(format!("{} with errors", files(failed)));
        }
        let mut stderr = std::io::stderr().lock();
        let _ = writeln!(stderr, "{}", parts.join(", "));
        if self.verbose {
            let bytes: usize = results.iter().map(|r| r.bytes).sum();
            let seconds = elapsed.as_secs_f64();
            let megabytes = bytes as f64 / 1e6;
            let _ = write!(
                stderr,
                "{megabytes:.1} MB in {seconds:.2} s ({:.1} MB/s)",
                megabytes / seconds.max(1e-9)
            );
            if let Some(peak) = peak_memory_kb() {
                let _ = write!(stderr, ", peak memory {:.1} MB", peak as f64 / 1024.0);
            }
            let _ = writeln!(stderr);
        }
    }

    /// 2 after any error, else 1 when files would change, else 0.
    pub fn exit_code(&self) -> u8 {
        if self.errors {
            2
        } else if self.would_change {
            1
        } else {
            0
        }
    }
}

/// The process's peak resident memory in KiB (Linux), from /proc.
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
