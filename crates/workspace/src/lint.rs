//! `ptxlint.toml`: the configuration file. Every key is optional; command-line
//! options override or extend it.
//!
//! ```toml
//! select = ["ALL"]                 # rules, codes or code prefixes to run
//! ignore = ["PTX205"]              # ... and to skip
//! exclude = ["build/**"]           # paths not to lint
//! include = ["*.ptx", "*.cu"]      # file names to lint in directories
//! extend-include = ["*.inl"]       # ... in addition to the default ones
//! target = "sm_90a"                # lint as if for this target
//! ptx-version = "8.0"              # ... and this .version
//! deny-warnings = false            # exit 1 on warnings too
//! preview = false                  # allow preview rules
//!
//! [severity]                       # per-rule severity: error, warning, info
//! deprecated-banked-constant = "error"
//!
//! [per-file-ignores]               # globs relative to this file's directory
//! "generated/**" = ["PTX4"]
//! ```

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ptxkit_isa::{Target, Version};
use ptxkit_lint::settings::{Selector, Settings};
use ptxkit_syntax::Severity;

use crate::config::{ConfigError, Loaded};

/// The name of the configuration file.
pub const CONFIG_FILE_NAME: &str = "ptxlint.toml";

/// The files ptxlint lints when it walks a directory: PTX, and C, C++ and
/// CUDA sources and headers (for their inline PTX).
pub const DEFAULT_INCLUDE: &[&str] = &["*.ptx", "*.cu", "*.cuh", "*.h", "*.hpp", "*.cpp", "*.cc"];

/// The contents of `ptxlint.toml`.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// Rules, codes or code prefixes to run (default: every stable rule).
    pub select: Option<Vec<String>>,
    /// Added to `select`.
    pub extend_select: Option<Vec<String>>,
    /// Rules, codes or code prefixes to skip.
    pub ignore: Option<Vec<String>>,
    /// Path globs not to lint.
    pub exclude: Option<Vec<String>>,
    /// File-name globs of the files to lint when walking directories
    /// (default [`DEFAULT_INCLUDE`]).
    pub include: Option<Vec<String>>,
    /// File-name globs added to `include`.
    pub extend_include: Option<Vec<String>>,
    /// Lint as if for this `.target`.
    pub target: Option<String>,
    /// Lint as if for this `.version`.
    pub ptx_version: Option<String>,
    /// Exit 1 on warnings too.
    pub deny_warnings: Option<bool>,
    /// Allow preview rules.
    pub preview: Option<bool>,
    /// Severity per rule, code or prefix.
    pub severity: Option<BTreeMap<String, String>>,
    /// Rules to skip per path glob (relative to the configuration file).
    pub per_file_ignores: Option<BTreeMap<String, Vec<String>>>,
}

impl Config {
    /// Reads and parses a configuration file, dropping warnings.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        Self::load_with_warnings(path).map(|loaded| loaded.value)
    }

    /// Reads and parses a configuration file, with its warnings (deprecated
    /// snake_case keys).
    pub fn load_with_warnings(path: &Path) -> Result<Loaded<Self>, ConfigError> {
        crate::config::load_toml(path)
    }
}

impl Config {
    /// The file-name globs to walk directories for: `include` (or the
    /// default) plus `extend-include`.
    pub fn include_globs(&self) -> Vec<String> {
        let mut globs = self
            .include
            .clone()
            .unwrap_or_else(|| DEFAULT_INCLUDE.iter().map(|g| g.to_string()).collect());
        globs.extend(self.extend_include.iter().flatten().cloned());
        globs
    }
}

/// Parses selectors, naming `origin` in errors.
pub fn selectors(values: &[String], origin: &str) -> Result<Vec<Selector>, ConfigError> {
    values
        .iter()
        .map(|v| {
            Selector::parse(v).map_err(|err| ConfigError::Value {
                origin: origin.to_string(),
                message: err.to_string(),
            })
        })
        .collect()
}

/// Parses a `--target` / `target =` value.
pub fn parse_target(value: &str, origin: &str) -> Result<Target, ConfigError> {
    value.parse::<Target>().map_err(|_| ConfigError::Value {
        origin: origin.to_string(),
        message: format!("invalid target '{value}' (expected e.g. sm_80 or sm_90a)"),
    })
}

