//! The Python classes the functions return: [`Finding`] (a lint finding or a refusal) and
//! [`Requirements`] with its [`Reason`]s, made from the libraries' values.

use ptxkit_syntax::{Applicability, Diagnostic, LineIndex, apply_edits};
use pyo3::prelude::*;

/// One finding: what is wrong, where (1-based lines and columns, columns counted in
/// characters, the end exclusive), and the whole text with its fix applied when it has one.
#[pyclass(frozen, get_all, module = "ptxkit", eq)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The rule's code, e.g. `PTX101` (empty for syntax errors).
    pub code: String,
    /// The rule's name, e.g. `missing-rounding-modifier` (`syntax-error` for syntax errors).
    pub name: String,
    /// 1-based line of the start.
    pub line: usize,
    /// 1-based column of the start, in characters.
    pub column: usize,
    /// 1-based line of the end.
    pub end_line: usize,
    /// 1-based column just past the end, in characters.
    pub end_column: usize,
    /// `error`, `warning` or `info`.
    pub severity: &'static str,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Why it matters, or what ptxas says.
    pub note: Option<String>,
    /// What to do.
    pub help: Option<String>,
    /// The whole text with this finding's fix applied, or `None`.
    pub fix: Option<String>,
    /// Whether the fix keeps the meaning (`ptxlint --fix` applies only those); `None`
    /// without a fix.
    pub fix_safe: Option<bool>,
}

#[pymethods]
impl Finding {
    fn __repr__(&self) -> String {
        format!(
            "Finding({}{} at {}:{}: {})",
            if self.code.is_empty() {
                String::new()
            } else {
                format!("{} ", self.code)
            },
            self.name,
            self.line,
            self.column,
            self.message
        )
    }
}

impl Finding {
    /// The finding for `diagnostic`, reported on `text` (whose line index is `lines`).
    pub fn new(diagnostic: &Diagnostic, text: &str, lines: &LineIndex) -> Finding {
        let start = lines.line_column(text, diagnostic.span.start);
        let end = lines.line_column(text, diagnostic.span.end);
        let fix = diagnostic.fix.as_ref();
        Finding {
            code: diagnostic.code.clone(),
            name: diagnostic.rule.clone(),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            severity: diagnostic.severity.as_str(),
            message: diagnostic.message.clone(),
            note: diagnostic.note.clone(),
            help: diagnostic.help.clone(),
            fix: fix.and_then(|fix| apply_edits(text, &fix.edits).ok()),
            fix_safe: fix.map(|fix| fix.applicability == Applicability::Safe),
        }
    }
}

/// One line that forces a minimum PTX version or target.
#[pyclass(frozen, get_all, module = "ptxkit")]
#[derive(Debug, Clone)]
pub struct Reason {
    /// 1-based line.
    pub line: usize,
    /// The instruction, directive or register as written.
    pub text: String,
    /// The feature's name in ptxkit-isa, e.g. `wgmma`.
    pub feature: &'static str,
    /// The first PTX version that has it, e.g. `8.0`.
    pub ptx_version: String,
}

#[pymethods]
impl Reason {
    fn __repr__(&self) -> String {
        format!(
            "Reason(line {}: {} ({}: PTX {}))",
            self.line, self.text, self.feature, self.ptx_version
        )
    }
}

/// What a PTX text needs: the minimum `.version` and `.target`, and the lines that force them.
#[pyclass(frozen, get_all, module = "ptxkit")]
#[derive(Debug, Clone)]
pub struct Requirements {
    /// The minimum `.version`, e.g. `8.0`.
    pub ptx_version: String,
    /// The lowest target that has every feature used, e.g. `sm_90a`; `None` when the features
    /// belong to different architectures.
    pub target: Option<String>,
    /// Whether only architecture-specific (`a`/`f`) targets qualify.
    pub arch_specific: bool,
    /// The first use of each feature that forces a minimum, in line order.
    pub reasons: Vec<Reason>,
    /// The first PTX version that no longer has a construct the text uses (`@@DWARF`: `2.0`),
    /// or `None`: the text needs a version below it.
    pub removed_in: Option<String>,
    /// The line that uses the removed construct, or `None`.
    pub removed: Option<Reason>,
    report: String,
}

#[pymethods]
impl Requirements {
    fn __repr__(&self) -> String {
        format!(
            "Requirements(ptx_version='{}', target={:?}, reasons={})",
            self.ptx_version,
            self.target,
            self.reasons.len()
        )
    }

    /// The report `ptxlint --requirements` prints, for the file name `<string>`.
    fn __str__(&self) -> String {
        self.report.clone()
    }
}

impl Requirements {
    /// The Python value of `ptxlint --requirements`' answer.
    pub fn new(found: &ptxkit_lint::requirements::FileRequirements) -> Requirements {
        let reason = |r: &ptxkit_lint::requirements::Reason| Reason {
            line: r.line,
            text: r.text.clone(),
            feature: r.feature,
            ptx_version: r.ptx.to_string(),
        };
        Requirements {
            ptx_version: found.min_ptx.to_string(),
            target: found.min_target.map(|t| t.to_string()),
            arch_specific: found.arch_specific,
            reasons: found.reasons.iter().map(reason).collect(),
            removed_in: found.removed.as_ref().map(|(version, _)| version.to_string()),
            removed: found.removed.as_ref().map(|(_, r)| reason(r)),
            report: found.render("<string>"),
        }
    }
}
