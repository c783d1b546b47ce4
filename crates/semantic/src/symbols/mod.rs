//! The symbol table: registers (plain and parameterized `%r<N>`), variables, parameters,
//! labels and functions, each with its declaration span and the `{ }` scope that declares
//! it.
//!
//! Built once per file by one iterative walk ([`SymbolTable::build`]), so deeply nested
//! blocks cannot overflow the stack; the walk visits declarations and blocks, never the
//! inside of instructions.
//!
//! Two kinds of lookup:
//!
//! - **Scoped** ([`SymbolTable::resolve`], [`SymbolTable::symbol_at`],
//!   [`SymbolTable::references`]): what a name means at a position, as ptxas sees it — a
//!   declaration in the innermost enclosing `{ }` block wins, a name declared in a nested
//!   block is not visible outside it, then the function's parameters, then module scope.
//!   For navigation (definition, references, rename, completion).
//! - **Function-wide** ([`SymbolTable::register`], [`SymbolTable::register_type`],
//!   [`SymbolTable::variable`], [`SymbolTable::variable_space`],
//!   [`SymbolTable::is_known_symbol`]): whether a name is declared anywhere in the function
//!   at a position (whatever the block), then at module scope. The linter's checks use these:
//!   they never call a declared name undeclared because of a block.

pub(crate) mod build;
pub(crate) mod reuse;
pub mod scoped;

// Fx: the keys are names and small integers, hashed at every operand; no iteration
// order is relied on.
use rustc_hash::FxHashMap as HashMap;

use ptxkit_syntax::{ParsedSource, Span};

/// The index of a scope in [`SymbolTable::scopes`]; scopes are numbered in source order,
/// the module first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ScopeId(pub u32);

impl ScopeId {
    /// The module scope.
    pub const MODULE: ScopeId = ScopeId(0);

    fn index(self) -> usize {
        self.0 as usize
    }
}

/// What opens a scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    /// The module: module-scope variables, registers and functions.
    Module,
    /// A function (definition or declaration): its parameters and return parameters.
    Function,
    /// A `{ }` block: a function body or a nested block.
    Block,
}

/// One scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scope {
    /// What opens it.
    pub kind: ScopeKind,
    /// The function node or block it covers (the whole text for the module).
    pub span: Span,
    /// The enclosing scope (`None` for the module).
    pub parent: Option<ScopeId>,
    /// One past the last scope nested in this one (scopes nest in source order).
    end: u32,
}

/// A declared register name (`%f1`, or a name without a count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Register {
    /// The name.
    pub name: String,
    /// Its type as written, e.g. `.f32`.
    pub ty: Option<String>,
    /// Its `.v2`/`.v4` width, if any.
    pub vector: Option<u32>,
    /// Where the name is declared.
    pub span: Span,
    /// The scope that declares it.
    pub scope: ScopeId,
}

/// A parameterized register declaration `%r<N>`: the names `%r0` … `%r{N-1}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisterRange {
    /// The prefix, e.g. `%r`.
    pub prefix: String,
    /// N.
    pub count: u64,
    /// Its type as written.
    pub ty: Option<String>,
    /// Its `.v2`/`.v4` width, if any.
    pub vector: Option<u32>,
    /// Where the prefix is declared.
    pub span: Span,
    /// The whole declarator, `%r<4>`: what declares each member.
    pub declarator: Span,
    /// The scope that declares it.
    pub scope: ScopeId,
}

/// A variable or parameter in a memory state space (or a `.reg` parameter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variable {
    /// The name.
    pub name: String,
    /// The state space as written (`.shared::cta`, `.param`, `.const[2]`; `""` when absent).
    pub space: String,
    /// Its type as written.
    pub ty: Option<String>,
    /// Its `.v2`/`.v4` width, if any.
    pub vector: Option<u32>,
    /// Its `.align`, if declared.
    pub align: Option<u64>,
    /// The number of elements when every array dimension is a known constant (1 for a
    /// scalar); `None` for unsized arrays.
    pub elements: Option<u64>,
    /// Whether it is declared with array dimensions.
    pub is_array: bool,
    /// Whether it is a kernel or function parameter (or return parameter).
    pub is_parameter: bool,
    /// Whether it is `.extern`.
    pub is_extern: bool,
    /// Where the name is declared.
    pub span: Span,
    /// The scope that declares it (a parameter's is its function's).
    pub scope: ScopeId,
}

