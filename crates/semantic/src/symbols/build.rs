//! Building the symbol table: one iterative walk over the module's declarations, functions
//! and blocks.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::{Declarator, Function, Parameter, Specifiers, VariableDeclaration, text};
use ptxkit_syntax::literal::eval_integer;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Span, Step};

use super::reuse::{FunctionRecord, Shift, SymbolCache};
use super::{
    Declarations, FunctionBody, FunctionSymbol, Label, Register, RegisterRange, Scope, ScopeId, ScopeKind, SymbolTable,
    Variable,
};

/// Collects symbols one top-level item at a time.
pub(crate) struct Builder<'a> {
    source: &'a str,
    table: SymbolTable,
    /// With [`Builder::reusing`]: the last build's function records, and this build's.
    reuse: Option<(SymbolCache, SymbolCache)>,
}

impl<'a> Builder<'a> {
    /// A builder for the module `source` (the whole text: items may come from the parses
    /// of several groups of it, in source order).
    pub(crate) fn new(source: &'a str) -> Self {
        let mut table = SymbolTable::default();
        table.scopes.push(Scope {
            kind: ScopeKind::Module,
            span: Span::new(0, source.len()),
            parent: None,
            end: 1,
        });
        Builder {
            source,
            table,
            reuse: None,
        }
    }

    /// A builder that replays the functions `cache` recorded at the last build when their
    /// text is unchanged, and records this build's ([`Self::take_cache`]).
    pub(crate) fn reusing(source: &'a str, cache: SymbolCache) -> Self {
        Builder {
            reuse: Some((cache, SymbolCache::default())),
            ..Builder::new(source)
        }
    }

    /// The records of this build's functions (empty unless built [`Self::reusing`]).
    pub(crate) fn take_cache(&mut self) -> SymbolCache {
        self.reuse.take().map(|(_, new)| new).unwrap_or_default()
    }

    /// Records what one top-level item declares.
    pub(crate) fn item(&mut self, node: Node<'_>) {
        let source = self.source;
        match node.kind_name() {
            "variable_declaration" => {
                if let Some(decl) = VariableDeclaration::cast(node, source) {
                    add_declaration(&mut self.table.module, decl, ScopeId::MODULE, source);
                }
            }
            "function_definition" | "function_declaration" => {
                if self.reuse.is_some() && !node.has_error() {
                    self.function_reusing(node);
                } else if let Some(function) = Function::cast(node, source) {
                    self.function(function);
                }
            }
            _ => {}
        }
    }

    /// The table of the items recorded so far (its module scope's `end` is set by
    /// [`Self::finish`]).
    pub(crate) fn table(&self) -> &SymbolTable {
        &self.table
    }

    pub(crate) fn finish(mut self) -> SymbolTable {
        self.table.scopes[0].end = self.table.scopes.len() as u32;
        self.table
    }

    /// A function item without syntax errors, replayed from the last build's record of
    /// the same text (its body moved out of the table the cache adopted) or walked and
    /// recorded.
    fn function_reusing(&mut self, node: Node<'_>) {
        let text = &self.source[node.byte_range()];
        let start = node.start_byte();
        let first = self.table.scopes.len();
        let Some((old, new)) = &mut self.reuse else { return };
        if let Some((key, record)) = old.take(text)
            // A record whose body the cache did not adopt is walked again.
            && let Some(body) = record.body.map_or(Some(None), |index| old.take_body(index).map(Some))
        {
            let shift = Shift::of(&record, start, first as u32);
            self.table
                .scopes
                .extend(record.scopes.iter().map(|s| shift.scope_entry(s)));
            let body = body.map(|mut body| {
                shift.body_in_place(&mut body);
                self.table.bodies.push(body);
                self.table.bodies.len() - 1
            });
            let symbol = shift.symbol(&record.symbol);
            // The record moves with its body: in this build's offsets from now on.
            new.keep(
                key,
                FunctionRecord {
                    start,
                    scopes: self.table.scopes[first..].to_vec(),
                    symbol: symbol.clone(),
                    body,
                },
            );
            self.table
                .functions
                .entry(symbol.name.clone())
                .or_default()
                .push(symbol);
            return;
        }
        let Some(function) = Function::cast(node, self.source) else {
            return;
        };
        let bodies = self.table.bodies.len();
        self.function(function);
        let record = FunctionRecord {
            start,
            scopes: self.table.scopes[first..].to_vec(),
            symbol: self.table.functions[function.name()]
                .last()
                .expect("the function just recorded")
                .clone(),
            body: (self.table.bodies.len() > bodies).then_some(bodies),
        };
        if let Some((_, new)) = &mut self.reuse {
            new.keep(text.to_string(), record);
        }
    }

    fn open(&mut self, kind: ScopeKind, span: Span, parent: ScopeId) -> ScopeId {
        let id = ScopeId(self.table.scopes.len() as u32);
        self.table.scopes.push(Scope {
            kind,
            span,
            parent: Some(parent),
            end: id.0 + 1,
        });
        id
    }

    fn close(&mut self, id: ScopeId) {
        self.table.scopes[id.index()].end = self.table.scopes.len() as u32;
    }

