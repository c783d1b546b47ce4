//! What a rule sees: the parsed file, its header and symbols, the settings, the facts the
//! rules share (computed once, when a rule first asks: the instruction model and its
//! signature match, the ISA issues, the control-flow graph and dataflow, the
//! synchronisation report, the module's items and constructs), the captures of its query
//! match, and a place to report diagnostics. [`crate::pipeline`] runs the rules with it.

use ptxkit_isa::{Target, Version};
use ptxkit_semantic::{Instruction, ModuleHeader, SemanticModel, SymbolTable};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Diagnostic, ParsedSource, Severity, Span};

use crate::asm::AsmOrigin;
use crate::registry::{RuleInfo, rules};
use crate::settings::Settings;
use crate::suppress::Suppressions;

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
    /// The rule whose check runs.
    rule: &'static RuleInfo,
    severity: Severity,
    /// What the rules reported so far.
    findings: Findings,
    /// The inline asm statement whose PTX this is, when it is one.
    asm: Option<&'a AsmOrigin<'a>>,
    last_insn: std::cell::RefCell<Option<(usize, Option<std::rc::Rc<Instruction<'a>>>)>>,
    last_issues: std::cell::RefCell<Option<(usize, std::rc::Rc<Vec<ptxkit_isa::Issue>>)>>,
    constructs: std::cell::OnceCell<std::rc::Rc<Vec<(Span, ptxkit_isa::Issue)>>>,
    /// The module's top-level items (see [`Checker::module_items`]); given when the file is
    /// linted in groups of items.
    module_items: std::cell::OnceCell<std::rc::Rc<Vec<(&'static str, Span)>>>,
    /// The file's syntax errors; given when the file is linted in groups of items.
    syntax_errors: std::cell::OnceCell<std::rc::Rc<Vec<ptxkit_syntax::SyntaxError>>>,
    last_signature: std::cell::RefCell<Option<(usize, std::rc::Rc<Option<SignatureCheck<'a>>>)>>,
    /// The names of the last instruction resolved, by node id (four rules read them).
    last_resolved: std::cell::RefCell<Option<(usize, Resolved<'a>)>>,
    /// The control-flow graph of the function definition the dataflow rules look at, by
    /// the function's start byte (built once for all of them, dropped when they move on to
    /// the next function: memory stays that of one function).
    flow: std::cell::RefCell<Option<(usize, FlowOf<'a>)>>,
    /// The memory accesses of that function with their solved addresses, by the function's
    /// start byte (the alignment analysis runs once for both address rules).
    accesses: std::cell::RefCell<Option<(usize, AccessesOf<'a>)>>,
    /// What the synchronisation analyses found in that function, by its start byte (run
    /// once for every synchronisation rule).
    sync: std::cell::RefCell<Option<(usize, std::rc::Rc<ptxkit_semantic::sync::SyncReport>)>>,
    /// The values of that function's registers (shared memory addresses followed), by its
    /// start byte (computed once for the synchronisation analyses and the warp analysis).
    values: std::cell::RefCell<Option<(usize, ValuesOf)>>,
    /// The functions that use each module-scope declaration, found in one walk of the
    /// function bodies when a rule first needs them.
    declaration_users: std::cell::OnceCell<std::rc::Rc<crate::facts::DeclarationUsers<'a>>>,
    /// Whether the file has a syntax error anywhere; given when the file is linted in groups
    /// of items (a group's own tree knows only its own).
    module_has_errors: std::cell::OnceCell<bool>,
    /// The ISA issues of each instruction form seen so far (see [`Checker::form_issues`]).
    form_issues: std::cell::RefCell<rustc_hash::FxHashMap<FormKey<'a>, Vec<ptxkit_isa::Issue>>>,
    /// What each name the instructions use was classified as, for their signature instances.
    name_classes: ptxkit_semantic::signature::NameClasses<'a>,
    /// The signature analysis of each instance seen so far (see [`Checker::signature`]).
    analyses: std::cell::RefCell<
        rustc_hash::FxHashMap<ptxkit_isa::signature::Instance<'a>, Option<ptxkit_isa::signature::Analysis>>,
    >,
}

/// The diagnostics reported in a run (or a piece of one), in report order, with the
/// [`Checker::report_once`] keys of some of them.
#[derive(Default)]
pub(crate) struct Findings {
    /// The diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// (index in `diagnostics`, key) of those reported once per file.
    pub grouped: Vec<(usize, String)>,
}

impl Findings {
    /// How many diagnostics and keys there are: a mark to take what follows it.
    pub fn mark(&self) -> (usize, usize) {
        (self.diagnostics.len(), self.grouped.len())
    }

    /// The findings between two marks, keys counted from the first.
    pub fn between(&self, from: (usize, usize), to: (usize, usize)) -> Findings {
        Findings {
            diagnostics: self.diagnostics[from.0..to.0].to_vec(),
            grouped: self.grouped[from.1..to.1]
                .iter()
                .map(|(at, key)| (at - from.0, key.clone()))
                .collect(),
        }
    }

    /// Appends `other`, whose keys count from its own first diagnostic.
    pub fn append(&mut self, other: Findings) {
        let offset = self.diagnostics.len();
        self.grouped
            .extend(other.grouped.into_iter().map(|(index, key)| (index + offset, key)));
        self.diagnostics.extend(other.diagnostics);
    }
}

/// What the pieces of a file linted in groups know of the whole module, given to the
/// checker of the whole-module rules instead of read from its own (empty) tree.
pub(crate) struct ModuleFacts {
    /// The ISA issues of the module-level constructs.
    pub constructs: Vec<(Span, ptxkit_isa::Issue)>,
    /// The top-level items (see [`module_items`]).
    pub items: Vec<(&'static str, Span)>,
    /// The syntax errors.
    pub syntax_errors: Vec<ptxkit_syntax::SyntaxError>,
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

/// What [`Checker::values_of`] gives.
pub type ValuesOf =
    std::rc::Rc<Result<ptxkit_semantic::sync::values::ValueFlow, ptxkit_semantic::sync::values::GiveUp>>;

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
    /// A checker with nothing reported yet, for `parsed` with its `model`; `asm` when the
    /// text is an inline asm statement's PTX.
    pub(crate) fn new(
        parsed: &'a ParsedSource,
        model: &'a SemanticModel,
        settings: &'a Settings,
        asm: Option<&'a AsmOrigin<'a>>,
    ) -> Checker<'a> {
        let first = &rules()[0];
        Checker {
            parsed,
            symbols: &model.symbols,
            header: &model.header,
            settings,
            rule: first,
            severity: first.severity,
            findings: Findings::default(),
            asm,
            last_insn: std::cell::RefCell::new(None),
            last_issues: std::cell::RefCell::new(None),
            constructs: std::cell::OnceCell::new(),
            module_items: std::cell::OnceCell::new(),
            syntax_errors: std::cell::OnceCell::new(),
            last_signature: std::cell::RefCell::new(None),
            last_resolved: std::cell::RefCell::new(None),
            flow: std::cell::RefCell::new(None),
            accesses: std::cell::RefCell::new(None),
            sync: std::cell::RefCell::new(None),
            values: std::cell::RefCell::new(None),
            declaration_users: std::cell::OnceCell::new(),
            module_has_errors: std::cell::OnceCell::new(),
            form_issues: std::cell::RefCell::new(rustc_hash::FxHashMap::default()),
            analyses: std::cell::RefCell::new(rustc_hash::FxHashMap::default()),
            name_classes: Default::default(),
        }
    }

    /// Makes `rule` the one whose check runs (its diagnostics, at its configured severity).
    pub(crate) fn select(&mut self, rule: &'static RuleInfo) {
        self.rule = rule;
        self.severity = self.settings.severity(rule);
    }

    /// Takes the module-level constructs' issues as given (computed over the whole file
    /// once, rather than by each piece).
    pub(crate) fn give_constructs(&mut self, constructs: Vec<(Span, ptxkit_isa::Issue)>) {
        let _ = self.constructs.set(std::rc::Rc::new(constructs));
    }

    /// Takes what the groups of a file know of the whole module as given.
    pub(crate) fn give_module_facts(&mut self, facts: ModuleFacts) {
        let _ = self.module_has_errors.set(!facts.syntax_errors.is_empty());
        self.give_constructs(facts.constructs);
        let _ = self.module_items.set(std::rc::Rc::new(facts.items));
        let _ = self.syntax_errors.set(std::rc::Rc::new(facts.syntax_errors));
    }

    /// Takes as given whether the file has a syntax error anywhere.
    pub(crate) fn give_module_has_errors(&mut self, has_errors: bool) {
        let _ = self.module_has_errors.set(has_errors);
    }

    /// What the rules reported so far.
    pub(crate) fn findings(&self) -> &Findings {
        &self.findings
    }

    /// What the rules reported so far, to add to.
    pub(crate) fn findings_mut(&mut self) -> &mut Findings {
        &mut self.findings
    }

    /// What the rules reported, and the checker's end.
    pub(crate) fn into_findings(self) -> Findings {
        self.findings
    }

    /// The inline asm statement whose PTX this is (C, C++ and CUDA files), with where its
    /// text came from: the rules about asm statements read it.
    pub fn asm(&self) -> Option<&'a AsmOrigin<'a>> {
        self.asm
    }

    /// How a message names the target the code is compiled for: "the module targets
    /// `sm_80`", or in an inline asm statement whose target comes from its guard or the
    /// configuration, "the statement is compiled for `sm_80`".
    pub fn compiled_for(&self, target: impl std::fmt::Display) -> String {
        if self.asm.is_some_and(|asm| asm.destination_origin(true).is_some()) {
            format!("the statement is compiled for `{target}`")
        } else {
            format!("the module targets `{target}`")
        }
    }

    /// How a message names the PTX version the code is compiled at: "the module is
    /// `.version 7.8`", or in an inline asm statement whose version comes from its guard or
    /// the configuration, "the statement is compiled at `.version 7.8`".
    pub fn compiled_at(&self, version: impl std::fmt::Display) -> String {
        if self.asm.is_some_and(|asm| asm.destination_origin(false).is_some()) {
            format!("the statement is compiled at `.version {version}`")
        } else {
            format!("the module is `.version {version}`")
        }
    }

    /// `diagnostic` with, in an inline asm statement whose target (`about` the target) or
    /// PTX version (else) comes from its guard or from the configuration, where it comes
    /// from added to the help.
    pub fn with_destination_origin(&self, mut diagnostic: Diagnostic, about_target: bool) -> Diagnostic {
        if let Some(origin) = self.asm.and_then(|asm| asm.destination_origin(about_target)) {
            diagnostic.help = Some(match diagnostic.help.take() {
                Some(help) => format!("{help} ({origin})"),
                None => origin,
            });
        }
        diagnostic
    }

    /// Every module-scope variable declaration (by span, in source order) with the
    /// functions whose bodies use it, found in one walk when a rule first asks.
    pub fn declaration_users(&self) -> std::rc::Rc<crate::facts::DeclarationUsers<'a>> {
        self.declaration_users
            .get_or_init(|| std::rc::Rc::new(crate::facts::declaration_users(self.parsed, self.symbols)))
            .clone()
    }

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

    /// The instruction at `node` when its opcode is one of `opcodes`: the preamble of the
    /// rules about a few opcodes.
    pub fn insn_with_opcode(&self, node: Node<'a>, opcodes: &[&str]) -> Option<std::rc::Rc<Instruction<'a>>> {
        self.insn(node).filter(|insn| opcodes.contains(&insn.opcode()))
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
        self.findings.grouped.push((self.findings.diagnostics.len(), key));
        self.findings.diagnostics.push(diagnostic);
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

    /// What the synchronisation analyses find in one function definition (races, divergent
    /// barriers and collectives, async protocols), computed once for every synchronisation
    /// rule. Warps run in lockstep below sm_70 (the target's, or the override's).
    pub fn sync_of(&self, function: Node<'a>) -> std::rc::Rc<ptxkit_semantic::sync::SyncReport> {
        last_one(&self.sync, function.start_byte(), || {
            let flow = self.flow_of(function);
            let lockstep = self.target().is_some_and(|t| t.sm < 70);
            std::rc::Rc::new(match flow.as_ref() {
                Some(flow) if !flow.body.has_error() => {
                    ptxkit_semantic::sync::analyze_with(flow, lockstep, || (*self.values_of(flow)).clone())
                }
                _ => Default::default(),
            })
        })
    }

    /// The values of the registers of `flow` (one function definition's, from
    /// [`Checker::flow_of`]), following shared-memory addresses
    /// ([`ValueFlow::of`](ptxkit_semantic::sync::values::ValueFlow::of)): computed once for
    /// the synchronisation analyses ([`Checker::sync_of`]) and the warp analysis, which each
    /// take their own copy.
    pub fn values_of(&self, flow: &ptxkit_semantic::flow::FunctionFlow<'a>) -> ValuesOf {
        last_one(&self.values, flow.body.start_byte(), || {
            std::rc::Rc::new(ptxkit_semantic::sync::values::ValueFlow::of(flow, self.symbols))
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
        self.findings.diagnostics.push(diagnostic);
    }
}

/// What a rule about suppression comments sees: the text they are in (PTX, or C++ with
/// inline PTX), the settings, the comments (each marked with whether it suppressed
/// something), and a place to report.
pub struct SuppressionCheck<'s> {
    /// The text.
    pub text: &'s str,
    /// The settings in force.
    pub settings: &'s Settings,
    /// The file's suppression comments, after they were applied.
    pub suppressions: &'s Suppressions,
    rule: &'static RuleInfo,
    diagnostics: Vec<Diagnostic>,
}

impl<'s> SuppressionCheck<'s> {
    /// A check of `rule` over `suppressions` in `text`.
    pub(crate) fn new(
        rule: &'static RuleInfo,
        text: &'s str,
        settings: &'s Settings,
        suppressions: &'s Suppressions,
    ) -> Self {
        SuppressionCheck {
            text,
            settings,
            suppressions,
            rule,
            diagnostics: Vec::new(),
        }
    }

    /// A diagnostic of the rule, at its configured severity.
    pub fn diagnostic(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(
            self.rule.code,
            self.rule.name,
            self.settings.severity(self.rule),
            message,
            span,
        )
    }

    /// Records a diagnostic.
    pub fn report(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// What the rule reported.
    pub(crate) fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
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