/// A label defined in a function body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The name.
    pub name: String,
    /// Where it is defined (the name, without the `:`).
    pub span: Span,
    /// The block that defines it.
    pub scope: ScopeId,
}

/// A kernel or function, as declared or defined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionSymbol {
    /// The name.
    pub name: String,
    /// `.entry` rather than `.func`.
    pub is_entry: bool,
    /// Whether it has a body.
    pub is_definition: bool,
    /// Its parameters, in order.
    pub parameters: Vec<Variable>,
    /// Its return parameters, in order.
    pub returns: Vec<Variable>,
    /// Where the name is.
    pub span: Span,
    /// The whole function node.
    pub node_span: Span,
    /// The scope of its parameters.
    pub scope: ScopeId,
}

/// What one scope (all the blocks of a function body together, or the module) declares,
/// by name. A name declared more than once has several entries, in source order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Declarations {
    /// Plain register names.
    pub registers: HashMap<String, Vec<Register>>,
    /// `%r<N>` declarations by prefix.
    pub ranges: HashMap<String, Vec<RegisterRange>>,
    /// Variables (and, in a function, its memory-space parameters).
    pub variables: HashMap<String, Vec<Variable>>,
    /// Labels (empty at module scope).
    pub labels: HashMap<String, Vec<Label>>,
}

/// What one function definition declares: its parameters and everything in its body, by
/// name, whatever the block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionBody {
    /// The function's name.
    pub name: String,
    /// The whole function node.
    pub span: Span,
    /// The function's scope (its parameters); its blocks are nested in it.
    pub scope: ScopeId,
    /// Everything declared in the function.
    pub declarations: Declarations,
    /// Whether the function holds syntax errors (declarations may have been lost).
    pub has_syntax_errors: bool,
}

