//! One instruction, its parts classified: opcode, modifiers (types, state space, vector
//! width), guard, operands, the parts of a `call`, and its [`InstructionForm`] for the
//! ptxkit-isa tables.
//!
//! ## Operands
//!
//! [`Instruction::operands`] are the operands as the manual's Syntax blocks count them: a
//! braced vector `{%r1, %r2}` is one operand, an address `[%rd1+8]` is one, and a `call`
//! has up to four, `call (ret-param), func, (param-list), flist;` (each parenthesised list
//! is one operand, the prototype or `.calltargets` label is one). The same count is the one
//! [`Instruction::form`] gives ptxkit-isa (`#N` in its patterns).

use ptxkit_isa::InstructionForm;
use ptxkit_isa::types::is_type_name;
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, Span};

/// State-space modifiers as they appear on instructions (with `::cta`, `::cluster`, …
/// qualifiers stripped before comparing: see [`base_space`](crate::base_space)).
const SPACES: &[&str] = &[".global", ".shared", ".local", ".const", ".param", ".tex"];

/// An instruction (or `call`) with its parts classified.
///
/// ```
/// use ptxkit_semantic::Instruction;
/// use ptxkit_syntax::preorder;
/// let parsed = ptxkit_syntax::parse(".version 8.0\n.target sm_90\n.entry k()\n{\n@!%p ld.shared::cta.v4.u32 {%r1, %r2, %r3, %r4}, [buf+16];\n}\n");
/// let source = parsed.text();
/// let ld = preorder(parsed.root()).find_map(|n| Instruction::cast(n, source)).unwrap();
/// assert_eq!(ld.opcode(), "ld");
/// assert_eq!(ld.space().unwrap().text, ".shared::cta");
/// assert_eq!(ld.vector(), Some(4));
/// assert_eq!(ld.types(), [".u32"]);
/// assert_eq!(ld.operands().len(), 2);
/// assert!(ld.guard().is_some());
/// assert_eq!(ld.form().to_string(), "ld.shared::cta.v4.u32");
/// assert_eq!(ld.form().operands, Some(2));
/// ```
#[derive(Debug, Clone)]
pub struct Instruction<'t> {
    node: Node<'t>,
    source: &'t str,
    opcode: &'t str,
    opcode_node: Option<Node<'t>>,
    modifiers: smallvec::SmallVec<[Modifier<'t>; 4]>,
    operands: smallvec::SmallVec<[Node<'t>; 4]>,
    guard: Option<Node<'t>>,
    call: Option<Call<'t>>,
    /// The identifiers of the guard and of each operand, found on first use (see
    /// [`Instruction::identifiers`]): name resolution and the control-flow graph both read
    /// them, and walking an operand's subtree costs more than reading the list.
    identifiers: std::cell::OnceCell<Identifiers<'t>>,
}

/// The identifiers of an instruction's guard and operands, in source order.
#[derive(Debug, Clone)]
struct Identifiers<'t> {
    /// Every identifier: the guard's, then each operand's.
    nodes: smallvec::SmallVec<[Node<'t>; 6]>,
    /// Where each part's identifiers end in `nodes`: part 0 is the guard, part `i + 1`
    /// operand `i`.
    ends: smallvec::SmallVec<[u32; 6]>,
}

/// One dot-modifier of an instruction: `.global`, `.v4`, `.u32`.
#[derive(Debug, Clone, Copy)]
pub struct Modifier<'t> {
    /// The modifier as written, with its dot.
    pub text: &'t str,
    /// Its syntax node.
    pub node: Node<'t>,
}

/// The parts of a `call`: `call (r), f, (a, b), proto;`.
#[derive(Debug, Clone, Copy)]
pub struct Call<'t> {
    /// The return list `(r)`, if written.
    pub returns: Option<Node<'t>>,
    /// The function called, or the register holding its address.
    pub callee: Option<Node<'t>>,
    /// The argument list `(a, b)`, if written.
    pub arguments: Option<Node<'t>>,
    /// The prototype or `.calltargets` label of an indirect call, if written.
    pub targets: Option<Node<'t>>,
}

