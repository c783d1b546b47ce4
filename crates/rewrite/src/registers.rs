//! Register declarations: which `.reg` names a scope declares and with which
//! type, including parameterized names (`%r<10>` declares `%r0` … `%r9`).

use std::collections::HashMap;

use ptxkit_syntax::ast::{Function, VariableDeclaration};
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, preorder};

/// The `.reg` declarations of a module: module scope and per function.
pub struct Registers<'a> {
    module: Scope<'a>,
    functions: HashMap<usize, Scope<'a>>,
}

#[derive(Default)]
struct Scope<'a> {
    plain: HashMap<&'a str, &'a str>,
    ranges: Vec<(&'a str, u64, &'a str)>,
}

impl<'a> Scope<'a> {
    fn lookup(&self, name: &str) -> Option<&'a str> {
        if let Some(ty) = self.plain.get(name) {
            return Some(ty);
        }
        self.ranges.iter().find_map(|(prefix, count, ty)| {
            let rest = name.strip_prefix(prefix)?;
            let digits_only = !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
            (digits_only && rest.parse::<u64>().is_ok_and(|i| i < *count)).then_some(*ty)
        })
    }

    fn add(&mut self, declaration: &VariableDeclaration<'a>) {
        let specifiers = declaration.specifiers();
        if specifiers.state_space() != Some(".reg") {
            return;
        }
        let Some(ty) = specifiers.type_name() else { return };
        for declarator in declaration.declarators() {
            match declarator.count() {
                Some(count) => self.ranges.push((declarator.name(), count, ty)),
                None => {
                    self.plain.insert(declarator.name(), ty);
                }
            }
        }
    }
}

impl<'a> Registers<'a> {
    /// Collects every `.reg` declaration of `parsed`.
    pub fn collect(parsed: &'a ParsedSource) -> Self {
        let text = parsed.text();
        let mut module = Scope::default();
        let mut functions: HashMap<usize, Scope<'a>> = HashMap::new();
        for node in preorder(parsed.root()) {
            let Some(declaration) = VariableDeclaration::cast(node, text) else {
                continue;
            };
            match function_of(node, text) {
                Some(function) => functions.entry(function).or_default().add(&declaration),
                None => module.add(&declaration),
            }
        }
        Registers { module, functions }
    }

    /// The declared type of register `name` as seen from `at` (a node inside a
    /// function, or at module scope).
    pub fn type_of(&self, at: Node<'_>, text: &str, name: &str) -> Option<&'a str> {
        function_of(at, text)
            .and_then(|f| self.functions.get(&f))
            .and_then(|scope| scope.lookup(name))
            .or_else(|| self.module.lookup(name))
    }
}

/// The start byte of the function that holds `node`, as a key.
fn function_of(node: Node<'_>, text: &str) -> Option<usize> {
    let mut current = node.parent();
    while let Some(n) = current {
        if Function::cast(n, text).is_some() {
            return Some(n.start_byte());
        }
        current = n.parent();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_types_of_plain_and_ranged_names() {
        let parsed = ptxkit_syntax::parse(
            ".version 7.8\n.target sm_80\n.reg .u32 g;\n.entry k()\n{\n.reg .b64 %rd<4>;\n.reg .f32 f;\nret;\n}\n",
        );
        let registers = Registers::collect(&parsed);
        let text = parsed.text();
        let ret = preorder(parsed.root()).find(|n| n.kind() == "instruction").unwrap();
        assert_eq!(registers.type_of(ret, text, "%rd3"), Some(".b64"));
        assert_eq!(registers.type_of(ret, text, "%rd4"), None);
        assert_eq!(registers.type_of(ret, text, "f"), Some(".f32"));
        assert_eq!(registers.type_of(ret, text, "g"), Some(".u32"));
    }
}
