//! Per-rule fixtures: `fixtures/<rule>.ptx` or `fixtures/<rule>.cu` (or
//! several files in `fixtures/<rule>/`; PTX rules on inline PTX in
//! `fixtures/inline/<rule>.cu`), linted with only that rule selected. Each file lists
//! violations first, then a line `// accepted` and the accepted cases. Every
//! line that must be reported ends with a `//~` marker; the test checks that
//! the reported lines are exactly the marked ones, and snapshots the rendered
//! diagnostics.

use std::collections::BTreeSet;
use std::path::Path;

use ptxkit_lint::report::{FileReport, render_text};
use ptxkit_lint::{Settings, lint_source, rules};

fn rule_of(path: &Path) -> String {
    let parent = path.parent().unwrap();
    let stem = if parent.file_name().unwrap() == "fixtures" || parent.file_name().unwrap() == "inline" {
        path.file_stem().unwrap()
    } else {
        parent.file_name().unwrap()
    };
    stem.to_str().unwrap().replace('_', "-")
}

fn check_fixture(path: &Path) -> String {
    let rule = rule_of(path);
    let text = std::fs::read_to_string(path).unwrap();
    // `// ptxlint-test: target=sm_80 version=7.0 extend=PTX201` lints as if
    // for another destination, with more rules enabled.
    let options: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("// ptxlint-test:"))
        .flat_map(str::split_whitespace)
        .collect();
    let mut selected = vec![rule.as_str()];
    selected.extend(
        options
            .iter()
            .filter_map(|o| o.strip_prefix("extend="))
            .flat_map(|e| e.split(',')),
    );
    let mut settings = Settings::only(&selected).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    {
        for pair in options.iter().filter(|o| !o.starts_with("extend=")) {
            match pair.split_once('=') {
                Some(("target", t)) => settings.target_override = t.parse().ok(),
                Some(("version", v)) => settings.version_override = v.parse().ok(),
                _ => panic!("{}: bad ptxlint-test option {pair}", path.display()),
            }
        }
    }
    let cpp = ptxkit_lint::inline::is_cpp_path(path);
    let (diagnostics, lines) = if cpp {
        let result = ptxkit_lint::inline::lint_cpp_source(&text, &settings);
        (result.diagnostics, result.lines)
    } else {
        let result = lint_source(&text, &settings);
        (result.diagnostics, result.parsed.lines().clone())
    };
    let lines = &lines;
    let result = Linted { diagnostics };
    let reported: BTreeSet<usize> = result
        .diagnostics
        .iter()
        .map(|d| lines.line_of(d.span.start) + 1)
        .collect();
    let expected: BTreeSet<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_end().ends_with("//~") || l.contains("//~ "))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(reported, expected, "{}: reported lines vs `//~` lines", path.display());
    for d in &result.diagnostics {
        assert_eq!(d.rule, rule, "{}: only the fixture's rule reports", path.display());
    }
    let name = path.file_name().unwrap().to_str().unwrap();
    let accepted_at = text.lines().position(|l| l.trim() == "// accepted").map(|i| i + 1);
    match accepted_at {
        Some(at) => {
            assert!(
                reported.iter().all(|l| *l < at),
                "{}: finding after `// accepted`",
                path.display()
            );
            assert!(
                reported.iter().any(|l| *l < at),
                "{}: no violation before `// accepted`",
                path.display()
            );
        }
        None if name.starts_with("ok") => assert!(reported.is_empty(), "{}", path.display()),
        None => assert!(
            !reported.is_empty(),
            "{}: a fixture without `// accepted` must be named ok* or report something",
            path.display()
        ),
    }
    let report = FileReport {
        path: &format!(
            "fixtures/{}",
            path.strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures"))
                .unwrap()
                .display()
        ),
        text: &text,
        lines,
        diagnostics: &result.diagnostics,
    };
    render_text(&report, false, false)
}

/// The findings of one fixture.
struct Linted {
    diagnostics: Vec<ptxkit_syntax::Diagnostic>,
}

#[test]
fn rule_fixtures() {
    insta::glob!("fixtures/**/*.{ptx,cu}", |path| {
        insta::assert_snapshot!(check_fixture(path));
    });
}

#[test]
fn every_rule_has_a_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for rule in rules() {
        let stem = rule.name.replace('-', "_");
        let file = dir.join(format!("{stem}.ptx"));
        let cpp = dir.join(format!("{stem}.cu"));
        let folder = dir.join(&stem);
        assert!(
            file.is_file() || cpp.is_file() || folder.is_dir(),
            "no fixture for {} ({})",
            rule.name,
            file.display()
        );
    }
}
