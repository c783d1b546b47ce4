//! Every module-level construct the grammar knows, and the table row that judges it.
//!
//! The module-level construct table is [`DIRECTIVES`] (directives, function-header attributes,
//! debugging directives, pragmas), [`DECLARATIONS`] (declarations, parameters, initializers),
//! [`SPECIAL_REGISTERS`], the removal rows of [`DEPRECATIONS`] and [`UNSUPPORTED`] (what the
//! grammar accepts but no ptxas does). [`GRAMMAR`] lists every node kind and keyword of the
//! grammar with what judges it; a test fails when the grammar gains one the list lacks.
//! [`uses`] finds every construct of a parsed file with its rows, and [`Use::issues`] judges
//! one against a `.version` and `.target`: the linter and the rewriter both ask this module.
//!
//! ```
//! use ptxkit_isa::constructs::uses;
//! use ptxkit_isa::{target, version};
//! let parsed = ptxkit_syntax::parse(".version 2.0\n.target sm_20\n@@DWARF .byte 0x01\n.entry k\n{\n\tret;\n}\n");
//! let found = uses(&parsed);
//! let issues: Vec<String> = found
//!     .iter()
//!     .flat_map(|u| u.issues(version("2.0").unwrap(), target("sm_20").unwrap()))
//!     .map(|i| i.message())
//!     .collect();
//! assert_eq!(issues, ["Deprecated feature: '@@DWARF directive' not supported as of PTX version 2.0"]);
//! ```

use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::{field_children, text};
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, Span};

use crate::check::Issue;
use crate::check::check_features;
use crate::deprecations::{Construct, DEPRECATIONS, Deprecation, Status};
use crate::directives::{DECLARATIONS, DIRECTIVES, SPECIAL_REGISTERS};
use crate::feature::Feature;
use crate::target::Target;
use crate::version::Version;

/// Something the grammar accepts that no ptxas release does, at any version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsupported {
    /// The construct (`.shared::cta variable`, `.bf16 variable`).
    pub name: &'static str,
    /// What ptxas 11.8/12.9/13.5 say.
    pub ptxas: &'static str,
    /// A module-scope snippet using it (for the tests).
    pub sample: &'static str,
    /// Where the facts come from.
    pub source: &'static str,
}

const fn unsupported(
    name: &'static str,
    ptxas: &'static str,
    sample: &'static str,
    source: &'static str,
) -> Unsupported {
    Unsupported {
        name,
        ptxas,
        sample,
        source,
    }
}

const SYNTAX: &str = "Parsing error near '…': syntax error";
const INSTRUCTION_TYPE: &str = "Type … may only be used as an instruction type";
const PROBED: &str = "ptxas 11.8/12.9/13.5 probe";

/// State spaces, types, vector widths and casts that the grammar accepts in declarations and
/// constant expressions but ptxas never does.
pub const UNSUPPORTED: &[Unsupported] = &[
    unsupported(
        ".sreg variable",
        SYNTAX,
        ".sreg .b32 sregvar;",
        "§5.1.2 (special registers are predefined); ptxas 11.8/12.9/13.5 probe",
    ),
    unsupported(
        ".shared::cta variable",
        SYNTAX,
        ".shared::cta .b32 ctavar;",
        "§5.1.7 (`::cta` only on instructions); ptxas 11.8/12.9/13.5 probe",
    ),
    unsupported(
        ".shared::cluster variable",
        SYNTAX,
        ".shared::cluster .b32 clustervar;",
        PROBED,
    ),
    unsupported(
        ".param::entry variable",
        SYNTAX,
        ".func pe(.param::entry .b32 p)\n{\n\tret;\n}",
        "§5.1.6 (`::entry` only on instructions); ptxas 12.9/13.5 probe",
    ),
    unsupported(
        ".param::func variable",
        SYNTAX,
        ".func pf(.param::func .b32 p)\n{\n\tret;\n}",
        "ptxas 12.9/13.5 probe",
    ),
    unsupported(
        "vector variable wider than .v4",
        SYNTAX,
        ".global .v8 .b32 v8var;",
        "§5.4.2 (.v2 and .v4); ptxas 13.5 probe",
    ),
    unsupported(
        "instruction-only type variable",
        INSTRUCTION_TYPE,
        ".global .bf16 bfvar;",
        "§5.2 (.bf16, .tf32, FP8/6/4, packed integers and .f32x2 are instruction types); ptxas 13.5 probe (syntax error or \"may only be used as an instruction type\")",
    ),
    unsupported(
        "cast to a type other than .s64/.u64",
        "Unsupported cast operation",
        ".global .s32 castvar = (.s32) 1;",
        "§4.6 (constant expressions are 64-bit); ptxas 11.8/12.9/13.5 probe",
    ),
];

