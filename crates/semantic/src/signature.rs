//! An instruction as ptxkit-isa's signature matcher sees it
//! ([`ptxkit_isa::signature::Instance`]): each operand classified with the symbol table —
//! a register with its declared type and vector width, a special register, a constant, a name
//! (variable, texture reference, function, label), an address, a vector, a pair, a sink.
//!
//! Operands are counted as [`Instruction::operands`] counts them: a `call`'s return list,
//! callee, argument list and target list are one operand each.

use ptxkit_isa::signature::{Found, Instance, Literal, NameKind};
use ptxkit_isa::special_registers::is_special_register;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;

use crate::instruction::{Call, Instruction, elements};
use crate::symbols::{RegisterLookup, SymbolTable};

impl<'t> Instruction<'t> {
    /// What the signature form this instruction matches needs beyond its chain (the form's
    /// `block` records: an indirect `call` needs PTX 2.1, `mbarrier.arrive` with the sink as
    /// its state 7.1); nothing when no form matches exactly.
    pub fn form_features(&self, symbols: &SymbolTable) -> Vec<&'static ptxkit_isa::Feature> {
        match ptxkit_isa::signature::analyze(&self.signature_instance(symbols)) {
            Some(analysis) if analysis.is_match() => analysis.form.features().collect(),
            _ => Vec::new(),
        }
    }

    /// The instruction as the signature matcher sees it, its names looked up in `symbols`
    /// (function-wide, as [`SymbolTable::register`] does).
    ///
    /// ```
    /// use ptxkit_isa::signature::Found;
    /// use ptxkit_semantic::{Instruction, SymbolTable};
    /// let parsed = ptxkit_syntax::parse(".entry k()\n{\n.reg .b32 %r<3>;\nadd.s32 %r1, %r2, 4;\n}\n");
    /// let symbols = SymbolTable::build(&parsed);
    /// let at = parsed.text().find("add").unwrap();
    /// let add = Instruction::at(&parsed, at).unwrap();
    /// let seen = add.signature_instance(&symbols);
    /// assert_eq!((seen.opcode, seen.modifiers.as_slice()), ("add", [".s32"].as_slice()));
    /// assert!(matches!(seen.operands[0], Found::Register { ty: Some(".b32"), .. }));
    /// assert!(matches!(seen.operands[2], Found::Immediate { value: Some(4), .. }));
    /// ```
    pub fn signature_instance<'a>(&self, symbols: &'a SymbolTable) -> Instance<'a>
    where
        't: 'a,
    {
        self.classify(symbols, None)
    }

    /// [`Self::signature_instance`], with the names' classes kept in `names` for the next
    /// instructions of the file (same answers, one lookup per name and function).
    pub fn signature_instance_with<'a>(&self, symbols: &'a SymbolTable, names: &NameClasses<'a>) -> Instance<'a>
    where
        't: 'a,
    {
        self.classify(symbols, Some(names))
    }

    fn classify<'a>(&self, symbols: &'a SymbolTable, names: Option<&NameClasses<'a>>) -> Instance<'a>
    where
        't: 'a,
    {
        let classify = Classifier {
            symbols,
            source: self.source(),
            names,
        };
        let operands = match self.call() {
            Some(call) => classify.call(call),
            None => self.operands().iter().map(|&n| classify.operand(n, false)).collect(),
        };
        Instance {
            opcode: self.opcode(),
            modifiers: self.modifiers().iter().map(|m| m.text).collect(),
            operands,
        }
    }
}

/// What the names of a file's instructions were classified as (a register with its type, a
/// variable, a function, a label...), by function body and name, shared by the instructions
/// of one file: a kernel names a few hundred registers thousands of times, and a name's class
/// depends only on the function it is used in (its body's declarations, then the module's).
#[derive(Default)]
pub struct NameClasses<'a> {
    found: std::cell::RefCell<rustc_hash::FxHashMap<(Option<usize>, &'a str), Found<'a>>>,
}

