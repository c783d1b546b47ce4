//! The real-PTX corpus (`PTX_CORPUS_DIR`, default `../shared/corpus` next to
//! the workspace): no error-severity finding on any file that some ptxas
//! accepted (INDEX.tsv says `ok` or `ok+warn`), and no panic on any file.

use std::path::PathBuf;

use ptxkit_lint::{Settings, lint_source};
use ptxkit_syntax::Severity;
use rayon::prelude::*;

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "ptxlint corpus test")
}

/// `(path, ptxas-clean)` for every corpus file.
fn corpus_files(dir: &std::path::Path) -> Vec<(String, bool)> {
    let index = std::fs::read_to_string(dir.join("INDEX.tsv")).unwrap();
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let verdicts: Vec<usize> = header
        .iter()
        .enumerate()
        .filter(|(_, h)| h.starts_with("ptxas_"))
        .map(|(i, _)| i)
        .collect();
    lines
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let clean = verdicts
                .iter()
                .any(|&i| matches!(cols.get(i), Some(&"ok") | Some(&"ok+warn")));
            (cols[0].to_string(), clean)
        })
        .collect()
}

/// One finding on a corpus file: its 1-based line and the diagnostic.
struct Found {
    line: usize,
    code: String,
    rule: String,
    severity: Severity,
    message: String,
}

/// Every corpus file linted once with the default settings, shared by the tests of this file
/// (they run in one process): `(path, ptxas-clean, findings)`.
fn linted_corpus(dir: &std::path::Path) -> &'static [(String, bool, Vec<Found>)] {
    static LINTED: std::sync::OnceLock<Vec<(String, bool, Vec<Found>)>> = std::sync::OnceLock::new();
    LINTED.get_or_init(|| {
        let settings = Settings::default();
        corpus_files(dir)
            .into_par_iter()
            .map(|(name, clean)| {
                let text = std::fs::read_to_string(dir.join(&name)).unwrap();
                let result = lint_source(&text, &settings);
                let found = result
                    .diagnostics
                    .iter()
                    .map(|d| Found {
                        line: result.parsed.lines().line_of(d.span.start) + 1,
                        code: d.code.clone(),
                        rule: d.rule.clone(),
                        severity: d.severity,
                        message: d.message.clone(),
                    })
                    .collect();
                (name, clean, found)
            })
            .collect()
    })
}

#[test]
fn no_error_on_ptxas_clean_files() {
    let Some(dir) = corpus_dir() else { return };
    let files = corpus_files(&dir);
    assert!(files.len() > 1000, "INDEX.tsv lists {} files", files.len());
    // Every file is linted (a panic on any of them fails the test); only the clean ones must
    // be free of errors. ptxas does not judge synchronisation (PTX7xx):
    // `sync_findings_on_the_corpus` pins those.
    let per_file: Vec<Vec<String>> = linted_corpus(&dir)
        .iter()
        .filter(|(_, clean, _)| *clean)
        .map(|(name, _, found)| {
            found
                .iter()
                .filter(|d| d.severity == Severity::Error && !d.code.starts_with("PTX7"))
                .map(|d| format!("{name}:{}: {} {}: {}", d.line, d.code, d.rule, d.message))
                .collect()
        })
        .collect();
    let clean = files.iter().filter(|(_, c)| *c).count();
    let false_errors: Vec<String> = per_file.into_iter().flatten().collect();
    eprintln!("{clean} ptxas-clean files linted, {} false errors", false_errors.len());
    assert!(
        false_errors.is_empty(),
        "error-severity findings on ptxas-clean files:\n{}",
        false_errors.join("\n")
    );
}

/// Every synchronisation finding (PTX7xx) on the corpus, as `file:line: code message`, is one
/// of `tests/sync_corpus.txt`, each checked by hand (the file says why each is real); a new
/// one fails until it is read and added. `UPDATE_SYNC=1` rewrites the list.
#[test]
fn sync_findings_on_the_corpus() {
    let Some(dir) = corpus_dir() else { return };
    let mut found: Vec<String> = linted_corpus(&dir)
        .iter()
        .flat_map(|(name, _, found)| {
            found
                .iter()
                .filter(|d| d.code.starts_with("PTX7"))
                .map(move |d| format!("{name}:{}: {} {}", d.line, d.code, d.message))
        })
        .collect();
    found.sort();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sync_corpus.txt");
    if std::env::var_os("UPDATE_SYNC").is_some() {
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        let header: String = old
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(&path, format!("{header}{}\n", found.join("\n"))).unwrap();
        return;
    }
    let expected: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    let new: Vec<&String> = found.iter().filter(|f| !expected.contains(f)).collect();
    let gone: Vec<&String> = expected.iter().filter(|e| !found.contains(e)).collect();
    assert!(
        new.is_empty() && gone.is_empty(),
        "synchronisation findings changed (read each, then UPDATE_SYNC=1):\nnew:\n{}\ngone:\n{}",
        new.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n"),
        gone.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
}

/// The pyptx `external__llvm__*` files that every ptxas that ran rejected
/// (INDEX.tsv `first_error`): ptxlint must report an error on the line
/// ptxas names (or anywhere, when ptxas names no line) for at least 95 %.
#[test]
fn llvm_files_ptxas_rejects_are_reported() {
    let Some(dir) = corpus_dir() else { return };
    let index = std::fs::read_to_string(dir.join("INDEX.tsv")).unwrap();
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (verdicts, first_error) = (["ptxas_11.8", "ptxas_12.9", "ptxas_13.5"].map(col), col("first_error"));
    let linted: std::collections::HashMap<&str, &Vec<Found>> = linted_corpus(&dir)
        .iter()
        .map(|(name, _, found)| (name.as_str(), found))
        .collect();
    let (mut total, mut caught, mut missed) = (0, 0, Vec::new());
    for line in lines {
        let cols: Vec<&str> = line.split('\t').collect();
        let name = cols[0];
        let ran: Vec<&str> = verdicts
            .iter()
            .map(|&i| cols[i])
            .filter(|v| !matches!(*v, "-" | "skip-version"))
            .collect();
        if !name.contains("external__llvm__") || ran.is_empty() || ran.iter().any(|v| *v != "fail") {
            continue;
        }
        total += 1;
        let error = cols.get(first_error).copied().unwrap_or("");
        let want = error
            .split_once(", line ")
            .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next()?.parse::<usize>().ok());
        let errors: Vec<usize> = linted[name]
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.line)
            .collect();
        let hit = match want {
            Some(line) => errors.contains(&line),
            None => !errors.is_empty(),
        };
        if hit {
            caught += 1;
        } else {
            missed.push(format!("{name}: {error}"));
        }
    }
    let recall = 100.0 * caught as f64 / total.max(1) as f64;
    eprintln!("llvm files ptxas rejects: {caught}/{total} reported at ptxas's line ({recall:.1}%)");
    assert!(total > 100, "only {total} rejected llvm files in INDEX.tsv");
    assert!(
        recall >= 95.0,
        "recall {recall:.1}% below 95%; missed:\n{}",
        missed.join("\n")
    );
}
