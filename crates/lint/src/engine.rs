//! The engine: one parse, one semantic model (header and symbol table),
//! one pass of the combined rule query, then suppressions.

use std::sync::OnceLock;

use ptxkit_syntax::tree_sitter::{Query, QueryCursor, StreamingIterator};
use ptxkit_syntax::{Diagnostic, ParsedSource, Span, parse};

use ptxkit_semantic::SemanticModel;

use crate::checker::{Captures, Checker};
use crate::dispatch::{Found, Plan};
use crate::registry::{RuleInfo, rules};
use crate::rules::{invalid_suppression, unused_suppression};
use crate::settings::Settings;
use crate::suppress::Suppressions;

/// Every rule's query compiled into one, and which rule owns each pattern.
struct Combined {
    query: Query,
    capture_names: Vec<&'static str>,
    /// The rules that own each pattern (rules with the same query text
    /// share its patterns, so the cursor matches them once).
    owners: Vec<Vec<usize>>,
    /// How the patterns run without a query cursor over the whole tree, when they can
    /// (see [`crate::dispatch`]).
    plan: Option<Plan>,
}

fn combined() -> &'static Combined {
    static COMBINED: OnceLock<Combined> = OnceLock::new();
    COMBINED.get_or_init(|| {
        let mut source = String::new();
        // (start offset, query text without comments, owning rules)
        let mut chunks: Vec<(usize, String, Vec<usize>)> = Vec::new();
        for (index, rule) in rules().iter().enumerate() {
            if let Some(query) = rule.imp.query {
                let patterns = without_comments(query);
                if let Some(chunk) = chunks.iter_mut().find(|(_, text, _)| *text == patterns) {
                    chunk.2.push(index);
                    continue;
                }
                chunks.push((source.len(), patterns, vec![index]));
                source.push_str(query);
                source.push('\n');
            }
        }
        let query = Query::new(&ptxkit_syntax::language(), &source)
            .unwrap_or_else(|err| panic!("the lint queries must compile (see the registry test): {err}"));
        let owners = (0..query.pattern_count())
            .map(|pattern| {
                let at = query.start_byte_for_pattern(pattern);
                chunks
                    .iter()
                    .rev()
                    .find(|(start, _, _)| *start <= at)
                    .map_or_else(Vec::new, |(_, _, rules)| rules.clone())
            })
            .collect();
        let capture_names: Vec<&'static str> = query
            .capture_names()
            .iter()
            .map(|name| &*Box::leak(name.to_string().into_boxed_str()))
            .collect();
        let names: &'static [&'static str] = Box::leak(capture_names.clone().into_boxed_slice());
        let plan = Plan::new(
            &ptxkit_syntax::language(),
            &query,
            names,
            &source,
            ptxkit_syntax::node_types(),
        );
        Combined {
            query,
            capture_names,
            owners,
            plan,
        }
    })
}

