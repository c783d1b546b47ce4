//! Range formatting ([`ptxkit_fmt::format_range`]): only the statements the
//! range touches change; every other line keeps its bytes. Checked on a
//! hand-written kernel (snapshots) and on line ranges drawn over corpus
//! files: the lines outside the touched statements are unchanged, the
//! result is sound, and formatting it whole gives the whole file formatted.

use std::collections::HashSet;
use std::path::PathBuf;

use ptxkit_fmt::range::line_range;
use ptxkit_fmt::{Options, format_document, format_range};
use ptxkit_syntax::tree_sitter::Node;

const KERNEL: &str = "\
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 out,.param .u64 desc)
{
.reg .f32 %f<8>;
ld.param.u64 %rd1,[out];
  mov.u32 %r1,%tid.x;  // lane
wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0,%f1,%f2,%f3}, %rd2,%rd3,1,1,1,0,0;
{
add.s32 %r2,%r1,1;
}
st.global.f32 [%rd1],%f0;   ret;
}
";

fn formatted_lines(first: usize, last: usize) -> String {
    let range = line_range(KERNEL, first, last);
    format_range(KERNEL, range, &Options::default()).unwrap().text
}

#[test]
fn a_range_formats_the_statements_it_touches() {
    insta::assert_snapshot!("line_8_one_instruction", formatted_lines(8, 8));
    insta::assert_snapshot!("lines_9_to_11_a_long_instruction_and_a_brace", formatted_lines(9, 11));
    insta::assert_snapshot!("line_4_a_function_header", formatted_lines(4, 4));
    insta::assert_snapshot!("line_13_two_statements_on_one_line", formatted_lines(13, 13));
    assert_eq!(
        formatted_lines(1, 99),
        format_document(KERNEL, &Options::default()).unwrap().text
    );
    let unterminated = KERNEL.trim_end();
    let range = line_range(unterminated, 13, 14);
    let formatted = format_range(unterminated, range, &Options::default()).unwrap();
    assert!(
        formatted.text.ends_with("\n    ret;\n}"),
        "the end of the text is not a statement"
    );
    assert_eq!(formatted_lines(99, 99), KERNEL, "a range past the end touches nothing");
}

#[test]
fn a_range_works_around_syntax_errors() {
    let text = ".version 8.0\n.target sm_90\n.entry ok()\n{\nret;\n}\n.entry bad() { mov.u32 %r1 }\n";
    let formatted = format_range(text, line_range(text, 5, 7), &Options::default()).unwrap();
    assert_eq!(
        formatted.text,
        ".version 8.0\n.target sm_90\n.entry ok()\n{\n    ret;\n}\n.entry bad() { mov.u32 %r1 }\n"
    );
    assert_eq!(formatted.syntax_errors.len(), 1);
}

/// The innermost node on a token's path that is an item of a statement
/// list (as the formatter defines a statement).
fn statement_of(leaf: Node<'_>) -> usize {
    let mut node = leaf;
    while let Some(parent) = node.parent() {
        if matches!(parent.kind(), "source_file" | "block" | "section_body") {
            break;
        }
        node = parent;
    }
    node.id()
}

/// The lines (0-based) the statements touching lines `first..=last`
/// (1-based) span, from their first token's line to their last's.
fn touched_lines(text: &str, first: usize, last: usize) -> Option<(usize, usize)> {
    let parsed = ptxkit_syntax::parse(text);
    let leaves: Vec<Node<'_>> = ptxkit_syntax::preorder(parsed.root())
        .filter(|n| n.child_count() == 0)
        .collect();
    let on_lines = |n: &Node<'_>| n.start_position().row < last && n.end_position().row + 1 >= first;
    let touched: HashSet<usize> = leaves
        .iter()
        .filter(|n| on_lines(n))
        .map(|n| statement_of(*n))
        .collect();
    let spans: Vec<(usize, usize)> = leaves
        .iter()
        .filter(|n| touched.contains(&statement_of(**n)))
        .map(|n| (n.start_position().row, n.end_position().row))
        .collect();
    Some((spans.iter().map(|s| s.0).min()?, spans.iter().map(|s| s.1).max()?))
}

/// Checks one range of one text.
fn check(name: &str, text: &str, first: usize, last: usize) -> Result<(), String> {
    let options = Options::default();
    let result = format_range(text, line_range(text, first, last), &options).map_err(|e| format!("{name}: {e}"))?;
    let whole = format_document(text, &options).unwrap().text;
    let again = format_document(&result.text, &options).unwrap().text;
    if again != whole {
        return Err(format!(
            "{name} lines {first}-{last}: formatting the result whole differs from formatting the input whole"
        ));
    }
    let Some((lo, hi)) = touched_lines(text, first, last) else {
        return if result.text == text {
            Ok(())
        } else {
            Err(format!("{name} lines {first}-{last}: nothing touched, yet changed"))
        };
    };
    let before: Vec<&str> = text.split_inclusive('\n').collect();
    let after: Vec<&str> = result.text.split_inclusive('\n').collect();
    let kept_head = before.iter().zip(&after).take_while(|(a, b)| a == b).count();
    let kept_tail = before
        .iter()
        .rev()
        .zip(after.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    if kept_head < lo || before.len() - kept_tail > hi + 1 {
        return Err(format!(
            "{name} lines {first}-{last}: changed outside the touched statements (lines {}-{}): kept {kept_head} lines before and {kept_tail} after",
            lo + 1,
            hi + 1
        ));
    }
    Ok(())
}

#[test]
fn corpus_ranges_change_only_the_statements_they_touch() {
    use rayon::prelude::*;
    let Some(dir) = ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "range corpus test") else {
        return;
    };
    let files: Vec<PathBuf> = ptxkit_syntax::corpus::ptx_files(&dir)
        .unwrap()
        .into_iter()
        .step_by(7)
        .collect();
    let results: Vec<Result<usize, String>> = files
        .par_iter()
        .map(|path| {
            let Ok(text) = ptxkit_syntax::source::read_source(path) else {
                return Ok(0);
            };
            if text.len() > 100_000 {
                return Ok(0);
            }
            let lines = text.lines().count().max(1);
            let mut seed = text.len() as u64;
            let mut checked = 0;
            for _ in 0..4 {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let first = 1 + (seed >> 33) as usize % lines;
                let last = (first + (seed >> 50) as usize % 6).min(lines);
                check(&path.display().to_string(), &text, first, last)?;
                checked += 1;
            }
            Ok(checked)
        })
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    let checked: usize = results.iter().filter_map(|r| r.as_ref().ok()).sum();
    eprintln!(
        "ptxfmt ranges: {checked} line ranges over {} corpus files, {} failed",
        files.len(),
        failures.len()
    );
    assert!(checked > 300, "only {checked} ranges checked");
    assert!(
        failures.is_empty(),
        "{}",
        failures.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
}