/// Types ptxas takes in declarations (besides `.f16x2` and `.b128`, which have rows of their
/// own in [`DECLARATIONS`], the opaque types, and `.e2m3x4`/`.e3m2x4`/`.e2m1x4`, which ptxas
/// 12.9/13.5 take and 11.8 does not know, left unjudged).
const DECLARATION_TYPES: &[&str] = &[
    ".pred", ".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32", ".s64", ".f16",
    ".f32", ".f64",
];

/// A table row that applies to a construct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// What it needs: its first version and target.
    Introduced(&'static Feature),
    /// The version from which ptxas rejects it.
    Removed(&'static Deprecation),
    /// No ptxas accepts it.
    Unsupported(&'static Unsupported),
}

impl Row {
    /// The row's name (`.weak`, `@@DWARF`, `.sreg variable`).
    pub fn name(&self) -> &'static str {
        match self {
            Row::Introduced(f) => f.pattern,
            Row::Removed(d) => deprecation_name(d),
            Row::Unsupported(u) => u.name,
        }
    }
}

fn deprecation_name(d: &Deprecation) -> &'static str {
    match d.construct {
        Construct::ModuleScope(".reg") => "module-scope .reg",
        Construct::ModuleScope(".local") => "module-scope .local",
        Construct::Instruction(s) | Construct::StateSpace(s) | Construct::Directive(s) | Construct::ModuleScope(s) => s,
    }
}

/// Every row named `name` (a construct can have a first version and a removal: `@@DWARF`).
///
/// ```
/// let rows = ptxkit_isa::constructs::rows("@@DWARF");
/// assert_eq!(rows.len(), 2);
/// assert!(ptxkit_isa::constructs::rows(".nonsense").is_empty());
/// ```
pub fn rows(name: &str) -> Vec<Row> {
    rows_named(name).to_vec()
}

/// [`rows`] from a map built once: the construct walk asks it for every directive,
/// declaration and state space of a file.
fn rows_named(name: &str) -> &'static [Row] {
    static BY_NAME: std::sync::OnceLock<std::collections::HashMap<&'static str, Vec<Row>>> = std::sync::OnceLock::new();
    let by_name = BY_NAME.get_or_init(|| {
        // In the order `rows` lists them: first versions, removals, unsupported.
        let all = DIRECTIVES
            .iter()
            .chain(DECLARATIONS)
            .chain(SPECIAL_REGISTERS)
            .map(|f| (f.pattern, Row::Introduced(f)))
            .chain(
                DEPRECATIONS
                    .iter()
                    .filter(|d| !matches!(d.construct, Construct::Instruction(_)))
                    .map(|d| (deprecation_name(d), Row::Removed(d))),
            )
            .chain(UNSUPPORTED.iter().map(|u| (u.name, Row::Unsupported(u))));
        let mut by_name: std::collections::HashMap<&'static str, Vec<Row>> = std::collections::HashMap::new();
        for (name, row) in all {
            by_name.entry(name).or_default().push(row);
        }
        by_name
    });
    by_name.get(name).map_or(&[], Vec::as_slice)
}

