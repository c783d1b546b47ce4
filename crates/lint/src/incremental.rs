//! Linting a file again after an edit, reusing the findings the edit cannot change (what
//! the language server does on every keystroke).
//!
//! A file is a sequence of top-level items (directives, declarations, functions). The
//! findings of a rule's query match belong to the item the match starts in, and depend on
//! that item's text and on the *context*: the settings, and the text of every item with
//! the bodies of function definitions left out (the header, module declarations and
//! function prototypes are what a match may look up beyond its own item), and whether the
//! file has a syntax error anywhere. So when the
//! context is unchanged, an item whose text is unchanged keeps its findings, moved with
//! the item; only the edited items are matched again. The same holds for the module-level
//! constructs (ptxkit-isa's construct table) each item uses. Whole-module checks
//! (rules' module checks), the grouping of findings reported once per file, and suppressions run
//! on the whole file every time, as [`crate::lint_parsed`] runs them.
//!
//! The contract this relies on, for every rule that visits nodes or query matches: its
//! findings depend only on the visited item's subtree, the module header, the symbol
//! table's module declarations and function prototypes, whether the file has a syntax
//! error, and the settings. A rule that reads another function's body has a module check,
//! or declares that it reads other items ([`crate::rule::Visits::reading_other_items`]:
//! a fix that lists the functions using a module-scope `.reg`), which makes every item
//! checked again in a module where it does. The language server's tests and its fuzz
//! target lint texts edited at random both ways and compare.

use ptxkit_syntax::NodeKind as _;
use std::ops::Range;

use ptxkit_isa::constructs::{self, Use};
use ptxkit_semantic::SemanticModel;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Diagnostic, ParsedSource, Span, preorder};

use crate::checker::Findings;
use crate::pipeline::{Pipeline, reads_other_items};
use crate::settings::Settings;

/// Lints one document again and again as it is edited, reusing the findings of the
/// top-level items an edit leaves alone. Its findings are always those of
/// [`crate::lint_parsed`] on the same text.
#[derive(Default)]
pub struct IncrementalLinter {
    /// The settings of the last run.
    settings: Option<Settings>,
    /// Whether the file had a syntax error anywhere (rules read it: names are not
    /// reported undeclared in a file with errors).
    has_error: bool,
    /// The items of the last run, in order.
    items: Vec<Item>,
    /// How many of them the last run matched again.
    matched: usize,
}

/// What one top-level item held at the last run, in that run's byte offsets.
struct Item {
    kind: u16,
    has_error: bool,
    range: Range<usize>,
    /// The body of a function definition, which the context leaves out.
    body: Option<Range<usize>>,
    text: String,
    /// The 0-based line the item starts on.
    start_row: usize,
    /// The item's findings (with their `report_once` keys).
    findings: Findings,
    uses: Vec<Use>,
}

/// A top-level item of the current text.
struct Current<'t> {
    node: Node<'t>,
    range: Range<usize>,
    body: Option<Range<usize>>,
}

impl Current<'_> {
    /// The item's text outside its body: (before the body, after it).
    fn context<'s>(&self, text: &'s str) -> (&'s str, &'s str) {
        context_of(text, &self.range, self.body.as_ref())
    }
}

fn context_of<'s>(text: &'s str, range: &Range<usize>, body: Option<&Range<usize>>) -> (&'s str, &'s str) {
    match body {
        Some(body) => (&text[range.start..body.start], &text[body.end..range.end]),
        None => (&text[range.clone()], ""),
    }
}

impl Item {
    fn context(&self) -> (&str, &str) {
        let base = self.range.start;
        let local = self.range.start - base..self.range.end - base;
        let body = self.body.as_ref().map(|b| b.start - base..b.end - base);
        context_of(&self.text, &local, body.as_ref())
    }
}

impl IncrementalLinter {
    /// A linter that has seen nothing yet (its first run lints everything).
    pub fn new() -> IncrementalLinter {
        IncrementalLinter::default()
    }