/// The grammar's field ids, looked up once: a lookup by name compares strings, which
/// dominated the linter's profile.
struct Fields {
    opcode: u16,
    modifier: u16,
    operand: u16,
    returns: u16,
    callee: u16,
    arguments: u16,
    targets: u16,
    argument: u16,
    element: u16,
    guard: u16,
}

fn fields() -> &'static Fields {
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
            targets: id("targets"),
            argument: id("argument"),
            element: id("element"),
            guard: id("guard"),
        }
    })
}

impl<'t> Instruction<'t> {
    /// Views `node` as an instruction if it is one (`instruction` or `call_instruction`).
    pub fn cast(node: Node<'t>, source: &'t str) -> Option<Self> {
        let is_call = match node.kind_name() {
            "instruction" => false,
            "call_instruction" => true,
            _ => return None,
        };
        let f = fields();
        let mut insn = Instruction {
            node,
            source,
            opcode: "",
            opcode_node: None,
            modifiers: smallvec::SmallVec::new(),
            operands: smallvec::SmallVec::new(),
            guard: None,
            call: is_call.then_some(Call {
                returns: None,
                callee: None,
                arguments: None,
                targets: None,
            }),
            identifiers: std::cell::OnceCell::new(),
        };
        for &ptxkit_syntax::Child { node: child, field, .. } in &ptxkit_syntax::children(node) {
            match field.map(u16::from) {
                Some(id) if id == f.guard => insn.guard = Some(child),
                Some(id) if id == f.opcode => {
                    insn.opcode = &source[child.byte_range()];
                    insn.opcode_node = Some(child);
                }
                Some(id) if id == f.modifier => insn.modifiers.push(Modifier {
                    text: &source[child.byte_range()],
                    node: child,
                }),
                Some(id) if id == f.operand => insn.operands.push(child),
                Some(id) if is_call && [f.returns, f.callee, f.arguments, f.targets].contains(&id) => {
                    insn.operands.push(child);
                    if let Some(call) = &mut insn.call {
                        let slot = match id {
                            id if id == f.returns => &mut call.returns,
                            id if id == f.callee => &mut call.callee,
                            id if id == f.arguments => &mut call.arguments,
                            _ => &mut call.targets,
                        };
                        *slot = Some(child);
                    }
                }
                _ => {}
            }
        }
        Some(insn)
    }

    /// The instruction that contains byte `offset` of `parsed`, if any (for hover,
    /// signature help and completion at a cursor).
    ///
    /// ```
    /// let parsed = ptxkit_syntax::parse(".entry k()\n{\nadd.s32 %r1, %r2, 1;\n}\n");
    /// let at = parsed.text().find("%r2").unwrap();
    /// let add = ptxkit_semantic::Instruction::at(&parsed, at).unwrap();
    /// assert_eq!(add.full_opcode(), "add.s32");
    /// ```
    pub fn at(parsed: &'t ParsedSource, offset: usize) -> Option<Self> {
        let node = parsed.root().descendant_for_byte_range(offset, offset)?;
        Instruction::around(node, parsed.text())
    }

    /// The instruction that is `node` or contains it, if any. The search climbs no
    /// higher than the statement: it stops at a block, a function or the file, which no
    /// instruction contains (each step up costs a walk down from the root, so climbing
    /// to the root from deep in nested blocks would cost the square of the depth).
    pub fn around(node: Node<'t>, source: &'t str) -> Option<Self> {
        let mut node = Some(node);
        while let Some(n) = node {
            if let Some(found) = Instruction::cast(n, source) {
                return Some(found);
            }
            if matches!(n.kind_name(), "block" | "function_definition" | "source_file") {
                return None;
            }
            node = n.parent();
        }
        None
    }