/// Parses a `--ptx-version` / `ptx-version =` value.
pub fn parse_version(value: &str, origin: &str) -> Result<Version, ConfigError> {
    value.parse::<Version>().map_err(|_| ConfigError::Value {
        origin: origin.to_string(),
        message: format!("invalid PTX version '{value}' (expected e.g. 8.0)"),
    })
}

/// Command-line choices that refine the configuration file.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// `--select` (replaces the file's `select`).
    pub select: Vec<String>,
    /// `--extend-select`.
    pub extend_select: Vec<String>,
    /// `--ignore` (added to the file's).
    pub ignore: Vec<String>,
    /// `--target`.
    pub target: Option<String>,
    /// `--ptx-version`.
    pub ptx_version: Option<String>,
    /// `--preview`.
    pub preview: bool,
    /// `--deny-warnings`.
    pub deny_warnings: bool,
}

/// What one `ptxlint.toml` (or none) says, merged with the command line's [`Overrides`]:
/// the settings, and how they vary by file.
#[derive(Debug, Clone)]
pub struct LintConfig {
    /// The settings of a file that no per-file ignore matches.
    pub settings: Settings,
    /// The directory the per-file-ignore and exclude globs are relative to.
    pub base: PathBuf,
    /// Exit 1 on warnings too.
    pub deny_warnings: bool,
    /// The `exclude` globs.
    pub exclude: Vec<String>,
    /// The file-name globs to walk directories for ([`Config::include_globs`]).
    pub include: Vec<String>,
    /// Where the configuration comes from (a file, or `defaults`), for messages.
    origin: String,
    per_file_ignores: Vec<(globset::GlobMatcher, Vec<Selector>)>,
}

impl Config {
    /// Builds [`Settings`] from this configuration (read from `origin`)
    /// and command-line overrides, for a file that no per-file ignore matches.
    pub fn settings(&self, origin: &str, overrides: &Overrides) -> Result<Settings, ConfigError> {
        let cli = "command line";
        let mut select = if overrides.select.is_empty() {
            selectors(self.select.as_deref().unwrap_or_default(), origin)?
        } else {
            selectors(&overrides.select, cli)?
        };
        if !select.is_empty() || self.extend_select.is_some() || !overrides.extend_select.is_empty() {
            if select.is_empty() {
                select = selectors(&["ALL".to_string()], origin)?;
            }
            select.extend(selectors(self.extend_select.as_deref().unwrap_or_default(), origin)?);
            select.extend(selectors(&overrides.extend_select, cli)?);
        }
        let mut ignore = selectors(self.ignore.as_deref().unwrap_or_default(), origin)?;
        ignore.extend(selectors(&overrides.ignore, cli)?);
        let mut severity = Vec::new();
        for (key, value) in self.severity.iter().flatten() {
            let sel = selectors(std::slice::from_ref(key), origin)?.remove(0);
            let sev: Severity = value.parse().map_err(|message| ConfigError::Value {
                origin: origin.to_string(),
                message,
            })?;
            severity.push((sel, sev));
        }
        let preview = overrides.preview || self.preview.unwrap_or(false);
        let mut settings = Settings::new(&select, &ignore, &severity, preview);
        settings.target_override = match (&overrides.target, &self.target) {
            (Some(t), _) => Some(parse_target(t, cli)?),
            (None, Some(t)) => Some(parse_target(t, origin)?),
            _ => None,
        };
        settings.version_override = match (&overrides.ptx_version, &self.ptx_version) {
            (Some(v), _) => Some(parse_version(v, cli)?),
            (None, Some(v)) => Some(parse_version(v, origin)?),
            _ => None,
        };
        Ok(settings)
    }

    /// This configuration (read from `origin`, whose directory `base` anchors the
    /// per-file-ignore and exclude globs) with the command-line overrides.
    pub fn resolve(&self, origin: &str, overrides: &Overrides, base: PathBuf) -> Result<LintConfig, ConfigError> {
        let settings = self.settings(origin, overrides)?;
        let mut per_file_ignores = Vec::new();
        for (pattern, rules) in self.per_file_ignores.iter().flatten() {
            let glob = globset::GlobBuilder::new(pattern)
                .literal_separator(false)
                .build()
                .map_err(|err| ConfigError::Value {
                    origin: origin.to_string(),
                    message: format!("invalid per-file-ignores glob '{pattern}': {}", err.kind()),
                })?;
            per_file_ignores.push((glob.compile_matcher(), selectors(rules, origin)?));
        }
        Ok(LintConfig {
            settings,
            base,
            deny_warnings: overrides.deny_warnings || self.deny_warnings.unwrap_or(false),
            exclude: self.exclude.clone().unwrap_or_default(),
            include: self.include_globs(),
            origin: origin.to_string(),
            per_file_ignores,
        })
    }
}