    /// How many top-level items the last run matched again, of how many.
    pub fn items_matched(&self) -> (usize, usize) {
        (self.matched, self.items.len())
    }

    /// Lints `parsed` (the current text of the document) with `settings`: the findings
    /// [`crate::lint_parsed`] reports, computed again only for the items changed since the
    /// last run.
    pub fn lint(&mut self, parsed: &ParsedSource, settings: &Settings) -> Vec<Diagnostic> {
        self.lint_with_model(parsed, &SemanticModel::build(parsed), settings)
    }

    /// [`Self::lint`] with the semantic model of `parsed` the caller already built (the
    /// language server's, which hover and completion share): building it is most of the
    /// cost of an edit in a large file of small functions.
    pub fn lint_with_model<'p>(
        &mut self,
        parsed: &'p ParsedSource,
        model: &SemanticModel,
        settings: &Settings,
    ) -> Vec<Diagnostic> {
        let text = parsed.text();
        let root = parsed.root();
        let mut cursor = root.walk();
        let current: Vec<Current<'p>> = root
            .children(&mut cursor)
            .map(|node| Current {
                node,
                range: node.byte_range(),
                body: (node.kind_name() == "function_definition")
                    .then(|| node.field("body").map(|b| b.byte_range()))
                    .flatten(),
            })
            .collect();
        let same_text = self.same_text(parsed, settings, &current);
        let moves = Moves {
            old: &self.items,
            new: &current,
            same_text: &same_text,
        };
        // A rule that reads other items than the one it visits (a fix that lists every
        // function using a module-scope `.reg`, and deletes past its item's end): every
        // item is checked again.
        let whole = reads_other_items(settings, &model.symbols);
        // An unchanged item keeps its findings and construct uses unless one points into a
        // changed body.
        let unchanged: Vec<bool> = (0..current.len())
            .map(|index| {
                let Some(item) = self.items.get(index).filter(|_| same_text[index] && !whole) else {
                    return false;
                };
                // A finding that names lines in its words (`at line 120`) is found again when
                // its item moved to other lines: its spans move, its words would not.
                let moved_lines = item.start_row != current[index].node.start_position().row;
                item.findings
                    .diagnostics
                    .iter()
                    .all(|d| spans(d).all(|s| moves.span(s).is_some()) && !(moved_lines && cites_lines(d)))
                    && item.uses.iter().all(|u| moves.span_in(index, u.span).is_some())
            })
            .collect();
        let mut pipeline = Pipeline::new(parsed, model, settings);
        let uses = construct_uses(&current, &unchanged, &moves, text);
        let issues = crate::isa::issues_of_uses(uses.iter().flatten(), pipeline.checker().destination());
        pipeline.give_constructs(issues);
        pipeline.module_rules();
        let found = findings_by_item(&mut pipeline, &current, &unchanged, &moves);
        self.items = current
            .iter()
            .zip(uses)
            .zip(found)
            .map(|((item, uses), findings)| Item {
                kind: item.node.kind_id(),
                has_error: item.node.has_error(),
                range: item.range.clone(),
                body: item.body.clone(),
                text: text[item.range.clone()].to_string(),
                start_row: item.node.start_position().row,
                findings,
                uses,
            })
            .collect();
        self.matched = unchanged.iter().filter(|u| !**u).count();
        self.settings = Some(settings.clone());
        self.has_error = root.has_error();
        pipeline.finish()
    }

    /// Which of the `current` items have the same text as at the last run, in the same
    /// context (settings, error state, every item's text outside function bodies).
    fn same_text(&self, parsed: &ParsedSource, settings: &Settings, current: &[Current<'_>]) -> Vec<bool> {
        let text = parsed.text();
        let same_context = self.settings.as_ref() == Some(settings)
            && parsed.root().has_error() == self.has_error
            && current.len() == self.items.len()
            && current
                .iter()
                .zip(&self.items)
                .all(|(new, old)| new.node.kind_id() == old.kind && new.context(text) == old.context());
        let mut same_text: Vec<bool> = current
            .iter()
            .zip(&self.items)
            .map(|(new, old)| {
                same_context && new.node.has_error() == old.has_error && text[new.range.clone()] == old.text
            })
            .collect();
        same_text.resize(current.len(), false);
        same_text
    }
}

