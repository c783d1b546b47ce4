//! Typed views over the syntax tree: thin wrappers that name the fields of
//! instructions, declarations and functions so that tools need not count
//! children.

use crate::NodeKind as _;
use tree_sitter::Node;

/// Children of `node` stored under `field`, in order.
pub fn field_children<'t>(node: Node<'t>, field: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.fields(field, &mut cursor).collect()
}

/// The text of a node.
pub fn text<'s>(node: Node<'_>, source: &'s str) -> &'s str {
    &source[node.byte_range()]
}

/// An instruction statement: `@!%p ld.global.v4.u32 {..}, [%rd1+16];`, or a
/// `call` (kind `call_instruction`).
#[derive(Clone, Copy)]
pub struct Instruction<'t> {
    node: Node<'t>,
    source: &'t str,
}

impl<'t> Instruction<'t> {
    /// Views `node` as an instruction if it is one.
    pub fn cast(node: Node<'t>, source: &'t str) -> Option<Self> {
        matches!(node.kind_name(), "instruction" | "call_instruction").then_some(Self { node, source })
    }

    /// The syntax node.
    pub fn node(&self) -> Node<'t> {
        self.node
    }

    /// Whether this is a `call`.
    pub fn is_call(&self) -> bool {
        self.node.kind_name() == "call_instruction"
    }

    /// The opcode word, e.g. `ld`.
    pub fn opcode(&self) -> &'t str {
        self.node.field("opcode").map_or("", |n| text(n, self.source))
    }

    /// The opcode node.
    pub fn opcode_node(&self) -> Option<Node<'t>> {
        self.node.field("opcode")
    }

    /// The modifier nodes, e.g. `.global`, `.v4`, `.u32`.
    pub fn modifier_nodes(&self) -> Vec<Node<'t>> {
        field_children(self.node, "modifier")
    }

    /// The modifiers' text with their leading dot: `[".global", ".v4", ".u32"]`.
    pub fn modifiers(&self) -> Vec<&'t str> {
        self.modifier_nodes()
            .into_iter()
            .map(|n| text(n, self.source))
            .collect()
    }

    /// Whether the instruction has modifier `name` (with its dot).
    pub fn has_modifier(&self, name: &str) -> bool {
        self.modifier_nodes().into_iter().any(|n| text(n, self.source) == name)
    }

    /// Opcode and modifiers glued: `ld.global.v4.u32`, also when written with whitespace or
    /// a comment between them (`ld .global.v4.u32`, which ptxas takes).
    pub fn full_opcode(&self) -> std::borrow::Cow<'t, str> {
        let Some(opcode) = self.opcode_node() else {
            return "".into();
        };
        let modifiers = self.modifier_nodes();
        glued_chain(
            self.source,
            std::iter::once(opcode).chain(modifiers).map(|n| n.byte_range()),
        )
    }

    /// The operand nodes, in order (for `call`: empty; see [`Self::call_parts`]).
    pub fn operands(&self) -> Vec<Node<'t>> {
        field_children(self.node, "operand")
    }

    /// The guard predicate, if any.
    pub fn guard(&self) -> Option<Guard<'t>> {
        let node = self.node.field("guard")?;
        Some(Guard {
            node,
            negated: node.field("negated").is_some(),
            predicate: node.field("predicate").map_or("", |n| text(n, self.source)),
        })
    }

    /// For a `call`: its return list, callee, argument list and prototype or
    /// call-targets label.
    pub fn call_parts(&self) -> Option<CallParts<'t>> {
        if !self.is_call() {
            return None;
        }
        let list = |field| self.node.field(field).map(|l| field_children(l, "argument"));
        Some(CallParts {
            returns: list("returns"),
            callee: self.node.field("callee"),
            arguments: list("arguments"),
            targets: self.node.field("targets"),
        })
    }
}

/// `@p` or `@!p` before an instruction.
#[derive(Clone, Copy)]
pub struct Guard<'t> {
    /// The guard node.
    pub node: Node<'t>,
    /// Whether written `@!p`.
    pub negated: bool,
    /// The predicate register's name.
    pub predicate: &'t str,
}

