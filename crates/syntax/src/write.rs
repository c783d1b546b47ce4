//! Writing results back safely: atomic replacement of a file (temporary file
//! in the same directory, then rename) that keeps the file's permissions, and
//! the check every tool runs before writing.

use std::io::Write;
use std::path::Path;

use crate::parse::{ParsedSource, parse};

/// Why a file was not written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file is read-only or its directory is not writable.
    #[error("{}: cannot write: permission denied (file left unchanged)", .0.display())]
    PermissionDenied(std::path::PathBuf),
    /// Another I/O error.
    #[error("{}: cannot write: {source} (file left unchanged)", path.display())]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

/// Replaces the contents of `path` with `contents` atomically: the text goes
/// to a temporary file beside it, which is then renamed over the original.
/// The original's permissions are kept; a read-only file is refused.
pub fn write_atomic(path: &Path, contents: &str) -> Result<(), WriteError> {
    let wrap = |source: std::io::Error| match source.kind() {
        std::io::ErrorKind::PermissionDenied => WriteError::PermissionDenied(path.to_path_buf()),
        _ => WriteError::Io {
            path: path.to_path_buf(),
            source,
        },
    };
    let metadata = std::fs::metadata(path).map_err(wrap)?;
    if metadata.permissions().readonly() {
        return Err(WriteError::PermissionDenied(path.to_path_buf()));
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temp = tempfile::Builder::new()
        .prefix(".ptx-tmp-")
        .tempfile_in(dir)
        .map_err(wrap)?;
    temp.write_all(contents.as_bytes()).map_err(wrap)?;
    temp.as_file().sync_all().map_err(wrap)?;
    std::fs::set_permissions(temp.path(), metadata.permissions()).map_err(wrap)?;
    temp.persist(path).map_err(|err| wrap(err.error))?;
    Ok(())
}

/// Why new text must not replace the original.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The new text has more syntax errors than the original.
    #[error("the result would have {after} syntax error(s) where the original has {before}")]
    NewSyntaxErrors {
        /// Errors in the original.
        before: usize,
        /// Errors in the result.
        after: usize,
    },
    /// A comment of the original is missing from the result.
    #[error("the result would lose the comment `{0}`")]
    LostComment(String),
}

/// Checks that `new_text` may replace `original`: it parses with no more
/// syntax errors, and every comment of the original is still there, in order.
/// Returns the parsed result.
pub fn verify_replacement(original: &ParsedSource, new_text: String) -> Result<ParsedSource, VerifyError> {
    let result = parse(new_text);
    let before = original.syntax_errors().len();
    let after = result.syntax_errors().len();
    if after > before {
        return Err(VerifyError::NewSyntaxErrors { before, after });
    }
    let kept = result.comments();
    let mut kept = kept.iter().map(|c| c.trim_end());
    for comment in original.comments() {
        let comment = comment.trim_end();
        if !kept.any(|c| c == comment) {
            return Err(VerifyError::LostComment(comment.chars().take(60).collect()));
        }
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_keeps_permissions_and_refuses_read_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.ptx");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&path, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o640);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        assert!(matches!(write_atomic(&path, "x"), Err(WriteError::PermissionDenied(_))));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left behind"
        );
    }

    #[test]
    fn verify_refuses_new_errors_and_lost_comments() {
        let original = parse(".version 7.8 // v\n.target sm_80\n");
        assert!(verify_replacement(&original, ".version 7.8 // v\n.target sm_90\n".into()).is_ok());
        assert!(matches!(
            verify_replacement(&original, ".version 7.8\n.target sm_80\n".into()),
            Err(VerifyError::LostComment(_))
        ));
        assert!(matches!(
            verify_replacement(&original, ".version 7.8 // v\n.target sm_80 ;;\n".into()),
            Err(VerifyError::NewSyntaxErrors { before: 0, .. })
        ));
    }
}
