//! Formatting around syntax errors ([`ptxkit_fmt::format_document`]): the
//! top-level items that parse are formatted, the ones holding an error are
//! kept byte for byte. Fixtures in `tests/errors/` are snapshotted; corpus
//! files with an error put in (a deleted `;` or `}`, a line of garbage, a
//! truncated end) must come out sound: the same tree (errors included),
//! every broken item as written, a second pass changing nothing.

use std::path::{Path, PathBuf};

use ptxkit_fmt::{Formatted, Options, format_document};
use ptxkit_syntax::tree_sitter::Node;

/// The checks every result must pass; returns the broken items' texts.
fn assert_sound(input: &str, formatted: &Formatted, name: &str) {
    let before = ptxkit_syntax::parse(input);
    let after = ptxkit_syntax::parse(formatted.text.as_str());
    assert!(
        ptxkit_fmt::verify::same_non_whitespace(input, &formatted.text),
        "{name}: non-whitespace text changed"
    );
    assert_eq!(
        ptxkit_fmt::verify::first_tree_difference(&before, &after),
        None,
        "{name}: the output parses to a different tree"
    );
    assert_eq!(
        before.syntax_errors().len(),
        formatted.syntax_errors.len(),
        "{name}: every syntax error is reported"
    );
    if !formatted.left_unchanged {
        for item in broken_items(&before) {
            let text = &input[item.byte_range()];
            assert!(
                formatted.text.contains(text),
                "{name}: broken item not kept as written:\n{text}"
            );
        }
    }
    let again = format_document(&formatted.text, &Options::default()).unwrap();
    assert_eq!(
        again.text, formatted.text,
        "{name}: formatting around errors is not idempotent"
    );
}

/// The top-level items that hold a syntax error.
fn broken_items(parsed: &ptxkit_syntax::ParsedSource) -> Vec<Node<'_>> {
    let root = parsed.root();
    let mut cursor = root.walk();
    root.children(&mut cursor)
        .filter(|n| n.has_error() || n.kind() == "unterminated_comment")
        .collect()
}

#[test]
fn fixtures_are_formatted_around_their_errors() {
    insta::glob!("errors/*.ptx", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let formatted = format_document(&input, &Options::default()).unwrap();
        let name = path.display().to_string();
        assert!(!formatted.syntax_errors.is_empty(), "{name}: the fixture has no error");
        assert!(!formatted.left_unchanged, "{name}: left unchanged");
        assert_sound(&input, &formatted, &name);
        let errors: Vec<String> = formatted.syntax_errors.iter().map(|e| e.to_string()).collect();
        insta::assert_snapshot!(format!(
            "{}\n--- syntax errors\n{}\n",
            formatted.text,
            errors.join("\n")
        ));
    });
}

#[test]
fn edits_turn_the_input_into_the_output() {
    let input =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/errors/missing_semicolon.ptx"))
            .unwrap();
    let formatted = format_document(&input, &Options::default()).unwrap();
    let edits = formatted.edits(&input);
    assert!(!edits.is_empty());
    assert!(
        edits
            .iter()
            .all(|e| input[e.span.range()].trim().is_empty() && e.replacement.trim().is_empty())
    );
    assert_eq!(ptxkit_syntax::apply_edits(&input, &edits).unwrap(), formatted.text);
}

/// One syntax error put into a clean text, several ways.
fn mutants(text: &str) -> Vec<(&'static str, String)> {
    let middle = text.len() / 2;
    let mut found = Vec::new();
    if let Some(at) = text[middle..].find(';') {
        let at = middle + at;
        found.push(("deleted ';'", format!("{}{}", &text[..at], &text[at + 1..])));
    }
    if let Some(at) = text[middle..].find('\n') {
        let at = middle + at + 1;
        found.push(("garbage line", format!("{}@@ not ptx ((\n{}", &text[..at], &text[at..])));
    }
    if let Some(at) = text[middle..].find('}') {
        let at = middle + at;
        found.push(("deleted '}'", format!("{}{}", &text[..at], &text[at + 1..])));
    }
    let cut = (0..=middle).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
    found.push(("truncated", text[..cut].to_string()));
    found
}

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "formatting-around-errors corpus test")
}

#[test]
fn corpus_mutants_are_formatted_around_their_errors() {
    use rayon::prelude::*;
    let Some(dir) = corpus_dir() else { return };
    let files: Vec<PathBuf> = ptxkit_syntax::corpus::ptx_files(&dir)
        .unwrap()
        .into_iter()
        .step_by(5)
        .collect();
    let outcomes: Vec<(usize, usize, usize)> = files
        .par_iter()
        .map(|path| {
            let Ok(text) = ptxkit_syntax::source::read_source(path) else {
                return (0, 0, 0);
            };
            if text.len() > 150_000 || !ptxkit_syntax::parse(text.as_str()).syntax_errors().is_empty() {
                return (0, 0, 0);
            }
            let (mut tried, mut unchanged, mut formatted_around) = (0, 0, 0);
            for (kind, mutant) in mutants(&text) {
                let parsed = ptxkit_syntax::parse(mutant.as_str());
                if parsed.syntax_errors().is_empty() {
                    continue;
                }
                tried += 1;
                let name = format!("{} ({kind})", path.display());
                let formatted = format_document(&mutant, &Options::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_sound(&mutant, &formatted, &name);
                if formatted.left_unchanged {
                    unchanged += 1;
                } else if formatted.text != mutant {
                    formatted_around += 1;
                }
            }
            (tried, unchanged, formatted_around)
        })
        .collect();
    let tried: usize = outcomes.iter().map(|o| o.0).sum();
    let unchanged: usize = outcomes.iter().map(|o| o.1).sum();
    let formatted: usize = outcomes.iter().map(|o| o.2).sum();
    eprintln!(
        "ptxfmt around errors: {tried} corpus mutants with a syntax error, {formatted} formatted around it, {unchanged} left unchanged (formatting around would change how they parse)"
    );
    assert!(tried > 300, "only {tried} mutants");
    assert!(unchanged * 20 <= tried, "{unchanged} of {tried} mutants left unchanged");
}