/// A query's text without its comment lines and blank lines: rules whose queries are the
/// same patterns share them, whatever their comments say.
fn without_comments(query: &str) -> String {
    query
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.trim_start().starts_with(';') && !line.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

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
/// that run on rayon's current thread pool (a rule's match depends only on the item it
/// starts in and on the module's declarations; see `incremental`): with `ptxlint -j 2`
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

/// [`lint_parsed`] with the rule matches run in about `pieces` pieces of the text (one when
/// `pieces` is 0 or 1), each with its own checker, in parallel; their findings are put
/// back in source order before the per-file steps (grouping, suppressions) run.
pub(crate) fn lint_in_pieces(parsed: &ParsedSource, settings: &Settings, pieces: usize) -> Vec<Diagnostic> {
    let model = SemanticModel::build(parsed);
    let mut checker = new_checker(parsed, &model, settings);
    run_module_rules(&mut checker);
    let ranges = piece_ranges(parsed, pieces);
    if ranges.len() <= 1 {
        run_matches(&mut checker, None, |_, _| true);
        return finish(checker);
    }
    // Computed once here rather than once per piece: a walk of the whole file.
    let constructs: Vec<(Span, ptxkit_isa::Issue)> = checker.construct_issues().as_ref().clone();
    use rayon::prelude::*;
    let found: Vec<PieceFindings> = ranges
        .into_par_iter()
        .with_max_len(1)
        .map(|range| {
            let mut piece = new_checker(parsed, &model, settings);
            let _ = piece.constructs.set(std::rc::Rc::new(constructs.clone()));
            run_matches(&mut piece, Some(range), |_, _| true);
            (piece.diagnostics, piece.grouped)
        })
        .collect();
    absorb(&mut checker, found);
    finish(checker)
}

/// What one piece found: its diagnostics in report order, and the `report_once` keys of
/// some of them (index in those diagnostics, key).
pub(crate) type PieceFindings = (Vec<Diagnostic>, Vec<(usize, String)>);

/// Appends what the pieces of a file found, in order, to `checker`'s findings.
pub(crate) fn absorb(checker: &mut Checker<'_>, found: Vec<PieceFindings>) {
    for (diagnostics, grouped) in found {
        let offset = checker.diagnostics.len();
        checker
            .grouped
            .extend(grouped.into_iter().map(|(index, key)| (index + offset, key)));
        checker.diagnostics.extend(diagnostics);
    }
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

/// A checker with nothing reported yet.
pub(crate) fn new_checker<'a>(
    parsed: &'a ParsedSource,
    model: &'a SemanticModel,
    settings: &'a Settings,
) -> Checker<'a> {
    let all = rules();
    Checker {
        parsed,
        symbols: &model.symbols,
        header: &model.header,
        settings,
        rule: &all[0],
        severity: all[0].severity,
        diagnostics: Vec::new(),
        last_insn: std::cell::RefCell::new(None),
        last_issues: std::cell::RefCell::new(None),
        constructs: std::cell::OnceCell::new(),
        module_items: std::cell::OnceCell::new(),
        syntax_errors: std::cell::OnceCell::new(),
        last_signature: std::cell::RefCell::new(None),
        last_resolved: std::cell::RefCell::new(None),
        grouped: Vec::new(),
        flow: std::cell::RefCell::new(None),
        accesses: std::cell::RefCell::new(None),
        module_scope_users: std::cell::OnceCell::new(),
        module_has_errors: std::cell::OnceCell::new(),
        form_issues: std::cell::RefCell::new(rustc_hash::FxHashMap::default()),
        analyses: std::cell::RefCell::new(rustc_hash::FxHashMap::default()),
        name_classes: Default::default(),
    }
}

fn select(checker: &mut Checker<'_>, rule: &'static RuleInfo) {
    checker.rule = rule;
    checker.severity = checker.settings.severity(rule);
}

/// Runs every enabled whole-module check (`on_module`).
pub(crate) fn run_module_rules(checker: &mut Checker<'_>) {
    for rule in checker.settings.enabled_rules() {
        if let Some(check) = rule.imp.on_module {
            select(checker, rule);
            check(checker);
        }
    }
}

