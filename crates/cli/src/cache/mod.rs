//! The result cache of `ptxlint` and `ptxfmt --check` (as Ruff's `.ruff_cache`): what a
//! tool found in a file, reused when nothing it depends on changed.
//!
//! An entry's key ([`Key`]) is a hash of everything the result depends on: the tool, its
//! version and build ([`BUILD_ID`], a hash of the libraries' sources made at compile time,
//! so that a rebuilt tool with changed rules never trusts an old entry), the mode (lint,
//! fix), the file's kind, the effective settings serialized by value, and the file's text.
//! The path is not in the key (results carry no path), so a moved or copied file hits.
//!
//! Entries are files `<cache dir>/<version>-<build>/<tool>/<key>`, one per result, written
//! to a temporary file and renamed into place, so concurrent runs never see half an entry.
//! Each entry starts with a header naming its format and key and the hash of its payload: a
//! corrupt, truncated or foreign entry is a miss (and rewritten), never trusted.
//!
//! The cache directory: `--cache-dir DIR`, else `PTXKIT_CACHE_DIR`, else `.ptxkit_cache` in
//! the project root (the directory of the configuration file that applies to the current
//! directory, else the current directory). `--no-cache` turns it off. The directory gets a
//! `.gitignore` of `*` and a `CACHEDIR.TAG`. Standard input is never cached.

pub mod fmt;
pub mod lint;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use clap::Args;

/// The build id: a hash of the sources of the libraries the results depend on (`build.rs`).
pub const BUILD_ID: &str = env!("PTXKIT_BUILD_ID");

/// The version of the entry format (and of what the keys hash).
const FORMAT: &str = "ptxkit-cache 1";

/// The environment variable naming the cache directory.
pub const CACHE_DIR_ENV: &str = "PTXKIT_CACHE_DIR";

/// The default cache directory's name, in the project root.
pub const DEFAULT_DIR_NAME: &str = ".ptxkit_cache";

/// The cache options of `ptxlint` and `ptxfmt`.
#[derive(Debug, Clone, Args)]
pub struct CacheArgs {
    /// Read and write no cached results.
    #[arg(long)]
    pub no_cache: bool,

    /// Where cached results live (default: `.ptxkit_cache` in the project root; also
    /// `PTXKIT_CACHE_DIR`).
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
}

/// A hash of everything a cached result depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Key([u8; 32]);

