//! Incremental analysis agrees with a fresh one: corpus files edited at random
//! as an editor sends edits (insertions and deletions of characters, braces,
//! semicolons, newlines, whole lines), re-parsed from the edited tree and
//! linted with the incremental linter, must give the tree, the symbol table and
//! the findings a fresh parse and a full `ptxkit_lint::lint_parsed` give.
//!
//! The corpus lives outside the repository: `PTX_CORPUS_DIR`, default
//! `../shared/corpus` relative to the workspace root.

use std::path::{Path, PathBuf};

use lsp_types::TextDocumentContentChangeEvent;
use ptxkit_server::document::Document;
use ptxkit_server::position::Encoding;

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "ptxls incremental-analysis corpus test")
}

/// A random edit of `text`: a byte range (on character boundaries) and its replacement.
fn random_edit(text: &str, random: &mut fastrand::Rng) -> (std::ops::Range<usize>, String) {
    let boundary = |mut at: usize| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        // LSP positions cannot fall between `\r` and `\n`.
        if at > 0 && text[..at].ends_with('\r') && text[at..].starts_with('\n') {
            at -= 1;
        }
        at
    };
    let at = boundary(random.usize(..text.len() + 1));
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
    match random.usize(..8) {
        // One character typed.
        0..=2 => {
            const TYPED: &[&str] = &[" ", "x", "1", ";", "}", "{", "%", ".", "\n", "/", ",", "[", "@"];
            (at..at, TYPED[random.usize(..TYPED.len())].to_string())
        }
        // A few characters deleted.
        3 | 4 => (at..boundary(at + 1 + random.usize(..4)), String::new()),
        // A whole line deleted.
        5 => (line_start..line_end, String::new()),
        // Another line of the file pasted here.
        6 => {
            let from = boundary(random.usize(..text.len() + 1));
            let start = text[..from].rfind('\n').map_or(0, |i| i + 1);
            let end = text[from..].find('\n').map_or(text.len(), |i| from + i + 1);
            (line_start..line_start, text[start..end].to_string())
        }
        // A word replaced by another (an opcode or a type changed).
        _ => {
            const WORDS: &[&str] = &["add", "mov.u32", ".f32", ".global", "L_1", "%r1", ".reg .b32 %q;"];
            let end = text[at..]
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .map_or(text.len(), |i| at + i);
            (at..end, WORDS[random.usize(..WORDS.len())].to_string())
        }
    }
}

fn check_file(path: &Path, edits: usize, seed: u64) -> Result<usize, String> {
    let text = ptxkit_syntax::source::read_source(path).map_err(|e| e.to_string())?;
    let settings = ptxkit_lint::Settings::default();
    let mut document = Document::new(None, 0, text.clone());
    let mut random = fastrand::Rng::with_seed(seed);
    let mut findings = 0;
    for version in 1..=edits {
        // One or two changes per notification, as editors batch them.
        let mut changes = Vec::new();
        let mut expected = document.text().to_string();
        for _ in 0..1 + random.usize(..2) {
            let (bytes, insert) = random_edit(&expected, &mut random);
            let lines = ptxkit_server::position::LineMap::new(&expected);
            changes.push(TextDocumentContentChangeEvent {
                range: Some(lines.range(&expected, bytes.clone(), Encoding::Utf16)),
                range_length: None,
                text: insert.clone(),
            });
            expected.replace_range(bytes, &insert);
        }
        document.apply_changes(version as i32, changes, Encoding::Utf16);
        assert_eq!(document.text(), expected, "{}: the edits applied", path.display());
        let incremental = document.lint(&settings);
        let fresh = ptxkit_syntax::parse(expected.as_str());
        if expected.len() < 300_000 {
            let tree = document.analysis().parsed.root().to_sexp();
            if tree != fresh.root().to_sexp() {
                return Err(format!(
                    "{} after edit {version}: the re-parsed tree differs from a fresh parse",
                    path.display()
                ));
            }
        }
        // The symbol table, its functions replayed and their bodies moved from the last one.
        if document.analysis().model.symbols != ptxkit_semantic::SemanticModel::build(&fresh).symbols {
            return Err(format!(
                "{} after edit {version} (seed {seed}): the rebuilt symbol table differs from a fresh one",
                path.display()
            ));
        }
        let full = ptxkit_lint::lint_parsed(&fresh, &settings);
        if incremental != full {
            let first = incremental
                .iter()
                .zip(&full)
                .position(|(a, b)| a != b)
                .unwrap_or(incremental.len().min(full.len()));
            return Err(format!(
                "{} after edit {version} (seed {seed}): incremental findings differ from a full lint at #{first}:\nincremental: {:#?}\nfull: {:#?}",
                path.display(),
                incremental.get(first),
                full.get(first)
            ));
        }
        findings += full.len();
    }
    Ok(findings)
}

#[test]
fn incremental_analysis_matches_a_fresh_one_on_edited_corpus_files() {
    let Some(dir) = corpus_dir() else { return };
    let mut files: Vec<(PathBuf, u64)> = ptxkit_syntax::corpus::ptx_files(&dir)
        .expect("walking the corpus")
        .into_iter()
        .filter_map(|path| {
            let len = std::fs::metadata(&path).ok()?.len();
            Some((path, len))
        })
        .filter(|(_, len)| *len < 150_000)
        .collect();
    files.sort();
    assert!(files.len() > 100, "the corpus has {} files", files.len());
    // Every 12th file: a spread of ISA versions, producers and sizes.
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut findings = 0;
    for (index, (path, _)) in files.iter().enumerate().step_by(12) {
        match check_file(path, 12, 0x9e37_79b9_7f4a_7c15 ^ index as u64) {
            Ok(found) => findings += found,
            Err(err) => failures.push(err),
        }
        checked += 1;
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} files:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    // The edits must produce findings to compare, not only clean files.
    assert!(findings > 100, "only {findings} findings over {checked} files");
}