/// One use of a construct in a file: the row that judges it and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Use {
    /// The row.
    pub row: Row,
    /// Where ptxas would report it (the directive keyword, the attribute, the declaration).
    pub span: Span,
}

impl Use {
    /// What is wrong with this use under `.version version` / `.target target`.
    pub fn issues(&self, version: Version, target: Target) -> Vec<Issue> {
        match self.row {
            Row::Introduced(feature) => check_features([feature], version, target),
            Row::Removed(d) => match d.status(version, target) {
                Status::Allowed => Vec::new(),
                Status::Deprecated => vec![Issue::Deprecated(d)],
                Status::Rejected => vec![Issue::Removed(d)],
            },
            Row::Unsupported(u) => vec![Issue::Unsupported(u)],
        }
    }

    /// Whether ptxas rejects this use under `.version version` / `.target target`.
    pub fn rejected(&self, version: Version, target: Target) -> bool {
        self.issues(version, target).iter().any(Issue::is_error)
    }
}

/// What judges one node kind or keyword of the grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Judge {
    /// These rows (by name; see [`rows`]).
    Rows(&'static [&'static str]),
    /// The module header: `.version` and `.target` are judged by [`crate::check_target`] and
    /// the target table.
    Header,
    /// Part of an instruction, judged per instruction by [`crate::check`].
    Instruction,
    /// Names: `%name` special registers are judged by [`SPECIAL_REGISTERS`].
    SpecialRegisters,
    /// An open set of values judged by a sub-table (types, pragma strings, attribute names).
    Values(&'static str),
    /// Carries no requirement of its own (why).
    Structure(&'static str),
}

/// One node kind or keyword of the grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GrammarItem {
    /// The node kind (`dwarf_directive`) or keyword token (`.weak`) in `node-types.json`.
    pub spelling: &'static str,
    /// What judges it.
    pub judge: Judge,
}

const fn g(spelling: &'static str, judge: Judge) -> GrammarItem {
    GrammarItem { spelling, judge }
}

use Judge::{Header, Instruction, Rows, SpecialRegisters, Structure, Values};

const EXPRESSION: Judge = Rows(&["constant expression"]);
const PART: Judge = Structure("part of the construct around it, which is judged");

