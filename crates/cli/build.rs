//! The build id of the result cache (`src/cache`): a hash of the sources of every library
//! whose behaviour a cached result depends on (and of `Cargo.lock`, which pins the parser
//! runtime), so that a rebuilt tool with changed rules never trusts an old cache entry.
//!
//! In the workspace the sibling crates are hashed; outside it (the crate as packaged, built
//! from a registry, where the libraries are immutable releases) the crate's own version and
//! sources stand for them.

use std::path::{Path, PathBuf};

/// The crates whose sources a lint or format result depends on, relative to the workspace.
const SOURCES: &[&str] = &[
    "Cargo.lock",
    "grammar/Cargo.toml",
    "grammar/grammar.js",
    "grammar/src",
    "grammar/bindings",
    "crates/syntax",
    "crates/isa",
    "crates/semantic",
    "crates/lint",
    "crates/inline",
    "crates/fmt",
    "crates/cli",
];

/// Directories inside a crate that no build reads.
const SKIPPED: &[&str] = &["tests", "benches", "examples", "target", "fuzz"];

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let workspace = manifest.join("../..");
    let in_workspace = workspace.join("crates/lint/Cargo.toml").is_file() && workspace.join("Cargo.lock").is_file();
    let mut hasher = blake3::Hasher::new();
    hasher.update(std::env::var("CARGO_PKG_VERSION").unwrap_or_default().as_bytes());
    let roots: Vec<PathBuf> = if in_workspace {
        SOURCES.iter().map(|s| workspace.join(s)).collect()
    } else {
        vec![manifest.join("src"), manifest.join("Cargo.toml")]
    };
    for root in &roots {
        println!("cargo::rerun-if-changed={}", root.display());
        let mut files = Vec::new();
        collect(root, &mut files);
        files.sort();
        for file in files {
            let Ok(bytes) = std::fs::read(&file) else { continue };
            let name = file
                .strip_prefix(&workspace)
                .unwrap_or(&file)
                .to_string_lossy()
                .into_owned();
            hasher.update(&(name.len() as u64).to_le_bytes());
            hasher.update(name.as_bytes());
            hasher.update(&(bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
    }
    let id = hasher.finalize().to_hex();
    println!("cargo::rustc-env=PTXKIT_BUILD_ID={}", &id.as_str()[..16]);
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_path_buf());
        return;
    }
    let Ok(entries) = std::fs::read_dir(path) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() && SKIPPED.iter().any(|s| name == *s) {
            continue;
        }
        collect(&path, out);
    }
}
