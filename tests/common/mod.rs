//! What the end-to-end tests of the three binaries share: running a binary
//! in a directory with standard input, and building a temporary file tree.

#![allow(dead_code)] // each test crate uses its own part

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What one run of a binary did.
pub struct Run {
    /// The directory it ran in, shown as `[TMP]` in snapshots.
    pub dir: String,
    /// The exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// The snapshot text: exit code, stdout and stderr, with the run's
    /// directory shown as `[TMP]`.
    pub fn render(&self) -> String {
        format!(
            "exit: {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
        .replace(&self.dir, "[TMP]")
    }
}

/// Runs the binary `bin` in `dir` with `args`, writing `stdin` to its
/// standard input. `NO_COLOR` is removed so that `--color always` is seen.
pub fn run(bin: &str, dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(bin)
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let output = child.wait_with_output().unwrap();
    Run {
        dir: dir.display().to_string(),
        code: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A temporary directory holding `files` (relative paths, parents created).
pub fn temp_tree(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    dir
}
