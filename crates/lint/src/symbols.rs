//! The symbol table: registers (with their types and `%r<N>` ranges),
//! variables (with state space, alignment and size), labels, and functions
//! with their parameters. Built once per file by an iterative walk, so
//! deeply nested blocks cannot overflow the stack.

use std::collections::HashMap;

use ptxkit_syntax::ast::{Declarator, Function, Parameter, Specifiers, VariableDeclaration, text};
use ptxkit_syntax::literal::eval_integer;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, Span};

/// A declared register name (`%f1`, or a name without a count).
#[derive(Debug, Clone)]
pub struct Register {
    /// The name.
    pub name: String,
    /// Its type suffix, e.g. `.f32`.
    pub ty: Option<String>,
    /// `.v2`/`.v4` vector width, if any.
    pub vector: Option<u32>,
    /// Where the name is declared.
    pub span: Span,
    /// The block (node id) that declares it; 0 at module scope.
    pub block: usize,
}

/// A parameterized register declaration `%r<N>`: names `%r0` … `%r{N-1}`.
#[derive(Debug, Clone)]
pub struct RegisterRange {
    /// The prefix, e.g. `%r`.
    pub prefix: String,
    /// N.
    pub count: u64,
    /// Its type suffix.
    pub ty: Option<String>,
    /// `.v2`/`.v4` vector width, if any.
    pub vector: Option<u32>,
    /// Where the declarator is.
    pub span: Span,
    /// The declaring block.
    pub block: usize,
}

/// A variable or parameter in a memory state space.
#[derive(Debug, Clone)]
pub struct Variable {
    /// The name.
    pub name: String,
    /// The state space as written (`.shared::cta`, `.param`, `.const[2]`).
    pub space: String,
    /// Type suffix as written.
    pub ty: Option<String>,
    /// Vector width, if declared `.v2`/`.v4`.
    pub vector: Option<u32>,
    /// Declared `.align`, if any.
    pub align: Option<u64>,
    /// Number of elements when every array dimension is a known constant
    /// (1 for a scalar); `None` for unsized arrays.
    pub elements: Option<u64>,
    /// Whether it is declared with array dimensions.
    pub is_array: bool,
    /// Whether it is a kernel or function parameter.
    pub is_parameter: bool,
    /// Whether it is `.extern`.
    pub is_extern: bool,
    /// Where the name is declared.
    pub span: Span,
    /// The declaring block (0 at module scope or for parameters).
    pub block: usize,
}

impl Variable {
    /// The alignment the symbol is known to have: its `.align`, else the
    /// natural alignment of its element type (vector widths included).
    pub fn known_alignment(&self) -> Option<u64> {
        if let Some(align) = self.align {
            return Some(align);
        }
        let bits = u64::from(crate::types::type_shape(self.ty.as_deref()?)?.bits);
        let bytes = (bits / 8).max(1) * u64::from(self.vector.unwrap_or(1));
        Some(bytes)
    }

    /// The state space with `::cta`/`::cluster`/`::entry`/`::func` and
    /// `[bank]` stripped: `.shared`, `.param`, `.const`.
    pub fn base_space(&self) -> &str {
        base_space(&self.space)
    }
}

/// `.shared::cta` → `.shared`, `.const[2]` → `.const`.
pub fn base_space(space: &str) -> &str {
    let end = space.find([':', '[']).unwrap_or(space.len());
    &space[..end]
}

/// A kernel or function as declared.
#[derive(Debug, Clone)]
pub struct FunctionSymbol {
    /// The name.
    pub name: String,
    /// `.entry` rather than `.func`.
    pub is_entry: bool,
    /// Has a body.
    pub is_definition: bool,
    /// Parameters.
    pub parameters: Vec<Variable>,
    /// Return parameters.
    pub returns: Vec<Variable>,
    /// Where the name is.
    pub span: Span,
    /// The whole function node.
    pub node_span: Span,
}

