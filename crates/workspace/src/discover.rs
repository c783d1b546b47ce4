//! Finding the PTX files named on a command line: files as given, directories
//! walked for `*.ptx` while honouring `.gitignore` and `--exclude` globs.

use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};

/// Options for [`discover`].
#[derive(Debug, Default, Clone)]
pub struct DiscoverOptions {
    /// Glob patterns of paths to skip (matched against the whole path and
    /// against the file or directory name).
    pub exclude: Vec<String>,
    /// Walk `.gitignore`d files too.
    pub no_ignore: bool,
}

/// A problem met while discovering files.
#[derive(Debug, thiserror::Error)]
pub enum DiscoverError {
    /// An `--exclude` pattern is not a valid glob.
    #[error("invalid --exclude pattern '{pattern}': {message}")]
    BadGlob {
        /// The pattern.
        pattern: String,
        /// What is wrong with it.
        message: String,
    },
    /// A path named on the command line does not exist.
    #[error("{}: no such file or directory", .0.display())]
    NotFound(PathBuf),
    /// A path named on the command line is a symbolic link that leads
    /// nowhere (to a missing file, or round in a loop).
    #[error("{}: {reason}", path.display())]
    BadLink {
        /// The link.
        path: PathBuf,
        /// Why it cannot be followed.
        reason: String,
    },
    /// Walking a directory failed.
    #[error("{0}")]
    Walk(String),
}

/// The files to process for `paths`, sorted within each directory, with the
/// errors met along the way (each tool reports them and carries on).
///
/// A file named explicitly is always included, whatever its extension;
/// directories contribute their `*.ptx` files.
pub fn discover(
    paths: &[PathBuf],
    options: &DiscoverOptions,
) -> Result<Vec<Result<PathBuf, DiscoverError>>, DiscoverError> {
    discover_matching(paths, options, &["*.ptx".to_string()])
}

/// Like [`discover`], but directories contribute the files whose names
/// match one of the `include` globs (`*.ptx`, `*.cu`, ...; matched without
/// regard to case) instead of `*.ptx` only.
pub fn discover_matching(
    paths: &[PathBuf],
    options: &DiscoverOptions,
    include: &[String],
) -> Result<Vec<Result<PathBuf, DiscoverError>>, DiscoverError> {
    let excludes = build_globset(&options.exclude)?;
    let includes = build_include_set(include)?;
    let mut found = Vec::new();
    for path in paths {
        if let Err(err) = std::fs::metadata(path) {
            let is_link = path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink());
            found.push(Err(match (is_link, err.kind()) {
                (true, std::io::ErrorKind::NotFound) => DiscoverError::BadLink {
                    path: path.clone(),
                    reason: "symbolic link to a missing file".into(),
                },
                (true, _) => DiscoverError::BadLink {
                    path: path.clone(),
                    reason: format!(
                        "symbolic link that cannot be followed: {}",
                        ptxkit_syntax::source::io_reason(&err)
                    ),
                },
                _ => DiscoverError::NotFound(path.clone()),
            }));
            continue;
        }
        if !path.is_dir() {
            if !is_excluded(&excludes, path) {
                found.push(Ok(path.clone()));
            }
            continue;
        }
        let mut walker = ignore::WalkBuilder::new(path);
        walker
            .git_ignore(!options.no_ignore)
            .git_exclude(!options.no_ignore)
            .git_global(false)
            .ignore(!options.no_ignore)
            .require_git(false)
            .sort_by_file_path(|a, b| a.cmp(b));
        let excludes = excludes.clone();
        walker.filter_entry(move |entry| !is_excluded(&excludes, entry.path()));
        for entry in walker.build() {
            match entry {
                Ok(entry) => {
                    let is_file = entry.file_type().is_some_and(|t| t.is_file() || t.is_symlink());
                    let included = entry.path().file_name().is_some_and(|name| includes.is_match(name));
                    if is_file && included {
                        found.push(Ok(entry.into_path()));
                    }
                }
                Err(err) => found.push(Err(DiscoverError::Walk(err.to_string()))),
            }
        }
    }
    Ok(found)
}

/// Whether `path` ends in `.ptx`.
pub fn has_ptx_extension(path: &Path) -> bool {
    path.extension().is_some_and(|ext| ext.eq_ignore_ascii_case("ptx"))
}

fn build_globset(patterns: &[String]) -> Result<GlobSet, DiscoverError> {
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = Glob::new(pattern).map_err(|err| DiscoverError::BadGlob {
            pattern: pattern.clone(),
            message: err.kind().to_string(),
        })?;
        builder.add(glob);
    }
    builder.build().map_err(|err| DiscoverError::BadGlob {
        pattern: patterns.join(", "),
        message: err.to_string(),
    })
}

fn build_include_set(patterns: &[String]) -> Result<GlobSet, DiscoverError> {
    let mut builder = GlobSetBuilder::new();
    for pattern in patterns {
        let glob = globset::GlobBuilder::new(pattern)
            .case_insensitive(true)
            .build()
            .map_err(|err| DiscoverError::BadGlob {
                pattern: pattern.clone(),
                message: err.kind().to_string(),
            })?;
        builder.add(glob);
    }
    builder.build().map_err(|err| DiscoverError::BadGlob {
        pattern: patterns.join(", "),
        message: err.to_string(),
    })
}

fn is_excluded(excludes: &GlobSet, path: &Path) -> bool {
    if excludes.is_empty() {
        return false;
    }
    let stripped = path.strip_prefix("./").unwrap_or(path);
    excludes.is_match(stripped) || path.file_name().is_some_and(|name| excludes.is_match(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_ptx_files_honouring_gitignore_and_excludes() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for name in ["a.ptx", "b.txt", "sub/c.ptx", "gen/d.ptx", "skip/e.ptx"] {
            let path = root.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, ".version 7.8\n").unwrap();
        }
        std::fs::write(root.join(".gitignore"), "gen/\n").unwrap();
        let options = DiscoverOptions {
            exclude: vec!["skip".into()],
            no_ignore: false,
        };
        let found: Vec<_> = discover(&[root.to_path_buf()], &options)
            .unwrap()
            .into_iter()
            .map(|p| p.unwrap().strip_prefix(root).unwrap().to_path_buf())
            .collect();
        assert_eq!(found, [PathBuf::from("a.ptx"), PathBuf::from("sub/c.ptx")]);

        let include = ["*.ptx".to_string(), "*.cu".to_string()];
        std::fs::write(root.join("k.CU"), "").unwrap();
        let found: Vec<_> = discover_matching(&[root.to_path_buf()], &DiscoverOptions::default(), &include)
            .unwrap()
            .into_iter()
            .map(|p| p.unwrap().strip_prefix(root).unwrap().to_path_buf())
            .collect();
        assert!(found.contains(&PathBuf::from("k.CU")) && found.contains(&PathBuf::from("a.ptx")));

        let missing = discover(&[root.join("nope.ptx")], &DiscoverOptions::default()).unwrap();
        assert!(matches!(missing[0], Err(DiscoverError::NotFound(_))));
        let bad = discover(
            &[],
            &DiscoverOptions {
                exclude: vec!["[".into()],
                no_ignore: false,
            },
        );
        assert!(matches!(bad, Err(DiscoverError::BadGlob { .. })));
    }
}