/// Every named node kind and keyword token of the grammar (`grammar/src/node-types.json`),
/// with what judges it.
pub const GRAMMAR: &[GrammarItem] = &[
    // module header and directives
    g("source_file", Structure("the whole module")),
    g("version_directive", Header),
    g(".version", Header),
    g("version_number", Header),
    g("target_directive", Header),
    g(".target", Header),
    g("address_size_directive", Rows(&[".address_size"])),
    g(".address_size", Rows(&[".address_size"])),
    g("file_directive", Rows(&[".file", ".file timestamp"])),
    g(".file", Rows(&[".file", ".file timestamp"])),
    g("loc_directive", Rows(&[".loc", ".loc inlined_at"])),
    g(".loc", Rows(&[".loc"])),
    g("loc_function_name", Rows(&[".loc inlined_at"])),
    g("function_name", Rows(&[".loc inlined_at"])),
    g("loc_inlined_at", Rows(&[".loc inlined_at"])),
    g("inlined_at", Rows(&[".loc inlined_at"])),
    g("section_directive", Rows(&[".section"])),
    g(".section", Rows(&[".section"])),
    g("section_name", Values("DWARF section names: ptxas takes any")),
    g("section_body", PART),
    g("section_data", Rows(&[".section offset expression"])),
    g(
        "pragma_directive",
        Rows(&[
            ".pragma",
            "nounroll",
            "used_bytes_mask",
            "enable_smem_spilling",
            "frequency",
        ]),
    ),
    g(".pragma", Rows(&[".pragma"])),
    g("alias_directive", Rows(&[".alias"])),
    g(".alias", Rows(&[".alias"])),
    g("dwarf_directive", Rows(&["@@DWARF"])),
    // functions and their attributes
    g(
        "function_definition",
        Rows(&[".entry", ".func", "kernel parameter list"]),
    ),
    g("function_declaration", Rows(&[".entry", ".func"])),
    g("function_kind", Rows(&[".entry", ".func"])),
    g(".entry", Rows(&[".entry"])),
    g(".func", Rows(&[".func"])),
    g("linkage", Rows(&[".extern", ".visible", ".weak", ".common"])),
    g(".extern", Rows(&[".extern"])),
    g(".visible", Rows(&[".visible"])),
    g(".weak", Rows(&[".weak"])),
    g(".common", Rows(&[".common"])),
    g("parameter_list", Rows(&["kernel parameter list"])),
    g(
        "parameter_declaration",
        Rows(&[
            ".func .param parameter",
            "unsized array parameter",
            "opaque type",
            ".f16x2 variable",
            ".b128 variable",
            "instruction-only type variable",
        ]),
    ),
    g(
        "function_directive",
        Rows(&[
            ".maxnreg",
            ".maxntid",
            ".reqntid",
            ".minnctapersm",
            ".maxnctapersm",
            ".reqnctapercluster",
            ".explicitcluster",
            ".maxclusterrank",
            ".blocksareclusters",
            ".noreturn",
            ".abi_preserve",
            ".abi_preserve_control",
        ]),
    ),
    g(
        "function_directive_name",
        Structure("judged with its function_directive"),
    ),
    g(".maxnreg", Rows(&[".maxnreg"])),
    g(".maxntid", Rows(&[".maxntid"])),
    g(".reqntid", Rows(&[".reqntid"])),
    g(".minnctapersm", Rows(&[".minnctapersm"])),
    g(".maxnctapersm", Rows(&[".maxnctapersm"])),
    g(".reqnctapercluster", Rows(&[".reqnctapercluster"])),
    g(".explicitcluster", Rows(&[".explicitcluster"])),
    g(".maxclusterrank", Rows(&[".maxclusterrank"])),
    g(".blocksareclusters", Rows(&[".blocksareclusters"])),
    g(".noreturn", Rows(&[".noreturn"])),
    g(".abi_preserve", Rows(&[".abi_preserve"])),
    g(".abi_preserve_control", Rows(&[".abi_preserve_control"])),
    g("block", Structure("a `{ }` block of statements")),
    g("label", Rows(&[".section label"])),
    g("callprototype_directive", Rows(&[".callprototype"])),
    g(".callprototype", Rows(&[".callprototype"])),
    g("branchtargets_directive", Rows(&[".branchtargets"])),
    g(".branchtargets", Rows(&[".branchtargets"])),
    g("calltargets_directive", Rows(&[".calltargets"])),
    g(".calltargets", Rows(&[".calltargets"])),
    // declarations
    g(
        "variable_declaration",
        Rows(&[
            "module-scope .reg",
            "module-scope .local",
            "opaque type",
            ".f16x2 variable",
            ".b128 variable",
            "instruction-only type variable",
        ]),
    ),
    g(
        "state_space",
        Rows(&[
            ".reg",
            ".const",
            ".const[N]",
            ".global",
            ".local",
            ".param",
            ".shared",
            ".tex",
            ".sreg variable",
            ".shared::cta variable",
            ".shared::cluster variable",
            ".param::entry variable",
            ".param::func variable",
        ]),
    ),
    g(".reg", Rows(&[".reg"])),
    g(".sreg", Rows(&[".sreg variable"])),
    g(".const", Rows(&[".const"])),
    g(".global", Rows(&[".global"])),
    g(".local", Rows(&[".local"])),
    g(".param", Rows(&[".param"])),
    g(".param::entry", Rows(&[".param::entry variable"])),
    g(".param::func", Rows(&[".param::func variable"])),
    g(".shared", Rows(&[".shared"])),
    g(".shared::cta", Rows(&[".shared::cta variable"])),
    g(".shared::cluster", Rows(&[".shared::cluster variable"])),
    g(".tex", Rows(&[".tex"])),
    g("alignment", Rows(&[".align"])),
    g(".align", Rows(&[".align"])),
    g("attribute", Rows(&[".attribute(.managed)", ".attribute(.unified)"])),
    g(".attribute", Rows(&[".attribute(.managed)", ".attribute(.unified)"])),
    g(
        "attribute_item",
        Rows(&[".attribute(.managed)", ".attribute(.unified)"]),
    ),
    g("attribute_name", Values("variable attributes: .managed, .unified")),
    g("pointer_qualifier", Rows(&[".ptr"])),
    g(".ptr", Rows(&[".ptr"])),
    g(
        "vector_type",
        Rows(&["vector variable", "vector variable wider than .v4"]),
    ),
    g(
        "type",
        Values(
            "declaration types: opaque types, .f16x2 and .b128 variables have rows; instruction-only types are unsupported",
        ),
    ),
    g("declarator", Rows(&["address initializer"])),
    g("parameterized_count", Rows(&["parameterized variable names"])),
    g("array_dimension", Rows(&["array variable", "unsized array parameter"])),
    g("initializer_list", Rows(&["array variable"])),
    g("field_initializer", Rows(&["opaque type initializer"])),
    g("generic_expression", Rows(&["generic()"])),
    g("generic", Rows(&["generic()"])),
    g("mask_expression", Rows(&["mask()"])),
    // constant expressions
    g("binary_expression", EXPRESSION),
    g("unary_expression", EXPRESSION),
    g("conditional_expression", EXPRESSION),
    g("parenthesized_expression", EXPRESSION),
    g(
        "cast_expression",
        Rows(&["constant expression", "cast to a type other than .s64/.u64"]),
    ),
    g("identifier", SpecialRegisters),
    g("integer", Structure("a literal")),
    g("float", Structure("a literal")),
    g("string", Structure("a literal")),
    // instructions
    g("instruction", Instruction),
    g("call_instruction", Instruction),
    g("opcode", Instruction),
    g("modifier", Instruction),
    g("guard", Instruction),
    g("address_operand", Instruction),
    g("vector_operand", Instruction),
    g("predicate_pair", Instruction),
    g("member_operand", Instruction),
    g("member", Instruction),
    g("indexed_operand", Instruction),
    g("argument_list", Instruction),
    g("sink", Instruction),
    // trivia
    g("comment", Structure("a comment")),
    g("unterminated_comment", Structure("a syntax error of its own")),
    g(
        "preprocessor",
        Structure("ptxas reads `# N \"file\"` line markers and rejects other preprocessor lines at every version"),
    ),
];

