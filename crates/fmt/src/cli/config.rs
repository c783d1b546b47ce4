//! Which options apply to which file: `--config`, or the nearest
//! `ptxfmt.toml` above the file (looked up once per directory).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use ptxkit_syntax::config::find_config_file;

use crate::options::{CONFIG_FILE_NAME, Options};

/// Finds and caches the options for files.
pub struct ConfigResolver {
    explicit: Option<Arc<Options>>,
    by_dir: Mutex<HashMap<PathBuf, Result<Arc<Options>, String>>>,
}

impl ConfigResolver {
    /// A resolver; `explicit` (from `--config`) applies to every file.
    pub fn new(explicit: Option<&Path>) -> Result<Self, String> {
        let explicit = match explicit {
            Some(path) => Some(Arc::new(Options::from_file(path).map_err(|e| e.to_string())?)),
            None => None,
        };
        Ok(Self {
            explicit,
            by_dir: Mutex::new(HashMap::new()),
        })
    }

    /// The options for `path` (a file, or a directory for `--print-config`).
    pub fn for_path(&self, path: &Path) -> Result<Arc<Options>, String> {
        if let Some(options) = &self.explicit {
            return Ok(options.clone());
        }
        let dir = if path.is_dir() {
            path.to_path_buf()
        } else {
            path.parent().unwrap_or(Path::new("")).to_path_buf()
        };
        let mut cache = self.by_dir.lock().unwrap_or_else(|e| e.into_inner());
        cache
            .entry(dir.clone())
            .or_insert_with(|| {
                let lookup = if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    &dir
                };
                match find_config_file(lookup, CONFIG_FILE_NAME) {
                    Some(file) => Options::from_file(&file).map(Arc::new).map_err(|e| e.to_string()),
                    None => Ok(Arc::new(Options::default())),
                }
            })
            .clone()
    }
}
