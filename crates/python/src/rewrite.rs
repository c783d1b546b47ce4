//! `rewrite`: ptxrewrite on a string.

use ptxkit_rewrite::{Options, RewriteError, rewrite as rewrite_text};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::convert::Finding;
use crate::lint::lines;
use crate::{detached, raise};

/// Moves PTX `text` to PTX ISA version `to` (`"7.8"`) and `target` (default: the text's
/// own target when `to` has it, else the newest base target `to` allows that is not newer),
/// as `ptxrewrite --to --target [--allow-approximate]` does. Returns the new text (the same
/// text when nothing needed to change); raises `RewriteRefused` when constructs have no
/// equivalent at the destination, `PtxSyntaxError` when the text does not parse, and
/// `ValueError` for a bad destination or header.
#[pyfunction]
#[pyo3(signature = (text, to, *, target = None, allow_approximate = false))]
pub fn rewrite(
    py: Python<'_>,
    text: String,
    to: &str,
    target: Option<&str>,
    allow_approximate: bool,
) -> PyResult<String> {
    let options = Options::parse(to, target, allow_approximate).map_err(|err| {
        let argument = match err {
            ptxkit_rewrite::OptionsError::NotAVersion | ptxkit_rewrite::OptionsError::UnknownVersion => {
                format!("to={to:?}")
            }
            _ => format!("target={:?}", target.unwrap_or_default()),
        };
        PyValueError::new_err(format!("{argument}: {err}"))
    })?;
    let outcome = detached(py, "rewrite", move || {
        let result = rewrite_text(&text, &options);
        let index = lines(&text);
        match result {
            Ok(done) if done.refused() => {
                let refusals: Vec<Finding> = done.refusals.iter().map(|d| Finding::new(d, &text, &index)).collect();
                let movement = format!(
                    "{} {} → {} {}",
                    done.movement.from, done.movement.from_target, done.movement.to, done.movement.to_target
                );
                Err(Refusal::Refused { movement, refusals })
            }
            Ok(done) => Ok(done.output),
            Err(RewriteError::Syntax { offset, count }) => {
                let at = index.line_column(&text, offset);
                Err(Refusal::Syntax {
                    line: at.line,
                    column: at.column,
                    count,
                })
            }
            Err(err) => Err(Refusal::Other(err.to_string())),
        }
    })?;
    outcome.map_err(|refusal| match refusal {
        Refusal::Refused { movement, refusals } => {
            let mut message = format!(
                "cannot rewrite {movement}: {} construct{} with no equivalent",
                refusals.len(),
                if refusals.len() == 1 { "" } else { "s" }
            );
            for finding in &refusals {
                message.push_str(&format!(
                    "\n  line {}:{}: {}",
                    finding.line, finding.column, finding.message
                ));
            }
            raise(py, "RewriteRefused", (message, refusals))
        }
        Refusal::Syntax { line, column, count } => {
            let more = if count > 1 {
                format!(" (and {} more)", count - 1)
            } else {
                String::new()
            };
            raise(
                py,
                "PtxSyntaxError",
                (
                    format!("{line}:{column}: syntax error{more}; not rewritten"),
                    line,
                    column,
                ),
            )
        }
        Refusal::Other(message) => PyValueError::new_err(message),
    })
}

/// Why a rewrite returned no text (built without the GIL, raised with it).
enum Refusal {
    Refused { movement: String, refusals: Vec<Finding> },
    Syntax { line: usize, column: usize, count: usize },
    Other(String),
}