/// Every construct of `parsed` with its rows, in source order (constructs with a syntax error
/// inside are left to the syntax error).
pub fn uses(parsed: &ParsedSource) -> Vec<Use> {
    uses_where(parsed, |_| true)
}

/// The uses of [`uses`] that can have an issue under `.version version` and `.target
/// target`, and maybe others: the instructions (most of a file's nodes) are not walked when
/// their text shows that they hold none. Inside an instruction only special registers and
/// constant expressions are constructs; a cast, `generic()` and `mask()` are spelt with a
/// `(`, a special register with its name.
///
/// ```
/// use ptxkit_isa::constructs::{uses, uses_that_can_fail};
/// use ptxkit_isa::{target, version};
/// let parsed = ptxkit_syntax::parse(".version 7.0\n.target sm_80\n.entry k()\n{\n\tmov.u32 %r1, %clusterid.x;\n\tadd.s32 %r1, %r1, 4;\n\tret;\n}\n");
/// let (v, t) = (version("7.0").unwrap(), target("sm_80").unwrap());
/// let issues = |found: Vec<ptxkit_isa::constructs::Use>| -> Vec<_> { found.iter().flat_map(|u| u.issues(v, t)).collect() };
/// assert_eq!(issues(uses_that_can_fail(&parsed, v, t)), issues(uses(&parsed)));
/// assert!(!issues(uses(&parsed)).is_empty(), "%clusterid needs PTX 7.8 and sm_90");
/// ```
pub fn uses_that_can_fail(parsed: &ParsedSource, version: Version, target: Target) -> Vec<Use> {
    let can_fail = |name: &str| {
        rows_named(name).iter().any(|&row| {
            !Use {
                row,
                span: Span::new(0, 0),
            }
            .issues(version, target)
            .is_empty()
        })
    };
    let expressions = can_fail("constant expression");
    let source = parsed.text();
    uses_where(parsed, |insn| {
        let text = &source[insn.byte_range()];
        expressions || insn.has_error() || text.contains('(') || names_special_register(text)
    })
}

