//! Instruction helpers shared by rules: modifiers split into type, state
//! space and vector parts, address operands, and the identifiers an
//! instruction names.

use ptxkit_syntax::ast::Instruction;
use ptxkit_syntax::tree_sitter::Node;

use crate::types::is_type;

/// State-space modifiers as they appear on instructions.
const SPACES: &[&str] = &[".global", ".shared", ".local", ".const", ".param", ".tex"];

/// An instruction with its modifiers classified.
pub struct Insn<'t> {
    /// The typed view.
    pub view: Instruction<'t>,
    /// The opcode word.
    pub opcode: &'t str,
    /// Every modifier with its node, in order.
    pub modifiers: Vec<(&'t str, Node<'t>)>,
    /// The operand nodes (for `call`: returns, callee, arguments).
    pub operands: Vec<Node<'t>>,
    /// The guard (`@%p`, `@!%p`), if any.
    pub guard: Option<Node<'t>>,
}

/// Field ids of the instruction grammar, looked up once (a lookup by name
/// compares strings, which dominated the profile).
pub(crate) struct Fields {
    pub opcode: u16,
    pub modifier: u16,
    pub operand: u16,
    pub returns: u16,
    pub callee: u16,
    pub arguments: u16,
    pub argument: u16,
    pub element: u16,
    pub guard: u16,
}

pub(crate) fn fields() -> &'static Fields {
    static FIELDS: std::sync::OnceLock<Fields> = std::sync::OnceLock::new();
    FIELDS.get_or_init(|| {
        let language = ptxkit_syntax::language();
        let id = |name: &str| {
            language
                .field_id_for_name(name)
                .map(u16::from)
                .unwrap_or_else(|| panic!("the grammar has field `{name}`"))
        };
        Fields {
            opcode: id("opcode"),
            modifier: id("modifier"),
            operand: id("operand"),
            returns: id("returns"),
            callee: id("callee"),
            arguments: id("arguments"),
            argument: id("argument"),
            element: id("element"),
            guard: id("guard"),
        }
    })
}

/// The children of `node` under field `id`, in order.
pub(crate) fn children_with_field<'t>(node: Node<'t>, id: u16) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    let mut out = Vec::new();
    if cursor.goto_first_child() {
        loop {
            if cursor.field_id().map(u16::from) == Some(id) {
                out.push(cursor.node());
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
    out
}

impl<'t> Insn<'t> {
    /// Views `node` as an instruction.
    pub fn cast(node: Node<'t>, source: &'t str) -> Option<Self> {
        let view = Instruction::cast(node, source)?;
        let f = fields();
        let mut opcode = "";
        let mut modifiers = Vec::new();
        let mut operands = Vec::new();
        let mut guard = None;
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                let child = cursor.node();
                match cursor.field_id().map(u16::from) {
                    Some(id) if id == f.guard => guard = Some(child),
                    Some(id) if id == f.opcode => opcode = &source[child.byte_range()],
                    Some(id) if id == f.modifier => modifiers.push((&source[child.byte_range()], child)),
                    Some(id) if id == f.operand || id == f.callee => operands.push(child),
                    Some(id) if id == f.returns || id == f.arguments => {
                        operands.extend(children_with_field(child, f.argument));
                    }
                    _ => {}
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        Some(Self {
            view,
            opcode,
            modifiers,
            operands,
            guard,
        })
    }

    /// The syntax node.
    pub fn node(&self) -> Node<'t> {
        self.view.node()
    }

    /// Whether modifier `m` (with its dot) is present.
    pub fn has(&self, m: &str) -> bool {
        self.modifiers.iter().any(|(t, _)| *t == m)
    }

    /// The type modifiers, in order (`cvt.f32.s32`: `.f32`, `.s32`).
    pub fn types(&self) -> Vec<&'t str> {
        self.modifiers.iter().map(|(t, _)| *t).filter(|t| is_type(t)).collect()
    }

    /// The type modifier nodes, in order.
    pub fn type_nodes(&self) -> Vec<Node<'t>> {
        self.modifiers
            .iter()
            .filter(|(t, _)| is_type(t))
            .map(|(_, n)| *n)
            .collect()
    }

    /// The state-space modifier (`.shared::cta`, `.global`), if any.
    pub fn space(&self) -> Option<(&'t str, Node<'t>)> {
        self.modifiers
            .iter()
            .find(|(t, _)| SPACES.contains(&crate::symbols::base_space(t)))
            .copied()
    }

    /// The vector width `.v2`/`.v4`/`.v8`, if any.
    pub fn vector(&self) -> Option<u32> {
        self.modifiers
            .iter()
            .find_map(|(t, _)| t.strip_prefix(".v").and_then(|n| n.parse().ok()))
    }

    /// The first address operand (`[...]`), if any.
    pub fn address_operand(&self) -> Option<Node<'t>> {
        self.operands.iter().copied().find(|n| n.kind() == "address_operand")
    }
}

/// A `[symbol + constant]` address.
#[derive(Debug, Clone, Copy)]
pub struct SymbolAddress<'t> {
    /// The base identifier node.
    pub base: Node<'t>,
    /// The constant byte offset (0 when absent).
    pub offset: i64,
}

/// Reads `[name]`, `[name+C]`, `[name-C]` or `[C+name]` (C a constant
/// expression) from an address operand.
pub fn symbol_address<'t>(address: Node<'t>, source: &str) -> Option<SymbolAddress<'t>> {
    let elements = children_with_field(address, fields().element);
    let [element] = elements.as_slice() else { return None };
    match element.kind() {
        "identifier" => Some(SymbolAddress {
            base: *element,
            offset: 0,
        }),
        "binary_expression" => {
            let left = element.child_by_field_name("left")?;
            let right = element.child_by_field_name("right")?;
            let operator = &source[element.child_by_field_name("operator")?.byte_range()];
            let constant = |n: Node<'_>| ptxkit_syntax::literal::eval_integer(n, source);
            match (left.kind(), right.kind(), operator) {
                ("identifier", _, "+") => Some(SymbolAddress {
                    base: left,
                    offset: constant(right)?,
                }),
                ("identifier", _, "-") => Some(SymbolAddress {
                    base: left,
                    offset: constant(right)?.checked_neg()?,
                }),
                (_, "identifier", "+") => Some(SymbolAddress {
                    base: right,
                    offset: constant(left)?,
                }),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Every identifier node under `node`, in source order (iteratively).
pub fn identifiers<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    ptxkit_syntax::preorder(node).filter(|n| n.kind() == "identifier")
}
