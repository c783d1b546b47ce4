//! Finding asm statements in a C++ file with tree-sitter-cpp and reading
//! everything about them: template, operands, clobbers, guards, context.

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::Node;

use crate::constraint::{Constraint, OperandKind};
use crate::cpp;
use crate::guard::{self, Cond, Macros};
use crate::lex::{TokenKind, count_sections, split_arguments, template_tokens};
use crate::literal::{MappedText, decode_literal};
use crate::statement::{AsmStatement, Clobber, Context, Operand, SkipReason, Skipped};
use crate::variants::{InnerGroup, chosen, inner_groups, variant_count, variant_text};

/// Every asm statement of a file.
#[derive(Debug, Clone, Default)]
pub struct Extraction {
    /// The statements to analyse, in source order.
    pub statements: Vec<AsmStatement>,
    /// The statements found but not analysed.
    pub skipped: Vec<Skipped>,
    /// The comments of the file (for suppressions), with their spans.
    pub comments: Vec<Range<usize>>,
}

/// Finds and reads every asm statement of a C or C++ text.
///
/// ```
/// let text = "__device__ int lane() { int r; asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(r)); return r; }";
/// let found = ptxkit_inline::extract(text);
/// assert_eq!(found.statements.len(), 1);
/// assert_eq!(found.statements[0].template.text, "mov.u32 %0, %%laneid;");
/// ```
pub fn extract(text: &str) -> Extraction {
    let mut out = Extraction::default();
    if !(text.contains("asm") || text.contains("__asm")) {
        return out;
    }
    let groups = inner_groups(text);
    let variants = variant_count(&groups);
    let mut seen: std::collections::HashSet<(Range<usize>, String)> = std::collections::HashSet::new();
    for k in 0..variants {
        let owned;
        let source = if groups.is_empty() {
            text
        } else {
            owned = variant_text(text, &groups, k);
            &owned
        };
        let tree = cpp::parse(source);
        let root = tree.root_node();
        let file = FileFacts::read(root, source);
        if k == 0 {
            out.comments = file.comments.clone();
        }
        // Groups whose chosen branch differs from variant 0's: a later
        // variant only adds the statements that touch one of them.
        let differing: Vec<&InnerGroup> = groups.iter().filter(|g| chosen(g, k) != chosen(g, 0)).collect();
        for (node, ancestry) in &file.asm_nodes {
            let span = node.byte_range();
            if k > 0 && !differing.iter().any(|g| overlaps(&g.span(), &span)) {
                continue;
            }
            let mut extra = Cond::always();
            let mut extra_text = Vec::new();
            for g in groups.iter().filter(|g| overlaps(&g.span(), &span)) {
                let (cond, written) = group_condition(g, chosen(g, k), text, &file.macros);
                extra = extra.and(cond);
                extra_text.extend(written);
            }
            let read = Reader {
                text: source,
                file: &file,
                delta: 0,
                in_macro: false,
            };
            match read.statement(*node, ancestry, extra, extra_text, None) {
                Ok(statement) => {
                    let key = (statement.span.clone(), statement.template.text.clone());
                    if seen.insert(key) {
                        out.statements.push(statement);
                    }
                }
                Err(reason) => {
                    if !out.skipped.iter().any(|s| s.span == span) {
                        out.skipped.push(Skipped { span, reason });
                    }
                }
            }
        }
        if k == 0 {
            for (body, cond, written) in &file.macro_bodies {
                macro_statements(source, body.clone(), (*cond, written.clone()), &file, &mut out);
            }
        }
    }
    out.statements.sort_by_key(|s| s.span.start);
    out.skipped.sort_by_key(|s| s.span.start);
    crate::scopes::carry(&mut out.statements);
    out
}

fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

/// The condition under which branch `choice` of an inner group is taken,
/// and the conditions as written.
fn group_condition(group: &InnerGroup, choice: Option<usize>, text: &str, macros: &dyn Macros) -> (Cond, Vec<String>) {
    let mut cond = Cond::always();
    let mut written = Vec::new();
    let upto = choice.unwrap_or(group.branches.len());
    for (index, branch) in group.branches.iter().enumerate().take(upto + 1) {
        let line = text[branch.directive.clone()].trim();
        let Some(branch_cond) = directive_condition(line, macros) else {
            continue;
        };
        let (branch_cond, shown) = if index == upto {
            (branch_cond, line.to_string())
        } else {
            (branch_cond.negate(), format!("not ({line})"))
        };
        cond = cond.and(branch_cond);
        if branch_cond != Cond::Unknown {
            written.push(shown);
        }
    }
    (cond, written)
}

