//! Which configuration applies to which file, the same in ptxfmt and
//! ptxlint: `--config FILE` for every file, `--isolated` for none, otherwise
//! the nearest tool file (`ptxfmt.toml`, `ptxlint.toml`) in the file's
//! directory or above it. Each directory is looked up once and each
//! configuration file read once, whatever the number of files and threads.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::config::{ConfigError, Loaded, find_config_file};

/// Which configuration file applies to a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Lookup {
    /// The nearest one in the file's directory or above it.
    #[default]
    Nearest,
    /// This one, for every file (`--config FILE`).
    Explicit(PathBuf),
    /// None: defaults and command-line options only (`--isolated`).
    Isolated,
}

/// Builds a tool's settings from a configuration file (`None`: defaults).
pub type Build<T> = dyn Fn(Option<&Path>) -> Result<Loaded<T>, ConfigError> + Send + Sync;

/// Settings built from one configuration file (`None`: defaults), or why not.
type BuiltSettings<T> = HashMap<Option<PathBuf>, Result<Arc<T>, String>>;

/// Finds and caches the settings for files.
pub struct ConfigResolver<T> {
    file_name: &'static str,
    lookup: Lookup,
    build: Box<Build<T>>,
    files_by_dir: Mutex<HashMap<PathBuf, Option<PathBuf>>>,
    built: Mutex<BuiltSettings<T>>,
    warnings: Mutex<Vec<String>>,
}

impl<T> ConfigResolver<T> {
    /// A resolver for the tool whose configuration files are called
    /// `file_name`, found by `lookup`; `build` makes settings from one file (or defaults).
    pub fn new(
        file_name: &'static str,
        lookup: Lookup,
        build: impl Fn(Option<&Path>) -> Result<Loaded<T>, ConfigError> + Send + Sync + 'static,
    ) -> Self {
        Self {
            file_name,
            lookup,
            build: Box::new(build),
            files_by_dir: Mutex::new(HashMap::new()),
            built: Mutex::new(HashMap::new()),
            warnings: Mutex::new(Vec::new()),
        }
    }

    /// The configuration file that applies to `path` (a file or a
    /// directory), if any.
    pub fn file_for(&self, path: &Path) -> Option<PathBuf> {
        match &self.lookup {
            Lookup::Isolated => return None,
            Lookup::Explicit(file) => return Some(file.clone()),
            Lookup::Nearest => {}
        }
        let dir = if path.is_dir() {
            path.to_path_buf()
        } else {
            path.parent().unwrap_or(Path::new("")).to_path_buf()
        };
        let mut cache = self.files_by_dir.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(dir.clone())
            .or_insert_with(|| {
                let start = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    &dir
                };
                find_config_file(start, self.file_name)
            })
            .clone()
    }

    /// The settings for `path`, and the file they come from.
    pub fn for_path(&self, path: &Path) -> Result<(Arc<T>, Option<PathBuf>), String> {
        let file = self.file_for(path);
        let settings = self.for_file(file.as_deref())?;
        Ok((settings, file))
    }

    /// The settings of one configuration file (`None`: defaults).
    pub fn for_file(&self, file: Option<&Path>) -> Result<Arc<T>, String> {
        let key = file.map(Path::to_path_buf);
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        built
            .entry(key)
            .or_insert_with(|| match (self.build)(file) {
                Ok(loaded) => {
                    self.warnings
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .extend(loaded.warnings);
                    Ok(Arc::new(loaded.value))
                }
                Err(err) => Err(err.to_string()),
            })
            .clone()
    }

    /// The warnings raised by the files read so far (each once), emptied.
    pub fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut *self.warnings.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{ConfigResolver, Lookup};
    use crate::config::{ConfigError, Loaded};

    fn resolver(lookup: Lookup) -> ConfigResolver<String> {
        ConfigResolver::new("tool.toml", lookup, |file: Option<&Path>| {
            let Some(file) = file else {
                return Ok(Loaded {
                    value: "defaults".to_string(),
                    warnings: Vec::new(),
                });
            };
            let text = std::fs::read_to_string(file).map_err(|source| ConfigError::Read {
                path: file.to_path_buf(),
                source,
            })?;
            Ok(Loaded {
                value: text.trim().to_string(),
                warnings: vec![format!("read {}", file.display())],
            })
        })
    }

    #[test]
    fn nearest_file_per_directory_explicit_and_isolated() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a/b")).unwrap();
        std::fs::write(dir.path().join("a/tool.toml"), "a").unwrap();
        std::fs::write(dir.path().join("other.toml"), "other").unwrap();
        let nearest = resolver(Lookup::Nearest);
        let (settings, file) = nearest.for_path(&dir.path().join("a/b/k.ptx")).unwrap();
        assert_eq!((settings.as_str(), file), ("a", Some(dir.path().join("a/tool.toml"))));
        nearest.for_path(&dir.path().join("a/k.ptx")).unwrap();
        assert_eq!(nearest.take_warnings().len(), 1, "each file is read once");
        let explicit = resolver(Lookup::Explicit(dir.path().join("other.toml")));
        assert_eq!(
            explicit.for_path(&dir.path().join("a/k.ptx")).unwrap().0.as_str(),
            "other"
        );
        let isolated = resolver(Lookup::Isolated);
        assert_eq!(
            isolated.for_path(&dir.path().join("a/k.ptx")).unwrap().0.as_str(),
            "defaults"
        );
        let missing = resolver(Lookup::Explicit(dir.path().join("missing.toml")));
        let err = missing.for_path(&dir.path().join("a/k.ptx")).unwrap_err();
        assert!(err.contains("missing.toml: cannot read configuration"), "{err}");
    }
}
