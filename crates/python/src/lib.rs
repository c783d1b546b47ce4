//! `ptxkit._native`: the Rust half of the Python package `ptxkit` (its Python half, with the
//! documented API, the exceptions and the `ptxkit.triton` helper, is in `python/ptxkit/`).
//!
//! Every function calls the same library entry points as the command lines, so that the API
//! and the tools never disagree: [`ptxkit_lint::lint_text`] and
//! [`ptxkit_lint::inline::lint_cpp_source`] (what `ptxlint` runs on `.ptx` and C++ files),
//! [`ptxkit_fmt::format_text`] (ptxfmt), [`ptxkit_rewrite::rewrite`] with
//! [`ptxkit_rewrite::Options::parse`] (ptxrewrite) and
//! [`ptxkit_lint::requirements::file_requirements`] (`ptxlint --requirements`). The four
//! commands themselves run in-process through [`main`] (see `docs/src/install.md`, "One
//! wheel"). Work runs with the GIL released; bad arguments raise `TypeError` or
//! `ValueError`, and a panic (a bug) raises `RuntimeError` instead of crossing into Python.

mod allocator;
mod convert;
mod fmt;
mod lint;
mod rewrite;

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pub use convert::{Finding, Reason, Requirements};

/// Runs `work` with the GIL released; a panic becomes a `RuntimeError` naming the bug.
pub(crate) fn detached<T: Send>(py: Python<'_>, what: &str, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(work))).map_err(|panic| {
        let detail = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        PyRuntimeError::new_err(format!(
            "internal error in ptxkit.{what} (a bug; please report it with the input): {detail}"
        ))
    })
}

/// Raises the exception class `name` of `ptxkit._errors` with `args`.
pub(crate) fn raise<'py, A>(py: Python<'py>, name: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let made = py
        .import("ptxkit._errors")
        .and_then(|module| module.getattr(name))
        .and_then(|class| class.call1(args));
    match made {
        Ok(exception) => PyErr::from_value(exception),
        Err(err) => err,
    }
}

/// Runs one of the commands `ptxfmt`, `ptxlint`, `ptxrewrite` or `ptxls` with `argv` (the
/// program name first) in this process, with the GIL released, and returns its exit code. A
/// panic (a bug) ends it as it ends the native binary: the panic message on stderr and exit
/// code 101, not a Python traceback.
#[pyfunction]
fn main(py: Python<'_>, tool: &str, argv: Vec<String>) -> PyResult<u8> {
    let args: Vec<std::ffi::OsString> = argv.into_iter().map(Into::into).collect();
    let run: fn(Vec<std::ffi::OsString>) -> u8 = match tool {
        "ptxfmt" => ptxkit_cli::ptxfmt::main_with,
        "ptxlint" => ptxkit_cli::ptxlint::main_with,
        "ptxrewrite" => ptxkit_cli::ptxrewrite::main_with,
        "ptxls" => |args| ptxkit_server::main_with(args.into_iter().skip(1)),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown tool '{other}' (expected ptxfmt, ptxlint, ptxrewrite or ptxls)"
            )));
        }
    };
    Ok(py
        .detach(move || catch_unwind(AssertUnwindSafe(|| run(args))))
        .unwrap_or(101))
}

/// The version of the tools and of this module (`0.1.0`).
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// The module `ptxkit._native`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    allocator::install();
    module.add_class::<Finding>()?;
    module.add_class::<Requirements>()?;
    module.add_class::<Reason>()?;
    module.add_function(wrap_pyfunction!(lint::lint, module)?)?;
    module.add_function(wrap_pyfunction!(lint::rules, module)?)?;
    module.add_function(wrap_pyfunction!(lint::requirements, module)?)?;
    module.add_function(wrap_pyfunction!(fmt::format, module)?)?;
    module.add_function(wrap_pyfunction!(fmt::format_options, module)?)?;
    module.add_function(wrap_pyfunction!(rewrite::rewrite, module)?)?;
    module.add_function(wrap_pyfunction!(main, module)?)?;
    module.add_function(wrap_pyfunction!(version, module)?)?;
    Ok(())
}
