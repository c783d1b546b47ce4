//! The real-PTX corpus: every file parses with no syntax error (except the
//! files listed in `grammar/test/corpus-exceptions.tsv`, which ptxas rejects
//! for syntax too), and every file's tree is lossless.
//!
//! The corpus lives outside the repository: `PTX_CORPUS_DIR`, default
//! `../shared/corpus` relative to the workspace root.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "corpus tests")
}

fn exceptions() -> BTreeMap<String, usize> {
    let path = workspace_root().join("grammar/test/corpus-exceptions.tsv");
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut cols = l.split('\t');
            let file = cols.next().unwrap().to_string();
            let line = cols.next().unwrap().parse().unwrap();
            assert!(
                cols.next().is_some_and(|reason| !reason.is_empty()),
                "{file}: exception without a reason"
            );
            (file, line)
        })
        .collect()
}

#[test]
fn corpus_parses_cleanly_and_losslessly() {
    let Some(dir) = corpus_dir() else { return };
    let exceptions = exceptions();
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let mut problems = Vec::new();
    let mut count = 0;
    let mut seen_exceptions = 0;
    for file in files {
        let path = file;
        count += 1;
        let name = path.strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/");
        let text = ptxkit_syntax::source::read_source(&path).unwrap();
        let parsed = ptxkit_syntax::parse(text);
        if let Err(offset) = parsed.check_lossless() {
            problems.push(format!("{name}: not lossless at byte {offset}"));
        }
        let first_error = parsed
            .syntax_errors()
            .first()
            .map(|e| parsed.lines().line_column(parsed.text(), e.span.start).line);
        match (first_error, exceptions.get(&name)) {
            (None, None) => {}
            (Some(line), Some(&expected)) if line == expected => seen_exceptions += 1,
            (Some(line), expected) => {
                problems.push(format!("{name}: syntax error at line {line} (listed: {expected:?})"))
            }
            (None, Some(_)) => problems.push(format!("{name}: listed as an exception but parses cleanly; remove it")),
        }
    }
    eprintln!(
        "{count} corpus files parsed, {seen_exceptions} listed exceptions, {} problems",
        problems.len()
    );
    assert!(count >= 1000, "expected the full corpus, found {count} files");
    assert_eq!(
        seen_exceptions,
        exceptions.len(),
        "some listed exceptions are not in the corpus"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `ParsedSource::comments` (a walk that goes only into nodes whose text holds a `/`) finds
/// every comment node a walk of every node finds, on every corpus file.
#[test]
fn comments_are_every_comment_node_on_the_corpus() {
    let Some(dir) = corpus_dir() else { return };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let mut comments = 0;
    for file in files {
        let path = file;
        let text = ptxkit_syntax::source::read_source(&path).unwrap();
        let parsed = ptxkit_syntax::parse(text);
        let every: Vec<&str> = ptxkit_syntax::preorder(parsed.root())
            .filter(|node| node.kind() == "comment")
            .map(|node| parsed.node_text(node))
            .collect();
        assert_eq!(parsed.comments(), every, "{}", path.display());
        comments += every.len();
    }
    assert!(comments > 10_000, "{comments} comments");
}