/// The `#if`/`#ifdef`/`#else` conditions around `node` in the tree.
fn preprocessor_guard(node: Node<'_>, ancestry: &Ancestry<'_>, text: &str, macros: &dyn Macros) -> (Cond, Vec<String>) {
    let mut cond = Cond::always();
    let mut written = Vec::new();
    for (parent, child) in ancestry.pairs(node) {
        if let Some((c, line)) = branch_condition(parent, child, text, macros) {
            cond = cond.and(c);
            written.extend(line);
        }
    }
    (cond, written)
}

/// What being inside `child` of preprocessor node `parent` says.
fn branch_condition(
    parent: Node<'_>,
    child: Node<'_>,
    text: &str,
    macros: &dyn Macros,
) -> Option<(Cond, Option<String>)> {
    if !matches!(
        parent.kind(),
        "preproc_if" | "preproc_ifdef" | "preproc_elif" | "preproc_elifdef"
    ) {
        return None;
    }
    let is_condition = parent
        .child_by_field_name("condition")
        .or_else(|| parent.child_by_field_name("name"))
        .is_some_and(|c| c.id() == child.id());
    if is_condition {
        return None;
    }
    let cond = directive_cond(parent, text, macros)?;
    let in_alternative = parent
        .child_by_field_name("alternative")
        .is_some_and(|a| a.id() == child.id());
    let line = text[parent.byte_range()]
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    let (cond, line) = if in_alternative {
        (cond.negate(), format!("not ({line})"))
    } else {
        (cond, line)
    };
    // Conditions that say nothing (include guards) are not shown.
    Some((cond, (cond != Cond::Unknown).then_some(line)))
}

fn directive_cond(node: Node<'_>, text: &str, macros: &dyn Macros) -> Option<Cond> {
    match node.kind() {
        "preproc_if" | "preproc_elif" => Some(guard::eval_with(node.child_by_field_name("condition")?, text, macros)),
        "preproc_ifdef" | "preproc_elifdef" => {
            let name = &text[node.child_by_field_name("name")?.byte_range()];
            let directive = node.child(0).map(|d| &text[d.byte_range()]).unwrap_or("#ifdef");
            let defined = guard::defined_with(name.trim(), macros);
            Some(if directive.contains("ndef") {
                defined.negate()
            } else {
                defined
            })
        }
        _ => None,
    }
}

/// The condition of one `#if`/`#ifdef`/`#ifndef`/`#elif` line (`None` for
/// `#else`).
fn directive_condition(line: &str, macros: &dyn Macros) -> Option<Cond> {
    let body = line.trim_start_matches('#').trim_start();
    let word: String = body.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    let rest = body[word.len()..].trim();
    let expression = match word.as_str() {
        "if" | "elif" => rest.to_string(),
        "ifdef" | "elifdef" => return Some(guard::defined_with(rest, macros)),
        "ifndef" | "elifndef" => return Some(guard::defined_with(rest, macros).negate()),
        _ => return None,
    };
    let text = format!("#if {expression}\n#endif\n");
    let tree = cpp::parse(&text);
    let condition = tree.root_node().named_child(0)?.child_by_field_name("condition")?;
    Some(guard::eval_with(condition, &text, macros))
}

/// The ancestors of a node, root first, each with its previous sibling
/// (recorded during a cursor walk: `Node::parent` and `prev_sibling`
/// search from the root, which is quadratic over a file with thousands of
/// statements).
#[derive(Debug, Clone, Default)]
struct Ancestry<'t> {
    nodes: Vec<Node<'t>>,
    previous: Vec<Option<Node<'t>>>,
}

impl<'t> Ancestry<'t> {
    /// (parent, child) pairs from `node` up to the root.
    fn pairs(&self, node: Node<'t>) -> impl Iterator<Item = (Node<'t>, Node<'t>)> + '_ {
        (0..self.nodes.len()).rev().map(move |i| {
            let child = self.nodes.get(i + 1).copied().unwrap_or(node);
            (self.nodes[i], child)
        })
    }

    /// Ancestors from the nearest up, with their previous siblings.
    fn upwards(&self) -> impl Iterator<Item = (Node<'t>, Option<Node<'t>>)> + '_ {
        (0..self.nodes.len())
            .rev()
            .map(move |i| (self.nodes[i], self.previous[i]))
    }
}