    fn function(&mut self, function: Function<'_>) {
        let source = self.source;
        let scope = self.open(ScopeKind::Function, Span::of(function.node()), ScopeId::MODULE);
        let parameters: Vec<Parameter<'_>> = function.parameters();
        let returns: Vec<Parameter<'_>> = function.returns();
        let symbol = FunctionSymbol {
            name: function.name().to_string(),
            is_entry: function.is_entry(),
            is_definition: function.body().is_some(),
            parameters: parameters.iter().filter_map(|p| parameter(*p, scope, source)).collect(),
            returns: returns.iter().filter_map(|p| parameter(*p, scope, source)).collect(),
            span: function.name_node().map_or(Span::of(function.node()), Span::of),
            node_span: Span::of(function.node()),
            scope,
        };
        if let Some(body) = function.body() {
            let mut declarations = Declarations::default();
            for p in parameters.iter().chain(&returns) {
                let Some(declarator) = p.declarator() else { continue };
                let specifiers = p.specifiers();
                if is_register_space(specifiers.state_space()) {
                    add_register(&mut declarations, specifiers, declarator, scope);
                }
            }
            for param in symbol.parameters.iter().chain(&symbol.returns) {
                if !is_register_space(Some(param.space.as_str())) {
                    declarations
                        .variables
                        .entry(param.name.clone())
                        .or_default()
                        .push(param.clone());
                }
            }
            self.body(body, scope, &mut declarations);
            self.table.bodies.push(FunctionBody {
                name: symbol.name.clone(),
                span: symbol.node_span,
                scope,
                declarations,
                has_syntax_errors: function.node().has_error(),
            });
        }
        self.close(scope);
        self.table
            .functions
            .entry(symbol.name.clone())
            .or_default()
            .push(symbol);
    }

    /// Visits every declaration, label and block under `body` (itself a block), without
    /// recursion; instructions are not entered.
    fn body(&mut self, body: Node<'_>, function: ScopeId, declarations: &mut Declarations) {
        let source = self.source;
        let current = |blocks: &[ScopeId]| blocks.last().copied().unwrap_or(function);
        let mut blocks: Vec<ScopeId> = Vec::new();
        ptxkit_syntax::visit_tree(body, |step, _| {
            let node = match step {
                Step::Enter(node) => node,
                Step::Leave(node) => {
                    if node.kind_name() == "block"
                        && let Some(block) = blocks.pop()
                    {
                        self.close(block);
                    }
                    return false;
                }
            };
            match node.kind_name() {
                "block" => {
                    let parent = current(&blocks);
                    blocks.push(self.open(ScopeKind::Block, Span::of(node), parent));
                    true
                }
                "ERROR" => true,
                "variable_declaration" => {
                    if let Some(decl) = VariableDeclaration::cast(node, source) {
                        add_declaration(declarations, decl, current(&blocks), source);
                    }
                    false
                }
                "label" => {
                    if let Some(name) = node.field("name") {
                        let name_text = text(name, source);
                        let label = Label {
                            name: name_text.to_string(),
                            span: Span::of(name),
                            scope: current(&blocks),
                        };
                        match declarations.labels.get_mut(name_text) {
                            Some(all) => all.push(label),
                            None => {
                                declarations.labels.insert(name_text.to_string(), vec![label]);
                            }
                        }
                    }
                    false
                }
                _ => false,
            }
        });
    }
}

fn is_register_space(space: Option<&str>) -> bool {
    matches!(space, Some(".reg") | Some(".sreg"))
}

/// Records the names of one `.reg` or variable declaration in `scope`.
fn add_declaration(declarations: &mut Declarations, decl: VariableDeclaration<'_>, scope: ScopeId, source: &str) {
    let specifiers = decl.specifiers();
    if is_register_space(specifiers.state_space()) {
        for declarator in decl.declarators() {
            add_register(declarations, specifiers, declarator, scope);
        }
    } else {
        let is_extern = specifiers.linkages().contains(&".extern");
        for declarator in decl.declarators() {
            let var = variable(specifiers, declarator, scope, false, is_extern, source);
            declarations.variables.entry(var.name.clone()).or_default().push(var);
        }
    }
}

fn add_register(
    declarations: &mut Declarations,
    specifiers: Specifiers<'_>,
    declarator: Declarator<'_>,
    scope: ScopeId,
) {
    let name = declarator.name().to_string();
    let ty = specifiers.type_name().map(str::to_string);
    let vector = specifiers.vector_width();
    let span = declarator.name_node().map_or(Span::of(declarator.node()), Span::of);
    if declarator.node().field("count").is_some() {
        let count = declarator.count().unwrap_or(0);
        declarations
            .ranges
            .entry(name.clone())
            .or_default()
            .push(RegisterRange {
                prefix: name,
                count,
                ty,
                vector,
                span,
                declarator: Span::of(declarator.node()),
                scope,
            });
    } else {
        declarations.registers.entry(name.clone()).or_default().push(Register {
            name,
            ty,
            vector,
            span,
            scope,
        });
    }
}

fn variable(
    specifiers: Specifiers<'_>,
    declarator: Declarator<'_>,
    scope: ScopeId,
    is_parameter: bool,
    is_extern: bool,
    source: &str,
) -> Variable {
    let dimensions = declarator.dimensions();
    let elements = dimensions.iter().try_fold(1u64, |acc, dim| {
        let size = dim.field("size")?;
        let value = u64::try_from(eval_integer(size, source)?).ok()?;
        acc.checked_mul(value)
    });
    Variable {
        name: declarator.name().to_string(),
        space: specifiers.state_space().unwrap_or("").to_string(),
        ty: specifiers.type_name().map(str::to_string),
        vector: specifiers.vector_width(),
        align: specifiers.alignment(),
        elements,
        is_array: !dimensions.is_empty(),
        is_parameter,
        is_extern,
        span: declarator.name_node().map_or(Span::of(declarator.node()), Span::of),
        scope,
    }
}

fn parameter(parameter: Parameter<'_>, scope: ScopeId, source: &str) -> Option<Variable> {
    let declarator = parameter.declarator()?;
    Some(variable(parameter.specifiers(), declarator, scope, true, false, source))
}