/// Whether a finding's words name a line (`at line 120`, `since line 7`): the synchronisation
/// rules' witnesses do.
fn cites_lines(d: &Diagnostic) -> bool {
    let cites = |text: &str| {
        text.match_indices("line ")
            .any(|(at, _)| text[at + 5..].starts_with(|c: char| c.is_ascii_digit()))
    };
    cites(&d.message)
        || d.label.as_deref().is_some_and(cites)
        || d.labels.iter().any(|l| cites(&l.message))
        || d.note.as_deref().is_some_and(cites)
        || d.help.as_deref().is_some_and(cites)
}

/// The module-level constructs each item uses: moved from the last run for an unchanged
/// item, found again for the others.
fn construct_uses(current: &[Current<'_>], unchanged: &[bool], moves: &Moves<'_, '_>, text: &str) -> Vec<Vec<Use>> {
    current
        .iter()
        .enumerate()
        .map(|(index, item)| {
            if unchanged[index] {
                moves.old[index]
                    .uses
                    .iter()
                    .filter_map(|u| {
                        Some(Use {
                            row: u.row,
                            span: moves.span_in(index, u.span)?,
                        })
                    })
                    .collect()
            } else {
                preorder(item.node)
                    .filter(|n| !n.has_error())
                    .flat_map(|n| constructs::node_uses(n, text))
                    .collect()
            }
        })
        .collect()
}

/// Each item's findings, added to `pipeline`'s in order: moved from the last run, or found
/// again. A run of consecutive changed items is visited in one walk (one walk per item
/// would go over the root's children once per item: quadratic in a file of many small
/// functions).
fn findings_by_item(
    pipeline: &mut Pipeline<'_>,
    current: &[Current<'_>],
    unchanged: &[bool],
    moves: &Moves<'_, '_>,
) -> Vec<Findings> {
    let mut found: Vec<Findings> = Vec::with_capacity(current.len());
    let mut index = 0;
    while index < current.len() {
        if unchanged[index] {
            let old = &moves.old[index].findings;
            let moved = || Findings {
                diagnostics: old.diagnostics.iter().map(|d| moves.diagnostic(d)).collect(),
                grouped: old.grouped.clone(),
            };
            pipeline.absorb_one(moved());
            found.push(moved());
            index += 1;
            continue;
        }
        let last = (index..current.len())
            .take_while(|&i| !unchanged[i])
            .last()
            .unwrap_or(index);
        let range = current[index].range.start..current[last].range.end;
        // (item, the findings' mark before its first finding)
        let mut starts: Vec<(usize, (usize, usize))> = Vec::new();
        let run = &current[index..=last];
        pipeline.visit(Some(range), |checker, at| {
            let item = index + run.partition_point(|c| c.range.start <= at).saturating_sub(1);
            if starts.last().is_none_or(|s| s.0 != item) {
                starts.push((item, checker.findings().mark()));
            }
            true
        });
        let end = pipeline.findings().mark();
        for item in index..=last {
            found.push(match starts.iter().position(|s| s.0 == item) {
                None => Findings::default(),
                Some(p) => {
                    let next = starts.get(p + 1).map_or(end, |s| s.1);
                    pipeline.findings().between(starts[p].1, next)
                }
            });
        }
        index = last + 1;
    }
    found
}

/// Every span of a diagnostic: its own, its labels', its fix's edits'.
fn spans(diagnostic: &Diagnostic) -> impl Iterator<Item = Span> + '_ {
    std::iter::once(diagnostic.span)
        .chain(diagnostic.labels.iter().map(|l| l.span))
        .chain(diagnostic.fix.iter().flat_map(|f| f.edits.iter().map(|e| e.span)))
}

/// Where the offsets of the last run are now, when the context is unchanged (the items
/// correspond one to one).
#[derive(Clone, Copy)]
struct Moves<'a, 't> {
    old: &'a [Item],
    new: &'a [Current<'t>],
    /// Which items have the same text as at the last run.
    same_text: &'a [bool],
}

