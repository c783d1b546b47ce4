//! `tree_sitter_ptx::LANGUAGE` (what `ptxkit_syntax::parse` uses) is built from `grammar/src/parser.c` with its lexer rewritten
//! to run faster (`grammar/bindings/rust/build.rs`); `REFERENCE_LANGUAGE` from the same file
//! as `tree-sitter generate` wrote it. Both must give the same tree, node for node (kind,
//! byte range, field, missing, extra, error), on every corpus file and on mutants of it
//! whose edits are the characters the lexer's states tell apart.
//!
//! The corpus lives outside the repository: `PTX_CORPUS_DIR`, default `../shared/corpus`.

use std::path::PathBuf;

use ptxkit_syntax::generated_lexer::{first_difference, parse_with_generated_lexer};

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "fast-lexer corpus test")
}

/// Compares the two lexers on `text`; the problem, named after `what`, if they differ.
fn compare(text: &str, what: &str) -> Option<String> {
    let fast = ptxkit_syntax::parse(text);
    let generated = parse_with_generated_lexer(text);
    first_difference(fast.tree(), &generated).map(|d| format!("{what}: fast lexer {d}"))
}

/// What the mutants insert: every character some lexer state compares with, whitespace,
/// the end of a comment or a string, a byte the grammar never uses, and non-ASCII text.
const EDITS: &[&str] = &[
    "!", "\"", "#", "$", "%", "&", "(", ")", "*", "+", ",", "-", ".", "/", "0", "1", "9", ":", ";", "<", "=", ">", "?",
    "@", "[", "\\", "]", "^", "_", "{", "|", "}", "~", "'", "`", "x", "X", "e", "E", "f", "F", "d", "D", "b", "B", "U",
    "u", "8", " ", "\t", "\n", "\r\n", "\u{0}", "é", "\u{feff}", "*/", "/*", "//", "0x", "0f", "0d", ".reg", "%r",
    "@!%p",
];

#[test]
fn the_fast_lexer_gives_the_generated_lexers_trees() {
    // A few texts whose every byte the lexer reads at the end of the input.
    for text in [
        "", " ", "\n", ".", "'", "\"", "/*", "//", "0x", "%r<", "@", "#include", "\u{0}",
    ] {
        let problem = compare(text, &format!("{text:?}"));
        assert!(problem.is_none(), "{}", problem.unwrap_or_default());
    }
    let Some(dir) = corpus_dir() else { return };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    // Seeded, so that a failure can be reproduced.
    let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
    let (mut count, mut mutants, mut problems) = (0, 0, Vec::new());
    for file in files {
        let path = file;
        let name = path.strip_prefix(&dir).unwrap().display().to_string();
        let text = ptxkit_syntax::source::read_source(&path).unwrap();
        count += 1;
        problems.extend(compare(&text, &name));
        // Mutants of a window of the file (whole-file mutants would parse 65 MB per round).
        for _ in 0..12 {
            let mut start = rng.usize(..text.len().max(1));
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + 1 + rng.usize(..3000)).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let window = &text[start..end];
            let mut at = rng.usize(..=window.len());
            while !window.is_char_boundary(at) {
                at -= 1;
            }
            let edit = EDITS[rng.usize(..EDITS.len())];
            let removed = if rng.bool() {
                0
            } else {
                window[at..].chars().next().map_or(0, char::len_utf8)
            };
            let mutant = format!("{}{edit}{}", &window[..at], &window[at + removed..]);
            mutants += 1;
            problems.extend(compare(
                &mutant,
                &format!("{name} bytes {start}..{end}, {edit:?} at {at} replacing {removed} bytes"),
            ));
        }
    }
    eprintln!(
        "{count} corpus files and {mutants} mutants compared, {} differences",
        problems.len()
    );
    assert!(count >= 1000, "expected the full corpus, found {count} files");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
