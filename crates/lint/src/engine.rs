//! The entry points: lint a text whole, in pieces on several threads, or in groups of
//! top-level items (a large text), all through the one [`crate::pipeline::Pipeline`].

use ptxkit_syntax::{Diagnostic, ParsedSource, Span, parse};

use ptxkit_semantic::SemanticModel;

use crate::checker::Findings;
use crate::pipeline::Pipeline;
use crate::settings::Settings;

/// The outcome of linting one text.
pub struct LintResult {
    /// The parsed text.
    pub parsed: ParsedSource,
    /// The findings, sorted by position, suppressions applied.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and lints a PTX text.
pub fn lint_source(text: &str, settings: &Settings) -> LintResult {
    let parsed = parse(text);
    let diagnostics = lint_parsed(&parsed, settings);
    LintResult { parsed, diagnostics }
}

/// The findings on a text linted by [`lint_text`], with the text's line index.
pub struct TextFindings {
    /// The findings, sorted by position, suppressions applied.
    pub diagnostics: Vec<Diagnostic>,
    /// Line and column lookup for the text.
    pub lines: std::sync::Arc<ptxkit_syntax::LineIndex>,
}

/// Lints a PTX text without keeping its syntax tree: the findings of [`lint_source`]. A
/// text larger than two groups of top-level items (about 1 MiB) is parsed and checked
/// one group at a time, on rayon's current thread pool, so that memory stays a few times
/// the text's size (see [`crate::grouped`]).
///
/// ```
/// use ptxkit_lint::{Settings, lint_source, lint_text};
/// let text = ".version 7.8\n.target sm_80\n.entry k()\n{\n\tbar.sync 0;\n\tret;\n}\n";
/// let found = lint_text(text, &Settings::default());
/// assert_eq!(found.diagnostics, lint_source(text, &Settings::default()).diagnostics);
/// ```
pub fn lint_text(text: &str, settings: &Settings) -> TextFindings {
    if let Some((diagnostics, lines)) = crate::grouped::lint(
        text,
        settings,
        crate::grouped::GROUP_BYTES,
        crate::grouped::KEEP_TREES_BYTES,
        crate::grouped::MAX_WHOLE_BYTES,
    ) {
        return TextFindings { diagnostics, lines };
    }
    let parsed = parse(text);
    let diagnostics = lint_parsed(&parsed, settings);
    TextFindings {
        diagnostics,
        lines: parsed.shared_lines().clone(),
    }
}

/// Lints an already parsed text. A large text is split at top-level items into pieces
/// that run on rayon's current thread pool (a rule's finding depends only on the item it
/// visits and on the module's declarations; see `incremental`): with `ptxlint -j 2`
/// one big file takes both cores. The findings are the same as on one thread.
pub fn lint_parsed(parsed: &ParsedSource, settings: &Settings) -> Vec<Diagnostic> {
    let threads = rayon::current_num_threads();
    let pieces = if threads > 1 { threads * PIECES_PER_THREAD } else { 1 };
    lint_in_pieces(parsed, settings, pieces.min(parsed.text().len() / MIN_PIECE_BYTES))
}

/// How many pieces per thread a large file is split into (so that unequal pieces even out).
const PIECES_PER_THREAD: usize = 4;

/// The smallest piece worth a task of its own.
const MIN_PIECE_BYTES: usize = 64 * 1024;

/// [`lint_parsed`] with the rules' visits run in about `pieces` pieces of the text (one when
/// `pieces` is 0 or 1), each with its own pipeline, in parallel; their findings are put
/// back in source order before the per-file steps (grouping, suppressions) run.
pub(crate) fn lint_in_pieces(parsed: &ParsedSource, settings: &Settings, pieces: usize) -> Vec<Diagnostic> {
    let model = SemanticModel::build(parsed);
    let mut pipeline = Pipeline::new(parsed, &model, settings);
    pipeline.module_rules();
    let ranges = piece_ranges(parsed, pieces);
    if ranges.len() <= 1 {
        pipeline.visit(None, |_, _| true);
        return pipeline.finish();
    }
    // Computed once here rather than once per piece: a walk of the whole file.
    let constructs: Vec<(Span, ptxkit_isa::Issue)> = pipeline.checker().construct_issues().as_ref().clone();
    use rayon::prelude::*;
    let found: Vec<Findings> = ranges
        .into_par_iter()
        .with_max_len(1)
        .map(|range| {
            let mut piece = Pipeline::new(parsed, &model, settings);
            piece.give_constructs(constructs.clone());
            piece.visit(Some(range), |_, _| true);
            piece.into_findings()
        })
        .collect();
    pipeline.absorb(found);
    pipeline.finish()
}

/// Byte ranges that cover the whole text (and a match at its very end), cut at the starts
/// of top-level items into about `pieces` of similar size.
fn piece_ranges(parsed: &ParsedSource, pieces: usize) -> Vec<std::ops::Range<usize>> {
    let whole = 0..usize::MAX;
    if pieces <= 1 {
        return vec![whole];
    }
    let target = parsed.text().len() / pieces;
    let mut starts = vec![0];
    let mut cursor = parsed.root().walk();
    for item in parsed.root().children(&mut cursor) {
        let at = item.start_byte();
        if at >= starts.last().copied().unwrap_or(0) + target {
            starts.push(at);
        }
    }
    let mut ends: Vec<usize> = starts[1..].to_vec();
    ends.push(whole.end);
    starts.into_iter().zip(ends).map(|(start, end)| start..end).collect()
}

/// For the fuzz target: the first rule or query pattern for which what the pruned walk (the
/// `dispatch` module) finds in `text` (in `range`, when given) differs from what a walk of
/// the whole tree and a query cursor over it find, with both; `None` when they agree (they
/// must).
#[doc(hidden)]
pub fn dispatch_disagreement(text: &str, range: Option<std::ops::Range<usize>>) -> Option<String> {
    let parsed = parse(text);
    let (walked_nodes, walked_matches) = crate::pipeline::walked(&parsed, range.clone());
    let (nodes, matches) = crate::pipeline::expected(&parsed, range);
    if let Some(rule) = (0..nodes.len()).find(|&r| walked_nodes[r] != nodes[r]) {
        return Some(format!(
            "rule {}: the walk visited {:?}, a full walk {:?}",
            crate::rules()[rule].name,
            walked_nodes[rule],
            nodes[rule]
        ));
    }
    let pattern = (0..matches.len()).find(|&p| walked_matches.get(p) != matches.get(p))?;
    Some(format!(
        "pattern {pattern}: the walk found {:?}, the query cursor {:?}",
        walked_matches.get(pattern),
        matches.get(pattern)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module of `functions` kernels, each with findings of per-match rules, a finding
    /// reported once per file (grouped), a suppression and a dataflow finding.
    fn many_functions(functions: usize) -> String {
        let mut text = String::from(".version 7.8\n.target sm_80\n.address_size 64\n.shared .align 4 .b8 smem[64];\n");
        for k in 0..functions {
            text.push_str(&format!(
                ".visible .entry k{k}(.param .u64 p)\n{{\n\t.reg .b32 %r<4>;\n\t.reg .f32 %f<4>;\n\tmov.u32 %r1, %r9;\n\tadd.s32 %r2, %r1, undeclared_{k};\n\tshfl.idx.b32 %r3, %r1, 0, 31; // ptxlint: ignore[shfl-vote-without-sync]\n\tld.shared.v2.f32 {{%f1, %f2}}, [smem+{}];\n\tst.shared.u32 [smem+64], %r2;\n\tret;\n}}\n",
                4 * (k % 3)
            ));
        }
        text
    }

    #[test]
    fn pieces_find_what_one_pass_finds() {
        let text = many_functions(60);
        let parsed = parse(text.as_str());
        let settings = Settings::default();
        let whole = lint_in_pieces(&parsed, &settings, 1);
        assert!(
            whole.len() > 60 * 3,
            "the module has findings to compare: {}",
            whole.len()
        );
        for pieces in [2, 3, 7, 59, 60, 200] {
            assert_eq!(lint_in_pieces(&parsed, &settings, pieces), whole, "{pieces} pieces");
        }
        assert!(piece_ranges(&parsed, 7).len() > 1);
    }

    /// The corpus's larger files: split in pieces of one tree, and parsed and linted in
    /// groups of 64 KiB (trees dropped between the passes), the findings of one pass.
    #[test]
    fn pieces_and_groups_find_what_one_pass_finds_on_the_corpus() {
        use rayon::prelude::*;
        let Some(dir) = ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "pieces corpus test") else {
            return;
        };
        let found = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
        let large: Vec<std::path::PathBuf> = found
            .into_iter()
            .filter(|f| std::fs::metadata(f).is_ok_and(|m| m.len() > 300_000))
            .collect();
        assert!(large.len() > 20, "{} large files under {}", large.len(), dir.display());
        let settings = Settings::default();
        let grouped: usize = large
            .par_iter()
            .map(|path| {
                let text = ptxkit_syntax::source::read_source(path).unwrap();
                let in_groups =
                    crate::grouped::lint(&text, &settings, 64 * 1024, 0, usize::MAX).map(|(found, _)| found);
                let parsed = parse(text);
                let whole = lint_in_pieces(&parsed, &settings, 1);
                assert_eq!(
                    lint_in_pieces(&parsed, &settings, 5),
                    whole,
                    "{} in pieces",
                    path.display()
                );
                if let Some(in_groups) = in_groups {
                    assert_eq!(in_groups, whole, "{} in groups", path.display());
                    1
                } else {
                    0
                }
            })
            .sum();
        assert!(
            grouped * 2 > large.len(),
            "only {grouped} of {} files linted in groups",
            large.len()
        );
    }

    /// The walk and the rooted cursors find exactly the matches the query cursor finds, in
    /// the same order for each pattern, on every corpus file, whole and in pieces.
    #[test]
    fn dispatch_finds_what_the_query_cursor_finds_on_the_corpus() {
        use rayon::prelude::*;
        let Some(dir) = ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "dispatch corpus test") else {
            return;
        };
        let files: Vec<std::path::PathBuf> = ptxkit_syntax::corpus::ptx_files(&dir).unwrap().into_iter().collect();
        assert!(files.len() > 1000, "{} files under {}", files.len(), dir.display());
        let matched: usize = files
            .par_iter()
            .map(|path| {
                let Ok(text) = ptxkit_syntax::source::read_source(path) else {
                    return 0;
                };
                let parsed = parse(text);
                let whole = crate::pipeline::expected(&parsed, None);
                assert_eq!(crate::pipeline::walked(&parsed, None), whole, "{}", path.display());
                for range in piece_ranges(&parsed, 3) {
                    assert_eq!(
                        crate::pipeline::walked(&parsed, Some(range.clone())),
                        crate::pipeline::expected(&parsed, Some(range.clone())),
                        "{} in {range:?}",
                        path.display()
                    );
                }
                whole.0.iter().map(Vec::len).sum::<usize>() + whole.1.iter().map(Vec::len).sum::<usize>()
            })
            .sum();
        assert!(matched > 1_000_000, "{matched} matches");
    }

    /// Broken texts (each character of a module deleted, or a bracket put before it): the
    /// walk goes into nodes that hold errors, where an `ERROR` node may hold anything.
    #[test]
    fn dispatch_finds_what_the_query_cursor_finds_in_broken_text() {
        let text = many_functions(2)
            + ".func (.param .align 8 .b64 r) f(.param .f16 a) .maxnctapersm 2\n{\n\t.local .b32 x;\n\tcall (r), f, (a);\n\tld.const[2].f32 %f1, [c];\n\tret;\n}\n.tex .u32 t;\n.reg .b32 m;\n";
        let mut broken = 0;
        for at in (0..text.len()).filter(|&at| text.is_char_boundary(at)) {
            for edit in ["", "{", "(", "[", ";", "}"] {
                let next = text[at..].chars().next().map_or(0, char::len_utf8);
                let mutant = if edit.is_empty() {
                    format!("{}{}", &text[..at], &text[at + next..])
                } else {
                    format!("{}{edit}{}", &text[..at], &text[at..])
                };
                let parsed = parse(mutant.as_str());
                broken += usize::from(parsed.root().has_error());
                assert_eq!(dispatch_disagreement(&mutant, None), None, "{mutant}");
            }
        }
        assert!(broken > 1000, "{broken} broken texts");
    }

    /// Error recovery can nest one pattern's roots (here a parameter declaration inside the
    /// `ERROR` of a variable declaration): the query cursor yields the inner match first (it
    /// completes first), and so must the walk. Found by the `lint` fuzz target.
    #[test]
    fn dispatch_keeps_the_cursors_order_when_error_recovery_nests_roots() {
        let texts = [
            ".version 7.8\n.target sm_80\n.visible .func  (.param .b32 func_ret;\n.visible .global .align 8 .u64 g;\n",
            ".version 7.8\n.target sm_80\n.visible .func (.param .b32 a, .param .u64 b;\n.global .f32 x;\n.visible .global .align 8 .u64 g;\n",
            ".version 7.8\n.target sm_80\n.visible .entry k(.param .u64 p\n{\n.reg .b32 %r<2>;\n.local .b32 l;\nmov.u32 %r1, 1;\n}\n.global .b32 after;\n",
        ];
        for text in texts {
            let parsed = parse(text);
            assert!(parsed.root().has_error(), "{text}");
            assert_eq!(dispatch_disagreement(text, None), None, "{text}");
            for range in piece_ranges(&parsed, 3) {
                assert_eq!(
                    dispatch_disagreement(text, Some(range.clone())),
                    None,
                    "{text} in {range:?}"
                );
            }
        }
    }

    /// In a text with a syntax error, a fix can change how the parser recovers elsewhere
    /// (here replacing `.globa` with `.global` turned the broken parameter list's recovery
    /// into five more errors; found by the `lint` fuzz target): no fix offered may add one.
    #[test]
    fn no_fix_adds_a_syntax_error_to_a_broken_text() {
        let fuzzed = "\t.entry _Z8d_renderPjjjf (\n\t\t.param .u32 __cudaparm__Z8d_renderPjjjf_i1, %rd2, %r2, %p1[%r1], [%r3], %rd2, %r2, %p1;\n\tcp.async.bulk.prefetch.L2.globa.sp2::cache_hint [%rd1], %r1, %rd2;\n\ttcgen05.mma.cta_group::1.kind::tfbulke_rpfetch()";
        let module = ".version 7.8\n.target sm_80\n.address_size 64\n.tex .u32 t;\n.entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\tld.param.u64 %rd1, [p];\n\tld.globa.u32 %r1, [%rd1];\n\tshfl.bfly.b32 %r2, %r1, 1, 31;\n\tcvt.rn.f3.s32 %r3, %r2;\n\tret;\n}\n";
        let mut texts = vec![fuzzed.to_string()];
        for at in (0..module.len()).step_by(3) {
            texts.push(format!("{}{}", &module[..at], &module[at + 1..]));
            texts.push(format!("{}({}", &module[..at], &module[at..]));
        }
        let mut fixes = 0;
        for text in &texts {
            let result = lint_source(text.as_str(), &Settings::default());
            let before = result.parsed.syntax_errors().len();
            for diagnostic in &result.diagnostics {
                let Some(fix) = &diagnostic.fix else { continue };
                let fixed = ptxkit_syntax::apply_edits(text, &fix.edits).unwrap();
                let after = parse(fixed.as_str()).syntax_errors().len();
                assert!(
                    after <= before,
                    "fix of {} adds syntax errors ({before} -> {after}) to {text:?}",
                    diagnostic.rule
                );
                fixes += usize::from(before > 0);
            }
        }
        assert!(fixes > 100, "{fixes} fixes in broken texts");
    }
}
