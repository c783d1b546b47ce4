//! Which inputs a command line names, the same in every tool.
//!
//! - Files are taken as named, whatever their extension; directories
//!   contribute the files matching the tool's globs (`*.ptx`; ptxlint also
//!   C, C++ and CUDA files), honouring `.gitignore` unless `--no-ignore`, and
//!   skipping `--exclude` globs.
//! - `-` reads standard input.
//! - No path at all reads standard input when it is piped or redirected; with
//!   a terminal there, it is a usage error (exit 2) rather than a wait for
//!   typed PTX or a silent walk of the current directory.

use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use ptxkit_syntax::source::{SourceError, decode_source};
use ptxkit_workspace::discover::{DiscoverOptions, discover_matching};

use crate::shared::SharedArgs;

/// One input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A file found on disk.
    File(PathBuf),
    /// Standard input.
    Stdin,
}

impl Input {
    /// The path to use for this input: the file, or standard input's name.
    pub fn path(&self, stdin_name: &Path) -> PathBuf {
        match self {
            Input::File(path) => path.clone(),
            Input::Stdin => stdin_name.to_path_buf(),
        }
    }
}

/// The inputs of a run, and the paths that could not be taken (reported as
/// errors, exit 2, while the others are processed).
#[derive(Debug, Default)]
pub struct Inputs {
    /// What to process, standard input first.
    pub inputs: Vec<Input>,
    /// One message per path that could not be taken.
    pub errors: Vec<String>,
}

/// What to look for when walking directories.
pub struct Discovery<'a> {
    /// File-name globs of the files a directory contributes.
    pub include: &'a [String],
    /// Globs to skip besides `--exclude` (from a configuration file).
    pub exclude: &'a [String],
    /// The files, in messages: "PTX files".
    pub noun: &'a str,
}

/// The message for a bare command line at a terminal.
pub const NO_INPUT: &str =
    "no input: give files or directories (`.` for the current one), `-` for standard input, or pipe PTX into it";

/// The inputs `paths` name (see the module documentation).
pub fn collect(paths: &[PathBuf], shared: &SharedArgs, discovery: &Discovery<'_>) -> Result<Inputs, String> {
    if paths.is_empty() {
        if std::io::stdin().is_terminal() && shared.stdin_filename.is_none() {
            return Err(NO_INPUT.to_string());
        }
        return Ok(Inputs {
            inputs: vec![Input::Stdin],
            errors: Vec::new(),
        });
    }
    let (stdin, files): (Vec<&PathBuf>, Vec<&PathBuf>) = paths.iter().partition(|p| p.as_os_str() == "-");
    let mut collected = Inputs::default();
    if !stdin.is_empty() {
        collected.inputs.push(Input::Stdin);
    }
    if files.is_empty() {
        return Ok(collected);
    }
    let mut exclude = discovery.exclude.to_vec();
    exclude.extend(shared.exclude.iter().cloned());
    let files: Vec<PathBuf> = files.into_iter().cloned().collect();
    let found = discover_matching(
        &files,
        &DiscoverOptions {
            exclude,
            no_ignore: shared.no_ignore,
        },
        discovery.include,
    )
    .map_err(|err| err.to_string())?;
    for entry in found {
        match entry {
            Ok(path) => collected.inputs.push(Input::File(path)),
            Err(err) => collected.errors.push(err.to_string()),
        }
    }
    if collected.inputs.is_empty() && collected.errors.is_empty() {
        return Err(format!("no {} found under the given paths", discovery.noun));
    }
    Ok(collected)
}

/// Standard input, decoded like a file (UTF-8, not binary, not too large);
/// `name` is what messages call it.
pub fn read_stdin(name: &Path) -> Result<String, SourceError> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .read_to_end(&mut bytes)
        .map_err(|source| SourceError::Io {
            path: name.to_path_buf(),
            source,
        })?;
    decode_source(name, bytes)
}

/// How a path is shown in messages: as given, without a leading `./`.
pub fn display(path: &Path) -> String {
    path.strip_prefix(".").unwrap_or(path).display().to_string()
}