/// The parts of a `call` instruction.
pub struct CallParts<'t> {
    /// `(r1, r2)` before the callee, if present.
    pub returns: Option<Vec<Node<'t>>>,
    /// The function (or register, for indirect calls).
    pub callee: Option<Node<'t>>,
    /// `(a, b)` after the callee, if present.
    pub arguments: Option<Vec<Node<'t>>>,
    /// The prototype or `.calltargets` label of an indirect call.
    pub targets: Option<Node<'t>>,
}

/// The specifiers shared by variable and parameter declarations:
/// linkage, state space, `.align`, `.ptr`, vector and type.
#[derive(Clone, Copy)]
pub struct Specifiers<'t> {
    node: Node<'t>,
    source: &'t str,
}

impl<'t> Specifiers<'t> {
    /// Linkage directives (`.extern`, `.visible`, ...).
    pub fn linkages(&self) -> Vec<&'t str> {
        field_children(self.node, "linkage")
            .into_iter()
            .map(|n| text(n, self.source))
            .collect()
    }

    /// The state-space node (`.reg`, `.shared::cta`, `.const[2]`, ...).
    pub fn state_space_node(&self) -> Option<Node<'t>> {
        self.node.field("state_space")
    }

    /// The state space as written, without `.const[N]` banks stripped.
    pub fn state_space(&self) -> Option<&'t str> {
        self.state_space_node().map(|n| text(n, self.source))
    }

    /// The type node (`.b32`, `.texref`, ...). The last one if several.
    pub fn type_node(&self) -> Option<Node<'t>> {
        field_children(self.node, "type").pop()
    }

    /// The type as written, e.g. `.u64`.
    pub fn type_name(&self) -> Option<&'t str> {
        self.type_node().map(|n| text(n, self.source))
    }

    /// The vector width (2 for `.v2`), if any.
    pub fn vector_width(&self) -> Option<u32> {
        let node = self.node.field("vector")?;
        text(node, self.source).strip_prefix(".v")?.parse().ok()
    }

    /// The `.align N` node, if any.
    pub fn alignment_node(&self) -> Option<Node<'t>> {
        self.node.field("align")
    }

    /// The `.align` value when it is a plain integer.
    pub fn alignment(&self) -> Option<u64> {
        let value = self.alignment_node()?.field("value")?;
        crate::literal::integer_value(text(value, self.source)).and_then(|v| u64::try_from(v).ok())
    }

    /// The `.ptr` qualifier of a kernel parameter, if any.
    pub fn pointer_node(&self) -> Option<Node<'t>> {
        self.node.field("pointer")
    }
}

/// A variable declaration: `.shared .align 16 .b8 smem[4096];`.
#[derive(Clone, Copy)]
pub struct VariableDeclaration<'t> {
    node: Node<'t>,
    source: &'t str,
}

impl<'t> VariableDeclaration<'t> {
    /// Views `node` as a variable declaration if it is one.
    pub fn cast(node: Node<'t>, source: &'t str) -> Option<Self> {
        (node.kind_name() == "variable_declaration").then_some(Self { node, source })
    }

    /// The syntax node.
    pub fn node(&self) -> Node<'t> {
        self.node
    }

    /// Linkage, state space, alignment, vector and type.
    pub fn specifiers(&self) -> Specifiers<'t> {
        Specifiers {
            node: self.node,
            source: self.source,
        }
    }

    /// The declared names.
    pub fn declarators(&self) -> Vec<Declarator<'t>> {
        field_children(self.node, "declarator")
            .into_iter()
            .map(|node| Declarator {
                node,
                source: self.source,
            })
            .collect()
    }

    /// Whether it is declared at module scope (outside any function).
    pub fn is_module_scope(&self) -> bool {
        self.node.parent().is_some_and(|p| p.kind_name() == "source_file")
    }
}

/// A parameter: `.param .u64 .ptr .global .align 16 p`.
#[derive(Clone, Copy)]
pub struct Parameter<'t> {
    node: Node<'t>,
    source: &'t str,
}

impl<'t> Parameter<'t> {
    /// The syntax node.
    pub fn node(&self) -> Node<'t> {
        self.node
    }

    /// State space, alignment, `.ptr`, vector and type.
    pub fn specifiers(&self) -> Specifiers<'t> {
        Specifiers {
            node: self.node,
            source: self.source,
        }
    }

    /// The parameter's name and array dimensions.
    pub fn declarator(&self) -> Option<Declarator<'t>> {
        self.node.field("declarator").map(|node| Declarator {
            node,
            source: self.source,
        })
    }
}

