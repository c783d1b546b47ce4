//! `ptxfmt.toml`: the formatter's configuration file, read into [`Options`] (every key
//! optional, kebab-case; the snake_case keys of earlier versions read with a warning).

use std::path::Path;

use ptxkit_fmt::{CONFIG_FILE_NAME, Options};

use crate::config::{ConfigError, Loaded};

/// Parses options from TOML text; `path` is used in messages. The warnings name
/// deprecated snake_case keys.
pub fn parse(text: &str, path: &Path) -> Result<Loaded<Options>, ConfigError> {
    let loaded: Loaded<Options> = crate::config::parse_toml(text, path)?;
    loaded
        .value
        .validate()
        .map_err(|message| ConfigError::invalid(path, message))?;
    Ok(loaded)
}

/// Parses options from TOML text, dropping warnings.
pub fn from_toml(text: &str, path: &Path) -> Result<Options, ConfigError> {
    parse(text, path).map(|loaded| loaded.value)
}

/// Reads a `ptxfmt.toml` file, with its warnings.
pub fn load(path: &Path) -> Result<Loaded<Options>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text, path)
}

/// The options of the nearest `ptxfmt.toml` in `start` (a file or a directory) or above
/// it; the defaults when there is none.
pub fn nearest(start: &Path) -> Result<Options, ConfigError> {
    match crate::config::find_config_file(start, CONFIG_FILE_NAME) {
        Some(file) => load(&file).map(|loaded| loaded.value),
        None => Ok(Options::default()),
    }
}

/// The options as `ptxfmt.toml` text (`ptxfmt --print-config`).
pub fn to_toml(options: &Options) -> String {
    toml::to_string(options).expect("options always serialize")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxkit_fmt::IndentStyle;

    #[test]
    fn reads_partial_files_and_rejects_unknown_keys() {
        let path = Path::new("ptxfmt.toml");
        let options = from_toml("line-width = 80\nindent-style = \"tabs\"\n", path).unwrap();
        assert_eq!(options.line_width, 80);
        assert_eq!(options.indent_style, IndentStyle::Tabs);
        assert_eq!(options.indent_width, 4);
        let err = from_toml("line-widht = 80\n", path).unwrap_err().to_string();
        assert!(err.contains("unknown field `line-widht`"), "{err}");
        let err = from_toml("line-width = 5\n", path).unwrap_err().to_string();
        assert!(err.contains("line-width must be between 20 and 1000"), "{err}");
        // The snake_case keys of earlier versions: read, with a warning each.
        let old = parse("line_width = 80\nindent_width = 2\n", path).unwrap();
        assert_eq!((old.value.line_width, old.value.indent_width), (80, 2));
        assert_eq!(old.warnings.len(), 2, "{:?}", old.warnings);
        assert_eq!(
            from_toml(&to_toml(&Options::default()), path).unwrap(),
            Options::default()
        );
    }
}
