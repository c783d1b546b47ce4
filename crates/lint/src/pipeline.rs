//! The one way rules run over a text, which every driver builds on (a whole file, a file
//! in pieces or in groups of items, an editor's document after an edit, an inline asm
//! statement's PTX, a migration's lint as if at the destination):
//!
//! 1. **module**: each enabled rule's module check ([`Pipeline::module_rules`]);
//! 2. **visit**: one walk of the tree, calling each enabled rule at the nodes it visits
//!    and with the matches of its query ([`Pipeline::visit`]);
//! 3. **asm**: for an asm statement's PTX, each enabled rule's asm check
//!    ([`Pipeline::asm_rules`]);
//! 4. **finish**: the findings reported once per file are grouped, the suppression
//!    comments applied, the rules about suppressions run, fixes that would add syntax
//!    errors withheld, and the findings sorted ([`Pipeline::finish`]).
//!
//! The pipeline knows rules only by their declarations ([`crate::rule::Visits`]).

use std::sync::OnceLock;

use ptxkit_semantic::{SemanticModel, SymbolTable};
use ptxkit_syntax::tree_sitter::{Node, QueryCursor, StreamingIterator};
use ptxkit_syntax::{Diagnostic, ParsedSource, Span};

use crate::asm::AsmOrigin;
use crate::checker::{Captures, Checker, Findings, ModuleFacts, SuppressionCheck, group};
use crate::dispatch::{Declared, Found, Plan};
use crate::registry::rules;
use crate::rule::visits;
use crate::settings::Settings;
use crate::suppress::Suppressions;

/// The walk of every rule's declaration, planned once.
fn plan() -> &'static Plan {
    static PLAN: OnceLock<Plan> = OnceLock::new();
    PLAN.get_or_init(|| {
        let declared: Vec<Declared<'_>> = (0..rules().len())
            .map(|rule| {
                let visits = visits(rule);
                Declared {
                    rule,
                    kinds: visits.nodes.map_or(&[], |(kinds, _)| kinds),
                    query: visits.query.map(|q| (q.roots, q.source)),
                }
            })
            .collect();
        Plan::new(&ptxkit_syntax::language(), ptxkit_syntax::node_types(), &declared)
            .unwrap_or_else(|err| panic!("the rules' declarations must plan (see the registry tests): {err}"))
    })
}

/// Whether an enabled rule of `settings` reads other top-level items than the one it
/// visits, in the module of `symbols` (see [`crate::rule::Visits::reading_other_items`]).
pub(crate) fn reads_other_items(settings: &Settings, symbols: &SymbolTable) -> bool {
    rules().iter().enumerate().any(|(index, rule)| {
        visits(index)
            .reads_other_items
            .is_some_and(|needs| settings.is_enabled(rule) && needs(symbols))
    })
}

/// One run of the rules over one parsed text.
pub(crate) struct Pipeline<'a> {
    checker: Checker<'a>,
}

impl<'a> Pipeline<'a> {
    /// A run over `parsed`, whose semantic model is `model`.
    pub(crate) fn new(parsed: &'a ParsedSource, model: &'a SemanticModel, settings: &'a Settings) -> Self {
        Pipeline {
            checker: Checker::new(parsed, model, settings, None),
        }
    }

    /// A run over the PTX of the inline asm statement `origin`.
    pub(crate) fn for_asm(
        parsed: &'a ParsedSource,
        model: &'a SemanticModel,
        settings: &'a Settings,
        origin: &'a AsmOrigin<'a>,
    ) -> Self {
        Pipeline {
            checker: Checker::new(parsed, model, settings, Some(origin)),
        }
    }