/// One declared name with its `<N>` count, array dimensions and initializer.
#[derive(Clone, Copy)]
pub struct Declarator<'t> {
    node: Node<'t>,
    source: &'t str,
}

impl<'t> Declarator<'t> {
    /// The syntax node.
    pub fn node(&self) -> Node<'t> {
        self.node
    }

    /// The name node.
    pub fn name_node(&self) -> Option<Node<'t>> {
        self.node.field("name")
    }

    /// The declared name (`%r` for `%r<10>`).
    pub fn name(&self) -> &'t str {
        self.name_node().map_or("", |n| text(n, self.source))
    }

    /// `N` of a parameterized name `%r<N>`.
    pub fn count(&self) -> Option<u64> {
        let count = self.node.field("count")?.field("count")?;
        crate::literal::integer_value(text(count, self.source)).and_then(|v| u64::try_from(v).ok())
    }

    /// Array dimension nodes (`[4]`, `[]`).
    pub fn dimensions(&self) -> Vec<Node<'t>> {
        field_children(self.node, "dimension")
    }

    /// The initializer after `=`, if any.
    pub fn initializer(&self) -> Option<Node<'t>> {
        self.node.field("initializer")
    }
}

/// A kernel (`.entry`) or function (`.func`), defined or declared.
#[derive(Clone, Copy)]
pub struct Function<'t> {
    node: Node<'t>,
    source: &'t str,
}

impl<'t> Function<'t> {
    /// Views `node` as a function if it is a definition or declaration.
    pub fn cast(node: Node<'t>, source: &'t str) -> Option<Self> {
        matches!(node.kind_name(), "function_definition" | "function_declaration").then_some(Self { node, source })
    }

    /// The syntax node.
    pub fn node(&self) -> Node<'t> {
        self.node
    }

    /// Whether it is a kernel (`.entry`).
    pub fn is_entry(&self) -> bool {
        self.node
            .field("kind")
            .is_some_and(|k| text(k, self.source) == ".entry")
    }

    /// The function's name.
    pub fn name(&self) -> &'t str {
        self.node.field("name").map_or("", |n| text(n, self.source))
    }

    /// The name node.
    pub fn name_node(&self) -> Option<Node<'t>> {
        self.node.field("name")
    }

    /// Linkage directives.
    pub fn linkages(&self) -> Vec<&'t str> {
        field_children(self.node, "linkage")
            .into_iter()
            .map(|n| text(n, self.source))
            .collect()
    }

    /// Return parameters (`.func (.param .b32 r) f(...)`).
    pub fn returns(&self) -> Vec<Parameter<'t>> {
        self.parameter_list("returns")
    }

    /// Parameters.
    pub fn parameters(&self) -> Vec<Parameter<'t>> {
        self.parameter_list("parameters")
    }

    /// Performance and other header directives (`.maxntid`, `.noreturn`, ...).
    pub fn directives(&self) -> Vec<Node<'t>> {
        field_children(self.node, "directive")
    }

    /// The body block, for definitions.
    pub fn body(&self) -> Option<Node<'t>> {
        self.node.field("body")
    }

    fn parameter_list(&self, field: &str) -> Vec<Parameter<'t>> {
        self.node
            .field(field)
            .map(|list| field_children(list, "parameter"))
            .unwrap_or_default()
            .into_iter()
            .map(|node| Parameter {
                node,
                source: self.source,
            })
            .collect()
    }
}

/// The module's `.version` directive and its value, if present.
pub fn version_directive<'t>(root: Node<'t>, source: &'t str) -> Option<(Node<'t>, &'t str)> {
    let mut cursor = root.walk();
    let found = root
        .named_children(&mut cursor)
        .find(|n| n.kind_name() == "version_directive")?;
    let value = found.field("version").map_or("", |v| text(v, source));
    Some((found, value))
}

/// The module's first `.target` directive and its entries (`sm_90a`, `texmode_independent`, ...).
pub fn target_directive<'t>(root: Node<'t>, source: &'t str) -> Option<(Node<'t>, Vec<&'t str>)> {
    let mut cursor = root.walk();
    let found = root
        .named_children(&mut cursor)
        .find(|n| n.kind_name() == "target_directive")?;
    let targets = field_children(found, "target")
        .into_iter()
        .map(|n| text(n, source))
        .collect();
    Some((found, targets))
}

