//! `lint`, `rules` and `requirements`: ptxlint on a string.

use ptxkit_lint::Settings;
use ptxkit_syntax::LineIndex;
use ptxkit_workspace::lint::{parse_target, parse_version, selectors};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::{Finding, Requirements};
use crate::detached;

/// The settings `ptxlint --select --ignore --target --ptx-version [--preview]` would use
/// with no configuration file; errors name the argument.
fn settings(
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    target: Option<&str>,
    ptx_version: Option<&str>,
    preview: bool,
) -> PyResult<Settings> {
    let invalid = |err: ptxkit_workspace::config::ConfigError| PyValueError::new_err(err.to_string());
    let select = selectors(&select.unwrap_or_default(), "select").map_err(invalid)?;
    let ignore = selectors(&ignore.unwrap_or_default(), "ignore").map_err(invalid)?;
    let mut settings = Settings::new(&select, &ignore, &[], preview);
    settings.target_override = target.map(|t| parse_target(t, "target")).transpose().map_err(invalid)?;
    settings.version_override = ptx_version
        .map(|v| parse_version(v, "ptx_version"))
        .transpose()
        .map_err(invalid)?;
    Ok(settings)
}

/// Lints `text`, PTX (`language="ptx"`) or the inline PTX of C, C++ or CUDA source
/// (`language="cuda"`), as `ptxlint` does a `.ptx` or `.cu` file with no configuration file;
/// returns the findings in source order.
#[pyfunction]
#[pyo3(signature = (text, *, language = "ptx", target = None, ptx_version = None, select = None, ignore = None, preview = false))]
#[allow(clippy::too_many_arguments)]
pub fn lint(
    py: Python<'_>,
    text: String,
    language: &str,
    target: Option<&str>,
    ptx_version: Option<&str>,
    select: Option<Vec<String>>,
    ignore: Option<Vec<String>>,
    preview: bool,
) -> PyResult<Vec<Finding>> {
    let cuda = match language {
        "ptx" => false,
        "cuda" | "c++" | "cpp" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "language must be \"ptx\" or \"cuda\", not {other:?}"
            )));
        }
    };
    let settings = settings(select, ignore, target, ptx_version, preview)?;
    detached(py, "lint", move || {
        if cuda {
            let result = ptxkit_lint::inline::lint_cpp_source(&text, &settings);
            result
                .diagnostics
                .iter()
                .map(|d| Finding::new(d, &text, &result.lines))
                .collect()
        } else {
            let found = ptxkit_lint::lint_text(&text, &settings);
            found
                .diagnostics
                .iter()
                .map(|d| Finding::new(d, &text, &found.lines))
                .collect()
        }
    })
}

/// Every rule as `(code, name, severity, status, summary)`, as `ptxlint --list-rules`
/// lists them.
#[pyfunction]
pub fn rules() -> Vec<(&'static str, &'static str, &'static str, &'static str, &'static str)> {
    ptxkit_lint::rules()
        .iter()
        .map(|rule| {
            let status = match rule.status {
                ptxkit_lint::Status::Stable => "stable",
                ptxkit_lint::Status::Preview => "preview",
                ptxkit_lint::Status::Deprecated => "deprecated",
            };
            (rule.code, rule.name, rule.severity.as_str(), status, rule.summary)
        })
        .collect()
}

/// The minimum `.version` and `.target` a PTX text needs and the lines that force them
/// (`ptxlint --requirements`).
#[pyfunction]
pub fn requirements(py: Python<'_>, text: String) -> PyResult<Requirements> {
    detached(py, "requirements", move || {
        let parsed = ptxkit_syntax::parse(text);
        Requirements::new(&ptxkit_lint::requirements::file_requirements(&parsed))
    })
}

/// The line index of `text` (for findings reported on it).
pub(crate) fn lines(text: &str) -> LineIndex {
    LineIndex::new(text)
}
