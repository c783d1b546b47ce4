//! The real-PTX corpus: every file that parses is formatted, and the result
//! must be idempotent, keep the non-whitespace text, parse to the same tree
//! and keep every comment.
//!
//! The corpus lives outside the repository: `PTX_CORPUS_DIR`, default
//! `../shared/corpus` relative to the workspace root.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

mod common;

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "ptxfmt corpus test")
}

/// What one file showed: whether it was formatted (false: syntax errors),
/// and the layout figures.
type Checked = (bool, Option<common::layout::Layout>);

/// What went wrong with one file, if anything.
fn check(path: &Path) -> Result<Checked, String> {
    let name = path.display();
    let input = ptxkit_syntax::source::read_source(path).map_err(|e| e.to_string())?;
    let options = ptxkit_fmt::Options::default();
    let before = ptxkit_syntax::parse(input.as_str());
    if !before.syntax_errors().is_empty() {
        return Ok((false, None));
    }
    let output = ptxkit_fmt::format_parsed(&before, &options).map_err(|e| format!("{name}: {e}"))?;
    if !ptxkit_fmt::verify::same_non_whitespace(&input, &output) {
        return Err(format!("{name}: non-whitespace text changed"));
    }
    let after = ptxkit_syntax::parse(output.as_str());
    if let Some(offset) = ptxkit_fmt::verify::first_tree_difference(&before, &after) {
        return Err(format!("{name}: different tree at byte {offset}"));
    }
    let kept: Vec<&str> = after.comments().into_iter().map(str::trim_end).collect();
    let mut kept = kept.into_iter();
    for comment in before.comments() {
        if !kept.any(|c| c == comment.trim_end()) {
            return Err(format!("{name}: lost comment {comment:?}"));
        }
    }
    let again = ptxkit_fmt::format_parsed(&after, &options).map_err(|e| format!("{name}: second pass: {e}"))?;
    if again != output {
        return Err(format!("{name}: not idempotent"));
    }
    let layout = common::layout::check(&output, options.line_width);
    if let Some(first) = layout.violations.first() {
        return Err(format!(
            "{name}: {first} ({} layout violations)",
            layout.violations.len()
        ));
    }
    Ok((true, Some(layout)))
}

#[test]
fn corpus_formats_soundly() {
    let Some(dir) = corpus_dir() else { return };
    let files: Vec<PathBuf> = ptxkit_syntax::corpus::ptx_files(&dir).unwrap().into_iter().collect();
    let results: Vec<Result<Checked, String>> = files.par_iter().map(|path| check(path)).collect();
    let formatted = results.iter().filter(|r| matches!(r, Ok((true, _)))).count();
    let skipped = results.iter().filter(|r| matches!(r, Ok((false, _)))).count();
    let layouts: Vec<&common::layout::Layout> = results
        .iter()
        .filter_map(|r| r.as_ref().ok().and_then(|(_, l)| l.as_ref()))
        .collect();
    let sum = |f: fn(&common::layout::Layout) -> usize| layouts.iter().map(|l| f(l)).sum::<usize>();
    eprintln!(
        "ptxfmt corpus layout: {} lines over the width: {} only by a trailing comment, {} holding one element the formatter never breaks, 0 that could break; deepest continuation line {} columns below its instruction",
        sum(|l| l.over_width),
        sum(|l| l.comment_overflow),
        sum(|l| l.single_element),
        layouts.iter().map(|l| l.deepest_continuation).max().unwrap_or(0)
    );
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    eprintln!(
        "ptxfmt corpus: {} files, {formatted} formatted soundly, {skipped} skipped for syntax errors, {} failed",
        files.len(),
        failures.len()
    );
    assert!(files.len() > 1000, "the corpus should have over 1,000 files");
    assert!(
        skipped < 30,
        "{skipped} files with syntax errors (the grammar lists 20 exceptions)"
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
}