impl Moves<'_, '_> {
    /// The current offset of `offset`; `None` inside a changed item's body (or when the
    /// items do not correspond).
    fn offset(&self, offset: usize) -> Option<usize> {
        if self.old.len() != self.new.len() || self.old.is_empty() {
            return None;
        }
        let index = self.old.partition_point(|item| item.range.start <= offset);
        let Some(index) = index.checked_sub(1) else {
            // Before the first item: whitespace before it.
            return (self.new[0].range.start + offset).checked_sub(self.old[0].range.start);
        };
        let (old, new) = (&self.old[index], &self.new[index]);
        if offset > old.range.end {
            return Some(new.range.end + (offset - old.range.end));
        }
        if self.same_text[index] {
            return Some(new.range.start + (offset - old.range.start));
        }
        // A changed item: its context (all but the body) is unchanged.
        match &old.body {
            Some(body) if offset < body.start => Some(new.range.start + (offset - old.range.start)),
            Some(body) if offset >= body.end => Some(new.range.end - (old.range.end - offset)),
            _ => None,
        }
    }

    fn span(&self, span: Span) -> Option<Span> {
        Some(Span::new(self.offset(span.start)?, self.offset(span.end)?))
    }

    /// [`Self::span`] for a span of the item at `index` (a construct use): moved with the
    /// item at once when it lies in the item's text and that text is unchanged.
    fn span_in(&self, index: usize, span: Span) -> Option<Span> {
        let (Some(old), Some(new)) = (self.old.get(index), self.new.get(index)) else {
            return self.span(span);
        };
        if !(self.same_text[index] && old.range.start <= span.start && span.end <= old.range.end) {
            return self.span(span);
        }
        let moved = |offset: usize| new.range.start + (offset - old.range.start);
        Some(Span::new(moved(span.start), moved(span.end)))
    }