impl Key {
    /// The key of `parts` for `tool` (each part length-prefixed, after the format, the
    /// tool's version and its build id).
    pub fn new(tool: &str, parts: &[&[u8]]) -> Key {
        let mut hasher = blake3::Hasher::new();
        for part in [FORMAT, tool, env!("CARGO_PKG_VERSION"), BUILD_ID]
            .iter()
            .map(|s| s.as_bytes())
            .chain(parts.iter().copied())
        {
            hasher.update(&(part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
        Key(*hasher.finalize().as_bytes())
    }

    fn hex(&self) -> String {
        blake3::Hash::from_bytes(self.0).to_hex().to_string()
    }
}

/// One tool's cache in one directory.
#[derive(Debug)]
pub struct Cache {
    /// `<cache dir>/<version>-<build>/<tool>`.
    dir: PathBuf,
    /// The cache directory itself (for its `.gitignore`).
    root: PathBuf,
}

/// Distinguishes the temporary files of one process's writes.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl Cache {
    /// The cache of `tool` the options ask for: `None` with `--no-cache`. `project_root` is
    /// the directory of the configuration that applies to the current directory, if any.
    pub fn open(args: &CacheArgs, tool: &str, project_root: Option<&Path>) -> Option<Cache> {
        if args.no_cache {
            return None;
        }
        let from_env = std::env::var_os(CACHE_DIR_ENV).map(PathBuf::from);
        let root = match args.cache_dir.clone().or(from_env) {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => project_root
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."))
                .join(DEFAULT_DIR_NAME),
        };
        let dir = root
            .join(format!("{}-{BUILD_ID}", env!("CARGO_PKG_VERSION")))
            .join(tool);
        Some(Cache { dir, root })
    }

    fn path(&self, key: &Key) -> PathBuf {
        self.dir.join(key.hex())
    }

    /// The payload stored under `key`, if an intact entry has one.
    pub fn get(&self, key: &Key) -> Option<Vec<u8>> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        parse_entry(&bytes, key).map(<[u8]>::to_vec)
    }

    /// Stores `payload` under `key`; failures (a read-only directory, a full disk) only cost
    /// the next run the work, so they are ignored.
    pub fn put(&self, key: &Key, payload: &[u8]) {
        let _ = self.try_put(key, payload);
    }

    fn try_put(&self, key: &Key, payload: &[u8]) -> std::io::Result<()> {
        if !self.dir.is_dir() {
            std::fs::create_dir_all(&self.dir)?;
            self.mark_root();
        }
        let mut entry = format!("{FORMAT}\n{}\n{}\n", key.hex(), blake3::hash(payload).to_hex()).into_bytes();
        entry.extend_from_slice(payload);
        let temp = self.dir.join(format!(
            ".tmp-{}-{}",
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&temp, &entry)?;
        std::fs::rename(&temp, self.path(key)).inspect_err(|_| {
            let _ = std::fs::remove_file(&temp);
        })
    }

    /// Writes the root's `.gitignore` (`*`: nothing in it is source) and `CACHEDIR.TAG`
    /// (backup tools skip it), once.
    fn mark_root(&self) {
        let gitignore = self.root.join(".gitignore");
        if !gitignore.exists() {
            let _ = write_new(&gitignore, b"# Automatically created by ptxlint and ptxfmt.\n*\n");
        }
        let tag = self.root.join("CACHEDIR.TAG");
        if !tag.exists() {
            let _ = write_new(
                &tag,
                b"Signature: 8a477f597d28d172789f06886806bc55\n# This file is a cache directory tag created by ptxlint and ptxfmt.\n",
            );
        }
    }
}

/// Writes a small file atomically (temporary file, then rename).
fn write_new(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let temp = path.with_extension(format!(
        "tmp-{}-{}",
        std::process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&temp, contents)?;
    std::fs::rename(&temp, path)
}

/// The payload of an entry whose header names this format, `key` and the payload's hash.
fn parse_entry<'a>(bytes: &'a [u8], key: &Key) -> Option<&'a [u8]> {
    let mut rest = bytes;
    let mut line = || -> Option<&'a [u8]> {
        let end = rest.iter().position(|&b| b == b'\n')?;
        let (line, tail) = rest.split_at(end);
        rest = &tail[1..];
        Some(line)
    };
    let (format, stored_key, checksum) = (line()?, line()?, line()?);
    if format != FORMAT.as_bytes() || stored_key != key.hex().as_bytes() {
        return None;
    }
    (checksum == blake3::hash(rest).to_hex().as_bytes()).then_some(rest)
}

#[cfg(test)]
mod tests {
    use super::{Cache, CacheArgs, Key};

    fn cache(dir: &std::path::Path) -> Cache {
        let args = CacheArgs {
            no_cache: false,
            cache_dir: Some(dir.to_path_buf()),
        };
        Cache::open(&args, "test", None).unwrap()
    }

    #[test]
    fn entries_round_trip_and_damage_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let cache = cache(dir.path());
        let key = Key::new("test", &[b"text"]);
        assert_eq!(cache.get(&key), None);
        cache.put(&key, b"payload\nwith lines");
        assert_eq!(cache.get(&key).as_deref(), Some(&b"payload\nwith lines"[..]));
        assert!(dir.path().join(".gitignore").is_file());
        assert!(dir.path().join("CACHEDIR.TAG").is_file());
        let path = cache.path(&key);
        let good = std::fs::read(&path).unwrap();
        // A changed payload byte, a truncation, another key's header, garbage: all misses.
        let mut flipped = good.clone();
        *flipped.last_mut().unwrap() ^= 1;
        let other = Key::new("test", &[b"other"]);
        let foreign = String::from_utf8(good.clone())
            .unwrap()
            .replace(&key.hex(), &other.hex());
        for damaged in [
            flipped,
            good[..good.len() - 3].to_vec(),
            foreign.into_bytes(),
            b"\xff\x00".to_vec(),
        ] {
            std::fs::write(&path, damaged).unwrap();
            assert_eq!(cache.get(&key), None);
        }
    }

    #[test]
    fn no_cache_opens_nothing_and_parts_are_separate() {
        let args = CacheArgs {
            no_cache: true,
            cache_dir: None,
        };
        assert!(Cache::open(&args, "test", None).is_none());
        assert_ne!(Key::new("t", &[b"ab", b"c"]), Key::new("t", &[b"a", b"bc"]));
        assert_ne!(Key::new("t", &[b"x"]), Key::new("u", &[b"x"]));
    }
}