    /// The checker: the facts the rules share, for a driver that needs them too.
    pub(crate) fn checker(&self) -> &Checker<'a> {
        &self.checker
    }

    /// Takes the module-level constructs' issues as given (computed once for every piece).
    pub(crate) fn give_constructs(&mut self, constructs: Vec<(Span, ptxkit_isa::Issue)>) {
        self.checker.give_constructs(constructs);
    }

    /// Takes what the groups of a file know of the whole module as given.
    pub(crate) fn give_module_facts(&mut self, facts: ModuleFacts) {
        self.checker.give_module_facts(facts);
    }

    /// Takes as given whether the file has a syntax error anywhere.
    pub(crate) fn give_module_has_errors(&mut self, has_errors: bool) {
        self.checker.give_module_has_errors(has_errors);
    }

    /// Runs every enabled rule's module check.
    pub(crate) fn module_rules(&mut self) {
        for (index, rule) in rules().iter().enumerate() {
            if let Some(check) = visits(index).module
                && self.checker.settings.is_enabled(rule)
            {
                self.checker.select(rule);
                check(&mut self.checker);
            }
        }
    }

    /// Runs every enabled rule's asm check (the statement is the checker's origin); they
    /// report in the C++ file's offsets.
    pub(crate) fn asm_rules(&mut self) {
        for (index, rule) in rules().iter().enumerate() {
            if let Some(check) = visits(index).asm
                && self.checker.settings.is_enabled(rule)
            {
                self.checker.select(rule);
                check(&mut self.checker);
            }
        }
    }

    /// Reports `finding` of another rule in the words of the enabled rule `rule` that
    /// rewords it (see [`crate::rule::Rewords`]).
    pub(crate) fn reword(&mut self, rule: usize, finding: &Diagnostic) {
        let Some(rewords) = visits(rule).rewords else { return };
        let info = &rules()[rule];
        if self.checker.settings.is_enabled(info) {
            self.checker.select(info);
            (rewords.report)(&mut self.checker, finding);
        }
    }

    /// Walks the tree and runs every enabled rule at the nodes it visits and with the
    /// matches of its query, for what starts in `range` (top-level items) or everywhere.
    /// `before` is called with the start of each node or match before its rules run (they
    /// come in source order, one top-level item after the other); `false` skips it.
    pub(crate) fn visit(
        &mut self,
        range: Option<std::ops::Range<usize>>,
        mut before: impl FnMut(&Checker<'a>, usize) -> bool,
    ) {
        let all = rules();
        let checker = &mut self.checker;
        let parsed = checker.parsed;
        let enabled: Vec<bool> = all.iter().map(|r| checker.settings.is_enabled(r)).collect();
        plan().run(parsed.root(), parsed.text(), range.as_ref(), |found| {
            let first = found.start();
            if let Some(range) = &range
                && !first.is_some_and(|start| range.contains(&start))
            {
                return;
            }
            if !before(checker, first.unwrap_or(0)) {
                return;
            }
            match found {
                Found::Node { rules, node } => {
                    for &owner in rules {
                        if enabled[owner]
                            && let Some((_, check)) = visits(owner).nodes
                        {
                            checker.select(&all[owner]);
                            check(checker, node);
                        }
                    }
                }
                Found::Match {
                    rules, names, captures, ..
                } => {
                    // One set of captures for every rule of the pattern.
                    let captures = Captures {
                        names,
                        items: captures.iter().copied().collect(),
                    };
                    for &owner in rules {
                        if enabled[owner]
                            && let Some(query) = visits(owner).query
                        {
                            checker.select(&all[owner]);
                            (query.check)(checker, &captures);
                        }
                    }
                }
            }
        });
    }

    /// What the rules reported so far.
    pub(crate) fn findings(&self) -> &Findings {
        self.checker.findings()
    }

    /// Takes what the rules reported so far (a piece's findings, to absorb in order).
    pub(crate) fn into_findings(self) -> Findings {
        self.checker.into_findings()
    }

    /// Appends what other runs over parts of the same text found, in order.
    pub(crate) fn absorb(&mut self, found: impl IntoIterator<Item = Findings>) {
        for findings in found {
            self.checker.findings_mut().append(findings);
        }
    }

    /// Appends findings kept from an earlier run (an unchanged item's, moved).
    pub(crate) fn absorb_one(&mut self, found: Findings) {
        self.checker.findings_mut().append(found);
    }

    /// The findings, grouped and sorted by position, without suppressions (what a
    /// migration sees).
    pub(crate) fn finish_unsuppressed(self) -> Vec<Diagnostic> {
        let findings = self.checker.into_findings();
        let mut diagnostics = group(findings.diagnostics, &findings.grouped);
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        diagnostics
    }

    /// The findings with the file's suppression comments (read from the text) applied.
    pub(crate) fn finish(self) -> Vec<Diagnostic> {
        let suppressions = Suppressions::parse(self.checker.parsed);
        self.finish_with(suppressions)
    }

    /// Groups the findings reported once per file, applies `suppressions`, runs the rules
    /// about suppressions, withholds fixes that would add syntax errors, and sorts.
    pub(crate) fn finish_with(self, mut suppressions: Suppressions) -> Vec<Diagnostic> {
        let checker = self.checker;
        let settings = checker.settings;
        let parsed = checker.parsed;
        let syntax_errors = checker.syntax_errors().len();
        let findings = checker.into_findings();
        let mut diagnostics = group(findings.diagnostics, &findings.grouped);
        let lines = parsed.lines();
        diagnostics.retain(|d| !suppressions.suppress(d, lines.line_of(d.span.start)));
        diagnostics.extend(suppression_findings(parsed.text(), settings, &suppressions));
        if syntax_errors > 0 {
            withhold_fixes_that_add_syntax_errors(parsed, syntax_errors, &mut diagnostics);
        }
        // A total order (the message breaks ties): the same text gives the same output
        // whatever order rules found things in (the symbol table's maps have none).
        diagnostics.sort_by(|a, b| {
            (a.span.start, &a.code, a.span.end, &a.message).cmp(&(b.span.start, &b.code, b.span.end, &b.message))
        });
        diagnostics.dedup();
        diagnostics
    }
}

