//! What a migration's walk sees: the current text and its tree, the move being made, and
//! helpers that turn syntax nodes into diagnostics and text edits.

use ptxkit_isa::{Target, Version};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::{Function, Instruction, VariableDeclaration, text};
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{Applicability, Diagnostic, Fix, ParsedSource, Severity, Span, TextEdit, preorder};

use crate::boundary::Tag;

/// The move a file is making: source and destination version and target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The file's `.version`.
    pub from: Version,
    /// The destination version.
    pub to: Version,
    /// The file's target (its first architecture entry).
    pub from_target: Target,
    /// The destination target.
    pub to_target: Target,
}

/// What one pass sees while it runs over one text.
pub struct PassContext<'a> {
    /// The current text and tree.
    pub parsed: &'a ParsedSource,
    /// The move being made.
    pub movement: Move,
    pass_name: &'static str,
    tag: Tag,
    temp_prefix: String,
}

impl<'a> PassContext<'a> {
    /// A context for the pass named `pass_name`, whose rewrites are `tag`, over `parsed`.
    pub fn new(parsed: &'a ParsedSource, movement: Move, pass_name: &'static str, tag: Tag) -> Self {
        let mut temp_prefix = "%ptxrw".to_string();
        let mut n = 0;
        while parsed.text().contains(temp_prefix.as_str()) {
            n += 1;
            temp_prefix = format!("%ptxrw{n}_");
        }
        PassContext {
            parsed,
            movement,
            pass_name,
            tag,
            temp_prefix,
        }
    }

    /// The source text.
    pub fn text(&self) -> &'a str {
        self.parsed.text()
    }

    /// The text of a node.
    pub fn node_text(&self, node: Node<'_>) -> &'a str {
        text(node, self.parsed.text())
    }

    /// Every instruction (including `call`), in source order.
    pub fn instructions(&self) -> Vec<Instruction<'a>> {
        let text = self.parsed.text();
        preorder(self.parsed.root())
            .filter_map(|n| Instruction::cast(n, text))
            .collect()
    }

    /// Every variable declaration, in source order.
    pub fn declarations(&self) -> Vec<VariableDeclaration<'a>> {
        let text = self.parsed.text();
        preorder(self.parsed.root())
            .filter_map(|n| VariableDeclaration::cast(n, text))
            .collect()
    }

    /// Every function definition and declaration, in source order.
    pub fn functions(&self) -> Vec<Function<'a>> {
        let text = self.parsed.text();
        let mut cursor = self.parsed.root().walk();
        self.parsed
            .root()
            .named_children(&mut cursor)
            .filter_map(|n| Function::cast(n, text))
            .collect()
    }

    /// The function a node is in, if any.
    pub fn enclosing_function(&self, node: Node<'a>) -> Option<Function<'a>> {
        let mut current = node.parent();
        while let Some(n) = current {
            if let Some(function) = Function::cast(n, self.parsed.text()) {
                return Some(function);
            }
            current = n.parent();
        }
        None
    }

    /// A rewrite: a diagnostic at `node` whose fix is `edits`.
    pub fn rewrite(&self, span: Span, message: impl Into<String>, edits: Vec<TextEdit>) -> Diagnostic {
        let message = message.into();
        let applicability = match self.tag {
            Tag::Exact | Tag::Safe => Applicability::Safe,
            Tag::Approximate => Applicability::Unsafe,
        };
        Diagnostic::new("", self.pass_name, Severity::Info, message.clone(), span).with_fix(Fix {
            message,
            applicability,
            edits,
        })
    }

    /// A rewrite the pass cannot show exact, whatever its tag: it runs only with
    /// `--allow-approximate` (a pass whose rewrites are exact in some files and not in
    /// others).
    pub fn approximate_rewrite(&self, span: Span, message: impl Into<String>, edits: Vec<TextEdit>) -> Diagnostic {
        let mut diagnostic = self.rewrite(span, message, edits);
        if let Some(fix) = diagnostic.fix.as_mut() {
            fix.applicability = Applicability::Unsafe;
        }
        diagnostic
    }

    /// A refusal: `what` has no equivalent at the destination.
    pub fn refuse(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new("", self.pass_name, Severity::Error, message, span)
    }

    /// A prefix for temporary register names that no name in the text starts
    /// with (`%ptxrw`, or `%ptxrw1_`, ...).
    pub fn temp_prefix(&self) -> &str {
        &self.temp_prefix
    }

    /// The edit that replaces an instruction by `lines`, each guarded like the
    /// original. With `temps` (declarations such as `.reg .b16 %ptxrwh<4>;`)
    /// the lines go in a `{ ... }` block that scopes them, so no name can clash
    /// with the function's own.
    pub fn expansion(&self, instruction: &Instruction<'a>, temps: &str, lines: &[String]) -> TextEdit {
        let guard = instruction
            .guard()
            .map(|g| format!("{} ", self.node_text(g.node)))
            .unwrap_or_default();
        let body: Vec<String> = lines
            .iter()
            .map(|line| format!("{guard}{}{}", line, if line.ends_with(';') { "" } else { ";" }))
            .collect();
        let out = if temps.is_empty() {
            body.join(" ")
        } else {
            format!("{{ {temps} {} }}", body.join(" "))
        };
        TextEdit::replace(Span::of(instruction.node()), out)
    }

    /// The text of each operand, when every operand is a plain register or
    /// constant (no vectors, addresses or expressions).
    pub fn simple_operands(&self, instruction: &Instruction<'a>) -> Option<Vec<&'a str>> {
        instruction
            .operands()
            .into_iter()
            .map(|op| matches!(op.kind_name(), "identifier" | "integer" | "float").then(|| self.node_text(op)))
            .collect()
    }

    /// The edit that deletes a statement, with its line when nothing else is
    /// on it (a trailing comment stays).
    pub fn delete_statement(&self, node: Node<'_>) -> TextEdit {
        ptxkit_lint::fix::delete_statement(self.text(), Span::of(node))
    }

    /// The modifier node of `instruction` whose text is `name`.
    pub fn modifier(&self, instruction: &Instruction<'a>, name: &str) -> Option<Node<'a>> {
        instruction
            .modifier_nodes()
            .into_iter()
            .find(|m| self.node_text(*m) == name)
    }

    /// Edits that delete the given modifiers of `instruction` (those present).
    pub fn drop_modifiers(&self, instruction: &Instruction<'a>, names: &[&str]) -> Vec<TextEdit> {
        instruction
            .modifier_nodes()
            .into_iter()
            .filter(|m| names.contains(&self.node_text(*m)))
            .map(|m| TextEdit::delete(Span::of(m)))
            .collect()
    }
}
