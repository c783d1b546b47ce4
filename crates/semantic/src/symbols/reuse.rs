//! Rebuilding a symbol table after an edit without walking the functions the edit left
//! alone: what a function definition or declaration records depends only on its own text,
//! so an item with the same text as at the last build is replayed from its record, moved
//! to where it now starts (the language server does this on every keystroke).

use ptxkit_syntax::Span;
use rustc_hash::FxHashMap as HashMap;

use super::{Declarations, FunctionBody, FunctionSymbol, Label, Register, RegisterRange, Scope, ScopeId, Variable};

/// The records of the last build's functions, by their text.
#[derive(Debug, Default)]
pub struct SymbolCache {
    functions: HashMap<String, FunctionRecord>,
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
    pub(crate) body: Option<FunctionBody>,
}

impl SymbolCache {
    /// The record of a function item with this text, if the last build had one, with its
    /// key (kept again as it is: an edit does not copy the text of every function).
    pub(crate) fn take(&mut self, text: &str) -> Option<(String, FunctionRecord)> {
        self.functions.remove_entry(text)
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

    pub(crate) fn body(self, body: &FunctionBody) -> FunctionBody {
        FunctionBody {
            name: body.name.clone(),
            span: self.span(body.span),
            scope: self.scope(body.scope),
            declarations: self.declarations(&body.declarations),
            has_syntax_errors: body.has_syntax_errors,
        }
    }

    fn declarations(self, d: &Declarations) -> Declarations {
        fn each<T>(map: &HashMap<String, Vec<T>>, f: impl Fn(&T) -> T) -> HashMap<String, Vec<T>> {
            map.iter()
                .map(|(k, v)| (k.clone(), v.iter().map(&f).collect()))
                .collect()
        }
        Declarations {
            registers: each(&d.registers, |r: &Register| Register {
                span: self.span(r.span),
                scope: self.scope(r.scope),
                ..r.clone()
            }),
            ranges: each(&d.ranges, |r: &RegisterRange| RegisterRange {
                span: self.span(r.span),
                declarator: self.span(r.declarator),
                scope: self.scope(r.scope),
                ..r.clone()
            }),
            variables: each(&d.variables, |v| self.variable(v)),
            labels: each(&d.labels, |l: &Label| Label {
                span: self.span(l.span),
                scope: self.scope(l.scope),
                ..l.clone()
            }),
        }
    }

    fn variable(self, v: &Variable) -> Variable {
        Variable {
            span: self.span(v.span),
            scope: self.scope(v.scope),
            ..v.clone()
        }
    }
}