/// What one function body declares.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    /// Byte range of the function node.
    pub span: Span,
    /// Plain register names.
    pub registers: HashMap<String, Vec<Register>>,
    /// `%r<N>` declarations by prefix.
    pub ranges: HashMap<String, Vec<RegisterRange>>,
    /// Variables and parameters.
    pub variables: HashMap<String, Vec<Variable>>,
    /// Labels with where they are defined and their block (labels inside
    /// inline-assembly blocks are local to the block).
    pub labels: HashMap<String, Vec<(usize, Span)>>,
    /// Whether the function holds syntax errors (declarations may be lost).
    pub has_syntax_errors: bool,
}

/// The result of looking up a register name.
#[derive(Debug, Clone, Copy)]
pub enum RegisterLookup<'a> {
    /// Declared by name.
    Declared(&'a Register),
    /// Inside a `%r<N>` range.
    InRange(&'a RegisterRange),
    /// Its prefix is declared with `<N>` but the index is N or more.
    OutOfRange(&'a RegisterRange, u64),
    /// A special register (`%tid`, `%laneid`, ...).
    Special,
    /// Not declared.
    Undeclared,
}

/// Every symbol of one file.
#[derive(Debug, Clone, Default)]
pub struct SymbolTable {
    /// Module-scope variables (and module-scope registers) by name.
    pub globals: HashMap<String, Vec<Variable>>,
    /// Module-scope registers.
    pub module_registers: Scope,
    /// Functions by name (declarations and definitions).
    pub functions: HashMap<String, Vec<FunctionSymbol>>,
    /// One scope per function definition, in source order.
    pub scopes: Vec<Scope>,
}

/// Special registers and predefined identifiers (PTX ISA chapter 10).
const SPECIAL_REGISTERS: &[&str] = &[
    "%tid",
    "%ntid",
    "%laneid",
    "%warpid",
    "%nwarpid",
    "%ctaid",
    "%nctaid",
    "%smid",
    "%nsmid",
    "%gridid",
    "%is_explicit_cluster",
    "%clusterid",
    "%nclusterid",
    "%cluster_ctaid",
    "%cluster_nctaid",
    "%cluster_ctarank",
    "%cluster_nctarank",
    "%lanemask_eq",
    "%lanemask_le",
    "%lanemask_lt",
    "%lanemask_ge",
    "%lanemask_gt",
    "%clock",
    "%clock_hi",
    "%clock64",
    "%globaltimer",
    "%globaltimer_lo",
    "%globaltimer_hi",
    "%reserved_smem_offset_begin",
    "%reserved_smem_offset_end",
    "%reserved_smem_offset_cap",
    "%reserved_smem_offset_0",
    "%reserved_smem_offset_1",
    "%total_smem_size",
    "%aggr_smem_size",
    "%dynamic_smem_size",
    "%current_graph_exec",
    "%perctamemoryoffset",
    "%perctamemorysize",
];

/// Whether `name` is a special register or predefined identifier.
pub fn is_special_register(name: &str) -> bool {
    if SPECIAL_REGISTERS.contains(&name) {
        return true;
    }
    let numbered = |prefix: &str, max: u32| {
        name.strip_prefix(prefix)
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n <= max)
    };
    numbered("%envreg", 31)
        || numbered("%pm", 7)
        || name
            .strip_prefix("%pm")
            .and_then(|n| n.strip_suffix("_64"))
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| n <= 7)
}

/// Splits `%r12` into `("%r", 12)`.
pub fn split_index(name: &str) -> Option<(&str, u64)> {
    let digits = name.len() - name.bytes().rev().take_while(u8::is_ascii_digit).count();
    if digits == name.len() || digits == 0 {
        return None;
    }
    let (prefix, number) = name.split_at(digits);
    // `%r01` is not `%r1`.
    if number.len() > 1 && number.starts_with('0') {
        return None;
    }
    Some((prefix, number.parse().ok()?))
}

