//! Formatting options and the `ptxfmt.toml` file that sets them.
//!
//! Each option's doc comment is its reference documentation (the README's
//! configuration table repeats it).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The name of the configuration file, found by walking up from each file.
pub const CONFIG_FILE_NAME: &str = "ptxfmt.toml";

/// How bodies and blocks are indented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IndentStyle {
    /// `indent_width` spaces per level.
    #[default]
    Spaces,
    /// One tab per level (continuation lines are aligned with spaces after
    /// the tabs, assuming a tab is `indent_width` columns wide).
    Tabs,
}

/// Formatting options (`ptxfmt.toml`). Every field is optional in the file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
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

/// Why a configuration file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("{}: cannot read configuration: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has unknown or mistyped keys.
    #[error("{}: invalid configuration: {}", path.display(), message.trim_end())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

impl Options {
    /// Parses options from TOML text; `path` is used in error messages.
    pub fn from_toml(text: &str, path: &Path) -> Result<Self, ConfigError> {
        let options: Options = toml::from_str(text).map_err(|err| ConfigError::Invalid {
            path: path.to_path_buf(),
            message: err.message().to_string(),
        })?;
        options.validate().map_err(|message| ConfigError::Invalid {
            path: path.to_path_buf(),
            message,
        })?;
        Ok(options)
    }

    /// Reads options from a `ptxfmt.toml` file.
    pub fn from_file(path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Self::from_toml(&text, path)
    }

    /// The options as `ptxfmt.toml` text (`--print-config`).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("options always serialize")
    }

    fn validate(&self) -> Result<(), String> {
        if !(20..=1000).contains(&self.line_width) {
            return Err(format!(
                "line_width must be between 20 and 1000, not {}",
                self.line_width
            ));
        }
        if !(1..=16).contains(&self.indent_width) {
            return Err(format!(
                "indent_width must be between 1 and 16, not {}",
                self.indent_width
            ));
        }
        if self.max_elements_per_row > 1000 {
            return Err(format!(
                "max_elements_per_row must be between 0 and 1000, not {}",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_partial_files_and_rejects_unknown_keys() {
        let path = Path::new("ptxfmt.toml");
        let options = Options::from_toml("line_width = 80\nindent_style = \"tabs\"\n", path).unwrap();
        assert_eq!(options.line_width, 80);
        assert_eq!(options.indent_style, IndentStyle::Tabs);
        assert_eq!(options.indent_width, 4);
        let err = Options::from_toml("line_widht = 80\n", path).unwrap_err().to_string();
        assert!(err.contains("unknown field `line_widht`"), "{err}");
        let err = Options::from_toml("line_width = 5\n", path).unwrap_err().to_string();
        assert!(err.contains("line_width must be between 20 and 1000"), "{err}");
        assert_eq!(
            Options::from_toml(&Options::default().to_toml(), path).unwrap(),
            Options::default()
        );
    }
}