/// Walks the tree under `root` in preorder; `visit` sees each node with its
/// ancestry and says whether to descend into it.
fn walk<'t>(root: Node<'t>, mut visit: impl FnMut(Node<'t>, &Ancestry<'t>) -> bool) {
    let mut cursor = root.walk();
    let mut ancestry = Ancestry::default();
    let mut previous: Option<Node<'t>> = None;
    loop {
        let node = cursor.node();
        let descend = visit(node, &ancestry);
        if descend && cursor.goto_first_child() {
            ancestry.nodes.push(node);
            ancestry.previous.push(previous);
            previous = None;
            continue;
        }
        loop {
            let current = cursor.node();
            if cursor.goto_next_sibling() {
                previous = Some(current);
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
            ancestry.nodes.pop();
            ancestry.previous.pop();
        }
    }
}

/// The object-like macros a file defines, with the conditions around each
/// definition: `#if __CUDA_ARCH__ >= 800` / `#define CP_ASYNC_ENABLED`
/// makes a later `#if defined(CP_ASYNC_ENABLED)` an sm_80 floor.
#[derive(Debug, Default)]
struct FileMacros {
    entries: HashMap<String, Vec<(Cond, Option<i128>)>>,
}

impl Macros for FileMacros {
    fn defined(&self, name: &str) -> Option<Cond> {
        let entries = self.entries.get(name)?;
        Some(entries.iter().fold(Cond::Never, |acc, (c, _)| acc.or(*c)))
    }

    fn truth(&self, name: &str) -> Option<Cond> {
        let entries = self.entries.get(name)?;
        if entries.iter().any(|(_, value)| value.is_none()) {
            return None;
        }
        Some(
            entries
                .iter()
                .filter(|(_, value)| *value != Some(0))
                .fold(Cond::Never, |acc, (c, _)| acc.or(*c)),
        )
    }
}

/// What the whole file offers the statements: string macros, comments,
/// asm nodes and macro bodies that contain asm.
struct FileFacts<'t> {
    asm_nodes: Vec<(Node<'t>, Ancestry<'t>)>,
    /// `#define NAME "..."`: the decoded string.
    string_macros: HashMap<String, MappedText>,
    /// `static constexpr char NAME[] = "..."`: for `C` operands.
    string_constants: HashMap<String, MappedText>,
    /// Bodies of `#define`s that mention asm, with the conditions around
    /// the definition.
    macro_bodies: Vec<(Range<usize>, Cond, Vec<String>)>,
    comments: Vec<Range<usize>>,
    /// The object-like macros and where they are defined.
    macros: FileMacros,
}

impl<'t> FileFacts<'t> {
    fn read(root: Node<'t>, text: &str) -> Self {
        let mut facts = FileFacts {
            asm_nodes: Vec::new(),
            string_macros: HashMap::new(),
            string_constants: HashMap::new(),
            macro_bodies: Vec::new(),
            comments: Vec::new(),
            macros: FileMacros::default(),
        };
        walk(root, |node, ancestry| {
            match node.kind() {
                "gnu_asm_expression" => {
                    facts.asm_nodes.push((node, ancestry.clone()));
                    return false;
                }
                "comment" => facts.comments.push(node.byte_range()),
                "preproc_def" | "preproc_function_def" => {
                    // In source order, so a definition's guard can use the
                    // macros defined before it.
                    let (cond, written) = preprocessor_guard(node, ancestry, text, &facts.macros);
                    if node.kind() == "preproc_def"
                        && let Some(name) = node.child_by_field_name("name")
                    {
                        let value = node
                            .child_by_field_name("value")
                            .map_or(Some(1), |v| integer_value(&text[v.byte_range()]));
                        facts
                            .macros
                            .entries
                            .entry(text[name.byte_range()].to_string())
                            .or_default()
                            .push((cond, value));
                    }
                    if let Some(value) = node.child_by_field_name("value") {
                        let body = &text[value.byte_range()];
                        if node.kind() == "preproc_def"
                            && let Some(name) = node.child_by_field_name("name")
                            && let Some(decoded) = string_sequence(body, value.start_byte())
                        {
                            facts.string_macros.insert(text[name.byte_range()].to_string(), decoded);
                        }
                        if body.contains("asm") {
                            facts.macro_bodies.push((value.byte_range(), cond, written));
                        }
                    }
                }
                "init_declarator" => {
                    if let (Some(declarator), Some(value)) = (
                        node.child_by_field_name("declarator"),
                        node.child_by_field_name("value"),
                    ) && declarator.kind() == "array_declarator"
                        && let Some(name) = declarator.child_by_field_name("declarator")
                        && let Ok(decoded) = literal_node(value, text)
                    {
                        facts
                            .string_constants
                            .insert(text[name.byte_range()].to_string(), decoded);
                    }
                }
                _ => {}
            }
            true
        });
        facts
    }
}

