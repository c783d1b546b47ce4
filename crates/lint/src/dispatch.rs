//! How the engine finds the matches of the rules' queries without running the query cursor
//! over the whole tree (a cursor visits every node, about twice the cost of a plain walk).
//!
//! The `.scm` files stay the rules' declarations; only the execution changes. When the
//! rules' queries are compiled, each pattern is sorted by its shape:
//! - a *node pattern* is one node kind, or an alternation of node kinds, with one capture
//!   and nothing else (`[(instruction) (call_instruction)] @instruction`): its matches are
//!   the nodes of those kinds, found by the walk;
//! - a *rooted pattern* starts at one named node kind (or an alternation of them) and may
//!   say anything below it (fields, children, predicates): it runs with a query cursor of
//!   its own at each node of its root kinds, at depth 0 only, so the cursor visits only the
//!   nodes the pattern's steps reach below that root.
//!
//! The walk goes down only into nodes whose kind can contain (per `node-types.json`) a kind
//! some pattern starts at, and into any node that holds a syntax error (an `ERROR` node may
//! hold anything): the operands of instructions, most of a tree, are never visited.
//!
//! A pattern of any other shape (a sibling sequence, a wildcard or supertype root, a
//! quantifier at its root, a root at `source_file`, whose matches would span top-level
//! items) makes the engine fall back to the query cursor over the whole tree for every
//! pattern; a test keeps the registered rules off that path.

use ptxkit_syntax::tree_sitter::{Language, Node, Query, QueryCursor, StreamingIterator};

/// One match: the pattern index in the combined query, and its captures as (capture
/// index, node) with the capture names to read them.
pub(crate) struct Found<'t, 'c> {
    /// The pattern index in the combined query (see [`Plan::new`]).
    pub pattern: usize,
    /// The names of the capture indices in `captures`.
    pub names: &'static [&'static str],
    /// The captured nodes.
    pub captures: &'c [(u32, Node<'t>)],
}

/// How the engine runs the combined query's patterns (see the module documentation).
pub(crate) struct Plan {
    /// By node kind id: the node patterns matching that kind, as (pattern index in the
    /// combined query, capture index in it).
    by_kind: Vec<Vec<(usize, u32)>>,
    /// The rooted patterns compiled on their own, with the combined pattern index of each
    /// and their capture names; `None` when there are none.
    rooted: Option<Rooted>,
    /// By node kind id: whether some rooted pattern starts at that kind.
    roots: Vec<bool>,
    /// By node kind id: whether some rooted pattern starts at nodes of that kind that can
    /// contain (per `node-types.json`) another node the same pattern starts at.
    nests: Vec<bool>,
    /// By node kind id: whether a node of that kind can contain a node some pattern
    /// starts at (ids past the end, such as `ERROR`'s, are gone into).
    descend: Vec<bool>,
    /// The combined query's capture names (a node pattern's capture is one of them).
    names: &'static [&'static str],
}

struct Rooted {
    query: Query,
    /// The combined query's index of each of `query`'s patterns.
    combined: Vec<usize>,
    names: &'static [&'static str],
}

/// The shape of one pattern's text.
#[derive(Debug, PartialEq)]
enum Shape {
    /// Node kinds with one capture.
    Node { kinds: Vec<String>, capture: String },
    /// A pattern whose root is one of these named node kinds.
    Rooted { roots: Vec<String> },
    /// Anything else.
    Other,
}

