//! What a rule sees: the parsed file, its header and symbols, the captures
//! of its query match, and a place to report diagnostics.

use ptxkit_isa::{Target, Version};
use ptxkit_semantic::{Instruction, ModuleHeader, SymbolTable};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Diagnostic, ParsedSource, Severity, Span};

use crate::registry::RuleInfo;
use crate::settings::Settings;

/// How a rule is implemented: an optional query (`queries/<rule>.scm`)
/// whose matches go to `on_match`, and an optional whole-module check.
#[derive(Clone, Copy)]
pub struct RuleImpl {
    /// The rule's tree-sitter query source.
    pub query: Option<&'static str>,
    /// Called for every match of the query.
    pub on_match: Option<for<'a> fn(&mut Checker<'a>, &Captures<'a>)>,
    /// Called once per file (for rules no query can express).
    pub on_module: Option<fn(&mut Checker<'_>)>,
}

/// The named captures of one query match.
pub struct Captures<'t> {
    pub(crate) names: &'static [&'static str],
    /// (capture index, node): held inline, since the engine builds one per rule per match
    /// (about 30 per instruction) and no pattern captures more than two nodes.
    pub(crate) items: smallvec::SmallVec<[(u32, Node<'t>); 2]>,
}

impl<'t> Captures<'t> {
    /// The first node captured as `@name`.
    pub fn get(&self, name: &str) -> Option<Node<'t>> {
        self.all(name).next()
    }

    /// Every node captured as `@name`.
    pub fn all<'s>(&'s self, name: &'s str) -> impl Iterator<Item = Node<'t>> + 's {
        self.items
            .iter()
            .filter(move |(index, _)| self.names[*index as usize] == name)
            .map(|(_, node)| *node)
    }
}