struct Classifier<'a, 'n> {
    symbols: &'a SymbolTable,
    source: &'a str,
    names: Option<&'n NameClasses<'a>>,
}

impl<'a> Classifier<'a, '_> {
    fn text(&self, node: Node<'_>) -> &'a str {
        &self.source[node.byte_range()]
    }

    /// `call (r), f, (a, b), targets;`: the return list, the callee, the argument list and the
    /// target list each count as one operand.
    fn call(&self, call: &Call<'a>) -> Vec<Found<'a>> {
        let mut out = Vec::new();
        if call.returns.is_some() {
            out.push(Found::Params(call.return_values().count()));
        }
        if let Some(callee) = call.callee {
            out.push(self.operand(callee, false));
        }
        if call.arguments.is_some() {
            out.push(Found::Params(call.argument_values().count()));
        }
        if let Some(targets) = call.targets {
            out.push(self.operand(targets, false));
        }
        out
    }

    /// What `name` (at `node`) is, from [`NameClasses`] when an instruction of the same
    /// function has used it already.
    fn name(&self, node: Node<'a>, name: &'a str) -> Found<'a> {
        let offset = node.start_byte();
        let Some(names) = self.names else {
            return self.classify_name(offset, name);
        };
        let key = (self.symbols.body_at(offset).map(|body| body.span.start), name);
        if let Some(found) = names.found.borrow().get(&key) {
            return found.clone();
        }
        let found = self.classify_name(offset, name);
        names.found.borrow_mut().insert(key, found.clone());
        found
    }

    /// [`Self::name`] without [`NameClasses`]: every lookup below depends on `offset` only
    /// through the function body it is in.
    fn classify_name(&self, offset: usize, name: &'a str) -> Found<'a> {
        match self.symbols.register(offset, name) {
            RegisterLookup::Declared(_) | RegisterLookup::InRange(_) => {
                let (ty, vector) = self
                    .symbols
                    .register_type(offset, name)
                    .map_or((None, 0), |(t, v)| (Some(t), v.unwrap_or(0) as u16));
                return Found::Register { ty, vector };
            }
            RegisterLookup::Special => {
                return Found::SpecialRegister {
                    widths: ptxkit_isa::special_registers::mov_widths(name),
                    vector: ptxkit_isa::special_registers::vector_width(name),
                };
            }
            RegisterLookup::OutOfRange(..) => return Found::Register { ty: None, vector: 0 },
            RegisterLookup::Undeclared => {}
        }
        if let Some(variable) = self.symbols.variable(offset, name) {
            let kind = match variable.ty.as_deref() {
                Some(".texref") => NameKind::TexRef,
                Some(".samplerref") => NameKind::SamplerRef,
                Some(".surfref") => NameKind::SurfRef,
                // Before PTX 1.5 a texture is a `.tex .u32` (or `.u64`) variable.
                _ if variable.space == ".tex" => NameKind::TexRef,
                _ => NameKind::Variable,
            };
            return Found::Name { kind, offset: false };
        }
        if self.symbols.functions().contains_key(name) {
            return Found::Name {
                kind: NameKind::Function,
                offset: false,
            };
        }
        if self
            .symbols
            .body_at(offset)
            .is_some_and(|b| b.declarations.labels.contains_key(name))
        {
            return Found::Name {
                kind: NameKind::Label,
                offset: false,
            };
        }
        if ptxkit_isa::special_registers::is_predefined_constant(name) {
            return Found::Immediate {
                literal: Literal::Integer,
                value: None,
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
            .filter(|n| n.kind_name() == "identifier")
            .map(|n| self.name(n, self.text(n)))
            .find(|f| matches!(f, Found::Register { .. } | Found::SpecialRegister { .. }))
    }

    fn operand(&self, node: Node<'a>, in_address: bool) -> Found<'a> {
        match node.kind_name() {
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
            "address_operand" => Found::Address(elements(node).map(|e| self.operand(e, true)).collect()),
            "vector_operand" => Found::Vector(elements(node).map(|e| self.operand(e, false)).collect()),
            "predicate_pair" => {
                let part = |field| node.field(field).map_or(Found::Other, |n| self.operand(n, false));
                Found::Pair(Box::new(part("value")), Box::new(part("predicate")))
            }
            "member_operand" => {
                let object = node.field("object").map_or("", |n| self.text(n));
                if is_special_register(object) {
                    Found::SpecialRegister {
                        widths: ptxkit_isa::special_registers::mov_widths(self.text(node)),
                        vector: 0,
                    }
                } else {
                    match node.field("object").map(|n| self.name(n, object)) {
                        Some(Found::Register { ty, .. }) => Found::Register { ty, vector: 0 },
                        _ => Found::Other,
                    }
                }
            }
            "unary_expression" => {
                let operator = node.field("operator").map_or("", |n| self.text(n));
                let argument = node.field("argument");
                match (operator, argument) {
                    ("!", Some(arg)) if arg.kind_name() == "identifier" => {
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
            .filter(|n| n.kind_name() == "identifier")
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

#[cfg(test)]
mod tests {
    use super::*;
    use ptxkit_syntax::preorder;

    /// A name means what its function declares: kept across a file's instructions, the
    /// classes are those each instruction finds alone, where the same names are a register
    /// of another type, a variable, a label or undeclared in the next function.
    #[test]
    fn shared_name_classes_answer_as_each_instruction_alone() {
        const PTX: &str = "\
.version 8.0
.target sm_80
.address_size 64
.global .u32 g;
.func f()
{
.reg .b32 %r<4>;
.reg .f32 x;
.shared .u32 s;
mov.b32 %r1, %r2;
mov.f32 x, x;
mov.u32 %r3, s;
bra L;
L:
ret;
}
.func h()
{
.reg .b64 %r<9>;
.reg .pred x;
.local .u64 L;
mov.b64 %r1, %r8;
@x bra s;
mov.u64 %r2, L;
mov.u32 %r7, g;
mov.b32 %r1, %r12;
ret;
}
";
        let parsed = ptxkit_syntax::parse(PTX);
        let symbols = SymbolTable::build(&parsed);
        let names = NameClasses::default();
        let mut seen = 0;
        for node in preorder(parsed.root()) {
            let Some(insn) = Instruction::cast(node, parsed.text()) else {
                continue;
            };
            let alone = insn.signature_instance(&symbols);
            assert_eq!(
                insn.signature_instance_with(&symbols, &names),
                alone,
                "{}",
                insn.node().utf8_text(PTX.as_bytes()).unwrap()
            );
            seen += 1;
        }
        assert_eq!(seen, 11);
        // The same names, two functions, two meanings.
        let at = |needle: &str| PTX.find(needle).unwrap();
        let class = |needle: &str, name: &'static str| {
            let node = parsed.root().descendant_for_byte_range(at(needle), at(needle)).unwrap();
            Classifier {
                symbols: &symbols,
                source: PTX,
                names: Some(&names),
            }
            .name(node, name)
        };
        assert_eq!(
            class("mov.b32 %r1, %r2", "%r1"),
            Found::Register {
                ty: Some(".b32"),
                vector: 0
            }
        );
        assert_eq!(
            class("mov.b64 %r1, %r8", "%r1"),
            Found::Register {
                ty: Some(".b64"),
                vector: 0
            }
        );
        assert!(matches!(
            class("bra L", "L"),
            Found::Name {
                kind: NameKind::Label,
                ..
            }
        ));
        assert!(matches!(
            class("mov.u64 %r2, L", "L"),
            Found::Name {
                kind: NameKind::Variable,
                ..
            }
        ));
    }
}
