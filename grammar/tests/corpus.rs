//! Runs the grammar's test corpus (`test/corpus/*.txt`), in tree-sitter's
//! format: a `===` header with the test name, the input, a `---` line and the
//! expected S-expression. `UPDATE_EXPECT=1 cargo test -p tree-sitter-ptx`
//! rewrites the expectations from the current parser (review the diff).

use std::path::Path;

struct Case {
    name: String,
    input: String,
    expected: String,
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut i = 0;
    let is_rule = |line: &str, ch: char| {
        let line = line.trim_end();
        line.len() >= 3 && line.chars().all(|c| c == ch)
    };
    while i < lines.len() {
        if !is_rule(lines[i], '=') {
            i += 1;
            continue;
        }
        let name = lines[i + 1].trim().to_string();
        i += 3; // header, name, header
        let mut input = String::new();
        while i < lines.len() && !is_rule(lines[i], '-') {
            input.push_str(lines[i]);
            i += 1;
        }
        i += 1;
        let mut expected = String::new();
        while i < lines.len() && !(is_rule(lines[i], '=') && i + 2 < lines.len() && is_rule(lines[i + 2], '=')) {
            expected.push_str(lines[i]);
            i += 1;
        }
        // The blank line before the `---` separator belongs to the layout, not the input.
        let input = input
            .trim_start_matches('\n')
            .strip_suffix("\n\n")
            .unwrap_or(&input)
            .to_string();
        cases.push(Case {
            name,
            input,
            expected: expected.trim().to_string(),
        });
    }
    cases
}

fn normalize(sexp: &str) -> String {
    sexp.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Pretty-prints an S-expression: one node per line, two spaces per level,
/// `field: (node` kept on one line.
fn pretty(sexp: &str) -> String {
    let flat = normalize(sexp);
    let mut out = String::new();
    let mut depth = 0usize;
    for (i, c) in flat.char_indices() {
        match c {
            '(' => {
                if !out.is_empty() && !out.ends_with(": ") {
                    out.push('\n');
                    out.push_str(&"  ".repeat(depth));
                }
                depth += 1;
                out.push('(');
            }
            ')' => {
                depth = depth.saturating_sub(1);
                out.push(')');
            }
            ' ' if flat[i + 1..].starts_with('(') && !out.ends_with(':') => {}
            _ => {
                if c != ' ' && out.ends_with(')') {
                    out.push('\n');
                    out.push_str(&"  ".repeat(depth));
                }
                out.push(c);
            }
        }
    }
    out
}

#[test]
fn grammar_corpus() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/corpus");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut parser = tree_sitter::Parser::new();
    parser.set_language(&tree_sitter_ptx::LANGUAGE.into()).unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    assert!(!files.is_empty(), "no test corpus in {}", dir.display());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let cases = parse_cases(&text);
        assert!(!cases.is_empty(), "{}: no test cases", path.display());
        let mut updated = String::new();
        for case in &cases {
            count += 1;
            let tree = parser.parse(&case.input, None).unwrap();
            let actual = tree.root_node().to_sexp();
            if update {
                let rule = "=".repeat(80);
                updated.push_str(&format!(
                    "{rule}\n{}\n{rule}\n\n{}\n\n{}\n\n{}\n\n",
                    case.name,
                    case.input,
                    "-".repeat(80),
                    pretty(&actual)
                ));
            } else if normalize(&actual) != normalize(&case.expected) {
                failures.push(format!(
                    "{} / {}\n  expected: {}\n  actual:   {}",
                    path.file_name().unwrap().to_string_lossy(),
                    case.name,
                    normalize(&case.expected),
                    normalize(&actual)
                ));
            }
        }
        if update {
            std::fs::write(&path, updated.trim_end().to_string() + "\n").unwrap();
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} corpus tests failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("{count} grammar corpus tests passed");
}
