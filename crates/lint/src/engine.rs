//! The engine: one parse, one semantic model (header and symbol table),
//! one pass of the combined rule query, then suppressions.

use std::sync::OnceLock;

use ptxkit_syntax::tree_sitter::{Query, QueryCursor, StreamingIterator};
use ptxkit_syntax::{Diagnostic, ParsedSource, parse};

use ptxkit_semantic::SemanticModel;

use crate::checker::{Captures, Checker};
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
}

fn combined() -> &'static Combined {
    static COMBINED: OnceLock<Combined> = OnceLock::new();
    COMBINED.get_or_init(|| {
        let mut source = String::new();
        // (start offset, query text, owning rules)
        let mut chunks: Vec<(usize, &'static str, Vec<usize>)> = Vec::new();
        for (index, rule) in rules().iter().enumerate() {
            if let Some(query) = rule.imp.query {
                if let Some(chunk) = chunks.iter_mut().find(|(_, text, _)| *text == query) {
                    chunk.2.push(index);
                    continue;
                }
                chunks.push((source.len(), query, vec![index]));
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
        let capture_names = query
            .capture_names()
            .iter()
            .map(|name| &*Box::leak(name.to_string().into_boxed_str()))
            .collect();
        Combined {
            query,
            capture_names,
            owners,
        }
    })
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

/// Lints an already parsed text.
pub fn lint_parsed(parsed: &ParsedSource, settings: &Settings) -> Vec<Diagnostic> {
    let model = SemanticModel::build(parsed);
    let mut checker = new_checker(parsed, &model, settings);
    run_module_rules(&mut checker);
    run_matches(&mut checker, None, |_, _| true);
    finish(checker)
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
        last_signature: std::cell::RefCell::new(None),
        grouped: Vec::new(),
        flows: std::cell::RefCell::new(std::collections::HashMap::new()),
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
        if !before(checker, first.unwrap_or(0)) {
            continue;
        }
        for &owner in &compiled.owners[found.pattern_index] {
            if !enabled[owner] {
                continue;
            }
            let rule = &all[owner];
            let Some(check) = rule.imp.on_match else { continue };
            let captures = Captures {
                names: &compiled.capture_names,
                items: found.captures().iter().map(|c| (c.index, c.node)).collect(),
            };
            select(checker, rule);
            check(checker, &captures);
        }
    }
}

/// Groups the findings reported once per file, applies the suppressions, reports the
/// suppression rules' own findings, and sorts.
pub(crate) fn finish(mut checker: Checker<'_>) -> Vec<Diagnostic> {
    let parsed = checker.parsed;
    let settings = checker.settings;
    let grouped = std::mem::take(&mut checker.grouped);
    checker.diagnostics = crate::checker::group(std::mem::take(&mut checker.diagnostics), &grouped);
    let mut suppressions = Suppressions::parse(parsed);
    let lines = parsed.lines();
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

    let mut diagnostics = checker.diagnostics;
    diagnostics.sort_by(|a, b| (a.span.start, &a.code, a.span.end).cmp(&(b.span.start, &b.code, b.span.end)));
    diagnostics.dedup();
    diagnostics
}

#[cfg(test)]
mod tests {
    use super::*;

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