    /// A diagnostic of the last run with its spans moved (every span must move).
    fn diagnostic(&self, diagnostic: &Diagnostic) -> Diagnostic {
        let moved = |span: Span| self.span(span).expect("checked before reuse");
        let mut diagnostic = diagnostic.clone();
        diagnostic.span = moved(diagnostic.span);
        for label in &mut diagnostic.labels {
            label.span = moved(label.span);
        }
        if let Some(fix) = &mut diagnostic.fix {
            for edit in &mut fix.edits {
                edit.span = moved(edit.span);
            }
        }
        diagnostic
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies each edit, checks the findings against a full lint, and returns how many
    /// items each run matched again.
    fn check_edits(start: &str, edits: &[(usize, usize, &str)]) -> Vec<usize> {
        let settings = Settings::default();
        let mut linter = IncrementalLinter::new();
        let mut text = start.to_string();
        let parsed = ptxkit_syntax::parse(text.as_str());
        assert_eq!(linter.lint(&parsed, &settings), crate::lint_parsed(&parsed, &settings));
        let mut matched = Vec::new();
        for &(from, to, insert) in edits {
            text.replace_range(from..to, insert);
            let parsed = ptxkit_syntax::parse(text.as_str());
            assert_eq!(
                linter.lint(&parsed, &settings),
                crate::lint_parsed(&parsed, &settings),
                "after replacing {from}..{to} with {insert:?}:\n{text}"
            );
            matched.push(linter.items_matched().0);
        }
        matched
    }

    const TEXT: &str = ".version 7.8\n.target sm_80\n.address_size 64\n.global .u32 g;\n\
        .func f(.param .u32 a)\n{\n\t.reg .b32 %r<3>;\n\tld.global.sync.u32 %r1, [g];\n\tbra L;\n}\n\
        .entry k()\n{\n\t.reg .b32 %r<3>;\n\tld.global.sync.u32 %r1, [g];\n\tadd.f32 %r1, %r2, 1;\n\tret;\n}\n";

    #[test]
    fn edits_in_bodies_match_a_full_lint() {
        let in_f = TEXT.find("bra L").unwrap();
        let in_k = TEXT.find("ret;").unwrap();
        let matched = check_edits(
            TEXT,
            &[
                (in_f, in_f, " "),
                (in_f, in_f + 1, ""),
                (in_k, in_k, "L: "),
                (in_f, in_f, "ld.global.sync.u32 %r1, [g];\n"),
                (in_k, in_k, "\n\n"),
                (in_f, in_f, "}"),
                (in_f, in_f + 1, ""),
            ],
        );
        // A body edit matches that function again, and nothing else; a stray `}` changes
        // the items (and the file's error state): everything, twice.
        assert_eq!(matched[..5], [1, 1, 1, 1, 1]);
        assert!(matched[5] > 2 && matched[6] > 2, "{matched:?}");
    }

    #[test]
    fn edits_to_the_context_match_a_full_lint() {
        let g = TEXT.find(".global .u32 g").unwrap();
        let version = TEXT.find("7.8").unwrap();
        let matched = check_edits(
            TEXT,
            &[
                (g + 8, g + 12, ".f32"),
                (version, version + 3, "6.0"),
                (0, 0, "// ptxlint: allow(PTX411)\n"),
                (0, 0, "\n"),
            ],
        );
        // Whitespace between items moves them and changes none.
        assert_eq!(matched.last(), Some(&0));
    }

    #[test]
    fn a_finding_that_names_lines_is_found_again_when_its_function_moves() {
        // PTX701 and PTX710 name both accesses' lines: a line added above the kernel moves them.
        let text = ".version 7.8\n.target sm_80\n.address_size 64\n.shared .align 4 .b8 s[132];\n\
            .func f()\n{\n\tret;\n}\n.entry k()\n{\n\t.reg .b32 %r<6>;\n\tmov.u32 %r1, %tid.x;\n\
            \tand.b32 %r2, %r1, 31;\n\tshl.b32 %r3, %r2, 2;\n\tmov.u32 %r4, s;\n\tadd.s32 %r4, %r4, %r3;\n\
            \tst.volatile.shared.u32 [%r4], %r1;\n\tld.volatile.shared.u32 %r5, [%r4+4];\n\tret;\n}\n";
        let in_f = text.find("ret;").unwrap();
        let settings = Settings::default();
        let parsed = ptxkit_syntax::parse(text);
        assert!(
            crate::lint_parsed(&parsed, &settings).iter().any(cites_lines),
            "the kernel's lanes exchange data"
        );
        let matched = check_edits(text, &[(in_f, in_f, "\n"), (in_f, in_f + 1, "")]);
        assert_eq!(matched, [2, 2]);
    }

    #[test]
    fn a_module_scope_register_is_matched_again_after_every_edit() {
        // module-scope-register-or-local's fix reads every function (which uses the
        // register) and deletes the declaration's line ending, past its item: found by
        // fuzzing `ptxls`.
        let text = ".version 2.1\n.target sm_20\n.reg .u32 %ra;\n.entry k()\n{\n\tret;\n}\n.entry j()\n{\n\tret;\n}\n";
        let declaration_end = text.find("%ra;").unwrap() + 4;
        let in_j = text.rfind("ret;").unwrap();
        check_edits(
            text,
            &[
                // The declaration's line ending becomes `\r\n`: the fix deletes it too.
                (declaration_end, declaration_end, "\r"),
                // Another function starts using the register: the fix moves it there.
                (in_j, in_j, "mov.u32 %ra, 1;\n\t"),
                (in_j, in_j + 16, ""),
            ],
        );
    }
}
