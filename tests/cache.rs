//! End-to-end tests of the result cache of `ptxlint` and `ptxfmt` (`ptxkit_cli::cache`):
//! a warm run prints exactly what a cold one does in every format, a cached entry is what
//! the binaries look up (a planted entry shows), a changed setting, destination or text
//! misses, corrupt entries are ignored and rewritten, concurrent runs do not corrupt it,
//! fixed files are linted again, and standard input and `--no-cache` write nothing.

use std::path::{Path, PathBuf};

use ptxkit_cli::cache::{Cache, CacheArgs, DEFAULT_DIR_NAME, lint};
use ptxkit_syntax::{Diagnostic, Severity, Span};

mod common;
use common::{Run, temp_tree};

fn ptxlint(dir: &Path, args: &[&str]) -> Run {
    common::run(env!("CARGO_BIN_EXE_ptxlint"), dir, args, b"")
}

fn ptxfmt(dir: &Path, args: &[&str]) -> Run {
    common::run(env!("CARGO_BIN_EXE_ptxfmt"), dir, args, b"")
}

const UNFORMATTED: &str = ".version 7.8\n.target sm_80\n.address_size 64\n.entry k()\n{\n    ret   ;\n}\n";

const FIXABLE: &str = "\
.version 7.8
.target sm_80
.address_size 64
.tex .u32 tex_ref;
.entry k()
{
\t.reg .b32 %r<3>;
\tmov.u32 %r2, %tid.x;
\tadd.s32 %r1, %r2, 1;
\tret;
}
";

const ASM: &str = "\
__device__ int lane(int x) {
    int y;
    asm(\"mov.u32 %0, %laneid;\" : \"=r\"(y));
    asm(\"add.s32 %0, %1, %2;\" : \"=r\"(y) : \"r\"(x));
    return y;
}
";

/// A tree with the example kernels, a fixable file, an unformatted one and a CUDA file.
fn project() -> tempfile::TempDir {
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for dir in ["clean", "findings", "legacy"] {
        for entry in std::fs::read_dir(examples.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let name = format!("{dir}/{}", path.file_name().unwrap().to_string_lossy());
            files.push((name, std::fs::read(&path).unwrap()));
        }
    }
    files.push(("fix/tex.ptx".into(), FIXABLE.into()));
    files.push(("fmt/ugly.ptx".into(), UNFORMATTED.into()));
    files.push(("cuda/lane.cu".into(), ASM.into()));
    let borrowed: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
    temp_tree(&borrowed)
}

/// The cache entries under `root` (files, without the `.gitignore` and tag).
fn entries(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(read) = std::fs::read_dir(dir) else { return };
        for entry in read.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &mut out);
    out.retain(|p| p.parent() != Some(root));
    out.sort();
    out
}

fn same(cold: &Run, warm: &Run, what: &str) {
    assert_eq!(cold.code, warm.code, "{what}: exit");
    assert_eq!(cold.stdout, warm.stdout, "{what}: stdout");
    assert_eq!(cold.stderr, warm.stderr, "{what}: stderr");
}

#[test]
fn warm_runs_print_what_cold_runs_print_in_every_format() {
    let tree = project();
    let dir = tree.path();
    let formats: &[&[&str]] = &[
        &["--format", "full"],
        &["--format", "concise"],
        &["--format", "json"],
        &["--format", "sarif"],
        &["--format", "github"],
        &["--statistics"],
        &["--diff"],
        &["--diff", "--unsafe-fixes"],
        &["--target", "sm_90a", "--format", "concise"],
        &["--select", "ALL", "--preview", "--format", "json"],
    ];
    for args in formats {
        let cache = dir.join(format!("cache{}", args.join("")));
        let cache_arg = cache.to_str().unwrap();
        let mut with_cache: Vec<&str> = vec!["--cache-dir", cache_arg, "."];
        with_cache.extend_from_slice(args);
        let mut uncached: Vec<&str> = vec!["--no-cache", "."];
        uncached.extend_from_slice(args);
        let reference = ptxlint(dir, &uncached);
        let cold = ptxlint(dir, &with_cache);
        assert!(!entries(&cache).is_empty(), "{args:?}: the cold run wrote entries");
        let warm = ptxlint(dir, &with_cache);
        same(&reference, &cold, &format!("ptxlint {args:?}, cold"));
        same(&cold, &warm, &format!("ptxlint {args:?}, warm"));
    }
    for args in [&["--check"][..], &["--diff"], &["--check", "--verbose"]] {
        let cache = dir.join("fmt-cache");
        let cache_arg = cache.to_str().unwrap();
        let mut with_cache: Vec<&str> = vec!["--cache-dir", cache_arg, "."];
        with_cache.extend_from_slice(args);
        let cold = ptxfmt(dir, &with_cache);
        let warm = ptxfmt(dir, &with_cache);
        if args.contains(&"--verbose") {
            // The verbose summary has the time taken; the outcomes must agree.
            assert_eq!(cold.stdout, warm.stdout);
            assert_eq!(cold.code, warm.code);
        } else {
            same(&cold, &warm, &format!("ptxfmt {args:?}"));
        }
        assert_eq!(cold.code, 1, "ugly.ptx needs formatting: {}", cold.stderr);
    }
}