/// A macro body that is one or more string literals.
fn string_sequence(body: &str, start: usize) -> Option<MappedText> {
    let trimmed = body.trim();
    if !trimmed.starts_with('"') && !trimmed.starts_with("R\"") {
        return None;
    }
    const PREFIX: &str = "int x = ";
    let text = format!("{PREFIX}{trimmed};");
    let tree = cpp::parse(&text);
    let value = cpp::descendants_of_kind(tree.root_node(), "init_declarator")
        .first()?
        .child_by_field_name("value")?;
    let shift = start + (body.len() - body.trim_start().len());
    let mut decoded = literal_node(value, &text).ok()?;
    for origin in &mut decoded.origins {
        *origin = origin.start - PREFIX.len() + shift..origin.end - PREFIX.len() + shift;
    }
    Some(decoded)
}

/// Decodes a `string_literal`, `raw_string_literal` or `concatenated_string`
/// of string literals only.
fn literal_node(node: Node<'_>, text: &str) -> Result<MappedText, String> {
    let mut out = MappedText::default();
    let pieces: Vec<Node<'_>> = if node.kind() == "concatenated_string" {
        let mut cursor = node.walk();
        node.named_children(&mut cursor).collect()
    } else {
        vec![node]
    };
    for piece in pieces {
        match piece.kind() {
            "string_literal" | "raw_string_literal" => {
                let decoded = decode_literal(&text[piece.byte_range()], piece.start_byte())
                    .map_err(|_| text[piece.byte_range()].to_string())?;
                out.extend(&decoded);
            }
            _ => return Err(text[piece.byte_range()].to_string()),
        }
    }
    Ok(out)
}

/// Reads statements out of one parsed text, which starts at `offset` in the
/// file.
struct Reader<'a, 't> {
    text: &'a str,
    file: &'a FileFacts<'t>,
    /// Added to an offset in `text` to get the offset in the file.
    delta: isize,
    /// Whether `text` is a macro body parsed on its own.
    in_macro: bool,
}

impl Reader<'_, '_> {
    fn src(&self, node: Node<'_>) -> &str {
        &self.text[node.byte_range()]
    }

    /// The file offset of an offset in the parsed text.
    fn at(&self, offset: usize) -> usize {
        offset.saturating_add_signed(self.delta)
    }

    fn span(&self, node: Node<'_>) -> Range<usize> {
        self.at(node.start_byte())..self.at(node.end_byte())
    }

    /// The template: string literals joined, string macros of the file
    /// substituted. Read from the text between `asm(` and the first `:`
    /// (tree-sitter-cpp splits a concatenation that starts with a literal
    /// followed by a macro name).
    fn template(&self, range: Range<usize>) -> Result<MappedText, SkipReason> {
        let mut out = MappedText::default();
        for token in template_tokens(self.text, range) {
            let written = &self.text[token.range.clone()];
            match token.kind {
                TokenKind::Literal => {
                    let decoded =
                        decode_literal(written, self.at(token.range.start)).map_err(|_| SkipReason::Malformed)?;
                    out.extend(&decoded);
                }
                TokenKind::Identifier => match self.file.string_macros.get(written) {
                    Some(decoded) => out.extend(decoded),
                    None => return Err(SkipReason::TemplateNotLiteral(written.to_string())),
                },
                TokenKind::Other => return Err(SkipReason::TemplateNotLiteral(written.to_string())),
            }
        }
        Ok(out)
    }

    /// The text between the `(` after `asm` and the first `:` or the
    /// closing `)`.
    fn template_range(&self, node: Node<'_>) -> Option<Range<usize>> {
        let mut cursor = node.walk();
        let mut start = None;
        for child in node.children(&mut cursor) {
            match (start, child.kind()) {
                (None, "(") => start = Some(child.end_byte()),
                (
                    Some(s),
                    ":"
                    | "::"
                    | ")"
                    | "gnu_asm_output_operand_list"
                    | "gnu_asm_input_operand_list"
                    | "gnu_asm_clobber_list"
                    | "gnu_asm_goto_list",
                ) => return Some(s..child.start_byte()),
                _ => {}
            }
        }
        None
    }

    fn string(&self, node: Node<'_>) -> Option<MappedText> {
        let mut decoded = literal_node(node, self.text).ok()?;
        for origin in &mut decoded.origins {
            *origin = self.at(origin.start)..self.at(origin.end);
        }
        Some(decoded)
    }

