//! An instruction as the signature matcher sees it: each operand node classified (register with
//! its declared type, special register, constant, name, address, vector, pair, sink) with the
//! symbol table.

use ptxkit_isa::signature::{Found, Instance, Literal, NameKind};
use ptxkit_syntax::tree_sitter::Node;

use crate::insn::{Insn, children_with_field, fields};
use crate::symbols::{RegisterLookup, SymbolTable, is_special_register};

/// Builds the matcher's view of `insn`.
pub fn instance<'a>(insn: &Insn<'a>, symbols: &'a SymbolTable, source: &'a str) -> Instance<'a> {
    let classify = Classifier { symbols, source };
    let node = insn.node();
    let operands = if insn.view.is_call() {
        classify.call(node)
    } else {
        insn.operands.iter().map(|&n| classify.operand(n, false)).collect()
    };
    Instance {
        opcode: insn.opcode,
        modifiers: insn.modifiers.iter().map(|(m, _)| *m).collect(),
        operands,
    }
}

/// The operand nodes of a `call` in the order [`instance`] gives its operands: the return
/// list, the callee, the argument list and the target list.
pub fn call_operand_nodes(node: Node<'_>) -> Vec<Node<'_>> {
    let f = fields();
    let mut out = Vec::new();
    let mut cursor = node.walk();
    if cursor.goto_first_child() {
        loop {
            match cursor.field_id().map(u16::from) {
                Some(id) if id == f.returns || id == f.arguments || id == f.callee => out.push(cursor.node()),
                _ if cursor.field_name() == Some("targets") => out.push(cursor.node()),
                _ => {}
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
    }
    out
}

struct Classifier<'a> {
    symbols: &'a SymbolTable,
    source: &'a str,
}

impl<'a> Classifier<'a> {
    fn text(&self, node: Node<'_>) -> &'a str {
        &self.source[node.byte_range()]
    }

    /// `call (r), f, (a, b), targets;`: the return list, the callee, the argument list and the
    /// target list each count as one operand.
    fn call(&self, node: Node<'a>) -> Vec<Found<'a>> {
        let f = fields();
        let mut out = Vec::new();
        let mut cursor = node.walk();
        if cursor.goto_first_child() {
            loop {
                let child = cursor.node();
                match cursor.field_id().map(u16::from) {
                    Some(id) if id == f.returns || id == f.arguments => {
                        out.push(Found::Params(children_with_field(child, f.argument).len()));
                    }
                    Some(id) if id == f.callee => out.push(self.operand(child, false)),
                    _ if cursor.field_name() == Some("targets") => out.push(self.operand(child, false)),
                    _ => {}
                }
                if !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
        out
    }

    fn name(&self, node: Node<'a>, name: &'a str) -> Found<'a> {
        let offset = node.start_byte();
        match self.symbols.register(offset, name) {
            RegisterLookup::Declared(_) | RegisterLookup::InRange(_) => {
                let (ty, vector) = self
                    .symbols
                    .register_type(offset, name)
                    .map_or((None, 0), |(t, v)| (Some(t), v.unwrap_or(0) as u16));
                return Found::Register { ty, vector };
            }
            RegisterLookup::Special => return Found::SpecialRegister { ty: None },
            RegisterLookup::OutOfRange(..) => return Found::Register { ty: None, vector: 0 },
            RegisterLookup::Undeclared => {}
        }
        if let Some(variable) = self.symbols.variable(offset, name) {
            let kind = match variable.ty.as_deref() {
                Some(".texref") => NameKind::TexRef,
                Some(".samplerref") => NameKind::SamplerRef,
                Some(".surfref") => NameKind::SurfRef,
                _ => NameKind::Variable,
            };
            return Found::Name { kind, offset: false };
        }
        if self.symbols.functions.contains_key(name) {
            return Found::Name {
                kind: NameKind::Function,
                offset: false,
            };
        }
        if self
            .symbols
            .scope_at(offset)
            .is_some_and(|s| s.labels.contains_key(name))
        {
            return Found::Name {
                kind: NameKind::Label,
                offset: false,
            };
        }
        if name.starts_with('%') {
            // An undeclared register (another rule reports it).
            return Found::Register { ty: None, vector: 0 };
        }
        Found::Name {
            kind: NameKind::Unknown,
            offset: false,
        }
    }

    /// Whether `node` (an expression) names a register somewhere.
    fn register_in(&self, node: Node<'a>) -> Option<Found<'a>> {
        ptxkit_syntax::preorder(node)
            .filter(|n| n.kind() == "identifier")
            .map(|n| self.name(n, self.text(n)))
            .find(|f| matches!(f, Found::Register { .. } | Found::SpecialRegister { .. }))
    }

    fn operand(&self, node: Node<'a>, in_address: bool) -> Found<'a> {
        match node.kind() {
            "identifier" => self.name(node, self.text(node)),
            "integer" => Found::Immediate {
                literal: Literal::Integer,
                value: ptxkit_syntax::literal::eval_integer(node, self.source),
            },
            "float" => Found::Immediate {
                literal: Literal::of_float(self.text(node)),
                value: None,
            },
            "sink" => Found::Sink,
            "address_operand" => Found::Address(
                children_with_field(node, fields().element)
                    .into_iter()
                    .map(|e| self.operand(e, true))
                    .collect(),
            ),
            "vector_operand" => Found::Vector(
                children_with_field(node, fields().element)
                    .into_iter()
                    .map(|e| self.operand(e, false))
                    .collect(),
            ),
            "predicate_pair" => {
                let part = |field| {
                    node.child_by_field_name(field)
                        .map_or(Found::Other, |n| self.operand(n, false))
                };
                Found::Pair(Box::new(part("value")), Box::new(part("predicate")))
            }
            "member_operand" => {
                let object = node.child_by_field_name("object").map_or("", |n| self.text(n));
                if is_special_register(object) {
                    Found::SpecialRegister { ty: None }
                } else {
                    match node.child_by_field_name("object").map(|n| self.name(n, object)) {
                        Some(Found::Register { ty, .. }) => Found::Register { ty, vector: 0 },
                        _ => Found::Other,
                    }
                }
            }
            "unary_expression" => {
                let operator = node.child_by_field_name("operator").map_or("", |n| self.text(n));
                let argument = node.child_by_field_name("argument");
                match (operator, argument) {
                    ("!", Some(arg)) if arg.kind() == "identifier" => {
                        Found::Negated(Box::new(self.operand(arg, false)))
                    }
                    _ => self.expression(node, in_address),
                }
            }
            "binary_expression" | "parenthesized_expression" | "cast_expression" | "conditional_expression" => {
                self.expression(node, in_address)
            }
            _ => Found::Other,
        }
    }

    /// A constant expression, possibly with a name or a register in it (`sym+4`, `%rd1+8`).
    fn expression(&self, node: Node<'a>, in_address: bool) -> Found<'a> {
        if let Some(value) = ptxkit_syntax::literal::eval_integer(node, self.source) {
            return Found::Immediate {
                literal: Literal::Integer,
                value: Some(value),
            };
        }
        let register = self.register_in(node);
        let name = ptxkit_syntax::preorder(node)
            .filter(|n| n.kind() == "identifier")
            .map(|n| self.name(n, self.text(n)))
            .find(|f| matches!(f, Found::Name { .. }));
        match (register, name) {
            (Some(_), Some(_)) => Found::NamePlusRegister,
            (Some(Found::Register { ty, .. }), None) if in_address => Found::RegisterOffset { ty },
            (Some(_), None) => Found::Other,
            (None, Some(Found::Name { kind, .. })) => Found::Name { kind, offset: true },
            _ => Found::Immediate {
                literal: Literal::Integer,
                value: None,
            },
        }
    }
}
