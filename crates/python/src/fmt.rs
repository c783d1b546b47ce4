//! `format` and `format_options`: ptxfmt on a string.

use std::path::Path;

use ptxkit_fmt::{FormatError, Options};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};

use crate::{detached, raise};

/// The name options are read under in messages.
const ORIGIN: &str = "<format options>";

/// The options ptxfmt takes, with their defaults, as `(python_name, default)` pairs:
/// `ptxfmt.toml`'s keys with `_` for `-` (`line_width`).
fn defaults() -> Vec<(String, toml::Value)> {
    let table: toml::Table = toml::from_str(&ptxkit_workspace::fmt::to_toml(&Options::default())).unwrap_or_default();
    table
        .into_iter()
        .map(|(key, value)| (key.replace('-', "_"), value))
        .collect()
}

/// [`Options`] from keyword arguments named as `ptxfmt.toml`'s keys with `_` for `-`, read
/// the way `ptxfmt.toml` is read (so the same values are refused with the same reasons).
fn options(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Options> {
    let Some(kwargs) = kwargs else {
        return Ok(Options::default());
    };
    let known = defaults();
    let mut table = toml::Table::new();
    for (key, value) in kwargs.iter() {
        let key: String = key.extract()?;
        if !known.iter().any(|(name, _)| *name == key) {
            let names: Vec<&str> = known.iter().map(|(name, _)| name.as_str()).collect();
            return Err(PyTypeError::new_err(format!(
                "format() got an unexpected keyword argument '{key}' (the options are {})",
                names.join(", ")
            )));
        }
        let value = if value.is_instance_of::<PyBool>() {
            toml::Value::Boolean(value.extract()?)
        } else if value.is_instance_of::<PyInt>() {
            toml::Value::Integer(
                value
                    .extract()
                    .map_err(|_| PyValueError::new_err(format!("{key}: {value} is out of range")))?,
            )
        } else if value.is_instance_of::<PyString>() {
            toml::Value::String(value.extract()?)
        } else {
            return Err(PyTypeError::new_err(format!(
                "{key} must be a bool, an int or a str, not {}",
                value.get_type().name()?
            )));
        };
        table.insert(key.replace('_', "-"), value);
    }
    let text = toml::to_string(&table).map_err(|err| PyValueError::new_err(err.to_string()))?;
    ptxkit_workspace::fmt::parse(&text, Path::new(ORIGIN))
        .map(|loaded| loaded.value)
        .map_err(|err| PyValueError::new_err(err.to_string()))
}

/// Formats PTX `text` as `ptxfmt` does (options as keyword arguments: `line_width=100`,
/// `indent_style="spaces"`, `indent_width=4`, `align_operands=True`, `align_comments=True`,
/// `max_elements_per_row=0`); raises `PtxSyntaxError` when the text has syntax errors.
#[pyfunction]
#[pyo3(signature = (text, **options))]
pub fn format(py: Python<'_>, text: String, options: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
    let options = self::options(options)?;
    match detached(py, "format", move || ptxkit_fmt::format_text(&text, &options))? {
        Ok(formatted) => Ok(formatted),
        Err(FormatError::Syntax {
            line,
            column,
            detail,
            count,
        }) => {
            let more = if count > 1 {
                format!(" (and {} more)", count - 1)
            } else {
                String::new()
            };
            let message = format!("{line}:{column}: syntax error {detail}{more}");
            Err(raise(py, "PtxSyntaxError", (message, line, column)))
        }
        Err(err) => Err(PyValueError::new_err(err.to_string())),
    }
}

/// The options `format` takes and their defaults, as a dict.
#[pyfunction]
pub fn format_options(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for (name, value) in defaults() {
        match value {
            toml::Value::Boolean(b) => dict.set_item(name, b)?,
            toml::Value::Integer(i) => dict.set_item(name, i)?,
            other => dict.set_item(name, other.as_str().unwrap_or_default())?,
        }
    }
    Ok(dict)
}
