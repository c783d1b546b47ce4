//! Reading PTX source files, with one clear error for each kind of bad input.

use std::io::Read;
use std::path::{Path, PathBuf};

/// Files larger than this are refused rather than parsed (PTX that large is
/// not hand-written, and parsing it would need gigabytes of memory).
pub const MAX_SOURCE_BYTES: u64 = 512 * 1024 * 1024;

/// Why a source file could not be read as PTX text.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The path does not exist.
    #[error("{}: no such file", .0.display())]
    NotFound(PathBuf),
    /// The path is a directory where a file was expected.
    #[error("{}: is a directory, not a PTX file", .0.display())]
    IsDirectory(PathBuf),
    /// The file exists but cannot be read.
    #[error("{}: permission denied", .0.display())]
    PermissionDenied(PathBuf),
    /// The file holds NUL bytes: an object file or other binary, not PTX.
    #[error("{}: binary file (NUL byte at offset {offset}), not PTX text", path.display())]
    Binary {
        /// The file.
        path: PathBuf,
        /// Byte offset of the first NUL.
        offset: usize,
    },
    /// The file is not valid UTF-8.
    #[error("{}: not UTF-8 text (invalid byte at line {line}, column {column})", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based byte column of the first invalid byte.
        column: usize,
    },
    /// The file is empty.
    #[error("{}: empty file, nothing to do", .0.display())]
    Empty(PathBuf),
    /// The file is larger than [`MAX_SOURCE_BYTES`].
    #[error("{}: file too large ({size} bytes; the limit is {limit} bytes)", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Not a file that can be read as text: a socket.
    #[error("{}: not a regular file ({kind}), not PTX text", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is instead.
        kind: &'static str,
    },
    /// Any other I/O error.
    #[error("{}: {}", path.display(), io_reason(source))]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// Reads a PTX file as text, refusing directories, binary, non-UTF-8, empty
/// and oversized files with a [`SourceError`] that names the file.
pub fn read_source(path: &Path) -> Result<String, SourceError> {
    let owned = || path.to_path_buf();
    let io_error = |source: std::io::Error| match source.kind() {
        std::io::ErrorKind::NotFound => SourceError::NotFound(owned()),
        std::io::ErrorKind::PermissionDenied => SourceError::PermissionDenied(owned()),
        std::io::ErrorKind::IsADirectory => SourceError::IsDirectory(owned()),
        _ => SourceError::Io { path: owned(), source },
    };
    let metadata = std::fs::metadata(path).map_err(io_error)?;
    if metadata.is_dir() {
        return Err(SourceError::IsDirectory(owned()));
    }
    // Pipes and character devices (`<(…)`, `/dev/stdin`) are read like files.
    #[cfg(unix)]
    if std::os::unix::fs::FileTypeExt::is_socket(&metadata.file_type()) {
        return Err(SourceError::NotAFile {
            path: owned(),
            kind: "a socket",
        });
    }
    if metadata.len() > MAX_SOURCE_BYTES {
        return Err(SourceError::TooLarge {
            path: owned(),
            size: metadata.len(),
            limit: MAX_SOURCE_BYTES,
        });
    }
    let mut bytes = Vec::with_capacity(metadata.len() as usize);
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_SOURCE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io_error)?;
    decode_source(path, bytes)
}

/// An I/O error as a reason in a one-line message: the operating system's
/// words, lower-cased, without the "(os error N)" suffix.
pub fn io_reason(error: &std::io::Error) -> String {
    let text = error.to_string();
    let text = match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => &text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Checks bytes read from `path` (or stdin) and turns them into text.
pub fn decode_source(path: &Path, bytes: Vec<u8>) -> Result<String, SourceError> {
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(SourceError::TooLarge {
            path: path.to_path_buf(),
            size: bytes.len() as u64,
            limit: MAX_SOURCE_BYTES,
        });
    }
    if bytes.is_empty() {
        return Err(SourceError::Empty(path.to_path_buf()));
    }
    if let Some(offset) = memchr::memchr(0, &bytes) {
        return Err(SourceError::Binary {
            path: path.to_path_buf(),
            offset,
        });
    }
    String::from_utf8(bytes).map_err(|err| {
        let valid = &err.as_bytes()[..err.utf8_error().valid_up_to()];
        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = valid.len() - valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
        SourceError::NotUtf8 {
            path: path.to_path_buf(),
            line,
            column,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_each_kind_of_bad_input() {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().to_path_buf();
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        };
        let empty = write("empty.ptx", b"");
        let binary = write("binary.ptx", b"\x7fELF\x00\x01");
        let latin1 = write("latin1.ptx", b".version 7.8\n// caf\xe9\n");
        let good = write("good.ptx", b".version 7.8\n");
        assert!(matches!(read_source(&empty), Err(SourceError::Empty(_))));
        assert!(matches!(
            read_source(&binary),
            Err(SourceError::Binary { offset: 4, .. })
        ));
        let err = read_source(&latin1).unwrap_err();
        assert!(matches!(err, SourceError::NotUtf8 { line: 2, column: 7, .. }), "{err}");
        assert!(matches!(read_source(&dir), Err(SourceError::IsDirectory(_))));
        assert!(matches!(
            read_source(&dir.join("missing.ptx")),
            Err(SourceError::NotFound(_))
        ));
        assert_eq!(read_source(&good).unwrap(), ".version 7.8\n");
    }
}