/// Whether a `%` word of `text` (what follows the `%` up to a character that cannot be in
/// an identifier) is a special register's name.
fn names_special_register(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().filter(|(_, b)| **b == b'%').any(|(at, _)| {
        let end = bytes[at + 1..]
            .iter()
            .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$'))
            .map_or(bytes.len(), |n| at + 1 + n);
        crate::directives::special_register(&text[at..end]).is_some()
    })
}

/// [`uses`], walking into an instruction (or `call`) only when `descend` says so.
fn uses_where(parsed: &ParsedSource, descend: impl Fn(Node<'_>) -> bool) -> Vec<Use> {
    let source = parsed.text();
    let mut found = Vec::new();
    // One walk (pre-order) that keeps the ancestors of the node it is at, so that the
    // constructs that depend on their parent need not ask the tree (`Node::parent` searches
    // down from the root).
    ptxkit_syntax::visit_tree(parsed.root(), |step, ancestors| {
        let ptxkit_syntax::Step::Enter(node) = step else {
            return false;
        };
        let enter = !matches!(node.kind_name(), "instruction" | "call_instruction") || descend(node);
        if enter && !node.has_error() {
            let up = |n: usize| ancestors.len().checked_sub(n).map(|at| ancestors[at]);
            add_uses(node, &up, source, &mut found);
        }
        enter
    });
    found
}

/// The constructs that `node` itself is (not its children), with their rows.
pub fn node_uses(node: Node<'_>, source: &str) -> Vec<Use> {
    let mut found = Vec::new();
    let up = |n: usize| (0..n).try_fold(node, |at, _| at.parent());
    add_uses(node, &up, source, &mut found);
    found
}

/// Node kinds that are one construct each, found at their keyword (the node's first child).
const AT_KEYWORD: &[(&str, &str)] = &[
    ("address_size_directive", ".address_size"),
    ("section_directive", ".section"),
    ("alias_directive", ".alias"),
    ("callprototype_directive", ".callprototype"),
    ("branchtargets_directive", ".branchtargets"),
    ("calltargets_directive", ".calltargets"),
    ("alignment", ".align"),
    ("pointer_qualifier", ".ptr"),
];

/// Node kinds that are one construct each, spanning the whole node.
const WHOLE_NODE: &[(&str, &str)] = &[
    ("dwarf_directive", "@@DWARF"),
    ("parameterized_count", "parameterized variable names"),
    ("array_dimension", "array variable"),
    ("initializer_list", "array variable"),
    ("field_initializer", "opaque type initializer"),
    ("generic_expression", "generic()"),
    ("mask_expression", "mask()"),
    ("binary_expression", "constant expression"),
    ("unary_expression", "constant expression"),
    ("conditional_expression", "constant expression"),
    ("parenthesized_expression", "constant expression"),
];

/// Adds the constructs that `node` itself is to `found`; `up(n)` is its `n`th ancestor
/// (1: its parent).
fn add_uses<'t>(node: Node<'t>, up: &dyn Fn(usize) -> Option<Node<'t>>, source: &str, found: &mut Vec<Use>) {
    // Every construct is a named node: no token of the grammar is spelt like a named node
    // kind (see the `no_token_is_spelt_like_a_named_kind` test), so tokens match no arm.
    if !node.is_named() {
        return;
    }
    let mut add = |name: &str, at: Node<'_>| {
        found.extend(rows_named(name).iter().map(|&row| Use {
            row,
            span: Span::of(at),
        }));
    };
    let keyword = || node.child(0).unwrap_or(node);
    let kind = node.kind_name();
    if let Some((_, name)) = AT_KEYWORD.iter().find(|(k, _)| *k == kind) {
        add(name, keyword());
        return;
    }
    if let Some((_, name)) = WHOLE_NODE.iter().find(|(k, _)| *k == kind) {
        add(name, node);
        return;
    }
    match kind {
        "file_directive" => {
            add(".file", keyword());
            if node.field("timestamp").is_some() {
                add(".file timestamp", node);
            }
        }
        "loc_directive" => {
            add(".loc", keyword());
            if has_inlined_at(node) {
                add(".loc inlined_at", node);
            }
        }
        "section_data" => {
            for value in field_children(node, "value") {
                if value.kind_name() == "binary_expression" {
                    add(".section offset expression", value);
                }
            }
        }
        "label" if up(1).is_some_and(|p| p.kind_name() == "section_body") => add(".section label", node),
        "pragma_directive" => {
            add(".pragma", keyword());
            pragma_uses(node, source, &mut add);
        }
        "function_definition" | "function_declaration" => function_uses(node, source, &mut add),
        "linkage" => add(text(node, source), node),
        "function_directive" => {
            if let Some(name) = node.field("name") {
                add(text(name, source), name);
            }
        }
        "parameter_declaration" => parameter_uses(node, up(2), source, &mut add),
        "variable_declaration" => {
            if up(1).is_some_and(|p| p.kind_name() == "source_file") {
                module_scope_uses(node, source, &mut add);
            }
            type_uses(node, source, &mut add);
        }
        "state_space" => state_space_uses(node, source, &mut add),
        "attribute_item" => {
            if let Some(name) = node.field("name") {
                add(&format!(".attribute({})", text(name, source)), node);
            }
        }
        "vector_type" => match text(node, source) {
            ".v2" | ".v4" => add("vector variable", node),
            _ => add("vector variable wider than .v4", node),
        },
        "declarator" => {
            if let Some(init) = node.field("initializer")
                && let Some(name) = first_address(init)
            {
                add("address initializer", name);
            }
        }
        "cast_expression" => cast_uses(node, source, &mut add),
        "identifier" => found.extend(special_register_use(node, source)),
        _ => {}
    }
}

