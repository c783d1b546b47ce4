//! Legacy kernels (`tests/its/KIND/*.ptx`, compiled from the `.cu` beside them by NVRTC 11.8 with
//! `tests/its/compile.py`) moved to `sm_80`, where lanes of a warp are scheduled independently,
//! against what their lanes do:
//!
//! - `independent`: no lane reads what another lane of its warp wrote without a barrier between:
//!   at least 90% convert without `--allow-approximate`;
//! - `fixable`: lanes of a converged warp exchange data (shared or global memory, `shfl`, `vote`):
//!   all but at most one convert, and each with `bar.warp.sync` or a `.sync` form added;
//! - `unsafe`: lanes exchange data under a branch that splits the warp: every one is refused,
//!   naming both accesses (or the collective) and why the warp cannot be shown converged.
//!
//! `cargo xtask rewrite-check its` assembles every converted kernel with ptxas 12.9.

use std::path::{Path, PathBuf};

use ptxkit_rewrite::{Options, Rewrite, rewrite};

fn kernels(kind: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/its").join(kind);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "ptx"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 10, "{}: too few kernels", dir.display());
    paths
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

fn to_sm80(allow_approximate: bool) -> Options {
    let mut options = Options::from_args("--to 8.8 --target sm_80").unwrap();
    options.allow_approximate = allow_approximate;
    options
}

/// Moves `text` to sm_80; for a conversion, checks that a second run changes nothing.
fn moved(name: &str, text: &str) -> Rewrite {
    let options = to_sm80(false);
    let result = rewrite(text, &options).unwrap_or_else(|err| panic!("{name}: {err}"));
    if !result.refused() {
        let again = rewrite(&result.output, &options).unwrap();
        assert_eq!(again.output, result.output, "{name}: a second run changed the text");
        assert!(!again.refused(), "{name}: a second run refused");
    }
    result
}

/// What the rewrite added to order lanes: `bar.warp.sync` and `shfl`/`vote` made `.sync`.
fn synchronisation_added(before: &str, after: &str) -> usize {
    let count = |text: &str| {
        text.matches("bar.warp.sync").count() + text.matches("shfl.sync").count() + text.matches("vote.sync").count()
    };
    count(after) - count(before)
}

fn reason(result: &Rewrite) -> String {
    result
        .notes
        .iter()
        .map(|n| n.message.clone())
        .collect::<Vec<_>>()
        .join("; ")
}

#[test]
fn independent_kernels_convert_without_the_flag() {
    let all = kernels("independent");
    let mut refused = Vec::new();
    for (name, text) in &all {
        let result = moved(name, text);
        if result.refused() {
            refused.push(name.clone());
            continue;
        }
        assert!(
            !text.contains("shfl") && !text.contains("vote"),
            "{name}: an independent kernel has no warp collective"
        );
        if synchronisation_added(text, &result.output) == 0 {
            assert!(
                reason(&result).contains("no intra-warp communication"),
                "{name}: {}",
                reason(&result)
            );
        }
    }
    assert!(
        refused.len() * 10 <= all.len(),
        "{} of {} independent kernels refused: {refused:?}",
        refused.len(),
        all.len()
    );
}

#[test]
fn fixable_kernels_convert_with_warp_synchronisation() {
    let all = kernels("fixable");
    let mut refused = Vec::new();
    for (name, text) in &all {
        let result = moved(name, text);
        if result.refused() {
            refused.push(name.clone());
            continue;
        }
        assert!(
            synchronisation_added(text, &result.output) > 0,
            "{name}: converted without warp synchronisation"
        );
        let why = reason(&result);
        assert!(
            why.contains("bar.warp.sync 0xffffffff") || why.contains("full mask"),
            "{name}: {why}"
        );
    }
    assert!(refused.len() <= 1, "fixable kernels refused: {refused:?}");
}

#[test]
fn unsafe_kernels_are_refused_naming_each_pair() {
    for (name, text) in kernels("unsafe") {
        let result = moved(&name, &text);
        assert!(result.refused(), "{name}: converted\n{}", result.output);
        for refusal in &result.refusals {
            let lines = refusal.message.matches("line ").count();
            assert!(
                lines >= 2 || refusal.message.contains("without `.sync`") || refusal.message.contains("too large"),
                "{name}: {}",
                refusal.message
            );
            let why = refusal.note.as_deref().unwrap_or_default();
            assert!(
                why.contains("converged")
                    || why.contains("sides of a branch")
                    || why.contains("spin")
                    || why.contains("nothing is known"),
                "{name}: {why}"
            );
        }
        // `--allow-approximate` converts it as before and still lists every pair.
        let approximate = rewrite(&text, &to_sm80(true)).unwrap();
        assert!(!approximate.refused(), "{name}");
        assert!(approximate.approximate(), "{name}: no warning");
        let warned = approximate
            .notes
            .iter()
            .filter(|n| n.severity == ptxkit_syntax::Severity::Warning)
            .count();
        assert_eq!(warned, result.refusals.len(), "{name}");
    }
}
