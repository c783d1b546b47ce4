//! Reporters: one diagnostic model rendered as rich text with code frames,
//! concise lines, JSON, SARIF 2.1.0 or GitHub Actions annotations, plus the
//! `--statistics` table.

mod file;
mod github;
mod json;
mod sarif;

use std::collections::BTreeMap;

use ptxkit_syntax::diagnostic::{render_concise, render_rich};
use ptxkit_syntax::{Applicability, Diagnostic, Severity};

pub use file::FileReport;
pub use github::render_github;
pub use json::render_json;
pub use sarif::render_sarif;

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Code frames with carets, notes and help (the default).
    #[default]
    Full,
    /// One line per finding.
    Concise,
    /// A JSON array of findings.
    Json,
    /// SARIF 2.1.0 (for code-scanning dashboards).
    Sarif,
    /// GitHub Actions workflow commands (`::error file=...`).
    Github,
}

impl std::str::FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "full" | "rich" => Ok(Self::Full),
            "concise" => Ok(Self::Concise),
            "json" => Ok(Self::Json),
            "sarif" => Ok(Self::Sarif),
            "github" => Ok(Self::Github),
            other => Err(format!(
                "unknown format '{other}' (expected full, concise, json, sarif or github)"
            )),
        }
    }
}

fn fix_marker(diagnostic: &Diagnostic) -> Option<String> {
    let fix = diagnostic.fix.as_ref()?;
    Some(match fix.applicability {
        Applicability::Safe => format!("fix: {} (safe; apply with --fix)", fix.message),
        Applicability::Unsafe => format!("fix: {} (unsafe; apply with --fix --unsafe-fixes)", fix.message),
    })
}

/// Renders one file's findings as rich text (or concise lines).
pub fn render_text(report: &FileReport<'_>, concise: bool, color: bool) -> String {
    let mut out = String::new();
    for diagnostic in report.diagnostics {
        if concise {
            out.push_str(&render_concise(diagnostic, report.source()));
            if diagnostic.fix.is_some() {
                out.push_str(" [*]");
            }
            out.push('\n');
        } else {
            out.push_str(&render_rich(diagnostic, report.source(), color));
            out.push('\n');
            if let Some(marker) = fix_marker(diagnostic) {
                out.push_str("  = ");
                out.push_str(&marker);
                out.push('\n');
            }
            out.push('\n');
        }
    }
    out
}

/// Counts by severity and fixability.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Error-severity findings.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Infos.
    pub infos: usize,
    /// Findings with a safe fix.
    pub safe_fixes: usize,
    /// Findings with an unsafe fix.
    pub unsafe_fixes: usize,
}

impl Totals {
    /// Adds one file's findings.
    pub fn add(&mut self, diagnostics: &[Diagnostic]) {
        for d in diagnostics {
            match d.severity {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Info => self.infos += 1,
            }
            match d.fix.as_ref().map(|f| f.applicability) {
                Some(Applicability::Safe) => self.safe_fixes += 1,
                Some(Applicability::Unsafe) => self.unsafe_fixes += 1,
                None => {}
            }
        }
    }

    /// Whether there are no findings at all.
    pub fn is_empty(&self) -> bool {
        self.errors + self.warnings + self.infos == 0
    }

    /// The closing line of a text report.
    pub fn summary(&self) -> String {
        if self.is_empty() {
            return "All checks passed!".to_string();
        }
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        let mut parts = vec![plural(self.errors, "error"), plural(self.warnings, "warning")];
        if self.infos > 0 {
            parts.push(plural(self.infos, "info"));
        }
        let mut line = format!("Found {}", parts.join(", "));
        if self.safe_fixes > 0 {
            line.push_str(&format!(" ({} fixable with `--fix`", self.safe_fixes));
            if self.unsafe_fixes > 0 {
                line.push_str(&format!("; {} more with `--unsafe-fixes`", self.unsafe_fixes));
            }
            line.push(')');
        } else if self.unsafe_fixes > 0 {
            line.push_str(&format!(" ({} fixable with `--fix --unsafe-fixes`)", self.unsafe_fixes));
        }
        line.push('.');
        line
    }
}

/// The `--statistics` table: count, code, name, fixable marker, most frequent first.
pub fn render_statistics<'a>(diagnostics: impl IntoIterator<Item = &'a Diagnostic>) -> String {
    let mut counts: BTreeMap<(&str, &str), (usize, bool)> = BTreeMap::new();
    for d in diagnostics {
        let entry = counts.entry((d.code.as_str(), d.rule.as_str())).or_insert((0, false));
        entry.0 += 1;
        entry.1 |= d.fix.is_some();
    }
    let mut rows: Vec<_> = counts.into_iter().collect();
    rows.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(&b.0)));
    let width = rows.iter().map(|(_, (n, _))| n.to_string().len()).max().unwrap_or(1);
    let mut out = String::new();
    for ((code, rule), (count, fixable)) in rows {
        let marker = if fixable { "[*] " } else { "    " };
        out.push_str(&format!("{count:>width$}\t{code}\t{marker}{rule}\n"));
    }
    out
}