impl Scope {
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
    /// Builds the table for a parsed file.
    pub fn build(parsed: &ParsedSource) -> Self {
        let source = parsed.text();
        let root = parsed.root();
        let mut table = SymbolTable::default();
        let mut cursor = root.walk();
        for node in root.named_children(&mut cursor) {
            match node.kind() {
                "variable_declaration" => {
                    let Some(decl) = VariableDeclaration::cast(node, source) else {
                        continue;
                    };
                    if is_register_space(decl.specifiers().state_space()) {
                        add_registers(&mut table.module_registers, decl, 0, source);
                    } else {
                        for var in variables_of(decl, 0, source) {
                            table.globals.entry(var.name.clone()).or_default().push(var);
                        }
                    }
                }
                "function_definition" | "function_declaration" => {
                    let Some(function) = Function::cast(node, source) else {
                        continue;
                    };
                    let symbol = function_symbol(function, source);
                    if function.body().is_some() {
                        table.scopes.push(build_scope(function, &symbol, source));
                    }
                    table.functions.entry(symbol.name.clone()).or_default().push(symbol);
                }
                _ => {}
            }
        }
        table
    }

    /// The function scope that contains byte `offset`.
    pub fn scope_at(&self, offset: usize) -> Option<&Scope> {
        let index = self.scopes.partition_point(|s| s.span.end <= offset);
        self.scopes.get(index).filter(|s| s.span.start <= offset)
    }

    /// Looks up a register name as seen from byte `offset`.
    pub fn register(&self, offset: usize, name: &str) -> RegisterLookup<'_> {
        if let Some(found) = self.scope_at(offset).and_then(|s| s.lookup_register(name)) {
            if !matches!(found, RegisterLookup::OutOfRange(..)) {
                return found;
            }
            // A module-scope register could still declare it.
            return self.module_registers.lookup_register(name).unwrap_or(found);
        }
        if let Some(found) = self.module_registers.lookup_register(name) {
            return found;
        }
        if is_special_register(name) {
            RegisterLookup::Special
        } else {
            RegisterLookup::Undeclared
        }
    }

    /// The type of a register as seen from `offset`, when it is declared
    /// once (or every declaration agrees).
    pub fn register_type(&self, offset: usize, name: &str) -> Option<(&str, Option<u32>)> {
        let scope = self.scope_at(offset);
        if let Some(regs) = scope
            .and_then(|s| s.registers.get(name))
            .or_else(|| self.module_registers.registers.get(name))
        {
            let first = regs.first()?;
            let agree = regs.iter().all(|r| r.ty == first.ty && r.vector == first.vector);
            return agree.then_some((first.ty.as_deref()?, first.vector));
        }
        let (prefix, index) = split_index(name)?;
        let ranges = scope
            .and_then(|s| s.ranges.get(prefix))
            .or_else(|| self.module_registers.ranges.get(prefix))?;
        let matching: Vec<_> = ranges.iter().filter(|r| index < r.count).collect();
        let first = *matching.first()?;
        let agree = matching.iter().all(|r| r.ty == first.ty && r.vector == first.vector);
        agree.then_some((first.ty.as_deref()?, first.vector))
    }

    /// The variable or parameter `name` as seen from `offset`: the
    /// function's own first, then module scope. `None` when unknown or
    /// declared several times in the function with different properties.
    pub fn variable(&self, offset: usize, name: &str) -> Option<&Variable> {
        if let Some(vars) = self.scope_at(offset).and_then(|s| s.variables.get(name)) {
            let first = vars.first()?;
            let agree = vars
                .iter()
                .all(|v| v.space == first.space && v.align == first.align && v.ty == first.ty);
            return agree.then_some(first);
        }
        let vars = self.globals.get(name)?;
        // Prefer a definition over `.extern` declarations.
        vars.iter().find(|v| !v.is_extern).or_else(|| vars.first())
    }

    /// The state space of variable `name` as seen from `offset`, when every
    /// declaration visible there agrees on it (call sequences declare the
    /// same `.param` name in several blocks with different types).
    pub fn variable_space(&self, offset: usize, name: &str) -> Option<(&Variable, &str)> {
        if let Some(vars) = self.scope_at(offset).and_then(|s| s.variables.get(name)) {
            let first = vars.first()?;
            let agree = vars.iter().all(|v| v.base_space() == first.base_space());
            return agree.then(|| (first, first.base_space()));
        }
        let var = self.variable(offset, name)?;
        Some((var, var.base_space()))
    }

    /// Whether `name` names a variable, function, or label visible at `offset`.
    pub fn is_known_symbol(&self, offset: usize, name: &str) -> bool {
        let scope = self.scope_at(offset);
        scope.is_some_and(|s| s.variables.contains_key(name) || s.labels.contains_key(name))
            || self.globals.contains_key(name)
            || self.functions.contains_key(name)
            || self.module_registers.registers.contains_key(name)
    }
}