    fn statement<'t>(
        &self,
        node: Node<'t>,
        ancestry: &Ancestry<'t>,
        extra: Cond,
        extra_text: Vec<String>,
        macro_guard: Option<(Cond, Vec<String>)>,
    ) -> Result<AsmStatement, SkipReason> {
        let code = self.template_range(node).ok_or(SkipReason::Malformed)?;
        let mut volatile = false;
        let mut keyword = self.span(node);
        let mut cursor = node.walk();
        for (i, child) in node.children(&mut cursor).enumerate() {
            if i == 0 {
                keyword = self.span(child);
            }
            if child.kind() == "gnu_asm_qualifier"
                && matches!(self.src(child), "volatile" | "__volatile__" | "__volatile")
            {
                volatile = true;
            }
        }
        let mut operands = Vec::new();
        for (list_field, output) in [("output_operands", true), ("input_operands", false)] {
            let Some(list) = node.child_by_field_name(list_field) else {
                continue;
            };
            for operand in listed_operands(list) {
                operands.push(self.operand(operand, operands.len(), output)?);
            }
        }
        let mut clobbers = Vec::new();
        if let Some(list) = node.child_by_field_name("clobbers") {
            let mut cursor = list.walk();
            for clobber in list.children_by_field_name("register", &mut cursor) {
                let text = self.string(clobber).map(|d| d.text).unwrap_or_default();
                clobbers.push(Clobber {
                    text,
                    span: self.span(clobber),
                });
            }
        }
        let (mut guard, mut guard_text) = preprocessor_guard(node, ancestry, self.text, &self.file.macros);
        guard = guard.and(extra);
        guard_text.extend(extra_text);
        if let Some((cond, text)) = macro_guard {
            guard = guard.and(cond);
            guard_text.extend(text);
        }
        let (nv_cond, nv_text) = self.nv_target_guard(node, ancestry);
        guard = guard.and(nv_cond);
        guard_text.extend(nv_text);
        if guard == Cond::Never {
            return Err(SkipReason::Host);
        }
        let template = self.template(code.clone())?;
        for operand in &operands {
            if operand.constraint.kind == OperandKind::String && operand.string.is_none() {
                return Err(SkipReason::StringOperand(operand.index));
            }
        }
        let extended = !operands.is_empty();
        let sections = count_sections(self.text, code.end..node.end_byte());
        let mut statement = AsmStatement {
            span: self.span(node),
            keyword,
            volatile,
            template,
            template_span: self.at(code.start)..self.at(code.end),
            operands,
            clobbers,
            extended,
            sections,
            guard,
            guard_text,
            context: Context::Device,
            in_macro: self.in_macro,
            function: (!self.in_macro)
                .then(|| {
                    ancestry
                        .upwards()
                        .find(|(n, _)| matches!(n.kind(), "function_definition" | "lambda_expression"))
                        .map(|(n, _)| self.span(n))
                })
                .flatten(),
            carried: Vec::new(),
        };
        statement.context = self.context(ancestry, &statement)?;
        Ok(statement)
    }

    fn operand(&self, node: Node<'_>, index: usize, output: bool) -> Result<Operand, SkipReason> {
        let constraint_node = node.child_by_field_name("constraint").ok_or(SkipReason::Malformed)?;
        let constraint_text = self.string(constraint_node).ok_or(SkipReason::Malformed)?.text;
        let constraint = Constraint::parse(&constraint_text);
        let value = node.child_by_field_name("value");
        let value_text = value.map(|v| self.src(v).to_string()).unwrap_or_default();
        let immediate = (constraint.kind == OperandKind::Immediate)
            .then(|| integer_value(&value_text))
            .flatten();
        let string = (constraint.kind == OperandKind::String)
            .then(|| {
                self.file
                    .string_constants
                    .get(value_text.trim().trim_start_matches('&'))
                    .cloned()
            })
            .flatten();
        Ok(Operand {
            index,
            output,
            name: node.child_by_field_name("symbol").map(|s| self.src(s).to_string()),
            constraint,
            constraint_span: self.span(constraint_node),
            value: value_text,
            value_span: value.map_or(self.span(node), |v| self.span(v)),
            immediate,
            string,
        })
    }

    /// `NV_IF_TARGET(q, (then))`, `NV_IF_ELSE_TARGET(q, (then), (else))`,
    /// `NV_DISPATCH_TARGET(q1, (b1), q2, (b2), ...)` around `node`.
    fn nv_target_guard(&self, node: Node<'_>, ancestry: &Ancestry<'_>) -> (Cond, Vec<String>) {
        let mut cond = Cond::always();
        let mut written = Vec::new();
        for (ancestor, _) in ancestry.upwards() {
            if ancestor.kind() == "call_expression"
                && let Some(function) = ancestor.child_by_field_name("function")
                && let Some(arguments) = ancestor.child_by_field_name("arguments")
            {
                let name = self.src(function);
                if matches!(name, "NV_IF_TARGET" | "NV_IF_ELSE_TARGET" | "NV_DISPATCH_TARGET") {
                    let args = split_arguments(self.text, arguments.byte_range());
                    let at = node.start_byte();
                    if let Some(position) = args.iter().position(|a| a.contains(&at)) {
                        let query = |k: usize| args.get(k).map(|r| self.text[r.clone()].trim()).unwrap_or("");
                        let (c, text) = if name == "NV_DISPATCH_TARGET" {
                            if position % 2 == 1 {
                                let mut c = guard::nv_target_query(query(position - 1));
                                for earlier in (0..position - 1).step_by(2) {
                                    c = c.and(guard::nv_target_query(query(earlier)).negate());
                                }
                                (c, query(position - 1).to_string())
                            } else {
                                (Cond::always(), String::new())
                            }
                        } else if position == 1 {
                            (guard::nv_target_query(query(0)), query(0).to_string())
                        } else if position == 2 {
                            (guard::nv_target_query(query(0)).negate(), format!("not {}", query(0)))
                        } else {
                            (Cond::always(), String::new())
                        };
                        cond = cond.and(c);
                        if !text.is_empty() {
                            written.push(format!("{name}({text})"));
                        }
                    }
                }
            }
        }
        (cond, written)
    }

    /// Whether the statement is device code: by its guard, its function's
    /// qualifiers, or (when nothing says) its template.
    fn context(&self, ancestry: &Ancestry<'_>, statement: &AsmStatement) -> Result<Context, SkipReason> {
        if let Cond::Within(g) = statement.guard
            && g.device
        {
            return Ok(Context::Device);
        }
        match self.function_qualifiers(ancestry) {
            Qualifiers::Device => return Ok(Context::Device),
            Qualifiers::Host => return Err(SkipReason::Host),
            Qualifiers::Unknown => {}
        }
        if statement.is_empty_template() || crate::looks_like_ptx(&statement.template.text) {
            Ok(Context::Inferred)
        } else {
            Err(SkipReason::NotPtx)
        }
    }

    fn function_qualifiers(&self, ancestry: &Ancestry<'_>) -> Qualifiers {
        if self.in_macro {
            return Qualifiers::Unknown;
        }
        for (ancestor, previous_sibling) in ancestry.upwards() {
            if matches!(ancestor.kind(), "function_definition" | "lambda_expression") {
                let body_start = ancestor
                    .child_by_field_name("body")
                    .map_or(ancestor.end_byte(), |b| b.start_byte());
                // The qualifiers may sit in an ERROR node just before the
                // definition (`__device__` is not C++).
                let mut start = ancestor.start_byte();
                if let Some(previous) = previous_sibling
                    && previous.kind() == "ERROR"
                {
                    start = previous.start_byte();
                }
                let header = &self.text[start..body_start];
                let found = header_qualifiers(header);
                if found != Qualifiers::Unknown || ancestor.kind() == "function_definition" {
                    if found == Qualifiers::Unknown && ancestor.kind() == "function_definition" {
                        return if has_macro_words(header) {
                            Qualifiers::Unknown
                        } else {
                            Qualifiers::Host
                        };
                    }
                    return found;
                }
            }
        }
        Qualifiers::Unknown
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Qualifiers {
    Device,
    Host,
    Unknown,
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
}

fn header_qualifiers(header: &str) -> Qualifiers {
    let mut host = false;
    for word in words(header) {
        match word {
            "__device__" | "__global__" => return Qualifiers::Device,
            "__host__" => host = true,
            w if w.contains("DEVICE") => return Qualifiers::Device,
            _ => {}
        }
    }
    if host { Qualifiers::Host } else { Qualifiers::Unknown }
}

/// Whether a function header has upper-case macro words (`_CCCL_API`,
/// `CUTLASS_HOST_DEVICE`) whose meaning is defined elsewhere.
fn has_macro_words(header: &str) -> bool {
    words(header).any(|w| {
        w.len() >= 3
            && w.chars().any(|c| c.is_ascii_uppercase())
            && w.chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    })
}

/// The value of an integer literal expression: `16`, `-1`, `0x10u`,
/// `(int)4`, `int32_t(1)`.
pub(crate) fn integer_value(text: &str) -> Option<i128> {
    let mut t = text.trim();
    loop {
        // `(value)` and `(type)value`.
        if t.starts_with('(')
            && let Some(close) = matching_paren(t)
        {
            t = if close + 1 == t.len() {
                t[1..close].trim()
            } else {
                t[close + 1..].trim()
            };
            continue;
        }
        // `type(value)`.
        if let Some(open) = t.find('(')
            && t.ends_with(')')
            && t[..open]
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
        {
            t = t[open + 1..t.len() - 1].trim();
            continue;
        }
        break;
    }
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest.trim()),
        None => (false, t),
    };
    let digits = digits.trim_end_matches(['u', 'U', 'l', 'L']).replace('\'', "");
    let value = if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        i128::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = digits.strip_prefix("0b").or_else(|| digits.strip_prefix("0B")) {
        i128::from_str_radix(bin, 2).ok()?
    } else if digits.len() > 1 && digits.starts_with('0') {
        i128::from_str_radix(&digits[1..], 8).ok()?
    } else {
        digits.parse().ok()?
    };
    Some(if negative { -value } else { value })
}

