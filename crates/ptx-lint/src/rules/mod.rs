//! One module per rule, named after the rule. Each has a `//!` doc comment
//! (printed by `ptxlint --explain`), a `NAME`, and a `RULE` saying which query
//! (`queries/lint/<rule>.scm`) and checks implement it. Codes, severities and
//! statuses live in the registry table.

/// The source of `queries/lint/<rule>.scm`.
macro_rules! query {
    ($file:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../queries/lint/",
            $file,
            ".scm"
        ))
    };
}

pub(crate) mod deprecated_tex_state_space;
pub(crate) mod invalid_suppression;
pub(crate) mod syntax_error;
pub(crate) mod unused_suppression;