/// The result of looking up a register name anywhere in a function.
#[derive(Debug, Clone, Copy)]
pub enum RegisterLookup<'a> {
    /// Declared by name.
    Declared(&'a Register),
    /// Inside a `%r<N>` range.
    InRange(&'a RegisterRange),
    /// Its prefix is declared with `<N>`, but the index is N or more.
    OutOfRange(&'a RegisterRange, u64),
    /// A special register (`%tid`, `%laneid`, …), as ptxkit-isa lists them.
    Special,
    /// Not declared.
    Undeclared,
}

/// Every symbol of one file.
///
/// ```
/// use ptxkit_semantic::{RegisterLookup, SymbolTable};
/// let text = ".version 8.0\n.target sm_90\n.global .align 16 .b8 buf[64];\n.entry k(.param .u64 p)\n{\n.reg .b32 %r<4>;\nmov.u32 %r1, %tid.x;\nret;\n}\n";
/// let parsed = ptxkit_syntax::parse(text);
/// let symbols = SymbolTable::build(&parsed);
/// let at = text.find("ret").unwrap();
/// assert!(matches!(symbols.register(at, "%r3"), RegisterLookup::InRange(_)));
/// assert!(matches!(symbols.register(at, "%r4"), RegisterLookup::OutOfRange(_, 4)));
/// assert!(matches!(symbols.register(at, "%tid"), RegisterLookup::Special));
/// assert_eq!(symbols.variable(at, "buf").unwrap().align, Some(16));
/// assert!(symbols.variable(at, "p").unwrap().is_parameter);
/// assert_eq!(symbols.function("k").unwrap().parameters.len(), 1);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SymbolTable {
    scopes: Vec<Scope>,
    module: Declarations,
    functions: HashMap<String, Vec<FunctionSymbol>>,
    bodies: Vec<FunctionBody>,
}

/// `.shared::cta` → `.shared`, `.const[2]` → `.const`: a state space without its
/// qualifier or bank.
///
/// ```
/// assert_eq!(ptxkit_semantic::base_space(".shared::cluster"), ".shared");
/// assert_eq!(ptxkit_semantic::base_space(".const[3]"), ".const");
/// ```
pub fn base_space(space: &str) -> &str {
    let end = space.find([':', '[']).unwrap_or(space.len());
    &space[..end]
}

/// Splits `%r12` into `("%r", 12)`: the prefix and index a `%r<N>` range would declare it
/// by. `None` without a trailing number, for a name that is all digits, or with a leading
/// zero (`%r01` is not `%r1`).
///
/// ```
/// assert_eq!(ptxkit_semantic::split_index("%rd12"), Some(("%rd", 12)));
/// assert_eq!(ptxkit_semantic::split_index("%r01"), None);
/// ```
pub fn split_index(name: &str) -> Option<(&str, u64)> {
    let bytes = name.as_bytes();
    let digits = bytes.len() - bytes.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits == bytes.len() || digits == 0 {
        return None;
    }
    let number = &bytes[digits..];
    if number.len() > 1 && number[0] == b'0' {
        return None;
    }
    // Every register use is looked up: the digits are read here, without `str::parse`.
    let mut value: u64 = 0;
    for &digit in number {
        value = value.checked_mul(10)?.checked_add(u64::from(digit - b'0'))?;
    }
    Some((&name[..digits], value))
}

impl Variable {
    /// The alignment the variable is known to have: its `.align`, else the natural
    /// alignment of its type (times its vector width).
    pub fn known_alignment(&self) -> Option<u64> {
        if let Some(align) = self.align {
            return Some(align);
        }
        let bits = u64::from(ptxkit_isa::type_info(self.ty.as_deref()?)?.bits);
        Some((bits / 8).max(1) * u64::from(self.vector.unwrap_or(1)))
    }

    /// The state space without qualifier or bank: `.shared`, `.param`, `.const`.
    pub fn base_space(&self) -> &str {
        base_space(&self.space)
    }
}

impl Declarations {
    /// Looks a register up by name, then as a member of a `%r<N>` range. `None` when
    /// neither the name nor its prefix is declared here.
    fn lookup_register(&self, name: &str) -> Option<RegisterLookup<'_>> {
        if let Some(found) = self.registers.get(name).and_then(|r| r.first()) {
            return Some(RegisterLookup::Declared(found));
        }
        let (prefix, index) = split_index(name)?;
        let ranges = self.ranges.get(prefix)?;
        match ranges.iter().find(|r| index < r.count) {
            Some(range) => Some(RegisterLookup::InRange(range)),
            None => ranges
                .iter()
                .max_by_key(|r| r.count)
                .map(|r| RegisterLookup::OutOfRange(r, index)),
        }
    }
}

impl SymbolTable {
    /// Builds the table of a parsed file in one walk.
    pub fn build(parsed: &ParsedSource) -> SymbolTable {
        let mut builder = build::Builder::new(parsed.text());
        for node in ptxkit_syntax::named_children(parsed.root()) {
            builder.item(node);
        }
        builder.finish()
    }

    /// Every scope, in source order: the module first, then each function and the blocks
    /// nested in it. Index with [`ScopeId`].
    pub fn scopes(&self) -> &[Scope] {
        &self.scopes
    }

    /// One scope.
    pub fn scope(&self, id: ScopeId) -> &Scope {
        &self.scopes[id.index()]
    }

    /// What the module scope declares: variables and registers (no labels).
    pub fn module(&self) -> &Declarations {
        &self.module
    }

    /// Every function definition, in source order.
    pub fn bodies(&self) -> &[FunctionBody] {
        &self.bodies
    }

    /// The function definition that contains byte `offset`, if any.
    pub fn body_at(&self, offset: usize) -> Option<&FunctionBody> {
        let index = self.bodies.partition_point(|b| b.span.end <= offset);
        self.bodies.get(index).filter(|b| b.span.start <= offset)
    }