/// What the enabled rules about suppression comments report on `suppressions` (applied
/// to the findings of `text`, PTX or C++).
pub(crate) fn suppression_findings(text: &str, settings: &Settings, suppressions: &Suppressions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (index, rule) in rules().iter().enumerate() {
        if let Some(check) = visits(index).suppressions
            && settings.is_enabled(rule)
        {
            let mut suppression_check = SuppressionCheck::new(rule, text, settings, suppressions);
            check(&mut suppression_check);
            out.extend(suppression_check.into_diagnostics());
        }
    }
    out
}

/// The rules an asm statement's PTX is linted with besides the enabled ones: the rules
/// that enabled rules reword (see [`crate::rule::Rewords`]), in `settings`.
pub(crate) fn enable_reworded(settings: &mut Settings) {
    for (index, rule) in rules().iter().enumerate() {
        let Some(rewords) = visits(index).rewords else { continue };
        if !settings.is_enabled(rule) {
            continue;
        }
        for name in rewords.rules {
            settings.enable(crate::find_rule(name).expect("a reworded rule is registered"));
        }
    }
}

/// The rule (by index) that rewords `finding` of the asm statement `origin`'s PTX, if one
/// takes it.
pub(crate) fn rewording_rule(origin: &AsmOrigin<'_>, finding: &Diagnostic) -> Option<usize> {
    (0..rules().len()).find(|&index| {
        visits(index)
            .rewords
            .is_some_and(|r| r.rules.contains(&finding.rule.as_str()) && (r.takes)(origin, finding))
    })
}

/// How the rule named `name` treats its findings in an asm statement's PTX.
pub(crate) fn in_asm(name: &str) -> crate::rule::InAsm {
    rules()
        .iter()
        .position(|rule| rule.name == name)
        .map_or(crate::rule::InAsm::Reported, |index| visits(index).in_asm)
}

