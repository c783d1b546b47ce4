//! Rebuilding a symbol table after an edit without walking the functions the edit left
//! alone: what a function definition or declaration records depends only on its own text,
//! so an item with the same text as at the last build is replayed from its record, moved
//! to where it now starts (the language server does this on every keystroke).

use ptxkit_syntax::Span;
use rustc_hash::FxHashMap as HashMap;

use super::{Declarations, FunctionBody, FunctionSymbol, Scope, ScopeId, Variable};

/// The records of the last build's functions, by their text, and the bodies of that
/// build's table once it is [adopted](Self::adopt).
#[derive(Debug, Default)]
pub struct SymbolCache {
    functions: HashMap<String, FunctionRecord>,
    /// The function bodies of the table the records were made with, by index; each taken
    /// once, by the build that replays it.
    bodies: Vec<Option<FunctionBody>>,
}

/// What one function item added to the table, in the offsets and scope ids of the build
/// that recorded it.
#[derive(Debug, Clone)]
pub(crate) struct FunctionRecord {
    /// Where the item started.
    pub(crate) start: usize,
    /// The scopes it opened (the function's first).
    pub(crate) scopes: Vec<Scope>,
    pub(crate) symbol: FunctionSymbol,
    /// The index of its body in the table it was recorded with.
    pub(crate) body: Option<usize>,
}

impl SymbolCache {
    /// Takes the function bodies of `symbols`, the table built with this cache (the model
    /// an edit made stale), for the next build to move instead of copying: the record of a
    /// function with a body is replayed only from an adopted table.
    ///
    /// ```
    /// use ptxkit_semantic::{SemanticModel, SymbolCache};
    /// let text = ".version 8.0\n.target sm_90\n.entry a()\n{\n.reg .b32 %r<2>;\nret;\n}\n";
    /// let mut cache = SymbolCache::default();
    /// let first = SemanticModel::build_reusing(&ptxkit_syntax::parse(text), &mut cache);
    /// cache.adopt(first.symbols);
    /// let moved = format!("// moved\n{text}");
    /// let parsed = ptxkit_syntax::parse(&moved);
    /// assert_eq!(SemanticModel::build_reusing(&parsed, &mut cache).symbols, SemanticModel::build(&parsed).symbols);
    /// ```
    pub fn adopt(&mut self, symbols: super::SymbolTable) {
        self.bodies = symbols.bodies.into_iter().map(Some).collect();
    }

    /// The record of a function item with this text, if the last build had one, with its
    /// key (kept again as it is: an edit does not copy the text of every function).
    pub(crate) fn take(&mut self, text: &str) -> Option<(String, FunctionRecord)> {
        self.functions.remove_entry(text)
    }

    /// The adopted body at `index`, once.
    pub(crate) fn take_body(&mut self, index: usize) -> Option<FunctionBody> {
        self.bodies.get_mut(index)?.take()
    }

    /// Keeps the record of the function item whose text is `text` for the next build.
    pub(crate) fn keep(&mut self, text: String, record: FunctionRecord) {
        self.functions.insert(text, record);
    }
}

/// How far a replayed record moves: bytes and scope ids.
#[derive(Clone, Copy)]
pub(crate) struct Shift {
    bytes: isize,
    scopes: i64,
}

impl Shift {
    /// The move of `record` to an item starting at `start` whose first scope is `first`.
    pub(crate) fn of(record: &FunctionRecord, start: usize, first: u32) -> Shift {
        Shift {
            bytes: start as isize - record.start as isize,
            scopes: i64::from(first) - i64::from(record.symbol.scope.0),
        }
    }

    fn span(self, span: Span) -> Span {
        Span::new(
            span.start.wrapping_add_signed(self.bytes),
            span.end.wrapping_add_signed(self.bytes),
        )
    }

    /// A scope id of the record: the module scope stays, the record's own move.
    fn scope(self, id: ScopeId) -> ScopeId {
        if id == ScopeId::MODULE {
            id
        } else {
            ScopeId((i64::from(id.0) + self.scopes) as u32)
        }
    }

    pub(crate) fn scope_entry(self, scope: &Scope) -> Scope {
        Scope {
            kind: scope.kind,
            span: self.span(scope.span),
            parent: scope.parent.map(|p| self.scope(p)),
            end: (i64::from(scope.end) + self.scopes) as u32,
        }
    }

    pub(crate) fn symbol(self, symbol: &FunctionSymbol) -> FunctionSymbol {
        FunctionSymbol {
            name: symbol.name.clone(),
            is_entry: symbol.is_entry,
            is_definition: symbol.is_definition,
            parameters: symbol.parameters.iter().map(|v| self.variable(v)).collect(),
            returns: symbol.returns.iter().map(|v| self.variable(v)).collect(),
            span: self.span(symbol.span),
            node_span: self.span(symbol.node_span),
            scope: self.scope(symbol.scope),
        }
    }

    /// Moves `body` (spans and scope ids) where the record now is.
    pub(crate) fn body_in_place(self, body: &mut FunctionBody) {
        body.span = self.span(body.span);
        body.scope = self.scope(body.scope);
        let Declarations {
            registers,
            ranges,
            variables,
            labels,
        } = &mut body.declarations;
        for r in registers.values_mut().flatten() {
            self.place(&mut r.span, &mut r.scope);
        }
        for r in ranges.values_mut().flatten() {
            self.place(&mut r.span, &mut r.scope);
            r.declarator = self.span(r.declarator);
        }
        for v in variables.values_mut().flatten() {
            self.place(&mut v.span, &mut v.scope);
        }
        for l in labels.values_mut().flatten() {
            self.place(&mut l.span, &mut l.scope);
        }
    }

    /// Moves a declaration's span and scope id where the record now is.
    fn place(self, span: &mut Span, scope: &mut ScopeId) {
        *span = self.span(*span);
        *scope = self.scope(*scope);
    }

    fn variable(self, v: &Variable) -> Variable {
        let mut v = v.clone();
        self.place(&mut v.span, &mut v.scope);
        v
    }
}