    /// The syntax node.
    pub fn node(&self) -> Node<'t> {
        self.node
    }

    /// The source text the instruction is in.
    pub fn source(&self) -> &'t str {
        self.source
    }

    /// The opcode word (`ld`), or `""` when the tree lost it.
    pub fn opcode(&self) -> &'t str {
        self.opcode
    }

    /// The opcode node.
    pub fn opcode_node(&self) -> Option<Node<'t>> {
        self.opcode_node
    }

    /// The modifiers, in order.
    pub fn modifiers(&self) -> &[Modifier<'t>] {
        &self.modifiers
    }

    /// Whether modifier `m` (with its dot) is present.
    pub fn has(&self, m: &str) -> bool {
        self.modifiers.iter().any(|x| x.text == m)
    }

    /// The first modifier written exactly `m`, if any.
    pub fn modifier(&self, m: &str) -> Option<Modifier<'t>> {
        self.modifiers.iter().find(|x| x.text == m).copied()
    }

    /// The type modifiers (`cvt.rn.f32.s32`: `.f32`, `.s32`), in order, as ptxkit-isa
    /// classifies them.
    pub fn types(&self) -> Vec<&'t str> {
        self.type_modifiers().map(|m| m.text).collect()
    }

    /// The type modifiers with their nodes, in order.
    pub fn type_modifiers(&self) -> impl Iterator<Item = Modifier<'t>> + '_ {
        self.modifiers.iter().copied().filter(|m| is_type_name(m.text))
    }

    /// The state-space modifier (`.shared::cta`, `.global`, `.const`), if any.
    pub fn space(&self) -> Option<Modifier<'t>> {
        self.modifiers
            .iter()
            .find(|m| SPACES.contains(&crate::base_space(m.text)))
            .copied()
    }

    /// The vector width of `.v2`/`.v4`/`.v8`, if any.
    pub fn vector(&self) -> Option<u32> {
        self.modifiers
            .iter()
            .find_map(|m| m.text.strip_prefix(".v").and_then(|n| n.parse().ok()))
    }

    /// The guard (`@%p`, `@!%p`), if any.
    pub fn guard(&self) -> Option<Node<'t>> {
        self.guard
    }

    /// The operands, counted as the manual counts them (see the module documentation).
    pub fn operands(&self) -> &[Node<'t>] {
        &self.operands
    }

    /// The first address operand (`[...]`), if any.
    pub fn address_operand(&self) -> Option<Node<'t>> {
        self.operands
            .iter()
            .copied()
            .find(|n| n.kind_name() == "address_operand")
    }

    /// The name a `call` calls as written (a function's name, or for an indirect call the
    /// register holding its address); `None` for other instructions.
    pub fn callee(&self) -> Option<&'t str> {
        let callee = self.call.as_ref()?.callee?;
        self.source.get(callee.byte_range())
    }

    /// The parts of a `call`; `None` for other instructions.
    pub fn call(&self) -> Option<&Call<'t>> {
        self.call.as_ref()
    }

    /// Opcode and modifiers glued: `ld.global.v4.u32`, also when written with whitespace or
    /// a comment between them (`ld .global.v4.u32`, which ptxas takes); `""` when the tree
    /// lost the opcode.
    pub fn full_opcode(&self) -> std::borrow::Cow<'t, str> {
        let Some(opcode) = self.opcode_node else {
            return "".into();
        };
        let modifiers = self.modifiers.iter().map(|m| m.node.byte_range());
        ptxkit_syntax::ast::glued_chain(self.source, std::iter::once(opcode.byte_range()).chain(modifiers))
    }

    /// The span of the opcode and its modifiers (`cvt.rn.f32.s32`), or of the whole
    /// instruction when the tree lost the opcode.
    pub fn opcode_span(&self) -> Span {
        let Some(opcode) = self.opcode_node else {
            return Span::of(self.node);
        };
        let end = self.modifiers.last().map_or(opcode.end_byte(), |m| m.node.end_byte());
        Span::new(opcode.start_byte(), end)
    }

    /// The instruction as the ptxkit-isa tables see it: opcode, modifiers and operand count
    /// (counted as [`Self::operands`] counts them). The one place a form is built from
    /// source.
    pub fn form(&self) -> InstructionForm<'t> {
        InstructionForm::new(self.opcode, self.modifiers.iter().map(|m| m.text).collect())
            .with_operands(self.operands.len())
    }

    /// Every identifier in the guard and operands, in source order: the names the
    /// instruction uses.
    pub fn identifiers(&self) -> impl Iterator<Item = Node<'t>> + '_ {
        self.identifier_parts().nodes.iter().copied()
    }

    /// Every identifier in operand `index` (as [`Self::operands`] counts them), in source
    /// order; empty when there is no such operand.
    pub fn operand_identifiers(&self, index: usize) -> &[Node<'t>] {
        let parts = self.identifier_parts();
        match (parts.ends.get(index), parts.ends.get(index + 1)) {
            (Some(&start), Some(&end)) => &parts.nodes[start as usize..end as usize],
            _ => &[],
        }
    }

    /// The identifiers of the guard and of each operand, found once.
    fn identifier_parts(&self) -> &Identifiers<'t> {
        self.identifiers.get_or_init(|| {
            let mut parts = Identifiers {
                nodes: smallvec::SmallVec::new(),
                ends: smallvec::SmallVec::new(),
            };
            let add = |part: Option<Node<'t>>, parts: &mut Identifiers<'t>| {
                if let Some(node) = part {
                    identifiers_in(node, |n| parts.nodes.push(n));
                }
                parts.ends.push(parts.nodes.len() as u32);
            };
            add(self.guard, &mut parts);
            for &operand in &self.operands {
                add(Some(operand), &mut parts);
            }
            parts
        })
    }
}

