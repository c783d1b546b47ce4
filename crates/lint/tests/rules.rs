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

/// A fixture linted with its rule (and the rules its options add).
struct LintedFixture {
    rule: String,
    text: String,
    diagnostics: Vec<ptxkit_syntax::Diagnostic>,
    lines: ptxkit_syntax::LineIndex,
}

fn lint_fixture(path: &Path) -> LintedFixture {
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
    LintedFixture {
        rule,
        text,
        diagnostics,
        lines,
    }
}

fn check_fixture(path: &Path) -> String {
    let LintedFixture {
        rule,
        text,
        diagnostics,
        lines,
    } = lint_fixture(path);
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

/// Every fixture file under `dir`.
fn fixture_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            fixture_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "ptx" || e == "cu") {
            found.push(path);
        }
    }
}

#[test]
fn declared_fix_safety_matches_the_fixes_rules_emit() {
    // A rule declared `fix` emits only safe fixes, `unsafe-fix` only unsafe
    // ones, `fix (some)` either, `—` none; and a rule that declares fixes
    // emits at least one on its fixtures.
    use ptxkit_lint::FixAvailability;
    use ptxkit_syntax::Applicability;
    let mut files = Vec::new();
    fixture_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures"),
        &mut files,
    );
    let mut emitted: std::collections::HashMap<String, Vec<Applicability>> = Default::default();
    for path in &files {
        let linted = lint_fixture(path);
        for diagnostic in linted.diagnostics.iter().filter(|d| d.rule == linted.rule) {
            let entry = emitted.entry(diagnostic.rule.clone()).or_default();
            if let Some(fix) = &diagnostic.fix {
                entry.push(fix.applicability);
            }
        }
    }
    let mut wrong = Vec::new();
    for rule in rules() {
        let fixes = emitted.get(rule.name).cloned().unwrap_or_default();
        let ok = match rule.fix {
            FixAvailability::None => fixes.is_empty(),
            FixAvailability::Safe => !fixes.is_empty() && fixes.iter().all(|a| *a == Applicability::Safe),
            FixAvailability::Unsafe => !fixes.is_empty() && fixes.iter().all(|a| *a == Applicability::Unsafe),
            FixAvailability::Sometimes => !fixes.is_empty(),
        };
        if !ok {
            wrong.push(format!(
                "{} declares {:?}, its fixtures emit {fixes:?}",
                rule.name, rule.fix
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The first fenced code block after `heading` in a rule's documentation,
/// with its language.
fn doc_block<'a>(doc: &'a str, heading: &str) -> Option<(&'a str, String)> {
    let after = &doc[doc.find(heading)? + heading.len()..];
    let open = after.find("```")?;
    let rest = &after[open + 3..];
    let (language, body) = rest.split_once('\n')?;
    let code = &body[..body.find("```")?];
    Some((language.trim(), code.to_string()))
}

/// A documentation snippet as a module: its `.version`/`.target`/
/// `.address_size` lines (or PTX 8.8, sm_90a, 64-bit) first, then its
/// module-scope declarations, and the rest as the body of a kernel unless
/// it defines functions itself.
fn complete_example(code: &str) -> String {
    let mut header = String::new();
    let mut module = String::new();
    let mut body = String::new();
    let defines_functions = code.contains(".entry") || code.contains(".func");
    for line in code.lines() {
        let trimmed = line.trim_start();
        let directive = trimmed.split_whitespace().next().unwrap_or("");
        if matches!(directive, ".version" | ".target" | ".address_size") {
            header.push_str(line);
            header.push('\n');
        } else if defines_functions || matches!(directive, ".global" | ".const" | ".extern" | ".visible" | ".tex") {
            module.push_str(line);
            module.push('\n');
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    if defines_functions {
        // A whole module: as written (its header, or the lack of one, is
        // part of the example).
        return code.to_string();
    }
    for (directive, default) in [
        (".version", ".version 8.8\n"),
        (".target", ".target sm_90a\n"),
        (".address_size", ".address_size 64\n"),
    ] {
        if !header.contains(directive) {
            header.push_str(default);
        }
    }
    if body.trim().is_empty() {
        format!("{header}{module}")
    } else {
        format!("{header}{module}.visible .entry example()\n{{\n{body}}}\n")
    }
}

#[test]
fn rule_doc_examples_raise_the_rule_and_use_instead_does_not() {
    let mut wrong = Vec::new();
    for rule in rules() {
        // Suppression rules judge the suppressions of the other rules: run them all.
        let settings = if rule.code.starts_with("PTX90") {
            Settings::default()
        } else {
            Settings::only(&[rule.name]).unwrap()
        };
        for (heading, must_report) in [("## Example", true), ("## Use instead", false)] {
            let Some((language, code)) = doc_block(rule.doc(), heading) else {
                wrong.push(format!("{}: no code block under `{heading}`", rule.name));
                continue;
            };
            let diagnostics = match language {
                "ptx" => lint_source(&complete_example(&code), &settings).diagnostics,
                "cpp" | "cuda" => ptxkit_lint::inline::lint_cpp_source(&code, &settings).diagnostics,
                other => {
                    wrong.push(format!(
                        "{}: `{heading}` block in unknown language `{other}`",
                        rule.name
                    ));
                    continue;
                }
            };
            let reported = diagnostics.iter().any(|d| d.rule == rule.name);
            if reported != must_report {
                let what = if must_report { "does not raise" } else { "raises" };
                wrong.push(format!("{}: `{heading}` {what} the rule:\n{code}", rule.name));
            }
        }
    }
    assert!(wrong.is_empty(), "{} problems:\n{}", wrong.len(), wrong.join("\n"));
}

/// A module with syntax errors: a broken function header leaves its body's `.reg`
/// declarations at module scope, and which functions use them cannot be known. The fix
/// (found by the fuzzer) deleted the broken parameter lines with the declaration, or
/// added syntax errors; the finding stays, without a fix.
#[test]
fn module_scope_register_fix_is_not_offered_around_syntax_errors() {
    let text = ".version 7.8\n.target sm_80\n.address_size 64\n.visible .entry name[d_barriers(\n\t.param .u64 .ptr .align 1 a_param_0,\n\t.param .u64 .ptr .align 1 a_param_1\n)\n{\n\t.reg .b32 \t%r<4>;\n\tmov.u32 \t%r1, %tid.x;\n\tret;\n}\n.visible .entry j()\n{\n\tmov.u32 %r1, 1;\n\tret;\n}\n";
    let found = ptxkit_lint::lint_source(text, &ptxkit_lint::Settings::default()).diagnostics;
    let module_scope: Vec<_> = found.iter().filter(|d| d.code == "PTX205").collect();
    assert!(!module_scope.is_empty(), "{found:#?}");
    assert!(module_scope.iter().all(|d| d.fix.is_none()), "{module_scope:#?}");
}

/// `.v0` is no vector width (the signature rules report it); the memory-access
/// requirements subtracted one from it (the fuzzer found the overflow).
#[test]
fn a_zero_vector_width_is_linted_without_panic() {
    let text = ".version 7.8\n.target sm_80\n.address_size 64\n.entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\t.reg .f32 %f<2>;\n\tld.param.u64 %rd1, [p];\n\tld.global.v0.f32 {%f1, _}, [%rd1];\n\tst.global.v0.f32 [%rd1], {%f1};\n\tret;\n}\n";
    let found = ptxkit_lint::lint_source(text, &ptxkit_lint::Settings::default()).diagnostics;
    assert!(
        found.iter().any(|d| d.span.start > text.find("v0").unwrap()),
        "{found:#?}"
    );
}

/// A `%r<4>` range that declares two registers already declared: one finding at the range,
/// for the register declared first, whatever order the symbol table's hash maps give (each
/// lint builds its own; the language server's fuzz target saw two lints disagree).
#[test]
fn a_range_over_several_declared_registers_reports_the_first_every_time() {
    let text = ".version 7.8\n.target sm_80\n.address_size 64\n.entry k()\n{\n\t.reg .b32 %r1;\n\t.reg .b32 %r0;\n\t.reg .b32 %r2;\n\t.reg .b32 %r<4>;\n\tret;\n}\n";
    let range = text.find("%r<4>").unwrap();
    for _ in 0..32 {
        let found = ptxkit_lint::lint_source(text, &ptxkit_lint::Settings::default()).diagnostics;
        let at_range: Vec<_> = found
            .iter()
            .filter(|d| d.code == "PTX405" && d.span.start == range)
            .collect();
        assert_eq!(at_range.len(), 1, "{found:#?}");
        assert!(at_range[0].message.contains("`%r1`"), "{:#?}", at_range[0]);
    }
}