/// The index of the `)` that closes the `(` at the start of `text`.
fn matching_paren(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Statements written in a macro body: the body is parsed on its own as a
/// function body, its offsets shifted back into the file; the conditions
/// around the `#define` apply to every expansion.
fn macro_statements(
    text: &str,
    body: Range<usize>,
    (cond, written): (Cond, Vec<String>),
    file: &FileFacts<'_>,
    out: &mut Extraction,
) {
    const PREFIX: &str = "void __ptxlint_macro() {";
    let snippet = format!("{PREFIX}{};}}", &text[body.clone()]);
    let tree = cpp::parse(&snippet);
    let mut nodes = Vec::new();
    walk(tree.root_node(), |node, ancestry| {
        if node.kind() == "gnu_asm_expression" {
            nodes.push((node, ancestry.clone()));
            return false;
        }
        true
    });
    let reader = Reader {
        text: &snippet,
        file,
        delta: body.start as isize - PREFIX.len() as isize,
        in_macro: true,
    };
    for (node, ancestry) in nodes {
        match reader.statement(
            node,
            &ancestry,
            Cond::always(),
            Vec::new(),
            Some((cond, written.clone())),
        ) {
            Ok(statement) => out.statements.push(statement),
            Err(reason) => out.skipped.push(Skipped {
                span: reader.span(node),
                reason,
            }),
        }
    }
}

/// The operands of an output or input operand list, in order. Operands written without the
/// comma between them (`"r"(a) "l"(b)`, which nvcc takes as two operands) are there too:
/// tree-sitter-cpp wraps all but the last of such a run in an `ERROR` node, which counts when
/// it holds operands alone.
fn listed_operands(list: Node<'_>) -> Vec<Node<'_>> {
    let is_operand = |n: &Node<'_>| matches!(n.kind(), "gnu_asm_output_operand" | "gnu_asm_input_operand");
    let mut out = Vec::new();
    let mut cursor = list.walk();
    for child in list.named_children(&mut cursor) {
        if is_operand(&child) {
            out.push(child);
        } else if child.kind() == "ERROR" {
            let mut inner = child.walk();
            let held: Vec<Node<'_>> = child.named_children(&mut inner).collect();
            if !held.is_empty() && held.iter().all(is_operand) {
                out.extend(held);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_values() {
        assert_eq!(integer_value("16"), Some(16));
        assert_eq!(integer_value("(int32_t)(-1)"), Some(-1));
        assert_eq!(integer_value("int32_t(0x10u)"), Some(16));
        assert_eq!(integer_value("1'000"), Some(1000));
        assert_eq!(integer_value("Size"), None);
        assert_eq!(integer_value("010"), Some(8));
    }

    #[test]
    fn reads_operands_clobbers_and_qualifiers() {
        let text = r#"__device__ void f(int* p, int x) {
  asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(x) : "memory");
}"#;
        let found = extract(text);
        let s = &found.statements[0];
        assert!(s.volatile && s.extended && s.clobbers_memory());
        assert_eq!(s.operands.len(), 2);
        assert_eq!(s.operands[1].constraint.text, "r");
        assert_eq!(&text[s.operands[0].value_span.clone()], "p");
        assert_eq!(s.context, Context::Device);
        let byte = s.template.text.find("%1").unwrap();
        assert_eq!(&text[s.template.origins[byte].clone()], "%");
    }

    #[test]
    fn operands_written_without_a_comma_are_two() {
        // nvcc takes `"r"(a) "l"(b)` as two operands (CUTLASS's tcgen05.cp copies).
        let text = r#"__device__ void f(unsigned a, unsigned long b, int* p, int x) {
  asm volatile("tcgen05.cp.cta_group::1.128x256b [%0], %1;" :: "r"(a)  "l"(b));
  asm volatile("st.global.u32 [%0], %1;" :: "l"(p) "r"(x), "n"(4) : "memory");
}"#;
        let found = extract(text);
        let values: Vec<Vec<&str>> = found
            .statements
            .iter()
            .map(|s| s.operands.iter().map(|o| o.value.as_str()).collect())
            .collect();
        assert_eq!(values, [vec!["a", "b"], vec!["p", "x", "4"]]);
        assert_eq!(found.statements[1].operands[2].index, 2);
    }

    #[test]
    fn guards_and_host_code() {
        let text = r#"
__device__ void f(int x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(x));
#else
  asm volatile("mov.u32 %0, 0;" : "=r"(x));
#endif
}
void host() { asm("cpuid"); }
#ifndef __CUDA_ARCH__
__host__ __device__ void g() { asm("pause"); }
#endif
"#;
        let found = extract(text);
        assert_eq!(found.statements.len(), 2, "{:?}", found.skipped);
        let Cond::Within(g) = found.statements[0].guard else {
            panic!()
        };
        assert_eq!(g.arch.lo, Some(800));
        let Cond::Within(g) = found.statements[1].guard else {
            panic!()
        };
        assert_eq!(g.arch.hi, Some(800));
        assert_eq!(found.skipped.len(), 2);
        assert!(found.skipped.iter().all(|s| s.reason == SkipReason::Host));
    }

    #[test]
    fn macros_defined_in_the_file_carry_their_conditions() {
        let text = r#"
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define BARRIER_ENABLED 1
#else
#define BARRIER_ENABLED 0
#endif
#if (defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 800))
#  define CP_ASYNC_ENABLED
#endif
__device__ void f() {
#if BARRIER_ENABLED
  asm volatile("barrier.cluster.arrive;" ::: "memory");
#elif defined(CP_ASYNC_ENABLED)
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
}"#;
        let found = extract(text);
        let Cond::Within(g) = found.statements[0].guard else {
            panic!()
        };
        assert_eq!(g.arch.lo, Some(900), "{:?}", found.statements[0].guard_text);
        let Cond::Within(g) = found.statements[1].guard else {
            panic!()
        };
        assert_eq!(g.arch.lo, Some(800));
    }

    #[test]
    fn conditionals_inside_the_argument_list() {
        let text = r#"__device__ void f(int x) {
  asm volatile(
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
    "add.s32 %0, %0, 1;"
#else
    "add.s32 %0, %0, 2;"
#endif
    : "+r"(x));
}"#;
        let found = extract(text);
        assert_eq!(found.statements.len(), 2);
        assert!(found.statements[0].template.text.ends_with("1;"));
        assert!(found.statements[1].template.text.ends_with("2;"));
        let Cond::Within(g) = found.statements[0].guard else {
            panic!()
        };
        assert_eq!(g.specific.map(|s| s.sm), Some(90));
    }

    #[test]
    fn macros_nv_target_and_string_macros() {
        let text = r#"#define PREFETCH ".L2::128B"
#define CP(dst, src) asm volatile("cp.async.ca.shared.global" PREFETCH " [%0], [%1], 16;" :: "r"(dst), "l"(src) : "memory")
_CCCL_DEVICE void f() {
  NV_IF_ELSE_TARGET(NV_PROVIDES_SM_90,
    (asm volatile("barrier.cluster.arrive;" : : : "memory");),
    (asm volatile("bar.sync 0;" : : : "memory");));
}"#;
        let found = extract(text);
        assert_eq!(found.statements.len(), 3, "{:?}", found.skipped);
        let cp = &found.statements[0];
        assert!(cp.in_macro);
        assert_eq!(cp.template.text, "cp.async.ca.shared.global.L2::128B [%0], [%1], 16;");
        let at = cp.template.text.find("[%0]").unwrap();
        assert_eq!(&text[cp.template.origins[at].clone()], "[");
        let Cond::Within(g) = found.statements[1].guard else {
            panic!()
        };
        assert_eq!(g.arch.lo, Some(900));
        let Cond::Within(g) = found.statements[2].guard else {
            panic!()
        };
        assert_eq!(g.arch.hi, Some(900));
    }
}