impl<'t> Call<'t> {
    /// The return values, in order (empty without a return list).
    pub fn return_values(&self) -> impl Iterator<Item = Node<'t>> + 't {
        self.returns
            .into_iter()
            .flat_map(|list| ptxkit_syntax::children_in_field(list, fields().argument))
    }

    /// The arguments, in order (empty without an argument list).
    pub fn argument_values(&self) -> impl Iterator<Item = Node<'t>> + 't {
        self.arguments
            .into_iter()
            .flat_map(|list| ptxkit_syntax::children_in_field(list, fields().argument))
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

/// Reads `[name]`, `[name+C]`, `[name-C]` or `[C+name]` (C a constant expression) from an
/// address operand; `None` for any other shape.
///
/// ```
/// use ptxkit_semantic::{Instruction, symbol_address};
/// use ptxkit_syntax::preorder;
/// let parsed = ptxkit_syntax::parse(".entry k()\n{\nld.shared.u32 %r1, [buf+4*2];\n}\n");
/// let source = parsed.text();
/// let ld = preorder(parsed.root()).find_map(|n| Instruction::cast(n, source)).unwrap();
/// let address = symbol_address(ld.address_operand().unwrap(), source).unwrap();
/// assert_eq!((&source[address.base.byte_range()], address.offset), ("buf", 8));
/// ```
pub fn symbol_address<'t>(address: Node<'t>, source: &str) -> Option<SymbolAddress<'t>> {
    let mut elements = ptxkit_syntax::children_in_field(address, fields().element);
    let (Some(element), None) = (elements.next(), elements.next()) else {
        return None;
    };
    match element.kind_name() {
        "identifier" => Some(SymbolAddress {
            base: element,
            offset: 0,
        }),
        "binary_expression" => {
            let left = element.field("left")?;
            let right = element.field("right")?;
            let operator = &source[element.field("operator")?.byte_range()];
            let constant = |n: Node<'_>| ptxkit_syntax::literal::eval_integer(n, source);
            match (left.kind_name(), right.kind_name(), operator) {
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

/// The elements of an address `[a, b, {c, d}]` or a vector `{a, b}`, in order.
pub fn elements(operand: Node<'_>) -> impl Iterator<Item = Node<'_>> {
    ptxkit_syntax::children_in_field(operand, fields().element)
}

/// Calls `each` on every identifier node under `node` (itself included), in source order,
/// without recursion; a plain identifier, literal or sink is not walked.
pub(crate) fn identifiers_in<'t>(node: Node<'t>, mut each: impl FnMut(Node<'t>)) {
    match node.kind_name() {
        "identifier" => each(node),
        "sink" | "integer" | "float" | "string" => {}
        _ => {
            for n in ptxkit_syntax::preorder(node) {
                if n.kind_name() == "identifier" {
                    // `%tid.x` is a member operand whose object is a special register;
                    // `arr[%r1]` names the array and reads the index.
                    each(n);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxkit_syntax::preorder;

    fn instructions(text: &str) -> (ptxkit_syntax::ParsedSource, usize) {
        let parsed = ptxkit_syntax::parse(text);
        let count = preorder(parsed.root())
            .filter(|n| Instruction::cast(*n, parsed.text()).is_some())
            .count();
        (parsed, count)
    }

    #[test]
    fn call_operands_are_counted_as_the_manual_counts_them() {
        let text = ".entry k()\n{\ncall.uni (r), f, (a, b);\ncall f, (a);\ncall f;\ncall (r), %rd1, (a), proto;\ncall %rd1, flist;\n}\n";
        let (parsed, count) = instructions(text);
        assert_eq!(count, 5);
        let source = parsed.text();
        let calls: Vec<_> = preorder(parsed.root())
            .filter_map(|n| Instruction::cast(n, source))
            .collect();
        let counts: Vec<_> = calls.iter().map(|c| c.form().operands.unwrap()).collect();
        assert_eq!(counts, [3, 2, 1, 4, 2]);
        let first = calls[0].call().unwrap();
        assert_eq!(first.return_values().count(), 1);
        assert_eq!(first.argument_values().count(), 2);
        assert_eq!(&source[first.callee.unwrap().byte_range()], "f");
        assert_eq!(calls[0].form().to_string(), "call.uni");
        let names: Vec<_> = calls[3].identifiers().map(|n| &source[n.byte_range()]).collect();
        assert_eq!(names, ["r", "%rd1", "a", "proto"]);
        assert!(calls[4].call().unwrap().targets.is_some());
        assert!(calls[4].call().unwrap().arguments.is_none());
    }

    #[test]
    fn classifies_modifiers_and_operands() {
        let text = ".entry k()\n{\n@%p1 cvt.rn.f32.s32 %f1, %r1;\nst.global.v2.b64 [%rd1+8], {%rd2, %rd3};\nret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let source = parsed.text();
        let all: Vec<_> = preorder(parsed.root())
            .filter_map(|n| Instruction::cast(n, source))
            .collect();
        let cvt = &all[0];
        assert_eq!(cvt.types(), [".f32", ".s32"]);
        assert!(cvt.has(".rn") && cvt.space().is_none() && cvt.call().is_none());
        assert_eq!(cvt.full_opcode(), "cvt.rn.f32.s32");
        assert_eq!(&source[cvt.opcode_span().range()], "cvt.rn.f32.s32");
        let st = &all[1];
        assert_eq!(st.space().unwrap().text, ".global");
        assert_eq!((st.vector(), st.operands().len()), (Some(2), 2));
        assert_eq!(elements(st.address_operand().unwrap()).count(), 1);
        let address = symbol_address(st.address_operand().unwrap(), source).unwrap();
        assert_eq!((&source[address.base.byte_range()], address.offset), ("%rd1", 8));
        let ret = &all[2];
        assert_eq!((ret.opcode(), ret.form().operands), ("ret", Some(0)));
        assert_eq!(ret.full_opcode(), "ret");
    }
}