impl LintConfig {
    /// The settings for one file, with its per-file ignores applied. `relative` is the
    /// path relative to [`LintConfig::base`].
    pub fn settings_for(&self, relative: &Path) -> Cow<'_, Settings> {
        let matching: Vec<&Vec<Selector>> = self
            .per_file_ignores
            .iter()
            .filter(|(glob, _)| glob.is_match(relative))
            .map(|(_, s)| s)
            .collect();
        if matching.is_empty() {
            return Cow::Borrowed(&self.settings);
        }
        let mut settings = self.settings.clone();
        for selectors in matching {
            settings.disable(selectors);
        }
        Cow::Owned(settings)
    }

    /// `path` relative to [`LintConfig::base`] (both resolved, so that `./a.ptx` and an
    /// absolute path agree); `path` itself, made absolute, when it is outside.
    pub fn relative(&self, path: &Path) -> PathBuf {
        let base = &self.base;
        let absolute = if path.is_absolute() {
            path.to_path_buf()
        } else {
            std::env::current_dir().map_or_else(|_| path.to_path_buf(), |cwd| cwd.join(path))
        };
        absolute
            .canonicalize()
            .ok()
            .and_then(|p| p.strip_prefix(base.canonicalize().ok()?).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| {
                absolute
                    .strip_prefix(base)
                    .map_or(path.to_path_buf(), Path::to_path_buf)
            })
    }

    /// Whether an `exclude` glob matches `relative` (a path relative to
    /// [`LintConfig::base`]) or its file name, as ptxlint decides when it walks a
    /// directory.
    pub fn is_excluded(&self, relative: &Path) -> Result<bool, ConfigError> {
        let invalid = |err: globset::Error| ConfigError::Value {
            origin: self.origin.clone(),
            message: format!("invalid exclude pattern: {err}"),
        };
        let mut builder = globset::GlobSetBuilder::new();
        for glob in &self.exclude {
            builder.add(globset::Glob::new(glob).map_err(invalid)?);
        }
        let set = builder.build().map_err(invalid)?;
        Ok(set.is_match(relative) || relative.file_name().is_some_and(|name| set.is_match(name)))
    }
}

/// The lint configuration of the nearest `ptxlint.toml` in `start` (a file or a
/// directory) or above it, without command-line overrides; the defaults, relative to
/// `start`, when there is none.
pub fn nearest(start: &Path) -> Result<LintConfig, ConfigError> {
    let base_of = |dir: Option<&Path>| dir.map_or_else(PathBuf::new, Path::to_path_buf);
    let Some(file) = crate::config::find_config_file(start, CONFIG_FILE_NAME) else {
        return Config::default().resolve("defaults", &Overrides::default(), base_of(Some(start)));
    };
    let origin = file.display().to_string();
    Config::load(&file)?.resolve(&origin, &Overrides::default(), base_of(file.parent()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_key_and_rejects_unknown_ones() {
        let config: Config = toml::from_str(
            r#"
select = ["ALL"]
ignore = ["PTX9"]
target = "sm_90a"
ptx-version = "8.0"
[severity]
PTX201 = "warning"
[per-file-ignores]
"gen/**" = ["PTX2"]
"#,
        )
        .unwrap();
        let lint = config
            .resolve("ptxlint.toml", &Overrides::default(), PathBuf::from("."))
            .unwrap();
        let settings = &lint.settings;
        let tex = ptxkit_lint::find_rule("PTX201").unwrap();
        assert_eq!(settings.severity(tex), Severity::Warning);
        assert!(!settings.is_enabled(ptxkit_lint::find_rule("PTX901").unwrap()));
        assert_eq!(settings.target_override.unwrap().to_string(), "sm_90a");
        assert!(!lint.settings_for(Path::new("gen/x.ptx")).is_enabled(tex));
        assert!(lint.settings_for(Path::new("src/x.ptx")).is_enabled(tex));
        assert!(toml::from_str::<Config>("selekt = []").is_err());
        let bad: Config = toml::from_str("select = [\"PTX777\"]").unwrap();
        let err = bad.settings("ptxlint.toml", &Overrides::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "ptxlint.toml: unknown rule or code 'PTX777' (see `ptxlint --list-rules`)"
        );
    }
}
