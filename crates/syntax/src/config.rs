//! Finding a tool's configuration file by walking up from a file.

use std::path::{Path, PathBuf};

/// The nearest `file_name` in `start` or its ancestors (`start` may be a file
/// or a directory; relative paths are resolved against the current directory).
pub fn find_config_file(start: &Path, file_name: &str) -> Option<PathBuf> {
    let absolute = if start.is_absolute() {
        start.to_path_buf()
    } else {
        std::env::current_dir().ok()?.join(start)
    };
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

#[cfg(test)]
mod tests {
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
}
