//! Scoped lookups: what a name means at a position, the symbol under a cursor, every
//! reference to a symbol, and the names visible at a position.

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, Span, preorder};

use super::{
    Declarations, FunctionSymbol, Label, Register, RegisterRange, ScopeId, SymbolTable, Variable, split_index,
};

/// What a name refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symbol<'a> {
    /// A register declared by name.
    Register(&'a Register),
    /// One register of a `%r<N>` range, with its index (`%r5` of `%r<10>`).
    RangeMember(&'a RegisterRange, u64),
    /// A whole `%r<N>` range (its declaration, where the prefix is written).
    Range(&'a RegisterRange),
    /// A variable or memory-space parameter.
    Variable(&'a Variable),
    /// A label.
    Label(&'a Label),
    /// A kernel or function (its definition if it has one, else its first declaration).
    Function(&'a FunctionSymbol),
    /// A special register (`%tid`, `%clock64`), which nothing declares.
    Special,
}

impl Symbol<'_> {
    /// The name's declaration (the name as written there), or `None` for a special
    /// register.
    pub fn declaration(&self) -> Option<Span> {
        match self {
            Symbol::Register(r) => Some(r.span),
            Symbol::RangeMember(r, _) | Symbol::Range(r) => Some(r.span),
            Symbol::Variable(v) => Some(v.span),
            Symbol::Label(l) => Some(l.span),
            Symbol::Function(f) => Some(f.span),
            Symbol::Special => None,
        }
    }

    /// What declares it, as navigation shows it: the whole `%r<8>` declarator for a member of a
    /// range (whose own name, `%r1`, is written nowhere there), else [`Self::declaration`].
    pub fn declarator(&self) -> Option<Span> {
        match self {
            Symbol::RangeMember(r, _) => Some(r.declarator),
            _ => self.declaration(),
        }
    }

    /// The scope that declares it (module scope for functions and special registers).
    pub fn scope(&self) -> ScopeId {
        match self {
            Symbol::Register(r) => r.scope,
            Symbol::RangeMember(r, _) | Symbol::Range(r) => r.scope,
            Symbol::Variable(v) => v.scope,
            Symbol::Label(l) => l.scope,
            Symbol::Function(_) | Symbol::Special => ScopeId::MODULE,
        }
    }

    /// Whether a use that resolves to `other` refers to this symbol. A range's members
    /// refer to the range; a member refers only to itself.
    fn is_referred_to_by(&self, other: &Symbol<'_>) -> bool {
        match (self, other) {
            (Symbol::Range(a), Symbol::RangeMember(b, _) | Symbol::Range(b)) => a.span == b.span,
            (Symbol::RangeMember(a, i), Symbol::RangeMember(b, j)) => a.span == b.span && i == j,
            (Symbol::Special, _) | (_, Symbol::Special) => false,
            (a, b) => std::mem::discriminant(a) == std::mem::discriminant(b) && a.declaration() == b.declaration(),
        }
    }
}

impl SymbolTable {
    /// The innermost scope at byte `offset`: a block, a function (its header), or the
    /// module.
    pub fn scope_at(&self, offset: usize) -> ScopeId {
        let mut current = ScopeId::MODULE;
        let mut child = 1u32;
        let contains = |span: Span| span.start <= offset && offset < span.end;
        while child < self.scopes[current.index()].end {
            let scope = &self.scopes[child as usize];
            if contains(scope.span) {
                current = ScopeId(child);
                child += 1;
            } else {
                child = scope.end;
            }
        }
        current
    }

    /// Whether `inner` is `outer` or nested in it.
    pub fn is_within(&self, inner: ScopeId, outer: ScopeId) -> bool {
        outer <= inner && inner.0 < self.scopes[outer.index()].end
    }

    /// What `name` means at byte `offset`, as ptxas resolves it: the declaration in the
    /// innermost enclosing block wins; a name declared in a nested block is not visible
    /// outside it; then the function's parameters; then module scope and functions; then
    /// special registers. `None` when nothing visible declares it.
    ///
    /// ```
    /// use ptxkit_semantic::{Symbol, SymbolTable};
    /// let text = ".entry k()\n{\n.reg .b32 x;\n{\n.reg .f32 x;\nmov.f32 x, 0f00000000;\n}\nmov.b32 x, 1;\n}\n";
    /// let parsed = ptxkit_syntax::parse(text);
    /// let symbols = SymbolTable::build(&parsed);
    /// let inner = text.find("mov.f32").unwrap();
    /// let outer = text.find("mov.b32").unwrap();
    /// let ty = |at| match symbols.resolve(at, "x") {
    ///     Some(Symbol::Register(r)) => r.ty.clone(),
    ///     _ => None,
    /// };
    /// assert_eq!(ty(inner).as_deref(), Some(".f32"));
    /// assert_eq!(ty(outer).as_deref(), Some(".b32"));
    /// ```
    pub fn resolve(&self, offset: usize, name: &str) -> Option<Symbol<'_>> {
        let scope = self.scope_at(offset);
        if let Some(body) = self.body_at(offset)
            && let Some(found) = self.visible_in(&body.declarations, scope, name)
        {
            return Some(found);
        }
        if let Some(found) = self.visible_in(&self.module, scope, name) {
            return Some(found);
        }
        if let Some(function) = self.function(name) {
            return Some(Symbol::Function(function));
        }
        ptxkit_isa::special_registers::is_special_register(name).then_some(Symbol::Special)
    }

    /// The innermost declaration of `name` in `declarations` visible from `scope`.
    fn visible_in<'a>(&'a self, declarations: &'a Declarations, scope: ScopeId, name: &str) -> Option<Symbol<'a>> {
        let visible = |declared: ScopeId| self.is_within(scope, declared);
        // Candidates in any visible scope; the deepest (highest id) wins, the first
        // declared among equals.
        let mut best: Option<(ScopeId, Symbol<'a>)> = None;
        let mut offer = |declared: ScopeId, symbol: Symbol<'a>| {
            if visible(declared) && best.is_none_or(|(s, _)| declared > s) {
                best = Some((declared, symbol));
            }
        };
        for r in declarations.registers.get(name).into_iter().flatten() {
            offer(r.scope, Symbol::Register(r));
        }
        if let Some((prefix, index)) = split_index(name) {
            for r in declarations.ranges.get(prefix).into_iter().flatten() {
                if index < r.count {
                    offer(r.scope, Symbol::RangeMember(r, index));
                }
            }
        }
        for v in declarations.variables.get(name).into_iter().flatten() {
            offer(v.scope, Symbol::Variable(v));
        }
        for l in declarations.labels.get(name).into_iter().flatten() {
            offer(l.scope, Symbol::Label(l));
        }
        best.map(|(_, symbol)| symbol)
    }

    /// The symbol a name node declares, if `ident` is the name in a declaration, label,
    /// parameter or function header.
    fn declared_by(&self, ident: Node<'_>, source: &str) -> Option<Symbol<'_>> {
        let parent = ident.parent()?;
        let is_name = parent.field("name") == Some(ident);
        if !is_name {
            return None;
        }
        let name = &source[ident.byte_range()];
        let span = Span::of(ident);
        let is_label = parent.kind_name() == "label";
        match parent.kind_name() {
            "function_definition" | "function_declaration" => {
                let all = self.functions.get(name)?;
                all.iter()
                    .any(|f| f.span == span)
                    .then(|| self.function(name))
                    .flatten()
                    .map(Symbol::Function)
            }
            "declarator" | "label" => self
                .body_at(span.start)
                .and_then(|b| declared_in(&b.declarations, name, span, is_label))
                .or_else(|| declared_in(&self.module, name, span, is_label))
                .or_else(|| self.parameter_of_declaration(name, span)),
            _ => None,
        }
    }

    /// A parameter of a function declaration (which has no body to index it).
    fn parameter_of_declaration(&self, name: &str, span: Span) -> Option<Symbol<'_>> {
        self.functions
            .values()
            .flatten()
            .flat_map(|f| f.parameters.iter().chain(&f.returns))
            .find(|p| p.name == name && p.span == span)
            .map(Symbol::Variable)
    }

    /// The identifier at byte `offset` and what it means: a declaration's own name, or a
    /// use resolved as [`Self::resolve`] does. `None` off identifiers and for names nothing
    /// declares.
    ///
    /// ```
    /// use ptxkit_semantic::SymbolTable;
    /// let text = ".entry k()\n{\n.reg .b32 %r<4>;\nmov.b32 %r1, 0;\nadd.s32 %r2, %r1, 1;\n}\n";
    /// let parsed = ptxkit_syntax::parse(text);
    /// let symbols = SymbolTable::build(&parsed);
    /// let use_at = text.rfind("%r1").unwrap();
    /// let (span, symbol) = symbols.symbol_at(&parsed, use_at + 1).unwrap();
    /// assert_eq!(&text[span.range()], "%r1");
    /// assert_eq!(&text[symbol.declaration().unwrap().range()], "%r");
    /// let uses: Vec<_> = symbols.references(&parsed, &symbol).iter().map(|s| s.start).collect();
    /// assert_eq!(uses, [text.find("%r1").unwrap(), use_at]);
    /// ```
    pub fn symbol_at(&self, parsed: &ParsedSource, offset: usize) -> Option<(Span, Symbol<'_>)> {
        let source = parsed.text();
        let node = parsed.root().descendant_for_byte_range(offset, offset)?;
        let ident = if node.kind_name() == "identifier" {
            node
        } else {
            // At the end of a name (`%r1|`), the identifier ends where the cursor is.
            let before = parsed
                .root()
                .descendant_for_byte_range(offset.checked_sub(1)?, offset.checked_sub(1)?)?;
            (before.kind_name() == "identifier").then_some(before)?
        };
        let symbol = self.meaning(ident, source)?;
        Some((Span::of(ident), symbol))
    }

    /// What an identifier node means: a declaration's name, a use, or nothing (a `.target`
    /// entry, a label in a `.section`).
    fn meaning(&self, ident: Node<'_>, source: &str) -> Option<Symbol<'_>> {
        if let Some(declared) = self.declared_by(ident, source) {
            return Some(declared);
        }
        let parent = ident.parent()?;
        if parent.kind_name() == "target_directive" || parent.field("name") == Some(ident) {
            return None;
        }
        self.resolve(ident.start_byte(), &source[ident.byte_range()])
    }

    /// Every place that names `symbol`, in source order: its declaration and every use
    /// (for a range, every use of any of its registers; for a function, every declaration
    /// and definition too). Empty for a special register.
    pub fn references(&self, parsed: &ParsedSource, symbol: &Symbol<'_>) -> Vec<Span> {
        let source = parsed.text();
        let name_matches = |text: &str| match symbol {
            Symbol::Register(r) => text == r.name,
            Symbol::RangeMember(r, i) => split_index(text) == Some((r.prefix.as_str(), *i)),
            Symbol::Range(r) => text == r.prefix || split_index(text).is_some_and(|(p, _)| p == r.prefix),
            Symbol::Variable(v) => text == v.name,
            Symbol::Label(l) => text == l.name,
            Symbol::Function(f) => text == f.name,
            Symbol::Special => false,
        };
        let mut out = Vec::new();
        for node in preorder(parsed.root()) {
            if node.kind_name() != "identifier" || !name_matches(&source[node.byte_range()]) {
                continue;
            }
            let same = match self.declared_by(node, source) {
                Some(declared) => symbol.is_referred_to_by(&declared),
                None => self
                    .meaning(node, source)
                    .is_some_and(|found| symbol.is_referred_to_by(&found)),
            };
            if same {
                out.push(Span::of(node));
            }
        }
        out
    }

    /// Every name visible at byte `offset`, innermost first, each once (a name declared in
    /// an inner block hides the outer one): registers (a range once, as its prefix),
    /// variables, parameters, labels, module-scope names and functions. For completion.
    pub fn visible_at<'a>(&'a self, offset: usize) -> Vec<(&'a str, Symbol<'a>)> {
        let scope = self.scope_at(offset);
        let mut found: Vec<(&str, ScopeId, Symbol<'_>)> = Vec::new();
        let mut add = |declarations: &'a Declarations| {
            for (name, declared, symbol) in all_in(declarations) {
                if self.is_within(scope, declared) {
                    found.push((name, declared, symbol));
                }
            }
        };
        if let Some(body) = self.body_at(offset) {
            add(&body.declarations);
        }
        add(&self.module);
        for name in self.functions.keys() {
            if let Some(f) = self.function(name) {
                found.push((name, ScopeId::MODULE, Symbol::Function(f)));
            }
        }
        // Innermost first; then by name and position for a stable order.
        found.sort_by(|a, b| {
            b.1.cmp(&a.1)
                .then_with(|| a.0.cmp(b.0))
                .then_with(|| a.2.declaration().cmp(&b.2.declaration()))
        });
        let mut seen = std::collections::HashSet::new();
        found
            .into_iter()
            .filter(|(name, _, _)| seen.insert(*name))
            .map(|(name, _, symbol)| (name, symbol))
            .collect()
    }
}

/// The declaration in `declarations` whose name is written at `span`.
fn declared_in<'a>(declarations: &'a Declarations, name: &str, span: Span, is_label: bool) -> Option<Symbol<'a>> {
    if is_label {
        return declarations
            .labels
            .get(name)?
            .iter()
            .find(|l| l.span == span)
            .map(Symbol::Label);
    }
    let register = declarations
        .registers
        .get(name)
        .into_iter()
        .flatten()
        .find(|r| r.span == span);
    let range = declarations
        .ranges
        .get(name)
        .into_iter()
        .flatten()
        .find(|r| r.span == span);
    let variable = declarations
        .variables
        .get(name)
        .into_iter()
        .flatten()
        .find(|v| v.span == span);
    register
        .map(Symbol::Register)
        .or_else(|| range.map(Symbol::Range))
        .or_else(|| variable.map(Symbol::Variable))
}

/// Every declaration in `declarations` with its name and scope (a range under its prefix).
fn all_in(declarations: &Declarations) -> impl Iterator<Item = (&str, ScopeId, Symbol<'_>)> {
    let registers = declarations.registers.values().flatten();
    let ranges = declarations.ranges.values().flatten();
    let variables = declarations.variables.values().flatten();
    let labels = declarations.labels.values().flatten();
    registers
        .map(|r| (r.name.as_str(), r.scope, Symbol::Register(r)))
        .chain(ranges.map(|r| (r.prefix.as_str(), r.scope, Symbol::Range(r))))
        .chain(variables.map(|v| (v.name.as_str(), v.scope, Symbol::Variable(v))))
        .chain(labels.map(|l| (l.name.as_str(), l.scope, Symbol::Label(l))))
}