impl Plan {
    /// The plan for `query` (every pattern's text is read back from `source`, the text
    /// `query` was compiled from), or `None` when some pattern needs the query cursor over
    /// the whole tree.
    pub(crate) fn new(
        language: &Language,
        query: &Query,
        names: &'static [&'static str],
        source: &str,
        node_types: &str,
    ) -> Option<Plan> {
        let kinds = language.node_kind_count();
        let ids_of = |name: &str| -> Vec<usize> {
            (0..kinds)
                .filter(|&id| {
                    let id = id as u16;
                    language.node_kind_is_named(id)
                        && language.node_kind_is_visible(id)
                        && language.node_kind_for_id(id) == Some(name)
                })
                .collect()
        };
        let containment = Containment::new(node_types)?;
        let mut by_kind: Vec<Vec<(usize, u32)>> = vec![Vec::new(); kinds];
        let mut roots = vec![false; kinds];
        let mut targets: Vec<String> = Vec::new();
        let mut nesting_roots: Vec<String> = Vec::new();
        let mut rooted_source = String::new();
        let mut rooted_combined = Vec::new();
        for pattern in 0..query.pattern_count() {
            let text = source.get(query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern))?;
            match shape(text) {
                Shape::Node { kinds: names, capture } => {
                    let capture = query.capture_index_for_name(&capture)?;
                    for name in &names {
                        let ids = ids_of(name);
                        if ids.is_empty() || name == "source_file" {
                            return None;
                        }
                        for id in ids {
                            by_kind[id].push((pattern, capture));
                        }
                    }
                    targets.extend(names);
                }
                Shape::Rooted { roots: names } => {
                    for name in &names {
                        let ids = ids_of(name);
                        if ids.is_empty() || name == "source_file" {
                            return None;
                        }
                        for id in ids {
                            roots[id] = true;
                        }
                    }
                    let containers = containment.containers_of(&names);
                    nesting_roots.extend(names.iter().filter(|name| containers.contains(name)).cloned());
                    targets.extend(names);
                    rooted_source.push_str(text);
                    rooted_source.push('\n');
                    rooted_combined.push(pattern);
                }
                Shape::Other => return None,
            }
        }
        let rooted = if rooted_combined.is_empty() {
            None
        } else {
            let query = Query::new(language, &rooted_source).ok()?;
            if query.pattern_count() != rooted_combined.len() {
                return None;
            }
            // Leaked once: the plan lives as long as the program (the engine's static).
            let names: Vec<&'static str> = query
                .capture_names()
                .iter()
                .map(|name| &*Box::leak(name.to_string().into_boxed_str()))
                .collect();
            let names: &'static [&'static str] = Box::leak(names.into_boxed_slice());
            Some(Rooted {
                query,
                combined: rooted_combined,
                names,
            })
        };
        let by_name = |named: Vec<String>| -> Vec<bool> {
            (0..kinds)
                .map(|id| {
                    let id = id as u16;
                    language
                        .node_kind_for_id(id)
                        .is_some_and(|name| named.iter().any(|c| c == name))
                })
                .collect()
        };
        let descend = by_name(containment.containers_of(&targets));
        let nests = by_name(nesting_roots);
        Some(Plan {
            by_kind,
            rooted,
            roots,
            nests,
            descend,
            names,
        })
    }

    /// Calls `found` with every match of the combined query under `root` whose nodes the
    /// query cursor with `range` as its byte range would see, in a preorder walk: at each
    /// node, its node patterns (in pattern order), then the rooted patterns starting there.
    ///
    /// Each pattern's matches come in the query cursor's order, which is the order they
    /// complete in: a match rooted at an outer node can complete after one rooted inside
    /// it. So at a root node that can hold other roots (by the grammar, or because it holds
    /// a syntax error and an `ERROR` node may hold anything), the rooted patterns run with
    /// one cursor over its whole subtree, which yields the nested matches in that order,
    /// and the roots inside it are not matched again.
    pub(crate) fn run<'t>(
        &self,
        root: Node<'t>,
        text: &'t str,
        range: Option<&std::ops::Range<usize>>,
        mut found: impl FnMut(Found<'t, '_>),
    ) {
        let mut query_cursor = QueryCursor::new();
        query_cursor.set_max_start_depth(Some(0));
        let mut subtree_cursor = QueryCursor::new();
        if let Some(range) = range {
            query_cursor.set_byte_range(range.clone());
            subtree_cursor.set_byte_range(range.clone());
        }
        // The root node whose whole subtree the subtree cursor has matched, if any.
        let mut matched_subtree: Option<Node<'t>> = None;
        ptxkit_syntax::visit_pruned(root, |node| {
            let outside = range.is_some_and(|r| node.start_byte() >= r.end || node.end_byte() < r.start);
            if !outside {
                let kind = usize::from(node.kind_id());
                if let Some(patterns) = self.by_kind.get(kind) {
                    for &(pattern, capture) in patterns {
                        found(Found {
                            pattern,
                            names: self.names,
                            captures: &[(capture, node)],
                        });
                    }
                }
                if let Some(rooted) = &self.rooted
                    && self.roots.get(kind).copied().unwrap_or(false)
                    && !matched_subtree.is_some_and(|outer| is_within(node, outer))
                {
                    let cursor = if node.has_error() || self.nests.get(kind).copied().unwrap_or(true) {
                        matched_subtree = Some(node);
                        &mut subtree_cursor
                    } else {
                        &mut query_cursor
                    };
                    let mut matches = cursor.matches(&rooted.query, node, text.as_bytes());
                    while let Some(one) = matches.next() {
                        let captures: smallvec::SmallVec<[(u32, Node<'t>); 2]> =
                            one.captures().iter().map(|c| (c.index, c.node)).collect();
                        found(Found {
                            pattern: rooted.combined[one.pattern_index],
                            names: rooted.names,
                            captures: &captures,
                        });
                    }
                }
            }
            !outside && (self.descend.get(usize::from(node.kind_id())).copied().unwrap_or(true) || node.has_error())
        });
    }
}

/// Whether `node` is `outer` or lies inside it.
fn is_within(node: Node<'_>, outer: Node<'_>) -> bool {
    if node.start_byte() < outer.start_byte() || node.end_byte() > outer.end_byte() {
        return false;
    }
    // A node of zero width at `outer`'s end may be its next sibling: ask the ancestors.
    let mut at = Some(node);
    while let Some(next) = at {
        if next == outer {
            return true;
        }
        if next.start_byte() < outer.start_byte() {
            return false;
        }
        at = next.parent();
    }
    false
}

/// Which node kinds can hold which as children, from the grammar's `node-types.json`.
struct Containment {
    /// Each named kind's possible named children (fields and unnamed-field children),
    /// supertypes expanded into their subtypes.
    children: std::collections::HashMap<String, Vec<String>>,
}

impl Containment {
    /// The containment of `node_types`; `None` when it cannot be read.
    fn new(node_types: &str) -> Option<Containment> {
        let types: serde_json::Value = serde_json::from_str(node_types).ok()?;
        let types = types.as_array()?;
        let name_of = |t: &serde_json::Value| -> Option<(String, bool)> {
            Some((t.get("type")?.as_str()?.to_string(), t.get("named")?.as_bool()?))
        };
        // Supertypes stand for their subtypes.
        let mut subtypes: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
        for entry in types {
            if let (Some((name, _)), Some(list)) = (name_of(entry), entry.get("subtypes").and_then(|s| s.as_array())) {
                subtypes.insert(name, list.iter().filter_map(name_of).map(|(n, _)| n).collect());
            }
        }
        let expand = |name: &str| -> Vec<String> {
            let mut out = Vec::new();
            let mut todo = vec![name.to_string()];
            while let Some(next) = todo.pop() {
                match subtypes.get(&next) {
                    Some(list) => todo.extend(list.iter().cloned()),
                    None => out.push(next),
                }
            }
            out
        };
        let mut children: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
        for entry in types {
            let Some((name, true)) = name_of(entry) else { continue };
            let mut lists: Vec<&serde_json::Value> = Vec::new();
            if let Some(fields) = entry.get("fields").and_then(|f| f.as_object()) {
                lists.extend(fields.values());
            }
            if let Some(list) = entry.get("children") {
                lists.push(list);
            }
            let mut kinds = Vec::new();
            for list in lists {
                for t in list.get("types").and_then(|t| t.as_array()).into_iter().flatten() {
                    if let Some((child, true)) = name_of(t) {
                        kinds.extend(expand(&child));
                    }
                }
            }
            children.insert(name, kinds);
        }
        Some(Containment { children })
    }

    /// The node kinds (names) that can contain, at any depth, a node of one of `targets`'
    /// kinds.
    fn containers_of(&self, targets: &[String]) -> Vec<String> {
        // Fixpoint: a kind contains a target if a child is one or contains one.
        let mut containers: std::collections::HashSet<String> = std::collections::HashSet::new();
        loop {
            let before = containers.len();
            for (name, kinds) in &self.children {
                if !containers.contains(name)
                    && kinds
                        .iter()
                        .any(|k| targets.iter().any(|t| t == k) || containers.contains(k))
                {
                    containers.insert(name.clone());
                }
            }
            if containers.len() == before {
                break;
            }
        }
        containers.into_iter().collect()
    }
}

/// The shape of a pattern's text (comments and whitespace aside).
fn shape(text: &str) -> Shape {
    let tokens = tokens(text);
    // Captures after a root (`@name`), and nothing else, to the end.
    let captures_to_end = |from: usize| -> Option<Vec<&str>> {
        tokens[from..]
            .iter()
            .map(|t| t.strip_prefix('@').filter(|name| !name.is_empty()))
            .collect()
    };
    let is_kind = |t: &str| {
        t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && t.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && t != "ERROR"
            && t != "MISSING"
    };
    // `(kind ...)` at `at`: the kind and the index after its closing parenthesis.
    let node_at = |at: usize| -> Option<(&str, usize, bool)> {
        if tokens.get(at).copied() != Some("(") {
            return None;
        }
        let kind = tokens.get(at + 1).copied().filter(|t| is_kind(t))?;
        let mut depth = 0usize;
        for (i, t) in tokens.iter().enumerate().skip(at) {
            match *t {
                "(" | "[" => depth += 1,
                ")" | "]" => {
                    depth -= 1;
                    if depth == 0 {
                        return Some((kind, i + 1, i == at + 2));
                    }
                }
                _ => {}
            }
        }
        None
    };
    let mut kinds = Vec::new();
    let mut bare = true;
    let mut at;
    if tokens.first().copied() == Some("[") {
        at = 1;
        while tokens.get(at).copied() != Some("]") {
            let Some((kind, next, plain)) = node_at(at) else {
                return Shape::Other;
            };
            kinds.push(kind.to_string());
            bare &= plain;
            at = next;
            // Captures of one alternative make it more than a node kind.
            while tokens.get(at).is_some_and(|t| t.starts_with('@')) {
                bare = false;
                at += 1;
            }
        }
        at += 1;
    } else {
        let Some((kind, next, plain)) = node_at(0) else {
            return Shape::Other;
        };
        kinds.push(kind.to_string());
        bare = plain;
        at = next;
    }
    if kinds.is_empty() {
        return Shape::Other;
    }
    let Some(captures) = captures_to_end(at) else {
        return Shape::Other;
    };
    match (bare, captures.as_slice()) {
        (true, [capture]) => Shape::Node {
            kinds,
            capture: capture.to_string(),
        },
        _ => Shape::Rooted { roots: kinds },
    }
}

/// A query text's tokens: parentheses and brackets, strings, and runs of other characters;
/// comments (`;` to the end of the line) and whitespace dropped.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b';' {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if matches!(c, b'(' | b')' | b'[' | b']') {
            out.push(&text[i..i + 1]);
            i += 1;
        } else if c == b'"' {
            let start = i;
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
            out.push(&text[start..i]);
        } else {
            let start = i;
            while i < bytes.len()
                && !bytes[i].is_ascii_whitespace()
                && !matches!(bytes[i], b'(' | b')' | b'[' | b']' | b'"' | b';')
            {
                i += 1;
            }
            out.push(&text[start..i]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(kinds: &[&str], capture: &str) -> Shape {
        Shape::Node {
            kinds: kinds.iter().map(|k| k.to_string()).collect(),
            capture: capture.to_string(),
        }
    }

    fn rooted(roots: &[&str]) -> Shape {
        Shape::Rooted {
            roots: roots.iter().map(|k| k.to_string()).collect(),
        }
    }

    #[test]
    fn shapes_of_patterns() {
        assert_eq!(
            shape("; c\n(instruction) @instruction\n"),
            node(&["instruction"], "instruction")
        );
        assert_eq!(
            shape("[(instruction) (call_instruction)] @instruction ; x"),
            node(&["instruction", "call_instruction"], "instruction")
        );
        assert_eq!(
            shape("(variable_declaration state_space: (state_space) @s (#eq? @s \".tex\")) @d"),
            rooted(&["variable_declaration"])
        );
        assert_eq!(
            shape("[(variable_declaration type: (type) @t) (parameter_declaration type: (type) @t)]"),
            rooted(&["variable_declaration", "parameter_declaration"])
        );
        // A node kind without a capture, or with two, is not a node pattern.
        assert_eq!(shape("(instruction)"), rooted(&["instruction"]));
        assert_eq!(shape("(instruction) @a @b"), rooted(&["instruction"]));
        assert_eq!(
            shape("[(instruction) @a (label)] @b"),
            rooted(&["instruction", "label"])
        );
        // Shapes the walk cannot start: sequences, wildcards, quantifiers, strings, groups.
        for other in [
            "((instruction) @a (#eq? @a \"x\"))",
            "(_) @any",
            "(instruction)* @many",
            "(instruction)? @maybe",
            "\"ret\" @token",
            "(ERROR) @error",
            "(instruction) . (label)",
            "[(instruction) \"ret\"] @x",
        ] {
            assert_eq!(shape(other), Shape::Other, "{other}");
        }
    }

    /// Every match of `plan` (or of the query cursor over the whole tree), as the pattern
    /// and its captures' byte ranges, in the order found.
    fn matches_of(query: &Query, plan: Option<&Plan>, text: &str) -> Vec<(usize, Vec<std::ops::Range<usize>>)> {
        let parsed = ptxkit_syntax::parse(text);
        let mut out = Vec::new();
        match plan {
            Some(plan) => plan.run(parsed.root(), parsed.text(), None, |found| {
                out.push((found.pattern, found.captures.iter().map(|c| c.1.byte_range()).collect()))
            }),
            None => {
                let mut cursor = QueryCursor::new();
                let mut matches = cursor.matches(query, parsed.root(), parsed.text().as_bytes());
                while let Some(one) = matches.next() {
                    out.push((
                        one.pattern_index,
                        one.captures().iter().map(|c| c.node.byte_range()).collect(),
                    ));
                }
            }
        }
        out
    }

    /// A pattern whose root kind nests in itself by the grammar (blocks in blocks): the
    /// outer block's matches complete around the inner block's, and come in the cursor's
    /// order, each once.
    #[test]
    fn roots_that_nest_by_the_grammar_keep_the_cursors_order() {
        let source = "(block (instruction) @first (instruction) @second)\n(instruction) @any\n";
        let language = ptxkit_syntax::language();
        let query = Query::new(&language, source).unwrap();
        let names: Vec<&'static str> = query
            .capture_names()
            .iter()
            .map(|name| &*Box::leak(name.to_string().into_boxed_str()))
            .collect();
        let plan = Plan::new(
            &language,
            &query,
            Box::leak(names.into_boxed_slice()),
            source,
            ptxkit_syntax::node_types(),
        )
        .expect("both patterns run without the cursor over the tree");
        let text = ".version 7.8\n.target sm_80\n.entry k()\n{\n\tret;\n\t{\n\t\tret;\n\t\t{ ret; ret; }\n\t\tret;\n\t}\n\tret;\n}\n";
        let walked = matches_of(&query, Some(&plan), text);
        let cursor = matches_of(&query, None, text);
        let of = |all: &[(usize, Vec<std::ops::Range<usize>>)], pattern| -> Vec<Vec<std::ops::Range<usize>>> {
            all.iter().filter(|m| m.0 == pattern).map(|m| m.1.clone()).collect()
        };
        assert_eq!(of(&cursor, 0).len(), 3, "{cursor:?}");
        assert_eq!(of(&walked, 0), of(&cursor, 0));
        assert_eq!(of(&walked, 1), of(&cursor, 1));
    }

    #[test]
    fn containers_follow_fields_children_and_supertypes() {
        let types = r#"[
            {"type": "_statement", "named": true, "subtypes": [{"type": "instruction", "named": true}]},
            {"type": "source_file", "named": true, "fields": {}, "children": {"multiple": true, "required": false, "types": [{"type": "function_definition", "named": true}]}},
            {"type": "function_definition", "named": true, "fields": {"body": {"multiple": false, "required": false, "types": [{"type": "block", "named": true}]}}},
            {"type": "block", "named": true, "fields": {}, "children": {"multiple": true, "required": false, "types": [{"type": "_statement", "named": true}]}},
            {"type": "instruction", "named": true, "fields": {"operand": {"multiple": true, "required": false, "types": [{"type": "register", "named": true}]}}},
            {"type": "register", "named": true, "fields": {}}
        ]"#;
        let mut found = Containment::new(types)
            .unwrap()
            .containers_of(&["instruction".to_string()]);
        found.sort();
        assert_eq!(found, ["block", "function_definition", "source_file"]);
    }
}