/// The context a rule runs in.
pub struct Checker<'a> {
    /// The parsed file.
    pub parsed: &'a ParsedSource,
    /// Its symbols.
    pub symbols: &'a SymbolTable,
    /// Its `.version`, `.target` and `.address_size` as written.
    pub header: &'a ModuleHeader,
    /// The settings in force.
    pub settings: &'a Settings,
    pub(crate) rule: &'static RuleInfo,
    pub(crate) severity: Severity,
    pub(crate) diagnostics: Vec<Diagnostic>,
    pub(crate) last_insn: std::cell::RefCell<Option<(usize, Option<std::rc::Rc<Instruction<'a>>>)>>,
    pub(crate) last_issues: std::cell::RefCell<Option<(usize, std::rc::Rc<Vec<ptxkit_isa::Issue>>)>>,
    pub(crate) constructs: std::cell::OnceCell<std::rc::Rc<Vec<(Span, ptxkit_isa::Issue)>>>,
    /// The module's top-level items (see [`Checker::module_items`]); given when the file is
    /// linted in groups of items.
    pub(crate) module_items: std::cell::OnceCell<std::rc::Rc<Vec<(&'static str, Span)>>>,
    /// The file's syntax errors; given when the file is linted in groups of items.
    pub(crate) syntax_errors: std::cell::OnceCell<std::rc::Rc<Vec<ptxkit_syntax::SyntaxError>>>,
    pub(crate) last_signature: std::cell::RefCell<Option<(usize, std::rc::Rc<Option<SignatureCheck<'a>>>)>>,
    /// The names of the last instruction resolved, by node id (four rules read them).
    pub(crate) last_resolved: std::cell::RefCell<Option<(usize, Resolved<'a>)>>,
    /// Diagnostics reported once per file for a repeated chain: (index in `diagnostics`, key),
    /// merged by [`group`] at the end.
    pub(crate) grouped: Vec<(usize, String)>,
    /// The control-flow graph of the function definition the dataflow rules look at, by
    /// the function's start byte (built once for all of them, dropped when they move on to
    /// the next function: memory stays that of one function).
    pub(crate) flow: std::cell::RefCell<Option<(usize, FlowOf<'a>)>>,
    /// The memory accesses of that function with their solved addresses, by the function's
    /// start byte (the alignment analysis runs once for both address rules).
    pub(crate) accesses: std::cell::RefCell<Option<(usize, AccessesOf<'a>)>>,
    /// The functions that use each module-scope declaration, found in one walk of the
    /// function bodies when `module-scope-register-or-local` first needs them.
    pub(crate) module_scope_users:
        std::cell::OnceCell<std::rc::Rc<crate::rules::module_scope_register_or_local::ModuleScopeUsers<'a>>>,
    /// Whether the file has a syntax error anywhere; given when the file is linted in groups
    /// of items (a group's own tree knows only its own).
    pub(crate) module_has_errors: std::cell::OnceCell<bool>,
    /// The ISA issues of each instruction form seen so far (see [`Checker::form_issues`]).
    pub(crate) form_issues: std::cell::RefCell<rustc_hash::FxHashMap<FormKey<'a>, Vec<ptxkit_isa::Issue>>>,
    /// What each name the instructions use was classified as, for their signature instances.
    pub(crate) name_classes: ptxkit_semantic::signature::NameClasses<'a>,
    /// The signature analysis of each instance seen so far (see [`Checker::signature`]).
    pub(crate) analyses: std::cell::RefCell<
        rustc_hash::FxHashMap<ptxkit_isa::signature::Instance<'a>, Option<ptxkit_isa::signature::Analysis>>,
    >,
}

/// What the ISA tables read of an instruction (its [`Instruction::form`]): the opcode, the
/// modifiers as written, and the operand count.
#[derive(PartialEq, Eq, Hash)]
pub(crate) struct FormKey<'a> {
    opcode: &'a str,
    modifiers: smallvec::SmallVec<[&'a str; 6]>,
    operands: usize,
}

/// The top-level items of `parsed` but comments and preprocessor lines, as (kind, span):
/// the node kind of the header directives (`version_directive`, `target_directive`,
/// `address_size_directive`), `"other"` for any other item.
pub(crate) fn module_items(parsed: &ParsedSource) -> Vec<(&'static str, Span)> {
    let root = parsed.root();
    let mut cursor = root.walk();
    root.named_children(&mut cursor)
        .filter(|n| !matches!(n.kind_name(), "comment" | "preprocessor"))
        .map(|n| {
            let kind = match n.kind_name() {
                "version_directive" => "version_directive",
                "target_directive" => "target_directive",
                "address_size_directive" => "address_size_directive",
                _ => "other",
            };
            (kind, Span::of(n))
        })
        .collect()
}

/// Every identifier in an instruction's guard and operands with what it resolves to (see
/// [`crate::names::resolve`]).
pub type Resolved<'a> = std::rc::Rc<Vec<(Node<'a>, crate::names::Resolution<'a>)>>;

/// The control-flow graph of a function definition, shared by the dataflow rules.
pub type FlowOf<'a> = std::rc::Rc<Option<ptxkit_semantic::flow::FunctionFlow<'a>>>;

/// The memory accesses of a function definition that have a requirement (an alignment or
/// a size) and what the alignment analysis knows of each address, with the analysis;
/// `None` when the function has no body or no such access.
pub(crate) type AccessesOf<'a> = std::rc::Rc<
    Option<(
        ptxkit_semantic::flow::alignment::Alignment<'a>,
        Vec<(
            crate::memory_access::Requirement<'a>,
            ptxkit_semantic::flow::alignment::Congruence,
        )>,
    )>,
>;

/// An instruction matched against its signatures: the analysis, and the instruction whose
/// modifiers and operands its indices refer to.
pub struct SignatureCheck<'a> {
    /// What the matcher found.
    pub analysis: ptxkit_isa::signature::Analysis,
    /// The instance the matcher saw.
    pub instance: ptxkit_isa::signature::Instance<'a>,
    /// The instruction (its modifiers, and its operands: for `call`, returns, callee,
    /// arguments, targets).
    pub insn: std::rc::Rc<Instruction<'a>>,
}

impl<'a> Checker<'a> {
    /// The source text.
    pub fn text(&self) -> &'a str {
        self.parsed.text()
    }

    /// The text of a node.
    pub fn node_text(&self, node: Node<'_>) -> &'a str {
        &self.parsed.text()[node.byte_range()]
    }

    /// The version the checks use: `--ptx-version` if given, else the
    /// module's `.version`.
    pub fn version(&self) -> Option<Version> {
        self.settings.version_override.or_else(|| self.header.version())
    }

    /// The architecture the checks use: `--target` if given, else the newest
    /// architecture of the module's `.target` (known to ptxkit-isa or not).
    pub fn target(&self) -> Option<Target> {
        self.settings.target_override.or_else(|| self.header.target())
    }

    /// The version and architecture the ISA checks use, when both are
    /// known to ptxkit-isa.
    pub fn destination(&self) -> Option<(Version, Target)> {
        Some((self.version()?, self.target().filter(Target::is_known)?))
    }

    /// The `@instruction` capture of a match and its typed view: the
    /// preamble of every per-instruction rule.
    pub fn captured_instruction(&self, captures: &Captures<'a>) -> Option<(Node<'a>, std::rc::Rc<Instruction<'a>>)> {
        let node = captures.get("instruction")?;
        Some((node, self.insn(node)?))
    }

    /// The `@instruction` capture of a match when it is a plain instruction (not a `call`)
    /// whose opcode is one of `opcodes`, and its typed view: the preamble of the rules about
    /// a few opcodes (their own query would cost a pass of the query cursor per pattern).
    pub fn captured_opcode(
        &self,
        captures: &Captures<'a>,
        opcodes: &[&str],
    ) -> Option<(Node<'a>, std::rc::Rc<Instruction<'a>>)> {
        let node = captures.get("instruction").filter(|n| n.kind_name() == "instruction")?;
        let insn = self.insn(node)?;
        opcodes.contains(&insn.opcode()).then_some((node, insn))
    }

    /// The instruction at `node`, classified once and shared by the rules
    /// that match it.
    pub fn insn(&self, node: Node<'a>) -> Option<std::rc::Rc<Instruction<'a>>> {
        last_one(&self.last_insn, node.id(), || {
            // The control-flow graph of the function at hand (built when its definition
            // matched, before its instructions) holds the same views.
            let in_flow = self.flow.borrow().as_ref().and_then(|(_, flow)| {
                flow.as_ref()
                    .as_ref()
                    .and_then(|flow| flow.instruction_at(node).cloned())
            });
            in_flow.or_else(|| Instruction::cast(node, self.text()).map(std::rc::Rc::new))
        })
    }

    /// The ptxkit-isa issues of the instruction at `node` (version, target,
    /// rounding, types, opcode), computed once for all rules.
    pub fn isa_issues(&self, node: Node<'a>) -> std::rc::Rc<Vec<ptxkit_isa::Issue>> {
        last_one(&self.last_issues, node.id(), || self.compute_isa_issues(node))
    }

    /// [`Self::isa_issues`] without the cache.
    fn compute_isa_issues(&self, node: Node<'a>) -> std::rc::Rc<Vec<ptxkit_isa::Issue>> {
        let mut issues = match self.insn(node) {
            Some(insn) if !node.has_error() => self.form_issues(&insn),
            _ => Vec::new(),
        };
        // What the matched form needs beyond its chain (a signature's `block` records: an
        // indirect call needs PTX 2.1; `mbarrier.arrive` with a sink 7.1).
        if let Some((version, target)) = self.destination()
            && let Some(check) = self.signature(node).as_ref()
            && check.analysis.is_match()
        {
            for issue in ptxkit_isa::check_features(check.analysis.form.features(), version, target) {
                if !issues.contains(&issue) {
                    issues.push(issue);
                }
            }
        }
        std::rc::Rc::new(issues)
    }

    /// [`crate::isa::issues`] of `insn`: computed once per instruction form in the file (a
    /// kernel repeats a few dozen forms thousands of times), since the checks read nothing
    /// of an instruction but its form, and the version and target, which are the file's.
    fn form_issues(&self, insn: &Instruction<'a>) -> Vec<ptxkit_isa::Issue> {
        let destination = self.destination();
        if destination.is_none() {
            return crate::isa::issues(insn, destination);
        }
        let key = FormKey {
            opcode: insn.opcode(),
            modifiers: insn.modifiers().iter().map(|m| m.text).collect(),
            operands: insn.operands().len(),
        };
        if let Some(issues) = self.form_issues.borrow().get(&key) {
            return issues.clone();
        }
        let issues = crate::isa::issues(insn, destination);
        self.form_issues.borrow_mut().insert(key, issues.clone());
        issues
    }

    /// The ptxkit-isa issues of every module-level construct of the file
    /// (directives, attributes, debugging directives, pragmas, declarations,
    /// special registers), computed once for all rules.
    pub fn construct_issues(&self) -> std::rc::Rc<Vec<(Span, ptxkit_isa::Issue)>> {
        self.constructs
            .get_or_init(|| std::rc::Rc::new(crate::isa::construct_issues(self.parsed, self.destination())))
            .clone()
    }

    /// The kind (see [`module_items`]) and span of each top-level item of the module but
    /// comments and preprocessor lines, in source order: what the whole-module rules read of the tree
    /// (they run once per file, also when the file is linted in groups of items).
    pub fn module_items(&self) -> std::rc::Rc<Vec<(&'static str, Span)>> {
        self.module_items
            .get_or_init(|| std::rc::Rc::new(module_items(self.parsed)))
            .clone()
    }

    /// Whether the file has a syntax error anywhere (names are not reported undeclared in
    /// such a file: a broken declaration may have declared them).
    pub fn module_has_errors(&self) -> bool {
        *self.module_has_errors.get_or_init(|| self.parsed.root().has_error())
    }

    /// The file's syntax errors ([`ParsedSource::syntax_errors`]; every group's when the file
    /// is linted in groups), computed once.
    pub fn syntax_errors(&self) -> std::rc::Rc<Vec<ptxkit_syntax::SyntaxError>> {
        self.syntax_errors
            .get_or_init(|| std::rc::Rc::new(self.parsed.syntax_errors()))
            .clone()
    }

    /// The instruction at `node` matched against its signatures, computed once for all rules.
    /// `None` when no signature describes the opcode, or the instruction has syntax errors.
    pub fn signature(&self, node: Node<'a>) -> std::rc::Rc<Option<SignatureCheck<'a>>> {
        last_one(&self.last_signature, node.id(), || {
            std::rc::Rc::new(self.insn(node).filter(|_| !node.has_error()).and_then(|insn| {
                let instance = insn.signature_instance_with(self.symbols, &self.name_classes);
                let analysis = self.analysis(&instance)?;
                Some(SignatureCheck {
                    analysis,
                    instance,
                    insn,
                })
            }))
        })
    }

    /// [`ptxkit_isa::signature::analyze`] of `instance`: computed once per distinct instance
    /// in the file (a kernel repeats a few hundred of them thousands of times), since the
    /// matcher reads nothing but the instance.
    fn analysis(&self, instance: &ptxkit_isa::signature::Instance<'a>) -> Option<ptxkit_isa::signature::Analysis> {
        if let Some(analysis) = self.analyses.borrow().get(instance) {
            return analysis.clone();
        }
        let analysis = ptxkit_isa::signature::analyze(instance);
        self.analyses.borrow_mut().insert(instance.clone(), analysis.clone());
        analysis
    }

    /// The names `insn` uses and what each resolves to, computed once for all rules.
    pub fn resolved(&self, insn: &Instruction<'a>) -> Resolved<'a> {
        last_one(&self.last_resolved, insn.node().id(), || {
            std::rc::Rc::new(crate::names::resolve(self, insn))
        })
    }

    /// Records `diagnostic` once per `key` in the file: a later report with the same key adds
    /// its span to the first as a related location ("also here") instead (see [`group`], run
    /// when the file's findings are complete).
    pub fn report_once(&mut self, key: String, diagnostic: Diagnostic) {
        self.grouped.push((self.diagnostics.len(), key));
        self.diagnostics.push(diagnostic);
    }

    /// The control-flow graph of one function definition (`None` for a declaration
    /// without a body), built once for every dataflow rule.
    pub fn flow_of(&self, function: Node<'a>) -> FlowOf<'a> {
        last_one(&self.flow, function.start_byte(), || {
            std::rc::Rc::new(ptxkit_semantic::flow::FunctionFlow::build(
                function,
                self.parsed.text(),
                self.symbols,
            ))
        })
    }

    /// The memory accesses of one function definition that have a requirement, with their
    /// solved addresses (see [`AccessesOf`]), computed once for both address rules.
    pub(crate) fn addressed_accesses(&self, function: Node<'a>) -> AccessesOf<'a> {
        last_one(&self.accesses, function.start_byte(), || {
            let flow = self.flow_of(function);
            std::rc::Rc::new(flow.as_ref().as_ref().and_then(|flow| {
                crate::memory_access::addressed_accesses(flow, self.symbols, self.text(), |r| {
                    r.alignment > 1 || r.size.is_some()
                })
            }))
        })
    }

    /// The span of an instruction's opcode and modifiers (`cvt.rn.f32.s32`).
    pub fn opcode_span(&self, node: Node<'a>) -> Span {
        self.insn(node).map_or(Span::of(node), |insn| insn.opcode_span())
    }

    /// A diagnostic of the current rule, at its configured severity.
    pub fn diagnostic(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.rule.code, self.rule.name, self.severity, message, span)
    }

    /// Like [`Self::diagnostic`] with an explicit severity (for rules whose
    /// severity depends on the version or target, e.g. a deprecation that
    /// became an error). A configured severity override still wins.
    pub fn diagnostic_with(&self, severity: Severity, span: Span, message: impl Into<String>) -> Diagnostic {
        let severity = if self.settings.severity_overridden(self.rule) {
            self.severity
        } else {
            severity
        };
        Diagnostic::new(self.rule.code, self.rule.name, severity, message, span)
    }

    /// Records a diagnostic.
    pub fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }
}

/// The value `cell` holds for `key`, or else `compute()`, which replaces the value held for
/// the previous key: the rules look at one instruction (or one function) after another, so
/// the last one is all a cache needs to keep.
fn last_one<K: PartialEq, V: Clone>(
    cell: &std::cell::RefCell<Option<(K, V)>>,
    key: K,
    compute: impl FnOnce() -> V,
) -> V {
    if let Some((at, value)) = cell.borrow().as_ref()
        && *at == key
    {
        return value.clone();
    }
    let value = compute();
    *cell.borrow_mut() = Some((key, value.clone()));
    value
}

/// Merges the diagnostics reported with the same [`Checker::report_once`] key: the first
/// (in report order) stays, each later one becomes a related location of it ("the same
/// here", at most 20 and a last "further on in this file") and is dropped. `grouped` holds
/// (index in `diagnostics`, key) in report order.
pub(crate) fn group(diagnostics: Vec<Diagnostic>, grouped: &[(usize, String)]) -> Vec<Diagnostic> {
    const MAX_RELATED: usize = 20;
    if grouped.is_empty() {
        return diagnostics;
    }
    let mut diagnostics: Vec<Option<Diagnostic>> = diagnostics.into_iter().map(Some).collect();
    let mut first: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (index, key) in grouped {
        let Some(&primary) = first.get(key.as_str()) else {
            first.insert(key, *index);
            continue;
        };
        let Some(later) = diagnostics[*index].take() else {
            continue;
        };
        let Some(primary) = diagnostics[primary].as_mut() else {
            continue;
        };
        match primary.labels.len().cmp(&MAX_RELATED) {
            std::cmp::Ordering::Less => primary.labels.push(ptxkit_syntax::Label {
                span: later.span,
                message: "the same here".to_string(),
            }),
            std::cmp::Ordering::Equal => primary.labels.push(ptxkit_syntax::Label {
                span: later.span,
                message: "the same here, and further on in this file".to_string(),
            }),
            std::cmp::Ordering::Greater => {}
        }
    }
    diagnostics.into_iter().flatten().collect()
}
