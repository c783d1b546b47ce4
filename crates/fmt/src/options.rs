//! Formatting options, which `ptxfmt.toml` sets (`ptxkit-workspace` reads it).
//!
//! Each option's doc comment is its reference documentation (the README's
//! configuration table repeats it).

use serde::{Deserialize, Serialize};

/// The name of the configuration file, found by walking up from each file.
pub const CONFIG_FILE_NAME: &str = "ptxfmt.toml";

/// How bodies and blocks are indented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IndentStyle {
    /// `indent-width` spaces per level.
    #[default]
    Spaces,
    /// One tab per level (continuation lines are aligned with spaces after
    /// the tabs, assuming a tab is `indent-width` columns wide).
    Tabs,
}

/// Formatting options (`ptxfmt.toml`, kebab-case keys: `line-width`). Every
/// field is optional in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct Options {
    /// Maximum line width before parameter and operand lists wrap (default 100).
    pub line_width: usize,
    /// `"spaces"` (default) or `"tabs"`.
    pub indent_style: IndentStyle,
    /// Columns per indentation level (default 4; with tabs, the width a tab
    /// is assumed to have).
    pub indent_width: usize,
    /// Start the operands of consecutive instructions in one column (default true).
    pub align_operands: bool,
    /// Align the trailing `//` comments of consecutive lines (default true).
    pub align_comments: bool,
    /// The most elements per row when a braced list (`{%f0, %f1, …}`, call
    /// arguments, initializers) wraps; 0 (default): the largest power of
    /// two that fits the line.
    pub max_elements_per_row: usize,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            line_width: 100,
            indent_style: IndentStyle::Spaces,
            indent_width: 4,
            align_operands: true,
            align_comments: true,
            max_elements_per_row: 0,
        }
    }
}

impl Options {
    /// Whether every option is in its range; why not when one is out.
    pub fn validate(&self) -> Result<(), String> {
        if !(20..=1000).contains(&self.line_width) {
            return Err(format!(
                "line-width must be between 20 and 1000, not {}",
                self.line_width
            ));
        }
        if !(1..=16).contains(&self.indent_width) {
            return Err(format!(
                "indent-width must be between 1 and 16, not {}",
                self.indent_width
            ));
        }
        if self.max_elements_per_row > 1000 {
            return Err(format!(
                "max-elements-per-row must be between 0 and 1000, not {}",
                self.max_elements_per_row
            ));
        }
        Ok(())
    }

    /// One level of indentation as written in the output.
    pub fn indent_unit(&self) -> String {
        match self.indent_style {
            IndentStyle::Spaces => " ".repeat(self.indent_width),
            IndentStyle::Tabs => "\t".to_string(),
        }
    }
}