/// The text of an opcode chain's parts (the opcode's and each modifier's byte range, in
/// order) glued together: the source from the first to the last when nothing stands between
/// them, else their texts joined (`ld .global` gives `ld.global`); `""` for no parts.
pub fn glued_chain<'t>(
    source: &'t str,
    parts: impl Iterator<Item = std::ops::Range<usize>> + Clone,
) -> std::borrow::Cow<'t, str> {
    let (mut start, mut end, mut glued) = (None, 0, 0);
    for part in parts.clone() {
        start.get_or_insert(part.start);
        end = part.end;
        glued += part.len();
    }
    let Some(start) = start else { return "".into() };
    let written = &source[start..end];
    if written.len() == glued {
        return written.into();
    }
    parts.map(|part| &source[part]).collect::<String>().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::preorder;

    const K: &str = "\
.version 8.0
.target sm_90a, debug
.visible .entry k(.param .u64 .ptr .global .align 16 p, .param .align 8 .b8 s[16])
.maxntid 128, 1, 1
{
    .reg .b32 %r<10>;
    .shared .align 16 .b8 smem[4096];
    @!%p1 ld.shared.v4.u32 {%r1, %r2, %r3, %r4}, [smem+16];
    call.uni (%r5), f, (%r1, %r2);
}
";

    #[test]
    fn views_name_their_parts() {
        let parsed = crate::parse(K);
        let text = parsed.text();
        assert_eq!(version_directive(parsed.root(), text).unwrap().1, "8.0");
        assert_eq!(target_directive(parsed.root(), text).unwrap().1, ["sm_90a", "debug"]);
        let function = preorder(parsed.root()).find_map(|n| Function::cast(n, text)).unwrap();
        assert!(function.is_entry());
        assert_eq!(function.name(), "k");
        assert_eq!(function.linkages(), [".visible"]);
        let params = function.parameters();
        assert_eq!(params.len(), 2);
        assert_eq!(params[0].specifiers().state_space(), Some(".param"));
        assert!(params[0].specifiers().pointer_node().is_some());
        assert_eq!(params[1].specifiers().alignment(), Some(8));
        assert_eq!(params[1].declarator().unwrap().dimensions().len(), 1);
        assert_eq!(function.directives().len(), 1);

        let decls: Vec<_> = preorder(parsed.root())
            .filter_map(|n| VariableDeclaration::cast(n, text))
            .collect();
        assert_eq!(decls[0].declarators()[0].name(), "%r");
        assert_eq!(decls[0].declarators()[0].count(), Some(10));
        assert_eq!(decls[1].specifiers().alignment(), Some(16));
        assert!(!decls[1].is_module_scope());

        let instructions: Vec<_> = preorder(parsed.root())
            .filter_map(|n| Instruction::cast(n, text))
            .collect();
        let ld = &instructions[0];
        assert_eq!(ld.opcode(), "ld");
        assert_eq!(ld.modifiers(), [".shared", ".v4", ".u32"]);
        assert_eq!(ld.full_opcode(), "ld.shared.v4.u32");
        assert_eq!(ld.operands().len(), 2);
        let guard = ld.guard().unwrap();
        assert!(guard.negated);
        assert_eq!(guard.predicate, "%p1");
        let call = instructions[1].call_parts().unwrap();
        assert_eq!(call.returns.unwrap().len(), 1);
        assert_eq!(call.arguments.unwrap().len(), 2);
        assert_eq!(crate::ast::text(call.callee.unwrap(), text), "f");
    }

    #[test]
    fn full_opcode_glues_a_chain_written_apart() {
        let text = ".entry k()\n{\n\tst.global  .u32 [%rd1], %r1;\n\tmov /* x */ .u32 %r1, 5;\n\tret;\n}\n";
        let parsed = crate::parse(text);
        let chains: Vec<String> = preorder(parsed.root())
            .filter_map(|n| Instruction::cast(n, text))
            .map(|i| i.full_opcode().into_owned())
            .collect();
        assert_eq!(chains, ["st.global.u32", "mov.u32", "ret"]);
        assert!(matches!(
            glued_chain(text, std::iter::empty()),
            std::borrow::Cow::Borrowed("")
        ));
    }
}