/// What `rules` report on `parsed` linted as if it said `.version version` and `.target
/// target`, grouped and sorted, without suppressions: the findings of migrations.
pub fn lint_as(
    parsed: &ParsedSource,
    rules: &[&'static crate::RuleInfo],
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
    let mut pipeline = Pipeline::new(parsed, &model, &settings);
    pipeline.module_rules();
    pipeline.visit(None, |_, _| true);
    pipeline.finish_unsuppressed()
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

/// Everything the walk finds under `root` (in `range`), by rule declaration: the nodes of
/// each rule's kinds, and the matches of each query pattern, as (capture name, byte range,
/// kind id) lists, in the order found.
pub(crate) type Walked = (
    Vec<Vec<(usize, u16)>>,
    Vec<Vec<Vec<(&'static str, std::ops::Range<usize>, u16)>>>,
);

/// What the planned walk finds in `parsed` (in `range`).
pub(crate) fn walked(parsed: &ParsedSource, range: Option<std::ops::Range<usize>>) -> Walked {
    let plan = plan();
    let patterns = plan.rooted().map_or(0, |r| r.query.pattern_count());
    let mut nodes = vec![Vec::new(); rules().len()];
    let mut matches = vec![Vec::new(); patterns];
    plan.run(parsed.root(), parsed.text(), range.as_ref(), |found| {
        let first = found.start();
        if let Some(range) = &range
            && !first.is_some_and(|start| range.contains(&start))
        {
            return;
        }
        match found {
            Found::Node { rules, node } => {
                for &rule in rules {
                    nodes[rule].push((node.start_byte(), node.kind_id()));
                }
            }
            Found::Match {
                pattern,
                names,
                captures,
                ..
            } => matches[pattern].push(
                captures
                    .iter()
                    .map(|(index, node)| (names[*index as usize], node.byte_range(), node.kind_id()))
                    .collect(),
            ),
        }
    });
    (nodes, matches)
}

/// What a walk of the whole tree and a query cursor over it find in `parsed` (in
/// `range`): what [`walked`] must find.
pub(crate) fn expected(parsed: &ParsedSource, range: Option<std::ops::Range<usize>>) -> Walked {
    let plan = plan();
    let in_range = |start: usize| range.as_ref().is_none_or(|r| r.contains(&start));
    let mut nodes = vec![Vec::new(); rules().len()];
    for node in ptxkit_syntax::preorder(parsed.root()) {
        if !in_range(node.start_byte()) {
            continue;
        }
        for (rule, list) in nodes.iter_mut().enumerate() {
            if visits(rule)
                .nodes
                .is_some_and(|(kinds, _)| kinds.contains(&node_kind(node)))
            {
                list.push((node.start_byte(), node.kind_id()));
            }
        }
    }
    let Some(rooted) = plan.rooted() else {
        return (nodes, Vec::new());
    };
    let mut matches = vec![Vec::new(); rooted.query.pattern_count()];
    let mut cursor = QueryCursor::new();
    if let Some(range) = &range {
        cursor.set_byte_range(range.clone());
    }
    let mut found = cursor.matches(&rooted.query, parsed.root(), parsed.text().as_bytes());
    while let Some(one) = found.next() {
        let first = one.captures().iter().map(|c| c.node.start_byte()).min();
        if range.is_some() && !first.is_some_and(in_range) {
            continue;
        }
        matches[one.pattern_index].push(
            one.captures()
                .iter()
                .map(|c| (rooted.names[c.index as usize], c.node.byte_range(), c.node.kind_id()))
                .collect(),
        );
    }
    (nodes, matches)
}

/// A node's kind name, as the rules' declarations spell it (only named kinds are visited).
fn node_kind(node: Node<'_>) -> &'static str {
    use ptxkit_syntax::NodeKind as _;
    if node.is_named() { node.kind_name() } else { "" }
}
