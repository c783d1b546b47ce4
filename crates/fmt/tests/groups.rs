//! Formatting in groups of top-level items ([`ptxkit_fmt::groups`]) gives
//! the whole-file formatter's output byte for byte: on every fmt fixture and
//! every corpus file, with groups of one function each so that every join is
//! exercised, and with the options that change the layout.
//!
//! The corpus lives outside the repository: `PTX_CORPUS_DIR`, default
//! `../shared/corpus` relative to the workspace root.

use std::path::{Path, PathBuf};

use ptxkit_fmt::groups::{format_in_groups, format_in_groups_with};
use ptxkit_fmt::{IndentStyle, Options, Verification};
use rayon::prelude::*;

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "grouped-formatting corpus test")
}

/// The whole-file formatter's output, or `None` when it refuses the text.
fn whole(text: &str, options: &Options) -> Option<String> {
    let parsed = ptxkit_syntax::parse(text);
    ptxkit_fmt::check_syntax(&parsed).ok()?;
    ptxkit_fmt::format_parsed(&parsed, options).ok()
}

/// How a text fared: formatted in groups (identical to whole), or left to
/// the whole-file path, which then refuses it or not.
#[derive(Debug, PartialEq, Eq)]
enum Fared {
    Grouped,
    WholeRefused,
    WholeFormatted,
}

/// How `text` fares, checking on the way that the answer `--check` gives (outputs not
/// parsed again, [`Verification::Text`]) is the written output's, whole and in groups.
fn compare(text: &str, options: &Options, name: &str) -> Fared {
    let expected = whole(text, options);
    let parsed = ptxkit_syntax::parse(text);
    if ptxkit_fmt::check_syntax(&parsed).is_ok() {
        let unverified = ptxkit_fmt::format_parsed_document_with(&parsed, options, Verification::Text).ok();
        assert_eq!(
            unverified.map(|f| f.text),
            expected,
            "{name}: --check's whole-file output differs"
        );
    }
    let grouped = format_in_groups(text, options, 1);
    assert_eq!(
        format_in_groups_with(text, options, 1, Verification::Text),
        grouped,
        "{name}: --check's grouped output differs"
    );
    match grouped {
        Some(grouped) => {
            let expected =
                expected.unwrap_or_else(|| panic!("{name}: grouped formatting of a text the whole path refuses"));
            if grouped != expected {
                let line = grouped
                    .lines()
                    .zip(expected.lines())
                    .position(|(a, b)| a != b)
                    .map_or(0, |i| i + 1);
                panic!("{name}: grouped output differs from the whole file's near output line {line}");
            }
            Fared::Grouped
        }
        None if expected.is_none() => Fared::WholeRefused,
        None => Fared::WholeFormatted,
    }
}

fn option_sets() -> Vec<Options> {
    vec![
        Options::default(),
        Options {
            indent_style: IndentStyle::Tabs,
            line_width: 60,
            align_comments: false,
            align_operands: false,
            ..Options::default()
        },
    ]
}

#[test]
fn grouped_formatting_is_whole_file_formatting_on_the_fixtures() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut grouped = 0;
    let mut joined = String::new();
    let mut stack = vec![dir];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "ptx") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            if !text.contains("ptxfmt:") && !text.contains('\r') && whole(&text, &Options::default()).is_some() {
                joined.push_str(&text);
                joined.push('\n');
            }
            for options in option_sets() {
                let fared = compare(&text, &options, &path.display().to_string());
                grouped += usize::from(fared == Fared::Grouped);
                // A CRLF copy: the joins end lines as the text's first line does.
                let crlf = text.replace("\r\n", "\n").replace('\n', "\r\n");
                compare(&crlf, &options, &format!("{} (CRLF)", path.display()));
            }
        }
    }
    assert!(grouped >= 10, "only {grouped} fixture runs were formatted in groups");
    // Every fixture one after the other: joins after every kind of function
    // and `.section`, before every kind of item.
    for options in option_sets() {
        assert_eq!(compare(&joined, &options, "the fixtures joined"), Fared::Grouped);
    }
}

#[test]
fn grouped_formatting_is_whole_file_formatting_on_the_corpus() {
    let Some(dir) = corpus_dir() else { return };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let paths: Vec<PathBuf> = files.into_iter().collect();
    let fared: Vec<(String, Fared)> = paths
        .par_iter()
        .map(|path| {
            let text = ptxkit_syntax::source::read_source(path).unwrap();
            let name = path.strip_prefix(&dir).unwrap().display().to_string();
            let fared = compare(&text, &Options::default(), &name);
            (name, fared)
        })
        .collect();
    let count = |kind: Fared| fared.iter().filter(|(_, f)| *f == kind).count();
    let whole_only: Vec<&str> = fared
        .iter()
        .filter(|(_, f)| *f == Fared::WholeFormatted)
        .map(|(name, _)| name.as_str())
        .collect();
    eprintln!(
        "{} corpus files: {} formatted in groups identically, {} refused (syntax errors), {} formatted whole only",
        fared.len(),
        count(Fared::Grouped),
        count(Fared::WholeRefused),
        whole_only.len()
    );
    // A file takes the whole-file path only when it has a single function or
    // `.section` (nothing to join), or a top-level `ptxfmt:` directive.
    let unexplained: Vec<&&str> = whole_only
        .iter()
        .filter(|name| {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            let items = ptxkit_syntax::split::top_level_items(&text).unwrap_or_default();
            items.iter().filter(|item| item.ends_with_brace).count() > 1 && !text.contains("ptxfmt:")
        })
        .collect();
    assert!(unexplained.is_empty(), "formatted whole only: {unexplained:?}");
    assert!(
        count(Fared::Grouped) > 400,
        "only {} files formatted in groups",
        count(Fared::Grouped)
    );
}

/// Corpus files with their whitespace changed where the joins are (no blank
/// lines; each line after a `}` pulled up onto its line, so that functions,
/// comments and directives follow a `}` on the same line; CRLF): grouped
/// formatting is still whole-file formatting.
#[test]
fn grouped_formatting_is_whole_file_formatting_on_corpus_whitespace_variants() {
    let Some(dir) = corpus_dir() else { return };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let mut paths: Vec<PathBuf> = files.into_iter().collect();
    paths.sort();
    let variants: [fn(&str) -> String; 3] = [
        |text| text.replace("\n\n", "\n"),
        |text| text.replace("}\n", "} "),
        |text| text.replace("\r\n", "\n").replace('\n', "\r\n"),
    ];
    let grouped: usize = paths
        .par_iter()
        .step_by(3)
        .map(|path| {
            let text = ptxkit_syntax::source::read_source(path).unwrap();
            if text.len() > 400_000 {
                return 0;
            }
            let name = path.strip_prefix(&dir).unwrap().display().to_string();
            variants
                .iter()
                .enumerate()
                .filter(|(index, variant)| {
                    compare(
                        &variant(&text),
                        &Options::default(),
                        &format!("{name} (variant {index})"),
                    ) == Fared::Grouped
                })
                .count()
        })
        .sum();
    assert!(grouped > 300, "only {grouped} variants formatted in groups");
}