/// Whether a `.loc` directive names the function it was inlined into (`function_name`,
/// `inlined_at`).
fn has_inlined_at(node: Node<'_>) -> bool {
    let mut cursor = node.walk();
    node.named_children(&mut cursor)
        .any(|c| matches!(c.kind_name(), "loc_function_name" | "loc_inlined_at"))
}

/// A cast: a constant expression, and a construct of its own unless to `.s64` or `.u64`.
fn cast_uses(node: Node<'_>, source: &str, add: &mut impl FnMut(&str, Node<'_>)) {
    add("constant expression", node);
    let to = node.field("type").map(|t| text(t, source));
    if !matches!(to, Some(".s64" | ".u64")) {
        add("cast to a type other than .s64/.u64", node);
    }
}

/// The special register an identifier names (`%clusterid`), with the row that introduced it.
fn special_register_use(node: Node<'_>, source: &str) -> Option<Use> {
    if !source[node.byte_range()].starts_with('%') {
        return None;
    }
    let register = crate::directives::special_register(text(node, source))?;
    Some(Use {
        row: Row::Introduced(register),
        span: Span::of(node),
    })
}

/// The pragma words of a `.pragma` directive (only known words have rows: ptxas ignores
/// unknown ones with a warning).
fn pragma_uses(node: Node<'_>, source: &str, add: &mut impl FnMut(&str, Node<'_>)) {
    for value in field_children(node, "value") {
        let word = text(value, source)
            .trim_matches('"')
            .split_whitespace()
            .next()
            .unwrap_or("");
        if !word.is_empty() && !word.starts_with('.') && !word.starts_with('@') && !word.starts_with('%') {
            add(word, node);
        }
    }
}