/// Plants an entry for `text` under the default settings with a finding no rule makes.
fn plant(cache_dir: &Path, text: &str) {
    let args = CacheArgs {
        no_cache: false,
        cache_dir: Some(cache_dir.to_path_buf()),
    };
    let cache = Cache::open(&args, "ptxlint", None).unwrap();
    let key = lint::key(text, &ptxkit_lint::Settings::default(), lint::Job::Lint, false);
    let planted = Diagnostic::new("PTX999", "planted-finding", Severity::Error, "planted", Span::new(0, 8));
    let entry = lint::Entry {
        diagnostics: vec![planted],
        asm: None,
    };
    cache.put(&key, &lint::encode(&entry));
}

#[test]
fn the_binary_looks_up_the_key_and_changes_miss() {
    let tree = temp_tree(&[("k.ptx", FIXABLE.as_bytes())]);
    let dir = tree.path();
    let cache = dir.join("c");
    plant(&cache, FIXABLE);
    let run = |args: &[&str]| {
        let mut all = vec!["--cache-dir", cache.to_str().unwrap(), "--format", "concise", "k.ptx"];
        all.extend_from_slice(args);
        ptxlint(dir, &all)
    };
    assert!(run(&[]).stdout.contains("planted"), "a hit: {}", run(&[]).stdout);
    // Another selection, destination or preview: the planted entry does not apply.
    for args in [
        &["--select", "PTX201"][..],
        &["--ignore", "PTX201"],
        &["--target", "sm_90"],
        &["--ptx-version", "8.0"],
        &["--preview"],
        &["--fix"],
    ] {
        let out = run(args);
        assert!(!out.stdout.contains("planted"), "{args:?} must miss: {}", out.stdout);
    }
    // --fix above fixed the file: its text changed, so the entry no longer applies.
    assert_ne!(std::fs::read_to_string(dir.join("k.ptx")).unwrap(), FIXABLE);
    assert!(!run(&[]).stdout.contains("planted"));
    // A configuration file setting the same as the flags: the same effective settings miss
    // the default entry only when they differ.
    std::fs::write(dir.join("k.ptx"), FIXABLE).unwrap();
    std::fs::write(dir.join("ptxlint.toml"), "ignore = [\"PTX202\"]\n").unwrap();
    assert!(
        !run(&[]).stdout.contains("planted"),
        "a configuration that changes the rules misses"
    );
    std::fs::write(dir.join("ptxlint.toml"), "deny-warnings = false\n").unwrap();
    assert!(run(&[]).stdout.contains("planted"), "one that changes no rule hits");
    assert!(!run(&["--no-cache"]).stdout.contains("planted"));
}

#[test]
fn fixed_files_are_linted_again() {
    let tree = temp_tree(&[("a/k.ptx", FIXABLE.as_bytes()), ("b/k.ptx", FIXABLE.as_bytes())]);
    let dir = tree.path();
    let cache = dir.join("c");
    let cache_arg = cache.to_str().unwrap();
    // Warm the lint entry of the unfixed text first, then fix with the cache on.
    let before = ptxlint(dir, &["--cache-dir", cache_arg, "a/k.ptx"]);
    assert_eq!(before.code, 1);
    let fixed = ptxlint(dir, &["--cache-dir", cache_arg, "--fix", "a/k.ptx"]);
    let reference = ptxlint(dir, &["--no-cache", "--fix", "b/k.ptx"]);
    assert_eq!(fixed.code, reference.code);
    assert_eq!(fixed.stdout.replace("a/k.ptx", "b/k.ptx"), reference.stdout);
    assert_eq!(
        std::fs::read_to_string(dir.join("a/k.ptx")).unwrap(),
        std::fs::read_to_string(dir.join("b/k.ptx")).unwrap()
    );
    let after = ptxlint(dir, &["--cache-dir", cache_arg, "a/k.ptx"]);
    let after_reference = ptxlint(dir, &["--no-cache", "b/k.ptx"]);
    assert_eq!(after.stdout.replace("a/k.ptx", "b/k.ptx"), after_reference.stdout);
    assert_ne!(
        after.stdout, before.stdout,
        "the fixed file's findings, not the cached ones"
    );
    // A second --fix (nothing left to fix) is served from the cache and says the same.
    let again = ptxlint(dir, &["--cache-dir", cache_arg, "--fix", "a/k.ptx"]);
    let again_cached = ptxlint(dir, &["--cache-dir", cache_arg, "--fix", "a/k.ptx"]);
    same(&again, &again_cached, "--fix with nothing to fix");
}