fn is_register_space(space: Option<&str>) -> bool {
    matches!(space, Some(".reg") | Some(".sreg"))
}

fn add_registers(scope: &mut Scope, decl: VariableDeclaration<'_>, block: usize, source: &str) {
    let specifiers = decl.specifiers();
    let ty = specifiers.type_name().map(str::to_string);
    let vector = specifiers.vector_width();
    for declarator in decl.declarators() {
        add_register(scope, declarator, ty.clone(), vector, block, source);
    }
}

fn add_register(
    scope: &mut Scope,
    declarator: Declarator<'_>,
    ty: Option<String>,
    vector: Option<u32>,
    block: usize,
    _source: &str,
) {
    let name = declarator.name().to_string();
    let span = declarator.name_node().map_or(Span::of(declarator.node()), Span::of);
    if declarator.node().child_by_field_name("count").is_some() {
        let count = declarator.count().unwrap_or(0);
        scope.ranges.entry(name.clone()).or_default().push(RegisterRange {
            prefix: name,
            count,
            ty,
            vector,
            span,
            block,
        });
    } else {
        scope.registers.entry(name.clone()).or_default().push(Register {
            name,
            ty,
            vector,
            span,
            block,
        });
    }
}

fn variables_of(decl: VariableDeclaration<'_>, block: usize, source: &str) -> Vec<Variable> {
    let specifiers = decl.specifiers();
    let is_extern = specifiers.linkages().contains(&".extern");
    decl.declarators()
        .into_iter()
        .map(|d| variable(specifiers, d, block, false, is_extern, source))
        .collect()
}

