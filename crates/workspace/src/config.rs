//! The tools' configuration files: finding the nearest one above a file,
//! reading it into a tool's settings type, and the one error type for both.
//!
//! Keys are kebab-case (`line-width`, `deny-warnings`). The snake_case
//! spellings earlier versions of ptxfmt read (`line_width`) are still
//! accepted, with a deprecation warning for each.

use std::path::{Path, PathBuf};

/// The nearest `file_name` in `start` or its ancestors (`start` may be a file
/// or a directory; relative paths are resolved against the current directory).
pub fn find_config_file(start: &Path, file_name: &str) -> Option<PathBuf> {
    let absolute: PathBuf = if start.is_absolute() {
        start.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(start)
    }
    .components()
    .collect();
    let mut dir = if absolute.is_dir() {
        Some(absolute.as_path())
    } else {
        absolute.parent()
    };
    while let Some(current) = dir {
        let candidate = current.join(file_name);
        if candidate.is_file() {
            return Some(candidate);
        }
        dir = current.parent();
    }
    None
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
    /// The file is not valid TOML, or has unknown, mistyped or out-of-range
    /// keys.
    #[error("{}: invalid configuration: {}", path.display(), message.trim_end())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A value (in a file or on the command line) is not one the tool takes.
    #[error("{origin}: {message}")]
    Value {
        /// The file, or `command line`.
        origin: String,
        /// What is wrong.
        message: String,
    },
}

impl ConfigError {
    /// An [`ConfigError::Invalid`] for `path`.
    pub fn invalid(path: &Path, message: impl Into<String>) -> Self {
        Self::Invalid {
            path: path.to_path_buf(),
            message: message.into(),
        }
    }
}

/// A configuration read from a file, with the warnings reading it raised.
#[derive(Debug, Clone)]
pub struct Loaded<T> {
    /// The settings.
    pub value: T,
    /// One line each, without a `warning: ` prefix (deprecated key spellings).
    pub warnings: Vec<String>,
}

/// Reads the TOML file at `path` into `T` (whose serde names are kebab-case).
pub fn load_toml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Loaded<T>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_toml(&text, path)
}

/// Parses TOML `text` into `T`; `path` names the file in messages. Top-level
/// snake_case keys are read as their kebab-case spelling, with a warning.
pub fn parse_toml<T: serde::de::DeserializeOwned>(text: &str, path: &Path) -> Result<Loaded<T>, ConfigError> {
    let mut table: toml::Table = toml::from_str(text).map_err(|err| ConfigError::invalid(path, err.message()))?;
    let mut warnings = Vec::new();
    let snake: Vec<String> = table.keys().filter(|key| key.contains('_')).cloned().collect();
    for key in snake {
        let kebab = key.replace('_', "-");
        if table.contains_key(&kebab) {
            return Err(ConfigError::invalid(
                path,
                format!("both `{key}` and `{kebab}` are set: keep `{kebab}`"),
            ));
        }
        warnings.push(format!("{}: `{key}` is deprecated: write `{kebab}`", path.display()));
        let value = table.remove(&key).expect("the key was listed");
        table.insert(kebab, value);
    }
    let value = T::deserialize(table).map_err(|err| ConfigError::invalid(path, err.message()))?;
    Ok(Loaded { value, warnings })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "kebab-case")]
    struct Settings {
        line_width: Option<u32>,
        deny_warnings: Option<bool>,
    }

    #[test]
    fn finds_the_nearest_config() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("a/b");
        std::fs::create_dir_all(&nested).unwrap();
        std::fs::write(dir.path().join("tool.toml"), "").unwrap();
        std::fs::write(dir.path().join("a/tool.toml"), "").unwrap();
        let found = super::find_config_file(&nested.join("k.ptx"), "tool.toml").unwrap();
        assert_eq!(found, dir.path().join("a/tool.toml"));
        assert!(super::find_config_file(&nested, "absent.toml").is_none());
    }

    #[test]
    fn reads_kebab_keys_and_snake_keys_with_a_warning() {
        let path = Path::new("tool.toml");
        let loaded = super::parse_toml::<Settings>("line-width = 80\ndeny-warnings = true\n", path).unwrap();
        assert_eq!(
            (loaded.value.line_width, loaded.value.deny_warnings),
            (Some(80), Some(true))
        );
        assert!(loaded.warnings.is_empty());
        let loaded = super::parse_toml::<Settings>("line_width = 80\n", path).unwrap();
        assert_eq!(loaded.value.line_width, Some(80));
        assert_eq!(
            loaded.warnings,
            ["tool.toml: `line_width` is deprecated: write `line-width`"]
        );
        let err = super::parse_toml::<Settings>("line_width = 80\nline-width = 90\n", path).unwrap_err();
        assert!(err.to_string().contains("both `line_width` and `line-width`"), "{err}");
        let err = super::parse_toml::<Settings>("line-widht = 80\n", path).unwrap_err();
        assert!(err.to_string().contains("unknown field `line-widht`"), "{err}");
        let err = super::parse_toml::<Settings>("line-width = [\n", path).unwrap_err();
        assert!(
            err.to_string().starts_with("tool.toml: invalid configuration: "),
            "{err}"
        );
    }
}