#[test]
fn corrupt_entries_are_ignored_and_rewritten() {
    let tree = project();
    let dir = tree.path();
    for tool in ["ptxlint", "ptxfmt"] {
        let cache = dir.join(format!("cache-{tool}"));
        let cache_arg = cache.to_str().unwrap();
        let args = ["--cache-dir", cache_arg, "--check", "."];
        let args: &[&str] = if tool == "ptxfmt" {
            &args
        } else {
            &["--cache-dir", cache_arg, "."]
        };
        let run = |args: &[&str]| {
            if tool == "ptxfmt" {
                ptxfmt(dir, args)
            } else {
                ptxlint(dir, args)
            }
        };
        let cold = run(args);
        let written = entries(&cache);
        assert!(!written.is_empty());
        for (i, path) in written.iter().enumerate() {
            let bytes = std::fs::read(path).unwrap();
            let damaged: Vec<u8> = match i % 4 {
                0 => bytes[..bytes.len() / 2].to_vec(),
                1 => b"garbage".to_vec(),
                2 => {
                    let mut b = bytes.clone();
                    let last = b.len() - 1;
                    b[last] ^= 0x20;
                    b
                }
                _ => Vec::new(),
            };
            std::fs::write(path, damaged).unwrap();
        }
        let warm = run(args);
        same(&cold, &warm, &format!("{tool} over corrupt entries"));
        for path in &written {
            assert_ne!(
                std::fs::metadata(path).unwrap().len(),
                0,
                "{} rewritten",
                path.display()
            );
        }
        same(&cold, &run(args), &format!("{tool} after the rewrite"));
    }
}

#[test]
fn concurrent_runs_share_a_cache_safely() {
    let tree = project();
    let dir = tree.path();
    let cache = dir.join("c");
    let cache_arg = cache.to_str().unwrap().to_string();
    let reference = ptxlint(dir, &["--no-cache", "--format", "json", "."]);
    let runs: Vec<Run> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..6)
            .map(|_| scope.spawn(|| ptxlint(dir, &["--cache-dir", &cache_arg, "--format", "json", "-j", "1", "."])))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for run in &runs {
        same(&reference, run, "a concurrent run");
    }
    same(
        &reference,
        &ptxlint(dir, &["--cache-dir", &cache_arg, "--format", "json", "."]),
        "after them",
    );
    assert!(
        entries(&cache)
            .iter()
            .all(|p| !p.file_name().unwrap().to_string_lossy().starts_with(".tmp")),
        "no temporary file left behind"
    );
}

#[test]
fn where_the_cache_lives() {
    let tree = temp_tree(&[
        ("proj/ptxlint.toml", b"deny-warnings = false\n"),
        ("proj/src/k.ptx", FIXABLE.as_bytes()),
        ("loose/k.ptx", FIXABLE.as_bytes()),
    ]);
    let dir = tree.path();
    // In the project root, where the configuration is, from a directory below it.
    ptxlint(&dir.join("proj/src"), &["k.ptx"]);
    let root = dir.join("proj").join(DEFAULT_DIR_NAME);
    assert!(!entries(&root).is_empty());
    assert_eq!(
        std::fs::read_to_string(root.join(".gitignore")).unwrap().lines().last(),
        Some("*")
    );
    assert!(root.join("CACHEDIR.TAG").is_file());
    assert!(!dir.join("proj/src").join(DEFAULT_DIR_NAME).exists());
    // Without a configuration: the current directory.
    ptxlint(&dir.join("loose"), &["k.ptx"]);
    assert!(!entries(&dir.join("loose").join(DEFAULT_DIR_NAME)).is_empty());
    // ptxfmt too.
    std::fs::write(dir.join("loose/u.ptx"), UNFORMATTED).unwrap();
    let before = entries(&dir.join("loose").join(DEFAULT_DIR_NAME)).len();
    ptxfmt(&dir.join("loose"), &["--check", "u.ptx"]);
    assert!(entries(&dir.join("loose").join(DEFAULT_DIR_NAME)).len() > before);
    // PTXKIT_CACHE_DIR, --no-cache and standard input.
    let env_dir = dir.join("from-env");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ptxlint"))
        .arg("k.ptx")
        .current_dir(dir.join("loose"))
        .env("PTXKIT_CACHE_DIR", &env_dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(!entries(&env_dir).is_empty());
    let fresh = temp_tree(&[("k.ptx", FIXABLE.as_bytes())]);
    ptxlint(fresh.path(), &["--no-cache", "k.ptx"]);
    ptxfmt(fresh.path(), &["--no-cache", "--check", "k.ptx"]);
    let piped = common::run(env!("CARGO_BIN_EXE_ptxlint"), fresh.path(), &["-"], FIXABLE.as_bytes());
    assert_eq!(piped.code, 1);
    let piped = common::run(
        env!("CARGO_BIN_EXE_ptxfmt"),
        fresh.path(),
        &["--check", "-"],
        UNFORMATTED.as_bytes(),
    );
    assert_eq!(piped.code, 1);
    assert!(
        !fresh.path().join(DEFAULT_DIR_NAME).exists(),
        "--no-cache and standard input write no cache"
    );
}