/// The state spaces a module-scope variable declaration may not use (`.reg`, `.local`).
fn module_scope_uses(node: Node<'_>, source: &str, add: &mut impl FnMut(&str, Node<'_>)) {
    for space in field_children(node, "state_space") {
        match text(space, source) {
            ".reg" => add("module-scope .reg", node),
            ".local" => add("module-scope .local", node),
            _ => {}
        }
    }
}

/// The first variable or function named in an initializer (texture and sampler field
/// initializers, `{ filter_mode = nearest }`, name no address).
fn first_address(init: Node<'_>) -> Option<Node<'_>> {
    // Pre-order over the named nodes in source order, with a cursor (initializers nest as
    // deep as the file does, and an array initializer can hold thousands of values), not
    // into field initializers.
    let mut cursor = init.walk();
    loop {
        let node = cursor.node();
        if node == init || node.is_named() {
            match node.kind_name() {
                "identifier" => return Some(node),
                "field_initializer" => {}
                _ => {
                    if cursor.goto_first_child() {
                        continue;
                    }
                }
            }
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return None;
            }
        }
    }
}

fn function_uses(node: Node<'_>, source: &str, add: &mut impl FnMut(&str, Node<'_>)) {
    let Some(kind) = node.field("kind") else {
        return;
    };
    add(text(kind, source), kind);
    if node.kind_name() == "function_definition"
        && text(kind, source) == ".entry"
        && let Some(list) = node.field("parameters")
        && !field_children(list, "parameter").is_empty()
    {
        add("kernel parameter list", list);
    }
}

/// The uses of parameter declaration `node`, whose grandparent (the function, through the
/// parameter list) is `function`.
fn parameter_uses(node: Node<'_>, function: Option<Node<'_>>, source: &str, add: &mut impl FnMut(&str, Node<'_>)) {
    // Parameters of function definitions only: ptxas does not check prototypes
    // (`.func f(.param .b32 a);`) the same way.
    if let Some(function) = function.filter(|f| f.kind_name() == "function_definition") {
        let is_func = function.field("kind").is_some_and(|k| text(k, source) == ".func");
        let space = node.field("state_space").map(|n| text(n, source));
        if is_func && space == Some(".param") {
            add(".func .param parameter", node);
        }
        if let Some(declarator) = node.field("declarator")
            && field_children(declarator, "dimension").iter().any(|d| {
                text(*d, source)
                    .chars()
                    .all(|c| c == '[' || c == ']' || c.is_whitespace())
            })
        {
            add("unsized array parameter", node);
        }
    }
    type_uses(node, source, add);
}

/// The rows for a declaration's types: opaque types, `.f16x2`, `.b128`, and the
/// instruction-only types ptxas never takes in a declaration.
fn type_uses(node: Node<'_>, source: &str, add: &mut impl FnMut(&str, Node<'_>)) {
    for ty in field_children(node, "type") {
        match text(ty, source) {
            ".texref" | ".samplerref" | ".surfref" => add("opaque type", node),
            ".f16x2" => add(".f16x2 variable", node),
            ".b128" => add(".b128 variable", node),
            ".e2m3x4" | ".e3m2x4" | ".e2m1x4" => {}
            t if DECLARATION_TYPES.contains(&t) => {}
            _ => add("instruction-only type variable", ty),
        }
    }
}

fn state_space_uses(node: Node<'_>, source: &str, add: &mut impl FnMut(&str, Node<'_>)) {
    let space = text(node, source);
    match space {
        ".sreg" | ".shared::cta" | ".shared::cluster" | ".param::entry" | ".param::func" => {
            add(&format!("{space} variable"), node);
        }
        s if s.starts_with(".const[") => add(".const[N]", node),
        s => add(s, node),
    }
}

#[cfg(test)]
mod tests;