    /// Functions (declarations and definitions) by name.
    pub fn functions(&self) -> &HashMap<String, Vec<FunctionSymbol>> {
        &self.functions
    }

    /// The function `name`: its definition if it has one, else its first declaration.
    pub fn function(&self, name: &str) -> Option<&FunctionSymbol> {
        let all = self.functions.get(name)?;
        all.iter().find(|f| f.is_definition).or_else(|| all.first())
    }

    /// Looks up a register name anywhere in the function at `offset`, then at module scope;
    /// then as a special register.
    pub fn register(&self, offset: usize, name: &str) -> RegisterLookup<'_> {
        if let Some(found) = self.body_at(offset).and_then(|b| b.declarations.lookup_register(name)) {
            if !matches!(found, RegisterLookup::OutOfRange(..)) {
                return found;
            }
            // A module-scope register could still declare it.
            return self.module.lookup_register(name).unwrap_or(found);
        }
        if let Some(found) = self.module.lookup_register(name) {
            return found;
        }
        if ptxkit_isa::special_registers::is_special_register(name) {
            RegisterLookup::Special
        } else {
            RegisterLookup::Undeclared
        }
    }

    /// The type and vector width of register `name` anywhere in the function at `offset`
    /// (else at module scope), when it is declared once or every declaration agrees.
    pub fn register_type(&self, offset: usize, name: &str) -> Option<(&str, Option<u32>)> {
        let body = self.body_at(offset).map(|b| &b.declarations);
        if let Some(regs) = body
            .and_then(|d| d.registers.get(name))
            .or_else(|| self.module.registers.get(name))
        {
            let first = regs.first()?;
            let agree = regs.iter().all(|r| r.ty == first.ty && r.vector == first.vector);
            return agree.then_some((first.ty.as_deref()?, first.vector));
        }
        let (prefix, index) = split_index(name)?;
        let ranges = body
            .and_then(|d| d.ranges.get(prefix))
            .or_else(|| self.module.ranges.get(prefix))?;
        let mut matching = ranges.iter().filter(|r| index < r.count);
        let first = matching.next()?;
        let agree = matching.all(|r| r.ty == first.ty && r.vector == first.vector);
        agree.then_some((first.ty.as_deref()?, first.vector))
    }

    /// The variable or parameter `name` anywhere in the function at `offset`, else at module
    /// scope (a definition before `.extern` declarations). `None` when unknown, or declared
    /// several times in the function with different spaces, alignments or types.
    pub fn variable(&self, offset: usize, name: &str) -> Option<&Variable> {
        if let Some(vars) = self.body_at(offset).and_then(|b| b.declarations.variables.get(name)) {
            let first = vars.first()?;
            let agree = vars
                .iter()
                .all(|v| v.space == first.space && v.align == first.align && v.ty == first.ty);
            return agree.then_some(first);
        }
        let vars = self.module.variables.get(name)?;
        vars.iter().find(|v| !v.is_extern).or_else(|| vars.first())
    }

    /// The variable `name` as [`Self::variable`] finds it, with its base state space, when
    /// every declaration in the function agrees on the space (call sequences declare the
    /// same `.param` name in several blocks with different types).
    pub fn variable_space(&self, offset: usize, name: &str) -> Option<(&Variable, &str)> {
        if let Some(vars) = self.body_at(offset).and_then(|b| b.declarations.variables.get(name)) {
            let first = vars.first()?;
            let agree = vars.iter().all(|v| v.base_space() == first.base_space());
            return agree.then(|| (first, first.base_space()));
        }
        let var = self.variable(offset, name)?;
        Some((var, var.base_space()))
    }

    /// Whether `name` is a variable or label anywhere in the function at `offset`, a
    /// module-scope variable or register, or a function.
    pub fn is_known_symbol(&self, offset: usize, name: &str) -> bool {
        self.body_at(offset)
            .is_some_and(|b| b.declarations.variables.contains_key(name) || b.declarations.labels.contains_key(name))
            || self.module.variables.contains_key(name)
            || self.functions.contains_key(name)
            || self.module.registers.contains_key(name)
    }
}

#[cfg(test)]
mod tests;