/// Runs the combined rule query over the file, or over the matches whose first capture
/// starts in `range` (top-level items), and hands each match to its rules. `before` is
/// called with the start of each match's first capture before its rules run (matches
/// come in source order, one top-level item after the other).
pub(crate) fn run_matches<'a>(
    checker: &mut Checker<'a>,
    range: Option<std::ops::Range<usize>>,
    mut before: impl FnMut(&Checker<'a>, usize) -> bool,
) {
    let all = rules();
    let compiled = combined();
    let parsed = checker.parsed;
    let enabled: Vec<bool> = all.iter().map(|r| checker.settings.is_enabled(r)).collect();
    let mut dispatch = |checker: &mut Checker<'a>, found: Found<'a, '_>| {
        let first = found.captures.iter().map(|c| c.1.start_byte()).min();
        if let Some(range) = &range
            && !first.is_some_and(|start| range.contains(&start))
        {
            return;
        }
        if !before(checker, first.unwrap_or(0)) {
            return;
        }
        // One set of captures for every rule of the pattern (about 30 per instruction).
        let captures = Captures {
            names: found.names,
            items: found.captures.iter().copied().collect(),
        };
        for &owner in &compiled.owners[found.pattern] {
            if !enabled[owner] {
                continue;
            }
            let rule = &all[owner];
            let Some(check) = rule.imp.on_match else { continue };
            select(checker, rule);
            check(checker, &captures);
        }
    };
    if let Some(plan) = &compiled.plan {
        plan.run(parsed.root(), parsed.text(), range.as_ref(), |found| {
            dispatch(checker, found)
        });
        return;
    }
    let mut cursor = QueryCursor::new();
    if let Some(range) = &range {
        cursor.set_byte_range(range.clone());
    }
    let mut matches = cursor.matches(&compiled.query, parsed.root(), parsed.text().as_bytes());
    while let Some(found) = matches.next() {
        let captures: smallvec::SmallVec<[(u32, ptxkit_syntax::tree_sitter::Node<'a>); 2]> =
            found.captures().iter().map(|c| (c.index, c.node)).collect();
        dispatch(
            checker,
            Found {
                pattern: found.pattern_index,
                names: &compiled.capture_names,
                captures: &captures,
            },
        );
    }
}

/// What `rules` report on `parsed` linted as if it said `.version version` and `.target
/// target`, grouped and sorted, without suppressions: the findings of migrations (see
/// [`crate::migration::findings`]).
pub(crate) fn rule_findings(
    parsed: &ParsedSource,
    rules: &[&'static RuleInfo],
    version: ptxkit_isa::Version,
    target: ptxkit_isa::Target,
) -> Vec<Diagnostic> {
    let selectors: Vec<crate::settings::Selector> = rules
        .iter()
        .map(|rule| crate::settings::Selector::parse(rule.name).expect("a registered rule's name selects it"))
        .collect();
    let preview = rules.iter().any(|rule| rule.status == crate::Status::Preview);
    let mut settings = Settings::new(&selectors, &[], &[], preview);
    settings.version_override = Some(version);
    settings.target_override = Some(target);
    let model = SemanticModel::build(parsed);
    let mut checker = new_checker(parsed, &model, &settings);
    run_module_rules(&mut checker);
    if rules.iter().any(|rule| rule.imp.on_match.is_some()) {
        run_matches(&mut checker, None, |_, _| true);
    }
    let grouped = std::mem::take(&mut checker.grouped);
    let mut diagnostics = crate::checker::group(std::mem::take(&mut checker.diagnostics), &grouped);
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    diagnostics
}

/// Groups the findings reported once per file, applies the suppressions, reports the
/// suppression rules' own findings, and sorts.
pub(crate) fn finish(checker: Checker<'_>) -> Vec<Diagnostic> {
    let suppressions = Suppressions::parse(checker.parsed);
    finish_with(checker, suppressions)
}

/// [`finish`] with the file's suppressions already read.
pub(crate) fn finish_with(mut checker: Checker<'_>, mut suppressions: Suppressions) -> Vec<Diagnostic> {
    let settings = checker.settings;
    let grouped = std::mem::take(&mut checker.grouped);
    checker.diagnostics = crate::checker::group(std::mem::take(&mut checker.diagnostics), &grouped);
    let lines = checker.parsed.lines();
    checker
        .diagnostics
        .retain(|d| !suppressions.suppress(d, lines.line_of(d.span.start)));
    for (rule, report) in [
        (
            unused_suppression::NAME,
            unused_suppression::report as fn(&mut Checker<'_>, &Suppressions),
        ),
        (invalid_suppression::NAME, invalid_suppression::report),
    ] {
        let rule = crate::find_rule(rule).expect("meta rules are registered");
        if settings.is_enabled(rule) {
            select(&mut checker, rule);
            report(&mut checker, &suppressions);
        }
    }

    let syntax_errors = checker.syntax_errors().len();
    let parsed = checker.parsed;
    let mut diagnostics = checker.diagnostics;
    if syntax_errors > 0 {
        withhold_fixes_that_add_syntax_errors(parsed, syntax_errors, &mut diagnostics);
    }
    // A total order (the message breaks ties): the same text gives the same output whatever
    // order rules found things in (the symbol table's maps have none).
    diagnostics.sort_by(|a, b| {
        (a.span.start, &a.code, a.span.end, &a.message).cmp(&(b.span.start, &b.code, b.span.end, &b.message))
    });
    diagnostics.dedup();
    diagnostics
}

/// How many bytes of text the fixes of one file with syntax errors are checked over in
/// all (each check parses the fixed text again, reusing the unchanged parts of the tree,
/// and lists its syntax errors): a 100 KB file's first 2,500 fixes.
const FIX_CHECK_BYTES: usize = 256 * 1024 * 1024;

/// In a text with syntax errors (`syntax_errors` of them), a fix can change how the parser
/// recovers from them, elsewhere too: the fixes whose fixed text has more syntax errors are
/// withheld (the finding stays, without a fix), as are those past [`FIX_CHECK_BYTES`]. Only a
/// whole text's parse can be checked; a group's fixes (a text past the whole-file limit,
/// see [`crate::grouped`]) are left as they are, and `--fix` checks what it applies.
fn withhold_fixes_that_add_syntax_errors(parsed: &ParsedSource, syntax_errors: usize, diagnostics: &mut [Diagnostic]) {
    if parsed.covered() != (0..parsed.text().len()) {
        return;
    }
    let mut budget = FIX_CHECK_BYTES;
    for diagnostic in diagnostics.iter_mut() {
        let Some(fix) = &diagnostic.fix else { continue };
        let keep = budget >= parsed.text().len()
            && parsed
                .edited(&fix.edits)
                .is_ok_and(|fixed| fixed.syntax_errors().len() <= syntax_errors);
        budget = budget.saturating_sub(parsed.text().len());
        if !keep {
            diagnostic.fix = None;
        }
    }
}

/// For the fuzz target: the first pattern whose matches on `text` (in `range`, when given)
/// differ between the pruned walk (the `dispatch` module) and the query cursor over the whole
/// tree, with both lists of matches; `None` when they agree (they must).
#[doc(hidden)]
pub fn dispatch_disagreement(text: &str, range: Option<std::ops::Range<usize>>) -> Option<String> {
    let parsed = parse(text);
    let walked = plan_matches(&parsed, range.clone());
    let cursor = cursor_matches(&parsed, range);
    let pattern = (0..walked.len().max(cursor.len())).find(|&p| walked.get(p) != cursor.get(p))?;
    Some(format!(
        "pattern {pattern}: the walk found {:?}, the query cursor {:?}",
        walked.get(pattern),
        cursor.get(pattern)
    ))
}

/// Every match of the combined query under `root` (in `range`), by pattern, in the
/// order found: as (capture name, byte range, kind id) lists.
type ByPattern = Vec<Vec<Vec<(&'static str, std::ops::Range<usize>, u16)>>>;

fn cursor_matches(parsed: &ParsedSource, range: Option<std::ops::Range<usize>>) -> ByPattern {
    let compiled = combined();
    let mut out: ByPattern = vec![Vec::new(); compiled.query.pattern_count()];
    let mut cursor = QueryCursor::new();
    if let Some(range) = &range {
        cursor.set_byte_range(range.clone());
    }
    let mut matches = cursor.matches(&compiled.query, parsed.root(), parsed.text().as_bytes());
    while let Some(found) = matches.next() {
        let first = found.captures().iter().map(|c| c.node.start_byte()).min();
        if let Some(range) = &range
            && !first.is_some_and(|start| range.contains(&start))
        {
            continue;
        }
        out[found.pattern_index].push(
            found
                .captures()
                .iter()
                .map(|c| {
                    (
                        compiled.capture_names[c.index as usize],
                        c.node.byte_range(),
                        c.node.kind_id(),
                    )
                })
                .collect(),
        );
    }
    out
}

fn plan_matches(parsed: &ParsedSource, range: Option<std::ops::Range<usize>>) -> ByPattern {
    let compiled = combined();
    let plan = compiled
        .plan
        .as_ref()
        .expect("the rules' patterns run without the cursor");
    let mut out: ByPattern = vec![Vec::new(); compiled.query.pattern_count()];
    plan.run(parsed.root(), parsed.text(), range.as_ref(), |found| {
        let first = found.captures.iter().map(|c| c.1.start_byte()).min();
        if let Some(range) = &range
            && !first.is_some_and(|start| range.contains(&start))
        {
            return;
        }
        out[found.pattern].push(
            found
                .captures
                .iter()
                .map(|(index, node)| (found.names[*index as usize], node.byte_range(), node.kind_id()))
                .collect(),
        );
    });
    out
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
        let found = ptxkit_syntax::discover::discover(std::slice::from_ref(&dir), &Default::default()).unwrap();
        let large: Vec<std::path::PathBuf> = found
            .into_iter()
            .filter_map(Result::ok)
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
        let files: Vec<std::path::PathBuf> =
            ptxkit_syntax::discover::discover(std::slice::from_ref(&dir), &Default::default())
                .unwrap()
                .into_iter()
                .filter_map(Result::ok)
                .collect();
        assert!(files.len() > 1000, "{} files under {}", files.len(), dir.display());
        let matched: usize = files
            .par_iter()
            .map(|path| {
                let Ok(text) = ptxkit_syntax::source::read_source(path) else {
                    return 0;
                };
                let parsed = parse(text);
                let whole = cursor_matches(&parsed, None);
                assert_eq!(plan_matches(&parsed, None), whole, "{}", path.display());
                for range in piece_ranges(&parsed, 3) {
                    assert_eq!(
                        plan_matches(&parsed, Some(range.clone())),
                        cursor_matches(&parsed, Some(range.clone())),
                        "{} in {range:?}",
                        path.display()
                    );
                }
                whole.iter().map(Vec::len).sum::<usize>()
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
                assert_eq!(plan_matches(&parsed, None), cursor_matches(&parsed, None), "{mutant}");
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
            assert_eq!(plan_matches(&parsed, None), cursor_matches(&parsed, None), "{text}");
            for range in piece_ranges(&parsed, 3) {
                assert_eq!(
                    plan_matches(&parsed, Some(range.clone())),
                    cursor_matches(&parsed, Some(range.clone())),
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

    #[test]
    fn the_rules_patterns_run_without_the_query_cursor_over_the_tree() {
        assert!(
            combined().plan.is_some(),
            "a rule's query has a pattern the walk cannot start (see `dispatch`)"
        );
    }

    #[test]
    fn queries_that_differ_only_in_comments_share_their_patterns() {
        assert_eq!(
            without_comments("; one rule's words\n(instruction) @instruction\n\n"),
            without_comments("; another's\n;\n(instruction) @instruction   \n")
        );
        // The per-instruction rules' queries are one pattern, compiled once.
        let compiled = combined();
        let most = compiled.owners.iter().map(Vec::len).max().unwrap_or(0);
        assert!(most >= 8, "the most-shared pattern has {most} owners");
    }

    #[test]
    fn combined_query_compiles_and_every_pattern_has_an_owner() {
        let compiled = combined();
        for (pattern, owners) in compiled.owners.iter().enumerate() {
            assert!(!owners.is_empty(), "pattern {pattern} has no owner");
            for owner in owners {
                let rule = &rules()[*owner];
                assert!(rule.imp.on_match.is_some(), "{} has a query but no on_match", rule.name);
            }
        }
        for (index, rule) in rules().iter().enumerate() {
            if rule.imp.query.is_some() {
                assert!(
                    compiled.owners.iter().any(|o| o.contains(&index)),
                    "{} owns no pattern",
                    rule.name
                );
            }
        }
    }
}
