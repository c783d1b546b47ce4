//! Where the real-PTX corpus is, for tests, benchmarks and dev tasks: the directory
//! `PTX_CORPUS_DIR` names, or else `shared/corpus` beside the repository (looked for from a
//! directory upward, so it is found from any crate of the workspace and from a clone placed
//! next to `shared/`). The corpus is data, never part of the repository.

use std::path::{Path, PathBuf};

/// The environment variable that names the corpus directory.
pub const ENV: &str = "PTX_CORPUS_DIR";

/// The corpus directory: `$PTX_CORPUS_DIR` when set, else the first `shared/corpus` found in
/// `from` or one of its ancestors. `Err` with the path looked at when it is not a directory.
pub fn locate(from: &Path) -> Result<PathBuf, PathBuf> {
    if let Some(dir) = std::env::var_os(ENV) {
        let dir = PathBuf::from(dir);
        return if dir.is_dir() { Ok(dir) } else { Err(dir) };
    }
    from.ancestors()
        .map(|ancestor| ancestor.join("shared/corpus"))
        .find(|candidate| candidate.is_dir())
        .ok_or_else(|| from.join("../shared/corpus"))
}

/// For a test or a benchmark in the crate at `manifest_dir` (`env!("CARGO_MANIFEST_DIR")`):
/// the corpus directory, or `None` after saying loudly on standard error that `what` is
/// skipped and how to point at the corpus.
pub fn for_tests(manifest_dir: &str, what: &str) -> Option<PathBuf> {
    match locate(Path::new(manifest_dir)) {
        Ok(dir) => Some(dir),
        Err(looked_at) => {
            eprintln!(
                "\n!!!!! PTX corpus not found at {} — {what} SKIPPED. Set {ENV}. !!!!!\n",
                looked_at.display()
            );
            None
        }
    }
}

/// The `*.ptx` files under `dir`, depth first, each directory's entries in name order (the
/// order `ptxlint` walks a directory in).
pub fn ptx_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    entries.sort();
    let mut files = Vec::new();
    for path in entries {
        if path.is_dir() {
            files.extend(ptx_files(&path)?);
        } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ptx")) {
            files.push(path);
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_missing_corpus_is_an_error_naming_where_it_looked() {
        let from = std::path::Path::new("/nonexistent/repo/crates/x");
        if std::env::var_os(super::ENV).is_none() {
            assert_eq!(
                super::locate(from),
                Err(std::path::PathBuf::from("/nonexistent/repo/crates/x/../shared/corpus"))
            );
        }
    }

    #[test]
    fn ptx_files_are_listed_depth_first_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b.ptx", "a/z.ptx", "a.ptx", "a/notes.txt", "c/d/e.PTX"] {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let found: Vec<_> = super::ptx_files(dir.path())
            .unwrap()
            .into_iter()
            .map(|p| p.strip_prefix(dir.path()).unwrap().display().to_string())
            .collect();
        assert_eq!(found, ["a/z.ptx", "a.ptx", "b.ptx", "c/d/e.PTX"]);
    }
}