fn variable(
    specifiers: Specifiers<'_>,
    declarator: Declarator<'_>,
    block: usize,
    is_parameter: bool,
    is_extern: bool,
    source: &str,
) -> Variable {
    let dimensions = declarator.dimensions();
    let elements = dimensions.iter().try_fold(1u64, |acc, dim| {
        let size = dim.child_by_field_name("size")?;
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
        block,
    }
}

fn parameter_variable(parameter: Parameter<'_>, source: &str) -> Option<Variable> {
    let declarator = parameter.declarator()?;
    Some(variable(parameter.specifiers(), declarator, 0, true, false, source))
}

fn function_symbol(function: Function<'_>, source: &str) -> FunctionSymbol {
    FunctionSymbol {
        name: function.name().to_string(),
        is_entry: function.is_entry(),
        is_definition: function.body().is_some(),
        parameters: function
            .parameters()
            .into_iter()
            .filter_map(|p| parameter_variable(p, source))
            .collect(),
        returns: function
            .returns()
            .into_iter()
            .filter_map(|p| parameter_variable(p, source))
            .collect(),
        span: function.name_node().map_or(Span::of(function.node()), Span::of),
        node_span: Span::of(function.node()),
    }
}

fn build_scope(function: Function<'_>, symbol: &FunctionSymbol, source: &str) -> Scope {
    let mut scope = Scope {
        span: Span::of(function.node()),
        has_syntax_errors: function.node().has_error(),
        ..Scope::default()
    };
    for parameter in function.parameters().into_iter().chain(function.returns()) {
        let Some(declarator) = parameter.declarator() else {
            continue;
        };
        let specifiers = parameter.specifiers();
        if is_register_space(specifiers.state_space()) {
            add_register(
                &mut scope,
                declarator,
                specifiers.type_name().map(str::to_string),
                specifiers.vector_width(),
                0,
                source,
            );
        }
    }
    for param in symbol.parameters.iter().chain(&symbol.returns) {
        if !is_register_space(Some(param.space.as_str())) {
            scope
                .variables
                .entry(param.name.clone())
                .or_default()
                .push(param.clone());
        }
    }
    let Some(body) = function.body() else { return scope };
    walk_body(body, source, &mut scope);
    scope
}

/// Visits every declaration and label under `body` with the id of its
/// enclosing block, iteratively.
fn walk_body(body: Node<'_>, source: &str, scope: &mut Scope) {
    let mut blocks: Vec<usize> = Vec::new();
    let mut cursor = body.walk();
    loop {
        let node = cursor.node();
        let descend = match node.kind() {
            "block" => {
                blocks.push(node.id());
                true
            }
            "ERROR" => true,
            "variable_declaration" => {
                let block = blocks.last().copied().unwrap_or(0);
                if let Some(decl) = VariableDeclaration::cast(node, source) {
                    if is_register_space(decl.specifiers().state_space()) {
                        add_registers(scope, decl, block, source);
                    } else {
                        for var in variables_of(decl, block, source) {
                            scope.variables.entry(var.name.clone()).or_default().push(var);
                        }
                    }
                }
                false
            }
            "label" => {
                if let Some(name) = node.child_by_field_name("name") {
                    let block = blocks.last().copied().unwrap_or(0);
                    scope
                        .labels
                        .entry(text(name, source).to_string())
                        .or_default()
                        .push((block, Span::of(name)));
                }
                false
            }
            _ => false,
        };
        if descend && cursor.goto_first_child() {
            continue;
        }
        let mut leaving = node;
        loop {
            if leaving.kind() == "block" {
                blocks.pop();
            }
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
            leaving = cursor.node();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const K: &str = "\
.version 8.0
.target sm_90
.global .align 16 .b8 gbuf[64];
.visible .entry k(.param .u64 p, .param .align 8 .b8 s[16])
{
    .reg .b32 %r<10>;
    .reg .f32 %f1;
    .shared .align 16 .b8 smem[4096];
    {
        .reg .b64 inner;
    }
L1:
    ret;
}
.func f(.reg .b32 a) { ret; }
";

    #[test]
    fn registers_ranges_and_variables() {
        let parsed = ptxkit_syntax::parse(K);
        let table = SymbolTable::build(&parsed);
        let at = K.find("ret").unwrap();
        assert!(matches!(table.register(at, "%r9"), RegisterLookup::InRange(_)));
        assert!(matches!(table.register(at, "%r10"), RegisterLookup::OutOfRange(_, 10)));
        assert!(matches!(table.register(at, "%f1"), RegisterLookup::Declared(_)));
        assert!(matches!(table.register(at, "inner"), RegisterLookup::Declared(_)));
        assert!(matches!(table.register(at, "%tid"), RegisterLookup::Special));
        assert!(matches!(table.register(at, "%q1"), RegisterLookup::Undeclared));
        assert_eq!(table.register_type(at, "%r3"), Some((".b32", None)));
        assert_eq!(table.variable(at, "smem").unwrap().known_alignment(), Some(16));
        assert_eq!(table.variable(at, "s").unwrap().elements, Some(16));
        assert_eq!(table.variable(at, "gbuf").unwrap().base_space(), ".global");
        assert!(table.scope_at(at).unwrap().labels.contains_key("L1"));
        let f_at = K.rfind("ret").unwrap();
        assert!(matches!(table.register(f_at, "a"), RegisterLookup::Declared(_)));
        assert!(matches!(table.register(f_at, "%r1"), RegisterLookup::Undeclared));
        assert_eq!(split_index("%rd12"), Some(("%rd", 12)));
        assert_eq!(split_index("%r01"), None);
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let deep = format!(
            ".version 7.8\n.target sm_80\n.entry k()\n{}{}",
            "{ .reg .b32 x;".repeat(10_000),
            "}".repeat(10_001)
        );
        let parsed = ptxkit_syntax::parse(deep);
        let table = SymbolTable::build(&parsed);
        assert_eq!(table.scopes[0].registers["x"].len(), 10_000);
    }
}
